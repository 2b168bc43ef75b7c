"""Saves of today's format (4), one mid-game and one finished per game, made on
2026-11-25 (tests/core/fixtures/today/make.py) and never refreshed: each loads, replays
to exactly the position it was saved at (the snapshot written in the file), finished
or not as it was, and a mid-game one plays on to the end; each opens in the real frame.
A change to a game's rules or notation that breaks a save from today fails here."""
from __future__ import annotations

import glob
import json
import os

import pytest

from games.core import saves
from games.core.driver import MatchDriver

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "today")
FIXTURES = sorted(glob.glob(os.path.join(HERE, "*.json")))


def test_there_is_a_mid_game_and_a_finished_save_of_every_game():
    import games
    names = {os.path.basename(p) for p in FIXTURES}
    for g in games.GAMES:
        assert {f"{g.id}_mid.json", f"{g.id}_end.json"} <= names, g.id


@pytest.mark.parametrize("path", FIXTURES, ids=os.path.basename)
def test_a_save_of_today_loads_and_replays_to_the_same_position(path):
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    assert d["version"] == 4
    m = saves.load_match(path)
    assert [e.text for e in m.log] == d["moves"]
    assert json.loads(json.dumps(m.state.snapshot())) == d["snapshot"]
    assert m.is_over() == d["finished"] and m.ply == d["turn"]


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.endswith("_mid.json")], ids=os.path.basename)
def test_a_mid_game_save_of_today_plays_on_to_the_end(path):
    m = saves.load_match(path)
    for s in m.seats:
        s.kind, s.level = "ai", "easy"
    MatchDriver(m).play_out(time_scale=0.05)
    assert m.is_over()


@pytest.mark.parametrize("path", [p for p in FIXTURES if p.endswith("_mid.json")], ids=os.path.basename)
def test_a_save_of_today_opens_in_the_real_frame(path, tmp_path):
    import shutil

    from games.ui import router
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    from tests.ui.helpers import frames
    copy = str(tmp_path / os.path.basename(path))
    shutil.copy(path, copy)
    app = make_app((1280, 720), animation="off")
    app.push(router.make("menu", app))
    router.open_save(app, copy)
    frames(app, 3)
    game = next(s for s in app.stack.scenes if isinstance(s, GameScreen))
    saved = [e.text for e in saves.load_match(path).log]
    # the seats are computers: the frame may already have played on from the saved position
    assert [e.text for e in game.match.log][:len(saved)] == saved
    for s in list(app.stack.scenes):
        s.on_exit()
