"""The Cannon board: draws the position and turns clicks (or drags) into moves.

It implements the board contract in ``games/ui/game_screen.py``; ``host`` is the
GameScreen. The board never decides a rule: the moves it offers come from the
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
    Durations are multiplied by ``settings.anim_factor()`` (0 = no animation,
    never a delay). ``busy`` is True while a move glides or a shot flies, while
    the board turns, and for the first moment of the town-falling celebration
    (so the game-over card waits for it); sparks and smoke that linger after
    an impact do not hold the game up.

The public helpers ``point_to_pixel`` / ``pixel_to_point`` / ``choice_pixel``
let tests drive the board with synthetic mouse events.
"""
from __future__ import annotations

import math
import random

import pygame

from games.cannon import board_draw as B
from games.cannon import rules as R
from games.ui.theme import blend, draw_text
from games.ui.tween import Tween, ease_in_out, ease_out_cubic, linear

DRAG_PX = 6           # a press that moves this far becomes a drag
TAU = 2 * math.pi


class CannonScene:
    def __init__(self, host):
        self.host = host
        self.rect = pygame.Rect(0, 0, 640, 640)
        self.angle = 0.0
        self._time = 0.0
        self.selected = None        # square of the selected soldier
        self.targets: dict = {}     # target square -> [moves] for the selection
        self.chooser = None         # _Chooser when several moves share a target
        self.press = None           # (square, pos, was_selected) while the button is down
        self.dragging = False
        self.mouse = None           # last known mouse position (from MOUSEMOTION)
        self.hint = None
        self.anim = None            # _MoveAnim
        self.rot = None             # (from_angle, to_angle, Tween) while the board turns
        self.effects: list = []     # particles, flashes, confetti
        self._rng = random.Random(20240611)   # for particles only, never for play
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
        self.rect = pygame.Rect(rect)
        self._geo_key = None
        self._base_key = None
        self._close_chooser()

    @property
    def busy(self) -> bool:
        if self.anim is not None or self.rot is not None:
            return True
        if any(getattr(e, "blocking", False) for e in self.effects):
            return True
        return self._flip_pending() and self._factor() > 0

    def reset(self) -> None:
        self._clear_selection()
        self.anim = None
        self.rot = None
        self.effects.clear()
        self.hint = None
        self._info_key = None
        flip = self._wanted_flip()
        if flip is not None:
            self.angle = math.pi if flip else 0.0

    def show_hint(self, move) -> None:
        self.hint = move

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
        if self.rot is not None:
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
    @property
    def theme(self):
        return self.host.theme

    def _state(self):
        return self.host.visible_state()

    def _settings_flag(self, name, default):
        try:
            return bool(getattr(self.host.app.settings, name))
        except AttributeError:
            return default

    def _factor(self) -> float:
        try:
            return max(0.0, float(self.host.app.settings.anim_factor()))
        except (AttributeError, TypeError, ValueError):
            return 1.0

    def _sound(self, name) -> None:
        try:
            self.host.app.sound.play(name)
        except pygame.error:    # a broken mixer never stops the game
            pass

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
        m = self.host.match
        humans = m.human_seats()
        if len(humans) >= 2:
            if not m.options.get("rotate"):
                return False
            st = self._state()
            if st.phase == "over":
                return None
            return st.to_move == R.LIGHT
        # one human playing Light against the computer sits at the bottom too
        return humans == [R.LIGHT]

    def _flip_pending(self) -> bool:
        if self.rot is not None:
            return False
        want = self._wanted_flip()
        return want is not None and want != self.flipped

    def _check_flip(self, animate: bool) -> None:
        if not self._flip_pending():
            return
        f = self._factor()
        if animate and f > 0:
            self.rot = (self.angle, self.angle + math.pi, Tween(0.75 * f, ease_in_out))
        else:
            self.angle = (self.angle + math.pi) % TAU
            if abs(self.angle - TAU) < 1e-6:
                self.angle = 0.0

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
            if not self.host.match.is_over():
                self.host.say("Not your turn yet: wait for the other side's move.")
            return True
        st = self._state()
        sq = self.pixel_to_point(event.pos)
        info = self._info_for(st)
        if info["phase"] == "place":
            moves = [m for m in info["legal"] if m.kind == "place" and m.to == sq]
            if moves:
                self._play(moves[0])
            elif sq is not None:
                rank = "1" if st.to_move == R.DARK else "10"
                self.host.say(f"Your town goes on your back rank, b{rank} to i{rank}, on an empty point.", bad=True)
                self._sound("error")
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
                self._sound("click")
            return True
        self._clear_selection()
        return True

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
        self.anim = None
        if self.rot is not None:
            self.angle = self.rot[1] % TAU
            self.rot = None
        self.effects = [e for e in self.effects if not getattr(e, "blocking", False)]
        self._info_key = None
        if getattr(entry, "player", 0) < 0:
            return
        try:
            move = R.Move.parse(entry.text)
        except Exception:   # noqa: BLE001 - an unreadable entry is only not animated
            return
        factor = self._factor()
        town_falls = (move.kind in ("capture", "shot") and 0 <= move.to < R.N_SQUARES
                      and before.cells[move.to] in R.TOWN)
        if factor <= 0:
            if move.kind == "shot":
                self._sound("shot")
            self._sound("explosion" if town_falls else "hit" if move.kind in ("capture", "shot") else "click")
            self._check_flip(animate=False)
            return
        self.anim = _MoveAnim(self, move, before, factor, town_falls)

    # -- time -------------------------------------------------------------------------------
    def update(self, dt) -> None:
        self._time += dt
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self.anim = None
        if self.rot is not None:
            self.rot[2].update(dt)
            if self.rot[2].done:
                self.angle = self.rot[1] % TAU
                if abs(self.angle - TAU) < 1e-6:
                    self.angle = 0.0
                self.rot = None
                self._geo_key = None
        if self.anim is None and self.rot is None:
            self._check_flip(animate=True)
        if self.effects:
            for e in self.effects:
                e.update(dt)
            self.effects = [e for e in self.effects if not e.done]

    # -- drawing ----------------------------------------------------------------------------
    def _current_geo(self):
        if self.rot is not None:
            a0, a1, tw = self.rot
            return B.Geometry(self._area(), a0 + (a1 - a0) * tw.value)
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
        theme = self.theme
        c = theme.c
        st = self._state()
        info = self._info_for(st)
        geo = self._current_geo()
        cell = geo.cell
        ref_cell = self.geometry().cell
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        if geo.upright:
            surface.blit(self._base_surface(geo), self.rect.topleft)
        else:
            B.draw_base(surface, geo, theme, labels="all", grain=False)
        highlights = self._settings_flag("highlights", True)
        can_act = self.host.can_act()
        anim = self.anim

        # the last move, and the scorch a shot leaves
        lm = st.last_move
        if lm is not None:
            if lm.kind == "shot" and st.cells[lm.to] == R.EMPTY:
                _scorch(surface, geo.sq_fpx(lm.to), cell)
            for sq in ({lm.to} if lm.kind == "place" else {lm.frm, lm.to}):
                B.draw_brackets(surface, geo.sq_fpx(sq), cell, c["last_move"])

        # cannons of the selected soldier (under the pieces)
        sel = self.selected
        if sel is not None and highlights and info["phase"] == "play":
            tris = R.cannons_through(st, sel)
            if tris:
                ov, og, at = self._layer(geo, [sq for tri in tris for sq in tri])
                B.draw_cannons(ov, og, tris, theme)
                surface.blit(ov, at)

        # town placement
        pulse = 0.5 + 0.5 * math.sin(self._time * 4.0)
        hover = None
        if self.mouse is not None and self.rect.collidepoint(self.mouse):
            hover = self.pixel_to_point(self.mouse)
        if info["phase"] == "place" and can_act:
            places = [m.to for m in info["legal"] if m.kind == "place"]
            if highlights:
                for sq in places:
                    if sq != hover:
                        B.draw_marker(surface, "place", geo.sq_fpx(sq), cell, theme, pulse)
            if hover in places:
                spr = B.piece_sprite(R.TOWN[st.to_move], int(round(ref_cell * B.TOWN_R)), theme).copy()
                spr.set_alpha(150)
                surface.blit(spr, spr.get_rect(center=geo.sq_px(hover)))

        # pieces
        hidden = anim.hidden if anim is not None else ()
        k = cell / ref_cell
        for sq in range(R.N_SQUARES):
            code = st.cells[sq]
            if not code or sq in hidden:
                continue
            if self.dragging and sq == sel:
                continue
            pos = geo.sq_fpx(sq)
            if sq == sel:
                B.blit_piece(surface, code, pos, ref_cell, theme, scale=1.07 * k)
            else:
                B.blit_piece(surface, code, pos, ref_cell, theme, scale=k)
        if anim is not None:
            anim.draw_pieces(surface, geo, ref_cell, theme)

        # the selection and its moves
        if sel is not None and info["phase"] == "play":
            B.draw_selection(surface, geo.sq_fpx(sel), cell, theme)
            if highlights:
                hov_moves = self.targets.get(hover, []) if hover is not None else []
                if hov_moves and not self.dragging:
                    self._draw_previews(surface, geo, hov_moves, alpha=150)
                for sq, moves in self.targets.items():
                    for kind in dict.fromkeys(m.kind for m in moves):
                        B.draw_marker(surface, kind, geo.sq_fpx(sq), cell, theme, pulse)
                    if len(moves) > 1:
                        B.draw_count(surface, geo.sq_fpx(sq), cell, len(moves), theme)

        # a town the opponent can take next move
        if info["warn"] and self._settings_flag("town_warning", True):
            for p in info["warn"]:
                t = st.towns[p]
                if t is not None:
                    B.draw_warning(surface, geo.sq_fpx(t), cell, theme, self._time)

        # flying things
        if anim is not None:
            anim.draw_effects(surface, geo, theme)
        for e in self.effects:
            e.draw(surface, geo, theme)

        # the hint
        if self.hint is not None and anim is None and self.rot is None:
            self._draw_hint(surface, geo, st)

        # a soldier being dragged follows the mouse
        if self.dragging and sel is not None and self.mouse is not None:
            code = st.cells[sel]
            if code:
                B.blit_piece(surface, code, (self.mouse[0], self.mouse[1] - cell * 0.08), ref_cell, theme,
                             scale=1.15 * k)

        if self.chooser is not None:
            self.chooser.draw(surface, theme, self.mouse)
        surface.set_clip(clip)

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
        m = self.hint
        if not isinstance(m, R.Move):
            return
        c = self.theme.c
        if m.kind == "place":
            B.draw_marker(surface, "place", geo.sq_fpx(m.to), geo.cell * 1.25, self.theme,
                          0.5 + 0.5 * math.sin(self._time * 4))
            return
        ov, og, at = self._layer(geo, (m.frm, m.to), 0.5)
        a, b = og.sq_fpx(m.frm), og.sq_fpx(m.to)
        a, b = _shorten(a, b, og.cell * 0.2, og.cell * 0.32)
        B.draw_arrow(ov, a, b, c["accent"], max(4, int(og.cell * 0.16)), alpha=230, halo=B._halo(self.theme))
        surface.blit(ov, at)
        B.draw_brackets(surface, geo.sq_fpx(m.frm), geo.cell, c["accent"], size=0.5)
        if m.kind in ("shot", "capture"):
            B.draw_marker(surface, m.kind, geo.sq_fpx(m.to), geo.cell, self.theme, color=c["accent"])


