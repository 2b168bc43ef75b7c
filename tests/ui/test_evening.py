"""The evening through the real frame: a finished game is recorded, its card never starts
a game or closes on Space, Enter or a stray click, the standings show it, a new evening
starts afresh, the names used before are offered when seats are named."""
import os

import pygame
import pytest

import games
from games.core import paths, records
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from games.ui.result_card import ARM, ResultCard
from tests.ui.helpers import click, finished_match, frames, key, settle, spy_texts, type_text


@pytest.fixture
def app(tmp_path):
    paths.set_data_dir(str(tmp_path / "data"))
    a = make_app((1280, 720), animation="off")
    from games.ui.menu import MainMenu
    a.push(MainMenu(a))
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    paths.set_data_dir(None)


def play_to_the_card(app, names=("Ana", "Ben"), seed=3, kinds=(AI, AI)):
    info = games.get("cannon")
    m = Match(info, {}, [Seat(k, "random", n) for k, n in zip(kinds, names)], seed=seed, ai_secret=seed,
              chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    for _ in range(20000):
        if isinstance(app.stack.top, ResultCard):
            return g, app.stack.top
        settle(app)
        frames(app, 1)
    raise AssertionError("the game never ended")


@pytest.mark.slow
def test_a_finished_game_is_recorded_and_its_card_offers_what_comes_next(app):
    g, card = play_to_the_card(app)
    book = app.records()
    assert [r.id for r in book.games] == [records.record_id(g.match.match_id, [e.text for e in g.match.log])]
    assert [b.label for b in card.buttons] == ["Rematch, sides swapped", "Same seats", "Review", "Standings", "Menu"]
    assert card.rows, "the card shows the game's statistics"
    again, _ = records.load()
    assert len(again.games) == 1, "the record is on disk"


@pytest.mark.slow
def test_space_enter_and_a_stray_click_never_start_a_game_or_close_the_card(app):
    g, card = play_to_the_card(app)
    m = g.match
    for b in card.buttons:                                 # a click at once lands on nothing
        click(app, b.rect.center)
        assert app.stack.top is card and g.match is m
    key(app, pygame.K_SPACE)
    assert app.stack.top is card and g.match is m, "Space closed the card or started a game"
    frames(app, int(ARM * 60) + 2)
    key(app, pygame.K_SPACE)
    assert app.stack.top is card
    key(app, pygame.K_RETURN)                              # Enter: the review, which loses nothing
    assert app.stack.top is g and g.review_ply == 0 and g.match is m
    key(app, pygame.K_ESCAPE)                              # back to the result
    assert isinstance(app.stack.top, ResultCard)


@pytest.mark.slow
def test_rematch_swaps_the_sides_and_same_seats_keeps_them(app):
    g, card = play_to_the_card(app)
    frames(app, int(ARM * 60) + 2)
    click(app, card.buttons[1].rect.center)                # Same seats
    same = app.stack.top
    assert isinstance(same, GameScreen) and [s.name for s in same.match.seats] == ["Ana", "Ben"]
    assert same.match.match_id != g.match.match_id
    g2, card2 = play_to_the_card(app, seed=5)
    frames(app, int(ARM * 60) + 2)
    click(app, card2.buttons[0].rect.center)               # Rematch, sides swapped
    assert [s.name for s in app.stack.top.match.seats] == ["Ben", "Ana"]


def test_the_standings_show_tonight_and_a_new_evening_starts_afresh(app):
    from games.ui.standings_screen import StandingsScreen
    book = app.records()
    for k, (a, b) in enumerate((("Ana", "Ben"), ("Ben", "Ana"))):
        records.add(book, records.GameRecord(f"g{k}", "cannon", "2026-11-24T20:00:00", "",
                                             [records.SeatRecord(a, "human"), records.SeatRecord(b, "human")],
                                             [1, 2] if a == "Ana" else [2, 1], 40))
    assert len(book.evening_games()) == 2
    s = StandingsScreen(app)
    app.push(s)
    frames(app, 2)
    rows = records.standings(s.shown_games())
    assert [(r.name, r.wins, r.played) for r in rows] == [("Ana", 2, 2), ("Ben", 0, 2)]
    key(app, pygame.K_n)                                   # New evening, asked first
    key(app, pygame.K_RETURN)
    frames(app, 1)
    assert app.stack.top is s and s.shown_games() == [] and len(app.records().games) == 2
    key(app, pygame.K_2)                                   # all time still has both
    assert len(s.shown_games()) == 2
    key(app, pygame.K_e)                                   # export the shown games as CSV
    dialog = app.stack.top
    path = dialog.message.strip()
    assert dialog.title == "Exported" and os.path.isfile(path) and path.endswith(".csv")
    assert open(path, encoding="utf-8").read().count("\n") == 1 + 2 * 2
    if os.name != "nt":                                    # an export is to pass on: readable as any new file
        mask = os.umask(0)
        os.umask(mask)
        assert os.stat(path).st_mode & 0o777 == 0o666 & ~mask


def test_the_setup_offers_the_names_used_before_and_says_the_limit(app):
    from games.ui.setup import SetupScreen
    book = app.records()
    for nm in ("Ana", "Anders", "Ben"):
        rec = records.GameRecord(nm, "cannon", "2026-11-24T20:00:00", "", [records.SeatRecord(nm, "human"),
                                 records.SeatRecord("Bot", "ai", "easy")], [1, 2], 10)
        records.add(book, rec)
    s = SetupScreen(app, games.get("cannon"))
    app.push(s)
    field = s.names[0]
    field.text = ""
    click(app, field.rect.center)
    frames(app, 1)
    assert field.focused and [n for _r, n in s.pick_rects] == ["Ben", "Anders", "Ana"]
    field.text = "An"
    frames(app, 1)
    assert [n for _r, n in s.pick_rects] == ["Anders", "Ana"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert field.text == "Ana" and app.stack.top is s, "Enter picked the name, it did not start the game"
    s.names[1].text = ""
    click(app, s.names[1].rect.center)
    frames(app, 1)
    assert "Ana" not in [n for _r, n in s.pick_rects], "a name another seat has taken is offered"
    pick = next(r for r, n in s.pick_rects if n == "Ben")
    click(app, pick.center)
    assert s.names[1].text == "Ben"


@pytest.mark.slow
def test_the_card_saves_the_game_as_a_gif_and_a_picture(app):
    from games.core import paths as p_
    g, card = play_to_the_card(app)
    frames(app, int(ARM * 60) + 2)
    click(app, card.share[0].rect.center)
    saved = app.stack.top
    assert saved.title == "Saved" and ".gif" in saved.message
    path = saved.message.split("\n")[-1]
    assert os.path.isfile(path) and path.startswith(os.path.join(p_.data_dir(), "exports"))
    key(app, pygame.K_RETURN)                     # OK: the card is back, not the bare board
    assert app.stack.top is card


@pytest.mark.slow
def test_reviewing_a_finished_game_shows_its_statistics(app):
    g, card = play_to_the_card(app)
    frames(app, int(ARM * 60) + 2)
    key(app, pygame.K_RETURN)                             # Review
    frames(app, 1)
    assert g.reviewing() and g._review_stats and g._review_stats == card.rows
    top = pygame.Rect(g.log_rect.x, g.log_rect.y, g.log_rect.w, app.theme.px(40))
    assert any(app.screen.get_at((x, y))[:3] == app.theme.c["text"][:3]
               for x in range(top.x, top.right, 2) for y in range(top.y, top.bottom, 2)), "no figures drawn"


def test_the_setup_draws_its_start_and_back_buttons(app):
    from games.ui.setup import SetupScreen
    s = SetupScreen(app, games.get("cannon"))
    app.push(s)
    frames(app, 1)
    assert app.screen.get_at(s.start_btn.rect.move(6, 0).midleft)[:3] == app.theme.c["accent"][:3]
    assert app.screen.get_at(s.back_btn.rect.move(6, 0).midleft)[:3] != app.theme.c["bg2"][:3]


@pytest.mark.parametrize("ui_scale", [1.0, 1.5, 1.75])
def test_the_standings_headings_never_run_together_and_tonight_says_so_when_empty(tmp_path, monkeypatch, ui_scale):
    """A play-test at 150% text read "GamesWins": each column is at least as wide as its
    heading. An empty Tonight says tonight, not "yet" (All time may hold games)."""
    from games.ui import standings_screen as ss
    paths.set_data_dir(str(tmp_path / "data"))
    try:
        a = make_app((1280, 720), animation="off", ui_scale=ui_scale)
        book = a.records()
        records.add(book, records.GameRecord("g0", "cannon", "2026-11-24T20:00:00", "",
                                             [records.SeatRecord("Ana", "human"), records.SeatRecord("Ben", "ai", "easy")],
                                             [1, 2], 40))
        drawn = []
        real = ss.draw_text
        monkeypatch.setattr(ss, "draw_text", lambda surf, text, font, col, pos, *r, **k:
                            drawn.append((text, font, pos)) or real(surf, text, font, col, pos, *r, **k))
        s = ss.StandingsScreen(a)
        a.push(s)
        s.scope = "all"
        frames(a, 1)
        heads = [(text, font, pos) for text, font, pos in drawn if text in ("Player", "Games", "Wins", "Points", "Places")]
        heads = list({h[0]: h for h in heads}.values())
        assert [h[0] for h in heads] == ["Player", "Games", "Wins", "Points", "Places"]
        for (t1, f1, p1), (_t2, _f2, p2) in zip(heads, heads[1:]):
            assert p1[0] + f1.size(t1)[0] < p2[0], (ui_scale, t1)
        assert any("(computer)" in text for text, _f, _p in drawn)
        drawn.clear()
        s.scope = "evening"
        records.new_evening(book)
        frames(a, 1)
        assert any(text.startswith("No games finished tonight") for text, _f, _p in drawn)
        for sc in list(a.stack.scenes):
            sc.on_exit()
    finally:
        paths.set_data_dir(None)


def _toy_to_the_end(match_id, act):
    from tests.core import toygame
    m = Match(toygame.INFO, {"dice": 1}, [Seat(AI, "random", "Ana"), Seat(AI, "random", "Ben")], seed=2,
              ai_secret=2, chance_secret=SEED_ONLY, match_id=match_id)
    while not m.is_over():
        if m.state.current_player() < 0:
            m.apply_chance()
        else:
            m.play_text(act)
    return m


def test_a_save_played_to_another_end_is_another_game_in_the_record():
    """A play-test: a game saved mid-way, won, then loaded from that save and won again,
    was recorded once (both endings shared the match's id), and the Load list showed the
    first ending's result beside the second."""
    book = records._fresh()
    first, second = _toy_to_the_end("abcdef123456", "bank"), _toy_to_the_end("abcdef123456", "double")
    a, b = records.game_record(first), records.game_record(second)
    assert a.id != b.id and a.id.startswith("abcdef123456-")
    assert records.add(book, a) and records.add(book, b) and len(book.games) == 2
    assert not records.add(book, records.game_record(first)), "the same game reopened counts once"
    moves = [e.text for e in second.log]
    assert records.find(book, "abcdef123456", moves, second.ply) is book.games[1]
    legacy = records._fresh()                                # recorded before ids had a digest
    old = records.game_record(first)
    old.id = "abcdef123456"
    records.add(legacy, old)
    assert not records.add(legacy, records.game_record(first))
    assert records.find(legacy, "abcdef123456", [e.text for e in first.log], first.ply) is old


def _named_midgame(kind):
    """A Cannon game six seeded random moves in, saved as "Ana midgame": (match, path, rng)."""
    import random
    from games.core import saves
    seats = [Seat(kind, "random", "Ana"), Seat(kind, "random", "Ben")]
    m = Match(games.get("cannon"), {}, seats, seed=4, ai_secret=4, chance_secret=SEED_ONLY)
    rng = random.Random(4)
    for _ in range(6):
        m.play(rng.choice(m.state.legal_moves()))
    named = os.path.join(paths.saves_dir(), "ana-midgame.json")
    saves.save_match(m, named, "Ana midgame")
    return m, named, rng


def test_a_mid_game_save_opened_after_its_game_went_on_gets_its_own_id(app):
    """...and the second ending's autosave wrote over the first game's."""
    from games.core import saves
    from games.ui import router
    m, named, rng = _named_midgame(AI)
    saves.autosave(m)
    router.open_save(app, named)                           # the game did not go on: the same game
    assert app.stack.top.match.match_id == m.match_id
    for _ in range(4):
        m.play(rng.choice(m.state.legal_moves()))
    saves.autosave(m)
    went_on = saves.read_save_dict(saves.autosave_path(m))
    router.open_save(app, named)                           # it went on: this is another game now
    g = app.stack.top
    assert g.match.match_id != m.match_id and g.match.ply == 6
    saves.autosave(g.match)
    assert saves.read_save_dict(saves.autosave_path(m))["moves"] == went_on["moves"], "the other game kept"


def test_a_click_elsewhere_on_the_setup_ends_the_typing_in_a_name(app):
    """A play-test: after a click on Seat 1's name and then Seat 2's type arrows, the letters
    typed still went into Seat 1's name (and its list of names covered Seat 2's box)."""
    from games.ui.setup import SetupScreen
    from tests.ui.helpers import type_text
    s = SetupScreen(app, games.get("cannon"))
    app.push(s)
    frames(app, 1)
    name = s.names[0]
    before = name.text
    click(app, name.rect.center)
    assert name.focused
    click(app, (s.kinds[1].rect.right - 8, s.kinds[1].rect.centery))     # Seat 2's ">" arrow
    assert not name.focused and s._focused_name() < 0
    type_text(app, "Q")
    assert name.text == before


def test_a_name_that_is_a_side_stays_with_the_side_in_a_rematch():
    """A play-test: a computer left unnamed is called "Light"; after "Rematch, sides
    swapped" it played the dark pieces still called "Light"."""
    info = games.get("cannon")
    dark, light = info.seat_names(2)
    m = Match(info, {}, [Seat(AI, "easy", "Ana"), Seat(AI, "easy", light)], seed=1)
    swapped = m.rematch()
    assert [s.name for s in swapped.seats] == [dark, "Ana"] and swapped.seats[0].level == "easy"
    assert [s.name for s in m.rematch(turn=0).seats] == ["Ana", light]
    people = Match(info, {}, [Seat(AI, "easy", "Ana"), Seat(AI, "easy", "Ben")], seed=1)
    assert [s.name for s in people.rematch().seats] == ["Ben", "Ana"], "people's names go with them"


def test_statistics_left_off_a_small_card_are_said_to_be():
    """A play-test at 175% on 800x600: the card lost its "Soldiers left" row without a word."""
    from games.core.stats import Stat
    from games.ui import result_card
    from games.ui.headless import make_app
    a = make_app((800, 600))
    m = Match(games.get("cannon"), {}, [Seat(AI, "easy", "Ana"), Seat(AI, "easy", "Ben")], seed=1)
    rows = [Stat(f"Figure {i}", (i, i + 1)) for i in range(6)]
    said: list[str] = []
    real = result_card.draw_text
    result_card.draw_text = lambda surface, text, *a_, **k: said.append(text) or real(surface, text, *a_, **k)
    try:
        lh = a.theme.small_font().get_linesize()
        rect = pygame.Rect(0, 0, 500, lh * 4 + a.theme.px(2))        # the heading and three lines
        result_card.draw_stats(a.screen, a.theme, rect, m, rows)
    finally:
        result_card.draw_text = real
    assert "Figure 0" in said and "Figure 1" in said and "Figure 2" not in said
    assert "4 more: Review shows every figure" in said


@pytest.mark.parametrize("scale", [1.5, 1.75])
def test_the_standings_scroll_when_they_do_not_fit(tmp_path, scale):
    """A play-test at 150% and 175% on 800x600: "Last games" showed one of two games, then
    vanished, and the wheel did nothing. The body now scrolls and says so."""
    from games.ui.standings_screen import StandingsScreen
    paths.set_data_dir(str(tmp_path / "data"))
    try:
        a = make_app((800, 600), animation="off", ui_scale=scale)
        book = a.records()
        for i, (x, y) in enumerate([("Ana", "Ben"), ("Cleo", "Ana"), ("Ben", "Cleo"), ("Ana", "Dev")]):
            records.add(book, records.GameRecord(f"g{i}", "cannon", f"2026-11-29T20:0{i}:00", "",
                                                 [records.SeatRecord(x, "human"), records.SeatRecord(y, "human")],
                                                 [1, 2], 40, "Dark shot the Light town"))
        s = StandingsScreen(a)
        a.push(s)
        frames(a, 1)
        assert s.max_scroll > 0 and s.scroll == 0
        for _ in range(40):
            s.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        frames(a, 1)
        assert s.scroll == s.max_scroll
        key(a, pygame.K_PAGEUP)
        key(a, pygame.K_PAGEUP)
        key(a, pygame.K_PAGEUP)
        assert s.scroll == 0
        roomy = make_app((1280, 720), animation="off")
        s2 = StandingsScreen(roomy)
        roomy.push(s2)
        frames(roomy, 1)
        assert s2.max_scroll == 0
    finally:
        paths.set_data_dir(None)


def test_a_corps_default_name_is_a_person_and_goes_with_the_seat():
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(AI, "easy", n) for n in info.seat_names(3)], seed=1)
    assert [s.name for s in m.rematch().seats] == ["Ben", "Cleo", "Ana"]


