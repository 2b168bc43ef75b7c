"""The Cannon Corps AIs: handed views only, always legal, seeded, cancellable."""
import random
import subprocess
import sys

import pytest

from tests.cannon_corps.corps_util import S0, S1, check_invariants, make
from games.cannon_corps.ai import EasyAI, HardAI, NormalAI, make_ai
from games.cannon_corps.belief import BeliefTracker
from games.cannon_corps.rules import SPACE_INDEX, CorpsView, Move, new_game
from games.core.ai import Cancelled, ThinkContext
from games.core.game import CHANCE


def play(levels, seed, check=None):
    n = len(levels)
    ais = [make_ai(lv, s, {}) for s, lv in enumerate(levels)]
    st = new_game({}, n)
    rng = random.Random(seed)
    rngs = [random.Random(f"{seed}:{s}") for s in range(n)]
    moves = []
    while not st.is_over():
        p = st.current_player()
        if p == CHANCE:
            st.apply(rng.choice(st.chance_outcomes())[0])
            continue
        view = st.view(p)
        move = ais[p].choose(view, ThinkContext(rng=rngs[p]))
        assert isinstance(move, Move)
        assert view.why_illegal(move) is None, (levels[p], move, view.pending)
        assert st.why_illegal(move) is None
        st.apply(move)
        moves.append(str(move))
        if check:
            check(st, ais)
    return st, moves


def test_make_ai_levels():
    for lv, cls in (("easy", EasyAI), ("normal", NormalAI), ("hard", HardAI)):
        ai = make_ai(lv, 0, {})
        assert isinstance(ai, cls) and ai.level == lv
    assert make_ai("random", 0, {}).level == "random"
    with pytest.raises(ValueError):
        make_ai("godlike", 0, {})


def test_ai_is_handed_the_view_not_the_state():
    st = make([S0, S1])
    for lv in ("easy", "normal", "hard"):
        ai = make_ai(lv, 0, {})
        with pytest.raises(TypeError, match="CorpsView"):
            ai.choose(st, ThinkContext())
        move = ai.choose(st.view(0), ThinkContext())
        assert move in st.legal_moves()
        with pytest.raises(ValueError, match="not this seat"):
            ai.choose(st.view(1), ThinkContext())


def test_ai_sees_only_views_during_a_game():
    """Every object an AI is handed is a CorpsView; the AI keeps no state object."""
    handed = []

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, view, ctx):
            handed.append(type(view))
            return self.inner.choose(view, ctx)

    st = new_game({}, 3)
    ais = [Spy(make_ai(lv, s, {})) for s, lv in enumerate(("easy", "normal", "hard"))]
    rng = random.Random(1)
    while not st.is_over():
        p = st.current_player()
        if p == CHANCE:
            st.apply(rng.choice(st.chance_outcomes())[0])
        else:
            st.apply(ais[p].choose(st.view(p), ThinkContext(rng=random.Random(p))))
    assert handed and set(handed) == {CorpsView}
    from tests.cannon_corps.test_corps_view import walk
    for spy in ais:
        for obj in walk(spy.inner).values():
            assert not hasattr(obj, "platoons") and type(obj).__name__ != "CorpsState"


@pytest.mark.parametrize("levels", [
    ("hard", "easy"), ("hard", "normal"), ("normal", "easy", "hard"),
    ("hard", "normal", "normal", "normal"), ("easy", "hard", "normal", "easy", "hard"),
    ("hard", "hard", "normal", "easy", "normal", "hard")])
def test_ai_returns_only_legal_moves(levels):
    for seed in range(2):
        st, _ = play(levels, seed, check=lambda st, ais: check_invariants(st))
        assert st.winner() is not None


def test_ai_is_deterministic_given_its_rng():
    _, a = play(("hard", "normal", "easy"), 5)
    _, b = play(("hard", "normal", "easy"), 5)
    assert a == b


def test_easy_keeps_its_dice_where_they_are():
    st = make([S0, S1], start=1)
    st.apply("fire d10 A4")                 # seat 0's d20 survives
    assert make_ai("easy", 0, {}).choose(st.view(0), ThinkContext()) == Move("stay", "d20")


