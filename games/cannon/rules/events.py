"""Cannon: what a move did, as typed events (``CannonState.events_of``; see
:mod:`games.core.events`). Pure Python, no pygame.

A move makes one of :class:`TownPlaced`, :class:`SoldierMoved` or :class:`CannonShot`,
followed by :class:`TownFell` when it takes a town. Each carries the pieces involved
(as cell codes), so the board animates from the event alone, never from the move's
text or a comparison of positions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Sequence

from games.core.events import Event

from .squares import EMPTY, PLAYER_NAMES, square_name


@dataclass(frozen=True, slots=True)
class TownPlaced(Event):
    """``player`` set their town down on ``at`` (``piece``: the town's cell code)."""
    kind: ClassVar[str] = "placed"
    player: int
    at: int
    piece: int

    def text(self, names: Sequence[str | None] | None = None) -> str:
        return f"{PLAYER_NAMES[self.player]} placed the town on {square_name(self.at)}"


@dataclass(frozen=True, slots=True)
class SoldierMoved(Event):
    """A soldier went from ``frm`` to ``to``: ``how`` is "step", "retreat", "slide"
    (the back of a cannon to the far end) or "capture" (``taken``: the piece taken)."""
    kind: ClassVar[str] = "moved"
    player: int
    how: str
    frm: int
    to: int
    piece: int
    taken: int = EMPTY

    def text(self, names: Sequence[str | None] | None = None) -> str:
        sep = "x" if self.how == "capture" else "-"
        return f"{PLAYER_NAMES[self.player]} {self.how}: {square_name(self.frm)}{sep}{square_name(self.to)}"


@dataclass(frozen=True, slots=True)
class CannonShot(Event):
    """The cannon on ``cannon`` (its three squares, ascending) fired from its front
    soldier ``frm`` at ``at`` and took ``taken``; nothing of the cannon moves."""
    kind: ClassVar[str] = "shot"
    player: int
    cannon: tuple[int, int, int]
    frm: int
    at: int
    piece: int
    taken: int

    def text(self, names: Sequence[str | None] | None = None) -> str:
        return f"{PLAYER_NAMES[self.player]} shot {square_name(self.frm)}*{square_name(self.at)}"


@dataclass(frozen=True, slots=True)
class TownFell(Event):
    """``player``'s town on ``at`` was taken (the game is over)."""
    kind: ClassVar[str] = "town_fell"
    player: int
    at: int

    def text(self, names: Sequence[str | None] | None = None) -> str:
        return f"{PLAYER_NAMES[self.player]}'s town on {square_name(self.at)} fell"


#: the event that tells the move itself (the first of a move's events)
MoveEvent = TownPlaced | SoldierMoved | CannonShot
