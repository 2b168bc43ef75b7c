"""Every player at the table (issue 31, items 4 and 5, and a small truth): names in
any script are drawn, long names fit beside what marks the turn, the UI scale is a
setting that every shell screen lays out at, and the sound settings tell the truth
about the sound device."""
import json
import logging

import pygame
import pytest

import games
from games.core import settings as settings_mod
from games.core.ai_runner import AIRunner
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.core.settings import UI_SCALES, Settings, load_settings, save_settings
from games.core.text import NAME_MAX
from games.ui import banner, fonts
from games.ui.game_screen import GameScreen
from games.ui.headless import build_scene, make_app
from games.ui.menu import MainMenu
from games.ui.widgets import Button, Note, Slider
from tests.ui.helpers import frames, key

#: names as players type them: Chinese, Arabic, Cyrillic. pygame's default font has
#: Russian, Ukrainian and Kazakh letters; the Abkhaz surname Papba has one it lacks
NAMES = {
    "chinese": "王小明",
    "arabic": "محمد علي",
    "cyrillic": "Даур Ԥаԥба",
}

#: 24-character names, one per script, for the fit tests
LONG = ["Александра Константинова", "王小明" * 8, "نور الهدى عبد الرحمن علي", "Wwwwwwwwwwwwwwwwwwwwwwww"]


@pytest.fixture
def app():
    a = make_app((800, 600), animation="off")
    a.push(MainMenu(a))
    frames(a, 1)
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()


# -- item 4: any name ------------------------------------------------------------------------

def test_long_names_are_the_limit():
    assert all(len(n) == NAME_MAX for n in LONG)


@pytest.mark.parametrize("script", sorted(NAMES))
def test_names_in_three_scripts_draw_with_no_missing_glyph(app, script):
    name = NAMES[script]
    assert fonts.missing_glyphs(name) == set()
    f = fonts.font(40)
    box = pygame.image.tobytes(f.render("\U0010fffd", True, (255, 255, 255)), "RGBA")   # no face has it
    for ch in set(name) - {" "}:
        img = f.render(ch, True, (255, 255, 255))
        assert pygame.image.tobytes(img, "RGBA") != box, f"{ch!r} of {name!r} is drawn as a box"
        # and by a face bundled with the app, not whatever the system happens to have
        face = fonts.face_of(ch)
        assert face is None or face in [fonts.bundled_path(n) for n in fonts.BUNDLED]


def test_arabic_letters_join_and_read_right_to_left(app):
    f = fonts.font(40)
    word = "محمد"
    # joined letters take their narrower contextual forms: shaped by HarfBuzz
    assert f.size(word)[0] < sum(f.size(ch)[0] for ch in word)
    # the first letter in memory is drawn at the right
    levels, base = fonts.bidi_levels(word)
    assert base == 1 and all(lv == 1 for lv in levels)
    assert fonts.visual_order(fonts.bidi_levels("ab " + word)[0])[-1] == 3
    # a drawn text is as wide and tall as size() says
    for text in ("Samir - " + word + " (2)", LONG[1], NAMES["cyrillic"]):
        assert f.render(text, True, (0, 0, 0)).get_size() == f.size(text)


def _spy_banner(monkeypatch):
    """Every text the banner draws: (text, rect)."""
    drawn = []
    real = banner.draw_text

    def spy(surface, text, font, color, pos, anchor="topleft", shadow=None):
        r = real(surface, text, font, color, pos, anchor, shadow)
        drawn.append((text, r))
        return r
    monkeypatch.setattr(banner, "draw_text", spy)
    return drawn


@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_a_24_character_name_and_the_turn_marks_do_not_overlap_at_800x600(app, info, monkeypatch):
    """The banner with a computer thinking: its lines stop short of the spinner, and
    in the player strip each name and its kind stay in their own cell."""
    n = info.default_seats
    seats = [Seat(AI, "easy", LONG[0])] + [Seat(HUMAN, name=LONG[1 + i % 3]) for i in range(n - 1)]
    g = GameScreen(app, Match(info, {}, seats, seed=1, ai_secret=1, chance_secret=SEED_ONLY))
    app.push(g)
    monkeypatch.setattr(AIRunner, "busy", property(lambda self: True))
    drawn = _spy_banner(monkeypatch)
    surface = pygame.Surface(app.size)
    banner.draw(surface, g)
    t = g.theme
    cx, cy = banner.thinking_center(g)
    reach = t.px(banner.THINKING_REACH)
    spinner = pygame.Rect(cx - reach, cy - reach, 2 * reach, 2 * reach)
    strip_x = g.banner.right - banner.strip_width(g)
    lines = [(s, r) for s, r in drawn if r.right <= strip_x]
    strip = [(s, r) for s, r in drawn if r.x >= strip_x]
    assert lines and strip
    for text, r in lines:
        assert not r.colliderect(spinner), f"{text!r} runs under the thinking spinner"
    for (a, ra) in strip:
        assert ra.right <= g.banner.right, f"{a!r} runs off the strip"
        for (b, rb) in strip:
            if a != b or ra != rb:
                assert not ra.colliderect(rb), f"{a!r} and {b!r} overlap"


