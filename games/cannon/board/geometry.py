"""Points <-> pixels on the Cannon board (:class:`Geometry`), shared by the live board,
its animations and the rules screen's diagrams."""
from __future__ import annotations

import math
from typing import Sequence

import pygame

from games.cannon import rules as R

#: a point on the screen, in pixels
Point = tuple[float, float]
#: a colour of the theme's palette
RGB = tuple[int, int, int]


class Geometry:
    """Points <-> pixels for a square window of the board inside ``rect``.

    ``files``/``ranks`` are inclusive index ranges (0..9); ``margin`` is the wood
    around the outer points, in cells; ``angle`` turns the board about its centre
    (0 = Dark at the bottom, pi = Light at the bottom). While turning, the board
    shrinks so its corners stay inside the rectangle.
    """

    def __init__(self, rect: pygame.Rect | Sequence[int], angle: float = 0.0, files: Sequence[int] = (0, 9),
                 ranks: Sequence[int] = (0, 9), margin: float = 1.0, pad: float = 0.15):
        self.rect = pygame.Rect(rect)
        self.angle = angle
        self.files: tuple[int, int] = (files[0], files[1])
        self.ranks: tuple[int, int] = (ranks[0], ranks[1])
        self.margin = margin
        span = max(files[1] - files[0], ranks[1] - ranks[0]) + 2 * margin + 2 * pad
        c, s = math.cos(angle), math.sin(angle)
        if abs(s) < 1e-9:
            s = 0.0
            c = 1.0 if c > 0 else -1.0
        self.cos, self.sin = c, s
        shrink = 1.0 / (abs(c) + abs(s))
        cell = min(self.rect.w, self.rect.h) / span * shrink
        # upright boards get a whole-pixel cell so every line lands crisply
        self.cell = float(max(4, int(cell))) if s == 0.0 else max(4.0, cell)
        self.cx = self.rect.x + self.rect.w / 2
        self.cy = self.rect.y + self.rect.h / 2
        self.mf = (files[0] + files[1]) / 2
        self.mr = (ranks[0] + ranks[1]) / 2

    @property
    def upright(self) -> bool:
        return self.sin == 0.0

    def to_px(self, f: float, r: float) -> tuple[float, float]:
        u, v = f - self.mf, r - self.mr
        x = u * self.cos - v * self.sin
        y = u * self.sin + v * self.cos
        return self.cx + x * self.cell, self.cy - y * self.cell

    def ipx(self, f: float, r: float) -> tuple[int, int]:
        x, y = self.to_px(f, r)
        return int(round(x)), int(round(y))

    def sq_px(self, sq: int) -> tuple[int, int]:
        return self.ipx(sq % R.SIZE, sq // R.SIZE)

    def sq_fpx(self, sq: int) -> tuple[float, float]:
        return self.to_px(sq % R.SIZE, sq // R.SIZE)

    def from_px(self, x: float, y: float) -> tuple[float, float]:
        X = (x - self.cx) / self.cell
        Y = -(y - self.cy) / self.cell
        u = X * self.cos + Y * self.sin
        v = -X * self.sin + Y * self.cos
        return u + self.mf, v + self.mr

    def point_at(self, pos: Point, tol: float = 0.5) -> int | None:
        """The square whose point is nearest ``pos`` (within ``tol`` cells), else None."""
        f, r = self.from_px(*pos)
        fi, ri = int(round(f)), int(round(r))
        if not (self.files[0] <= fi <= self.files[1] and self.ranks[0] <= ri <= self.ranks[1]):
            return None
        if math.hypot(f - fi, r - ri) > tol:
            return None
        return ri * R.SIZE + fi

    def px(self, cells: float) -> int:
        """A length in cells, in whole pixels (at least 1)."""
        return max(1, int(round(cells * self.cell)))

    def wood_corners(self) -> list[Point]:
        m = self.margin
        f0, f1 = self.files[0] - m, self.files[1] + m
        r0, r1 = self.ranks[0] - m, self.ranks[1] + m
        return [self.to_px(f0, r0), self.to_px(f1, r0), self.to_px(f1, r1), self.to_px(f0, r1)]

    def wood_rect(self) -> pygame.Rect:
        xs = [p[0] for p in self.wood_corners()]
        ys = [p[1] for p in self.wood_corners()]
        return pygame.Rect(int(round(min(xs))), int(round(min(ys))),
                           int(round(max(xs) - min(xs))), int(round(max(ys) - min(ys))))
