"""Shrinking the window never crashes the Cannon Corps table, and every text it
can show is drawable by the default font.

The live mid-game table of a real ``GameScreen`` (one human against computers:
no hand-over in front of it) is laid out and drawn at a sweep of sizes from
1920x1080 down to 1x1 and an empty rectangle, for 2, 4 and 6 seats, in every
kind of moment: choosing a shot with a platoon selected and the pointer aiming,
a hint shown, a shot animating (drawn at several moments of its animation),
running for cover, setting up, a spectator's view, and the end of the game.
(Before, the small panels crashed at about 220x170 with ``pygame.error:
Invalid resolution for Surface``.)"""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon_corps.rules import CoverDecision, FireDecision, Move  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat  # noqa: E402

INFO = games.get("cannon_corps")
SIZES = [(1920, 1080), (1280, 720), (800, 600), (640, 480), (400, 300), (320, 240), (220, 170), (160, 120),
         (100, 75), (50, 40), (20, 15), (8, 6), (1, 1), (0, 0), (1600, 40), (40, 900)]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    paths.set_data_dir(str(tmp_path_factory.mktemp("data")))
    from games.ui.headless import make_app
    a = make_app((1280, 720), animation="normal")
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    a.stack.scenes.clear()


def _match(n, want, seed=1):
    """A match of ``n`` seats (Ana human, the rest computers) played at random
    until Ana has a decision of type ``want`` after at least one shot."""
    names = INFO.seat_names(n)
    for s in range(seed, seed + 200):
        m = Match(INFO, {}, [Seat(HUMAN, name=names[0])] + [Seat(AI, "easy", x) for x in names[1:]],
                  seed=s, ai_secret=s, chance_secret=SEED_ONLY)
        rng = random.Random(s)
        while not m.is_over():
            if m.to_move() == 0 and isinstance(m.state.pending(), want) and m.state.turn >= 2:
                return m
            if m.to_move() < 0:
                m.apply_chance()
                continue
            ms = m.state.legal_moves()
            m.play(ms[rng.randrange(len(ms))])
    raise AssertionError(f"no position with {want.__name__} for {n} seats")


def _screen(app, m, viewer="human"):
    from games.ui.game_screen import GameScreen
    app.stack.scenes.clear()
    g = GameScreen(app, m)
    app.push(g)
    g.runner.cancel()
    if viewer is None:
        g.viewer = None
        g.board.reset()
    return g


def _draw_at(app, b, w, h, relayout=True):
    app.theme.resize((max(1, w), max(1, h)))
    rect = pygame.Rect(0, 0, w, h)
    if relayout:
        b.layout(rect)
    else:
        b.rect = rect              # (a resize would end the animation; here it goes on)
    surf = pygame.Surface((max(1, w), max(1, h)))
    b.update(0.0)
    b.draw(surf)


def _sweep(app, b, relayout=True):
    for w, h in SIZES:
        _draw_at(app, b, w, h, relayout)
    app.theme.resize(app.screen.get_size())


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 4, 6])
def test_the_live_table_draws_at_every_size(app, n):
    # choosing a shot: a platoon selected, the pointer on an opponent's grid, a hint on show
    g = _screen(app, _match(n, FireDecision))
    b = g.board
    b.update(0.0)
    v = b.view()
    die = b.sel = next(iter(v.my_platoons))
    opp = v.opponents()[0]
    b.mouse = b.cell_center(opp, "B2")
    assert b.sel == die and b.aim_space(v) == "B2"
    _sweep(app, b)
    b.show_hint(Move("fire", die, "C3"))
    _sweep(app, b)
    # the shot animating: drawn at every size at several moments of its animation
    m = g.match
    before = m.state.copy()
    entry = m.play(Move("fire", die, "B2"))
    for k in range(6):
        for w, h in SIZES:
            g.show_move(entry, before)
            b.timeline.update(0.3 * k)
            assert k == 0 or b.busy or b.timeline.idle
            _draw_at(app, b, w, h, relayout=False)
    b.timeline.skip()
    _sweep(app, b)
    # the spectator's view and the end of the game
    g = _screen(app, m, viewer=None)
    _sweep(app, g.board)
    rng = random.Random(3)
    while not m.is_over():
        if m.to_move() < 0:
            m.apply_chance()
            continue
        ms = m.state.legal_moves()
        m.play(ms[rng.randrange(len(ms))])
    g = _screen(app, m, viewer=None)
    _sweep(app, g.board)


@pytest.mark.parametrize("n", [2, 6])
def test_running_for_cover_and_setting_up_draw_at_every_size(app, n):
    g = _screen(app, _match(n, CoverDecision))
    assert g.board.buttons(g.board.view())            # the Stay button is up
    _sweep(app, g.board)
    names = INFO.seat_names(n)
    m = Match(INFO, {}, [Seat(HUMAN, name=names[0])] + [Seat(AI, "easy", x) for x in names[1:]], seed=2,
              ai_secret=2, chance_secret=SEED_ONLY)
    g = _screen(app, m)
    b = g.board
    b.update(0.0)
    b.staged = {"d4": "A1", "d20": "C3"}
    b.stage_order = ["d4", "d20"]
    b.sel = "d8"
    _sweep(app, b)
