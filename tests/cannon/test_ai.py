"""The Cannon AI: legal moves only, wins taken, threats parried, prompt cancel,
and the engine's move generator cross-checked against the rules'."""
from __future__ import annotations

import random
import threading
import time

import pytest

from games.cannon import rules
from games.cannon.ai import WIN, make_ai
from games.cannon.ai.engine import KIND_NAMES, KIND_OF_NAME, Board, decode, encode
from games.cannon.rules import DARK, LIGHT, CannonState, Phase
from games.core.ai import Cancelled, ThinkContext

LEVELS = ("easy", "normal", "hard")
OPTION_SETS = (
    {},
    {"shot": "blocking"},
    {"tournament": True},
    {"repetition": True, "shot": "blocking"},
)


def ctx(scale=0.01, seed=0):
    return ThinkContext(time_scale=scale, rng=random.Random(seed))


def key(m):
    return (m.kind, m.frm, m.to)


def ekey(code):
    k, f, t = decode(code)
    return (KIND_NAMES[k], f, t)


def random_positions(n_games, seed, options=None, max_ply=160):
    """(state, move list) pairs along seeded random games from the real start."""
    rng = random.Random(seed)
    for _g in range(n_games):
        st = rules.new_game(options or {}, 2)
        for _ in range(rng.randrange(0, max_ply)):
            if st.is_over():
                break
            yield st
            st.apply(rng.choice(st.legal_moves()))