@pytest.mark.slow
def test_the_finished_board_says_how_to_get_the_card_back(app):
    """A play-test: back from the Standings, the bare finished board gave no sign that Esc
    brings the result card back."""
    from games.ui import banner
    g, card = play_to_the_card(app)
    frames(app, int(ARM * 60) + 2)
    key(app, pygame.K_ESCAPE)                               # the card closes: the board
    frames(app, 1)
    assert app.stack.top is g
    assert banner.subline(g, g.shown_state(), "")[0].startswith("Game over: Esc shows the result card")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, ResultCard)


def test_an_ending_taken_back_leaves_the_standings_and_the_next_ending_counts(app):
    """A play-test: Undo after a game's end played on to a second ending, and the standings
    kept both (the first ending lost, say, and the second won: one game counted twice)."""
    from games.core.match import HUMAN
    from tests.core import toygame
    from tests.ui.helpers import wait_until
    m = Match(toygame.INFO, {"dice": 1}, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], seed=2,
              ai_secret=2, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)

    def play_out():
        for _ in range(400):
            if isinstance(app.stack.top, ResultCard):
                return
            wait_until(app, lambda: g.can_act() or isinstance(app.stack.top, ResultCard))
            if g.can_act():
                g.match.play_text("bank")
                frames(app, 1)
        raise AssertionError("the game never ended")

    play_out()
    book = app.records()
    first = records.record_id(m.match_id, [e.text for e in m.log])
    assert [r.id for r in book.games] == [first]
    app.pop()                                          # the card, back to the finished board
    g.undo()
    assert not m.is_over() and book.games == [], "the ending taken back is out of the record"
    assert records.load()[0].games == [], "and out of the file"
    assert "out of the standings" in g.status
    play_out()
    assert [r.id for r in app.records().games] == [records.record_id(m.match_id, [e.text for e in m.log])]
    assert len(records.load()[0].games) == 1
    # a game of an earlier evening keeps its place in that evening's record
    book = app.records()
    old = book.games[0]
    records.new_evening(book)
    assert not records.withdraw(book, old.id) and book.games == [old]


