"""Saves of earlier formats, one mid-game and one finished per game, made on
2026-11-25 at format 4 (tests/core/fixtures/today/make.py) and never refreshed, and one pair
for each of Artillery's other scenarios (the town's at format 4 on 2026-11-29; the shore,
anchor, Broadsides, bombardment and crowded bastion at format 5 on 2026-11-30), and one pair
of each later town setup (``artillery_town_2_*`` at format 5 on the second setup,
``artillery_town_3_*`` at format 6 on the third, both 2026-11-30): each loads, replays
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
#: the scenarios whose fixtures were made at format 5 (2026-11-30); every other file is format 4
AT_FORMAT_5 = ("shore", "anchor", "broadside", "bombard", "bastion", "town_2")
#: the fixtures made at format 6 (2026-11-30, the town's third setup)
AT_FORMAT_6 = ("town_3",)


def _made_at(path: str) -> int:
    name = os.path.basename(path)
    if any(name.startswith(f"artillery_{s}_") for s in AT_FORMAT_6):
        return 6
    return 5 if any(name.startswith(f"artillery_{s}_") for s in AT_FORMAT_5) else 4


def test_there_is_a_mid_game_and_a_finished_save_of_every_game_and_every_artillery_scenario():
    import games
    from games.artillery.rules.scenarios import DEFAULT_SCENARIO, SCENARIO_ORDER
    names = {os.path.basename(p) for p in FIXTURES}
    for g in games.GAMES:
        assert {f"{g.id}_mid.json", f"{g.id}_end.json"} <= names, g.id
    for sc in SCENARIO_ORDER:
        if sc != DEFAULT_SCENARIO:       # the default's pair is artillery_mid / _end
            assert {f"artillery_{sc}_mid.json", f"artillery_{sc}_end.json"} <= names, sc


@pytest.mark.parametrize("path", FIXTURES, ids=os.path.basename)
def test_a_save_of_today_loads_and_replays_to_the_same_position(path):
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    assert d["version"] == _made_at(path)
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


def test_a_town_game_saved_on_its_first_setup_plays_on_there_and_a_new_one_gets_the_new_setup(tmp_path):
    """Raid on the town changed its setup (the Heavy Cannon faces the church, save format 5). A town
    game saved before (format 4) replays on the first setup, which the app keeps
    (``scenarios.TOWN_FIRST``, option value "town_1"), saves again as such, and the Load list
    names it; the new-game dialog never offers it, and a new town game has the new setup."""

    import games
    from games.core.match import AI, Match, Seat
    path = os.path.join(HERE, "artillery_town_mid.json")
    m = saves.load_match(path)
    assert m.options == {"scenario": "town_1"}
    assert m.state.scenario.title.endswith("(first setup)")
    assert m.state.scenario.guns[2].id == "G3" and m.state.scenario.guns[2].facing == 135
    assert "T9" not in [t.id for t in m.state.scenario.terrain]
    again = str(tmp_path / "again.json")
    saves.save_match(m, again)
    with open(again, encoding="utf-8") as f:
        d = json.load(f)
    assert d["version"] == saves.FORMAT_VERSION and d["options"] == {"scenario": "town_1"}
    assert saves.load_match(again).state.snapshot() == m.state.snapshot()
    info = games.get("artillery")
    assert "town_1" not in [v for v, _ in info.options[0].choices]
    assert info.clean_options({"scenario": "town_1"}, retired=False) == {"scenario": "field"}
    fresh = Match(info, {"scenario": "town"}, [Seat(AI, "easy", "S"), Seat(AI, "easy", "N")], 1)
    assert fresh.state.guns["G3"].facing == 225
    assert "T9" in [t.id for t in fresh.state.scenario.terrain]
    from games.artillery.board.scene import ArtilleryBoard
    assert ArtilleryBoard.options_text(saves.read_save_dict(path)["options"]) == "Raid on the town (first setup)"


def test_a_town_game_saved_on_its_second_setup_plays_on_there_and_a_new_one_has_eight_musketeers(tmp_path):
    """Raid on the town changed its setup again (8 musketeers, not 6, save format 6). A town game
    saved at format 5 replays on the second setup (``scenarios.TOWN_SECOND``, option value
    "town_2"), saves again as such and is named so in the Load list; one saved at format 4 still
    goes to the first setup; a new town game has 8 musketeers."""
    import games
    from games.artillery.board.scene import ArtilleryBoard
    from games.core.match import AI, Match, Seat
    path = os.path.join(HERE, "artillery_town_2_mid.json")
    m = saves.load_match(path)
    assert m.options == {"scenario": "town_2"}
    assert m.state.scenario.title.endswith("(second setup)")
    assert next(u for u in m.state.scenario.units if u.id == "B3").models == 6
    assert m.state.guns["G3"].facing == 225 and "T9" in [t.id for t in m.state.scenario.terrain]
    again = str(tmp_path / "again.json")
    saves.save_match(m, again)
    with open(again, encoding="utf-8") as f:
        d = json.load(f)
    assert d["version"] == saves.FORMAT_VERSION == 6 and d["options"] == {"scenario": "town_2"}
    assert saves.load_match(again).state.snapshot() == m.state.snapshot()
    assert ArtilleryBoard.options_text(saves.read_save_dict(path)["options"]) == "Raid on the town (second setup)"
    assert saves.load_match(os.path.join(HERE, "artillery_town_mid.json")).options == {"scenario": "town_1"}
    info = games.get("artillery")
    assert "town_2" not in [v for v, _ in info.options[0].choices]
    assert info.clean_options({"scenario": "town_2"}, retired=False) == {"scenario": "field"}
    fresh = Match(info, {"scenario": "town"}, [Seat(AI, "easy", "S"), Seat(AI, "easy", "N")], 1)
    assert fresh.state.units["B3"].models == 8
    assert saves.load_match(os.path.join(HERE, "artillery_town_3_mid.json")).options == {"scenario": "town"}


def test_an_old_town_save_opens_in_the_frame_on_its_first_setup(tmp_path):
    import shutil

    from games.ui import router
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    from tests.ui.helpers import frames
    copy = str(tmp_path / "artillery_town_mid.json")
    shutil.copy(os.path.join(HERE, "artillery_town_mid.json"), copy)
    app = make_app((1280, 720), animation="off")
    app.push(router.make("menu", app))
    router.open_save(app, copy)
    frames(app, 5)
    g = app.stack.top
    assert isinstance(g, GameScreen) and g.match.state.scenario.key == "town_1"
