"""Animated polyhedral dice, drawn from code.

Each die is a real polyhedron (tetrahedron, cube, octahedron, pentagonal
trapezohedron, dodecahedron, icosahedron) projected from 3D with
``pygame.math.Vector3``, so the outline and facet lines look like the die on
the table and a tumbling die shows its faces turning. The value sits on the
face nearest the viewer; a d6 shows pips.

``draw_die`` draws one die. Resting dice (``angle=0`` and no tumble) are cached
as small sprites, so a board full of dice costs one blit each per frame.

Four small animations, each a picture of its progress 0..1. A board drives
them from a step of its animation timeline (``games.ui.timeline``): the step's
``update`` calls :meth:`seek` with the step's progress, its ``draw`` calls
``draw(surface, size, ...)``. So they follow the speed setting, a skip ends
them where a played one ends, and they keep no clock of their own
(``update(dt)`` remains for a caller without a timeline):

* :class:`DieRoll`   tumble along a path with bounces, faces flicking, settling
  on the final value (a die really rolled);
* :class:`DiePlace`  a die carried and set down showing a chosen value (a die
  turned to a side by hand, never rolled);
* :class:`DieChange` a value counting from old to new with a shake (damage);
* :class:`DieExit`   a defeated die tumbling away while it fades.

Nothing here touches the display or the mixer; only ``pygame.font`` is
initialised, lazily, the first time a number is drawn.

Why one module of some 850 lines: the geometry, the sprite and text caches,
the renderer and the animations share their private helpers and caches, and
every caller needs only ``draw_die`` and the four animations from here.
"""
from __future__ import annotations

import itertools
import math
import random
from collections import OrderedDict

import pygame
from pygame.math import Vector3

from games.ui import fonts
from games.ui.easing import in_quad, out_cubic

DIE_KINDS = ("d4", "d6", "d8", "d10", "d%", "d12", "d20")
DIE_MAX = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}

# --------------------------------------------------------------------------- geometry

_PHI = (1 + 5 ** 0.5) / 2


def _vertices(kind) -> list:
    if kind == "d4":
        return [(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)]
    if kind == "d6":
        return list(itertools.product((-1, 1), repeat=3))
    if kind == "d8":
        return [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)]
    if kind in ("d10", "d%"):
        # pentagonal trapezohedron, axis along y; z0 makes the kites planar
        h = 1.0
        c = math.cos(math.pi / 5)
        z0 = h * (1 - c) / (1 + c)
        vs = [(0.0, h, 0.0), (0.0, -h, 0.0)]
        for k in range(5):
            a = 2 * math.pi * k / 5
            vs.append((math.sin(a), z0, math.cos(a)))
            b = a + math.pi / 5
            vs.append((math.sin(b), -z0, math.cos(b)))
        return vs
    if kind == "d12":
        p, q = _PHI, 1 / _PHI
        vs = [(float(x), float(y), float(z)) for x, y, z in itertools.product((-1, 1), repeat=3)]
        for s1 in (-1, 1):
            for s2 in (-1, 1):
                vs += [(0, s1 * q, s2 * p), (s1 * q, s2 * p, 0), (s1 * p, 0, s2 * q)]
        return vs
    if kind == "d20":
        p = _PHI
        vs = []
        for s1 in (-1, 1):
            for s2 in (-1, 1):
                vs += [(0, s1, s2 * p), (s1, s2 * p, 0), (s1 * p, 0, s2)]
        return vs
    raise ValueError(f"unknown die kind {kind!r}; expected one of {DIE_KINDS}")


def _v(p) -> Vector3:
    return Vector3(float(p[0]), float(p[1]), float(p[2]))


def _hull_faces(vs):
    """Faces of a convex polyhedron: lists of vertex indices, counter-clockwise
    seen from outside, with their outward unit normals. Brute force over vertex
    triples (at most 20 vertices)."""
    seen = set()
    faces = []
    eps = 1e-6
    for i, j, k in itertools.combinations(range(len(vs)), 3):
        n = (vs[j] - vs[i]).cross(vs[k] - vs[i])
        if n.length_squared() < 1e-9:
            continue
        n = n.normalize()
        d = n.dot(vs[i])
        side = [n.dot(v) - d for v in vs]
        if all(s <= eps for s in side):
            pass
        elif all(s >= -eps for s in side):
            n = -n
        else:
            continue
        members = frozenset(m for m, s in enumerate(side) if abs(s) <= eps)
        if members in seen:
            continue
        seen.add(members)
        c = sum((vs[m] for m in members), Vector3()) / len(members)
        u = (vs[next(iter(members))] - c).normalize()
        w = n.cross(u)
        order = sorted(members, key=lambda m: math.atan2((vs[m] - c).dot(w), (vs[m] - c).dot(u)))
        faces.append((order, n))
    return faces