def test_the_name_limit_alone_sits_beside_the_field_not_over_the_next_seat(app, monkeypatch):
    """A play-test: with no names used before, "up to 24 characters" was drawn in a box
    over Seat 2's name."""
    from games.ui import setup as setup_mod
    from games.ui.setup import SetupScreen
    s = SetupScreen(app, games.get("cannon"))
    app.push(s)
    click(app, s.names[0].rect.center)
    frames(app, 1)
    drawn = []
    real = setup_mod.draw_text

    def spy(surface, text, *a, **k):
        r = real(surface, text, *a, **k)
        drawn.append((text, r))
        return r
    monkeypatch.setattr(setup_mod, "draw_text", spy)
    app.draw()
    hint = [r for text, r in drawn if "characters" in text]
    assert hint and not hint[0].colliderect(s.names[1].rect) and not hint[0].colliderect(s.kinds[1].rect)
    assert hint[0].left >= s.names[0].rect.right


def test_a_long_autosave_name_gives_way_before_its_autosave_mark(app, monkeypatch):
    """A play-test: a four-seat Corps autosave was listed as "...29 Nov 09:25 (aut..."."""
    from games.core import saves
    from games.ui import load_screen as mod
    info = games.get("cannon_corps")
    seats = [Seat(HUMAN, name="Anastasia"), Seat(HUMAN, name="Benedikt")] + \
        [Seat(AI, "normal", n) for n in ("Cleopatra", "Dantes")]
    m = Match(info, {}, seats, seed=2, ai_secret=2, chance_secret=SEED_ONLY)
    saves.autosave(m)
    from tests.ui.helpers import spy_texts
    drawn = spy_texts(monkeypatch, mod)
    load = mod.LoadScreen(app)
    app.push(load)
    frames(app, 1)
    app.draw()
    titles = [t for t in drawn if "Cannon Corps," in t]
    assert titles and all(t.endswith("(autosave)") for t in titles), titles


