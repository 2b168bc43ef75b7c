"""Pictures for the Artillery rules screen (and the menu card), one per key of
``games.artillery.rules_text.DIAGRAMS``, drawn from code with the board's own
drawing functions so the rules look like the table."""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from games.artillery.rules import new_game
from games.artillery.rules.data import ACTIONS, ARTILLERY, EXPERIENCE, SUIT_NAMES, SUITS, rect
from games.ui.theme import draw_text, wrap_text

from . import drawing as D


def draw_diagram(key: str, surface, area, theme) -> None:
    area = pygame.Rect(area)
    if area.w < 16 or area.h < 16:
        return
    fn = _DIAGRAMS.get(key)
    if fn is None and key.startswith("scenario_"):
        fn = _scenario
    if fn is None:
        return
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    try:
        pygame.draw.rect(surface, (34, 46, 40), area)
        fn(key, surface, area, theme)
    finally:
        surface.set_clip(clip)


def _font(theme, geo_or_h, k=0.06, lo=8.0, hi=16.0):
    h = geo_or_h if isinstance(geo_or_h, (int, float)) else geo_or_h.h
    return theme.font(max(lo, min(hi, h * k / theme.scale)))


def _cloth(surface, geo) -> None:
    pygame.draw.rect(surface, D.CLOTH, geo.table)


def _gun(gid, kind, seat, pos, facing, carriage=True, markers=0):
    return SimpleNamespace(id=gid, type=kind, seat=seat, pos=pos, facing=facing, carriage=carriage,
                           stats=ARTILLERY[kind], spiked=False, destroyed=False, markers=markers)


def _unit(uid, seat, models, pos, fatigue=0):
    return SimpleNamespace(id=uid, seat=seat, models=models, pos=pos, fatigue=fatigue, alive=True)


def _poly(surface, geo, kind, poly) -> None:
    fill, edge = D.TERRAIN_COL.get(kind, D.STRUCT_COL.get(kind, ((150, 110, 70), (84, 56, 30))))
    pygame.draw.polygon(surface, fill, geo.poly(poly))
    pygame.draw.polygon(surface, edge, geo.poly(poly), max(1, int(geo.s / 4)))


def _fitting_font(theme, texts, width: int, size: float, lo: float = 6.0):
    """The largest font (from ``size`` down to ``lo``) in which every text fits
    ``width``; the smallest when none does (the caller wraps)."""
    f = theme.font(size)
    while size > lo and any(f.size(t)[0] > width for t in texts):
        size -= 0.5
        f = theme.font(size)
    return f


