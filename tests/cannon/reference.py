"""A slow, plain reference move generator for Cannon, written apart from rules.py.

It shares no code and no tables with ``games.cannon.rules``: a position is a dict
``{(file, rank): piece}`` with files 0..9 (a..j), ranks 1..10 and pieces 'd'/'l'
(soldiers) and 'D'/'L' (towns); empty points are simply absent. Moves are produced
directly as notation strings ("e3-e4", "e4xe5", "e4*e6"), each rule clause written
out with explicit direction tuples. Tests compare its perft counts and move lists
with the fast engine's.
"""
from __future__ import annotations

LETTERS = "abcdefghij"


def name(f: int, r: int) -> str:
    return LETTERS[f] + str(r)


def from_name(text: str) -> tuple[int, int]:
    return LETTERS.index(text[0]), int(text[1:])


def inside(f: int, r: int) -> bool:
    return 0 <= f <= 9 and 1 <= r <= 10


class RefPosition:
    def __init__(self, board: dict, side: str, long_shot: str = "pass-over"):
        self.board = dict(board)     # (f, r) -> 'd' | 'l' | 'D' | 'L'
        self.side = side             # 'd' or 'l'
        self.long_shot = long_shot
        self.over = False

    @staticmethod
    def start(dark_town: str = "f1", light_town: str = "e10", long_shot: str = "pass-over") -> "RefPosition":
        board = {}
        for f in "acegi":
            for r in (2, 3, 4):
                board[(LETTERS.index(f), r)] = "d"
        for f in "bdfhj":
            for r in (7, 8, 9):
                board[(LETTERS.index(f), r)] = "l"
        board[from_name(dark_town)] = "D"
        board[from_name(light_town)] = "L"
        return RefPosition(board, "d", long_shot)

    @staticmethod
    def from_diagram(text: str, side: str, long_shot: str = "pass-over") -> "RefPosition":
        lines = [ln.replace(" ", "") for ln in text.strip().splitlines() if ln.strip()]
        board = {}
        for i, line in enumerate(lines):
            rank = 10 - i
            for f, ch in enumerate(line):
                if ch != ".":
                    board[(f, rank)] = ch
        return RefPosition(board, side, long_shot)

    def copy(self) -> "RefPosition":
        p = RefPosition(self.board, self.side, self.long_shot)
        p.over = self.over
        return p

    # -- who is who ---------------------------------------------------------------
    def is_mine(self, f, r):
        return self.board.get((f, r)) == self.side

    def is_enemy(self, f, r):
        piece = self.board.get((f, r))
        if piece is None:
            return False
        if self.side == "d":
            return piece in ("l", "L")
        return piece in ("d", "D")

    def is_empty(self, f, r):
        return inside(f, r) and (f, r) not in self.board

    # -- moves ---------------------------------------------------------------------
    def moves(self) -> list[str]:
        if self.over:
            return []
        ahead = 1 if self.side == "d" else -1
        out = []
        for (f, r), piece in sorted(self.board.items()):
            if piece != self.side:
                continue
            # steps: forward-left, forward, forward-right, onto an empty point
            for df in (-1, 0, 1):
                if self.is_empty(f + df, r + ahead):
                    out.append(name(f, r) + "-" + name(f + df, r + ahead))
            # captures: the three forward points and the two sideways points
            for df, dr in ((-1, ahead), (0, ahead), (1, ahead), (-1, 0), (1, 0)):
                if inside(f + df, r + dr) and self.is_enemy(f + df, r + dr):
                    out.append(name(f, r) + "x" + name(f + df, r + dr))
            # retreat: an enemy piece on any of the eight neighbours
            threatened = False
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if (df, dr) != (0, 0) and self.is_enemy(f + df, r + dr):
                        threatened = True
            if threatened:
                for df in (-1, 0, 1):
                    passed = (f + df, r - ahead)
                    land = (f + 2 * df, r - 2 * ahead)
                    if self.is_empty(*passed) and self.is_empty(*land):
                        out.append(name(f, r) + "-" + name(*land))
            # cannons with this soldier at the rear, pointing each of the 8 ways
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
                second = (f + df, r + dr)
                front = (f + 2 * df, r + 2 * dr)
                if not (self.is_mine(*second) and self.is_mine(*front)):
                    continue
                just_ahead = (f + 3 * df, r + 3 * dr)
                if not self.is_empty(*just_ahead):
                    continue
                out.append(name(f, r) + "-" + name(*just_ahead))          # slide
                two = (f + 4 * df, r + 4 * dr)
                three = (f + 5 * df, r + 5 * dr)
                if inside(*two) and self.is_enemy(*two):
                    out.append(name(*front) + "*" + name(*two))
                if inside(*three) and self.is_enemy(*three):
                    if self.long_shot == "pass-over" or self.is_empty(*two):
                        out.append(name(*front) + "*" + name(*three))
        return out

    def play(self, text: str) -> None:
        """Apply a move string from moves() (no checking)."""
        if "*" in text:
            a, b = text.split("*")
            target = from_name(b)
            hit = self.board.pop(target)
        else:
            sep = "x" if "x" in text else "-"
            a, b = text.split(sep)
            src, dst = from_name(a), from_name(b)
            hit = self.board.get(dst)
            self.board[dst] = self.board.pop(src)
        if hit in ("D", "L"):
            self.over = True
        self.side = "l" if self.side == "d" else "d"


def ref_perft(pos: RefPosition, depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return len(pos.moves())
    total = 0
    for mv in pos.moves():
        child = pos.copy()
        child.play(mv)
        total += ref_perft(child, depth - 1)
    return total
