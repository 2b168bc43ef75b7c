"""Cleaning text that comes from files or typing before anything draws or stores it.

A NUL or a lone surrogate makes the font renderer raise; a 20,000-character name
makes every frame that fits it slow. :func:`clean` removes control characters,
replaces what is not encodable, trims, and caps the length, so text from a save,
the settings or a keyboard is always drawable.
"""
from __future__ import annotations

import unicodedata

#: the longest seat name anyone may type (the new-game screen says so)
NAME_MAX = 24
#: caps for the other texts saves carry
SAVE_NAME_MAX = 80
SHORT_MAX = 40


def clean(text: object, cap: int) -> str:
    """``text`` as a drawable one-line string of at most ``cap`` characters."""
    s = text if isinstance(text, str) else ("" if text is None else str(text))
    s = s[: cap * 4]                                   # enough to work on, bounded
    s = s.encode("utf-8", "replace").decode("utf-8")   # lone surrogates become '?'
    out = []
    for ch in s:
        cat = unicodedata.category(ch)
        if cat == "Cc" or cat == "Cs" or (cat == "Co"):
            if ch in "\t\n\r":
                out.append(" ")
            continue
        if cat in ("Zl", "Zp"):
            out.append(" ")
            continue
        out.append(ch)
    return " ".join("".join(out).split())[:cap].strip()
