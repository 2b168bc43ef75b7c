"""The Cannon Ball control column beside the battlefield: the Fort Commander
spinner, the moves left, each side's forces, and the buttons for the choice that
opens a turn (a move turn, a gate, a gamble with Odd or Even) or that ends one.

The buttons are built from the legal moves the rules list, so the panel never
offers what the rules would refuse.
"""
from __future__ import annotations

import pygame

from games.cannon_ball import battlefield as M
from games.cannon_ball import drawing as D
from games.cannon_ball import rules as R
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, draw_panel


def choice_rows(state) -> list[tuple[str, list]]:
    """The opening choices as rows: (label, [moves]); a gamble's row holds its Odd and Even."""
    rows: dict = {}
    for m in state.legal_moves():
        if not isinstance(m, R.Choice):
            continue
        if m.kind == "move":
            label = "Move turn: spin, then move"
        elif m.kind in ("open", "close"):
            label = f"{m.kind.capitalize()} gate {M.GATES[m.target].id} (the whole turn)"
        elif m.kind == "tnt":
            label = "Shoot your TNT"
        elif m.kind == "rebuild":
            label = f"Rebuild bridge {M.BRIDGES[m.target].number}"
        else:
            label = f"Fire at gate {M.GATES[m.target].id}"
        rows.setdefault((m.kind, m.target), (label, []))[1].append(m)
    order = {"tnt": 0, "move": 1, "fire": 2, "rebuild": 3, "close": 4, "open": 5}
    return [rows[k] for k in sorted(rows, key=lambda k: (order.get(k[0], 9), k[1]))]


