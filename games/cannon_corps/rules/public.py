"""What the whole Cannon Corps table knows of each seat, as plain data (no pygame):
the board draws it and the phone sends it.

The board draws only from a seat's :class:`~games.cannon_corps.rules.CorpsView`.
Public facts are rebuilt from a *prefix* of the public event log, so an
animation can reveal a shot's consequences one step at a time (the answers,
then the damage, then the cover decision) while the view already holds the
end result; with the whole log the result equals the view's own fields (a
test checks this).  The viewing seat's own dice are taken from the view, or,
while an animation runs, from a small mutable copy the animation updates.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.cannon_corps.rules.events import (
    AnswerEvent, DefeatedEvent, DeployEvent, EliminatedEvent, Event, Grid, RevealEvent, SetupEvent, ShotEvent,
    WinnerEvent, knowledge_from_events)
from games.cannon_corps.rules.moves import DICE, SPACES


@dataclass
class SeatInfo:
    """What the whole table knows about one seat."""
    seat: int
    set_up: bool = False                 # has hidden its four platoons
    platoons: int = 0                    # on the grid
    reserves: int = 3                    # dice left to deploy
    defeated: list[str] = field(default_factory=list)   # dice kinds, in order of defeat
    out: bool = False
    revealed: dict[str, tuple[str, int]] | None = None   # space -> (die, value) once eliminated / at the end
    knowledge: dict[str, dict[str, Any]] = field(default_factory=dict)  # space -> {"answer","turn","ago","result"}
    winner: bool = False

    @property
    def left(self) -> int:
        """Defeats this seat can still take before it is out."""
        return max(0, 4 - len(self.defeated))


def public_table(events: Sequence[Event], n_seats: int, upto: int | None = None) -> list[SeatInfo]:
    """Per seat, what the first ``upto`` public events tell the table."""
    evs = events if upto is None else events[:upto]
    seats = [SeatInfo(s) for s in range(n_seats)]
    now = max((e.turn for e in evs), default=0)
    for e in evs:
        s = e.seat
        if not 0 <= s < n_seats:
            continue
        info = seats[s]
        if isinstance(e, SetupEvent):
            info.set_up = True
            info.platoons = 4
        elif isinstance(e, DefeatedEvent):
            info.defeated.append(e.die)
            info.platoons = max(0, info.platoons - 1)
        elif isinstance(e, DeployEvent):
            info.platoons += 1
            info.reserves = max(0, info.reserves - 1)
        elif isinstance(e, EliminatedEvent):
            info.out = True
            info.platoons = 0
            info.reserves = 0
            info.revealed = grid_marks(e.grid)
        elif isinstance(e, RevealEvent):
            info.revealed = grid_marks(e.grid)
        elif isinstance(e, WinnerEvent):
            info.winner = True
    for info in seats:
        info.knowledge = knowledge_from_events(evs, info.seat, now)
    return seats


def army_words(info: SeatInfo) -> tuple[str, ...]:
    """What is left of a seat's army, longest wording first (the panel takes the
    first that fits).  Every wording states both counts, the platoons on the grid
    and the dice waiting in reserve, so no shortening drops a fact; a seat whose
    platoon fell and has not yet deployed shows one fewer on the grid and its
    reserve unchanged.  Counts only: which dice wait in reserve is that seat's
    secret (the whole table may count them, nobody else may name them)."""
    g, r = info.platoons, info.reserves
    if r:
        return (f"{g} on grid, {r} in reserve", f"{g} on grid, {r} in res.", f"{g} grid, {r} res.", f"{g}+{r} res.")
    return (f"{g} on grid, no reserve", f"{g} on grid, no res.", f"{g} grid, 0 res.", f"{g}+0 res.")


def revealed_reserves(info: SeatInfo) -> list[str]:
    """The dice a revealed seat still held in reserve, in DICE order: at the game's end
    every grid is turned up, so the seven dice less those on the grid and those
    defeated are the table's to name (before the end only their count is)."""
    if not info.revealed or not info.reserves:
        return []
    used = {die for die, _ in info.revealed.values()} | set(info.defeated)
    return [d for d in DICE if d not in used][:info.reserves]


def grid_marks(grid: Grid | None) -> dict[str, tuple[str, int]]:
    """A revealed grid as the table reads it: space -> (die, value)."""
    if not grid:
        return {}
    return {sp: (dv[0], int(dv[1])) for sp, dv in grid.items()}


@dataclass(frozen=True)
class LastShot:
    """The most recent shot and the answers heard so far (seat -> hit, in answer order)."""
    shot: ShotEvent
    answers: dict[int, bool]

    @property
    def seat(self) -> int:
        return self.shot.seat


def last_shot(events: Sequence[Event], upto: int | None = None) -> LastShot | None:
    """The most recent shot in the first ``upto`` events, with its answers."""
    evs = events if upto is None else events[:upto]
    for i in range(len(evs) - 1, -1, -1):
        e = evs[i]
        if isinstance(e, ShotEvent):
            answers = {a.seat: a.hit for a in evs[i + 1:] if isinstance(a, AnswerEvent) and a.turn == e.turn}
            return LastShot(e, answers)
    return None


def reserves_after(placed: Iterable[str]) -> list[str]:
    """The dice left in reserve once ``placed`` (die kinds) are on the grid."""
    return [d for d in DICE if d not in set(placed)]


def space_rc(space: str) -> tuple[int, int]:
    """'B3' -> (row 1, column 2)."""
    i = SPACES.index(space)
    return divmod(i, 4)