def _look(view, up):
    """Rotation whose rows are the screen axes (x right, y up, z toward the
    viewer), for a die seen from direction ``view`` with ``up`` pointing up."""
    z = _v(view).normalize()
    x = _v(up).cross(z).normalize()
    y = z.cross(x)
    return (x, y, z)


_AXES = (Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1))


def _tumbled(m, tx, ty):
    """The orientation ``m`` (rows: the screen axes) turned in screen space by
    ``ty`` degrees about the y axis, then ``tx`` degrees about the x axis."""
    cols = [a.rotate_y(ty).rotate_x(tx) for a in _AXES]
    return tuple(m[0] * cols[0][i] + m[1] * cols[1][i] + m[2] * cols[2][i] for i in range(3))


class _Shape:
    """A die's polyhedron with its resting orientation and fitting scale."""

    def __init__(self, kind):
        vs = [_v(p) for p in _vertices(kind)]
        r = max(v.length() for v in vs)
        self.verts = [v / r for v in vs]
        self.faces = _hull_faces(self.verts)
        view, up, self.fit = _VIEW[kind]
        self.base = _look(view, up)
        pts = [self._project(self.base, v) for v in self.verts]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        self.offset = (-(max(xs) + min(xs)) / 2, -(max(ys) + min(ys)) / 2)
        self.extent = max(max(xs) - min(xs), max(ys) - min(ys)) / 2
        n = max((n for _, n in self.faces), key=lambda n: self.base[2].dot(n))
        self.front_nz = self.base[2].dot(n)
        self.front_f = _face_factor(Vector3(self.base[0].dot(n), self.base[1].dot(n), self.front_nz))

    @staticmethod
    def _project(m, v):
        return (m[0].dot(v), m[1].dot(v), m[2].dot(v))


def _d4_view():
    # a pyramid standing on its base, seen from a little above and to the side
    apex = Vector3(1, 1, 1).normalize()
    front = Vector3(-4 / 3, 2 / 3, 2 / 3).normalize()          # toward the face opposite (1, -1, -1)
    side = apex.cross(front)
    e, az = math.radians(22), math.radians(28)
    h = math.cos(az) * front + math.sin(az) * side
    return tuple(math.cos(e) * h + math.sin(e) * apex), tuple(apex)


_S36, _C36 = math.sin(math.pi / 5), math.cos(math.pi / 5)
# view direction (die coordinates, toward the viewer), up vector, share of the box
_VIEW = {
    "d4": _d4_view() + (1.0,),
    "d6": ((0.33, 0.42, 1.0), (0, 1, 0), 0.86),
    "d8": ((0.3, 0.45, 1.0), (0, 1, 0), 0.98),
    "d10": ((_S36, 0.25, _C36), (0, 1, 0), 0.98),
    "d%": ((_S36, 0.25, _C36), (0, -1, 0), 0.98),   # upside down: the kite points down
    "d12": ((0.0, 1.0, _PHI), (0, 1, 0), 0.96),
    "d20": ((1.0, 1.0, 1.0), (1, _PHI, 0), 0.98),
}
_SHAPES: dict = {}


def _shape(kind) -> _Shape:
    s = _SHAPES.get(kind)
    if s is None:
        if kind not in DIE_MAX:
            raise ValueError(f"unknown die kind {kind!r}; expected one of {DIE_KINDS}")
        s = _SHAPES[kind] = _Shape(kind)
    return s


# --------------------------------------------------------------------------- colour

_LIGHT = Vector3(-0.45, 0.65, 0.8).normalize()
_K_REF = 0.35 + 0.65 * _LIGHT[2]


def _rgb(c):
    c = pygame.Color(c) if not isinstance(c, (tuple, list)) else c
    return (int(c[0]), int(c[1]), int(c[2]))


