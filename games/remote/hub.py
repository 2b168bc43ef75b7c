"""The laptop's side of the phones: one :class:`PhoneHub` per open game with phone seats.

Two kinds of thread meet here, and only here:

* the **main (pygame) thread** owns the match. It calls :meth:`PhoneHub.pump`
  every frame while the hub runs; only ``pump`` calls the table
  (``payload_for`` to build what a seat may see, ``submit`` to play what a seat
  sent), so game objects are never touched by another thread;
* the **server threads** (:mod:`games.remote.server`) see tokens, statuses and
  already-encoded message texts, never a game object. What a phone asks for
  waits in :attr:`PhoneHub.inbox` until the next ``pump``.

Every shared field below is guarded by ``PhoneHub._lock``; nothing slow
(no network write, no table call) happens while it is held. See docs/phones.md.
"""
from __future__ import annotations

import atexit
import functools
import logging
import queue
import threading
import time
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

from games.remote import protocol
from games.remote.netaddr import PREFERRED_PORT, lan_address
from games.remote.server import Peer, PhoneServer
from games.remote.tokens import CodeDoor, new_code, new_token, normalise_code, same_secret, show_code

log = logging.getLogger(__name__)

Status = Literal["waiting", "joined", "lost", "revoked"]

#: open connections allowed per seat token: the seat's phone, plus one while a reconnect
#: replaces it (the older socket may take a moment to close)
SEAT_CONNECTIONS = 2


@dataclass(frozen=True)
class SeatInfo:
    """A phone seat as the phone shows it."""

    name: str
    colour: str  # "#rrggbb"


class PhoneTable(Protocol):
    """What :meth:`PhoneHub.pump` asks of the laptop's match (main thread only)."""

    def payload_for(self, seat: int) -> dict[str, Any]:
        """The seat's payload, built from ``view(seat)`` only: sent as is to that phone."""

    def submit(self, seat: int, kind: protocol.Kind, text: str | None) -> str | None:
        """Play what the seat sent: None when accepted, else why not (in words, for the phone)."""


@dataclass(frozen=True)
class Inbound:
    """One thing a phone asked for, waiting for the main thread."""

    seat: int
    peer: Peer
    message: protocol.Move | protocol.Perform


class _Seat:
    def __init__(self, info: SeatInfo) -> None:
        self.info = info
        self.token = new_token()
        self.code = new_code()
        self.code_live = True
        self.joined_once = False
        self.revoked = False
        self.revoked_why = protocol.WHY_REVOKED
        self.peer: Peer | None = None  # the phone that holds the seat now
        self.alive = 0  # open connections on this token (the current one and any on their way out)
        self.seq = 0  # of the last state sent; 0 = none yet
        self.payload_text: str | None = None
        self.needs_state = False  # a phone joined: send it the state even if unchanged
        self.held_sent: str | None = None  # the hold this seat's phone was last told of
        # the phone key: given to the first phone that joins; the seat then opens only for
        # a connection that shows it (a lost seat's link on the laptop's screen, scanned by
        # another phone, read that seat's secrets: a probe of the third session)
        self.key: str | None = None

    def renew(self) -> None:
        self.token = new_token()
        self.code = new_code()
        self.code_live = True
        self.joined_once = False
        self.key = None


