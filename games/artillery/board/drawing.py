"""Drawing the Artillery tabletop: terrain, structures with their damage tracks,
units, guns, arcs, the inch grid. Everything from the scenario's data and the
state; nothing here decides a rule.

:class:`Geo` maps table inches (x east, y north, origin at the south-west
corner, as ``games.artillery.rules.data`` gives them) to screen pixels, north at the top.

Sides are told apart by shape as well as colour: South's units stand on round
bases and their guns carry a round mark, North's on square bases with a square
mark; every unit also shows its id (A for South, B for North).

Why one module of some 740 lines: it is the one painter of the tabletop, every function drawing
through the same Geo (inches to pixels) and theme colours in one order of layers (terrain,
structures, guns, units, arcs, the grid); the overlays, the aim, the effects and the column are
already their own modules.
"""
from __future__ import annotations

import math

import pygame

from games.artillery.rules import geometry as G
from games.artillery.rules import odds
from games.artillery.rules.data import ARC_HALF_ANGLE, STRUCTURES, TERRAIN_KINDS, UNIT_RADIUS
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


class Geo:
    """Inches <-> pixels for a ``width`` x ``height`` table drawn inside ``rect``."""

    def __init__(self, rect, width: float, height: float, margin: float = 0.6, window=None,
                 zoom: float = 1.0):
        rect = pygame.Rect(rect)
        self.zoom = zoom              # the view's zoom step (1: the whole table); the words grow with it
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


def grid_labels(surface, geo, theme) -> list[pygame.Rect]:
    """Inch numbers along the table's edges (every 6"), each kept inside the table: the
    last line's number would otherwise hang past the edge and be cut ("4" for 48", a
    play-test). Returns where they went."""
    f = theme.font(11)
    out = []

    def put(text: str, pos, anchor: str) -> None:
        rect = f.render(text, True, GRID_MAJOR).get_rect(**{anchor: pos})   # size() can be a row short
        rect = rect.clamp(geo.table)
        out.append(draw_text(surface, text, f, GRID_MAJOR, rect.topleft, "topleft", shadow=(0, 0, 0)))

    for x in range(0, int(geo.width) + 1, 6):
        p = geo.ipt((x, 0))
        put(f'{x}"', (p[0] + 2, p[1] - 1), "bottomleft")
    for y in range(6, int(geo.height) + 1, 6):
        p = geo.ipt((0, y))
        put(f'{y}"', (p[0] + 3, p[1] + 1), "topleft")
    return out


# -- structures ----------------------------------------------------------------------------

#: the smallest nominal size of the words on the table (ids, tracks): readable in an 800x600 window
LABEL_MIN = 10.0
#: how much larger than its whole-table size a word on the table may grow as the player zooms
#: in: a player zooms to read, so the plates grow with the table (a play-test found them
#: stuck at 12-14 px at every zoom), but never so large that they hide the pieces they name
LABEL_ZOOM_GROWTH = 1.6


def label_font(theme, geo, k: float = 0.75, hi: float = 13.0):
    """The table's words: ``k`` times an inch, at least ``LABEL_MIN`` and at most ``hi``
    (``hi`` grows with the zoom, up to ``LABEL_ZOOM_GROWTH`` times)."""
    grow = min(LABEL_ZOOM_GROWTH, max(1.0, geo.zoom))
    return theme.font(max(LABEL_MIN, min(hi * grow, geo.s * k / theme.scale)), bold=True)


class Track:
    """A section's damage plate as drawn: where, its text, and every Integrity box
    (``filled`` of them ticked). The plate is as wide as its boxes need, so it never
    shows fewer boxes than the section has."""

    def __init__(self, rect, text, font, boxes, filled):
        self.rect, self.text, self.font, self.boxes, self.filled = rect, text, font, boxes, filled


