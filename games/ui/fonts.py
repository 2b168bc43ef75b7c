"""Fonts: the one cache of font objects every drawing module shares, and text in
any script the players can type.

pygame's font objects die with ``pygame.quit()``; a module-level cache that
outlives them hands out dead fonts to the next window (tests and headless
commands open several). So every cache of fonts lives here, and the app clears
it when it starts (``App.__init__``).

**Faces.** The app's own words are drawn with pygame's default font (FreeSans
Bold), as always: every layout was measured with it. A name can be in any
script, so :func:`font` hands out a :class:`Font` that draws each character with
the first face that has it:

1. pygame's default font (Latin, most of Cyrillic and Greek);
2. ``assets/fonts/DejaVuSans-Bold.ttf`` (the rest of Latin, Greek and Cyrillic,
   Arabic, Hebrew, Armenian, Georgian, many symbols);
3. ``assets/fonts/DroidSansFallback.ttf`` (Chinese, Japanese kana, Korean Hangul);
4. the system's fonts, looked for only when a character is in none of those
   (Devanagari, Thai and other scripts the bundle does not carry).

A character no face has is drawn as the default font's box, and
:func:`missing_glyphs` names it. Which face has a glyph is asked of FreeType
(``pygame.freetype``): pygame's ``Font.metrics`` answers for a missing glyph
with the box's metrics, not None, so it cannot tell.

**Right to left.** A text is cut into runs of one face, one script and one
direction, and the runs are put in display order by a small form of the Unicode
bidirectional algorithm (strong letters, numbers and neutrals; no explicit
embeddings or isolates). A right-to-left run is drawn by SDL_ttf with HarfBuzz
told its script and direction, so Arabic letters join and take their contextual
forms. The paragraph is left to right whenever the text has a left-to-right
letter (the app's own words are English, so "Samir - to play" keeps "to play"
after the name); a text with only right-to-left letters (a name alone) is a
right-to-left paragraph.
"""
from __future__ import annotations

import logging
import os
import re
import unicodedata
from dataclasses import dataclass

import pygame

log = logging.getLogger(__name__)

#: the bundled faces, after pygame's default font, in the order they are tried
BUNDLED = ("DejaVuSans-Bold.ttf", "DroidSansFallback.ttf")

#: pygame opens its default font at 0.6875 of the size asked for (the face runs
#: large); the bundled faces are opened at the same em so their letters match it
DEFAULT_EM = 0.6875

#: system families tried, in order, for a character no bundled face has
SYSTEM_FAMILIES = (
    "notosans", "notosanscjksc", "notosansdevanagari", "notosansthai", "notosansbengali", "notosanstamil",
    "notosansethiopic", "notosanskhmer", "notosanssinhala", "notosansmyanmar", "notosanssymbols2",
    "notocoloremoji", "notoemoji", "freeserif", "freesans", "unifont",
    "segoeui", "nirmalaui", "leelawadeeui", "microsoftyahei", "malgungothic", "segoeuisymbol", "segoeuiemoji",
    "arialunicodems", "tahoma", "lucidagrande", "applesdgothicneo", "pingfangsc", "kohinoorbangla",
)

_CACHE: dict[tuple, pygame.font.Font] = {}          # every font object, by (face, px, bold, script, rtl)
_FT: dict[str | None, object] = {}                 # FreeType faces that answer "has a glyph?"
_HAS: dict[tuple[str | None, str], bool] = {}        # (face, char) -> has it: data, kept across clear()
_SYSTEM: list[str] | None = None                    # system faces found, looked for once


def font(px: float, bold: bool = False) -> Font:
    """The app's font ``px`` pixels high (at least 6): pygame's default font, with
    the bundled and system faces behind it for characters it lacks."""
    key = ("app", max(6, int(px)), bool(bold))
    f = _CACHE.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = Font(key[1], key[2])
        _CACHE[key] = f
    assert isinstance(f, Font)
    return f


def clear() -> None:
    """Forget every cached font (the font module was, or is about to be, restarted)."""
    _CACHE.clear()
    _FT.clear()


def bundled_path(name: str) -> str:
    from games.core.paths import asset
    return asset("fonts", name)


def faces() -> list[str | None]:
    """Every face in the order tried: None (pygame's default), the bundled files,
    then the system's (only once some character needed them)."""
    return [None, *(bundled_path(n) for n in BUNDLED), *(_SYSTEM or [])]


