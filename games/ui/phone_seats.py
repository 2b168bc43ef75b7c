"""The phone seats of one open game (issue 28): its phone server, and what the laptop
says about the phones.

Each :class:`~games.ui.game_screen.GameScreen` with phone seats owns one
:class:`PhoneSeats`, which owns one :class:`~games.remote.PhoneHub` (the server,
tokens and sockets) and one :class:`~games.remote.table.MatchTable` (the match as
the hub sees it). The hub runs from the moment the game opens (the join screen)
until it closes: leaving, a rematch, quitting, or the last phone seat handed to
the laptop; ``stop`` is idempotent. A game opened again (Continue, Load) gets a new
hub, so its links are new and the old ones are refused.

The hub is pumped from an app ticker, every frame whatever is on top, so a phone
that joins under the pause menu or a hand-over still gets its seat. What phones
send is played only while the laptop shows the game as it stands (no menu, no
review, no join screen in the way); otherwise it is refused in words and the phone
may send it again. While the board animates, phone moves wait in the hub's inbox,
as the computer's do.

``docs/phones.md`` is the server's contract; this module is the laptop's side.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from games.core.driver import Act, Chance, Where
from games.core.match import AI, HUMAN, Seat
from games.remote import PhoneHub, SeatInfo, protocol
from games.remote.netaddr import PREFERRED_PORT
from games.remote.table import MatchTable
from games.ui.widgets import seat_color

if TYPE_CHECKING:
    from games.ui.game_screen import GameScreen

log = logging.getLogger(__name__)

#: how each game's server is made (PhoneHub's keywords): where it listens ("auto": the
#: laptop's address on its network, never every interface) and the port it prefers (the
#: next free one when taken). Tests listen on loopback, on any free port, with their own clock.
HUB_OPTIONS: dict[str, Any] = {"host": "auto", "port": PREFERRED_PORT}

#: the level a phone seat handed to the computer plays at
COMPUTER_LEVEL = "normal"

#: why the laptop does not play a phone's move now (the phone may send it again)
WHY_JOINING = "The game starts when every phone has joined."
WHY_MENU = "The laptop has a menu open: play when it is closed."
WHY_REVIEW = "The laptop is looking back over the game: play when it is back."
WHY_PHONES = "The laptop is showing the phones' codes: play when the game is back."


class _Animating:
    """The board is playing a move out: phone moves wait in the inbox meanwhile."""


#: the gate's answer while the board animates (not a refusal: the move waits)
ANIMATING = _Animating()


def hex_colour(rgb: Any) -> str:
    r, g, b = (int(v) for v in tuple(rgb)[:3])
    return f"#{r:02x}{g:02x}{b:02x}"


class _Held:
    """The match's table while the laptop cannot play a phone's move: the phones still
    see their seats (joins, rejoins), and a move or perform is refused with ``why``."""

    def __init__(self, table: MatchTable, why: str) -> None:
        self.table = table
        self.why = why

    def payload_for(self, seat: int) -> dict[str, Any]:
        return self.table.payload_for(seat)

    def submit(self, seat: int, kind: Any, text: str | None) -> str | None:
        log.info("seat %d: a phone's %s held back: %s", seat, kind, self.why)
        return self.why


class PhoneSeats:
    """The phone side of one game screen (see the module's doc)."""

    def __init__(self, game: GameScreen, kept: PhoneHub | None = None) -> None:
        self.game = game
        self._kept = kept                        # the last game's hub, for a rematch in the same seats
        self.hub: PhoneHub | None = None
        self.table: MatchTable | None = None
        self._published: tuple | None = None   # the position the phones were last shown

    @property
    def app(self) -> Any:
        return self.game.app

    @property
    def match(self) -> Any:
        return self.game.match

    def seats(self) -> list[int]:
        """The seats played on phones now."""
        return self.game.driver.phone_seats()

    @property
    def running(self) -> bool:
        return self.hub is not None

    # -- life ------------------------------------------------------------------------------
    def open(self) -> None:
        """The game opened (or "Try again"): start the server and show the join screen,
        or say why phones cannot join and offer to play their seats here. A finished
        game needs no phones."""
        kept, self._kept = self._kept, None
        if self.running or not self.seats() or self.match.is_over():
            if kept is not None:
                kept.stop()
            return
        if kept is not None and kept.running and sorted(kept.seats) == self.seats():
            self._attach(kept)           # the same seats again: the phones stay joined
            if all(kept.status(s) == "joined" for s in kept.seats):
                return
        else:
            if kept is not None:
                kept.stop()
            try:
                self.start()
            except OSError as exc:
                log.error("the phone server could not start: %s", exc, exc_info=exc)
                self._cannot_start(exc)
                return
        from games.ui import router
        router.open("join", self.app, self.game, gate=True)

    def start(self) -> None:
        """Start the hub for the phone seats. :raises OSError: no port to listen on."""
        names, colours = self.match.names(), self._colours()
        seats = {i: SeatInfo(names[i], colours[i]) for i in self.seats()}
        hub = PhoneHub(seats, game=self.game.info.id, notify=self.app.waker, **HUB_OPTIONS)
        hub.start()
        log.info("phone server for %s at %s (seats %s)", self.game.info.id, hub.address, sorted(seats))
        self._attach(hub)

    def _attach(self, hub: PhoneHub) -> None:
        """Serve this game's match through ``hub`` (a new one, or the last game's)."""
        self.hub = hub
        self.table = MatchTable(self.game.driver, self.game.info, self.match.names(), self._colours(),
                                on_played=self.game.phone_played)
        self._published = None
        self.app.tickers.append(self.tick)

    def _colours(self) -> list[str]:
        """Every seat's colour as the laptop draws it (the phones show the same)."""
        return [hex_colour(seat_color(self.game.theme, i)[0]) for i in range(len(self.match.seats))]

    def keep_for_rematch(self) -> PhoneHub | None:
        """The same seats play again: the hub goes on to the next game, running (its
        phones stay joined and are sent the new game); this game lets go of it."""
        hub = self.hub
        if hub is not None:
            self._unhook()
        return hub

    def _unhook(self) -> None:
        if self.tick in self.app.tickers:
            self.app.tickers.remove(self.tick)
        self.hub = None
        self.table = None

    def stop(self) -> None:
        """Say bye to the phones and free the port (idempotent)."""
        hub = self.hub
        self._unhook()
        if hub is not None:
            hub.stop()
            log.info("phone server stopped")

    def _cannot_start(self, exc: OSError) -> None:
        from games.ui.dialogs import Dialog
        why = exc.strerror or str(exc) or type(exc).__name__
        text = (f"The phone server could not start ({why}), so phones cannot join this game. "
                "Try again, or play the phone seats on this laptop.")
        self.app.push(Dialog(self.app, "Phones can't join", text, vertical=True, buttons=(
            ("Play them on this laptop", self.all_here, None),
            ("Try again", self.open, None),
            ("Main menu", lambda: self.game.leave(force=True), None),
        )))

    # -- every frame -----------------------------------------------------------------------
    def tick(self, _dt: float) -> None:
        """Pump the hub: phones that joined get their seat, what they sent is played (or
        refused in words), and every phone sees the position when it changed."""
        hub, table = self.hub, self.table
        if hub is None or table is None:
            return
        if not hub.running:
            hub.revive()               # its serve thread ended (out of file handles): listen again
        why = self.game.phones_wait()
        if why is ANIMATING:
            if not hub.inbox.empty():
                return                 # played once the board has shown the last move
            # nothing to play: pump for the phones that just joined. (A move that lands in
            # this very instant is played now; the board queues its animation after the last.)
            why = None
        shown = self._position()
        hub.pump(table if why is None else _Held(table, str(why)), republish=shown != self._published,
                 held=None if why is None else str(why))
        self._published = shown

    def _position(self) -> tuple:
        """What the phones' pictures depend on: the position (and any jump to another by
        undo or redo) and who plays which seat."""
        m = self.match
        return (self.game.moved_count(), len(m.log), tuple((s.kind, s.phone) for s in m.seats))

    # -- what the laptop says -----------------------------------------------------------------
    def status(self, seat: int) -> str | None:
        """"waiting", "joined" or "lost" for a phone seat; None for any other."""
        hub = self.hub
        if hub is None or seat not in hub.seats:
            return None
        return hub.status(seat)

    def deciding(self) -> int | None:
        """The phone seat the game waits for now (its decision or its spin), if any."""
        step = self.game.driver.next()
        if isinstance(step, Act) and step.where is Where.PHONE:
            return step.seat
        if isinstance(step, Chance) and step.performer is not None and step.where is Where.PHONE:
            return step.performer
        return None

    def banner_line(self) -> tuple[str, bool] | None:
        """The banner's line while a phone decides: whom the game waits for, or that the
        phone is gone (an error line). None when no phone is deciding."""
        seat = self.deciding()
        if seat is None or self.hub is None:
            return None
        name = self.match.seats[seat].name
        status = self.status(seat)
        if status == "lost":
            return f"{name}'s phone lost its connection: reopen the link to rejoin", True
        if status == "waiting":
            return f"Waiting for {name}'s phone to join", False
        return f"Waiting for {name}'s phone", False

    # -- the host's choices ------------------------------------------------------------------
    def play_here(self, seat: int) -> None:
        """The seat is played at the laptop from now on (hot-seat)."""
        self._turn_into(seat, Seat(HUMAN, "normal", self.match.seats[seat].name))

    def computer(self, seat: int, level: str = COMPUTER_LEVEL) -> None:
        """The computer plays the seat from now on."""
        self._turn_into(seat, Seat(AI, level, self.match.seats[seat].name))

    def all_here(self) -> None:
        for seat in self.seats():
            self.play_here(seat)

    def _turn_into(self, seat: int, new: Seat) -> None:
        if not self.match.seats[seat].phone:
            return
        hub = self.hub
        if hub is not None and seat in hub.seats:
            # its phone is told who plays it now, and its link stops working
            hub.revoke(seat, protocol.WHY_REVOKED if new.is_human else protocol.WHY_TO_COMPUTER)
        self.match.seats[seat] = new
        log.info("seat %d (%s) is now %s", seat, new.name, "played here" if new.is_human else f"the computer, {new.level}")
        self.game.seats_changed()
        if hub is not None and not hub.seats:
            self.stop()                # no phone seat left: nothing to listen for
