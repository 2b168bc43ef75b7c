"""The shell driven by synthetic events: menu -> new game -> moves by clicks ->
save -> menu -> load -> the same position; plus the shell's own screens."""
import dataclasses
import os
import subprocess
import sys

import pygame
import pytest

import games
from games.core.text import SAVE_NAME_MAX
from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
from games.ui.game_screen import GameScreen
from games.ui.headless import build_scene, make_app
from games.ui.load_screen import LoadScreen
from games.ui.menu import MainMenu
from games.ui.setup import SetupScreen
from tests.ui.helpers import click, frames, key, wait_until

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def app():
    a = make_app((1280, 720), animation="off")
    a.push(MainMenu(a))
    frames(a, 2)
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()


def cannon_card(menu):
    return next(c for c in menu.cards if c["info"].id == "cannon")


def test_menu_new_game_moves_save_menu_load_same_position(app):
    menu = app.stack.top
    click(app, cannon_card(menu)["new"].rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScreen)
    while setup.kinds[1].value != "human":          # make both seats human by clicking
        click(app, (setup.kinds[1].rect.right - 5, setup.kinds[1].rect.centery))
    click(app, setup.start_btn.rect.center)
    game = app.stack.top
    assert isinstance(game, GameScreen) and game.info.id == "cannon"
    board = game.board
    from games.cannon.rules import parse_square
    for a, b in (("f1", None), ("e10", None), ("a4", "a5"), ("b7", "b6")):
        click(app, board.point_to_pixel(parse_square(a)))
        if b:
            click(app, board.point_to_pixel(parse_square(b)))
        frames(app, 2)
    assert [e.text for e in game.match.log] == ["Tf1", "Te10", "a4-a5", "b7-b6"]
    snap = game.match.state.snapshot()
    # Ctrl+S, accept the suggested name
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    assert game.save_path and os.path.exists(game.save_path)
    # Esc -> pause -> Quit to menu -> confirm Leave
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    click(app, next(b for b in pause.buttons if b.label == "Quit to menu").rect.center)
    click(app, app.stack.top.buttons[0].rect.center)
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    assert menu.continue_btn.enabled          # the autosave is there too
    click(app, menu.load_btn.rect.center)
    load = app.stack.top
    assert isinstance(load, LoadScreen)
    row = next(r for r in load.rows if not r[3].autosave)
    click(app, row[1].rect.center)
    game2 = app.stack.top
    assert isinstance(game2, GameScreen) and game2 is not game
    assert game2.match.state.snapshot() == snap
    assert [e.text for e in game2.match.log] == ["Tf1", "Te10", "a4-a5", "b7-b6"]


def test_undo_button_takes_back_the_ai_reply(app):
    from games.core.match import AI, HUMAN, Match, Seat
    info = games.get("cannon")
    g = GameScreen(app, Match(info, {}, [Seat(HUMAN, name="Ann"), Seat(AI, "easy", "Bot")], seed=3, ai_secret=3, chance_secret=SEED_ONLY))
    app.push(g)
    g.submit(g.match.state.parse_move("Tf1"))
    wait_until(app, lambda: g.match.ply == 2 and not g.runner.busy)
    assert g.match.log[1].player == 1
    click(app, g.undo_btn.rect.center)
    assert g.match.ply == 0 and g.match.can_redo()


def test_ai_is_cancelled_when_leaving(app):
    from games.core.match import AI, Match, Seat
    info = games.get("cannon")
    g = GameScreen(app, Match(info, {}, [Seat(AI, "hard", "A"), Seat(AI, "hard", "B")], seed=3, ai_secret=3, chance_secret=SEED_ONLY))
    app.push(g)
    wait_until(app, lambda: g.runner.busy or g.match.ply > 0)
    g.leave(force=True)
    assert not g.runner.busy and isinstance(app.stack.top, MainMenu)


def test_illegal_typed_move_is_refused_with_a_message(app):
    from games.core.match import HUMAN, Match, Seat
    g = GameScreen(app, Match(games.get("cannon"), {}, [Seat(HUMAN, name="A"), Seat(HUMAN, name="B")], seed=1, ai_secret=1, chance_secret=SEED_ONLY))
    app.push(g)
    g.typed_move("Ta1")
    assert g.match.ply == 0 and g.status_bad and g.status
    g.typed_move("zz99")
    assert g.match.ply == 0 and g.status_bad
    g.typed_move("Tf1")
    assert g.match.ply == 1


