"""Colours, fonts and sizes. Everything scales with the window: sizes are given
for a 1280x720 reference and multiplied by :attr:`Theme.scale`, which is the
window's own factor times the player's UI scale (Settings: 100% to 175%, or Auto,
larger fullscreen on a big screen), so text and controls read from across a room.

Crowded screens (the game frame with its board, the new-game form) use
:attr:`Theme.crowded`, the same theme with the UI scale held to what leaves a
canvas of at least :data:`CROWDED_FLOOR` reference pixels: they lay out many
pieces, panels and controls in one view, and below that canvas they were found to
collide (Cannon Corps' six grids, Cannon's four rule options). The menu, settings,
dialogs and text screens take the full scale.

Two palettes: the normal one, and a colour-blind-safe one (Okabe-Ito blue and
orange for the sides, which stay distinct under protanopia, deuteranopia and
tritanopia). Sides never rely on colour alone: pieces also differ in shape.
"""
from __future__ import annotations

import pygame

from games.ui import fonts

NORMAL = {
    "bg": (22, 30, 38), "bg2": (30, 42, 52), "panel": (36, 50, 62), "panel_hi": (48, 66, 80),
    "edge": (82, 104, 120), "text": (236, 232, 220), "text_dim": (160, 170, 176),
    "accent": (232, 176, 72), "accent_text": (30, 24, 14), "danger": (220, 84, 72), "ok": (112, 196, 120),
    # the fill of a button that destroys something ("Leave", "Delete"), beside the accent-filled default
    "danger_fill": (220, 84, 72),
    "button": (52, 72, 88), "button_hi": (72, 98, 118), "button_down": (40, 56, 70), "disabled": (90, 98, 104),
    "board": (214, 178, 122), "board_line": (92, 62, 34), "board_text": (70, 46, 24),
    # the sides of a two-player game, and extra seats for more
    "side": [(44, 40, 40), (244, 236, 216), (200, 70, 60), (60, 120, 200), (80, 160, 90), (150, 90, 170)],
    "side_edge": [(12, 10, 10), (120, 100, 70), (90, 20, 16), (20, 50, 100), (30, 80, 40), (70, 30, 90)],
    "side_mark": [(236, 232, 220), (60, 50, 40), (255, 230, 220), (230, 240, 255), (230, 255, 230), (250, 235, 255)],
    "move_step": (60, 170, 90), "move_capture": (220, 70, 60), "move_retreat": (70, 140, 220),
    "move_slide": (170, 110, 220), "move_shot": (240, 150, 30), "last_move": (255, 220, 90),
    "table": (24, 48, 44), "fog": (54, 70, 78), "hit": (220, 84, 72), "miss": (140, 160, 170),
    # a selected piece, and a piece in danger (drawn as shapes: a ring, a ring with "!")
    "select": (232, 176, 72), "warning": (220, 84, 72),
    # the suggested move (hint arrows and marks)
    "hint": (70, 190, 250),
    # Artillery's range bands, +0 to +3 (each also carries its "+n" where there is room)
    "bands": [(90, 200, 110), (230, 210, 80), (240, 150, 50), (220, 80, 70)],
}

COLORBLIND = dict(NORMAL)
COLORBLIND.update({
    # Six seats that stay apart under protanopia, deuteranopia and tritanopia: the
    # Okabe-Ito blue, orange, bluish green and reddish purple, plus white and a dark
    # grey (both told apart by lightness; every seat marker also carries an outline,
    # and the Corps table writes seat numbers). Near pairs such as orange/vermillion
    # or blue/sky blue are left out on purpose.
    "side": [(0, 90, 170), (240, 160, 40), (0, 158, 115), (204, 121, 167), (236, 236, 236), (84, 84, 84)],
    "side_edge": [(0, 30, 70), (120, 70, 0), (0, 70, 50), (100, 50, 80), (120, 120, 120), (20, 20, 20)],
    "side_mark": [(255, 255, 255), (40, 30, 10), (255, 255, 255), (30, 10, 25), (30, 30, 30), (255, 255, 255)],
    # Move markers: the capture and shot markers sit on enemy pieces (blue or orange),
    # so they are white and reddish purple, which neither side's colour hides.
    "move_step": (0, 158, 115), "move_capture": (250, 250, 250), "move_retreat": (86, 180, 233),
    "move_slide": (240, 228, 66), "move_shot": (204, 121, 167), "danger": (213, 94, 0), "ok": (0, 158, 115),
    "select": (250, 250, 250), "warning": (250, 250, 250),
    # A destructive button sits beside the amber default ("Leave" by "Cancel"); vermillion
    # and amber are near for protanopes and deuteranopes, so its fill is a dark burnt orange,
    # apart from the amber by lightness (contrast 3.6:1) whatever the hue is seen as.
    "danger_fill": (150, 60, 0),
    # The last move's brackets and the hint stay clear of both sides' blue and orange
    # (yellow would merge with orange for protanopes and deuteranopes): white and sky blue.
    "last_move": (250, 250, 250), "hint": (86, 180, 233),
    # range bands by lightness and the Okabe-Ito hues (no green/red pair): sky blue, yellow,
    # orange, vermillion
    "bands": [(86, 180, 233), (240, 228, 66), (230, 159, 0), (213, 94, 0)],
    # hit and miss are told apart by shape (a crater and a ring); their colours avoid the seats'
    "hit": (250, 250, 250), "miss": (150, 160, 170),
})


