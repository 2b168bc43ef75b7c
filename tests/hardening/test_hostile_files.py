"""No file can hurt the app: saves and settings made to break it, through every way in.

Each hostile file goes through the Load listing, Continue, the direct load (Load's
Open and ``screenshot --load``), and the app's start with it in the data folder: the
app starts, every bad file is listed with its reason, nothing raises past its guard
and nothing is written outside the data folder. Settings fall back to defaults and
say so. Temporary files are unique, and a killed writer's are cleaned at start.
"""
import json
import os
import random

import pytest

import games
from games.core import atomic, paths, saves, settings
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat


def good_save(info_id="cannon", plies=6) -> dict:
    info = games.get(info_id)
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=4, ai_secret=4,
              chance_secret=SEED_ONLY)
    rng = random.Random(1)
    while m.ply < plies and not m.is_over():
        if m.to_move() == CHANCE:
            m.apply_chance()
        else:
            m.play(rng.choice(m.state.legal_moves()))
    return saves.match_to_dict(m, name="Friday")


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def hostile_files() -> dict[str, bytes]:
    """name -> the bytes of a file made to hurt the app."""
    d = good_save()
    text = json.dumps(d)
    out: dict[str, bytes] = {}

    def with_(label, **changes):
        out[label] = json.dumps(dict(d, **changes)).encode()

    def raw(name, s):
        out[name] = s.encode("utf-8", "surrogatepass") if isinstance(s, str) else s

    raw("deep-2kb", nested(1000))
    raw("deep-options", json.dumps(dict(d, options="@@")).replace('"@@"', nested(1000)))
    raw("deep-under-limit", json.dumps(dict(d, options="@@")).replace('"@@"', '{"a": ' + nested(100) + "}"))
    raw("turn-infinity", text.replace(f'"turn": {d["turn"]}', '"turn": Infinity'))
    raw("turn-1e400", text.replace(f'"turn": {d["turn"]}', '"turn": 1e400'))
    raw("seed-nan", text.replace(f'"seed": {d["seed"]}', '"seed": NaN'))
    raw("seed-5000-digits", text.replace(f'"seed": {d["seed"]}', '"seed": ' + "9" * 5000))
    raw("nul-in-name", text.replace('"name": "Friday"', '"name": "Fri\\u0000day"'))
    raw("surrogate-in-name", text.replace('"name": "Friday"', '"name": "Fri\\ud800day"'))
    raw("surrogate-in-seat", text.replace('"name": "Ana"', '"name": "A\\udfffna\\u0000"'))
    raw("nul-in-date", text.replace('"saved_at": "', '"saved_at": "\\u0000\\ud800'))
    raw("nul-in-level", text.replace('"level": "easy"', '"level": "ea\\u0000sy"'))
    with_("name-20000", name="N" * 20000)
    with_("seat-name-20000", seats=[{"kind": "human", "level": "normal", "name": "A" * 20000},
                                    {"kind": "ai", "level": "easy", "name": "B"}])
    for lv in ("superhard", "", "HARD"):
        with_(f"level-{lv or 'empty'}", seats=[{"kind": "human", "level": "normal", "name": "Ana"},
                                              {"kind": "ai", "level": lv, "name": "Ben"}])
    with_("unknown-option", options={"nope": 1})
    with_("bad-option-value", options={"shot": "sideways"})
    with_("traversal-id", match_id="../../../../escaped")
    with_("slash-id", match_id="a/b")
    with_("backslash-id", match_id="..\\..\\escaped")
    for key in ("game", "options", "seats", "seed", "moves", "turn", "name", "saved_at", "finished",
                "match_id", "snapshot", "version"):
        for bad in (None, 1, "x", [], {}, True, 1.5, [None], {"a": []}):
            with_(f"{key}-is-{type(bad).__name__}-{json.dumps(bad)}", **{key: bad})
    with_("moves-not-text", moves=[1, 2, 3])
    with_("too-many-moves", moves=["a"] * 30000)
    raw("not-utf8", b"\xff\xfe\x00garbage")
    raw("empty", b"")
    raw("over-the-cap", b" " * (saves.MAX_SAVE_BYTES + 10) + b"{}")
    return out


