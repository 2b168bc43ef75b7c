"""Random play-outs, 2 to 6 seats, checking the invariants after every move.

``check_invariants`` (corps_util) runs in every phase, setup and the first-shooter
draw included.  Besides the invariants, these tests check that the random games
really walked the rules' paths (salvoes, eliminations, both kinds of win, cover
moves and bluffs, a shooter's own redeployment), so a play-out that never
reaches the interesting cases cannot pass quietly.
"""
import random
from collections import Counter

import pytest

from tests.cannon_corps.corps_util import check_invariants, random_move
from games.cannon_corps.rules import DIE_SIZES, Phase, new_game, parse_text

#: a seat has at most 27 shots in it: each shot at least halves the firing die
#: (d20: 20 10 5 2 1 = 5 shots; d12, d10, d%, d8: 4 each; d6, d4: 3 each)
#: (checked by test_max_shots_per_seat_is_27)
MAX_SHOTS_PER_SEAT = 27
GAMES_PER_SIZE = 100


def play_out(n: int, rng: random.Random, seen: Counter, choose=None):
    """One random game with ``n`` seats, invariants checked before the first
    move and after every move; returns the final state."""
    st = new_game({}, n)
    check_invariants(st)
    while not st.is_over():
        m = choose(st, rng) if choose else random_move(st, rng)
        if rng.random() < 0.05:                         # the text form survives a round trip
            assert st.parse_move(str(m)) == m == parse_text(str(m))
        seen[m.kind] += 1
        n0 = len(st.events)
        st.apply(m)
        check_invariants(st)
        for e in st.events[n0:]:
            seen[e.kind] += 1
            if e.kind == "defeated":
                seen["cause:" + e.cause.value] += 1
            if e.kind == "shot":
                assert 1 <= e.power <= 20
        # every game ends: no seat can fire more than 27 times
        assert st.turn <= MAX_SHOTS_PER_SEAT * n, st.turn
    w = st.winner()
    assert w is not None and st.live_seats() == [w]
    assert [e.seat for e in st.events if e.kind == "winner"] == [w]
    assert set(st.revealed) == set(range(n))         # every grid is on the table at the end
    assert st.win_reason is not None
    seen["win:" + st.win_reason.value] += 1
    return st


def test_max_shots_per_seat_is_27():
    def shots(v):                                   # fire, halve, ... until the final salvo
        return 1 if v == 1 else 1 + shots(v // 2)
    assert sum(shots(v) for v in DIE_SIZES.values()) == MAX_SHOTS_PER_SEAT == 27


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_playouts_keep_the_invariants(n):
    rng = random.Random(1000 + n)
    seen: Counter = Counter()
    turns = 0
    for _ in range(GAMES_PER_SIZE):
        turns += play_out(n, rng, seen).turn
    # thousands of turns per table size (1,945 to 2,781 with these seeds; 12,132
    # in all), and the rare "everyone down" salvo win comes up 7 to 13 times
    assert turns >= 1500, turns
    # the play-outs went through the rules' paths, not just the easy ones
    for path in ("fire", "cover", "stay", "deploy", "survived", "eliminated", "ammo",
                 "cause:shot", "cause:salvo", "cause:own_salvo", "win:last", "win:salvo"):
        assert seen[path] > 0, (path, seen)
    assert seen["setup"] == 2 * n * GAMES_PER_SIZE   # one move and one event per seat per game
    assert seen["start"] == 2 * GAMES_PER_SIZE


def test_every_die_value_stays_in_range_under_long_play():
    """Moves chosen to make games long (no salvo while avoidable), so the dice
    are halved down to 1 and the seats run out of ammunition."""
    def long_play(st, rng):
        if st.phase is Phase.FIRE:
            mine = st.platoons[st.current_player()]
            moves = st.legal_moves()
            non_salvo = [m for m in moves if mine[m.die][1] > 1]
            return rng.choice(non_salvo or moves)
        return random_move(st, rng)

    rng = random.Random(9)
    seen: Counter = Counter()
    turns = 0
    for g in range(40):
        st = play_out(2 + g % 5, rng, seen, long_play)
        turns += st.turn
    assert turns >= 800, turns                      # about 1,100 with this seed
    assert seen["cause:own_salvo"] > 0 and seen["eliminated"] > 0