def _shade(color, f):
    if f <= 1.0:
        return tuple(max(0, min(255, int(v * f))) for v in color)
    t = min(1.0, f - 1.0)
    return tuple(max(0, min(255, int(v + (255 - v) * t))) for v in color)


def _mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


# --------------------------------------------------------------------------- fonts

_TEXT: OrderedDict = OrderedDict()


def _font(px, font=None):
    """A font for ``px`` pixels: ``font`` may be None (the default font), a
    callable px -> Font, or a Font (used as is, the text scaled afterwards)."""
    if font is not None and not isinstance(font, pygame.font.Font) and callable(font):
        return font(px)
    if isinstance(font, pygame.font.Font):
        return font
    return fonts.font(px)


def _text(text, px, color, font=None, halo=None):
    """Rendered text cropped to its ink, about ``px`` * 0.7 pixels tall; with
    ``halo`` a soft rim of that colour keeps facet lines off the glyphs."""
    key = (text, px, color, id(font) if font is not None else None, halo)
    img = _TEXT.get(key)
    if img is not None:
        _TEXT.move_to_end(key)
        return img
    f = _font(px, font)
    img = f.render(text, True, color)
    ink = img.get_bounding_rect()
    if ink.w and ink.h:
        img = img.subsurface(ink).copy()
    if isinstance(font, pygame.font.Font) and img.get_height():
        want = max(1, round(px * 0.70))
        img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * want / img.get_height())), want))
    if halo is not None:
        r = max(1, round(px / 14))
        rim = _text(text, px, halo, font)
        out = pygame.Surface((img.get_width() + 2 * r, img.get_height() + 2 * r), pygame.SRCALPHA)
        for dx in range(-r, r + 1):
            for dy in range(-r, r + 1):
                if dx * dx + dy * dy <= r * r + r:
                    out.blit(rim, (r + dx, r + dy))
        out.blit(img, (r, r))
        img = out
    _TEXT[key] = img
    if len(_TEXT) > 400:
        _TEXT.popitem(last=False)
    return img


# --------------------------------------------------------------------------- drawing

_PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

_SPRITES: OrderedDict = OrderedDict()
_SPRITE_BUDGET = 1_000_000      # pixels of cached resting dice (~4 MB); every scene of the frame bench uses 160,000
_sprite_pixels = 0


def clear_caches() -> None:
    """Forget every rendered die and label: called with ``fonts.clear()`` when a
    window opens, since the text keys hold the ids of fonts that died with the
    last window (a new font may get the same id and a different size)."""
    global _sprite_pixels
    _TEXT.clear()
    _SPRITES.clear()
    _sprite_pixels = 0


def _point_in(poly, p):
    """Inside a convex polygon (either winding)."""
    sign = 0
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        c = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if abs(c) < 1e-9:
            continue
        s = 1 if c > 0 else -1
        if sign == 0:
            sign = s
        elif s != sign:
            return False
    return True


def _fit_px(poly, anchor, text, px_max, font):
    """Largest font size whose digits' box, centred on ``anchor``, fits in poly."""
    lo, hi = 4, max(5, int(px_max))
    best = lo
    while lo <= hi:
        mid = (lo + hi) // 2
        img = _text(text, mid, (255, 255, 255), font)
        w, h = img.get_width() / 2 + mid * 0.06, img.get_height() / 2 + mid * 0.06
        corners = [(anchor[0] + sx * w, anchor[1] + sy * h) for sx in (-1, 1) for sy in (-1, 1)]
        if all(_point_in(poly, c) for c in corners):
            best = mid
            lo = mid + 1
        else:
            hi = mid - 1
    return best


def _geometry(shape, m, size, angle):
    """Projected vertices (sprite pixels), visible faces (vertex order, screen
    normal), the front face and the sprite's half width."""
    scale = size * shape.fit / 2 / shape.extent * 0.94
    pts3 = [shape._project(m, v) for v in shape.verts]
    radius = max(math.hypot(p[0], p[1]) for p in pts3)
    if radius * scale > size * 0.72:          # tumbling past the box: keep it in
        scale = size * 0.72 / radius
    ox, oy = shape.offset
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    half = int(size * 0.75) + 2

    def to_px(p):   # die space -> sprite pixels (at 1x), rotated by angle
        x, y = (p[0] + ox) * scale, -(p[1] + oy) * scale
        return (half + x * ca + y * sa, half - x * sa + y * ca)

    pts = [to_px(p) for p in pts3]
    vis = []
    for order, n in shape.faces:
        nz = m[2].dot(n)
        if nz > 1e-3:
            vis.append((order, Vector3(m[0].dot(n), m[1].dot(n), nz)))
    front = max(vis, key=lambda f: f[1][2])
    return pts, vis, front, half


