"""Drawing the Cannon board, shared by the live board (``scene.py``) and the
rules screen's diagrams.

* :class:`Geometry` maps board points to pixels and back: a window of files and
  ranks fitted square into a rectangle, optionally turned (180 degrees for the
  "rotate" option, anything in between while the board turns).
* :func:`draw_base` draws the wood, the lines, the points and the labels.
* :func:`piece_sprite` returns a cached, anti-aliased picture of a soldier or a
  town. The two sides differ in shape as well as colour: a Dark soldier is a
  solid disc with an engraved inner ring, a Light soldier has a double rim and a
  star; each town is a small castle carrying its side's emblem (ring or star).
* :func:`draw_marker` draws the move markers, one shape per kind: step = small
  dot, capture = ring with ticks, retreat = hollow square, slide = diamond,
  shot = target reticle.
* :func:`draw_diagram` draws the small pictures of the rules screen.

Nothing here decides a rule: diagrams build positions with the rules module and
ask it for the moves they show.

Why one module of some 750 lines: the live board and the rules screen's
diagrams draw with the same geometry, sprites and markers; keeping them in one
module is what makes a diagram look exactly like the board.
"""
from __future__ import annotations

import math
import random

import pygame

from games.ui.nav import draw_frame_cursor
import pygame.gfxdraw

from games.cannon import rules as R
from games.ui import fonts
from games.ui.theme import blend, ink_on

SS = 4                      # supersampling factor for sprites
PIECE_R = 0.40              # soldier radius, in cells (points are 1 cell apart)
TOWN_R = 0.42               # half the town's width, in cells

#: the colour of each move kind's marker in the theme palette
KIND_COLOR = {"step": "move_step", "capture": "move_capture", "retreat": "move_retreat",
              "slide": "move_slide", "shot": "move_shot", "place": "accent"}
#: how a chooser orders moves that end on the same point
KIND_ORDER = {"capture": 0, "shot": 1, "step": 2, "slide": 3, "retreat": 4, "place": 5}
KIND_LABEL = {"capture": "Capture", "shot": "Shoot", "step": "Step", "slide": "Slide",
              "retreat": "Retreat", "place": "Town"}

def font(px: int) -> pygame.font.Font:
    """The default font at ``px`` pixels (from the shared cache)."""
    return fonts.font(max(8, int(px)))


def side_of(code: int) -> int:
    return 0 if code in (R.DARK_SOLDIER, R.DARK_TOWN) else 1


# -- geometry ---------------------------------------------------------------------

class Geometry:
    """Points <-> pixels for a square window of the board inside ``rect``.

    ``files``/``ranks`` are inclusive index ranges (0..9); ``margin`` is the wood
    around the outer points, in cells; ``angle`` turns the board about its centre
    (0 = Dark at the bottom, pi = Light at the bottom). While turning, the board
    shrinks so its corners stay inside the rectangle.
    """

    def __init__(self, rect, angle: float = 0.0, files=(0, 9), ranks=(0, 9), margin: float = 1.0,
                 pad: float = 0.15):
        self.rect = pygame.Rect(rect)
        self.angle = angle
        self.files, self.ranks = tuple(files), tuple(ranks)
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

    def point_at(self, pos, tol: float = 0.5):
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

    def wood_corners(self) -> list:
        m = self.margin
        f0, f1 = self.files[0] - m, self.files[1] + m
        r0, r1 = self.ranks[0] - m, self.ranks[1] + m
        return [self.to_px(f0, r0), self.to_px(f1, r0), self.to_px(f1, r1), self.to_px(f0, r1)]

    def wood_rect(self) -> pygame.Rect:
        xs = [p[0] for p in self.wood_corners()]
        ys = [p[1] for p in self.wood_corners()]
        return pygame.Rect(int(round(min(xs))), int(round(min(ys))),
                           int(round(max(xs) - min(xs))), int(round(max(ys) - min(ys))))


# -- the board itself --------------------------------------------------------------

def draw_base(surface, geo: Geometry, theme, labels: str = "all", extend=(False, False, False, False),
              grain: bool = True, shadow: bool = True) -> None:
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