def _gap(f) -> int:
    """A word space that reads as one at small sizes (the default font's is a sliver there)."""
    return max(f.size(" ")[0], f.get_height() // 3)


def _width(f, text: str) -> int:
    words = text.split()
    return sum(f.size(w)[0] for w in words) + _gap(f) * max(0, len(words) - 1)


def _wrap(text: str, f, width: int) -> list[str]:
    lines: list[str] = []
    for w in text.split():
        if lines and _width(f, lines[-1] + " " + w) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines or [""]


def _words(surface, text: str, f, col, x: int, y: int, shadow=(0, 0, 0)) -> pygame.Rect:
    """A line drawn word by word with a clear space between words; its rect."""
    r = pygame.Rect(x, y, 0, f.get_linesize())
    for w in text.split():
        got = draw_text(surface, w, f, col, (x, y), shadow=shadow)
        r.union_ip(got)
        x = got.right + _gap(f)
    return r


def _caption(surface, geo, theme, text, at, col=(240, 236, 220), width: float | None = None, area=None) -> None:
    """A caption centred on ``at`` (inches), wrapped to ``width`` inches (default: the
    picture's width) and kept whole inside the picture: never cut."""
    area = pygame.Rect(area) if area is not None else geo.table
    room = int(min(area.w - 8, (width * geo.s) if width else area.w - 8))
    f = theme.font(max(8.0, min(15.0, max(geo.s * 0.9, area.h * 0.055) / theme.scale)))
    lines = _wrap(text, f, max(10, room))
    lh = f.get_linesize()
    x, y = geo.pt(*at)
    block = pygame.Rect(0, 0, max(_width(f, ln) for ln in lines), lh * len(lines))
    block.center = (int(x), int(y))
    block.clamp_ip(area.inflate(-4, -4))
    for i, line in enumerate(lines):
        _words(surface, line, f, col, block.centerx - _width(f, line) // 2, block.y + i * lh)


# -- the pictures ----------------------------------------------------------------------------

def _cards(key, surface, area, theme) -> None:
    """The suit order on four cards, then the actions table. On a narrow picture
    the suits' names give way to their letters rather than being cut."""
    f = _font(theme, area.h, 0.07)
    cw = min(area.w // 6, int(area.h * 0.3))
    ch = int(cw * 1.4)
    x = area.x + (area.w - 4 * (cw + 8)) // 2
    y = area.y + 8
    cols = {"S": (20, 20, 20), "H": (200, 40, 40), "D": (200, 40, 40), "C": (20, 20, 20)}
    names_fit = all(f.size(SUIT_NAMES[s])[0] <= cw + 6 for s in SUITS)
    for i, s in enumerate(SUITS):
        r = pygame.Rect(x + i * (cw + 8), y, cw, ch)
        pygame.draw.rect(surface, (246, 242, 230), r, border_radius=6)
        pygame.draw.rect(surface, (90, 80, 60), r, 2, border_radius=6)
        draw_text(surface, s, theme.font(max(10.0, cw * 0.4 / theme.scale), bold=True), cols[s], r.center, "center")
        draw_text(surface, str(i + 1), f, (90, 80, 60), (r.x + 4, r.y + 2))
        if names_fit:
            draw_text(surface, SUIT_NAMES[s], f, (236, 232, 220), (r.centerx, r.bottom + 2), "midtop")
    y += ch + (f.get_linesize() if names_fit else 0) + 10
    # the table: its first column as wide as "Inexperienced" needs, in a smaller font
    # when the picture is narrow (never cut)
    rows = list(EXPERIENCE) + ["Actions"]
    f = _fitting_font(theme, rows, int((area.w - 20) * 0.5) - 10, min(16.0, max(8.0, area.h * 0.07 / theme.scale)))
    lh = f.get_linesize()
    first = max(f.size(e)[0] for e in rows) + 10
    colw = max(1, (area.w - 20 - first) // 4)
    heads = [SUIT_NAMES[s] if f.size(SUIT_NAMES[s])[0] <= colw - 4 else s for s in SUITS]
    draw_text(surface, "Actions", f, (232, 176, 72), (area.x + 10, y))
    for j, head in enumerate(heads):
        draw_text(surface, head, f, (232, 176, 72), (area.x + 10 + first + j * colw, y))
    y += lh
    for exp in EXPERIENCE:
        draw_text(surface, exp, f, (236, 232, 220), (area.x + 10, y))
        for j, s in enumerate(SUITS):
            draw_text(surface, str(ACTIONS[exp][s]), f, (236, 232, 220), (area.x + 10 + first + j * colw, y))
        y += lh


def _crew_example(key, surface, area, theme) -> None:
    geo = D.Geo(area, 16, 10)
    _cloth(surface, geo)
    _poly(surface, geo, "hull", ((2, 3), (12, 3), (15, 5), (12, 7), (2, 7)))
    for i, (x, face) in enumerate(((4, 0), (8, 0), (4, 180), (8, 180))):
        y = 6.3 if face == 0 else 3.7
        D.draw_gun(surface, geo, theme, _gun(f"G{i + 1}", "light", 0, (x, y), face, carriage=False))
    D.draw_unit(surface, geo, theme, None, _unit("A1", 0, 4, (11, 5)))
    # kept on the cloth: clamped to the whole square it ran past the cloth's green edges
    _caption(surface, geo, theme, "4 Light Cannons, a crew of 4", (8, 8.8), area=geo.table)


def _carriage_move(key, surface, area, theme) -> None:
    geo = D.Geo(area, 20, 12)
    _cloth(surface, geo)
    col = theme.c["move_step"]
    # short labels: three wrapped lines spilled off the cloth (a play-test); the caption
    # under the picture says the rest ("A Light Cannon's crew moves 3" with its gun...")
    for cx, r, label, gun in ((5.5, 3, '3" with G1', True),
                              (14.5, 4, '4" without G1', False)):
        c = geo.pt(cx, 6)
        pygame.draw.circle(surface, col, (int(c[0]), int(c[1])), int(r * geo.s), 2)
        D.draw_unit(surface, geo, theme, None, _unit("A1", 0, 4, (cx, 6)))
        if gun:
            D.draw_gun(surface, geo, theme, _gun("G1", "light", 0, (cx, 7.8), 0))
        _caption(surface, geo, theme, label, (cx, 1.4), width=8.5, area=area)


def _arc_of_fire(key, surface, area, theme) -> None:
    geo = D.Geo(area, 36, 34)
    _cloth(surface, geo)
    D.draw_arc(surface, geo, theme, (18, 1.5), 0, 45, reach=32, alpha=60)
    D.draw_gun(surface, geo, theme, _gun("G1", "light", 0, (18, 1.5), 0))
    _caption(surface, geo, theme, "45 degrees each side of the facing", (18, 33), area=area)


def _damage_track(key, surface, area, theme) -> None:
    f = _font(theme, area.h, 0.08, hi=18)
    lh = f.get_linesize()
    x, y = area.x + 12, area.y + 10
    w = area.w - 24
    for line in wrap_text("Stone Building: Fortitude 3, Integrity 3", f, w):
        draw_text(surface, line, f, (236, 232, 220), (x, y))
        y += lh
    y += 6
    label = f.size("Fortitude 3")[0] + 12
    box = max(6, min(area.w // 14, int(area.h * 0.14), (w - label) // 3 - 6))
    for row in range(2):
        draw_text(surface, f"Fortitude {3 - row}", f, (232, 176, 72), (x, y + box // 2), "midleft")
        bx = x + label
        for i in range(3):
            r = pygame.Rect(bx + i * (box + 6), y, box, box)
            ticked = row * 3 + i < 4
            pygame.draw.rect(surface, theme.c["danger"] if ticked else (70, 64, 56), r)
            pygame.draw.rect(surface, (220, 210, 190), r, 2)
        y += max(box, lh) + 8
    for line in wrap_text("Tally 4: one Integrity filled, Fortitude falls to 2", f, w):
        draw_text(surface, line, f, (236, 232, 220), (x, y + 4))
        y += lh


def _range_bands(key, surface, area, theme) -> None:
    """Two bars of range bands, each under its label (wrapped, never cut)."""
    f = _font(theme, area.h, 0.07)
    lh = f.get_linesize()
    x0, x1 = area.x + 10, area.right - 10
    bar = max(10, area.h // 7)
    y = area.y + 8
    for band, label in ((8, "Roundshot, chainshot: +1 per full 8\""),
                        (4, "Grapeshot, swivels, muskets: +1 per full 4\"")):
        for line in wrap_text(label, f, x1 - x0):
            draw_text(surface, line, f, (236, 232, 220), (x0, y))
            y += lh
        n = 40 // band
        w = (x1 - x0) / n
        for i in range(n):
            r = pygame.Rect(int(x0 + i * w), y, int(w) - 1, bar)
            pygame.draw.rect(surface, D.band_colour(theme, min(3, i)), r)
            if f.size(f"+{i}")[0] <= w - 2 and lh <= bar + 2:
                draw_text(surface, f"+{i}", f, (20, 20, 20), r.center, "center")
        draw_text(surface, '40"', f, (236, 232, 220), (x1, y + bar + 2), "topright")
        y += bar + lh + 10


def _cover(key, surface, area, theme) -> None:
    geo = D.Geo(area, 30, 14)
    _cloth(surface, geo)
    _poly(surface, geo, "building", rect(2, 4, 9, 10))
    _poly(surface, geo, "wall", rect(12, 4.6, 18, 5.3))     # between the gun and the unit
    for x, label in ((5.5, "hard: in a house"), (15, "normal: behind a wall"), (25, "open")):
        D.draw_unit(surface, geo, theme, None, _unit("B", 1, 5, (x, 7 if x != 5.5 else 7)))
        _caption(surface, geo, theme, label, (x, 12.5), width=9.0, area=area)
    D.draw_gun(surface, geo, theme, _gun("G1", "light", 0, (15, 1.5), 0))


def _line_of_sight(key, surface, area, theme) -> None:
    geo = D.Geo(area, 30, 16)
    _cloth(surface, geo)
    woods = ((17, 9), (22, 8.5), (23, 13), (18, 13.5))
    _poly(surface, geo, "woods", woods)
    gun = (6, 2)
    D.draw_gun(surface, geo, theme, _gun("G1", "light", 0, gun, 45))
    for pos, ok in (((26, 5), True), ((25, 14.5), False)):
        D.draw_unit(surface, geo, theme, None, _unit("B", 1, 5, pos))
        a, b = geo.pt(*gun), geo.pt(*pos)
        if ok:
            pygame.draw.line(surface, (90, 200, 110), a, b, 3)
        else:
            D.dashed(surface, theme.c["danger"], a, b, 3, 7)
    _caption(surface, geo, theme, "clear", (21, 3.4), width=8.0, area=area)
    _caption(surface, geo, theme, "blocked by woods", (11, 12), width=10.0, area=area)


def _scenario(key, surface, area, theme) -> None:
    """A scenario's table as it starts, drawn and labelled as the board draws it."""
    st = new_game({"scenario": key.split("_", 1)[1]})
    geo = D.Geo(area, st.table.width, st.table.height, margin=0.3)
    surface.blit(D.base_table(geo, st.table, False), geo.table.topleft)
    D.draw_sections(surface, geo, theme, st, tracks=False)
    for g in st.guns.values():
        D.draw_gun(surface, geo, theme, g, label=False)
    for u in st.units.values():
        D.draw_unit(surface, geo, theme, st, u, label=False)
    view = geo.table.clip(area)
    units = [(u, u.pos, u.models) for u in st.units.values()]
    guns = [(g, g.pos, g.facing, g.markers) for g in st.guns.values()]
    tracks = D.draw_tracks(surface, geo, theme, st, bounds=view, keep_off=D.piece_boxes(geo, units, guns))
    spots = D.place_labels(geo, theme, units, guns, [tr.rect for tr in tracks.values()], view)
    for g, _p, _f, m in guns:
        D.draw_gun_label(surface, geo, theme, g, spots[("g", g.id)], m)
    for u, _p, n in units:
        D.draw_plate(surface, geo, theme, u, spots[("u", u.id)], n)


_DIAGRAMS = {
    "cards": _cards, "crew_example": _crew_example, "carriage_move": _carriage_move,
    "arc_of_fire": _arc_of_fire, "damage_track": _damage_track, "range_bands": _range_bands,
    "cover": _cover, "line_of_sight": _line_of_sight,
}
