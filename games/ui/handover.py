"""The hand-over screen for hidden information: an opaque curtain that names the
next player, says what they are about to do, and waits for them. Nothing of any
seat's secrets is drawn while it shows (it is not an overlay, so the board
beneath is not drawn), and the game's menu stays reachable from it."""
from __future__ import annotations

import pygame

from games.ui import nav
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, FocusGroup, draw_seat_marker, seat_color


#: seconds the curtain waits, after it appears or after the last press it ignored, before
#: a press shows the next player's secrets: Space and a click are also "skip the animation",
#: and a play-test's second skip press, half a second after the first, went through the
#: curtain and showed the next player's grid to the one who had just moved
ARM = 0.8


class HandOver(Scene):
    overlay = False          # opaque: the board underneath is not drawn at all
    update_below = False     # and does not advance (no AI, no animation) meanwhile

    def __init__(self, app, name, on_ready, seat: int | None = None, prompt: str = "", on_menu=None):
        super().__init__(app)
        self.name = name
        self.seat = seat
        self.prompt = prompt
        self.on_ready = on_ready
        self.ready_btn = Button(f"I am {name}: show me", self._press, "Space", primary=True, sound=app.sound)
        self.menu_btn = Button("Menu", on_menu, "Esc", sound=app.sound, enabled=on_menu is not None)
        # Space is always "show me" (as the screen says); Enter or A press the focused button
        self.focus = FocusGroup([self.ready_btn, self.menu_btn], default=self.ready_btn, space=False)
        self.quiet = 0.0                     # seconds without a press since it appeared

    @property
    def armed(self) -> bool:
        return self.quiet >= ARM

    def update(self, dt) -> None:
        self.quiet += dt

    def wants_frames(self) -> bool:
        return not self.armed

    def _press(self):
        """Space, a click or A on "show me": heard once the curtain is armed."""
        if self.armed:
            self.ready()

    def ready(self):
        self.app.stack.remove(self)
        self.on_ready()

    def layout(self, size):
        t = self.theme
        w = min(size[0] - t.px(40), t.px(420))
        self.ready_btn.rect = pygame.Rect((size[0] - w) // 2, size[1] // 2 + t.px(80), w, t.px(56))
        self.menu_btn.rect = pygame.Rect(size[0] - t.px(140), t.px(16), t.px(120), t.px(40))

    def handle_event(self, event):
        if not self.armed and _is_press(event):
            self.quiet = 0.0                 # a press meant for the animation: wait again
        if self.ready_btn.handle_event(event) or self.menu_btn.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self._press()
        elif nav.nav_action(event) == nav.BACK or nav.is_pause(event):
            self.menu_btn.click()
        else:
            self.focus.handle(event)

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        surface.fill(c["bg"])
        w, h = surface.get_size()
        title = f"Pass to {self.name}"
        tf = t.title_font()
        colour = c["accent"]
        if self.seat is not None:
            fill = seat_color(t, self.seat)[0]
            r = t.px(22)
            tw = tf.size(title)[0]
            draw_seat_marker(surface, t, self.seat, (w // 2 - tw // 2 - r - t.px(12), h // 2 - t.px(80)), r,
                             label=str(self.seat + 1))
            colour = fill if _readable(fill, c["bg"]) else c["accent"]
        draw_text(surface, fit_text(title, tf, w - t.px(40)), tf, colour, (w // 2, h // 2 - t.px(80)), "center")
        y = h // 2 - t.px(34)
        for line in wrap_text(self.prompt, t.heading_font(), w - t.px(80))[:2] if self.prompt else []:
            draw_text(surface, line, t.heading_font(), c["text"], (w // 2, y), "center")
            y += t.heading_font().get_linesize()
        # two lines where one does not fit (800x600 cut both ends of it)
        bf = t.body_font()
        say = wrap_text(f"Press Space (or A) when only {self.name} can see the screen. Everyone else: look away.",
                        bf, w - t.px(40))
        y = self.ready_btn.rect.y - t.px(14) - bf.get_linesize() * len(say)
        for line in say:
            draw_text(surface, fit_text(line, bf, w - t.px(40)), bf, c["text_dim"], (w // 2, y), "midtop")
            y += bf.get_linesize()
        self.ready_btn.draw(surface, t)
        if not self.armed:                   # dimmed while it waits: a press now does nothing
            veil = pygame.Surface(self.ready_btn.rect.size, pygame.SRCALPHA)
            veil.fill((*c["bg"][:3], 150))
            surface.blit(veil, self.ready_btn.rect)
        self.menu_btn.draw(surface, t)
        self.focus.draw(surface, t)


def _readable(fill, bg) -> bool:
    """A seat colour is used for the title only if it stands out from the page."""
    from games.ui.theme import luminance
    a, b = luminance(fill), luminance(bg)
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05) >= 3.0


def _is_press(event) -> bool:
    """A key, button or click that could mean "show me" (not a release or a motion)."""
    return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN,
                          pygame.CONTROLLERBUTTONDOWN)
