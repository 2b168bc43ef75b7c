"""Placing a tooltip by the pointer: wrapped to a width, kept whole inside an area.

The card itself is :func:`games.ui.widgets.draw_tooltip` (the one every board
uses); this module only decides its lines and where it goes, so a board can
hand it long sentences and a pointer anywhere, even in a corner of a small
window, and the card is never cut: lines wrap to ``max_w`` (or the area), and
the card sits below and right of the pointer, or flips left or above it when
there is no room there.
"""
from __future__ import annotations

import pygame

from games.ui.theme import wrap_text
from games.ui.widgets import draw_tooltip


def wrap_lines(theme, lines, max_w: int) -> list[str]:
    """Each line wrapped to ``max_w`` pixels of the tooltip's font (the first, the
    title, may wrap too); empty lines dropped."""
    f = theme.small_font()
    room = max(theme.px(40), max_w - theme.px(16))
    out: list[str] = []
    for line in lines:
        if line:
            out.extend(part for part in wrap_text(line, f, room) if part)
    return out


def card_size(theme, lines) -> tuple[int, int]:
    """The card's size for ``lines``, as draw_tooltip measures it."""
    f = theme.small_font()
    w = max(f.size(line)[0] for line in lines) + theme.px(16)
    h = len(lines) * f.get_linesize() + theme.px(10)
    return w, h


def card_rect(theme, lines, pointer, bounds, gap: int | None = None) -> pygame.Rect:
    """Where the card for ``lines`` goes: below right of ``pointer``, flipped
    left / above when it would cross ``bounds``, then kept inside them."""
    gap = theme.px(16) if gap is None else gap
    w, h = card_size(theme, lines)
    x, y = pointer[0] + gap, pointer[1] + gap
    if x + w > bounds.right - 2:
        x = pointer[0] - gap - w
    if y + h > bounds.bottom - 2:
        y = pointer[1] - gap - h
    x = max(bounds.x + 2, min(x, bounds.right - 2 - w))
    y = max(bounds.y + 2, min(y, bounds.bottom - 2 - h))
    return pygame.Rect(x, y, w, h)


def _placements(theme, lines, pointer, bounds) -> list[pygame.Rect]:
    """The card below right of the pointer (as ``card_rect``), then the other three
    corners round it, each kept inside ``bounds``."""
    gap = theme.px(16)
    w, h = card_size(theme, lines)
    out = [card_rect(theme, lines, pointer, bounds)]
    for x, y in ((pointer[0] - gap - w, pointer[1] + gap), (pointer[0] + gap, pointer[1] - gap - h),
                 (pointer[0] - gap - w, pointer[1] - gap - h)):
        x = max(bounds.x + 2, min(x, bounds.right - 2 - w))
        y = max(bounds.y + 2, min(y, bounds.bottom - 2 - h))
        out.append(pygame.Rect(x, y, w, h))
    return out


def show(surface, theme, lines, pointer, bounds, max_w: int | None = None, avoid=()) -> pygame.Rect | None:
    """Draw a tooltip of ``lines`` by ``pointer`` inside ``bounds``; returns the
    card's rectangle (None when there was nothing to say). ``avoid``: rects the card
    should leave in sight (a lesson's ringed points): the first corner round the
    pointer that covers none of them, else the one that covers fewest."""
    if not lines or pointer is None:
        return None
    width = min(bounds.w - 4, max_w if max_w is not None else bounds.w)
    lines = wrap_lines(theme, lines, width)
    if not lines:
        return None
    r = card_rect(theme, lines, pointer, bounds)
    if avoid:
        r = min(_placements(theme, lines, pointer, bounds), key=lambda c: len(c.collidelistall(list(avoid))))
    draw_tooltip(surface, theme, lines, r.topleft, bounds)
    return r
