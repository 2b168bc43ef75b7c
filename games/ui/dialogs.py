"""Modal overlays: a message, a yes/no question, a text prompt, a menu of
buttons. All are scenes pushed over whatever is showing."""
from __future__ import annotations

import pygame

from games.core.text import SAVE_NAME_MAX
from games.ui import nav
from games.ui.scene import Scene
from games.ui.theme import draw_text, wrap_text
from games.ui.widgets import Button, FocusGroup, TextField, dim_screen, draw_panel


class Dialog(Scene):
    """Title, wrapped message, optional text field, and a row/column of buttons.

    ``buttons`` is [(label, callback_or_None, key_or_None)]; every button closes the
    dialog first, then runs its callback. Esc (controller B) runs the ``cancel`` button
    (the last, unless told). The focus starts on the ``default`` one (the first, unless
    told otherwise), which is also the one drawn as primary: Enter, Space or A press
    the focused button, Tab and the arrows move the focus. ``danger`` marks a button
    that destroys something: it is drawn in the danger colour and is never the default.
    With a text field, the focus starts in it and Enter there presses the default.
    ``start_closes``: a controller's Start answers ``cancel`` too (the pause menu it opened)."""
    overlay = True

    def __init__(self, app, title, message="", buttons=(("OK", None, None),), field: TextField | None = None,
                 vertical=False, width=560, default=0, danger=None, center_text=False, cancel=-1,
                 start_closes=False):
        super().__init__(app)
        self.title = title
        self.message = message
        self.field = field
        self.vertical = vertical
        self.width = width
        self.center_text = center_text
        self.specs = list(buttons)
        self.default = default
        self.cancel = cancel
        self.buttons = [Button(lab, (lambda cb=cb: self._choose(cb)), sound=app.sound,
                               primary=(i == default), danger=(i == danger))
                        for i, (lab, cb, _k) in enumerate(self.specs)]
        self.start_closes = start_closes
        self.focus = FocusGroup(([field] if field is not None else []) + self.buttons,
                                default=self.buttons[default] if field is None else field)
        if field is not None:
            field.focused = True
            field.on_submit = lambda _t: self.buttons[self.default].click()

    def _choose(self, cb) -> None:
        self.app.stack.remove(self)
        if cb:
            cb()

    def layout(self, size) -> None:
        t = self.theme
        w = min(size[0] - t.px(40), t.px(self.width))
        body = wrap_text(self.message, t.body_font(), w - t.px(48)) if self.message else []
        line_h = t.body_font().get_linesize()
        bh, gap = t.px(46), t.px(10)
        n = len(self.buttons)
        h = t.px(78) + len(body) * line_h + (t.px(58) if self.field else 0)
        room = size[1] - t.px(20)
        if self.vertical and h + n * (bh + gap) + t.px(24) > room:
            # a column of buttons that would run past the window shrinks to fit (a play-test:
            # the pause menu with its Phones row hung "Quit to menu" below the panel)
            per = max(1, (room - h - t.px(24)) // max(1, n))
            gap = max(t.px(4), min(gap, per // 6))
            bh = max(1, per - gap)
        h += (n * (bh + gap)) if self.vertical else bh + t.px(10)
        h += t.px(24)
        self.rect = pygame.Rect(0, 0, w, min(h, size[1] - t.px(20)))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.body = body
        y = self.rect.y + t.px(70) + len(body) * line_h
        if self.field:
            self.field.rect = pygame.Rect(self.rect.x + t.px(24), y + t.px(6), w - t.px(48), t.px(42))
            y += t.px(58)
        if self.vertical:
            for i, b in enumerate(self.buttons):
                b.rect = pygame.Rect(self.rect.x + t.px(60), y + t.px(8) + i * (bh + gap), w - t.px(120), bh)
        else:
            bw = min(t.px(200), (w - t.px(48) - gap * (n - 1)) // max(1, n))
            total = n * bw + (n - 1) * gap
            x = self.rect.centerx - total // 2
            for i, b in enumerate(self.buttons):
                b.rect = pygame.Rect(x + i * (bw + gap), y + t.px(10), bw, bh)

    def handle_event(self, event) -> None:
        if self.focus.handle(event):
            return
        if nav.nav_action(event) == nav.BACK or (self.start_closes and nav.is_pause(event)):
            self.buttons[self.cancel].click()
            return
        if self.field and self.field.handle_event(event):
            return
        for b in self.buttons:
            if b.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            for (_lab, _cb, key), b in zip(self.specs, self.buttons):
                if key is not None and event.key == key:
                    b.click()

    def update(self, dt) -> None:
        if self.field:
            self.field.update(dt)

    def wake_in(self):
        return 0.5 if self.field is not None else None

    def draw(self, surface) -> None:
        t, c = self.theme, self.theme.c
        dim_screen(surface, 140)
        draw_panel(surface, self.rect, t, color=c["bg2"])
        draw_text(surface, self.title, t.heading_font(), c["accent"], (self.rect.centerx, self.rect.y + t.px(20)), "midtop")
        y = self.rect.y + t.px(66)
        for line in self.body:
            if self.center_text:
                draw_text(surface, line, t.body_font(), c["text"], (self.rect.centerx, y), "midtop")
            else:
                draw_text(surface, line, t.body_font(), c["text"], (self.rect.x + t.px(24), y))
            y += t.body_font().get_linesize()
        if self.field:
            self.field.draw(surface, t)
        for b in self.buttons:
            b.draw(surface, t)
        if self.focus.get() is not self.field:      # a text field shows its focus by its caret
            self.focus.draw(surface, t)


def message(app, title, text):
    app.push(Dialog(app, title, text))


def confirm(app, title, text, on_yes, yes="Yes", no="Cancel", destructive=False):
    """Ask before doing something. A ``destructive`` action (delete, discard) is
    drawn in the danger colour and Enter answers Cancel, so a stray key loses nothing."""
    app.push(Dialog(app, title, text, buttons=((yes, on_yes, None), (no, None, None)),
                    default=1 if destructive else 0, danger=0 if destructive else None))


def prompt(app, title, text, initial, on_ok, ok="Save", max_len=SAVE_NAME_MAX):
    """Ask for a line of text. The suggestion starts selected, so typing replaces it (a
    play-test: a suggested save name of 44 characters in a box of 40 dropped every key)."""
    field = TextField(initial, max_len=max(max_len, len(initial)))
    field.select_all()
    app.push(Dialog(app, title, text, buttons=((ok, lambda: on_ok(field.text.strip()), None), ("Cancel", None, None)),
                    field=field))
