"""What the Cannon board draws over its points: move markers (one shape per kind:
step = small dot, capture = ring with ticks, retreat = hollow square, slide =
diamond, shot = target reticle), the last move's brackets, cannons as bands,
arrows, the town warning, the keyboard cursor, a lesson's marks and the selection.
"""
from __future__ import annotations

import math
from typing import Sequence, cast

import pygame
import pygame.gfxdraw

from games.ui.nav import draw_frame_cursor
from games.ui.theme import Theme, blend, ink_on

from .geometry import RGB, Geometry, Point
from .wood import font

#: the colour of each move kind's marker in the theme palette
KIND_COLOR: dict[str, str] = {"step": "move_step", "capture": "move_capture", "retreat": "move_retreat",
              "slide": "move_slide", "shot": "move_shot", "place": "accent"}
#: how a chooser orders moves that end on the same point
KIND_ORDER: dict[str, int] = {"capture": 0, "shot": 1, "step": 2, "slide": 3, "retreat": 4, "place": 5}
#: what a chooser calls each kind of move
KIND_LABEL: dict[str, str] = {"capture": "Capture", "shot": "Shoot", "step": "Step", "slide": "Slide",
              "retreat": "Retreat", "place": "Town"}


def halo_color(theme: Theme) -> RGB:
    """The dark rim markers and arrows wear, so they stand out on the wood."""
    return blend(theme.c["board_line"], (0, 0, 0), 0.35)


_MARKERS: dict[tuple[str, float, tuple[int, ...], tuple[int, ...], float], pygame.Surface] = {}


def draw_marker(surface: pygame.Surface, kind: str, pos: Point, cell: float, theme: Theme, pulse: float = 0.0,
                color: RGB | None = None) -> None:
    """One move marker at ``pos``; its shape says the kind (its colour helps).

    Markers are drawn once per (kind, size, colour, pulse step) into a small
    sprite and blitted: a full board of anti-aliased markers, drawn afresh,
    cost several milliseconds a frame at 1920x1080.
    """
    col = tuple(color or theme.c[KIND_COLOR.get(kind, "accent")])
    halo = tuple(halo_color(theme))
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


def _paint_marker(surface: pygame.Surface, kind: str, x: int, y: int, cell: float, col: tuple[int, ...],
                  halo: tuple[int, ...], pulse: float) -> None:
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
        d = cell * 0.22                  # the diamond's half diagonal
        pts = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
        hp = [(x, y - d - hw * 0.8), (x + d + hw * 0.8, y), (x, y + d + hw * 0.8), (x - d - hw * 0.8, y)]
        pygame.draw.polygon(surface, halo, hp)
        pygame.draw.polygon(surface, col, pts)
        pygame.gfxdraw.aapolygon(surface, [(int(px), int(py)) for px, py in pts], col)
        pygame.draw.circle(surface, halo, (x, y), max(1, int(d * 0.28)))
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


