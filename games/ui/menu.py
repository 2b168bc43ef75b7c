"""The main menu: a card per registered game, Continue, Load, Settings, Quit."""
from __future__ import annotations

import math

import pygame

import games
from games.core import saves
from games.ui.dialogs import message
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, draw_panel


class MainMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.cards = []
        for info in games.GAMES:
            self.cards.append({
                "info": info,
                "new": Button("New game", (lambda i=info: self.new_game(i)), primary=True, sound=app.sound),
                "rules": Button("Rules", (lambda i=info: self.show_rules(i)), sound=app.sound),
            })
        self.continue_btn = Button("Continue", self.continue_last, "C", sound=app.sound)
        self.load_btn = Button("Load", self.open_load, "L", sound=app.sound)
        self.settings_btn = Button("Settings", self.open_settings, "S", sound=app.sound)
        self.quit_btn = Button("Quit", app.request_quit, "Q", sound=app.sound)
        self.side = [self.continue_btn, self.load_btn, self.settings_btn, self.quit_btn]
        self._last = None
        self._time = 0.0

    def on_enter(self):
        self.refresh()

    def on_resume(self):
        self.refresh()

    def refresh(self):
        self._last = saves.latest_unfinished_autosave()
        self.continue_btn.enabled = self._last is not None

    # -- actions -------------------------------------------------------------
    def new_game(self, info):
        from games.ui.setup import SetupScreen
        self.app.push(SetupScreen(self.app, info))

    def show_rules(self, info):
        from games.ui.rules_screen import RulesScreen
        self.app.push(RulesScreen(self.app, info))

    def continue_last(self):
        if self._last:
            open_save(self.app, self._last.path)

    def open_load(self):
        from games.ui.load_screen import LoadScreen
        self.app.push(LoadScreen(self.app))

    def open_settings(self):
        from games.ui.settings_screen import SettingsScreen
        self.app.push(SettingsScreen(self.app))

    # -- layout --------------------------------------------------------------
    def layout(self, size):
        t = self.theme
        w, h = size
        margin = t.px(28)
        side_w = min(t.px(260), w // 4)
        self.title_y = t.px(24)
        top = t.px(110)
        grid = pygame.Rect(margin, top, w - side_w - 3 * margin, h - top - margin)
        n = len(self.cards)
        cols = 2 if n > 1 and grid.w > t.px(520) else 1
        rows = math.ceil(n / cols)
        gap = t.px(18)
        cw = (grid.w - gap * (cols - 1)) // cols
        ch = min(t.px(280), (grid.h - gap * (rows - 1)) // max(1, rows))
        for i, card in enumerate(self.cards):
            r, c = divmod(i, cols)
            rect = pygame.Rect(grid.x + c * (cw + gap), grid.y + r * (ch + gap), cw, ch)
            card["rect"] = rect
            bh = t.px(44)
            bw = min(t.px(170), (rect.w - t.px(54)) // 2)
            card["new"].rect = pygame.Rect(rect.x + t.px(18), rect.bottom - bh - t.px(16), bw, bh)
            card["rules"].rect = pygame.Rect(card["new"].rect.right + t.px(14), card["new"].rect.y, bw, bh)
        x = w - side_w - margin
        bh, bgap = t.px(50), t.px(14)
        for i, b in enumerate(self.side):
            b.rect = pygame.Rect(x, top + i * (bh + bgap), side_w, bh)

    # -- events ----------------------------------------------------------------
    def handle_event(self, event):
        for card in self.cards:
            if card["new"].handle_event(event) or card["rules"].handle_event(event):
                return
        for b in self.side:
            if b.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_c: self.continue_btn, pygame.K_l: self.load_btn, pygame.K_s: self.settings_btn,
                    pygame.K_q: self.quit_btn}
            if event.key in keys:
                keys[event.key].click()
            elif event.key == pygame.K_F1 and self.cards:
                self.show_rules(self.cards[0]["info"])
            elif pygame.K_1 <= event.key <= pygame.K_9:
                i = event.key - pygame.K_1
                if i < len(self.cards):
                    self.new_game(self.cards[i]["info"])

    def update(self, dt):
        self._time += dt

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        w, h = surface.get_size()
        surface.fill(c["bg"])
        _draw_backdrop(surface, t, self._time)
        draw_text(surface, "Cannonade", t.title_font(), c["accent"], (t.px(28), self.title_y), shadow=(0, 0, 0))
        draw_text(surface, "four cannon games for game night", t.body_font(), c["text_dim"],
                  (t.px(30), self.title_y + t.title_font().get_linesize()))
        for i, card in enumerate(self.cards):
            info, rect = card["info"], card["rect"]
            draw_panel(surface, rect, t)
            pad = t.px(18)
            y = rect.y + pad
            draw_text(surface, f"{i + 1}. {info.title}", t.heading_font(), c["text"], (rect.x + pad, y))
            seats = (f"{info.min_seats} players" if info.min_seats == info.max_seats
                     else f"{info.min_seats}-{info.max_seats} players")
            draw_text(surface, seats, t.small_font(), c["accent"], (rect.right - pad, y + t.px(4)), "topright")
            y += t.heading_font().get_linesize() + t.px(2)
            draw_text(surface, fit_text(info.credit, t.small_font(), rect.w - 2 * pad), t.small_font(),
                      c["text_dim"], (rect.x + pad, y))
            y += t.small_font().get_linesize() + t.px(8)
            avail = card["new"].rect.y - y - t.px(6)
            for line in wrap_text(info.pitch, t.body_font(), rect.w - 2 * pad):
                if avail < t.body_font().get_linesize():
                    break
                draw_text(surface, line, t.body_font(), c["text"], (rect.x + pad, y))
                y += t.body_font().get_linesize()
                avail -= t.body_font().get_linesize()
            card["new"].draw(surface, t)
            card["rules"].draw(surface, t)
        for b in self.side:
            b.draw(surface, t)
        if self._last:
            r = self.continue_btn.rect
            draw_text(surface, fit_text(f"{self._last.game}, move {self._last.turn}", t.small_font(), r.w),
                      t.small_font(), c["text_dim"], (r.x, self.quit_btn.rect.bottom + t.px(18)))
        draw_text(surface, "F11 fullscreen  -  1-9 start a game  -  F1 rules", t.small_font(), c["text_dim"],
                  (w - t.px(20), h - t.px(12)), "bottomright")


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


def open_save(app, path) -> None:
    """Load a save and open its game, or tell the player plainly why not."""
    from games.ui.game_screen import GameScreen
    try:
        match = saves.load_match(path)
    except saves.SaveError as exc:
        message(app, "Cannot load this save", f"{exc.path}\n\n{exc.reason}")
        return
    app.replace_all(MainMenu(app))
    app.push(GameScreen(app, match, resumed=True, save_path=path if not _is_autosave(path) else None))


def _is_autosave(path) -> bool:
    import os
    from games.core import paths
    return os.path.abspath(os.path.dirname(path)) == os.path.abspath(paths.autosave_dir())
