"""The Cannon Ball AI: always a legal move, plans a whole turn and follows it, takes
the sure things. (Strength and timing are measured by tests/bench/arena_cannon_ball.py.)"""
import random

import pytest

from games.cannon_ball import INFO
from games.cannon_ball.ai import LEVELS, CannonBallAI, make_ai
from games.cannon_ball.rules import END, Choice, Phase, new_game
from games.core.ai import Cancelled, ThinkContext
from games.core.game import CHANCE
from games.core.match import AI, Match, Seat

from .cb_util import B, S, pos


def ctx(seed=0, scale=100.0):
    # a deadline the planner never reaches (its beam and macro limits bound the work): a
    # short one would cut plans wherever a loaded machine happened to be
    return ThinkContext(time_scale=scale, rng=random.Random(seed))


def play_match(levels, seed, max_plies=400):
    m = Match(INFO, {}, [Seat(AI, levels[0]), Seat(AI, levels[1])], seed)
    ais = [INFO.make_ai(lv, p, m.options) for p, lv in enumerate(levels)]
    rng = random.Random(seed)
    while not m.is_over() and m.ply < max_plies:
        p = m.to_move()
        if p == CHANCE:
            m.resolve_chance()
            continue
        view = m.state.view(p)
        mv = ais[p].choose(view, ctx(rng.randrange(1 << 20)))
        assert m.state.why_illegal(mv) is None, (m.state.phase, str(mv))
        m.play(mv)
    return m


@pytest.mark.slow
@pytest.mark.parametrize("levels", [("easy", "hard"), ("normal", "random"), ("hard", "normal")])
def test_the_ai_never_plays_an_illegal_move(levels):
    m = play_match(levels, seed=3, max_plies=300)
    assert m.ply > 50


def test_make_ai_levels():
    for lv in ("easy", "normal", "hard"):
        ai = make_ai(lv, 0, {})
        assert isinstance(ai, CannonBallAI) and ai.level == lv
    assert set(LEVELS) == {"easy", "normal", "hard"}
    with pytest.raises(ValueError):
        make_ai("grandmaster", 0, {})


def test_the_ai_plans_its_turn_at_the_first_move_and_follows_the_plan():
    st = new_game({"steady_bridges": True}, 2)
    st.apply(st.parse_move("spin 9"))
    st.apply(st.parse_move("spin 2"))
    ai = make_ai("normal", 0, {})
    first = ai.choose(st.view(0), ctx())
    planned = len(ai.plan)
    assert planned >= 1
    st.apply(first)
    second = ai.choose(st.view(0), ctx())
    assert len(ai.plan) == planned - 1 and st.why_illegal(second) is None


def test_the_ai_returns_a_legal_move_in_any_position_it_is_asked_about():
    ai = make_ai("hard", 0, {})
    rng = random.Random(5)
    st = new_game({}, 2)
    st.apply(st.parse_move("spin 8"))
    st.apply(st.parse_move("spin 3"))
    for _ in range(40):                       # a human-like stranger moves in between
        if st.phase != Phase.MOVING or st.to_move != 0:
            break
        mv = ai.choose(st.view(0), ctx())
        assert st.why_illegal(mv) is None
        st.apply(rng.choice(st.legal_moves()))


def test_the_ai_fires_at_a_closed_gate_when_it_can():
    st = pos("l16 m16 l17", north="n20", cannons=[(0, "n16 o16")], phase=Phase.CHOOSE,
             gates=["open", "open", "closed", "open"])
    mv = make_ai("easy", 0, {}).choose(st.view(0), ctx())
    assert isinstance(mv, Choice) and mv.kind == "fire"


def test_the_ai_shoots_its_tnt_when_forced():
    st = pos("g16 e16", budget=4)
    for t in ("TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 1", "end"):
        st.apply(st.parse_move(t))
    mv = make_ai("normal", 0, {}).choose(st.view(0), ctx())
    assert mv.kind == "tnt"


def test_the_ai_wins_when_a_winning_move_turn_is_there():
    st = pos("m16 l17 m17 n16 k17", north="n20", budget=3)     # a fifth man into the open gate section
    ai = make_ai("easy", 0, {})
    for _ in range(5):
        if st.is_over():
            break
        st.apply(ai.choose(st.view(0), ctx()))
    assert st.is_over() and st.winner() == 0


def test_the_ai_blows_a_closed_gate_with_five_men():
    st = pos("l16 m16 l17 m17 o16", north="n20", budget=6, gates=["open", "open", "closed", "open"])
    assert st.sec_men[0][S(24)] == 5
    ai = make_ai("normal", 0, {})
    for _ in range(12):
        if st.is_over() or st.phase != Phase.MOVING:
            break
        st.apply(ai.choose(st.view(0), ctx()))
    assert st.is_over() and st.winner() == 0 and st.gates[2] == "destroyed"