def test_corps_to_play_badge_stays_in_its_panel_beside_a_24_character_name(monkeypatch):
    from games.cannon_corps.board import drawing, table_draw
    a = make_app((800, 600), animation="off")
    a.push(MainMenu(a))
    info = games.get("cannon_corps")
    seats = [Seat(HUMAN, name=LONG[0]), Seat(AI, "easy", LONG[1])]
    g = GameScreen(a, Match(info, {}, seats, seed=1, ai_secret=1, chance_secret=SEED_ONLY))
    a.push(g)
    frames(a, 2)
    key(a, pygame.K_SPACE, unicode=" ")          # past the hand-over curtain
    frames(a, 2)
    texts, boxes = [], []
    real_text, real_rect = table_draw.text, pygame.draw.rect
    accent = g.theme.c["accent"]

    def text_spy(surface, s, font, color, pos, anchor="topleft", alpha=255):
        r = real_text(surface, s, font, color, pos, anchor, alpha)
        texts.append((s, r))
        return r

    def rect_spy(surface, color, rect, *args, **kwargs):
        if tuple(color)[:3] == tuple(accent):
            boxes.append(pygame.Rect(rect))
        return real_rect(surface, color, rect, *args, **kwargs)
    monkeypatch.setattr(table_draw, "text", text_spy)
    monkeypatch.setattr(drawing.pygame.draw, "rect", rect_spy)
    a.draw()
    (name_r,) = [r for s, r in texts if s.startswith(LONG[0][:8])]
    badge = next(b for b in boxes if b.h < name_r.h * 2 and abs(b.centery - name_r.centery) < name_r.h)
    assert not badge.colliderect(name_r)
    assert g.board.rect.contains(name_r) and g.board.rect.contains(badge)
    for s, r in texts:
        if not s.startswith(LONG[0][:8]):
            assert not r.colliderect(badge) and not r.colliderect(name_r), f"{s!r} under the name or badge"


# -- item 5: text that scales ------------------------------------------------------------------

def test_ui_scale_setting_round_trips_and_bad_values_are_refused(tmp_path, caplog):
    p = str(tmp_path / "s.json")
    for value in UI_SCALES:
        assert save_settings(Settings(ui_scale=value), p) is None
        back, problem = load_settings(p)
        assert problem is None and back.ui_scale == value
    for bad in [9.0, 0.1, -1.75, "1.75", "huge", True, None, [1.75], {"x": 1}, 1e308]:
        with open(p, "w") as fh:
            json.dump({"ui_scale": bad, "mute": True}, fh)
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger=settings_mod.__name__):
            back, problem = load_settings(p)
        assert back.ui_scale == "auto" and back.mute, bad
        assert any("UI scale" in r.getMessage() and repr(bad)[:10] in r.getMessage() for r in caplog.records), bad
        reasons: list = []
        Settings(ui_scale=bad).validate(reasons)
        assert len(reasons) == 1 and "UI scale" in reasons[0]


def test_auto_is_larger_fullscreen_on_a_big_screen():
    s = Settings()
    assert s.ui_factor((1920, 1080)) == 1.0
    s.fullscreen = True
    assert s.ui_factor((1366, 768)) == 1.0
    assert s.ui_factor((1920, 1080)) == settings_mod.AUTO_BIG_SCALE > 1
    s.ui_scale = 1.5
    assert s.ui_factor((800, 600)) == 1.5


def test_the_scale_setting_applies_at_once(app):
    settings = build_scene(app, "settings")
    app.push(settings)
    before = app.theme.body_font().get_linesize()
    settings.scale_choice.set_value(1.75)
    settings.scale_choice.step(0)
    assert app.settings.ui_scale == 1.75 and app.theme.ui == 1.75
    assert app.theme.body_font().get_linesize() > 1.5 * before
    # the game table takes what it fits: more than nothing on a 1280x720 canvas, never less
    assert 1.0 <= app.theme.crowded_ui() <= 1.75