@pytest.mark.slow
def test_full_disk_while_saving_tells_the_player_and_loses_nothing(app, monkeypatch):
    from games.core import atomic
    from games.core.match import HUMAN, Match, Seat
    g = GameScreen(app, Match(games.get("cannon"), {}, [Seat(HUMAN, name="A"), Seat(HUMAN, name="B")], seed=1, ai_secret=1, chance_secret=SEED_ONLY))
    app.push(g)
    for t in ("Tf1", "Te10"):
        g.typed_move(t)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)                       # a first save that works
    path = g.save_path
    with open(path) as fh:
        first = fh.read()

    def disk_full(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(atomic, "_replace", disk_full)
    g.typed_move("a4-a5")                           # the autosave fails: the game goes on...
    assert g.match.ply == 3 and "No space left" in g._autosave_failed
    frames(app, 900)                                # ...and the screen says so until a save works
    strip = (g.log_rect.centerx, g.move_box.rect.y - app.theme.px(10))
    assert g._autosave_failed and app.screen.get_at(strip)[:3] == app.theme.c["danger"]
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    dialog = app.stack.top
    assert dialog.title == "Save failed"
    assert os.path.basename(path) in dialog.message and "No space left" in dialog.message
    assert "unchanged" in dialog.message
    key(app, pygame.K_RETURN)                       # OK
    assert app.stack.top is g and g.match.ply == 3  # the running game is intact
    with open(path) as fh:
        assert fh.read() == first                   # and so is the earlier save
    monkeypatch.undo()
    g.submit(g.match.state.legal_moves()[0])        # room again: the next autosave works
    frames(app, 2)
    assert g._autosave_failed is None and app.screen.get_at(strip)[:3] != app.theme.c["danger"]
    g.typed_move("b7-b6")
    assert g.match.ply == 4


def test_broken_save_gives_a_message_and_stays_on_menu(app, tmp_path):
    p = tmp_path / "broken.json"
    p.write_text('{"format": "cannonade-save", "version": 2, "ga')
    from games.ui.menu import open_save
    open_save(app, str(p))
    top = app.stack.top
    assert top.title == "Cannot open this save" and "This save was cut short or damaged." in top.message
    assert "JSON" not in top.message and "line" not in top.message, "the parser's detail goes to the log"
    assert isinstance(app.stack.scenes[0], MainMenu)


def test_load_list_marks_saves_that_cannot_be_opened_and_tells_same_names_apart(app, tmp_path):
    import json

    from games.core import saves
    from games.ui.load_screen import LoadScreen
    m = Match(games.get("cannon"), {}, [Seat(HUMAN, name="Ana"), Seat(AI, "normal", "Ben")], seed=1)
    m.play_text("Tf1")
    folder = saves.paths.saves_dir()
    for _ in range(2):
        saves.save_match(m, saves.new_save_path("Friday"), name="Friday")
    bad = saves.match_to_dict(m, name="Edited")
    bad["moves"] = ["Tf1", "Tz9"]
    del bad["snapshot"]
    with open(f"{folder}/edited.json", "w") as fh:
        json.dump(bad, fh)
    other = saves.match_to_dict(m, name="Elsewhere")
    other["game"] = "chess"
    with open(f"{folder}/chess.json", "w") as fh:
        json.dump(other, fh)
    screen = LoadScreen(app)
    app.push(screen)
    rows = {info.label: (ob, info) for _r, ob, _db, info in screen.rows}
    assert {"Friday", "Friday (2)"} <= set(rows)
    assert not rows["Edited"][0].enabled and "do not play out" in rows["Edited"][1].error
    assert not rows["Elsewhere"][0].enabled and "does not have" in rows["Elsewhere"][1].error
    assert rows["Friday"][0].enabled


def test_a_new_save_gets_a_name_a_person_would_choose():
    import datetime

    from games.core import saves
    m = Match(games.get("cannon"), {}, [Seat(HUMAN, name="Ana"), Seat(AI, "normal", "Ben")], seed=1)
    when = datetime.datetime(2026, 11, 22, 21, 40)
    assert saves.default_name(m, when) == "Cannon, Ana vs Ben (Computer, Normal), 22 Nov 21:40"
    light = games.get("cannon").seat_names(2)[1]           # a computer left with its side's name
    m = Match(games.get("cannon"), {}, [Seat(HUMAN, name="Ana"), Seat(AI, "normal", light)], seed=1)
    assert saves.default_name(m, when) == "Cannon, Ana vs Computer (Normal), 22 Nov 21:40"


def test_settings_apply_at_once_and_persist(app):
    from games.core.settings import load_settings
    from games.ui.settings_screen import SettingsScreen
    s = SettingsScreen(app)
    app.push(s)
    label, cb = next(r for r in s.rows if r[0].startswith("Colour-blind"))
    click(app, (cb.rect.right - 5, cb.rect.centery))
    assert app.settings.colorblind and app.theme.colorblind
    assert load_settings()[0].colorblind


@pytest.mark.parametrize("scene", ["menu", "settings", "load", "setup", "rules", "game"])
def test_every_scene_draws_something(scene):
    a = make_app((800, 600))
    a.push(build_scene(a, "menu"))
    if scene != "menu":
        a.push(build_scene(a, scene, games.get("cannon")))
    frames(a, 3)
    colours = {a.screen.get_at((x, y))[:3] for x in range(0, 800, 37) for y in range(0, 600, 29)}
    assert len(colours) > 3


@pytest.mark.parametrize("game", ["cannon", "cannon_corps", "cannon_ball", "artillery"])
def test_every_seat_selector_turns_both_ways_by_clicks(app, game):
    setup = SetupScreen(app, games.get(game))
    app.push(setup)
    frames(app)
    for ch in setup.kinds[:setup.n]:
        before = ch.value
        click(app, (ch.rect.right - 5, ch.rect.centery))       # the '>' half
        assert ch.value != before, (game, "'>' did nothing")
        click(app, (ch.rect.x + 5, ch.rect.centery))           # and '<' back
        assert ch.value == before


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_menu_cards_show_each_pitch_whole_and_the_credit_in_whole_clauses(size):
    # at 800x600 the cards used to cut both ("... battlefield ...", "Fortitude and ...")
    a = make_app(size)
    menu = MainMenu(a)
    a.push(menu)
    frames(a, 2)
    for card in menu.cards:
        info = card["info"]
        pitch = " ".join(card["pitch"])
        assert "..." not in pitch and pitch.split() == info.pitch.split(), (size, info.id, pitch)
        credit = " ".join(card["credit"]).split()
        clauses = info.credit.split("; ")
        prefixes = ["; ".join(clauses[:n]).split() for n in range(1, len(clauses) + 1)]
        assert credit in prefixes, (size, info.id, credit)
        inner = card["rect"].w - 2 * a.theme.px(18)
        assert all(a.theme.small_font().size(line)[0] <= inner for line in card["credit"])
    a.stack.top.on_exit()


def run_main(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, os.path.join(ROOT, "main.py"), *args], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)


