"""How the Cannon board draws itself each frame.

:class:`CannonBoardDrawing` is the drawing half of
:class:`~games.cannon.scene.CannonBoard`: the cached board picture, the last move
and its scorch, the selected soldier's cannons, markers and previews, town
placement, the pieces (with a move in flight), a dragged soldier, the hint arrow,
and the chooser on top. It reads the board's state and never changes the game; it
lives apart from the input handling in ``scene.py`` so each half stays short, and
the primitives it draws with are in ``board_draw.py``.
"""
from __future__ import annotations

import math

import pygame

from games.cannon import board_draw as B
from games.cannon import rules as R
from games.cannon.effects import scorch
from games.ui import tooltip


class CannonBoardDrawing:
    """The ``draw`` of the Cannon board and its parts (a mixin of
    :class:`~games.cannon.scene.CannonBoard`, whose attributes it reads)."""

    def _current_geo(self):
        if self.turning:
            return B.Geometry(self._area(), self.angle)
        return self.geometry()

    def _base_surface(self, geo):
        c = self.theme.c
        key = (tuple(self.rect), self.flipped, c["board"], c["board_line"], c["board_text"])
        if key != self._base_key:
            surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            local = B.Geometry(self._area().move(-self.rect.x, -self.rect.y), self.angle)
            B.draw_base(surf, local, self.theme, labels="all")
            self._base = surf
            self._base_key = key
        return self._base

    def _layer(self, geo, squares, pad_cells: float = 0.8):
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
        local = B.Geometry(self._area().move(-box.x, -box.y), geo.angle)
        return surf, local, box.topleft

    def draw(self, surface) -> None:
        if self.rect.w < 8 or self.rect.h < 8:
            return
        theme = self.theme
        st = self._state()
        info = self._info_for(st)
        geo = self._current_geo()
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        if geo.upright:
            surface.blit(self._base_surface(geo), self.rect.topleft)
        else:
            B.draw_base(surface, geo, theme, labels="all", grain=False)
        hover = None
        at = self.pointer()
        if at is not None and self.rect.collidepoint(at):
            hover = self.pixel_to_point(at)
        self._draw_last_move(surface, geo, st)
        self._draw_selected_cannons(surface, geo, st, info)
        self._draw_placing(surface, geo, st, info, hover)
        self._draw_pieces(surface, geo, st)
        self._draw_targets(surface, geo, info, hover)
        warned = {st.towns[p] for p in info["warn"]} if self._settings_flag("town_warning", True) else set()
        for sq in self.marks:             # a lesson's marks, over the pieces they ring
            B.draw_lesson_mark(surface, geo.sq_fpx(sq), geo.cell, theme, self._time, wide=sq in warned)
        if info["warn"] and self._settings_flag("town_warning", True):
            for p in info["warn"]:        # a town the opponent can take next move
                t = st.towns[p]
                if t is not None:
                    B.draw_warning(surface, geo.sq_fpx(t), geo.cell, theme, self._time)
        if self.moving is not None:       # flying things
            self.moving.draw_effects(surface, geo, theme)
        self.timeline.draw(surface, geo, theme)
        if self.hint is not None and self.moving is None and not self.turning:
            self._draw_hint(surface, geo, st)
        self._draw_dragged(surface, geo, st)
        if self.nav_on and self.nav_sq is not None and self.chooser is None and not self.turning \
                and self.host.can_act():
            B.draw_cursor(surface, geo.sq_fpx(self.nav_sq), geo.cell)
        if self.chooser is not None:
            row = self.chooser.center_of(self.chooser.moves[min(self.nav_row, len(self.chooser.moves) - 1)])
            self.chooser.draw(surface, theme, row if self.nav_on else self.mouse, cursor=self.nav_on)
        # last, over everything: what the piece or point under the pointer does
        # (or why the move just tried is refused), kept whole inside the board
        tooltip.show(surface, theme, self.tooltip_lines(), self.pointer(), self.rect,
                     max_w=max(theme.px(220), min(theme.px(420), int(self.rect.w * 0.6))))
        surface.set_clip(clip)

    def _pulse(self) -> float:
        return 0.5 + 0.5 * math.sin(self._time * 4.0)

    def _draw_last_move(self, surface, geo, st) -> None:
        """The last move's brackets, and the scorch a shot leaves."""
        lm = st.last_move
        if lm is None:
            return
        if lm.kind == "shot" and st.cells[lm.to] == R.EMPTY:
            scorch(surface, geo.sq_fpx(lm.to), geo.cell)
        for sq in ({lm.to} if lm.kind == "place" else {lm.frm, lm.to}):
            B.draw_brackets(surface, geo.sq_fpx(sq), geo.cell, self.theme.c["last_move"])

    def _draw_selected_cannons(self, surface, geo, st, info) -> None:
        """The cannons the selected soldier belongs to, as bands under the pieces."""
        sel = self.selected
        if sel is None or not self._settings_flag("highlights", True) or info["phase"] != "play":
            return
        tris = R.cannons_through(st, sel)
        if tris:
            ov, og, at = self._layer(geo, [sq for tri in tris for sq in tri])
            B.draw_cannons(ov, og, tris, self.theme)
            surface.blit(ov, at)

    def _draw_placing(self, surface, geo, st, info, hover) -> None:
        """Town placement: the points allowed, and the town where the pointer is."""
        if info["phase"] != "place" or not self.host.can_act():
            return
        places = [m.to for m in info["legal"] if m.kind == "place"]
        if self._settings_flag("highlights", True):
            for sq in places:
                if sq != hover:
                    B.draw_marker(surface, "place", geo.sq_fpx(sq), geo.cell, self.theme, self._pulse())
        if hover in places:
            ref_cell = self.geometry().cell
            spr = B.piece_sprite(R.TOWN[st.to_move], int(round(ref_cell * B.TOWN_R)), self.theme).copy()
            spr.set_alpha(150)
            surface.blit(spr, spr.get_rect(center=geo.sq_px(hover)))

    def _draw_pieces(self, surface, geo, st) -> None:
        ref_cell = self.geometry().cell
        anim = self.moving
        hidden = anim.hidden if anim is not None else ()
        k = geo.cell / ref_cell
        sel = self.selected
        for sq in range(R.N_SQUARES):
            code = st.cells[sq]
            if not code or sq in hidden or (self.dragging and sq == sel):
                continue
            B.blit_piece(surface, code, geo.sq_fpx(sq), ref_cell, self.theme, scale=(1.07 if sq == sel else 1.0) * k)
        if anim is not None:
            anim.draw_pieces(surface, geo, ref_cell, self.theme, st.cells)

    def _draw_targets(self, surface, geo, info, hover) -> None:
        """The selected soldier's ring, its moves' markers and a preview of the one hovered."""
        sel = self.selected
        if sel is None or info["phase"] != "play":
            return
        theme, cell = self.theme, geo.cell
        B.draw_selection(surface, geo.sq_fpx(sel), cell, theme)
        if not self._settings_flag("highlights", True):
            return
        hov_moves = self.targets.get(hover, []) if hover is not None else []
        if hov_moves and not self.dragging:
            self._draw_previews(surface, geo, hov_moves, alpha=150)
        for sq, moves in self.targets.items():
            for kind in dict.fromkeys(m.kind for m in moves):
                B.draw_marker(surface, kind, geo.sq_fpx(sq), cell, theme, self._pulse())
            if len(moves) > 1:
                B.draw_count(surface, geo.sq_fpx(sq), cell, len(moves), theme)

    def _draw_dragged(self, surface, geo, st) -> None:
        """A soldier being dragged follows the mouse."""
        sel = self.selected
        if not (self.dragging and sel is not None and self.mouse is not None) or not st.cells[sel]:
            return
        ref_cell = self.geometry().cell
        B.blit_piece(surface, st.cells[sel], (self.mouse[0], self.mouse[1] - geo.cell * 0.08), ref_cell, self.theme,
                     scale=1.15 * geo.cell / ref_cell)

    def _draw_previews(self, surface, geo, moves, alpha=150):
        ov, og, at = self._layer(geo, [sq for m in moves for sq in (m.frm, m.to)], 1.4)
        w = max(3, int(og.cell * 0.09))
        for m in moves:
            col = self.theme.c[B.KIND_COLOR[m.kind]]
            a, b = og.sq_fpx(m.frm), og.sq_fpx(m.to)
            if m.kind == "slide":      # the end soldier hops over the other two
                B.draw_curved_arrow(ov, a, b, og.cell * 1.7, col, w, alpha=alpha, halo=B._halo(self.theme),
                                    trim=(og.cell * 0.42, og.cell * 0.3))
                continue
            a, b = _shorten(a, b, og.cell * 0.30, og.cell * 0.30)
            B.draw_arrow(ov, a, b, col, w, alpha=alpha, dashed=(m.kind == "shot"), halo=B._halo(self.theme))
        surface.blit(ov, at)

    def _draw_hint(self, surface, geo, st) -> None:
        """The suggested move: brackets on the piece that moves and an arrow from its
        rim to the rim of the target point, so neither the piece nor what it points
        at is covered (a slide's arrow bows round the cannon, as its preview does)."""
        m = self.hint
        if not isinstance(m, R.Move):
            return
        col = self.theme.c["hint"]
        if m.kind == "place":
            B.draw_marker(surface, "place", geo.sq_fpx(m.to), geo.cell * 1.25, self.theme,
                          0.5 + 0.5 * math.sin(self._time * 4), color=col)
            return
        ov, og, at = self._layer(geo, (m.frm, m.to), 1.6)
        a, b = og.sq_fpx(m.frm), og.sq_fpx(m.to)
        w = max(3, int(og.cell * 0.11))
        if m.kind == "slide":
            B.draw_curved_arrow(ov, a, b, og.cell * 1.7, col, w, halo=B._halo(self.theme),
                                trim=(og.cell * 0.46, og.cell * 0.44))
        else:
            target_r = 0.5 if st.cells[m.to] else 0.2
            a, b = _shorten(a, b, og.cell * 0.46, og.cell * target_r)
            B.draw_arrow(ov, a, b, col, w, alpha=235, dashed=m.kind == "shot", halo=B._halo(self.theme))
        surface.blit(ov, at)
        B.draw_brackets(surface, geo.sq_fpx(m.frm), geo.cell, col, size=0.5)
        if m.kind in ("shot", "capture"):
            B.draw_brackets(surface, geo.sq_fpx(m.to), geo.cell, col, size=0.55)


def _shorten(a, b, da, db):
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    return (a[0] + ux * da, a[1] + uy * da), (b[0] - ux * db, b[1] - uy * db)
