"""The main menu: a card per registered game, Continue, Load, Settings, Quit."""
from __future__ import annotations

import logging
import math
from typing import Any

import pygame

import games
from games.core import saves
from games.ui.board import board_class
from games.ui import router
from games.ui.router import open_save
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_parts, fit_text, wrap_text
from games.ui.widgets import Button, FocusGroup, draw_panel

log = logging.getLogger(__name__)


class MainMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.cards: list[dict[str, Any]] = []
        for info in games.GAMES:
            card: dict[str, Any] = {
                "info": info,
                "new": Button("New game", (lambda i=info: self.new_game(i)), primary=True, sound=app.sound),
                "rules": Button("Rules", (lambda i=info: self.show_rules(i)), sound=app.sound),
            }
            # Learn: the game's guided first game (games.ui.learn_screen), when it has one
            card["buttons"] = [card["new"], card["rules"]]
            if info.lesson:
                card["learn"] = Button("Learn", (lambda i=info: self.learn(i)), sound=app.sound)
                card["buttons"].insert(1, card["learn"])
            self.cards.append(card)
        self.continue_btn = Button("Continue", self.continue_last, "C", sound=app.sound)
        self.load_btn = Button("Load", self.open_load, "L", sound=app.sound)
        self.standings_btn = Button("Standings", self.open_standings, "T", sound=app.sound)
        self.settings_btn = Button("Settings", self.open_settings, "S", sound=app.sound)
        self.quit_btn = Button("Quit", app.request_quit, "Q", sound=app.sound)
        self.side = [self.continue_btn, self.load_btn, self.standings_btn, self.settings_btn, self.quit_btn]
        self._last = None
        # the keys' and a controller's focus: every card's buttons, then the side column;
        # it starts on the first game's New game (the card it is on is drawn outlined,
        # and F1 opens that card's rules)
        order = [b for card in self.cards for b in card["buttons"]] + self.side
        self.focus = FocusGroup(order, default=self.cards[0]["new"] if self.cards else None)
        self._time = 0.0
        self._frames = 0
        self._art: dict = {}       # (game id, size, colour-blind) -> the card's picture
        self._art_pending = True   # pictures still to render (one per frame)

    def on_enter(self):
        self.refresh()

    def on_resume(self):
        self.refresh()

    def refresh(self):
        self._last = saves.latest_unfinished_autosave()
        self.continue_btn.enabled = self._last is not None

    # -- actions -------------------------------------------------------------
    def new_game(self, info):
        """The new-game form; the first time a game with a lesson is opened (and its
        lesson never begun), Learn is offered first, once."""
        st = self.app.settings
        if info.lesson and info.id not in st.learn_offered and info.id not in st.learn:
            st.learn_offered.append(info.id)
            self.app.save_settings()
            from games.ui.dialogs import Dialog
            minutes = getattr(info.load_lesson(), "minutes", 5)
            self.app.push(Dialog(
                self.app, f"New to {info.title}?",
                f"Learn it by playing: a short guided game on the real board, about {minutes} minutes. "
                "Learn is on the game's card any time.",
                buttons=(("Learn", lambda: self.learn(info), None),
                         ("Set up a game", lambda: router.open("setup", self.app, info), None))))
            return
        router.open("setup", self.app, info)

    def learn(self, info):
        """The game's lesson, where the player left it."""
        router.open("learn", self.app, info)

    def show_rules(self, info):
        router.open("rules", self.app, info)

    def continue_caption(self) -> str:
        """What Continue opens, under it: "Cannon, move 12". From the save that opens: a
        damaged newest autosave opens its backup (a play-test read "?, move 0")."""
        if self._last is None:
            return ""
        shown = self._last.opened or self._last
        return f"{shown.game}, move {shown.turn}"

    def continue_last(self):
        if self._last and self._last.open_path:
            open_save(self.app, self._last.open_path)

    def open_load(self):
        router.open("load", self.app)

    def open_standings(self):
        router.open("standings", self.app)

    def open_settings(self):
        router.open("settings", self.app)

    # -- layout --------------------------------------------------------------
    def layout(self, size):
        self._art_pending = True
        t = self.theme
        w, h = size
        margin = t.px(28)
        side_w = min(t.px(260), w // 4)
        self.title_y = t.px(20)
        top = self.title_y + t.title_font().get_linesize() + t.body_font().get_linesize() + t.px(16)
        grid = pygame.Rect(margin, top, w - side_w - 3 * margin, h - top - margin - t.small_font().get_linesize())
        n = len(self.cards)
        gap = t.px(18)
        cols = 2 if n > 1 and grid.w > t.px(520) else 1
        if cols == 1 and n > 1:
            # one card a row leaves each too short for its title and buttons (a large
            # UI scale): two columns, buttons stacked, beat buttons off the card
            least = t.px(18) * 2 + t.heading_font().get_linesize() + 2 * (t.body_font().get_linesize() + t.px(8))
            if (grid.h - gap * (n - 1)) // n < least:
                cols = 2
        rows = math.ceil(n / cols)
        cw = (grid.w - gap * (cols - 1)) // cols
        ch = min(t.px(560), (grid.h - gap * (rows - 1)) // max(1, rows))
        for i, card in enumerate(self.cards):
            r, c = divmod(i, cols)
            rect = pygame.Rect(grid.x + c * (cw + gap), grid.y + r * (ch + gap), cw, ch)
            card["rect"] = rect
            pad = t.px(18)
            self._title_block(card, i, rect, pad)
        # the titles in one font: the smallest any card needed
        small = min((card["title"][0] for card in self.cards), key=lambda f: f.get_linesize(), default=None)
        for i, card in enumerate(self.cards):
            if small is not None and card["title"][0] is not small:
                self._title_block(card, i, card["rect"], t.px(18), small)
        for card in self.cards:
            self._place_card_buttons(card, card["rect"], t.px(18))
        for card in self.cards:
            self._layout_card_text(card, card["rect"], t.px(18))
        # the side buttons: as tall as the room left lets them be (a large UI scale)
        x = w - side_w - margin
        room = h - top - margin - t.small_font().get_linesize()
        bgap = min(t.px(14), max(2, room // 20))
        bh = max(t.body_font().get_linesize() + t.px(6), min(t.px(50), (room - bgap * (len(self.side) - 1))
                                                         // len(self.side)))
        for i, b in enumerate(self.side):
            b.rect = pygame.Rect(x, top + i * (bh + bgap), side_w, bh)

    def _title_block(self, card, i, rect, pad, font=None):
        """The card's title: in the heading font beside "N players" when both fit;
        else alone, in the heading font or a smaller bold one, on two lines if it
        must (a large UI scale). The new-game screen says how many play."""
        t = self.theme
        info = card["info"]
        title = f"{i + 1}. {info.title}"
        seats = (f"{info.min_seats} players" if info.min_seats == info.max_seats
                 else f"{info.min_seats}-{info.max_seats} players")
        room = rect.w - 2 * pad
        card["seats"] = seats
        head = t.heading_font()
        if font is None and head.size(title)[0] + t.px(8) + t.small_font().size(seats)[0] <= room:
            card["title"] = (head, [title])
            return
        card["seats"] = None
        tries = ((head, 1), (t.font(19, bold=True), 1), (t.font(19, bold=True), 2))
        for f, n in (tries if font is None else [(font, 1), (font, 2)]):
            lines = wrap_text(title, f, room)
            if len(lines) <= n:
                card["title"] = (f, lines)
                return
        f = t.font(19, bold=True)
        card["title"] = (f, [fit_text(title, f, room)])

    def _place_card_buttons(self, card, rect, pad):
        """New game, Learn and Rules along the card's foot: side by side when every
        label fits; else New game above the others (beside each other when their
        labels fit, else a row each); lower than usual when the card is short (a
        large UI scale), never over the title: on a card too short for its rows the
        title gives up its number and takes one line."""
        t = self.theme
        f = t.body_font()
        btns = card["buttons"]
        n = len(btns)
        inner = rect.w - 2 * pad
        least = f.get_linesize() + t.px(8)
        gap, vgap = t.px(14), t.px(6)

        def fits(row, w):
            return all(f.size(b.label)[0] + t.px(12) <= w for b in row)

        def room_left():
            tf, lines = card["title"]
            return rect.bottom - t.px(12) - (rect.y + pad + len(lines) * tf.get_linesize() + t.px(4))

        bw = min(t.px(170), (inner - gap * (n - 1)) // n)
        rest = btns[1:]
        rgap = t.px(8)
        rw = min(t.px(170), (inner - rgap * (len(rest) - 1)) // max(1, len(rest)))
        room = room_left()
        if fits(btns, bw) or room < 2 * least + vgap and n <= 2:
            rows = [btns]
        elif fits(rest, rw) and (room >= 2 * least + vgap or n > 2):
            rows = [[btns[0]], rest]
        elif room >= n * least + (n - 1) * vgap:
            rows = [[b] for b in btns]
        else:
            rows = [[btns[0]], rest]
        if len(rows) > 1 and room < len(rows) * least + (len(rows) - 1) * vgap:
            tf = t.font(19, bold=True)
            card["title"] = (tf, [fit_text(card["info"].title, tf, inner)])
            card["seats"] = None
            room = room_left()
        bh = max(least, min(t.px(44), (room - vgap * (len(rows) - 1)) // len(rows)))
        total = len(rows) * bh + (len(rows) - 1) * vgap
        # never on the card's edge (a play-test at 175%: Learn and Rules sat on the border)
        y = rect.bottom - total - max(t.px(6), min(t.px(16), room - total))
        for r, row in enumerate(rows):
            if len(row) == n and n > 1:
                w, g = bw, gap
            elif len(row) == 1:
                w, g = min(inner, t.px(260)), 0
            else:
                w, g = rw, rgap
            for i, b in enumerate(row):
                b.rect = pygame.Rect(rect.x + pad + i * (w + g), y + r * (bh + vgap), w, bh)

    def _layout_card_text(self, card, rect, pad):
        """Wrap the card's texts and find the space left for its picture: beside
        the text on a wide card, under it on a tall one."""
        t = self.theme
        info = card["info"]
        inner_w = rect.w - 2 * pad
        tf, lines = card["title"]
        y = rect.y + pad + len(lines) * tf.get_linesize() + t.px(2)
        bottom = card["new"].rect.y - t.px(12)
        # the credit takes two lines at most, and none that would reach the buttons
        fits = max(0, (bottom - y) // t.small_font().get_linesize())
        credit = _fit_credit(info.credit, t.small_font(), inner_w, 2)[:fits]
        y += len(credit) * t.small_font().get_linesize() + t.px(8)
        wide = rect.w > 1.9 * (bottom - y)
        lh = t.body_font().get_linesize()
        max_lines = max(0, min((bottom - y) // lh, 99 if wide else 4))
        text_w = inner_w
        if wide:
            # the pitch takes the width it needs to be read whole (half the card at
            # least), the picture what is left, or nothing when too little is left
            text_w = int(inner_w * 0.5)
            most = inner_w - t.px(12) - t.px(90)
            while len(wrap_text(info.pitch, t.body_font(), text_w)) > max_lines and text_w < most:
                text_w = min(most, text_w + t.px(10))
            if len(wrap_text(info.pitch, t.body_font(), text_w)) > max_lines:
                text_w = inner_w
        pitch = wrap_text(info.pitch, t.body_font(), text_w)
        if len(pitch) > max_lines:
            pitch = pitch[:max_lines]
            if pitch:
                pitch[-1] = fit_text(pitch[-1] + " ...", t.body_font(), text_w)
        card["credit"], card["pitch"], card["text_y"] = credit, pitch, y
        if wide and text_w < inner_w:
            art = pygame.Rect(rect.x + pad + text_w + t.px(12), y, inner_w - text_w - t.px(12), bottom - y)
        else:
            top = y + len(pitch) * lh + t.px(8)
            art = pygame.Rect(rect.x + pad, top, inner_w, bottom - top)
        side = min(art.w, art.h)
        card["art_rect"] = pygame.Rect(0, 0, side, side)
        card["art_rect"].center = art.center
        if side < t.px(90):
            card["art_rect"] = None          # too small to say anything: leave it out

    # -- events ----------------------------------------------------------------
    def handle_event(self, event):
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._pointing = True
        elif event.type == pygame.KEYDOWN and event.key != pygame.K_F1 or event.type in (
                pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            self._pointing = False
        for card in self.cards:
            if any(b.handle_event(event) for b in card["buttons"]):
                return
        for b in self.side:
            if b.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_c: self.continue_btn, pygame.K_l: self.load_btn, pygame.K_s: self.settings_btn,
                    pygame.K_t: self.standings_btn, pygame.K_q: self.quit_btn}
            if event.key in keys:
                keys[event.key].click()
            elif event.key == pygame.K_F1 and self.cards:
                self.show_rules(self.cards[self._card_for_f1()]["info"])
                return
            elif pygame.K_1 <= event.key <= pygame.K_9:
                i = event.key - pygame.K_1
                if i < len(self.cards):
                    self.new_game(self.cards[i]["info"])
                return
        self.focus.handle(event)

    def focused_card(self) -> int:
        """The card whose button has the focus, else (the side column) the last one that had."""
        cur = self.focus.get()
        for i, card in enumerate(self.cards):
            if cur in card["buttons"]:
                self._card_at = i
        return getattr(self, "_card_at", 0)

    def _card_for_f1(self) -> int:
        """The card under the pointer when the mouse was used last, else the one the keys
        have picked (a play-test: the outline was on Cannon, a resting pointer on Cannon
        Corps, and F1 opened Corps' rules)."""
        if getattr(self, "_pointing", False):
            pos = pygame.mouse.get_pos()
            for i, card in enumerate(self.cards):
                if card.get("rect") is not None and card["rect"].collidepoint(pos):
                    return i
        return self.focused_card()

    def update(self, dt):
        self._time += dt
        self._frames += 1
        if self._frames > 1:
            self._render_one_card_art()

    def _render_one_card_art(self):
        """Each card's picture is drawn by its game's own rules-diagram renderer.
        That imports the game's scene module (tenths of a second), so it happens
        here, one card per frame once the menu is showing, never before the
        first frame; the result is cached per size and palette."""
        t = self.theme
        for card in self.cards:
            r, info = card.get("art_rect"), card["info"]
            if r is None or not info.card_art:
                continue
            key = (info.id, r.size, t.colorblind)
            if key in self._art:
                continue
            surf = pygame.Surface(r.size, pygame.SRCALPHA)
            try:
                board_class(info).draw_rules_diagram(info.card_art, surf, surf.get_rect(), t)
                self._art[key] = surf
            except Exception:   # noqa: BLE001 - a broken picture must not take the menu down
                log.exception("the menu picture of %s could not be drawn", info.id)
                self._art[key] = None
            return
        self._art_pending = False

    def wants_frames(self):
        return self._frames < 2 or self._art_pending

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        w, h = surface.get_size()
        surface.fill(c["bg"])
        _draw_backdrop(surface, t, self._time)
        draw_text(surface, "Cannonade", t.title_font(), c["accent"], (t.px(28), self.title_y), shadow=(0, 0, 0))
        count = _NUMBER_WORDS.get(len(self.cards), str(len(self.cards)))
        draw_text(surface, f"{count} cannon games for game night", t.body_font(), c["text_dim"],
                  (t.px(30), self.title_y + t.title_font().get_linesize()))
        for i, card in enumerate(self.cards):
            info, rect = card["info"], card["rect"]
            draw_panel(surface, rect, t)
            if i == self.focused_card():
                pygame.draw.rect(surface, c["accent"], rect.inflate(t.px(6), t.px(6)), max(2, t.px(3)),
                                 border_radius=t.px(12))
            pad = t.px(18)
            y = rect.y + pad
            if card["seats"]:
                draw_text(surface, card["seats"], t.small_font(), c["accent"], (rect.right - pad, y + t.px(4)),
                          "topright")
            tf, lines = card["title"]
            for line in lines:
                draw_text(surface, line, tf, c["text"], (rect.x + pad, y))
                y += tf.get_linesize()
            y += t.px(2)
            for line in card["credit"]:
                draw_text(surface, line, t.small_font(), c["text_dim"], (rect.x + pad, y))
                y += t.small_font().get_linesize()
            y = card["text_y"]
            for line in card["pitch"]:
                draw_text(surface, line, t.body_font(), c["text"], (rect.x + pad, y))
                y += t.body_font().get_linesize()
            art_r = card.get("art_rect")
            art = self._art.get((info.id, art_r.size, t.colorblind)) if art_r is not None else None
            if art is not None and art_r is not None:
                surface.blit(art, art_r.topleft)
            for b in card["buttons"]:
                b.draw(surface, t)
        for b in self.side:
            b.draw(surface, t)
        self.focus.draw(surface, t)
        if self._last and self.quit_btn.rect.bottom + t.px(18) + 2 * t.small_font().get_linesize() < h:
            r = self.continue_btn.rect
            draw_text(surface, fit_text(self.continue_caption(), t.small_font(), r.w),
                      t.small_font(), c["text_dim"], (r.x, self.quit_btn.rect.bottom + t.px(18)))
        keys = (f"1-{len(self.cards)}: new game", "arrows, Tab: move", "Enter: press", "F1: rules",
                "F11: fullscreen")
        draw_text(surface, fit_parts(keys, t.small_font(), w - t.px(40)), t.small_font(), c["text_dim"],
                  (w - t.px(20), h - t.px(10)), "bottomright")


def _fit_credit(credit: str, font, width: int, lines: int) -> list[str]:
    """The credit wrapped to at most ``lines`` lines: whole clauses (split at
    '; ') are dropped from the end first; only when the first clause alone does
    not fit is it cut, with '...'.  The whole credit is on the game's rules screen."""
    clauses = credit.split("; ")
    for n in range(len(clauses), 0, -1):
        out = wrap_text("; ".join(clauses[:n]), font, width)
        if len(out) <= lines:
            return out
    out = wrap_text(clauses[0], font, width)[:lines]
    out[-1] = fit_text(out[-1] + " ...", font, width)
    return out


_NUMBER_WORDS = {1: "One", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}


def _draw_backdrop(surface, t, time_s):
    """A slow drift of faint cannonball arcs: alive, but never in the way."""
    c = t.c
    w, h = surface.get_size()
    col = tuple(min(255, x + 8) for x in c["bg"])
    for k in range(5):
        phase = (time_s * 0.05 + k * 0.2) % 1.0
        x0 = int(-w * 0.2 + phase * w * 1.4)
        pts = [(x0 + i * t.px(12), int(h * 0.95 - math.sin(i / 40 * math.pi) * h * (0.25 + 0.08 * k)))
               for i in range(41)]
        pygame.draw.lines(surface, col, False, pts, max(1, t.px(2)))