def has_glyph(face: str | None, ch: str) -> bool:
    """Whether ``face`` (a file, or None for pygame's default font) has a glyph for ``ch``."""
    key = (face, ch)
    hit = _HAS.get(key)
    if hit is None:
        ft = _freetype(face)
        hit = False
        if ft is not None:
            try:
                m = ft.get_metrics(ch)
                hit = bool(m) and m[0] is not None
            except (pygame.error, ValueError) as exc:
                log.warning("cannot ask %s for %r: %s", face or "the default font", ch, exc)
        _HAS[key] = hit
    return hit


def _freetype(face: str | None):
    import pygame.freetype as ft
    if not ft.get_init():
        ft.init()
    f = _FT.get(face)
    if f is None and face not in _FT:
        try:
            f = ft.Font(face, 16)
        except (OSError, pygame.error) as exc:
            # a missing bundled file is a broken install: say so once, and draw without it
            log.error("font face %s cannot be opened: %s", face, exc)
            f = None
        _FT[face] = f
    return f


def face_of(ch: str) -> str | None:
    """The face that draws ``ch``: the first that has it; pygame's default (None)
    when none has it, so its box shows (:func:`drawable` tells the two apart)."""
    for face in faces():
        if has_glyph(face, ch):
            return face
    if _SYSTEM is None:
        _find_system_faces()
        for face in _SYSTEM or []:
            if has_glyph(face, ch):
                return face
    return None


def drawable(ch: str) -> bool:
    """Whether some face, the system's included, has a glyph for ``ch``."""
    face = face_of(ch)
    return face is not None or has_glyph(None, ch)


def _find_system_faces() -> None:
    global _SYSTEM
    found: list[str] = []
    try:
        for fam in SYSTEM_FAMILIES:
            path = pygame.font.match_font(fam)
            if path and path not in found and os.path.isfile(path):
                found.append(path)
    except (OSError, ValueError, pygame.error) as exc:
        log.warning("looking for system fonts failed: %s", exc)
    _SYSTEM = found
    log.info("system fonts used as a last fallback: %s", found or "none found")


def missing_glyphs(text: str) -> set[str]:
    """The characters of ``text`` no face can draw (spaces, line breaks and format
    characters aside): these show as boxes."""
    out = set()
    for ch in set(text):
        if ch in " \n\t" or unicodedata.category(ch) in ("Cf", "Cc"):
            continue
        if not drawable(ch):
            out.add(ch)
    return out


# -- scripts and directions ---------------------------------------------------------------

#: blocks whose letters HarfBuzz must be told the script of to shape them
#: (ISO 15924 tags, as SDL_ttf takes them); anything else is shaped as it comes
_SCRIPTS = (
    (0x0590, 0x05FF, "Hebr"), (0x0600, 0x06FF, "Arab"), (0x0700, 0x074F, "Syrc"), (0x0750, 0x077F, "Arab"),
    (0x0780, 0x07BF, "Thaa"), (0x0870, 0x08FF, "Arab"), (0x0900, 0x097F, "Deva"), (0x0980, 0x09FF, "Beng"),
    (0x0A00, 0x0A7F, "Guru"), (0x0A80, 0x0AFF, "Gujr"), (0x0B00, 0x0B7F, "Orya"), (0x0B80, 0x0BFF, "Taml"),
    (0x0C00, 0x0C7F, "Telu"), (0x0C80, 0x0CFF, "Knda"), (0x0D00, 0x0D7F, "Mlym"), (0x0D80, 0x0DFF, "Sinh"),
    (0x0E00, 0x0E7F, "Thai"), (0x0E80, 0x0EFF, "Laoo"), (0x0F00, 0x0FFF, "Tibt"), (0x1000, 0x109F, "Mymr"),
    (0x1780, 0x17FF, "Khmr"), (0xFB1D, 0xFB4F, "Hebr"), (0xFB50, 0xFDFF, "Arab"), (0xFE70, 0xFEFF, "Arab"),
)


def _script(ch: str) -> str | None:
    cp = ord(ch)
    if cp < 0x0590:
        return None
    for lo, hi, tag in _SCRIPTS:
        if lo <= cp <= hi:
            return tag
    return None


def _bidi_type(ch: str) -> str:
    """L (left-to-right letter), R (right-to-left letter), EN (a number), NSM (a
    combining mark) or N (everything else: spaces, punctuation, symbols)."""
    b = unicodedata.bidirectional(ch)
    if b in ("R", "AL"):
        return "R"
    if b == "L":
        return "L"
    if b in ("EN", "AN"):
        return "EN"
    if b == "NSM":
        return "NSM"
    return "N"


