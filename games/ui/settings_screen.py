"""Settings: every change applies at once and is saved straight away.

The rows lay out at any UI scale: a label wraps to two lines beside its control,
and when the rows are taller than the window the list scrolls (wheel, Page Up/Down,
and with the focus) with a bar that shows where it is. The keys and a controller:
Up/Down (Tab) move the focus from row to row and on to Done, Left/Right change the
focused setting, Enter (A) steps a choice on or presses Done, Esc (B) is Done. When no sound device plays (the
mixer could not start, or SDL's audio driver plays to nowhere), the volume
sliders give way to one line that says so.
"""
from __future__ import annotations

import logging

import pygame

from games.core.settings import AI_TIME_SCALES, UI_SCALES, ui_scale_label
from games.ui import nav
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, Choice, FocusGroup, Note, Slider, draw_panel, draw_seat_marker, tab_step

log = logging.getLogger(__name__)

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
        no_device = app.sound.no_device()
        if no_device is None:
            sound_rows: list[tuple[str, Slider | Note]] = [("Master volume", Slider(s.master_volume, 0.0, 1.0, setter("master_volume"))),
                          ("Effects volume", Slider(s.effects_volume, 0.0, 1.0, setter("effects_volume")))]
        else:
            sound_rows = [("Sound", Note(f"No sound device: {no_device}"))]
        self.scale_choice = Choice([(v, self._scale_label(v)) for v in UI_SCALES], s.ui_scale, setter("ui_scale"))
        self.rows: list[tuple[str, Choice | Slider | Note]] = [
            ("Fullscreen (F11)", Choice(ON_OFF, s.fullscreen, setter("fullscreen"))),
            ("Text and controls size", self.scale_choice),
            *sound_rows,
            ("Mute", Choice(ON_OFF, s.mute, setter("mute"))),
            ("Animation speed", Choice((("off", "Off"), ("normal", "Normal"), ("fast", "Fast")), s.animation,
                                       setter("animation"))),
            ("Colour-blind-safe palette", Choice(ON_OFF, s.colorblind, setter("colorblind"))),
            ("Legal-move highlights (Cannon, Cannon Corps)", Choice(ON_OFF, s.highlights, setter("highlights"))),
            ("Warn when a town is threatened", Choice(ON_OFF, s.town_warning, setter("town_warning"))),
            ("AI thinking time", Choice([(v, f"x{v:g}") for v in AI_TIME_SCALES], s.ai_time, setter("ai_time"))),
            ("Confirm before leaving a game", Choice(ON_OFF, s.confirm_leave, setter("confirm_leave"))),
            ("Tips the first time something new happens", Choice(ON_OFF, s.tips, setter("tips"))),
        ]
        self.back_btn = Button("Done", app.pop, "Esc", primary=True, sound=app.sound)
        # the focus starts on Done (Enter at once changes nothing); a row scrolled away is
        # scrolled back into view when the focus moves to it
        self.focus = FocusGroup(lambda: [w for _l, w in self.rows] + [self.back_btn], default=self.back_btn)
        self.first = 0                     # the first row shown (the list scrolls by rows)
        self.shown: list[int] = []         # the rows on screen now
        self.labels: dict[int, list[str]] = {}
        self._pointer: tuple[int, int] | None = None       # where the mouse was last seen
        self._stale_pointer: tuple[int, int] | None = None  # there, clicks wait for a move
        self._laid_scale = self.theme.scale                 # the scale of the last layout
        # a click on the text size's own arrows: where in the control (as fractions of its
        # width and height), so the pointer follows the control when the new size moves it
        # (a play-test clicked ">" four more times on empty space after the first rescale)
        self._size_click: tuple[float, float] | None = None

    def _scale_label(self, value) -> str:
        """"Auto" says what it comes to on this screen."""
        if value == "auto":
            return f"Auto ({self.app.settings.ui_factor(self.app.size):.0%})"
        # the game and new-game screens are held to what leaves them room (Theme.crowded):
        # said here, so a size that only the menus show is not a mystery (a play-test at
        # 800x600 chose 175% and saw the games at 100%)
        games_at = self.theme.crowded_ui(float(value))
        if games_at < float(value):
            return f"{ui_scale_label(value)} (games {games_at:.0%})"
        return ui_scale_label(value)

    # -- layout ------------------------------------------------------------------------
    def layout(self, size):
        t = self.theme
        rescaled = self._laid_scale != t.scale
        if rescaled and self._pointer is not None:
            # the text size changed under the pointer: every row moved, and the next click
            # where the pointer still rests would land on another row (a play-test turned
            # Fullscreen on with its third click on "larger"); it waits for the pointer to
            # move (a click on the size's own arrows moves it, below, onto the control)
            self._stale_pointer = self._pointer
        self._laid_scale = t.scale
        w, h = size
        margin = t.px(16)
        self.panel = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        pw = min(self.panel.w, t.px(900))
        self.panel.x, self.panel.w = (w - pw) // 2, pw
        pad = t.px(20)
        self.inner = self.panel.inflate(-2 * pad, -2 * pad)
        bh = t.px(44)
        bw = min(t.px(170), self.inner.w // 3)
        self.back_btn.rect = pygame.Rect(self.inner.right - bw, self.inner.bottom - bh, bw, bh)
        top = self.inner.y + t.heading_font().get_linesize() + t.px(12)
        self.view = pygame.Rect(self.inner.x, top, self.inner.w - t.px(14), self.back_btn.rect.y - t.px(12) - top)
        # the control column: as wide as its widest text needs, a third to a half of the row
        f = t.body_font()
        need = 0
        for _label, wdg in self.rows:
            if isinstance(wdg, Choice):
                need = max(need, max(f.size(lab)[0] for _v, lab in wdg.choices) + t.px(48))
            elif isinstance(wdg, Slider):
                need = max(need, t.px(120) + t.small_font().size("100%")[0] + t.px(12))
        self.ctrl_w = max(self.view.w // 3, min(need, self.view.w // 2))
        self.label_w = self.view.w - self.ctrl_w - t.px(16)
        self.ctrl_h = min(t.px(40), f.get_linesize() + t.px(12))
        lh = f.get_linesize()
        self.row_h: list[int] = []
        self.labels = {}
        for i, (label, wdg) in enumerate(self.rows):
            lines = wrap_text(label, f, self.label_w)
            if len(lines) > 2:
                lines = [lines[0], fit_text(" ".join(lines[1:]), f, self.label_w)]
            self.labels[i] = lines
            ctrl = self.ctrl_h
            if isinstance(wdg, Note):
                ctrl = wdg.height(t, self.ctrl_w, lines=3)
            self.row_h.append(max(ctrl, len(lines) * lh) + t.px(8))
        self.first = min(self.first, self._last_first())
        self._place_rows()
        if rescaled and self._size_click is not None:
            self._follow_size_control()

    def _last_first(self) -> int:
        """The first row when the list is scrolled to its end."""
        room, k = self.view.h, len(self.rows)
        while k > 0 and room - self.row_h[k - 1] >= 0:
            room -= self.row_h[k - 1]
            k -= 1
        return min(k, len(self.rows) - 1)

    def _place_rows(self) -> None:
        """Rows from ``first`` that fit the view get their places; the rest none (and
        so take no clicks)."""
        y = self.view.y
        self.shown = []
        for i, (_label, wdg) in enumerate(self.rows):
            rh = self.row_h[i]
            if i >= self.first and y + rh <= self.view.bottom + 1:
                ch = self.ctrl_h if not isinstance(wdg, Note) else rh - self.theme.px(8)
                wdg.rect = pygame.Rect(self.view.right - self.ctrl_w, y + (rh - ch) // 2, self.ctrl_w, ch)
                self.shown.append(i)
                y += rh
            else:
                wdg.rect = pygame.Rect(-10_000, -10_000, 0, 0)
        # "Auto" names what it comes to, which changes with the window
        self.scale_choice.choices[0] = ("auto", self._scale_label("auto"))

    def scroll(self, d: int) -> None:
        self.first = max(0, min(self.first + d, self._last_first()))
        self._place_rows()

    # -- input --------------------------------------------------------------------------
    def _order(self) -> list:
        """Every widget the focus may take, shown or scrolled away, in order."""
        return [w for _l, w in self.rows if not isinstance(w, Note)] + [self.back_btn]

    def _focus_step(self, d: int) -> None:
        order = self._order()
        cur = self.focus.get()
        i = order.index(cur) if cur in order else len(order) - 1
        target = order[(i + d) % len(order)]
        row = next((k for k, (_l, w) in enumerate(self.rows) if w is target), None)
        if row is not None:
            while row < self.first:
                self.scroll(-1)
            while row not in self.shown and self.first < self._last_first():
                self.scroll(1)
        self.focus.set(target)

    def _follow_size_control(self) -> None:
        """After a click on the text size's arrows changed the size: the pointer goes to
        the same place on the control where it now stands, so the next click is on it."""
        fx, fy = self._size_click or (0.5, 0.5)
        self._size_click = None
        r = self.scale_choice.rect
        if r.w <= 0 or not self.view.colliderect(r):
            return
        pos = (int(r.x + fx * r.w), int(r.y + fy * r.h))
        try:
            pygame.mouse.set_pos(pos)
        except pygame.error:                       # no window to move the pointer in
            log.info("the pointer could not follow the text size control")
            return
        self._pointer = pos

    def handle_event(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.scale_choice.rect.collidepoint(event.pos) \
                and event.pos != self._stale_pointer:
            r = self.scale_choice.rect
            self._size_click = ((event.pos[0] - r.x) / max(1, r.w), (event.pos[1] - r.y) / max(1, r.h))
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.pos != self._stale_pointer:
                self._stale_pointer = None
            elif event.type != pygame.MOUSEMOTION:
                return                      # a click where the layout moved under a still pointer
            self._pointer = event.pos
        if self.back_btn.handle_event(event):
            return
        action = nav.nav_action(event)
        if action == nav.BACK:
            self.back_btn.click()
            return
        d = tab_step(event) or {nav.UP: -1, nav.DOWN: 1}.get(action or "", 0)
        if d:
            self._focus_step(d)
            return
        if self.focus.handle(event):
            if action is not None:
                self.app.sound.play("click")
            return
        for _label, widget in self.rows:
            if widget.handle_event(event):
                self.app.sound.play("click")
                return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.KEYDOWN:
            page = max(1, len(self.shown) - 1)
            steps = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                     pygame.K_END: len(self.rows), pygame.K_HOME: -len(self.rows)}
            if event.key in steps:
                self.scroll(steps[event.key])

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface):
        t, c = self.theme, self.theme.c
        surface.fill(c["bg"])
        draw_panel(surface, self.panel, t, color=c["bg2"])
        draw_text(surface, "Settings", t.heading_font(), c["accent"], (self.inner.x, self.inner.y))
        f, lh = t.body_font(), t.body_font().get_linesize()
        for i in self.shown:
            _label, widget = self.rows[i]
            lines = self.labels[i]
            y = widget.rect.centery - len(lines) * lh // 2
            for line in lines:
                draw_text(surface, line, f, c["text"], (self.view.x, y))
                y += lh
            widget.draw(surface, t)
        self._draw_scrollbar(surface)
        self._draw_palette(surface)
        self.back_btn.draw(surface, t)
        self.focus.draw(surface, t)

    def _draw_scrollbar(self, surface) -> None:
        if len(self.shown) >= len(self.rows):
            return
        t, c = self.theme, self.theme.c
        track = pygame.Rect(self.inner.right - t.px(6), self.view.y, t.px(6), self.view.h)
        pygame.draw.rect(surface, c["panel"], track, border_radius=t.px(3))
        n = len(self.rows)
        knob = pygame.Rect(track.x, track.y + track.h * self.first // n, track.w,
                           max(t.px(12), track.h * len(self.shown) // n))
        pygame.draw.rect(surface, c["edge"], knob, border_radius=t.px(3))

    def _draw_palette(self, surface) -> None:
        """The palette preview: the sides as the boards will draw them, as many as fit."""
        t, c = self.theme, self.theme.c
        y = self.back_btn.rect.centery
        step, r = t.px(34), t.px(13)
        room = self.back_btn.rect.x - self.inner.x - t.px(12)
        n = min(len(c["side"]), max(0, (room - t.px(8)) // step))
        for i in range(n):
            draw_seat_marker(surface, t, i, (self.inner.x + r + i * step, y), r, str(i + 1))
        x = self.inner.x + n * step + t.px(6)
        label = fit_text("seat colours", t.small_font(), self.back_btn.rect.x - x - t.px(8))
        if n and label.startswith("seat"):
            draw_text(surface, label, t.small_font(), c["text_dim"], (x, y), "midleft")
