"""The rules screen's pictures of Cannon (``draw_diagram``): small windows of the board
drawn with the live board's own geometry, wood, pieces and markers, so a diagram
looks exactly like the board. Nothing here decides a rule: each diagram builds its
position with the rules and asks them for the moves it shows.
"""
from __future__ import annotations

import math
from typing import NamedTuple

import pygame

from games.cannon import rules as R
from games.ui.theme import Theme

from .geometry import RGB, Geometry, Point
from .marks import (KIND_COLOR, draw_arrow, draw_cannons, draw_curved_arrow, draw_marker, draw_selection,
                    draw_warning, halo_color)
from .pieces import blit_piece
from .wood import draw_base


class DiagramSpec(NamedTuple):
    """What one diagram shows."""
    state: R.CannonState
    files: tuple[int, int]                      # the window of the board shown (inclusive)
    ranks: tuple[int, int]
    selected: int | None                        # the soldier drawn selected
    kinds: tuple[str, ...]                      # its moves shown, or "slide_arrows" / "arrows"
    cannons: list[tuple[int, int, int]]         # drawn as bands
    warn: list[int]                             # players whose town is drawn in danger
    extra: list[tuple[str, int]]                # more markers: (kind, square)


def _diagram_state(text: str, to_move: int = R.DARK, shot: str = "pass-over") -> R.CannonState:
    return R.CannonState.from_diagram(text, to_move=to_move, shot_rule=shot)


def _sq(name: str) -> int:
    sq = R.parse_square(name)
    assert sq is not None, name
    return sq


