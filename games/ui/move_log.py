"""The move log panel: every entry's public text, newest at the bottom,
scrollable with the mouse wheel. Shared by every game."""
from __future__ import annotations

import pygame

from games.core.game import CHANCE
from games.ui.theme import draw_text, fit_text
from games.ui.widgets import draw_seat_marker


class MoveLog:
    def __init__(self):
        self.scroll = 0          # lines scrolled up from the bottom

    def handle_event(self, event, rect) -> bool:
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y * 3)
            return True
        return False

    def draw(self, surface, rect, theme, match) -> None:
        c = theme.c
        f = theme.small_font()
        lh = f.get_linesize()
        pad = theme.px(8)
        draw_text(surface, "Moves", theme.body_font(), c["accent"], (rect.x + pad, rect.y + pad))
        top = rect.y + pad + theme.body_font().get_linesize() + theme.px(4)
        rows = max(1, (rect.bottom - pad - top) // lh)
        entries = match.log
        self.scroll = min(self.scroll, max(0, len(entries) - rows))
        end = len(entries) - self.scroll
        start = max(0, end - rows)
        clip = surface.get_clip()
        surface.set_clip(rect)
        y = top
        for i in range(start, end):
            e = entries[i]
            if e.player == CHANCE:
                who, col = "*", c["text_dim"]
            else:
                who, col = match.seats[e.player].name, c["text"]
                draw_seat_marker(surface, theme, e.player, (rect.x + pad + theme.px(36), y + lh // 2), theme.px(6))
            draw_text(surface, f"{i + 1}.", f, c["text_dim"], (rect.x + pad, y))
            text = f"{who}: {e.public}" if e.player != CHANCE else e.public
            draw_text(surface, fit_text(text, f, rect.w - theme.px(56) - pad), f, col,
                      (rect.x + pad + theme.px(46), y))
            y += lh
        if not entries:
            draw_text(surface, "No moves yet", f, c["text_dim"], (rect.x + pad, y))
        surface.set_clip(clip)
