"""A fast bitboard engine for Cannon, used by the AI's search.

This is *not* the rules: ``games.cannon.rules`` is the game. The engine is an
independent, speed-minded re-implementation of the move generator (the tests
cross-check the two over random positions), plus make/unmake and Zobrist keys.

Board: a Python int of 100 bits per piece set, bit ``sq`` = point ``sq`` with
``sq = (rank - 1) * 10 + file_index`` (a1 = 0, j10 = 99), the same numbering the
rules use. A shift by ``k`` steps in a direction with horizontal component ``dh``
is ``(b << delta)`` or ``(b >> -delta)`` masked with ``MH[k * dh]`` (the files a
point may land on without wrapping round the board edge) -- vertical overflow
falls off the bottom by itself and off the top through the masks/``FULL``.

Moves are small ints: ``frm | to << 7 | kind << 14``. Kinds: STEP, CAPTURE,
RETREAT, SLIDE, SHOT, PLACE (``frm == to``), matching the rules' ``Move.kind``
strings through :data:`KIND_NAMES`.

What the engine leaves out, on purpose: the tournament rule (slide counting) and
threefold repetition. The AI takes its root moves from the rules'
``legal_moves()``, so those options are always honoured for the move actually
played; inside the search they are ignored (see docs/cannon_ai.md).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Iterator, Sequence

if TYPE_CHECKING:
    from games.cannon.rules import CannonState

DARK, LIGHT = 0, 1
EMPTY, DARK_SOLDIER, LIGHT_SOLDIER, DARK_TOWN, LIGHT_TOWN = 0, 1, 2, 3, 4

STEP, CAPTURE, RETREAT, SLIDE, SHOT, PLACE = 0, 1, 2, 3, 4, 5
KIND_NAMES = ("step", "capture", "retreat", "slide", "shot", "place")
KIND_OF_NAME = {n: i for i, n in enumerate(KIND_NAMES)}

FULL = (1 << 100) - 1


def _mask_h(h: int) -> int:
    """Points whose file a piece can land on after moving ``h`` files (no wrap)."""
    m = 0
    for sq in range(100):
        f = sq % 10
        if (h >= 0 and f >= h) or (h < 0 and f <= 9 + h):
            m |= 1 << sq
    return m


MH = {h: _mask_h(h) for h in range(-10, 11)}


def sq_name(sq: int) -> str:
    return "abcdefghij"[sq % 10] + str(sq // 10 + 1)


def encode(kind: int, frm: int, to: int) -> int:
    return frm | (to << 7) | (kind << 14)


def decode(m: int) -> tuple[int, int, int]:
    return m >> 14, m & 127, (m >> 7) & 127


def move_text(m: int) -> str:
    k, f, t = decode(m)
    return f"{KIND_NAMES[k]}:{sq_name(f)}-{sq_name(t)}"


def _bits(b: int) -> Iterator[int]:
    while b:
        low = b & -b
        yield low.bit_length() - 1
        b ^= low


# -- direction tables ----------------------------------------------------------------
# (delta, dh) pairs.  Forward for Dark is +10 (towards rank 10), for Light -10.
_FWD = {DARK: ((10, 0), (11, 1), (9, -1)), LIGHT: ((-10, 0), (-11, -1), (-9, 1))}
_SIDE = ((1, 1), (-1, -1))
# the four line directions a cannon can lie along (one orientation of each)
LINE_DIRS = ((1, 1), (10, 0), (11, 1), (9, -1))
ALL_DIRS = ((1, 1), (-1, -1), (10, 0), (-10, 0), (11, 1), (-11, -1), (9, -1), (-9, 1))


def _step_ok(sq: int, delta: int, dh: int, k: int = 1) -> int | None:
    """The point ``k`` steps from ``sq`` in direction (delta, dh), or None off-board."""
    f = sq % 10 + dh * k
    t = sq + delta * k
    if 0 <= f <= 9 and 0 <= t < 100:
        return t
    return None


# -- per town square: who can take it ---------------------------------------------
#: a line a cannon can shoot a town along: (the cannon's three points, the point that must
#: be empty to shoot (pass-over), the points that must be empty to shoot (blocking)), as masks
ShotLine = tuple[int, int, int]


def _town_tables() -> tuple[list[list[int]], list[list[tuple[ShotLine, ...]]]]:
    """For every town square and attacking side: the soldier squares that can
    capture it, and the shot lines (cannon mask, must-be-empty mask pass-over,
    must-be-empty mask blocking) that can shoot it."""
    cap_src = [[0] * 100 for _ in range(2)]
    shot_lines: list[list[tuple[ShotLine, ...]]] = [[() for _ in range(100)] for _ in range(2)]
    for s in (DARK, LIGHT):
        cap_dirs = _FWD[s] + _SIDE
        for t in range(100):
            m = 0
            for delta, dh in cap_dirs:
                src = _step_ok(t, -delta, -dh)
                if src is not None:
                    m |= 1 << src
            cap_src[s][t] = m
            lines: list[ShotLine] = []
            for delta, dh in ALL_DIRS:           # the cannon fires in direction (delta, dh)
                for k in (2, 3):
                    front = _step_ok(t, -delta, -dh, k)
                    if front is None:
                        continue
                    mid = _step_ok(front, -delta, -dh, 1)
                    rear = _step_ok(front, -delta, -dh, 2)
                    if mid is None or rear is None:
                        continue
                    # the points between the front and the town (on the board, as both ends are)
                    gap1 = front + delta
                    cannon = (1 << front) | (1 << mid) | (1 << rear)
                    e_pass = 1 << gap1
                    e_block = e_pass
                    if k == 3:
                        e_block |= 1 << (front + 2 * delta)
                    lines.append((cannon, e_pass, e_block))
            shot_lines[s][t] = tuple(lines)
    return cap_src, shot_lines


CAP_SRC, SHOT_LINES = _town_tables()
# per (attacking side, town square): every point of every cannon that could shoot it
LINE_UNION = [[0] * 100 for _ in range(2)]
for _s in (DARK, LIGHT):
    for _t in range(100):
        for _c, _ep, _eb in SHOT_LINES[_s][_t]:
            LINE_UNION[_s][_t] |= _c
del _s, _t, _c, _ep, _eb

# neighbourhood rings (Chebyshev distance exactly r) for every square
RING = [[0] * 100 for _ in range(5)]
for _sq in range(100):
    _r0, _f0 = divmod(_sq, 10)
    for _t in range(100):
        _r1, _f1 = divmod(_t, 10)
        _d = max(abs(_r1 - _r0), abs(_f1 - _f0))
        if 1 <= _d <= 4:
            RING[_d][_sq] |= 1 << _t
del _sq, _r0, _f0, _t, _r1, _f1, _d

# rank masks
RANK = [sum(1 << (r * 10 + f) for f in range(10)) for r in range(10)]

# -- Zobrist keys (fixed seed: deterministic, no global randomness) -----------------
_zr = random.Random(0xC4A770)
Z_SOLDIER = [[_zr.getrandbits(64) for _ in range(100)] for _ in range(2)]
Z_TOWN = [[_zr.getrandbits(64) for _ in range(100)] for _ in range(2)]
Z_SIDE = _zr.getrandbits(64)
del _zr


class Board:
    """Position for the search: soldier bitboards, towns, side to move, hash."""

    __slots__ = ("sold", "tbb", "town", "side", "hash", "blocking", "stack")

    def __init__(self, dark: int = 0, light: int = 0, towns: Sequence[int | None] = (None, None), side: int = DARK,
                 blocking: bool = False):
        self.sold = [dark, light]
        self.town = [t if t is not None else -1 for t in towns]
        self.tbb = [(1 << t) if t is not None and t >= 0 else 0 for t in towns]
        self.side = side
        self.blocking = blocking
        self.stack: list[tuple[int, int, int]] = []    # (move, what it took, hash before) per move made
        self.hash = self.compute_hash()

    # -- conversion ------------------------------------------------------------
    @classmethod
    def from_state(cls, st: CannonState) -> "Board":
        dark = light = 0
        towns: list[int | None] = [None, None]
        for sq, c in enumerate(st.cells):
            if c == DARK_SOLDIER:
                dark |= 1 << sq
            elif c == LIGHT_SOLDIER:
                light |= 1 << sq
            elif c == DARK_TOWN:
                towns[DARK] = sq
            elif c == LIGHT_TOWN:
                towns[LIGHT] = sq
        return cls(dark, light, towns, st.to_move, getattr(st, "shot_rule", "pass-over") == "blocking")

    def copy(self) -> "Board":
        b = Board.__new__(Board)
        b.sold = list(self.sold)
        b.tbb = list(self.tbb)
        b.town = list(self.town)
        b.side = self.side
        b.hash = self.hash
        b.blocking = self.blocking
        b.stack = []
        return b

    def compute_hash(self) -> int:
        h = 0
        for s in (DARK, LIGHT):
            for sq in _bits(self.sold[s]):
                h ^= Z_SOLDIER[s][sq]
            if self.town[s] >= 0:
                h ^= Z_TOWN[s][self.town[s]]
        if self.side == LIGHT:
            h ^= Z_SIDE
        return h

    def cells(self) -> list[int]:
        out = [EMPTY] * 100
        for sq in _bits(self.sold[DARK]):
            out[sq] = DARK_SOLDIER
        for sq in _bits(self.sold[LIGHT]):
            out[sq] = LIGHT_SOLDIER
        if self.town[DARK] >= 0:
            out[self.town[DARK]] = DARK_TOWN
        if self.town[LIGHT] >= 0:
            out[self.town[LIGHT]] = LIGHT_TOWN
        return out

    def key(self) -> tuple[int, int, int, int, int]:
        return (self.sold[0], self.sold[1], self.tbb[0], self.tbb[1], self.side)

    # -- move generation ---------------------------------------------------------
    def gen_moves(self, s: int | None = None) -> list[int]:
        """All moves for side ``s`` (default: side to move), tactical ones first."""
        if s is None:
            s = self.side
        out = self.gen_tactical(s)
        self._gen_quiet(s, out)
        return out

    def gen_placements(self) -> list[int]:
        s = self.side
        r = 0 if s == DARK else 90
        return [encode(PLACE, r + f, r + f) for f in range(1, 9)]

    def gen_tactical(self, s: int | None = None) -> list[int]:  # noqa: C901 - move generation inlined for speed (perft, search)
        """Captures and shots (including those that take the town)."""
        if s is None:
            s = self.side
        sold = self.sold
        us = sold[s]
        o = s ^ 1
        them = sold[o] | self.tbb[o]
        empty = FULL ^ (us | sold[o] | self.tbb[0] | self.tbb[1])
        out: list[int] = []
        app = out.append
        M = MH
        # soldier captures: forward, diagonal forward, sideways
        if s == DARK:
            caps = (((us << 10) & them, CAPTURE * 16384 - 10),
                    ((us << 11) & them & M[1], CAPTURE * 16384 - 11),
                    ((us << 9) & them & M[-1], CAPTURE * 16384 - 9))
        else:
            caps = (((us >> 10) & them, CAPTURE * 16384 + 10),
                    ((us >> 11) & them & M[-1], CAPTURE * 16384 + 11),
                    ((us >> 9) & them & M[1], CAPTURE * 16384 + 9))
        for b, c in caps:
            while b:
                low = b & -b
                b ^= low
                app(c + (low.bit_length() - 1) * 129)
        b = (us << 1) & them & M[1]
        while b:
            low = b & -b
            b ^= low
            app(CAPTURE * 16384 - 1 + (low.bit_length() - 1) * 129)
        b = (us >> 1) & them & M[-1]
        while b:
            low = b & -b
            b ^= low
            app(CAPTURE * 16384 + 1 + (low.bit_length() - 1) * 129)
        # shots
        blocking = self.blocking
        SH = SHOT * 16384
        for d, dh in LINE_DIRS:
            t = us & ((us >> d) & M[-dh]) & ((us >> (d + d)) & M[-2 * dh])
            if not t:
                continue
            # firing in +d: front x+2d, gap x+3d
            g = t & (empty >> (3 * d)) & M[-3 * dh]
            if g:
                b = (g << (4 * d)) & them & M[4 * dh]
                while b:
                    low = b & -b
                    b ^= low
                    app(SH - 2 * d + (low.bit_length() - 1) * 129)
                if blocking:
                    g &= (empty >> (4 * d)) & M[-4 * dh]
                b = (g << (5 * d)) & them & M[5 * dh]
                while b:
                    low = b & -b
                    b ^= low
                    app(SH - 3 * d + (low.bit_length() - 1) * 129)
            # firing in -d: front x, gap x-d
            g = t & (empty << d) & M[dh]
            if g:
                b = (g >> (d + d)) & them & M[-2 * dh]
                while b:
                    low = b & -b
                    b ^= low
                    app(SH + 2 * d + (low.bit_length() - 1) * 129)
                if blocking:
                    g &= (empty << (d + d)) & M[2 * dh]
                b = (g >> (3 * d)) & them & M[-3 * dh]
                while b:
                    low = b & -b
                    b ^= low
                    app(SH + 3 * d + (low.bit_length() - 1) * 129)
        return out

    def _gen_quiet(self, s: int, out: list[int]) -> None:  # noqa: C901 - move generation inlined for speed (perft, search)
        sold = self.sold
        us = sold[s]
        o = s ^ 1
        op = sold[o]
        them = op | self.tbb[o]
        empty = FULL ^ (us | op | self.tbb[0] | self.tbb[1])
        app = out.append
        M = MH
        # steps
        if s == DARK:
            steps = (((us << 10) & empty, -10),
                     ((us << 11) & empty & M[1], -11),
                     ((us << 9) & empty & M[-1], -9))
        else:
            steps = (((us >> 10) & empty, 10),
                     ((us >> 11) & empty & M[-1], 11),
                     ((us >> 9) & empty & M[1], 9))
        for b, c in steps:
            while b:
                low = b & -b
                b ^= low
                app(c + (low.bit_length() - 1) * 129)
        # retreats: soldiers with an enemy piece among their 8 neighbours
        h = them | ((them << 1) & M[1]) | ((them >> 1) & M[-1])
        cand = us & (h | (h << 10) | (h >> 10))
        if cand:
            RB = RETREAT * 16384
            if s == DARK:
                mid = (cand >> 10) & empty
                b = (mid >> 10) & empty
                while b:
                    low = b & -b
                    b ^= low
                    app(RB + 20 + (low.bit_length() - 1) * 129)
                mid = (cand >> 9) & empty & M[1]
                b = (mid >> 9) & empty & M[1]
                while b:
                    low = b & -b
                    b ^= low
                    app(RB + 18 + (low.bit_length() - 1) * 129)
                mid = (cand >> 11) & empty & M[-1]
                b = (mid >> 11) & empty & M[-1]
                while b:
                    low = b & -b
                    b ^= low
                    app(RB + 22 + (low.bit_length() - 1) * 129)
            else:
                mid = (cand << 10) & empty
                b = (mid << 10) & empty
                while b:
                    low = b & -b
                    b ^= low
                    app(RB - 20 + (low.bit_length() - 1) * 129)
                mid = (cand << 9) & empty & M[-1]
                b = (mid << 9) & empty & M[-1]
                while b:
                    low = b & -b
                    b ^= low
                    app(RB - 18 + (low.bit_length() - 1) * 129)
                mid = (cand << 11) & empty & M[1]
                b = (mid << 11) & empty & M[1]
                while b:
                    low = b & -b
                    b ^= low
                    app(RB - 22 + (low.bit_length() - 1) * 129)
        # slides
        SL = SLIDE * 16384
        for d, dh in LINE_DIRS:
            t = us & ((us >> d) & M[-dh]) & ((us >> (d + d)) & M[-2 * dh])
            if not t:
                continue
            b = (t << (3 * d)) & empty & M[3 * dh]        # rear x -> x+3d
            while b:
                low = b & -b
                b ^= low
                app(SL - 3 * d + (low.bit_length() - 1) * 129)
            b = (t >> d) & empty & M[-dh]                  # rear x+2d -> x-d
            while b:
                low = b & -b
                b ^= low
                app(SL + 3 * d + (low.bit_length() - 1) * 129)

    # -- threats ------------------------------------------------------------------
    def town_hit(self, s: int) -> bool:
        """Can side ``s`` capture or shoot the enemy town right now?"""
        t = self.town[s ^ 1]
        if t < 0:
            return False
        us = self.sold[s]
        if us & CAP_SRC[s][t]:
            return True
        if (us & LINE_UNION[s][t]).bit_count() < 3:
            return False
        occ = us | self.sold[s ^ 1] | self.tbb[0] | self.tbb[1]
        if self.blocking:
            for cannon, _e, eb in SHOT_LINES[s][t]:
                if us & cannon == cannon and not occ & eb:
                    return True
        else:
            for cannon, ep, _e in SHOT_LINES[s][t]:
                if us & cannon == cannon and not occ & ep:
                    return True
        return False

    def is_town_capture(self, m: int) -> bool:
        k = m >> 14
        return (k == CAPTURE or k == SHOT) and self.town[self.side ^ 1] == (m >> 7) & 127

    # -- make / unmake -------------------------------------------------------------
    def make(self, m: int) -> None:
        s = self.side
        o = s ^ 1
        kind = m >> 14
        frm = m & 127
        to = (m >> 7) & 127
        sold = self.sold
        h = self.hash ^ Z_SIDE
        cap = 0      # 0 nothing, 1 soldier, 2 town
        if kind == SHOT:
            tb = 1 << to
            if sold[o] & tb:
                sold[o] ^= tb
                h ^= Z_SOLDIER[o][to]
                cap = 1
            else:
                self.tbb[o] = 0
                self.town[o] = -1
                h ^= Z_TOWN[o][to]
                cap = 2
        elif kind == PLACE:
            self.tbb[s] = 1 << to
            self.town[s] = to
            h ^= Z_TOWN[s][to]
        else:
            tb = 1 << to
            if kind == CAPTURE:
                if sold[o] & tb:
                    sold[o] ^= tb
                    h ^= Z_SOLDIER[o][to]
                    cap = 1
                else:
                    self.tbb[o] = 0
                    self.town[o] = -1
                    h ^= Z_TOWN[o][to]
                    cap = 2
            sold[s] ^= (1 << frm) | tb
            zs = Z_SOLDIER[s]
            h ^= zs[frm] ^ zs[to]
        self.stack.append((m, cap, self.hash))
        self.hash = h
        self.side = o

    def unmake(self) -> None:
        m, cap, h = self.stack.pop()
        self.hash = h
        o = self.side
        s = o ^ 1
        self.side = s
        kind = m >> 14
        frm = m & 127
        to = (m >> 7) & 127
        sold = self.sold
        if cap == 1:
            sold[o] |= 1 << to
        elif cap == 2:
            self.tbb[o] = 1 << to
            self.town[o] = to
        if kind == PLACE:
            self.tbb[s] = 0
            self.town[s] = -1
        elif kind != SHOT:
            sold[s] ^= (1 << frm) | (1 << to)

    # null move (for null-move pruning)
    def make_null(self) -> None:
        self.stack.append((-1, 0, self.hash))
        self.hash ^= Z_SIDE
        self.side ^= 1

    def unmake_null(self) -> None:
        _, _, h = self.stack.pop()
        self.hash = h
        self.side ^= 1

    # -- perft (for tests and benchmarks) -------------------------------------------
    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        if self.town[0] < 0 or self.town[1] < 0:
            return 0
        moves = self.gen_moves()
        if depth == 1:
            return len(moves)
        n = 0
        for m in moves:
            if self.is_town_capture(m):
                continue          # the game ends: no leaves below
            self.make(m)
            n += self.perft(depth - 1)
            self.unmake()
        return n