def bidi_levels(text: str) -> tuple[list[int], int]:
    """Each character's embedding level (even: left to right; odd: right to left)
    and the paragraph's level, by rules W1, W7, N1, N2, I1, I2 and L1 of the
    Unicode bidirectional algorithm (no explicit embeddings)."""
    types = [_bidi_type(ch) for ch in text]
    base = 1 if ("R" in types and "L" not in types) else 0
    prev = "R" if base else "L"
    for i, t in enumerate(types):               # W1: a mark takes the type of what it marks
        if t == "NSM":
            types[i] = prev if i else ("R" if base else "L")
        prev = types[i]
    strong = "R" if base else "L"               # W7: a number after L (or an L paragraph's start) is L
    for i, t in enumerate(types):
        if t in ("L", "R"):
            strong = t
        elif t == "EN" and strong == "L":
            types[i] = "L"
    n = len(types)
    i = 0
    while i < n:                                # N1, N2: neutrals take their neighbours' direction
        if types[i] != "N":
            i += 1
            continue
        j = i
        while j < n and types[j] == "N":
            j += 1
        before = ("R" if types[i - 1] == "EN" else types[i - 1]) if i else ("R" if base else "L")
        after = ("R" if types[j] == "EN" else types[j]) if j < n else ("R" if base else "L")
        fill = before if before == after else ("R" if base else "L")
        for k in range(i, j):
            types[k] = fill
        i = j
    levels = []
    for t in types:                             # I1, I2
        if base == 0:
            levels.append(0 if t == "L" else 1 if t == "R" else 2)
        else:
            levels.append(1 if t == "R" else 2)
    k = n - 1                                   # L1: trailing white space at the paragraph's level
    while k >= 0 and text[k].isspace():
        levels[k] = base
        k -= 1
    return levels, base


