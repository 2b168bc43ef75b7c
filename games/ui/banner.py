"""The turn banner at the top of the game frame: whose turn and what to do now.

It describes the position the board is showing (``screen.shown_state()``), so
while a move animates the text never runs ahead of the pieces.
"""
from __future__ import annotations

import pygame

from games.ui.theme import draw_text, fit_text
from games.ui.widgets import draw_seat_marker


def draw(surface, screen) -> None:
    t, c = screen.theme, screen.theme.c
    m = screen.match
    rect = screen.banner
    pygame.draw.rect(surface, c["bg2"], rect)
    pygame.draw.line(surface, c["edge"], rect.bottomleft, rect.bottomright, max(1, t.px(2)))
    shown = screen.shown_state()
    p = shown.current_player()
    x = t.px(16)
    if p >= 0:
        draw_seat_marker(surface, t, p, (x + t.px(12), rect.centery), t.px(14))
        x += t.px(34)
    who = m.seats[p].name if p >= 0 else ""
    line = shown.status_text(m.names())
    if p >= 0 and who and who.lower() not in line.lower():
        line = f"{who} - {line}"
    avail = rect.w - x - t.px(16)
    draw_text(surface, fit_text(line, t.heading_font(), avail), t.heading_font(), c["text"], (x, rect.y + t.px(8)))
    sub, bad = subline(screen, shown, who)
    col = c["danger"] if bad else c["text_dim"]
    draw_text(surface, fit_text(sub, t.body_font(), avail), t.body_font(), col,
              (x, rect.bottom - t.px(6)), "bottomleft")
    if screen.runner.busy:
        screen.draw_thinking(surface, (rect.right - t.px(28), rect.centery))


def subline(screen, shown, who) -> tuple[str, bool]:
    """The banner's second line and whether it is an error."""
    if screen.status_t > 0:
        return screen.status, screen.status_bad
    m = screen.match
    if screen.runner.busy:
        dots = "." * (1 + int(screen._time * 3) % 3)
        return f"{who} is thinking{dots}", False
    if screen.awaiting_performance():
        return f"Your turn to {screen.awaiting_performance().rstrip('!').lower()}: click it or press Space", False
    if screen.can_act():
        return screen.board.help_text(), False
    if m.is_ai_turn() and shown is m.state:
        return f"{who} to play", False
    return "", False
