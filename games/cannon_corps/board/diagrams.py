"""Small pictures for the Cannon Corps rules screen, drawn with the table's
own pieces (``CorpsBoard.draw_rules_diagram(key, surface, rect, theme)``).

Keys: ``grid``, ``setup``, ``dice``, ``shot``, ``hit`` (``damage``), ``cover``,
``deploy`` (``defeated``), ``halving`` (``ammo``), ``final_salvo``,
``elimination`` (``out``, ``winning``), ``table``.  An unknown key draws the grid.
"""
from __future__ import annotations

import math

import pygame

from games.cannon_corps.board import table_draw as td
from games.cannon_corps.rules import DICE, DIE_SIZES, SPACES
from games.ui.dice import draw_die
from games.ui.theme import blend, wrap_text

ME, THEM, THIRD = 2, 3, 4      # seat colours used in the pictures


def _grid(surface, theme, rect, cells=None, marks=None, lit=(), fog=False, seat=ME, labels=True, dim=()):
    """A 3x4 grid fitted in rect; returns a function space -> cell rect."""
    c = theme.c
    lab = max(8, int(rect.w * 0.08)) if labels else 0
    cell = int(min((rect.w - lab) / 4.2, (rect.h - lab) / 3.15))
    gap = max(2, cell // 12)
    gw, gh = 4 * cell + 3 * gap, 3 * cell + 2 * gap
    x0 = rect.x + lab + (rect.w - lab - gw) // 2
    y0 = rect.y + lab + (rect.h - lab - gh) // 2

    def at(sp):
        r, col = divmod(SPACES.index(sp), 4)
        return pygame.Rect(x0 + col * (cell + gap), y0 + r * (cell + gap), cell, cell)

    f = td.font(theme, max(9, cell * 0.32 / theme.scale), bold=True)
    if labels:
        for ch in "1234":
            td.text(surface, ch, f, c["text_dim"], (at("A" + ch).centerx, y0 - 2), "midbottom")
        for ch in "ABC":
            td.text(surface, ch, f, c["text_dim"], (x0 - 3, at(ch + "1").centery), "midright")
    base = c["fog"] if fog else blend(c["table"], (255, 255, 255), 0.1)
    for sp in SPACES:
        r = at(sp)
        fill = blend(base, (255, 255, 255), 0.1) if sp in lit else base
        td.cell(surface, r, fill, blend(base, (0, 0, 0), 0.4), max(2, cell // 10))
        if sp in lit:
            pygame.draw.rect(surface, c["accent"], r, max(2, cell // 14), max(2, cell // 10))
        if marks and sp in marks:
            td.crater(surface, theme, r, marks[sp], small=True)
        if cells and sp in cells:
            die, val = cells[sp]
            draw_die(surface, die, val, r.center, cell * 0.8, **td.die_colors(theme, seat, dim=sp in dim))
    return at


def _caption(surface, theme, rect, text, color=None):
    """One or two centred lines at the bottom of the picture.  ``text`` may be
    a tuple of wordings, longest first: the first that fits in two lines is
    used (a small picture, such as the menu card's, gets the short one)."""
    f = _cap_font(theme, rect)
    if isinstance(text, tuple):
        # whole, in two lines at most, each as wide as the picture (a word wider than the
        # picture wraps alone and would be cut: the menu card read "Your / secret ...")
        text = next((x for x in text if len(wrap_text(x, f, rect.w)) <= 2
                     and all(f.size(line)[0] <= rect.w for line in wrap_text(x, f, rect.w))), text[-1])
    lines = wrap_text(text, f, rect.w)[:2]
    if len(lines) == 2 and len(wrap_text(text, f, rect.w)) > 2:
        lines[1] = td.fit(lines[1] + " ...", f, rect.w)
    y = rect.bottom - 1
    for line in reversed(lines):
        r = td.text(surface, line, f, color or theme.c["text"], (rect.centerx, y), "midbottom")
        y = r.top


def _cap_font(theme, rect):
    return td.font(theme, max(11, min(15, rect.w / 17 / theme.scale)), bold=True)


def _arrow(surface, color, a, b, w=3, head=10):
    pygame.draw.line(surface, color, a, b, w)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    p1 = (b[0] - head * math.cos(ang - 0.45), b[1] - head * math.sin(ang - 0.45))
    p2 = (b[0] - head * math.cos(ang + 0.45), b[1] - head * math.sin(ang + 0.45))
    pygame.draw.polygon(surface, color, [b, p1, p2])


def draw_diagram(key, surface, rect, theme):
    c = theme.c
    rect = pygame.Rect(rect)
    # Draw only inside ``rect`` AND whatever clip the caller set (the rules
    # screen clips to its scrolling text area): intersect, never replace.
    clip = surface.get_clip()
    inside = rect.clip(clip) if clip else rect
    if inside.w <= 0 or inside.h <= 0:
        return
    surface.set_clip(inside)
    try:
        pygame.draw.rect(surface, c["table"], rect, border_radius=theme.px(10))
        pygame.draw.rect(surface, c["edge"], rect, 1, border_radius=theme.px(10))
        inner = rect.inflate(-theme.px(14), -theme.px(14))
        cap_h = 2 * _cap_font(theme, inner).get_linesize() + 4
        body = pygame.Rect(inner.x, inner.y, inner.w, inner.h - cap_h)
        fn = _DIAGRAMS.get(str(key).lower().replace("-", "_").replace(" ", "_"), _grid_picture)
        fn(surface, theme, body, inner)
    finally:
        surface.set_clip(clip)


def _grid_picture(surface, theme, body, inner):
    cells = {"A2": ("d12", 12), "B4": ("d6", 6), "C1": ("d20", 20), "C3": ("d%", 10)}
    _grid(surface, theme, body, cells)
    _caption(surface, theme, inner, ("Your secret grid: rows A-C, columns 1-4", "Your secret grid", "Secret grid",
                                     "Secret"))


def _dice_picture(surface, theme, body, inner):
    c = theme.c
    n = len(DICE)
    per = 4
    size = min(body.w / per, body.h / 2.4)
    f = td.font(theme, 13, bold=True)
    for i, d in enumerate(DICE):
        r, col = divmod(i, per)
        in_row = per if r == 0 else n - per
        x = body.centerx + (col - (in_row - 1) / 2) * size
        y = body.y + size * 0.55 + r * size * 1.2
        draw_die(surface, d, DIE_SIZES[d], (x, y), size * 0.78, **td.die_colors(theme, ME))
        td.text(surface, d, f, c["text_dim"], (x, y + size * 0.45), "midtop")
    _caption(surface, theme, inner, "Seven dice, each starts at its highest value")


def _setup_picture(surface, theme, body, inner):
    c = theme.c
    top = pygame.Rect(body.x, body.y, body.w, int(body.h * 0.68))
    cells = {"A1": ("d4", 4), "B3": ("d8", 8), "C2": ("d12", 12), "A4": ("d20", 20)}
    _grid(surface, theme, top, cells)
    size = min(body.h * 0.28, body.w / 4.5)
    f = td.font(theme, 12, bold=True)
    td.text(surface, "Reserves:", f, c["text_dim"], (body.x, body.bottom - size * 0.5), "midleft")
    x0 = body.x + f.size("Reserves:")[0] + size * 0.7
    for i, d in enumerate(("d6", "d10", "d%")):
        draw_die(surface, d, DIE_SIZES[d], (x0 + i * size * 1.05, body.bottom - size * 0.5), size * 0.8,
                 **td.die_colors(theme, ME))
    _caption(surface, theme, inner, "Hide four dice; three wait in reserve")


def _shot_picture(surface, theme, body, inner):
    c = theme.c
    half = body.w // 2
    a = _grid(surface, theme, pygame.Rect(body.x, body.y + body.h * 0.34, half - 4, body.h * 0.66),
              fog=True, marks={"B3": {"answer": "hit", "ago": 0}}, labels=False)
    b = _grid(surface, theme, pygame.Rect(body.x + half + 4, body.y + body.h * 0.34, half - 4, body.h * 0.66),
              fog=True, marks={"B3": {"answer": "miss", "ago": 0}}, labels=False)
    base = (body.centerx, body.y + body.h * 0.16)
    size = body.h * 0.16
    muzzle = td.cannon(surface, theme, base, math.pi / 2 * 0.98, size, 0.0, 0.6)
    for at in (a, b):
        _arrow(surface, c["accent"], muzzle, at("B3").midtop, max(2, theme.px(2)), theme.px(8))
    f = td.font(theme, 13, bold=True)
    td.text(surface, "HIT", f, c["hit"], (a("A3").centerx, a("A3").y - 2), "midbottom")
    td.text(surface, "MISS", f, c["miss"], (b("A3").centerx, b("A3").y - 2), "midbottom")
    _caption(surface, theme, inner, '"Power 8 shot at B3": every other grid answers')


def _change(surface, theme, body, inner, die, a, b, caption, seat=ME, cross=False):
    c = theme.c
    size = min(body.h * 0.62, body.w * 0.36)
    y = body.centery
    x1, x2 = body.x + body.w * 0.25, body.x + body.w * 0.75
    draw_die(surface, die, a, (x1, y), size, **td.die_colors(theme, seat))
    if cross:
        td.dead_die(surface, theme, seat, die, (x2, y), size)
    else:
        draw_die(surface, die, b, (x2, y), size, **td.die_colors(theme, seat))
    _arrow(surface, c["accent"], (x1 + size * 0.55, y), (x2 - size * 0.55, y), max(2, theme.px(3)), theme.px(10))
    _caption(surface, theme, inner, caption)


def _hit_picture(surface, theme, body, inner):
    _change(surface, theme, body, inner, "d12", 12, 4, "Hit by power 8: 12 becomes 4")


def _halving_picture(surface, theme, body, inner):
    _change(surface, theme, body, inner, "d10", 5, 2, "After firing, the platoon halves: 5 becomes 2")


def _cover_picture(surface, theme, body, inner):
    lit = ("A1", "A2", "A3", "B1", "C1", "C3")
    at = _grid(surface, theme, body, {"B2": ("d20", 12), "C2": ("d6", 6), "B3": ("d8", 8)}, lit=lit,
               marks=None)
    c = theme.c
    o = at("B2").center
    for sp in ("A1", "A3", "C1", "C3", "B1"):
        t = at(sp).center
        _arrow(surface, c["accent"], (o[0] + (t[0] - o[0]) * 0.35, o[1] + (t[1] - o[1]) * 0.35),
               (o[0] + (t[0] - o[0]) * 0.8, o[1] + (t[1] - o[1]) * 0.8), max(2, theme.px(2)), theme.px(7))
    _caption(surface, theme, inner, "Hit and alive: move one space, or stay and bluff")


def _deploy_picture(surface, theme, body, inner):
    c = theme.c
    top = pygame.Rect(body.x, body.y, body.w, int(body.h * 0.7))
    at = _grid(surface, theme, top, {"A1": ("d4", 4), "C2": ("d12", 12), "A4": ("d20", 20)}, lit=())
    size = min(body.h * 0.26, body.w / 5)
    y = body.bottom - size * 0.5
    td.dead_die(surface, theme, ME, "d8", (body.x + size * 0.6, y), size * 0.8)
    f = td.font(theme, 12, bold=True)
    td.text(surface, "defeated", f, c["text_dim"], (body.x + size * 1.2, y), "midleft")
    rx = body.right - size * 0.6
    draw_die(surface, "d10", 10, (rx, y), size * 0.8, **td.die_colors(theme, ME))
    _arrow(surface, c["accent"], (rx - size * 0.3, y - size * 0.5), at("B3").center, max(2, theme.px(2)), theme.px(8))
    _caption(surface, theme, inner, "A platoon falls: deploy a reserve, secretly")


def _salvo_picture(surface, theme, body, inner):
    c = theme.c
    size = min(body.h * 0.4, body.w * 0.26)
    y = body.y + body.h * 0.35
    x1, x2 = body.x + body.w * 0.2, body.x + body.w * 0.78
    draw_die(surface, "d6", 1, (x1, y), size, **td.die_colors(theme, ME))
    draw_die(surface, "d20", 20, (x2, y), size, **td.die_colors(theme, THEM))
    _arrow(surface, c["danger"], (x1 + size * 0.6, y), (x2 - size * 0.6, y), max(2, theme.px(3)), theme.px(10))
    y2 = body.y + body.h * 0.8
    td.dead_die(surface, theme, ME, "d6", (x1, y2), size * 0.7)
    td.dead_die(surface, theme, THEM, "d20", (x2, y2), size * 0.7)
    f = td.font(theme, 13, bold=True)
    td.text(surface, "both", f, c["danger"], ((x1 + x2) / 2, y2), "midbottom")
    td.text(surface, "DEFEATED", f, c["danger"], ((x1 + x2) / 2, y2), "midtop")
    _caption(surface, theme, inner, "FINAL SALVO: a 1 defeats whatever it hits")


def _out_picture(surface, theme, body, inner):
    top = pygame.Rect(body.x, body.y, body.w, int(body.h * 0.68))
    _grid(surface, theme, top, {"A3": ("d6", 2), "B1": ("d%", 7), "C4": ("d20", 3)}, seat=THEM,
          dim=("A3", "B1", "C4"), fog=True)
    size = min(body.h * 0.26, body.w / 5.5)
    y = body.bottom - size * 0.5
    for i, d in enumerate(("d4", "d8", "d10", "d12")):
        td.dead_die(surface, theme, THEM, d, (body.centerx + (i - 1.5) * size * 1.1, y), size * 0.85)
    _caption(surface, theme, inner, "Fourth platoon defeated: out, grid revealed")


def _table_picture(surface, theme, body, inner):
    half = body.h // 2
    for i in range(2):
        r = pygame.Rect(body.x + i * body.w // 2, body.y, body.w // 2 - 4, half - 4)
        _grid(surface, theme, r, fog=True, labels=False, marks={"B3": {"answer": "hit", "ago": 1},
                                                                 "A1": {"answer": "miss", "ago": 3}})
    _grid(surface, theme, pygame.Rect(body.x, body.y + half, body.w, half),
          {"A2": ("d12", 12), "C3": ("d8", 4)}, labels=False)
    _caption(surface, theme, inner, "Opponents above (what the table knows), you below")


_DIAGRAMS = {
    "grid": _grid_picture, "board": _grid_picture,
    "dice": _dice_picture,
    "setup": _setup_picture, "reserves": _setup_picture,
    "shot": _shot_picture, "fire": _shot_picture, "firing": _shot_picture, "turn": _shot_picture,
    "hit": _hit_picture, "damage": _hit_picture,
    "halving": _halving_picture, "ammo": _halving_picture, "halve": _halving_picture,
    "cover": _cover_picture, "bluff": _cover_picture,
    "deploy": _deploy_picture, "defeated": _deploy_picture, "defeat": _deploy_picture,
    "reinforce": _deploy_picture,
    "final_salvo": _salvo_picture, "salvo": _salvo_picture,
    "elimination": _out_picture, "out": _out_picture, "winning": _out_picture, "win": _out_picture,
    "table": _table_picture,
}
KEYS = tuple(_DIAGRAMS)
