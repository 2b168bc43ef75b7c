"""The hand-over screen for hidden information: an opaque curtain that names
the next player and waits for them. Nothing of any seat's secrets is drawn
while it shows (it is not an overlay, so the board beneath is not drawn)."""
from __future__ import annotations

import pygame

from games.ui.scene import Scene
from games.ui.theme import draw_text
from games.ui.widgets import Button


class HandOver(Scene):
    overlay = False          # opaque: the board underneath is not drawn at all
    update_below = False     # and does not advance (no AI, no animation) meanwhile

    def __init__(self, app, name, on_ready):
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.ready_btn = Button(f"I am {name}: show me", self.ready, "Space", primary=True, sound=app.sound)
        self._time = 0.0

    def ready(self):
        self.app.stack.remove(self)
        self.on_ready()

    def layout(self, size):
        t = self.theme
        w = min(size[0] - t.px(40), t.px(420))
        self.ready_btn.rect = pygame.Rect((size[0] - w) // 2, size[1] // 2 + t.px(70), w, t.px(56))

    def handle_event(self, event):
        if self.ready_btn.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.ready()

    def update(self, dt):
        self._time += dt

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        surface.fill(c["bg"])
        w, h = surface.get_size()
        draw_text(surface, f"Pass to {self.name}", t.title_font(), c["accent"], (w // 2, h // 2 - t.px(70)), "center")
        draw_text(surface, f"Press Space when only {self.name} can see the screen.", t.body_font(), c["text"],
                  (w // 2, h // 2 - t.px(10)), "center")
        draw_text(surface, "Everyone else: look away.", t.body_font(), c["text_dim"],
                  (w // 2, h // 2 + t.px(24)), "center")
        self.ready_btn.draw(surface, t)