def sampled_states(count, seed, options):
    """``count`` positions (placement phase included) reached by random play."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        st = rules.new_game(options, 2)
        for _ in range(rng.randrange(0, 120)):
            if st.is_over():
                break
            st.apply(rng.choice(st.legal_moves()))
        if not st.is_over():
            out.append(st)
    return out


def immediate_town_win(st: CannonState) -> list:
    town = st.towns[1 - st.to_move]
    return [m for m in st.legal_moves() if m.kind in ("capture", "shot") and m.to == town]


# -- the engine against the rules -------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("shot", ["pass-over", "blocking"])
def test_engine_move_generation_equals_rules(shot):
    seen = 0
    for st in random_positions(40, seed=7 if shot == "pass-over" else 8, options={"shot": shot}):
        b = Board.from_state(st)
        codes = b.gen_placements() if st.phase is Phase.PLACE else b.gen_moves()
        assert len(codes) == len(set(codes)), "the engine listed a move twice"
        assert set(map(ekey, codes)) == set(map(key, st.legal_moves())), st
        if st.phase is Phase.PLAY:
            wins = {ekey(c) for c in codes if b.is_town_capture(c)}
            assert wins == set(map(key, immediate_town_win(st)))
            assert b.town_hit(st.to_move) == bool(wins)
            assert b.town_hit(1 - st.to_move) == rules.town_threatened(st, st.to_move)
        seen += 1
    assert seen > 1000


def test_engine_tactical_moves_are_the_captures_and_shots():
    for st in random_positions(15, seed=3):
        if st.phase is not Phase.PLAY:
            continue
        b = Board.from_state(st)
        want = {key(m) for m in st.legal_moves() if m.kind in ("capture", "shot")}
        assert set(map(ekey, b.gen_tactical())) == want


@pytest.mark.slow
def test_make_unmake_restores_position_and_hash():
    for st in random_positions(25, seed=11, options={"shot": "blocking"}):
        b = Board.from_state(st)
        before = (b.key(), b.hash, list(b.town))
        codes = b.gen_placements() if st.phase is Phase.PLACE else b.gen_moves()
        for c in codes:
            child = st.copy()
            child._apply(rules.Move(*ekey(c)))
            b.make(c)
            # the incremental hash is the hash computed from scratch, and the
            # board after make is the rules' position after the same move
            assert b.hash == b.compute_hash()
            assert b.cells() == child.cells
            b.unmake()
            assert (b.key(), b.hash, list(b.town)) == before
        if st.phase is Phase.PLAY:
            b.make_null()
            b.unmake_null()
            assert (b.key(), b.hash) == before[:2]


@pytest.mark.parametrize("shot, counts", [("pass-over", [42, 1782, 74480]),
                                          ("blocking", [42, 1782, 74475])])
def test_engine_perft_matches_the_rules_table(shot, counts):
    # towns f1/e10, Dark to move (docs/rules/cannon.md, "Perft")
    st = rules.new_game({"shot": shot}, 2)
    st.apply(rules.Move("place", 5, 5))
    st.apply(rules.Move("place", 94, 94))
    b = Board.from_state(st)
    assert [b.perft(d) for d in (1, 2, 3)] == counts


# -- legality ----------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_never_returns_an_illegal_move(index):
    options = OPTION_SETS[index]
    states = sampled_states(12, seed=100 + index, options=options)
    for i, st in enumerate(states):
        for level in LEVELS:
            ai = make_ai(level, st.to_move, options)
            view = st.view(st.to_move)
            move = ai.choose(view, ctx(0.01, i))
            assert move in st.legal_moves(), (level, str(move), st)
            assert ai.level == level
            for k in ("nodes", "depth", "seconds", "nps"):
                assert k in ai.last_stats


def test_placement_is_chosen_and_legal():
    for level in LEVELS:
        st = rules.new_game({}, 2)
        ai = make_ai(level, DARK, {})
        m = ai.choose(st.view(DARK), ctx(0.05))
        assert m.kind == "place" and m in st.legal_moves()
        st.apply(m)
        ai2 = make_ai(level, LIGHT, {})
        m2 = ai2.choose(st.view(LIGHT), ctx(0.05))
        assert m2.kind == "place" and m2 in st.legal_moves()


def test_placement_is_not_random():
    picks = set()
    for seed in range(4):
        st = rules.new_game({}, 2)
        picks.add(make_ai("hard", DARK, {}).choose(st.view(DARK), ctx(0.05, seed)))
    assert len(picks) <= 2   # the evaluation decides; the rng only breaks near-ties


def test_a_whole_game_against_random_stays_legal():
    rng = random.Random(5)
    st = rules.new_game({"tournament": True}, 2)
    ai = make_ai("normal", DARK, {"tournament": True})
    while not st.is_over() and st.ply() < 200:
        if st.to_move == DARK:
            m = ai.choose(st.view(DARK), ctx(0.02, st.ply()))
        else:
            m = rng.choice(st.legal_moves())
        st.apply(m)
    assert st.is_over() and st.winner() == DARK


# -- tactics -----------------------------------------------------------------------------------

SHOT_WIN = """
....L.....
l...l.....
..........
....d.....
....d.....
....d.....
..........
..........
..........
.D......l.
"""


@pytest.mark.parametrize("level", LEVELS)
def test_takes_a_town_shot_that_wins_on_the_spot(level):
    st = CannonState.from_diagram(SHOT_WIN, to_move=DARK)
    move = make_ai(level, DARK, {}).choose(st.view(DARK), ctx())
    assert str(move) == "e7*e10"


def test_blocking_rule_shields_the_town_and_the_ai_knows():
    st = CannonState.from_diagram(SHOT_WIN, to_move=DARK, shot_rule="blocking")
    for level in LEVELS:
        move = make_ai(level, DARK, {"shot": "blocking"}).choose(st.view(DARK), ctx())
        assert move in st.legal_moves() and str(move) != "e7*e10"


CAPTURE_WIN = """
......L...
..........
..........
.....l....
.d........
..........
......d.d.
..........
..........
..lD......
"""


@pytest.mark.parametrize("level", LEVELS)
def test_takes_a_town_capture_sideways(level):
    st = CannonState.from_diagram(CAPTURE_WIN, to_move=LIGHT)
    move = make_ai(level, LIGHT, {}).choose(st.view(LIGHT), ctx())
    assert str(move) == "c1xd1"


FORCED_WIN = """
....Ll....
..........
...dd.....
..........
l.........
..........
..........
..........
..........
.D........
"""


def forced_in_three(st: CannonState, move) -> bool:
    """After ``move`` every reply leaves a town capture for the mover."""
    s = st.copy()
    s.apply(move)
    if s.is_over():
        return s.winner() == st.to_move
    for reply in s.legal_moves():
        t = s.copy()
        t.apply(reply)
        if t.is_over() or not immediate_town_win(t):
            return False
    return True


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_finds_a_forced_town_capture(level):
    st = CannonState.from_diagram(FORCED_WIN, to_move=DARK)
    assert not immediate_town_win(st)
    ai = make_ai(level, DARK, {})
    move = ai.choose(st.view(DARK), ctx(0.1))
    assert forced_in_three(st, move), str(move)
    assert ai.last_stats["score"] >= WIN - 10


FORCED_SHOT = """
.......L..
l.........
..........
..........
.......d..
.......d..
.......d..
..........
..........
.D........
"""


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_finds_a_forced_town_shot(level):
    # the cannon h4-h6 cannot reach h10 yet; sliding h4-h7 makes h7*h10 unstoppable
    st = CannonState.from_diagram(FORCED_SHOT, to_move=DARK)
    assert not immediate_town_win(st)
    ai = make_ai(level, DARK, {})
    move = ai.choose(st.view(DARK), ctx(0.1))
    assert forced_in_three(st, move), str(move)


THREAT = """
....L.....
.l.l.l.l..
..........
..........
l...l.....
....l.....
d...l.....
d.........
d..d......
....D.....
"""


@pytest.mark.parametrize("shot", ["pass-over", "blocking"])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_defends_a_one_move_threat_to_its_town(level, shot):
    # Light's cannon e6-e5-e4 aims down the e-file: e3 is open, so it can shoot e1
    # next move (pass-over), or e2-then-e1 once e2 is empty (blocking: e2 is empty too).
    # Dark's cannon a2-a4 has a free shot at a6: the bait.
    st = CannonState.from_diagram(THREAT, to_move=DARK, shot_rule=shot)
    assert rules.town_threatened(st, DARK)
    assert any(str(m) == "a4*a6" for m in st.legal_moves())
    ai = make_ai(level, DARK, {"shot": shot})
    move = ai.choose(st.view(DARK), ctx(0.25))
    after = st.copy()
    after.apply(move)
    assert not immediate_town_win(after), f"{level} played {move} and left the town en prise"


SOLDIER_THREAT = """
....L.....
..l.l.....
..........
..........
..........
..........
..........
.......d..
..dl..d...
...D......
"""


def test_hard_removes_a_soldier_threatening_the_town():
    st = CannonState.from_diagram(SOLDIER_THREAT, to_move=DARK)
    assert rules.town_threatened(st, DARK)
    move = make_ai("hard", DARK, {}).choose(st.view(DARK), ctx(0.1))
    after = st.copy()
    after.apply(move)
    assert not immediate_town_win(after), str(move)


# -- cancellation ---------------------------------------------------------------------------

def test_cancel_stops_the_search_within_100ms():
    st = CannonState.from_diagram("""
