"""MatchTable (games/remote/table.py): a match as the phone hub's table.

Every refusal kind leaves the match untouched and calls nobody; a perform is
played only for the seat the driver names; payloads are the seat's own view's
payload, kept while the match stands still and rebuilt the moment it moves
(undo included); a whole three-seat Cannon Corps game is played by phones
choosing from their payloads alone, through the table and through a real hub.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from websockets.sync.client import connect

import games
from games.core.driver import MatchDriver
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.remote import PhoneHub, SeatInfo
from games.remote import payload as P
from games.remote.table import MatchTable
from tests.core import toygame
from tests.remote.conftest import SAFETY, Clock

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
COLOURS = ["#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"]
ALWAYS = lambda view: "Spin!"     # noqa: E731 - a board that wants every chance event performed


def make(info: Any, kinds: str, phones: tuple[int, ...], seed: int = 3, performs: Any = None,
         options: dict[str, Any] | None = None) -> tuple[MatchTable, list[tuple[Any, Any]]]:
    seats = [Seat(HUMAN, "normal", NAMES[i], phone=i in phones) if k == "h" else Seat(AI, "easy", NAMES[i])
             for i, k in enumerate(kinds)]
    m = Match(info, dict(options or {}), seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    played: list[tuple[Any, Any]] = []
    table = MatchTable(MatchDriver(m, performs=performs), info, NAMES[:len(kinds)], COLOURS[:len(kinds)],
                       on_played=lambda entry, before: played.append((entry, before)))
    return table, played


def snap(table: MatchTable) -> tuple[Any, ...]:
    m = table.driver.match
    return m.ply, json.dumps(m.state.snapshot(), sort_keys=True, default=str), [e.text for e in m.log]


def norm(obj: Any) -> Any:
    """``obj`` as it comes back from the wire (tuples become lists)."""
    return json.loads(json.dumps(obj))


def refused(table: MatchTable, played: list[Any], seat: int, kind: Any, text: str | None) -> str:
    """Submit, expect a refusal in words, and check that nothing changed."""
    before, calls = snap(table), len(played)
    why = table.submit(seat, kind, text)
    assert isinstance(why, str) and why.strip(), (seat, kind, text)
    assert snap(table) == before and len(played) == calls
    return why


# -- refusals ---------------------------------------------------------------------------------

def test_every_refusal_changes_nothing() -> None:
    table, played = make(toygame.INFO, "hh", phones=(0, 1), performs=ALWAYS)
    d = table.driver
    # seat 0 performs the roll now: a move from it, anything from seat 1, waits
    assert "Spin!" in refused(table, played, 0, "move", "bank")
    assert refused(table, played, 1, "move", "bank") == "It is not your turn: waiting for Ana."
    assert refused(table, played, 1, "perform", None) == "There is nothing for you to perform now."
    assert table.submit(0, "perform", None) is None
    assert len(played) == 1
    played.clear()
    # seat 0 decides now
    assert refused(table, played, 1, "move", "bank") == "It is not your turn: waiting for Ana."
    assert refused(table, played, 0, "perform", None) == "There is nothing for you to perform now."
    assert refused(table, played, 0, "move", "bonk").startswith("I can't read that: ")
    assert refused(table, played, 0, "move", "roll2").startswith("Not allowed now: ")
    assert refused(table, played, 0, "move", "   ") == "Type a move first."
    assert refused(table, played, 0, "move", None) == "Type a move first."
    assert refused(table, played, 0, "jump", "bank") == "Unknown request 'jump'."  # type: ignore[arg-type]
    assert table.submit(0, "move", " bank ") is None         # typed with spaces: read as the page sends it
    assert played[-1][0].text == "bank" and played[-1][0].player == 0
    # the game over: everything is refused
    while not d.match.is_over():
        d.step(lambda seat, view: toygame.Act("double"))
    played.clear()
    assert refused(table, played, 0, "move", "bank") == "The game is over."
    assert refused(table, played, 1, "perform", None) == "The game is over."


def test_refusals_name_whoever_acts() -> None:
    # a computer's turn, and a laptop seat's turn behind a hand-over (hidden information)
    info = games.get("cannon_corps")
    table, played = make(info, "hah", phones=(0,))
    d = table.driver
    assert table.submit(0, "move", "setup d4@A1 d6@B2 d8@C3 d10@A4") is None
    played.clear()
    assert d.match.to_move() == 1
    assert refused(table, played, 0, "move", "setup d4@A1 d6@B2 d8@C3 d10@A4") == \
        "It is not your turn: waiting for Bo."
    d.step()                                                 # the computer sets up
    assert d.match.to_move() == 2 and d.viewer is None       # the laptop's person gets it by a hand-over
    assert refused(table, played, 0, "move", "fire d4 A1") == "It is not your turn: waiting for Cy."
    # a seat handed to the laptop while its phone still sends moves
    d.step(lambda seat, view: view.legal_moves()[0])
    while d.match.to_move() != 0:
        d.step(lambda seat, view: view.legal_moves()[0])
    d.match.seats[0].phone = False
    d.viewer = 0
    why = refused(table, played, 0, "move", table.payload_for(0)["moves"][0]["text"])
    assert why == "This seat is played on the laptop now."


def test_a_chance_the_table_plays_out_is_not_a_phone_move() -> None:
    table, played = make(toygame.INFO, "hh", phones=(0, 1))     # no board asks for a performance
    assert table.driver.match.to_move() == CHANCE
    assert refused(table, played, 0, "move", "bank") == "It is not your turn: the table is playing out chance."
    assert refused(table, played, 0, "perform", None) == "There is nothing for you to perform now."
    assert refused(table, played, 0, "move", "roll3")        # a phone never draws chance itself


# -- performing ------------------------------------------------------------------------------

def test_a_phone_performs_its_chance_event() -> None:
    table, played = make(toygame.INFO, "hh", phones=(0, 1), performs=ALWAYS)
    p0, p1 = table.payload_for(0), table.payload_for(1)
    assert p0["perform"] == "Spin!" and p0["your_turn"] and p0["waiting_for"] == "Ana"
    assert p1["perform"] is None and not p1["your_turn"]
    assert table.submit(0, "perform", None) is None
    (entry, before), = played
    assert entry.player == CHANCE and table.driver.match.log == [entry]
    assert before.current_player() == CHANCE and before is not table.driver.match.state
    p0 = table.payload_for(0)
    assert p0["perform"] is None and p0["your_turn"] and {m["text"] for m in p0["moves"]} == {"bank", "double"}
    assert p0["log"] == [{"seat": None, "text": entry.public}]


def test_a_laptop_performer_is_not_offered_the_button_on_a_phone() -> None:
    table, played = make(toygame.INFO, "hh", phones=(1,), performs=ALWAYS)
    assert table.payload_for(1)["perform"] is None
    assert refused(table, played, 1, "perform", None) == "There is nothing for you to perform now."


# -- payloads --------------------------------------------------------------------------------

def test_payload_is_the_seats_view_and_is_kept_until_the_match_moves() -> None:
    info = games.get("cannon_corps")
    table, played = make(info, "hhh", phones=(0, 1, 2))
    m = table.driver.match
    for seat in range(3):
        want = P.payload(info, m.state.view(seat), seat, names=NAMES[:3], colours=COLOURS[:3],
                         to_move=m.to_move(), performer_label=None, log_lines=m.log, over=False, result=None)
        assert table.payload_for(seat) == want
    first = table.payload_for(1)
    assert table.payload_for(1) is first                     # nothing moved: not rebuilt
    assert table.submit(0, "move", "setup d4@A1 d6@B2 d8@C3 d10@A4") is None
    after = table.payload_for(1)
    assert after is not first and after["to_move"] == 1 and after["moves"] == [] and after["your_turn"]
    assert "A1" not in json.dumps(after["log"])              # the public log, never the set-up's text
    # undo comes back to the very position: an equal payload, built again
    assert m.undo()
    again = table.payload_for(1)
    assert again == first and again is not first
    assert m.redo()
    assert table.payload_for(1) == after


def test_names_and_colours_must_cover_every_seat() -> None:
    info = games.get("cannon_corps")
    table, _ = make(info, "hhh", phones=(0,))
    with pytest.raises(ValueError):
        MatchTable(table.driver, info, NAMES[:2], COLOURS[:3])


# -- whole games from payloads ------------------------------------------------------------------

def phone_choice(payload: dict[str, Any], rng: random.Random) -> tuple[str, str | None]:
    """What a phone that sees only ``payload`` sends: its perform, a listed move, or a
    Cannon Corps set-up built as the page builds it (four dice on four spaces)."""
    if payload["perform"]:
        return "perform", None
    if payload["moves"]:
        return "move", rng.choice(payload["moves"])["text"]
    view = payload["view"]
    assert view["decision"]["kind"] == "setup", payload["status"]
    dice = sorted(rng.sample(view["dice"], 4), key=view["dice"].index)
    spaces = rng.sample(view["spaces"], 4)
    return "move", "setup " + " ".join(f"{d}@{s}" for d, s in zip(dice, spaces))


def test_a_three_phone_corps_game_through_the_table() -> None:
    info = games.get("cannon_corps")
    table, played = make(info, "hhh", phones=(0, 1, 2), seed=11)
    d = table.driver
    rng = random.Random(5)
    decisions = 0
    while not d.match.is_over():
        assert d.match.ply < info.ply_cap
        p = d.match.to_move()
        if p == CHANCE:
            d.apply_chance()                                 # the laptop draws who fires first
            continue
        payloads = {s: table.payload_for(s) for s in range(3)}
        assert [s for s in range(3) if payloads[s]["your_turn"]] == [p]
        for s in range(3):
            if s != p:
                assert refused(table, played, s, "move", "stay d4").startswith("It is not your turn")
        kind, text = phone_choice(payloads[p], rng)
        ply = d.match.ply
        assert table.submit(p, kind, text) is None           # type: ignore[arg-type]
        assert d.match.ply == ply + 1 and played[-1][0] is d.match.log[-1]
        decisions += 1
    assert decisions > 20
    result = d.match.state.result_text(NAMES[:3])
    w = d.match.state.winner()
    assert w is not None
    for s in range(3):
        final = table.payload_for(s)
        assert final["over"] and final["result"] == result and not final["your_turn"] and final["moves"] == []
        # every phone is told who won (a play-test: a seat out early read only "Game over")
        assert final["headline"] == ("You won!" if s == w else f"{NAMES[w]} won")
        assert refused(table, played, s, "move", "stay d4") == "The game is over."


def test_a_corps_game_over_the_wire_with_a_computer(clock: Clock) -> None:
    """Two phones and a computer: a real hub, real sockets, the table between them. The
    hub's clock moves a second per decision, as players take (the rate cap is per second)."""
    info = games.get("cannon_corps")
    table, played = make(info, "hha", phones=(0, 1), seed=2)
    d = table.driver
    hub = PhoneHub({s: SeatInfo(NAMES[s], COLOURS[s]) for s in (0, 1)}, game=info.id, host="127.0.0.1", port=0,
                   clock=clock)
    hub.start()
    rng = random.Random(9)
    try:
        phones = {s: connect(f"ws://{hub.address}/ws/{hub.url(s).rsplit('/', 1)[1]}", open_timeout=SAFETY)
                  for s in (0, 1)}
        for s, ws in phones.items():
            hello = json.loads(ws.recv(timeout=SAFETY))
            assert hello["type"] == "hello" and hello["seat"] == s and hello["name"] == NAMES[s]
        latest: dict[int, dict[str, Any]] = {}

        def read_until_state(s: int) -> None:
            msg = json.loads(phones[s].recv(timeout=SAFETY))
            assert msg["type"] == "state", msg
            latest[s] = msg

        hub.pump(table)
        for s in (0, 1):
            read_until_state(s)
        while not d.match.is_over():
            assert d.match.ply < info.ply_cap
            step_seat = d.match.to_move()
            if step_seat == CHANCE or step_seat == 2:
                seen = {s: latest[s]["seq"] for s in (0, 1)}
                d.step()                                     # the computer thinks inline; chance is drawn
                hub.pump(table)
                for s in (0, 1):
                    if norm(table.payload_for(s)) != latest[s]["payload"]:
                        read_until_state(s)
                        assert latest[s]["seq"] == seen[s] + 1
                continue
            clock.now += 1.0
            state = latest[step_seat]
            assert state["payload"]["your_turn"], state["payload"]["status"]
            kind, text = phone_choice(state["payload"], rng)
            msg = {"type": "perform"} if kind == "perform" else {"type": "move", "text": text, "seq": state["seq"]}
            phones[step_seat].send(json.dumps(msg))
            phones[step_seat].send(json.dumps({"type": "ping"}))
            assert json.loads(phones[step_seat].recv(timeout=SAFETY))["type"] == "pong"   # the move is in the inbox
            ply = d.match.ply
            assert hub.pump(table) == 1 and d.match.ply == ply + 1
            for s in (0, 1):
                if norm(table.payload_for(s)) != latest[s]["payload"]:
                    read_until_state(s)
        for s in (0, 1):
            assert latest[s]["payload"]["over"] and latest[s]["payload"]["result"]
        assert any(e.player == 2 for e in d.match.log) and {e.player for e, _ in played} <= {0, 1}
        for ws in phones.values():
            ws.close()
    finally:
        hub.stop()
