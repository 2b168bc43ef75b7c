"""Drawing the Cannon Ball battlefield: the map (cached), bridges, gates, TNT and pieces.

Everything is drawn from the data in :mod:`games.cannon_ball.rules.battlefield`; nothing
here decides a rule. :class:`Geo` maps board units (x right, y down from North's
edge, as the battlefield module gives them) to the screen. The board is a tall
rectangle; on a landscape window it is drawn turned a quarter, South at the left
and North at the right, whichever gives the bigger boxes.

Sides are told apart by shape as well as colour: South's troopers are round,
North's are diamonds; a cannon carries its owner's shape on its barrel. Gates
too differ by shape: a closed gate is a barred door across the opening, an open
one has its two leaves swung out, a destroyed one is charred stumps.

The board's edges carry the notation's coordinates (files a-o, ranks 1-26),
each beside the file or rank it names, whichever way the board is turned.

Why one module of some 720 lines: it is the battlefield itself (map, walls and
gates, bridges and TNT, pieces, coordinates, the gates' names and bridges' numbers), which the board, the rules pictures
and the menu card all draw through one :class:`Geo`; what is marked over it while
a player decides is in ``chooser.py``.
"""
from __future__ import annotations

import math

import pygame

from games.cannon_ball.rules import battlefield as M
from games.ui import fonts
from games.ui.theme import blend, ink_on, luminance

GRASS = (96, 128, 72)
EDGE = (58, 44, 30)
WALL = (110, 74, 40)
WALL_DARK = (64, 40, 20)
PLANK = (164, 118, 70)
PLANK_DARK = (96, 64, 34)
TNT_RED = (206, 40, 32)
DOOR = (196, 150, 90)
IRON = (48, 48, 52)
#: room round the board (in boxes) for the coordinates on its edges
LABEL_MARGIN = 1.0


class Geo:
    """Board units <-> screen pixels, for a board drawn inside ``rect``.

    ``window`` (x, y, w, h in board units) shows only that part of the board,
    centred in ``rect`` (the rules pictures zoom in); the whole board by default.
    ``land`` turns the board a quarter (South at the left): chosen when that gives
    bigger boxes, unless ``land`` is given."""

    def __init__(self, rect: pygame.Rect, margin: float = 0.35, window=None, land: bool | None = None):
        rect = pygame.Rect(rect)
        wx, wy, ww, wh = window or (0.0, 0.0, float(M.COLS), float(M.ROWS))
        portrait = min(rect.w / (ww + 2 * margin), rect.h / (wh + 2 * margin))
        landscape = min(rect.w / (wh + 2 * margin), rect.h / (ww + 2 * margin))
        self.land = (landscape > portrait) if land is None else land
        self.cell = max(1.0, landscape if self.land else portrait)
        cx, cy = wx + ww / 2, wy + wh / 2
        if self.land:
            self.x0 = rect.centerx - (M.ROWS - cy) * self.cell
            self.y0 = rect.centery - cx * self.cell
            self.size = (M.ROWS * self.cell, M.COLS * self.cell)
        else:
            self.x0 = rect.centerx - cx * self.cell
            self.y0 = rect.centery - cy * self.cell
            self.size = (M.COLS * self.cell, M.ROWS * self.cell)
        self.board = pygame.Rect(int(self.x0), int(self.y0), int(self.size[0]), int(self.size[1]))
        self.key = (round(self.cell, 3), self.land)

    def pt(self, x: float, y: float) -> tuple[float, float]:
        """A board point (y down from North's edge) on the screen."""
        if self.land:                               # South's edge at the left, West at the top
            return self.x0 + (M.ROWS - y) * self.cell, self.y0 + x * self.cell
        return self.x0 + x * self.cell, self.y0 + y * self.cell

    def ipt(self, x: float, y: float) -> tuple[int, int]:
        sx, sy = self.pt(x, y)
        return int(round(sx)), int(round(sy))

    def rect(self, r) -> pygame.Rect:
        x, y, w, h = r
        a, b = self.pt(x, y), self.pt(x + w, y + h)
        left, top = min(a[0], b[0]), min(a[1], b[1])
        return pygame.Rect(int(round(left)), int(round(top)),
                           max(1, int(round(abs(b[0] - a[0])))), max(1, int(round(abs(b[1] - a[1])))))

    def box_rect(self, i: int) -> pygame.Rect:
        return self.rect(M.BOXES[i].rect)

    def box_centre(self, i: int) -> tuple[float, float]:
        return self.pt(*M.BOXES[i].centre)

    def to_board(self, pos) -> tuple[float, float]:
        sx, sy = pos
        if self.land:
            return (sy - self.y0) / self.cell, M.ROWS - (sx - self.x0) / self.cell
        return (sx - self.x0) / self.cell, (sy - self.y0) / self.cell

    def box_at(self, pos) -> int | None:
        x, y = self.to_board(pos)
        if not (0 <= x < M.COLS and 0 <= y < M.ROWS):
            return None
        return M.BOX_AT_CELL.get((int(x), int(M.ROWS - y)))


