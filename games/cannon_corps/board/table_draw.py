"""Drawing pieces of the Cannon Corps table: cells, craters, seat badges, the
cannon, pop-up labels, cached text.  Pure drawing: every function takes the
surface, the theme and plain values, and reads nothing from the game."""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from games.ui.dice import draw_die
from games.ui.theme import blend, ink_on, luminance
from games.ui.widgets import draw_seat_marker, seat_color

if TYPE_CHECKING:
    from pygame.font import Font

    from games.ui.theme import Theme

#: a colour as the theme gives it: (r, g, b) or (r, g, b, a)
Color = tuple[int, ...]
#: a point on the screen, fractions allowed (pygame rounds)
Point = tuple[float, float]

# A table at 1920x1080 with six seats draws about 70 different labels; 250 leaves room
# for a resize, and the log's ever-new texts cycle through it instead of growing it.
_TEXT: OrderedDict[tuple[str, Font, Color], pygame.Surface] = OrderedDict()
_TEXT_LIMIT = 250

# The smallest text the table draws, in real pixels of the theme's font size
# (the small font at 800x600): it has to be read from across a table, so
# secondary text is dropped or shortened rather than drawn smaller.
MIN_TEXT_PX = 13


def font(theme: Theme, size: float, bold: bool = False) -> Font:
    """``theme.font(size)``, never smaller than :data:`MIN_TEXT_PX` on screen."""
    return theme.font(max(size, MIN_TEXT_PX / theme.scale), bold=bold)


def fit_first(options: Sequence[str], font_: Font, width: int) -> str:
    """The first of ``options`` that fits ``width`` (else the last, cut)."""
    for s in options:
        if font_.size(s)[0] <= width:
            return s
    return fit(options[-1], font_, width) if options else ""


def text_img(text: str, font: Font, color: Color) -> pygame.Surface:
    """Rendered text, cached (the table redraws the same labels every frame)."""
    # the font itself is in the key (not its id: a freed font's id can be reused
    # by another size, and the cache would hand back text of the wrong size)
    key = (text, font, tuple(color))
    img = _TEXT.get(key)
    if img is None:
        img = font.render(text, True, color)
        _TEXT[key] = img
        if len(_TEXT) > _TEXT_LIMIT:
            _TEXT.popitem(last=False)
    else:
        _TEXT.move_to_end(key)
    return img


def text(surface: pygame.Surface, s: str, font: Font, color: Color, pos: Point, anchor: str = "topleft",
         alpha: float = 255) -> pygame.Rect:
    img = text_img(s, font, color)
    r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if alpha < 255:
        img = img.copy()
        img.set_alpha(max(0, int(alpha)))
    surface.blit(img, r)
    return r


def fit(s: str, font: Font, width: int) -> str:
    if font.size(s)[0] <= width:
        return s
    while s and font.size(s + "...")[0] > width:
        s = s[:-1]
    return s + "..." if s else ""


def die_colors(theme: Theme, seat: int, dim: bool = False) -> dict[str, Any]:
    fill, edge, mark = seat_color(theme, seat)
    if dim:
        grey = (120, 124, 128)
        fill, edge = blend(fill, grey, 0.7), blend(edge, (60, 62, 64), 0.7)
        lum = 0.3 * fill[0] + 0.59 * fill[1] + 0.11 * fill[2]
        mark = (28, 30, 32) if lum > 120 else (236, 236, 236)
    return {"fill": fill, "edge": edge, "text_color": mark}


def badge(surface: pygame.Surface, theme: Theme, seat: int, center: Point, r: int) -> None:
    """A seat's token: its colour, and its seat number so colour is never needed
    (the shared seat marker, with a page-contrasting outline)."""
    draw_seat_marker(surface, theme, seat, center, r, str(seat + 1))


def badge_radius(theme: Theme) -> int:
    """The smallest seat badge whose number is still readable."""
    return max(theme.px(11), int(MIN_TEXT_PX / 1.1 + 0.99))


def alpha_rect(surface: pygame.Surface, color: Color, rect: pygame.Rect, alpha: float, radius: int = 0) -> None:
    s = pygame.Surface((max(1, rect.w), max(1, rect.h)), pygame.SRCALPHA)
    pygame.draw.rect(s, (*color[:3], max(0, min(255, int(alpha)))), s.get_rect(), border_radius=radius)
    surface.blit(s, rect.topleft)


