"""Phones for the app's tests: real WebSocket clients on loopback against the real frame.

The app's phone server is made with :func:`loopback` (127.0.0.1, any free port or a
chosen one, and a clock the test owns). Tests step the app by frames; a phone is
stepped by messages: :meth:`Phone.sync` sends a ping and reads up to its pong, and
since the server queues a phone's messages in order, everything the laptop sent that
phone before is then read, and everything the phone sent before is in the hub's inbox.
The timeouts are safety nets only (a broken server fails a test instead of hanging it).
"""
from __future__ import annotations

import json
import random
import socket
from typing import Any

from websockets.sync.client import ClientConnection, connect

from games.core.driver import Act, Chance, Where
from games.core.game import CHANCE
from tests.ui.helpers import step

#: seconds any single wait on a socket may take before the test fails (never reached when things work)
SAFETY = 10.0


class Clock:
    """The hub's clock: each phone message moves it a second on, so no test trips the
    server's rate cap (20 messages a second) however fast the machine plays."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def loopback(monkeypatch, clock: Clock, port: int = 0) -> None:
    from games.ui import phone_seats
    monkeypatch.setattr(phone_seats, "HUB_OPTIONS", {"host": "127.0.0.1", "port": port, "clock": clock})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_is_free(port: int) -> bool:
    """Nothing listens on ``port`` (bound as a server binds, so connections that
    closed a moment ago do not count)."""
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def ws_url(page_url: str) -> str:
    """The seat's socket from the link in its QR code."""
    return page_url.replace("http://", "ws://").replace("/s/", "/ws/")


class Phone:
    """One phone on one seat: its socket, the last state it was sent, what it was told."""

    def __init__(self, page_url: str, clock: Clock, seat: int | None = None, key: str = "") -> None:
        """``key``: the phone key this phone was given before (a phone coming back)."""
        self.url = page_url
        self.clock = clock
        url = ws_url(page_url) + (f"?k={key}" if key else "")
        self.ws: ClientConnection = connect(url, compression=None, open_timeout=SAFETY, close_timeout=SAFETY)
        self.hello = self._recv()
        assert self.hello["type"] == "hello", self.hello
        assert seat is None or self.hello["seat"] == seat
        self.seat: int = self.hello["seat"]
        self.state: dict[str, Any] | None = None
        self.refusals: list[str] = []
        self.told: list[dict[str, Any]] = []       # bye, replaced, error
        self.holds: list[str | None] = []          # each "held" message's why, in order

    def _recv(self) -> dict[str, Any]:
        raw = self.ws.recv(timeout=SAFETY)
        assert isinstance(raw, str), raw
        msg = json.loads(raw)
        assert isinstance(msg, dict)
        return msg

    def send(self, message: dict[str, Any]) -> None:
        self.clock.now += 1.0
        self.ws.send(json.dumps(message))

    def sync(self) -> None:
        """Read everything the laptop sent before now (see the module's doc)."""
        self.send({"type": "ping"})
        while True:
            msg = self._recv()
            kind = msg["type"]
            if kind == "pong":
                return
            if kind == "state":
                assert self.state is None or msg["seq"] > self.state["seq"], (msg["seq"], self.state["seq"])
                self.state = msg
            elif kind == "refused":
                self.refusals.append(msg["why"])
            elif kind == "held":
                self.holds.append(msg["why"])
            else:
                self.told.append(msg)

    @property
    def payload(self) -> dict[str, Any]:
        assert self.state is not None, "no state yet"
        return self.state["payload"]

    @property
    def seq(self) -> int:
        assert self.state is not None
        return int(self.state["seq"])

    def move(self, text: str, seq: int | None = None) -> None:
        self.send({"type": "move", "text": text, "seq": self.seq if seq is None else seq})

    def perform(self) -> None:
        self.send({"type": "perform"})

    def last_words(self) -> tuple[dict[str, Any] | None, int | None]:
        """After the server closed this phone: its last message (bye, replaced) and the close code."""
        from websockets.exceptions import ConnectionClosed
        last = None
        try:
            while True:
                msg = self._recv()
                if msg["type"] in ("bye", "replaced", "error"):
                    last = msg
        except ConnectionClosed as exc:
            return last, (exc.rcvd.code if exc.rcvd is not None else None)

    def close(self) -> None:
        self.ws.close()


def choose(payload: dict[str, Any], rng: random.Random) -> tuple[str, str | None]:
    """What a phone that sees only ``payload`` sends: its perform, a listed move, or a
    Cannon Corps set-up built from its view as the page builds it (four dice on four spaces)."""
    if payload["perform"]:
        return "perform", None
    if payload["moves"]:
        return "move", rng.choice(payload["moves"])["text"]
    view = payload["view"]
    assert view["decision"]["kind"] == "setup", payload["status"]
    dice = sorted(rng.sample(view["dice"], 4), key=view["dice"].index)
    spaces = rng.sample(view["spaces"], 4)
    return "move", "setup " + " ".join(f"{d}@{s}" for d, s in zip(dice, spaces))


def phone_to_act(game) -> int | None:
    """The phone seat the driver waits for now (a decision or a perform), if any."""
    s = game.driver.next()
    if isinstance(s, Act) and s.where is Where.PHONE:
        return s.seat
    if isinstance(s, Chance) and s.performer is not None and s.where is Where.PHONE:
        return s.performer
    return None


def until_phones_turn(app, game, cap: int = 20000) -> int | None:
    """Step frames (computers thinking, chance drawn, animations played) until a phone
    must act with the laptop showing the game (its move would be played), then one more
    frame so every phone has been sent the position. None once the game is over."""
    for _ in range(cap):
        if game.match.is_over() and app.stack.top is not game:
            return None
        seat = phone_to_act(game)
        if seat is not None and game.phones_wait() is None:
            step(app)
            return seat
        step(app)
    raise AssertionError(f"no phone's turn came (top: {type(app.stack.top).__name__}, ply {game.match.ply})")


def play_phone_turn(app, game, phones: dict[int, Phone], rng: random.Random) -> int:
    """The seat to act decides on its phone from its payload alone; returns the seat."""
    seat = phone_to_act(game)
    assert seat is not None
    ph = phones[seat]
    ph.sync()
    assert ph.payload["your_turn"], ph.payload["status"]
    kind, text = choose(ph.payload, rng)
    if kind == "perform":
        ph.perform()
    else:
        assert text is not None
        ph.move(text)
    played(app, game, ph)
    return seat


def played(app, game, ph: Phone, cap: int = 600) -> None:
    """The phone's last message is played by the laptop's next frames (it waits in the
    inbox while the board plays the last move out)."""
    ph.sync()                                    # the move is in the hub's inbox
    ply = game.match.ply
    for _ in range(cap):
        step(app)                                # the frame pumps it
        if game.match.ply != ply or game.phones.hub.inbox.empty():
            break
    if game.match.ply == ply:
        ph.sync()
    # (chance the table plays out, and computers' thoughts, may follow in the same frame)
    assert game.match.ply > ply, ph.refusals[-1:] or "the move was not played"
    assert game.match.log[ply].player in (ph.seat, CHANCE)