def draw_sections(surface, geo, theme, st, hold: dict | None = None, target: str | None = None,
                  tracks: bool = True, bounds=None) -> dict:
    """Every structure section, and (``tracks``) its name and Fortitude/Integrity plate.
    ``hold`` maps a section to (tally, down) shown instead of the state's (a tick to come).
    Returns the plates drawn (section id -> :class:`Track`)."""
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
    return draw_tracks(surface, geo, theme, st, hold, bounds) if tracks else {}


def draw_tracks(surface, geo, theme, st, hold: dict | None = None, bounds=None, keep_off=()) -> dict:
    """Every section's plate, each clear of the pieces (``keep_off``) and of the
    plates before it where a corner allows."""
    out: dict = {}
    # the rigging's plate has one place: it goes first, the others around it
    order = sorted(st.table.sections, key=lambda k: not STRUCTURES[st.sections[k].type].rigging)
    for sid in order:
        s = st.sections[sid]
        tally, down = (hold or {}).get(sid, (s.tally, s.down))
        tr = draw_track(surface, geo, theme, st, sid, tally, down, bounds, keep_off,
                        [x.rect for x in out.values()])
        if tr is not None:
            out[sid] = tr
    return out


def piece_boxes(geo, units, guns) -> list[pygame.Rect]:
    """The screen boxes of unit bases and guns (labels and plates keep off them)."""
    r = unit_radius(geo)
    out = []
    for _u, pos, _n in units:
        x, y = geo.pt(*pos)
        out.append(pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1, int(2 * r) + 1))
    return out + [gun_body(geo, g, pos, facing) for g, pos, facing, _m in guns]


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


