"""Nobody joins who shouldn't; bad input closes only its own connection, in words, logged."""
from __future__ import annotations

import base64
import json
import logging
import os
import socket

import pytest
from tests.remote.conftest import (
    SAFETY,
    closed_with,
    join,
    open_phone,
    recv,
    with_key,
    send,
    settle,
    token_of,
    wait_status,
    ws_url,
)
from websockets.exceptions import ConnectionClosed, InvalidStatus

from games.remote import protocol, server


def _status_of(exc: InvalidStatus) -> int:
    return exc.response.status_code


def test_an_unknown_token_is_403(hub):
    bad = "A" * 32
    with pytest.raises(InvalidStatus) as caught:
        open_phone(f"ws://{hub.address}/ws/{bad}")
    assert _status_of(caught.value) == 403


@pytest.mark.parametrize("path", ["/ws/", "/ws/short", "/ws/" + "x" * 200, "/ws/../code", "/ws/%41%41%41%41%41%41%41%41%41%41%41%41%41%41%41%41"])
def test_odd_token_paths_are_403(hub, path):
    with pytest.raises(InvalidStatus) as caught:
        open_phone(f"ws://{hub.address}{path}")
    assert _status_of(caught.value) == 403


def test_a_token_one_character_off_is_403(hub):
    token = token_of(hub, 0)
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    with pytest.raises(InvalidStatus):
        open_phone(f"ws://{hub.address}/ws/{wrong}")


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "https://127.0.0.1:{port}",
                                    "http://127.0.0.1:{other}", "http://192.168.1.5:{port}"])
def test_a_foreign_origin_is_403(hub, caplog, origin):
    port = int(hub.address.rsplit(":", 1)[1])
    origin = origin.format(port=port, other=port + 1)
    with pytest.raises(InvalidStatus) as caught:
        open_phone(ws_url(hub, 0), origin=origin)
    assert _status_of(caught.value) == 403
    assert "foreign Origin" in caplog.text
    with pytest.raises(InvalidStatus):
        open_phone(f"ws://{hub.address}/code", origin=origin)
    assert hub.status(0) == "waiting"


@pytest.mark.parametrize("spelling", ["127.0.0.1", "localhost"])
def test_the_pages_own_origin_is_accepted(hub, spelling):
    port = hub.address.rsplit(":", 1)[1]
    with open_phone(ws_url(hub, 0), origin=f"http://{spelling}:{port}") as ws:
        assert recv(ws)["type"] == "hello"


def test_the_origin_is_the_lan_address_when_not_on_loopback():
    # On a LAN address only http://<that address>:<port> is the page's origin.
    from games.remote.server import PhoneServer

    class Keeper:
        pass

    srv = PhoneServer(Keeper(), "192.168.1.5", 8765)  # type: ignore[arg-type]
    srv.port = 8765
    assert srv._allowed_origins() == frozenset({"http://192.168.1.5:8765"})


BAD_MESSAGES = [
    pytest.param(b"\x00\x01\x02junk", protocol.CLOSE_POLICY, "binary", id="binary"),
    pytest.param("{not json", protocol.CLOSE_POLICY, "not JSON", id="not-json"),
    pytest.param("NaN", protocol.CLOSE_POLICY, "not JSON", id="nan"),
    pytest.param("[1, 2]", protocol.CLOSE_POLICY, "JSON object", id="array"),
    pytest.param('{"kind": "move"}', protocol.CLOSE_POLICY, '"type"', id="no-type"),
    pytest.param('{"type": "shoot"}', protocol.CLOSE_POLICY, "Unknown message type", id="unknown-type"),
    pytest.param('{"type": "code", "code": "ABCD-EFGH"}', protocol.CLOSE_POLICY, "Unknown", id="code-on-seat"),
    pytest.param('{"type": "move", "text": "A1", "seq": "1"}', protocol.CLOSE_POLICY, "whole number", id="seq-text"),
    pytest.param('{"type": "move", "text": "A1", "seq": true}', protocol.CLOSE_POLICY, "whole number", id="seq-bool"),
    pytest.param('{"type": "move", "text": 5, "seq": 1}', protocol.CLOSE_POLICY, "needs", id="text-number"),
    pytest.param('{"type": "move", "text": "' + "x" * 300 + '", "seq": 1}', protocol.CLOSE_POLICY, "too long",
                 id="long-move"),
    pytest.param(json.dumps({"type": "ping", "pad": "x" * 5000}), protocol.CLOSE_TOO_BIG, "too long",
                 id="oversized"),
]


