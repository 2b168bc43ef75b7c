"""The Cannon Ball board: the battlefield, the Fort Commander, and clicks into moves.

It implements the board contract (``games/ui/board.py``); ``host`` is the frame.
Every move it plays comes from the rules' own lists and questions
(``reachable``, ``path_to``, ``cannon_moves``, ``tnt_placements``,
``attack_preview``, ``end_turn_warning``): the board decides no rule.

Playing by mouse
    A turn opens with a choice in the column at the right (a move turn, a gate,
    or a gamble with Odd or Even), then the spin: click Spin!, press Space or
    flick the dial. In a move turn click one of your men: the boxes he can reach
    with the moves left light up with their cost (red: an attack, X: a capture,
    "!": a bridge on the way that may give way). Click one and he walks the
    shortest legal path, step by step. Click one of your cannons to see where it
    can go (with its two escorts, or passed along), and the TNT marks to place a
    case. End turn (or E) when done; the board warns first if ending would lose
    men. Right-click or Esc lets go of a selection.

Animation
    Planned in ``effects.py`` from the states before and after each move, on the
    board's timeline: men walk, cannons roll, bridges burst, gates blow open.
"""
from __future__ import annotations

import math
import random

import pygame

from games.cannon_ball import battlefield as M
from games.cannon_ball import drawing as D
from games.cannon_ball import effects as E
from games.cannon_ball import rules as R
from games.cannon_ball.panel import Panel
from games.ui.board import Board
from games.ui.spinner import Spinner
from games.ui.theme import draw_text
from games.ui.timeline import Step
from games.ui.widgets import draw_tooltip