..L.......
...l...l..
..l....l.l
...ll.l..l
..........
d.........
d.d.d...d.
d.d.d.d.d.
..d...d.d.
......dD..
""", to_move=DARK)
    ai = make_ai("hard", DARK, {})
    c = ThinkContext(time_scale=50.0, rng=random.Random(0))    # a 100 s budget
    fired = {}

    def cancel_later():
        time.sleep(0.05)
        fired["at"] = time.perf_counter()
        c.cancel_event.set()

    th = threading.Thread(target=cancel_later)
    th.start()
    with pytest.raises(Cancelled):
        ai.choose(st.view(DARK), c)
    th.join()
    assert fired, "the search ended before it was cancelled"
    # promptness without a wall-clock window (tests/bench/bench_ai_cancel.py prints the
    # real figure): the search checks for a cancel at least once every 2000 nodes
    checks = []

    class Counting(ThinkContext):
        def check(self):
            checks.append(1)
            super().check()
    move = ai.choose(st.view(DARK), Counting(time_scale=0.01, rng=random.Random(0)))
    assert move in st.legal_moves(), "the AI is not usable after a cancel"
    assert ai.last_stats["nodes"] <= 2000 * len(checks), (ai.last_stats["nodes"], len(checks))


def test_budget_is_respected(monkeypatch):
    """The search stops once its clock passes the budget. A fake clock that
    advances a millisecond per reading makes this exact instead of racing the
    machine's load."""
    from games.cannon.ai import levels, search
    st = sampled_states(1, seed=99, options={})[0]
    if st.phase is Phase.PLACE:
        st = CannonState.from_diagram(SOLDIER_THREAT, to_move=DARK)

    class FakeClock:
        now = 0.0

        def perf_counter(self):
            self.now += 0.001
            return self.now
    clock = FakeClock()
    monkeypatch.setattr(levels, "time", clock)        # the level starts the clock,
    monkeypatch.setattr(search, "time", clock)        # the search reads it against the budget
    ai = make_ai("hard", st.to_move, {})
    move = ai.choose(st.view(st.to_move), ctx(0.05))        # a 0.1 s budget on the fake clock
    assert move in st.legal_moves()
    # the clock, not the depth cap (64), ended the search, and it never ran past the budget
    assert 1 <= ai.last_stats["depth"] < 64
    assert clock.now < 0.1 + 0.01
    assert ai.last_stats["nodes"] > 0


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_ai("grandmaster", 0, {})


def test_encode_round_trip():
    for kind in KIND_NAMES:
        for frm, to in ((0, 99), (45, 46), (13, 13)):
            assert ekey(encode(KIND_OF_NAME[kind], frm, to)) == (kind, frm, to)
