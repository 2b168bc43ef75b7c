"""Cannon's board: players, cell codes, squares and their names, directions.

10x10 intersections, files a-j (left to right), ranks 1-10 (bottom to top).
Square index ``sq = (rank - 1) * 10 + file``, so a1 = 0, j1 = 9, a10 = 90, j10 = 99.
Dark (player 0) sits at the bottom, moves first and goes "forward" towards rank 10;
Light (player 1) goes forward towards rank 1.

The small helpers with a leading underscore (``_fr``, ``_on``, ``_step``, ``_fwd``,
``_key``) are shared by the rules package's modules and are not part of its API.
"""
from __future__ import annotations

import re

# -- constants -------------------------------------------------------------------

DARK = 0
LIGHT = 1
PLAYER_NAMES = ("Dark", "Light")

EMPTY = 0
DARK_SOLDIER = 1
LIGHT_SOLDIER = 2
DARK_TOWN = 3
LIGHT_TOWN = 4

SOLDIER = (DARK_SOLDIER, LIGHT_SOLDIER)
TOWN = (DARK_TOWN, LIGHT_TOWN)

SIZE = 10
N_SQUARES = 100
FILES = "abcdefghij"

SHOT_RULES = ("pass-over", "blocking")
#: squares a town may be placed on, per player (the back rank without its corners)
TOWN_SQUARES = (tuple(range(1, 9)), tuple(range(91, 99)))
#: the most slides in a row one cannon may make under the tournament rule
TOURNAMENT_SLIDE_LIMIT = 3

KINDS = ("place", "step", "capture", "retreat", "slide", "shot")


# -- squares ---------------------------------------------------------------------

def square_name(sq: int) -> str:
    """0 -> 'a1', 99 -> 'j10'."""
    if not (isinstance(sq, int) and 0 <= sq < N_SQUARES):
        raise ValueError(f"no such square: {sq!r}")
    return FILES[sq % SIZE] + str(sq // SIZE + 1)


_SQUARE_RE = re.compile(r"^([a-z])([0-9]{1,3})$")


def parse_square(text: str) -> int | None:
    """'a1' -> 0, 'j10' -> 99; None for anything that is not a square of the board."""
    if not isinstance(text, str):
        return None
    m = _SQUARE_RE.match(text.strip().lower())
    if not m:
        return None
    f = FILES.find(m.group(1))
    r = int(m.group(2))
    if f < 0 or not 1 <= r <= SIZE or m.group(2).startswith("0"):
        return None
    return (r - 1) * SIZE + f


def _fr(sq: int) -> tuple[int, int]:
    return sq % SIZE, sq // SIZE


def _on(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


# -- directions and steps ------------------------------------------------------

ALL_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
LINE_DIRS = ((1, 0), (0, 1), (1, 1), (-1, 1))   # one of each opposite pair


def _step(sq: int, df: int, dr: int, n: int = 1) -> int:
    f, r = _fr(sq)
    f, r = f + n * df, r + n * dr
    return r * SIZE + f if _on(f, r) else -1


NEIGHBOURS: list[tuple[int, ...]] = [
    tuple(t for t in (_step(sq, df, dr) for df, dr in ALL_DIRS) if t >= 0) for sq in range(N_SQUARES)]


def _fwd(player: int) -> int:
    return 1 if player == DARK else -1


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)
