"""The typed fallback: a short code traded once for the seat's token, and a door that
closes for a minute after 10 wrong codes."""
from __future__ import annotations

import re

import pytest
from tests.remote.conftest import closed_with, open_phone, recv, send, token_of

from games.remote import protocol, tokens


def exchange(hub, code: str) -> dict:
    with open_phone(f"ws://{hub.address}/code") as ws:
        send(ws, {"type": "code", "code": code})
        reply = recv(ws)
        assert closed_with(ws)[0] == protocol.CLOSE_NORMAL  # one message per connection
        return reply


def test_codes_look_right(hub):
    codes = {hub.code(seat) for seat in hub.seats}
    assert len(codes) == 3
    for code in codes:
        assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code)
        assert not set(code) & set("01OIL")


def test_a_good_code_gives_the_seats_token(hub, table):
    reply = exchange(hub, hub.code(1))
    assert reply == {"type": "token", "token": token_of(hub, 1), "seat": 1}


def test_a_code_may_be_typed_loosely(hub):
    code = hub.code(2).lower().replace("-", " ")
    assert exchange(hub, f"  {code} ")["seat"] == 2


def test_the_code_dies_when_the_seat_joins_and_says_so(hub):
    """Typed again after its seat joined, the code is refused as used, not as "not right"
    (a play-test typed the real code after joining by QR), and is not counted as a guess."""
    code = hub.code(0)
    reply = exchange(hub, code)
    with open_phone(f"ws://{hub.address}/ws/{reply['token']}") as ws:
        assert recv(ws)["type"] == "hello"
        wrong = hub._door.wrong
        assert exchange(hub, code) == {"type": "refused", "why": protocol.WHY_USED_CODE}
        assert hub._door.wrong == wrong


def test_a_wrong_code_is_refused_in_words(hub):
    assert exchange(hub, "ABCD-EFGH") == {"type": "refused", "why": protocol.WHY_BAD_CODE}
    assert exchange(hub, "") == {"type": "refused", "why": protocol.WHY_BAD_CODE}


def test_ten_wrong_codes_close_the_door_for_a_minute(hub, clock, caplog):
    good = hub.code(0)
    wrong = "ZZZZ-ZZZZ" if good != "ZZZZ-ZZZZ" else "YYYY-YYYY"
    for _ in range(tokens.CODE_TRIES - 1):
        assert exchange(hub, wrong)["why"] == protocol.WHY_BAD_CODE
    tenth = exchange(hub, wrong)
    assert tenth["type"] == "refused"
    assert "closed for 60 more seconds" in tenth["why"]
    # Closed: even the right code is refused, and it says why and for how long.
    refused = exchange(hub, good)
    assert refused == {"type": "refused", "why": refused["why"]}
    assert "Too many wrong codes" in refused["why"] and "60 more seconds" in refused["why"]
    clock.now += 59.5
    assert "1 more second;" in exchange(hub, good)["why"]
    clock.now += 0.5
    assert exchange(hub, good)["type"] == "token"
    assert "code door closed for 60 s" in caplog.text


def test_the_count_of_wrong_codes_starts_again_after_the_minute(hub, clock):
    for _ in range(tokens.CODE_TRIES):
        exchange(hub, "ZZZZ-ZZZZ")
    clock.now += tokens.CODE_LOCKOUT
    for _ in range(tokens.CODE_TRIES - 1):
        assert exchange(hub, "ZZZZ-ZZZZ")["why"] == protocol.WHY_BAD_CODE
    assert exchange(hub, hub.code(1))["type"] == "token"


@pytest.mark.slow
@pytest.mark.parametrize("raw", ['{"type": "ping"}', '{"type": "code"}', '{"type": "code", "code": 12345678}',
                                 "plain words", b"\x01\x02"])
def test_anything_but_a_code_message_is_an_error(hub, raw, caplog):
    with open_phone(f"ws://{hub.address}/code") as ws:
        ws.send(raw)
        assert recv(ws)["type"] == "error"
        assert closed_with(ws)[0] == protocol.CLOSE_POLICY
    assert "code door: closing a connection" in caplog.text
    # Not a guess: the count of wrong codes is untouched.
    for _ in range(tokens.CODE_TRIES - 1):
        exchange(hub, "ZZZZ-ZZZZ")
    assert exchange(hub, hub.code(0))["type"] == "token"


def test_a_lost_seat_comes_back_with_its_key_and_a_new_link_is_the_laptops_to_give(hub):
    """A probe: a lost seat's link and fresh code, shown on the laptop's Phones screen,
    let any phone at the table take the seat and read its secrets. The seat now opens only
    for the phone that joined it (its key), and a phone that lost its page for good gets
    a new link from the laptop (``new_link``), in sight of the table."""
    from tests.remote.conftest import wait_status
    code = hub.code(0)
    reply = exchange(hub, code)
    with open_phone(f"ws://{hub.address}/ws/{reply['token']}") as ws:
        hello = recv(ws)
        assert hello["type"] == "hello" and len(hello["key"]) >= 32
        wait_status(hub, 0, "joined")
    wait_status(hub, 0, "lost")
    assert exchange(hub, code) == {"type": "refused", "why": protocol.WHY_USED_CODE}, "the spent code stays spent"
    with open_phone(f"ws://{hub.address}/ws/{reply['token']}") as ws:      # another phone, the same link
        assert recv(ws) == {"type": "taken", "why": protocol.WHY_TAKEN}
        assert closed_with(ws)[0] == protocol.CLOSE_POLICY
    assert hub.status(0) == "lost"
    with open_phone(f"ws://{hub.address}/ws/{reply['token']}?k={hello['key']}") as ws:   # its own phone
        assert recv(ws)["type"] == "hello"
        wait_status(hub, 0, "joined")
    wait_status(hub, 0, "lost")
    hub.new_link(0)
    assert hub.status(0) == "waiting"
    fresh = exchange(hub, hub.code(0))
    assert fresh["type"] == "token" and fresh["token"] != reply["token"]
    with open_phone(f"ws://{hub.address}/ws/{fresh['token']}") as ws:
        again = recv(ws)
        assert again["type"] == "hello" and again["key"] != hello["key"]
