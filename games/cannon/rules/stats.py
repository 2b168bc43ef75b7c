"""Cannon's end-of-game figures (see games/core/stats.py), from the match's log and states.

Each log entry's move (``entry.move``, the move object itself: its kind says
whether it is a step, a retreat, a slide, a capture or a shot) is checked
against the position it was played in (``match.state_at``), so a capture counts
only when it took a soldier. Cannon hides nothing: every figure may show at once.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, cast

from games.core.stats import Stat

from .moves import Move
from .squares import SOLDIER
from .state import CannonState

if TYPE_CHECKING:
    from games.core.match import Match


def _soldiers(cells: Sequence[int], seat: int) -> int:
    return sum(1 for c in cells if c == SOLDIER[seat])


def _state_at(match: "Match", ply: int) -> CannonState:
    """The position before entry ``ply`` (a Cannon match holds Cannon states)."""
    return cast(CannonState, match.state_at(ply))


def stats(match: "Match") -> list[Stat]:
    n = len(match.seats)
    taken = [0] * n          # enemy soldiers removed, whatever did it
    captures = [0] * n       # soldiers taken by stepping onto them
    shots = [0] * n          # cannon shots fired (each one removes a piece: a soldier or the town)
    retreats = [0] * n
    slides = [0] * n
    for i, entry in enumerate(match.log):
        seat = entry.player
        if seat < 0:
            continue                        # Cannon has no chance entries; be safe anyway
        move = cast(Move, entry.move)
        before = _state_at(match, i)
        # a capture of the town ends the game (the result says so): count soldiers only
        if move.kind == "capture" and before.cells[move.to] == SOLDIER[1 - seat]:
            captures[seat] += 1
        elif move.kind == "shot":
            shots[seat] += 1
        elif move.kind == "retreat":
            retreats[seat] += 1
        elif move.kind == "slide":
            slides[seat] += 1
        # soldiers taken from the difference of the positions, not from the move kind:
        # whatever the notation says, this is what left the board
        after = _state_at(match, i + 1)
        taken[seat] += _soldiers(before.cells, 1 - seat) - _soldiers(after.cells, 1 - seat)
    end = _state_at(match, match.ply).cells
    return [
        Stat("Soldiers taken", tuple(taken), "Enemy soldiers removed, by capture or by cannon shot"),
        Stat("Captures", tuple(captures), "Soldiers taken by stepping onto them"),
        Stat("Cannon shots", tuple(shots), "Every shot takes a piece: a soldier, or the town"),
        Stat("Retreats", tuple(retreats), "Two points back, away from an enemy next to the soldier"),
        Stat("Cannon slides", tuple(slides), "A cannon moving one point along its line"),
        Stat("Soldiers left", tuple(_soldiers(end, s) for s in range(n)), "Of the 15 each side starts with"),
    ]
