"""A seat's socket: joining, states, moves, refusals, reconnects (docs/phones.md)."""
from __future__ import annotations

from tests.remote.conftest import (
    closed_with,
    join,
    open_phone,
    recv,
    send,
    settle,
    wait_status,
    ws_url,
)

from games.remote import protocol


def test_join_with_token_gets_hello_then_state(hub, table):
    assert hub.status(1) == "waiting"
    ws, hello, state = join(hub, table, 1)
    with ws:
        key = hello.pop("key")
        assert hello == {"type": "hello", "protocol": 1, "game": "cannon_corps", "seat": 1, "name": "Bo",
                         "colour": "#0072b2"}
        assert isinstance(key, str) and len(key) >= 32
        assert state == {"type": "state", "seq": 1, "payload": {"seat": 1, "moves": 0, "secret": None}}
        assert hub.status(1) == "joined"
        assert hub.waiting_for() == (0, 2)


def test_move_accepted_is_submitted_for_its_seat_on_pump(hub, table):
    ws, _, state = join(hub, table, 2)
    with ws:
        send(ws, {"type": "move", "text": "A1 d6", "seq": state["seq"]})
        settle(ws)
        assert table.calls == []  # nothing is played outside the main thread's pump
        assert hub.pump(table) == 1
        assert table.calls == [(2, "move", "A1 d6")]
        after = recv(ws)
        assert after == {"type": "state", "seq": 2, "payload": {"seat": 2, "moves": 1, "secret": None}}


def test_perform_is_submitted_without_text(hub, table):
    ws, _, _ = join(hub, table, 0)
    with ws:
        send(ws, {"type": "perform"})
        settle(ws)
        hub.pump(table)
        assert table.calls == [(0, "perform", None)]
        assert recv(ws)["seq"] == 2


def test_refused_move_gets_refused_and_nothing_else_changes(hub, table):
    ws, _, state = join(hub, table, 0)
    with ws:
        table.refuse = "Not allowed now: it is Bo's turn."
        send(ws, {"type": "move", "text": "A1 d6", "seq": state["seq"]})
        settle(ws)
        hub.pump(table)
        assert recv(ws) == {"type": "refused", "why": "Not allowed now: it is Bo's turn."}
        # No new state: the pump after a refusal finds nothing changed.
        hub.pump(table)
        settle(ws)
        assert table.moves == 0
        assert hub.status(0) == "joined"


def test_move_with_a_stale_seq_is_refused_without_asking_the_table(hub, table):
    ws, _, state = join(hub, table, 0)
    with ws:
        table.moves = 5  # the game moved on (say the computer played) ...
        hub.pump(table)
        assert recv(ws)["seq"] == state["seq"] + 1
        send(ws, {"type": "move", "text": "A1 d6", "seq": state["seq"]})  # ... but the phone answers the old one
        settle(ws)
        hub.pump(table)
        assert recv(ws) == {"type": "refused", "why": protocol.WHY_MOVED_ON}
        assert table.calls == []


def test_unchanged_payload_is_not_sent_again(hub, table):
    ws, _, state = join(hub, table, 0)
    with ws:
        for _ in range(3):
            hub.pump(table)
        settle(ws)  # the pong is next: no state came in between
        table.secret[0] = "d20 on C4"
        hub.pump(table)
        assert recv(ws) == {"type": "state", "seq": 2, "payload": {"seat": 0, "moves": 0, "secret": "d20 on C4"}}


def test_republish_false_sends_only_to_seats_that_just_joined(hub, table):
    ws0, _, _ = join(hub, table, 0)
    with ws0:
        table.moves = 1
        ws1 = open_phone(ws_url(hub, 1))
        with ws1:
            assert recv(ws1)["type"] == "hello"
            hub.pump(table, republish=False)
            assert recv(ws1)["payload"]["moves"] == 1
            settle(ws0)  # seat 0 was not looked at
            hub.pump(table)
            assert recv(ws0)["payload"]["moves"] == 1


def test_ping_gets_pong(hub, table):
    ws, _, _ = join(hub, table, 0)
    with ws:
        send(ws, {"type": "ping"})
        assert recv(ws) == {"type": "pong"}


def test_the_token_of_seat_1_acts_for_seat_1_only(hub, table):
    ws1, _, state = join(hub, table, 1)
    ws2, _, _ = join(hub, table, 2)
    with ws1, ws2:
        # A message cannot name another seat: the socket is the seat.
        send(ws1, {"type": "move", "text": "A1 d6", "seq": state["seq"], "seat": 2})
        send(ws1, {"type": "perform", "seat": 2})
        settle(ws1)
        hub.pump(table)
        assert table.calls == [(1, "move", "A1 d6"), (1, "perform", None)]


