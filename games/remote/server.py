"""The phone server's transport: one port for the page (HTTP) and the sockets (WebSocket).

It runs websockets' threaded server (``websockets.sync.server``) in a daemon
thread; each connection gets a handler thread from websockets and a writer
thread from us. It knows nothing of games: it serves static files, checks the
``Origin``, reads and checks messages (size, rate, shape) and hands seat
messages to a :class:`Doorkeeper` (the :class:`~games.remote.hub.PhoneHub`),
which owns tokens, seats and the inbox. See docs/phones.md for the contract.

Why a writer thread per connection: websockets does not document its threaded
``send`` as safe to call from other threads. Its source serialises sends with a
lock, but the lock is held while the bytes are written, so a phone on bad Wi-Fi
could block whoever sends. The pygame thread must never wait for a phone, so
every outgoing message goes into the connection's queue and its own thread
writes it; a phone that stops reading is dropped once its queue is long.
"""
from __future__ import annotations

import collections
import http
import inspect
import logging
import os
import queue
import re
import stat
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State
from websockets.sync.server import Server, ServerConnection, serve

from games.remote import protocol
from games.remote.netaddr import host_port, is_loopback, listen
from games.remote.tokens import TOKEN_SHAPE

log = logging.getLogger(__name__)

#: where the phone page lives in the app (the page helper's files)
PAGE_DIR = Path(__file__).resolve().parent / "page"

#: messages waiting for one phone before it counts as not reading (a state is at most 16 KiB)
OUTBOX_LIMIT = 64
#: the largest frame websockets itself accepts; between MAX_MESSAGE and this a phone gets
#: our "too long" in words before the close, past it websockets closes with 1009 on its own
FRAME_LIMIT = 64 * 1024
#: open connections allowed on the code door at once
CODE_DOOR_CONNECTIONS = 8
#: seconds a code-door connection may stay without sending its code
CODE_WAIT = 30.0
#: seconds for a client to finish the HTTP/WebSocket opening (stop() may wait this long
#: for a half-open connection, so it is short)
OPEN_TIMEOUT = 3.0
#: seconds to wait for a phone's answer to our close (a sleeping phone never answers)
CLOSE_TIMEOUT = 2.0
#: keepalive pings, so a phone gone without a goodbye (Wi-Fi off) shows as lost within ~20 s
PING_INTERVAL = 10.0
PING_TIMEOUT = 10.0

_CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}
#: a file name the page folder may serve: no folders, no dot files, no "..", a known extension
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*")


class Doorkeeper(Protocol):
    """What the transport asks of the hub. Every method is called from a server
    thread and must be quick and thread-safe (no game objects, no I/O)."""

    def seat_for_token(self, token: str) -> int | None: ...

    def join(self, seat: int, peer: Peer, key: str = "") -> str | None:
        """Seat ``peer`` (replacing an older phone of the seat: ``key``, the phone key the
        seat's first phone was given); None, or why it is refused."""

    def leave(self, seat: int, peer: Peer) -> None: ...

    def received(self, seat: int, peer: Peer, message: protocol.Move | protocol.Perform) -> None: ...

    def exchange_code(self, typed: str) -> str:
        """The reply (a ``token`` or ``refused`` message text) to a typed code."""


@dataclass(frozen=True)
class _Close:
    last: str | None
    code: int
    reason: str


