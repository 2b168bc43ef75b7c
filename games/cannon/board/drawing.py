"""How the Cannon board draws itself each frame.

:class:`BoardPainter` is the board's drawing part, held by
:class:`~games.cannon.board.scene.CannonBoard` (``board.painter``): the cached
picture of the empty board, the last move and its scorch, the selected soldier's
cannons, markers and previews, town placement, the pieces (with a move in
flight), a lesson's marks, the town warning, a dragged soldier, the hint arrow,
the cursor and the chooser on top. It reads the board (its selection, pointer,
animation and settings) and never changes the game or the board; the primitives
it draws with are in ``geometry.py``, ``wood.py``, ``pieces.py`` and ``marks.py``.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterable, Sequence

import pygame

from games.cannon import rules as R
from games.ui import tooltip

from .effects import scorch
from .geometry import Geometry, Point
from .marks import (KIND_COLOR, draw_arrow, draw_brackets, draw_cannons, draw_count, draw_curved_arrow,
                    draw_cursor, draw_lesson_mark, draw_marker, draw_selection, draw_warning, halo_color)
from .pieces import TOWN_R, blit_piece, piece_sprite
from .wood import draw_base

if TYPE_CHECKING:
    from .scene import CannonBoard, PositionFacts


class BoardPainter:
    """The ``draw`` of one Cannon board (``board``, whose state it reads)."""

    def __init__(self, board: CannonBoard):
        self.board = board
        # the empty board's picture, drawn once per size, side up and palette
        self._base: pygame.Surface | None = None
        self._base_key: tuple[object, ...] | None = None

    def forget(self) -> None:
        """Draw the empty board afresh next time (its area or its angle changed)."""
        self._base_key = None

    def _current_geo(self) -> Geometry:
        b = self.board
        if b.turning:
            return Geometry(b.area(), b.angle)
        return b.geometry()

    def _base_surface(self) -> pygame.Surface:
        b = self.board
        c = b.theme.c
        key = (tuple(b.rect), b.flipped, c["board"], c["board_line"], c["board_text"])
        if key != self._base_key or self._base is None:
            surf = pygame.Surface(b.rect.size, pygame.SRCALPHA)
            local = Geometry(b.area().move(-b.rect.x, -b.rect.y), b.angle)
            draw_base(surf, local, b.theme, labels="all")
            self._base = surf
            self._base_key = key
        return self._base

    def _layer(self, geo: Geometry, squares: Iterable[int],
               pad_cells: float = 0.8) -> tuple[pygame.Surface, Geometry, tuple[int, int]]:
        """A transparent layer just big enough for translucent drawing around
        ``squares``: (surface, geometry in its coordinates, where to blit it)."""
        pts = [geo.sq_fpx(sq) for sq in squares]
        pad = geo.cell * pad_cells
        x0 = int(min(p[0] for p in pts) - pad)
        y0 = int(min(p[1] for p in pts) - pad)
        x1 = int(max(p[0] for p in pts) + pad) + 1
        y1 = int(max(p[1] for p in pts) + pad) + 1
        box = pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        local = Geometry(self.board.area().move(-box.x, -box.y), geo.angle)
        return surf, local, box.topleft

    def draw(self, surface: pygame.Surface) -> None:
        b = self.board
        if b.rect.w < 8 or b.rect.h < 8:
            return
        theme = b.theme
        st = b.state()
        facts = b.facts(st)
        geo = self._current_geo()
        clip = surface.get_clip()
        surface.set_clip(b.rect.clip(clip) if clip else b.rect)
        if geo.upright:
            surface.blit(self._base_surface(), b.rect.topleft)
        else:
            draw_base(surface, geo, theme, labels="all", grain=False)
        hover = None
        at = b.pointer()
        if at is not None and b.rect.collidepoint(at):
            hover = b.pixel_to_point(at)
        self._draw_last_move(surface, geo, st)
        self._draw_selected_cannons(surface, geo, st, facts)
        self._draw_placing(surface, geo, st, facts, hover)
        self._draw_pieces(surface, geo, st)
        self._draw_targets(surface, geo, facts, hover)
        warned = {st.towns[p] for p in facts.warn} if b.setting("town_warning", True) else set()
        for sq in b.targets:              # a lesson's marks, over the pieces they ring
            draw_lesson_mark(surface, geo.sq_fpx(sq), geo.cell, theme, b.clock, wide=sq in warned)
        if facts.warn and b.setting("town_warning", True):
            for p in facts.warn:          # a town the opponent can take next move
                t = st.towns[p]
                if t is not None:
                    draw_warning(surface, geo.sq_fpx(t), geo.cell, theme, b.clock)
        if b.moving is not None:          # flying things
            b.moving.draw_effects(surface, geo, theme)
        b.timeline.draw(surface, geo, theme)
        if b.hint is not None and b.moving is None and not b.turning:
            self._draw_hint(surface, geo, st)
        self._draw_dragged(surface, geo, st)
        if b.nav_on and b.nav_sq is not None and b.chooser is None and not b.turning \
                and b.host.can_act():
            draw_cursor(surface, geo.sq_fpx(b.nav_sq), geo.cell)
        if b.chooser is not None:
            row = b.chooser.center_of(b.chooser.moves[min(b.nav_row, len(b.chooser.moves) - 1)])
            b.chooser.draw(surface, theme, row if b.nav_on else b.mouse, cursor=b.nav_on)
        # last, over everything: what the piece or point under the pointer does
        # (or why the move just tried is refused), kept whole inside the board
        # a lesson's ringed points stay in sight: the card goes round the pointer clear of them
        # (a play-test: the card by the cursor covered the e3 and e4 the lesson spoke of)
        ring = int(geo.cell * 0.55)
        avoid = [pygame.Rect(0, 0, 2 * ring, 2 * ring).move(geo.sq_px(sq)[0] - ring, geo.sq_px(sq)[1] - ring)
                 for sq in b.targets]
        tooltip.show(surface, theme, b.tooltip_lines(), b.pointer(), b.rect,
                     max_w=max(theme.px(220), min(theme.px(420), int(b.rect.w * 0.6))), avoid=avoid)
        surface.set_clip(clip)

    def _pulse(self) -> float:
        return 0.5 + 0.5 * math.sin(self.board.clock * 4.0)

    def _draw_last_move(self, surface: pygame.Surface, geo: Geometry, st: R.CannonState) -> None:
        """The last move's brackets, and the scorch a shot leaves."""
        lm = st.last_move
        if lm is None:
            return
        if lm.kind == "shot" and st.cells[lm.to] == R.EMPTY:
            scorch(surface, geo.sq_fpx(lm.to), geo.cell)
        for sq in ({lm.to} if lm.kind == "place" else {lm.frm, lm.to}):
            draw_brackets(surface, geo.sq_fpx(sq), geo.cell, self.board.theme.c["last_move"])

    def _draw_selected_cannons(self, surface: pygame.Surface, geo: Geometry, st: R.CannonState,
                               facts: PositionFacts) -> None:
        """The cannons the selected soldier belongs to, as bands under the pieces."""
        b = self.board
        sel = b.selected
        if sel is None or not b.setting("highlights", True) or facts.phase is not R.Phase.PLAY:
            return
        tris = R.cannons_through(st, sel)
        if tris:
            ov, og, at = self._layer(geo, [sq for tri in tris for sq in tri])
            draw_cannons(ov, og, tris, b.theme)
            surface.blit(ov, at)

    def _draw_placing(self, surface: pygame.Surface, geo: Geometry, st: R.CannonState, facts: PositionFacts,
                      hover: int | None) -> None:
        """Town placement: the points allowed, and the town where the pointer is."""
        b = self.board
        if facts.phase is not R.Phase.PLACE or not b.host.can_act():
            return
        places = [m.to for m in facts.legal if m.kind == "place"]
        if b.setting("highlights", True):
            for sq in places:
                if sq != hover:
                    draw_marker(surface, "place", geo.sq_fpx(sq), geo.cell, b.theme, self._pulse())
        if hover in places:
            ref_cell = b.geometry().cell
            spr = piece_sprite(R.TOWN[st.to_move], int(round(ref_cell * TOWN_R)), b.theme).copy()
            spr.set_alpha(150)
            surface.blit(spr, spr.get_rect(center=geo.sq_px(hover)))

    def _draw_pieces(self, surface: pygame.Surface, geo: Geometry, st: R.CannonState) -> None:
        b = self.board
        ref_cell = b.geometry().cell
        anim = b.moving
        hidden: Iterable[int] = anim.hidden if anim is not None else ()
        k = geo.cell / ref_cell
        sel = b.selected
        for sq in range(R.N_SQUARES):
            code = st.cells[sq]
            if not code or sq in hidden or (b.dragging and sq == sel):
                continue
            blit_piece(surface, code, geo.sq_fpx(sq), ref_cell, b.theme, scale=(1.07 if sq == sel else 1.0) * k)
        if anim is not None:
            anim.draw_pieces(surface, geo, ref_cell, b.theme, st.cells)

    def _draw_targets(self, surface: pygame.Surface, geo: Geometry, facts: PositionFacts,
                      hover: int | None) -> None:
        """The selected soldier's ring, its moves' markers and a preview of the one hovered."""
        b = self.board
        sel = b.selected
        if sel is None or facts.phase is not R.Phase.PLAY:
            return
        theme, cell = b.theme, geo.cell
        draw_selection(surface, geo.sq_fpx(sel), cell, theme)
        if not b.setting("highlights", True):
            return
        hov_moves = b.offers.get(hover, []) if hover is not None else []
        if hov_moves and not b.dragging:
            self._draw_previews(surface, geo, hov_moves, alpha=150)
        for sq, moves in b.offers.items():
            for kind in dict.fromkeys(m.kind for m in moves):
                draw_marker(surface, kind, geo.sq_fpx(sq), cell, theme, self._pulse())
            if len(moves) > 1:
                draw_count(surface, geo.sq_fpx(sq), cell, len(moves), theme)

    def _draw_dragged(self, surface: pygame.Surface, geo: Geometry, st: R.CannonState) -> None:
        """A soldier being dragged follows the mouse."""
        b = self.board
        sel = b.selected
        if not (b.dragging and sel is not None and b.mouse is not None) or not st.cells[sel]:
            return
        ref_cell = b.geometry().cell
        blit_piece(surface, st.cells[sel], (b.mouse[0], b.mouse[1] - geo.cell * 0.08), ref_cell, b.theme,
                   scale=1.15 * geo.cell / ref_cell)

    def _draw_previews(self, surface: pygame.Surface, geo: Geometry, moves: Sequence[R.Move],
                       alpha: int = 150) -> None:
        theme = self.board.theme
        ov, og, at = self._layer(geo, [sq for m in moves for sq in (m.frm, m.to)], 1.4)
        w = max(3, int(og.cell * 0.09))
        for m in moves:
            col = theme.c[KIND_COLOR[m.kind]]
            a, b = og.sq_fpx(m.frm), og.sq_fpx(m.to)
            if m.kind == "slide":      # the end soldier hops over the other two
                draw_curved_arrow(ov, a, b, og.cell * 1.7, col, w, alpha=alpha, halo=halo_color(theme),
                                  trim=(og.cell * 0.42, og.cell * 0.3))
                continue
            a, b = _shorten(a, b, og.cell * 0.30, og.cell * 0.30)
            draw_arrow(ov, a, b, col, w, alpha=alpha, dashed=(m.kind == "shot"), halo=halo_color(theme))
        surface.blit(ov, at)

    def _draw_hint(self, surface: pygame.Surface, geo: Geometry, st: R.CannonState) -> None:
        """The suggested move: brackets on the piece that moves and an arrow from its
        rim to the rim of the target point, so neither the piece nor what it points
        at is covered (a slide's arrow bows round the cannon, as its preview does)."""
        theme = self.board.theme
        m = self.board.hint
        if not isinstance(m, R.Move):
            return
        col = theme.c["hint"]
        if m.kind == "place":
            draw_marker(surface, "place", geo.sq_fpx(m.to), geo.cell * 1.25, theme,
                        0.5 + 0.5 * math.sin(self.board.clock * 4), color=col)
            return
        ov, og, at = self._layer(geo, (m.frm, m.to), 1.6)
        a, b = og.sq_fpx(m.frm), og.sq_fpx(m.to)
        w = max(3, int(og.cell * 0.11))
        if m.kind == "slide":
            draw_curved_arrow(ov, a, b, og.cell * 1.7, col, w, halo=halo_color(theme),
                              trim=(og.cell * 0.46, og.cell * 0.44))
        else:
            target_r = 0.5 if st.cells[m.to] else 0.2
            a, b = _shorten(a, b, og.cell * 0.46, og.cell * target_r)
            draw_arrow(ov, a, b, col, w, alpha=235, dashed=m.kind == "shot", halo=halo_color(theme))
        surface.blit(ov, at)
        draw_brackets(surface, geo.sq_fpx(m.frm), geo.cell, col, size=0.5)
        if m.kind in ("shot", "capture"):
            draw_brackets(surface, geo.sq_fpx(m.to), geo.cell, col, size=0.55)


def _shorten(a: Point, b: Point, da: float, db: float) -> tuple[Point, Point]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    return (a[0] + ux * da, a[1] + uy * da), (b[0] - ux * db, b[1] - uy * db)