def draw_labels(surface, geo: Geometry, theme, both: bool = True, backing: bool = False) -> None:
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
        for r in ((r0 - d, r1 + d) if both else (r0 - d,)):
            rect = img.get_rect(center=geo.ipx(f, r))
            if backing:
                pygame.draw.rect(surface, wood, rect.inflate(4, 0), border_radius=3)
            surface.blit(img, rect)
    for r in range(r0, r1 + 1):
        img = fnt.render(str(r + 1), True, col)
        for f in ((f0 - d, f1 + d) if both else (f0 - d,)):
            rect = img.get_rect(center=geo.ipx(f, r))
            if backing:
                pygame.draw.rect(surface, wood, rect.inflate(4, 0), border_radius=3)
            surface.blit(img, rect)


def _line(surface, geo, color, a, b, width):
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


def _draw_grain(surface, rect, cell, wood, line):
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


def _inset_polygon(corners, d):
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    out = []
    for x, y in corners:
        dx, dy = x - cx, y - cy
        n = math.hypot(dx, dy) or 1.0
        k = max(0.0, (n - d * 1.41) / n)
        out.append((cx + dx * k, cy + dy * k))
    return out


def _alpha_rect(surface, rgba, rect, radius=0):
    if surface.get_flags() & pygame.SRCALPHA:
        pygame.draw.rect(surface, rgba, rect, border_radius=radius)
        return
    s = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(s, rgba, s.get_rect(), border_radius=radius)
    surface.blit(s, rect.topleft)


# -- pieces --------------------------------------------------------------------------

_SPRITES: dict = {}


def piece_sprite(code: int, radius: int, theme) -> pygame.Surface:
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


def _soft_shadow(s, center, radius, n=6, strength=1.0):
    for i in range(n):
        a = int((14 + i * 9) * strength)
        pygame.draw.circle(s, (0, 0, 0, a), center, int(radius * (1.08 - i * 0.035)))


def _soldier(s, C, Rr, side, body, edge, mark):
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
        pygame.draw.polygon(s, (*mark, 255), _star(C, C, Rr * 0.50, Rr * 0.21, 5))


def _star(cx, cy, ro, ri, n, rot=-math.pi / 2):
    pts = []
    for i in range(2 * n):
        r = ro if i % 2 == 0 else ri
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _town(s, C, Rr, side, body, edge, mark):
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
        pygame.draw.polygon(s, (*mark, 255), _star(ex, ey, h * 0.32, h * 0.13, 5))


def blit_piece(surface, code, pos, cell, theme, scale: float = 1.0, lift: float = 0.0):
    """Draw a piece centred on ``pos`` (pixels)."""
    base_r = cell * (PIECE_R if code in R.SOLDIER else TOWN_R)
    spr = piece_sprite(code, int(round(base_r)), theme)
    if abs(scale - 1.0) > 0.01:
        w = max(2, int(spr.get_width() * scale))
        spr = pygame.transform.smoothscale(spr, (w, w))
    x, y = pos
    surface.blit(spr, spr.get_rect(center=(int(round(x)), int(round(y - lift)))))


# -- markers -------------------------------------------------------------------------

def _halo(theme):
    return blend(theme.c["board_line"], (0, 0, 0), 0.35)


_MARKERS: dict = {}


def draw_marker(surface, kind: str, pos, cell: float, theme, pulse: float = 0.0, color=None) -> None:
    """One move marker at ``pos``; its shape says the kind (its colour helps).

    Markers are drawn once per (kind, size, colour, pulse step) into a small
    sprite and blitted: a full board of anti-aliased markers, drawn afresh,
    cost several milliseconds a frame at 1920x1080.
    """
    col = tuple(color or theme.c[KIND_COLOR.get(kind, "accent")])
    halo = tuple(_halo(theme))
    pulse = round(pulse * 8) / 8           # a few steps of the pulse are enough for the eye
    key = (kind, round(cell, 1), col, halo, pulse)
    spr = _MARKERS.get(key)
    if spr is None:
        if len(_MARKERS) > 96:
            _MARKERS.clear()
        half = int(cell * 0.75) + 4
        spr = pygame.Surface((2 * half + 1, 2 * half + 1), pygame.SRCALPHA)
        _paint_marker(spr, kind, half, half, cell, col, halo, pulse)
        _MARKERS[key] = spr
    x, y = int(round(pos[0])), int(round(pos[1]))
    surface.blit(spr, spr.get_rect(center=(x, y)))