@pytest.mark.parametrize("raw, code, words", BAD_MESSAGES)
def test_bad_input_gets_an_error_closes_and_is_logged_and_others_go_on(hub, table, caplog, raw, code, words):
    caplog.set_level(logging.WARNING, logger="games.remote")
    bad, _, _ = join(hub, table, 0)
    good, _, state = join(hub, table, 1)
    with bad, good:
        bad.send(raw)
        message = recv(bad)
        assert message["type"] == "error" and words in message["why"], message
        assert closed_with(bad)[0] == code
        assert "seat 0: closing the phone's connection" in caplog.text
        wait_status(hub, 0, "lost")
        # Nothing reached the table, and the other seat plays on.
        hub.pump(table)
        assert table.calls == []
        send(good, {"type": "move", "text": "A1", "seq": state["seq"]})
        settle(good)
        hub.pump(table)
        assert table.calls == [(1, "move", "A1")]


def test_a_frame_past_what_websockets_reads_closes_1009_and_is_logged(hub, table, caplog):
    bad, _, _ = join(hub, table, 0)
    with bad:
        bad.send("x" * (server.FRAME_LIMIT + 1))
        assert closed_with(bad)[0] == protocol.CLOSE_TOO_BIG
        wait_status(hub, 0, "lost")
        assert f"closed for a message over {server.FRAME_LIMIT} bytes" in caplog.text


def test_a_flood_is_cut_off_after_the_rate_limit(hub, table, caplog, clock):
    # The test's clock stands still, so every message is "within one second".
    flood, _, _ = join(hub, table, 0)
    calm, _, _ = join(hub, table, 1)
    with flood, calm:
        for _ in range(protocol.RATE_LIMIT + 5):
            try:
                send(flood, {"type": "ping"})
            except ConnectionClosed:
                # a loaded machine: the server read past the limit and closed before the
                # last pings left (a CI run); what it said before closing is still to read
                break
        answers = []
        while True:
            message = recv(flood)
            answers.append(message)
            if message["type"] != "pong":
                break
        assert answers[:-1] == [{"type": "pong"}] * protocol.RATE_LIMIT
        assert answers[-1] == {"type": "error", "why": protocol.WHY_TOO_FAST}
        assert closed_with(flood)[0] == protocol.CLOSE_POLICY
        assert protocol.WHY_TOO_FAST in caplog.text
        settle(calm)


def test_the_rate_window_slides(hub, table, clock):
    ws, _, _ = join(hub, table, 0)
    with ws:
        for _ in range(3):
            for _ in range(protocol.RATE_LIMIT):
                settle(ws)
            clock.now += protocol.RATE_WINDOW  # a second later the count starts again
        settle(ws)


def _raw_websocket(address: str, path: str) -> socket.socket:
    """A client that opens a WebSocket and then never reads again: a phone that went
    to sleep mid-game. It never answers the server's close."""
    host, port = address.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=SAFETY)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = sock.recv(4096)
        assert chunk, "server closed during the handshake"
        reply += chunk
    assert reply.startswith(b"HTTP/1.1 101"), reply
    return sock


def test_at_most_two_connections_per_seat(make_hub, table, monkeypatch, caplog):
    # A sleeping phone does not answer the close that replaces it; keep its socket
    # "closing" for the whole test, so two are alive at once.
    monkeypatch.setattr(server, "CLOSE_TIMEOUT", 60.0)
    hub = make_hub()
    asleep = _raw_websocket(hub.address, "/ws/" + token_of(hub, 0))
    try:
        wait_status(hub, 0, "joined")
        mine = {"key": hub._seats[0].key}         # the sleeping page keeps it; it never read it
        awake, _, _ = join(hub, table, 0, again=mine)  # replaces the sleeping one, which is still closing
        with awake:
            with open_phone(with_key(ws_url(hub, 0), mine)) as third:
                assert recv(third) == {"type": "error", "why": protocol.WHY_SEAT_BUSY}
                assert closed_with(third)[0] == protocol.CLOSE_TRY_LATER
            settle(awake)  # the seat's own phone is untouched
            assert hub.status(0) == "joined"
            assert "a further connection refused" in caplog.text
    finally:
        asleep.close()


def test_at_most_eight_on_the_code_door(hub):
    waiting = [open_phone(f"ws://{hub.address}/code") for _ in range(server.CODE_DOOR_CONNECTIONS)]
    try:
        with open_phone(f"ws://{hub.address}/code") as ninth:
            assert recv(ninth) == {"type": "error", "why": protocol.WHY_DOOR_BUSY}
            assert closed_with(ninth)[0] == protocol.CLOSE_TRY_LATER
        # One leaves, and a place is free again.
        first = waiting.pop(0)
        first.close()
        for _attempt in range(500):  # a safety net, not a timing: each try is a full exchange
            with open_phone(f"ws://{hub.address}/code") as again:
                send(again, {"type": "code", "code": hub.code(0)})
                reply = recv(again)
                if reply["type"] == "token":
                    break
                # The place is freed when the server has finished closing the first; rare.
                assert reply == {"type": "error", "why": protocol.WHY_DOOR_BUSY}
        else:
            raise AssertionError("the code door never freed the place")
    finally:
        for ws in waiting:
            ws.close()


