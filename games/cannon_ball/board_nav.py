"""Playing Cannon Ball without a mouse: the keyboard's arrows, Enter and Esc, or a
gamepad's pad, A and B, as ``games.ui.nav`` names them (``Board.on_nav``).

The cursor moves over the *places* a click means something at now:

* choosing a turn: the column's buttons (a move turn, each gate, each gamble's
  Odd and Even), stepped through by the arrows as they stand;
* a move turn: every box of the map, each TNT case that may be placed, and End
  turn; with a cannon picked, each pair of boxes it may land on is one place (a
  click on one of those boxes picks a pair by where in the box it lands; the
  cursor names the pair outright), framed whole;
* the chooser open (a pair reached more than one way): its rows.

An arrow goes to the nearest place that way on the screen; "press" does what a
click there does (the board's own code: a man walks his shortest way, a cannon
lands, a case is placed, a button is pressed); "back" closes the chooser or lets
go of the piece picked, and is not used with nothing to let go (the frame then
opens its menu). The spin is Space's (the frame's), never a press. The cursor also
moves the board's pointer, so the path, the landing and the tooltip follow it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from games.cannon_ball.rules import battlefield as M
from games.cannon_ball import rules as R
from games.ui.nav import BACK, DIRS, PRESS, draw_frame_cursor, nearest
from games.ui.widgets import draw_focus_ring

if TYPE_CHECKING:
    from games.cannon_ball.scene import CannonBallBoard

#: the places on the map (the rest are buttons and rows)
MAP = ("box", "spot", "tnt")
def draw_cursor(surface, rect: pygame.Rect, cell: float) -> None:
    """The map's cursor: a white frame on a black band around the place, so it reads on
    every section's colour, the river, a man of either side and in both palettes."""
    w = max(2, int(cell / 9))
    draw_frame_cursor(surface, rect.inflate(2 * w, 2 * w), w, max(2, int(cell / 5)))