def draw_count(surface: pygame.Surface, pos: Point, cell: float, n: int, theme: Theme) -> None:
    """A small number badge: this many moves end on the point (a chooser will ask)."""
    x, y = int(round(pos[0])), int(round(pos[1]))
    r = max(7, int(round(cell * 0.18)))
    bx, by = x - int(cell * 0.38), y - int(cell * 0.38)
    pygame.draw.aacircle(surface, halo_color(theme), (bx, by), r + max(1, r // 5))
    pygame.draw.aacircle(surface, theme.c["accent"], (bx, by), r)
    img = font(int(r * 1.8)).render(str(n), True, theme.c["accent_text"])
    surface.blit(img, img.get_rect(center=(bx, by + 1)))


def draw_brackets(surface: pygame.Surface, pos: Point, cell: float, color: RGB, size: float = 0.45,
                  width: float = 0.06) -> None:
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


def draw_cannon_line(overlay: pygame.Surface, geo: Geometry, triple: tuple[int, int, int], color: RGB,
                     alpha: int = 120, width: float = 0.9, outline: RGB | None = None) -> None:
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


def draw_cannons(overlay: pygame.Surface, geo: Geometry, triples: Sequence[tuple[int, int, int]], theme: Theme) -> None:
    """The cannons a soldier belongs to: outlined translucent bands."""
    fill, edge = cannon_color(theme)
    for tri in triples:
        draw_cannon_line(overlay, geo, tri, fill, alpha=200, outline=edge)
    for tri in triples:
        draw_cannon_line(overlay, geo, tri, fill, alpha=105)


def cannon_color(theme: Theme) -> tuple[RGB, RGB]:
    """(fill, outline) of a cannon's band: bronze with a dark edge, clear on the
    wood in both palettes."""
    c = theme.c
    return blend(c["board_line"], c["accent"], 0.45), blend(c["board_line"], (0, 0, 0), 0.3)


def draw_arrow(overlay: pygame.Surface, a: Point, b: Point, color: RGB, width: int, head: float | None = None,
               alpha: int = 210, dashed: bool = False, halo: RGB | None = None,
               dash: float | tuple[float, float] | None = None) -> None:
    """An arrow from ``a`` to ``b`` (pixels) on an alpha overlay (optionally over a
    darker, wider copy of itself so it stands out on the wood)."""
    if halo is not None:
        hw = max(2, width // 3)
        # a halo's dashes overhang its arrow's by ``hw`` (``dash`` is a length when a halo is asked for)
        draw_arrow(overlay, a, b, halo, width + 2 * hw, (head or width * 2.6) + 2 * hw, alpha, dashed,
                   dash=(cast(float, dash or width * 2.2), hw))
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


def draw_curved_arrow(overlay: pygame.Surface, a: Point, b: Point, bend: float, color: RGB, width: int,
                      alpha: int = 230, halo: RGB | None = None, trim: tuple[float, float] = (0.0, 0.0)) -> None:
    """An arrow from ``a`` to ``b`` bowed sideways by ``bend`` pixels (a hop over
    the pieces between), trimmed by ``trim`` pixels at each end."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ctrl = ((a[0] + b[0]) / 2 - dy / n * bend, (a[1] + b[1]) / 2 + dx / n * bend)
    pts: list[Point] = []
    for i in range(41):
        t = i / 40
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]))
    # trim both ends along the curve
    def cut(points: list[Point], length: float) -> list[Point]:
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
    passes = [(halo, width + 2 * max(2, width // 3), head + 2 * max(2, width // 3))] if halo else []
    for col, w, hd in [*passes, (color, width, head)]:
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


def draw_warning(surface: pygame.Surface, pos: Point, cell: float, theme: Theme, t: float) -> None:
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


def draw_cursor(surface: pygame.Surface, pos: Point, cell: float) -> None:
    """The keyboard/gamepad cursor: a square (the selection is a ring, the last move
    brackets) in white on a black band, so it reads on the wood, on every piece and in
    both palettes alike."""
    x, y = int(round(pos[0])), int(round(pos[1]))
    h = int(round(cell * 0.47))
    w = max(2, int(round(cell * 0.07)))
    draw_frame_cursor(surface, pygame.Rect(x - h, y - h, 2 * h, 2 * h), w, max(2, h // 4))


def draw_lesson_mark(surface: pygame.Surface, pos: Point, cell: float, theme: Theme, t: float,
                     wide: bool = False) -> None:
    """A lesson's mark (``Board.show_targets``): a ring of eight dashes turning slowly
    and breathing, just outside a piece, in the hint's colour on a dark halo. Its
    shape tells it apart from the selection (a solid ring) and the town warning (a
    solid ring with a "!"), so it reads without its colour too. ``wide``: around a
    town's warning ring, which would hide it at the usual size."""
    x, y = pos
    k = 0.5 + 0.5 * math.sin(t * 4.0)
    r = cell * ((0.74 if wide else 0.58) + 0.04 * k)
    w = max(3.0, cell * 0.075)
    col, halo = theme.c["hint"], halo_color(theme)
    spin = t * 0.8
    for i in range(8):
        a0 = spin + i * math.tau / 8
        a1 = a0 + math.tau / 8 * 0.62          # a dash, then a gap
        for colour, ww, pad in ((halo, w + 4, 0.02), (col, w, 0.0)):
            arc = [a0 - pad + (a1 - a0 + 2 * pad) * j / 5 for j in range(6)]
            outer = [(x + (r + ww / 2) * math.cos(a), y + (r + ww / 2) * math.sin(a)) for a in arc]
            inner = [(x + (r - ww / 2) * math.cos(a), y + (r - ww / 2) * math.sin(a)) for a in reversed(arc)]
            pygame.draw.polygon(surface, colour, outer + inner)


def draw_selection(surface: pygame.Surface, pos: Point, cell: float, theme: Theme) -> None:
    col = theme.c["select"]
    x, y = int(round(pos[0])), int(round(pos[1]))
    r = int(round(cell * 0.50))
    w = max(3, int(round(cell * 0.085)))
    pygame.draw.aacircle(surface, halo_color(theme), (x, y), r + 1, w + 2)
    pygame.draw.aacircle(surface, col, (x, y), r, w)