class Peer:
    """One open WebSocket: its outgoing queue, its writer thread, its rate window.

    ``send`` and ``finish`` may be called from any thread; nothing is ever
    written to the socket outside the writer thread."""

    def __init__(self, ws: ServerConnection, label: str, clock: Callable[[], float]) -> None:
        self.ws = ws
        self.label = label
        self._clock = clock
        self._queue: queue.Queue[str | _Close] = queue.Queue()
        self._lock = threading.Lock()
        self._finished = False
        self._times: collections.deque[float] = collections.deque()
        self._writer = threading.Thread(target=self._write, name=f"phone-writer {label}", daemon=True)
        self._writer.start()

    def __repr__(self) -> str:
        return f"<Peer {self.label} {self.ws.id}>"

    @property
    def finished(self) -> bool:
        return self._finished

    def send(self, text: str) -> None:
        """Queue one message. Dropped once the peer is finishing (it is on its way out)."""
        with self._lock:
            if self._finished:
                log.debug("not sent to %s, which is closing: %.80s", self.label, text)
                return
            too_many = self._queue.qsize() >= OUTBOX_LIMIT
            if not too_many:
                self._queue.put(text)
                return
        log.warning("%s has %d unread messages: dropping it", self.label, OUTBOX_LIMIT)
        self.finish(protocol.error(protocol.WHY_TOO_SLOW), protocol.CLOSE_TRY_LATER, protocol.WHY_TOO_SLOW)

    def finish(self, last: str | None, code: int, reason: str) -> None:
        """Send ``last`` (if any) after what is queued, then close with ``code``.
        Only the first call counts: the first reason to close is the one the phone sees."""
        with self._lock:
            if self._finished:
                return
            self._finished = True
            self._queue.put(_Close(last, code, _close_reason(reason)))

    def over_rate(self) -> bool:
        """Count one received message; True when it is one too many for the window."""
        now = self._clock()
        self._times.append(now)
        while self._times and now - self._times[0] >= protocol.RATE_WINDOW:
            self._times.popleft()
        return len(self._times) > protocol.RATE_LIMIT

    def wait(self, timeout: float) -> bool:
        """Wait for the writer to end (after :meth:`finish`); True if it did."""
        self._writer.join(timeout)
        return not self._writer.is_alive()

    def _write(self) -> None:
        try:
            while True:
                item = self._queue.get()
                if isinstance(item, _Close):
                    if item.last is not None:
                        self.ws.send(item.last)
                    self.ws.close(item.code, item.reason)
                    return
                self.ws.send(item)
        except ConnectionClosed as exc:
            # The phone went away first (a reload, a lock screen): nothing left to write to.
            log.debug("%s closed while writing: %s", self.label, exc)
        except Exception:
            # A bug (say a text that cannot be encoded): the phone must not wait on a socket
            # nobody writes to any more, so it is closed; the error goes to the log.
            log.exception("%s: writing failed; closing the connection", self.label)
            self.ws.close(1011, "The laptop had an error.")
        finally:
            with self._lock:
                self._finished = True


def _more_file_handles() -> None:
    """Raise the soft limit of open files to the hard one (at most 4096) where the system has
    one: macOS gives an app 256, and the phones, their browsers and the app share them (a
    probe ran a 256 limit out with about 190 idle connections)."""
    try:
        import resource
    except ImportError:          # Windows: no such limit to raise
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (OSError, ValueError) as exc:
        log.info("the open-file limit stays as it is: %s", exc)


def _drain(ws: ServerConnection) -> None:
    """Read and drop whatever still comes until the close we sent is answered.

    A connection we are closing must still be read: websockets stops reading the socket
    while its small queue of received messages is full, and would then never see the
    phone's answer to our close (the close would wait its whole timeout)."""
    try:
        for _ in ws:
            pass
    except ConnectionClosed as exc:
        # The expected end of a connection we closed; nothing more to do with it.
        log.debug("a closing connection ended: %s", exc)


def _close_reason(reason: str) -> str:
    # A close frame's reason is at most 123 bytes of UTF-8.
    data = reason.encode("utf-8")
    if len(data) <= 120:
        return reason
    return data[:117].decode("utf-8", "ignore") + "..."