def test_a_plain_get_on_the_code_door_takes_no_place(hub):
    import http.client

    host, port = hub.address.rsplit(":", 1)
    for _ in range(server.CODE_DOOR_CONNECTIONS + 2):
        conn = http.client.HTTPConnection(host, int(port), timeout=SAFETY)
        conn.request("GET", "/code")
        assert conn.getresponse().status == 426
        conn.close()
    with open_phone(f"ws://{hub.address}/code") as ws:
        send(ws, {"type": "code", "code": hub.code(1)})
        assert recv(ws)["type"] == "token"


def test_revoke_closes_the_phone_in_words_and_the_token_stops_working(hub, table):
    ws, _, _ = join(hub, table, 1)
    token = token_of(hub, 1)
    with ws:
        hub.revoke(1)
        assert recv(ws) == {"type": "bye", "why": protocol.WHY_REVOKED}
        assert closed_with(ws) == (protocol.CLOSE_NORMAL, protocol.WHY_REVOKED)
    assert hub.status(1) == "revoked"
    assert hub.seats == (0, 2)
    with pytest.raises(InvalidStatus) as caught:
        open_phone(f"ws://{hub.address}/ws/{token}")
    assert _status_of(caught.value) == 403
    with pytest.raises(KeyError):
        hub.url(1)
    hub.pump(table)  # a revoked seat is never asked for a payload
    assert all(seat != 1 for seat, *_ in table.calls)


def test_revoke_before_joining_kills_the_code_too(hub):
    code = hub.code(2)
    hub.revoke(2)
    with open_phone(f"ws://{hub.address}/code") as ws:
        send(ws, {"type": "code", "code": code})
        assert recv(ws) == {"type": "refused", "why": protocol.WHY_BAD_CODE}


def test_fresh_tokens_make_the_old_link_403(hub, table):
    ws, _, _ = join(hub, table, 0)
    old_url, old_code = ws_url(hub, 0), hub.code(0)
    with ws:
        hub.fresh_tokens()
        assert recv(ws) == {"type": "bye", "why": protocol.WHY_NEW_LINKS}
        closed_with(ws)
    assert hub.status(0) == "waiting"
    with pytest.raises(InvalidStatus) as caught:
        open_phone(old_url)
    assert _status_of(caught.value) == 403
    assert ws_url(hub, 0) != old_url and hub.code(0) != old_code
    new, hello, state = join(hub, table, 0)
    with new:
        assert hello["seat"] == 0 and state["seq"] == 1


def test_messages_from_a_replaced_phone_are_not_played(hub, table):
    old, first, state = join(hub, table, 0)
    with old:
        send(old, {"type": "move", "text": "A1", "seq": state["seq"]})
        settle(old)  # in the inbox, not yet pumped
        new, _, _ = join(hub, table, 0, again=first)  # the join's own pump plays nothing from the old phone
        with new:
            assert table.calls == []


def test_the_server_listens_again_after_its_accept_loop_ends(make_hub, table, monkeypatch):
    """A probe: idle connections from one machine on the Wi-Fi ran the laptop out of file
    handles; websockets' accept loop ended on "Too many open files", the hub still said it
    was running, and no phone could join or come back until the game was reopened. Now
    ``running`` says so and ``revive`` listens again (the app's phone ticker calls it)."""
    import errno as _errno
    import socket as _socket

    hub = make_hub()
    ws, first, _ = join(hub, table, 0)
    with ws:
        real = _socket.socket.accept

        def full(self):
            raise OSError(_errno.EMFILE, "Too many open files")
        monkeypatch.setattr(_socket.socket, "accept", full)
        host, port = hub.address.rsplit(":", 1)
        poke = _socket.create_connection((host, int(port)), timeout=SAFETY)   # the loop tries to accept it
        thread = hub._server._thread
        thread.join(SAFETY)
        assert not thread.is_alive() and not hub.running, "the loop ended, and the hub says so"
        monkeypatch.setattr(_socket.socket, "accept", real)
        poke.close()
        assert hub.revive() and hub.running
        settle(ws)                                    # a connection open before carries on
        other, hello, _ = join(hub, table, 1)         # and a phone can join again
        with other:
            assert hello["seat"] == 1 and hub.status(1) == "joined"
        assert not hub.revive(), "nothing to revive while it serves"