@pytest.mark.parametrize("names,width,want", [
    (("Jo", "Bernadette"), 600, ["Jo", "Bernadette"]),      # room for all: every name whole
    (("Dark", "Light"), 300, ["Dark", "Light"]),
    (("A", "Computer"), 600, ["A", "Computer"]),
])
def test_figures_show_whole_names_when_they_fit_and_cut_only_for_want_of_room(app, monkeypatch, names, width, want):
    """A review: names were cut to the shortest name's length even when all fitted
    ("Dark"/"Ligh", "Jo"/"Be")."""
    from games.core.stats import Stat
    from games.ui import result_card as rc
    m = Match(games.get("cannon"), {}, [Seat(HUMAN, name=n) for n in names], seed=1, ai_secret=1,
              chance_secret=SEED_ONLY)
    from tests.ui.helpers import spy_texts
    drawn = spy_texts(monkeypatch, rc)
    rows = [Stat("Soldiers taken", (1, 2))]
    rc.draw_stats(app.screen, app.theme, pygame.Rect(0, 0, width, 200), m, rows)
    assert drawn[:len(names)] == want
    drawn.clear()
    rc.draw_stats(app.screen, app.theme, pygame.Rect(0, 0, 170, 200), m, rows)   # too narrow for whole names
    heads = drawn[:drawn.index("Soldiers taken")]
    # the names shortened to letters, or (too narrow for those) left to the markers: never "..."
    assert not heads or all(n.startswith(h) and h for n, h in zip(names, heads))
    assert not any(t.endswith("...") for t in drawn) and "Soldiers taken" in drawn


