"""Drawing the Artillery tabletop: terrain, structures with their damage tracks,
units, guns, arcs, the inch grid. Everything from the scenario's data and the
state; nothing here decides a rule.

:class:`Geo` maps table inches (x east, y north, origin at the south-west
corner, as ``games.artillery.data`` gives them) to screen pixels, north at the top.

Sides are told apart by shape as well as colour: South's units stand on round
bases and their guns carry a round mark, North's on square bases with a square
mark; every unit also shows its id (A for South, B for North).
"""
from __future__ import annotations

import math

import pygame

from games.artillery import geometry as G
from games.artillery.data import ARC_HALF_ANGLE, STRUCTURES, TERRAIN_KINDS, UNIT_RADIUS
from games.ui.theme import blend, draw_text, ink_on, luminance
from games.ui.widgets import seat_color

CLOTH = (92, 120, 70)
CLOTH_DARK = (70, 96, 54)
GRID = (140, 170, 120)
GRID_MAJOR = (190, 214, 168)
TERRAIN_COL = {
    "woods": ((46, 84, 44), (28, 56, 28)),
    "rocks": ((128, 124, 116), (80, 76, 70)),
    "wall": ((170, 160, 140), (96, 88, 76)),
    "hedge": ((60, 110, 50), (34, 70, 30)),
    "water": ((64, 112, 160), (40, 80, 124)),
    "dunes": ((206, 186, 132), (160, 140, 92)),
}
STRUCT_COL = {
    "fortification": ((150, 146, 136), (84, 80, 74)),
    "building": ((150, 110, 70), (84, 56, 30)),
    "hull": ((128, 88, 52), (66, 42, 22)),
    "rigging": ((236, 230, 210), (120, 110, 90)),
}
STONE = {"stone", "large_stone", "very_large", "stone_fort", "earthwork"}
BAND_COLS = ((90, 200, 110), (230, 210, 80), (240, 150, 50), (220, 80, 70))


class Geo:
    """Inches <-> pixels for a ``width`` x ``height`` table drawn inside ``rect``."""

    def __init__(self, rect, width: float, height: float, margin: float = 0.6, window=None):
        rect = pygame.Rect(rect)
        wx, wy, ww, wh = window or (0.0, 0.0, float(width), float(height))
        self.width, self.height = width, height
        self.s = max(0.5, min((rect.w - 4) / (ww + 2 * margin), (rect.h - 4) / (wh + 2 * margin)))
        cx, cy = wx + ww / 2, wy + wh / 2
        self.x0 = rect.centerx - cx * self.s
        self.y1 = rect.centery + cy * self.s          # screen y of table y = 0
        a, b = self.pt(0, height), self.pt(width, 0)
        self.table = pygame.Rect(int(a[0]), int(a[1]), max(1, int(b[0] - a[0])), max(1, int(b[1] - a[1])))
        self.key = (round(self.s, 3), width, height)

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return self.x0 + x * self.s, self.y1 - y * self.s

    def ipt(self, p) -> tuple[int, int]:
        x, y = self.pt(p[0], p[1])
        return int(round(x)), int(round(y))

    def inch(self, pos) -> tuple[float, float]:
        """A screen point in table inches."""
        return (pos[0] - self.x0) / self.s, (self.y1 - pos[1]) / self.s

    def poly(self, poly) -> list[tuple[int, int]]:
        return [self.ipt(p) for p in poly]


def side_cols(theme, seat: int):
    return seat_color(theme, seat)


