"""Helpers shared by the Cannon Corps tests (not a test module)."""
from __future__ import annotations

import random

from games.cannon_corps.rules import (
    DIE_SIZES, SPACE_INDEX, SPACES, CorpsState, Move, new_game)
from games.core.game import CHANCE

# three handy setups (seat 0, 1, 2, ...)
S0 = {"d4": "A1", "d6": "A2", "d8": "A3", "d20": "A4"}
S1 = {"d10": "B1", "d%": "B2", "d12": "B3", "d20": "B4"}
S2 = {"d4": "B3", "d6": "C1", "d8": "C2", "d12": "C3"}
S3 = {"d10": "B3", "d%": "C4", "d12": "A1", "d20": "C2"}


def make(setups, start: int = 0) -> CorpsState:
    """A game with the given setups, already past the start draw."""
    st = new_game({}, len(setups))
    for pl in setups:
        st.apply(Move.setup(pl))
    st.apply(Move("start", seat=start))
    return st


def poke(st: CorpsState, seat: int, die: str, value: int | None = None, space: str | None = None):
    """Test-only: change a platoon's value and/or space directly."""
    sp, v = st.platoons[seat][die]
    st.platoons[seat][die] = (SPACE_INDEX[space] if space else sp, v if value is None else value)


def pre_defeat(st: CorpsState, seat: int, dice) -> None:
    """Test-only: pretend ``dice`` (reserves) were already defeated earlier."""
    for d in dice:
        st.reserves[seat].remove(d)
        st.defeated[seat].append(d)


def check_invariants(st: CorpsState) -> None:
    n = st.num_players
    if st.phase in ("setup", "start"):
        return
    pending_deploy = {q[0] for q in st.queue if q[1] == "deploy"}
    for s in range(n):
        plats = st.platoons[s]
        d = st.defeated[s]
        assert 0 <= len(d) <= 4, (s, d)
        # the seven dice are split between grid, reserves and defeated row
        allot = sorted(list(plats) + st.reserves[s] + d)
        assert allot == sorted(DIE_SIZES), (s, allot)
        spaces = [sp for sp, _ in plats.values()]
        assert len(spaces) == len(set(spaces)), f"two platoons on one space: seat {s}"
        for die, (sp, v) in plats.items():
            assert 0 <= sp < 12
            assert 1 <= v <= DIE_SIZES[die], (s, die, v)
        if st.out[s]:
            assert len(d) == 4 or (st.winner() is not None and s != st.winner())
        elif st.phase != "over":
            assert len(d) <= 3
            expect = 4 if s not in pending_deploy else 3
            # the shooter's salvo die is still on the grid until its ammo is spent
            assert len(plats) == expect, (s, plats, st.queue)
    if st.phase == "over":
        w = st.winner()
        assert w is not None
        assert all(st.out[s] for s in range(n) if s != w)
        assert not st.out[w]


def random_move(st: CorpsState, rng: random.Random):
    if st.current_player() == CHANCE:
        outs = st.chance_outcomes()
        assert abs(sum(p for _, p in outs) - 1.0) < 1e-9
        return rng.choice(outs)[0]
    moves = st.legal_moves()
    return moves[rng.randrange(len(moves))]


__all__ = ["S0", "S1", "S2", "S3", "make", "poke", "pre_defeat", "check_invariants", "random_move",
           "SPACES", "SPACE_INDEX", "Move"]
