"""The Cannon Corps table (the board of games/ui/game_screen.py).

What is drawn comes only from ``host.visible_state()``: the viewing seat's
:class:`~games.cannon_corps.rules.CorpsView`, or the public view when
``host.viewer`` is None (a hand-over pending, AIs playing each other, the end).
The viewing seat's grid is large, with its reserves and defeated dice beside
or under it; every other seat is a fogged grid with what the table knows,
above it or (on a wide table) beside it, whichever gives the grids more room.
Seats are told apart by number as well as colour, hits from misses by shape,
and no text is drawn smaller than ``table_draw.MIN_TEXT_PX``.

Clicks become moves (``setup``, ``fire``, ``cover``/``stay``, ``deploy``) and
go to ``host.submit``; the rules decide whether they are legal.  Each applied
move is animated from the public events it added (and the viewer's own private
ones): the announcement, the cannon, the answers, damage, defeats, cover and
deployments, one step after another (``busy`` while they run; a click on
the table or Space skips to the end).
"""
from __future__ import annotations

import math
import random

import pygame

from games.cannon_corps import table_draw as td
from games.cannon_corps.rules import DICE, DIE_SIZES, SPACES, Move
from games.cannon_corps.table_model import last_shot, public_table
from games.ui.dice import DieChange, DieExit, DieRoll, draw_die
from games.ui.theme import blend, ink_on
from games.ui.board import Board
from games.ui.widgets import Button

ROWS, COLS = "ABC", "1234"

# base durations (seconds) of the animation steps, times settings.anim_factor()
DUR = {"setup": 0.35, "start": 0.9, "shot": 0.75, "answers": 0.75, "damage": 0.8, "cover": 0.55,
       "deploy": 0.85, "ammo": 0.65, "salvo_exit": 0.75, "winner": 0.9}


# a seat's own decisions in its private log (damage after the last one is news)
_OWN_ACTIONS = ("setup", "fired", "moved", "stayed", "deployed")


class Panel:
    """Where one seat's grid is drawn."""

    def __init__(self, seat, rect, big=False):
        self.seat = seat
        self.rect = rect
        self.big = big
        self.head = pygame.Rect(rect.x, rect.y, rect.w, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.cell = 10
        self.gap = 2
        self.dead_slots: list = []
        self.info_pos = (0, 0)

    def cell_rect(self, space) -> pygame.Rect:
        r, c = divmod(SPACES.index(space), 4)
        return pygame.Rect(self.grid.x + c * (self.cell + self.gap), self.grid.y + r * (self.cell + self.gap),
                           self.cell, self.cell)

    def space_at(self, pos):
        if not self.grid.collidepoint(pos):
            return None
        for sp in SPACES:
            if self.cell_rect(sp).collidepoint(pos):
                return sp
        return None

    @property
    def centre(self):
        return self.grid.center

    def move(self, dx, dy):
        """Shift everything by (dx, dy), in place."""
        self.rect = self.rect.move(dx, dy)
        self.head, self.grid = self.head.move(dx, dy), self.grid.move(dx, dy)
        self.dead_slots = [r.move(dx, dy) for r in self.dead_slots]
        self.info_pos = (self.info_pos[0] + dx, self.info_pos[1] + dy)
        return self

    def shifted(self):
        """The same panel drawn at (0, 0) (for its cached picture)."""
        q = Panel(self.seat, self.rect, self.big)
        q.head, q.grid = self.head, self.grid
        q.cell, q.gap = self.cell, self.gap
        q.lab = getattr(self, "lab", 0)
        q.dead_slots = list(self.dead_slots)
        q.info_pos = self.info_pos
        return q.move(-self.rect.x, -self.rect.y)


class Step:
    """One beat of an animation (several things may move at once within it)."""

    def __init__(self, kind, duration, k_end, **data):
        self.kind = kind
        self.duration = duration
        self.k_end = k_end          # public events revealed once the step ends
        self.k_start = None         # ... and, if set, when it starts
        self.data = data
        self.t = 0.0
        self.started = False
        self.anims: list = []       # (anim, size, colours) from games.ui.dice

    @property
    def progress(self):
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)


