"""Drawing the Cannon Corps table: the opponents' panels, your own grid with
its reserves, defeated row and buttons, the announcement strip, the hint and
a lesson's marks.

Everything here reads the board (its layout, what its animation shows now)
and the view it is handed, and changes nothing but pixels.  Every function
copes with any rectangle the layout gives it, empty ones included: what has
no room is left out, never drawn into a surface of an impossible size.  Texts
keep to characters the default font has (ASCII and Latin-1).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from games.cannon_corps.board import table_draw as td
from games.cannon_corps.board.table_draw import Color
from games.cannon_corps.board.animation import ACTIVE
from games.cannon_corps.board.layout import Panel
from games.cannon_corps.rules import (
    COLS, DIE_SIZES, OWN_ACTIONS, ROWS, SPACES, CorpsView, CoverDecision, DamagedNote, DeployDecision,
    FireDecision, Pending, Phase, SetupDecision)
from games.cannon_corps.rules.public import SeatInfo, army_words, last_shot, revealed_reserves
from games.ui import tooltip
from games.ui.dice import draw_die
from games.ui.theme import blend, ink_on

if TYPE_CHECKING:
    from pygame.font import Font

    from games.cannon_corps.board.scene import CorpsBoard

#: the strip's line between the shot and its answers
SEP = "   |   "


def _roomy(r: pygame.Rect) -> bool:
    return r.w > 0 and r.h > 0


class TableDrawer:
    """Draws one board's table (it keeps a cache of the opponents' panels)."""

    def __init__(self, board: "CorpsBoard") -> None:
        self.b = board
        #: seat -> (what its panel showed, the picture): an opponent's panel is redrawn only when that changes
        self.panel_cache: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}

    # -- the whole table -------------------------------------------------------------
    def draw(self, surface: pygame.Surface, v: CorpsView) -> None:
        b = self.b
        c = b.host.theme.c
        if not _roomy(b.rect):
            return
        pygame.draw.rect(surface, c["table"], b.rect)
        clip = surface.get_clip()
        surface.set_clip(b.rect.clip(clip) if clip else b.rect)
        try:
            pub = b.public(v)
            turn_seat = b.turn_seat(v)
            aim = b.aim_space(v)
            power = v.my_platoons[b.sel][1] if aim and b.sel in v.my_platoons else None
            for s, p in b.panels.items():
                if not p.big:
                    self.blit_small(surface, v, pub[s], p, turn_seat == s, aim, power)
            self.draw_strip(surface, v)
            if b.me is not None and v.seat is not None:
                self.draw_me(surface, v, pub[v.seat], turn_seat == v.seat)
            b.timeline.draw(surface, v)
            if b.hint is not None and not b.busy:
                self.draw_hint(surface, v)
            if b.targets and not b.busy:
                self.draw_targets(surface, v)
            b.nav.draw(surface)
            # last, over everything: the words for what is under the pointer
            t = b.host.theme
            tooltip.show(surface, t, b.tooltip_lines(), b.mouse, b.rect,
                         max_w=max(t.px(220), min(t.px(400), int(b.rect.w * 0.5))))
        finally:
            surface.set_clip(clip)

    # -- pieces shared by every panel ------------------------------------------------
    def draw_header(self, surface: pygame.Surface, p: Panel, info: SeatInfo, name: str, to_play: bool,
                    big: bool = False) -> pygame.Rect:
        t, c = self.b.host.theme, self.b.host.theme.c
        h = p.head
        r = max(td.badge_radius(t), t.px(14)) if big else \
            max(td.badge_radius(t), min(h.h // 2 - 2, t.px(13 if p.cell >= t.px(80) else 11)))
        x = h.x + r + t.px(3)
        td.badge(surface, t, p.seat, (x, h.centery), r)
        x += r + t.px(6)
        font = t.heading_font() if big else t.font(20 if p.cell >= t.px(80) else 17, bold=True)
        right = "WINNER" if info.winner else "OUT" if info.out else "TO PLAY" if to_play else ""
        bg = c["accent"] if not info.out or info.winner else c["disabled"]
        fg = c["accent_text"] if not info.out else c["text"]
        if right and big:
            # the badge's room is kept first, so a long name is fitted before it, not run under it
            img = td.text_img(right, t.font(16, bold=True), fg)
            right_edge = p.rect.right
            side = self.b.lay.side          # the tray's column may sit beside the header's row
            if side.x > x and side.top < h.bottom and side.bottom > h.top:
                right_edge = min(right_edge, side.x - t.px(4))
            room = right_edge - x - (img.get_width() + t.px(12)) - t.px(16) - t.px(4)
            nr = td.text(surface, td.fit(name, font, max(room, t.px(60))), font, c["text"], (x, h.centery), "midleft")
            box = img.get_rect(midleft=(nr.right + t.px(16), h.centery)).inflate(t.px(12), t.px(6))
            pygame.draw.rect(surface, bg, box, border_radius=t.px(5))
            surface.blit(img, img.get_rect(center=box.center))
            return nr
        tail_w = 0
        if right:
            img = td.text_img(right, td.font(t, 14, bold=True), fg)
            box = img.get_rect(midright=(p.rect.right - t.px(4), h.centery)).inflate(t.px(10), t.px(4))
            if box.left > x + t.px(40):
                pygame.draw.rect(surface, bg, box, border_radius=t.px(5))
                surface.blit(img, img.get_rect(center=box.center))
                tail_w = box.w + t.px(6)
            elif to_play:
                td.turn_arrow(surface, c["accent"], (p.rect.right - t.px(4), h.centery), t.px(8))
                tail_w = t.px(14)
        avail = p.rect.right - x - tail_w - t.px(4)
        if big:
            avail = max(avail, t.px(60))
        return td.text(surface, td.fit(name, font, avail), font, c["text"] if not info.out else c["text_dim"],
                       (x, h.centery), "midleft")

    def grid_labels(self, surface: pygame.Surface, p: Panel, font: Font, color: Color) -> None:
        t = self.b.host.theme
        for ch in COLS:
            r = p.cell_rect("A" + ch)
            td.text(surface, ch, font, color, (r.centerx, p.grid.y - t.px(2)), "midbottom")
        for ch in ROWS:
            r = p.cell_rect(ch + "1")
            td.text(surface, ch, font, color, (p.grid.x - t.px(4), r.centery), "midright")

    # -- an opponent's panel ------------------------------------------------------------
    def blit_small(self, surface: pygame.Surface, v: CorpsView, info: SeatInfo, p: Panel, to_play: bool,
                   aim: str | None, power: int | None) -> None:
        """An opponent's panel, redrawn only when what it shows changes."""
        if not _roomy(p.rect):
            return
        t = self.b.host.theme
        know = tuple(sorted((sp, m["answer"], m["ago"], m["result"]) for sp, m in info.knowledge.items()))
        rev = tuple(sorted((info.revealed or {}).items()))
        key = (tuple(p.rect), p.cell, info.set_up, info.platoons, info.reserves, tuple(info.defeated), info.out,
               info.winner, rev, know, to_play, aim, power, v.phase is Phase.SETUP, t.colorblind, t.scale,
               self.b.seat_name(p.seat))
        hit = self.panel_cache.get(p.seat)
        if hit is None or hit[0] != key:
            img = pygame.Surface(p.rect.size, pygame.SRCALPHA)
            self.draw_small(img, v, info, p.shifted(), to_play, aim, power)
            hit = self.panel_cache[p.seat] = (key, img)
        surface.blit(hit[1], p.rect.topleft)

    def draw_small(self, surface: pygame.Surface, v: CorpsView, info: SeatInfo, p: Panel, to_play: bool,
                   aim: str | None = None, power: int | None = None) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        rad = t.px(8)
        pygame.draw.rect(surface, blend(c["table"], c["bg"], 0.55), p.rect, border_radius=rad)
        edge = c["accent"] if to_play else blend(c["table"], c["edge"], 0.7)
        pygame.draw.rect(surface, edge, p.rect, width=max(1, t.px(3 if to_play else 1.5)), border_radius=rad)
        self.draw_header(surface, p, info, self.b.seat_name(p.seat), to_play)
        self.grid_labels(surface, p, td.font(t, 13, bold=True), c["text_dim"])
        # ``aim``: the space the pointer aims at (the shot goes there on every other grid)
        rr = max(2, p.cell // 8)
        revealed = info.revealed or {}
        for sp in SPACES:
            r = p.cell_rect(sp)
            live_aim = aim == sp and not info.out
            td.cell(surface, r, blend(c["fog"], c["accent"], 0.45) if live_aim else c["fog"],
                    blend(c["fog"], (0, 0, 0), 0.35), rr)
            if sp in revealed:
                die, val = revealed[sp]
                draw_die(surface, die, val, r.center, p.cell * 0.82, **td.die_colors(t, p.seat, dim=info.out))
            mark = info.knowledge.get(sp)
            if mark and sp not in revealed:
                td.crater(surface, t, r, mark, small=True)
            if live_aim:
                pygame.draw.rect(surface, c["accent"], r, width=max(2, t.px(2.5)), border_radius=rr)
                if power is not None:
                    img = td.text_img(f"Power {power}", td.font(t, 14, bold=True), c["accent_text"])
                    box = img.get_rect(midbottom=(r.centerx, r.y - t.px(1))).inflate(t.px(8), t.px(2))
                    pygame.draw.rect(surface, c["accent"], box, border_radius=t.px(4))
                    surface.blit(img, img.get_rect(center=box.center))
        for k, slot in enumerate(p.dead_slots):
            if k < len(info.defeated):
                td.dead_die(surface, t, p.seat, info.defeated[k], slot.center, slot.w * td.DIE_IN_SLOT)
            else:
                td.die_slot(surface, t, slot)
        self._small_footer(surface, v, info, p)
        if info.out and not info.winner:
            td.alpha_rect(surface, (0, 0, 0), p.rect, 60, rad)

    def _small_footer(self, surface: pygame.Surface, v: CorpsView, info: SeatInfo, p: Panel) -> None:
        """What is left of an opponent's army, in the words that fit."""
        t, c = self.b.host.theme, self.b.host.theme.c
        sf = td.font(t, 14)
        room = p.info_pos[0] - (p.dead_slots[-1].right if p.dead_slots else p.rect.x) - t.px(6)
        kept = revealed_reserves(info)
        if kept:           # the game is over: the winner's reserve dice are named, not counted
            dice = " ".join(kept)
            options: tuple[str, ...] = (f"{info.platoons} on grid, in reserve: {dice}", f"in reserve: {dice}",
                                        f"res.: {dice}", f"+{dice}")
        elif info.out:
            options = ("revealed",) if info.revealed else ("out",)
        elif not info.set_up:
            options = ("hiding...", "hiding") if v.phase is Phase.SETUP else ("",)
        else:      # both counts at every moment, a fallen platoon not yet replaced included
            options = army_words(info)
        label = next((o for o in options if sf.size(o)[0] <= room), "")
        if label:
            td.text(surface, label, sf, c["text_dim"], p.info_pos, "midright")

    # -- the announcement strip ----------------------------------------------------------
    def draw_strip(self, surface: pygame.Surface, v: CorpsView) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        r = self.b.strip
        if not _roomy(r):
            return
        line, font, active = self.strip_line(v)
        if not line or font is None:
            return
        col = c["accent"] if active else c["text"]
        box = pygame.Rect(0, 0, min(r.w, font.size(line)[0] + t.px(28)), max(1, r.h - t.px(6)))
        box.center = r.center
        pygame.draw.rect(surface, blend(c["table"], (0, 0, 0), 0.35), box, border_radius=box.h // 2)
        if active:
            pygame.draw.rect(surface, c["accent"], box, width=max(1, t.px(2)), border_radius=box.h // 2)
        td.text(surface, line, font, col, box.center, "center")

    def strip_line(self, v: CorpsView) -> tuple[str, Font | None, bool]:
        """(text, font, active) of the announcement strip: the most detailed
        line that fits, else a shorter one (the names of who missed become a
        count), in the largest font that holds it; never smaller than 17.
        The last shot and its answers stay until the next shot."""
        b = self.b
        t = b.host.theme
        txt = b.shown.announce
        s = last_shot(v.events, b.shown.k)
        run = b.animator.running()
        active = run is not None and run.data["kind"] in ACTIVE
        if not txt and v.phase is Phase.SETUP:
            txt = "Every seat hides four platoons on its secret grid."
        if not txt:
            return "", None, active
        lines = [txt]
        if s and not active and txt == b.shot_text(s.shot) and s.answers:
            lines = [txt + SEP + a for a in self.answer_texts(v, s.answers)] + [txt]
        avail = b.strip.w - t.px(28)
        fonts = ((t.font(24, bold=True),) if active else ()) + (t.font(20, bold=True), t.font(17, bold=True))
        for f in fonts:
            line = next((x for x in lines if f.size(x)[0] <= avail), None)
            if line:
                return line, f, active
        return td.fit(lines[-1], fonts[-1], avail), fonts[-1], active

    def answer_texts(self, v: CorpsView, answers: dict[int, bool]) -> list[str]:
        """Ways to say who answered Hit and Miss, longest first: names, then
        the hits by name and the misses counted, then only counts."""
        def nm(a: int) -> str:
            return "you" if a == v.seat else self.b.seat_name(a)
        hits = [nm(a) for a, h in answers.items() if h]
        miss = [nm(a) for a, h in answers.items() if not h]
        dot = " \u00b7 "
        out = []
        full = (["HIT: " + ", ".join(hits)] if hits else []) + (["miss: " + ", ".join(miss)] if miss else [])
        out.append(dot.join(full))
        if miss:
            counted = f"{len(miss)} missed" if hits or len(miss) > 1 else "miss: " + miss[0]
            if not hits and len(miss) == len(answers) and len(miss) > 1:
                counted = "all missed"
            out.append(dot.join((["HIT: " + ", ".join(hits)] if hits else []) + [counted]))
        if hits:
            you = "you" in hits
            others = len(hits) - you
            h = "HIT: you" + (f" + {others} more" if others else "") if you else f"{len(hits)} hit"
            out.append(h + (f"{dot}{len(miss)} missed" if miss else ""))
        return list(dict.fromkeys(out))

    # -- your own grid --------------------------------------------------------------------
    def draw_me(self, surface: pygame.Surface, v: CorpsView, info: SeatInfo, to_play: bool) -> None:
        b = self.b
        t, c = b.host.theme, b.host.theme.c
        p = b.me
        assert p is not None and v.seat is not None
        self.draw_header(surface, p, info, f"{b.seat_name(v.seat)} - your grid", to_play, big=True)
        self.grid_labels(surface, p, t.font(17, bold=True), c["text"])
        dice = b.my_dice(v)
        at = {sp: (d, val) for d, (sp, val) in dice.items()}
        # the decision waits until the animation has told what happened
        pend = v.pending if v.is_my_decision() and not b.busy else None
        lit = self._lit(v, pend, at)
        rr = max(3, p.cell // 10)
        felt = blend(c["table"], (255, 255, 255), 0.1)
        hover = p.space_at(b.mouse)
        for sp in SPACES:
            r = p.cell_rect(sp)
            fill = blend(felt, (255, 255, 255), 0.22 if sp == hover else 0.1) if sp in lit else felt
            td.cell(surface, r, fill, blend(felt, (0, 0, 0), 0.45), rr, max(1, t.px(1.5)))
            mark = info.knowledge.get(sp)
            if mark:   # what the table knows about my grid
                mr = pygame.Rect(r.x + t.px(2), r.y + t.px(2), int(r.w * 0.45), int(r.h * 0.45))
                td.crater(surface, t, mr, mark, small=True, faint=True)
            if sp in lit:
                pygame.draw.rect(surface, c["accent"], r, width=max(2, t.px(3)), border_radius=rr)
        if isinstance(pend, CoverDecision):
            o = p.cell_rect(pend.space).center
            for sp in lit:
                e = p.cell_rect(sp).center
                a = (o[0] + (e[0] - o[0]) * 0.42, o[1] + (e[1] - o[1]) * 0.42)
                z = (o[0] + (e[0] - o[0]) * 0.78, o[1] + (e[1] - o[1]) * 0.78)
                td.arrow(surface, c["accent"], a, z, max(2, t.px(4)), t.px(14))
        self._my_dice(surface, v, v.seat, p, at, pend)
        self._tray(surface, v, v.seat, info, pend)
        if info.out:
            td.alpha_rect(surface, (0, 0, 0), p.grid.inflate(t.px(8), t.px(8)), 100, rr)
            td.text(surface, "OUT", t.title_font(), c["danger"], p.grid.center, "center")

    def _lit(self, v: CorpsView, pend: Pending | None, at: dict[str, tuple[str, int]]) -> set[str]:
        b = self.b
        if isinstance(pend, CoverDecision):
            return set(pend.options)
        if isinstance(pend, DeployDecision) and (b.sel or len(pend.reserves) == 1):
            return set(pend.options) if b.host.settings.highlights else set()
        if isinstance(pend, SetupDecision) and b.sel and b.host.settings.highlights:
            free = {sp for sp in SPACES if sp not in at}
            if b.restrict:      # a lesson's set-up: only where this die may go
                want = dict(b.hint.placements).get(b.sel) if getattr(b.hint, "kind", "") == "setup" else None
                free &= {want} if want else {t[1] for t in b.targets if isinstance(t, tuple) and t[0] == v.seat}
            return free
        return set()

    def _my_dice(self, surface: pygame.Surface, v: CorpsView, seat: int, p: Panel, at: dict[str, tuple[str, int]],
                 pend: Pending | None) -> None:
        b = self.b
        t, c = b.host.theme, b.host.theme.c
        rr = max(3, p.cell // 10)
        # damage taken since this seat's own last decision (so it shows after a hand-over too)
        recent: dict[str, int] = {}
        if b.shown.mine is None:
            own = [i for i, e in enumerate(v.my_private) if isinstance(e, OWN_ACTIONS)]
            for e in v.my_private[own[-1] + 1 if own else 0:]:
                if isinstance(e, DamagedNote) and e.to_value > 0:
                    recent[e.die] = recent.get(e.die, 0) + e.from_value - e.to_value
        for sp, (d, val) in at.items():
            if d in b.shown.hidden:
                continue
            r = p.cell_rect(sp)
            if d == b.sel or (isinstance(pend, CoverDecision) and d == pend.die):
                pygame.draw.rect(surface, c["accent"], r.inflate(-2, -2), width=max(2, t.px(3)), border_radius=rr)
            draw_die(surface, d, val, r.center, max(8, p.cell * 0.8), **td.die_colors(t, seat))
            if recent.get(d):
                img = td.text_img(f"-{recent[d]}", td.font(t, 15, bold=True), ink_on(c["hit"]))
                box = img.get_rect(topright=(r.right - t.px(4), r.y + t.px(4))).inflate(t.px(8), t.px(2))
                pygame.draw.rect(surface, c["hit"], box, border_radius=box.h // 2)
                surface.blit(img, img.get_rect(center=box.center))
            if val == 1 and (isinstance(pend, FireDecision) or b.host.settings.highlights):
                td.text(surface, "SALVO", td.font(t, 12, bold=True), c["accent"], (r.centerx, r.bottom - t.px(1)),
                        "midbottom")

    def _tray(self, surface: pygame.Surface, v: CorpsView, seat: int, info: SeatInfo, pend: Pending | None) -> None:
        """Reserves (or, setting up, all seven dice), the defeated row, the buttons, the legend."""
        b = self.b
        lay = b.lay
        t, c = b.host.theme, b.host.theme.c
        lf = t.small_font()
        setup = b.mode(v) == "setup"
        head = ("Reserves",) if not setup else ("Your dice: pick one, then a space", "Pick a die, then a space",
                                                 "Your dice")
        td.text(surface, td.fit_first(head, lf, lay.side.w), lf, c["text_dim"], lay.tray_label)
        for slot in lay.tray_slots:
            td.die_slot(surface, t, slot)
        sel_tray = isinstance(pend, (SetupDecision, DeployDecision))
        for d, slot in b.tray_items(v):
            if sel_tray and d == b.sel:
                pygame.draw.rect(surface, c["accent"], slot, width=max(2, t.px(3)), border_radius=t.px(6))
            draw_die(surface, d, DIE_SIZES[d], slot.center, slot.w * td.DIE_IN_SLOT, **td.die_colors(t, seat))
            td.text(surface, d, lf, c["text_dim"], (slot.centerx, slot.bottom + t.px(1)), "midtop")
        if lay.my_dead_slots:
            td.text(surface, f"Defeated ({len(info.defeated)} of 4)", lf, c["text_dim"], lay.dead_label)
            for k, slot in enumerate(lay.my_dead_slots):
                if k < len(info.defeated):
                    td.dead_die(surface, t, seat, info.defeated[k], slot.center, slot.w * td.DIE_IN_SLOT)
                else:
                    td.die_slot(surface, t, slot)
        btns = b.buttons(v)
        for btn in btns:
            if _roomy(btn.rect):
                btn.draw(surface, t)
        if not setup and lay.legend_rect is not None and not (btns and lay.legend_shares_buttons):
            td.legend(surface, t, lay.legend_rect)

    # -- the hint -----------------------------------------------------------------------------
    def draw_hint(self, surface: pygame.Surface, v: CorpsView) -> None:
        b = self.b
        t = b.host.theme
        m = b.hint
        col = (120, 220, 255)
        w = max(2, t.px(3))
        me = b.me
        if me is None or m is None:
            return
        if m.kind == "fire":
            if m.die in v.my_platoons:
                pygame.draw.rect(surface, col, me.cell_rect(v.my_platoons[m.die][0]), w, t.px(6))
            for s, p in b.panels.items():
                if not p.big and not v.out[s]:
                    pygame.draw.rect(surface, col, p.cell_rect(m.space), w, t.px(4))
        elif m.kind in ("cover", "deploy") and m.space:
            pygame.draw.rect(surface, col, me.cell_rect(m.space), w, t.px(6))
        elif m.kind == "stay" and m.die in v.my_platoons:
            pygame.draw.rect(surface, col, me.cell_rect(v.my_platoons[m.die][0]), w, t.px(6))
        elif m.kind == "setup":
            assert v.seat is not None          # your own grid (me) is laid out for a seat only
            for d, sp in m.placements:
                if b.staged.get(d) == sp:
                    continue           # already where the hint puts it
                r = me.cell_rect(sp)
                pygame.draw.rect(surface, col, r, w, t.px(6))
                draw_die(surface, d, DIE_SIZES[d], r.center, max(8, me.cell * 0.6), alpha=110,
                         **td.die_colors(t, v.seat))

    # -- a lesson's marks (Board.show_targets) ------------------------------------------------
    def target_rects(self, v: CorpsView) -> list[pygame.Rect]:
        return [r for r, _ in self.target_marks(v)]

    def target_marks(self, v: CorpsView) -> list[tuple[pygame.Rect, bool]]:
        """Where the marks go now: a die's name marks that die of the viewer's (its cell on
        the grid, else its tray slot), ``(seat, space)`` a space of that seat's panel and
        ``(seat, "defeated")`` its row of defeated dice. While
        setting up, a die already placed and a space already filled are done: no mark.
        Each comes with whether it is a grid's space (those get corner ticks as well)."""
        b = self.b
        out: list[tuple[pygame.Rect, bool]] = []
        dice = b.my_dice(v)
        tray = dict(b.tray_items(v))
        setup = b.mode(v) == "setup"
        filled = {sp for sp, _ in dice.values()}
        aim = b.aim_space(v)
        for t in b.targets:
            if isinstance(t, tuple):
                seat, sp = t
                p = b.panels.get(seat)
                if p is None:
                    continue
                if sp == "defeated":       # the seat's row of defeated dice
                    slots = b.lay.my_dead_slots if p.big else p.dead_slots
                    if slots:
                        out.append((slots[0].unionall(slots[1:]), False))
                elif sp in SPACES and not (setup and seat == v.seat and sp in filled) and \
                        not (not p.big and sp == aim):     # aimed at: the aim's own marks say it
                    out.append((p.cell_rect(sp), True))
            elif t in dice and not setup and b.me is not None:
                out.append((b.me.cell_rect(dice[t][0]), True))
            elif t in tray:
                out.append((tray[t], False))
        return out

    def draw_targets(self, surface: pygame.Surface, v: CorpsView) -> None:
        """Ring every mark: a dark band under a bright one (seen on any felt or die, in
        either palette: the theme's ``select``), with four corner ticks on a grid's
        space, breathing outwards and back about once a second so the eye finds it."""
        t, c = self.b.host.theme, self.b.host.theme.c
        col = c["select"]
        dark = (16, 16, 20)
        w = max(2, t.px(3))
        breathe = 0.5 + 0.5 * math.sin(self.b.pulse * 2 * math.pi / 1.1)
        for r, ticks in self.target_marks(v):
            side = min(r.w, r.h)
            if ticks:       # a grid's space: the ring breathes outside it, kept inside the table
                grow = max(2, int(side * (0.03 + 0.04 * breathe)))
                ring = r.inflate(2 * grow, 2 * grow).clip(self.b.rect.inflate(-2 * w, -2 * w)).union(r)
                band = ring.inflate(w, w)
            else:           # a tray die or a row: inside its slot, clear of the label under it
                ring = r.inflate(-2 * int(t.px(3) * breathe), -2 * int(t.px(3) * breathe))
                band = ring.inflate(-w, -w)
            rad = max(4, ring.w // 8)
            pygame.draw.rect(surface, dark, band, width=w * 2 if ticks else w, border_radius=rad)
            pygame.draw.rect(surface, col, ring, width=w, border_radius=rad)
            if not ticks:
                continue            # a tray die or a row: the ring alone (ticks would crowd its neighbours)
            tick = side // 6
            for (x, y), (dx, dy) in (((ring.left, ring.top), (1, 1)), ((ring.right, ring.top), (-1, 1)),
                                     ((ring.left, ring.bottom), (1, -1)), ((ring.right, ring.bottom), (-1, -1))):
                ox, oy = x - dx * (w + t.px(2)), y - dy * (w + t.px(2))
                pygame.draw.line(surface, col, (ox, oy), (ox + dx * tick, oy), w)
                pygame.draw.line(surface, col, (ox, oy), (ox, oy + dy * tick), w)
