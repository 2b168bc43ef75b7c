"""The Cannon Corps layout solver (games/cannon_corps/board/layout.py), without a
window: fonts are measured, nothing is drawn.  Every seat count and viewer at
the sizes the app supports gets a table whose pieces fit and do not overlap;
any size at all, down to an empty rectangle, gets a layout without negative
sizes (the drawing code then leaves out what has no room)."""
import os
import subprocess
import sys

import pygame
import pytest

from games.cannon_corps.board import layout as L
from games.cannon_corps.board import table_draw as td
from games.cannon_corps.rules import SPACES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WINDOWS = [(800, 600), (1280, 720), (1920, 1080), (1024, 768)]


@pytest.fixture(scope="module")
def theme():
    pygame.font.init()
    from games.ui.theme import Theme
    return Theme((1280, 720))


def _board(theme, window):
    """The theme at ``window`` and the board's area in it (as the game frame lays it out)."""
    theme.resize(window)
    w, h = window
    side_w = max(theme.px(240), min(int(w * 0.26), theme.px(340)))
    return theme, pygame.Rect(0, theme.px(64), w - side_w, h - theme.px(64))


@pytest.mark.slow
def test_the_solver_needs_no_window():
    code = ("import pygame; pygame.font.init()\n"
            "from games.ui.theme import Theme\n"
            "from games.cannon_corps.board.layout import solve\n"
            "lay = solve(pygame.Rect(0, 64, 950, 656), Theme((1280, 720)), 4, 0)\n"
            "assert lay.me is not None and len(lay.panels) == 4\n"
            "assert not pygame.display.get_init()\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT,
                   env=dict(os.environ, SDL_VIDEODRIVER="dummy"))


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("setup", [False, True])
def test_a_seat_sees_everything_fit(theme, window, n, setup):
    t, area = _board(theme, window)
    lay = L.solve(area, t, n, 0, setup)
    assert lay.me is not None and lay.me.big and set(lay.panels) == set(range(n))
    grids = []
    for s, p in lay.panels.items():
        assert area.contains(p.rect if not p.big else p.grid), (s, p.rect, area)
        for sp in SPACES:
            assert area.contains(p.cell_rect(sp))
        grids.append(p.rect if not p.big else p.grid)
        if not p.big:
            assert p.cell >= t.px(20), f"opponent cells too small: {p.cell}"
    for i, a in enumerate(grids):
        for b in grids[i + 1:]:
            assert not a.colliderect(b)
    opp = min(p.cell for p in lay.panels.values() if not p.big)
    assert lay.me.cell >= opp and opp >= (0.8 if n == 2 else 0.4) * lay.me.cell
    assert len(lay.tray_slots) == (7 if setup else 3) and len(lay.my_dead_slots) == (0 if setup else 4)
    for r in lay.tray_slots + lay.my_dead_slots:
        assert area.contains(r) and not lay.me.grid.colliderect(r)
    names = ("back", "clear", "confirm") if setup else ("stay",)
    for k in names:
        assert area.contains(lay.buttons[k]) and not lay.buttons[k].colliderect(lay.me.grid), k
    assert not lay.strip.colliderect(lay.me.grid)
    lg = lay.legend_rect
    if not setup and lg is not None and 0 < td.legend_height(t, lg.w) <= lg.h:
        assert area.contains(lg)
        for r in grids + lay.tray_slots + lay.my_dead_slots:
            assert not lg.colliderect(r), (lg, r)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_a_spectator_sees_equal_grids(theme, n):
    t, area = _board(theme, (1280, 720))
    lay = L.solve(area, t, n, None)
    assert lay.me is None and set(lay.panels) == set(range(n))
    assert len({p.cell for p in lay.panels.values()}) == 1
    assert all(area.contains(p.rect) for p in lay.panels.values())
    assert all(not lay.strip.colliderect(p.rect) for p in lay.panels.values())


@pytest.mark.parametrize("n", [2, 4, 6])
def test_any_size_gives_a_layout_without_negative_sizes(theme, n):
    sizes = [(1920, 1080), (640, 480), (320, 240), (220, 170), (120, 90), (40, 30), (7, 5), (1, 1), (0, 0),
             (1600, 1), (1, 1200)]
    for w, h in sizes:
        t = _board(theme, (max(1, w), max(1, h)))[0]
        for seat in (0, None):
            for setup in ((False, True) if seat is not None else (False,)):
                lay = L.solve(pygame.Rect(0, 0, w, h), t, n, seat, setup)
                for r in lay.rects():
                    assert r.w >= 0 and r.h >= 0, ((w, h), seat, r)
                for p in lay.panels.values():
                    assert p.cell >= 1


def test_one_opponent_lines_up_over_your_grid(theme):
    t, area = _board(theme, (800, 600))
    lay = L.solve(area, t, 2, 0)
    opp = lay.panels[1]
    # as far as the table's edge allows: aim straight down the columns
    assert lay.plan[0] == "stacked" and abs(opp.grid.x - lay.me.grid.x) <= t.px(10)


def test_panel_geometry():
    p = L.Panel(1, pygame.Rect(10, 10, 300, 200))
    p.grid = pygame.Rect(40, 40, 4 * 30 + 3 * 2, 3 * 30 + 2 * 2)
    p.cell, p.gap = 30, 2
    assert p.cell_rect("A1").topleft == (40, 40) and p.cell_rect("C4").bottomright == p.grid.bottomright
    assert p.space_at(p.cell_rect("B3").center) == "B3" and p.space_at((0, 0)) is None
    q = p.shifted()
    assert q.rect.topleft == (0, 0) and q.grid.topleft == (30, 30)