@pytest.fixture
def data(tmp_path):
    root = tmp_path / "data"
    paths.set_data_dir(str(root))
    os.makedirs(paths.autosave_dir(), exist_ok=True)
    yield root
    paths.set_data_dir(None)


def place(files: dict[str, bytes], folder: str) -> dict[str, str]:
    out = {}
    for name, blob in files.items():
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)[:80]
        p = os.path.join(folder, f"{safe}.json")
        with open(p, "wb") as fh:
            fh.write(blob)
        out[name] = p
    return out


def test_every_hostile_save_is_refused_with_a_reason_or_loads_whole(data):
    placed = place(hostile_files(), paths.saves_dir())
    for name, p in placed.items():
        try:
            m = saves.load_match(p)
        except saves.SaveError as exc:
            assert exc.reason and "\x00" not in exc.reason, name
            continue
        # loaded: whole, with clean texts and an id of the app's own kind
        assert saves.MATCH_ID.fullmatch(m.match_id), (name, m.match_id)
        assert all(s.name.isprintable() and len(s.name) <= 24 for s in m.seats), name
        again = Match(m.info, m.options, m.seats, m.seed, ai_secret=1, chance_secret=SEED_ONLY)
        again.replay([e.text for e in m.log])
        assert again.state.snapshot() == m.state.snapshot(), name


@pytest.mark.slow
def test_the_listing_and_continue_survive_every_hostile_file(data):
    placed = place(hostile_files(), paths.saves_dir())
    place(hostile_files(), paths.autosave_dir())
    listed = saves.list_saves(check=True)
    by_path = {s.path: s for s in listed}
    assert set(placed.values()) <= set(by_path)
    for name, p in placed.items():
        s = by_path[p]
        for text in (s.name, s.label, s.players, s.saved_text, s.error or ""):
            assert text.isprintable() and len(text) < 400, (name, text[:80])
    refused = [n for n, p in placed.items() if by_path[p].error]
    for must in ("deep-2kb", "deep-options", "turn-infinity", "turn-1e400", "seed-nan", "seed-5000-digits",
                 "level-superhard", "level-empty", "level-HARD", "unknown-option", "not-utf8", "empty",
                 "over-the-cap", "too-many-moves", "moves-not-text"):
        assert must in refused, f"{must} was not refused"
    saves.latest_unfinished_autosave()          # Continue: no exception, whatever it picks


def test_a_huge_file_is_refused_before_it_is_read(data, monkeypatch):
    p = os.path.join(paths.saves_dir(), "huge.json")
    with open(p, "wb") as fh:
        fh.truncate(500 * 1024 * 1024)           # sparse: 500 MB that costs no disk
    read = []
    real_open = open

    def spy(path, *a, **kw):
        if str(path) == p:
            read.append(path)
        return real_open(path, *a, **kw)
    monkeypatch.setattr("builtins.open", spy)
    (s,) = saves.list_saves(check=True)
    assert s.error and "too large" in s.error and not read, "the huge file was opened"


@pytest.mark.slow
def test_the_app_starts_and_lists_every_hostile_file_with_its_reason(data):
    from games.ui.headless import make_app
    from games.ui.load_screen import LoadScreen
    from games.ui.menu import MainMenu
    place(hostile_files(), paths.saves_dir())
    place(hostile_files(), paths.autosave_dir())
    app = make_app((1280, 720), animation="off")
    menu = MainMenu(app)
    app.push(menu)
    for _ in range(3):
        app.step(1 / 60, events=[])
    load = LoadScreen(app)
    app.push(load)
    while True:                                  # every page of the list draws
        for _ in range(2):
            app.step(1 / 60, events=[])
        if load.scroll + load.per_page >= len(load.entries):
            break
        load.scroll += load.per_page
        load.layout(app.size)
    assert all(e.error for e in load.entries if "deep-2kb" in e.path or "turn-infinity" in e.path)
    for s in list(app.stack.scenes):
        s.on_exit()