class CorpsBoard(Board):
    def __init__(self, host):
        super().__init__(host)
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.steps: list[Step] = []
        self.k = None               # public events shown while animating (None: all)
        self.mine = None            # the viewer's dice while animating: die -> (space, value)
        self.my_res = None
        self.hidden: set = set()    # own dice an animation is drawing instead
        self.announce = ""          # the banner over the table
        self.sel = None             # a selected die (fire, deploy, setup)
        self.staged: dict = {}      # setup: die -> space, before Confirm
        self.stage_order: list = []
        self.hint = None
        self.mouse = (-1, -1)
        self._lkey = None
        self._vkey = None
        self._epoch = 0             # bumped when the position jumps (undo, load): the cached view is stale
        self._view = None
        self._pkey = None
        self._pub = None
        self._sel_key = None
        self._rng = random.Random(7)   # only the look of tumbling dice
        self.panels: dict = {}
        self._panel_cache: dict = {}
        self._memo: dict = {}          # layout sums (per size and scale)
        snd = host.sound
        self.btn_confirm = Button("Confirm", self._confirm_setup, primary=True, sound=snd)
        self.btn_clear = Button("Clear", self._clear_setup, sound=snd)
        # (not "Undo": the frame has its own Undo button beside the table)
        self.btn_back = Button("Take back", self._take_back, sound=snd)
        # No click sound: staying and running for cover must sound the same to the room.
        self.btn_stay = Button("Stay (bluff)", self._stay, primary=True)

    # ------------------------------------------------------------------ contract
    @property
    def busy(self) -> bool:
        return bool(self.steps)

    def layout(self, rect):
        self.rect = pygame.Rect(rect)
        self._finish_all()
        self._lkey = None

    def reset(self):
        self._epoch += 1
        self.steps = []
        self.k = None
        self.mine = None
        self.my_res = None
        self.hidden = set()
        self.sel = None
        self.staged = {}
        self.stage_order = []
        self.hint = None
        self._lkey = None
        self._view = None
        self._vkey = None
        self._sync()

    def forget_private(self):
        """Selections, half-placed set-ups, the hint and the pointer belong to the seat
        at the screen: none of them outlives a change of viewer."""
        super().forget_private()
        self.sel = None
        self.staged, self.stage_order = {}, []
        self.mouse = (-1, -1)

    def show_hint(self, move):
        self.hint = move

    def _check_decision(self, v):
        """A new position or viewer: drop selections that belonged to the old one."""
        key = (self.host.ply, self.host.viewer)
        if key != self._sel_key:
            self._sel_key = key
            self.sel = None
            if not (v.pending.get("kind") == "setup" and v.is_my_decision()):
                self.staged, self.stage_order = {}, []
        self._ensure_layout(v)

    def update(self, dt):
        v = self.view()
        self._check_decision(v)
        while self.steps and dt >= 0:
            st = self.steps[0]
            if not st.started:
                self._start_step(st)
            st.t += dt
            for a, _, _ in st.anims:
                a.update(dt)
            if st.t < st.duration:
                break
            dt = st.t - st.duration
            self._end_step(st)
            self.steps.pop(0)
            if not self.steps:
                self._sync()
                break

    def help_text(self) -> str:
        v = self.view()
        k = v.pending.get("kind")
        if k == "setup":
            n = len(self.staged)
            if n >= 4:
                return "Press Confirm to hide your four platoons (click a placed die to move it)."
            if self.sel:
                return f"Click an empty space on your grid for the {self.sel} ({n} of 4 placed)."
            return f"Pick a die from your reserves, then a space on your grid ({n} of 4 placed)."
        if k == "fire":
            if self.sel and self.sel in v.my_platoons:
                p = v.my_platoons[self.sel][1]
                if p == 1:
                    return (f"{self.sel} at 1: a FINAL SALVO defeats whatever it hits, then falls. "
                            "Click a space on an opponent's grid.")
                return (f"Power {p} ({self.sel}): click a space on any opponent's grid; "
                        "it hits that space on every grid.")
            return "Pick one of your platoons to fire (its value is the shot's power)."
        if k == "cover":
            return (f"Your {v.pending.get('die')} on {v.pending.get('space')} was hit: click a lit space "
                    "to run for cover, or Stay (bluff).")
        if k == "deploy":
            if self.sel:
                return f"Click an empty space on your grid to deploy the {self.sel}."
            return "A platoon fell: pick a reserve die, then an empty space to deploy it."
        return ""

    # ------------------------------------------------------------------ what we may see
    def view(self):
        """The visible view (cached per position and viewer)."""
        key = (self.host.ply, self.host.viewer, self._epoch)
        if key != self._vkey or self._view is None:
            self._view = self.host.visible_state()
            self._vkey = key
        return self._view

    def public(self, v=None):
        v = v or self.view()
        key = (self._vkey, self.k, len(v.events))
        if key != self._pkey:
            self._pub = public_table(v.events, v.num_players, self.k)
            self._pkey = key
        return self._pub

    def my_dice(self, v):
        """die -> (space, value) of the viewer's platoons as they show now."""
        if v.seat is None:
            return {}
        if self.mine is not None:
            return dict(self.mine)
        if v.pending.get("kind") == "setup" and v.is_my_decision():
            return {d: (sp, DIE_SIZES[d]) for d, sp in self.staged.items()}
        return dict(v.my_platoons)

    def my_reserves(self, v):
        if v.seat is None:
            return []
        if self.my_res is not None:
            return list(self.my_res)
        return [d for d in DICE if d in v.my_reserves]

    # ------------------------------------------------------------------ layout
    def _mode(self, v):
        setup = v.seat is not None and v.phase == "setup" and not v.my_platoons and self.mine is None
        return "setup" if setup else "play"

    def _ensure_layout(self, v):
        key = (tuple(self.rect), v.seat, v.num_players, self._mode(v), self.host.theme.scale)
        if key != self._lkey:
            self._lkey = key
            self._compute_layout(v)

    # How much smaller than your own grid an opponent's may be, by the number of
    # opponents: one opponent is the whole game (its grid is where you click to
    # fire), so it is nearly as large as yours; with five they share the top.
    _RATIO = {1: 1.08, 2: 1.3, 3: 1.55, 4: 1.75, 5: 1.9}

    def _label_font(self):
        return td.font(self.host.theme, 13, bold=True)

    def _info_font(self):
        return td.font(self.host.theme, 14)

    def _small_metrics(self):
        """(head, lab, col, ip, foot_min, foot_max) of an opponent's panel."""
        t = self.host.theme
        key = ("metrics", t.scale)
        if key not in self._memo:
            self._memo[key] = self._small_metrics_now()
        return self._memo[key]

    def _small_metrics_now(self):
        t = self.host.theme
        lf = self._label_font()
        r = td.badge_radius(t)
        head = max(t.font(17, bold=True).get_linesize() + t.px(8), 2 * r + t.px(5))
        lab = lf.size("B")[0] + t.px(7)
        col = lf.get_linesize() + t.px(1)
        ip = t.px(6)
        foot_min = max(t.px(22), self._info_font().get_linesize() + t.px(4))
        return head, lab, col, ip, foot_min, max(foot_min, t.px(40))

    def _small_cell(self, w, h):
        t = self.host.theme
        head, lab, col, ip, fmin, fmax = self._small_metrics()
        cell = min((w - lab - 2 * ip) / 4.2, (h - head - col - fmin - 2 * ip) / 3.12)
        foot = min(fmax, max(fmin, cell * 0.62))
        cell = min((w - lab - 2 * ip) / 4.2, (h - head - col - foot - 2 * ip) / 3.12)
        return int(min(cell, t.px(110))), head, lab, col, ip, int(foot)

    def _arrange(self, area, n):
        """Best rows x cols arrangement of n small panels in area: (cell, rows, cols)."""
        key = ("arrange", area.w, area.h, n, self.host.theme.scale)
        if key not in self._memo:
            if len(self._memo) > 4000:
                self._memo.clear()
            self._memo[key] = self._arrange_now(area, n)
        return self._memo[key]

    def _arrange_now(self, area, n):
        gap = self.host.theme.px(8)
        best = None
        for rows in range(1, n + 1):
            cols = math.ceil(n / rows)
            if rows > 1 and math.ceil(n / (rows - 1)) == cols:
                continue
            pw = (area.w - (cols - 1) * gap) / cols
            ph = (area.h - (rows - 1) * gap) / rows
            cell = self._small_cell(pw, ph)[0]
            if best is None or cell > best[0]:
                best = (cell, rows, cols)
        return best

    def _place_small(self, area, seats, top=False, cell=None):
        t = self.host.theme
        gap = t.px(8)
        fit_cell, rows, cols = self._arrange(area, len(seats))
        cell = fit_cell if cell is None else min(cell, fit_cell)
        head, lab, col, ip, fmin, fmax = self._small_metrics()
        cell_gap = max(2, cell // 18)
        foot = int(min(fmax, max(fmin, cell * 0.62)))
        gw = 4 * cell + 3 * cell_gap
        pw = min((area.w - (cols - 1) * gap) // cols, lab + 2 * ip + gw + t.px(10))
        ph = min((area.h - (rows - 1) * gap) // rows, head + col + 3 * cell + 2 * cell_gap + foot + 2 * ip)
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

    def _compute_layout(self, v):
        """Lay the table out. Spectators see every seat as an equal small grid.
        A seat sees its own grid large, and its opponents either in a band
        above it ("stacked") or beside it ("side by side", its reserves then
        under the grid), whichever gives the grids more room: opponents may
        be a little smaller than yours (:attr:`_RATIO`), never tiny."""
        t = self.host.theme
        R = self.rect
        pad = t.px(10)
        n = v.num_players
        self.strip = pygame.Rect(R.x + pad, R.y, R.w - 2 * pad, t.px(40))
        self.panels = {}
        self.me = None
        self.tray_slots, self.my_dead_slots = [], []
        self.legend_rect = None
        self.legend_shares_buttons = False
        if v.seat is None:
            # everyone public and equal; the grids and the strip under them, centred
            area = pygame.Rect(R.x + pad, R.y + pad, R.w - 2 * pad, R.h - 2 * pad - self.strip.h)
            self.panels = self._place_small(area, list(range(n)), top=True)
            used = max(q.rect.bottom for q in self.panels.values())
            dy = max(0, (area.bottom - used) // 2)
            for q in self.panels.values():
                q.move(0, dy)
            self.strip.y = used + dy + pad // 2
            return
        opp = [(v.seat + k) % n for k in range(1, n)]
        setup = self._mode(v) == "setup"
        ratio = self._RATIO.get(len(opp), 1.9)
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
            ho = int(R.h * k / 100)
            for k_right in range(0, min(2, len(opp) - 1) + 1):
                for rw_pct in ((0,) if not k_right else range(18, 46, 3)):
                    mc, oc = self._stacked_sizes(v, opp, setup, ho, k_right, rw_pct)
                    consider(mc, oc, ("stacked", ho, k_right, rw_pct))
        # side by side: your column takes k% of the width, the opponents the rest
        body = self._body_below_strip()
        for k in range(34, 67, 2):
            mz, oz = self._side_by_side_zones(body, k)
            mc = self._below_geometry(mz, setup)[0]
            oc = self._arrange(oz, len(opp))[0]
            consider(mc, oc, ("side", k), margin=0.04)    # (stacked, unless this is clearly roomier)
        plan = best[1]
        if plan[0] == "side":
            mz, oz = self._side_by_side_zones(body, plan[1])
            mc = self._below_geometry(mz, setup)[0]
            self.panels = self._place_small(oz, opp, top=True, cell=mc)
            self._place_below(v.seat, mz, setup)
            if not setup:
                # the legend goes under the opponents or under your buttons, or
                # else shares the button row (and gives way while Stay is shown)
                used = max(q.rect.bottom for q in self.panels.values() if not q.big)
                y = self.btn_stay.rect.bottom + t.px(16)
                for r in (pygame.Rect(oz.x, used + t.px(16), oz.w, oz.bottom - used - t.px(16)),
                          pygame.Rect(mz.x, y, mz.w, mz.bottom - y)):
                    if r.h >= td.legend_height(t, r.w) > 0:
                        self.legend_rect = r
                        break
                else:
                    y = self.btn_stay.rect.y
                    self.legend_rect = pygame.Rect(mz.x, y, mz.w, mz.bottom - y)
                    self.legend_shares_buttons = True
            return
        _, ho, k_right, rw_pct = plan
        top_area, mz, right_area = self._stacked_zones(ho, k_right, rw_pct)
        oc = min(self._stacked_sizes(v, opp, setup, ho, k_right, rw_pct))
        top_seats, right_seats = opp[:len(opp) - k_right], opp[len(opp) - k_right:]
        self.panels = self._place_small(top_area, top_seats, top=True, cell=oc)
        # the opponents' band sits just above the strip, so no gap opens between them
        used = max(q.rect.bottom for q in self.panels.values())
        shift = top_area.bottom - used
        self.strip.y = used + pad // 2
        mz = pygame.Rect(mz.x, mz.y - shift, mz.w, mz.h + shift)
        self._place_big(v.seat, mz, setup)
        if right_seats:
            ra = pygame.Rect(right_area.x, right_area.y - shift, right_area.w, right_area.h + shift)
            self.panels.update(self._place_small(ra, right_seats, top=True, cell=oc))
        if len(opp) == 1:
            # one opponent: its grid lines up over yours (aim straight down the
            # columns), and the legend takes the free space beside it
            q = self.panels[opp[0]]
            dx = max(R.x + pad - q.rect.x, self.me.grid.x - q.grid.x)
            q.move(dx, 0)
            free = pygame.Rect(q.rect.right + t.px(24), q.rect.y + t.px(4),
                               R.right - pad - q.rect.right - t.px(24), q.rect.h - t.px(8))
            if free.w >= t.px(200):
                self.legend_rect = free
        if self.legend_rect is None and not setup:
            # under your defeated row; if it only fits by using the button row
            # too, it gives way while a button (Stay) is shown
            top = (self.my_dead_slots[-1].bottom if self.my_dead_slots else self.side.y) + t.px(14)
            above = self.btn_stay.rect.y - t.px(8) - top
            self.legend_rect = pygame.Rect(self.side.x, top, self.side.w, max(0, self.side.bottom - top))
            self.legend_shares_buttons = td.legend_height(t, self.side.w) > above

    def _stacked_zones(self, ho, k_right, rw_pct):
        """(top band, your zone, right band) of a stacked table."""
        t = self.host.theme
        R = self.rect
        pad = t.px(10)
        top_area = pygame.Rect(R.x + pad, R.y + pad, R.w - 2 * pad, ho)
        y = top_area.bottom + pad // 2 + self.strip.h + pad // 2
        h = R.bottom - pad - y
        rw = int((R.w - 2 * pad) * rw_pct / 100) if k_right else 0
        gap = t.px(16) if k_right else 0
        mz = pygame.Rect(R.x + pad, y, R.w - 2 * pad - rw - gap, h)
        return top_area, mz, pygame.Rect(mz.right + gap, y, rw, h)

    def _stacked_sizes(self, v, opp, setup, ho, k_right, rw_pct):
        """(your cell, the opponents' cell) of a stacked table."""
        top_area, mz, right_area = self._stacked_zones(ho, k_right, rw_pct)
        oc = self._arrange(top_area, len(opp) - k_right)[0]
        if k_right:
            oc = min(oc, self._arrange(right_area, k_right)[0])
        return self._big_geometry(mz, setup)[0], oc

    def _body_below_strip(self):
        """Side by side: the strip runs along the top, the grids below it."""
        t = self.host.theme
        pad = t.px(10)
        top = self.rect.y + pad // 2 + self.strip.h + pad // 2
        return pygame.Rect(self.rect.x + pad, top, self.rect.w - 2 * pad, self.rect.bottom - pad - top)

    def _side_by_side_zones(self, body, pct):
        gap = self.host.theme.px(24)
        wm = int(body.w * pct / 100)
        return (pygame.Rect(body.x, body.y, wm, body.h),
                pygame.Rect(body.x + wm + gap, body.y, body.w - wm - gap, body.h))

    def _tray_below_size(self, w, setup):
        """Side by side: (slot size, height, dice per row) of the tray under
        your grid: the reserves and defeated dice in one row (or, setting up,
        all seven dice, in two rows when one would make them small) and the buttons."""
        t = self.host.theme
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
        rows_btn = 1 if (not setup or self._buttons_one_row(w)) else 2
        h = (lh + t.px(2)) + rows * (ss + lh + sg) + rows_btn * (t.px(40) + sg)
        return ss, h, per_row

    def _buttons_one_row(self, w):
        t = self.host.theme
        bw_min = max(t.body_font().size(x)[0] for x in ("Take back", "Confirm")) + t.px(22)
        return w >= 3 * bw_min + 2 * t.px(8)

    def _below_geometry(self, zone, setup):
        t = self.host.theme
        head, col, lab = t.px(30), t.px(18), t.px(22)
        tray_h = self._tray_below_size(zone.w, setup)[1]
        cell = min((zone.h - head - col - t.px(14) - tray_h) / 3.1, (zone.w - lab - t.px(4)) / 4.2)
        return int(min(cell, t.px(124))), head, col, lab

    def _my_panel(self, seat, zone, cell, head, col, lab, wide_head):
        """The viewer's own big grid at the top left of ``zone``: its heading
        (across the whole zone when ``wide_head``), column labels and 3x4 cells."""
        gap = max(3, cell // 16)
        gw = 4 * cell + 3 * gap
        p = Panel(seat, zone, big=True)
        p.cell, p.gap, p.lab = cell, gap, lab
        p.head = pygame.Rect(zone.x, zone.y, max(lab + gw, zone.w) if wide_head else lab + gw, head)
        p.grid = pygame.Rect(zone.x + lab, zone.y + head + col, gw, 3 * cell + 2 * gap)
        self.me = p
        self.panels[seat] = p
        return p

    def _place_below(self, seat, zone, setup):
        """Side by side: your grid, with the reserves/defeated row and the buttons under it."""
        t = self.host.theme
        cell, head, col, lab = self._below_geometry(zone, setup)
        p = self._my_panel(seat, zone, cell, head, col, lab, wide_head=True)
        w = zone.w
        ss, tray_h, per_row = self._tray_below_size(w, setup)
        sg = t.px(8)
        lh = td.font(t, 16).get_linesize()
        y0 = p.grid.bottom + t.px(14)
        self.side = pygame.Rect(zone.x, y0, w, zone.bottom - y0)
        self.tray_label = (zone.x, y0)
        y = y0 + lh + t.px(2)
        n_tray = 7 if setup else 3
        self.tray_slots = []
        for i in range(n_tray):
            r, c = divmod(i, per_row)
            self.tray_slots.append(pygame.Rect(zone.x + c * (ss + sg), y + r * (ss + lh + sg), ss, ss))
        y = self.tray_slots[-1].y
        if setup:
            self.my_dead_slots = []
            self.dead_label = (zone.x, y0)
        else:
            dx = zone.x + 3 * (ss + sg) + t.px(24)
            self.dead_label = (dx, y0)
            self.my_dead_slots = [pygame.Rect(dx + k * (ss + sg), y, ss, ss) for k in range(4)]
        p.dead_slots = self.my_dead_slots
        bh = t.px(40)
        by = y + ss + lh + sg
        if not setup or self._buttons_one_row(w):
            bw = min(t.px(150), (w - 2 * sg) // 3)
            self.btn_back.rect = pygame.Rect(zone.x, by, bw, bh)
            self.btn_clear.rect = pygame.Rect(zone.x + bw + sg, by, bw, bh)
            self.btn_confirm.rect = pygame.Rect(zone.x + 2 * (bw + sg), by, bw, bh)
        else:
            bw = min(t.px(150), (w - sg) // 2)
            self.btn_back.rect = pygame.Rect(zone.x, by, bw, bh)
            self.btn_clear.rect = pygame.Rect(zone.x + bw + sg, by, bw, bh)
            self.btn_confirm.rect = pygame.Rect(zone.x, by + bh + sg, 2 * bw + sg, bh)
        self.btn_stay.rect = pygame.Rect(zone.x, by, min(w, t.px(200)), bh)

    def _big_geometry(self, zone, setup):
        t = self.host.theme
        head, col, lab = t.px(30), t.px(18), t.px(22)
        side_min = t.px(250) if setup else t.px(210)
        cell = min((zone.h - head - col - t.px(6)) / 3.0, (zone.w - side_min - lab - t.px(24)) / 4.0)
        return int(min(cell, t.px(124))), head, col, lab

    def _place_big(self, seat, zone, setup):
        t = self.host.theme
        cell, head, col, lab = self._big_geometry(zone, setup)
        p = self._my_panel(seat, zone, cell, head, col, lab, wide_head=False)
        # the side column: reserves, defeated row, buttons
        sx = p.grid.right + t.px(24)
        side = pygame.Rect(sx, zone.y, zone.right - sx, zone.h)
        self.side = side
        lh = td.font(t, 16).get_linesize()
        bh = t.px(40)
        sg = t.px(8)
        # setup's three buttons share a row when they fit; else Confirm gets a row of its own
        bw_min = max(t.body_font().size(x)[0] for x in ("Take back", "Confirm")) + t.px(22)
        one_row = side.w >= 3 * bw_min + 2 * sg
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
        self.tray_label = (side.x, side.y)
        self.tray_slots = []
        for i in range(7 if setup else 3):
            r, c = divmod(i, per_row)
            self.tray_slots.append(pygame.Rect(side.x + c * (ss + sg), y + r * (ss + cap + sg), ss, ss))
        y += rows * (ss + cap + sg)
        self.dead_label = (side.x, y)
        ds = int(max(t.px(20), min(ss * 0.72, (side.w - 3 * sg) / 4)))
        y += lh + t.px(2)
        self.my_dead_slots = [] if setup else [pygame.Rect(side.x + k * (ds + sg), y, ds, ds) for k in range(4)]
        p.dead_slots = self.my_dead_slots
        by = side.bottom - bh
        if one_row:
            bw = min(t.px(150), (side.w - 2 * sg) // 3)
            self.btn_back.rect = pygame.Rect(side.x, by, bw, bh)
            self.btn_clear.rect = pygame.Rect(side.x + bw + sg, by, bw, bh)
            self.btn_confirm.rect = pygame.Rect(side.x + 2 * (bw + sg), by, bw, bh)
        else:
            bw = min(t.px(150), (side.w - sg) // 2)
            self.btn_back.rect = pygame.Rect(side.x, by - bh - sg, bw, bh)
            self.btn_clear.rect = pygame.Rect(side.x + bw + sg, by - bh - sg, bw, bh)
            self.btn_confirm.rect = pygame.Rect(side.x, by, 2 * bw + sg, bh)
        self.btn_stay.rect = pygame.Rect(side.x, by, min(side.w, t.px(200)), bh)

    # ------------------------------------------------------------------ input
    def _buttons(self, v):
        if v.seat is None or not v.is_my_decision() or self.steps:
            return []
        k = v.pending.get("kind")
        if k == "setup":
            self.btn_confirm.enabled = len(self.staged) == 4 and self.host.can_act()
            self.btn_clear.enabled = bool(self.staged)
            self.btn_back.enabled = bool(self.stage_order)
            return [self.btn_back, self.btn_clear, self.btn_confirm]
        if k == "cover":
            self.btn_stay.enabled = self.host.can_act()
            return [self.btn_stay]
        return []

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if self.busy and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.skip()
            return True
        v = self.view()
        self._check_decision(v)
        for b in self._buttons(v):
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.sel:
                self.sel = None
                return True
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if not self.rect.collidepoint(event.pos):
            return False
        self.mouse = event.pos
        if self.busy:          # a click on the table skips the animation to its end
            self.skip()
            return True
        if v.seat is None or not v.is_my_decision():
            return False
        k = v.pending.get("kind")
        if k == "setup":
            return self._click_setup(v, event.pos)
        if k == "fire":
            return self._click_fire(v, event.pos)
        if k == "cover":
            return self._click_cover(v, event.pos)
        if k == "deploy":
            return self._click_deploy(v, event.pos)
        return False

    def _tray_die_at(self, v, pos):
        for die, r in self._tray_items(v):
            if r.collidepoint(pos):
                return die
        return None

    def _tray_items(self, v):
        """[(die, slot rect)] of the dice shown in the reserves tray."""
        if self._mode(v) == "setup":
            return [(d, self.tray_slots[i]) for i, d in enumerate(DICE)
                    if d not in self.staged and i < len(self.tray_slots)]
        res = self.my_reserves(v)
        return [(d, self.tray_slots[i]) for i, d in enumerate(res) if i < len(self.tray_slots)]

    def _my_die_at(self, v, space):
        for d, (sp, _) in self.my_dice(v).items():
            if sp == space:
                return d
        return None

    def _click_setup(self, v, pos):
        die = self._tray_die_at(v, pos)
        if die:
            self.sel = None if self.sel == die else die
            return True
        sp = self.me.space_at(pos) if self.me else None
        if sp is None:
            return False
        there = next((d for d, s in self.staged.items() if s == sp), None)
        if self.sel:
            if there:
                self._unstage(there)
            self.staged[self.sel] = sp
            self.stage_order.append(self.sel)
            self.host.sound.play("dice")
            self.sel = there
            return True
        if there:
            self._unstage(there)
            self.sel = there
            return True
        if len(self.staged) < 4:
            self.host.say("Pick a die from your reserves first.")
        return True

    def _unstage(self, die):
        self.staged.pop(die, None)
        if die in self.stage_order:
            self.stage_order.remove(die)

    def _confirm_setup(self):
        if len(self.staged) != 4:
            self.host.say("Place four dice first.", bad=True)
            return
        move = Move.setup(self.staged)
        if self.host.submit(move):
            self.staged, self.stage_order, self.sel = {}, [], None

    def _clear_setup(self):
        self.staged, self.stage_order, self.sel = {}, [], None

    def _take_back(self):
        """Setup: the last die placed goes back to the tray."""
        if self.stage_order:
            self._unstage(self.stage_order[-1])

    def _click_fire(self, v, pos):
        if self.me and self.me.grid.collidepoint(pos):
            sp = self.me.space_at(pos)
            d = self._my_die_at(v, sp) if sp else None
            if d:
                self.sel = None if self.sel == d else d
                self.host.sound.play("click")
            return True
        for seat, p in self.panels.items():
            if p.big or v.out[seat]:
                continue
            sp = p.space_at(pos)
            if sp is None:
                continue
            if not self.sel:
                self.host.say("First pick one of your platoons to fire.")
                return True
            move = Move("fire", self.sel, sp)
            why = v.why_illegal(move)
            if why:
                self.host.say(why, bad=True)
                return True
            if self.host.submit(move):
                self.sel = None
            return True
        return False

    def _click_cover(self, v, pos):
        if not self.me or not self.me.grid.collidepoint(pos):
            return False
        sp = self.me.space_at(pos)
        die = v.pending.get("die")
        if sp is None:
            return True
        if sp == v.pending.get("space"):
            self._stay()
            return True
        if sp in (v.pending.get("options") or []):
            self.host.submit(Move("cover", die, sp))
            return True
        why = v.why_illegal(Move("cover", die, sp))
        self.host.say(why or "Pick a lit space, or Stay.", bad=True)
        return True

    def _stay(self):
        v = self.view()
        if v.pending.get("kind") == "cover" and v.is_my_decision():
            self.host.submit(Move("stay", v.pending.get("die")))

    def _click_deploy(self, v, pos):
        die = self._tray_die_at(v, pos)
        if die:
            self.sel = None if self.sel == die else die
            return True
        if not self.me or not self.me.grid.collidepoint(pos):
            return False
        sp = self.me.space_at(pos)
        if sp is None:
            return True
        sel = self.sel
        res = v.pending.get("reserves") or []
        if sel is None and len(res) == 1:
            sel = res[0]
        if sel is None:
            self.host.say("Pick a reserve die first.")
            return True
        move = Move("deploy", sel, sp)
        why = v.why_illegal(move)
        if why:
            self.host.say(why, bad=True)
            return True
        if self.host.submit(move):
            self.sel = None
        return True

    # ------------------------------------------------------------------ animation
    def on_move(self, entry, before, after):
        viewer = self.host.viewer
        bv, av = before.view(viewer), after.view(viewer)
        self.hint = None
        new = av.events[len(bv.events):]
        priv = list(av.my_private[len(bv.my_private):]) if viewer is not None else []
        factor = self.host.settings.anim_factor()
        self._view = None
        if factor <= 0 or not new:
            self._instant_sounds(new, viewer)
            self.steps = []
            self._sync()
            return
        # a move that arrives while another still animates: show the older one's end at once
        self._finish_all()
        self.k = len(bv.events)
        self.mine = dict(bv.my_platoons) if viewer is not None else {}
        self.my_res = [d for d in DICE if d in bv.my_reserves] if viewer is not None else []
        self.hidden = set()
        base = len(av.events) - len(new)
        self.steps.extend(self._plan(new, base, priv, viewer, factor, av))

    def _instant_sounds(self, new, viewer):
        kinds = {e["kind"] for e in new}
        snd = self.host.sound
        if "shot" in kinds:
            snd.play("shot")
        elif "deploy" in kinds or "start" in kinds:
            snd.play("dice")

    def _plan(self, new, base, priv, viewer, factor, av):
        steps = []
        priv = list(priv)

        def take(*kinds):
            for i, e in enumerate(priv):
                if e["kind"] in kinds:
                    return priv.pop(i)
            return None

        i = 0
        while i < len(new):
            e = new[i]
            k = e["kind"]
            idx = base + i
            if k == "setup":
                own = take("setup") if e["seat"] == viewer else None
                steps.append(Step("setup", DUR["setup"] * factor, idx + 1, seat=e["seat"], own=own))
            elif k == "start":
                steps.append(Step("start", DUR["start"] * factor, idx + 1, seat=e["seat"]))
            elif k == "shot":
                fired = take("fired") if e["seat"] == viewer else None
                targets = []
                j = i + 1
                while j < len(new) and new[j]["kind"] == "answer":
                    targets.append(new[j]["seat"])
                    j += 1
                steps.append(Step("shot", DUR["shot"] * factor, idx + 1, ev=e, targets=targets,
                                  die=fired["die"] if fired else None))
            elif k == "answer":
                j = i
                answers = []
                while j < len(new) and new[j]["kind"] == "answer":
                    answers.append(new[j])
                    j += 1
                st = Step("answers", DUR["answers"] * factor, base + j, answers=answers)
                st.k_start = base + j
                steps.append(st)
                i = j
                continue
            elif k in ("survived", "eliminated") or (k == "defeated" and e.get("cause") != "own_salvo"):
                j = i
                items = []
                while j < len(new) and (new[j]["kind"] in ("survived", "eliminated") or
                                        (new[j]["kind"] == "defeated" and new[j].get("cause") != "own_salvo")):
                    ev = new[j]
                    dmg = None
                    if ev["seat"] == viewer and ev["kind"] in ("survived", "defeated"):
                        dmg = take("damaged")
                    items.append((ev, dmg))
                    j += 1
                steps.append(Step("damage", DUR["damage"] * factor, base + j, items=items))
                i = j
                continue
            elif k == "cover":
                own = take("moved", "stayed") if e["seat"] == viewer else None
                steps.append(Step("cover", DUR["cover"] * factor, idx + 1, ev=e, own=own))
            elif k == "deploy":
                own = take("deployed") if e["seat"] == viewer else None
                steps.append(Step("deploy", DUR["deploy"] * factor, idx + 1, ev=e, own=own))
            elif k == "ammo":
                own = take("ammo") if e["seat"] == viewer else None
                steps.append(Step("ammo", DUR["ammo"] * factor, idx + 1, ev=e, own=own))
            elif k == "defeated":      # a final salvo's own platoon
                own = take("ammo") if e["seat"] == viewer else None
                steps.append(Step("salvo_exit", DUR["salvo_exit"] * factor, idx + 1, ev=e, own=own))
            elif k == "winner":
                steps.append(Step("winner", DUR["winner"] * factor, idx + 1, seat=e["seat"]))
            elif steps:                # reveal and the like: shown with the step before
                steps[-1].k_end = idx + 1
            else:
                steps.append(Step("quiet", 0.0, idx + 1))
            i += 1
        return steps

    def skip(self):
        """Jump to the end of the running animation (a click or Space)."""
        self._finish_all()

    def _finish_all(self):
        if self.steps:
            self.steps = []
            self._sync()

    def _sync(self):
        self.k = None
        self.mine = None
        self.my_res = None
        self.hidden = set()
        v = self.view()
        s = last_shot(v.events)
        self.announce = self._shot_text(s) if s else ""
        if v.phase == "over" and v.winner is not None:
            how = " with a final salvo" if v.win_reason == "salvo" else ", the last army standing"
            self.announce = f"{self._seat_name(v.winner)} wins{how}!"


    def _seat_name(self, s):
        seats = self.host.seats
        return seats[s].name if 0 <= s < len(seats) and seats[s].name else f"Player {s + 1}"

    def _shot_text(self, s):
        if not s:
            return ""
        tail = " FINAL SALVO!" if s.get("salvo") else ""
        t = f"{self._seat_name(s['seat'])}: \u201cPower {s['power']} shot at {s['space']}\u201d{tail}"
        return t

    def _start_step(self, st):
        st.started = True
        if st.k_start is not None:
            self.k = st.k_start
        snd = self.host.sound
        v = self.view()
        d = st.data
        t = self.host.theme
        if st.kind == "start":
            self.announce = f"{self._seat_name(d['seat'])} fires first"
            snd.play("dice")
        elif st.kind == "shot":
            self.announce = self._shot_text(d["ev"])
            snd.play("shot")
        elif st.kind == "answers":
            snd.play("hit" if any(a["hit"] for a in d["answers"]) else "tick")
        elif st.kind == "damage":
            boom = False
            for ev, dmg in d["items"]:
                s = ev["seat"]
                if ev["kind"] == "survived" and dmg and self.me and self.mine is not None:
                    self.hidden.add(dmg["die"])
                    pos = self.me.cell_rect(dmg["space"]).center
                    st.anims.append((DieChange(dmg["die"], dmg["from"], dmg["to"], pos, st.duration, self._rng),
                                     self.me.cell * 0.8, td.die_colors(t, s)))
                elif ev["kind"] == "defeated":
                    boom = True
                    p = self.panels.get(s)
                    if p is None:
                        continue
                    nd = len(self.public(v)[s].defeated)
                    end = p.dead_slots[min(nd, 3)].center if p.dead_slots else p.centre
                    start = p.cell_rect(ev["space"]).center if ev.get("space") else p.centre
                    val = dmg["from"] if dmg else 0
                    if p.big and self.mine is not None:
                        self.mine.pop(ev["die"], None)
                    st.anims.append((DieExit(ev["die"], val, start, end, st.duration, self._rng),
                                     p.cell * 0.8, td.die_colors(t, s)))
                elif ev["kind"] == "eliminated":
                    boom = True
            snd.play("explosion" if boom else "hit")
        elif st.kind == "cover":
            own = d.get("own")
            if own and own["kind"] == "moved" and self.me is not None:
                self.hidden.add(own["die"])
        elif st.kind == "deploy":
            own = d.get("own")
            snd.play("dice")
            if own and self.me is not None:
                slot = next((r for dd, r in self._tray_items(v) if dd == own["die"]), None)
                start = slot.center if slot else self.side.center
                if self.my_res is not None and own["die"] in self.my_res:
                    self.my_res.remove(own["die"])
                st.anims.append((DieRoll(own["die"], own["value"], start, self.me.cell_rect(own["space"]).center,
                                         st.duration, self._rng), self.me.cell * 0.8, td.die_colors(t, v.seat)))
                self.hidden.add(own["die"])
                if self.mine is not None:
                    self.mine[own["die"]] = (own["space"], own["value"])
        elif st.kind == "ammo":
            own = d.get("own")
            if own and self.me is not None and self.mine is not None and own["die"] in self.mine:
                sp = self.mine[own["die"]][0]
                self.hidden.add(own["die"])
                st.anims.append((DieChange(own["die"], own["from"], own["to"], self.me.cell_rect(sp).center,
                                           st.duration, self._rng), self.me.cell * 0.8, td.die_colors(t, v.seat)))
        elif st.kind == "salvo_exit":
            ev = d["ev"]
            s = ev["seat"]
            p = self.panels.get(s)
            snd.play("explosion")
            if p is not None:
                nd = len(self.public(v)[s].defeated)
                end = p.dead_slots[min(nd, 3)].center if p.dead_slots else p.centre
                start = p.centre
                if p.big and self.mine is not None and ev["die"] in self.mine:
                    start = p.cell_rect(self.mine[ev["die"]][0]).center
                    self.mine.pop(ev["die"], None)
                st.anims.append((DieExit(ev["die"], 1, start, end, st.duration, self._rng),
                                 p.cell * 0.8, td.die_colors(t, s)))
        elif st.kind == "winner":
            self.announce = f"{self._seat_name(d['seat'])} wins!"

    def _end_step(self, st):
        d = st.data
        if st.kind == "damage":
            for ev, dmg in d["items"]:
                if dmg and self.mine is not None:
                    self.hidden.discard(dmg["die"])
                    if ev["kind"] == "survived":
                        self.mine[dmg["die"]] = (dmg["space"], dmg["to"])
                    else:
                        self.mine.pop(dmg["die"], None)
            s = last_shot(self.view().events, st.k_end)
            if s:
                self.announce = self._shot_text(s)
        elif st.kind == "setup":
            own = d.get("own")
            if own and self.mine is not None:
                self.mine = {dv[0]: (sp, dv[1]) for sp, dv in own["grid"].items()}
                self.my_res = [x for x in DICE if x not in self.mine]
        elif st.kind == "cover":
            own = d.get("own")
            if own and own["kind"] == "moved" and self.mine is not None and own["die"] in self.mine:
                self.mine[own["die"]] = (own["to"], self.mine[own["die"]][1])
                self.hidden.discard(own["die"])
        elif st.kind == "deploy":
            own = d.get("own")
            if own:
                self.hidden.discard(own["die"])
        elif st.kind == "ammo":
            own = d.get("own")
            if own and self.mine is not None and own["die"] in self.mine:
                self.mine[own["die"]] = (self.mine[own["die"]][0], own["to"])
                self.hidden.discard(own["die"])
        self.k = st.k_end

    # ------------------------------------------------------------------ drawing
    def draw(self, surface):
        c = self.host.theme.c
        v = self.view()
        self._ensure_layout(v)
        pygame.draw.rect(surface, c["table"], self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        pub = self.public(v)
        turn_seat = self._turn_seat(v)
        aim = self._aim_space(v)
        power = v.my_platoons[self.sel][1] if aim and self.sel in v.my_platoons else None
        for s, p in self.panels.items():
            if not p.big:
                self._blit_small(surface, v, pub[s], p, turn_seat == s, aim, power)
        self._draw_strip(surface, v, pub)
        if self.me is not None:
            self._draw_me(surface, v, pub[v.seat], turn_seat == v.seat)
        if self.steps:
            self._draw_step(surface, v, self.steps[0])
        if self.hint is not None and not self.steps:
            self._draw_hint(surface, v)
        surface.set_clip(clip)

    def _turn_seat(self, v):
        if self.steps:          # while a shot plays out, the marker stays on the shooter
            st = self.steps[0]
            if st.kind == "shot":
                return st.data["ev"]["seat"]
            s = last_shot(v.events, self.k)
            if s is not None and st.kind not in ("setup", "start"):
                return s["seat"]
        p = v.pending.get("seat") if v.pending.get("kind") not in ("over", "start") else None
        return p

    def _draw_header(self, surface, p, info, name, to_play, big=False):
        t, c = self.host.theme, self.host.theme.c
        h = p.head
        r = max(td.badge_radius(t), t.px(14)) if big else \
            max(td.badge_radius(t), min(h.h // 2 - 2, t.px(13 if p.cell >= t.px(80) else 11)))
        x = h.x + r + t.px(3)
        td.badge(surface, t, p.seat, (x, h.centery), r)
        x += r + t.px(6)
        font = t.heading_font() if big else t.font(20 if p.cell >= t.px(80) else 17, bold=True)
        right = ""
        if info.winner:
            right = "WINNER"
        elif info.out:
            right = "OUT"
        elif to_play:
            right = "TO PLAY"
        tail_w = 0
        if right and big:
            nr = td.text(surface, name, font, c["text"], (x, h.centery), "midleft")
            tf = t.font(16, bold=True)
            img = td.text_img(right, tf, c["accent_text"] if not info.out else c["text"])
            bg = c["accent"] if not info.out or info.winner else c["disabled"]
            box = img.get_rect(midleft=(nr.right + t.px(16), h.centery)).inflate(t.px(12), t.px(6))
            pygame.draw.rect(surface, bg, box, border_radius=t.px(5))
            surface.blit(img, img.get_rect(center=box.center))
            return nr
        if right:
            tf = td.font(t, 14, bold=True)
            img = td.text_img(right, tf, c["accent_text"] if not info.out else c["text"])
            bg = c["accent"] if not info.out or info.winner else c["disabled"]
            box = img.get_rect(midright=(p.rect.right - t.px(4), h.centery)).inflate(t.px(10), t.px(4))
            if box.left > x + t.px(40):
                pygame.draw.rect(surface, bg, box, border_radius=t.px(5))
                surface.blit(img, img.get_rect(center=box.center))
                tail_w = box.w + t.px(6)
            elif to_play:
                td.turn_arrow(surface, c["accent"], (p.rect.right - t.px(4), h.centery), t.px(8))
                tail_w = t.px(14)
        avail = p.rect.right - x - tail_w - t.px(4)
        if big:
            avail = max(avail, t.px(60))
        nr = td.text(surface, td.fit(name, font, avail), font, c["text"] if not info.out else c["text_dim"],
                     (x, h.centery), "midleft")
        return nr

    def _grid_labels(self, surface, p, font, color):
        t = self.host.theme
        for ci, ch in enumerate(COLS):
            r = p.cell_rect("A" + ch)
            td.text(surface, ch, font, color, (r.centerx, p.grid.y - t.px(2)), "midbottom")
        for ri, ch in enumerate(ROWS):
            r = p.cell_rect(ch + "1")
            td.text(surface, ch, font, color, (p.grid.x - t.px(4), r.centery), "midright")

    def _blit_small(self, surface, v, info, p, to_play, aim, power):
        """An opponent's panel, redrawn only when what it shows changes."""
        t = self.host.theme
        know = tuple(sorted((sp, m["answer"], m["ago"], m["result"]) for sp, m in info.knowledge.items()))
        rev = tuple(sorted((info.revealed or {}).items()))
        key = (tuple(p.rect), p.cell, info.set_up, info.platoons, info.reserves, tuple(info.defeated), info.out,
               info.winner, rev, know, to_play, aim, power, v.phase == "setup", t.colorblind, t.scale,
               self._seat_name(p.seat))
        hit = self._panel_cache.get(p.seat)
        if hit is None or hit[0] != key:
            img = pygame.Surface(p.rect.size, pygame.SRCALPHA)
            self._draw_small(img, v, info, p.shifted(), to_play, aim, power)
            hit = self._panel_cache[p.seat] = (key, img)
        surface.blit(hit[1], p.rect.topleft)

    def _draw_small(self, surface, v, info, p, to_play, aim=None, power=None):
        t, c = self.host.theme, self.host.theme.c
        rad = t.px(8)
        bg = blend(c["table"], c["bg"], 0.55)
        pygame.draw.rect(surface, bg, p.rect, border_radius=rad)
        edge = c["accent"] if to_play else blend(c["table"], c["edge"], 0.7)
        pygame.draw.rect(surface, edge, p.rect, width=max(1, t.px(3 if to_play else 1.5)), border_radius=rad)
        self._draw_header(surface, p, info, self._seat_name(p.seat), to_play)
        self._grid_labels(surface, p, self._label_font(), c["text_dim"])
        # ``aim``: the space the pointer aims at (the shot goes there on every grid)
        rr = max(2, p.cell // 8)
        revealed = info.revealed or {}
        for sp in SPACES:
            r = p.cell_rect(sp)
            fill = c["fog"]
            if aim == sp and not info.out:
                fill = blend(c["fog"], c["accent"], 0.45)
            td.cell(surface, r, fill, blend(c["fog"], (0, 0, 0), 0.35), rr)
            if sp in revealed:
                die, val = revealed[sp]
                draw_die(surface, die, val, r.center, p.cell * 0.82, **td.die_colors(t, p.seat, dim=info.out))
            mark = info.knowledge.get(sp)
            if mark and sp not in revealed:
                td.crater(surface, t, r, mark, small=True)
            if aim == sp and not info.out:
                pygame.draw.rect(surface, c["accent"], r, width=max(2, t.px(2.5)), border_radius=rr)
                if power is not None:
                    f = td.font(t, 14, bold=True)
                    img = td.text_img(f"Power {power}", f, c["accent_text"])
                    box = img.get_rect(midbottom=(r.centerx, r.y - t.px(1))).inflate(t.px(8), t.px(2))
                    pygame.draw.rect(surface, c["accent"], box, border_radius=t.px(4))
                    surface.blit(img, img.get_rect(center=box.center))
        # defeated row and what is left
        for k, slot in enumerate(p.dead_slots):
            if k < len(info.defeated):
                td.dead_die(surface, t, p.seat, info.defeated[k], slot.center, slot.w)
            else:
                td.die_slot(surface, t, slot)
        sf = self._info_font()
        room = p.info_pos[0] - p.dead_slots[-1].right - t.px(6)
        if info.out:
            options = ("revealed",) if info.revealed else ("out",)
        elif not info.set_up:
            options = ("hiding...", "hiding") if v.phase == "setup" else ("",)
        elif info.platoons == 4:
            r_ = info.reserves
            options = (f"{r_} in reserve", f"{r_} in res.", f"res. {r_}")
        else:      # no reserve left: every defeat now costs a platoon
            options = (f"{info.platoons} on grid, no reserve", f"{info.platoons} on grid", f"{info.platoons} left")
        label = next((o for o in options if sf.size(o)[0] <= room), "")
        if label:
            td.text(surface, label, sf, c["text_dim"], p.info_pos, "midright")
        if info.out and not info.winner:
            td.alpha_rect(surface, (0, 0, 0), p.rect, 60, rad)

    def _aim_space(self, v):
        """The space under the pointer on a live opponent's grid (while a
        platoon is selected to fire), or None."""
        if not (self.sel and v.pending.get("kind") == "fire" and v.is_my_decision()):
            return None
        for s, p in self.panels.items():
            if not p.big and not v.out[s]:
                sp = p.space_at(self.mouse)
                if sp:
                    return sp
        return None

    def _draw_strip(self, surface, v, pub):
        t, c = self.host.theme, self.host.theme.c
        r = self.strip
        line, font, active = self._strip_line(v)
        if not line:
            return
        col = c["accent"] if active else c["text"]
        box = pygame.Rect(0, 0, min(r.w, font.size(line)[0] + t.px(28)), r.h - t.px(6))
        box.center = r.center
        pygame.draw.rect(surface, blend(c["table"], (0, 0, 0), 0.35), box, border_radius=box.h // 2)
        if active:
            pygame.draw.rect(surface, c["accent"], box, width=max(1, t.px(2)), border_radius=box.h // 2)
        td.text(surface, line, font, col, box.center, "center")

    def _strip_line(self, v):
        """(text, font, active) of the announcement strip: the most detailed
        line that fits, else a shorter one (the names of who missed become a
        count), in the largest font that holds it; never smaller than 17."""
        t = self.host.theme
        txt = self.announce
        s = last_shot(v.events, self.k)
        active = bool(self.steps) and self.steps[0].kind in ("shot", "answers", "start", "winner")
        if not txt and v.phase == "setup":
            txt = "Every seat hides four platoons on its secret grid."
        if not txt:
            return "", None, active
        lines = [txt]
        if s and not active and txt == self._shot_text(s) and s["answers"]:
            lines = [txt + "   \u2014   " + a for a in self._answer_texts(v, s["answers"])] + [txt]
        avail = self.strip.w - t.px(28)
        fonts = ((t.font(24, bold=True),) if active else ()) + (t.font(20, bold=True), t.font(17, bold=True))
        for f in fonts:
            line = next((x for x in lines if f.size(x)[0] <= avail), None)
            if line:
                return line, f, active
        return td.fit(lines[-1], fonts[-1], avail), fonts[-1], active

    def _answer_texts(self, v, answers):
        """Ways to say who answered Hit and Miss, longest first: names, then
        the hits by name and the misses counted, then only counts."""
        nm = lambda a: "you" if a == v.seat else self._seat_name(a)  # noqa: E731
        hits = [nm(a) for a, h in answers.items() if h]
        miss = [nm(a) for a, h in answers.items() if not h]
        out = []
        full = (["HIT: " + ", ".join(hits)] if hits else []) + (["miss: " + ", ".join(miss)] if miss else [])
        out.append(" \u00b7 ".join(full))
        if miss:
            counted = f"{len(miss)} missed" if hits or len(miss) > 1 else "miss: " + miss[0]
            if not hits and len(miss) == len(answers) and len(miss) > 1:
                counted = "all missed"
            out.append(" \u00b7 ".join((["HIT: " + ", ".join(hits)] if hits else []) + [counted]))
        if hits:
            you = "you" in hits
            others = len(hits) - you
            h = "HIT: you" + (f" + {others} more" if others else "") if you else f"{len(hits)} hit"
            out.append(h + (f" \u00b7 {len(miss)} missed" if miss else ""))
        return list(dict.fromkeys(out))

    def _draw_me(self, surface, v, info, to_play):
        t, c = self.host.theme, self.host.theme.c
        p = self.me
        name = self._seat_name(v.seat)
        self._draw_header(surface, p, info, f"{name} \u2014 your grid", to_play, big=True)
        self._grid_labels(surface, p, t.font(17, bold=True), c["text"])
        dice = self.my_dice(v)
        at = {sp: (d, val) for d, (sp, val) in dice.items()}
        # the decision waits until the animation has told what happened
        kind = v.pending.get("kind") if v.is_my_decision() and not self.steps else None
        lit = set()
        if kind == "cover":
            lit = set(v.pending.get("options") or [])
        elif kind == "deploy" and (self.sel or len(v.pending.get("reserves") or []) == 1):
            lit = set(v.pending.get("options") or []) if self.host.settings.highlights else set()
        elif kind == "setup" and self.sel and self.host.settings.highlights:
            lit = {sp for sp in SPACES if sp not in at}
        rr = max(3, p.cell // 10)
        felt = blend(c["table"], (255, 255, 255), 0.1)
        hover = p.space_at(self.mouse)
        # damage taken since this seat's own last decision (so it shows after a hand-over too)
        recent: dict = {}
        if self.mine is None:
            own = [i for i, e in enumerate(v.my_private) if e.get("kind") in _OWN_ACTIONS]
            since = own[-1] + 1 if own else 0
            for e in v.my_private[since:]:
                if e.get("kind") == "damaged" and e["to"] > 0:
                    recent[e["die"]] = recent.get(e["die"], 0) + e["from"] - e["to"]
        for sp in SPACES:
            r = p.cell_rect(sp)
            fill = felt
            if sp in lit:
                fill = blend(felt, (255, 255, 255), 0.22 if sp == hover else 0.1)
            td.cell(surface, r, fill, blend(felt, (0, 0, 0), 0.45), rr, max(1, t.px(1.5)))
            mark = info.knowledge.get(sp)
            if mark:   # what the table knows about my grid
                mr = pygame.Rect(r.x + t.px(2), r.y + t.px(2), int(r.w * 0.45), int(r.h * 0.45))
                td.crater(surface, t, mr, mark, small=True, faint=True)
            if sp in lit:
                pygame.draw.rect(surface, c["accent"], r, width=max(2, t.px(3)), border_radius=rr)
        if kind == "cover" and v.pending.get("space"):
            o = p.cell_rect(v.pending["space"]).center
            for sp in lit:
                e = p.cell_rect(sp).center
                a = (o[0] + (e[0] - o[0]) * 0.42, o[1] + (e[1] - o[1]) * 0.42)
                b = (o[0] + (e[0] - o[0]) * 0.78, o[1] + (e[1] - o[1]) * 0.78)
                td.arrow(surface, c["accent"], a, b, max(2, t.px(4)), t.px(14))
        for sp, (d, val) in at.items():
            if d in self.hidden:
                continue
            r = p.cell_rect(sp)
            selected = d == self.sel or (kind == "cover" and d == v.pending.get("die"))
            if selected:
                pygame.draw.rect(surface, c["accent"], r.inflate(-2, -2), width=max(2, t.px(3)), border_radius=rr)
            draw_die(surface, d, val, r.center, p.cell * 0.8, **td.die_colors(t, v.seat))
            if recent.get(d):
                f = td.font(t, 15, bold=True)
                img = td.text_img(f"-{recent[d]}", f, ink_on(c["hit"]))
                box = img.get_rect(topright=(r.right - t.px(4), r.y + t.px(4))).inflate(t.px(8), t.px(2))
                pygame.draw.rect(surface, c["hit"], box, border_radius=box.h // 2)
                surface.blit(img, img.get_rect(center=box.center))
            if val == 1 and (kind == "fire" or self.host.settings.highlights):
                td.text(surface, "SALVO", td.font(t, 12, bold=True), c["accent"], (r.centerx, r.bottom - t.px(1)),
                        "midbottom")
        # reserves and defeated dice
        lf = t.small_font()
        setup = self._mode(v) == "setup"
        head = ("Reserves",) if not setup else ("Your dice: pick one, then a space", "Pick a die, then a space",
                                                 "Your dice")
        td.text(surface, td.fit_first(head, lf, self.side.w), lf, c["text_dim"], self.tray_label)
        for slot in self.tray_slots:
            td.die_slot(surface, t, slot)
        sel_tray = kind in ("setup", "deploy")
        for d, slot in self._tray_items(v):
            if sel_tray and d == self.sel:
                pygame.draw.rect(surface, c["accent"], slot, width=max(2, t.px(3)), border_radius=t.px(6))
            draw_die(surface, d, DIE_SIZES[d], slot.center, slot.w * 0.82, **td.die_colors(t, v.seat))
            td.text(surface, "d10%" if d == "d%" else d, lf, c["text_dim"], (slot.centerx, slot.bottom + t.px(1)),
                    "midtop")
        if self.my_dead_slots:
            td.text(surface, f"Defeated ({len(info.defeated)} of 4)", lf, c["text_dim"], self.dead_label)
            for k, slot in enumerate(self.my_dead_slots):
                if k < len(info.defeated):
                    td.dead_die(surface, t, v.seat, info.defeated[k], slot.center, slot.w)
                else:
                    td.die_slot(surface, t, slot)
        btns = self._buttons(v)
        for b in btns:
            b.draw(surface, t)
        if not setup and self.legend_rect is not None and not (btns and self.legend_shares_buttons):
            td.legend(surface, t, self.legend_rect)
        if info.out:
            td.alpha_rect(surface, (0, 0, 0), p.grid.inflate(t.px(8), t.px(8)), 100, rr)
            td.text(surface, "OUT", t.title_font(), c["danger"], p.grid.center, "center")

    def _cell_center(self, seat, space):
        p = self.panels.get(seat)
        if p is None:
            return self.rect.center
        return p.cell_rect(space).center

    def _cannon_base(self, seat, die=None):
        """Where the cannon stands: on the firing die when the viewer fires,
        else over the middle of the shooter's grid."""
        t = self.host.theme
        p = self.panels.get(seat)
        if p is None:
            return self.rect.center, t.px(24)
        if p.big:
            if die and self.mine and die in self.mine:
                r = p.cell_rect(self.mine[die][0])
                return (r.centerx, r.y + r.h * 0.3), max(t.px(26), p.cell * 0.42)
            return (p.grid.centerx, p.grid.y), max(t.px(26), p.cell * 0.42)
        return p.grid.center, max(t.px(20), p.cell * 1.1)

    def _draw_step(self, surface, v, st):
        t, c = self.host.theme, self.host.theme.c
        d = st.data
        u = st.progress
        if st.kind == "shot":
            ev = d["ev"]
            base, size = self._cannon_base(ev["seat"], d.get("die"))
            targets = d["targets"] or [s for s in range(v.num_players) if s != ev["seat"] and not v.out[s]]
            cx = sum(self._cell_center(s, ev["space"])[0] for s in targets) / max(1, len(targets))
            cy = sum(self._cell_center(s, ev["space"])[1] for s in targets) / max(1, len(targets))
            ang = math.atan2(cy - base[1], cx - base[0])
            recoil = max(0.0, 1 - abs(u - 0.12) / 0.12) if u < 0.35 else 0.0
            flash = max(0.0, 1 - u / 0.22)
            muzzle = td.cannon(surface, t, base, ang, size, recoil, flash)
            if d.get("die") and self.me is not None and self.mine is not None and d["die"] in self.mine:
                r = self.me.cell_rect(self.mine[d["die"]][0])
                pygame.draw.rect(surface, c["accent"], r.inflate(t.px(4), t.px(4)), width=max(2, t.px(3)),
                                 border_radius=t.px(6))
            for n, s in enumerate(targets):
                end = self._cell_center(s, ev["space"])
                uu = min(1.0, max(0.0, (u - 0.1 - 0.04 * n) / 0.8))
                if 0 < uu < 1:
                    x = muzzle[0] + (end[0] - muzzle[0]) * uu
                    y = muzzle[1] + (end[1] - muzzle[1]) * uu
                    arc = min(t.px(120), 0.35 * math.hypot(end[0] - muzzle[0], end[1] - muzzle[1]))
                    y -= arc * 4 * uu * (1 - uu)
                    pygame.draw.circle(surface, (20, 20, 24), (x, y), t.px(6))
                    pygame.draw.circle(surface, (90, 90, 100), (x - t.px(2), y - t.px(2)), t.px(2))
        elif st.kind == "answers":
            for a in d["answers"]:
                s = a["seat"]
                p = self.panels.get(s)
                if p is None:
                    continue
                hit = a["hit"]
                cr = p.cell_rect(a["space"])
                if u < 0.5:
                    # a hit bursts (a spiky star), a miss ripples (a plain ring): shape, not colour
                    rad = cr.w * (0.3 + u * 1.2)
                    w = max(2, int(cr.w * 0.08))
                    if hit:
                        pygame.draw.polygon(surface, c["hit"], td.star(cr.center, rad, rad * 0.62, 8, u), w)
                    else:
                        pygame.draw.circle(surface, c["miss"], cr.center, rad, w)
                label = "HIT" if hit else "MISS"
                who = "You" if s == v.seat else None
                bg, fg = (c["hit"], None) if hit else (c["miss"], None)
                big = 1.5 if p.big else max(0.75, min(1.2, p.cell / t.px(40)))
                pop_at = (p.grid.centerx, p.grid.centery)
                td.pop(surface, t, pop_at, f"{who}: {label}" if who else label, bg, fg, u, big)
        elif st.kind == "damage":
            for ev, dmg in d["items"]:
                p = self.panels.get(ev["seat"])
                if p is None:
                    continue
                if ev["kind"] == "survived" and not (p.big and dmg):
                    cr = p.cell_rect(ev["space"])
                    td.pop(surface, t, (cr.centerx, cr.y), f"-{ev['damage']}", c["hit"], None, u, 0.8)
                elif ev["kind"] == "eliminated":
                    td.pop(surface, t, p.grid.center, "OUT!", c["danger"], None, u, 1.3)
                elif ev["kind"] == "defeated" and not p.big:
                    cr = p.cell_rect(ev["space"])
                    td.pop(surface, t, (cr.centerx, cr.y), "DEFEATED", c["danger"], None,
                           min(1.0, u * 1.2), 0.7)
        elif st.kind == "cover":
            ev = d["ev"]
            p = self.panels.get(ev["seat"])
            own = d.get("own")
            if p is not None and p.big and own and own["kind"] == "moved" and self.mine is not None:
                die = own["die"]
                val = self.mine.get(die, (None, DIE_SIZES[die]))[1]
                a, b = p.cell_rect(own["from"]).center, p.cell_rect(own["to"]).center
                e = 1 - (1 - u) ** 3
                pos = (a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e - math.sin(math.pi * u) * p.cell * 0.25)
                draw_die(surface, die, val, pos, p.cell * 0.8, **td.die_colors(t, ev["seat"]))
            elif p is not None:
                cr = p.cell_rect(ev["space"])
                label = "stayed (bluff)" if own and own["kind"] == "stayed" else "ran for cover"
                td.pop(surface, t, (cr.centerx, cr.y), label, c["accent"], c["accent_text"], u,
                       0.9 if p.big else 0.7)
        elif st.kind == "deploy":
            p = self.panels.get(d["ev"]["seat"])
            if p is not None and not (p.big and d.get("own")):
                td.pop(surface, t, p.grid.center, "deployed a reserve", c["panel_hi"], c["text"], u, 0.75)
        elif st.kind == "ammo":
            ev = d["ev"]
            p = self.panels.get(ev["seat"])
            if p is not None and not (p.big and d.get("own")):
                td.pop(surface, t, (p.grid.centerx, p.grid.y + p.cell // 2),
                       f"power {ev['power']} \u2192 {ev['value']}", c["panel_hi"], c["text"], u, 0.75)
            elif p is not None:
                own = d["own"]
                sp = self.mine.get(own["die"], (None,))[0] if self.mine else None
                if sp:
                    cr = p.cell_rect(sp)
                    td.pop(surface, t, (cr.centerx, cr.y), "halved", c["panel_hi"], c["text"], u, 0.8)
        elif st.kind == "salvo_exit":
            p = self.panels.get(d["ev"]["seat"])
            if p is not None:
                td.pop(surface, t, p.grid.center, "FINAL SALVO spent", c["danger"], None, u, 0.8)
        elif st.kind == "start":
            p = self.panels.get(d["seat"])
            if p is not None:
                td.pop(surface, t, p.grid.center, "fires first", c["accent"], c["accent_text"], u, 1.0)
        elif st.kind == "winner":
            p = self.panels.get(d["seat"])
            if p is not None:
                td.pop(surface, t, p.grid.center, "WINNER", c["accent"], c["accent_text"], u, 1.4)
        elif st.kind == "setup":
            p = self.panels.get(d["seat"])
            if p is not None and not p.big:
                td.pop(surface, t, p.grid.center, "hidden", c["panel_hi"], c["text"], u, 0.8)
        for a, size, cols in st.anims:
            a.draw(surface, size, **cols)

    def _draw_hint(self, surface, v):
        t = self.host.theme
        m = self.hint
        col = (120, 220, 255)
        w = max(2, t.px(3))
        if self.me is None:
            return
        if m.kind == "fire":
            if m.die in v.my_platoons:
                pygame.draw.rect(surface, col, self.me.cell_rect(v.my_platoons[m.die][0]), w, t.px(6))
            for s, p in self.panels.items():
                if not p.big and not v.out[s]:
                    pygame.draw.rect(surface, col, p.cell_rect(m.space), w, t.px(4))
        elif m.kind in ("cover", "deploy") and m.space:
            pygame.draw.rect(surface, col, self.me.cell_rect(m.space), w, t.px(6))
        elif m.kind == "stay" and m.die in v.my_platoons:
            pygame.draw.rect(surface, col, self.me.cell_rect(v.my_platoons[m.die][0]), w, t.px(6))
        elif m.kind == "setup":
            for d, sp in m.placements:
                r = self.me.cell_rect(sp)
                pygame.draw.rect(surface, col, r, w, t.px(6))
                draw_die(surface, d, DIE_SIZES[d], r.center, self.me.cell * 0.6, alpha=110,
                         **td.die_colors(t, v.seat))

    # ------------------------------------------------------------------ for tests and tools
    def cell_center(self, seat, space):
        """Screen position of ``space`` on ``seat``'s grid (as laid out now)."""
        self._ensure_layout(self.view())
        return self.panels[seat].cell_rect(space).center

    def tray_center(self, die):
        v = self.view()
        self._ensure_layout(v)
        for d, r in self._tray_items(v):
            if d == die:
                return r.center
        return None

    # ------------------------------------------------------------------ rules pictures
    @staticmethod
    def draw_rules_diagram(key, surface, rect, theme):
        from games.cannon_corps.diagrams import draw_diagram
        draw_diagram(key, surface, rect, theme)
