"""The Cannon Corps AIs: handed views only (through the arena and the app's
AI thread), always legal, seeded, cancellable; Hard's shot score, its random
setups and deployments, its adaptive bluffing and hiding."""
import dataclasses
import os
import random
import threading
from collections import Counter

import pytest

from tests.cannon_corps.corps_util import S0, S1, check_invariants, make, poke, pre_defeat, walk
from games.cannon_corps.ai import EasyAI, HardAI, NormalAI, make_ai
from games.cannon_corps.ai.levels import follow_ups, space_risk
from games.cannon_corps.ai.belief import BeliefTracker
from games.cannon_corps.rules import (
    DICE, DIE_INDEX, SPACE_INDEX, SPACES, AnswerEvent, CorpsState, CorpsView, CoverEvent, Move, Phase,
    ShotEvent, new_game)
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


@pytest.fixture
def handed(monkeypatch):
    """Wraps ``choose`` of every Cannon Corps AI class (whoever builds the AI:
    the arena, the app) to record what it was handed: (AI, its seat, type of
    the argument, the seat the argument is for, thread name)."""
    seen = []
    for cls in (EasyAI, NormalAI, HardAI):
        def spy(self, view, ctx, _real=cls.choose):
            seen.append((self, self.seat, type(view), getattr(view, "seat", None),
                         threading.current_thread().name))
            return _real(self, view, ctx)
        monkeypatch.setattr(cls, "choose", spy)
    return seen


def _assert_only_own_views(seen, levels=("easy", "normal", "hard")):
    for ai, seat, typ, vseat, _ in seen:
        assert typ is CorpsView and typ is not CorpsState, (ai.level, seat, typ)
        assert vseat == seat, (ai.level, seat, vseat)
    assert {ai.level for ai, *_ in seen} == set(levels)
    for ai in {id(a): a for a, *_ in seen}.values():         # and it kept no state object
        for obj in walk(ai).values():
            assert not isinstance(obj, CorpsState) and not hasattr(obj, "platoons")


def test_the_spy_catches_a_state(handed):
    """The wrapper records whatever it is given, so the tests below can fail."""
    st = make([S0, S1])
    with pytest.raises(TypeError, match="CorpsView"):
        make_ai("hard", 0, {}).choose(st, ThinkContext())
    assert handed[-1][2] is CorpsState
    with pytest.raises(AssertionError):
        _assert_only_own_views(handed, ("hard",))


def test_the_arena_hands_each_ai_only_its_own_view(handed):
    """games.core.arena.play_one, the loop behind ``main.py arena``."""
    from games.core.arena import play_one
    for index in range(2):
        res = play_one("cannon_corps", ["easy", "normal", "hard"], 3, index, 1.0, None)
        assert res["error"] is None and not res["unfinished"], res["error"]
    assert len(handed) > 30
    _assert_only_own_views(handed)


