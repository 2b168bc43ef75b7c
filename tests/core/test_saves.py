"""Saves: round trip with chance, every kind of bad file, interrupted writes, upgrades."""
import json
import os
import shutil

import pytest

import games
from games.core import atomic, saves
from games.core.match import AI, HUMAN, Match, Seat
from tests.core import toygame

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "toy", toygame.INFO)


def played_match(moves=6):
    m = Match(toygame.INFO, {"target": 20}, [Seat(HUMAN, name="Ann"), Seat(AI, "hard", "Bot")], seed=42)
    for _ in range(moves):
        m.resolve_chance()
        if m.is_over():
            break
        m.play_text("double" if m.ply % 4 == 1 else "bank")
    return m


def test_round_trip_with_chance(tmp_path):
    m = played_match()
    assert any(e.player == -1 for e in m.log)
    p = str(tmp_path / "a.json")
    saves.save_match(m, p, name="mine")
    back = saves.load_match(p)
    assert [e.text for e in back.log] == [e.text for e in m.log]
    assert back.state.snapshot() == m.state.snapshot()
    assert back.options == {"target": 20, "dice": 1} and back.seed == 42 and back.match_id == m.match_id
    assert [s.to_dict() for s in back.seats] == [s.to_dict() for s in m.seats]


def write(tmp_path, text, name="bad.json"):
    p = tmp_path / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(p)


def good_dict():
    return saves.match_to_dict(played_match())


@pytest.mark.parametrize("content, reason", [
    ("", "this save is empty"),
    ("   \n", "this save is empty"),
    ('{"format": "cannonade-save", "version": 2, "game": "to', "cut short or damaged"),
    ("Shopping list: eggs, milk\n", "not a Cannonade file (it holds plain text)"),
    (b"\xff\xfe\x00binary", "not text"),
    ("[1, 2, 3]", "not a Cannonade save"),
    ('{"hello": "world"}', "not a Cannonade save"),
])
def test_broken_files_are_refused_with_their_own_reason(tmp_path, content, reason):
    p = write(tmp_path, content)
    with pytest.raises(saves.SaveError) as err:
        saves.load_match(p)
    assert reason in err.value.reason and "bad.json" in str(err.value)


