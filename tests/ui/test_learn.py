"""Learn through the real frame: the menu's Learn, the first-time offer, the card and
its controls, a refused move, Leave and resume, the end card, no autosave and no
record; first-time tips in real games; and, for every game's own lesson, every card
fits at 800x600 with no missing glyph. Each game's lesson is also driven to its end by
synthetic clicks in its own folder (tests/<game>/test_lesson.py)."""
from __future__ import annotations

import itertools

import pygame
import pytest

import games
from games.core import saves
from games.core.lesson import (ANY, CARD, DO, MAX_TIP_WORDS, Lesson, LessonStep, Tip, check_lesson, replay,
                               words)
from games.ui import fonts
from games.ui.dialogs import Dialog
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from games.ui.learn_screen import LearnScreen
from games.ui.menu import MainMenu
from games.ui.setup import SetupScreen
from tests.ui.helpers import click, frames, key, step, wait_until
from tests.ui.lesson_helpers import to_learner

CANNON = games.get("cannon")
WITH_LESSONS = [g for g in games.GAMES if g.lesson]

TOY = Lesson(game="cannon", title="Learn Cannon (toy)", steps=(
    LessonStep(CARD, "Welcome", "You play Dark. Capture the enemy town to win."),
    LessonStep(DO, "Place your town", "Put your town on the marked point.", moves=("Te1",), script=("Tf10",),
               wrong="This time, the marked point.", praise="Your town stands on e1."),
    LessonStep(ANY, "Any move", "Make any move.", example=("c2-d3",),
               script=(lambda s: str(s.legal_moves()[0]),)),
    LessonStep(DO, "Forward", "Step the marked soldier forward.", moves=("e4-e5",)),
), finale="That is the toy lesson.")


@pytest.fixture
def toy(monkeypatch):
    import games.cannon.lesson as mod
    monkeypatch.setattr(mod, "LESSON", TOY)
    return TOY


@pytest.fixture
def app():
    a = make_app((1280, 720), animation="off")
    a.push(MainMenu(a))
    frames(a, 2)
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()


def card_of(menu, gid):
    return next(c for c in menu.cards if c["info"].id == gid)


def open_toy(app) -> LearnScreen:
    click(app, card_of(app.stack.top, "cannon")["learn"].rect.center)
    scr = app.stack.top
    assert isinstance(scr, LearnScreen)
    frames(app, 2)
    return scr


def test_every_game_with_a_lesson_has_learn_on_its_card(app):
    menu = app.stack.top
    for card in menu.cards:
        assert ("learn" in card) == bool(card["info"].lesson)
    assert "learn" in card_of(menu, "cannon")


def test_learn_opens_the_lesson_on_its_first_card_and_next_goes_on(app, toy):
    scr = open_toy(app)
    assert scr.run.i == 0 and scr.run.waiting_for_card() and not scr.can_act()
    click(app, scr.next_btn.rect.center)
    frames(app, 2)
    assert scr.run.i == 1 and scr.can_act()
    assert str(scr.board.hint) == "Te1", "the asked-for move is drawn on the board"


def test_a_move_the_step_does_not_take_is_refused_kindly_and_not_played(app, toy):
    scr = open_toy(app)
    scr.next_card()
    frames(app, 2)
    assert scr.submit(scr.match.state.parse_move("Tb1")) is False
    assert scr.match.ply == 0 and scr.status == "This time, the marked point."
    assert scr.submit(scr.match.state.parse_move("Te1"))
    wait_until(app, lambda: scr.run.i == 2)
    assert [e.text for e in scr.match.log] == ["Te1", "Tf10"], "the scripted reply came"


def test_a_step_done_by_the_players_moves_says_its_praise(app, toy):
    """The lessons wrote praise for some steps ("It held.") that no screen ever said."""
    scr = open_toy(app)
    scr.next_card()
    frames(app, 2)
    assert scr.submit(scr.match.state.parse_move("Te1"))
    wait_until(app, lambda: scr.run.i == 2)
    frames(app, 1)
    assert scr.status == "Your town stands on e1." and scr.status_t > 0


def test_a_new_step_hides_the_old_hover_tooltip_until_the_mouse_moves(app, toy):
    """Learn Cannon, step 10: the tooltip of the point the pointer was left on covered the
    piece the new card names. A new step's hover waits for the mouse to move."""
    scr = open_toy(app)
    scr.next_card()
    frames(app, 2)
    b = scr.board
    at = b.point_to_pixel(scr.match.state.parse_move("Te1").to)
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
    assert scr.submit(scr.match.state.parse_move("Te1"))
    wait_until(app, lambda: scr.run.i == 2 and not b.busy)
    frames(app, 1)
    assert b.tooltip_lines() == [], "the old hover waits for the mouse"
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(at[0] + 1, at[1]), rel=(1, 0),
                                                buttons=(0, 0, 0))])
    assert b.tooltip_lines(), "and comes back when it moves"


