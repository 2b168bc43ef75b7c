"""Where everything on the Cannon Corps table goes: a pure layout solver.

:func:`solve` turns the board's rectangle, the theme (its scale and font
metrics), the number of seats, the viewing seat and whether it is setting up
into a :class:`TableLayout`: one :class:`Panel` per seat (its heading, 3x4
grid and defeated row), the announcement strip, the reserves tray, the
defeated row and the buttons of the viewing seat, and where the legend fits.
It draws nothing and needs no window (fonts are measured, never rendered), so
tests can lay out any size directly.

A spectator (no viewing seat) sees every seat as an equal small grid.  A seat
sees its own grid large, and its opponents either in a band above it
("stacked", the last one or two possibly in a band to its right) or beside it
("side by side", its reserves then under the grid), whichever gives the grids
more room: opponents may be a little smaller than yours (:data:`RATIO`), never
tiny.  Any rectangle is accepted, empty ones included: sizes are clamped so
nothing is negative, and the drawing code skips what has no room.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from games.cannon_corps.board import table_draw as td
from games.cannon_corps.rules.moves import SPACES

if TYPE_CHECKING:
    from pygame.font import Font

    from games.ui.theme import Theme

T = TypeVar("T")

# How much smaller than your own grid an opponent's may be, by the number of
# opponents: one opponent is the whole game (its grid is where you click to
# fire), so it is nearly as large as yours; with five they share the top.
RATIO = {1: 1.08, 2: 1.3, 3: 1.55, 4: 1.75, 5: 1.9}
MAX_CELL_SMALL = 110
MAX_CELL_BIG = 124
BUTTONS = ("back", "clear", "confirm", "stay")


class Panel:
    """Where one seat's grid is drawn."""

    def __init__(self, seat: int, rect: pygame.Rect, big: bool = False):
        self.seat = seat
        self.rect = pygame.Rect(rect)
        self.big = big
        self.head = pygame.Rect(rect.x, rect.y, rect.w, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.cell = 10
        self.gap = 2
        self.lab = 0
        self.dead_slots: list[pygame.Rect] = []
        self.info_pos = (0, 0)

    def cell_rect(self, space: str) -> pygame.Rect:
        r, c = divmod(SPACES.index(space), 4)
        return pygame.Rect(self.grid.x + c * (self.cell + self.gap), self.grid.y + r * (self.cell + self.gap),
                           self.cell, self.cell)

    def space_at(self, pos: tuple[int, int]) -> str | None:
        if not self.grid.collidepoint(pos):
            return None
        for sp in SPACES:
            if self.cell_rect(sp).collidepoint(pos):
                return sp
        return None

    @property
    def centre(self) -> tuple[int, int]:
        return self.grid.center

    def move(self, dx: int, dy: int) -> "Panel":
        """Shift everything by (dx, dy), in place."""
        self.rect = self.rect.move(dx, dy)
        self.head, self.grid = self.head.move(dx, dy), self.grid.move(dx, dy)
        self.dead_slots = [r.move(dx, dy) for r in self.dead_slots]
        self.info_pos = (self.info_pos[0] + dx, self.info_pos[1] + dy)
        return self

    def shifted(self) -> "Panel":
        """The same panel drawn at (0, 0) (for its cached picture)."""
        q = Panel(self.seat, self.rect, self.big)
        q.head, q.grid = self.head, self.grid
        q.cell, q.gap, q.lab = self.cell, self.gap, self.lab
        q.dead_slots = list(self.dead_slots)
        q.info_pos = self.info_pos
        return q.move(-self.rect.x, -self.rect.y)


@dataclass
class TableLayout:
    """The solved table (see the module docstring)."""
    rect: pygame.Rect
    strip: pygame.Rect
    panels: dict[int, Panel] = field(default_factory=dict)
    me: Panel | None = None
    side: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    tray_slots: list[pygame.Rect] = field(default_factory=list)
    my_dead_slots: list[pygame.Rect] = field(default_factory=list)
    tray_label: tuple[int, int] = (0, 0)
    dead_label: tuple[int, int] = (0, 0)
    legend_rect: pygame.Rect | None = None
    legend_shares_buttons: bool = False
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    plan: tuple[Any, ...] = ()               # how it was laid out: ("spectator",), ("side", pct), ("stacked", ...)

    def rects(self) -> list[pygame.Rect]:
        """Every rectangle of the layout (for tests)."""
        out = [self.strip, self.side, *self.tray_slots, *self.my_dead_slots, *self.buttons.values()]
        for p in self.panels.values():
            out += [p.rect, p.head, p.grid, *p.dead_slots]
        return out


_MEMO: dict[tuple[Any, ...], Any] = {}


def _memo(key: tuple[Any, ...], fn: Callable[[], T]) -> T:
    hit = _MEMO.get(key)
    if hit is None:
        if len(_MEMO) > 4000:
            _MEMO.clear()
        hit = _MEMO[key] = fn()
    return hit


def _label_font(theme: Theme) -> Font:
    return td.font(theme, 13, bold=True)


def _info_font(theme: Theme) -> Font:
    return td.font(theme, 14)


class _Solver:
    """One layout computation (the sums of the original board, unchanged)."""

    def __init__(self, rect: pygame.Rect, theme: Theme, n: int, seat: int | None, setup: bool) -> None:
        self.R = pygame.Rect(rect)
        self.t = theme
        self.n = n
        self.seat = seat
        self.setup = setup
        pad = theme.px(10)
        self.out = TableLayout(rect=pygame.Rect(rect),
                               strip=pygame.Rect(self.R.x + pad, self.R.y, max(0, self.R.w - 2 * pad), theme.px(40)))
        self.out.buttons = {k: pygame.Rect(self.R.x, self.R.y, 0, 0) for k in BUTTONS}

    # -- opponents' panels ---------------------------------------------------------
    def small_metrics(self):
        """(head, lab, col, ip, foot_min, foot_max) of an opponent's panel."""
        t = self.t

        def now():
            lf = _label_font(t)
            r = td.badge_radius(t)
            head = max(t.font(17, bold=True).get_linesize() + t.px(8), 2 * r + t.px(5))
            lab = lf.size("B")[0] + t.px(7)
            col = lf.get_linesize() + t.px(1)
            ip = t.px(6)
            foot_min = max(t.px(22), _info_font(t).get_linesize() + t.px(4))
            return head, lab, col, ip, foot_min, max(foot_min, t.px(40))
        return _memo(("metrics", t.scale), now)

    def small_cell(self, w, h):
        head, lab, col, ip, fmin, fmax = self.small_metrics()
        cell = min((w - lab - 2 * ip) / 4.2, (h - head - col - fmin - 2 * ip) / 3.12)
        foot = min(fmax, max(fmin, cell * 0.62))
        cell = min((w - lab - 2 * ip) / 4.2, (h - head - col - foot - 2 * ip) / 3.12)
        return max(1, int(min(cell, self.t.px(MAX_CELL_SMALL))))

    def arrange(self, area, n):
        """Best rows x cols arrangement of n small panels in area: (cell, rows, cols)."""
        def now():
            gap = self.t.px(8)
            best = None
            for rows in range(1, n + 1):
                cols = math.ceil(n / rows)
                if rows > 1 and math.ceil(n / (rows - 1)) == cols:
                    continue
                pw = (area.w - (cols - 1) * gap) / cols
                ph = (area.h - (rows - 1) * gap) / rows
                cell = self.small_cell(pw, ph)
                if best is None or cell > best[0]:
                    best = (cell, rows, cols)
            return best or (1, 1, 1)
        return _memo(("arrange", area.w, area.h, n, self.t.scale), now)

    def place_small(self, area, seats, top=False, cell=None):
        t = self.t
        gap = t.px(8)
        fit_cell, rows, cols = self.arrange(area, len(seats))
        cell = fit_cell if cell is None else max(1, min(cell, fit_cell))
        head, lab, col, ip, fmin, fmax = self.small_metrics()
        cell_gap = max(2, cell // 18)
        foot = int(min(fmax, max(fmin, cell * 0.62)))
        gw = 4 * cell + 3 * cell_gap
        pw = max(1, min((area.w - (cols - 1) * gap) // cols, lab + 2 * ip + gw + t.px(10)))
        ph = max(1, min((area.h - (rows - 1) * gap) // rows, head + col + 3 * cell + 2 * cell_gap + foot + 2 * ip))
        out = {}
        for i, s in enumerate(seats):
            r, c = divmod(i, cols)
            in_row = min(cols, len(seats) - r * cols)
            row_w = in_row * pw + (in_row - 1) * gap
            x0 = area.x + (area.w - row_w) // 2
            tot_h = rows * ph + (rows - 1) * gap
            y0 = area.y + (0 if top else max(0, (area.h - tot_h) // 2))
            rect = pygame.Rect(x0 + c * (pw + gap), y0 + r * (ph + gap), pw, ph)
            p = Panel(s, rect)
            p.cell, p.gap = cell, cell_gap
            p.head = pygame.Rect(rect.x, rect.y, rect.w, head)
            gx = rect.x + lab + ip + max(0, (rect.w - lab - 2 * ip - gw) // 2)
            p.grid = pygame.Rect(gx, rect.y + head + col, gw, 3 * cell + 2 * cell_gap)
            p.lab = lab
            fy = p.grid.bottom + ip
            ds = max(8, min(foot - t.px(4), int(cell * 0.62)))
            p.dead_slots = [pygame.Rect(rect.x + ip + k * (ds + t.px(3)), fy, ds, ds) for k in range(4)]
            p.info_pos = (rect.right - ip, fy + ds // 2)
            out[s] = p
        return out

    # -- the whole table ------------------------------------------------------------
    def solve(self) -> TableLayout:
        t, R, out = self.t, self.R, self.out
        pad = t.px(10)
        if self.seat is None:
            # everyone public and equal; the grids and the strip under them, centred
            area = pygame.Rect(R.x + pad, R.y + pad, max(0, R.w - 2 * pad), max(0, R.h - 2 * pad - out.strip.h))
            out.panels = self.place_small(area, list(range(self.n)), top=True)
            used = max(q.rect.bottom for q in out.panels.values())
            dy = max(0, (area.bottom - used) // 2)
            for q in out.panels.values():
                q.move(0, dy)
            out.strip.y = used + dy + pad // 2
            out.plan = ("spectator",)
            return out
        opp = [(self.seat + k) % self.n for k in range(1, self.n)]
        plan = self.best_plan(opp)
        out.plan = plan
        if plan[0] == "side":
            self.side_by_side(opp, plan[1])
        else:
            self.stacked(opp, *plan[1:])
        return out

    def best_plan(self, opp):
        ratio = RATIO.get(len(opp), 1.9)
        best = None

        def consider(mc, oc, plan, margin=0.0):
            nonlocal best
            # the smaller grid decides; then, among equals, bigger opponents
            score = min(mc, ratio * oc) + 0.25 * min(oc, mc) + 0.05 * mc
            if best is None or score > best[0] * (1 + margin) + 0.5:
                best = (score, plan)

        # stacked: the opponents in a band on top (k% of the height); with 3+
        # opponents the last one or two (in turn order) may sit in a band to
        # the right of your grid instead, so the table goes round you
        for k in range(20, 61, 2):
            ho = int(self.R.h * k / 100)
            for k_right in range(0, min(2, len(opp) - 1) + 1):
                for rw_pct in ((0,) if not k_right else range(18, 46, 3)):
                    mc, oc = self.stacked_sizes(opp, ho, k_right, rw_pct)
                    consider(mc, oc, ("stacked", ho, k_right, rw_pct))
        # side by side: your column takes k% of the width, the opponents the rest
        body = self.body_below_strip()
        for k in range(34, 67, 2):
            mz, oz = self.side_zones(body, k)
            mc = self.below_geometry(mz)[0]
            oc = self.arrange(oz, len(opp))[0]
            consider(mc, oc, ("side", k), margin=0.04)    # (stacked, unless this is clearly roomier)
        assert best is not None
        return best[1]

    def side_by_side(self, opp, pct):
        t, out = self.t, self.out
        mz, oz = self.side_zones(self.body_below_strip(), pct)
        mc = self.below_geometry(mz)[0]
        out.panels = self.place_small(oz, opp, top=True, cell=mc)
        self.place_below(mz)
        if self.setup:
            return
        # the legend goes under the opponents or under your buttons, or
        # else shares the button row (and gives way while Stay is shown)
        used = max(q.rect.bottom for q in out.panels.values() if not q.big)
        stay = out.buttons["stay"]
        y = stay.bottom + t.px(16)
        for r in (pygame.Rect(oz.x, used + t.px(16), oz.w, oz.bottom - used - t.px(16)),
                  pygame.Rect(mz.x, y, mz.w, mz.bottom - y)):
            if r.h >= td.legend_height(t, r.w) > 0:
                out.legend_rect = r
                return
        y = stay.y
        out.legend_rect = pygame.Rect(mz.x, y, mz.w, max(0, mz.bottom - y))
        out.legend_shares_buttons = True

    def stacked(self, opp, ho, k_right, rw_pct):
        t, R, out = self.t, self.R, self.out
        pad = t.px(10)
        top_area, mz, right_area = self.stacked_zones(ho, k_right, rw_pct)
        oc = min(self.stacked_sizes(opp, ho, k_right, rw_pct))
        top_seats, right_seats = opp[:len(opp) - k_right], opp[len(opp) - k_right:]
        out.panels = self.place_small(top_area, top_seats, top=True, cell=oc)
        # the opponents' band sits just above the strip, so no gap opens between them
        used = max(q.rect.bottom for q in out.panels.values())
        shift = top_area.bottom - used
        out.strip.y = used + pad // 2
        mz = pygame.Rect(mz.x, mz.y - shift, mz.w, max(0, mz.h + shift))
        self.place_big(mz)
        assert out.me is not None
        if right_seats:
            ra = pygame.Rect(right_area.x, right_area.y - shift, right_area.w, max(0, right_area.h + shift))
            out.panels.update(self.place_small(ra, right_seats, top=True, cell=oc))
        if len(opp) == 1:
            # one opponent: its grid lines up over yours (aim straight down the
            # columns), and the legend takes the free space beside it
            q = out.panels[opp[0]]
            dx = max(R.x + pad - q.rect.x, out.me.grid.x - q.grid.x)
            q.move(dx, 0)
            free = pygame.Rect(q.rect.right + t.px(24), q.rect.y + t.px(4),
                               R.right - pad - q.rect.right - t.px(24), q.rect.h - t.px(8))
            if free.w >= t.px(200):
                out.legend_rect = free
        if out.legend_rect is None and not self.setup:
            # under your defeated row; if it only fits by using the button row
            # too, it gives way while a button (Stay) is shown
            top = (out.my_dead_slots[-1].bottom if out.my_dead_slots else out.side.y) + t.px(14)
            above = out.buttons["stay"].y - t.px(8) - top
            out.legend_rect = pygame.Rect(out.side.x, top, out.side.w, max(0, out.side.bottom - top))
            out.legend_shares_buttons = td.legend_height(t, out.side.w) > above

    def stacked_zones(self, ho, k_right, rw_pct):
        """(top band, your zone, right band) of a stacked table."""
        t, R = self.t, self.R
        pad = t.px(10)
        top_area = pygame.Rect(R.x + pad, R.y + pad, max(0, R.w - 2 * pad), ho)
        y = top_area.bottom + pad // 2 + self.out.strip.h + pad // 2
        h = max(0, R.bottom - pad - y)
        rw = int((R.w - 2 * pad) * rw_pct / 100) if k_right else 0
        gap = t.px(16) if k_right else 0
        mz = pygame.Rect(R.x + pad, y, max(0, R.w - 2 * pad - rw - gap), h)
        return top_area, mz, pygame.Rect(mz.right + gap, y, max(0, rw), h)

    def stacked_sizes(self, opp, ho, k_right, rw_pct):
        """(your cell, the opponents' cell) of a stacked table."""
        top_area, mz, right_area = self.stacked_zones(ho, k_right, rw_pct)
        oc = self.arrange(top_area, len(opp) - k_right)[0]
        if k_right:
            oc = min(oc, self.arrange(right_area, k_right)[0])
        return self.big_geometry(mz)[0], oc

    def body_below_strip(self):
        """Side by side: the strip runs along the top, the grids below it."""
        t, R = self.t, self.R
        pad = t.px(10)
        top = R.y + pad // 2 + self.out.strip.h + pad // 2
        return pygame.Rect(R.x + pad, top, max(0, R.w - 2 * pad), max(0, R.bottom - pad - top))

    def side_zones(self, body, pct):
        gap = self.t.px(24)
        wm = int(body.w * pct / 100)
        return (pygame.Rect(body.x, body.y, wm, body.h),
                pygame.Rect(body.x + wm + gap, body.y, max(0, body.w - wm - gap), body.h))

    # -- your own grid ----------------------------------------------------------------
    def buttons_one_row(self, w):
        t = self.t
        bw_min = max(t.body_font().size(x)[0] for x in ("Take back", "Confirm")) + t.px(22)
        return w >= 3 * bw_min + 2 * t.px(8)

    def tray_below_size(self, w):
        """Side by side: (slot size, height, dice per row) of the tray under
        your grid: the reserves and defeated dice in one row (or, setting up,
        all seven dice, in two rows when one would make them small) and the buttons."""
        t, setup = self.t, self.setup
        sg = t.px(8)
        lh = td.font(t, 16).get_linesize()
        per_row = 7
        if setup:
            ss = (w - 6 * sg) / 7.0
            if ss < t.px(48):
                per_row = 4
                ss = (w - 3 * sg) / 4.0
        else:
            ss = (w - 5 * sg - t.px(24)) / 7.0
        ss = int(max(t.px(24), min(ss, t.px(72))))
        rows = 2 if per_row == 4 else 1
        rows_btn = 1 if (not setup or self.buttons_one_row(w)) else 2
        h = (lh + t.px(2)) + rows * (ss + lh + sg) + rows_btn * (t.px(40) + sg)
        return ss, h, per_row

    def below_geometry(self, zone):
        t = self.t
        head, col, lab = t.px(30), t.px(18), t.px(22)
        tray_h = self.tray_below_size(zone.w)[1]
        cell = min((zone.h - head - col - t.px(14) - tray_h) / 3.1, (zone.w - lab - t.px(4)) / 4.2)
        return max(1, int(min(cell, t.px(MAX_CELL_BIG)))), head, col, lab

    def my_panel(self, zone, cell, head, col, lab, wide_head):
        """The viewer's own big grid at the top left of ``zone``: its heading
        (across the whole zone when ``wide_head``), column labels and 3x4 cells."""
        assert self.seat is not None
        gap = max(3, cell // 16)
        gw = 4 * cell + 3 * gap
        p = Panel(self.seat, zone, big=True)
        p.cell, p.gap, p.lab = cell, gap, lab
        p.head = pygame.Rect(zone.x, zone.y, max(lab + gw, zone.w) if wide_head else lab + gw, head)
        p.grid = pygame.Rect(zone.x + lab, zone.y + head + col, gw, 3 * cell + 2 * gap)
        self.out.me = p
        self.out.panels[self.seat] = p
        return p

    def place_below(self, zone):
        """Side by side: your grid, with the reserves/defeated row and the buttons under it."""
        t, out, setup = self.t, self.out, self.setup
        cell, head, col, lab = self.below_geometry(zone)
        p = self.my_panel(zone, cell, head, col, lab, wide_head=True)
        w = zone.w
        ss, _, per_row = self.tray_below_size(w)
        sg = t.px(8)
        lh = td.font(t, 16).get_linesize()
        y0 = p.grid.bottom + t.px(14)
        out.side = pygame.Rect(zone.x, y0, w, max(0, zone.bottom - y0))
        out.tray_label = (zone.x, y0)
        y = y0 + lh + t.px(2)
        out.tray_slots = []
        for i in range(7 if setup else 3):
            r, c = divmod(i, per_row)
            out.tray_slots.append(pygame.Rect(zone.x + c * (ss + sg), y + r * (ss + lh + sg), ss, ss))
        y = out.tray_slots[-1].y
        if setup:
            out.my_dead_slots = []
            out.dead_label = (zone.x, y0)
        else:
            dx = zone.x + 3 * (ss + sg) + t.px(24)
            out.dead_label = (dx, y0)
            out.my_dead_slots = [pygame.Rect(dx + k * (ss + sg), y, ss, ss) for k in range(4)]
        p.dead_slots = out.my_dead_slots
        bh = t.px(40)
        by = y + ss + lh + sg
        b = out.buttons
        if not setup or self.buttons_one_row(w):
            bw = max(1, min(t.px(150), (w - 2 * sg) // 3))
            b["back"] = pygame.Rect(zone.x, by, bw, bh)
            b["clear"] = pygame.Rect(zone.x + bw + sg, by, bw, bh)
            b["confirm"] = pygame.Rect(zone.x + 2 * (bw + sg), by, bw, bh)
        else:
            bw = max(1, min(t.px(150), (w - sg) // 2))
            b["back"] = pygame.Rect(zone.x, by, bw, bh)
            b["clear"] = pygame.Rect(zone.x + bw + sg, by, bw, bh)
            b["confirm"] = pygame.Rect(zone.x, by + bh + sg, 2 * bw + sg, bh)
        b["stay"] = pygame.Rect(zone.x, by, max(1, min(w, t.px(200))), bh)

    def big_geometry(self, zone):
        t = self.t
        head, col, lab = t.px(30), t.px(18), t.px(22)
        side_min = t.px(250) if self.setup else t.px(210)
        cell = min((zone.h - head - col - t.px(6)) / 3.0, (zone.w - side_min - lab - t.px(24)) / 4.0)
        return max(1, int(min(cell, t.px(MAX_CELL_BIG)))), head, col, lab

    def place_big(self, zone):
        t, out, setup = self.t, self.out, self.setup
        cell, head, col, lab = self.big_geometry(zone)
        p = self.my_panel(zone, cell, head, col, lab, wide_head=False)
        # the side column: reserves, defeated row, buttons
        sx = p.grid.right + t.px(24)
        side = pygame.Rect(sx, zone.y, max(0, zone.right - sx), zone.h)
        out.side = side
        lh = td.font(t, 16).get_linesize()
        bh = t.px(40)
        sg = t.px(8)
        # setup's three buttons share a row when they fit; else Confirm gets a row of its own
        one_row = self.buttons_one_row(side.w)
        btn_h = bh if (one_row or not setup) else 2 * bh + sg
        per_row = 4 if setup else 3
        rows = 2 if setup else 1
        cap = lh
        avail_h = side.h - (lh + t.px(2)) - rows * (cap + sg) - btn_h - sg
        if not setup:
            avail_h -= lh + t.px(2) + sg
        ss = min((side.w - (per_row - 1) * sg) / per_row, cell * 0.95,
                 (avail_h - t.px(6)) / (rows + (0.0 if setup else 0.72)))
        ss = int(max(t.px(24), ss))
        y = side.y + lh + t.px(2)
        out.tray_label = (side.x, side.y)
        out.tray_slots = []
        for i in range(7 if setup else 3):
            r, c = divmod(i, per_row)
            out.tray_slots.append(pygame.Rect(side.x + c * (ss + sg), y + r * (ss + cap + sg), ss, ss))
        y += rows * (ss + cap + sg)
        out.dead_label = (side.x, y)
        ds = int(max(t.px(20), min(ss * 0.72, (side.w - 3 * sg) / 4)))
        y += lh + t.px(2)
        out.my_dead_slots = [] if setup else [pygame.Rect(side.x + k * (ds + sg), y, ds, ds) for k in range(4)]
        p.dead_slots = out.my_dead_slots
        by = side.bottom - bh
        b = out.buttons
        if one_row:
            bw = max(1, min(t.px(150), (side.w - 2 * sg) // 3))
            b["back"] = pygame.Rect(side.x, by, bw, bh)
            b["clear"] = pygame.Rect(side.x + bw + sg, by, bw, bh)
            b["confirm"] = pygame.Rect(side.x + 2 * (bw + sg), by, bw, bh)
        else:
            bw = max(1, min(t.px(150), (side.w - sg) // 2))
            b["back"] = pygame.Rect(side.x, by - bh - sg, bw, bh)
            b["clear"] = pygame.Rect(side.x + bw + sg, by - bh - sg, bw, bh)
            b["confirm"] = pygame.Rect(side.x, by, 2 * bw + sg, bh)
        b["stay"] = pygame.Rect(side.x, by, max(1, min(side.w, t.px(200))), bh)


def solve(rect: pygame.Rect, theme: Theme, n_seats: int, seat: int | None, setup: bool = False) -> TableLayout:
    """Lay the table out for ``n_seats`` seats in ``rect`` as ``seat`` sees it
    (None: a spectator); ``setup``: the viewing seat is hiding its platoons
    (all seven dice in the tray and the set-up buttons)."""
    return _Solver(rect, theme, n_seats, seat, setup).solve()
