"""Fonts: the one cache of font objects every drawing module shares.

pygame's font objects die with ``pygame.quit()``; a module-level cache that
outlives them hands out dead fonts to the next window (tests and headless
commands open several). So every cache of fonts lives here, and the app clears
it when it starts (``App.__init__``).

The app draws with pygame's default font (FreeSans Bold). :func:`missing_glyphs`
says which characters of a text it cannot draw; a test runs every text the app
can show through it.
"""
from __future__ import annotations

import pygame

_CACHE: dict[tuple[int, bool], pygame.font.Font] = {}


def font(px: float, bold: bool = False) -> pygame.font.Font:
    """The default font ``px`` pixels high (at least 6)."""
    key = (max(6, int(px)), bool(bold))
    f = _CACHE.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(None, key[0])
        f.set_bold(key[1])
        _CACHE[key] = f
    return f


def clear() -> None:
    """Forget every cached font (the font module was, or is about to be, restarted)."""
    _CACHE.clear()


def missing_glyphs(text: str) -> set[str]:
    """The characters of ``text`` the app's font has no glyph for (spaces and line breaks aside)."""
    f = font(16)
    out = set()
    for ch in set(text):
        if ch in " \n\t":
            continue
        m = f.metrics(ch)
        if not m or m[0] is None:
            out.add(ch)
    return out
