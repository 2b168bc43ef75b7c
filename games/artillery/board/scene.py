"""The Artillery board: the tabletop from above, the column beside it, and
clicks and drags into moves.

It implements the board contract (``games/ui/board.py``); ``host`` is the frame.
Every move it plays comes from the rules' legal move list or is first checked
with ``why_illegal`` (a refused drag says why and changes nothing); numbers
shown before a shot come from ``state.fire_preview`` / ``shoot_preview``
(``games.artillery.rules.forecast``): the board decides no rule.

Size (about 900 lines): the drawing, the aim, the column, the tray's effects, the keys'
cursor and the rules pictures already live beside it (``drawing``, ``aim``, ``panel``,
``effects``, ``nav``, ``diagrams``); what is left is the contract with the frame and the
mouse's clicks and drags, which read best together. Its next seam is the drag (the move
disc, the drop point and the guns that stay), a module of its own.

Playing by mouse
    Choose a card from your hand in the column (in secret: the next seat sees
    only that you chose). Activate a unit by clicking it (or its button).
    Drag the active unit (or click a point) to move it; the circle shows how far
    it may go, the carriage penalty included; hold Shift to move it without its
    field guns (the circle grows to the unit's own move). Click one of its field guns to
    turn it (the compass buttons, or click where it should point). Click an
    enemy unit or a structure section to aim: the measured line from the
    closest gun, coloured by range band, the sight of every gun, the target
    number and the hit chance appear before you press Fire! (F). R reloads,
    E ends the activation, G shows the inch grid, Esc lets go. "All moves"
    lists every legal move, whatever the map cannot express.

Playing without a mouse (``nav.py``)
    The arrows, Enter and Esc (a gamepad's pad, A and B) move a cursor an inch a
    step over the table and through the column's buttons, press there as a click
    does, and let go of an aim or a gun.

Giving the table room
    The wheel zooms the table about the pointer (+ and - too, 0 fits it again) and
    a drag on open ground (or with the right button) pans it; the buttons at the
    map's top right do the same and fold the column away (C), leaving a strip. The
    column opens by itself while a decision only it offers is due (a card, a
    casualty, the guns and shot of an aimed shot). Labels are placed clear of each
    other and of every base, and a damage plate is whole or not drawn at all.

Animation
    Planned in ``effects.py`` from the public events a move added: units
    march, guns turn, muzzles flash and smoke, d10s tumble into the tray (the
    shooter's "Roll!" starts a shoot test), hits flash, models fall, tracks tick.

Why one module: it is the board's input and state machine (activate, drag, turn,
aim, the column's buttons, the lesson's marks and restrict), each gesture ending in one of the
rules' moves; its parts with their own state are already composed pieces (board.aim, board.nav, the
Panel), and where the table and the column go, with the zoom and pan, is ``view.py``
(``TableView``, its base). Its next seam is the drag-to-move handling (press, motion, drop,
snap), which could become a piece like Aim.
"""
from __future__ import annotations

import math
import random
from typing import Any, Sequence, cast

import pygame

from games.artillery.rules import ArtilleryState, Move, Phase
from games.artillery.rules import geometry as G
from games.artillery.rules.data import UNIT_RADIUS
from games.artillery.rules.scenarios import DEFAULT_SCENARIO, SCENARIOS
from games.artillery.rules.shots import SWIVEL_MAX_RANGE
from games.artillery.rules.texts import event_phrases, hint_words
from games.artillery.rules.texts import log_lines as text_log_lines
from games.ui.board import Host
from games.ui.theme import ink_on
from games.ui.widgets import Button, draw_tooltip, seat_color

from . import drawing as D
from . import effects as E
from . import overlays as O
from .aim import Aim, Preview
from .diagrams import draw_diagram
from .nav import NavKey, TableNav
from .panel import Panel
from .view import TableView



