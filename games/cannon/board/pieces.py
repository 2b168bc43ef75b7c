"""The Cannon pieces: cached, anti-aliased sprites of the soldiers and towns.

The two sides differ in shape as well as colour: a Dark soldier is a solid disc
with an engraved inner ring, a Light soldier has a double rim and a star; each
town is a small castle carrying its side's emblem (ring or star). Each sprite is
drawn 4x larger and scaled down, so its edges are smooth.
"""
from __future__ import annotations

import math

import pygame

from games.cannon import rules as R
from games.ui.theme import Theme, blend

from .geometry import RGB, Point

SS = 4                      # supersampling factor for sprites
PIECE_R = 0.40              # soldier radius, in cells (points are 1 cell apart)
TOWN_R = 0.42               # half the town's width, in cells


def side_of(code: int) -> int:
    return 0 if code in (R.DARK_SOLDIER, R.DARK_TOWN) else 1


_SPRITES: dict[tuple[int, int, tuple[RGB, RGB, RGB]], pygame.Surface] = {}


def piece_sprite(code: int, radius: int, theme: Theme) -> pygame.Surface:
    """A soldier (radius = its radius) or a town (radius = half its width), drawn
    4x larger and scaled down so its edges are smooth. Centre = the point."""
    radius = max(3, int(radius))
    c = theme.c
    side = side_of(code)
    colors = (c["side"][side], c["side_edge"][side], c["side_mark"][side])
    key = (code, radius, colors)
    spr = _SPRITES.get(key)
    if spr is not None:
        return spr
    if len(_SPRITES) > 400:
        _SPRITES.clear()
    half = int(math.ceil(radius * 1.32)) + 1
    big = pygame.Surface((2 * half * SS, 2 * half * SS), pygame.SRCALPHA)
    C = half * SS
    Rr = radius * SS
    if code in R.SOLDIER:
        _soldier(big, C, Rr, side, *colors)
    else:
        _town(big, C, Rr, side, *colors)
    spr = pygame.transform.smoothscale(big, (2 * half, 2 * half))
    _SPRITES[key] = spr
    return spr


def _soft_shadow(s: pygame.Surface, center: tuple[int, int], radius: int, n: int = 6, strength: float = 1.0) -> None:
    for i in range(n):
        a = int((14 + i * 9) * strength)
        pygame.draw.circle(s, (0, 0, 0, a), center, int(radius * (1.08 - i * 0.035)))


def _soldier(s: pygame.Surface, C: int, Rr: int, side: int, body: RGB, edge: RGB, mark: RGB) -> None:
    _soft_shadow(s, (C + int(Rr * 0.10), C + int(Rr * 0.17)), Rr)
    pygame.draw.circle(s, (*edge, 255), (C, C), Rr)
    pygame.draw.circle(s, (*body, 255), (C, C), int(Rr * 0.90))
    # a soft highlight up and to the left, so the disc looks turned
    hl = blend(body, (255, 255, 255), 0.22 if side == 0 else 0.5)
    pygame.draw.circle(s, (*hl, 255), (C - int(Rr * 0.07), C - int(Rr * 0.09)), int(Rr * 0.80))
    pygame.draw.circle(s, (*body, 255), (C + int(Rr * 0.01), C + int(Rr * 0.02)), int(Rr * 0.79))
    if side == 0:
        # engraved inner ring: a light ring with a dark groove inside it
        ring = blend(body, mark, 0.72)
        pygame.draw.circle(s, (*ring, 255), (C, C), int(Rr * 0.58), max(1, int(Rr * 0.15)))
        pygame.draw.circle(s, (*edge, 255), (C, C), int(Rr * 0.44), max(1, int(Rr * 0.05)))
        pygame.draw.circle(s, (*blend(body, mark, 0.25), 255), (C, C), int(Rr * 0.12))
    else:
        # outlined double rim and a five-pointed star
        pygame.draw.circle(s, (*edge, 255), (C, C), int(Rr * 0.74), max(1, int(Rr * 0.06)))
        pygame.draw.polygon(s, (*mark, 255), star(C, C, Rr * 0.50, Rr * 0.21, 5))


def star(cx: float, cy: float, ro: float, ri: float, n: int, rot: float = -math.pi / 2) -> list[Point]:
    """The corners of an ``n``-pointed star (outer radius ``ro``, inner ``ri``) round (cx, cy)."""
    pts = []
    for i in range(2 * n):
        r = ro if i % 2 == 0 else ri
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _town(s: pygame.Surface, C: int, Rr: int, side: int, body: RGB, edge: RGB, mark: RGB) -> None:
    h = Rr
    u = lambda x, y: (C + x * h, C + y * h)     # noqa: E731  (town drawn in units of half its width)
    outline = [(-0.92, 0.95), (-0.92, -0.86), (-0.55, -0.86), (-0.55, -0.58), (-0.18, -0.58),
               (-0.18, -0.86), (0.18, -0.86), (0.18, -0.58), (0.55, -0.58), (0.55, -0.86),
               (0.92, -0.86), (0.92, 0.95)]
    shadow = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(shadow, (0, 0, 0, 80), [u(x + 0.12, y + 0.16) for x, y in outline])
    s.blit(shadow, (0, 0))
    pts = [u(x, y) for x, y in outline]
    pygame.draw.polygon(s, (*body, 255), pts)
    # a lighter band on the left face for depth
    hl = blend(body, (255, 255, 255), 0.2 if side == 0 else 0.45)
    pygame.draw.polygon(s, (*hl, 255), [u(-0.78, -0.48), u(-0.62, -0.48), u(-0.62, 0.82), u(-0.78, 0.82)])
    pygame.draw.polygon(s, (*edge, 255), pts, max(2, int(h * 0.10)))
    # masonry line under the battlements
    pygame.draw.line(s, (*edge, 255), u(-0.92, -0.42), u(0.92, -0.42), max(1, int(h * 0.06)))
    # gate
    gw, gt = 0.26, 0.42
    pygame.draw.rect(s, (*edge, 255), pygame.Rect(*u(-gw, gt), int(2 * gw * h), int((0.95 - gt) * h) + 1))
    pygame.draw.circle(s, (*edge, 255), u(0, gt), int(gw * h))
    # emblem: the side's mark (ring for Dark, star for Light)
    ex, ey = u(0, -0.06)
    if side == 0:
        pygame.draw.circle(s, (*mark, 255), (ex, ey), int(h * 0.27), max(1, int(h * 0.10)))
    else:
        pygame.draw.polygon(s, (*mark, 255), star(ex, ey, h * 0.32, h * 0.13, 5))


def blit_piece(surface: pygame.Surface, code: int, pos: Point, cell: float, theme: Theme, scale: float = 1.0,
               lift: float = 0.0) -> None:
    """Draw a piece centred on ``pos`` (pixels)."""
    base_r = cell * (PIECE_R if code in R.SOLDIER else TOWN_R)
    spr = piece_sprite(code, int(round(base_r)), theme)
    if abs(scale - 1.0) > 0.01:
        w = max(2, int(spr.get_width() * scale))
        spr = pygame.transform.smoothscale(spr, (w, w))
    x, y = pos
    surface.blit(spr, spr.get_rect(center=(int(round(x)), int(round(y - lift)))))