def test_a_skipped_step_earns_no_praise(app, toy):
    scr = open_toy(app)
    scr.next_card()
    frames(app, 2)
    scr.skip_step()
    frames(app, 2)
    assert scr.run.i == 2 and scr.run.praise == ""
    assert scr.submit(scr.match.state.parse_move("a2-b3"))
    wait_until(app, lambda: scr.run.i == 3)
    assert scr.status != "Your town stands on e1."


def test_restart_and_skip(app, toy):
    scr = open_toy(app)
    scr.next_card()
    scr.submit(scr.match.state.parse_move("Te1"))
    wait_until(app, lambda: scr.run.i == 2)
    scr.submit(scr.match.state.parse_move("a2-b3"))
    wait_until(app, lambda: scr.run.i == 3)
    click(app, scr.restart_btn.rect.center)
    frames(app, 2)
    assert scr.run.i == 3 and scr.match.ply == 4, "Restart: back to the step's start, not further"
    click(app, scr.skip_btn.rect.center)
    frames(app, 2)
    assert scr.run.finished and scr.match.log[-1].text == "e4-e5"


def test_leave_keeps_the_step_and_learn_opens_there_again(app, toy):
    scr = open_toy(app)
    scr.next_card()
    scr.submit(scr.match.state.parse_move("Te1"))
    wait_until(app, lambda: scr.run.i == 2)
    key(app, pygame.K_ESCAPE)
    ask = app.stack.top
    assert isinstance(ask, Dialog) and ask.title == "Leave the lesson?"
    key(app, pygame.K_ESCAPE)                       # Esc again: keep learning
    assert app.stack.top is scr
    click(app, scr.menu_btn.rect.center)            # Leave
    click(app, app.stack.top.buttons[1].rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, MainMenu)
    assert app.settings.learn["cannon"] == {"step": 2, "done": False}
    again = open_toy(app)
    assert again.run.i == 2 and [e.text for e in again.match.log] == ["Te1", "Tf10"]


def test_a_lesson_is_never_autosaved_nor_recorded_and_has_no_undo(app, toy):
    scr = open_toy(app)
    scr.skip_step()
    scr.skip_step()
    frames(app, 2)
    assert saves.latest_unfinished_autosave() is None
    assert saves.list_saves() == []
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scr.match.ply == 2 and "Restart" in scr.status


def test_the_end_card_offers_a_real_game_against_easy(app, toy):
    scr = open_toy(app)
    while not scr.run.finished:
        scr.skip_step()
    frames(app, 2)
    assert app.settings.learn["cannon"] == {"step": 0, "done": True}
    assert scr.card_lines(300)[0] == "Lesson done"
    click(app, scr.play_btn.rect.center)
    frames(app, 2)
    game = app.stack.top
    assert isinstance(game, GameScreen) and not isinstance(game, LearnScreen)
    assert [s.kind for s in game.match.seats] == ["human", "ai"] and game.match.seats[1].level == "easy"
    assert not app.records().games if hasattr(app.records(), "games") else True


def test_the_cards_buttons_are_in_the_tab_order_and_enter_takes_the_end_cards_offer(app, toy):
    """A play-test, keyboard only: at the lesson's end Tab went Rules, Leave, board, and
    Enter did nothing: "Play against Easy" and "Back to menu" could not be reached."""
    scr = open_toy(app)
    assert scr.run.waiting_for_card()
    key(app, pygame.K_TAB)
    assert scr.focused() is scr.next_btn, "the first card's Next comes first"
    step0 = scr.run.i
    while scr.focused() is not scr.rules_btn:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)                     # Enter presses the focused Rules, not Next (a review)
    frames(app, 1)
    assert app.stack.top is not scr and scr.run.i == step0
    app.pop()
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    while not scr.run.finished:
        scr.skip_step()
    frames(app, 2)
    # the end card's offers take the focus, so the arrows choose (a play-test pressed Down
    # for "Back to menu", saw nothing, and Enter started a game)
    assert scr.focused() is scr.play_btn
    key(app, pygame.K_DOWN)
    assert scr.focused() is scr.done_btn
    key(app, pygame.K_UP)
    assert scr.focused() is scr.play_btn
    key(app, pygame.K_TAB)
    assert scr.focused() is scr.done_btn
    key(app, pygame.K_TAB)
    assert scr.focused() is scr.rules_btn
    key(app, pygame.K_ESCAPE)                      # the focus back on the board
    assert scr.focused() is None and app.stack.top is scr
    key(app, pygame.K_RETURN)
    frames(app, 2)
    game = app.stack.top
    assert isinstance(game, GameScreen) and not isinstance(game, LearnScreen)