# -- the static map -------------------------------------------------------------------------

_BASE: dict = {}


def base_map(geo: Geo, theme) -> pygame.Surface:
    """The map without anything that changes in play: sections, boxes, river, forts,
    walls, towers, flags, bridge stars and section numbers. Cached per size and palette."""
    key = (geo.key, theme.colorblind)
    surf = _BASE.get(key)
    if surf is None:
        if len(_BASE) > 6:
            _BASE.clear()
        surf = _render_base(geo, theme)
        _BASE[key] = surf
    return surf


def _render_base(geo: Geo, theme) -> pygame.Surface:
    full = pygame.Surface(geo.board.size, pygame.SRCALPHA)
    # draw in a local geometry whose board starts at (0, 0)
    local = Geo.__new__(Geo)
    local.__dict__ = dict(geo.__dict__, x0=geo.x0 - geo.board.x, y0=geo.y0 - geo.board.y)
    cell = geo.cell
    full.fill(GRASS)
    for b in M.BOXES:
        r = local.box_rect(b.index)
        if b.fort >= 0:
            col = M.FORT_COLOUR[1]
        else:
            col = M.SECTIONS[b.section].rgb
        pygame.draw.rect(full, col, r)
        pygame.draw.rect(full, blend(col, (0, 0, 0), 0.28), r, max(1, int(cell / 22)))
    _draw_river(full, local)
    _draw_section_borders(full, local)
    for fort in M.FORTS:
        _draw_fort(full, local, fort, theme)
    _draw_stars(full, local)
    _draw_section_numbers(full, local)
    pygame.draw.rect(full, EDGE, full.get_rect(), max(2, int(cell / 8)))
    return full


def _draw_river(surf, geo: Geo) -> None:
    water = M.RIVER_COLOUR[1]
    deep = blend(water, (20, 40, 90), 0.35)
    cell = geo.cell
    for r in M.RIVER_CELLS:
        pygame.draw.rect(surf, water, geo.rect(r).inflate(1, 1))
    # gentle waves along the river's line
    pts = [geo.pt(x, y) for x, y in M.RIVER_LINE]
    if len(pts) > 1 and cell >= 8:
        for k in (-0.22, 0.22):
            wave = []
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                n = max(2, int(math.hypot(x1 - x0, y1 - y0) / max(2, cell / 3)))
                for i in range(n):
                    t = i / n
                    x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                    dx, dy = x1 - x0, y1 - y0
                    d = math.hypot(dx, dy) or 1
                    off = k * cell + math.sin((x + y) / cell * 2.4) * cell * 0.06
                    wave.append((x - dy / d * off, y + dx / d * off))
            if len(wave) > 1:
                pygame.draw.lines(surf, deep, False, wave, max(1, int(cell / 16)))


def _draw_section_borders(surf, geo: Geo) -> None:
    """A darker line wherever two touching boxes belong to different sections."""
    cell = geo.cell
    width = max(2, int(cell / 9))
    col = (52, 40, 26)
    for b in M.BOXES:
        if b.section < 0:
            continue
        for j in M.NEIGHBOURS[b.index]:
            o = M.BOXES[j]
            if o.section == b.section or j < b.index:
                continue
            seg = _shared_edge(b, o)
            if seg is not None:
                pygame.draw.line(surf, col, geo.pt(*seg[0]), geo.pt(*seg[1]), width)


def _shared_edge(a, b):
    ax, ay, aw, ah = a.rect
    bx, by, bw, bh = b.rect
    if abs(ax + aw - bx) < 1e-6 or abs(bx + bw - ax) < 1e-6:
        x = ax + aw if abs(ax + aw - bx) < 1e-6 else ax
        y0, y1 = max(ay, by), min(ay + ah, by + bh)
        return ((x, y0), (x, y1)) if y1 > y0 else None
    if abs(ay + ah - by) < 1e-6 or abs(by + bh - ay) < 1e-6:
        y = ay + ah if abs(ay + ah - by) < 1e-6 else ay
        x0, x1 = max(ax, bx), min(ax + aw, bx + bw)
        return ((x0, y), (x1, y)) if x1 > x0 else None
    return None