@pytest.mark.slow
def test_screenshot_writes_a_png_that_is_not_one_colour(tmp_path):
    out = tmp_path / "shot.png"
    r = run_main("--data-dir", str(tmp_path), "screenshot", "--game", "cannon", "--scene", "game",
                 "--size", "800x600", "--out", str(out), "--moves", "Tf1;Te10")
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (800, 600)
    colours = {img.get_at((x, y))[:3] for x in range(0, 800, 20) for y in range(0, 600, 20)}
    assert len(colours) > 10


@pytest.mark.slow
def test_smoke_passes(tmp_path):
    r = run_main("--data-dir", str(tmp_path), "--smoke")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "smoke: ok" in r.stdout


@pytest.mark.parametrize("args, needle", [
    (["--bogus"], "unrecognized arguments"),
    (["arena", "--game", "chess", "--seats", "easy,easy"], "unknown game"),
    (["arena", "--game", "cannon", "--seats", "easy,genius"], "unknown level"),
    (["arena", "--game", "cannon", "--seats", "easy"], "takes 2-2 seats"),
    (["screenshot", "--size", "huge", "--out", "x.png"], "not a size"),
])
def test_bad_command_lines_get_clear_errors(args, needle, tmp_path):
    r = run_main(*args)
    assert r.returncode == 2 and needle in r.stderr