def test_screenshot_load_of_a_hostile_file_says_why_and_exits_2(data, tmp_path, capsys):
    import main
    for name in ("deep-2kb", "seed-5000-digits", "turn-infinity", "level-superhard", "over-the-cap"):
        (p,) = place({name: hostile_files()[name]}, str(tmp_path)).values()
        code = main.main(["--data-dir", str(data), "screenshot", "--load", p, "--out", str(tmp_path / "x.png")])
        err = capsys.readouterr().err
        assert code == 2 and "cannot load" in err and "Traceback" not in err, (name, err[-300:])


def test_a_crafted_match_id_never_writes_outside_the_data_folder(data, tmp_path):
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    placed = place({k: v for k, v in hostile_files().items() if k.endswith("-id")}, paths.saves_dir())
    before = _files_outside(tmp_path, data)
    app = make_app((1280, 720), animation="off")
    for p in placed.values():
        m = saves.load_match(p)
        g = GameScreen(app, m, resumed=True)
        app.push(g)
        g.submit(m.state.legal_moves()[0])       # one move: its autosave
        assert os.path.dirname(saves.autosave_path(m)) == paths.autosave_dir()
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()
    assert _files_outside(tmp_path, data) == before, "a file was written outside the data folder"
    autosaves = [f for f in os.listdir(paths.autosave_dir()) if f.endswith(".json")]
    assert len(autosaves) == len(placed)
    found = saves.list_saves(check=True)
    assert sum(1 for s in found if s.autosave and s.error is None) == len(placed), "Continue can't see them"


def _files_outside(root, data) -> set:
    out = set()
    for folder, _dirs, files in os.walk(os.path.dirname(str(root))):
        for f in files:
            p = os.path.join(folder, f)
            if not p.startswith(str(data) + os.sep):
                out.add(p)
    return out


@pytest.mark.parametrize("content, why", [
    (nested(1000), "nested"),
    ('{"master_volume": Infinity}', "not a number"),
    ('{"window_size": [' + "9" * 5000 + ", 1]}", "too long"),
    ('{"last_setup": ' + nested(30) + "}", "nested"),
    (b"\xff\xfe", "not text"),
    (" " * 300_000, "too large"),
])
def test_broken_settings_fall_back_to_defaults_and_say_so(data, content, why):
    p = paths.settings_path()
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as fh:
        fh.write(content if isinstance(content, bytes) else content.encode())
    s, problem = settings.load_settings()
    assert s == settings.Settings() and problem and why in problem


def test_remembered_names_from_settings_are_cleaned(data):
    raw = {"last_setup": {"cannon": {"n_seats": 2, "seats": [{"kind": "human", "name": "A\x00\ud800" + "x" * 999},
                                                              "junk"], "options": {"shot": [1, 2]}}}}
    p = paths.settings_path()
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w", encoding="utf-8", errors="surrogatepass") as fh:
        json.dump(raw, fh)
    s, problem = settings.load_settings()
    assert problem is None
    (seat,) = s.last_setup["cannon"]["seats"]
    assert seat["name"].isprintable() and len(seat["name"]) <= 24 and s.last_setup["cannon"]["options"] == {}


# -- writing: unique temporary files, a killed writer's cleaned up -------------------------------

def test_temporary_files_are_unique_and_a_failed_write_leaves_none(data, monkeypatch):
    target = os.path.join(paths.saves_dir(), "x.json")
    names = []
    real = atomic._temp_in

    def spy(folder, base, made):
        p = real(folder, base, made)
        names.append(p)
        return p
    monkeypatch.setattr(atomic, "_temp_in", spy)
    atomic.write_atomic(target, "one")
    atomic.write_atomic(target, "two")
    assert len(set(names)) == len(names) == 3       # two writes and one backup copy
    monkeypatch.setattr(atomic, "_replace", lambda a, b: (_ for _ in ()).throw(OSError(28, "full")))
    with pytest.raises(OSError):
        atomic.write_atomic(target, "three")
    assert sorted(f for f in os.listdir(paths.saves_dir()) if f != "autosave") == ["x.json", "x.json.bak"]
    with open(target) as fh:
        assert fh.read() == "two"