def test_the_ai_stops_when_cancelled():
    st = new_game({}, 2)
    st.apply(st.parse_move("spin 8"))
    st.apply(st.parse_move("spin 3"))
    c = ctx()
    c.cancel_event.set()
    with pytest.raises(Cancelled):
        make_ai("hard", 0, {}).choose(st.view(0), c)


def test_the_ai_ends_a_turn_with_nothing_to_do():
    st = pos("a1", north="o26", budget=1, home=False)
    st2 = st.copy()
    mv = make_ai("hard", 0, {}).choose(st2.view(0), ctx())
    assert st.why_illegal(mv) is None
    assert END in st.legal_moves()


def test_hard_rebuilds_a_blown_bridge_that_blocks_its_best_way():
    """Bridges 2 and 3 blown, three men at bridge 3's western end: rebuilding it brings
    them three steps nearer North's gate than any way round (more than it helps North)."""
    st = pos("e16 f16 g17", bridges=[True, False, False, True, True, True], phase=Phase.CHOOSE)
    mv = make_ai("hard", 0, {}).choose(st.view(0), ctx())
    assert isinstance(mv, Choice) and mv.kind == "rebuild" and mv.target == 2
    # with bridge 2 standing the way round is as good: no turn is spent on a coin flip
    st = pos("e16 f16 g17", bridges=[True, True, False, False, True, True], phase=Phase.CHOOSE)
    assert make_ai("hard", 0, {}).choose(st.view(0), ctx()) == Choice("move")


def test_hard_can_walk_men_to_a_bridge_for_tnt_but_keeps_its_last_case_for_an_enemy_gate():
    st = pos("d16 e16", north="i16 j16 k16", budget=8)
    ai = make_ai("hard", 0, {})
    plans = [[str(m) for m in mac] for mac in ai.planner._tnt_macros(st, 0)]
    at_g16 = [p for p in plans if "TNT g16" in p]
    assert at_g16, plans                           # walk one man onto g16, place the case, all walk out
    after = st.copy()
    for text in at_g16[0]:
        after.apply(after.parse_move(text))
    assert after.tnt[0] == B("g16") and after.sec_men[0][S(22)] == 0
    st.tnt_left[0] = 1
    assert not [p for p in (ai.planner._tnt_macros(st, 0)) if any(str(m).startswith("TNT ") for m in p)], \
        "the last case went on a bridge"


@pytest.mark.parametrize("seed", range(4))     # both of Hard's styles (siege, rush) come up
def test_hard_shuts_a_gate_for_a_reason_and_opens_it_again_when_the_reason_is_gone(seed):
    """Shutting a gate costs a whole turn and traps one's own men, so Hard shuts one only
    when an assault through it next turn is all but sure (a cannon and two men in its
    section, a third man a step away), not against a cannon march still far off; and it
    reopens a shut gate when nothing threatens it and its men are stuck inside."""
    sure = pos("l16 m16 l15", north="n20", cannons=[(0, "n16 o16")], to_move=1, phase=Phase.CHOOSE)
    assert make_ai("hard", 1, {}).choose(sure.view(1), ctx(seed)) == Choice("close", 2)
    far = pos("a10 b10 c10", north="n20", cannons=[(0, "a11 b11")], to_move=1, phase=Phase.CHOOSE)
    assert make_ai("hard", 1, {}).choose(far.view(1), ctx(seed)) == Choice("move")
    stuck = pos("a10 b10 c10", north="n20 l18 m18 l19 m19 l20 m20 l21 m21", cannons=[(0, "a11 b11")],
                to_move=1, phase=Phase.CHOOSE, gates=["open", "open", "closed", "closed"])
    mv = make_ai("hard", 1, {}).choose(stuck.view(1), ctx(seed))
    assert isinstance(mv, Choice) and mv.kind == "open" and mv.target in (2, 3)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_in_a_standoff_a_full_fort_sallies_out_through_a_shut_gate_rather_than_sit_out_a_truce(level):
    """Both gates shut, two raiders waiting outside one: before a standoff no level opens it
    to them; after STANDOFF quiet turns every level does (its men outnumber the raiders),
    so a game between careful players is not a 60-turn truce."""
    from games.cannon_ball.ai.levels import STANDOFF
    north = "n20 l18 m18 l19 m19 l20 m20 l21 m21 l22 m22"
    for quiet, opens in ((0, False), (STANDOFF, True)):
        st = pos("l16 m16", north=north, to_move=1, phase=Phase.CHOOSE, gates=["open", "open", "closed", "closed"])
        st.quiet = quiet
        mv = make_ai(level, 1, {}).choose(st.view(1), ctx(1))
        assert (isinstance(mv, Choice) and mv.kind == "open") == opens, (quiet, mv)