@pytest.mark.slow
def test_the_app_hands_each_ai_only_its_own_view(handed, tmp_path):
    """games.ui.game_screen.GameScreen._drive_ai -> games.core.ai_runner.AIRunner:
    every AI seat thinks on the AI thread with ``m.state.view(p)``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import games
    from games.core import paths
    from games.core.match import AI, Match, Seat, SEED_ONLY
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    paths.set_data_dir(str(tmp_path / "data"))
    app = make_app((1280, 720), animation="off")
    try:
        m = Match(games.get("cannon_corps"), {},
                  [Seat(AI, lv, name) for lv, name in (("easy", "Ana"), ("normal", "Ben"), ("hard", "Cleo"))],
                  seed=4, ai_secret=4, chance_secret=SEED_ONLY)
        app.push(GameScreen(app, m))
        from tests.ui.helpers import settle
        for _ in range(20000):               # frames, each after the thought in hand has finished
            if m.ply >= 40 or m.is_over() or any(typ is not CorpsView for _, _, typ, _, _ in handed):
                break
            settle(app)
            app.step(1 / 60)
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()
    _assert_only_own_views(handed)
    assert m.ply >= 40 or m.is_over(), "the AIs stopped playing"
    assert len(handed) >= 30 and {t for *_, t in handed} == {"ai-think"}


@pytest.mark.slow
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
    st.apply(st.parse_move("fire d10 A4"))                 # seat 0's d20 survives
    assert make_ai("easy", 0, {}).choose(st.view(0), ThinkContext()) == Move("stay", "d20")


def test_normal_runs_for_cover_and_fires_big_at_a_hit():
    st = make([S0, S1], start=1)
    st.apply(st.parse_move("fire d10 A4"))                 # seat 0's d20 survives
    m = make_ai("normal", 0, {}).choose(st.view(0), ThinkContext())
    assert m.kind == "cover"
    st2 = make([S0, S1])
    st2.apply(st2.parse_move("fire d6 B4"))                 # seat 1's d20 survives with 14
    st2.apply(st2.parse_move("stay d20"))
    st2.apply(st2.parse_move("fire d20 C1"))                # seat 1's turn (a miss)
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
    st.apply(st.parse_move("fire d10 A4"))                 # seat 0's d20 survives with 10
    seen = {str(make_ai("hard", 0, {}).choose(st.view(0), ThinkContext(rng=random.Random(i))))
            for i in range(40)}
    assert "stay d20" in seen and len(seen) == 3
    st2 = make([S0, S1], start=1)
    st2.apply(st2.parse_move("fire d20 A3"))
    seen = {str(make_ai("hard", 0, {}).choose(st2.view(0), ThinkContext(rng=random.Random(i))))
            for i in range(40)}
    assert len(seen) >= 4


def test_easy_fires_legal_random_shots_salvoes_included():
    # the Easy: any legal shot, chosen at random (it may waste a final salvo)
    st = make([S0, S1])
    poke(st, 0, "d4", 1)
    picks = [make_ai("easy", 0, {}).choose(st.view(0), ThinkContext(rng=random.Random(i))) for i in range(300)]
    assert all(m in st.legal_moves() for m in picks)
    assert {m.die for m in picks} == {"d4", "d6", "d8", "d20"}     # the salvo die too
    assert len({m.space for m in picks}) == 12


def _certain_belief(ai, view, seat, grid, defeats=0):
    """Test-only: make Hard's belief about ``seat`` certain, every particle
    holding exactly ``grid`` ({space: (die, value)}), ``defeats`` defeated."""
    from games.cannon_corps.ai import belief as B
    t = ai._tracker_for(view)
    t.lock.release()
    t.update(view.events, random.Random(0))
    ai.tracker = t
    b = t.beliefs[seat]
    p = [B.RES] * 7 + [0] * 7 + [0] * 7 + [0] * 7 + [-1] * 7 + [0]
    for sp, (die, val) in grid.items():
        k, x = DIE_INDEX[die], SPACE_INDEX[sp]
        p[k], p[B.V + k], p[B.D + k] = x, val, B.MAXV[k] - val
        p[B.OCC] |= 1 << x
    b.parts = [list(p) for _ in range(b.n)]
    b.defeats = defeats
    b._stats, b._fresh = None, True


def test_hard_scores_every_platoon_and_space_and_strikes_with_just_enough_power():
    st = make([S0, S1])                     # seat 0 fires: d4 4, d6 6, d8 8, d20 20
    v = st.view(0)
    ai = HardAI(0)
    _certain_belief(ai, v, 1, {"B3": ("d12", 8), "C4": ("d20", 20), "A1": ("d10", 10), "A4": ("d%", 10)})
    m = ai.choose(v, ThinkContext())
    assert len(ai.last_scores) == 4 * 12     # every (platoon value, space) pair
    assert {(d, x) for _, _, d, x in ai.last_scores} == {(d, x) for d in S0 for x in range(12)}
    best = max(ai.last_scores)
    assert m == Move("fire", best[2], SPACES[best[3]])
    # the located d12 with 8 left: the d8 finishes it; the d20 would be wasted
    assert m == Move("fire", "d8", "B3")
    score = {(d, x): s for s, _, d, x in ai.last_scores}
    assert score["d8", SPACE_INDEX["B3"]] > score["d20", SPACE_INDEX["B3"]] > score["d6", SPACE_INDEX["B3"]]
    assert score["d20", SPACE_INDEX["C4"]] > score["d20", SPACE_INDEX["C1"]]     # C1 is known empty


def test_hard_probes_with_its_weakest_platoon_and_keeps_its_salvo():
    st = make([S0, S1])
    for i in range(5):
        m = make_ai("hard", 0, {}).choose(st.view(0), ThinkContext(rng=random.Random(i)))
        assert m.die == "d4"                # nothing located: probe with the weakest
    poke(st, 0, "d4", 1)
    for i in range(5):
        m = make_ai("hard", 0, {}).choose(st.view(0), ThinkContext(rng=random.Random(i)))
        assert m.die == "d6"                # a final salvo at nothing in particular costs a life


def test_hard_fires_a_final_salvo_that_wins_the_game():
    st = make([S0, S1])
    for d, val in (("d4", 1), ("d6", 6), ("d8", 8), ("d20", 2)):
        poke(st, 0, d, val)                 # nothing but the salvo can defeat a platoon of 10 or more
    v = st.view(0)
    ai = HardAI(0)
    _certain_belief(ai, v, 1, {"B3": ("d20", 20), "A1": ("d12", 12), "A2": ("d10", 10), "A3": ("d%", 10)},
                    defeats=3)
    m = ai.choose(v, ThinkContext())
    assert m.die == "d4" and m.space in ("B3", "A1", "A2", "A3")
    # the same shot with four lives to lose but no win in it: kept
    ai = HardAI(0)
    _certain_belief(ai, v, 1, {"B3": ("d20", 20), "A1": ("d12", 12), "A2": ("d10", 10), "A3": ("d%", 10)})
    assert ai.choose(v, ThinkContext()).die != "d4"


def test_hard_never_fires_a_losing_final_salvo_at_its_last_life():
    st = make([S0, S1])
    pre_defeat(st, 0, ["d10", "d%", "d12"])      # seat 0 is down to its last life
    poke(st, 0, "d4", 1)
    for i in range(5):
        m = make_ai("hard", 0, {}).choose(st.view(0), ThinkContext(rng=random.Random(i)))
        assert m.die != "d4"


def test_hard_setup_and_deployment_are_random_but_favour_big_dice():
    st = new_game({}, 2)
    sets, dice = Counter(), Counter()
    for i in range(100):
        m = make_ai("hard", 0, {}).choose(st.view(0), ThinkContext(rng=random.Random(i)))
        assert st.why_illegal(m) is None
        ds = frozenset(d for d, _ in m.placements)
        sets[ds] += 1
        dice.update(ds)
    assert len(sets) >= 8 and max(sets.values()) <= 50      # no fixed army
    assert set(dice) == set(DICE) or len(dice) >= 6
    assert dice["d20"] > dice["d8"] > dice["d4"] and dice["d12"] > dice["d6"]
    st2 = make([S0, S1], start=1)
    st2.apply(st2.parse_move("fire d20 A1"))                # seat 0's d4 is defeated: it deploys d10, d% or d12
    got = Counter(make_ai("hard", 0, {}).choose(st2.view(0), ThinkContext(rng=random.Random(i))).die
                  for i in range(300))
    assert set(got) == {"d10", "d%", "d12"} and got["d12"] > max(got["d10"], got["d%"])


def _with_follow_ups(view, space, times=4):
    """The view plus ``times`` rounds of: seat 0 ran for cover from B2, then
    seat 1's next shot went at ``space``."""
    extra = []
    for t in range(times):
        extra += [CoverEvent(turn=20 + t, seat=0, space="B2"),
                  ShotEvent(turn=20 + t, seat=1, power=5, space=space, salvo=False)]
    view.events = list(view.events) + extra
    return view


