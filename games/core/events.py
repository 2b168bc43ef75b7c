"""What happened: the one idiom every game uses to tell the table about a move.

A move's effects are told as a short sequence of **events**: small frozen dataclasses,
one class per kind of thing that can happen (a piece stepped, a shot was declared, a
bridge gave way). The rules make them (``GameState.events_of``), pure and typed, when a
move is applied; the match keeps them on the log entry (``LogEntry.events``); a board
plans its animation from them, in their order, and never re-derives what happened from
a move's text or from comparing positions.

Events are **public**: only what the whole table saw. A seat's secrets (its hidden
set-up, the card it chose) never go into an event; a board that shows its own seat more
reads that seat's view (Cannon Corps' private notes). The conformance suite checks it
for every hidden-information game: the events made from the full positions equal the
events made from the public views of the same positions.

Every game's event base class derives from :class:`Event` (a slot-less mixin, so a
game's base may be a ``slots=True`` dataclass) and names its ``kind``.
"""
from __future__ import annotations

from typing import ClassVar, Sequence


class Event:
    """Base of every game's typed events (frozen dataclasses).

    ``kind`` is a short constant naming the class's kind of happening (what logs and
    tests may print); ``text(names)`` one line in words, for the games that log it
    (``names``: the seats' display names)."""
    __slots__ = ()
    kind: ClassVar[str] = "event"

    def text(self, names: Sequence[str | None] | None = None) -> str:
        return self.kind


#: what a move did, in order
Events = tuple[Event, ...]


class ChanceEvent(Event):
    """An event that tells a chance outcome itself (the die that came up): public by
    nature, since the whole table watches a roll. Only a chance outcome's entry may
    carry one (the conformance suite checks it)."""
    __slots__ = ()