def test_a_second_phone_on_a_seat_replaces_the_first(hub, table):
    """The seat's own phone coming back (its key) takes the seat from its stale socket."""
    old, first, _ = join(hub, table, 0)
    with old:
        new, hello, state = join(hub, table, 0, again=first)
        with new:
            assert recv(old) == {"type": "replaced", "why": protocol.WHY_REPLACED}
            assert closed_with(old) == (protocol.CLOSE_NORMAL, protocol.WHY_REPLACED)
            assert hello["seat"] == 0 and state["seq"] == 1  # the same state, sent again to the new phone
            send(new, {"type": "move", "text": "B2", "seq": state["seq"]})
            settle(new)
            hub.pump(table)
            assert table.calls == [(0, "move", "B2")]
            assert hub.status(0) == "joined"


def test_status_waiting_joined_lost_and_rejoin(hub, table):
    seen = hub.changes
    ws, first, _ = join(hub, table, 0)
    assert hub.changes > seen
    ws.close()
    wait_status(hub, 0, "lost")
    assert hub.waiting_for() == (0, 1, 2)
    again, _, state = join(hub, table, 0, again=first)  # the same phone reopens its link: the seat as it stands
    with again:
        assert hub.status(0) == "joined"
        assert state["seq"] == 1


def test_notify_is_called_for_joins_and_messages(make_hub, table):
    import threading

    woken = threading.Event()
    hub = make_hub(notify=woken.set)
    ws, _, _ = join(hub, table, 0)
    with ws:
        assert woken.wait(10)
        woken.clear()
        send(ws, {"type": "perform"})
        settle(ws)
        assert woken.is_set()


def test_any_text_goes_over_even_a_lone_surrogate(make_hub, table):
    from games.remote import SeatInfo

    hub = make_hub({0: SeatInfo("Zoë \udc80", "#d55e00")})
    table.secret[0] = "名前 \ud800"
    ws, hello, state = join(hub, table, 0)
    with ws:
        assert hello["name"] == "Zoë \udc80"
        assert state["payload"]["secret"] == "名前 \ud800"


def test_a_hold_is_told_apart_from_the_state_and_never_moves_its_seq(hub, table):
    """A phone is told why the laptop holds its moves (a menu open), once per change, in
    a message of its own: a staged move answers the same state before and after."""
    ws, _, state = join(hub, table, 0)
    with ws:
        hub.pump(table, held="The laptop has a menu open: play when it is closed.")
        assert recv(ws) == {"type": "held", "why": "The laptop has a menu open: play when it is closed."}
        hub.pump(table, held="The laptop has a menu open: play when it is closed.")
        settle(ws)                                   # told once, not every frame
        hub.pump(table)
        assert recv(ws) == {"type": "held", "why": None}
        send(ws, {"type": "move", "text": "A1 d6", "seq": state["seq"]})
        settle(ws)
        hub.pump(table)
        assert table.calls == [(0, "move", "A1 d6")], "the hold changed no seq"
        assert recv(ws)["seq"] == state["seq"] + 1
        ws2 = open_phone(ws_url(hub, 2))
        with ws2:                                    # a phone joining during a hold: state, then the hold
            assert recv(ws2)["type"] == "hello"
            hub.pump(table, held="The game starts when every phone has joined.")
            assert recv(ws2)["type"] == "state"
            assert recv(ws2) == {"type": "held", "why": "The game starts when every phone has joined."}


def test_another_phone_with_the_seats_link_is_refused_and_learns_nothing(hub, table):
    """A probe: a lost seat's link, shown again on the laptop's Phones screen and scanned by
    another phone at the table, handed that phone the seat's grid and private news. The
    link alone opens nothing once a phone has joined: the seat's own phone shows its key."""
    ws, first, _ = join(hub, table, 0)
    table.secret[0] = "d20 on C4"
    ws.close()
    wait_status(hub, 0, "lost")
    with open_phone(ws_url(hub, 0)) as other:
        assert recv(other) == {"type": "taken", "why": protocol.WHY_TAKEN}
        assert closed_with(other)[0] == protocol.CLOSE_POLICY
    with open_phone(ws_url(hub, 0) + "?k=" + "x" * 32) as other:          # a guessed key
        assert recv(other)["type"] == "taken"
    assert hub.status(0) == "lost"
    again, _, state = join(hub, table, 0, again=first)
    with again:
        assert state["payload"]["secret"] == "d20 on C4"
        with open_phone(ws_url(hub, 0)) as other:                           # and while it is there
            assert recv(other)["type"] == "taken"
        assert hub.status(0) == "joined"


def test_a_new_link_from_the_laptop_puts_the_old_phone_out_and_opens_the_seat_afresh(hub, table):
    ws, first, _ = join(hub, table, 0)
    with ws:
        old_url = ws_url(hub, 0)
        hub.new_link(0)
        assert recv(ws) == {"type": "bye", "why": protocol.WHY_NEW_LINK}
    assert hub.status(0) == "waiting" and ws_url(hub, 0) != old_url
    fresh, hello, _ = join(hub, table, 0)
    with fresh:
        assert hello["key"] != first["key"] and hub.status(0) == "joined"