class PhoneServer:
    """The listening socket and the thread that serves it.

    ``host`` is the one address listened on; ``port`` as in
    :func:`~games.remote.netaddr.listen`. ``page_dir`` is the folder of static
    page files (tests pass a temporary one)."""

    def __init__(self, keeper: Doorkeeper, host: str, port: int, page_dir: Path | str | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self._keeper = keeper
        self._host = host
        self._wanted_port = port
        self._page_dir = Path(page_dir) if page_dir is not None else PAGE_DIR
        self._clock = clock or time.monotonic
        self._server: Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0
        self._origins: frozenset[str] = frozenset()
        # Code-door connections, admitted or not. Counted while the handshake is checked
        # (before the phone can see the socket open), so a count is never behind what a
        # phone can observe; an entry whose connection closed without its handler ever
        # running is dropped when counting.
        self._door_lock = threading.Lock()
        self._door: dict[ServerConnection, bool] = {}
        # Every open socket, so stop() can say goodbye to each (code door ones included).
        self._peers_lock = threading.Lock()
        self._peers: set[Peer] = set()
        self._stopping = False

    # -- life -----------------------------------------------------------------------------

    def start(self) -> None:
        """Listen and serve in a daemon thread. :raises OSError: when the address cannot be used."""
        if self._server is not None:
            return
        if self._stopping:
            raise RuntimeError("a stopped phone server cannot start again")
        sock = listen(self._host, self._wanted_port)
        _more_file_handles()
        self.port = int(sock.getsockname()[1])
        self._origins = self._allowed_origins()
        self._server = serve(
            self._handle, sock=sock, process_request=self._process_request,
            process_response=self._process_response,
            # No compression: messages are small, and it keeps a crafted frame from costing
            # more to inflate than it cost to send.
            compression=None, max_size=FRAME_LIMIT, max_queue=4,
            open_timeout=OPEN_TIMEOUT, close_timeout=CLOSE_TIMEOUT,
            ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT,
            server_header="Cannonade", logger=logging.getLogger("games.remote.websockets"))
        self._thread = threading.Thread(target=self._server.serve_forever, name="phone-server", daemon=True)
        self._thread.start()
        log.info("phone server listening on http://%s/", self.address)

    def stop(self, last: str | None, code: int, reason: str) -> None:
        """Stop listening (the port is free when this returns), send ``last`` to every
        open socket and close it with ``code``, wait for the connections' threads.
        Idempotent."""
        with self._peers_lock:
            if self._stopping:
                return
            self._stopping = True
            peers = list(self._peers)
        server = self._server
        # Closed by us, with the goodbye in words, rather than by websockets: its
        # shutdown() closes open connections only since version 16 and says no words.
        for peer in peers:
            peer.finish(last, code, reason)
        deadline = time.monotonic() + CLOSE_TIMEOUT + 1
        for peer in peers:
            if not peer.wait(max(0.0, deadline - time.monotonic())):
                log.warning("%s did not close in time", peer.label)
        if server is None:
            return
        # Closes the listening socket. Since websockets 16 it also closes any socket that
        # opened too late for the goodbye above (with the reason in words) and waits for the
        # handler threads; before, such a socket gets its goodbye from its own handler.
        if "reason" in inspect.signature(server.shutdown).parameters:
            server.shutdown(  # type: ignore[call-arg,unused-ignore]
                close_connections=True, code=code, reason=_close_reason(reason))
        else:
            server.shutdown()
        self._server = None
        if self._thread is not None:
            self._thread.join(OPEN_TIMEOUT + CLOSE_TIMEOUT + 1)
            if self._thread.is_alive():
                log.error("the phone server's thread did not end")
        log.info("phone server on port %d stopped", self.port)

    def _track(self, peer: Peer) -> bool:
        """Count a new socket in; False once stopping (the caller closes it at once)."""
        with self._peers_lock:
            if self._stopping:
                return False
            self._peers.add(peer)
            return True

    def _untrack(self, peer: Peer) -> None:
        with self._peers_lock:
            self._peers.discard(peer)

    @property
    def running(self) -> bool:
        """Serving: started, not stopped, and its serve thread alive (websockets ends that
        thread on an accept error, such as the laptop out of file handles)."""
        return (self._server is not None and not self._stopping and self._thread is not None
                and self._thread.is_alive())

    def revive(self) -> bool:
        """The serve thread ended on its own: listen again (on the same port when it is
        free) and serve. Connections already open carry on. True when serving again. (A
        probe of the third session: idle connections from one machine on the Wi-Fi ran the
        laptop out of file handles, the accept loop ended for good, and no phone could join
        or come back until the game was reopened.)"""
        if self._stopping or self._server is None or self._thread is None or self._thread.is_alive():
            return False
        old, self._server = self._server, None
        try:
            old.socket.close()
        except OSError as exc:
            log.info("the old listening socket: %s", exc)
        self._wanted_port = self.port
        try:
            self.start()
        except OSError as exc:
            log.error("the phone server could not listen again: %s", exc)
            self._server = old              # still "not running": tried again on a later frame
            return False
        log.warning("the phone server had stopped serving; it listens again on %s", self.address)
        return True

    @property
    def address(self) -> str:
        return host_port(self._host, self.port)

    def _allowed_origins(self) -> frozenset[str]:
        origins = {f"http://{host_port(self._host, self.port)}"}
        if is_loopback(self._host):
            # The same page opened as localhost or the other loopback spelling.
            origins |= {f"http://localhost:{self.port}", f"http://127.0.0.1:{self.port}",
                        f"http://[::1]:{self.port}"}
        return frozenset(origins)

    # -- HTTP -----------------------------------------------------------------------------

    def _process_request(self, conn: ServerConnection, request: Request) -> Response | None:
        path = request.path.partition("?")[0]
        if path == "/code" or path.startswith("/ws/"):
            origin = request.headers.get("Origin")
            if origin is not None and origin not in self._origins:
                # Another site's page in the phone's browser must not drive a seat.
                log.warning("phone socket refused: foreign Origin %.100r", origin)
                return conn.respond(http.HTTPStatus.FORBIDDEN, "Forbidden.\n")
            if path.startswith("/ws/"):
                token = path[len("/ws/"):]
                if not TOKEN_SHAPE.fullmatch(token) or self._keeper.seat_for_token(token) is None:
                    log.warning("phone socket refused: unknown token")
                    return conn.respond(http.HTTPStatus.FORBIDDEN, "Forbidden.\n")
            else:
                self._count_door(conn)
            return None  # the WebSocket handshake goes on (a plain GET here gets 426)
        return self._static(conn, path)

    def _process_response(self, conn: ServerConnection, request: Request, response: Response) -> None:
        if response.status_code != http.HTTPStatus.SWITCHING_PROTOCOLS:
            # No socket after all (a plain GET, a bad handshake): it holds no place at the door.
            with self._door_lock:
                self._door.pop(conn, None)

    def _count_door(self, conn: ServerConnection) -> None:
        with self._door_lock:
            for gone in [c for c in self._door if c.protocol.state is State.CLOSED]:
                del self._door[gone]
            admitted = sum(self._door.values()) < CODE_DOOR_CONNECTIONS
            self._door[conn] = admitted

    def _static(self, conn: ServerConnection, path: str) -> Response:
        if path == "/" or (path.startswith("/s/") and TOKEN_SHAPE.fullmatch(path[len("/s/"):].removesuffix("/"))):
            # The page for any token-shaped link, known or not: the page finds out over the
            # socket, so plain HTTP tells nobody which tokens exist.
            return self._file(conn, "index.html")
        if path.startswith("/page/"):
            # Decoded so "%2e%2e" is seen for the ".." it is; the name must then be a plain
            # file name (no "/", no "\\", no leading dot).
            try:
                name = urllib.parse.unquote(path[len("/page/"):], errors="strict")
            except UnicodeDecodeError:
                name = path  # not UTF-8 once decoded: no file of ours has such a name
            if _SAFE_NAME.fullmatch(name) and ".." not in name:
                return self._file(conn, name)
            log.info("phone page: refused odd file name %.80r", name)
        return self._not_found(conn)

    def _file(self, conn: ServerConnection, name: str) -> Response:
        content_type = _CONTENT_TYPES.get(os.path.splitext(name)[1].lower())
        if content_type is None:
            return self._not_found(conn)
        folder = self._page_dir
        try:
            # Only a regular file directly in the page folder (listed there, not a link
            # to somewhere else).
            if name not in os.listdir(folder):
                if name == "index.html":
                    log.error("the phone page is missing: no %s", folder / name)
                return self._not_found(conn)
            target = folder / name
            if not stat.S_ISREG(os.lstat(target).st_mode):
                return self._not_found(conn)
            body = target.read_bytes()
        except FileNotFoundError:
            log.error("the phone page folder is missing: %s", folder)
            return self._not_found(conn)
        except OSError:
            log.exception("phone page: cannot read %s", folder / name)
            return conn.respond(http.HTTPStatus.INTERNAL_SERVER_ERROR, "The page could not be read.\n")
        headers = Headers([
            ("Content-Type", content_type),
            ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"),
            ("Connection", "close"),
            ("X-Content-Type-Options", "nosniff"),
            # The page's URL holds the seat's token: never send it anywhere as a referrer.
            ("Referrer-Policy", "no-referrer"),
            ("X-Frame-Options", "DENY"),
            ("Content-Security-Policy", self.content_security_policy()),
        ])
        return Response(200, "OK", headers, body)

    def content_security_policy(self) -> str:
        """Scripts and styles from the page folder only (no inline script: a player's name
        that looks like HTML can never run), sockets to this server only."""
        sockets = " ".join(sorted("ws://" + origin[len("http://"):] for origin in self._origins))
        return ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                f"img-src 'self' data:; connect-src 'self' {sockets}; base-uri 'none'; "
                "frame-ancestors 'none'; form-action 'self'")

    def _not_found(self, conn: ServerConnection) -> Response:
        response = conn.respond(http.HTTPStatus.NOT_FOUND, "Not found.\n")
        response.headers["Cache-Control"] = "no-store"
        return response

    # -- WebSocket ------------------------------------------------------------------------

    def _handle(self, ws: ServerConnection) -> None:
        path, _, query = ws.request.path.partition("?") if ws.request is not None else ("", "", "")
        if path == "/code":
            self._code_door(ws)
        elif path.startswith("/ws/"):
            key = urllib.parse.parse_qs(query, max_num_fields=4).get("k", [""])[0][:128]
            self._seat_door(ws, path[len("/ws/"):], key)
        else:
            # A WebSocket to a page path: nothing to talk about.
            ws.close(protocol.CLOSE_POLICY, "Not a socket path.")

    def _seat_door(self, ws: ServerConnection, token: str, key: str = "") -> None:
        seat = self._keeper.seat_for_token(token)
        if seat is None:
            # Revoked or renewed between the handshake's check and now.
            ws.send(protocol.bye(protocol.WHY_REVOKED))
            ws.close(protocol.CLOSE_NORMAL, protocol.WHY_REVOKED)
            return
        peer = Peer(ws, f"seat {seat}", self._clock)
        if not self._track(peer):
            self._closing_now(peer)
            return
        refusal = self._keeper.join(seat, peer, key)
        try:
            if refusal == protocol.WHY_TAKEN:
                # no retrying: the page says so and stops
                log.warning("seat %d: a connection without the seat's phone key refused", seat)
                peer.finish(protocol.taken(), protocol.CLOSE_POLICY, "Taken.")
                return
            if refusal is not None:
                log.warning("seat %d: a further connection refused: %s", seat, refusal)
                peer.finish(protocol.error(refusal), protocol.CLOSE_TRY_LATER, refusal)
                return
            self._read_seat(ws, seat, peer)
        finally:
            if refusal is None:
                self._keeper.leave(seat, peer)
            peer.finish(None, protocol.CLOSE_NORMAL, "")
            if not peer.wait(CLOSE_TIMEOUT + 1):
                log.warning("%s: the writer did not end", peer.label)
            self._untrack(peer)

    def _closing_now(self, peer: Peer) -> None:
        # Opened just as the server stops: goodbye at once.
        peer.finish(protocol.bye(protocol.WHY_CLOSED), protocol.CLOSE_GOING_AWAY, protocol.WHY_CLOSED)
        _drain(peer.ws)
        peer.wait(CLOSE_TIMEOUT + 1)

    def _read_seat(self, ws: ServerConnection, seat: int, peer: Peer) -> None:
        try:
            for raw in ws:
                if peer.finished:
                    # Replaced, revoked or closing: what it still says no longer counts, but it
                    # is read, so websockets reads on to the phone's answer to our close.
                    continue
                if peer.over_rate():
                    raise protocol.Violation(protocol.WHY_TOO_FAST)
                message = protocol.read_seat_message(raw)
                if isinstance(message, protocol.Ping):
                    peer.send(protocol.pong())
                else:
                    self._keeper.received(seat, peer, message)
        except protocol.Violation as bad:
            log.warning("seat %d: closing the phone's connection: %s", seat, bad.why)
            peer.finish(protocol.error(bad.why), bad.code, bad.why)
            _drain(ws)
        except ConnectionClosed as exc:
            self._log_closed(peer, exc)

    def _code_door(self, ws: ServerConnection) -> None:
        with self._door_lock:
            admitted = self._door.get(ws, False)
        peer = Peer(ws, "code door", self._clock)
        if not self._track(peer):
            self._closing_now(peer)
            return
        try:
            if not admitted:
                log.warning("code door: a further connection refused (%d open)", CODE_DOOR_CONNECTIONS)
                peer.finish(protocol.error(protocol.WHY_DOOR_BUSY), protocol.CLOSE_TRY_LATER, protocol.WHY_DOOR_BUSY)
                return
            try:
                message = protocol.read_code_message(ws.recv(timeout=CODE_WAIT))
            except TimeoutError:
                raise protocol.Violation("No code was sent.") from None
            peer.finish(self._keeper.exchange_code(message.code), protocol.CLOSE_NORMAL, "")
            _drain(ws)
        except protocol.Violation as bad:
            log.warning("code door: closing a connection: %s", bad.why)
            peer.finish(protocol.error(bad.why), bad.code, bad.why)
            _drain(ws)
        except ConnectionClosed as exc:
            self._log_closed(peer, exc)
        finally:
            with self._door_lock:
                self._door.pop(ws, None)
            peer.finish(None, protocol.CLOSE_NORMAL, "")
            if not peer.wait(CLOSE_TIMEOUT + 1):
                log.warning("code door: the writer did not end")
            self._untrack(peer)

    def _log_closed(self, peer: Peer, exc: ConnectionClosed) -> None:
        received = exc.rcvd
        sent = exc.sent
        if sent is not None and sent.code == protocol.CLOSE_TOO_BIG:
            # websockets refused a frame past FRAME_LIMIT itself, before we could read it.
            log.warning("%s: closed for a message over %d bytes", peer.label, FRAME_LIMIT)
        elif received is None and sent is None:
            log.info("%s: connection lost without a goodbye", peer.label)
        else:
            log.debug("%s: closed (%s)", peer.label, exc)