def visual_order(levels: list[int]) -> list[int]:
    """Rule L2: indices in display order, left to right (reversing every maximal
    sequence at or above each odd level, highest first)."""
    order = list(range(len(levels)))
    if not levels:
        return order
    top = max(levels)
    low_odd = min((lv for lv in levels if lv % 2), default=None)
    if low_odd is None:
        return order
    for lv in range(top, low_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= lv:
                j = i
                while j < len(order) and levels[order[j]] >= lv:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


# -- drawing a text run by run ------------------------------------------------------------

@dataclass
class _Run:
    text: str
    face: str | None
    script: str | None
    rtl: bool
    font: pygame.font.Font
    x: int = 0
    w: int = 0


@dataclass
class _Layout:
    runs: list[_Run]      # in display order, left to right
    w: int
    ascent: int
    descent: int


def _run_font(face: str | None, px: int, bold: bool, script: str | None, rtl: bool) -> pygame.font.Font:
    """One face at one size, set to shape one script in one direction (SDL_ttf keeps
    these per font object, so each combination is its own object in the cache)."""
    key = ("run", face, px, bold, script, rtl)
    f = _CACHE.get(key)
    if f is None:
        if face is None:
            f = pygame.font.Font(None, px)
        else:
            f = pygame.font.Font(face, max(1, round(px * DEFAULT_EM)))
        f.set_bold(bold)
        if script:
            f.set_script(script)
        if rtl:
            f.set_direction(pygame.DIRECTION_RTL)
        _CACHE[key] = f
    return f


def _assign_faces(text: str) -> list[str | None]:
    """The face for each character. A word is drawn in one face when one has all its
    letters (so a word's letters match); spaces and marks follow what they sit beside."""
    out: list[str | None] = [None] * len(text)
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < n and not text[j].isspace():
            j += 1
        word = text[i:j]
        whole = next((f for f in faces() if all(has_glyph(f, ch) for ch in word)), "none")
        for k in range(i, j):
            if whole != "none":
                out[k] = whole
            elif k > i and unicodedata.category(text[k]).startswith("M") and has_glyph(out[k - 1], text[k]):
                out[k] = out[k - 1]
            else:
                out[k] = face_of(text[k])
        i = j
    for k in range(n):            # a space takes the face of the word before it (one run, not three)
        if text[k].isspace() and k > 0 and has_glyph(out[k - 1], text[k]):
            out[k] = out[k - 1]
    return out


#: a space beside a digit (see Font: drawn twice where the face's space is a hair)
_AFTER_DIGIT = re.compile(r"(?<=\d) (?=\S)|(?<=\S) (?=\d)")


class Font(pygame.font.Font):
    """pygame's default font at one size that draws what it lacks with the other
    faces (see the module's doc). ``size`` and ``render`` take any text; the
    metrics (height, ascent, line size) are the default font's, so layouts built
    on them hold, and a text in another face is as tall unless its letters reach
    further (Arabic marks), when its surface is that much taller."""

    def __init__(self, px: int, bold: bool = False):
        super().__init__(None, px)
        self.set_bold(bold)
        self._px = px
        self._bold = bold
        self._layouts: dict[str, _Layout] = {}
        # the default face's space is a hair at small sizes (2 px at 12), and a digit has
        # no side bearing: "with 2 escorts" read "with 2escorts" (two play-tests). A space
        # beside a digit is drawn twice there; size() and render() agree, so layouts hold.
        self._digit_gap = super().size("0 a")[0] - super().size("0a")[0] < 3

    def _spaced(self, text):
        if self._digit_gap and isinstance(text, str) and " " in text:
            return _AFTER_DIGIT.sub("  ", text)
        return text

    def _plain(self, text: str) -> bool:
        """Drawn by the default font alone, left to right (the fast, common case)."""
        return text.isascii() or all(_plain_char(ch) for ch in text)

    def size(self, text) -> tuple[int, int]:
        text = self._spaced(text)
        if not isinstance(text, str) or self._plain(text):
            return super().size(text)
        lay = self._layout(text)
        return lay.w, lay.ascent + lay.descent

    def render(self, text, antialias, color, bgcolor=None, wraplength=0) -> pygame.Surface:
        text = self._spaced(text)
        if not isinstance(text, str) or self._plain(text) or "\n" in text:
            return super().render(text, antialias, color, bgcolor, wraplength)
        lay = self._layout(text)
        out = pygame.Surface((max(1, lay.w), lay.ascent + lay.descent), pygame.SRCALPHA)
        for run in lay.runs:
            img = run.font.render(run.text, antialias, color)
            # runs only touch, but a shaped run may overhang by a pixel: the brighter wins
            out.blit(img, (run.x, lay.ascent - run.font.get_ascent()), special_flags=pygame.BLEND_RGBA_MAX)
        if bgcolor is None:
            return out
        solid = pygame.Surface(out.get_size())
        solid.fill(bgcolor)
        solid.blit(out, (0, 0))
        return solid

    def _layout(self, text: str) -> _Layout:
        lay = self._layouts.get(text)
        if lay is not None:
            return lay
        if len(self._layouts) > 512:
            self._layouts.clear()
        face_for = _assign_faces(text)
        levels, _base = bidi_levels(text)
        # the script HarfBuzz is told: a letter's own; spaces, numbers and marks
        # keep the script of the letters before them, so a run is not cut at each space
        scripts: list[str | None] = []
        cur: str | None = None
        for ch in text:
            s = _script(ch)
            if s is not None or _bidi_type(ch) == "L":
                cur = s
            scripts.append(cur)
        # logical runs: one face, one script, one level
        logical: list[tuple[int, list[int]]] = []     # (level, indices)
        keys: list[tuple] = []
        for i in range(len(text)):
            k = (face_for[i], scripts[i], levels[i])
            if keys and keys[-1] == k:
                logical[-1][1].append(i)
            else:
                keys.append(k)
                logical.append((levels[i], [i]))
        order = visual_order([lv for lv, _ in logical])
        asc, desc = self.get_ascent(), -self.get_descent()
        runs: list[_Run] = []
        x = 0
        for idx in order:
            face, script, level = keys[idx]
            chunk = "".join(text[i] for i in logical[idx][1])
            rtl = level % 2 == 1
            f = _run_font(face, self._px, self._bold, script, rtl)
            w = f.size(chunk)[0]
            runs.append(_Run(chunk, face, script, rtl, f, x, w))
            x += w
            # how far the letters reach above and below the baseline (the default
            # font's box is kept unless they reach further)
            for m in f.metrics(chunk):
                if m:
                    asc = max(asc, m[3] + 1)
                    desc = max(desc, -m[2] + 1)
        lay = _Layout(runs, x, asc, desc)
        self._layouts[text] = lay
        return lay


_PLAIN: dict[str, bool] = {}


def _plain_char(ch: str) -> bool:
    hit = _PLAIN.get(ch)
    if hit is None:
        hit = has_glyph(None, ch) and _bidi_type(ch) != "R" and _script(ch) is None
        _PLAIN[ch] = hit
    return hit
