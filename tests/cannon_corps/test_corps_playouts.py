"""Random play-outs, 2 to 6 seats, checking the invariants after every move."""
import random

import pytest

from tests.cannon_corps.corps_util import check_invariants, random_move
from games.cannon_corps.rules import DIE_SIZES, new_game, parse_text


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_playouts_keep_the_invariants(n):
    rng = random.Random(1000 + n)
    turns = 0
    for g in range(60):
        st = new_game({}, n)
        while not st.is_over():
            m = random_move(st, rng)
            if rng.random() < 0.05:                     # the text form survives a round trip
                assert st.parse_move(str(m)) == m == parse_text(str(m))
            st.apply(m)
            check_invariants(st)
            assert st.ply() <= 2000
        turns += st.turn
        w = st.winner()
        assert w is not None and sum(1 for s in range(n) if not st.out[s]) == 1
        assert [e["seat"] for e in st.events if e["kind"] == "winner"] == [w]
        for s in range(n):                              # every grid is on the table at the end
            assert s in st.revealed
        for e in st.events:
            if e["kind"] == "shot":
                assert 1 <= e["power"] <= 20
    assert turns >= 600                                 # thousands of turns over the five sizes


def test_every_die_value_stays_in_range_under_long_play():
    """Moves chosen to make games long (no salvo while avoidable)."""
    rng = random.Random(9)
    for g in range(20):
        st = new_game({}, 2 + g % 5)
        while not st.is_over():
            moves = st.legal_moves() if st.current_player() >= 0 else None
            if moves and st.phase == "fire":
                mine = st.platoons[st.current_player()]
                non_salvo = [m for m in moves if mine[m.die][1] > 1]
                m = rng.choice(non_salvo or list(moves))
            else:
                m = random_move(st, rng)
            st.apply(m)
            check_invariants(st)
            for s in range(st.num_players):
                for d, (_, v) in st.platoons[s].items():
                    assert 1 <= v <= DIE_SIZES[d]
        assert st.turn <= 6 * 27
