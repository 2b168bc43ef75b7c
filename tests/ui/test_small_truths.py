"""Small truths (issue 31, item 6): texts on the table that must be true at every
moment, checked through the real frame under the dummy video driver.

Cannon Corps: the line under an opponent's panel says how many platoons stand on
its grid and how many dice wait in its reserve, also in the moments between a
platoon falling and its replacement being deployed (it used to say "3 on grid,
no reserve" then, while three dice still waited)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon_corps.board import table_draw as td  # noqa: E402
from games.cannon_corps.rules import DeployDecision, Move  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.match import HUMAN, SEED_ONLY, Match, Seat  # noqa: E402
from games.ui.game_screen import GameScreen  # noqa: E402
from games.ui.headless import make_app  # noqa: E402
from tests.ui.helpers import show_me  # noqa: E402
from tests.cannon_corps.corps_util import S0, S1, S2  # noqa: E402


@pytest.fixture
def app(tmp_path):
    paths.set_data_dir(str(tmp_path / "data"))
    a = make_app((1280, 720), animation="off")
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    a.stack.scenes.clear()
    paths.set_data_dir(None)


def _corps_after_a_fall():
    """Three people at one table.  Seat 0 fires its d4 (power 4) at B3: seat 1's
    d12 there survives (it decides cover first), seat 2's d4 there falls (it
    deploys after).  So while seat 1 decides, seat 2 has three platoons on its
    grid and all three reserves still waiting."""
    m = Match(games.get("cannon_corps"), {}, [Seat(HUMAN, "easy", n) for n in ("Ana", "Ben", "Cleo")],
              seed=3, ai_secret=3, chance_secret=SEED_ONLY)
    for setup in (S0, S1, S2):
        m.play(Move.setup(setup))
    m.play(Move("start", seat=0))
    m.play(Move("fire", "d4", "B3"))
    st = m.state
    assert st.current_player() == 1 and len(st.platoons[2]) == 3 and len(st.reserves[2]) == 3
    return m


def _footer_texts(monkeypatch, g) -> list[str]:
    """Every text the Corps table draws in one frame (the panels' pictures redrawn)."""
    drawn: list[str] = []
    real = td.text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(td, "text", spy)
    g.board.drawer.panel_cache.clear()
    g.board.draw(pygame.Surface(g.app.screen.get_size()))
    monkeypatch.setattr(td, "text", real)
    return drawn


def _army_line(texts, grid: int, reserve: int) -> bool:
    words = "no res" if reserve == 0 else f"{reserve} res"
    return any(t.startswith(f"{grid} ") and "grid" in t and words in t.replace("in res", "res") for t in texts)


def test_corps_panel_counts_the_reserve_of_a_seat_that_lost_a_platoon(app, monkeypatch):
    m = _corps_after_a_fall()
    g = GameScreen(app, m)
    app.push(g)
    app.step(1 / 60, events=[])
    # seat 1 takes the screen (the hand-over, then its own secret view)
    show_me(app)
    app.step(1 / 60, events=[])
    assert g.viewer == 1
    texts = _footer_texts(monkeypatch, g)
    assert _army_line(texts, 3, 3), texts          # seat 2: three on its grid, three in reserve
    assert not any("no res" in t for t in texts), texts
    # and once seat 2 has deployed: four on the grid, two in reserve
    m.play(Move("stay", "d12"))
    assert isinstance(m.state.pending(), DeployDecision)
    m.play(Move("deploy", "d20", "A4"))
    g.board.reset()
    texts = _footer_texts(monkeypatch, g)
    assert _army_line(texts, 4, 2), texts