class ArtilleryBoard(TableView):
    #: a lone player is the only one at the table: a loaded game opens on the table, no "Pass to" screen
    lone_player_curtain = False
    #: the public picture holds no secret (a hand shows only to its seat, in the column, while
    #: it may act) and none of the seat's choices (aim, hint, selection): a question asked
    #: mid-activation leaves the table in sight
    public_under_cover = True

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.panel = Panel(self)
        self.nav = TableNav(self)              # the keys' and a gamepad's cursor
        self.map_rect = pygame.Rect(0, 0, 100, 100)
        self.geo: D.Geo | None = None
        self.shown = E.Shown()
        self.fx_rng = random.Random(1687)          # the look of dice and smoke only, never play
        self.tray: E.Tray | None = None
        self.grid = False
        self.mouse = (-1, -1)
        self.zoom = 1.0
        self.view_c: tuple[float, float] | None = None     # the inch point at the centre of a zoomed view
        self.col_pref: bool | None = None                  # the player's choice; None: by the room there is
        self._col_shown = True
        self._col_over = False                             # the column lies over the folded table
        self._room_for: tuple | None = None                # the activation the column opened beside the table for
        self._inner = pygame.Rect(0, 0, 1, 1)
        self.drawn: dict[str, Any] = {"tracks": {}, "labels": {}}    # what the last frame drew (tests read it)
        self._labels_key: tuple[Any, ...] | None = None
        self._geo_key: tuple[Any, ...] | None = None
        self._mine = False
        # a read-only host (the GIF export) draws no view buttons: nobody can press them
        self.interactive = getattr(host, "app", None) is not None
        snd = host.sound
        self.col_btn = Button(">", self.toggle_column, sound=snd)
        self.zin_btn = Button("+", lambda: self.zoom_by(1), sound=snd)
        self.zout_btn = Button("-", lambda: self.zoom_by(-1), sound=snd)
        self.fit_btn = Button("Fit", self.fit_view, sound=snd)
        self.pulse = 0.0                   # seconds, for a lesson's breathing marks (overlays.draw_targets)
        self._clear()

    def _clear(self) -> None:
        self.aim = Aim()                    # the shot being chosen: target, guns, shot
        self.sel_gun: str | None = None     # the field gun picked to turn
        self.drag: dict[str, Any] | None = None
        self.press: dict[str, Any] | None = None      # a press on the map: a pan, or a click on release
        self.move_hint = ""
        self._shift = False        # Shift as of the last pointer or Shift event handled

    # -- the contract -------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        pad = self.theme.px(6)
        self._inner = self.rect.inflate(-2 * pad, -2 * pad)
        self._place()

    def forget_private(self) -> None:
        super().forget_private()
        self._clear()
        self.mouse = (-1, -1)
        self.panel.forget()
        self.nav.forget()

    def reset(self) -> None:
        super().reset()
        self.shown.clear()
        self.tray = E.tray_for(self.state())

    def performance(self, state: ArtilleryState) -> str | None:  # type: ignore[override]
        need = state.need
        if need is not None:
            return "Roll!" if need["purpose"] == "initial" and not need["rolled"] else None
        if state.phase == Phase.ROLLOFF:
            return "Roll!"
        return None

    def perform_rect(self) -> pygame.Rect | None:
        if not self._col_shown:
            return None
        r = self.panel.perform_rect
        return r if r.w > 20 and r.h > 10 else None

    @staticmethod
    def seat_roles(options: dict[str, Any] | None, n: int = 2) -> list[str]:
        """What each seat commands in the chosen scenario (the new-game dialog says it)."""
        sc = SCENARIOS[(options or {}).get("scenario", DEFAULT_SCENARIO)]
        return [f"plays {side}" for side in sc.sides][:n]

    @staticmethod
    def options_text(options: dict[str, Any] | None) -> str:
        """The scenario's name, for the Load list."""
        key = (options or {}).get("scenario", DEFAULT_SCENARIO)
        return SCENARIOS[key].title if key in SCENARIOS else str(key)

    def hint_text(self, move: Move) -> str:
        """The suggested move in words (the table shows where)."""
        return hint_words(self.state(), move)

    def help_text(self) -> str:
        st = self.state()
        if self.nav.on and self.nav.help(st):
            return self.nav.help(st)
        if st.decision is not None:
            return "A cannon hit your gun crew: choose in the column whether a man or a gun takes it"
        if st.phase == Phase.PICK:
            return "Choose a card in secret (the column at the right)"
        if st.phase == Phase.ACTIVATE:
            return "Click one of your units to activate it"
        if st.phase == Phase.ACT:
            if self.aim.target is not None:
                if not self.aim.fire_options(st.legal_moves()):
                    # small arms alone: no guns or shot to pick (a play-test read "Pick guns")
                    return "Shoot! (F) with small arms, as the column shows; Esc cancels"
                return "Pick guns and shot in the column, then Fire! (F); Esc cancels"
            if self.sel_gun is not None:
                return f"Click where {self.sel_gun} should point, or a compass button; Esc lets go"
            return "Drag the unit to move, click an enemy or a building to aim, a gun to turn it; E ends"
        return ""

    def help_short(self) -> str:
        st = self.state()
        if self.nav.on and self.nav.help(st, short=True):
            return self.nav.help(st, short=True)
        if st.decision is not None:
            return "A cannon hit your gun crew: a man or a gun? Choose in the column"
        if st.phase == Phase.ACT and self.aim.target is None and self.sel_gun is None:
            return "Drag to move, click a target to aim or a gun to turn it; E ends"
        return ""

    @staticmethod
    def log_lines(entries, names, state_at) -> list[tuple[int, int, int, str]]:
        return text_log_lines(entries, names, state_at)

    @staticmethod
    def draw_rules_diagram(key, surface, rect, theme) -> None:
        draw_diagram(key, surface, rect, theme)

    # -- helpers ------------------------------------------------------------------------------
    def state(self) -> ArtilleryState:
        """The position this board shows (the viewer's view; after the end, the review's)."""
        return cast(ArtilleryState, self.host.visible_state())

    def point(self, px: tuple[int, int]) -> None:
        """The board's pointer at ``px`` (the tooltip and the move line follow it)."""
        self.mouse = px

    def press_at(self, px: tuple[int, int]) -> Any:
        """A left press at ``px`` that is a click (nothing is dragged): what its release
        would do, as :meth:`_click` says."""
        then = self._click(self.state(), px)
        self.drag = None
        return then

    # -- the keys' and a gamepad's cursor (nav.py) --------------------------------------------
    def on_nav(self, action: str) -> bool:
        return self.nav.on_nav(action)

    def nav_key(self) -> NavKey | None:
        return self.nav.key()

    def nav_step(self, key: NavKey, action: str) -> NavKey:
        return self.nav.step(key, action)

    # -- aiming (aim.py) ---------------------------------------------------------------------
    def set_target(self, tid: str) -> None:
        self.aim.set_target(self.state(), tid)
        self.sel_gun = None
        self.panel.invalidate()

    def preview(self) -> Preview | None:
        """The rules' preview of the shot as chosen (a FirePreview, or a dict for small arms)."""
        return self.aim.preview(self.state(), self.host.ply, self.host.viewer)

    def preview_lines(self) -> list[str]:
        lines = self.aim.preview_lines(self.preview())
        note = self.state().test_fatigue_note() if lines else None
        # after the shot's own line, before the odds: a short column cuts the last lines
        return lines[:1] + [note] + lines[1:] if note else lines

    def fire(self) -> None:
        st = self.state()
        m = self.aim.fire_move(st.legal_moves())
        if m is None:
            pv = self.preview()
            why = (pv.get("problem") if isinstance(pv, dict) else pv.problem) if pv is not None else None
            self.host.say(f"Can't fire: {why or 'choose guns and a target'}", bad=True)
            self.host.sound.play("error")
            return
        self.clear_selection()
        self.host.submit(m)

    # -- a lesson's marks ---------------------------------------------------------------------
    # Board.show_targets names what a lesson points at by the table's own ids: a unit ("A2"),
    # a gun ("G1") or a structure section ("H1"); board_overlays.draw_targets rings them.
    # With ``restrict`` (a step that asks for one move) the table picks up, activates and
    # aims at only marked pieces, and says so kindly; the frame judges the move either way.
    def update(self, dt: float) -> None:
        self.pulse += dt
        super().update(dt)

    @property
    def animating(self) -> bool:
        return super().animating or bool(self.targets)     # the marks breathe

    def _held(self, key: str) -> bool:
        """Whether a lesson's restrict holds back picking up (or aiming at) ``key``."""
        return self.restrict and key not in self.targets

    def _hold(self, what: str) -> None:
        self.host.say(f"In this lesson, {what}: look for the ring.", bad=True)

    def _restricted(self, st, u, pos, legal) -> str | None:
        """With a lesson's restrict: what a press at ``pos`` may not do now, in a kind
        word (None: go ahead). ``u`` is the unit under it. Mirrors :meth:`_click`."""
        if not self.restrict:
            return None
        if st.phase == Phase.ACTIVATE:
            return "activate the marked unit" if u is not None and self._held(u.id) else None
        if st.phase != Phase.ACT or st.act is None or st.decision is not None:
            return None
        me = st.act.unit
        if u is not None and (u.id == me or u.seat != st.act.seat):
            return None if not self._held(u.id) else (
                "leave this unit where it stands" if u.id == me else "aim at the marked target")
        g = self.gun_at(st, pos)
        if g is not None and g.crew == me and g.carriage and u is None:
            turn = getattr(self.hint, "kind", "") == "turn" and self.hint.a == g.id
            return None if turn else "leave the guns facing as they are"
        sid = self.section_at(st, pos)
        if sid is not None and self.sel_gun is None and self.aims_at_section(st, legal, sid):
            return "aim at the marked target" if self._held(sid) else None
        if self.sel_gun is None and self.aim.target is None and self._held(me):
            return "leave this unit where it stands"       # a press on open ground walks the unit
        return None

    def toggle_grid(self) -> None:
        self.grid = not self.grid

    def clear_selection(self) -> None:
        self.aim.let_go()
        self.sel_gun = None
        self.drag = None
        self.panel.invalidate()

    def at(self, pos):
        return lambda geo, theme: (*geo.pt(*pos), geo.s * 1.4)

    def at_track(self, sid):
        def where(geo, theme):
            tr = self.drawn["tracks"].get(sid)
            r = tr.rect if tr is not None else D.track_rect(geo, theme, self.state(), sid)
            return (r.centerx, r.centery, geo.s * 1.2)
        return where

    def tray_area(self) -> pygame.Rect:
        """Where the dice tray goes: the foot of the column, or (folded) the map's
        bottom right corner."""
        if self._col_shown:
            return self.panel.rect
        t = self.theme
        w = max(1, min(t.px(280), self.map_rect.w * 2 // 3))
        return pygame.Rect(self.map_rect.right - w, self.map_rect.y, w, self.map_rect.h)

    def die_size(self) -> int:
        t = self.theme
        w = self.tray_area().w - t.px(16)
        return int(max(12, min(t.px(46), (w - 3 * t.px(6)) / 4)))

    def die_colours(self, seat: int) -> dict:
        fill, edge, _mark = seat_color(self.theme, seat)
        return {"fill": fill, "edge": edge, "text_color": ink_on(fill)}

    def _tray_cols(self, tray) -> tuple[int, int, int]:
        d = self.die_size()
        gap = max(3, d // 6)
        cols = max(1, min(tray.n, (self.tray_area().w - 3 * gap) // (d + gap)))
        return d, gap, cols

    def tray_compact(self, tray) -> bool:
        """A batch rolled and read, the player to act: the tray gives the column back its
        foot and keeps one or two lines of what the dice did (a play-test's gun lines were
        cut under a tray still showing a miss while the player chose the next action)."""
        return bool(tray.result) and tray.anim is None and len(tray.values) >= tray.n \
            and not self.busy and self.host.can_act()

    def tray_rect(self, tray) -> pygame.Rect:
        """The dice tray, at the foot of the column (the table stays in sight)."""
        t = self.theme
        area = self.tray_area()
        d, gap, cols = self._tray_cols(tray)
        rows = -(-tray.n // cols)
        lh = t.small_font().get_linesize()
        if self.tray_compact(tray):
            h = len(O.tray_compact_lines(self, tray)) * lh + 2 * gap + t.px(4)
        else:
            h = rows * (d + gap) + (1 + max(3, len(O.tray_result_lines(self, tray)))) * lh + 2 * gap
        r = pygame.Rect(0, 0, max(1, area.w - t.px(12)), h)
        bottom = self.panel.grid_btn.rect.y if self._col_shown else area.bottom
        r.midbottom = (area.centerx, bottom - t.px(4))
        return r

    def tray_slot(self, tray, i: int) -> tuple[float, float]:
        t = self.theme
        d, gap, cols = self._tray_cols(tray)
        r = self.tray_rect(tray)
        row, col = divmod(i, cols)
        lh = t.small_font().get_linesize()
        width = min(cols, tray.n) * (d + gap) - gap
        x0 = r.centerx - width / 2 + d / 2
        return (x0 + col * (d + gap), r.y + lh + gap + d / 2 + row * (d + gap))

    def tray_start(self, tray) -> tuple[float, float]:
        r = self.map_rect
        return (r.right - r.w * 0.1, r.y + (r.h * 0.2 if tray.actor == 1 else r.h * 0.85))

    def draw_gun_at(self, surface, gun, pos) -> None:
        if self.geo is not None:
            D.draw_gun(surface, self.geo, self.theme, gun, pos)

    def draw_unit_at(self, surface, u, pos) -> None:
        if self.geo is not None:
            D.draw_unit(surface, self.geo, self.theme, None, u, pos)

    def fallen_model(self, surface, pos, r, seat, alpha) -> None:
        fill, edge, _m = seat_color(self.theme, seat)
        s = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        a = max(0, min(255, int(255 * alpha)))
        pygame.draw.circle(s, (*fill, a), (r + 1, r + 1), r)
        pygame.draw.circle(s, (*edge, a), (r + 1, r + 1), r, 1)
        surface.blit(s, (int(pos[0]) - r - 1, int(pos[1]) - r - 1))

    def caption_lines(self, most: int = 8) -> list[str]:
        """The latest events in words, oldest first (the newest at the bottom, as in
        the move log), only those the animation has shown."""
        st = self.state()
        n = len(st.events) if self.shown.events is None else self.shown.events
        return event_phrases(st.events[max(0, n - 12 * most):n], self.host.names())[-most:]

    # -- what is where ----------------------------------------------------------------------
    def unit_at(self, st, pos):
        if self.geo is None:
            return None
        p = self.geo.inch(pos)
        best = None
        for u in st.units.values():
            d = G.dist(p, u.pos)
            if u.alive and d <= UNIT_RADIUS * 1.25 and (best is None or d < best[0]):
                best = (d, u)
        if best is None:
            # its plate (id and models) counts as the unit: at 800x600 the base is some
            # 12 px across, and the plate under it is what a player reads and clicks
            for (kind, uid), rect in (self.drawn.get("labels") or {}).items():
                if kind == "u" and uid in st.units and st.units[uid].alive and rect.collidepoint(pos):
                    return st.units[uid]
        return best[1] if best else None

    def gun_at(self, st, pos):
        if self.geo is None:
            return None
        p = self.geo.inch(pos)
        best = None
        for g in st.guns.values():
            d = G.dist(p, g.pos)
            if not g.destroyed and d <= 1.0 and (best is None or d < best[0]):
                best = (d, g)
        return best[1] if best else None

    def section_at(self, st, pos):
        if self.geo is None:
            return None
        p = self.geo.inch(pos)
        # A ship's rigging lies inside its hull's outline: the smallest section under the
        # point is the one meant (a click on the masts aims at the rigging, one on the
        # hull's rim at the hull; the first found was always the hull)
        under = [sid for sid, sec in st.table.sections.items()
                 if not st.sections[sid].wrecked and G.point_in_poly(p, sec.poly)]
        return min(under, key=lambda sid: G.poly_area(st.table.sections[sid].poly), default=None)

    # -- moves the column and the keys ask for --------------------------------------------------
    def choose_card(self, m) -> None:
        self.host.submit(m)

    def confirm(self, m) -> None:
        what = {"spike": f"Spike {m.a}? A spiked gun never fires again.",
                "abandon": f"Abandon {'+'.join(m.guns)}? Any unit may take them over."}.get(m.kind)
        if what:
            self.host.ask(str(m).split()[0].capitalize() + "?", what, lambda: self.host.submit(m),
                          yes=str(m).split()[0].capitalize())
        else:
            self.host.submit(m)

    def end_activation(self) -> None:
        """End the activation; with actions still unused, ask first (Cancel is the default)."""
        st = self.state()
        if not any(m.kind == "end" for m in st.legal_moves()):
            return
        act = st.act
        left = act.actions - act.used if act is not None else 0

        def end() -> None:
            self.clear_selection()
            self.host.submit(Move("end"))

        if act is not None and left > 0:
            n = f"{left} action{'s' if left != 1 else ''}"
            self.host.ask("End activation?", f"End activation, {n} unused: {act.unit} gives {'them' if left != 1 else 'it'} up.", end,
                          yes="End")
        else:
            end()

    @staticmethod
    def best_reload(legal):
        opts = [m for m in legal if m.kind == "reload"]
        return max(opts, key=lambda m: len(m.guns)) if opts else None

    def turn_gun(self, deg: int) -> None:
        if self.sel_gun is None:
            return
        m = Move("turn", a=self.sel_gun, value=int(deg) % 360)
        why = self.state().why_illegal(m)
        if why:
            self.host.say(f"Can't turn {self.sel_gun}: {why}", bad=True)
            return
        self.host.submit(m)

    def drop_point(self, st, uid: str, inch, leave: bool = False) -> tuple[int, int]:
        """The grid point a drop at ``inch`` (table inches) moves to: the whole inch
        nearest it when the rules take that; else, for a drop inside the move disc,
        the legal point nearest the drop, so a drop the circle shows as in reach is
        never refused because rounding pushed it out."""
        pos = (int(round(inch[0])), int(round(inch[1])))
        u = st.units.get(uid)
        if u is None or st.why_illegal(Move("move", a=uid, pos=pos, flag=leave)) is None:
            return pos
        inches = st.move_allowance(uid, leave=leave)["inches"]
        if G.dist(u.pos, inch) > inches + 1e-9:
            return pos
        dests = st.destinations(uid, leave)
        if not dests:
            return pos
        best = min(dests, key=lambda q: (G.dist(q, inch), q))
        return (int(best[0]), int(best[1])) if G.dist(best, inch) <= 1.5 else pos

    def try_move(self, uid: str, inch, leave: bool = False) -> bool:
        """Move the active unit to the grid point a drop at ``inch`` gives
        (:meth:`drop_point`): played if the rules allow it, else refused with their
        reason and nothing changes."""
        st = self.state()
        pos = self.drop_point(st, uid, inch, leave)
        m = Move("move", a=uid, pos=pos, flag=leave)
        why = st.why_illegal(m)
        if why:
            self.host.say(f"Can't move there: {why}", bad=True)
            self.host.sound.play("error")
            return False
        return self.host.submit(m)

    # -- input -----------------------------------------------------------------------------------
    def view_buttons(self) -> list:
        out = [self.col_btn, self.zin_btn, self.zout_btn]
        return out + [self.fit_btn] if self.zoom > 1.0 else out

    def tab_controls(self) -> list:
        """The column's choices (cards, units, actions, guns and shot), then the view's
        buttons and Grid / All moves, for the frame's Tab: a keyboard play-test reached the
        column only by the arrows.  The column keeps its buttons for one decision, so a
        focused one that a move replaces gives the focus back to the board (the frame)."""
        st = self.state()
        self._keep_place()
        self.panel.refresh(st, True)
        out = [b for b in self.panel.buttons if b.enabled and b.rect.w > 1]
        out += [b for b in self.view_buttons() if b.enabled and b.rect.w > 1]
        if self._col_shown and not self.panel.strip:
            out += [b for b in (self.panel.grid_btn, self.panel.all_btn) if b.rect.w > 1]
        return out

    def handle_event(self, event) -> bool:
        self._keep_place()
        st = self.state()
        can = self.host.can_act()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            # read the keyboard as of this event, not as of the button's release: the
            # queue is read a frame at a time, and a Shift let go just after the button
            # (in the same frame) must not undo the move the player dropped with it
            self._shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            self._shift = event.type == pygame.KEYDOWN
        if event.type == pygame.MOUSEMOTION:
            self.nav.mouse_moved(event)
            prev, self.mouse = self.mouse, event.pos
            if self.drag is not None:
                self.drag["at"] = event.pos
            elif self.press is not None:
                self._pressing(event.pos, prev)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.on_map(self.mouse):
                self.zoom_by(1 if event.y > 0 else -1 if event.y < 0 else 0, self.mouse)
                return True
            return False
        self.col_btn.label = ">" if self._col_shown else "<"
        self.zout_btn.enabled = self.zoom > 1.0
        for btn in self.view_buttons():
            if btn.handle_event(event):
                return True
        if self.panel.handle_event(event, st, can):
            return True
        if self._col_over and event.type == pygame.MOUSEBUTTONDOWN and self.panel.rect.collidepoint(event.pos):
            return True                    # the column over the table: a click there is not on the table
        if event.type == pygame.KEYDOWN:
            return self._key(event, st, can)
        return self._button(event, st, can)

    def _button(self, event, st, can) -> bool:
        """A mouse button over the map: drops, presses (pans or clicks on release), clicks."""
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            d, self.drag = self.drag, None
            if self.geo is not None and math.dist(d["from"], event.pos) >= max(4, self.geo.s * 0.5):
                self.try_move(d["unit"], self.geo.inch(event.pos), leave=self.leaving(st))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.press is not None and event.button == self.press["button"]:
            p, self.press = self.press, None
            if not p["moved"] and p["then"] is not None:
                p["then"]()
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or not self.map_rect.collidepoint(event.pos):
            return False
        self.mouse = event.pos
        if event.button in (2, 3):
            # the right button lets go of a selection (on release, unless it panned)
            self.press = {"button": event.button, "at": event.pos, "moved": False,
                          "then": self.clear_selection if event.button == 3 else None}
            return True
        if event.button == 1:
            then = self._click(st, event.pos) if can else None
            if then is not None or not can:
                self.press = {"button": 1, "at": event.pos, "moved": False,
                              "then": then if callable(then) else None}
            return True
        return False

    def _pressing(self, pos, prev) -> None:
        """A press held and moved: past a few pixels it pans the (zoomed) table."""
        p = self.press
        if p is None:
            return
        if not p["moved"] and math.dist(p["at"], pos) < max(4, self.theme.px(6)):
            return
        p["moved"] = True
        if prev[0] >= 0:
            self.pan_by(pos[0] - prev[0], pos[1] - prev[1])

    def _key(self, event, st, can) -> bool:
        k = event.key
        if k == pygame.K_g:
            self.toggle_grid()
            return True
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom_by(1 if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) else -1, self.mouse)
            return True
        if k in (pygame.K_0, pygame.K_KP0):
            self.fit_view()
            return True
        if k == pygame.K_c:
            self.toggle_column()
            return True
        if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and (self.aim.target or self.sel_gun or self.drag):
            self.clear_selection()
            return True
        if not can or st.phase != Phase.ACT:
            return False
        if k == pygame.K_e:
            self.end_activation()
            return True
        if k == pygame.K_f and self.aim.target is not None:
            self.fire()
            return True
        if k == pygame.K_r:
            m = self.best_reload(st.legal_moves())
            if m is not None:
                self.host.submit(m)
            else:
                self.host.say("Nothing to reload now", bad=True)
            return True
        return False

    def _click(self, st, pos):
        """A left press on the map. What a piece under it asks for happens now; a press
        on open ground returns what its release does (walk there, let go of the aim),
        or True (nothing), so a drag from it pans the table instead."""
        legal = st.legal_moves()
        u = self.unit_at(st, pos)
        held = self._restricted(st, u, pos, legal)
        if held:
            self._hold(held)
            return None
        if st.phase == Phase.ACTIVATE:
            if u is not None and Move("activate", a=u.id) in legal:
                self.host.submit(Move("activate", a=u.id))
                return None
            if u is not None:
                self.host.say(st.why_illegal(Move("activate", a=u.id)) or "", bad=True)
                return None
            return True
        if st.phase != Phase.ACT or st.act is None or st.decision is not None:
            return True
        me = st.act.unit
        if u is not None and u.id == me:
            self.drag = {"unit": me, "from": pos, "at": pos}
            self.aim.target = None
            return None
        g = self.gun_at(st, pos)
        if g is not None and g.crew == me and g.carriage and u is None:
            self.sel_gun = None if self.sel_gun == g.id else g.id
            self.aim.target = None
            self.panel.invalidate()
            return None
        if u is not None and u.seat != st.act.seat:
            self.set_target(u.id)
            return None
        sid = self.section_at(st, pos)
        if sid is not None and self.sel_gun is None and self.aims_at_section(st, legal, sid):
            self.set_target(sid)
            return None
        inch = self.geo.inch(pos) if self.geo else (0, 0)
        if self.sel_gun is not None:
            gp = st.guns[self.sel_gun].pos
            self.turn_gun(int(round(G.bearing(gp, inch) / 45.0)) % 8 * 45)
            return None
        if self.aim.target is not None:
            return self.clear_selection
        leave = self.leaving(st)
        return lambda: self.try_move(me, inch, leave=leave)

    def leaving(self, st, live: bool = False) -> bool:
        """Shift held while the active unit has field guns with it: its move leaves
        them behind (the rules' 'leave'; without Shift the guns go along).  A drop
        reads Shift as of its events; the drawing (``live``) also reads it now."""
        u = st.active_unit()
        shift = self._shift or (live and bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        if u is None:
            return False
        legal = st.legal_moves()
        if not any(m.kind == "move" and m.flag for m in legal):
            return False
        # guns that cannot go along (a Heavy Cannon, too few crew for them all): a plain
        # drag leaves them, as it is the only move there is (a play-test: the column said
        # "4\" move (hold Shift to leave the guns)" and a plain drag was refused)
        return shift or self.guns_stay(st) is not None

    def guns_stay(self, st) -> str | None:
        """Why the active unit's field guns cannot all go with it (None: they can)."""
        u = st.active_unit()
        if u is None:
            return None
        return st.move_allowance(u.id)["block"]

    @staticmethod
    def aims_at_section(st: ArtilleryState, legal: Sequence[Move], sid: str) -> bool:
        """A click on a section aims at it when a shot at it is legal, or when the unit
        has guns and the section is not its own (to say why it cannot); else it walks there."""
        if any(m.kind == "fire" and m.target == sid for m in legal):
            return True
        u = st.active_unit()
        own = st.section_owner(sid) == (st.act.seat if st.act is not None else None)
        return u is not None and bool(st.operable(u)) and not own

    # -- moves arriving ----------------------------------------------------------------------------
    def on_move(self, entry, before, after) -> None:
        if E.die_rolled(entry) is None:
            self.clear_selection()
        E.plan(self, entry, before, after)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.rect.w < 4 or self.rect.h < 4:
            return
        self._keep_place()
        t = self.theme
        st = self.state()
        can = self.host.can_act()
        pygame.draw.rect(surface, t.c["table"], self.rect)
        if self.map_rect.w >= 24 and self.map_rect.h >= 24:
            geo = self.geo_for(st)
            clip = surface.get_clip()
            surface.set_clip(self.map_rect.clip(clip) if clip else self.map_rect)
            try:
                self._draw_table(surface, geo, st, can)
            finally:
                surface.set_clip(clip)
        self.panel.draw(surface, st, can)
        if self.tray is not None and self.tray_area().w >= 60 and self.tray_area().h >= 160:
            O.draw_tray(self, surface, self.tray)
        if self.map_rect.w >= 24 and self.map_rect.h >= 24:
            clip = surface.get_clip()
            surface.set_clip(self.rect.clip(clip) if clip else self.rect)
            try:
                self.timeline.draw(surface, self.geo, t)
            finally:
                surface.set_clip(clip)
            self._draw_view_buttons(surface)
        self.nav.draw(surface)

    def _draw_view_buttons(self, surface) -> None:
        if not self.interactive or self.panel.rect.w < 8 or self.panel.rect.h < 140:
            return
        self.col_btn.label = ">" if self._col_shown else "<"
        self.zout_btn.enabled = self.zoom > 1.0
        st = self.state()
        self.zin_btn.enabled = self.zoom < self.max_zoom(st) - 1e-9
        tips = {self.col_btn: "Fold the column away (C)" if self._col_shown else "Show the column (C)",
                self.zin_btn: "Zoom in (wheel, +)", self.zout_btn: "Zoom out (wheel, -)",
                self.fit_btn: "The whole table (0)"}
        for btn in self.view_buttons():
            btn.draw(surface, self.theme)
        for btn in self.view_buttons():
            if btn.rect.collidepoint(self.mouse):
                r = btn.rect
                f = self.theme.small_font()
                w = f.size(tips[btn])[0] + self.theme.px(16)
                draw_tooltip(surface, self.theme, [tips[btn]], (r.x - w - self.theme.px(4), r.y), self.rect)

    def _draw_units(self, surface, geo, st) -> None:
        t, sh = self.theme, self.shown
        active = st.act.unit if st.act is not None else None
        for u in st.units.values():
            if u.id in sh.hide_units:
                continue
            if not u.alive:
                if u.id in sh.gone:                  # not fallen yet: the dice have not shown it
                    D.draw_unit(surface, geo, t, st, u, alpha_models=sh.gone[u.id][2], label=False)
                continue
            D.draw_unit(surface, geo, t, st, u, active=u.id == active, selected=u.id == self.aim.target and self._mine,
                        done=u.id in st.activated and u.id != active, alpha_models=sh.models.get(u.id),
                        label=False)

    def _labelled(self, st):
        """The units and guns whose labels the table shows now (not those an animation draws)."""
        sh = self.shown
        units = []
        for u in st.units.values():
            if u.id in sh.hide_units:
                continue
            if u.alive:
                units.append((u, u.pos, sh.models.get(u.id, u.models)))
            elif u.id in sh.gone:
                units.append((u, u.pos, sh.gone[u.id][2]))
        guns = [(g, g.pos, sh.facing.get(g.id, g.facing), sh.markers.get(g.id, g.markers))
                for g in st.guns.values() if g.id not in sh.hide_guns]
        return units, guns

    def _draw_labels(self, surface, geo, st, tracks) -> None:
        """Unit plates and gun labels, placed clear of the pieces, the damage plates
        and each other (placed once per picture, not per frame)."""
        t = self.theme
        units, guns = self._labelled(st)
        bounds = geo.table.clip(self.map_rect)
        avoid = [tr.rect for tr in tracks.values()]
        key = (geo.key, geo.x0, geo.y1, tuple(bounds),
               tuple((u.id, tuple(p), n) for u, p, n in units),
               tuple((g.id, tuple(p), f, m) for g, p, f, m in guns), tuple(tuple(a) for a in avoid))
        if key != self._labels_key:
            self._labels_key = key
            self.drawn["labels"] = D.place_labels(geo, t, units, guns, avoid, bounds)
        spots = self.drawn["labels"]
        active = st.act.unit if st.act is not None else None
        for g, _p, _f, m in guns:
            D.draw_gun_label(surface, geo, t, g, spots[("g", g.id)], m)
        for u, _p, n in units:
            D.draw_plate(surface, geo, t, u, spots[("u", u.id)], n, done=u.id in st.activated and u.id != active)

    def _draw_gun_arc(self, surface, geo, st, gid: str, alpha: int) -> None:
        """The gun's arc as the rules shape it (a cone, a deck's width, a swivel's circle),
        drawn as far as the gun reaches: a swivel its range, a cannon the whole table (its
        roundshot has no limit, only a penalty every 8"; an arc cut short would tell a
        player that a fort 57" away is out of reach)."""
        shape = getattr(st, "gun_arc_shape", None)
        origin, facing, half = st.gun_arc(gid)
        g = st.guns[gid]
        reach = SWIVEL_MAX_RANGE if g.stats.swivel else math.hypot(st.table.width, st.table.height)
        if shape is None:
            D.draw_arc(surface, geo, self.theme, origin, self.shown.facing.get(gid, facing), half, reach, alpha=alpha)
            return
        _kind, poly = shape(gid, reach)
        D.draw_arc_shape(surface, geo, self.theme, origin, facing, poly, reach, alpha=alpha)

    def _draw_table(self, surface, geo, st, can) -> None:
        t = self.theme
        self.move_hint = ""
        pygame.draw.rect(surface, (58, 44, 30), geo.table.inflate(8, 8), 5, border_radius=4)   # the frame only: the table is blitted inside
        surface.blit(D.base_table(geo, st.table, self.grid), geo.table.topleft)
        if self.grid:
            D.grid_labels(surface, geo, t)
        sh = self.shown
        self._mine = can            # the seat's own choices (aim, selection) show only to it, while it acts
        target = self.aim.target
        D.draw_sections(surface, geo, t, st, target=target if target in st.sections and can else None,
                        tracks=False)
        acting = st.phase == Phase.ACT and st.act is not None and can
        if acting and target is None:
            u = st.active_unit()
            for g in (st.operable(u) if u is not None else []):
                if self.sel_gun is None or g.id == self.sel_gun:
                    self._draw_gun_arc(surface, geo, st, g.id, alpha=40 if self.sel_gun is None else 60)
        if self.targets:            # a lesson's marked sections: under the pieces and their plates
            O.draw_targets(self, surface, geo, st, pieces=False)
        for g in st.guns.values():
            if g.id in sh.hide_guns:
                continue
            D.draw_gun(surface, geo, t, g, facing=sh.facing.get(g.id), selected=g.id == self.sel_gun and can,
                       markers=sh.markers.get(g.id), label=False)
        self._draw_units(surface, geo, st)
        units, guns = self._labelled(st)
        tracks = D.draw_tracks(surface, geo, t, st, hold=sh.track, bounds=geo.table.clip(self.map_rect),
                               keep_off=D.piece_boxes(geo, units, guns))
        self.drawn["tracks"] = tracks
        if acting and target is None and self.sel_gun is None:
            O.draw_reach(self, surface, geo, st)
        if acting and target is not None:
            O.draw_preview(self, surface, geo, st)
        if self.targets:            # its marked units and guns: over the move disc and the preview
            O.draw_targets(self, surface, geo, st, pieces=True)
        if self.hint is not None and can:
            O.draw_hint(self, surface, geo, st, self.hint)
        # the plates last: a lesson's ring and the hint's circle hid the plate of the very
        # unit they pointed at ("A2 6" under "Hint: activate A2", a play-test)
        self._draw_labels(surface, geo, st, tracks)
        if self.drag is None and self.press is None and self.on_map(self.mouse):
            lines = O.describe_at(self, st, self.mouse)
            if lines:
                # below the pointer, or above it near the bottom: never over what it names
                h = len(lines) * t.small_font().get_linesize() + t.px(10)
                y = self.mouse[1] + 14 if self.mouse[1] + 14 + h <= self.map_rect.bottom else self.mouse[1] - 14 - h
                draw_tooltip(surface, t, lines, (self.mouse[0] + 14, y), self.map_rect)