def _shorten(a, b, da, db):
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    return (a[0] + ux * da, a[1] + uy * da), (b[0] - ux * db, b[1] - uy * db)


_SCORCH: dict = {}


def _scorch(surface, pos, cell) -> None:
    r = max(3, int(cell * 0.36))
    spr = _SCORCH.get(r)
    if spr is None:
        spr = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        rng = random.Random(5)
        for i in range(7):
            rr = int(r * (1.0 - i * 0.12))
            pygame.draw.circle(spr, (40, 24, 10, 18 + i * 6), (r + rng.randint(-2, 2), r + rng.randint(-2, 2)), rr)
        _SCORCH[r] = spr
    surface.blit(spr, spr.get_rect(center=(int(pos[0]), int(pos[1]))))


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


# -- animation -------------------------------------------------------------------------------

class _MoveAnim:
    """One move being shown: a glide, a cannon shot, a town placed. The position
    drawn underneath is already the new one; this hides the moved piece at its
    destination and draws it (and a captured piece) where they are meanwhile."""

    def __init__(self, scene, move, before, factor, town_falls):
        self.scene = scene
        self.move = move
        self.kind = move.kind
        self.f = factor
        self.town_falls = town_falls
        self.t = 0.0
        self.impacted = False
        k = move.kind
        self.mover = before.cells[move.frm] if k != "place" else before.cells[move.to]
        self.target = before.cells[move.to] if k in ("capture", "shot") else R.EMPTY
        self.player = before.to_move
        self.cannon = R.cannon_of(move) if k in ("shot", "slide") else None
        if k == "place":
            self.mover = R.TOWN[before.to_move]
            self.travel = 0.34 * factor
        elif k == "step":
            self.travel = 0.26 * factor
        elif k == "retreat":
            self.travel = 0.36 * factor
        elif k == "slide":
            self.travel = 0.46 * factor
        elif k == "capture":
            self.travel = 0.28 * factor
        else:   # shot
            dist = max(abs(move.to % 10 - move.frm % 10), abs(move.to // 10 - move.frm // 10))
            self.fire = 0.06 * factor
            self.travel = self.fire + (0.14 + 0.07 * dist) * factor
        self.impact_at = self.travel
        self.total = self.impact_at + 0.10 * factor
        self.hidden = {move.to} if k != "shot" else set(self.cannon)
        if k == "shot":
            scene._sound("shot")

    @property
    def done(self) -> bool:
        return self.t >= self.total

    def update(self, dt) -> None:
        self.t += dt
        if not self.impacted and self.t >= self.impact_at:
            self.impacted = True
            self._impact()

    def _impact(self) -> None:
        sc = self.scene
        m = self.move
        c = sc.theme.c
        rng = sc._rng
        if self.kind in ("capture", "shot"):
            col = c["side"][B.side_of(self.target)] if self.target else c["danger"]
            sc.effects.append(_Burst(m.to, [col, c["side_edge"][B.side_of(self.target or 1)], c["move_shot"]],
                                     rng, self.f, n=30 if self.target in R.TOWN else 20,
                                     smoke=self.kind == "shot"))
            if self.town_falls:
                sc.effects.append(_Celebration(m.to, c, rng, self.f))
                sc._sound("explosion")
            else:
                sc._sound("hit" if self.kind == "capture" else "explosion")
        else:
            sc.effects.append(_Ripple(m.to, c["last_move"], self.f, big=self.kind == "place"))
            sc._sound("click")

    def _prog(self, start, end, ease=ease_in_out) -> float:
        if end <= start:
            return 1.0
        return ease(min(1.0, max(0.0, (self.t - start) / (end - start))))

    def draw_pieces(self, surface, geo, ref_cell, theme) -> None:
        m = self.move
        k = geo.cell / ref_cell
        if self.kind == "place":
            p = self._prog(0, self.travel, ease_out_cubic)
            drop = (1 - p) * geo.cell * 0.6
            x, y = geo.sq_fpx(m.to)
            B.blit_piece(surface, self.mover, (x, y - drop), ref_cell, theme, scale=k * (1.25 - 0.25 * p))
            return
        if self.kind == "shot":
            # the cannon recoils a little, away from the target
            ux, uy = _unit_px(geo, m.frm, m.to)
            kick = math.sin(math.pi * min(1.0, self.t / max(1e-6, 0.28 * self.f))) * geo.cell * 0.10
            for sq in self.cannon:
                x, y = geo.sq_fpx(sq)
                B.blit_piece(surface, self.scene._state().cells[sq] or self.mover,
                             (x - ux * kick, y - uy * kick), ref_cell, theme, scale=k)
            if not self.impacted and self.target:
                B.blit_piece(surface, self.target, geo.sq_fpx(m.to), ref_cell, theme, scale=k)
            return
        # glides (step, retreat, slide, capture)
        if not self.impacted and self.target:
            B.blit_piece(surface, self.target, geo.sq_fpx(m.to), ref_cell, theme, scale=k)
        p = self._prog(0, self.travel)
        a, b = geo.sq_fpx(m.frm), geo.sq_fpx(m.to)
        if self.kind == "slide":
            # the end soldier goes round the other two, as the slide's arrow shows
            dx, dy = b[0] - a[0], b[1] - a[1]
            n = math.hypot(dx, dy) or 1.0
            bend = geo.cell * 1.7
            ctrl = ((a[0] + b[0]) / 2 - dy / n * bend, (a[1] + b[1]) / 2 + dx / n * bend)
            pos = ((1 - p) ** 2 * a[0] + 2 * (1 - p) * p * ctrl[0] + p * p * b[0],
                   (1 - p) ** 2 * a[1] + 2 * (1 - p) * p * ctrl[1] + p * p * b[1])
        else:
            hop = math.sin(math.pi * p) * geo.cell * 0.10
            pos = (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p - hop)
        B.blit_piece(surface, self.mover, pos, ref_cell, theme, scale=k * (1.0 + 0.08 * math.sin(math.pi * p)))

    def draw_effects(self, surface, geo, theme) -> None:
        if self.kind != "shot":
            return
        m = self.move
        c = theme.c
        a, b = geo.sq_fpx(m.frm), geo.sq_fpx(m.to)
        ux, uy = _unit_px(geo, m.frm, m.to)
        cell = geo.cell
        # muzzle flash
        tf = self.t / max(1e-6, 0.22 * self.f)
        if tf < 1.0:
            mx, my = a[0] + ux * cell * 0.45, a[1] + uy * cell * 0.45
            size = cell * (0.25 + 0.35 * tf)
            pts = B._star(mx, my, size, size * 0.45, 8, rot=self.t * 3)
            pygame.draw.polygon(surface, blend((255, 200, 80), (255, 255, 255), 0.3), pts)
            pts2 = B._star(mx, my, size * 0.55, size * 0.3, 8, rot=self.t * 3 + 0.4)
            pygame.draw.polygon(surface, (255, 255, 235), pts2)
        # the cannonball, with its shadow on the board
        if not self.impacted and self.t >= self.fire:
            p = self._prog(self.fire, self.travel, linear)
            sx, sy = a[0] + ux * cell * 0.4 + (b[0] - a[0] - ux * cell * 0.4) * p, \
                a[1] + uy * cell * 0.4 + (b[1] - a[1] - uy * cell * 0.4) * p
            arc = math.sin(math.pi * p) * cell * 0.45
            r = max(3, int(cell * (0.12 + 0.04 * math.sin(math.pi * p))))
            sh = pygame.Surface((4 * r, 2 * r), pygame.SRCALPHA)
            pygame.draw.ellipse(sh, (0, 0, 0, 70), sh.get_rect())
            surface.blit(sh, sh.get_rect(center=(int(sx), int(sy + r * 0.4))))
            bx, by = int(sx), int(sy - arc)
            pygame.draw.aacircle(surface, (20, 20, 24), (bx, by), r)
            pygame.draw.aacircle(surface, (110, 110, 120), (bx - r // 3, by - r // 3), max(1, r // 3))
            # a short trail of sparks
            for i in range(1, 4):
                q = max(0.0, p - i * 0.06)
                tx = a[0] + ux * cell * 0.4 + (b[0] - a[0] - ux * cell * 0.4) * q
                ty = a[1] + uy * cell * 0.4 + (b[1] - a[1] - uy * cell * 0.4) * q - math.sin(math.pi * q) * cell * 0.45
                pygame.draw.aacircle(surface, blend(c["move_shot"], (255, 255, 255), 0.3),
                                     (int(tx), int(ty)), max(1, r // (i + 1)))


def _unit_px(geo, frm, to):
    a, b = geo.sq_fpx(frm), geo.sq_fpx(to)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def _alpha_circle(surface, rgb, alpha, center, r, width=0) -> None:
    """A circle (or ring) at ``alpha`` opacity, blended over whatever is beneath."""
    r = int(r)
    a = int(max(0, min(255, alpha)))
    if r < 1 or a == 0:
        return
    s = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    pygame.draw.circle(s, (*rgb, a), (r + 2, r + 2), r, width)
    surface.blit(s, (int(center[0]) - r - 2, int(center[1]) - r - 2))


class _Burst:
    """Pieces flying apart where something was hit (with smoke for a shot)."""
    blocking = False

    def __init__(self, sq, colors, rng, factor, n=20, smoke=False):
        self.sq = sq
        self.parts = []
        life = 0.75 * max(0.5, factor)
        for _ in range(n):
            a = rng.uniform(0, TAU)
            sp = rng.uniform(1.2, 3.6)
            self.parts.append([0.0, 0.0, math.cos(a) * sp, math.sin(a) * sp - 1.2,
                               life * rng.uniform(0.6, 1.0), rng.uniform(0.05, 0.11), rng.choice(colors)])
        self.smoke = []
        if smoke:
            for _ in range(7):
                a = rng.uniform(0, TAU)
                self.smoke.append([math.cos(a) * 0.15, math.sin(a) * 0.15, math.cos(a) * 0.5, math.sin(a) * 0.5 - 0.4,
                                   life * rng.uniform(0.9, 1.4), rng.uniform(0.16, 0.26)])
        self.t = 0.0
        self.life = max([p[4] for p in self.parts] + [s[4] for s in self.smoke] + [0.01])
        self.flash = 0.2 * max(0.5, factor)

    @property
    def done(self):
        return self.t >= self.life

    def update(self, dt):
        self.t += dt
        for p in self.parts:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += 5.0 * dt
            p[2] *= (1 - 1.5 * dt)
        for s in self.smoke:
            s[0] += s[2] * dt
            s[1] += s[3] * dt
            s[2] *= (1 - 2 * dt)
            s[3] *= (1 - 2 * dt)

    def draw(self, surface, geo, theme):
        x0, y0 = geo.sq_fpx(self.sq)
        cell = geo.cell
        if self.t < self.flash:
            k = self.t / self.flash
            _alpha_circle(surface, (255, 244, 210), 230 * (1 - k), (x0, y0), cell * (0.25 + 0.35 * k))
            _alpha_circle(surface, (255, 200, 90), 200 * (1 - k), (x0, y0), cell * (0.35 + 0.5 * k),
                          max(2, int(cell * 0.08)))
        for s in self.smoke:
            if self.t < s[4]:
                k = self.t / s[4]
                _alpha_circle(surface, (96, 92, 86), 150 * (1 - k) ** 1.5,
                              (x0 + s[0] * cell, y0 + s[1] * cell), cell * s[5] * (0.6 + k))
        for p in self.parts:
            if self.t < p[4]:
                k = 1 - self.t / p[4]
                r = max(1, int(cell * p[5] * k))
                pygame.draw.circle(surface, p[6], (int(x0 + p[0] * cell), int(y0 + p[1] * cell)), r)


class _Ripple:
    """A ring spreading from a point where a piece was set down."""
    blocking = False

    def __init__(self, sq, color, factor, big=False):
        self.sq = sq
        self.color = color
        self.t = 0.0
        self.life = (0.45 if big else 0.3) * max(0.5, factor)
        self.big = big

    @property
    def done(self):
        return self.t >= self.life

    def update(self, dt):
        self.t += dt

    def draw(self, surface, geo, theme):
        k = min(1.0, self.t / self.life)
        x, y = geo.sq_fpx(self.sq)
        r = geo.cell * (0.42 + (0.45 if self.big else 0.25) * k)
        _alpha_circle(surface, self.color, 220 * (1 - k), (x, y), r, max(2, int(geo.cell * 0.06)))


class _Celebration:
    """The town falls: a flash and rings where it stood, a burst of confetti from
    it and a shower over the whole board. It holds the game-over card back for
    a moment (``blocking``) so the fall is seen."""

    def __init__(self, sq, c, rng, factor):
        self.sq = sq
        self.t = 0.0
        self.f = max(0.4, factor)
        self.hold = 1.1 * factor
        self.life = 3.2 * self.f
        self.colors = [c["accent"], c["move_step"], c["move_capture"], c["move_retreat"], c["move_slide"],
                       c["move_shot"], (255, 255, 255)]
        self.rng = rng
        self.parts = None            # made on the first draw, when the board's size is known
        self.flash_colors = ((255, 255, 255), c["accent"], c["danger"])

    def _spawn(self, geo):
        rng = self.rng
        tx, ty = geo.sq_fpx(self.sq)
        ox, oy = (tx - geo.cx) / geo.cell, (ty - geo.cy) / geo.cell
        half = (geo.files[1] - geo.files[0]) / 2 + geo.margin
        parts = []
        for _ in range(70):                      # the burst from the town
            a = rng.uniform(0, TAU)
            sp = rng.uniform(2.0, 6.5)
            parts.append([ox, oy, math.cos(a) * sp, math.sin(a) * sp - 2.0, 0.0])
        for _ in range(110):                     # the shower
            parts.append([rng.uniform(-half, half), -half - rng.uniform(0.2, 5.5),
                          rng.uniform(-0.4, 0.4), rng.uniform(2.2, 3.6), 0.0])
        for p in parts:
            p += [rng.uniform(0, TAU), rng.uniform(-8, 8), rng.uniform(0.09, 0.16), rng.choice(self.colors),
                  rng.uniform(0, TAU)]
        self.parts = parts

    @property
    def blocking(self):
        return self.t < self.hold

    @property
    def done(self):
        return self.t >= self.life

    def update(self, dt):
        self.t += dt
        if self.parts is None:
            return
        dt_s = dt / self.f
        for p in self.parts:
            p[0] += (p[2] + 0.6 * math.sin(self.t * 4 / self.f + p[9])) * dt_s
            p[1] += p[3] * dt_s
            p[2] *= (1 - 1.5 * dt_s)
            p[3] = min(p[3] + 6.0 * dt_s, 2.6)   # paper drifts down slowly
            p[5] += p[6] * dt_s

    def draw(self, surface, geo, theme):
        if self.parts is None:
            self._spawn(geo)
        x0, y0 = geo.sq_fpx(self.sq)
        cell = geo.cell
        fl = 0.45 * self.f
        if self.t < fl:
            k = self.t / fl
            _alpha_circle(surface, (255, 255, 240), 200 * (1 - k), (x0, y0), cell * (0.5 + 1.0 * k))
            for i, col in enumerate(self.flash_colors):
                _alpha_circle(surface, col, 230 * (1 - k), (x0, y0), cell * (0.5 + (1.6 + i * 0.6) * k),
                              max(2, int(cell * 0.09)))
        fade = min(1.0, max(0.0, (self.life - self.t) / (0.6 * self.f)))
        if fade <= 0:
            return
        for p in self.parts:
            x, y = geo.cx + p[0] * cell, geo.cy + p[1] * cell
            s = cell * p[7] * (0.4 + 0.6 * fade)
            ca, sa = math.cos(p[5]), math.sin(p[5])
            w2, h2 = s, s * 0.45 * (0.3 + abs(math.sin(p[5] * 1.7)))
            pts = [(x + ca * dx - sa * dy, y + sa * dx + ca * dy)
                   for dx, dy in ((-w2, -h2), (w2, -h2), (w2, h2), (-w2, h2))]
            pygame.draw.polygon(surface, p[8], pts)