def test_slash_in_a_lesson_says_there_is_no_move_box_and_focuses_nothing(app, toy):
    """A play-test: '/' in a lesson focused a move box it could not see, and the keys
    typed after it went astray."""
    scr = open_toy(app)
    scr.next_card()
    frames(app, 2)
    key(app, pygame.K_SLASH, unicode="/")
    assert scr.focused() is None and not scr.move_box.focused
    assert "no move box" in scr.status
    key(app, pygame.K_TAB)
    assert scr.focused() is not scr.move_box
    for _ in range(len(scr.keys.controls()) + 1):
        key(app, pygame.K_TAB)
        assert scr.focused() is not scr.move_box, "the Tab order skips a box that is not there"


def test_learn_is_offered_the_first_time_a_game_is_opened_and_only_then(toy):
    a = make_app((1280, 720), animation="off")
    a.settings.learn_offered = []
    a.push(MainMenu(a))
    frames(a, 2)
    menu = a.stack.top
    click(a, card_of(menu, "cannon")["new"].rect.center)
    offer = a.stack.top
    assert isinstance(offer, Dialog) and offer.title == "New to Cannon?"
    assert [b.label for b in offer.buttons] == ["Learn", "Set up a game"]
    click(a, offer.buttons[0].rect.center)
    assert isinstance(a.stack.top, LearnScreen)
    a.stack.top.leave_lesson()
    frames(a, 2)
    click(a, card_of(a.stack.top, "cannon")["new"].rect.center)
    assert isinstance(a.stack.top, SetupScreen), "offered once"
    assert "cannon" in a.settings.learn_offered
    for s in list(a.stack.scenes):
        s.on_exit()


# -- first-time tips in real games ------------------------------------------------------------

TIP = Tip("town", "Your town goes on your back row.", lambda view, seat: view.current_player() == seat)


def _real_game(a, monkeypatch, tips_on: bool):
    import games.cannon.lesson as mod
    monkeypatch.setattr(mod, "TIPS", (TIP,), raising=False)
    a.settings.tips = tips_on
    from games.core.match import HUMAN, SEED_ONLY, Match, Seat
    g = GameScreen(a, Match(CANNON, {}, [Seat(HUMAN, "normal", "Dark"), Seat(HUMAN, "normal", "Light")], seed=1,
                            chance_secret=SEED_ONLY))
    a.push(g)
    step(a, 3)
    return g


def test_a_tip_shows_the_first_time_and_never_again(app, monkeypatch):
    g = _real_game(app, monkeypatch, tips_on=True)
    assert g.status.startswith("Tip: Your town goes on your back row.")
    assert "cannon:town" in app.settings.tips_seen
    said = []
    monkeypatch.setattr(g, "say", lambda text, *a, **k: said.append(text))
    g.submit(g.match.state.parse_move("Te1"))
    step(app, 3)
    assert g.match.to_move() == 1 and not [t for t in said if t.startswith("Tip:")], \
        "shown once, not again for the next seat's same moment"


def test_tips_off_in_settings_shows_none(app, monkeypatch):
    g = _real_game(app, monkeypatch, tips_on=False)
    assert "Tip:" not in g.status and app.settings.tips_seen == []


def test_a_tip_that_fails_is_logged_and_the_game_goes_on(app, monkeypatch, caplog):
    import games.cannon.lesson as mod
    broken = Tip("broken", "Never shown.", lambda view, seat: 1 / 0)
    monkeypatch.setattr(mod, "TIPS", (broken,), raising=False)
    app.settings.tips = True
    from games.core.match import HUMAN, Match, Seat
    g = GameScreen(app, Match(CANNON, {}, [Seat(HUMAN), Seat(HUMAN)], seed=1))
    app.push(g)
    step(app, 3)
    assert "tip cannon:broken failed" in caplog.text and g.can_act()


# -- every game's own lesson, as CI checks it -------------------------------------------------------

@pytest.mark.parametrize("info", WITH_LESSONS, ids=lambda i: i.id)
def test_every_lesson_checks_clean_against_the_real_rules(info):
    assert check_lesson(info.load_lesson(), info) == []


@pytest.mark.parametrize("info", WITH_LESSONS, ids=lambda i: i.id)
def test_every_card_fits_at_800x600_with_no_missing_glyph(info):
    lesson = info.load_lesson()
    a = make_app((800, 600), animation="off")
    try:
        for i, s in enumerate(lesson.steps):
            assert fonts.missing_glyphs(s.title + " " + s.text) == set(), f"step {i + 1}"
            scr = LearnScreen(a, info, step=i)
            a.push(scr)
            frames(a, 1)
            assert scr.run.i == i
            assert scr.card_fits(), f"step {i + 1}'s card is cut at 800x600: {s.text!r}"
            a.pop()
            scr.on_exit()
        assert fonts.missing_glyphs(lesson.finale) == set()
    finally:
        for s in list(a.stack.scenes):
            s.on_exit()