def _face_factor(ns):
    k = 0.35 + 0.65 * max(0.0, ns.dot(_LIGHT))
    return max(0.5, min(1.28, k / _K_REF))


def _number_spot(kind, size, pts, front, half, angle):
    """Where the number goes (sprite pixels) and the grown front face around
    it, in the unrotated frame."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    fpoly = [pts[i] for i in front[0]]
    cx = sum(p[0] for p in fpoly) / len(fpoly)
    cy = sum(p[1] for p in fpoly) / len(fpoly)
    g = _GROW.get(kind, 1.0)
    pull = _PULL.get(kind, 0.0)
    anchor = _ANCHOR.get(kind, (0.0, 0.0))
    tx = cx + (half - cx) * pull + (anchor[0] * ca + anchor[1] * sa) * size
    ty = cy + (half - cy) * pull + (-anchor[0] * sa + anchor[1] * ca) * size
    up = []
    for p in fpoly:
        dx, dy = cx + (p[0] - cx) * g - tx, cy + (p[1] - cy) * g - ty
        up.append((dx * ca - dy * sa, dx * sa + dy * ca))
    return (tx, ty), up


def _number_px(kind, size, digits, font):
    """Font size for a ``digits``-long number on a resting die (cached)."""
    key = (kind, size, digits, id(font) if font is not None else None)
    px = _FIT.get(key)
    if px is None:
        shape = _shape(kind)
        pts, _, front, half = _geometry(shape, shape.base, size, 0.0)
        _, poly = _number_spot(kind, size, pts, front, half, 0.0)
        px = _fit_px(poly, (0, 0), "0" * digits if digits > 1 else "8", size * 0.9, font)
        # small dice: never below a readable size, even if the number spills
        # over the facet lines (it has a rim); large dice: what fits
        floor = (0.6 if digits == 1 else 0.5) * min(size, 48) + 0.25 * max(0, size - 48)
        px = _FIT[key] = max(8, px, int(floor))
    return px


def _draw_pips(big, ss, fpoly, centre, ca, sa, value, text_color):
    """Pips on the front square of a d6 (``big`` is ``ss`` times the sprite):
    an affine map from the face's corners."""
    cx, cy = centre
    q = fpoly

    def up_left(i):
        return (q[i][0] - cx) * ca - (q[i][1] - cy) * sa + (q[i][1] - cy) * ca + (q[i][0] - cx) * sa
    tl = min(range(4), key=up_left)
    q = q[tl:] + q[:tl]
    # q[0] top-left; pick the neighbour more to the right as u
    cand = [q[1], q[3]]
    o = q[0]
    u_end = max(cand, key=lambda p: (p[0] - o[0]) * ca - (p[1] - o[1]) * sa)
    v_end = cand[1] if u_end is cand[0] else cand[0]
    ux, uy = (u_end[0] - o[0]) / 2, (u_end[1] - o[1]) / 2
    vx, vy = (v_end[0] - o[0]) / 2, (v_end[1] - o[1]) / 2
    side = math.hypot(ux, uy) * 2
    pr = side * 0.105 * ss
    for a, b in _PIPS[value]:
        px_ = cx + ux * a * 0.52 + vx * b * 0.52
        py_ = cy + uy * a * 0.52 + vy * b * 0.52
        pygame.draw.circle(big, text_color, (px_ * ss, py_ * ss), pr)


