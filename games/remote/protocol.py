"""The phone protocol, version 1: JSON text messages, nothing else (docs/phones.md).

Everything that goes over the wire is built here, with one encoder: sorted keys,
no spaces, ASCII with escapes for the rest, no NaN. The same state therefore gives the same bytes in every run,
which the counterfactual tests rely on (two worlds differing only in another
seat's secrets must give a seat byte-identical messages).

Reading is strict about what a phone may send: a text frame of at most
:data:`MAX_MESSAGE` bytes holding one JSON object of a known ``type`` with
fields of the right types. Anything else raises :class:`Violation`, which
carries the words sent back and the close code; the server then closes that
connection. Fields a message does not define are ignored, so a later page may
add some without breaking an older laptop.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

PROTOCOL = 1
#: the largest message a phone may send, in bytes of UTF-8 (moves are short texts)
MAX_MESSAGE = 4096
#: more than this many messages from one connection within RATE_WINDOW seconds close it
RATE_LIMIT = 20
RATE_WINDOW = 1.0
#: a move's text longer than this is not a move of any of our games
MAX_MOVE_TEXT = 200

#: RFC 6455 close codes used
CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_TRY_LATER = 1013

# Words the phone shows. One place, so the page and the docs quote the same.
WHY_MOVED_ON = "The game moved on; look again."
WHY_REPLACED = "This seat was opened on another phone."
WHY_REVOKED = "This seat is now played on the laptop."
WHY_TO_COMPUTER = "This seat is now played by the computer."
WHY_CLOSED = "The game was closed on the laptop."
WHY_NEW_LINKS = "The game was reopened on the laptop with new links: scan its new code."
WHY_SEAT_BUSY = "Too many connections for this seat at once; try again in a moment."
WHY_TAKEN = ("This seat is played on another phone. If that phone is yours and lost for good, ask for "
             "a new link on the laptop (its Phones screen).")
WHY_NEW_LINK = "The laptop gave this seat a new link: scan its new code."
WHY_DOOR_BUSY = "Too many phones are typing codes at once; try again in a moment."
WHY_BAD_CODE = "That code is not right. Check it on the laptop's screen."
WHY_USED_CODE = ("That code was used: its seat has joined on a phone. If that phone is yours and lost its "
                 "page, ask for a new link on the laptop (its Phones screen).")
WHY_TOO_FAST = "Too many messages at once; reconnecting."
WHY_TOO_SLOW = "This phone is not reading its messages; reconnecting."


class Violation(Exception):
    """A message the protocol does not allow: ``why`` goes to the phone (in words),
    ``code`` is the WebSocket close code."""

    def __init__(self, why: str, code: int = CLOSE_POLICY) -> None:
        super().__init__(why)
        self.why = why
        self.code = code


@dataclass(frozen=True)
class Move:
    text: str
    seq: int


@dataclass(frozen=True)
class Perform:
    pass


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Code:
    code: str


SeatMessage = Move | Perform | Ping
Kind = Literal["move", "perform"]


def encode(message: dict[str, Any]) -> str:
    """The one encoder: deterministic text for equal messages.

    :raises TypeError: for a value JSON cannot hold; :raises ValueError: for NaN or infinity.
    """
    # ASCII only: any text, even a lone surrogate from a badly cut name, goes over as a
    # \u escape instead of failing to encode as UTF-8 on the writer thread.
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def hello(game: str, seat: int, name: str, colour: str, key: str) -> str:
    """``key``: the seat's phone key. The first phone to join a seat is given it; the seat
    then opens only for a connection that shows it (the page keeps it), so the seat's link
    seen on the laptop's screen is no use to another phone."""
    return encode({"type": "hello", "protocol": PROTOCOL, "game": game, "seat": seat, "name": name,
                   "colour": colour, "key": key})


def taken() -> str:
    """A connection without the seat's phone key, to a seat a phone has joined."""
    return encode({"type": "taken", "why": WHY_TAKEN})


def state(seq: int, payload_text: str) -> str:
    """A state message around a payload already encoded with :func:`encode` (the hub
    compares payload texts to see a change, so it encodes each payload once)."""
    return f'{{"payload":{payload_text},"seq":{seq},"type":"state"}}'


def refused(why: str) -> str:
    return encode({"type": "refused", "why": why})


def error(why: str) -> str:
    return encode({"type": "error", "why": why})


def bye(why: str) -> str:
    return encode({"type": "bye", "why": why})


def replaced() -> str:
    return encode({"type": "replaced", "why": WHY_REPLACED})


def held(why: str | None) -> str:
    """Why the laptop does not play a phone's move now (a menu is open, a phone has not
    joined yet), or None once it does again. Apart from the state, so a hold never
    changes the ``seq`` a staged move answers."""
    return encode({"type": "held", "why": why})


def pong() -> str:
    return encode({"type": "pong"})


def token(token_text: str, seat: int) -> str:
    return encode({"type": "token", "token": token_text, "seat": seat})


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _read_object(raw: str | bytes) -> dict[str, Any]:
    if isinstance(raw, (bytes, bytearray, memoryview)):
        raise Violation("Only text messages are understood, not binary ones.")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Violation(f"That message is too long (the limit is {MAX_MESSAGE} bytes).", CLOSE_TOO_BIG)
    try:
        value = json.loads(raw, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        raise Violation("That message is not JSON.") from exc
    if not isinstance(value, dict):
        raise Violation("A message must be a JSON object.")
    kind = value.get("type")
    if not isinstance(kind, str):
        raise Violation('A message must say its "type".')
    return value


def _int_field(value: dict[str, Any], name: str) -> int:
    field = value.get(name)
    # bool is an int in Python, not in JSON's sense of a number here.
    if not isinstance(field, int) or isinstance(field, bool) or field < 0:
        raise Violation(f'A "{value["type"]}" message needs "{name}", a whole number.')
    return field


def read_seat_message(raw: str | bytes) -> SeatMessage:
    """One message from a seat's phone.

    :raises Violation: for anything the protocol does not allow.
    """
    value = _read_object(raw)
    kind = value["type"]
    if kind == "move":
        text = value.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Violation('A "move" message needs "text", the move in the game\'s notation.')
        if len(text) > MAX_MOVE_TEXT:
            raise Violation(f"That move is too long (the limit is {MAX_MOVE_TEXT} characters).")
        return Move(text=text, seq=_int_field(value, "seq"))
    if kind == "perform":
        return Perform()
    if kind == "ping":
        return Ping()
    raise Violation(f"Unknown message type {kind[:40]!r}.")


def read_code_message(raw: str | bytes) -> Code:
    """The one message the code door takes.

    :raises Violation: for anything else.
    """
    value = _read_object(raw)
    if value["type"] != "code":
        raise Violation('The code door takes one message: {"type": "code", "code": "ABCD-EFGH"}.')
    code = value.get("code")
    if not isinstance(code, str):
        raise Violation('A "code" message needs "code", the code shown on the laptop.')
    return Code(code=code[:64])