class PhoneHub:
    """Tokens, codes and connections for the phone seats of one open game.

    ``seats`` maps each phone seat's number (the match's seat index) to its
    name and colour. ``game`` is the game id the phones are told in ``hello``.
    ``host`` is ``"auto"`` (the laptop's LAN address, :func:`lan_address`) or an
    address to listen on; ``port`` is the preferred port (the next free one is
    taken when it is busy) or 0 for any free port. ``clock`` is for tests (rate
    and lockout windows); ``notify`` is called from a server thread whenever the
    main thread has something new to look at (a message in the inbox, a status
    change): the app passes something thread-safe that wakes its loop, such as
    posting a pygame event.
    """

    def __init__(self, seats: Mapping[int, SeatInfo], *, game: str = "", host: str = "auto",
                 port: int = PREFERRED_PORT, page_dir: Path | str | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 notify: Callable[[], None] | None = None) -> None:
        if not seats:
            raise ValueError("a phone hub needs at least one phone seat")
        self.game = game
        self.notify = notify
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._seats = {seat: _Seat(info) for seat, info in seats.items()}
        self._door = CodeDoor(clock)
        self._changes = 0
        self._stopped = False
        self.inbox: queue.SimpleQueue[Inbound] = queue.SimpleQueue()
        self._server = PhoneServer(self, lan_address() if host == "auto" else host, port,
                                   page_dir=page_dir, clock=clock)

    # -- life (main thread) ---------------------------------------------------------------

    def start(self) -> None:
        """Listen and serve. :raises OSError: when no port can be listened on."""
        if self._stopped:
            raise RuntimeError("a stopped phone hub cannot start again; make a new one")
        if self._server.running:
            return
        self._server.start()
        # Run before the interpreter waits for non-daemon threads (websockets' handler
        # threads are not daemons): an app that quits without stop() still ends. The
        # private hook is the one concurrent.futures uses; plain atexit runs only after
        # that wait, which would never end while a phone is connected.
        # A weak reference, so a hub that was stopped and dropped is not kept for the exit.
        at_exit = functools.partial(_stop_at_exit, weakref.ref(self))
        register = getattr(threading, "_register_atexit", None)
        try:
            if register is not None:
                register(at_exit)
        except RuntimeError:
            log.warning("the interpreter is already shutting down; the phone server is stopped by atexit")
            register = None
        if register is None:
            atexit.register(at_exit)

    def stop(self, why: str = protocol.WHY_CLOSED) -> None:
        """Say ``bye`` to every phone, close every socket, free the port and end the
        server's threads. Idempotent; also runs when the interpreter exits."""
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
            for seat in self._seats.values():
                seat.peer = None
            self._bump()
        # The server closes every socket it has (the seats' and the code door's) with the bye.
        self._server.stop(protocol.bye(why), protocol.CLOSE_GOING_AWAY, why)

    @property
    def running(self) -> bool:
        return self._server.running

    def revive(self) -> bool:
        """Serve again after the server's thread ended on its own (see ``PhoneServer.revive``)."""
        return self._server.revive()

    # -- what the laptop shows (any thread) -----------------------------------------------

    @property
    def address(self) -> str:
        """host:port the phones use, e.g. "192.168.1.5:8765"."""
        if not self._server.running and self._server.port == 0:
            raise RuntimeError("the phone hub has not started")
        return self._server.address

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats still played on phones (a revoked seat is not)."""
        with self._lock:
            return tuple(n for n, s in self._seats.items() if not s.revoked)

    def info(self, seat: int) -> SeatInfo:
        with self._lock:
            return self._seat(seat).info

    def url(self, seat: int) -> str:
        """The seat's link (for its QR code): the page, with the seat's token in the path."""
        address = self.address
        with self._lock:
            return f"http://{address}/s/{self._live(seat).token}"

    def code(self, seat: int) -> str:
        """The seat's short code as shown ("ABCD-EFGH"). It works until a phone joins the
        seat (a new link, :meth:`new_link`, brings a fresh one)."""
        with self._lock:
            return show_code(self._live(seat).code)

    def status(self, seat: int) -> Status:
        """"waiting" (never joined), "joined" (a phone holds it), "lost" (joined once, no
        phone now), "revoked" (played on the laptop now)."""
        with self._lock:
            return self._status(self._seat(seat))

    def waiting_for(self) -> tuple[int, ...]:
        """Phone seats with no phone now, for "waiting for Ana"."""
        with self._lock:
            return tuple(n for n, s in self._seats.items() if not s.revoked and s.peer is None)

    @property
    def changes(self) -> int:
        """Goes up by one at every status change: redraw the join screen when it moved."""
        with self._lock:
            return self._changes

    def wait_for_change(self, seen: int, timeout: float) -> int:
        """Block until :attr:`changes` differs from ``seen`` (or ``timeout`` passes) and
        return it. For tests and tools; the app polls :attr:`changes` instead."""
        with self._changed:
            self._changed.wait_for(lambda: self._changes != seen, timeout)
            return self._changes

    def _seat(self, seat: int) -> _Seat:
        try:
            return self._seats[seat]
        except KeyError:
            raise KeyError(f"seat {seat} is not a phone seat (phone seats: {sorted(self._seats)})") from None

    def _live(self, seat: int) -> _Seat:
        s = self._seat(seat)
        if s.revoked:
            raise KeyError(f"seat {seat} is played on the laptop now, not on a phone")
        return s

    @staticmethod
    def _status(s: _Seat) -> Status:
        if s.revoked:
            return "revoked"
        if s.peer is not None:
            return "joined"
        return "lost" if s.joined_once else "waiting"

    def _bump(self) -> None:
        # Called with the lock held.
        self._changes += 1
        self._changed.notify_all()

    def _wake(self) -> None:
        if self.notify is not None:
            self.notify()

    # -- the host's choices (main thread) -------------------------------------------------

    def revoke(self, seat: int, why: str = protocol.WHY_REVOKED) -> None:
        """The seat is played on the laptop (or by the computer) from now on: its phone is
        told so (``why``: :data:`protocol.WHY_REVOKED` or :data:`protocol.WHY_TO_COMPUTER`)
        and closed, and its token and code stop working."""
        with self._lock:
            s = self._live(seat)
            s.revoked = True
            s.revoked_why = why
            s.code_live = False
            peer, s.peer = s.peer, None
            self._bump()
        log.info("seat %d is no longer a phone seat", seat)
        if peer is not None:
            peer.finish(protocol.bye(why), protocol.CLOSE_NORMAL, why)

    def new_link(self, seat: int) -> None:
        """A new link, code and phone key for one seat (its phone is lost for good, or a
        stranger's phone holds it): the old link stops working, a phone on it is told so,
        and the next phone to join is the seat's. Done on the laptop, in sight of the table."""
        with self._lock:
            s = self._live(seat)
            peer, s.peer = s.peer, None
            s.renew()
            s.seq = 0
            s.payload_text = None
            s.needs_state = False
            self._bump()
        log.info("seat %d: a new link", seat)
        if peer is not None:
            peer.finish(protocol.bye(protocol.WHY_NEW_LINK), protocol.CLOSE_NORMAL, protocol.WHY_NEW_LINK)

    def fresh_tokens(self) -> None:
        """New tokens and codes for every phone seat (a saved game resumed): the old links
        stop working and phones still on them are told to scan again."""
        with self._lock:
            peers = []
            for s in self._seats.values():
                if s.revoked:
                    continue
                if s.peer is not None:
                    peers.append(s.peer)
                    s.peer = None
                s.renew()
                s.seq = 0
                s.payload_text = None
                s.needs_state = False
            self._bump()
        log.info("fresh phone links for seats %s", sorted(self.seats))
        for peer in peers:
            peer.finish(protocol.bye(protocol.WHY_NEW_LINKS), protocol.CLOSE_NORMAL, protocol.WHY_NEW_LINKS)

    # -- the main thread's turn -----------------------------------------------------------

    def pump(self, table: PhoneTable, *, republish: bool = True, held: str | None = None) -> int:
        """Bring the phones and the match together; call it every frame while the hub runs.

        1. Every joined seat whose payload changed gets a new ``state`` (its ``seq`` one
           up); a seat that just joined gets its state even if nothing changed.
           With ``republish=False`` only the just-joined seats are looked at (for a
           caller that knows nothing changed).
        2. What the phones sent is played through ``table.submit`` in arrival order:
           a move answering an older state is refused without asking the table
           ("The game moved on; look again."), as is anything from a phone that lost
           its seat meanwhile; a refusal goes back to that phone in words.
        3. If anything was accepted, the payloads are looked at again.

        ``held``: why the laptop holds the phones' moves now (None: it does not). Each
        joined phone is told when it changes (a ``held`` message, after its state), so a
        phone can say "the laptop has a menu open" before its player taps Play.

        Returns how many phone messages were handled.
        """
        self._publish(table, everyone=republish)
        self._tell_held(held)
        handled = 0
        accepted = False
        while True:
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                break
            handled += 1
            why = self._play(table, item)
            if why is None:
                accepted = True
            else:
                item.peer.send(protocol.refused(why))
        if accepted:
            self._publish(table, everyone=True)
        return handled

    def _tell_held(self, held: str | None) -> None:
        with self._lock:
            for s in self._seats.values():
                if s.peer is not None and not s.needs_state and s.held_sent != held:
                    s.held_sent = held
                    s.peer.send(protocol.held(held))

    def _play(self, table: PhoneTable, item: Inbound) -> str | None:
        with self._lock:
            s = self._seats.get(item.seat)
            if s is None or s.revoked or s.peer is not item.peer:
                holder = None
            else:
                holder = s
            seq = s.seq if s is not None else 0
        if holder is None:
            log.info("seat %d: dropped a message from a phone that no longer holds the seat", item.seat)
            return "This phone no longer holds the seat."
        message = item.message
        if isinstance(message, protocol.Move):
            if message.seq != seq:
                log.info("seat %d: a move for state %d refused, the seat is at %d", item.seat, message.seq, seq)
                return protocol.WHY_MOVED_ON
            why = table.submit(item.seat, "move", message.text)
        else:
            why = table.submit(item.seat, "perform", None)
        if why is not None:
            log.info("seat %d: %s refused: %s", item.seat, type(message).__name__.lower(), why)
        return why

    def _publish(self, table: PhoneTable, everyone: bool) -> None:
        with self._lock:
            targets = [n for n, s in self._seats.items()
                       if s.peer is not None and (everyone or s.needs_state)]
        for seat in targets:
            payload = table.payload_for(seat)
            if not isinstance(payload, dict):
                raise TypeError(f"payload_for({seat}) gave a {type(payload).__name__}, not a dict")
            text = protocol.encode(payload)
            with self._lock:
                s = self._seats[seat]
                peer = s.peer
                if peer is None:
                    continue  # gone while we were building
                changed = text != s.payload_text
                if not changed and not s.needs_state:
                    continue
                if changed:
                    s.seq += 1
                    s.payload_text = text
                s.needs_state = False
                message = protocol.state(s.seq, text)
            peer.send(message)

    # -- the server threads' side (Doorkeeper) --------------------------------------------

    def seat_for_token(self, token: str) -> int | None:
        with self._lock:
            if self._stopped:
                return None
            found = None
            # Compare with every live token in constant time; no early exit.
            for seat, s in self._seats.items():
                if not s.revoked and same_secret(s.token, token):
                    found = seat
            return found

    def join(self, seat: int, peer: Peer, key: str = "") -> str | None:
        with self._lock:
            s = self._seats[seat]
            if self._stopped or s.revoked:
                return protocol.WHY_CLOSED if self._stopped else s.revoked_why
            if s.key is not None and not same_secret(s.key, key):
                return protocol.WHY_TAKEN
            if s.alive >= SEAT_CONNECTIONS:
                return protocol.WHY_SEAT_BUSY
            if s.key is None:
                s.key = new_token()
            s.alive += 1
            older, s.peer = s.peer, peer
            s.joined_once = True
            s.code_live = False  # the code has done its job (or was never needed)
            s.needs_state = True
            s.held_sent = None   # a new page knows of no hold: told after its state
            self._bump()
            hello = protocol.hello(self.game, seat, s.info.name, s.info.colour, s.key)
            # Queued under the lock so the hello is the first thing this phone gets, before
            # any state the main thread may send the moment it sees the seat joined.
            peer.send(hello)
        if older is not None:
            # The newer phone takes the seat: this is what a reconnect after a sleep looks like.
            log.info("seat %d: opened on another connection; the older one is told and closed", seat)
            older.finish(protocol.replaced(), protocol.CLOSE_NORMAL, protocol.WHY_REPLACED)
        else:
            log.info("seat %d joined", seat)
        self._wake()
        return None

    def leave(self, seat: int, peer: Peer) -> None:
        with self._lock:
            s = self._seats[seat]
            s.alive -= 1
            if s.peer is peer:
                s.peer = None
                # the seat waits for its own phone (it comes back with its key); a phone that
                # lost its page for good needs the laptop to give the seat a new link
                self._bump()
                lost = True
            else:
                lost = False
        if lost:
            log.info("seat %d: its phone is gone", seat)
            self._wake()

    def received(self, seat: int, peer: Peer, message: protocol.Move | protocol.Perform) -> None:
        self.inbox.put(Inbound(seat, peer, message))
        self._wake()

    def exchange_code(self, typed: str) -> str:
        code = normalise_code(typed)
        with self._lock:
            if self._door.closed_for() > 0:
                return protocol.refused(self._door.closed_message())
            found, used = None, False
            for seat, s in self._seats.items():
                if s.code_live and not s.revoked and same_secret(s.code, code):
                    found = seat, s.token
                elif s.code and not s.revoked and same_secret(s.code, code):
                    used = True          # the right code, spent when its seat joined
            if found is None and used:
                # said as it is, not "not right" (a play-test typed the real code after
                # joining by QR); not counted as a guess: it is no way in
                return protocol.refused(protocol.WHY_USED_CODE)
            if found is None:
                self._door.record_wrong()
                log.warning("code door: a wrong code (%d so far)", self._door.wrong)
                if self._door.closed_for() > 0:
                    return protocol.refused(f"{protocol.WHY_BAD_CODE} {self._door.closed_message()}")
                return protocol.refused(protocol.WHY_BAD_CODE)
        log.info("code door: seat %d's code exchanged for its link", found[0])
        return protocol.token(found[1], found[0])


def _stop_at_exit(ref: weakref.ref[PhoneHub]) -> None:
    hub = ref()
    if hub is not None and hub.running:
        log.info("stopping the phone server as the app exits")
        hub.stop()
