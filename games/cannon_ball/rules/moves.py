"""Cannon Ball's moves and their notation.

The small immutable move values (:class:`Spin`, :class:`Risk`, :class:`Choice`,
:class:`Step`, :class:`CannonMove`, :class:`Tnt`, :class:`End`), their text forms,
and :func:`parse_text`, which reads a text back into a move checking only its
form. They live apart from the engine because logs, saves, the move box, the AI
and the tests all speak this notation without needing a position; the table of
notations is in the docstring of :mod:`games.cannon_ball.rules`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from games.core.game import BadNotation

from . import battlefield as M
from .tables import SPIN_VALUES


def box_name(i: int) -> str:
    return M.BOXES[i].name


@dataclass(frozen=True, slots=True)
class Spin:
    """The Fort Commander shows ``value`` (a chance outcome)."""
    value: int

    def __str__(self) -> str:
        return f"spin {self.value}"


@dataclass(frozen=True, slots=True)
class Risk:
    """The bridge just crossed holds, or explodes (a chance outcome)."""
    holds: bool

    def __str__(self) -> str:
        return "holds" if self.holds else "explodes"


@dataclass(frozen=True, slots=True)
class Choice:
    """What a turn will be, chosen before the spin. ``kind``: move, open, close,
    tnt, rebuild or fire; ``target``: a gate (open/close/fire) or a bridge
    (rebuild) index; ``call``: odd or even for the gambles."""
    kind: str
    target: int = -1
    call: str = ""

    def __str__(self) -> str:
        k = self.kind
        if k == "move":
            return "move"
        if k in ("open", "close"):
            return f"{k} {M.GATES[self.target].id}"
        if k == "tnt":
            return f"tnt {self.call}"
        if k == "rebuild":
            return f"rebuild {M.BRIDGES[self.target].number} {self.call}"
        return f"fire {M.GATES[self.target].id} {self.call}"


@dataclass(frozen=True, slots=True)
class Step:
    """A trooper moves to a touching box, over a bridge or through a gate (1 move)."""
    frm: int
    to: int

    def __str__(self) -> str:
        return f"{box_name(self.frm)}-{box_name(self.to)}"


@dataclass(frozen=True, slots=True)
class CannonMove:
    """The cannon standing on ``frm`` (its first box) moves one section (onto the two
    boxes ``to``), or one large box inside a fort (``to`` has one box). ``escorts``:
    the boxes of the two men moving along with it; empty when it is passed."""
    frm: int
    to: tuple[int, ...]
    escorts: tuple[int, ...] = ()

    def __str__(self) -> str:
        s = "K" + box_name(self.frm) + ">" + "".join(box_name(t) for t in self.to)
        if self.escorts:
            s += "+" + "".join(box_name(e) for e in self.escorts)
        return s


@dataclass(frozen=True, slots=True)
class Tnt:
    """Place a TNT case (1 move): at a bridge end (``box``, the end box next to the
    bridge) or under an enemy gate (``gate``)."""
    box: int = -1
    gate: int = -1

    def __str__(self) -> str:
        return "TNT " + (M.GATES[self.gate].id if self.gate >= 0 else box_name(self.box))


@dataclass(frozen=True, slots=True)
class End:
    """End the move turn; unused moves are lost."""

    def __str__(self) -> str:
        return "end"


END = End()
Move = Spin | Risk | Choice | Step | CannonMove | Tnt | End
SPINS = tuple(Spin(v) for v in SPIN_VALUES)
MOVE_CHOICE = Choice("move")


# -- notation ------------------------------------------------------------------------------------

_BOX = r"[a-o][0-9]{1,2}"
_RE_SPIN = re.compile(r"^spin\s*([0-9]{1,2})$")
_RE_GATE = re.compile(r"^(open|close)\s+([a-z]{2})$")
_RE_TNT_SHOT = re.compile(r"^tnt\s+(odd|even)$")
_RE_REBUILD = re.compile(r"^rebuild\s+(?:bridge\s*)?([0-9]+)\s+(odd|even)$")
_RE_FIRE = re.compile(r"^fire\s+(?:at\s+)?([a-z]{2})\s+(odd|even)$")
_RE_STEP = re.compile(rf"^({_BOX})\s*[-x]\s*({_BOX})$")
_RE_CANNON = re.compile(rf"^k\s*({_BOX})\s*>\s*((?:{_BOX}){{1,2}})(?:\s*\+\s*((?:{_BOX}){{2}}))?$")
_RE_TNT = re.compile(rf"^tnt\s+({_BOX}|[a-z]{{2}})$")
_HELP = ("moves read like: move, close SW, tnt odd, rebuild 3 even, fire NE odd, c5-c6, "
         "Ke5>e8f8+e6f6, TNT g16, end")


def _box(text: str, raw: str) -> int:
    b = M.box_index(text)
    if b is None:
        raise BadNotation(f"{raw!r} is not a move: there is no box {text}")
    return b


def _gate(text: str, raw: str) -> int:
    g = M.GATE_BY_ID.get(text.upper())
    if g is None:
        raise BadNotation(f"{raw!r} is not a move: the gates are {', '.join(M.GATE_BY_ID)}")
    return g


def parse_text(text: str) -> Move:
    """Text -> move, checking only the form (not whether it is legal now).

    :raises BadNotation: the text is not a move."""
    if not isinstance(text, str):
        raise BadNotation(f"{text!r} is not a move: {_HELP}")
    raw = text.strip()
    if not raw:
        raise BadNotation(f"No move typed: {_HELP}")
    t = re.sub(r"\s+", " ", raw.lower())
    simple: dict[str, Move] = {"move": MOVE_CHOICE, "end": END, "holds": Risk(True), "explodes": Risk(False)}
    if t in simple:
        return simple[t]
    for parse in (_parse_choice, _parse_piece):
        mv = parse(t, raw)
        if mv is not None:
            return mv
    raise BadNotation(f"{raw!r} is not a move: {_HELP}")


def _parse_choice(t: str, raw: str) -> Spin | Choice | None:
    m = _RE_SPIN.match(t)
    if m:
        v = int(m.group(1))
        if not 1 <= v <= 12:
            raise BadNotation(f"{raw!r} is not a move: the Fort Commander shows 1 to 12")
        return Spin(v)
    m = _RE_GATE.match(t)
    if m:
        return Choice(m.group(1), _gate(m.group(2), raw))
    m = _RE_TNT_SHOT.match(t)
    if m:
        return Choice("tnt", -1, m.group(1))
    m = _RE_REBUILD.match(t)
    if m:
        n = int(m.group(1))
        if not 1 <= n <= len(M.BRIDGES):
            raise BadNotation(f"{raw!r} is not a move: the bridges are 1 to {len(M.BRIDGES)}")
        return Choice("rebuild", n - 1, m.group(2))
    m = _RE_FIRE.match(t)
    if m:
        return Choice("fire", _gate(m.group(1), raw), m.group(2))
    return None


def _parse_piece(t: str, raw: str) -> Step | CannonMove | Tnt | None:
    compact = t.replace(" ", "") if not t.startswith("tnt") else t
    m = _RE_STEP.match(compact)
    if m:
        return Step(_box(m.group(1), raw), _box(m.group(2), raw))
    m = _RE_CANNON.match(compact)
    if m:
        frm = _box(m.group(1), raw)
        to = tuple(sorted(_box(x, raw) for x in re.findall(_BOX, m.group(2))))
        esc = tuple(sorted(_box(x, raw) for x in re.findall(_BOX, m.group(3) or "")))
        return CannonMove(frm, to, esc)
    m = _RE_TNT.match(t)
    if m:
        target = m.group(1)
        if target[1:].isdigit():
            return Tnt(box=_box(target, raw))
        return Tnt(gate=_gate(target, raw))
    return None