def test_normal_runs_for_cover_and_fires_big_at_a_hit():
    st = make([S0, S1], start=1)
    st.apply("fire d10 A4")                 # seat 0's d20 survives
    m = make_ai("normal", 0, {}).choose(st.view(0), ThinkContext())
    assert m.kind == "cover"
    st2 = make([S0, S1])
    st2.apply("fire d6 B4")                 # seat 1's d20 survives with 14
    st2.apply("stay d20")
    st2.apply("fire d20 C1")                # seat 1's turn (a miss)
    m = make_ai("normal", 0, {}).choose(st2.view(0), ThinkContext())
    assert m == Move("fire", "d20", "B4")   # the biggest platoon at the space that answered Hit


def test_normal_saves_its_final_salvo():
    st = make([S0, S1])
    st.platoons[0]["d4"] = (SPACE_INDEX["A1"], 1)
    for i in range(5):
        m = make_ai("normal", 0, {}).choose(st.view(0), ThinkContext(rng=random.Random(i)))
        assert m.die != "d4"                # no target known: keep the salvo


def test_hard_cancels_promptly():
    st = make([S0, S1])
    ctx = ThinkContext()
    ctx.cancel_event.set()
    with pytest.raises(Cancelled):
        make_ai("hard", 0, {}).choose(st.view(0), ctx)


def test_hard_cover_and_deploy_are_randomised():
    st = make([S0, S1], start=1)
    st.apply("fire d10 A4")                 # seat 0's d20 survives with 10
    seen = {str(make_ai("hard", 0, {}).choose(st.view(0), ThinkContext(rng=random.Random(i))))
            for i in range(40)}
    assert "stay d20" in seen and len(seen) == 3
    st2 = make([S0, S1], start=1)
    st2.apply("fire d20 A3")
    seen = {str(make_ai("hard", 0, {}).choose(st2.view(0), ThinkContext(rng=random.Random(i))))
            for i in range(40)}
    assert len(seen) >= 4


def test_hard_belief_follows_the_truth():
    """Over Normal-vs-Normal games, the particles put more weight on the spaces
    where platoons really are than on empty ones."""
    on, off = [], []
    repairs = 0
    for seed in range(4):
        tr = BeliefTracker(0, 2, 200)
        trr = random.Random(seed)

        def check(st, ais):
            if st.phase != "fire" or st.is_over():
                return
            tr.update(st.view(0).events, trr)
            occ = tr.beliefs[1].stats(trr)["occ"]
            truth = {sp for sp, _ in st.platoons[1].values()}
            for x in range(12):
                (on if x in truth else off).append(occ[x])

        play(("normal", "normal"), 100 + seed, check)
        repairs += sum(b.repairs for b in tr.beliefs.values())
    assert repairs <= 2             # the repair step is a rare fallback, not the filter
    # knowing nothing would give 1/3 everywhere
    assert sum(on) / len(on) > 0.42 and sum(off) / len(off) < 0.30


def test_rules_and_ai_do_not_import_pygame():
    code = ("import sys; import games.cannon_corps.rules, games.cannon_corps.ai, "
            "games.cannon_corps.belief, games.cannon_corps.rules_text; "
            "assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=__file__.rsplit("/tests/", 1)[0])


def test_rules_text_sections():
    from games.cannon_corps.rules_text import SECTIONS
    assert len(SECTIONS) >= 6
    for s in SECTIONS:
        assert set(s) == {"title", "text", "diagram"}
        assert s["diagram"] in (None, "grid", "shot", "cover", "final_salvo")
        assert s["title"] and s["text"].strip()
    text = " ".join(s["text"] for s in SECTIONS)
    assert "Zach Reyburn" in text and "Join In Games" in text
    assert {s["diagram"] for s in SECTIONS} >= {"grid", "shot", "cover", "final_salvo"}


def test_arena_script_runs_and_is_seeded():
    from tests.bench.arena_cannon_corps import run
    a = run(["hard", "normal", "easy"], 3, seed=4, quiet=True)
    b = run(["hard", "normal", "easy"], 3, seed=4, quiet=True)
    assert a == b and sum(a[0]) == 3
