"""A match seen through the phone hub: :class:`MatchTable`, the hub's ``PhoneTable``.

The hub (:mod:`games.remote.hub`) asks two things of the laptop's match, always on
the main thread: what a phone seat may see (``payload_for``) and to play what a
phone seat sent (``submit``). This adapter answers both from a
:class:`~games.core.driver.MatchDriver`, so the rules of who acts now live in the
driver only: a phone's move is played when, and only when, the driver says
``Act(seat, PHONE)`` for that very seat, and a perform when it says
``Chance(performer=seat, where=PHONE)``. Everything else is refused in words and
changes nothing.

A payload is built from ``state.view(seat)`` and public things only (names,
colours, the public log texts, the result): :func:`games.remote.payload.payload`.
After the end a seat keeps getting its final picture (``over`` and the result
line) from its own view; payload.py has no separate end-of-game reveal, and a
game whose view shows more once the game is over (Cannon Corps shows every grid)
shows it there.

No pygame here. The laptop frame passes ``on_played`` to show an accepted phone
move as it shows its own (animate it, go public, autosave): the table calls it
with the log entry and the full state from before the move, as
``GameScreen._after_move`` takes them.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from games.core.driver import Act, Chance, End, HandOver, MatchDriver, Step, Think, Where
from games.core.game import BadNotation, IllegalMove
from games.core.match import LogEntry
from games.core.registry import GameInfo
from games.remote import payload as payloads
from games.remote.protocol import Kind

log = logging.getLogger(__name__)

#: called after a phone's move or perform was applied: (its log entry, the full state before it)
OnPlayed = Callable[[LogEntry, Any], None]

WHY_OVER = "The game is over."
WHY_NOT_A_MOVE = "Type a move first."
WHY_NOTHING_TO_PERFORM = "There is nothing for you to perform now."


class MatchTable:
    """The phone hub's view of one match (see the module's docstring).

    ``names`` and ``colours``: every seat's display name and ``#rrggbb``, in seat
    order (what every phone shows of the seats). ``on_played``: see :data:`OnPlayed`.

    ``payload_for`` is asked for every joined seat at every pump (every frame), so
    a seat's payload is kept until the match moves on: the key holds the very
    objects that mark a position (the match, its state, its newest log entry) and
    the driver's step, so an undo, a redo or a new match is never mistaken for the
    old position even when Python reuses an object's address.
    """

    def __init__(self, driver: MatchDriver, info: GameInfo, names: Sequence[str], colours: Sequence[str],
                 on_played: OnPlayed | None = None) -> None:
        n = len(driver.match.seats)
        if len(names) != n or len(colours) != n:
            raise ValueError(f"{n} seats need {n} names and colours, not {len(names)} and {len(colours)}")
        self.driver = driver
        self.info = info
        self.names = [str(x) for x in names]
        self.colours = [str(c) for c in colours]
        self.on_played = on_played
        self._cache: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}

    # -- what a phone sees ------------------------------------------------------------

    def _position(self) -> tuple[Any, ...]:
        m = self.driver.match
        return (m, m.state, len(m.log), m.log[-1] if m.log else None)

    @staticmethod
    def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
        # Identity for the objects, equality for the numbers and the step.
        return (len(a) == len(b) and a[0] is b[0] and a[1] is b[1] and a[2] == b[2] and a[3] is b[3]
                and a[4] == b[4])

    def payload_for(self, seat: int) -> dict[str, Any]:
        """``seat``'s payload, from its own view and public things only."""
        step = self.driver.next()
        key = (*self._position(), step)
        cached = self._cache.get(seat)
        if cached is not None and self._same(cached[0], key):
            return cached[1]
        out = self._build(seat, step)
        self._cache[seat] = (key, out)
        return out

    def _build(self, seat: int, step: Step) -> dict[str, Any]:
        state = self.driver.match.state
        over = state.is_over()
        label = step.label if (isinstance(step, Chance) and step.performer == seat
                               and step.where is Where.PHONE) else None
        return payloads.payload(
            self.info, state.view(seat), seat, names=self.names, colours=self.colours,
            to_move=state.current_player(), performer_label=label,
            log_lines=self.driver.match.log, over=over,
            result=state.result_text(self.names) if over else None,
            winner=state.winner() if over else None,
            performer=step.performer if isinstance(step, Chance) else None)

    # -- what a phone sends -----------------------------------------------------------

    def submit(self, seat: int, kind: Kind, text: str | None) -> str | None:
        """Play what ``seat`` sent: None when accepted, else why not, in words.
        A refusal changes nothing."""
        step = self.driver.next()
        if kind == "move":
            why = self._why_not_move(seat, step)
            if why is not None:
                return why
            if text is None or not text.strip():
                return WHY_NOT_A_MOVE
            state = self.driver.match.state
            try:
                move = state.parse_move(text.strip())
            except BadNotation as exc:
                return f"I can't read that: {exc}"
            except IllegalMove as exc:
                return f"Not allowed now: {exc}"
            before = state.copy()
            try:
                entry = self.driver.play(move, seat=seat)
            except IllegalMove as exc:
                # parse_move said legal, so this is a game whose two checks disagree: say
                # so in the log, and refuse (the state is untouched by a refused apply)
                log.error("seat %d: %r parsed as legal but was refused: %s", seat, text, exc)
                return f"Not allowed now: {exc}"
        elif kind == "perform":
            if not (isinstance(step, Chance) and step.performer == seat and step.where is Where.PHONE):
                return WHY_OVER if isinstance(step, End) else WHY_NOTHING_TO_PERFORM
            before = self.driver.match.state.copy()
            entry = self.driver.apply_chance()
        else:
            log.error("seat %d: a %r from the hub, which sends only moves and performs", seat, kind)
            return f"Unknown request {kind!r}."
        log.info("seat %d played %s from its phone", seat, entry.public)
        if self.on_played is not None:
            self.on_played(entry, before)
        return None

    def _why_not_move(self, seat: int, step: Step) -> str | None:
        if isinstance(step, Act) and step.seat == seat:
            if step.where is Where.PHONE:
                return None
            return "This seat is played on the laptop now."
        if isinstance(step, End):
            return WHY_OVER
        if isinstance(step, Chance) and step.performer is not None:
            if step.performer == seat:
                return f"First tap {step.label or 'the button'} to perform it."
            return f"It is not your turn: waiting for {self._name(step.performer)}."
        if isinstance(step, (Act, Think, HandOver)):
            return f"It is not your turn: waiting for {self._name(step.seat)}."
        return "It is not your turn: the table is playing out chance."

    def _name(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat].strip():
            return self.names[seat]
        return f"Player {seat + 1}"
