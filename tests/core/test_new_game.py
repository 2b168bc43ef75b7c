"""A new game's generic version is one file (tests/core/newgame.py, docs/new_game.md):
registered, it passes every conformance check, is played to its end through the real
frame on the generic board by clicks, saves and loads, and plays in the arena."""
from __future__ import annotations

import random

import pytest

import games
from games.core import saves
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.ui.board import GenericBoard
from tests.core import newgame
from tests.core.test_conformance import (copy_problems, illegal_problems, notation_problems, playout_problems,
                                         sampled_positions, save_problems)
from tests.ui.helpers import click, frames, step


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(games.BY_ID, newgame.INFO.id, newgame.INFO)
    return newgame.INFO


def test_the_new_game_passes_every_conformance_check(registered, tmp_path):
    positions, pool = sampled_positions(lambda: newgame.LastBall(), seed=1, plies=40, every=1)
    rng = random.Random(3)
    assert playout_problems(lambda: newgame.LastBall(), 2, False, seed=1, plies=40) == []
    assert copy_problems(positions, rng) == []
    assert notation_problems(positions, rng) == []
    assert illegal_problems(positions, pool, rng)[0] == []
    assert save_problems(registered, 2, seed=2, plies=9, folder=tmp_path) == []


def test_the_new_game_is_played_to_its_end_through_the_real_frame_by_clicks(registered):
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    from games.ui.result_card import ResultCard
    app = make_app((1280, 720), animation="off")
    m = Match(registered, {}, [Seat(HUMAN, "normal", "Red"), Seat(AI, "random", "Blue")], seed=4,
              chance_secret=SEED_ONLY)
    screen = GameScreen(app, m)
    app.push(screen)
    frames(app, 2)
    assert isinstance(screen.board, GenericBoard), "no board of its own: the generic one"
    for _ in range(40):
        if m.is_over():
            break
        step(app, 2)
        if screen.can_act():
            click(app, screen.board.button_for(newgame.Take(1)).rect.center)
    step(app, 3)
    assert m.is_over() and isinstance(app.stack.top, ResultCard)
    assert sum(int(e.text[4:]) for e in m.log) == 15


def test_the_new_game_saves_loads_and_plays_in_the_arena(registered, tmp_path):
    from games.core.arena import play_one
    m = Match(registered, {}, [Seat(), Seat()], seed=1)
    for text in ("take3", "take2"):
        m.play_text(text)
    path = str(tmp_path / "g.json")
    saves.save_match(m, path)
    assert [e.text for e in saves.load_match(path).log] == ["take3", "take2"]
    res = play_one(registered.id, ["random", "random"], seed=1, index=0, time_scale=1.0, ply_cap=None)
    assert not res["unfinished"] and not res["errors"]