def _grid(marks: dict[str, str]) -> str:
    """A 10-line diagram from {'e4': 'd', ...}."""
    g = [["."] * 10 for _ in range(10)]
    for name, ch in marks.items():
        sq = _sq(name)
        g[9 - sq // 10][sq % 10] = ch
    return "\n".join("".join(row) for row in g)


def _diagram_spec(key: str) -> DiagramSpec | None:
    """What the diagram ``key`` shows (None: no such diagram)."""
    if key == "setup":
        st = R.new_game({})
        marks = [("place", sq) for sq in R.TOWN_SQUARES[0] + R.TOWN_SQUARES[1]]
        return DiagramSpec(st, (0, 9), (0, 9), None, (), [], [], marks)
    if key == "soldier_moves":
        st = _diagram_state(_grid({"e4": "d", "f5": "l", "d4": "l", "e3": "d", "a1": "D", "j10": "L"}))
        return DiagramSpec(st, (2, 6), (1, 5), _sq("e4"), ("step", "capture"), [], [], [])
    if key == "retreat":
        st = _diagram_state(_grid({"e5": "d", "f6": "l", "d4": "d", "a1": "D", "j10": "L"}))
        return DiagramSpec(st, (2, 6), (2, 6), _sq("e5"), ("retreat",), [], [], [])
    if key == "cannon_slide":
        st = _diagram_state(_grid({"d3": "d", "e4": "d", "f5": "d", "a1": "D", "j10": "L"}))
        return DiagramSpec(st, (2, 6), (1, 5), None, ("slide_arrows",), R.cannons_through(st, _sq("e4")), [], [])
    if key == "cannon_shot":
        st = _diagram_state(_grid({"e2": "d", "e3": "d", "e4": "d", "e6": "l", "e7": "l",
                                   "a1": "D", "j10": "L"}))
        sel = _sq("e4")
        return DiagramSpec(st, (2, 7), (1, 6), sel, ("shot",), R.cannons_through(st, sel), [], [])
    if key == "town":
        st = _diagram_state(_grid({"e5": "d", "e6": "d", "e7": "d", "d9": "d", "e10": "L",
                                   "f9": "l", "a1": "D"}))
        sel = _sq("e7")
        warn = [1] if R.town_threatened(st, R.LIGHT) else []
        return DiagramSpec(st, (1, 6), (4, 9), None, ("arrows",), R.cannons_through(st, sel), warn, [])
    return None


def draw_diagram(key: str, surface: pygame.Surface, rect: pygame.Rect | tuple[int, int, int, int],
                 theme: Theme) -> None:
    """A small picture for the rules screen; an unknown key draws nothing."""
    spec = _diagram_spec(key)
    if spec is None:
        return
    st, files, ranks, sel, kinds, cannons, warn, extra = spec
    rect = pygame.Rect(rect)
    full = files == (0, 9) and ranks == (0, 9)
    geo = Geometry(rect, 0.0, files, ranks, margin=0.95 if full else 0.85, pad=0.05)
    extend = (files[0] > 0, files[1] < 9, ranks[0] > 0, ranks[1] < 9)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    draw_base(surface, geo, theme, labels="two", extend=extend, grain=not full, shadow=False)
    cell = geo.cell
    if cannons:
        ov = pygame.Surface(rect.size, pygame.SRCALPHA)
        shifted = Geometry(ov.get_rect(), 0.0, files, ranks, margin=geo.margin, pad=0.05)
        draw_cannons(ov, shifted, cannons, theme)
        surface.blit(ov, rect.topleft)
    moves = R.moves_from(st, sel) if sel is not None else []
    moves = [m for m in moves if m.kind in kinds]
    arrows = []
    if "slide_arrows" in kinds:
        # both ways a cannon can slide: the end soldier that moves, and where it lands
        arrows = [m for m in st.legal_moves() if m.kind == "slide" and cannons and m.frm in cannons[0]]
        moves = arrows
    if "arrows" in kinds:
        # every move that takes a town, as an arrow that leaves the town itself in view
        arrows = [m for m in st.legal_moves() if m.to in st.towns and m.kind in ("capture", "shot")]
    for sq in range(R.N_SQUARES):
        code = st.cells[sq]
        if code and files[0] <= sq % 10 <= files[1] and ranks[0] <= sq // 10 <= ranks[1]:
            blit_piece(surface, code, geo.sq_px(sq), cell, theme)
    if sel is not None:
        draw_selection(surface, geo.sq_px(sel), cell, theme)
    for m in moves:
        if m.kind == "shot":
            a, b = geo.sq_fpx(m.frm), geo.sq_fpx(m.to)
            _dash(surface, a, b, theme.c["move_shot"], max(1, int(cell * 0.05)), cell * 0.5)
    for m in moves:
        draw_marker(surface, m.kind, geo.sq_px(m.to), cell, theme)
    for kind, sq in extra:
        draw_marker(surface, kind, geo.sq_px(sq), cell, theme)
    if arrows:
        _diagram_arrows(surface, rect, geo, files, ranks, arrows, theme)
    for p in warn:
        t = st.towns[p]
        if t is not None:
            draw_warning(surface, geo.sq_px(t), cell, theme, 0.3)
    surface.set_clip(clip)


def _diagram_arrows(surface: pygame.Surface, rect: pygame.Rect, geo: Geometry, files: tuple[int, int],
                    ranks: tuple[int, int], arrows: list[R.Move], theme: Theme) -> None:
    cell = geo.cell
    ov = pygame.Surface(rect.size, pygame.SRCALPHA)
    shifted = Geometry(ov.get_rect(), 0.0, files, ranks, margin=geo.margin, pad=0.05)
    for m in arrows:
        a, b = shifted.sq_fpx(m.frm), shifted.sq_fpx(m.to)
        if m.kind == "slide":
            # the end soldier hops over the other two (opposite ways bow to opposite sides)
            draw_curved_arrow(ov, a, b, cell * 1.7, theme.c["move_slide"], max(3, int(cell * 0.10)),
                              halo=halo_color(theme), trim=(cell * 0.42, cell * 0.3))
            continue
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy) or 1.0
        a = (a[0] + dx / n * cell * 0.30, a[1] + dy / n * cell * 0.30)
        b = (b[0] - dx / n * cell * 0.50, b[1] - dy / n * cell * 0.50)
        draw_arrow(ov, a, b, theme.c[KIND_COLOR[m.kind]], max(3, int(cell * 0.11)), alpha=235,
                   dashed=m.kind == "shot", halo=halo_color(theme))
    surface.blit(ov, rect.topleft)


def _dash(surface: pygame.Surface, a: Point, b: Point, color: RGB, width: int, start_gap: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    t = start_gap
    dash = max(3.0, width * 3.0)
    while t < n - start_gap:
        t1 = min(n - start_gap, t + dash)
        pygame.draw.line(surface, color, (a[0] + ux * t, a[1] + uy * t), (a[0] + ux * t1, a[1] + uy * t1), width)
        t += dash * 2
