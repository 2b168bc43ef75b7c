"""The Cannon board: draws the position and turns clicks (or drags) into moves.

It implements the board contract in ``games/ui/board.py``; ``host`` is the
frame (a :class:`~games.ui.board.Host`). The board never decides a rule: the moves it offers come from the
rules module (``moves_from``, ``legal_moves``), the warnings from
``town_threatened``, and everything it plays goes through ``host.submit``.

Playing by mouse
    Town placement: click one of the highlighted back-rank points.
    Play: click a soldier of the side to move, then where it goes. Its moves
    light up, one marker shape per kind (step = dot, capture = ring with ticks,
    retreat = hollow square, slide = diamond, shot = reticle) and the cannons it
    belongs to are drawn as bands. The soldier clicked is the one that moves:
    a cannon slides by clicking the end soldier that moves (the rear) and the
    point beyond the other end; a cannon shoots when any of its soldiers is
    clicked, then the target. So every legal move has a soldier and a target
    point, and (by the geometry of the moves) no two moves of one soldier end
    on the same point; should two ever do, a small chooser lists them (click
    one or press its number). Click anywhere else (or right-click) to cancel.
    Drag-and-drop works too. With the "highlights" setting off the markers are
    hidden but clicking works the same.

Orientation
    Dark sits at the bottom. With the "rotate" option in a game between two
    humans the board turns (animated) so the player to move sits at the bottom;
    clicks follow the turned board. A single human playing Light against the
    computer gets the board turned once, so their own side is at the bottom.

Animation
    Everything runs on the board's timeline (``games/cannon/effects.py`` builds
    the steps): a move glides or a shot flies, then the board turns if it must;
    the first moment of the town-falling celebration holds the game-over card
    back; sparks and smoke that linger after an impact are background steps and
    hold nothing up. The speed setting, skipping and "off" come with the timeline.

The public helpers ``point_to_pixel`` / ``pixel_to_point`` / ``choice_pixel``
let tests drive the board with synthetic mouse events.
"""
from __future__ import annotations

import math
import random

import pygame

from games.cannon import board_draw as B
from games.cannon import rules as R
from games.cannon.effects import queue_move, scorch
from games.ui.board import Board
from games.ui.easing import in_out
from games.ui.theme import draw_text
from games.ui.timeline import Step

DRAG_PX = 6           # a press that moves this far becomes a drag
TAU = 2 * math.pi


