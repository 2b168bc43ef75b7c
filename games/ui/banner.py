"""The header of the game frame: the turn banner and the player strip.

The banner says whose turn it is and what to do now. It describes the position
the board is showing (``screen.shown_state()``), so while a move animates the
text never runs ahead of the pieces, and while your own move animates it says
so rather than reading as if your click was ignored.

The player strip, at the right, shows every seat: its colour marker, its name,
Human or Computer with its level, and whose turn it is.
"""
from __future__ import annotations

import re

import pygame

from games.core.lesson import LESSON_LEVEL

from games.ui.theme import blend, draw_text, fit_text
from games.ui.widgets import draw_seat_marker


def strip_width(screen) -> int:
    return screen.side.w


def draw(surface, screen) -> None:
    t, c = screen.theme, screen.theme.c
    m = screen.match
    rect = screen.banner
    pygame.draw.rect(surface, c["bg2"], rect)
    pygame.draw.line(surface, c["edge"], rect.bottomleft, rect.bottomright, max(1, t.px(2)))
    strip = pygame.Rect(rect.right - strip_width(screen), rect.y, strip_width(screen), rect.h)
    shown = screen.shown_state()
    p = shown.current_player()
    if p >= 0:
        draw_seat_marker(surface, t, p, (rect.x + t.px(28), rect.centery), t.px(14))
    x = rect.x + text_left(screen, p)
    who = m.seats[p].name if p >= 0 else ""
    line = screen.banner_title(shown)
    if p >= 0 and who and who.lower() not in line.lower():
        line = f"{who} - {line}"
    avail = text_room(screen, p)
    head = title_font(t, line, avail)
    draw_text(surface, fit_text(line, head, avail), head, c["text"], (x, rect.y + t.px(8)))
    sub, bad = subline(screen, shown, who, avail)
    col = c["danger"] if bad else c["text_dim"]
    font, sub = sub_fit(t, sub, avail)
    draw_text(surface, fit_text(sub, font, avail), font, col, (x, rect.bottom - t.px(6)), "bottomleft")
    draw_players(surface, screen, strip, p)
    if screen.runner.busy:
        screen.draw_thinking(surface, thinking_center(screen))


def title_font(t, line: str, avail: int):
    """The first line's font: the heading font where the line fits it, else the body font,
    which shows more of it ("1 of 2 actio..." in the heading font at 800x600)."""
    return t.heading_font() if t.heading_font().size(line)[0] <= avail else t.body_font()


def sub_fit(t, sub: str, avail: int):
    """The font and text of the second line, so a tip or a refusal is read whole where it
    can be: the body font; else the small font; else the small font without its closing
    asides in brackets ("(Settings turns tips off)"), the last first; only then cut with
    an ellipsis."""
    if t.body_font().size(sub)[0] <= avail:
        return t.body_font(), sub
    # asides go from the end, one at a time, while the line is too long ("(cannons change
    # this) (Settings turns tips off)": a tip at 800x600 was cut with both)
    while t.small_font().size(sub)[0] > avail and (aside := _CLOSING_ASIDE.search(sub)) is not None:
        sub = sub[:aside.start()]
    return t.small_font(), sub


#: a closing aside in brackets, with the full stop after it if there is one
_CLOSING_ASIDE = re.compile(r" \([^()]*\)\.?$")


def text_left(screen, to_move: int) -> int:
    """Where the banner's lines start, from its left edge (after the seat marker)."""
    t = screen.theme
    return t.px(16) + (t.px(34) if to_move >= 0 else 0)


def thinking_center(screen) -> tuple[int, int]:
    """Where the "computer is thinking" spinner turns: just left of the player strip."""
    return screen.banner.right - strip_width(screen) - screen.theme.px(26), screen.banner.centery


#: the spinner's reach from its centre (its circle of dots, px 12, plus a dot, px 4)
THINKING_REACH = 16


def text_room(screen, to_move: int) -> int:
    """Pixels the banner's lines may take: up to the player strip, and short of the
    spinner while a computer thinks (a long name would otherwise run under it)."""
    t = screen.theme
    right = screen.banner.right - strip_width(screen) - t.px(12)
    if screen.runner.busy:
        right = thinking_center(screen)[0] - t.px(THINKING_REACH + 6)
    return max(1, right - screen.banner.x - text_left(screen, to_move))


