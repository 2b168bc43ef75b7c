"""The Artillery board: the tabletop from above, the column beside it, and
clicks and drags into moves.

It implements the board contract (``games/ui/board.py``); ``host`` is the frame.
Every move it plays comes from the rules' legal move list or is first checked
with ``why_illegal`` (a refused drag says why and changes nothing); numbers
shown before a shot come from ``state.fire_preview`` / ``shoot_preview``
(``games.artillery.forecast``): the board decides no rule.

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

Animation
    Planned in ``board_effects.py`` from the public events a move added: units
    march, guns turn, muzzles flash and smoke, d10s tumble into the tray (the
    shooter's "Roll!" starts a shoot test), hits flash, models fall, tracks tick.
"""
from __future__ import annotations

import math
import random

import pygame

from games.artillery import board_draw as D
from games.artillery import board_effects as E
from games.artillery import geometry as G
from games.artillery import board_overlays as O
from games.artillery.board_aim import Aiming
from games.artillery.board_panel import Panel
from games.artillery.data import UNIT_RADIUS
from games.artillery.rules import Move
from games.ui.board import Board
from games.ui.theme import ink_on
from games.ui.widgets import draw_tooltip, seat_color


class ArtilleryBoard(Aiming, Board):
    def __init__(self, host):
        super().__init__(host)
        self.panel = Panel(self)
        self.map_rect = pygame.Rect(0, 0, 100, 100)
        self.geo: D.Geo | None = None
        self.shown = E.Shown()
        self.fx_rng = random.Random(1687)          # the look of dice and smoke only, never play
        self.tray: E.Tray | None = None
        self.grid = False
        self.mouse = (-1, -1)
        self._clear()

    def _clear(self) -> None:
        self.target: str | None = None
        self.fire_guns: list[str] = []
        self.ammo = "round"
        self.sel_gun: str | None = None
        self.drag: dict | None = None
        self.move_hint = ""
        self._shift = False        # Shift as of the last pointer or Shift event handled
        self._pv_key = None
        self._pv = None

    # -- the contract -------------------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(6)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        col = max(t.px(210), min(t.px(300), inner.w // 3))
        if inner.w < t.px(420):
            col = max(1, inner.w // 2)
        self.map_rect = pygame.Rect(inner.x, inner.y, max(1, inner.w - col - pad), max(1, inner.h))
        self.panel.layout(pygame.Rect(inner.right - col, inner.y, col, max(1, inner.h)))
        self.geo = None

    def _geo(self, st) -> D.Geo:
        key = (tuple(self.map_rect), st.table.width, st.table.height)
        if self.geo is None or getattr(self, "_geo_key", None) != key:
            self.geo = D.Geo(self.map_rect, st.table.width, st.table.height)
            self._geo_key = key
        return self.geo

    def forget_private(self) -> None:
        super().forget_private()
        self._clear()
        self.mouse = (-1, -1)
        self.panel.forget()

    def reset(self) -> None:
        super().reset()
        self.shown.clear()
        self.tray = E.tray_for(self._state())

    def performance(self, state) -> str | None:
        need = state.need
        if need is not None:
            return "Roll!" if need["purpose"] == "initial" and not need["rolled"] else None
        if state.phase == "rolloff":
            return "Roll!"
        return None

    def perform_rect(self):
        r = self.panel.perform_rect
        return r if r.w > 20 and r.h > 10 else None

    def help_text(self) -> str:
        st = self._state()
        if st.decision is not None:
            return "A cannon hit your gun crew: choose in the column whether a man or a gun takes it"
        if st.phase == "pick":
            return "Choose a card in secret (the column at the right)"
        if st.phase == "activate":
            return "Click one of your units to activate it"
        if st.phase == "act":
            if self.target is not None:
                return "Pick guns and shot in the column, then Fire! (F); Esc cancels"
            if self.sel_gun is not None:
                return f"Click where {self.sel_gun} should point, or a compass button; Esc lets go"
            return "Drag the unit to move, click an enemy or a building to aim, a gun to turn it; E ends"
        return ""

    def help_short(self) -> str:
        st = self._state()
        if st.decision is not None:
            return "A cannon hit your gun crew: a man or a gun? Choose in the column"
        if st.phase == "act" and self.target is None and self.sel_gun is None:
            return "Drag to move, click a target to aim or a gun to turn it; E ends"
        return ""

    @staticmethod
    def draw_rules_diagram(key, surface, rect, theme) -> None:
        from games.artillery.board_diagrams import draw_diagram
        draw_diagram(key, surface, rect, theme)

    # -- helpers ------------------------------------------------------------------------------
    def _state(self):
        return self.host.visible_state()

    def toggle_grid(self) -> None:
        self.grid = not self.grid

    def clear_selection(self) -> None:
        self.target = None
        self.sel_gun = None
        self.drag = None
        self.fire_guns = []
        self.panel._key = None

    def at(self, pos):
        return lambda geo, theme: (*geo.pt(*pos), geo.s * 1.4)

    def at_track(self, sid):
        def where(geo, theme):
            r = D.track_rect(geo, self._state(), sid)
            return (r.centerx, r.centery, geo.s * 1.2)
        return where

    def die_size(self) -> int:
        t = self.theme
        w = self.panel.rect.w - t.px(16)
        return int(max(12, min(t.px(46), (w - 3 * t.px(6)) / 4)))

    def die_colours(self, seat: int) -> dict:
        fill, edge, _mark = seat_color(self.theme, seat)
        return {"fill": fill, "edge": edge, "text_color": ink_on(fill)}

    def _tray_cols(self, tray) -> tuple[int, int, int]:
        d = self.die_size()
        gap = max(3, d // 6)
        cols = max(1, min(tray.n, (self.panel.rect.w - 3 * gap) // (d + gap)))
        return d, gap, cols

    def tray_rect(self, tray) -> pygame.Rect:
        """The dice tray, at the foot of the column (the table stays in sight)."""
        t = self.theme
        d, gap, cols = self._tray_cols(tray)
        rows = -(-tray.n // cols)
        lh = t.small_font().get_linesize()
        h = rows * (d + gap) + 2 * lh + 2 * gap
        r = pygame.Rect(0, 0, max(1, self.panel.rect.w - t.px(12)), h)
        r.midbottom = (self.panel.rect.centerx, self.panel.grid_btn.rect.y - t.px(4))
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

    def caption_lines(self) -> list[str]:
        st = self._state()
        n = len(st.events) if self.shown.events is None else self.shown.events
        out = []
        names = self.host.names()
        for e in st.events[:n][::-1]:
            if e.kind in ("dealt", "round", "activation_end"):
                continue
            out.append(e.text(names))
            if len(out) >= 5:
                break
        return out

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
        for sid, sec in st.table.sections.items():
            if not st.sections[sid].wrecked and G.point_in_poly(p, sec.poly):
                return sid
        return None

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
        st = self._state()
        if any(m.kind == "end" for m in st.legal_moves()):
            self.clear_selection()
            self.host.submit(Move("end"))

    @staticmethod
    def best_reload(legal):
        opts = [m for m in legal if m.kind == "reload"]
        return max(opts, key=lambda m: len(m.guns)) if opts else None

    def turn_gun(self, deg: int) -> None:
        if self.sel_gun is None:
            return
        m = Move("turn", a=self.sel_gun, value=int(deg) % 360)
        why = self._state().why_illegal(m)
        if why:
            self.host.say(f"Can't turn {self.sel_gun}: {why}", bad=True)
            return
        self.host.submit(m)

    def try_move(self, uid: str, inch, leave: bool = False) -> bool:
        """Move the active unit to the whole inch nearest ``inch``: played if the rules
        allow it, else refused with their reason and nothing changes."""
        st = self._state()
        pos = (int(round(inch[0])), int(round(inch[1])))
        m = Move("move", a=uid, pos=pos, flag=leave)
        why = st.why_illegal(m)
        if why:
            self.host.say(f"Can't move there: {why}", bad=True)
            self.host.sound.play("error")
            return False
        return self.host.submit(m)

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        st = self._state()
        can = self.host.can_act()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            # read the keyboard as of this event, not as of the button's release: the
            # queue is read a frame at a time, and a Shift let go just after the button
            # (in the same frame) must not undo the move the player dropped with it
            self._shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            self._shift = event.type == pygame.KEYDOWN
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                self.drag["at"] = event.pos
            return False
        if self.panel.handle_event(event, st, can):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event, st, can)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            d, self.drag = self.drag, None
            if math.dist(d["from"], event.pos) >= max(4, (self.geo.s if self.geo else 8) * 0.5):
                self.try_move(d["unit"], self.geo.inch(event.pos), leave=self.leaving(st))
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or not self.map_rect.collidepoint(event.pos):
            return False
        if event.button == 3:
            self.clear_selection()
            return True
        if event.button == 1 and can:
            self._click(st, event.pos)
            return True
        return False

    def _key(self, event, st, can) -> bool:
        k = event.key
        if k == pygame.K_g:
            self.toggle_grid()
            return True
        if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and (self.target or self.sel_gun or self.drag):
            self.clear_selection()
            return True
        if not can or st.phase != "act":
            return False
        if k == pygame.K_e:
            self.end_activation()
            return True
        if k == pygame.K_f and self.target is not None:
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

    def _click(self, st, pos) -> None:
        legal = st.legal_moves()
        u = self.unit_at(st, pos)
        if st.phase == "activate":
            if u is not None and Move("activate", a=u.id) in legal:
                self.host.submit(Move("activate", a=u.id))
            elif u is not None:
                self.host.say(st.why_illegal(Move("activate", a=u.id)) or "", bad=True)
            return
        if st.phase != "act" or st.act is None or st.decision is not None:
            return
        me = st.act.unit
        if u is not None and u.id == me:
            self.drag = {"unit": me, "from": pos, "at": pos}
            self.target = None
            return
        g = self.gun_at(st, pos)
        if g is not None and g.crew == me and g.carriage and u is None:
            self.sel_gun = None if self.sel_gun == g.id else g.id
            self.target = None
            self.panel._key = None
            return
        if u is not None and u.seat != st.act.seat:
            self.set_target(u.id)
            return
        sid = self.section_at(st, pos)
        if sid is not None and self.sel_gun is None and self._aims_at_section(st, legal, sid):
            self.set_target(sid)
            return
        inch = self.geo.inch(pos) if self.geo else (0, 0)
        if self.sel_gun is not None:
            gp = st.guns[self.sel_gun].pos
            self.turn_gun(int(round(G.bearing(gp, inch) / 45.0)) % 8 * 45)
            return
        if self.target is not None:
            self.clear_selection()
            return
        self.try_move(me, inch, leave=self.leaving(st))

    def leaving(self, st, live: bool = False) -> bool:
        """Shift held while the active unit has field guns with it: its move leaves
        them behind (the rules' 'leave'; without Shift the guns go along).  A drop
        reads Shift as of its events; the drawing (``live``) also reads it now."""
        u = st.active_unit()
        shift = self._shift or (live and bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))
        if u is None or not shift:
            return False
        return any(m.kind == "move" and m.flag for m in st.legal_moves())

    @staticmethod
    def _aims_at_section(st, legal, sid) -> bool:
        """A click on a section aims at it when a shot at it is legal, or when the unit
        has guns and the section is not its own (to say why it cannot); else it walks there."""
        if any(m.kind == "fire" and m.target == sid for m in legal):
            return True
        u = st.active_unit()
        own = st.section_owner(sid) == (st.act.seat if st.act is not None else None)
        return u is not None and bool(st.operable(u)) and not own

    # -- moves arriving ----------------------------------------------------------------------------
    def on_move(self, entry, before, after) -> None:
        if not entry.text.startswith("roll "):
            self.clear_selection()
        E.plan(self, entry, before, after)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.rect.w < 4 or self.rect.h < 4:
            return
        t = self.theme
        st = self._state()
        can = self.host.can_act()
        pygame.draw.rect(surface, t.c["table"], self.rect)
        if self.map_rect.w >= 24 and self.map_rect.h >= 24:
            geo = self._geo(st)
            clip = surface.get_clip()
            surface.set_clip(self.map_rect.clip(clip) if clip else self.map_rect)
            try:
                self._draw_table(surface, geo, st, can)
            finally:
                surface.set_clip(clip)
        self.panel.draw(surface, st, can)
        if self.tray is not None and self.panel.rect.w >= 60 and self.panel.rect.h >= 160:
            O.draw_tray(self, surface, self.tray)
        if self.map_rect.w >= 24 and self.map_rect.h >= 24:
            self.timeline.draw(surface, self.geo, t)

    def _draw_units(self, surface, geo, st) -> None:
        t, sh = self.theme, self.shown
        active = st.act.unit if st.act is not None else None
        for u in st.units.values():
            if u.id in sh.hide_units:
                continue
            if not u.alive:
                if u.id in sh.gone:                  # not fallen yet: the dice have not shown it
                    D.draw_unit(surface, geo, t, st, u, alpha_models=sh.gone[u.id][2])
                continue
            D.draw_unit(surface, geo, t, st, u, active=u.id == active, selected=u.id == self.target,
                        done=u.id in st.activated and u.id != active, alpha_models=sh.models.get(u.id))

    def _draw_table(self, surface, geo, st, can) -> None:
        t = self.theme
        self.move_hint = ""
        pygame.draw.rect(surface, (58, 44, 30), geo.table.inflate(8, 8), 5, border_radius=4)   # the frame only: the table is blitted inside
        surface.blit(D.base_table(geo, st.table, self.grid), geo.table.topleft)
        if self.grid:
            D.grid_labels(surface, geo, t)
        sh = self.shown
        D.draw_sections(surface, geo, t, st, hold=sh.track, target=self.target if self.target in st.sections else None)
        acting = st.phase == "act" and st.act is not None and can
        if acting and self.target is None:
            u = st.active_unit()
            for g in (st.operable(u) if u is not None else []):
                if self.sel_gun is None or g.id == self.sel_gun:
                    origin, facing, half = st.gun_arc(g.id)
                    D.draw_arc(surface, geo, t, origin, sh.facing.get(g.id, facing), half, reach=24.0,
                               alpha=40 if self.sel_gun is None else 60)
        for g in st.guns.values():
            if g.id in sh.hide_guns:
                continue
            D.draw_gun(surface, geo, t, g, facing=sh.facing.get(g.id), selected=g.id == self.sel_gun,
                       markers=sh.markers.get(g.id))
        self._draw_units(surface, geo, st)
        if acting and self.target is None and self.sel_gun is None:
            O.draw_reach(self, surface, geo, st)
        if acting and self.target is not None:
            O.draw_preview(self, surface, geo, st)
        if self.hint is not None and can:
            O.draw_hint(self, surface, geo, st, self.hint)
        if self.drag is None and self.map_rect.collidepoint(self.mouse):
            lines = O.describe_at(self, st, self.mouse)
            if lines:
                draw_tooltip(surface, t, lines, (self.mouse[0] + 14, self.mouse[1] + 14), self.map_rect)