@pytest.mark.parametrize("info", WITH_LESSONS, ids=lambda i: i.id)
def test_every_tip_is_one_short_line_with_its_own_key(info):
    from games.core.lesson import lesson_tips
    tips = lesson_tips(info)
    assert 3 <= len(tips) <= 6
    assert len({t.key for t in tips}) == len(tips)
    for tip in tips:
        assert words(tip.text) <= MAX_TIP_WORDS, tip.key
        assert fonts.missing_glyphs(tip.text) == set()


def _required_steps() -> list:
    return [(info, i) for info in WITH_LESSONS for i, s in enumerate(info.load_lesson().steps) if s.kind == DO]


@pytest.mark.parametrize("info, i", _required_steps(), ids=lambda x: x.id if hasattr(x, "id") else f"step{x + 1}")
def test_a_wrong_move_at_every_required_step_is_refused_kindly(info, i):
    """Any other legal move at a step that wants one thing done gets the step's kind word
    (its ``wrong``, or the kind's own), is not played, and the wanted move is taken."""
    lesson = info.load_lesson()
    run = replay(lesson, info, upto=i)
    to_learner(run)
    want = run.expected()
    legal = list(itertools.islice(run.match.state.legal_moves(), 50))
    wrong = next((m for m in legal if str(m) != want), None)
    if wrong is not None:          # (a turn's only choice, "move", has nothing else to refuse)
        ply = run.match.ply
        why = run.judge(wrong)
        assert why == (lesson.steps[i].wrong or "Not that one this time: try the marked move.")
        assert run.match.ply == ply and run.k == 0
    assert run.judge(run.match.state.parse_move(want)) is None


def test_the_other_side_of_a_lesson_is_shown_as_the_lesson_not_a_computer(app, toy):
    from games.ui.banner import seat_kind
    scr = open_toy(app)
    assert [seat_kind(s) for s in scr.match.seats] == ["Human", "Lesson"]


def test_show_me_on_a_free_step_whose_example_no_longer_fits_says_any_move_will_do(app, monkeypatch):
    import games.cannon.lesson as mod
    first = lambda s: str(s.legal_moves()[0])  # noqa: E731 - Light's reply, whatever Dark did
    two_free = Lesson(game="cannon", title="Two free moves", steps=(
        LessonStep(DO, "Town", "Place it.", moves=("Te1",), script=("Tf10",)),
        LessonStep(ANY, "Two moves", "Any two moves.", example=("c2-d3", "c4-c5"),
                   until=lambda st: st.ply() >= 5, script=(first, first)),
    ), finale="Done.")
    monkeypatch.setattr(mod, "LESSON", two_free)
    scr = open_toy(app)
    scr.submit(scr.match.state.parse_move("Te1"))
    wait_until(app, lambda: scr.run.i == 1 and scr.can_act())
    scr.hint()
    assert str(scr.hint_move) == "c2-d3" and scr.status.startswith("Try this")
    scr.submit(scr.match.state.parse_move("c4-c5"))      # the player's own road: the example's 2nd is gone
    wait_until(app, lambda: scr.can_act())
    scr.hint()
    assert scr.status == "Any move the rules allow will do here."


def test_cannons_show_me_says_the_move_in_words_not_notation():
    """A play-test: the Cannon lesson's last Show me read "Try this: e7*e10", and a card
    spoke of "Pass-over" long shots, a name the lesson never explains."""
    from games.cannon import rules as R
    from games.cannon.board.scene import CannonBoard
    from games.cannon.lesson import LESSON
    said = {k: CannonBoard.hint_text(R.Move.parse(t)) for k, t in
            (("shot", "e7*e10"), ("capture", "c5xd6"), ("step", "c4-c5"), ("place", "Tb1"))}
    assert said == {"shot": "fire the cannon at e10", "capture": "capture d6 with the soldier on c5",
                    "step": "step from c4 to c5", "place": "found your town on b1"}
    named = [s for s in LESSON.steps if "Pass-over" in s.text]
    assert named and all("Only that front point blocks a shot" in s.text for s in named), "named and explained"


def test_a_long_card_title_is_drawn_whole_at_800x600(monkeypatch):
    """A play-test at 800x600: the Cannon Ball card read "The Fort Comman..."."""
    from games.ui import learn_screen
    said: list[str] = []
    real = learn_screen.draw_text
    monkeypatch.setattr(learn_screen, "draw_text", lambda surface, text, *a, **k: said.append(text) or real(
        surface, text, *a, **k))
    a = make_app((800, 600), animation="off")
    scr = LearnScreen(a, games.get("cannon_ball"), step=1)
    a.push(scr)
    frames(a, 2)
    assert scr.lesson.steps[scr.card_i].title == "The Fort Commander" and "The Fort Commander" in said