class CannonBoard(Board):
    def __init__(self, host):
        super().__init__(host)
        self.rect = pygame.Rect(0, 0, 640, 640)
        self.angle = 0.0
        self._time = 0.0
        self.selected = None        # square of the selected soldier
        self.targets: dict = {}     # target square -> [moves] for the selection
        self.chooser = None         # _Chooser when several moves share a target
        self.press = None           # (square, pos, was_selected) while the button is down
        self.dragging = False
        self.mouse = None           # last known mouse position (from MOUSEMOTION)
        self.moving = None          # effects.MoveAnim while a move is shown
        self.turning = False        # the board is turning (clicks wait)
        self.fx_rng = random.Random(20240611)   # for particles only, never for play
        self._geo = None
        self._geo_key = None
        self._base = None
        self._base_key = None
        self._info_key = None
        self._info = None
        flip = self._wanted_flip()
        self.angle = math.pi if flip else 0.0

    # -- the contract ----------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        self._geo_key = None
        self._base_key = None
        self._close_chooser()

    def reset(self) -> None:
        super().reset()
        self.moving = None
        self.turning = False
        self._info_key = None
        flip = self._wanted_flip()
        if flip is not None:
            self.angle = math.pi if flip else 0.0

    def forget_private(self) -> None:
        super().forget_private()
        self._clear_selection()
        self.mouse = None

    def help_text(self) -> str:
        st = self._state()
        on = self._settings_flag("highlights", True)
        if st.phase == "place":
            rank = "1" if st.to_move == R.DARK else "10"
            where = "a highlighted point" if on else f"a point of your back rank (b{rank}-i{rank})"
            return f"Click {where} to place your town (or type Te{rank})"
        if self.chooser is not None:
            return "Several moves end there: pick one (or press its number)"
        if self.selected is not None:
            if not self.targets:
                return "That soldier has no move now: pick another"
            return "Click where it goes (drag works too); click elsewhere to cancel"
        return "Click a soldier, then where it goes (or type e3-e4)"

    @staticmethod
    def draw_rules_diagram(key, surface, rect, theme) -> None:
        B.draw_diagram(key, surface, rect, theme)

    # -- public helpers (tests, hints) ------------------------------------------------------
    def point_to_pixel(self, sq: int) -> tuple[int, int]:
        """Where the point of square ``sq`` is on the screen (as drawn now)."""
        return self.geometry().sq_px(sq)

    def pixel_to_point(self, pos):
        """The square whose point is under ``pos``, or None."""
        if self.turning:
            return None
        return self.geometry().point_at(pos)

    def choice_pixel(self, move):
        """Centre of ``move``'s row in the open chooser, or None."""
        if self.chooser is None:
            return None
        return self.chooser.center_of(move)

    @property
    def flipped(self) -> bool:
        return math.cos(self.angle) < 0

    def cancel(self) -> bool:
        """Drop the selection or close the chooser; True if there was one."""
        had = self.selected is not None or self.chooser is not None
        self._clear_selection()
        return had

    # -- helpers ----------------------------------------------------------------------------
    def _state(self):
        return self.host.visible_state()

    def _settings_flag(self, name, default):
        return bool(getattr(self.host.settings, name, default))

    def _area(self) -> pygame.Rect:
        pad = max(4, int(min(self.rect.w, self.rect.h) * 0.012))
        return self.rect.inflate(-2 * pad, -2 * pad)

    def geometry(self, angle=None) -> B.Geometry:
        a = self.angle if angle is None else angle
        key = (tuple(self.rect), round(a, 6))
        if key != self._geo_key:
            self._geo = B.Geometry(self._area(), a)
            self._geo_key = key
        return self._geo

    def _info_for(self, st) -> dict:
        """Derived facts about the position (asked of the rules once per position)."""
        key = (tuple(st.cells), st.to_move, st.phase, st.last_move)
        if key != self._info_key:
            phase = st.phase
            warn = []
            if phase == "play":
                warn = [p for p in (R.DARK, R.LIGHT) if R.town_threatened(st, p)]
            self._info = {"legal": st.legal_moves(), "warn": warn, "phase": phase}
            self._info_key = key
        return self._info

    def _wanted_flip(self):
        """True/False: whether the board should be turned; None: keep it as it is."""
        humans = [i for i, s in enumerate(self.host.seats) if s.is_human]
        if len(humans) >= 2:
            if not self.host.options.get("rotate"):
                return False
            st = self._state()
            if st.phase == "over":
                return None
            return st.to_move == R.LIGHT
        # one human playing Light against the computer sits at the bottom too
        return humans == [R.LIGHT]

    def _queue_flip(self) -> None:
        """Turn the board (after whatever is queued) if the player to move should sit at the bottom."""
        want = self._wanted_flip()
        if want is None or want == self.flipped:
            return
        a0 = self.angle

        def start(step):
            self.turning = True

        def update(step):
            self.angle = a0 + math.pi * step.value

        def end(step):
            self.angle = 0.0 if want is False else math.pi
            self.turning = False
            self._geo_key = None
            self._base_key = None

        self.timeline.then(Step(0.75, start=start, update=update, end=end, ease=in_out, name="turn the board"))

    def _clear_selection(self) -> None:
        self.selected = None
        self.targets = {}
        self.press = None
        self.dragging = False
        self._close_chooser()

    def _close_chooser(self) -> None:
        self.chooser = None

    def _select(self, sq, st) -> None:
        self.selected = sq
        self.targets = {}
        for m in R.moves_from(st, sq):
            # the soldier clicked is the one that moves (a shot moves nobody: any
            # soldier of the cannon fires it)
            if m.kind == "shot" or m.frm == sq:
                self.targets.setdefault(m.to, []).append(m)
        for moves in self.targets.values():
            moves.sort(key=lambda m: (B.KIND_ORDER.get(m.kind, 9), str(m)))
        self._close_chooser()

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.press is not None and not self.dragging:
                x0, y0 = self.press[1]
                if abs(event.pos[0] - x0) + abs(event.pos[1] - y0) >= DRAG_PX:
                    self.dragging = True
            return False
        if et == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            return self._mouse_down(event)
        if et == pygame.MOUSEBUTTONUP:
            self.mouse = event.pos
            return self._mouse_up(event)
        if et == pygame.KEYDOWN:
            return self._key(event)
        if et == pygame.WINDOWLEAVE:
            self.mouse = None
        return False

    def _mouse_down(self, event) -> bool:
        if self.chooser is not None and event.button in (1, 3):
            if event.button == 1:
                mv = self.chooser.option_at(event.pos)
                if mv is not None:
                    self._play(mv)
                    return True
            # anywhere else: the chooser goes, and the click counts as a click on the board
            self._close_chooser()
        if not self.rect.collidepoint(event.pos):
            return False
        if event.button == 3:
            self._clear_selection()
            return True
        if event.button != 1:
            return False
        if self.busy:
            return True
        if not self.host.can_act():
            if not self._state().is_over():
                self.host.say("Not your turn yet: wait for the other side's move.")
            return True
        st = self._state()
        sq = self.pixel_to_point(event.pos)
        info = self._info_for(st)
        if info["phase"] == "place":
            self._click_place(st, info, sq)
            return True
        if info["phase"] != "play":
            return True
        if self.selected is not None and sq in self.targets:
            self._choose(sq, event.pos)
            return True
        if sq is not None and st.cells[sq] == R.SOLDIER[st.to_move]:
            was = self.selected == sq
            self._select(sq, st)
            self.press = (sq, event.pos, was)
            self.dragging = False
            if not self.targets:
                self.host.say(f"The soldier on {R.square_name(sq)} has no move now.")
            else:
                self.sound("click")
            return True
        self._clear_selection()
        return True

    def _click_place(self, st, info, sq) -> None:
        moves = [m for m in info["legal"] if m.kind == "place" and m.to == sq]
        if moves:
            self._play(moves[0])
        elif sq is not None:
            rank = "1" if st.to_move == R.DARK else "10"
            self.host.say(f"Your town goes on your back rank, b{rank} to i{rank}, on an empty point.", bad=True)
            self.sound("error")

    def _mouse_up(self, event) -> bool:
        if event.button != 1 or self.press is None:
            return False
        sq0, _pos0, was = self.press
        dragged = self.dragging
        self.press = None
        self.dragging = False
        sq = self.pixel_to_point(event.pos)
        if sq is not None and sq != sq0 and sq in self.targets:
            self._choose(sq, event.pos)
        elif sq == sq0 and was and not dragged:
            self._clear_selection()       # a second click on the selected soldier lets it go
        return True

    def _key(self, event) -> bool:
        if self.chooser is not None:
            if pygame.K_1 <= event.key <= pygame.K_9:
                i = event.key - pygame.K_1
                if i < len(self.chooser.moves):
                    self._play(self.chooser.moves[i])
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self._close_chooser()
                return True
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and self.selected is not None:
            self._clear_selection()
            return True
        return False

    def _choose(self, sq, pos) -> None:
        moves = self.targets.get(sq, [])
        if len(moves) == 1:
            self._play(moves[0])
        elif moves:
            self.press = None
            self.dragging = False
            self.chooser = _Chooser(sq, moves, self.point_to_pixel(sq), self.theme, self.rect,
                                    self.geometry().cell)

    def _play(self, move) -> None:
        self._clear_selection()
        self.host.submit(move)

    # -- moves arriving ---------------------------------------------------------------------
    def on_move(self, entry, before, after) -> None:
        self._clear_selection()
        self._info_key = None
        if entry.player >= 0:
            move = R.Move.parse(entry.text)
            town_falls = (move.kind in ("capture", "shot") and 0 <= move.to < R.N_SQUARES
                          and before.cells[move.to] in R.TOWN)
            queue_move(self, move, before, town_falls, celebrate=self.host.seats[entry.player].is_human)
        self._queue_flip()

    def update(self, dt) -> None:
        self._time += dt
        super().update(dt)

    # -- drawing ----------------------------------------------------------------------------
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
        if self.mouse is not None and self.rect.collidepoint(self.mouse):
            hover = self.pixel_to_point(self.mouse)
        self._draw_last_move(surface, geo, st)
        self._draw_selected_cannons(surface, geo, st, info)
        self._draw_placing(surface, geo, st, info, hover)
        self._draw_pieces(surface, geo, st)
        self._draw_targets(surface, geo, info, hover)
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
        if self.chooser is not None:
            self.chooser.draw(surface, theme, self.mouse)
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