def star(center: Point, r_out: float, r_in: float, points: int = 8, rot: float = 0.0) -> list[Point]:
    out = []
    for i in range(points * 2):
        a = rot + math.pi * i / points
        r = r_out if i % 2 == 0 else r_in
        out.append((center[0] + math.cos(a) * r, center[1] + math.sin(a) * r))
    return out


def mark_ink(theme: Theme) -> Color:
    """Lines drawn over a Hit burst (the cross of a defeat, the cover arrows):
    dark on a light burst (the colour-blind palette's white), light on a dark one."""
    return (24, 20, 18) if luminance(theme.c["hit"]) > 0.35 else (250, 245, 235)


def crater(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, mark: dict[str, Any], small: bool = False,
           faint: bool = False, number: bool = True) -> None:
    """A space the table knows about, told apart by SHAPE (never colour alone):
    Hit is a spiky burst with a dark core (a cross over it when the platoon
    there was defeated, an arrow out of it when it ran for cover); Miss is a
    hollow ring. The number is how many shots ago the space answered (0: the
    latest shot); it is
    left out (``number=False`` or no room for readable digits) rather than
    drawn too small to read."""
    c = theme.c
    size: float = min(rect.w, rect.h)
    ago = mark.get("ago", 0)
    f = font(theme, max(14, min(17, size * 0.3 / theme.scale)), bold=True)
    show_n = number and (not small or size >= f.get_height() * 2.2)
    cx: float
    cy: float
    cx, cy = rect.center
    if show_n and size < f.get_height() * 3.2:
        # a small cell: the mark moves up-left to leave the corner to the number
        cx -= size * 0.1
        cy -= size * 0.1
        size = size * 0.86
    fade = 1.0 if ago <= 0 else max(0.45, 1.0 - 0.12 * ago)
    if faint:
        fade *= 0.6
    bg = c["fog"]
    if mark["answer"] == "hit":
        col = blend(bg, c["hit"], fade)
        pygame.draw.polygon(surface, col, star((cx, cy), size * 0.38, size * 0.2, 8, 0.2))
        pygame.draw.circle(surface, blend(bg, (30, 20, 18), fade), (cx, cy), max(2, int(size * 0.13)))
        res = mark.get("result")
        w = max(2, int(size * 0.08))
        ink = blend(bg, mark_ink(theme), fade)
        # an outline in the other tone keeps the sign visible on the burst and on the fog
        rim = blend(bg, (24, 20, 18) if sum(mark_ink(theme)) > 380 else (240, 240, 236), fade)
        if res == "defeated":      # a cross: the platoon there is gone
            d = size * 0.26
            for col_, ww in ((rim, w + 2), (ink, w)):
                pygame.draw.line(surface, col_, (cx - d, cy - d), (cx + d, cy + d), ww)
                pygame.draw.line(surface, col_, (cx - d, cy + d), (cx + d, cy - d), ww)
        elif res == "cover":       # one arrow out of the burst: it ran for cover (or bluffed)
            a0 = (cx - size * 0.12, cy + size * 0.12)
            tip = (cx + size * 0.4, cy - size * 0.4)
            hd = size * 0.2
            head = [tip, (tip[0] - hd, tip[1] + hd * 0.15), (tip[0] - hd * 0.15, tip[1] + hd)]
            base = (tip[0] - hd * 0.5, tip[1] + hd * 0.5)
            pygame.draw.line(surface, rim, a0, base, w + 2)
            pygame.draw.polygon(surface, rim, head, 0)
            pygame.draw.polygon(surface, rim, head, 2)
            pygame.draw.line(surface, ink, a0, base, w)
            inner = [tip, (tip[0] - hd * 0.8, tip[1] + hd * 0.2), (tip[0] - hd * 0.2, tip[1] + hd * 0.8)]
            pygame.draw.polygon(surface, ink, inner)
    else:
        col = blend(bg, c["miss"], fade)
        pygame.draw.circle(surface, col, (cx, cy), max(3, int(size * 0.27)), max(2, int(size * 0.08)))
    if show_n:
        label = str(ago)
        img = text_img(label, f, c["text"])
        r = img.get_rect(bottomright=(rect.right - max(2, rect.w // 14), rect.bottom - max(1, rect.h // 18)))
        pygame.draw.rect(surface, bg, r.inflate(4, 0), border_radius=3)
        surface.blit(img, r)


def cell(surface: pygame.Surface, rect: pygame.Rect, fill: Color, edge: Color, radius: int, width: int = 1) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width=width, border_radius=radius)


def cannon(surface: pygame.Surface, theme: Theme, base: Point, angle: float, size: float, recoil: float = 0.0,
           flash: float = 0.0) -> Point:
    """A field cannon at ``base`` (the wheel's centre) aiming at ``angle``
    (radians, screen coordinates). ``recoil`` 0..1 pushes the barrel back,
    ``flash`` 0..1 draws the muzzle flash."""
    dx, dy = math.cos(angle), math.sin(angle)
    px_, py_ = -dy, dx
    back = size * 0.25 * recoil
    bx, by = base[0] - dx * back, base[1] - dy * back
    L, w0, w1 = size * 1.05, size * 0.22, size * 0.15
    p = [(bx - dx * L * 0.25 + px_ * w0, by - dy * L * 0.25 + py_ * w0),
         (bx + dx * L * 0.75 + px_ * w1, by + dy * L * 0.75 + py_ * w1),
         (bx + dx * L * 0.75 - px_ * w1, by + dy * L * 0.75 - py_ * w1),
         (bx - dx * L * 0.25 - px_ * w0, by - dy * L * 0.25 - py_ * w0)]
    pygame.draw.polygon(surface, (46, 44, 48), p)
    pygame.draw.polygon(surface, (18, 16, 18), p, max(1, int(size * 0.05)))
    pygame.draw.circle(surface, (46, 44, 48), (bx - dx * L * 0.25, by - dy * L * 0.25), w0 * 0.9)
    mx, my = bx + dx * L * 0.78, by + dy * L * 0.78
    pygame.draw.circle(surface, (18, 16, 18), (mx, my), w1 * 0.75)
    # the carriage wheel
    wr = size * 0.3
    pygame.draw.circle(surface, (120, 80, 44), base, wr)
    pygame.draw.circle(surface, (60, 38, 20), base, wr, max(1, int(size * 0.06)))
    for k in range(4):
        a = k * math.pi / 4
        pygame.draw.line(surface, (60, 38, 20), (base[0] - math.cos(a) * wr, base[1] - math.sin(a) * wr),
                         (base[0] + math.cos(a) * wr, base[1] + math.sin(a) * wr), max(1, int(size * 0.04)))
    if flash > 0:
        r = size * (0.25 + 0.35 * flash)
        pygame.draw.polygon(surface, (255, 214, 90), star((mx + dx * r * 0.6, my + dy * r * 0.6), r, r * 0.5, 7, angle))
        pygame.draw.circle(surface, (255, 250, 210), (mx + dx * r * 0.5, my + dy * r * 0.5), r * 0.35)
    return (mx, my)


def pop(surface: pygame.Surface, theme: Theme, center: Point, label: str, bg: Color, fg: Color | None,
        progress: float, big: float = 1.0) -> None:
    """A label that springs up over a grid, holds, then fades. ``fg`` None:
    whatever reads over ``bg``."""
    if progress >= 1.0:
        return
    if fg is None:
        fg = ink_on(bg)
    grow = min(1.0, progress / 0.25)
    s = 1 - (1 - grow) ** 3
    s = s * (1 + 0.15 * math.sin(math.pi * min(1.0, grow)))
    alpha = 255 if progress < 0.75 else int(255 * (1 - (progress - 0.75) / 0.25))
    f = font(theme, 24 * big, bold=True)
    img = text_img(label, f, fg)
    w, h = img.get_width() + theme.px(18) * big, img.get_height() + theme.px(8) * big
    w, h = max(1, int(w * s)), max(1, int(h * s))
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, (*bg, 235), box.get_rect(), border_radius=max(2, h // 4))
    pygame.draw.rect(box, (20, 16, 14, 235), box.get_rect(), max(1, theme.px(2)), border_radius=max(2, h // 4))
    if s > 0.2:
        im = img if s >= 0.999 else pygame.transform.smoothscale(
            img, (max(1, int(img.get_width() * s)), max(1, int(img.get_height() * s))))
        box.blit(im, im.get_rect(center=(w // 2, h // 2)))
    box.set_alpha(alpha)
    surface.blit(box, box.get_rect(center=(round(center[0]), round(center[1]))))


def turn_arrow(surface: pygame.Surface, color: Color, tip: Point, size: float) -> None:
    """A solid triangle pointing right with its tip at ``tip``."""
    x, y = tip
    pygame.draw.polygon(surface, color, [(x, y), (x - size, y - size * 0.7), (x - size, y + size * 0.7)])


#: a die's size in its slot (reserves and the defeated row alike): a defeated die drawn
#: the slot's full width spilled out of it, over the slot's edge and the row's mark
DIE_IN_SLOT = 0.82


def die_slot(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """An empty place for a die (in the reserves or the defeated row)."""
    c = theme.c
    pygame.draw.rect(surface, blend(c["table"], (0, 0, 0), 0.25), rect, border_radius=theme.px(6))
    pygame.draw.rect(surface, blend(c["table"], c["edge"], 0.5), rect, width=1, border_radius=theme.px(6))


def dead_die(surface: pygame.Surface, theme: Theme, seat: int, kind: str, center: Point, size: float,
             alpha: int = 255) -> None:
    """A defeated die: greyed, showing 0 (its platoon is gone); a small one is
    left blank (its shape says which die it was; a tiny 0 says nothing)."""
    value = 0 if size >= theme.px(34) else None
    draw_die(surface, kind, value, center, size, alpha=alpha, **die_colors(theme, seat, dim=True))


_LEGEND = [({"answer": "miss", "ago": 2}, ("Miss",)), ({"answer": "hit", "ago": 0, "result": "survived"}, ("Hit",)),
           ({"answer": "hit", "ago": 1, "result": "defeated"}, ("Hit, defeated", "Defeated")),
           ({"answer": "hit", "ago": 1, "result": "cover"}, ("Hit, ran for cover", "Ran for cover", "Ran"))]


#: what the number on a mark means, longest first (``ago`` in the marks: shots fired since)
NUMBER_NOTE = ("The number on a mark: how many shots ago that space answered (0 = the last shot)",
               "Number on a mark: shots ago it answered (0 = the last shot)",
               "Number: shots ago (0 = the last shot)", "Number: shots ago")


def _legend_metrics(theme: Theme, width: int) -> tuple[Font, int, int, int, int]:
    f = font(theme, 15)
    lh = max(f.get_linesize(), theme.px(28))
    gap = theme.px(4)
    per = 4 if width >= theme.px(540) else 2 if width >= theme.px(300) else 1
    rows = (len(_LEGEND) + per - 1) // per
    return f, lh, gap, per, rows


def legend_height(theme: Theme, width: int) -> int:
    """The height the legend needs at ``width`` (0: it does not fit at all)."""
    if width < theme.px(130):
        return 0
    f, lh, gap, per, rows = _legend_metrics(theme, width)
    return rows * (lh + gap) - gap


def legend(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> int:
    """What the marks on the grids mean (drawn where there is room).
    Returns the height used (0 when there was no room)."""
    c = theme.c
    need = legend_height(theme, rect.w)
    if not need or rect.h < need:
        return 0
    f, lh, gap, per, rows = _legend_metrics(theme, rect.w)
    note = rect.h >= need + gap + f.get_linesize()
    col_w = rect.w // per
    for i, (mark, labels) in enumerate(_LEGEND):
        r_, k = divmod(i, per)
        box = pygame.Rect(rect.x + k * col_w, rect.y + r_ * (lh + gap), lh, lh)
        pygame.draw.rect(surface, c["fog"], box, border_radius=3)
        crater(surface, theme, box, mark, number=False)
        text(surface, fit_first(labels, f, col_w - lh - theme.px(10)), f, c["text_dim"],
             (box.right + theme.px(6), box.centery), "midleft")
    used = need
    if note:
        line = fit_first(NUMBER_NOTE, f, rect.w)
        text(surface, line, f, c["text_dim"], (rect.x, rect.y + need + gap))
        used += gap + f.get_linesize()
    return used


def arrow(surface: pygame.Surface, color: Color, a: Point, b: Point, w: int = 3, head: float = 10) -> None:
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    tip = (b[0], b[1])
    base = (b[0] - head * 0.8 * math.cos(ang), b[1] - head * 0.8 * math.sin(ang))
    pygame.draw.line(surface, color, a, base, w)
    p1 = (b[0] - head * math.cos(ang - 0.5), b[1] - head * math.sin(ang - 0.5))
    p2 = (b[0] - head * math.cos(ang + 0.5), b[1] - head * math.sin(ang + 0.5))
    pygame.draw.polygon(surface, color, [tip, p1, p2])