def _buttons(scene) -> list:
    out = []
    for v in vars(scene).values():
        items = v if isinstance(v, list) else list(v.values()) if isinstance(v, dict) else [v]
        for item in items:
            if isinstance(item, dict):
                out += [b for b in item.values() if isinstance(b, Button)]
            elif isinstance(item, Button):
                out.append(item)
    return out


def _spy_texts(scene, monkeypatch) -> list:
    """Every text the scene's own module draws (its labels, titles; not its widgets')."""
    import sys
    module = sys.modules[type(scene).__module__]
    drawn = []
    real = module.draw_text

    def spy(surface, text, font, *args, **kwargs):
        r = real(surface, text, font, *args, **kwargs)
        if text.strip():
            drawn.append((text, r))
        return r
    monkeypatch.setattr(module, "draw_text", spy)
    return drawn


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", ["menu", "setup", "settings"])
def test_at_the_largest_scale_no_button_label_is_cut(scene, size, monkeypatch):
    a = make_app(size, animation="off", ui_scale=max(v for v in UI_SCALES if v != "auto"))
    a.push(MainMenu(a))
    infos = games.GAMES if scene == "setup" else [None]
    for info in infos:
        s = a.stack.top if scene == "menu" else build_scene(a, scene, info)
        if scene != "menu":
            a.push(s)
        frames(a, 2)
        texts = _spy_texts(s, monkeypatch)
        a.draw()
        screen = pygame.Rect((0, 0), size)
        buttons = [b for b in _buttons(s) if b.rect.w > 0]
        controls = buttons + [w for _label, w in getattr(s, "rows", []) if w.rect.w > 0]
        for text, r in texts:
            for w in controls:
                assert not r.colliderect(w.rect), f"{scene}: the text {text!r} runs under a control at {w.rect}"
        for card in getattr(s, "cards", []):
            # inside the card and clear of its border (a play-test at 175%: Learn and Rules
            # sat on the card's bottom edge)
            inner = card["rect"].inflate(-2 * s.theme.px(4), -2 * s.theme.px(4))
            assert all(inner.contains(b.rect) for b in card["buttons"]), card["info"].id
        for text, _r in texts:
            assert not text.endswith("..."), f"{scene}: {text!r} is cut"
        assert len(buttons) >= (10 if scene == "menu" else 1)
        for b in buttons:
            where = f"{scene} {info.id if info else ''}: {b.label!r} at {b.rect}"
            assert screen.contains(b.rect), f"{where} is off the screen"
            assert b.shown_label(s.theme) == b.label, f"{where} is cut to {b.shown_label(s.theme)!r}"
            for o in buttons:
                assert o is b or not o.rect.colliderect(b.rect), f"{where} overlaps {o.label!r}"
        if scene != "menu":
            a.pop()


# -- a small truth: no sound device, no volume sliders -------------------------------------------

def _sound_rows(a):
    s = build_scene(a, "settings")
    return {label: w for label, w in s.rows}


def test_sound_settings_say_there_is_no_device_when_the_mixer_could_not_start(app, monkeypatch):
    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    assert app.sound.start() is False
    rows = _sound_rows(app)
    assert not any(isinstance(w, Slider) for w in rows.values())
    assert isinstance(rows["Sound"], Note) and "No sound device" in rows["Sound"].text
    assert "No available audio device" in rows["Sound"].text
    assert "error" not in rows["Sound"].text         # the class name is the log's, not the player's


def test_a_long_mixer_error_is_cut_to_its_first_line_and_a_word_for_the_player():
    from games.ui.sound import REASON_CHARS, short_reason
    raw = ("pygame.error: ALSA: Couldn't open audio device: No such file or directory, "
           "and the driver went on to say a great deal more\nALSA lib confmisc.c:855: cannot find card '0'\n"
           "ALSA lib conf.c:5178: function snd_func_card_inum returned error")
    short = short_reason(raw)
    assert short.startswith("ALSA: Couldn't open audio device")
    assert short.endswith("...") and len(short) <= REASON_CHARS + 3
    assert "ALSA lib" not in short and "pygame.error" not in short
    assert short_reason("RuntimeError: mixer did not start") == "mixer did not start"
    assert short_reason("") == "no reason given"


