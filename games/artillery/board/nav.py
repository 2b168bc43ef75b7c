"""Playing Artillery without a mouse: the keyboard's arrows, Enter and Esc, or a
gamepad's pad, A and B, as ``games.ui.nav`` names them (``Board.on_nav``).

The board holds a :class:`TableNav` (``board.nav``) that keeps only the cursor's own
state and reads the board through its public methods; ``on_nav``, ``nav_key`` and
``nav_step`` stay on the board, one call each.

The cursor lives in one of two places:

* **the table**: a point on the inch grid, moved one inch a step (up is up on the
  screen; a zoomed view follows it). "press" does what a click there does, the
  board's own code: activate the unit under it, walk the active unit there (the
  move disc and the line with its length show where it would go), pick one of its
  field guns to turn (or, with one picked, turn it toward the point), aim at an
  enemy unit or a section. Past the table's right edge the arrows go on into the
  column.
* **the column**: its buttons (the card to choose, the units to activate, the
  active unit's actions, the guns, the shot and Fire!, the compass, "All moves",
  the grid and the view), stepped through as they stand; "press" presses one. An
  arrow leading nowhere to the left goes back to the table. A press on the table
  that leaves a decision only the column offers (an aim, a gun to turn) takes the
  cursor there, to Fire! or the compass.

"back" lets go of the aim or the gun picked (as Esc), or closes the list of every
move; with nothing to let go it is not used (the frame then opens its menu). Rolls
are Space's (the frame's), never a press.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from games.artillery.rules import ArtilleryState, Phase
from games.ui.nav import BACK, DIRS, LEFT, PRESS, nearest
from games.ui.widgets import Button, draw_focus_ring

if TYPE_CHECKING:
    from .scene import ArtilleryBoard

#: a place of the cursor: ("at", (x, y)) on the table, or a key of the column's buttons
NavKey = tuple[Any, ...]
Inch = tuple[int, int]


def draw_cursor(surface: pygame.Surface, pos: Sequence[float], r: float) -> None:
    """The table's cursor: a ring with four ticks pointing at the grid point, white on a
    black band, so it reads on grass, water, a unit of either side and in both palettes."""
    x, y = int(round(pos[0])), int(round(pos[1]))
    r = max(7, int(r))
    w = max(2, r // 5)
    for col, width, grow in (((0, 0, 0), w + 4, 2), ((255, 255, 255), w, 0)):
        pygame.draw.circle(surface, col, (x, y), r + grow // 2, width)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a = (x + dx * (r + 2 * w), y + dy * (r + 2 * w))
            b = (x + dx * max(2, r // 3), y + dy * max(2, r // 3))
            pygame.draw.line(surface, col, a, b, width)


class TableNav:
    """The cursor of :class:`~games.artillery.board.scene.ArtilleryBoard` (``board.nav``):
    where it is, and what an arrow, a press or "back" does there."""

    def __init__(self, board: ArtilleryBoard) -> None:
        self.board = board
        self.on = False                    # the cursor is shown (until the mouse moves)
        self.inch: Inch | None = None      # its point on the table (whole inches), kept while in the column
        self.btn: NavKey | None = None     # the column's place it is on, or None: on the table
        self.btn_xy: tuple[int, int] | None = None
        self._decision: tuple[Any, ...] | None = None   # the decision the cursor was last placed for

    def mouse_moved(self, event: pygame.event.Event) -> None:
        """The mouse is in use again: the cursor goes (a motion that moved nothing, as
        SDL sends when a window gains focus, leaves it)."""
        if any(getattr(event, "rel", (1, 1))):
            self.on = False

    def forget(self) -> None:
        self.on, self.inch, self.btn, self.btn_xy = False, None, None, None
        self._decision = None

    # -- the places ---------------------------------------------------------------------------
    def column(self) -> dict[NavKey, pygame.Rect]:
        """key -> rect of the column's buttons a press may press now (the view buttons,
        while the board is interactive; the rest only while the player may act)."""
        b = self.board
        st = b.state()
        can = b.host.can_act()
        out: dict[NavKey, pygame.Rect] = {}
        if b.interactive and b.panel.rect.w >= 8 and b.panel.rect.h >= 140:
            names = {b.col_btn: "column", b.zin_btn: "in", b.zout_btn: "out", b.fit_btn: "fit"}
            for btn in b.view_buttons():
                if btn.enabled:
                    out[("view", names[btn])] = btn.rect
        if b.panel.strip:
            return out
        b.panel.refresh(st, can)
        for btn in b.panel.buttons:
            if btn.enabled:
                out[("button", btn.label)] = btn.rect
        out[("grid",)] = b.panel.grid_btn.rect
        if can:
            out[("all",)] = b.panel.all_btn.rect
        return out

    def table_size(self) -> tuple[int, int]:
        tb = self.board.state().table
        return int(math.floor(tb.width)), int(math.floor(tb.height))

    def key(self) -> NavKey | None:
        """The place the cursor is on: ("at", (x, y)) on the table, a column key, or None
        while it is hidden."""
        if not self.on:
            return None
        self.fix()
        if self.btn is not None:
            return self.btn
        return ("at", self.inch)

    def step(self, key: NavKey, action: str) -> NavKey:
        """The place an arrow leads to from ``key`` (``key`` itself where nothing lies that way)."""
        if key[0] == "at":
            (x, y), (w, h) = key[1], self.table_size()
            dx, dy = DIRS[action]
            nx, ny = x + dx, y - dy                  # table inches grow upwards, the screen's y down
            if nx > w:                               # past the right edge: on into the column
                col = self.column()
                geo = self.board.geo_for(self.board.state())
                py = geo.pt(x, y)[1]
                right = {k: r for k, r in col.items() if r.centerx > geo.pt(w, 0)[0]}
                if right:
                    return min(right, key=lambda k: (abs(right[k].centery - py), right[k].centerx))
                return key
            return ("at", (min(w, max(0, nx)), min(h, max(0, ny))))
        col = self.column()
        if key not in col:
            return key
        to = nearest(col, col[key].center, action)
        if to is None and action == LEFT and self.inch is not None:
            return ("at", self.inch)             # back out onto the table
        return to or key

    # -- the actions --------------------------------------------------------------------------------
    def on_nav(self, action: str) -> bool:
        b = self.board
        if not b.host.can_act() or b.busy:
            return False
        if action == BACK:
            return self._back()
        if action not in (*DIRS, PRESS):
            return False
        if not self.on:
            self.on = True             # the first action shows where the cursor is
            self.fix(start=True)
            return True
        self.fix()
        if action == PRESS:
            self._press()
        else:
            key = self.key()
            assert key is not None
            self._go(self.step(key, action))
        return True

    def _back(self) -> bool:
        b = self.board
        if b.aim.target is not None or b.sel_gun is not None or b.drag is not None:
            b.clear_selection()             # as Esc does
            self.btn = None                 # and back to the table, where the aim was taken
            self._point_mouse()
            return True
        if b.panel.show_all:
            b.panel.toggle_all()
            return True
        return False

    def _go(self, key: NavKey) -> None:
        if key[0] == "at":
            self.btn = None
            self.inch = key[1]
            self._follow()
            self._point_mouse()
            return
        self.btn = key
        r = self.column().get(key)
        if r is not None:
            self.btn_xy = r.center
            self.board.point(r.center)       # the view buttons' tooltips follow it

    def pixel(self, inch: Sequence[float]) -> tuple[int, int]:
        """The screen pixel a press at the table point ``inch`` clicks (a whole pixel, as
        a mouse's is)."""
        x, y = self.board.geo_for(self.board.state()).pt(inch[0], inch[1])
        return (int(round(x)), int(round(y)))

    def _point_mouse(self) -> None:
        """The board's pointer on the cursor's point: the tooltip and the move line follow it."""
        if self.inch is not None and self.btn is None:
            self.board.point(self.pixel(self.inch))

    def _follow(self) -> None:
        """A zoomed view keeps the cursor in sight (it pans, as a drag would)."""
        b = self.board
        if b.zoom <= 1.0 or self.inch is None:
            return
        geo = b.geo_for(b.state())
        x, y = geo.pt(*self.inch)
        inner = b.map_rect.inflate(-2 * int(geo.s * 2), -2 * int(geo.s * 2))
        if not inner.collidepoint(x, y):
            b.centre_on((float(self.inch[0]), float(self.inch[1])))

    def fix(self, start: bool = False) -> None:
        """Keep the cursor on a place that is there. A new decision puts it where that
        decision is made: a card or a casualty in the column, a unit to activate in the
        column's list, a newly active unit on the table at the unit. A column button that
        went (a press rebuilt the column) gives way to the nearest one, or to the table
        when the column has none."""
        b = self.board
        st = b.state()
        if self.inch is None:
            self.inch = self._start_point(st)
        decision = (st.phase, st.act.unit if st.act is not None else None, st.decision is not None,
                    b.host.viewer)
        if start or decision != self._decision:
            self._decision = decision
            if st.phase in (Phase.PICK, Phase.ACTIVATE) or st.decision is not None or b.aim.target or b.sel_gun:
                if st.phase == Phase.ACTIVATE:      # a folded column has no list: the unit on the table
                    self.inch = self._start_point(st)
                self._to_column()
            elif st.phase == Phase.ACT:
                self.inch = self._start_point(st)
                self.btn = None
        if self.btn is None:
            self._point_mouse()
            return
        col = self.column()
        if self.btn in col:
            return
        btns = {k: r for k, r in col.items() if k[0] == "button"}
        if self.btn_xy is not None and btns:
            x, y = self.btn_xy
            self._go(min(btns, key=lambda k: abs(btns[k].centerx - x) + abs(btns[k].centery - y)))
        else:
            assert self.inch is not None
            self._go(("at", self.inch))

    def _start_point(self, st: ArtilleryState) -> Inch:
        """The table point the cursor first shows on: the active unit, else the first unit
        the seat may activate, else the middle of the table."""
        u = st.active_unit() if st.act is not None else None
        if u is None and st.phase == Phase.ACTIVATE:
            ids = [m.a for m in st.legal_moves() if m.kind == "activate"]
            u = st.units.get(ids[0]) if ids else None
        if u is not None:
            return (int(round(u.pos[0])), int(round(u.pos[1])))
        w, h = self.table_size()
        return (w // 2, h // 2)

    def _to_column(self, prefer: Sequence[str] = ("Fire! (F)", "Shoot! (F)")) -> None:
        """Into the column: on the first of ``prefer`` there, else its first button."""
        col = self.column()
        btns = [k for k in col if k[0] == "button"]
        if not btns:
            return
        key = next((k for p in prefer for k in btns if k[1] == p), btns[0])
        self._go(key)

    def _press(self) -> None:
        b = self.board
        if self.btn is not None:
            self._press_button(self.btn)
            return
        assert self.inch is not None
        then = b.press_at(self.pixel(self.inch))
        if callable(then):
            then()
        if b.aim.target is not None:      # aimed: the guns, the shot and Fire! are in the column
            self._to_column()
        elif b.sel_gun is not None:
            self._to_column(prefer=())

    def _press_button(self, key: NavKey) -> None:
        b = self.board
        btn: Button | None
        if key[0] == "view":
            btn = {"column": b.col_btn, "in": b.zin_btn, "out": b.zout_btn, "fit": b.fit_btn}[key[1]]
        elif key[0] == "grid":
            btn = b.panel.grid_btn
        elif key[0] == "all":
            btn = b.panel.all_btn
        else:
            btn = next((x for x in b.panel.buttons if x.label == key[1]), None)
        aimed = b.aim.target
        if btn is not None:
            btn.click()
        b.panel.refresh(b.state(), b.host.can_act())
        if b.aim.target is not None and b.aim.target != aimed:
            self._to_column()            # "Aim X": on to Fire!, as an aim on the table goes

    def would_move(self, st: ArtilleryState) -> tuple[int, int] | None:
        """The table point a press of the cursor would walk the active unit to (its line
        and landing are drawn, as a drag's are), or None: the cursor is in the column, or
        on a piece or a section a press would do something else with."""
        b = self.board
        at = self.point_px()
        if at is None or st.phase != Phase.ACT or st.act is None or b.aim.target is not None or b.sel_gun is not None:
            return None
        if b.unit_at(st, at) is not None or b.gun_at(st, at) is not None:
            return None
        sid = b.section_at(st, at)
        if sid is not None and b.aims_at_section(st, st.legal_moves(), sid):
            return None
        return at

    def help(self, st: ArtilleryState, short: bool = False) -> str:
        """The banner's help while the keys or a gamepad drive the cursor (``short``: for
        a narrow banner)."""
        if short:
            if self.btn is not None:
                return "Arrows: the column; Enter presses"
            return "Arrows: an inch a step; Enter presses there" if st.phase in (Phase.ACT, Phase.ACTIVATE) else ""
        if self.btn is not None:
            return "Arrows step through the column, Enter presses; Left past its edge: the table"
        if st.phase == Phase.ACTIVATE:
            return "Arrows move the cursor an inch; Enter on one of your units activates it"
        if st.phase == Phase.ACT and self.board.sel_gun is not None:
            return f"Enter where {self.board.sel_gun} should point, or the compass in the column; Esc lets go"
        if st.phase == Phase.ACT:
            return ('Arrows: an inch a step; Enter walks the unit there, aims at an enemy or picks a gun; '
                    'right edge: the column')
        return ""

    # -- drawing ------------------------------------------------------------------------------------
    def point_px(self) -> tuple[int, int] | None:
        """The cursor's point on the screen while it is on the table (else None)."""
        if not self.on or self.btn is not None or self.inch is None:
            return None
        return self.pixel(self.inch)

    def draw(self, surface: pygame.Surface) -> None:
        b = self.board
        if not self.on or not b.host.can_act():
            return
        if self.btn is not None:
            r = self.column().get(self.btn)
            if r is not None:
                draw_focus_ring(surface, b.theme, r)
            return
        at = self.point_px()
        if at is not None and b.map_rect.collidepoint(at):
            clip = surface.get_clip()
            surface.set_clip(b.map_rect.clip(clip) if clip else b.map_rect)
            assert b.geo is not None
            draw_cursor(surface, at, max(b.theme.px(9), b.geo.s * 0.6))
            surface.set_clip(clip)
