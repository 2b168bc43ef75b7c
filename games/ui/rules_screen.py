"""A game's rules in our own words, scrollable, with diagrams drawn by the
game's own board renderer (``draw_rules_diagram``)."""
from __future__ import annotations

from typing import Any

import pygame

from games.ui import nav
from games.ui.board import board_class
from games.ui.scene import Scene
from games.ui.theme import draw_text, wrap_text
from games.ui.widgets import Button, draw_focus_ring, draw_panel


class RulesScreen(Scene):
    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        self.sections = info.rules_sections()
        self.draw_diagram: Any = getattr(board_class(info), "draw_rules_diagram", None)
        # The pictures are still drawings: each is drawn once per size and palette and
        # then blitted, so a scrolled or idle rules page costs a few blits a frame.
        self._pictures: dict = {}
        self.back_btn = Button("Back", app.pop, "Esc", sound=app.sound)
        self.scroll = 0
        self.content_h = 0

    def layout(self, size):
        t = self.theme
        w, h = size
        pw = min(w - t.px(24), t.px(1000))
        self.panel = pygame.Rect((w - pw) // 2, t.px(12), pw, h - t.px(24))
        # the credit whole, on as many lines as it takes (the menu's card shortens it and
        # sends the reader here; a play-test at 175% saw it run past the panel's edge)
        self.credit_lines = wrap_text(self.info.credit, t.small_font(), pw - t.px(40))
        top = t.px(16) + t.heading_font().get_linesize() + len(self.credit_lines) * t.small_font().get_linesize()
        top = max(t.px(70), top + t.px(8))
        self.view = pygame.Rect(self.panel.x + t.px(20), self.panel.y + top, pw - t.px(40),
                                self.panel.h - top - t.px(70))
        self.back_btn.rect = pygame.Rect(self.panel.right - t.px(180), self.panel.bottom - t.px(58), t.px(160), t.px(44))
        self._blocks = self._build(self.view.w)

    def _build(self, width):
        """Lay the sections out once per size: [(kind, payload, y, h)]."""
        t = self.theme
        blocks, y = [], 0
        diag = min(t.px(260), width // 2)
        for sec in self.sections:
            # a long title wraps as the text does (at 800x600 and 175% "Scenario: Raid on
            # the town (our scenario)" was cut at the panel's edge)
            for line in wrap_text(sec["title"], t.heading_font(), width):
                blocks.append(("head", line, y, t.heading_font().get_linesize()))
                y += t.heading_font().get_linesize()
            y += t.px(6)
            has_d = bool(sec.get("diagram") and self.draw_diagram)
            text_w = width - (diag + t.px(20) if has_d else 0)
            start = y
            for line in wrap_text(sec["text"], t.body_font(), text_w):
                blocks.append(("line", line, y, t.body_font().get_linesize()))
                y += t.body_font().get_linesize()
            if has_d:
                blocks.append(("diagram", sec["diagram"], start, diag))
                dy = start + diag
                # an optional caption under the picture says what its marks mean
                for line in wrap_text(sec.get("caption") or "", t.small_font(), diag):
                    blocks.append(("caption", line, dy + t.px(4), t.small_font().get_linesize()))
                    dy += t.small_font().get_linesize()
                y = max(y, dy + t.px(4))
            y += t.px(22)
        self.content_h = y
        return blocks

    def handle_event(self, event):
        if self.back_btn.handle_event(event):
            return
        step = self.theme.body_font().get_linesize()
        # the page has one button (Back, always focused): Up/Down (d-pad, stick) scroll,
        # Enter (A), Esc (B) and F1 go back
        action = nav.nav_action(event)
        if action in (nav.UP, nav.DOWN):
            self._scroll_by(step * (3 if nav.is_controller(event) else 1) * (-1 if action == nav.UP else 1))
        elif action in (nav.BACK, nav.PRESS):
            self.back_btn.click()
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * step * 3)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_F1, pygame.K_BACKSPACE):
                self.back_btn.click()
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self._scroll_by(self.view.h - step)
            elif event.key == pygame.K_PAGEUP:
                self._scroll_by(-(self.view.h - step))
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self._scroll_by(10 ** 6)

    def _scroll_by(self, d):
        self.scroll = max(0, min(self.scroll + d, max(0, self.content_h - self.view.h)))

    def _picture(self, key, h: int):
        t = self.theme
        cache_key = (key, h, t.colorblind)
        pic = self._pictures.get(cache_key)
        if pic is None:
            if len(self._pictures) > 64:       # only a window resized many times gets here
                self._pictures.clear()
            pic = pygame.Surface((h, h))
            pic.fill(t.c["bg2"])                # the page under it: the same pixels as drawing in place
            self.draw_diagram(key, pic, pic.get_rect(), t)
            self._pictures[cache_key] = pic
        return pic

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        surface.fill(c["bg"])
        draw_panel(surface, self.panel, t, color=c["bg2"])
        draw_text(surface, f"{self.info.title}: how to play", t.heading_font(), c["accent"],
                  (self.panel.x + t.px(20), self.panel.y + t.px(16)))
        y = self.panel.y + t.px(16) + t.heading_font().get_linesize()
        for line in self.credit_lines:
            draw_text(surface, line, t.small_font(), c["text_dim"], (self.panel.x + t.px(20), y))
            y += t.small_font().get_linesize()
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for kind, payload, y, h in self._blocks:
            sy = self.view.y + y - self.scroll
            if sy + h < self.view.y or sy > self.view.bottom:
                continue
            if kind == "head":
                draw_text(surface, payload, t.heading_font(), c["accent"], (self.view.x, sy))
            elif kind == "line":
                draw_text(surface, payload, t.body_font(), c["text"], (self.view.x, sy))
            elif kind == "caption":
                diag = min(t.px(260), self.view.w // 2)
                draw_text(surface, payload, t.small_font(), c["text_dim"],
                          (self.view.right - diag // 2, sy), "midtop")
            elif h > 0:                         # a tiny window leaves no room for a picture
                r = pygame.Rect(self.view.right - h, sy, h, h)
                surface.blit(self._picture(payload, h), r)
        surface.set_clip(clip)
        if self.content_h > self.view.h:
            frac = self.view.h / self.content_h
            bar_h = max(t.px(30), int(self.view.h * frac))
            y = self.view.y + int((self.view.h - bar_h) * self.scroll / max(1, self.content_h - self.view.h))
            pygame.draw.rect(surface, c["edge"], (self.panel.right - t.px(10), y, t.px(5), bar_h), border_radius=3)
            draw_text(surface, "scroll: wheel, arrows, PgUp/PgDn", t.small_font(), c["text_dim"],
                      (self.panel.x + t.px(20), self.back_btn.rect.centery), "midleft")
        self.back_btn.draw(surface, t)
        draw_focus_ring(surface, t, self.back_btn.rect)