class CannonBallNav:
    """The navigation half of :class:`~games.cannon_ball.scene.CannonBallBoard` (a mixin)."""

    nav_on: bool = False          # the cursor is shown (until the mouse moves)
    nav_at = None                 # the place it is on (a key of nav_places)
    nav_xy: tuple | None = None   # where that place was, to find the nearest when it goes
    _nav_cache: tuple | None = None

    def nav_mouse_moved(self, event) -> None:
        """The mouse is in use again: the cursor goes (a motion that moved nothing, as
        SDL sends when a window gains focus, leaves it)."""
        if any(getattr(event, "rel", (1, 1))):
            self.nav_on = False

    def nav_forget(self) -> None:
        self.nav_on, self.nav_at, self.nav_xy = False, None, None
        self._nav_cache = None

    def nav_places(self: "CannonBallBoard") -> dict:
        """key -> rect of every place a click means something at now (empty unless the
        player at the screen may act)."""
        st = self._state()
        can = self.host.can_act()
        key = (self.host.ply, can, self.busy, st.phase, self.sel, id(self.chooser), tuple(self.map_rect),
               tuple(self.panel.rect), self.geo.key)
        if self._nav_cache is not None and self._nav_cache[0] == key:
            return self._nav_cache[1]
        out: dict = {}
        if can and not self.busy:
            out = self._nav_places(st, can)
        self._nav_cache = (key, out)
        return out

    def _nav_places(self: "CannonBallBoard", st, can) -> dict:
        out: dict = {}
        if self.chooser is not None:
            return {("row", i): r for i, r in enumerate(self.chooser.rows)}
        if st.phase == R.CHOOSE:
            self.panel.refresh(st, can)
            return {("choice", str(b.move)): b.rect for b in self.panel.buttons if b.enabled}
        if st.phase != R.MOVING:
            return out
        geo = self.geo
        spots = sorted({m.to for m in self.cannon_opts}) if self.sel is not None else []
        landing = {b for s in spots for b in s}
        for box in range(M.N_BOXES):
            if box not in landing:           # a landing box is a pair's: the pair is the place
                out[("box", box)] = geo.box_rect(box)
        for s in spots:
            r = geo.box_rect(s[0])
            for b in s[1:]:
                r = r.union(geo.box_rect(b))
            out[("spot", s)] = r
        half = max(3, int(geo.cell * 0.3))
        for m in R.tnt_placements(st):
            x, y = self._tnt_pos(m)
            out[("tnt", str(m))] = pygame.Rect(int(x) - half, int(y) - half, 2 * half, 2 * half)
        out[("end",)] = self.panel.end_btn.rect
        return out

    def nav_key(self: "CannonBallBoard"):
        """The place the cursor is on, None while it is hidden."""
        if not self.nav_on:
            return None
        self._nav_fix(self.nav_places())
        return self.nav_at

    def nav_step(self: "CannonBallBoard", key, action: str):
        """The place an arrow leads to from ``key`` (``key`` itself at the edge)."""
        places = self.nav_places()
        if key not in places:
            return key
        return nearest(places, places[key].center, action) or key

    def on_nav(self: "CannonBallBoard", action: str) -> bool:
        if not self.host.can_act() or self.busy or self.queue:
            return False
        if action == BACK:
            if self.chooser is not None:
                self.chooser = None
                return True
            if self.sel is not None:
                self._select(None)
                return True
            return False
        places = self.nav_places()
        if not places or action not in (*DIRS, PRESS):
            return False
        if not self.nav_on:
            self.nav_on = True            # the first action shows where the cursor is
            self._nav_fix(places)
            return True
        self._nav_fix(places)
        if action == PRESS:
            self._nav_press(self.nav_at)
        else:
            self._nav_go(nearest(places, places[self.nav_at].center, action) or self.nav_at, places)
        return True

    def _nav_go(self: "CannonBallBoard", key, places) -> None:
        self.nav_at = key
        self.mouse = places[key].center   # the path, the landing and the tooltip follow the cursor
        if key[0] in MAP:
            self.nav_xy = self.mouse      # the last place on the map (a row or a button is not)

    def _nav_fix(self: "CannonBallBoard", places) -> None:
        """Keep the cursor on a place that is there: where it was; the chooser's first
        row; after a press on the map, the map's place nearest it (a man who walked on,
        a pair that became the cannon's); else a natural start."""
        if not places:
            return
        if self.nav_at in places:
            self._nav_go(self.nav_at, places)
            return
        on_map = [k for k in places if k[0] in MAP]
        if self.chooser is not None:
            key = ("row", 0)
        elif on_map and self.nav_xy is not None and self.nav_at is not None and self.nav_at[0] in (*MAP, "row"):
            x, y = self.nav_xy
            key = min(on_map, key=lambda k: abs(places[k].centerx - x) + abs(places[k].centery - y))
        else:
            key = self._nav_start(places)
        self._nav_go(key, places)

    def _nav_start(self: "CannonBallBoard", places):
        """Where the cursor first shows: the first choice of the column, or one of your men."""
        st = self._state()
        for k in places:
            if k[0] in ("choice", "row"):
                return k
        mine = [b for b in range(M.N_BOXES) if st.occ[b] == st.to_move and ("box", b) in places]
        return ("box", mine[0]) if mine else next(iter(places))

    def _nav_press(self: "CannonBallBoard", key) -> None:
        """What a click on the place does (the board's own code)."""
        st = self._state()
        kind = key[0]
        if kind == "row":
            if self.chooser is not None and key[1] < len(self.chooser.moves):
                self._play_cannon(self.chooser.moves[key[1]])
        elif kind == "choice":
            for b in self.panel.buttons:
                if str(b.move) == key[1]:
                    b.click()
        elif kind == "end":
            self.panel.end_btn.click()
        elif kind == "tnt":
            m = next((m for m in R.tnt_placements(st) if str(m) == key[1]), None)
            if m is not None:
                self._place_tnt(m)
        elif kind == "spot":
            self._land_cannon(st, key[1])
        elif kind == "box":
            self._click_map(st, self.geo.box_centre(key[1]))

    def hover_nav_spot(self):
        """The pair the cursor is on (a picked cannon's landing), or None."""
        if self.nav_on and self.nav_at is not None and self.nav_at[0] == "spot":
            return self.nav_at[1]
        return None

    def draw_nav(self: "CannonBallBoard", surface) -> None:
        if not self.nav_on or self.nav_at is None:
            return
        r = self.nav_places().get(self.nav_at)
        if r is None:
            return
        if self.nav_at[0] in ("choice", "end", "row"):
            draw_focus_ring(surface, self.theme, r)        # a button: the frame's own focus ring
        else:
            draw_cursor(surface, r, self.geo.cell)