def test_truncated_real_save(tmp_path):
    text = json.dumps(good_dict())
    p = write(tmp_path, text[: len(text) // 2])
    with pytest.raises(saves.SaveError, match="cut short"):
        saves.load_match(p)


def test_newer_version_refused(tmp_path):
    d = good_dict()
    d["version"] = 99
    with pytest.raises(saves.SaveError, match="newer version"):
        saves.load_match(write(tmp_path, json.dumps(d)))


def test_wrong_version_type_refused(tmp_path):
    d = good_dict()
    d["version"] = "two"
    with pytest.raises(saves.SaveError, match="version mark"):
        saves.load_match(write(tmp_path, json.dumps(d)))


def test_unknown_game_refused(tmp_path):
    d = good_dict()
    d["game"] = "chess"
    with pytest.raises(saves.SaveError, match="does not have"):
        saves.load_match(write(tmp_path, json.dumps(d)))


def test_illegal_log_move_refused(tmp_path):
    d = good_dict()
    d["moves"][1] = "fold"
    with pytest.raises(saves.SaveError, match="do not play out"):
        saves.load_match(write(tmp_path, json.dumps(d)))


def test_snapshot_mismatch_refused(tmp_path):
    d = good_dict()
    d["snapshot"]["scores"] = [99, 0]
    with pytest.raises(saves.SaveError, match="do not lead to the position"):
        saves.load_match(write(tmp_path, json.dumps(d)))


def test_missing_entry_refused(tmp_path):
    d = good_dict()
    del d["seats"]
    with pytest.raises(saves.SaveError, match="part of it is missing"):
        saves.load_match(write(tmp_path, json.dumps(d)))


def test_interrupted_write_keeps_old_save_and_bak(tmp_path, monkeypatch):
    p = str(tmp_path / "s.json")
    first = played_match(2)
    saves.save_match(first, p)
    second = played_match(4)
    saves.save_match(second, p)          # now s.json = second, s.json.bak = first
    third = played_match(8)

    def crash(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(atomic, "_replace", crash)
    with pytest.raises(saves.SaveError, match="No space left") as err:
        saves.save_match(third, p)
    assert "unchanged" in err.value.reason
    monkeypatch.undo()
    monkeypatch.setitem(games.BY_ID, "toy", toygame.INFO)
    assert saves.load_match(p).state.snapshot() == second.state.snapshot()
    assert saves.load_match(p + ".bak").state.snapshot() in (first.state.snapshot(), second.state.snapshot())
    assert not os.path.exists(p + ".tmp")


def test_read_only_folder_reports_and_keeps_game(tmp_path, monkeypatch):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    if os.geteuid() == 0:
        # root writes into a read-only folder anyway (CI runs as root): the refusal the
        # system would give anyone else is given here where the temp file is made
        def refuse(*a, **k):
            raise PermissionError(13, "Permission denied", str(folder))
        monkeypatch.setattr(atomic.tempfile, "mkstemp", refuse)
    m = played_match()
    ply = m.ply
    with pytest.raises(saves.SaveError, match="could not write it"):
        saves.save_match(m, str(folder / "x.json"))
    assert m.ply == ply and os.listdir(folder) == []
    folder.chmod(0o700)


def test_write_into_a_file_path_fails_cleanly(tmp_path):
    blocker = tmp_path / "notafolder"
    blocker.write_text("x")
    m = played_match()
    ply = m.ply
    with pytest.raises(saves.SaveError, match="could not write it"):
        saves.save_match(m, str(blocker / "x.json"))
    assert m.ply == ply


def test_version_1_fixture_still_loads(tmp_path):
    src = os.path.join(FIXTURES, "toy_v1.json")
    with open(src) as fh:
        assert json.load(fh)["version"] == 1
    p = str(tmp_path / "old.json")
    shutil.copy(src, p)
    m = saves.load_match(p)
    assert [s.name for s in m.seats] == ["Ann", "Bot"] and m.seats[1].level == "hard"
    assert m.ply == 7 and m.state.scores == [4, 3]


def test_list_saves_shows_broken_files_with_reason(tmp_path):
    from games.core import paths
    os.makedirs(paths.saves_dir())
    saves.save_match(played_match(), os.path.join(paths.saves_dir(), "good.json"), name="Good one")
    with open(os.path.join(paths.saves_dir(), "broken.json"), "w") as fh:
        fh.write("{")
    listed = {os.path.basename(s.path): s for s in saves.list_saves()}
    assert listed["good.json"].name == "Good one" and listed["good.json"].error is None
    assert listed["good.json"].players == "Ann vs Bot"
    assert "cut short" in listed["broken.json"].error


def test_autosave_and_continue(tmp_path):
    m = played_match(3)
    saves.autosave(m)
    last = saves.latest_unfinished_autosave()
    assert last is not None and saves.load_match(last.path).state.snapshot() == m.state.snapshot()


def test_a_phone_seat_is_saved_and_loaded_and_a_laptop_seat_saves_as_before(tmp_path):
    m = Match(toygame.INFO, {}, [Seat(HUMAN, name="Ann", phone=True), Seat(HUMAN, name="Bo")], seed=4)
    m.resolve_chance()
    m.play_text("bank")
    p = str(tmp_path / "phone.json")
    saves.save_match(m, p)
    with open(p) as fh:
        seats = json.load(fh)["seats"]
    assert seats[0] == {"kind": "human", "level": "normal", "name": "Ann", "phone": True}
    assert seats[1] == {"kind": "human", "level": "normal", "name": "Bo"}      # no new key when not a phone
    back = saves.load_match(p)
    assert [s.phone for s in back.seats] == [True, False]
    assert [s.phone for s in m.rematch(0).seats] == [True, False]


def test_every_older_save_loads_with_laptop_seats(tmp_path):
    for name in sorted(n for n in os.listdir(FIXTURES) if n.endswith(".json")):   # today/ is format 4
        p = str(tmp_path / name)
        shutil.copy(os.path.join(FIXTURES, name), p)
        m = saves.load_match(p)
        assert m.seats and not any(s.phone for s in m.seats), name


@pytest.mark.parametrize("seat, why", [
    ({"kind": "human", "name": "Ann", "phone": "yes"}, "'phone' is not true or false"),
    ({"kind": "human", "name": "Ann", "phone": 1}, "'phone' is not true or false"),
    ({"kind": "ai", "level": "easy", "name": "Bot", "phone": True}, "a computer seat on a phone"),
])
def test_a_bad_phone_entry_is_refused(tmp_path, seat, why):
    d = good_dict()
    d["seats"][0] = seat
    p = write(tmp_path, json.dumps(d))
    with pytest.raises(saves.SaveError) as err:
        saves.load_match(p)
    assert why in err.value.detail and "player entry is unreadable" in err.value.reason


def test_a_phone_entry_of_false_loads_as_a_laptop_seat(tmp_path):
    d = good_dict()
    d["seats"][0]["phone"] = False
    m = saves.load_match(write(tmp_path, json.dumps(d)))
    assert m.seats[0].phone is False and "phone" not in m.seats[0].to_dict()


def test_continue_names_the_backup_it_opens_when_the_newest_autosave_is_damaged(tmp_path):
    """A play-test: the Continue caption read "?, move 0" when the newest autosave was
    damaged and its backup good (Continue then opened the backup, and said so)."""
    from games.ui.headless import make_app
    from games.ui.menu import MainMenu
    m = played_match(3)
    saves.autosave(m)
    saves.autosave(m)                                   # the second write keeps the first as .bak
    with open(saves.autosave_path(m), "w") as fh:
        fh.write("{")
    app = make_app((800, 600))
    menu = MainMenu(app)
    app.push(menu)
    assert menu.continue_btn.enabled
    good = menu._last.opened
    assert good is not None and good.path.endswith(saves.BACKUP)
    assert menu.continue_caption() == f"{good.game}, move {good.turn}" and "?" not in menu.continue_caption()