def test_standings_of_computers_only_say_why_the_table_is_empty(app, monkeypatch):
    """A play-test: after three Easy vs Easy games Tonight showed the headings and nothing
    under them, while the games were listed beside."""
    from games.ui import standings_screen as mod
    from tests.ui.helpers import spy_texts
    book = app.records()
    records.add(book, records.GameRecord("g0", "cannon", "2026-11-24T20:00:00", "",
                                         [records.SeatRecord("Bot", "ai", "easy"), records.SeatRecord("Cog", "ai", "easy")],
                                         [1, 2], 40))
    drawn = spy_texts(monkeypatch, mod)
    app.push(mod.StandingsScreen(app))
    frames(app, 2)
    assert "Only computers played: the standings count people." in drawn


def test_the_last_games_say_the_day_of_a_game_not_played_today():
    """A play-test: All time listed games of several evenings, each with only its time of
    day, so last Friday's game read as tonight's."""
    import datetime as dt

    from games.ui.standings_screen import when_label
    today = dt.date(2026, 11, 29)
    assert when_label("2026-11-29T21:04:10", today) == "21:04"
    assert when_label("2026-11-27T20:15:00", today) == "27 Nov 20:15"
    assert when_label("2025-12-31T23:59:00", today) == "31 Dec 2025 23:59"
    assert when_label("not a date at all", today) == ""


