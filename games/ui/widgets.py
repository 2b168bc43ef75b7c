"""Small widgets shared by every screen: buttons, choosers, toggles, sliders,
text fields and panels. Each has ``rect`` (set by the owning scene's layout),
``handle_event(event) -> bool`` (True when consumed) and ``draw(surface, theme)``."""
from __future__ import annotations

from typing import Callable, Sequence

import pygame

from games.ui import nav
from games.ui.theme import draw_text, fit_text, ink_on, longest_fitting, luminance, wrap_text


def draw_panel(surface, rect, theme, color=None, radius=10, edge=True, alpha=None):
    c = theme.c
    col = color or c["panel"]
    r = theme.px(radius)
    if alpha is not None:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*col, alpha), s.get_rect(), border_radius=r)
        surface.blit(s, rect.topleft)
    else:
        pygame.draw.rect(surface, col, rect, border_radius=r)
    if edge:
        pygame.draw.rect(surface, c["edge"], rect, width=max(1, theme.px(1.5)), border_radius=r)


def seat_color(theme, seat: int):
    """(fill, edge, mark) of a seat in the current palette."""
    c = theme.c
    n = len(c["side"])
    return c["side"][seat % n], c["side_edge"][seat % n], c["side_mark"][seat % n]


def draw_seat_marker(surface, theme, seat: int, center, radius: int, label: str | None = None) -> None:
    """A seat's disc, as every screen shows it (banner, move log, setup, tables).

    The outline is chosen against the page, not the fill, so a near-black seat
    stays visible on the dark background; ``label`` (e.g. the seat number) is
    drawn inside, so colour is never the only clue to whose it is."""
    fill, _edge, _mark = seat_color(theme, seat)
    ring = theme.c["text"] if luminance(fill) < 0.2 else (16, 16, 20)
    x, y = int(center[0]), int(center[1])
    pygame.draw.circle(surface, fill, (x, y), radius)
    pygame.draw.circle(surface, ring, (x, y), radius, max(1, radius // 6))
    if label:
        f = theme.font(max(8, radius * 1.1 / theme.scale), bold=True)
        draw_text(surface, label, f, ink_on(fill), (x, y + 1), "center")


def dim_screen(surface, alpha=150):
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


class Button:
    def __init__(self, label, on_click=None, key_hint="", enabled=True, primary=False, sound=None, danger=False):
        self.label = label
        self.on_click = on_click
        self.key_hint = key_hint
        self.enabled = enabled
        self.primary = primary
        self.danger = danger          # destroys something: drawn in the danger colour
        self.rect = pygame.Rect(0, 0, 10, 10)
        self._down = False
        self._sound = sound

    def hovered(self) -> bool:
        return self.rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False

    def handle_event(self, event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._down = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._down
            self._down = False
            if was and self.rect.collidepoint(event.pos):
                self.click()
                return True
        return False

    def click(self) -> None:
        if self.enabled and self.on_click:
            if self._sound:
                self._sound.play("click")
            self.on_click()

    def draw(self, surface, theme) -> None:
        c = theme.c
        if not self.enabled:
            bg, fg = c["button_down"], c["disabled"]
        elif self.danger:
            bg = c["danger_fill"]
            if self.hovered():
                bg = tuple(min(255, x + 20) for x in bg)
            fg = ink_on(bg)
        elif self.primary:
            bg, fg = c["accent"], c["accent_text"]
            if self.hovered():
                bg = tuple(min(255, x + 20) for x in bg)
        else:
            bg = c["button_down"] if self._down else c["button_hi"] if self.hovered() else c["button"]
            fg = c["text"]
        r = theme.px(8)
        pygame.draw.rect(surface, bg, self.rect, border_radius=r)
        pygame.draw.rect(surface, c["edge"], self.rect, width=max(1, theme.px(1.5)), border_radius=r)
        font = theme.body_font()
        label = self.shown_label(theme)
        if self.shows_hint(theme):
            hint = theme.small_font().render(self.key_hint, True, c["text_dim"] if not self.primary else fg)
            draw_text(surface, label, font, fg, (self.rect.x + theme.px(10), self.rect.centery), "midleft")
            surface.blit(hint, hint.get_rect(midright=(self.rect.right - theme.px(8), self.rect.centery)))
        else:
            draw_text(surface, label, font, fg, self.rect.center, "center")

    def natural_width(self, theme) -> int:
        """The width that shows the whole label, and the key hint beside it when the
        button is wide enough to show one (a button sized to its label alone lost
        its label's end to the hint: "Back to the g...")."""
        label = theme.body_font().size(self.label)[0] + theme.px(28)
        if not self.key_hint:
            return label
        with_hint = theme.body_font().size(self.label)[0] + theme.small_font().size(self.key_hint)[0] + theme.px(34)
        return label if label <= theme.px(150) else max(with_hint, theme.px(151))

    def shows_hint(self, theme) -> bool:
        """Whether the key hint is drawn (the button is wide enough for it)."""
        return bool(self.key_hint) and self.rect.w > theme.px(150)

    def shown_label(self, theme) -> str:
        """The label as drawn: cut with "..." when the button is too narrow for it."""
        font = theme.body_font()
        if self.shows_hint(theme):
            room = self.rect.w - theme.small_font().size(self.key_hint)[0] - theme.px(24)
        else:
            room = self.rect.w - theme.px(10)
        return fit_text(self.label, font, room)


class Choice:
    """A value picked from a list with < and > (click left/right half, or arrows when focused)."""

    def __init__(self, choices, value, on_change=None):
        self.choices = list(choices)          # [(value, label), ...]
        self.index = next((i for i, (v, _) in enumerate(self.choices) if v == value), 0)
        self.on_change = on_change
        self.rect = pygame.Rect(0, 0, 10, 10)

    @property
    def value(self):
        return self.choices[self.index][0]

    def set_value(self, value) -> None:
        for i, (v, _) in enumerate(self.choices):
            if v == value:
                self.index = i

    def step(self, d: int) -> None:
        self.index = (self.index + d) % len(self.choices)
        if self.on_change:
            self.on_change(self.value)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.step(-1 if event.pos[0] < self.rect.x + self.rect.w * 0.3 else 1)
            return True
        return False

    def draw(self, surface, theme) -> None:
        c = theme.c
        pygame.draw.rect(surface, c["bg2"], self.rect, border_radius=theme.px(6))
        pygame.draw.rect(surface, c["edge"], self.rect, width=1, border_radius=theme.px(6))
        f = theme.body_font()
        draw_text(surface, "<", f, c["accent"], (self.rect.x + theme.px(10), self.rect.centery), "midleft")
        draw_text(surface, ">", f, c["accent"], (self.rect.right - theme.px(10), self.rect.centery), "midright")
        label = fit_text(self.choices[self.index][1], f, self.rect.w - theme.px(44))
        draw_text(surface, label, f, c["text"], self.rect.center, "center")


class Slider:
    def __init__(self, value: float, lo: float, hi: float, on_change=None, fmt="{:.0%}"):
        self.value, self.lo, self.hi = value, lo, hi
        self.on_change = on_change
        self.fmt = fmt
        self.rect = pygame.Rect(0, 0, 10, 10)
        self._drag = False

    def _set_from_x(self, x) -> None:
        t = min(1.0, max(0.0, (x - self.rect.x) / max(1, self.rect.w)))
        self.value = self.lo + t * (self.hi - self.lo)
        if self.on_change:
            self.on_change(self.value)

    def nudge(self, d: int, steps: int = 20) -> None:
        """One step of a twentieth of the range up or down (the keys and a controller)."""
        span = self.hi - self.lo
        k = round((self.value - self.lo) / span * steps) + d
        self.value = self.lo + min(steps, max(0, k)) * span / steps
        if self.on_change:
            self.on_change(self.value)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._drag = True
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self._drag:
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._drag:
            self._drag = False
            return True
        return False

    def draw(self, surface, theme) -> None:
        c = theme.c
        y = self.rect.centery
        pygame.draw.line(surface, c["edge"], (self.rect.x, y), (self.rect.right, y), theme.px(4))
        t = (self.value - self.lo) / (self.hi - self.lo)
        x = self.rect.x + int(t * self.rect.w)
        pygame.draw.line(surface, c["accent"], (self.rect.x, y), (x, y), theme.px(4))
        pygame.draw.circle(surface, c["accent"], (x, y), theme.px(9))
        draw_text(surface, self.fmt.format(self.value), theme.small_font(), c["text_dim"],
                  (self.rect.right + theme.px(12), y), "midleft")


class Note:
    """A line or two of dim text where a control would be (a setting that cannot be
    set here, and why). It takes no input."""

    def __init__(self, text: str):
        self.text = text
        self.rect = pygame.Rect(0, 0, 10, 10)

    def handle_event(self, event) -> bool:
        return False

    def height(self, theme, width: int, lines: int = 2) -> int:
        f = theme.small_font()
        return min(lines, len(wrap_text(self.text, f, width))) * f.get_linesize()

    def draw(self, surface, theme) -> None:
        f = theme.small_font()
        lines = wrap_text(self.text, f, self.rect.w)
        n = max(1, self.rect.h // f.get_linesize())
        if len(lines) > n:
            lines = lines[:n - 1] + [fit_text(" ".join(lines[n - 1:]), f, self.rect.w)]
        y = self.rect.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            draw_text(surface, line, f, theme.c["text_dim"], (self.rect.x, y))
            y += f.get_linesize()


class TextField:
    """A one-line text box. ``select_all()`` marks the whole text so the next
    keystroke replaces it (after a refused move, say); a text longer than the box
    shows its end, where the typing happens."""

    def __init__(self, text="", placeholder="", max_len=24, on_submit=None, allowed=None):
        self.text = text
        self.placeholder = placeholder
        self.max_len = max_len
        self.on_submit = on_submit
        self.allowed = allowed            # a predicate on a character, or None
        self.focused = False
        self.selected = False             # the whole text is selected: typing replaces it
        self.rect = pygame.Rect(0, 0, 10, 10)
        self._blink = 0.0

    def select_all(self) -> None:
        self.focused = True
        self.selected = bool(self.text)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            self.selected = False
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.TEXTINPUT:
            if self.selected:
                self.text, self.selected = "", False
            for ch in event.text:
                if len(self.text) < self.max_len and ch.isprintable() and (self.allowed is None or self.allowed(ch)):
                    self.text += ch
            return True
        return False

    def _key(self, event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.selected = False
            if self.on_submit:
                self.on_submit(self.text)
            return True
        if event.key == pygame.K_BACKSPACE:
            self.text = "" if self.selected else self.text[:-1]
            self.selected = False
            return True
        if event.key == pygame.K_ESCAPE:
            self.focused = self.selected = False
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.selected = False
        if event.key == pygame.K_a and event.mod & pygame.KMOD_CTRL:
            self.select_all()
        return True       # swallow other keys while typing (no shortcuts fire)

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface, theme, hide_text: bool = False) -> None:
        """``hide_text``: draw the field as if empty and unfocused (its text is one seat's
        secret and something covers that seat's view)."""
        c = theme.c
        if self.rect.w <= 2 or self.rect.h <= 2:
            return
        text, focused = ("", False) if hide_text else (self.text, self.focused)
        pygame.draw.rect(surface, c["bg"], self.rect, border_radius=theme.px(6))
        pygame.draw.rect(surface, c["accent"] if focused else c["edge"], self.rect,
                         width=max(1, theme.px(2 if focused else 1)), border_radius=theme.px(6))
        f = theme.body_font()
        room = self.rect.w - theme.px(20)
        shown = text or ("" if focused else self.placeholder)
        col = c["text"] if text else c["text_dim"]
        if text:
            shown = _tail(shown, f, room)             # the end, where the typing happens
        else:
            shown = fit_text(shown, f, room)
        x = self.rect.x + theme.px(8)
        if self.selected and text:
            sel = pygame.Rect(x - 2, self.rect.y + theme.px(6), f.size(shown)[0] + 4, self.rect.h - theme.px(12))
            pygame.draw.rect(surface, c["accent"], sel, border_radius=theme.px(3))
            col = c["accent_text"]
        r = draw_text(surface, shown, f, col, (x, self.rect.centery), "midleft")
        if focused and not self.selected and self._blink < 0.55:
            cx = r.right + 2 if text else x
            pygame.draw.line(surface, c["text"], (cx, self.rect.y + theme.px(6)), (cx, self.rect.bottom - theme.px(6)), 2)


def _tail(text: str, font, width: int) -> str:
    """The end of ``text`` that fits ``width`` pixels, with an ellipsis in front if cut."""
    if font.size(text)[0] <= width:
        return text
    keep = longest_fitting(len(text), lambda n: font.size("..." + text[len(text) - n:])[0] <= width)
    return "..." + text[len(text) - keep:]


def stack_rects(x, y, w, h, n, gap) -> list:
    return [pygame.Rect(x, y + i * (h + gap), w, h) for i in range(n)]


def draw_tooltip(surface, theme, lines, at, bounds) -> None:
    """A small card of text near the pointer (``at``), kept inside ``bounds``;
    the first line is its title."""
    if not lines:
        return
    f = theme.small_font()
    w = max(f.size(line)[0] for line in lines) + theme.px(16)
    h = len(lines) * f.get_linesize() + theme.px(10)
    r = pygame.Rect(at[0], at[1], w, h)
    r.right = min(r.right, bounds.right - 2)
    r.bottom = min(r.bottom, bounds.bottom - 2)
    pygame.draw.rect(surface, theme.c["bg2"], r, border_radius=theme.px(6))
    pygame.draw.rect(surface, theme.c["accent"], r, max(1, theme.px(1.5)), border_radius=theme.px(6))
    y = r.y + theme.px(5)
    for i, line in enumerate(lines):
        draw_text(surface, fit_text(line, f, w), f, theme.c["accent"] if i == 0 else theme.c["text"],
                  (r.x + theme.px(8), y))
        y += f.get_linesize()


# -- keyboard and controller focus ----------------------------------------------------------

def draw_focus_ring(surface, theme, rect, radius: int = 8) -> None:
    """The focus ring: a light outline around ``rect`` with a dark gap between, so it
    shows on an accent button, a dark button and the page alike."""
    if rect.w <= 0 or rect.h <= 0:
        return
    gap, width = theme.px(3), max(2, theme.px(3))
    inner = rect.inflate(2 * gap, 2 * gap)
    outer = inner.inflate(2 * width, 2 * width)
    pygame.draw.rect(surface, theme.c["bg"], inner, width=gap, border_radius=theme.px(radius) + gap)
    pygame.draw.rect(surface, theme.c["text"], outer, width=width, border_radius=theme.px(radius) + gap + width)


def focusable(widget) -> bool:
    """A widget the focus may land on: enabled and placed on screen (a settings row
    scrolled away has an off-screen rect; a Note takes no input)."""
    if isinstance(widget, Note) or not getattr(widget, "enabled", True):
        return False
    r = widget.rect
    return r.w > 0 and r.h > 0 and r.right > -1000 and r.bottom > -1000


#: controller shoulder buttons step the focus like Shift+Tab / Tab (a pad has no Tab key)
SHOULDER = {pygame.CONTROLLER_BUTTON_LEFTSHOULDER: -1, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: 1}


def tab_step(event) -> int:
    """-1 / +1 when the event moves the focus in Tab order (Shift+Tab / Tab, or a
    controller's left / right shoulder button), else 0."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return -1 if event.mod & pygame.KMOD_SHIFT else 1
    if event.type == pygame.CONTROLLERBUTTONDOWN:
        return SHOULDER.get(event.button, 0)
    return 0


class FocusGroup:
    """The widget the keys and a controller act on, in one screen or dialog.

    ``items`` (a list, or a function giving one, in Tab order) are buttons, choices,
    sliders and text fields; the focus skips what is disabled or off screen. Tab /
    Shift+Tab (controller shoulders) step in order and wrap; arrows (d-pad, stick) move
    to the nearest item that way, and wrap in Tab order when there is none; on a
    ``Choice`` or a ``Slider`` Left/Right change its value instead. Enter (controller A;
    Space too when ``space``) presses: a button clicks, a choice steps on, a text field
    passes the focus on. A focused text field gets the typing. Back (Esc, B) is left
    to the screen. The ring is drawn by :meth:`draw`, last, over everything."""

    def __init__(self, items: "Sequence | Callable[[], Sequence]", default=None, space: bool = True):
        self._items = items
        self.current = default
        self.space = space

    def items(self) -> list:
        got = self._items() if callable(self._items) else self._items
        return [w for w in got if focusable(w)]

    def get(self):
        """The focused widget (the first focusable one if the focused one went away)."""
        items = self.items()
        if self.current in items:
            return self.current
        return items[0] if items else None

    def set(self, widget) -> None:
        """Focus ``widget``. A text field the keys reach has its text selected, so typing
        replaces it (a keyboard play-test tabbed to a name field showing "Dark", typed
        "Ana" and got "DarkAna")."""
        self.current = widget
        every = self._items() if callable(self._items) else self._items
        for w in every:
            if isinstance(w, TextField):
                w.focused = w is widget
                w.selected = w is widget and bool(w.text)

    def step(self, d: int) -> None:
        items = self.items()
        if not items:
            return
        cur = self.get()
        i = items.index(cur) if cur in items else -d
        self.set(items[(i + d) % len(items)])

    def move(self, direction: str) -> None:
        """To the nearest item in ``direction``: the distance along it (centre to centre)
        plus twice the gap across (none when the two overlap side on: a wide button
        under two narrow ones is straight below both); none that way: on in Tab order,
        wrapping."""
        cur = self.get()
        if cur is None:
            return
        dx, dy = {nav.LEFT: (-1, 0), nav.RIGHT: (1, 0), nav.UP: (0, -1), nav.DOWN: (0, 1)}[direction]
        cx, cy = cur.rect.center
        best, best_score = None, None
        for w in self.items():
            if w is cur:
                continue
            wx, wy = w.rect.center
            along = (wx - cx) * dx + (wy - cy) * dy
            r = w.rect
            # that way means its near edge is past our centre: a wide button below, whose
            # centre lies a little right, is not "right" (a play-test: Right from the result
            # card's Review went down to Menu, not across to Standings)
            near = (r.left - cx if dx > 0 else cx - r.right) if dx else (r.top - cy if dy > 0 else cy - r.bottom)
            if along <= 0 or near < 0:
                continue
            if dx:
                gap = max(0, max(r.top, cur.rect.top) - min(r.bottom, cur.rect.bottom))
            else:
                gap = max(0, max(r.left, cur.rect.left) - min(r.right, cur.rect.right))
            score = along + 2 * gap + 0.1 * abs((wy - cy) if dx else (wx - cx))
            if best_score is None or score < best_score:
                best, best_score = w, score
        if best is not None:
            self.set(best)
        else:
            self.step(1 if direction in (nav.DOWN, nav.RIGHT) else -1)

    def press(self) -> bool:
        w = self.get()
        if w is None:
            return False
        if isinstance(w, Button):
            w.click()
        elif isinstance(w, Choice):
            w.step(1)
        elif isinstance(w, TextField):
            if w.on_submit is not None:
                w.on_submit(w.text)
            else:
                self.step(1)             # done typing: on to the next field
        return True

    def handle(self, event) -> bool:
        """Take a key or controller event that moves or presses the focus; True when used."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            for w in self.items():
                if w.rect.collidepoint(event.pos):
                    self.current = w         # the mouse moves the focus too (not consumed)
            return False
        d = tab_step(event)
        if d:
            self.step(d)
            return True
        w = self.get()
        if isinstance(w, TextField) and w.focused and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
                self.move(nav.UP if event.key == pygame.K_UP else nav.DOWN)
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.press()
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                return False             # Back is the screen's
            return w.handle_event(event)
        action = nav.nav_action(event)
        if action in nav.DIRECTIONS:
            if action in (nav.LEFT, nav.RIGHT) and isinstance(w, Choice):
                w.step(-1 if action == nav.LEFT else 1)
            elif action in (nav.LEFT, nav.RIGHT) and isinstance(w, Slider):
                w.nudge(-1 if action == nav.LEFT else 1)
            else:
                self.move(action)
            return True
        if action == nav.PRESS:
            return self.press()
        if self.space and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return self.press()
        return False

    def draw(self, surface, theme) -> None:
        w = self.get()
        if w is not None:
            draw_focus_ring(surface, theme, w.rect)