def _render(kind, value, size, fill, edge, text_color, angle, tumble, font, pips):
    """The die as an SRCALPHA sprite centred on its centre (not cached)."""
    shape = _shape(kind)
    m = shape.base
    if tumble and (tumble[0] or tumble[1]):
        m = _tumbled(m, tumble[0], tumble[1])
    ss = 3 if size < 90 else 2
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    pts, vis, front, half = _geometry(shape, m, size, angle)
    dim = 2 * half
    outline_w = max(1.0, size * 0.035)
    facet_w = max(0.8, size * 0.018)

    big = pygame.Surface((dim * ss, dim * ss), pygame.SRCALPHA)

    def S(p):
        return (p[0] * ss, p[1] * ss)

    # silhouette with a rounded outline: hull + thick edges + vertex discs
    hull_idx = sorted({i for order, _ in vis for i in order})
    hull = _convex_hull([pts[i] for i in hull_idx])
    ow = outline_w * ss
    hs = [S(p) for p in hull]
    pygame.draw.polygon(big, edge, hs)
    for i in range(len(hs)):
        a, b = hs[i], hs[(i + 1) % len(hs)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        L = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / L * ow, dx / L * ow
        pygame.draw.polygon(big, edge, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                        (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
        pygame.draw.circle(big, edge, a, ow)
    # faces, shaded by a light from the upper left
    line = _mix(edge, fill, 0.25)
    fw = facet_w * ss
    for order, ns in vis:
        pygame.draw.polygon(big, _shade(fill, _face_factor(ns)), [S(pts[i]) for i in order])
    face_col = _shade(fill, shape.front_f)   # the resting front face: the number's rim
    for order, _ns in vis:
        poly = [S(pts[i]) for i in order]
        for i in range(len(poly)):
            a, b = poly[i], poly[(i + 1) % len(poly)]
            dx, dy = b[0] - a[0], b[1] - a[1]
            L = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / L * fw / 2, dx / L * fw / 2
            pygame.draw.polygon(big, line, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                            (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
            pygame.draw.circle(big, line, a, fw / 2)
    # redraw the outline on top of the facet lines' ends
    for i in range(len(hs)):
        a, b = hs[i], hs[(i + 1) % len(hs)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        L = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / L * ow, dx / L * ow
        pygame.draw.polygon(big, edge, [(a[0] + nx * 0.9, a[1] + ny * 0.9), (b[0] + nx * 0.9, b[1] + ny * 0.9),
                                        (b[0], b[1]), (a[0], a[1])])

    fpoly = [pts[i] for i in front[0]]
    cx = sum(p[0] for p in fpoly) / len(fpoly)
    cy = sum(p[1] for p in fpoly) / len(fpoly)
    nz = front[1][2]
    use_pips = kind == "d6" and pips and isinstance(value, int) and 1 <= value <= 6
    if use_pips:
        _draw_pips(big, ss, fpoly, (cx, cy), ca, sa, value, text_color)
    sprite = pygame.transform.smoothscale(big, (dim, dim))

    if not use_pips and value is not None and str(value):
        text = str(value)
        (tx, ty), _ = _number_spot(kind, size, pts, front, half, angle)
        px = _number_px(kind, size, len(text), font)
        img = _text(text, px, text_color, font, halo=face_col)
        shrink = min(1.0, 0.5 + 0.5 * nz / shape.front_nz)
        if shrink < 0.98:   # foreshortened while tumbling
            img = pygame.transform.rotozoom(img, 0, shrink)
        if value in (6, 9) and DIE_MAX[kind] >= 9 and kind != "d%":   # d%: its % mark shows which way is up
            # underline 6 and 9 as real dice do
            w, h = img.get_size()
            pad = max(2, h // 5)
            u = pygame.Surface((w, h + 2 * pad), pygame.SRCALPHA)
            u.blit(img, (0, pad))
            pygame.draw.rect(u, text_color, (w // 6, pad + h + max(1, h // 12), w - 2 * (w // 6), max(1, h // 10)))
            img = u
        if angle:
            img = pygame.transform.rotozoom(img, angle, 1.0)
        sprite.blit(img, img.get_rect(center=(round(tx), round(ty))))
    if kind == "d%":
        mark = _text("%", max(10, int(size * 0.2)), text_color, font, halo=face_col)
        if angle:
            mark = pygame.transform.rotozoom(mark, angle, 1.0)
        mx, my = _PCT_MARK
        mx, my = mx * size, my * size
        sprite.blit(mark, mark.get_rect(center=(round(cx + mx * ca + my * sa), round(cy - mx * sa + my * ca))))
    return sprite


_FIT: dict = {}
# where the number sits relative to the front face's centre, in die sizes
_ANCHOR = {"d4": (0.0, 0.02), "d10": (0.0, -0.02), "d%": (0.0, 0.0)}
# share of the way from the front face's centre to the die's centre
_PULL = {"d8": 0.45, "d4": 0.2}
_PCT_MARK = (0.0, 0.30)
# how far the number may spill past its face (it gets a rim in the face's colour)
_GROW = {"d4": 1.05, "d8": 1.2, "d10": 1.25, "d%": 1.25, "d12": 1.0, "d20": 1.3}


def _convex_hull(points):
    pts = sorted(set((round(p[0], 4), round(p[1], 4)) for p in points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    upper: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def draw_die(surface, kind, value, center, size, *, fill, edge, text_color, angle=0.0, alpha=255,
             font=None, label=None, label_color=None, tumble=(0.0, 0.0), pips=True):
    """Draw a ``kind`` die showing ``value`` centred on ``center``, fitting a
    ``size`` x ``size`` box. ``angle`` (degrees, counter-clockwise) turns it in
    the plane, ``tumble`` (degrees about the screen's x and y axes) turns it in
    3D; ``alpha`` fades it; ``label`` (e.g. "d12") is captioned below in
    ``label_color`` (default: a light tint of ``fill``). ``font`` is None, a
    callable px -> Font, or a Font. A d6 shows pips unless ``pips=False``.
    ``value`` may also be None (a blank die, e.g. face down) or a short
    string such as "?".
    Returns the bounding rectangle of what was drawn (die and label)."""
    global _sprite_pixels
    if kind not in DIE_MAX:
        raise ValueError(f"unknown die kind {kind!r}; expected one of {DIE_KINDS}")
    size = max(8, int(round(size)))
    fill, edge, text_color = _rgb(fill), _rgb(edge), _rgb(text_color)
    if alpha <= 0:
        return pygame.Rect(center, (0, 0))
    static = not angle and not (tumble and (tumble[0] or tumble[1]))
    key = (kind, value, size, fill, edge, text_color, id(font) if font is not None else None, pips)
    hit = _SPRITES.get(key) if static else None
    if hit is None:
        sprite = _render(kind, value, size, fill, edge, text_color, angle, tumble, font, pips)
        hit = (sprite, sprite.get_bounding_rect())
        if static:
            _SPRITES[key] = hit
            _sprite_pixels += sprite.get_width() * sprite.get_height()
            while _sprite_pixels > _SPRITE_BUDGET and len(_SPRITES) > 1:
                _, (old, _) = _SPRITES.popitem(last=False)
                _sprite_pixels -= old.get_width() * old.get_height()
    else:
        _SPRITES.move_to_end(key)
    sprite, ink = hit
    at = sprite.get_rect(center=(round(center[0]), round(center[1])))
    rect = ink.move(at.topleft)
    a = max(0, min(255, int(alpha)))
    if a < 255:
        sprite.set_alpha(a)
        surface.blit(sprite, at)
        # back to opaque with 255, never None: on a per-pixel-alpha sprite, None turns
        # blending off, and the cached sprite's clear corners then drew as a black box
        # (a play-test: an Artillery hit drawn after a faded miss of the same face)
        sprite.set_alpha(255)
    else:
        surface.blit(sprite, at)
    if label:
        lc = _rgb(label_color) if label_color is not None else _mix(fill, (255, 255, 255), 0.55)
        img = _text(str(label), max(16, int(size * 0.32)), lc, font)
        lr = img.get_rect(midtop=(round(center[0]), round(center[1] + size * 0.5 + size * 0.06)))
        if a < 255:
            img = img.copy()
            img.set_alpha(a)
        surface.blit(img, lr)
        rect = rect.union(lr)
    return rect


# --------------------------------------------------------------------------- animations


def _rng(rng):
    if rng is None:
        return random.Random()
    if isinstance(rng, type):
        return rng()
    return rng


class _DieAnim:
    def __init__(self, kind, duration):
        if kind not in DIE_MAX:
            raise ValueError(f"unknown die kind {kind!r}; expected one of {DIE_KINDS}")
        self.kind = kind
        self.duration = max(0.0, float(duration))
        self.t = 0.0
        self._at_end = False

    @property
    def progress(self) -> float:
        if self._at_end or self.duration <= 0:
            return 1.0
        return min(1.0, self.t / self.duration)

    @property
    def done(self) -> bool:
        return self.progress >= 1.0

    def seek(self, progress: float) -> None:
        """Show the animation at ``progress`` (0..1): what a timeline step calls
        from its ``update`` with its own progress."""
        p = min(1.0, max(0.0, float(progress)))
        self.t = self.duration * p if self.duration > 0 else 0.0
        self._at_end = p >= 1.0
        self._step()

    def update(self, dt) -> bool:
        """Advance by ``dt`` seconds (without a timeline); returns ``done``."""
        self.t += max(0.0, dt)
        self._step()
        return self.done

    def finish(self):
        self.seek(1.0)

    def _step(self):
        pass


class DieRoll(_DieAnim):
    """A die tumbling from ``start_pos`` to ``end_pos``, bouncing, faces
    flicking, settling on ``final_value``. ``rng`` only drives the look (pass
    your own Random for repeatable screenshots; never the match's generator)."""

    SETTLE = 0.78   # share of the time after which the final face shows

    def __init__(self, kind, final_value, start_pos, end_pos, duration=0.8, rng=None):
        super().__init__(kind, duration)
        self.final_value = final_value
        self.start_pos = tuple(start_pos)
        self.end_pos = tuple(end_pos)
        r = _rng(rng)
        self._rng = r
        sign = r.choice((-1, 1))
        self._spin = sign * r.uniform(300, 620)
        self._tx = r.choice((-1, 1)) * r.uniform(500, 900)
        self._ty = r.choice((-1, 1)) * r.uniform(300, 700)
        self._hop = r.uniform(0.7, 1.0)
        self._value = r.randint(1, DIE_MAX[kind])
        self._face_key = None
        self._flick = 0.0
        self._step()

    @property
    def value(self):
        return self._value

    @property
    def pos(self):
        p = out_cubic(self.progress)
        x = self.start_pos[0] + (self.end_pos[0] - self.start_pos[0]) * p
        y = self.start_pos[1] + (self.end_pos[1] - self.start_pos[1]) * p
        return (x, y)

    def _height(self):
        """Bounce height 0..1: three hops, each lower and shorter."""
        p = self.progress
        if p >= 1:
            return 0.0
        edges = (0.0, 0.45, 0.72, 0.88, 1.0)
        peaks = (1.0, 0.4, 0.14, 0.0)
        for i in range(4):
            if p < edges[i + 1]:
                u = (p - edges[i]) / (edges[i + 1] - edges[i])
                return peaks[i] * 4 * u * (1 - u) * self._hop
        return 0.0

    @property
    def angle(self):
        return self._spin * (1 - out_cubic(self.progress))

    @property
    def tumble(self):
        k = (1 - out_cubic(self.progress)) ** 1.5
        return (self._tx * k, self._ty * k)

    def _step(self):
        p = self.progress
        if p >= self.SETTLE:
            self._value = self.final_value
            return
        # a new face whenever the tumble shows another one, at most every 60 ms
        tx, ty = self.tumble
        key = (round(tx / 70), round(ty / 70))
        if key != self._face_key and self.t - self._flick >= 0.06:
            self._face_key = key
            self._flick = self.t
            n = DIE_MAX[self.kind]
            v = self._rng.randint(1, n)
            if v == self._value and n > 1:
                v = v % n + 1
            self._value = v

    def draw(self, surface, size, *, shadow=True, **colors):
        h = self._height()
        x, y = self.pos
        lift = h * size * 0.9
        w = int(size * (0.9 - 0.3 * h))
        if shadow and w > 0:
            sh = pygame.Surface((w, max(2, w // 3)), pygame.SRCALPHA)
            pygame.draw.ellipse(sh, (0, 0, 0, int(90 * (1 - 0.6 * h))), sh.get_rect())
            surface.blit(sh, sh.get_rect(center=(round(x), round(y + size * 0.42))))
        draw_die(surface, self.kind, self._value, (x, y - lift), size * (1 + 0.18 * h),
                 angle=self.angle, tumble=self.tumble, **colors)


class DiePlace(_DieAnim):
    """A die picked up at ``start_pos`` and set down at ``end_pos`` showing
    ``value`` the whole way (turned to that side by hand, not rolled): it
    lifts, is carried with a slight turn that straightens, and lands with a
    small bounce. ``rng`` only varies the turn (never the match's generator)."""

    def __init__(self, kind, value, start_pos, end_pos, duration=0.8, rng=None):
        super().__init__(kind, duration)
        self.value = value
        self.start_pos = tuple(start_pos)
        self.end_pos = tuple(end_pos)
        self._turn = _rng(rng).choice((-1, 1)) * 14.0

    @property
    def pos(self):
        p = out_cubic(min(1.0, self.progress / 0.85))
        return (self.start_pos[0] + (self.end_pos[0] - self.start_pos[0]) * p,
                self.start_pos[1] + (self.end_pos[1] - self.start_pos[1]) * p)

    def _height(self):
        """Lift 0..1: up while carried, down at 85 %, one small bounce after."""
        p = self.progress
        if p < 0.85:
            return math.sin(math.pi * p / 0.85) * 0.8
        u = (p - 0.85) / 0.15
        return 0.12 * 4 * u * (1 - u)

    @property
    def angle(self):
        return self._turn * (1 - out_cubic(self.progress))

    def draw(self, surface, size, *, shadow=True, **colors):
        h = self._height()
        x, y = self.pos
        if shadow:
            w = int(size * (0.9 - 0.3 * h))
            if w > 0:
                sh = pygame.Surface((w, max(2, w // 3)), pygame.SRCALPHA)
                pygame.draw.ellipse(sh, (0, 0, 0, int(90 * (1 - 0.6 * h))), sh.get_rect())
                surface.blit(sh, sh.get_rect(center=(round(x), round(y + size * 0.42))))
        draw_die(surface, self.kind, self.value, (x, y - h * size * 0.6), size * (1 + 0.12 * h),
                 angle=self.angle, **colors)


class DieChange(_DieAnim):
    """A die's value counting from ``old_value`` to ``new_value`` with a shake
    and a flash (``flash`` colour, by default red for a loss, green for a gain)."""

    def __init__(self, kind, old_value, new_value, pos, duration=0.6, rng=None):
        super().__init__(kind, duration)
        self.old_value = old_value
        self.new_value = new_value
        self.pos = tuple(pos)
        r = _rng(rng)
        self._phase = r.uniform(0, math.tau)

    @property
    def value(self):
        p = self.progress
        if p >= 1:
            return self.new_value
        # one step at a time, every value shown for the same time, done at 80 %
        q = min(1.0, p / 0.8)
        return int(round(self.old_value + (self.new_value - self.old_value) * q))

    def draw(self, surface, size, *, flash=None, **colors):
        p = self.progress
        k = (1 - p) ** 2
        amp = size * 0.09 * k
        w = self.t * 55 + self._phase
        dx, dy = amp * math.sin(w), amp * 0.4 * math.cos(w * 1.3)
        angle = 9 * k * math.sin(w * 0.8)
        if flash is None:
            flash = (230, 60, 50) if self.new_value < self.old_value else (90, 210, 110)
        fill = colors.pop("fill")
        tint = 0.55 * k
        draw_die(surface, self.kind, self.value, (self.pos[0] + dx, self.pos[1] + dy), size,
                 fill=_mix(_rgb(fill), _rgb(flash), tint), angle=angle, **colors)


class DieExit(_DieAnim):
    """A defeated die tumbling from ``start_pos`` toward ``end_pos`` while it
    shrinks and fades out."""

    def __init__(self, kind, value, start_pos, end_pos, duration=0.7, rng=None):
        super().__init__(kind, duration)
        self.value = value
        self.start_pos = tuple(start_pos)
        self.end_pos = tuple(end_pos)
        r = _rng(rng)
        self._spin = r.choice((-1, 1)) * r.uniform(240, 480)
        self._tx = r.choice((-1, 1)) * r.uniform(200, 500)
        self._ty = r.choice((-1, 1)) * r.uniform(200, 500)

    @property
    def pos(self):
        p = in_quad(self.progress)
        return (self.start_pos[0] + (self.end_pos[0] - self.start_pos[0]) * p,
                self.start_pos[1] + (self.end_pos[1] - self.start_pos[1]) * p)

    @property
    def alpha(self):
        p = self.progress
        return int(255 * (1 - max(0.0, (p - 0.25) / 0.75)) ** 1.2)

    def draw(self, surface, size, **colors):
        if self.done:
            return
        p = in_quad(self.progress)
        draw_die(surface, self.kind, self.value, self.pos, size * (1 - 0.4 * p),
                 angle=self._spin * p, tumble=(self._tx * p, self._ty * p), alpha=self.alpha, **colors)