#: the smallest canvas (window pixels over the scale) crowded screens are drawn on;
#: 800x600 at its 0.8 scale is 1000x750; 1280x720 at 120% is 1067x600 (at 125%, Corps' TO PLAY
#: badge meets its dice label)
CROWDED_FLOOR = (1000, 600)


class Theme:
    def __init__(self, size=(1280, 720), colorblind: bool = False, ui: float = 1.0):
        self.colorblind = colorblind
        self.ui = ui
        self._crowded: Theme | None = None
        self.resize(size)

    @property
    def c(self) -> dict:
        return COLORBLIND if self.colorblind else NORMAL

    def resize(self, size) -> None:
        self.size = (max(1, size[0]), max(1, size[1]))
        # Text must stay readable from across a table: never shrink below 0.8.
        self.window_scale = max(0.8, min(self.size[0] / 1280, self.size[1] / 720))
        self.scale = self.window_scale * self.ui

    def set_ui(self, ui: float) -> None:
        """The player's UI scale (1 = as designed); call :meth:`resize` or lay out after."""
        self.ui = ui
        self.scale = self.window_scale * ui

    def crowded_ui(self, ui: float | None = None) -> float:
        """The UI scale crowded screens get: the player's (or ``ui``), held to what keeps
        the canvas at least :data:`CROWDED_FLOOR` (never below 1)."""
        room = min(self.size[0] / CROWDED_FLOOR[0], self.size[1] / CROWDED_FLOOR[1]) / self.window_scale
        return max(1.0, min(self.ui if ui is None else ui, room))

    @property
    def crowded(self) -> "Theme":
        """This theme for crowded screens (see the module's doc): the same palette
        and window, the UI scale held by :meth:`crowded_ui`."""
        if self.ui <= 1.0:
            return self
        t = self._crowded
        if t is None:
            t = self._crowded = Theme(self.size, self.colorblind)
        t.colorblind = self.colorblind
        if t.size != self.size:
            t.resize(self.size)
        ui = self.crowded_ui()
        if t.ui != ui:
            t.set_ui(ui)
        return t

    def px(self, n: float) -> int:
        return max(1, int(round(n * self.scale)))

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        # the default font runs small: 1.32 times the nominal size reads as that size
        return fonts.font(int(self.px(size) * 1.32), bold)

    # common text sizes
    def title_font(self):
        return self.font(40, bold=True)

    def heading_font(self):
        return self.font(26, bold=True)

    def body_font(self):
        return self.font(19)

    def small_font(self):
        return self.font(16)


def draw_text(surface, text, font, color, pos, anchor="topleft", shadow=None) -> pygame.Rect:
    img = font.render(text, True, color)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(font.render(text, True, shadow), rect.move(1, 2))
    surface.blit(img, rect)
    return rect


def wrap_text(text: str, font, width: int) -> list[str]:
    """Greedy word wrap; paragraphs are separated by blank lines ('' entries).
    A word wider than the line (a file path, say) is broken across lines,
    preferably after a path separator, so nothing ever runs past ``width``."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = []
        for w in para.split():
            words.extend(_break_word(w, font, width))
        if not words:
            lines.append("")
            continue
        cur = words[0]
        for w in words[1:]:
            if font.size(cur + " " + w)[0] <= width:
                cur += " " + w
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


def _break_word(word: str, font, width: int) -> list[str]:
    parts: list[str] = []
    rest = word
    while rest:
        if font.size(rest)[0] <= width:
            parts.append(rest)
            break
        # the longest head that fits (a binary search), at least one character
        k = max(1, longest_fitting(len(rest), lambda n, r=rest: font.size(r[:n])[0] <= width))
        head = rest[:k]
        # back up to the last separator in the piece, if there is a sensible one
        cut = max(head.rfind("/"), head.rfind("\\"), head.rfind("-"), head.rfind("_"))
        if cut >= len(head) // 2:
            k = cut + 1
        parts.append(rest[:k])
        rest = rest[k:]
    return parts


def fit_text(text: str, font, width: int) -> str:
    """Cut text with an ellipsis so it fits ``width`` pixels. A binary search over the
    cut, so a very long text costs some twenty measurements, not one per character."""
    if font.size(text)[0] <= width:
        return text
    return text[:longest_fitting(len(text), lambda n: font.size(text[:n] + "...")[0] <= width)] + "..."


def fit_parts(parts, font, width: int, sep: str = "  -  ") -> str:
    """``parts`` joined by ``sep``, the last ones dropped whole until the line fits (a
    keys line read "F11: fullscre..."); cut with an ellipsis only when the first alone
    is too wide."""
    parts = list(parts)
    while len(parts) > 1 and font.size(sep.join(parts))[0] > width:
        parts.pop()
    return fit_text(sep.join(parts), font, width)


def longest_fitting(n: int, fits) -> int:
    """The largest k in 0..n with ``fits(k)`` (``fits`` is monotone: true up to some k,
    false after; 0 when nothing fits)."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def luminance(rgb) -> float:
    """Relative luminance 0..1 (sRGB, WCAG)."""
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(x) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(rgb):
    """Text colour that reads on a fill of ``rgb``: near-black on light, white on dark."""
    return (20, 20, 24) if luminance(rgb) > 0.35 else (255, 255, 255)


def blend(a, b, t: float):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))
