"""Settings: every change applies at once and is saved straight away."""
from __future__ import annotations

import pygame

from games.core.settings import AI_TIME_SCALES
from games.ui.scene import Scene
from games.ui.theme import draw_text
from games.ui.widgets import Button, Choice, Slider, draw_panel, draw_seat_marker

ON_OFF = ((False, "Off"), (True, "On"))


class SettingsScreen(Scene):
    def __init__(self, app):
        super().__init__(app)
        s = app.settings

        def setter(name):
            def f(v):
                setattr(s, name, v)
                app.apply_settings()
            return f
        self.rows = [
            ("Fullscreen (F11)", Choice(ON_OFF, s.fullscreen, setter("fullscreen"))),
            ("Master volume", Slider(s.master_volume, 0.0, 1.0, setter("master_volume"))),
            ("Effects volume", Slider(s.effects_volume, 0.0, 1.0, setter("effects_volume"))),
            ("Mute", Choice(ON_OFF, s.mute, setter("mute"))),
            ("Animation speed", Choice((("off", "Off"), ("normal", "Normal"), ("fast", "Fast")), s.animation,
                                       setter("animation"))),
            ("Colour-blind-safe palette", Choice(ON_OFF, s.colorblind, setter("colorblind"))),
            ("Legal-move highlights", Choice(ON_OFF, s.highlights, setter("highlights"))),
            ("Warn when a town is threatened", Choice(ON_OFF, s.town_warning, setter("town_warning"))),
            ("AI thinking time", Choice([(v, f"x{v:g}") for v in AI_TIME_SCALES], s.ai_time, setter("ai_time"))),
            ("Confirm before leaving a game", Choice(ON_OFF, s.confirm_leave, setter("confirm_leave"))),
        ]
        self.back_btn = Button("Done", app.pop, "Esc", primary=True, sound=app.sound)

    def layout(self, size):
        t = self.theme
        w, h = size
        pw = min(w - t.px(40), t.px(820))
        self.panel = pygame.Rect((w - pw) // 2, t.px(16), pw, h - t.px(32))
        top = self.panel.y + t.px(70)
        row = min(t.px(50), (self.panel.bottom - t.px(80) - top) // len(self.rows))
        for i, (_label, widget) in enumerate(self.rows):
            x = self.panel.x + int(pw * 0.52)
            widget.rect = pygame.Rect(x, top + i * row, int(pw * 0.34), min(t.px(38), row - t.px(6)))
        self.back_btn.rect = pygame.Rect(self.panel.right - t.px(184), self.panel.bottom - t.px(60), t.px(160), t.px(44))

    def handle_event(self, event):
        if self.back_btn.handle_event(event):
            return
        for _label, widget in self.rows:
            if widget.handle_event(event):
                self.app.sound.play("click")
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back_btn.click()

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        surface.fill(c["bg"])
        draw_panel(surface, self.panel, t, color=c["bg2"])
        draw_text(surface, "Settings", t.heading_font(), c["accent"], (self.panel.x + t.px(24), self.panel.y + t.px(18)))
        for label, widget in self.rows:
            draw_text(surface, label, t.body_font(), c["text"], (self.panel.x + t.px(24), widget.rect.centery), "midleft")
            widget.draw(surface, t)
        # the palette preview: the sides as the boards will draw them
        y = self.back_btn.rect.centery
        n = len(c["side"])
        for i in range(n):
            x = self.panel.x + t.px(40) + i * t.px(34)
            draw_seat_marker(surface, t, i, (x, y), t.px(13), str(i + 1))
        draw_text(surface, "seat colours", t.small_font(), c["text_dim"],
                  (self.panel.x + t.px(40) + n * t.px(34), y), "midleft")
        self.back_btn.draw(surface, t)
