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

from typing import TYPE_CHECKING, Any

import pygame

from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.cannon_ball.rules import battlefield as M
from games.ui.nav import BACK, DIRS, PRESS, PlacesCursor, draw_frame_cursor, nearest_edge, point_in
from games.ui.widgets import draw_focus_ring

if TYPE_CHECKING:
    from .scene import CannonBallBoard

#: the places on the map (the rest are buttons and rows)
MAP = ("box", "spot", "tnt")
#: a place: its kind and what names it, e.g. ("box", 17), ("spot", (40, 41)), ("tnt", "TNT g16"),
#: ("choice", "move"), ("row", 0), ("end",)
Place = tuple[Any, ...]


def draw_cursor(surface, rect: pygame.Rect, cell: float) -> None:
    """The map's cursor: a white frame on a black band around the place, so it reads on
    every section's colour, the river, a man of either side and in both palettes."""
    w = max(2, int(cell / 9))
    draw_frame_cursor(surface, rect.inflate(2 * w, 2 * w), w, max(2, int(cell / 5)))


class BoardNav(PlacesCursor):
    """The cursor of :class:`~games.cannon_ball.board.scene.CannonBallBoard`, which holds
    one: where it is, where the arrows lead, and what a press does (the board's own
    click code). It reads the board (its position, selection, column and map) and
    keeps only its own state."""

    def __init__(self, board: CannonBallBoard):
        super().__init__()
        self.board = board
        self._cache: tuple[tuple[Any, ...], dict[Place, pygame.Rect]] | None = None
        # where in its place the cursor stands, and the row (y) or column (x) a run of
        # arrows keeps to: the map's boxes are of unequal sizes, and stepping centre to
        # centre drifted a row off through the fort's big boxes (a play-test: Down twice
        # and Right ten times from b1 ended on e12, not in row d)
        self.point: tuple[int, int] | None = None
        self.goal: tuple[str, int] | None = None      # ("y", row) for Left/Right, ("x", column) for Up/Down

    def forget(self) -> None:
        super().forget()
        self._cache = None
        self.point = self.goal = None

    def places(self) -> dict[Place, pygame.Rect]:
        """key -> rect of every place a click means something at now (empty unless the
        player at the screen may act)."""
        b = self.board
        st = b.state()
        can = b.host.can_act()
        key = (b.host.ply, can, b.busy, st.phase, b.sel, id(b.chooser), tuple(b.map_rect),
               tuple(b.panel.rect), b.geo.key)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        out: dict[Place, pygame.Rect] = {}
        if can and not b.busy:
            out = self._places(st, can)
        self._cache = (key, out)
        return out

    def _places(self, st: R.CannonBallState, can: bool) -> dict[Place, pygame.Rect]:
        b = self.board
        out: dict[Place, pygame.Rect] = {}
        if b.chooser is not None:
            return {("row", i): r for i, r in enumerate(b.chooser.rows)}
        if st.phase == Phase.CHOOSE:
            b.panel.refresh(st, can)
            return {("choice", str(btn.move)): btn.rect for btn in b.panel.buttons if btn.enabled}
        if st.phase != Phase.MOVING:
            return out
        geo = b.geo
        spots = sorted({m.to for m in b.cannon_opts}) if b.sel is not None else []
        landing = {x for s in spots for x in s}
        for box in range(M.N_BOXES):
            if box not in landing:           # a landing box is a pair's: the pair is the place
                out[("box", box)] = geo.box_rect(box)
        for s in spots:
            r = geo.box_rect(s[0])
            for x in s[1:]:
                r = r.union(geo.box_rect(x))
            out[("spot", s)] = r
        half = max(3, int(geo.cell * 0.3))
        for m in R.tnt_placements(st):
            x, y = b.tnt_pos(m)
            out[("tnt", str(m))] = pygame.Rect(int(x) - half, int(y) - half, 2 * half, 2 * half)
        out[("end",)] = b.panel.end_btn.rect
        return out

    def on_nav(self, action: str) -> bool:
        b = self.board
        if not b.host.can_act() or b.busy or b.queue:
            return False
        if action == BACK:
            if b.chooser is not None:
                b.chooser = None
                return True
            if b.sel is not None:
                b.select(None)
                return True
            return False
        places = self.places()
        if not places or action not in (*DIRS, PRESS):
            return False
        if not self.on:
            self.on = True            # the first action shows where the cursor is
            self._fix(places)
            return True
        self._fix(places)
        assert self.at is not None    # _fix put it on a place
        if action == PRESS:
            self._press(self.at)
        else:
            self._step(action, places)
        return True

    def step(self, key: Place, action: str) -> Place:
        """Where one arrow leads from ``key``'s centre (the first arrow of a run; later
        arrows of the run keep its row or column, see :meth:`_step`)."""
        places = self.places()
        if key not in places:
            return key
        found: Place | None = nearest_edge(places, places[key].center, action)
        return found if found is not None else key

    def _step(self, action: str, places: dict[Place, pygame.Rect]) -> None:
        """One arrow: from where the cursor stands in its place, along the row or column
        the run of arrows keeps to, to the nearest place that way."""
        assert self.at is not None
        here = places[self.at]
        p = self.point if self.point is not None and here.collidepoint(self.point) else here.center
        axis = "y" if DIRS[action][0] else "x"              # Left/Right keep a row, Up/Down a column
        line = self.goal[1] if self.goal is not None and self.goal[0] == axis else (p[1] if axis == "y" else p[0])
        origin = (p[0], line) if axis == "y" else (line, p[1])
        key = nearest_edge(places, origin, action, here=p)
        if key is None:
            return
        self._go(key, places)
        margin = max(2, int(self.board.geo.cell / 2))
        self.point = point_in(places[key], origin, margin) if key[0] in MAP else None
        self.goal = (axis, line) if key[0] in MAP else None

    def _go(self, key: Place, places: dict[Place, pygame.Rect]) -> None:
        if key != self.at:
            self.point = self.goal = None       # a jump (a press, a new turn): the next run starts afresh
        self.at = key
        self.board.mouse = places[key].center   # the path, the landing and the tooltip follow the cursor
        if key[0] in MAP:
            self.xy = self.board.mouse          # the last place on the map (a row or a button is not)

    def _fix(self, places: dict[Place, pygame.Rect]) -> None:
        """Keep the cursor on a place that is there: where it was; the chooser's first
        row; after a press on the map, the map's place nearest it (a man who walked on,
        a pair that became the cannon's); else a natural start."""
        if not places:
            return
        if self.at in places:
            assert self.at is not None
            self._go(self.at, places)
            return
        on_map = [k for k in places if k[0] in MAP]
        if self.board.chooser is not None:
            key: Place = ("row", 0)
        elif on_map and self.xy is not None and self.at is not None and self.at[0] in (*MAP, "row"):
            x, y = self.xy
            key = min(on_map, key=lambda k: abs(places[k].centerx - x) + abs(places[k].centery - y))
        else:
            key = self._start(places)
        self._go(key, places)

    def _start(self, places: dict[Place, pygame.Rect]) -> Place:
        """Where the cursor first shows: the first choice of the column, or one of your men."""
        st = self.board.state()
        for k in places:
            if k[0] in ("choice", "row"):
                return k
        mine = [x for x in range(M.N_BOXES) if st.occ[x] == st.to_move and ("box", x) in places]
        return ("box", mine[0]) if mine else next(iter(places))

    def _press(self, key: Place) -> None:
        """What a click on the place does (the board's own code)."""
        b = self.board
        st = b.state()
        kind = key[0]
        if kind == "row":
            if b.chooser is not None and key[1] < len(b.chooser.moves):
                b.play_cannon(b.chooser.moves[key[1]])
        elif kind == "choice":
            for btn in b.panel.buttons:
                if str(btn.move) == key[1]:
                    btn.click()
        elif kind == "end":
            b.panel.end_btn.click()
        elif kind == "tnt":
            m = next((m for m in R.tnt_placements(st) if str(m) == key[1]), None)
            if m is not None:
                b.place_tnt(m)
        elif kind == "spot":
            b.land_cannon(st, key[1])
        elif kind == "box":
            b.click_map(st, b.geo.box_centre(key[1]))

    def hover_spot(self) -> tuple[int, ...] | None:
        """The pair the cursor is on (a picked cannon's landing), or None."""
        if self.on and self.at is not None and self.at[0] == "spot":
            spot: tuple[int, ...] = self.at[1]
            return spot
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if not self.on or self.at is None:
            return
        r = self.places().get(self.at)
        if r is None:
            return
        if self.at[0] in ("choice", "end", "row"):
            draw_focus_ring(surface, self.board.theme, r)        # a button: the frame's own focus ring
        else:
            draw_cursor(surface, r, self.board.geo.cell)
