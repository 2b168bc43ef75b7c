"""Over the wire, a seat learns nothing of another seat's secrets: two worlds whose
tables differ only in seat 0's payload give seat 1 byte-identical messages.

This checks the hub and the transport (nothing of seat 0's payload leaks into seat 1's
messages, their order or their numbering). That each game's payload holds only its
seat's view is the payload's own counterfactual test (tests/remote/test_payload.py)."""
from __future__ import annotations

import re

from tests.remote.conftest import SAFETY, Table, open_phone, recv, send, settle, with_key, ws_url
from websockets.exceptions import ConnectionClosed

from games.remote import protocol


def _world(make_hub, secret: str) -> list[str]:
    """Play one short script; every message seat 1 received, as raw text."""
    hub = make_hub()
    table = Table()
    table.secret[0] = secret
    table.secret[1] = "seat 1's own grid"
    got: list[str] = []

    def take(ws) -> str:
        raw = ws.recv(timeout=SAFETY)
        # the phone key in a hello is random for every hub: it is the seat's own and says
        # nothing of seat 0 (it is drawn before anything is played)
        got.append(re.sub(r'"key":"[^"]*"', '"key":"-"', raw))
        return raw

    zero = open_phone(ws_url(hub, 0))
    one = open_phone(ws_url(hub, 1))
    with zero, one:
        hello0 = recv(zero)
        take(one)  # hello
        hub.pump(table)
        recv(zero)
        take(one)  # state 1
        # Seat 0 decides (its secret changes), a move is refused, another is accepted.
        table.secret[0] = secret + " covered"
        hub.pump(table)
        recv(zero)
        table.refuse = f"Not with {secret}."
        send(zero, {"type": "move", "text": f"cover {secret}", "seq": 2})
        settle(zero)
        hub.pump(table)
        recv(zero)
        table.refuse = None
        send(zero, {"type": "move", "text": f"reveal {secret}", "seq": 2})
        settle(zero)
        hub.pump(table)  # the table's public move count changes: everyone gets a state
        recv(zero)
        take(one)  # state 2
        # Seat 1 answers an old state, then pings.
        send(one, {"type": "move", "text": "A1", "seq": 1})
        send(one, {"type": "ping"})
        take(one)  # pong: its move waits in the inbox
        hub.pump(table)
        take(one)  # refused: moved on
        # Seat 0's phone reconnects; then the laptop closes the game.
        again = open_phone(with_key(ws_url(hub, 0), hello0))
        with again:
            recv(again)
            hub.pump(table)
            hub.stop()
        take(one)  # bye
        try:
            extra = one.recv(timeout=SAFETY)
        except ConnectionClosed as exc:
            assert exc.rcvd is not None
            got.append(f"closed {exc.rcvd.code} {exc.rcvd.reason}")
        else:
            raise AssertionError(f"unexpected {extra!r}")
    return got


def test_seat_1_gets_the_same_bytes_whatever_seat_0_hides(make_hub):
    first = _world(make_hub, "d20 on C4")
    second = _world(make_hub, "d4 on A1, bluffing")
    assert first == second
    assert [m.split('"type":"')[1].split('"')[0] for m in first[:-1]] == [
        "hello", "state", "state", "pong", "refused", "bye"]
    assert first[-1] == f"closed {protocol.CLOSE_GOING_AWAY} {protocol.WHY_CLOSED}"
    assert all("d20" not in m and "d4 on" not in m for m in first)