def test_hard_bluffs_less_when_the_table_fires_back_at_the_same_space():
    st = make([S0, S1], start=1)
    st.apply(st.parse_move("fire d10 A4"))                 # seat 0's d20 survives at A4: run or stay
    ai = HardAI(0)
    base = ai.stay_chance(st.view(0))
    same = ai.stay_chance(_with_follow_ups(st.view(0), "B2"))      # Normal's habit
    near = ai.stay_chance(_with_follow_ups(st.view(0), "B3"))      # shots at a neighbour
    assert same == HardAI.P["stay_min"] < base < near <= HardAI.P["stay_max"]
    assert follow_ups(_with_follow_ups(st.view(0), "B2").events, 2)[1] == [4, 0, 4]
    stays = {sp: sum(ai._cover(st.view(0).pending, _with_follow_ups(st.view(0), sp), random.Random(i)).kind == "stay"
                     for i in range(200)) for sp in ("B2", "B3")}
    assert stays["B2"] < 20 < 60 < stays["B3"]


def test_hard_hides_where_the_table_does_not_shoot():
    def table(shots):
        ev = []
        for t, (sp, hit) in enumerate(shots, 1):
            ev += [ShotEvent(turn=t, seat=1, power=4, space=sp, salvo=False),
                   AnswerEvent(turn=t, seat=0, space=sp, hit=hit)]
        return ev
    # a table that never comes back to a space that answered Miss (as Normal)
    careful = space_risk(table([(sp, False) for sp in ("C1", "C2", "C3", "C4", "B1", "B2")]), 0)
    assert careful[SPACE_INDEX["C1"]] < careful[SPACE_INDEX["A2"]] / 2
    # a table that does (as a random shooter)
    careless = space_risk(table([(sp, False) for sp in ("C1", "C1", "C2", "C1", "C2", "B1")]), 0)
    assert careless[SPACE_INDEX["C1"]] > careless[SPACE_INDEX["A2"]] / 2
    st = make([S0, S1], start=1)
    st.apply(st.parse_move("fire d20 A1"))                 # seat 0 must deploy
    v = st.view(0)
    v.events = list(v.events) + table([(sp, False) for sp in ("C1", "C2", "C3", "B1", "B2", "B3")])
    w = dict(zip(v.pending.options, HardAI(0)._hide_weights(v, v.pending.options), strict=True))
    assert min(w[s] for s in ("C1", "C2", "C3", "B1", "B2", "B3")) > 2 * max(w[s] for s in ("B4", "C4"))


