"""The Cannon board's picture: the wood, its lines and points, and the labels."""
from __future__ import annotations

import math
import random

import pygame
import pygame.gfxdraw

from games.cannon import rules as R
from games.ui import fonts
from games.ui.theme import Theme, blend

from .geometry import RGB, Geometry, Point


def font(px: int) -> pygame.font.Font:
    """The default font at ``px`` pixels (from the shared cache)."""
    return fonts.font(max(8, int(px)))


def draw_base(surface: pygame.Surface, geo: Geometry, theme: Theme, labels: str = "all",
              extend: tuple[bool, bool, bool, bool] = (False, False, False, False), grain: bool = True,
              shadow: bool = True) -> None:
    """Wood, lines, points and labels.

    ``labels``: "all" (four sides), "two" (bottom and left as the window is
    seen upright), or "none". ``extend`` (left, right, bottom, top, in board
    terms) lets the lines run on to the wood's edge where a diagram's window is
    only a part of the board.
    """
    c = theme.c
    wood = c["board"]
    line = c["board_line"]
    cell = geo.cell
    corners = geo.wood_corners()
    if geo.upright:
        wr = geo.wood_rect()
        rad = max(2, int(cell * 0.22))
        if shadow:
            for i in range(5, 0, -1):
                grow = int(cell * 0.04 * i)
                sr = wr.move(int(cell * 0.05), int(cell * 0.09)).inflate(grow, grow)
                _alpha_rect(surface, (0, 0, 0, 26 + 10 * (5 - i)), sr, rad + grow // 2)
        pygame.draw.rect(surface, blend(wood, line, 0.55), wr, border_radius=rad)
        inner = wr.inflate(-2 * max(2, int(cell * 0.09)), -2 * max(2, int(cell * 0.09)))
        pygame.draw.rect(surface, blend(wood, (255, 255, 255), 0.10), inner,
                         border_radius=max(1, rad - int(cell * 0.07)))
        inner2 = inner.inflate(-2 * max(1, int(cell * 0.025)), -2 * max(1, int(cell * 0.025)))
        pygame.draw.rect(surface, wood, inner2, border_radius=max(1, rad - int(cell * 0.1)))
        if grain:
            _draw_grain(surface, inner2, cell, wood, line)
    else:
        pts = [(int(round(x)), int(round(y))) for x, y in corners]
        pygame.draw.polygon(surface, blend(wood, line, 0.55), pts)
        inset = _inset_polygon(corners, cell * 0.09)
        pygame.draw.polygon(surface, wood, [(int(round(x)), int(round(y))) for x, y in inset])
        pygame.gfxdraw.aapolygon(surface, pts, blend(wood, line, 0.55))

    f0, f1 = geo.files
    r0, r1 = geo.ranks
    ext = geo.margin - 0.0
    lw = max(1, int(round(cell * 0.032)))
    edge_w = max(lw + 1, int(round(cell * 0.055)))
    lo_f = f0 - (ext if extend[0] else 0)
    hi_f = f1 + (ext if extend[1] else 0)
    lo_r = r0 - (ext if extend[2] else 0)
    hi_r = r1 + (ext if extend[3] else 0)
    for r in range(r0, r1 + 1):
        outer = (r in (0, R.SIZE - 1))
        _line(surface, geo, line, (lo_f, r), (hi_f, r), edge_w if outer else lw)
    for f in range(f0, f1 + 1):
        outer = (f in (0, R.SIZE - 1))
        _line(surface, geo, line, (f, lo_r), (f, hi_r), edge_w if outer else lw)
    dot = max(2, int(round(cell * 0.075)))
    for r in range(r0, r1 + 1):
        for f in range(f0, f1 + 1):
            p = geo.ipx(f, r)
            pygame.draw.aacircle(surface, line, p, dot)
    if labels != "none":
        draw_labels(surface, geo, theme, both=(labels == "all"), backing=any(extend))


def draw_labels(surface: pygame.Surface, geo: Geometry, theme: Theme, both: bool = True,
                backing: bool = False) -> None:
    """File letters and rank numbers, upright whatever the board's angle
    (``backing``: on a patch of plain wood, where lines run under them)."""
    col = theme.c["board_text"]
    wood = theme.c["board"]
    size = int(max(13, min(geo.cell * 0.40, 40)))
    fnt = font(size)
    d = geo.margin * 0.64
    f0, f1 = geo.files
    r0, r1 = geo.ranks
    for f in range(f0, f1 + 1):
        img = fnt.render(R.FILES[f], True, col)
        for at_r in ((r0 - d, r1 + d) if both else (r0 - d,)):
            rect = img.get_rect(center=geo.ipx(f, at_r))
            if backing:
                pygame.draw.rect(surface, wood, rect.inflate(4, 0), border_radius=3)
            surface.blit(img, rect)
    for r in range(r0, r1 + 1):
        img = fnt.render(str(r + 1), True, col)
        for at_f in ((f0 - d, f1 + d) if both else (f0 - d,)):
            rect = img.get_rect(center=geo.ipx(at_f, r))
            if backing:
                pygame.draw.rect(surface, wood, rect.inflate(4, 0), border_radius=3)
            surface.blit(img, rect)


def _line(surface: pygame.Surface, geo: Geometry, color: RGB, a: Point, b: Point, width: int) -> None:
    pa, pb = geo.to_px(*a), geo.to_px(*b)
    if geo.upright:
        pa = (int(round(pa[0])), int(round(pa[1])))
        pb = (int(round(pb[0])), int(round(pb[1])))
        if width <= 1:
            pygame.draw.line(surface, color, pa, pb, 1)
        else:
            # a rectangle is exact for axis-aligned lines of any width
            x0, x1 = sorted((pa[0], pb[0]))
            y0, y1 = sorted((pa[1], pb[1]))
            h = width // 2
            if x0 == x1:
                pygame.draw.rect(surface, color, (x0 - h, y0 - h, width, y1 - y0 + width))
            else:
                pygame.draw.rect(surface, color, (x0 - h, y0 - h, x1 - x0 + width, width))
    else:
        pygame.draw.aaline(surface, color, pa, pb, max(1, width))


def _draw_grain(surface: pygame.Surface, rect: pygame.Rect, cell: float, wood: RGB, line: RGB) -> None:
    """Faint wood grain, the same every time (seeded)."""
    rng = random.Random(11)
    dark = blend(wood, line, 0.10)
    light = blend(wood, (255, 255, 255), 0.07)
    n = max(8, int(rect.h / max(4.0, cell * 0.32)))
    step = max(4, int(cell * 0.5))
    for i in range(n):
        y0 = rect.y + (i + rng.random()) * rect.h / n
        amp = cell * (0.05 + 0.12 * rng.random())
        freq = (0.6 + rng.random()) / max(1.0, rect.w) * 2 * math.pi * 2
        ph = rng.random() * 6.28
        pts = []
        for x in range(rect.x, rect.right + step, step):
            x = min(x, rect.right - 1)
            pts.append((x, y0 + amp * math.sin(x * freq + ph)))
        pts = [(x, min(rect.bottom - 2, max(rect.y + 1, y))) for x, y in pts]
        pygame.draw.lines(surface, dark if i % 3 else light, False, pts, max(1, int(cell * 0.02)))


def _inset_polygon(corners: list[Point], d: float) -> list[Point]:
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    out = []
    for x, y in corners:
        dx, dy = x - cx, y - cy
        n = math.hypot(dx, dy) or 1.0
        k = max(0.0, (n - d * 1.41) / n)
        out.append((cx + dx * k, cy + dy * k))
    return out


def _alpha_rect(surface: pygame.Surface, rgba: tuple[int, int, int, int], rect: pygame.Rect, radius: int = 0) -> None:
    if surface.get_flags() & pygame.SRCALPHA:
        pygame.draw.rect(surface, rgba, rect, border_radius=radius)
        return
    s = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(s, rgba, s.get_rect(), border_radius=radius)
    surface.blit(s, rect.topleft)