def test_a_players_games_by_game_say_won_in_words(app, monkeypatch):
    """A play-test: "Cannon 1/2" under a name was read as a score, not as one game won of two."""
    from games.ui import standings_screen as mod
    from tests.ui.helpers import spy_texts
    book = app.records()
    for i, winner in enumerate((1, 2)):
        records.add(book, records.GameRecord(f"g{i}", "cannon", f"2026-11-29T20:0{i}:00", "",
                                             [records.SeatRecord("Ana", "human"), records.SeatRecord("Ben", "human")],
                                             [winner, 3 - winner], 40))
    drawn = spy_texts(monkeypatch, mod)
    app.push(mod.StandingsScreen(app))
    frames(app, 2)
    assert "won: Cannon 1 of 2" in drawn


def test_the_load_list_says_who_won_a_game_whose_result_does_not():
    """A play-test: a finished Cannon Corps save read "The last army standing. Every grid
    is now revealed." in the Load list, and nothing said whose army it was."""
    from games.ui.load_screen import with_winner
    corps = "The last army standing. Every grid is now revealed."
    assert with_winner(corps, ["Cleo"]) == f"Cleo won: {corps}"
    assert with_winner("Dana wins: 4 points to 3", ["Dana"]) == "Dana wins: 4 points to 3"
    assert with_winner("Draw: both sides hold two houses", []) == "Draw: both sides hold two houses"