def _paint_marker(surface, kind: str, x: int, y: int, cell: float, col, halo, pulse: float) -> None:
    w = max(2, int(round(cell * 0.065)))
    hw = w + max(2, int(round(cell * 0.035)))
    if kind == "step":
        r = max(3, int(round(cell * (0.15 + 0.015 * pulse))))
        pygame.draw.aacircle(surface, halo, (x, y), r + max(1, hw - w))
        pygame.draw.aacircle(surface, col, (x, y), r)
    elif kind == "capture":
        r = max(5, int(round(cell * 0.49)))
        pygame.draw.aacircle(surface, halo, (x, y), r + (hw - w) // 2 + 1, hw)
        pygame.draw.aacircle(surface, col, (x, y), r, w)
        t0, t1 = cell * 0.28, cell * 0.58
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            a = (x + dx * t0 * 0.7071, y + dy * t0 * 0.7071)
            b = (x + dx * t1 * 0.7071, y + dy * t1 * 0.7071)
            pygame.draw.line(surface, halo, a, b, hw)
            pygame.draw.line(surface, col, a, b, w)
    elif kind == "retreat":
        h = max(4, int(round(cell * 0.19)))
        rect = pygame.Rect(x - h, y - h, 2 * h + 1, 2 * h + 1)
        pygame.draw.rect(surface, halo, rect.inflate(hw - w + 2, hw - w + 2), hw, border_radius=max(1, h // 4))
        pygame.draw.rect(surface, col, rect, w, border_radius=max(1, h // 4))
    elif kind == "slide":
        h = cell * 0.22
        pts = [(x, y - h), (x + h, y), (x, y + h), (x - h, y)]
        hp = [(x, y - h - hw * 0.8), (x + h + hw * 0.8, y), (x, y + h + hw * 0.8), (x - h - hw * 0.8, y)]
        pygame.draw.polygon(surface, halo, hp)
        pygame.draw.polygon(surface, col, pts)
        pygame.gfxdraw.aapolygon(surface, [(int(px), int(py)) for px, py in pts], col)
        pygame.draw.circle(surface, halo, (x, y), max(1, int(h * 0.28)))
    elif kind == "shot":
        r = max(5, int(round(cell * 0.34)))
        pygame.draw.aacircle(surface, halo, (x, y), r + (hw - w) // 2 + 1, hw)
        pygame.draw.aacircle(surface, col, (x, y), r, w)
        a0, a1 = cell * 0.14, cell * 0.56
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a = (x + dx * a0, y + dy * a0)
            b = (x + dx * a1, y + dy * a1)
            pygame.draw.line(surface, halo, a, b, hw)
            pygame.draw.line(surface, col, a, b, w)
        pygame.draw.aacircle(surface, col, (x, y), max(2, w))
    elif kind == "place":
        r = max(5, int(round(cell * (0.30 + 0.03 * pulse))))
        pygame.draw.aacircle(surface, halo, (x, y), r + 1, hw)
        pygame.draw.aacircle(surface, col, (x, y), r, w)
        pygame.draw.aacircle(surface, col, (x, y), max(2, int(cell * 0.08)))


def draw_count(surface, pos, cell, n, theme) -> None:
    """A small number badge: this many moves end on the point (a chooser will ask)."""
    x, y = int(round(pos[0])), int(round(pos[1]))
    r = max(7, int(round(cell * 0.18)))
    bx, by = x - int(cell * 0.38), y - int(cell * 0.38)
    pygame.draw.aacircle(surface, _halo(theme), (bx, by), r + max(1, r // 5))
    pygame.draw.aacircle(surface, theme.c["accent"], (bx, by), r)
    img = font(int(r * 1.8)).render(str(n), True, theme.c["accent_text"])
    surface.blit(img, img.get_rect(center=(bx, by + 1)))


def draw_brackets(surface, pos, cell, color, size: float = 0.45, width: float = 0.06) -> None:
    """Four corner brackets around a point (the last move's from/to)."""
    x, y = pos
    h = cell * size
    arm = cell * 0.14
    w = max(2, int(round(cell * width)))
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        cx, cy = x + sx * h, y + sy * h
        pygame.draw.line(surface, color, (cx, cy), (cx - sx * arm, cy), w)
        pygame.draw.line(surface, color, (cx, cy), (cx, cy - sy * arm), w)
        pygame.draw.rect(surface, color, (int(cx - w / 2), int(cy - w / 2), w, w))


def draw_cannon_line(overlay, geo: Geometry, triple, color, alpha=120, width: float = 0.9,
                     outline=None) -> None:
    """A cannon as a thick translucent band (a capsule) around its three points,
    on an alpha overlay under the pieces. Draw every cannon's ``outline`` pass
    first and the fills after, so overlapping cannons read as one shape."""
    a, b = geo.sq_fpx(min(triple)), geo.sq_fpx(max(triple))
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    w = max(6, int(round(geo.cell * width)))
    if outline is not None:
        w += 2 * max(2, int(round(geo.cell * 0.04)))
        color = outline
    rgba = (*color, alpha)
    px, py = -uy * w / 2, ux * w / 2
    poly = [(a[0] + px, a[1] + py), (b[0] + px, b[1] + py), (b[0] - px, b[1] - py), (a[0] - px, a[1] - py)]
    pygame.draw.polygon(overlay, rgba, poly)
    pygame.draw.circle(overlay, rgba, (int(round(a[0])), int(round(a[1]))), w // 2)
    pygame.draw.circle(overlay, rgba, (int(round(b[0])), int(round(b[1]))), w // 2)


def draw_cannons(overlay, geo: Geometry, triples, theme) -> None:
    """The cannons a soldier belongs to: outlined translucent bands."""
    fill, edge = cannon_color(theme)
    for tri in triples:
        draw_cannon_line(overlay, geo, tri, fill, alpha=200, outline=edge)
    for tri in triples:
        draw_cannon_line(overlay, geo, tri, fill, alpha=105)


def cannon_color(theme):
    """(fill, outline) of a cannon's band: bronze with a dark edge, clear on the
    wood in both palettes."""
    c = theme.c
    return blend(c["board_line"], c["accent"], 0.45), blend(c["board_line"], (0, 0, 0), 0.3)


def draw_arrow(overlay, a, b, color, width, head=None, alpha=210, dashed=False, halo=None, dash=None) -> None:
    """An arrow from ``a`` to ``b`` (pixels) on an alpha overlay (optionally over a
    darker, wider copy of itself so it stands out on the wood)."""
    if halo is not None:
        hw = max(2, width // 3)
        draw_arrow(overlay, a, b, halo, width + 2 * hw, (head or width * 2.6) + 2 * hw, alpha, dashed,
                   dash=(dash or width * 2.2, hw))
    rgba = (*color, alpha)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    head = head or width * 2.6
    end = (b[0] - ux * head * 0.8, b[1] - uy * head * 0.8)
    if dashed:
        # dash = length, or (length, extra) for a halo that overhangs each dash by ``extra``
        d, over = dash if isinstance(dash, tuple) else (dash or width * 2.2, 0)
        t = 0.0
        total = math.hypot(end[0] - a[0], end[1] - a[1])
        while t < total:
            t0, t1 = max(0.0, t - over), min(total, t + d + over)
            pygame.draw.line(overlay, rgba, (a[0] + ux * t0, a[1] + uy * t0), (a[0] + ux * t1, a[1] + uy * t1), width)
            t += d * 1.8
    else:
        pygame.draw.line(overlay, rgba, a, end, width)
        pygame.draw.circle(overlay, rgba, (int(a[0]), int(a[1])), width // 2)
    px, py = -uy, ux
    tip = b
    pts = [tip, (tip[0] - ux * head + px * head * 0.55, tip[1] - uy * head + py * head * 0.55),
           (tip[0] - ux * head - px * head * 0.55, tip[1] - uy * head - py * head * 0.55)]
    pygame.draw.polygon(overlay, rgba, pts)


def draw_curved_arrow(overlay, a, b, bend, color, width, alpha=230, halo=None, trim=(0.0, 0.0)) -> None:
    """An arrow from ``a`` to ``b`` bowed sideways by ``bend`` pixels (a hop over
    the pieces between), trimmed by ``trim`` pixels at each end."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ctrl = ((a[0] + b[0]) / 2 - dy / n * bend, (a[1] + b[1]) / 2 + dx / n * bend)
    pts = []
    for i in range(41):
        t = i / 40
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]))
    # trim both ends along the curve
    def cut(points, length):
        while len(points) > 2 and length > 0:
            seg = math.hypot(points[1][0] - points[0][0], points[1][1] - points[0][1])
            if seg > length:
                k = length / seg
                points[0] = (points[0][0] + (points[1][0] - points[0][0]) * k,
                             points[0][1] + (points[1][1] - points[0][1]) * k)
                break
            points.pop(0)
            length -= seg
        return points
    pts = cut(pts, trim[0])
    pts = cut(pts[::-1], trim[1])[::-1]
    head = width * 2.6
    for col, w, hd in (((halo, width + 2 * max(2, width // 3), head + 2 * max(2, width // 3)) if halo else None),
                       (color, width, head)):
        if col is None:
            continue
        rgba = (*col, alpha)
        tip = pts[-1]
        ex, ey = tip[0] - pts[-3][0], tip[1] - pts[-3][1]
        en = math.hypot(ex, ey) or 1.0
        ux, uy = ex / en, ey / en
        body = [p for p in pts if math.hypot(p[0] - tip[0], p[1] - tip[1]) > hd * 0.8] or pts[:2]
        pygame.draw.lines(overlay, rgba, False, body, w)
        for p in body[1:-1]:
            pygame.draw.circle(overlay, rgba, (int(p[0]), int(p[1])), w // 2)
        px, py = -uy, ux
        pygame.draw.polygon(overlay, rgba, [tip, (tip[0] - ux * hd + px * hd * 0.55, tip[1] - uy * hd + py * hd * 0.55),
                                            (tip[0] - ux * hd - px * hd * 0.55, tip[1] - uy * hd - py * hd * 0.55)])


def draw_warning(surface, pos, cell, theme, t: float) -> None:
    """The pulsing danger ring and "!" badge on a town in danger."""
    col = theme.c["warning"]
    x, y = int(round(pos[0])), int(round(pos[1]))
    k = 0.5 + 0.5 * math.sin(t * 5.0)
    r = int(round(cell * (0.54 + 0.05 * k)))
    w = max(2, int(round(cell * (0.05 + 0.03 * k))))
    pygame.draw.aacircle(surface, blend(col, (0, 0, 0), 0.35), (x, y), r + 1, w + 2)
    pygame.draw.aacircle(surface, col, (x, y), r, w)
    br = max(6, int(round(cell * 0.17)))
    bx, by = x + int(cell * 0.38), y - int(cell * 0.38)
    ink = ink_on(col)
    pygame.draw.aacircle(surface, blend(ink, (128, 128, 128), 0.2), (bx, by), br + max(1, br // 5))
    pygame.draw.aacircle(surface, col, (bx, by), br)
    img = font(int(br * 2.0)).render("!", True, ink)
    surface.blit(img, img.get_rect(center=(bx, by + 1)))


def draw_cursor(surface, pos, cell) -> None:
    """The keyboard/gamepad cursor: a square (the selection is a ring, the last move
    brackets) in white on a black band, so it reads on the wood, on every piece and in
    both palettes alike."""
    x, y = int(round(pos[0])), int(round(pos[1]))
    h = int(round(cell * 0.47))
    w = max(2, int(round(cell * 0.07)))
    draw_frame_cursor(surface, pygame.Rect(x - h, y - h, 2 * h, 2 * h), w, max(2, h // 4))


def draw_lesson_mark(surface, pos, cell, theme, t: float, wide: bool = False) -> None:
    """A lesson's mark (``Board.show_targets``): a ring of eight dashes turning slowly
    and breathing, just outside a piece, in the hint's colour on a dark halo. Its
    shape tells it apart from the selection (a solid ring) and the town warning (a
    solid ring with a "!"), so it reads without its colour too. ``wide``: around a
    town's warning ring, which would hide it at the usual size."""
    x, y = pos
    k = 0.5 + 0.5 * math.sin(t * 4.0)
    r = cell * ((0.74 if wide else 0.58) + 0.04 * k)
    w = max(3.0, cell * 0.075)
    col, halo = theme.c["hint"], _halo(theme)
    spin = t * 0.8
    for i in range(8):
        a0 = spin + i * math.tau / 8
        a1 = a0 + math.tau / 8 * 0.62          # a dash, then a gap
        for colour, ww, pad in ((halo, w + 4, 0.02), (col, w, 0.0)):
            arc = [a0 - pad + (a1 - a0 + 2 * pad) * j / 5 for j in range(6)]
            outer = [(x + (r + ww / 2) * math.cos(a), y + (r + ww / 2) * math.sin(a)) for a in arc]
            inner = [(x + (r - ww / 2) * math.cos(a), y + (r - ww / 2) * math.sin(a)) for a in reversed(arc)]
            pygame.draw.polygon(surface, colour, outer + inner)


def draw_selection(surface, pos, cell, theme) -> None:
    col = theme.c["select"]
    x, y = int(round(pos[0])), int(round(pos[1]))
    r = int(round(cell * 0.50))
    w = max(3, int(round(cell * 0.085)))
    pygame.draw.aacircle(surface, _halo(theme), (x, y), r + 1, w + 2)
    pygame.draw.aacircle(surface, col, (x, y), r, w)


# -- rules diagrams ---------------------------------------------------------------------

def _diagram_state(text, to_move=R.DARK, shot="pass-over"):
    return R.CannonState.from_diagram(text, to_move=to_move, shot_rule=shot)


def _grid(marks: dict) -> str:
    """A 10-line diagram from {'e4': 'd', ...}."""
    g = [["."] * 10 for _ in range(10)]
    for name, ch in marks.items():
        sq = R.parse_square(name)
        g[9 - sq // 10][sq % 10] = ch
    return "\n".join("".join(row) for row in g)


def _diagram_spec(key):
    """(state, files, ranks, selected, kinds shown, cannons, warning towns, extra markers)."""
    if key == "setup":
        st = R.new_game({})
        marks = [("place", sq) for sq in R.TOWN_SQUARES[0] + R.TOWN_SQUARES[1]]
        return st, (0, 9), (0, 9), None, (), [], [], marks
    if key == "soldier_moves":
        st = _diagram_state(_grid({"e4": "d", "f5": "l", "d4": "l", "e3": "d", "a1": "D", "j10": "L"}))
        return st, (2, 6), (1, 5), R.parse_square("e4"), ("step", "capture"), [], [], []
    if key == "retreat":
        st = _diagram_state(_grid({"e5": "d", "f6": "l", "d4": "d", "a1": "D", "j10": "L"}))
        return st, (2, 6), (2, 6), R.parse_square("e5"), ("retreat",), [], [], []
    if key == "cannon_slide":
        st = _diagram_state(_grid({"d3": "d", "e4": "d", "f5": "d", "a1": "D", "j10": "L"}))
        return st, (2, 6), (1, 5), None, ("slide_arrows",), R.cannons_through(st, R.parse_square("e4")), [], []
    if key == "cannon_shot":
        st = _diagram_state(_grid({"e2": "d", "e3": "d", "e4": "d", "e6": "l", "e7": "l",
                                   "a1": "D", "j10": "L"}))
        sel = R.parse_square("e4")
        return st, (2, 7), (1, 6), sel, ("shot",), R.cannons_through(st, sel), [], []
    if key == "town":
        st = _diagram_state(_grid({"e5": "d", "e6": "d", "e7": "d", "d9": "d", "e10": "L",
                                   "f9": "l", "a1": "D"}))
        sel = R.parse_square("e7")
        warn = [1] if R.town_threatened(st, R.LIGHT) else []
        return st, (1, 6), (4, 9), None, ("arrows",), R.cannons_through(st, sel), warn, []
    return None


def draw_diagram(key, surface, rect, theme) -> None:
    """A small picture for the rules screen; an unknown key draws nothing."""
    spec = _diagram_spec(key)
    if spec is None:
        return
    st, files, ranks, sel, kinds, cannons, warn, extra = spec
    rect = pygame.Rect(rect)
    full = files == (0, 9) and ranks == (0, 9)
    geo = Geometry(rect, 0.0, files, ranks, margin=0.95 if full else 0.85, pad=0.05)
    extend = (files[0] > 0, files[1] < 9, ranks[0] > 0, ranks[1] < 9)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    draw_base(surface, geo, theme, labels="two", extend=extend, grain=not full, shadow=False)
    cell = geo.cell
    if cannons:
        ov = pygame.Surface(rect.size, pygame.SRCALPHA)
        shifted = Geometry(ov.get_rect(), 0.0, files, ranks, margin=geo.margin, pad=0.05)
        draw_cannons(ov, shifted, cannons, theme)
        surface.blit(ov, rect.topleft)
    moves = R.moves_from(st, sel) if sel is not None else []
    moves = [m for m in moves if m.kind in kinds]
    arrows = []
    if "slide_arrows" in kinds:
        # both ways a cannon can slide: the end soldier that moves, and where it lands
        arrows = [m for m in st.legal_moves() if m.kind == "slide" and cannons and m.frm in cannons[0]]
        moves = arrows
    if "arrows" in kinds:
        # every move that takes a town, as an arrow that leaves the town itself in view
        arrows = [m for m in st.legal_moves() if m.to in st.towns and m.kind in ("capture", "shot")]
    for sq in range(R.N_SQUARES):
        code = st.cells[sq]
        if code and files[0] <= sq % 10 <= files[1] and ranks[0] <= sq // 10 <= ranks[1]:
            blit_piece(surface, code, geo.sq_px(sq), cell, theme)
    if sel is not None:
        draw_selection(surface, geo.sq_px(sel), cell, theme)
    for m in moves:
        if m.kind == "shot":
            a, b = geo.sq_fpx(m.frm), geo.sq_fpx(m.to)
            _dash(surface, a, b, theme.c["move_shot"], max(1, int(cell * 0.05)), cell * 0.5)
    for m in moves:
        draw_marker(surface, m.kind, geo.sq_px(m.to), cell, theme)
    for kind, sq in extra:
        draw_marker(surface, kind, geo.sq_px(sq), cell, theme)
    if arrows:
        _diagram_arrows(surface, rect, geo, files, ranks, arrows, theme)
    for p in warn:
        t = st.towns[p]
        if t is not None:
            draw_warning(surface, geo.sq_px(t), cell, theme, 0.3)
    surface.set_clip(clip)


def _diagram_arrows(surface, rect, geo, files, ranks, arrows, theme) -> None:
    cell = geo.cell
    ov = pygame.Surface(rect.size, pygame.SRCALPHA)
    shifted = Geometry(ov.get_rect(), 0.0, files, ranks, margin=geo.margin, pad=0.05)
    for m in arrows:
        a, b = shifted.sq_fpx(m.frm), shifted.sq_fpx(m.to)
        if m.kind == "slide":
            # the end soldier hops over the other two (opposite ways bow to opposite sides)
            draw_curved_arrow(ov, a, b, cell * 1.7, theme.c["move_slide"], max(3, int(cell * 0.10)),
                              halo=_halo(theme), trim=(cell * 0.42, cell * 0.3))
            continue
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy) or 1.0
        a = (a[0] + dx / n * cell * 0.30, a[1] + dy / n * cell * 0.30)
        b = (b[0] - dx / n * cell * 0.50, b[1] - dy / n * cell * 0.50)
        draw_arrow(ov, a, b, theme.c[KIND_COLOR[m.kind]], max(3, int(cell * 0.11)), alpha=235,
                   dashed=m.kind == "shot", halo=_halo(theme))
    surface.blit(ov, rect.topleft)


def _dash(surface, a, b, color, width, start_gap):
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    t = start_gap
    dash = max(3.0, width * 3.0)
    while t < n - start_gap:
        t1 = min(n - start_gap, t + dash)
        pygame.draw.line(surface, color, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * t1, a[1] + uy * t1), width)
        t += dash * 2