def seat_shape(surface, seat: int, centre, r: float, fill, edge, width: int = 0) -> None:
    """South round, North square: the shape carries the side, not only the colour."""
    x, y = int(round(centre[0])), int(round(centre[1]))
    r = max(1, int(round(r)))
    if seat == 0:
        pygame.draw.circle(surface, fill, (x, y), r)
        pygame.draw.circle(surface, edge, (x, y), r, max(1, width or r // 5))
    else:
        rr = pygame.Rect(0, 0, int(r * 1.8), int(r * 1.8))
        rr.center = (x, y)
        pygame.draw.rect(surface, fill, rr, border_radius=max(1, r // 5))
        pygame.draw.rect(surface, edge, rr, max(1, width or r // 5), border_radius=max(1, r // 5))


# -- the ground (cached) -------------------------------------------------------------------

_CACHE: dict = {}


def base_table(geo: Geo, table, grid: bool) -> pygame.Surface:
    """The cloth and the terrain, cached per scale and table."""
    key = (geo.key, table.scenario.key, grid, geo.table.size)
    got = _CACHE.get(key)
    if got is not None:
        return got
    if len(_CACHE) > 4:                 # each is a whole table picture (3 MB at 1920x1080)
        _CACHE.clear()
    surf = pygame.Surface(geo.table.size)
    surf.fill(CLOTH)
    off = geo.table.topleft

    def local(poly):
        return [(p[0] - off[0], p[1] - off[1]) for p in geo.poly(poly)]

    # a faint weave on the cloth
    step = max(6, int(geo.s * 3))
    for i in range(0, surf.get_width() + surf.get_height(), step):
        pygame.draw.line(surf, CLOTH_DARK, (i, 0), (i - surf.get_height(), surf.get_height()), 1)
    for piece in table.scenario.terrain:
        fill, edge = TERRAIN_COL.get(piece.kind, ((120, 120, 120), (60, 60, 60)))
        pts = local(piece.poly)
        if len(pts) >= 3:
            pygame.draw.polygon(surf, fill, pts)
            pygame.draw.polygon(surf, edge, pts, max(1, int(geo.s / 6)))
        _terrain_texture(surf, geo, piece, off)
    if grid:
        _grid(surf, geo, off)
    _CACHE[key] = surf
    return surf


def _terrain_texture(surf, geo, piece, off) -> None:
    kind = TERRAIN_KINDS[piece.kind]
    poly = piece.poly
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    if piece.kind == "woods":
        r = max(2, int(geo.s * 0.75))
        y = min(ys) + 1.0
        row = 0
        while y < max(ys):
            x = min(xs) + (0.6 if row % 2 else 1.3)
            while x < max(xs):
                if G.point_in_poly((x, y), poly) and _edge_dist((x, y), poly) >= 0.75:
                    px, py = geo.ipt((x, y))
                    pygame.draw.circle(surf, (36, 70, 34), (px - off[0], py - off[1]), r)
                    pygame.draw.circle(surf, (70, 120, 60), (px - off[0] - r // 3, py - off[1] - r // 3), max(1, r // 2))
                x += 1.4
            y += 1.25
            row += 1
    elif piece.kind == "water":
        y = min(ys) + 0.6
        while y < max(ys):
            a, b = geo.ipt((min(xs), y)), geo.ipt((max(xs), y))
            for x in range(a[0], b[0], max(8, int(geo.s * 3))):
                pygame.draw.arc(surf, (110, 160, 200), (x - off[0], a[1] - off[1], max(4, int(geo.s * 1.5)),
                                                        max(3, int(geo.s * 0.6))), 0.3, 2.8, 1)
            y += 1.6
    elif piece.kind == "rocks":
        c = G.centroid(poly)
        px, py = geo.ipt(c)
        r = max(2, int(geo.s * 0.7))
        for dx, dy in ((-0.8, 0.3), (0.7, -0.4), (0.1, 0.6)):
            pygame.draw.circle(surf, (150, 146, 138), (px - off[0] + int(dx * geo.s), py - off[1] + int(dy * geo.s)), r)
    del kind


def _edge_dist(p, poly) -> float:
    """Distance from a point to the nearest edge of a polygon (trees stay inside their wood)."""
    n = len(poly)
    return min(G.point_segment_dist(p, poly[i], poly[(i + 1) % n]) for i in range(n))


def _grid(surf, geo, off) -> None:
    w, h = int(geo.width), int(geo.height)
    for x in range(0, w + 1):
        a, b = geo.ipt((x, 0)), geo.ipt((x, h))
        col = GRID_MAJOR if x % 6 == 0 else GRID
        if x % 6 == 0 or geo.s >= 6:
            pygame.draw.line(surf, col, (a[0] - off[0], a[1] - off[1]), (b[0] - off[0], b[1] - off[1]), 1)
    for y in range(0, h + 1):
        a, b = geo.ipt((0, y)), geo.ipt((w, y))
        col = GRID_MAJOR if y % 6 == 0 else GRID
        if y % 6 == 0 or geo.s >= 6:
            pygame.draw.line(surf, col, (a[0] - off[0], a[1] - off[1]), (b[0] - off[0], b[1] - off[1]), 1)


def grid_labels(surface, geo, theme) -> None:
    """Inch numbers along the table's edges (every 6")."""
    f = theme.font(11)
    for x in range(0, int(geo.width) + 1, 6):
        p = geo.ipt((x, 0))
        draw_text(surface, f'{x}"', f, GRID_MAJOR, (p[0] + 2, p[1] - 1), "bottomleft", shadow=(0, 0, 0))
    for y in range(6, int(geo.height) + 1, 6):
        p = geo.ipt((0, y))
        draw_text(surface, f'{y}"', f, GRID_MAJOR, (p[0] + 3, p[1] + 1), "topleft", shadow=(0, 0, 0))


# -- structures ----------------------------------------------------------------------------

def draw_sections(surface, geo, theme, st, hold: dict | None = None, target: str | None = None) -> None:
    """Every structure section with its name and its Fortitude/Integrity track.
    ``hold`` maps a section to (tally, down) shown instead of the state's (a tick to come)."""
    for sid, sec in st.table.sections.items():
        s = st.sections[sid]
        t = STRUCTURES[s.type]
        fill, edge = STRUCT_COL.get(t.critical_table, STRUCT_COL["building"])
        if s.type in STONE and t.critical_table == "building":
            fill, edge = (156, 150, 140), (88, 84, 78)
        pts = geo.poly(sec.poly)
        if len(pts) < 3:
            continue
        if t.rigging:
            _rigging(surface, geo, sec.poly, edge)
        else:
            col = blend(fill, (60, 60, 60), 0.5) if s.wrecked else fill
            pygame.draw.polygon(surface, col, pts)
            pygame.draw.polygon(surface, edge, pts, max(2, int(geo.s / 3)))
            if s.wrecked:
                c = geo.ipt(G.centroid(sec.poly))
                k = int(geo.s * 1.5)
                pygame.draw.line(surface, edge, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), max(2, int(geo.s / 3)))
                pygame.draw.line(surface, edge, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), max(2, int(geo.s / 3)))
        if sid == target:
            pygame.draw.polygon(surface, theme.c["danger"], pts, max(2, int(geo.s / 2.5)))
        tally, down = (hold or {}).get(sid, (s.tally, s.down))
        draw_track(surface, geo, theme, st, sid, tally, down)


def _rigging(surface, geo, poly, col) -> None:
    pts = geo.poly(poly)
    xs = [p[0] for p in poly]
    ymid = sum(p[1] for p in poly) / len(poly)
    for x in (min(xs) + 3, (min(xs) + max(xs)) / 2, max(xs) - 4):
        c = geo.ipt((x, ymid))
        pygame.draw.circle(surface, (90, 60, 30), c, max(2, int(geo.s * 0.5)))
        pygame.draw.line(surface, (230, 224, 204), (c[0], c[1] - int(geo.s * 1.2)), (c[0], c[1] + int(geo.s * 1.2)),
                         max(2, int(geo.s * 0.45)))
    pygame.draw.lines(surface, col, True, pts, 1)


def track_rect(geo, st, sid) -> pygame.Rect:
    sec = st.table.sections[sid]
    xs, ys = [p[0] for p in sec.poly], [p[1] for p in sec.poly]
    top = geo.ipt((min(xs), max(ys)))
    w = max(30, int(geo.s * 5.5))
    h = max(12, int(geo.s * 1.3))
    if st.table.sections[sid].id and STRUCTURES[st.sections[sid].type].rigging:
        top = geo.ipt((max(xs) - 6, max(ys) + 1.6))
    return pygame.Rect(top[0], top[1] - h - 2, w, h)


def draw_track(surface, geo, theme, st, sid, tally: int, down: int) -> pygame.Rect:
    """A small plate: the section id, Fortitude (big) and the Integrity boxes, the
    ones ticked since the last Fortitude loss filled."""
    from games.artillery import odds
    s = st.sections[sid]
    t = STRUCTURES[s.type]
    fort = odds.fortitude_after(t.fortitude, tally, t.integrity, down)
    r = track_rect(geo, st, sid)
    pygame.draw.rect(surface, (28, 24, 20), r, border_radius=3)
    pygame.draw.rect(surface, (200, 190, 170), r, 1, border_radius=3)
    f = theme.font(max(8.0, min(13.0, geo.s * 0.9 / theme.scale)), bold=True)
    draw_text(surface, f"{sid} F{fort}", f, (240, 232, 210), (r.x + 3, r.centery), "midleft")
    tx = r.x + 3 + f.size(f"{sid} F{fort}")[0] + 4
    n = t.integrity
    box = max(3, min(r.h - 6, (r.right - tx - 3) // max(1, n) - 2))
    ticked = n if s.wrecked else tally % n
    for i in range(n):
        b = pygame.Rect(tx + i * (box + 2), r.centery - box // 2, box, box)
        if b.right > r.right - 1:
            break
        pygame.draw.rect(surface, (220, 80, 70) if i < ticked else (70, 64, 56), b)
        pygame.draw.rect(surface, (200, 190, 170), b, 1)
    return r


# -- units and guns ------------------------------------------------------------------------

def model_spots(n: int) -> list[tuple[float, float]]:
    """Where ``n`` models stand on a base of radius 1 (unit circle offsets)."""
    if n <= 0:
        return []
    if n == 1:
        return [(0.0, 0.0)]
    out = []
    inner = min(n, 6) if n <= 7 else 6
    if n >= 8:
        out.append((0.0, 0.0))
        inner = n - 1
    ring = 0.55 if n < 8 else 0.62
    for i in range(inner if n >= 8 else n):
        a = 2 * math.pi * i / (inner if n >= 8 else n)
        out.append((ring * math.cos(a), ring * math.sin(a)))
    return out[:n]


def draw_unit(surface, geo, theme, st, u, pos=None, *, active=False, selected=False, done=False,
              alpha_models: int | None = None) -> None:
    fill, edge, mark = side_cols(theme, u.seat)
    x, y = geo.pt(*(pos or u.pos))
    r = max(4.0, UNIT_RADIUS * geo.s)
    # the base contrasts with the models on it, whatever the side's colour
    base = (196, 178, 140) if luminance(fill) < 0.3 else (82, 64, 46)
    if active:
        pygame.draw.circle(surface, theme.c["select"], (int(x), int(y)), int(r * 1.45), max(2, int(r / 5)))
    seat_shape(surface, u.seat, (x, y), r, base, edge, max(1, int(r / 7)))
    n = u.models if alpha_models is None else alpha_models
    mr = max(1.5, r * (0.24 if n <= 6 else 0.2))
    for dx, dy in model_spots(n):
        pygame.draw.circle(surface, fill, (int(x + dx * r), int(y + dy * r)), int(mr))
        pygame.draw.circle(surface, mark, (int(x + dx * r), int(y + dy * r)), int(mr), 1)
    if selected:
        pygame.draw.circle(surface, theme.c["select"], (int(x), int(y)), int(r * 1.25), max(1, int(r / 8)))
    f = theme.font(max(8.0, min(14.0, r * 0.7 / theme.scale)), bold=True)
    lab = f"{u.id} {n}"
    lw, lh = f.size(lab)
    plate = pygame.Rect(0, 0, lw + 6, lh)
    plate.midtop = (int(x), int(y + r + 1))
    pfill = (120, 120, 120) if done else fill
    pygame.draw.rect(surface, pfill, plate, border_radius=3)
    pygame.draw.rect(surface, edge, plate, 1, border_radius=3)
    draw_text(surface, lab, f, ink_on(pfill), plate.center, "center")
    if u.fatigue:
        fr = max(5, int(r * 0.42))
        c = (int(x + r * 0.9), int(y - r * 0.9))
        pygame.draw.circle(surface, (200, 60, 50), c, fr)
        pygame.draw.circle(surface, (255, 240, 220), c, fr, 1)
        draw_text(surface, str(u.fatigue), theme.font(max(7.0, fr * 1.2 / theme.scale), bold=True),
                  (255, 240, 220), c, "center")


def draw_gun(surface, geo, theme, g, pos=None, facing=None, *, selected=False, markers=None) -> None:
    fill, edge, _mark = side_cols(theme, g.seat)
    x, y = geo.pt(*(pos or g.pos))
    face = g.facing if facing is None else facing
    hx, hy = G.heading_vector(face)
    dx, dy = hx, -hy
    length = {"swivel": 1.0, "light": 1.5, "medium": 1.9, "heavy": 2.3}.get(g.type, 1.6) * geo.s
    w = max(2, int({"swivel": 0.3, "light": 0.45, "medium": 0.55, "heavy": 0.65}.get(g.type, 0.5) * geo.s))
    metal = (60, 60, 64) if not g.destroyed else (120, 110, 100)
    back = (x - dx * length * 0.35, y - dy * length * 0.35)
    muzzle = (x + dx * length * 0.65, y + dy * length * 0.65)
    if g.carriage and not g.stats.swivel:
        px, py = -dy, dx
        for s in (-1, 1):
            wc = (int(x + px * s * w * 1.1), int(y + py * s * w * 1.1))
            pygame.draw.circle(surface, (110, 76, 40), wc, max(2, int(w * 0.8)))
            pygame.draw.circle(surface, (40, 26, 14), wc, max(2, int(w * 0.8)), 1)
    pygame.draw.line(surface, metal, back, muzzle, w)
    pygame.draw.circle(surface, metal, (int(muzzle[0]), int(muzzle[1])), max(1, w // 2 + 1))
    seat_shape(surface, g.seat, back, max(2, w * 0.75), fill, edge, 1)
    if selected:
        pygame.draw.circle(surface, theme.c["select"], (int(x), int(y)), int(length * 0.8), max(1, int(geo.s / 5)))
    if g.spiked or g.destroyed:
        k = int(length * 0.4)
        col = (230, 60, 50)
        pygame.draw.line(surface, col, (int(x - k), int(y - k)), (int(x + k), int(y + k)), max(2, w // 2))
        pygame.draw.line(surface, col, (int(x - k), int(y + k)), (int(x + k), int(y - k)), max(2, w // 2))
    n = g.markers if markers is None else markers
    f = theme.font(max(7.0, min(12.0, geo.s * 0.7 / theme.scale)), bold=True)
    side = (-dy, dx) if dx <= 0.01 else (dy, -dx)          # the label sits beside the barrel
    lx, ly = x + side[0] * (w + 3) + 2, y + side[1] * (w + 3)
    anchor = "midleft" if side[0] >= 0 else "midright"
    rect = draw_text(surface, g.id, f, (250, 246, 230), (int(lx), int(ly)), anchor, shadow=(0, 0, 0))
    if n:
        rr = max(2, int(geo.s * 0.22))
        x0 = rect.right + rr + 2 if anchor == "midleft" else rect.left - rr - 2 - (n - 1) * (rr * 2 + 2)
        for i in range(n):          # one orange token per reload marker
            c = (int(x0 + i * (rr * 2 + 2)), rect.centery)
            pygame.draw.circle(surface, (240, 170, 60), c, rr)
            pygame.draw.circle(surface, (40, 30, 10), c, rr, 1)


def draw_arc(surface, geo, theme, origin, facing: float, half: float, reach: float = 24.0,
             rings: int = 8, alpha: int = 50) -> None:
    """A gun's arc of fire: the cone (or a full circle for a swivel) with range
    rings every ``rings`` inches, labelled with the penalty they add."""
    ox, oy = geo.pt(*origin)
    R = reach * geo.s
    if R < 4:
        return
    size = int(2 * R + 4)
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    col = theme.c["move_shot"]
    if half >= 180:
        pygame.draw.circle(s, (*col, alpha), c, int(R))
    else:
        pts = [c]
        for i in range(17):
            a = facing - half + 2 * half * i / 16
            hx, hy = G.heading_vector(a)
            pts.append((c[0] + hx * R, c[1] - hy * R))
        pygame.draw.polygon(s, (*col, alpha), pts)
        pygame.draw.polygon(s, (*col, min(255, alpha * 3)), pts, 1)
    for k in range(1, int(reach // rings) + 1):
        pygame.draw.circle(s, (*col, min(255, alpha * 3)), c, int(k * rings * geo.s), 1)
    surface.blit(s, (int(ox - size // 2), int(oy - size // 2)))
    f = theme.font(10)
    hx, hy = G.heading_vector(facing)
    for k in range(0, int(reach // rings)):
        d = (k + 0.5) * rings * geo.s
        draw_text(surface, f"+{k}", f, col, (int(ox + hx * d), int(oy - hy * d)), "center", shadow=(0, 0, 0))


def dashed(surface, col, a, b, width=2, dash=8) -> None:
    L = math.dist(a, b)
    if L < 1:
        return
    n = max(1, int(L // dash))
    for i in range(0, n, 2):
        p = (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
        q = (a[0] + (b[0] - a[0]) * min(n, i + 1) / n, a[1] + (b[1] - a[1]) * min(n, i + 1) / n)
        pygame.draw.line(surface, col, p, q, width)


def band_colour(penalty: int):
    return BAND_COLS[max(0, min(len(BAND_COLS) - 1, penalty))]


__all__ = ["Geo", "base_table", "draw_sections", "draw_unit", "draw_gun", "draw_arc", "ARC_HALF_ANGLE"]