def test_arena_json_shape(tmp_path):
    import json
    r = run_main("arena", "--game", "cannon", "--seats", "random,random", "--games", "2", "--seed", "3",
                 "--ply-cap", "40", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["game"] == "cannon" and d["games"] == 2 and [s["level"] for s in d["seats"]] == ["random", "random"]
    for k in ("draws", "unfinished", "errors", "mean_plies"):
        assert k in d
    assert sum(s["wins"] for s in d["seats"]) + d["draws"] + d["unfinished"] + d["errors"] == 2


def test_a_move_typed_while_the_table_animates_is_played_not_refused():
    """Found playing the town in a real window: a move typed while the last move's animation
    still ran was refused with "You can type a move when it is your turn" (it was), and its
    text stayed in the box unselected, so the next '/' and move were typed after it. Enter is
    as deliberate as the click that skips an animation: the animation jumps to its end and
    the move is played."""
    a = make_app((1280, 720), animation="normal")
    g = GameScreen(a, Match(games.get("cannon"), {}, [Seat(HUMAN, name="A"), Seat(HUMAN, name="B")],
                            seed=1, ai_secret=1, chance_secret=SEED_ONLY))
    a.push(g)
    frames(a, 2)
    g.typed_move("Tf1")
    g.typed_move("Te10")
    assert g.board.busy                      # the town's drop is still animating...
    g.typed_move("a4-a5")                    # ...and a move typed now is played
    assert [e.text for e in g.match.log] == ["Tf1", "Te10", "a4-a5"] and not g.status_bad
    assert g.move_box.text == ""
    g.on_exit()


def test_leaving_asks_only_when_there_is_a_game_to_lose_and_the_question_is_true(app, monkeypatch):
    """The leave question says "It is autosaved; Continue brings it back". Before the first
    move there was no autosave, so that was false: a game not begun is left without a
    question. Once begun, the game is autosaved as the question is asked, and a failed
    autosave (a full disk) is said, not promised away."""
    from games.core import atomic, saves
    from games.ui.dialogs import Dialog
    app.settings.confirm_leave = True
    info = games.get("cannon")

    def game():
        g = GameScreen(app, Match(info, {}, [Seat(HUMAN, name="A"), Seat(HUMAN, name="B")], seed=1, ai_secret=1,
                                  chance_secret=SEED_ONLY))
        app.push(g)
        return g

    g = game()
    g.leave()                                        # no move yet: straight back to the menu
    assert isinstance(app.stack.top, MainMenu)

    g = game()
    g.typed_move("Tf1")
    path = saves.autosave_path(g.match)
    os.remove(path)                                  # whatever the move wrote: the question must write it
    g.leave()
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.title == "Leave this game?"
    assert "It is autosaved" in dialog.message and os.path.exists(path)
    app.pop()

    def disk_full(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(atomic, "_replace", disk_full)
    g.leave()
    dialog = app.stack.top
    assert "could not be autosaved" in dialog.message and "No space left" in dialog.message
    assert "Continue" not in dialog.message


def test_a_click_waits_for_the_pointer_to_move_after_the_text_size_moves_the_rows(app):
    """A play-test clicked "larger" on the text size three times without moving the mouse:
    the second click grew the layout and put the Fullscreen row under the pointer, so the
    third turned Fullscreen on. After a change of size, a click where the pointer still
    rests does nothing; once the pointer moves, clicks work again."""
    from games.ui.settings_screen import SettingsScreen
    from tests.ui.helpers import hover
    s = SettingsScreen(app)
    app.push(s)
    frames(app, 1)
    size_row = s.scale_choice
    at = (size_row.rect.right - 5, size_row.rect.centery)
    before = app.settings.ui_scale
    click(app, at)
    frames(app, 1)
    assert app.settings.ui_scale != before                  # the click changed the size
    moved_under = next((w for _l, w in s.rows if w.rect.collidepoint(at)), None)
    scale_now = app.settings.ui_scale
    every = dataclasses.asdict(app.settings)
    click(app, at)                                          # the pointer has not moved
    frames(app, 1)
    assert dataclasses.asdict(app.settings) == every, moved_under      # no setting changed
    hover(app, (at[0] - 3, at[1]))                          # it moves: clicks count again
    at2 = (s.scale_choice.rect.right - 5, s.scale_choice.rect.centery)
    click(app, at2)
    frames(app, 1)
    assert app.settings.ui_scale != scale_now


def test_closing_the_window_asks_first_only_when_the_game_could_not_be_autosaved(app, monkeypatch):
    """A play-test: with the saves folder locked, "Not saving" showed, Quit to menu warned,
    and the window's close button quit at once: the game was gone without a word."""
    from games.core import atomic
    from games.core.match import HUMAN, Match, Seat
    g = GameScreen(app, Match(games.get("cannon"), {}, [Seat(HUMAN, name="A"), Seat(HUMAN, name="B")], seed=1,
                              ai_secret=1, chance_secret=SEED_ONLY))
    app.push(g)
    for t in ("Tf1", "Te10"):
        g.typed_move(t)
    assert g.closing_loses() is None                       # autosaved: Continue brings it back

    def locked(src, dst):
        raise OSError(13, "Permission denied")
    monkeypatch.setattr(atomic, "_replace", locked)
    app.handle(pygame.event.Event(pygame.QUIT))
    ask = app.stack.top
    assert app.running and ask.title == "Close Cannonade?" and "Closing loses it" in ask.message
    assert ask.focus.get().label == "Cancel"
    key(app, pygame.K_RETURN)                              # Cancel: the game goes on
    assert app.running and app.stack.top is g
    app.handle(pygame.event.Event(pygame.QUIT))            # asked again...
    assert app.stack.top.title == "Close Cannonade?"
    app.handle(pygame.event.Event(pygame.QUIT))            # ...and a second close while asked quits
    assert not app.running


def test_typing_a_save_name_replaces_the_suggestion_whatever_its_length(app):
    """A play-test: the suggested name ("Cannon, Ana vs Computer (Easy), 29 Nov 07:18", 44
    characters) overfilled a 40-character box, and every key typed was dropped."""
    from games.core.match import AI, HUMAN, Match, Seat
    from tests.ui.helpers import type_text
    g = GameScreen(app, Match(games.get("cannon"), {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Computer")],
                              seed=1, ai_secret=1, chance_secret=SEED_ONLY))
    app.push(g)
    g.typed_move("Tf1")
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    field = app.stack.top.field
    assert len(field.text) > 40 and field.selected
    type_text(app, "Ana midgame")
    assert field.text == "Ana midgame"
    type_text(app, " " + "x" * 100)
    assert len(field.text) == SAVE_NAME_MAX
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)             # Ctrl+A selects it all again
    type_text(app, "Short")
    assert field.text == "Short"
    key(app, pygame.K_RETURN)
    assert app.stack.top is g and g.save_path.endswith("short.json")


def test_a_long_default_name_keeps_its_day_and_time_in_a_file_name():
    """A play-test: a three-seat Corps export was named "cannon-corps-alexandra-vs-
    christopher-vs-computer-normal-29-", the time cut off."""
    import datetime

    from games.core import saves
    m = Match(games.get("cannon_corps"), {}, [Seat(HUMAN, name="Alexandra"), Seat(HUMAN, name="Christopher"),
                                              Seat(AI, "normal", "Dan")], seed=1)
    name = saves.slug(saves.default_name(m, datetime.datetime(2026, 11, 29, 10, 28)))
    assert len(name) <= 60 and name.startswith("cannon-corps-alexandra") and name.endswith("29-nov-10-28")
    assert saves.slug("Cannon, Ana vs Ben, 1 Dec 20:00") == "cannon-ana-vs-ben-1-dec-20-00"


def test_the_pointer_follows_the_text_size_control_when_a_click_on_it_moves_it(app, monkeypatch):
    """A play-test clicked ">" on the text size: the page grew, the arrow moved some 180 px
    away, and four more clicks landed on empty space, doing nothing. The pointer now goes
    to the same place on the control, so the next click there steps the size again."""
    from games.ui.settings_screen import SettingsScreen
    moved: list = []
    monkeypatch.setattr(pygame.mouse, "set_pos", lambda *p: moved.append(tuple(p[0] if len(p) == 1 else p)))
    s = SettingsScreen(app)
    app.push(s)
    frames(app, 1)
    at = (s.scale_choice.rect.right - 5, s.scale_choice.rect.centery)
    first = app.settings.ui_scale
    click(app, at)
    frames(app, 1)
    second = app.settings.ui_scale
    assert second != first and moved, "the size changed and the pointer was moved"
    r = s.scale_choice.rect
    assert r.collidepoint(moved[-1]) and moved[-1][0] > r.x + r.w * 0.3, "onto the same arrow (>)"
    click(app, moved[-1])                                   # the next click, where the pointer now is
    frames(app, 1)
    assert app.settings.ui_scale not in (first, second), "it stepped the size again"