class CannonBallBoard(Board):
    def __init__(self, host):
        super().__init__(host)
        self.spinner = Spinner(on_flick=self._flick)
        self.panel = Panel(self)
        self.geo = D.Geo(pygame.Rect(0, 0, 100, 100))
        self.map_rect = pygame.Rect(0, 0, 100, 100)
        self.shown = E.Shown()
        self.fx_rng = random.Random(1968)        # the look of blasts only, never play
        self.sel: int | None = None              # a box: the selected man, or a box of the selected cannon
        self.reach: dict = {}
        self.cannon_opts: list = []
        self.queue: list = []                    # steps still to walk of a clicked path
        self.mouse = (-1, -1)
        self.caption = ""                        # the last spin, in words, under the dial
        self._time = 0.0

    # -- the contract -------------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(8)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        col = max(t.px(190), min(t.px(260), inner.w // 4))
        strip = max(t.px(180), min(t.px(230), inner.h // 3))
        right = (pygame.Rect(inner.x, inner.y, max(1, inner.w - col - pad), inner.h),
                 pygame.Rect(inner.right - col, inner.y, col, inner.h))
        below = (pygame.Rect(inner.x, inner.y, inner.w, max(1, inner.h - strip - pad)),
                 pygame.Rect(inner.x, inner.bottom - strip, inner.w, strip))
        # the column at the right reads best; the strip below only for a tall window
        best = below if D.Geo(below[0]).cell > 1.3 * D.Geo(right[0]).cell else right
        self.map_rect, panel = best
        self.geo = D.Geo(self.map_rect)
        self.panel.layout(panel)

    def forget_private(self) -> None:
        super().forget_private()
        self._select(None)
        self.queue = []

    def reset(self) -> None:
        super().reset()
        self.shown.clear()
        self.spinner.spinning = False

    def performance(self, state) -> str | None:
        return "Spin!" if state.phase in (R.OPENING, R.SPIN) else None

    def perform_rect(self):
        return self.panel.perform_rect

    def help_text(self) -> str:
        st = self._state()
        if st.phase == R.CHOOSE:
            return "Choose this turn in the column at the right: a move turn, a gate, or a gamble"
        if st.phase != R.MOVING:
            return ""
        if self.sel is not None and self.cannon_opts:
            return "Click where the cannon goes (lit boxes); Esc lets go"
        if self.sel is not None:
            return "Click a lit box to walk there (red: attack); Esc lets go"
        return f"{st.moves_left()} moves left: click one of your men or cannons, or End turn (E)"

    @staticmethod
    def draw_rules_diagram(key, surface, rect, theme) -> None:
        from games.cannon_ball.diagrams import draw_diagram
        draw_diagram(key, surface, rect, theme)

    # -- helpers ----------------------------------------------------------------------------
    def _state(self):
        return self.host.visible_state()

    def _select(self, box) -> None:
        self.sel = box
        self.reach, self.cannon_opts = {}, []
        if box is None:
            return
        st = self._state()
        if st.occ[box] == st.to_move:
            self.reach = R.reachable(st, box)
        elif box in st.cannon_at:
            self.cannon_opts = R.cannon_moves(st, box)

    def _flick(self) -> None:
        if self.host.awaiting_performance():
            self.host.perform()

    def spin_shown(self, before, value: int) -> None:
        """The caption under the dial for a spin (shown once the dial has landed)."""
        call = before.choice.call if (before.phase == R.SPIN and before.choice is not None) else ""
        odd = "odd" if value % 2 else "even"
        if before.phase == R.OPENING:
            text = f"Opening spin: {value}"
        elif call:
            text = f"{value} is {odd}: the call {'wins!' if call == odd else 'loses'}"
        else:
            text = f"{value} moves"
        self.timeline.then(Step(0.0, start=lambda s: setattr(self, "caption", text), name="caption"))

    # -- input ----------------------------------------------------------------------------------
    def choose(self, move) -> None:
        self.host.submit(move)

    def end_turn(self) -> None:
        st = self._state()
        warn = R.end_turn_warning(st, self.host.names())
        self.queue = []
        if warn:
            self.host.ask("End the turn?", f"Ending now: {warn}.", lambda: self.host.submit(R.END),
                          yes="End turn")
        else:
            self.host.submit(R.END)

    def handle_event(self, event) -> bool:
        st = self._state()
        can = self.host.can_act()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if self.spinner.handle_event(event):
            return True
        if self.panel.handle_event(event, st, can):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event, st, can)
        if event.type != pygame.MOUSEBUTTONDOWN or not self.map_rect.collidepoint(event.pos):
            return False
        if event.button == 3:
            self._select(None)
            return True
        if event.button == 1 and can and st.phase == R.MOVING:
            self._click_map(st, event.pos)
            return True
        return False

    def _key(self, event, st, can) -> bool:
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and self.sel is not None:
            self._select(None)
            return True
        if event.key == pygame.K_e and can and st.phase == R.MOVING:
            self.end_turn()
            return True
        return False

    def _click_map(self, st, pos) -> None:
        tnt = self._tnt_at(st, pos)
        if tnt is not None:
            self.host.submit(tnt)
            return
        box = self.geo.box_at(pos)
        if box is None:
            self._select(None)
            return
        if self.sel is not None and box in self.reach:
            self.queue = R.path_to(st, self.sel, box)
            self._select(None)
            self._walk()
            return
        if self.sel is not None and self.cannon_opts:
            opts = [m for m in self.cannon_opts if box in m.to]
            if opts:
                self._select(None)
                self.host.submit(min(opts, key=lambda m: (len(m.escorts) == 0, str(m))))
                return
        if st.occ[box] == st.to_move or (box in st.cannon_at and st.cannon_owner(st.cannon_at[box]) == st.to_move):
            self._select(None if box == self.sel else box)
            if self.sel is not None and not self.reach and not self.cannon_opts:
                self.host.say("That piece cannot move now.")
            return
        self._select(None)

    def _tnt_at(self, st, pos):
        for m in R.tnt_placements(st):
            p = self._tnt_pos(m)
            if math.dist(p, pos) <= self.geo.cell * 0.45:
                return m
        return None

    def _tnt_pos(self, m):
        if m.gate >= 0:
            a, b = M.GATES[m.gate].segment
            return self.geo.pt((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return D._toward_bridge(self.geo, m.box)

    def _walk(self) -> None:
        """Play the next step of a clicked path once the last one has finished."""
        if not self.queue or self.busy or not self.host.can_act():
            return
        st = self._state()
        step = self.queue.pop(0)
        if st.why_illegal(step) is not None:
            self.queue = []
            return
        self.host.submit(step)

    # -- moves arriving ---------------------------------------------------------------------------
    def on_move(self, entry, before, after) -> None:
        self._select(None)
        E.plan(self, entry, before, after)
        if after.phase == R.CHOOSE or (after.phase == R.OVER and before.phase != R.OVER):
            # the turn is over, but the dial keeps its call (the numbers that lose, faded)
            # until what it decided has played out
            self.timeline.then(Step(0.0, start=lambda s: setattr(self.spinner, "call", None), name="call done"))

    def update(self, dt) -> None:
        self._time += dt
        super().update(dt)
        self.spinner.update(dt)
        if self.queue and not self.busy:
            self._walk()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.rect.w < 4 or self.rect.h < 4:
            return
        t = self.theme
        st = self._state()
        # while a spin turns, its before position (map and counts): the result waits for the dial
        shown = self.shown.state if self.shown.state is not None else st
        can = self.host.can_act()
        pygame.draw.rect(surface, t.c["table"], self.rect)
        geo = self.geo
        if geo.board.w >= 8 and geo.board.h >= 8:
            surface.blit(D.base_map(geo, t), geo.board.topleft)
            self._draw_structures(surface, geo, shown)
            self._draw_pieces(surface, geo, shown)
            if can and st.phase == R.MOVING:
                self._draw_options(surface, geo, st)
            clip = surface.get_clip()
            surface.set_clip(geo.board.clip(clip))          # flying planks and smoke stay on the map
            self.timeline.draw(surface, geo, t)
            surface.set_clip(clip)
        self.panel.draw(surface, shown, can, self.caption)

    def _draw_structures(self, surface, geo, st) -> None:
        sh = self.shown
        standing = [sh.bridges.get(i, st.bridges[i]) for i in range(len(M.BRIDGES))]
        tnt = [sh.tnt.get(p, st.tnt[p]) for p in (0, 1)]
        D.draw_bridges(surface, geo, standing, tnt_boxes=tnt, tnt_looks=sh.tnt_look)
        gates = [sh.gates.get(g, st.gates[g]) for g in range(len(M.GATES))]
        fuse = [st.fuse] if st.fuse >= 0 else []
        D.draw_gates(surface, geo, gates, tnt_gates=fuse)

    def _draw_pieces(self, surface, geo, st) -> None:
        t = self.theme
        sh = self.shown
        for cid, c in enumerate(st.cannons):
            if c is None or cid in sh.hide_cannons:
                continue
            a, b = D.cannon_ends(geo, c[1], 1 - c[0])
            D.draw_cannon(surface, a, b, geo.cell, t, c[0])
        for box in range(M.N_BOXES):
            p = st.occ[box]
            if p >= 0 and box not in sh.hide_boxes:
                D.draw_trooper(surface, geo.box_centre(box), geo.cell, t, p, scale=1.1 if box == self.sel else 1.0)
        for s, (defs, _cid) in st.sieges.items():        # defenders of an attack under way
            for box in defs:
                D.draw_trooper(surface, geo.box_centre(box), geo.cell, t, 1 - st.to_move, alpha=110)
            x, y = geo.pt(*M.SECTIONS[s].label_point)
            _swords(surface, (x, y), geo.cell, t.c["danger"])
        cp = R.crossing_piece(st)
        if cp is not None and not sh.hold_crossing:
            star = geo.pt(*M.BRIDGES[cp["bridge"]].star)
            if cp["kind"] == "man":
                D.draw_trooper(surface, star, geo.cell, t, cp["owner"])
            else:
                D.draw_cannon(surface, (star[0] - geo.cell * 0.5, star[1]), (star[0] + geo.cell * 0.5, star[1]),
                              geo.cell, t, cp["owner"])
        if self.sel is not None:
            pygame.draw.rect(surface, t.c["select"], geo.box_rect(self.sel).inflate(2, 2), max(2, int(geo.cell / 10)))

    def _draw_options(self, surface, geo, st) -> None:
        """Where the selection can go, with costs; TNT marks; the path under the pointer."""
        t, c = self.theme, self.theme.c
        f = t.small_font()
        hover = geo.box_at(self.mouse) if self.map_rect.collidepoint(self.mouse) else None
        for box, r in self.reach.items():
            rect = geo.box_rect(box).inflate(-max(2, int(geo.cell * 0.2)), -max(2, int(geo.cell * 0.2)))
            col = c["danger"] if r.attack >= 0 else c["move_step"]
            pygame.draw.rect(surface, col, rect, max(2, int(geo.cell / 9)), border_radius=max(2, int(geo.cell / 6)))
            label = ("x" if r.capture else str(r.cost)) + ("!" if r.bridges else "")
            if geo.cell >= 16:
                draw_text(surface, label, f, col, rect.center, "center")
        for m in self.cannon_opts:
            for box in m.to:
                rect = geo.box_rect(box).inflate(-max(2, int(geo.cell * 0.25)), -max(2, int(geo.cell * 0.25)))
                pygame.draw.rect(surface, c["move_slide"], rect, max(2, int(geo.cell / 9)),
                                 border_radius=max(2, int(geo.cell / 6)))
        for m in R.tnt_placements(st):
            D.draw_tnt(surface, self._tnt_pos(m), geo.cell, glow=0.25 + 0.15 * math.sin(self._time * 5))
        if hover is not None and self.sel is not None and hover in self.reach:
            self._draw_path(surface, geo, self.reach[hover])
            self._draw_preview(surface, geo, st, self.reach[hover])

    def _draw_path(self, surface, geo, r) -> None:
        pts = [geo.box_centre(self.sel)] + [geo.box_centre(b) for b in r.path]
        if len(pts) > 1:
            pygame.draw.lines(surface, self.theme.c["hint"], False, pts, max(2, int(geo.cell / 8)))

    def _draw_preview(self, surface, geo, st, r) -> None:
        """Both forces of the attack this walk would join, and the outcome, before committing."""
        if r.attack < 0:
            return
        pv = R.attack_preview(st, r.attack, men=1)
        num = M.SECTIONS[r.attack].number
        defend = f"{pv['defenders']} men" + (" and a cannon" if pv["defender_cannon"] else "")
        attack = f"{pv['attackers'] + 1} men" + (" and a cannon" if pv["attacker_cannon"] else "")
        outcome = "this wins the section" if pv["wins_with"] else f"not yet: {pv['missing_with']}"
        lines = [f"Attack section {num}", f"They: {defend}", f"You: {attack}", outcome]
        draw_tooltip(surface, self.theme, lines, (self.mouse[0] + 16, self.mouse[1] + 16), self.map_rect)


def _swords(surface, pos, cell, col) -> None:
    """Two crossed strokes: an attack under way in this section."""
    s = cell * 0.35
    x, y = pos
    w = max(2, int(cell / 8))
    pygame.draw.line(surface, col, (x - s, y - s), (x + s, y + s), w)
    pygame.draw.line(surface, col, (x - s, y + s), (x + s, y - s), w)