@pytest.mark.slow
def test_a_mixer_on_sdls_dummy_driver_is_no_device_either(app):
    try:
        app.sound.start()
        if not app.sound.available:
            pytest.skip(f"the mixer did not start here: {app.sound.error}")
        assert app.sound.driver == "dummy"          # conftest sets SDL_AUDIODRIVER=dummy
        rows = _sound_rows(app)
        assert "Master volume" not in rows and "dummy" in rows["Sound"].text
    finally:
        pygame.mixer.quit()


@pytest.mark.slow
def test_a_real_device_gets_the_volume_sliders(app, monkeypatch):
    from games.ui import sound
    monkeypatch.setattr(sound, "_driver_name", lambda: "pulseaudio")
    try:
        app.sound.start()
        if not app.sound.available:
            pytest.skip(f"the mixer did not start here: {app.sound.error}")
        rows = _sound_rows(app)
        assert isinstance(rows["Master volume"], Slider) and isinstance(rows["Effects volume"], Slider)
        assert "Sound" not in rows
    finally:
        pygame.mixer.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_the_largest_scale_the_standings_buttons_stay_inside_their_panel(size):
    from games.ui.standings_screen import StandingsScreen
    a = make_app(size, animation="off", ui_scale=max(v for v in UI_SCALES if v != "auto"))
    a.push(MainMenu(a))
    s = StandingsScreen(a)
    a.push(s)
    frames(a, 2)
    for b in s.buttons:
        assert s.panel.contains(b.rect), f"{b.label!r} at {b.rect} sticks out of {s.panel}"
        assert b.shown_label(s.theme) == b.label, f"{b.label!r} is cut"
        for o in s.buttons:
            assert o is b or not o.rect.colliderect(b.rect)


@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_a_rules_pages_credit_is_drawn_whole_inside_its_panel_at_the_largest_scale(info, monkeypatch):
    """A play-test at 800x600 and 175%: Artillery's credit ran on past the panel's edge,
    cut mid-word ("...turn order and r"). The menu's card shortens a credit and sends the
    reader here, so here it is whole."""
    from games.ui.rules_screen import RulesScreen
    a = make_app((800, 600), animation="off", ui_scale=max(v for v in UI_SCALES if v != "auto"))
    s = RulesScreen(a, info)
    a.push(s)
    frames(a, 1)
    texts = _spy_texts(s, monkeypatch)
    a.draw()
    credit = [(text, r) for text, r in texts if text in info.credit and r.y < s.view.y]
    assert " ".join(text for text, _r in credit) == info.credit
    for text, r in credit:
        assert s.panel.contains(r), f"{text!r} at {r} runs out of {s.panel}"
        assert r.bottom <= s.view.y, "the credit stays above the page"


@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_every_rules_heading_is_whole_inside_the_page_at_800x600_and_the_largest_scale(info):
    """A play-test at 800x600 and 175%: Artillery's headings ran past the page's edge,
    cut ("Scenario: Raid on the town (our scena"). A long heading wraps as text does."""
    from games.ui.rules_screen import RulesScreen
    a = make_app((800, 600), animation="off", ui_scale=max(v for v in UI_SCALES if v != "auto"))
    s = RulesScreen(a, info)
    a.push(s)
    frames(a, 1)
    font = s.theme.heading_font()
    heads = [payload for kind, payload, _y, _h in s._blocks if kind == "head"]
    assert " ".join(heads).split() == " ".join(sec["title"] for sec in s.sections).split(), "every word kept"
    for line in heads:
        assert font.size(line)[0] <= s.view.w, f"{line!r} is wider than the page ({s.view.w} px)"


def test_the_size_setting_says_when_the_game_screens_are_held_smaller():
    """A play-test at 800x600 chose 175%: the menus grew, the game and new-game screens
    stayed at 100% (they need the room, ``Theme.crowded``), and nothing said so."""
    from games.ui.settings_screen import SettingsScreen
    small = make_app((800, 600), animation="off", ui_scale=1.75)
    s = SettingsScreen(small)
    labels = dict(s.scale_choice.choices)
    assert labels[1.75] == "175% (games 100%)" and labels[1.0] == "100%"
    assert small.theme.crowded.scale == small.theme.window_scale * 1.0
    big = make_app((1920, 1080), animation="off", ui_scale=1.0)
    assert dict(SettingsScreen(big).scale_choice.choices)[1.25] == "125% (games 120%)"
