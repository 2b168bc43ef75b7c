"""Phone-server test helpers: a hub on loopback, a temporary page folder, a fake
table, real WebSocket clients. Tests step by messages; the timeouts here are only
safety nets so a broken server fails a test instead of hanging it."""
from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from games.remote import PhoneHub, SeatInfo

#: seconds any single wait may take before the test fails (never reached when things work;
#: 10 was reached once by a pong on this two-core machine under two xdist workers and arenas)
SAFETY = 30.0

PAGE = "<!doctype html><title>Cannonade</title><script src=\"/page/app.js\"></script>"

SEATS = {0: SeatInfo("Ana", "#d55e00"), 1: SeatInfo("Bo", "#0072b2"), 2: SeatInfo("Cy", "#009e73")}


class Clock:
    """A clock the test moves by hand (rate window, code-door lockout)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Table:
    """A stand-in for the laptop's match: a payload per seat, and a record of what was
    submitted. ``refuse`` makes the next submits answer with that reason."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, str, str | None]] = []
        self.moves = 0
        self.refuse: str | None = None
        self.secret: dict[int, Any] = {}

    def payload_for(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "moves": self.moves, "secret": self.secret.get(seat)}

    def submit(self, seat: int, kind: str, text: str | None) -> str | None:
        self.calls.append((seat, kind, text))
        if self.refuse is not None:
            return self.refuse
        self.moves += 1
        return None


@pytest.fixture(autouse=True)
def _phones_connect_directly() -> None:
    # Test phones are opened with connect() and closed by ``with`` or by the server; newer
    # websockets warn about using a connection outside ``with`` (their ``legacy=True``
    # flag, which silences it, does not exist in the oldest version the app allows).
    warnings.filterwarnings("ignore", message=r"connect\(\) must be used as a context manager")


@pytest.fixture
def page_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "page"
    folder.mkdir()
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "app.js").write_text("console.log('phone');\n", encoding="utf-8")
    (folder / "style.css").write_text("body { margin: 0 }\n", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not for phones\n", encoding="utf-8")
    return folder


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def make_hub(page_dir: Path, clock: Clock) -> Iterator[Any]:
    hubs: list[PhoneHub] = []

    def make(seats: dict[int, SeatInfo] | None = None, **kwargs: Any) -> PhoneHub:
        kwargs.setdefault("game", "cannon_corps")
        kwargs.setdefault("host", "127.0.0.1")
        kwargs.setdefault("port", 0)
        kwargs.setdefault("page_dir", page_dir)
        kwargs.setdefault("clock", clock)
        hub = PhoneHub(seats or SEATS, **kwargs)
        hub.start()
        hubs.append(hub)
        return hub

    yield make
    for hub in hubs:
        hub.stop()


@pytest.fixture
def hub(make_hub: Any) -> PhoneHub:
    return make_hub()  # type: ignore[no-any-return]


@pytest.fixture
def table() -> Table:
    return Table()


def ws_url(hub: PhoneHub, seat: int) -> str:
    return hub.url(seat).replace("http://", "ws://").replace("/s/", "/ws/")


def with_key(url: str, hello: dict[str, Any]) -> str:
    """The seat's socket as its own phone opens it again: with the key its hello gave."""
    return f"{url}?k={hello['key']}"


def token_of(hub: PhoneHub, seat: int) -> str:
    return hub.url(seat).rsplit("/", 1)[1]


def open_phone(url: str, origin: str | None = None) -> ClientConnection:
    kwargs: dict[str, Any] = {"open_timeout": SAFETY, "close_timeout": SAFETY}
    if origin is not None:
        kwargs["origin"] = origin
    # The phone's side closes in each test's ``with`` or by the server.
    return connect(url, compression=None, **kwargs)


def recv(ws: ClientConnection) -> dict[str, Any]:
    raw = ws.recv(timeout=SAFETY)
    assert isinstance(raw, str), raw
    value = json.loads(raw)
    assert isinstance(value, dict)
    return value


def send(ws: ClientConnection, message: dict[str, Any]) -> None:
    ws.send(json.dumps(message))


def join(hub: PhoneHub, table: Table, seat: int,
         again: dict[str, Any] | None = None) -> tuple[ClientConnection, dict[str, Any], dict[str, Any]]:
    """Open the seat's socket, read its hello, pump, read its first state. ``again``: the
    hello of the seat's phone before, the same phone coming back (with its key)."""
    ws = open_phone(ws_url(hub, seat) if again is None else with_key(ws_url(hub, seat), again))
    hello = recv(ws)
    assert hello["type"] == "hello"
    hub.pump(table)
    state = recv(ws)
    assert state["type"] == "state"
    return ws, hello, state


def settle(ws: ClientConnection) -> None:
    """Everything this phone sent before is in the hub's inbox: the server reads a
    connection's messages in order, so the pong to a ping sent last comes after."""
    send(ws, {"type": "ping"})
    assert recv(ws) == {"type": "pong"}


def closed_with(ws: ClientConnection) -> tuple[int | None, str]:
    """Wait for the server's close; its code and reason."""
    from websockets.exceptions import ConnectionClosed

    try:
        extra = ws.recv(timeout=SAFETY)
    except ConnectionClosed as exc:
        frame = exc.rcvd
        return (frame.code, frame.reason) if frame is not None else (None, "")
    raise AssertionError(f"expected the server to close, got {extra!r}")


def wait_status(hub: PhoneHub, seat: int, status: str) -> None:
    seen = hub.changes
    while hub.status(seat) != status:
        now = hub.wait_for_change(seen, SAFETY)
        assert now != seen, f"seat {seat} stayed {hub.status(seat)}, expected {status}"
        seen = now