def test_a_killed_writers_temporary_files_are_cleaned_at_start_but_a_fresh_one_is_left(data):
    folder = paths.saves_dir()
    os.makedirs(folder, exist_ok=True)
    old = [os.path.join(folder, n) for n in (".a.json.k2j3.tmp", "b.json.tmp", "c.json.bak.tmp")]
    fresh = os.path.join(folder, ".d.json.x9.tmp")
    mine = os.path.join(folder, "notes.txt")
    for p in old + [fresh, mine]:
        with open(p, "w") as fh:
            fh.write("x")
    for p in old:
        os.utime(p, (1, 1))
    assert atomic.clean_stale_temps(folder) == 3
    assert sorted(f for f in os.listdir(folder) if f != "autosave") == [".d.json.x9.tmp", "notes.txt"]


def test_the_folder_is_synced_after_the_rename(data, monkeypatch):
    synced = []
    monkeypatch.setattr(atomic, "sync_folder", lambda f: synced.append(f))
    atomic.write_atomic(os.path.join(paths.saves_dir(), "y.json"), "x")
    assert synced == [paths.saves_dir()]


# -- the .bak is offered --------------------------------------------------------------------

def test_a_damaged_autosave_offers_its_good_backup_on_continue_and_load(data):
    from games.ui.headless import make_app
    from games.ui.menu import MainMenu
    info = games.get("cannon")
    m = Match(info, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=4)
    for _ in range(2):
        m.play(m.state.legal_moves()[0])
    saves.autosave(m)                         # Ana to move
    for _ in range(2):
        m.play(m.state.legal_moves()[0])
    saves.autosave(m)                         # the first autosave is now the .bak
    p = saves.autosave_path(m)
    blob = bytearray(open(p, "rb").read())
    blob[blob.index(b'"moves"') + 1] ^= 0x20     # one byte flipped ("moves" -> "Moves")
    open(p, "wb").write(bytes(blob))
    last = saves.latest_unfinished_autosave()
    assert last is not None and last.error and last.backup is not None and last.open_path == p + ".bak"
    app = make_app((1280, 720), animation="off")
    menu = MainMenu(app)
    app.push(menu)
    assert menu.continue_btn.enabled
    menu.continue_last()
    from games.ui.game_screen import GameScreen
    game = next(s for s in app.stack.scenes if isinstance(s, GameScreen))
    assert game.match.ply == 2 and "copy" in app.stack.top.title.lower()
    assert game.submit(game.match.state.legal_moves()[0])    # the next autosave repairs the file
    assert saves.load_match(p).ply == 3
    for s in list(app.stack.scenes):
        s.on_exit()


# -- logging with a folder that can't be written --------------------------------------------------

def test_a_read_only_data_folder_says_once_that_there_is_no_log_file(tmp_path, capsys):
    from games.core import logs
    ro = tmp_path / "ro"
    ro.mkdir()
    (ro / "logs").write_text("a file where the logs folder should be")   # makedirs fails, as read-only would
    paths.set_data_dir(str(ro))
    try:
        assert logs.setup_logging() is None
        import logging
        for i in range(5):
            logging.getLogger("t").warning("record %d", i)
        err = capsys.readouterr().err
        assert err.count("cannot be written") == 1 and "Traceback" not in err
        assert "none" in logs.log_file() and str(ro / "logs" / "cannonade.log") not in logs.log_file().split(":")[0]
    finally:
        logs.shutdown_file_log()
        logs.remove_stderr()
        paths.set_data_dir(None)


def test_a_log_file_that_fails_mid_run_gives_itself_up_once(tmp_path, capsys):
    import logging

    from games.core import logs

    class FullDisk:
        def tell(self):
            return 0

        def seek(self, *a):
            return 0

        def write(self, text):
            raise OSError(28, "No space left on device")

        def flush(self):
            raise OSError(28, "No space left on device")

        def close(self):
            pass

    paths.set_data_dir(str(tmp_path / "d"))
    try:
        assert logs.setup_logging()
        logs._file_handler.stream = FullDisk()
        for i in range(5):
            logging.getLogger("t").warning("record %d", i)
        err = capsys.readouterr().err
        assert err.count("cannot be written") == 1 and "No space left" in err and "Traceback" not in err
        assert logs._file_handler is None and "none" in logs.log_file()
    finally:
        logs.shutdown_file_log()
        logs.remove_stderr()
        paths.set_data_dir(None)
