"""Cannon's moves: the :class:`Move` value, its notation, and every move built once.

:class:`Move` is a frozen ``(kind, frm, to)`` value:

========= ========================================= ===========
kind      frm / to                                  text
========= ========================================= ===========
place     the town square (frm == to)               ``Tf1``
step      soldier, one point on                     ``e3-e4``
retreat   soldier, two points back                  ``e5-e3``
slide     rear soldier of the cannon, landing point ``a2-a5``
capture   soldier, the enemy piece it lands on      ``e4xe5``
shot      the cannon's front soldier, the target    ``e4*e6``
========= ========================================= ===========

A "-" move's length (1, 2 or 3 points) tells step, retreat and slide apart, so the
text alone determines the move.

Speed: every possible move object is built once at import, in the tables below
(per player and square: steps, captures, retreats; per rear soldier: the cannons
with their slide and shots), so move generation (``state.py``) only picks prebuilt
objects, and parsing a move's text returns those same objects.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

from games.core.game import BadNotation

from .squares import ALL_DIRS, DARK, LIGHT, LINE_DIRS, N_SQUARES, SIZE, _fr, _fwd, _key, _step, parse_square, square_name

# -- moves -----------------------------------------------------------------------

_MOVE_RE = re.compile(r"^([a-z])([0-9]+)([-x*])([a-z])([0-9]+)$")
_PLACE_RE = re.compile(r"^t([a-z])([0-9]+)$")
#: short enough for the banner's line at 1280x720 with "I can't read that: 'zz99' is not a move: "
#: before it (a play-test read "... a capture as e4x...": the part the player needed was cut)
_HELP = "a town is Tf1, a step, retreat or slide e3-e4, a capture e4xe5, a shot e4*e6"


def _unit(frm: int, to: int) -> tuple[int, int, int] | None:
    """(df, dr, distance) if ``to`` lies on one of the 8 lines from ``frm``, else None."""
    f0, r0 = _fr(frm)
    f1, r1 = _fr(to)
    df, dr = f1 - f0, r1 - r0
    if (df, dr) == (0, 0):
        return None
    if df != 0 and dr != 0 and abs(df) != abs(dr):
        return None
    n = max(abs(df), abs(dr))
    return (df // n if df else 0), (dr // n if dr else 0), n


@dataclass(frozen=True, slots=True)
class Move:
    """One move. ``str()`` is its notation; :meth:`parse` reads it back."""
    kind: str
    frm: int
    to: int

    def __str__(self) -> str:
        known = _TEXT_OF.get(self)
        if known is not None:
            return known
        if self.kind == "place":
            return "T" + square_name(self.to)
        sep = "x" if self.kind == "capture" else "*" if self.kind == "shot" else "-"
        return square_name(self.frm) + sep + square_name(self.to)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Move:
            return NotImplemented
        return self.to == other.to and self.frm == other.frm and self.kind == other.kind

    @staticmethod
    def parse(text: str) -> "Move":
        """Text -> Move, checking the syntax and the geometry only (not legality)."""
        if not isinstance(text, str):
            raise BadNotation(f"{text!r} is not a move: {_HELP}")
        known = _BY_TEXT.get(text)
        if known is not None:
            return known
        raw = text.strip()
        if not raw:
            raise BadNotation(f"No move typed: {_HELP}")
        t = re.sub(r"\s+", "", raw.lower())
        known = _BY_TEXT.get(t) or (_BY_TEXT.get("T" + t[1:]) if t.startswith("t") else None)
        if known is not None:
            return known
        m = _PLACE_RE.match(t)
        if m:
            sq = parse_square(m.group(1) + m.group(2))
            if sq is None:
                raise BadNotation(f"{raw!r} is not a move: squares run a1..j10")
            return _PLACE[sq]
        m = _MOVE_RE.match(t)
        if not m:
            raise BadNotation(f"{raw!r} is not a move: {_HELP}")
        a = parse_square(m.group(1) + m.group(2))
        b = parse_square(m.group(4) + m.group(5))
        if a is None or b is None:
            raise BadNotation(f"{raw!r} is not a move: squares run a1..j10")
        return _move_between(raw, a, b, m.group(3))


def _move_between(raw: str, a: int, b: int, sep: str) -> Move:
    """The move ``a``-``sep``-``b`` means, or BadNotation saying why it cannot be one."""
    u = _unit(a, b)
    if u is None:
        if a == b:
            raise BadNotation(f"{raw!r} is not a move: it starts and ends on the same point")
        raise BadNotation(f"{raw!r} is not a move: {square_name(a)} and {square_name(b)} "
                          "are not on one straight or diagonal line")
    n = u[2]
    if sep == "-":
        if n > 3:
            raise BadNotation(f"{raw!r} is not a move: a step goes 1 point, a retreat 2, "
                              "a cannon slide 3 (rear soldier to landing point)")
        return Move(("step", "retreat", "slide")[n - 1], a, b)
    if sep == "x":
        if n != 1:
            raise BadNotation(f"{raw!r} is not a move: a soldier captures the piece next to it "
                              "(to shoot with a cannon write front*target, e.g. e4*e6)")
        return Move("capture", a, b)
    if n not in (2, 3):
        raise BadNotation(f"{raw!r} is not a move: a cannon shoots 2 or 3 points beyond its "
                          "front soldier (write front*target)")
    return Move("shot", a, b)


def cannon_of(move: Move) -> tuple[int, int, int] | None:
    """The three squares of the cannon that makes a slide or a shot (ascending), else None."""
    known = CANNON_OF.get(move)
    if known is not None:
        return known
    u = _unit(move.frm, move.to) if move.kind in ("slide", "shot") else None
    if u is None:
        return None
    d = u[1] * SIZE + u[0]
    if move.kind == "shot":
        d = -d
    a, b, c = sorted((move.frm, move.frm + d, move.frm + 2 * d))
    return a, b, c


# -- precomputed tables ----------------------------------------------------------

_PLACE = {sq: Move("place", sq, sq) for sq in range(N_SQUARES)}

# per player, per square: ((to, Move), ...)
STEPS: list[list[tuple[tuple[int, Move], ...]]] = []
CAPTURES: list[list[tuple[tuple[int, Move], ...]]] = []
# per player, per square: ((passed, to, Move), ...)
RETREATS: list[list[tuple[tuple[int, int, Move], ...]]] = []
for _p in (DARK, LIGHT):
    fw = _fwd(_p)
    st, ca, re_ = [], [], []
    for sq in range(N_SQUARES):
        st.append(tuple((t, Move("step", sq, t)) for t in
                        (_step(sq, df, fw) for df in (-1, 0, 1)) if t >= 0))
        ca.append(tuple((t, Move("capture", sq, t)) for t in
                        [_step(sq, df, fw) for df in (-1, 0, 1)] + [_step(sq, -1, 0), _step(sq, 1, 0)]
                        if t >= 0))
        re_.append(tuple((_step(sq, df, -fw), _step(sq, df, -fw, 2), Move("retreat", sq, _step(sq, df, -fw, 2)))
                         for df in (-1, 0, 1) if _step(sq, df, -fw, 2) >= 0))
    STEPS.append(st)
    CAPTURES.append(ca)
    RETREATS.append(re_)
del _p, fw, st, ca, re_


# Cannons by their REAR soldier: for each square, for each of the 8 directions in
# which (rear, rear+d, rear+2d) fits on the board, a tuple
#   (mid, front, cannon_key, beyond, slide_move, end_key, t2, shot2, t3, shot3)
# beyond = front+d (-1 off board); slide_move lands there (None off board);
# cannon_key / end_key = sorted end squares of the cannon before / after the slide;
# t2/t3 = 2 and 3 points beyond the front (-1 off board) with their shot moves.
CannonEntry = tuple[int, int, tuple[int, int], int, "Move | None", "tuple[int, int] | None",
                    int, "Move | None", int, "Move | None"]
CANNONS_FROM: list[tuple[CannonEntry, ...]] = []
for _sq in range(N_SQUARES):
    entries: list[CannonEntry] = []
    for df, dr in ALL_DIRS:
        mid, front = _step(_sq, df, dr), _step(_sq, df, dr, 2)
        if front < 0:
            continue
        beyond = _step(_sq, df, dr, 3)
        t2, t3 = _step(_sq, df, dr, 4), _step(_sq, df, dr, 5)
        entries.append((
            mid, front, _key(_sq, front), beyond,
            Move("slide", _sq, beyond) if beyond >= 0 else None,
            _key(mid, beyond) if beyond >= 0 else None,
            t2, Move("shot", front, t2) if t2 >= 0 else None,
            t3, Move("shot", front, t3) if t3 >= 0 else None,
        ))
    CANNONS_FROM.append(tuple(entries))
del _sq, entries

# every well-formed move, by its text, so parsing returns the same objects the
# generator lists (and is fast); Move.parse falls back to the regexes for errors
_BY_TEXT: dict[str, Move] = {}
_TEXT_OF: dict[Move, str] = {}      # filled below, once every move exists; str(move) looks here first
_m: Move | None                      # the loops' move (a table's slide or shot may be None)
for _sq in range(N_SQUARES):
    _BY_TEXT[str(_PLACE[_sq])] = _PLACE[_sq]
    for _p in (DARK, LIGHT):
        for _t, _m in STEPS[_p][_sq] + CAPTURES[_p][_sq]:
            _BY_TEXT[str(_m)] = _m
        for _a, _t, _m in RETREATS[_p][_sq]:
            _BY_TEXT[str(_m)] = _m
    for _e in CANNONS_FROM[_sq]:
        for _m in (_e[4], _e[7], _e[9]):
            if _m is not None:
                _BY_TEXT[str(_m)] = _m
for _sq in range(N_SQUARES):         # the geometric rest (sideways steps, backward captures...)
    for df, dr in ALL_DIRS:
        for _n, _kinds in ((1, ("step", "capture")), (2, ("retreat", "shot")), (3, ("slide", "shot"))):
            _t = _step(_sq, df, dr, _n)
            if _t >= 0:
                for _k in _kinds:
                    _m = Move(_k, _sq, _t)
                    _BY_TEXT.setdefault(str(_m), _m)
del _sq, _p, _t, _m, _a, _e, _n, _kinds

_TEXT_OF.update({m: t for t, m in _BY_TEXT.items()})

# slide or shot move -> the ascending squares of its cannon
CANNON_OF: dict[Move, tuple[int, int, int]] = {}
for _sq in range(N_SQUARES):
    for _e in CANNONS_FROM[_sq]:
        _trio = cast("tuple[int, int, int]", tuple(sorted((_sq, _e[0], _e[1]))))
        for _m in (_e[4], _e[7], _e[9]):
            if _m is not None:
                CANNON_OF[_m] = _trio
del _sq, _e, _trio, _m

# the 3-in-a-row lines through each square, as ascending triples (for cannons_through)
_LINES_THROUGH: list[tuple[tuple[int, int, int], ...]] = []
for _sq in range(N_SQUARES):
    lines: list[tuple[int, int, int]] = []
    for df, dr in LINE_DIRS:
        for back in (2, 1, 0):
            a = _step(_sq, df, dr, -back) if back else _sq
            if a < 0:
                continue
            b, c = _step(a, df, dr), _step(a, df, dr, 2)
            if b >= 0 and c >= 0:
                lines.append(cast("tuple[int, int, int]", tuple(sorted((a, b, c)))))
    _LINES_THROUGH.append(tuple(lines))
del _sq, lines


# slide move -> (starting cannon key, ending cannon key)
CANNON_KEYS: dict[Move, tuple[tuple[int, int], tuple[int, int] | None]] = {}
for _sq in range(N_SQUARES):
    for _e in CANNONS_FROM[_sq]:
        if _e[4] is not None:
            CANNON_KEYS[_e[4]] = (_e[2], _e[5])
del _sq, _e