def _draw_fort(surf, geo: Geo, fort, theme) -> None:
    cell = geo.cell
    for b in fort.large:
        r = geo.box_rect(b)
        pygame.draw.rect(surf, blend(M.FORT_COLOUR[1], (0, 0, 0), 0.45), r, max(1, int(cell / 10)))
    w = max(3, int(cell * 0.28))
    # the wall stops at the gates: what fills an opening (a door, nothing, rubble) is drawn in play
    pieces = [[geo.pt(*a), geo.pt(*b)] for a, b in _wall_pieces(fort)]
    for piece in pieces:
        pygame.draw.line(surf, WALL_DARK, piece[0], piece[1], w + 2)
    for piece in pieces:
        pygame.draw.line(surf, WALL, piece[0], piece[1], w)
    for (x0, y0), (x1, y1) in pieces:                         # the logs
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) / max(3, cell * 0.35)))
        for i in range(1, n):
            t = i / n
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            pygame.draw.circle(surf, WALL_DARK, (int(x), int(y)), max(1, w // 4))
    wall = [geo.pt(*p) for p in fort.wall]
    for p in wall[1:-1]:                                      # the corners, filled out
        pygame.draw.circle(surf, WALL_DARK, (int(p[0]), int(p[1])), (w + 2) // 2)
        pygame.draw.circle(surf, WALL, (int(p[0]), int(p[1])), w // 2)
    for tx, ty in fort.towers:
        c = geo.pt(tx, ty)
        s = max(4, int(cell * 0.7))
        r = pygame.Rect(0, 0, s, s)
        r.center = (int(c[0]), int(c[1]))
        pygame.draw.rect(surf, WALL_DARK, r.inflate(2, 2))
        pygame.draw.rect(surf, (150, 104, 60), r)
        pygame.draw.rect(surf, WALL_DARK, r.inflate(-s // 2, -s // 2))
    fx, fy = geo.pt(*fort.flag)
    pole = max(2, int(cell * 0.08))
    top = (int(fx), int(fy - cell * 1.1))
    pygame.draw.line(surf, (40, 30, 20), (int(fx), int(fy)), top, pole)
    side = theme.c["side"][fort.owner % len(theme.c["side"])]
    pygame.draw.polygon(surf, side, [top, (top[0] + cell * 0.7, top[1] + cell * 0.2), (top[0], top[1] + cell * 0.4)])
    pygame.draw.polygon(surf, (20, 20, 20), [top, (top[0] + cell * 0.7, top[1] + cell * 0.2),
                                             (top[0], top[1] + cell * 0.4)], 1)


def _wall_pieces(fort) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The stretches of a fort's front wall (board units) between its gate openings."""
    out = []
    for p, q in zip(fort.wall, fort.wall[1:]):
        length = math.dist(p, q) or 1.0
        cuts = []
        for g in fort.gates:
            a, b = M.GATES[g].segment
            ta = ((a[0] - p[0]) * (q[0] - p[0]) + (a[1] - p[1]) * (q[1] - p[1])) / length ** 2
            tb = ((b[0] - p[0]) * (q[0] - p[0]) + (b[1] - p[1]) * (q[1] - p[1])) / length ** 2
            on = all(abs((x[0] - p[0]) * (q[1] - p[1]) - (x[1] - p[1]) * (q[0] - p[0])) < 1e-6 for x in (a, b))
            if on and -1e-6 <= min(ta, tb) and max(ta, tb) <= 1 + 1e-6:
                cuts.append((min(ta, tb), max(ta, tb)))
        t = 0.0
        for t0, t1 in sorted(cuts) + [(1.0, 1.0)]:
            if t0 - t > 1e-6:
                out.append(((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t),
                            (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)))
            t = max(t, t1)
    return out


def star_points(cx, cy, ro, ri, n=5, rot=-math.pi / 2):
    pts = []
    for i in range(2 * n):
        a = rot + i * math.pi / n
        r = ro if i % 2 == 0 else ri
        pts.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    return pts


def _draw_stars(surf, geo: Geo) -> None:
    cell = geo.cell
    for fort in M.FORTS:                             # the cannons' stars in the forts
        for b in fort.stars:
            cx, cy = geo.box_centre(b)
            pygame.draw.polygon(surf, (236, 200, 90), star_points(cx, cy, cell * 0.5, cell * 0.22))
    for br in M.BRIDGES:                             # the bridge stars in the river
        cx, cy = geo.pt(*br.star)
        pygame.draw.polygon(surf, (250, 236, 150), star_points(cx, cy, cell * 0.42, cell * 0.18))


#: the smallest section number drawn (px): below this the map's boxes are too small for one
SECTION_NUMBER_MIN = 10


def _draw_section_numbers(surf, geo: Geo) -> None:
    cell = geo.cell
    if cell < 14:
        return
    # the log, the tooltips and Learn's cards all steer by section number ("section 22"):
    # large and dark enough to find from across the table (at 10 px and two-thirds
    # opacity a play-test could not read them at 1280x720), still under every piece
    f = fonts.font(max(SECTION_NUMBER_MIN, int(cell * 0.56)), bold=True)
    for s in M.SECTIONS:
        x, y = geo.pt(*s.label_point)
        img = f.render(str(s.number), True, blend(s.rgb, (0, 0, 0), 0.68))
        img.set_alpha(215)
        surf.blit(img, img.get_rect(center=(int(x), int(y))))


# -- coordinates on the edges ------------------------------------------------------------------

def coord_font(geo: Geo):
    """The coordinates' font: most of a box high, never below a size that reads."""
    return fonts.font(max(16, min(int(geo.cell * 0.8), 28)), bold=True)


def coord_labels(geo: Geo) -> list[tuple[str, tuple[float, float]]]:
    """Each coordinate and the screen point its label is centred on: the file letters
    beside South's and North's edges, the rank numbers beside the West and East edges,
    in the margin and level with the file or rank they name (so they follow the board
    when it is turned a quarter)."""
    d = LABEL_MARGIN / 2
    out = []
    for i, f in enumerate(M.FILES):
        for y in (M.ROWS + d, -d):
            out.append((f, geo.pt(i + 0.5, y)))
    for r in range(1, M.ROWS + 1):
        for x in (-d, M.COLS + d):
            out.append((str(r), geo.pt(x, M.ROWS - r + 0.5)))
    return out


def coord_rects(geo: Geo) -> list[tuple[str, pygame.Rect]]:
    """Where each coordinate's text is drawn (its tight box)."""
    f = coord_font(geo)
    out = []
    for text, (x, y) in coord_labels(geo):
        w, h = f.size(text)
        out.append((text, pygame.Rect(int(x - w / 2), int(y - h / 2), w, h)))
    return out


def draw_coords(surface, geo: Geo, theme) -> None:
    if geo.cell < 8:
        return
    f = coord_font(geo)
    col = theme.c["text_dim"]
    for text, r in coord_rects(geo):
        surface.blit(f.render(text, True, col), r.topleft)


# -- things that change in play ----------------------------------------------------------------

def draw_bridges(surface, geo: Geo, standing, tnt_boxes=(), hidden=(), tnt_looks=None) -> None:
    """Each bridge as planks from bank to bank, or a broken stump once blown;
    TNT cases at the bridge ends in ``tnt_boxes``, each as ``tnt_looks`` may say
    (box -> (glow, burnt, scale): a lit fuse, a dud going out)."""
    cell = geo.cell
    for br in M.BRIDGES:
        if br.index in hidden:
            continue
        a, b = (geo.box_centre(i) for i in br.boxes)
        if standing[br.index]:
            draw_bridge(surface, a, b, cell)
        else:
            _draw_stump(surface, a, b, cell)
    for box in tnt_boxes:
        if box >= 0:
            glow, burnt, scale = (tnt_looks or {}).get(box, (0.0, 0.0, 1.0))
            draw_tnt(surface, _toward_bridge(geo, box), cell, glow=glow, burnt=burnt, scale=scale)


def draw_bridge(surface, a, b, cell, alpha=255, laid: float = 1.0) -> None:
    """Planks from bank ``a`` to bank ``b``. ``laid`` < 1 draws a bridge being rebuilt
    from ``a``: that share of the planks down, the next one dropping into place.
    At ``laid`` = 1 it is exactly the standing bridge, so a rebuild ends seamlessly."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    ux, uy, px, py = dx / d, dy / d, -dy / d, dx / d
    half = cell * 0.32
    start, end = 0.35 * cell, d - 0.35 * cell
    n = max(3, int((end - start) / max(3, cell * 0.22)))
    laid = max(0.0, min(1.0, laid))
    done = n if laid >= 1 else int(laid * n)
    cut = start + (end - start) * done / n

    def across(t, h=half, lift=0.0):
        return ((a[0] + ux * t + px * h, a[1] + uy * t + py * h - lift),
                (a[0] + ux * t - px * h, a[1] + uy * t - py * h - lift))

    if done:
        (p0, p1), (q0, q1) = across(start), across(cut)
        deck = [p0, q0, q1, p1]
        pygame.draw.polygon(surface, PLANK, deck)
        for i in range(done + 1):
            s0, s1 = across(start + (end - start) * i / n)
            pygame.draw.line(surface, PLANK_DARK, s0, s1, max(1, int(cell / 24)))
        pygame.draw.polygon(surface, PLANK_DARK, deck, max(1, int(cell / 14)))
    if done < n:                                       # the next plank, coming down onto its place
        k = laid * n - done
        t0, t1 = cut, start + (end - start) * (done + 1) / n
        lift = (1 - k) * cell * 0.6
        grow = 1 + 0.5 * (1 - k)
        (p0, p1), (q0, q1) = across(t0, half * grow, lift), across(t1, half * grow, lift)
        shadow = [*across(t0), *reversed(across(t1))]
        _alpha_polygon(surface, (0, 0, 0), int(90 * k), shadow)
        plank = [p0, q0, q1, p1]
        pygame.draw.polygon(surface, PLANK, plank)
        pygame.draw.polygon(surface, PLANK_DARK, plank, max(1, int(cell / 14)))


def _alpha_polygon(surface, rgb, alpha, pts) -> None:
    """A polygon at ``alpha`` opacity over whatever is beneath."""
    if alpha <= 0:
        return
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = int(min(xs)) - 1, int(min(ys)) - 1
    layer = pygame.Surface((int(max(xs)) - x0 + 2, int(max(ys)) - y0 + 2), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*rgb, min(255, alpha)), [(x - x0, y - y0) for x, y in pts])
    surface.blit(layer, (x0, y0))


def _draw_stump(surface, a, b, cell) -> None:
    """What is left of a blown bridge: two charred stubs at the banks."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    ux, uy = dx / d, dy / d
    for (x, y), s in ((a, 1), (b, -1)):
        p0 = (x + ux * s * cell * 0.35, y + uy * s * cell * 0.35)
        p1 = (x + ux * s * cell * 0.75, y + uy * s * cell * 0.75)
        pygame.draw.line(surface, (60, 44, 30), p0, p1, max(2, int(cell * 0.3)))
        pygame.draw.circle(surface, (40, 36, 34), (int(p1[0]), int(p1[1])), max(2, int(cell * 0.14)))


def tnt_spot(geo: Geo, box: int) -> tuple[float, float]:
    """Where the TNT case placed by ``box`` is drawn (the screen point effects start from)."""
    return _toward_bridge(geo, box)


def _toward_bridge(geo: Geo, box: int) -> tuple[float, float]:
    """Where a TNT case sits: at the bridge's end of its box, on the bank's edge, clear
    of the man who stands in the middle of that box (the case must never hide him)."""
    c = geo.box_centre(box)
    for br in M.BRIDGES:
        if box in br.boxes:
            s = geo.pt(*br.star)
            return (c[0] + (s[0] - c[0]) * 0.64, c[1] + (s[1] - c[1]) * 0.64)
    return c


def draw_tnt(surface, pos, cell, glow: float = 0.0, burnt: float = 0.0, scale: float = 1.0) -> None:
    """A TNT case. ``burnt`` (0..1) chars it (a dud going out); ``scale`` shrinks it away."""
    s = max(6, int(cell * 0.46)) if scale >= 1 else int(cell * 0.46 * scale)
    if s < 2:
        return
    r = pygame.Rect(0, 0, s, int(s * 0.75))
    r.center = (int(pos[0]), int(pos[1]))
    if glow > 0:
        pygame.draw.circle(surface, (255, 230, 120), r.center, int(s * (0.7 + glow)), 0)
    body = blend(TNT_RED, (52, 46, 42), burnt) if burnt > 0 else TNT_RED
    pygame.draw.rect(surface, body, r, border_radius=max(1, s // 6))
    pygame.draw.rect(surface, (90, 10, 8) if burnt < 0.5 else (24, 22, 20), r, max(1, s // 10),
                     border_radius=max(1, s // 6))
    if s >= 14:
        f = fonts.font(max(6, int(s * 0.42)), bold=True)
        img = f.render("TNT", True, blend((255, 240, 220), (120, 110, 100), burnt) if burnt > 0 else (255, 240, 220))
        surface.blit(img, img.get_rect(center=r.center))


def draw_gates(surface, geo: Geo, states, tnt_gates=()) -> None:
    """Each gate by its shape, so it reads from across a table: closed, a barred door
    right across the opening; open, the opening clear and its two leaves swung out;
    destroyed, a scorched gap with broken stumps and splinters. A TNT case under a
    gate that has one."""
    cell = geo.cell
    for g in M.GATES:
        a, b = (geo.pt(*p) for p in g.segment)
        st = states[g.index]
        if st == "closed":
            _draw_closed_gate(surface, a, b, cell)
        elif st == "open":
            _draw_open_gate(surface, a, b, gate_outward(geo, g), cell)
        else:
            _draw_broken_gate(surface, a, b, gate_outward(geo, g), cell)
        if g.index in tnt_gates:
            draw_tnt(surface, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), cell, glow=0.3)


def _badge(surface, text: str, centre, cell: float, ring=None) -> None:
    """A small dark tag with light text, readable on grass, water and wood alike."""
    f = fonts.font(max(10, int(cell * 0.5)), bold=True)
    img = f.render(text, True, (250, 246, 230))
    r = img.get_rect(center=(int(centre[0]), int(centre[1]))).inflate(int(cell * 0.3), int(cell * 0.12))
    tag = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(tag, (24, 22, 20, 200), tag.get_rect(), border_radius=max(2, r.h // 3))
    surface.blit(tag, r)
    if ring is not None:
        pygame.draw.rect(surface, ring, r.inflate(4, 4), max(2, int(cell / 10)), border_radius=max(2, r.h // 3))
    surface.blit(img, img.get_rect(center=r.center))


def bridge_label_at(geo: Geo, br) -> tuple[float, float]:
    """Where a bridge's number stands: in the river beside its star (the river runs across
    the bridge, so nobody ever stands there)."""
    dx, dy = (0.0, 0.8) if br.horizontal else (0.8, 0.0)
    return geo.pt(br.star[0] + dx, br.star[1] + dy)


def gate_label_at(geo: Geo, g) -> tuple[float, float]:
    """Where a gate's name stands: just in front of the opening, in its gate section."""
    a, b = (geo.pt(*p) for p in g.segment)
    ox, oy = gate_outward(geo, g)
    return (a[0] + b[0]) / 2 + ox * geo.cell * 0.9, (a[1] + b[1]) / 2 + oy * geo.cell * 0.9


def draw_place_labels(surface, geo: Geo, lit_gates=(), lit_bridges=(), ring=None, only_lit=False) -> None:
    """The bridges' numbers and the gates' names, as the buttons, tooltips and log call them
    ("Close gate SW", "over bridge 5"); those in ``lit_*`` ringed (the button under the
    pointer names them). Drawn under the men (a man in front of a gate covers its name),
    then the lit ones again over them (``only_lit``)."""
    cell = geo.cell
    if cell < 10:
        return
    for br in M.BRIDGES:
        if br.index in lit_bridges or not only_lit:
            _badge(surface, str(br.number), bridge_label_at(geo, br), cell,
                   ring if br.index in lit_bridges else None)
    for g in M.GATES:
        if g.index in lit_gates or not only_lit:
            _badge(surface, g.id, gate_label_at(geo, g), cell, ring if g.index in lit_gates else None)


def gate_outward(geo: Geo, g) -> tuple[float, float]:
    """The unit vector on the screen from gate ``g``'s wall toward its gate section."""
    a, b = (geo.pt(*p) for p in g.segment)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    pts = [geo.box_centre(o) for o in g.outside]
    cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    nx, ny = -dy / d, dx / d
    return (nx, ny) if (cx - mid[0]) * nx + (cy - mid[1]) * ny >= 0 else (-nx, -ny)


def _bar(a, b, half):
    """The corners of a bar of half-thickness ``half`` from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    px, py = -dy / d * half, dx / d * half
    return [(a[0] + px, a[1] + py), (b[0] + px, b[1] + py), (b[0] - px, b[1] - py), (a[0] - px, a[1] - py)]


def _draw_closed_gate(surface, a, b, cell) -> None:
    """A barn door of planks filling the opening, twice as thick as the wall, with two
    iron bands and a diagonal brace (a Z) and its posts."""
    half = max(3.0, cell * 0.28)
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    ux, uy = dx / d, dy / d
    px, py = -uy * half, ux * half
    pygame.draw.polygon(surface, DOOR, _bar(a, b, half))
    n = max(3, int(d / max(3.0, cell * 0.3)))
    for i in range(1, n):                                  # the seams between the planks
        x, y = a[0] + dx * i / n, a[1] + dy * i / n
        pygame.draw.line(surface, PLANK_DARK, (x + px, y + py), (x - px, y - py), max(1, int(cell / 18)))
    k = 0.55
    band = max(2, int(cell / 9))
    for s in (k, -k):                                      # two iron bands along the door
        pygame.draw.line(surface, IRON, (a[0] + px * s, a[1] + py * s), (b[0] + px * s, b[1] + py * s), band)
    pygame.draw.line(surface, IRON, (a[0] + px * k, a[1] + py * k), (b[0] - px * k, b[1] - py * k), band)
    pygame.draw.polygon(surface, WALL_DARK, _bar(a, b, half), max(2, int(cell / 12)))
    _posts(surface, a, b, cell)


def _draw_open_gate(surface, a, b, out, cell) -> None:
    """The opening left clear between its two posts, each leaf swung out from its post."""
    half = max(2.0, cell * 0.1)
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    ux, uy = dx / d, dy / d
    leaf = d * 0.45
    for p, s in ((a, 1), (b, -1)):
        # swung out, slightly open toward the middle rather than flat against the wall
        tip = (p[0] + (out[0] * 0.94 + ux * s * 0.34) * leaf, p[1] + (out[1] * 0.94 + uy * s * 0.34) * leaf)
        bar = _bar(p, tip, half)
        pygame.draw.polygon(surface, DOOR, bar)
        pygame.draw.polygon(surface, WALL_DARK, bar, max(1, int(cell / 14)))
    _posts(surface, a, b, cell)


def _draw_broken_gate(surface, a, b, out, cell) -> None:
    """A scorched hole: at each post a stub of the door with a torn, jagged end, the
    middle blown out, splinters thrown beyond."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    ux, uy = dx / d, dy / d
    half = max(3.0, cell * 0.28)
    px, py = -uy * half, ux * half
    r = d * 0.36
    scorch = [(mid[0] + math.cos(k * 0.7) * r * (0.8 + 0.2 * (k % 3) / 2),
               mid[1] + math.sin(k * 0.7) * r * (0.8 + 0.2 * ((k + 1) % 3) / 2)) for k in range(9)]
    _alpha_polygon(surface, (20, 16, 12), 140, scorch)
    for p, s in ((a, 1), (b, -1)):                         # the stubs, torn off in teeth
        stub = [(p[0] + ux * s * d * t + px * k, p[1] + uy * s * d * t + py * k)
                for t, k in ((0, 1), (0.2, 1), (0.3, 0.5), (0.18, 0.0), (0.32, -0.5), (0.22, -1), (0, -1))]
        pygame.draw.polygon(surface, (120, 86, 52), stub)
        pygame.draw.polygon(surface, (24, 18, 12), stub, max(1, int(cell / 14)))
    w = max(2, int(cell / 9))
    for t, o, ang in ((0.35, 0.6, 0.6), (0.6, 0.85, -0.5), (0.72, 0.45, 1.2), (0.45, 1.05, 2.0)):
        c = (a[0] + dx * t + out[0] * cell * o, a[1] + dy * t + out[1] * cell * o)
        v = (math.cos(ang) * cell * 0.2, math.sin(ang) * cell * 0.2)
        pygame.draw.line(surface, (90, 64, 38), (c[0] - v[0], c[1] - v[1]), (c[0] + v[0], c[1] + v[1]), w)
    _posts(surface, a, b, cell)


def _posts(surface, a, b, cell) -> None:
    s = max(3, int(cell * 0.3))
    for p in (a, b):
        r = pygame.Rect(0, 0, s, s)
        r.center = (int(p[0]), int(p[1]))
        pygame.draw.rect(surface, WALL_DARK, r)
        pygame.draw.rect(surface, (150, 104, 60), r.inflate(-max(1, s // 3), -max(1, s // 3)))


# -- pieces -------------------------------------------------------------------------------------

def side_colours(theme, seat: int):
    c = theme.c
    fill = c["side"][seat % len(c["side"])]
    edge = c["side_edge"][seat % len(c["side_edge"])]
    mark = c["side_mark"][seat % len(c["side_mark"])]
    return fill, edge, mark


_TROOPERS: dict = {}


def draw_trooper(surface, pos, cell, theme, seat: int, scale: float = 1.0, alpha: int = 255) -> None:
    """A trooper: South round, North a diamond, with a cap stripe in the seat's mark colour.

    Drawn once per look into a sprite and blitted: sixty-odd men drawn afresh
    with polygons each frame were the largest cost of an idle frame."""
    fill, edge, mark = side_colours(theme, seat)
    r = max(3.0, round(cell * 0.36 * scale * 2) / 2)
    key = (seat % 2, r, tuple(fill), tuple(mark), alpha)
    spr = _TROOPERS.get(key)
    if spr is None:
        if len(_TROOPERS) > 64:
            _TROOPERS.clear()
        spr = _trooper_sprite(r, seat, fill, mark)
        if alpha < 255:
            spr.set_alpha(alpha)
        _TROOPERS[key] = spr
    surface.blit(spr, (int(pos[0] - spr.get_width() / 2), int(pos[1] - spr.get_height() / 2)))


def _trooper_sprite(r: float, seat: int, fill, mark):
    target = pygame.Surface((int(4 * r) + 4, int(4 * r) + 4), pygame.SRCALPHA)
    x, y = target.get_width() / 2, target.get_height() / 2
    ring = (250, 250, 250) if luminance(fill) < 0.2 else (18, 18, 22)
    pygame.draw.circle(target, (0, 0, 0, 70), (int(x + r * 0.15), int(y + r * 0.25)), int(r))  # shadow
    if seat % 2 == 0:
        pygame.draw.circle(target, fill, (int(x), int(y)), int(r))
        pygame.draw.circle(target, ring, (int(x), int(y)), int(r), max(1, int(r / 7)))
        pygame.draw.circle(target, mark, (int(x), int(y - r * 0.15)), max(1, int(r * 0.32)))
    else:
        pts = [(x, y - r * 1.12), (x + r * 1.05, y), (x, y + r * 1.12), (x - r * 1.05, y)]
        pygame.draw.polygon(target, fill, pts)
        pygame.draw.polygon(target, ring, pts, max(1, int(r / 7)))
        pygame.draw.rect(target, mark, pygame.Rect(int(x - r * 0.3), int(y - r * 0.3), int(r * 0.6) + 1,
                                                    int(r * 0.6) + 1))
    return target


def draw_cannon(surface, a, b, cell, theme, seat: int, recoil: float = 0.0) -> None:
    """A wheeled cannon lying across its two boxes (or in one large box: ``a == b``),
    its barrel pointing at the enemy side, the owner's shape on the breech."""
    fill, edge, mark = side_colours(theme, seat)
    cx, cy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    length = max(cell * 1.2, math.hypot(b[0] - a[0], b[1] - a[1]) * 0.9)
    dx, dy = (b[0] - a[0], b[1] - a[1]) if a != b else (1.0, 0.0)
    d = math.hypot(dx, dy) or 1
    ux, uy, px, py = dx / d, dy / d, -dy / d, dx / d
    cx -= ux * recoil * cell * 0.2
    cy -= uy * recoil * cell * 0.2
    half = length / 2
    w = max(3, cell * 0.2)
    tail = (cx - ux * half, cy - uy * half)
    muzzle = (cx + ux * half, cy + uy * half)
    barrel = [(tail[0] + px * w, tail[1] + py * w), (muzzle[0] + px * w * 0.7, muzzle[1] + py * w * 0.7),
              (muzzle[0] - px * w * 0.7, muzzle[1] - py * w * 0.7), (tail[0] - px * w, tail[1] - py * w)]
    for s in (1, -1):                                             # the two wheels
        wc = (cx - ux * half * 0.25 + px * w * 1.6 * s, cy - uy * half * 0.25 + py * w * 1.6 * s)
        pygame.draw.circle(surface, (50, 36, 22), (int(wc[0]), int(wc[1])), max(2, int(cell * 0.26)))
        pygame.draw.circle(surface, (150, 110, 64), (int(wc[0]), int(wc[1])), max(1, int(cell * 0.17)),
                           max(1, int(cell / 18)))
    pygame.draw.polygon(surface, (30, 30, 34), barrel)
    inner = [(x + (cx - x) * 0.18, y + (cy - y) * 0.18) for x, y in barrel]
    pygame.draw.polygon(surface, fill, inner)
    pygame.draw.polygon(surface, edge, barrel, max(1, int(cell / 16)))
    mark_r = max(2, w * 0.8)
    bx, by = tail[0] + ux * w * 1.2, tail[1] + uy * w * 1.2
    if seat == 0:
        pygame.draw.circle(surface, mark, (int(bx), int(by)), int(mark_r))
    else:
        pygame.draw.polygon(surface, mark, [(bx, by - mark_r), (bx + mark_r, by), (bx, by + mark_r), (bx - mark_r, by)])


def cannon_ends(geo: Geo, boxes, toward: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Screen points a cannon on ``boxes`` is drawn between, its muzzle toward the
    enemy (seat ``toward``'s side: 1 North, 0 South)."""
    if len(boxes) == 1:
        c = geo.box_centre(boxes[0])
        south, north = geo.pt(0, M.ROWS), geo.pt(0, 0)
        dx, dy = north[0] - south[0], north[1] - south[1]
        d = math.hypot(dx, dy) or 1
        half = geo.box_rect(boxes[0]).w * 0.3
        a, b = (c[0] - dx / d * half, c[1] - dy / d * half), (c[0] + dx / d * half, c[1] + dy / d * half)
    else:
        a, b = geo.box_centre(boxes[0]), geo.box_centre(boxes[1])
    # point the muzzle at the enemy: North sits toward board y = 0
    ya, yb = geo.to_board(a)[1], geo.to_board(b)[1]
    want_b_north = toward == 1
    if (yb < ya) != want_b_north and abs(yb - ya) > 1e-6:
        a, b = b, a
    return a, b


def readable_on(rgb) -> tuple[int, int, int]:
    return ink_on(rgb)