def track_layout(geo, theme, st, sid, tally: int, down: int, bounds=None, keep_off=(), placed=()) -> Track | None:
    """Where a section's plate goes and what it holds: above the section's north-west
    corner, or another corner outside it where that one would lie on a piece
    (``keep_off``) or another plate (``placed``); kept inside ``bounds`` (the part of
    the table in view) while any of the section is in view, so a plate is whole or
    not drawn at all."""
    s = st.sections[sid]
    t = STRUCTURES[s.type]
    fort = odds.fortitude_after(t.fortitude, tally, t.integrity, down)
    sec = st.table.sections[sid]
    xs, ys = [p[0] for p in sec.poly], [p[1] for p in sec.poly]
    f = label_font(theme, geo, 0.9)
    text = f"{sid}  F{fort}"
    tw, th = f.size(text)
    n = t.integrity
    box = max(5, min(th - 4, int(geo.s * 0.8)))
    gap = 2
    w = 3 + tw + 4 + n * (box + gap) - gap + 4
    h = max(th, box + 4)
    nw, se = geo.ipt((min(xs), max(ys))), geo.ipt((max(xs), min(ys)))
    if t.rigging:
        top = geo.ipt((max(xs) - 6, max(ys) + 1.6))
        cands = [pygame.Rect(top[0], top[1] - h - 2, w, h)]
    else:
        cands = [pygame.Rect(nw[0], nw[1] - h - 2, w, h), pygame.Rect(se[0] - w, nw[1] - h - 2, w, h),
                 pygame.Rect(nw[0], se[1] + 2, w, h), pygame.Rect(se[0] - w, se[1] + 2, w, h)]
    area = pygame.Rect(bounds) if bounds is not None else None
    if area is not None:
        body = pygame.Rect(nw, (max(1, se[0] - nw[0]), max(1, se[1] - nw[1])))
        if not body.union(cands[0]).colliderect(area) or w > area.w or h > area.h:
            return None
        for c in cands:
            c.clamp_ip(area)
    r = cands[0]
    if len(cands) > 1 and (keep_off or placed):
        r = _best(cands, list(keep_off), list(placed), area)
    ticked = n if s.wrecked else tally % n
    tx = r.x + 3 + tw + 4
    boxes = [pygame.Rect(tx + i * (box + gap), r.centery - box // 2, box, box) for i in range(n)]
    return Track(r, text, f, boxes, ticked)


def track_rect(geo, theme, st, sid) -> pygame.Rect:
    """The plate's rect (for effects that flash it)."""
    tr = track_layout(geo, theme, st, sid, st.sections[sid].tally, st.sections[sid].down)
    return tr.rect if tr is not None else pygame.Rect(geo.ipt(G.centroid(st.table.sections[sid].poly)), (1, 1))


def draw_track(surface, geo, theme, st, sid, tally: int, down: int, bounds=None, keep_off=(),
               placed=()) -> Track | None:
    """A small plate: the section id, Fortitude and the Integrity boxes, the ones
    ticked since the last Fortitude loss filled."""
    tr = track_layout(geo, theme, st, sid, tally, down, bounds, keep_off, placed)
    if tr is None:
        return None
    r = tr.rect
    pygame.draw.rect(surface, (28, 24, 20), r, border_radius=3)
    pygame.draw.rect(surface, (200, 190, 170), r, 1, border_radius=3)
    draw_text(surface, tr.text, tr.font, (240, 232, 210), (r.x + 3, r.centery), "midleft")
    for i, b in enumerate(tr.boxes):
        pygame.draw.rect(surface, theme.c["danger"] if i < tr.filled else (70, 64, 56), b)
        pygame.draw.rect(surface, (200, 190, 170), b, 1)
    return tr


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


def unit_radius(geo) -> float:
    return max(4.0, UNIT_RADIUS * geo.s)


def plate_text(u, n: int | None = None) -> str:
    return f"{u.id} {u.models if n is None else n}"


def _plate_parts(geo, theme, u, n):
    """The plate's font, the id, the models left, and the gap between them (wide
    enough that "B1 5" never reads as "B15")."""
    f = label_font(theme, geo, 0.7, 14.0)
    return f, u.id, str(u.models if n is None else n), max(4, f.size(" ")[0] * 2)


def plate_size(geo, theme, u, n: int | None = None) -> tuple[int, int]:
    f, a, b, gap = _plate_parts(geo, theme, u, n)
    return f.size(a)[0] + gap + f.size(b)[0] + 8, f.get_linesize()


def default_plate(geo, theme, u, pos=None, n: int | None = None) -> pygame.Rect:
    x, y = geo.pt(*(pos or u.pos))
    w, h = plate_size(geo, theme, u, n)
    r = pygame.Rect(0, 0, w, h)
    r.midtop = (int(x), int(y + unit_radius(geo) + 1))
    return r


def draw_unit(surface, geo, theme, st, u, pos=None, *, active=False, selected=False, done=False,
              alpha_models: int | None = None, plate: pygame.Rect | None = None, label: bool = True) -> None:
    """A unit's base and models; its plate (id and models) at ``plate`` (default: under
    the base) unless ``label`` is False (the board draws plates after everything else)."""
    fill, edge, mark = side_cols(theme, u.seat)
    x, y = geo.pt(*(pos or u.pos))
    r = unit_radius(geo)
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
    if label:
        draw_plate(surface, geo, theme, u, plate or default_plate(geo, theme, u, pos, n), n, done)
    if u.fatigue:
        fr = max(5, int(r * 0.42))
        c = (int(x + r * 0.9), int(y - r * 0.9))
        pygame.draw.circle(surface, theme.c["danger"], c, fr)
        pygame.draw.circle(surface, (255, 240, 220), c, fr, 1)
        draw_text(surface, str(u.fatigue), theme.font(max(7.0, fr * 1.2 / theme.scale), bold=True),
                  (255, 240, 220), c, "center")


def draw_plate(surface, geo, theme, u, plate, n: int | None = None, done: bool = False) -> None:
    fill, edge, _mark = side_cols(theme, u.seat)
    f, a, b, gap = _plate_parts(geo, theme, u, n)
    pfill = (120, 120, 120) if done else fill
    pygame.draw.rect(surface, pfill, plate, border_radius=3)
    pygame.draw.rect(surface, edge, plate, 1, border_radius=3)
    ink = ink_on(pfill)
    r = draw_text(surface, a, f, ink, (plate.x + 4, plate.centery), "midleft")
    draw_text(surface, b, f, ink, (r.right + gap, plate.centery), "midleft")


_GUN_LEN = {"swivel": 1.0, "light": 1.5, "medium": 1.9, "heavy": 2.3}
_GUN_W = {"swivel": 0.3, "light": 0.45, "medium": 0.55, "heavy": 0.65}


def gun_shape(geo, g, pos=None, facing=None):
    """(centre, unit heading on screen, barrel length px, barrel width px)."""
    x, y = geo.pt(*(pos or g.pos))
    face = g.facing if facing is None else facing
    hx, hy = G.heading_vector(face)
    length = _GUN_LEN.get(g.type, 1.6) * geo.s
    w = max(2, int(_GUN_W.get(g.type, 0.5) * geo.s))
    return (x, y), (hx, -hy), length, w


def gun_body(geo, g, pos=None, facing=None) -> pygame.Rect:
    """The screen box the gun itself covers (labels keep off it)."""
    (x, y), (dx, dy), length, w = gun_shape(geo, g, pos, facing)
    a = (x - dx * length * 0.35, y - dy * length * 0.35)
    b = (x + dx * length * 0.65, y + dy * length * 0.65)
    r = pygame.Rect(int(min(a[0], b[0])), int(min(a[1], b[1])), int(abs(a[0] - b[0])) + 1, int(abs(a[1] - b[1])) + 1)
    return r.inflate(w + 2, w + 2)


def gun_label_size(geo, theme, g, markers: int | None = None) -> tuple[int, int]:
    f = label_font(theme, geo, 0.7, 12.0)
    tw, th = f.size(g.id)
    n = g.markers if markers is None else markers
    rr = max(3, th // 4)
    return tw + 6 + (n * (2 * rr + 2) + 2 if n else 0), th


def default_gun_label(geo, theme, g, pos=None, facing=None, markers=None) -> pygame.Rect:
    (x, y), (dx, dy), length, w = gun_shape(geo, g, pos, facing)
    side = (-dy, dx) if dx <= 0.01 else (dy, -dx)          # beside the barrel
    lw, lh = gun_label_size(geo, theme, g, markers)
    r = pygame.Rect(0, 0, lw, lh)
    at = (int(x + side[0] * (w + 3) + 2), int(y + side[1] * (w + 3)))
    if side[0] >= 0:
        r.midleft = at
    else:
        r.midright = at
    return r


def draw_gun(surface, geo, theme, g, pos=None, facing=None, *, selected=False, markers=None,
             label_at: pygame.Rect | None = None, label: bool = True) -> None:
    fill, edge, _mark = side_cols(theme, g.seat)
    (x, y), (dx, dy), length, w = gun_shape(geo, g, pos, facing)
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
        col = theme.c["danger"]
        pygame.draw.line(surface, col, (int(x - k), int(y - k)), (int(x + k), int(y + k)), max(2, w // 2))
        pygame.draw.line(surface, col, (int(x - k), int(y + k)), (int(x + k), int(y - k)), max(2, w // 2))
    if label:
        draw_gun_label(surface, geo, theme, g, label_at or default_gun_label(geo, theme, g, pos, facing, markers),
                       markers)


def draw_gun_label(surface, geo, theme, g, rect, markers=None) -> None:
    """The gun's id on a dark plate, then one orange token per reload marker."""
    f = label_font(theme, geo, 0.7, 12.0)
    n = g.markers if markers is None else markers
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    plate.fill((24, 20, 16, 200))
    surface.blit(plate, rect.topleft)
    t = draw_text(surface, g.id, f, (250, 246, 230), (rect.x + 3, rect.centery), "midleft")
    rr = max(3, rect.h // 4)
    for i in range(n):
        c = (t.right + 3 + rr + i * (rr * 2 + 2), rect.centery)
        pygame.draw.circle(surface, (240, 170, 60), c, rr)
        pygame.draw.circle(surface, (40, 30, 10), c, rr, 1)


# -- labels that keep clear of each other ------------------------------------------------------

def _overlap(r: pygame.Rect, others) -> int:
    total = 0
    for o in others:
        c = r.clip(o)
        total += c.w * c.h
    return total


def _outside(r: pygame.Rect, bounds) -> int:
    if bounds is None:
        return 0
    c = r.clip(bounds)
    return r.w * r.h - c.w * c.h


def _best(cands, keep_off, placed, bounds) -> pygame.Rect:
    best, score = cands[0], None
    for r in cands:
        sc = _overlap(r, keep_off) + 2 * _overlap(r, placed) + 4 * _outside(r, bounds)
        if score is None or sc < score:
            best, score = r, sc
            if sc == 0:
                break
    return best


def place_labels(geo, theme, units, guns, avoid=(), bounds=None) -> dict:
    """Where each unit's plate and each gun's label go, clear of every base, gun,
    track plate (``avoid``) and other label where there is room (the least overlap
    where there is not). ``units``: (unit, pos, models shown); ``guns``: (gun, pos,
    facing, markers shown). Returns {("u", id) | ("g", id): rect}."""
    r = unit_radius(geo)
    bases = []
    for _u, pos, _n in units:
        x, y = geo.pt(*pos)
        bases.append(pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1, int(2 * r) + 1))
    bodies = [gun_body(geo, g, pos, facing) for g, pos, facing, _m in guns]
    keep_off = bases + bodies + [pygame.Rect(a) for a in avoid]
    placed: list[pygame.Rect] = []
    out: dict = {}
    for (u, pos, n), base in zip(units, bases):
        w, h = plate_size(geo, theme, u, n)
        x, y = geo.pt(*pos)
        cands = []
        for anchor, at in (("midtop", (x, y + r + 1)), ("midbottom", (x, y - r - 1)), ("midleft", (x + r + 2, y)),
                           ("midright", (x - r - 2, y)), ("topleft", (x + r * 0.7, y + r * 0.7)),
                           ("topright", (x - r * 0.7, y + r * 0.7)), ("bottomleft", (x + r * 0.7, y - r * 0.7)),
                           ("bottomright", (x - r * 0.7, y - r * 0.7))):
            c = pygame.Rect(0, 0, w, h)
            setattr(c, anchor, (int(at[0]), int(at[1])))
            cands.append(c)
        own = [k for k in keep_off if k is not base]
        got = _best(cands, own, placed, bounds)
        placed.append(got)
        out[("u", u.id)] = got
    for (g, pos, facing, m), body in zip(guns, bodies):
        lw, lh = gun_label_size(geo, theme, g, m)
        first = default_gun_label(geo, theme, g, pos, facing, m)
        (x, y), (dx, dy), length, w = gun_shape(geo, g, pos, facing)
        cands = [first]
        d = max(w + 3, length * 0.45)
        for k in range(8):
            a = math.radians(k * 45)
            cx, cy = x + math.cos(a) * (d + lw / 2), y + math.sin(a) * (d + lh / 2)
            c = pygame.Rect(0, 0, lw, lh)
            c.center = (int(cx), int(cy))
            cands.append(c)
        for k in range(8):                  # further out, when the near ring is full
            a = math.radians(k * 45 + 22.5)
            cx, cy = x + math.cos(a) * (d + lw / 2 + lh * 1.5), y + math.sin(a) * (d + lh * 2)
            c = pygame.Rect(0, 0, lw, lh)
            c.center = (int(cx), int(cy))
            cands.append(c)
        own = [k for k in keep_off if k is not body]
        got = _best(cands, own, placed, bounds)
        placed.append(got)
        out[("g", g.id)] = got
    return out


def draw_arc(surface, geo, theme, origin, facing: float, half: float, reach: float = 24.0,
             rings: int = 8, alpha: int = 50) -> None:
    """A gun's arc of fire: the cone (or a full circle for a swivel) with range
    rings every ``rings`` inches, labelled with the penalty they add."""
    ox, oy = geo.pt(*origin)
    R = reach * geo.s
    if R < 4:
        return
    clip = surface.get_clip()
    surface.set_clip(geo.table.clip(clip) if clip else geo.table)       # the arc stays on the table
    try:
        _arc(surface, geo, theme, (ox, oy), facing, half, reach, rings, alpha)
    finally:
        surface.set_clip(clip)


def _arc(surface, geo, theme, o, facing, half, reach, rings, alpha) -> None:
    ox, oy = o
    R = reach * geo.s
    size = int(2 * R + 4)
    # only the part in view is drawn (a zoomed-in arc can be thousands of pixels across)
    box = pygame.Rect(int(ox) - size // 2, int(oy) - size // 2, size, size).clip(surface.get_clip())
    if box.w <= 0 or box.h <= 0:
        return
    s = pygame.Surface(box.size, pygame.SRCALPHA)
    c = (int(ox) - box.x, int(oy) - box.y)
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
    surface.blit(s, box.topleft)
    f = theme.font(10)
    hx, hy = G.heading_vector(facing)
    for k in range(0, int(reach // rings)):
        d = (k + 0.5) * rings * geo.s
        draw_text(surface, f"+{k}", f, col, (int(ox + hx * d), int(oy - hy * d)), "center", shadow=(0, 0, 0))


def draw_arc_shape(surface, geo, theme, origin, facing: float, poly, reach: float = 24.0, rings: int = 8,
                   alpha: int = 50) -> None:
    """A gun's arc of fire as the rules give its shape (``state.gun_arc_shape``: a
    cone, a ship's deck corridor, a swivel's circle), with the range rings inside
    it labelled with the penalty they add; all of it kept on the table."""
    pts = [geo.pt(*p) for p in poly]
    if len(pts) < 3:
        return
    clip = surface.get_clip()
    view = geo.table.clip(clip) if clip else geo.table
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)) - 2, int(min(ys)) - 2, int(max(xs) - min(xs)) + 5,
                      int(max(ys) - min(ys)) + 5).clip(view)
    if box.w <= 0 or box.h <= 0:
        return
    col = theme.c["move_shot"]
    local = [(x - box.x, y - box.y) for x, y in pts]
    s = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(s, (*col, alpha), local)
    ox, oy = geo.pt(*origin)
    o = (int(ox) - box.x, int(oy) - box.y)
    ringl = pygame.Surface(box.size, pygame.SRCALPHA)
    for k in range(1, int(reach // rings) + 1):
        pygame.draw.circle(ringl, (*col, min(255, alpha * 3)), o, int(k * rings * geo.s), 1)
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), local)
    ringl.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)       # the rings only inside the arc
    s.blit(ringl, (0, 0))
    pygame.draw.polygon(s, (*col, min(255, alpha * 3)), local, 1)
    surface.set_clip(view)
    try:
        surface.blit(s, box.topleft)
        f = theme.font(10)
        hx, hy = G.heading_vector(facing)
        for k in range(0, int(reach // rings)):
            d = (k + 0.5) * rings * geo.s
            at = (int(ox + hx * d), int(oy - hy * d))
            if view.collidepoint(at):
                draw_text(surface, f"+{k}", f, col, at, "center", shadow=(0, 0, 0))
    finally:
        surface.set_clip(clip)


def dashed(surface, col, a, b, width=2, dash=8) -> None:
    L = math.dist(a, b)
    if L < 1:
        return
    n = max(1, int(L // dash))
    for i in range(0, n, 2):
        p = (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
        q = (a[0] + (b[0] - a[0]) * min(n, i + 1) / n, a[1] + (b[1] - a[1]) * min(n, i + 1) / n)
        pygame.draw.line(surface, col, p, q, width)


def band_colour(theme, penalty: int):
    """A range band's colour from the theme (the colour-blind palette has its own)."""
    bands = theme.c["bands"]
    return bands[max(0, min(len(bands) - 1, penalty))]


__all__ = ["Geo", "base_table", "draw_sections", "draw_unit", "draw_gun", "draw_arc", "ARC_HALF_ANGLE"]
