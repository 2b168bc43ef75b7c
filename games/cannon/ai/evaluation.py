"""Cannon AI's static evaluation: the weights of each level and the evaluator they bind.

:func:`make_evaluator` returns ``f(board) -> score for the side to move`` in
centi-soldiers, with the weights bound as locals (the search calls it at every
leaf, so every lookup saved counts). See docs/cannon_ai.md for what each term is for.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import engine as E
from .engine import FULL, MH, RING, SHOT_LINES, Board

# -- evaluation weights ------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class Weights:
    """Evaluation weights in centi-soldiers (a soldier is 100)."""

    soldier: int = 100
    ring: tuple[int, int, int, int, int] = (0, 24, 10, 4, 0)  # own soldier at Chebyshev distance 1..4 of the enemy town
    line2: int = 14                   # two of three cannon points on a line that can shoot the town
    line3_blocked: int = 40           # a whole cannon aimed at the town, only the gap is blocked
    line3_threat: int = 120           # ... and the gap is open: a threat (side not to move)
    cover: int = 4                    # own soldier on a point of an enemy shot line at my town
    defender: int = 12                # own soldier next to own town
    cannon: int = 6                   # per three-in-a-row
    advance: int = 3                  # per soldier in the enemy half
    mobility: int = 1                 # per empty point a soldier could step to
    tempo: int = 10
    full: bool = True


HARD_W = Weights()
NORMAL_W = Weights(full=False, line2=10, line3_blocked=30, ring=(0, 20, 8, 0, 0))
EASY_W = Weights(full=False, line2=0, line3_blocked=0, ring=(0, 10, 4, 0, 0), line3_threat=150)

# squares in each side's forward half (ranks 6-10 for Dark, 1-5 for Light)
_HALF = (sum(1 << sq for sq in range(50, 100)), sum(1 << sq for sq in range(0, 50)))


# per (own side, own town square): the points of the enemy's shot lines at it (where cover helps)
_COVER = [[0] * 100 for _ in range(2)]
for _s in (0, 1):
    for _t in range(100):
        for _c, _ep, _eb in SHOT_LINES[_s][_t]:
            _COVER[_s ^ 1][_t] |= _c | _ep
del _s, _t, _c, _ep, _eb


def make_evaluator(w: Weights, blocking: bool = False) -> Callable[[Board], int]:
    """A fast static evaluation ``f(board) -> score for the side to move``, with the
    weights bound as locals. Material; per side: own soldiers near the enemy town
    (by ring), two or three of a cannon on a line that can shoot the enemy town
    (blocked or, for the side not to move, a live threat), and with ``w.full``:
    defenders next to the own town, own soldiers covering enemy lines at it,
    three-in-a-rows, soldiers in the enemy half and forward mobility."""
    lines = [[tuple((c, eb if blocking else ep) for c, ep, eb in SHOT_LINES[s][t]) for t in range(100)]
             for s in (0, 1)]
    soldier, (_r0, r1, r2, r3, r4) = w.soldier, w.ring
    line2, line3b, line3t = w.line2, w.line3_blocked, w.line3_threat
    defender, cover, cannon_w, advance, mobility, tempo = (w.defender, w.cover, w.cannon, w.advance,
                                                           w.mobility, w.tempo)
    full = w.full
    R1, R2, R3, R4 = RING[1], RING[2], RING[3], RING[4]
    half = _HALF
    union = E.LINE_UNION
    cov = _COVER
    m1, m_1, m_2 = MH[1], MH[-1], MH[-2]
    m2 = MH[2]

    def evaluate(b: Board) -> int:
        sold = b.sold
        towns = b.town
        tbb = b.tbb
        side = b.side
        occ = sold[0] | sold[1] | tbb[0] | tbb[1]
        total = 0
        for s in (0, 1):
            us = sold[s]
            o = s ^ 1
            sc = soldier * us.bit_count()
            t = towns[o]
            if t >= 0:
                sc += r1 * (us & R1[t]).bit_count() + r2 * (us & R2[t]).bit_count()
                if r3:
                    sc += r3 * (us & R3[t]).bit_count()
                    if r4:
                        sc += r4 * (us & R4[t]).bit_count()
                if (us & union[s][t]).bit_count() >= 2:
                    for cannon, gap in lines[s][t]:
                        n = (us & cannon).bit_count()
                        if n == 3:
                            if occ & gap:
                                sc += line3b
                            elif s != side:
                                sc += line3t
                        elif n == 2:
                            sc += line2
            if full:
                mt = towns[s]
                if mt >= 0:
                    sc += defender * (us & R1[mt]).bit_count() + cover * (us & cov[s][mt]).bit_count()
                # three-in-a-rows along the four line directions
                sc += cannon_w * ((us & (us >> 1) & m_1 & (us >> 2) & m_2).bit_count()
                                  + (us & (us >> 10) & (us >> 20)).bit_count()
                                  + (us & (us >> 11) & m_1 & (us >> 22) & m_2).bit_count()
                                  + (us & (us >> 9) & m1 & (us >> 18) & m2).bit_count())
                sc += advance * (us & half[s]).bit_count()
                if s == 0:
                    mob = (((us << 10) | ((us << 11) & m1) | ((us << 9) & m_1)) & (FULL ^ occ)).bit_count()
                else:
                    mob = (((us >> 10) | ((us >> 11) & m_1) | ((us >> 9) & m1)) & (FULL ^ occ)).bit_count()
                sc += mobility * mob
            total += sc if s == 0 else -sc
        return (total if side == 0 else -total) + tempo

    return evaluate