def test_a_fresh_hard_ai_each_move_continues_the_games_belief():
    """The app builds a new AI for every move; Hard picks up the belief it
    built for this very game (same event objects), never another game's."""
    st = make([S0, S1])
    a = make_ai("hard", 0, {})
    st.apply(a.choose(st.view(0), ThinkContext(rng=random.Random(1))))
    t = a.tracker
    while st.current_player() != 0:
        st.apply(make_ai("normal", 1, {}).choose(st.view(1), ThinkContext()) if st.current_player() == 1
                 else make_ai("hard", 0, {}).choose(st.view(0), ThinkContext()))
    b = make_ai("hard", 0, {})
    b.choose(st.view(0), ThinkContext(rng=random.Random(2)))
    assert b.tracker is t and t.done == len(st.events)
    v = st.view(0)
    v.events = [dataclasses.replace(e) for e in v.events]   # equal, other objects
    c = make_ai("hard", 0, {})
    c.choose(v, ThinkContext())
    assert c.tracker is not t


def test_hard_belief_follows_the_truth():
    """Over Normal-vs-Normal games, the particles put more weight on the spaces
    where platoons really are than on empty ones."""
    on, off = [], []
    repairs = 0
    for seed in range(4):
        tr = BeliefTracker(0, 2, 200)
        trr = random.Random(seed)

        def check(st, ais, tr=tr, trr=trr):
            if st.phase is not Phase.FIRE or st.is_over():
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


def test_rules_text_sections():
    from games.cannon_corps.rules_text import SECTIONS
    assert len(SECTIONS) >= 6
    for s in SECTIONS:
        assert {"title", "text", "diagram"} <= set(s) <= {"title", "text", "diagram", "caption"}
        assert s["diagram"] in (None, "grid", "shot", "cover", "final_salvo")
        assert s["title"] and s["text"].strip()
    text = " ".join(s["text"] for s in SECTIONS)
    assert "Zach Reyburn" in text and "Join In Games" in text
    assert {s["diagram"] for s in SECTIONS} >= {"grid", "shot", "cover", "final_salvo"}


@pytest.mark.slow
def test_arena_script_runs_and_is_seeded():
    from tests.bench.arena_cannon_corps import run
    a = run(["hard", "normal", "easy"], 3, seed=4, quiet=True)
    b = run(["hard", "normal", "easy"], 3, seed=4, quiet=True)
    wins = [s["wins"] for s in a["seats"]]
    assert wins == [s["wins"] for s in b["seats"]] and sum(wins) == 3
    assert a["mean_plies"] == b["mean_plies"] and a["errors"] == 0
    c = run(["hard", "easy"], 2, seed=4, quiet=True, params={"ammo": 0.1})
    assert c["errors"] == 0 and HardAI.P["ammo"] != 0.1       # the override is undone
    with pytest.raises(ValueError, match="unknown"):
        run(["hard", "easy"], 1, params={"no_such_weight": 1})