# -- the chooser ------------------------------------------------------------------------------

class _Chooser:
    """A small list of the moves that end on one point."""

    def __init__(self, sq, moves, anchor, theme, bounds, cell):
        self.sq = sq
        self.moves = list(moves)
        fnt = theme.body_font()
        self.font = fnt
        self.pad = theme.px(8)
        self.row_h = max(fnt.get_linesize() + theme.px(10), int(cell * 0.5))
        self.icon = self.row_h
        labels = [f"{i + 1}  {B.KIND_LABEL.get(m.kind, m.kind)} {m}" for i, m in enumerate(self.moves)]
        self.labels = labels
        w = max(fnt.size(t)[0] for t in labels) + self.icon + 3 * self.pad
        h = len(labels) * self.row_h + 2 * self.pad
        x = anchor[0] + int(cell * 0.6)
        y = anchor[1] - h // 2
        if x + w > bounds.right - 4:
            x = anchor[0] - int(cell * 0.6) - w
        x = max(bounds.x + 4, min(x, bounds.right - 4 - w))
        y = max(bounds.y + 4, min(y, bounds.bottom - 4 - h))
        self.rect = pygame.Rect(x, y, w, h)
        self.rows = [pygame.Rect(x + self.pad // 2, y + self.pad + i * self.row_h, w - self.pad, self.row_h)
                     for i in range(len(labels))]
        self.anchor = anchor
        self.cell = cell

    def option_at(self, pos):
        for m, r in zip(self.moves, self.rows):
            if r.collidepoint(pos):
                return m
        return None

    def center_of(self, move):
        for m, r in zip(self.moves, self.rows):
            if m == move:
                return r.center
        return None

    def draw(self, surface, theme, mouse) -> None:
        c = theme.c
        shadow = pygame.Surface(self.rect.inflate(12, 12).size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=theme.px(12))
        surface.blit(shadow, self.rect.move(2, 5).inflate(12, 12).topleft)
        pygame.draw.rect(surface, c["bg2"], self.rect, border_radius=theme.px(9))
        pygame.draw.rect(surface, c["accent"], self.rect, max(1, theme.px(2)), border_radius=theme.px(9))
        # a little pointer to the point the moves end on
        ax, ay = self.anchor
        pygame.draw.aacircle(surface, c["accent"], (int(ax), int(ay)), max(3, int(self.cell * 0.12)))
        for m, r, text in zip(self.moves, self.rows, self.labels):
            if mouse is not None and r.collidepoint(mouse):
                pygame.draw.rect(surface, c["panel_hi"], r, border_radius=theme.px(6))
            icon_c = (r.x + self.pad + self.icon // 2, r.centery)
            pygame.draw.circle(surface, c["board"], icon_c, self.icon // 2 - 1)
            B.draw_marker(surface, m.kind, icon_c, self.icon * 0.85, theme)
            draw_text(surface, text, self.font, c["text"], (r.x + 2 * self.pad + self.icon, r.centery), "midleft")
