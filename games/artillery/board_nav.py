"""Playing Artillery without a mouse: the keyboard's arrows, Enter and Esc, or a
gamepad's pad, A and B, as ``games.ui.nav`` names them (``Board.on_nav``).

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
from typing import TYPE_CHECKING

import pygame

from games.ui.nav import BACK, DIRS, LEFT, PRESS, nearest
from games.ui.widgets import draw_focus_ring

if TYPE_CHECKING:
    from games.artillery.scene import ArtilleryBoard

def draw_cursor(surface, pos, r: float) -> None:
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


class ArtilleryNav:
    """The navigation half of :class:`~games.artillery.scene.ArtilleryBoard` (a mixin)."""

    nav_on: bool = False          # the cursor is shown (until the mouse moves)
    nav_inch: tuple | None = None  # its point on the table (whole inches), kept while in the column
    nav_btn = None                # the column's place it is on, or None: on the table
    nav_btn_xy: tuple | None = None
    _nav_decision: tuple | None = None   # the decision the cursor was last placed for

    def nav_mouse_moved(self, event) -> None:
        """The mouse is in use again: the cursor goes (a motion that moved nothing, as
        SDL sends when a window gains focus, leaves it)."""
        if any(getattr(event, "rel", (1, 1))):
            self.nav_on = False

    def nav_forget(self) -> None:
        self.nav_on, self.nav_inch, self.nav_btn, self.nav_btn_xy = False, None, None, None
        self._nav_decision = None

    # -- the places ---------------------------------------------------------------------------
    def nav_column(self: "ArtilleryBoard") -> dict:
        """key -> rect of the column's buttons a press may press now (the view buttons,
        while the board is interactive; the rest only while the player may act)."""
        st = self._state()
        can = self.host.can_act()
        out: dict = {}
        if self.interactive and self.panel.rect.w >= 8 and self.panel.rect.h >= 140:
            names = {self.col_btn: "column", self.zin_btn: "in", self.zout_btn: "out", self.fit_btn: "fit"}
            for b in self.view_buttons():
                if b.enabled:
                    out[("view", names[b])] = b.rect
        if self.panel.strip:
            return out
        self.panel.refresh(st, can)
        for b in self.panel.buttons:
            if b.enabled:
                out[("button", b.label)] = b.rect
        out[("grid",)] = self.panel.grid_btn.rect
        if can:
            out[("all",)] = self.panel.all_btn.rect
        return out

    def _table_size(self: "ArtilleryBoard") -> tuple[int, int]:
        tb = self._state().table
        return int(math.floor(tb.width)), int(math.floor(tb.height))

    def nav_key(self: "ArtilleryBoard"):
        """The place the cursor is on: ("at", (x, y)) on the table, a column key, or None
        while it is hidden."""
        if not self.nav_on:
            return None
        self._nav_fix()
        if self.nav_btn is not None:
            return self.nav_btn
        return ("at", self.nav_inch)

    def nav_step(self: "ArtilleryBoard", key, action: str):
        """The place an arrow leads to from ``key`` (``key`` itself where nothing lies that way)."""
        if key[0] == "at":
            (x, y), (w, h) = key[1], self._table_size()
            dx, dy = DIRS[action]
            nx, ny = x + dx, y - dy                  # table inches grow upwards, the screen's y down
            if nx > w:                               # past the right edge: on into the column
                col = self.nav_column()
                geo = self._geo(self._state())
                py = geo.pt(x, y)[1]
                right = {k: r for k, r in col.items() if r.centerx > geo.pt(w, 0)[0]}
                if right:
                    return min(right, key=lambda k: (abs(right[k].centery - py), right[k].centerx))
                return key
            return ("at", (min(w, max(0, nx)), min(h, max(0, ny))))
        col = self.nav_column()
        if key not in col:
            return key
        to = nearest(col, col[key].center, action)
        if to is None and action == LEFT and self.nav_inch is not None:
            return ("at", self.nav_inch)             # back out onto the table
        return to or key

    # -- the actions --------------------------------------------------------------------------------
    def on_nav(self: "ArtilleryBoard", action: str) -> bool:
        if not self.host.can_act() or self.busy:
            return False
        if action == BACK:
            return self._nav_back()
        if action not in (*DIRS, PRESS):
            return False
        if not self.nav_on:
            self.nav_on = True             # the first action shows where the cursor is
            self._nav_fix(start=True)
            return True
        self._nav_fix()
        if action == PRESS:
            self._nav_press()
        else:
            self._nav_go(self.nav_step(self.nav_key(), action))
        return True

    def _nav_back(self: "ArtilleryBoard") -> bool:
        if self.target is not None or self.sel_gun is not None or self.drag is not None:
            self.clear_selection()             # as Esc does
            self.nav_btn = None                # and back to the table, where the aim was taken
            self._nav_point_mouse()
            return True
        if self.panel.show_all:
            self.panel.toggle_all()
            return True
        return False

    def _nav_go(self: "ArtilleryBoard", key) -> None:
        if key[0] == "at":
            self.nav_btn = None
            self.nav_inch = key[1]
            self._nav_follow()
            self._nav_point_mouse()
            return
        self.nav_btn = key
        r = self.nav_column().get(key)
        if r is not None:
            self.nav_btn_xy = r.center
            self.mouse = r.center           # the view buttons' tooltips follow it

    def nav_pixel(self: "ArtilleryBoard", inch) -> tuple[int, int]:
        """The screen pixel a press at the table point ``inch`` clicks (a whole pixel, as
        a mouse's is)."""
        x, y = self._geo(self._state()).pt(*inch)
        return (int(round(x)), int(round(y)))

    def _nav_point_mouse(self: "ArtilleryBoard") -> None:
        """The board's pointer on the cursor's point: the tooltip and the move line follow it."""
        if self.nav_inch is not None and self.nav_btn is None:
            self.mouse = self.nav_pixel(self.nav_inch)

    def _nav_follow(self: "ArtilleryBoard") -> None:
        """A zoomed view keeps the cursor in sight (it pans, as a drag would)."""
        if self.zoom <= 1.0 or self.nav_inch is None:
            return
        geo = self._geo(self._state())
        x, y = geo.pt(*self.nav_inch)
        inner = self.map_rect.inflate(-2 * int(geo.s * 2), -2 * int(geo.s * 2))
        if not inner.collidepoint(x, y):
            self.view_c = tuple(float(v) for v in self.nav_inch)
            self.geo = None

    def _nav_fix(self: "ArtilleryBoard", start: bool = False) -> None:
        """Keep the cursor on a place that is there. A new decision puts it where that
        decision is made: a card or a casualty in the column, a unit to activate in the
        column's list, a newly active unit on the table at the unit. A column button that
        went (a press rebuilt the column) gives way to the nearest one, or to the table
        when the column has none."""
        st = self._state()
        if self.nav_inch is None:
            self.nav_inch = self._nav_start_point(st)
        decision = (st.phase, st.act.unit if st.act is not None else None, st.decision is not None,
                    self.host.viewer)
        if start or decision != getattr(self, "_nav_decision", None):
            self._nav_decision = decision
            if st.phase in ("pick", "activate") or st.decision is not None or self.target or self.sel_gun:
                if st.phase == "activate":      # a folded column has no list: the unit on the table
                    self.nav_inch = self._nav_start_point(st)
                self._nav_to_column()
            elif st.phase == "act":
                self.nav_inch = self._nav_start_point(st)
                self.nav_btn = None
        if self.nav_btn is None:
            self._nav_point_mouse()
            return
        col = self.nav_column()
        if self.nav_btn in col:
            return
        btns = {k: r for k, r in col.items() if k[0] == "button"}
        if self.nav_btn_xy is not None and btns:
            x, y = self.nav_btn_xy
            self._nav_go(min(btns, key=lambda k: abs(btns[k].centerx - x) + abs(btns[k].centery - y)))
        else:
            self._nav_go(("at", self.nav_inch))

    def _nav_start_point(self: "ArtilleryBoard", st) -> tuple[int, int]:
        """The table point the cursor first shows on: the active unit, else the first unit
        the seat may activate, else the middle of the table."""
        u = st.active_unit() if st.act is not None else None
        if u is None and st.phase == "activate":
            ids = [m.a for m in st.legal_moves() if m.kind == "activate"]
            u = st.units.get(ids[0]) if ids else None
        if u is not None:
            return (int(round(u.pos[0])), int(round(u.pos[1])))
        w, h = self._table_size()
        return (w // 2, h // 2)

    def _nav_to_column(self: "ArtilleryBoard", prefer=("Fire! (F)", "Shoot! (F)")) -> None:
        """Into the column: on the first of ``prefer`` there, else its first button."""
        col = self.nav_column()
        btns = [k for k in col if k[0] == "button"]
        if not btns:
            return
        key = next((k for p in prefer for k in btns if k[1] == p), btns[0])
        self._nav_go(key)

    def _nav_press(self: "ArtilleryBoard") -> None:
        st = self._state()
        if self.nav_btn is not None:
            self._nav_press_button(self.nav_btn)
            return
        then = self._click(st, self.nav_pixel(self.nav_inch))
        self.drag = None                 # a press is a click: nothing is dragged
        if callable(then):
            then()
        if self.target is not None:      # aimed: the guns, the shot and Fire! are in the column
            self._nav_to_column()
        elif self.sel_gun is not None:
            self._nav_to_column(prefer=())

    def _nav_press_button(self: "ArtilleryBoard", key) -> None:
        if key[0] == "view":
            btn = {"column": self.col_btn, "in": self.zin_btn, "out": self.zout_btn, "fit": self.fit_btn}[key[1]]
        elif key[0] == "grid":
            btn = self.panel.grid_btn
        elif key[0] == "all":
            btn = self.panel.all_btn
        else:
            btn = next((b for b in self.panel.buttons if b.label == key[1]), None)
        aimed = self.target
        if btn is not None:
            btn.click()
        self.panel.refresh(self._state(), self.host.can_act())
        if self.target is not None and self.target != aimed:
            self._nav_to_column()            # "Aim X": on to Fire!, as an aim on the table goes

    def nav_would_move(self: "ArtilleryBoard", st):
        """The table point a press of the cursor would walk the active unit to (its line
        and landing are drawn, as a drag's are), or None: the cursor is in the column, or
        on a piece or a section a press would do something else with."""
        at = self.nav_point_px()
        if at is None or st.phase != "act" or st.act is None or self.target is not None or self.sel_gun is not None:
            return None
        if self.unit_at(st, at) is not None or self.gun_at(st, at) is not None:
            return None
        sid = self.section_at(st, at)
        if sid is not None and self._aims_at_section(st, st.legal_moves(), sid):
            return None
        return at

    def nav_help(self: "ArtilleryBoard", st, short: bool = False) -> str:
        """The banner's help while the keys or a gamepad drive the cursor (``short``: for
        a narrow banner)."""
        if short:
            if self.nav_btn is not None:
                return "Arrows: the column; Enter presses"
            return "Arrows: an inch a step; Enter presses there" if st.phase in ("act", "activate") else ""
        if self.nav_btn is not None:
            return "Arrows step through the column, Enter presses; Left past its edge: the table"
        if st.phase == "activate":
            return "Arrows move the cursor an inch; Enter on one of your units activates it"
        if st.phase == "act" and self.sel_gun is not None:
            return f"Enter where {self.sel_gun} should point, or the compass in the column; Esc lets go"
        if st.phase == "act":
            return ('Arrows: an inch a step; Enter walks the unit there, aims at an enemy or picks a gun; '
                    'right edge: the column')
        return ""

    # -- drawing ------------------------------------------------------------------------------------
    def nav_point_px(self: "ArtilleryBoard"):
        """The cursor's point on the screen while it is on the table (else None)."""
        if not self.nav_on or self.nav_btn is not None or self.nav_inch is None:
            return None
        return self.nav_pixel(self.nav_inch)

    def draw_nav(self: "ArtilleryBoard", surface) -> None:
        if not self.nav_on or not self.host.can_act():
            return
        if self.nav_btn is not None:
            r = self.nav_column().get(self.nav_btn)
            if r is not None:
                draw_focus_ring(surface, self.theme, r)
            return
        at = self.nav_point_px()
        if at is not None and self.map_rect.collidepoint(at):
            clip = surface.get_clip()
            surface.set_clip(self.map_rect.clip(clip) if clip else self.map_rect)
            draw_cursor(surface, at, max(self.theme.px(9), self.geo.s * 0.6))
            surface.set_clip(clip)