class Panel:
    """Layout and drawing of the column; the board owns it and routes its clicks."""

    def __init__(self, board):
        self.board = board
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.spinner_center = (0, 0)
        self.spinner_r = 10
        self.buttons: list[Button] = []
        self._key = None
        self.compact = False          # choices squeezed under one-line counts (refresh)
        self.end_btn = Button("End turn", board.end_turn, "E", primary=True, sound=board.host.sound)
        self.perform_rect = pygame.Rect(0, 0, 1, 1)

    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        t = self.board.theme
        pad = t.px(10)
        r = max(8, min(self.rect.w // 2 - pad, int(self.rect.h * 0.2)))
        self.spinner_r = r
        self.spinner_center = (self.rect.centerx, self.rect.y + pad + r)
        bw, bh = min(self.rect.w - 2 * pad, t.px(170)), t.px(42)
        self.perform_rect = pygame.Rect(self.rect.centerx - bw // 2, self.spinner_center[1] + r + t.px(30), bw, bh)
        self.end_btn.rect = pygame.Rect(self.rect.x + pad, self.rect.bottom - pad - bh, self.rect.w - 2 * pad, bh)
        self._key = None

    @property
    def body_top(self) -> int:
        t = self.board.theme
        return self.perform_rect.bottom + t.px(8)

    def refresh(self, state, can_act: bool) -> None:
        """Rebuild the choice buttons when the position or who may act changes."""
        key = (self.board.host.ply, can_act, tuple(self.rect), self.board.host.viewer)
        if key == self._key:
            return
        self._key = key
        self.buttons = []
        if not can_act or state.phase != R.CHOOSE:
            return
        t = self.board.theme
        pad, gap, bh = t.px(10), t.px(6), t.px(36)
        rows = choice_rows(state)
        lh = t.small_font().get_linesize()
        # Below the two sides' counts (three lines each) and the "Choose" line when the
        # choices fit there; else the counts shrink to a line a side (see _draw_status).
        y = self.body_top + lh * 7 + t.px(4)
        self.compact = y + len(rows) * (bh + gap) > self.rect.bottom - pad
        if self.compact:
            y = self.body_top + lh * 3
        w = self.rect.w - 2 * pad
        snd = self.board.host.sound
        for label, moves in rows:
            if y + bh > self.rect.bottom - pad:
                break
            if len(moves) == 1:
                b = Button(label, (lambda m=moves[0]: self.board.choose(m)), sound=snd,
                           primary=moves[0].kind in ("move", "tnt"))
                b.rect = pygame.Rect(self.rect.x + pad, y, w, bh)
                self.buttons.append(b)
            else:
                half = (w - gap) // 2
                for i, m in enumerate(sorted(moves, key=lambda m: m.call != "odd")):
                    b = Button(f"{label}: {m.call.capitalize()}", (lambda m=m: self.board.choose(m)), sound=snd)
                    b.rect = pygame.Rect(self.rect.x + pad + i * (half + gap), y, half, bh)
                    self.buttons.append(b)
            y += bh + gap

    def handle_event(self, event, state, can_act) -> bool:
        self.refresh(state, can_act)
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if can_act and state.phase == R.MOVING and self.end_btn.handle_event(event):
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface, state, can_act: bool, caption: str) -> None:
        t, c = self.board.theme, self.board.theme.c
        if self.rect.w < 20 or self.rect.h < 40:
            return
        self.refresh(state, can_act)
        draw_panel(surface, self.rect, t, color=c["bg2"])
        self.board.spinner.draw(surface, self.spinner_center, self.spinner_r, t)
        y = self.spinner_center[1] + self.spinner_r + t.px(4)
        if caption:
            f = t.body_font()
            draw_text(surface, fit_text(caption, f, self.rect.w - t.px(12)), f, c["accent"],
                      (self.rect.centerx, y), "midtop")
        y = self.body_top
        self._draw_status(surface, state, y)
        if self.buttons:
            f = t.small_font()
            draw_text(surface, "Choose this turn:", f, c["text_dim"],
                      (self.rect.x + t.px(10), self.buttons[0].rect.y - f.get_linesize() - t.px(2)))
        for b in self.buttons:
            b.label = fit_text(b.label, t.body_font(), b.rect.w - t.px(10))
            b.draw(surface, t)
        if can_act and state.phase == R.MOVING:
            warn = R.end_turn_warning(state)
            self.end_btn.label = f"End turn, lose {state.moves_left()}" if state.moves_left() and not warn else "End turn"
            if warn:
                self.end_btn.label = "End turn (warning)"
            self.end_btn.draw(surface, t)

    def _draw_status(self, surface, state, y) -> None:
        t, c = self.board.theme, self.board.theme.c
        x = self.rect.x + t.px(10)
        w = self.rect.w - t.px(20)
        big = t.heading_font()
        if state.phase == R.MOVING:
            n = state.moves_left()
            label = f"{n} move{'s' if n != 1 else ''} left" + (" each" if state.each else "")
            draw_text(surface, fit_text(label, big, w), big, c["text"], (x, y))
            y += big.get_linesize()
        f = t.small_font()
        lh = f.get_linesize()
        names = self.board.host.names()
        for p in (0, 1):
            r = max(3, lh // 2 - 2)
            D.draw_trooper(surface, (x + r + 2, y + lh // 2), r * 2.2, t, p)
            who = f"{names[p]} ({M.SEATS[p]})" if names[p] != M.SEATS[p] else names[p]
            counts = (f"{state.men[p]} men, {state.cannon_count(p)} cannons", f"{state.tnt_left[p]} TNT cases left")
            if self.buttons and self.compact:
                # the turn's choices start two lines below (refresh): one line a side
                who = f"{names[p]}: {state.men[p]} men, {state.cannon_count(p)} cannons, {state.tnt_left[p]} TNT"
                counts = ()
            draw_text(surface, fit_text(who, f, w - 2 * r - t.px(8)), f, c["text"], (x + 2 * r + t.px(8), y))
            y += lh
            for line in counts:
                draw_text(surface, fit_text(line, f, w - 2 * r - t.px(8)), f, c["text_dim"], (x + 2 * r + t.px(8), y))
                y += lh
        if state.phase == R.MOVING and not self.buttons:
            warn = R.end_turn_warning(state, self.board.host.names())
            if warn:
                for line in wrap_text("Ending now: " + warn, f, w)[:4]:
                    draw_text(surface, line, f, c["danger"], (x, y))
                    y += lh