def test_points_are_explained_once_a_game_of_three_is_counted(app, monkeypatch):
    """A play-test: Ana had 0.25 points for a 2nd place of three, and nothing said why."""
    from games.ui import standings_screen as mod
    from tests.ui.helpers import spy_texts
    book = app.records()
    records.add(book, records.GameRecord("g3", "cannon_corps", "2026-11-29T20:00:00", "",
                                         [records.SeatRecord(n, "human") for n in ("Ana", "Ben", "Cleo")],
                                         [2, 1, 3], 40))
    drawn = spy_texts(monkeypatch, mod)
    app.push(mod.StandingsScreen(app))
    frames(app, 2)
    assert any(x.startswith("Points: 1 for a win") for x in drawn), drawn


def test_the_cards_exports_keep_the_colour_blind_palette(app, monkeypatch):
    """A play-test: with the colour-blind palette on, the saved picture's sides came out in
    the other palette's colours."""
    from games.ui import export
    g, card = play_to_the_card(app)
    frames(app, int(ARM * 60) + 2)
    app.settings.colorblind = True
    asked = []
    real = export.export_png
    monkeypatch.setattr(export, "export_png", lambda m, **k: asked.append(k) or real(m, **k))
    click(app, card.share[1].rect.center)
    assert asked == [{"colorblind": True}]


def test_a_save_opened_and_left_as_it_was_leaves_no_second_entry(app):
    """A play-test: a named save opened, looked at and left without a move added an
    autosave of the same position, listed beside the save under the same title."""
    from games.core import saves
    from games.ui import router
    _m, named, _rng = _named_midgame(HUMAN)
    router.open_save(app, named)
    g = app.stack.top
    assert g.closing_loses() is None
    g.leave()
    assert not isinstance(app.stack.top, GameScreen), "left at once: nothing to lose"
    assert [i.path for i in saves.list_saves()] == [named], "no autosave beside the save"
    router.open_save(app, named)                            # a move made: the autosave is kept
    g = app.stack.top
    g.submit(g.match.state.legal_moves()[0])
    g.leave(force=True)
    assert len(saves.list_saves()) == 2


@pytest.mark.parametrize("size, scale, n", [((1280, 720), 1.75, 3), ((800, 600), 1.5, 6), ((1280, 720), 1.0, 3)])
def test_a_card_of_three_or_more_seats_at_large_text_shows_every_figure(size, scale, n, monkeypatch):
    """A play-test: Cannon Corps' three-seat card at 175% listed no figure at all, only its
    buttons. The places now head the figures as a row, and a card taller than the window
    packs its buttons, so every figure shows and every button stays on the card."""
    from types import SimpleNamespace

    from games.ui import result_card
    a = make_app(size, animation="off", ui_scale=scale)
    m = finished_match("cannon_corps", n, seed=7, first_human=True)
    nothing = lambda *_: None  # noqa: E731
    game = SimpleNamespace(match=m, rematch=nothing, same_seats=nothing, review=nothing, standings=nothing,
                           leave=nothing)
    card = ResultCard(a, game)
    card.layout(a.screen.get_size())
    said = spy_texts(monkeypatch, result_card)
    card.draw(a.screen)
    assert card.rows[0].label == "Place" and sorted(card.rows[0].values)[0].lstrip("=") == "1st"
    assert "2nd:" not in card.text, "the places are said once, in the row"
    for row in card.rows:
        assert row.label in said, f"{row.label} left off the card"
    assert not any("more:" in s for s in said)
    screen = a.screen.get_rect()
    for b in card.buttons + card.share:
        assert card.rect.contains(b.rect) and screen.contains(b.rect)
        assert not card.stats_rect.colliderect(b.rect)
    assert card.compact == (scale > 1.0), "the roomy card keeps its tall buttons"