def subline(screen, shown, who, avail: int | None = None) -> tuple[str, bool]:
    """The banner's second line and whether it is an error; the board's shorter help
    when its help would not fit ``avail`` pixels (a narrow window)."""
    m = screen.match
    if screen.covered():
        # something covers a private view: only what everyone may read (the status
        # line, the board's help and a hint belong to the seat at the screen)
        if screen.runner.busy:
            return f"{who} is thinking" + "." * (1 + int(screen._time * 3) % 3), False
        return "", False
    if screen.status_t > 0:
        return screen.status, screen.status_bad
    if screen.hint_move is not None and screen.hint_line and screen.can_act() and not screen.reviewing():
        return screen.hint_line, False
    if screen.reviewing():
        return screen.review_line(), False
    if screen.runner.busy:
        dots = "." * (1 + int(screen._time * 3) % 3)
        return f"{who} is thinking{dots}", False
    if screen.board.busy and shown is not m.state:
        return "Playing the move out (click or Space to skip)", False
    phone = screen.phones.banner_line()
    if phone is not None:
        return phone                # a phone decides: whom the table waits for
    if screen.awaiting_performance():
        return f"Your turn to {screen.awaiting_performance().rstrip('!').lower()}: click it or press Space", False
    if screen.can_act():
        text = screen.help_line()
        if avail is not None and screen.theme.body_font().size(text)[0] > avail:
            text = screen.help_line(short=True) or text
        return text, False
    if m.is_ai_turn() and shown is m.state:
        return f"{who} to play", False
    if m.is_over() and shown is m.state and screen.has_result_card:
        # back from the Standings or a saved picture, the finished board alone gave no
        # sign of the way back to the card (a play-test)
        return "Game over: Esc shows the result card (Rematch, Same seats, Standings)", False
    return "", False


def seat_kind(seat) -> str:
    if seat.is_human:
        return "Phone" if seat.phone else "Human"
    if seat.level == LESSON_LEVEL:
        return "Lesson"             # a lesson's other side: its moves are written, not thought
    return f"Computer, {seat.level.capitalize()}"


def draw_players(surface, screen, strip: pygame.Rect, to_move: int) -> None:
    """Every seat in rows of up to three: marker, name, Human/Computer, the seat to move lit."""
    t, c = screen.theme, screen.theme.c
    seats = screen.match.seats
    n = len(seats)
    rows = min(3, n)
    cols = -(-n // rows)
    pad = t.px(6)
    inner = strip.inflate(-2 * pad, -2 * pad)
    if inner.w <= 0 or inner.h <= 0:
        return
    cw, rh = inner.w // cols, inner.h // rows
    f = t.small_font()
    bold = t.font(16, bold=True)
    for i, seat in enumerate(seats):
        col, row = divmod(i, rows)
        cell = pygame.Rect(inner.x + col * cw, inner.y + row * rh, cw, rh)
        if i == to_move:
            pygame.draw.rect(surface, blend(c["bg2"], c["accent"], 0.28), cell, border_radius=t.px(5))
            pygame.draw.rect(surface, c["accent"], cell, max(1, t.px(1.5)), border_radius=t.px(5))
        r = max(3, min(t.px(7), rh // 2 - 2))
        draw_seat_marker(surface, t, i, (cell.x + r + t.px(4), cell.centery), r)
        tx = cell.x + 2 * r + t.px(8)
        kind = seat_kind(seat) if cols == 1 else (seat_kind(seat) if seat.is_human else seat.level.capitalize())
        name_font = bold if i == to_move else f
        name = fit_text(seat.name, name_font, max(1, cell.right - tx - t.px(4)))
        nr = draw_text(surface, name, name_font, c["text"], (tx, cell.centery), "midleft")
        rest = cell.right - nr.right - t.px(8)
        if rest > f.size(" · x")[0]:
            draw_text(surface, fit_text(f" · {kind}", f, rest), f, c["text_dim"], (nr.right, cell.centery), "midleft")