def test_the_standings_window_fades_the_line_its_edge_cuts(tmp_path):
    """A play-test at 175%: the standings' window cut the points note in half and drew "More
    below" on it. The window's foot now fades to the panel, so a cut line is not read as
    text; read from the pixels of the window's last row."""
    from games.ui.standings_screen import StandingsScreen
    paths.set_data_dir(str(tmp_path / "data"))
    try:
        a = make_app((1280, 720), animation="off", ui_scale=1.75)
        book = a.records()
        for i, names in enumerate([("Ana", "Ben", "Cleo"), ("Cleo", "Ana", "Dev"), ("Ben", "Cleo", "Ana"),
                                   ("Ana", "Dev", "Ben"), ("Eve", "Ana", "Ben")]):
            records.add(book, records.GameRecord(f"g{i}", "cannon_corps", f"2026-11-29T20:0{i}:00", "",
                                                 [records.SeatRecord(n, "human") for n in names], [1, 2, 3], 40, "x"))
        s = StandingsScreen(a)
        a.push(s)
        frames(a, 1)
        assert s.max_scroll > 0 and s.scroll == 0
        view = s.body.h - a.theme.small_font().get_linesize()
        bg = a.theme.c["bg2"]
        row = [a.screen.get_at((x, s.body.y + view - 1))[:3] for x in range(s.body.x, s.body.right, 3)]
        assert all(max(abs(p[k] - bg[k]) for k in range(3)) <= 3 for p in row), "the last row is the panel's"
    finally:
        paths.set_data_dir(None)


def test_the_new_game_footer_says_what_enter_does_in_a_name_field(app, monkeypatch):
    """A play-test typed a name and pressed Enter, as the footer's "Enter: start" said, and
    reached "Advanced..." instead: in a text field Enter passes on. The footer now says so."""
    from games.ui import setup as setup_mod
    from games.ui.setup import SetupScreen
    from tests.ui.helpers import spy_texts
    s = SetupScreen(app, games.get("cannon"))
    app.push(s)
    frames(app, 1)
    said = spy_texts(monkeypatch, setup_mod)
    frames(app, 1)
    assert any("Enter: start" in x for x in said), said
    click(app, s.names[0].rect.center)
    said.clear()
    frames(app, 1)
    assert s.names[0].focused and any("Enter: next" in x for x in said), said
    assert not any("Enter: start" in x for x in said)


@pytest.mark.parametrize("size, scale", [((800, 600), 1.75), ((1280, 720), 1.0)])
def test_the_curtains_words_stay_clear_of_the_pause_menu(tmp_path, monkeypatch, size, scale):
    """A play-test at 800x600 and 175%: the pause menu covered half of "The table is hidden
    while this is open." The words go in the widest band the menu leaves, or nowhere."""
    from games.ui import overlays as gs
    paths.set_data_dir(str(tmp_path / "data"))
    try:
        a = make_app(size, animation="off", ui_scale=scale)
        m = Match(games.get("cannon_corps"), {}, [Seat(HUMAN, "easy", "Ana"), Seat(AI, "easy", "Ben")], seed=2,
                  ai_secret=2, chance_secret=SEED_ONLY)
        g = GameScreen(a, m)
        a.push(g)
        frames(a, 2)
        key(a, pygame.K_ESCAPE)
        frames(a, 1)
        menu = a.stack.top
        assert menu is not g and g.covered()
        drawn = []
        real = gs.draw_text
        monkeypatch.setattr(gs, "draw_text", lambda surf, text, font, col, pos, anchor="topleft", **k:
                            drawn.append((text, real(surf, text, font, col, pos, anchor, **k))) or drawn[-1][1])
        frames(a, 1)
        said = [r for text, r in drawn if text.startswith("The table is hidden")]
        assert all(not r.colliderect(menu.rect) for r in said), (said, menu.rect)
        assert said or min(menu.rect.y - g.board_rect.y, g.board_rect.bottom - menu.rect.bottom) < \
            a.theme.body_font().get_linesize(), "said wherever there is room"
    finally:
        paths.set_data_dir(None)


def test_a_name_field_reached_by_tab_is_selected_so_typing_replaces_the_default(app):
    """A keyboard play-test tabbed to a seat's name, which showed "Dark", typed "Ana" and
    got "DarkAna"."""
    from games.ui.setup import SetupScreen
    s = SetupScreen(app, games.get("cannon"))
    app.push(s)
    frames(app, 1)
    field = s.names[0]
    assert field.text
    for _ in range(12):
        if s.focus.get() is field:
            break
        key(app, pygame.K_TAB)
    assert s.focus.get() is field and field.focused
    type_text(app, "Ana")
    assert field.text == "Ana"
