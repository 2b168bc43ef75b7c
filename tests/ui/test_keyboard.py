"""Keyboard everywhere (issue 31, item 2), through the real frame: every screen and
dialog shows where the focus is, Tab/Shift+Tab and the arrows move it, Enter presses,
Esc goes back, and the default focus is the safe, expected button. In a game the
arrows, Enter and Esc go to the board (``Board.on_nav``) while its player may act.

Everything is stepped by frames; no test reads the wall clock."""
import pygame
import pytest

import games
from games.core import saves
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.ui import nav
from games.ui.board import GenericBoard
from games.ui.dialogs import Dialog, confirm
from games.ui.game_screen import GameScreen
from games.ui.handover import HandOver
from games.ui.headless import make_app
from games.ui.load_screen import LoadScreen
from games.ui.menu import MainMenu
from games.ui.result_card import ARM, ResultCard
from games.ui.rules_screen import RulesScreen
from games.ui.settings_screen import SettingsScreen
from games.ui.setup import SetupScreen
from games.ui.standings_screen import StandingsScreen
from games.ui.widgets import Choice, Slider, TextField
from tests.core import toygame
from tests.ui.helpers import click, frames, key, show_me, type_text

SHIFT = pygame.KMOD_SHIFT


@pytest.fixture
def app():
    nav.reset()
    a = make_app((1280, 720), animation="off")
    a.push(MainMenu(a))
    frames(a, 2)
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()


def ring_drawn(app, scene, rect) -> bool:
    """Whether the focus ring is drawn round ``rect``: the light outline above its middle."""
    t = scene.theme
    gap, width = t.px(3), max(2, t.px(3))
    y = rect.top - gap - width + width // 2
    return tuple(app.screen.get_at((rect.centerx, y))[:3]) == t.c["text"]


def press_until(app, cond, k, mod=0, limit=40):
    """Press ``k`` until ``cond()``; a focus that never gets there fails, not hangs."""
    for _ in range(limit):
        if cond():
            return
        key(app, k, mod=mod)
    raise AssertionError("the focus never got there")


def toy_match(seats, seed=5):
    return Match(toygame.INFO, {"dice": 1}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)


class NavBoard(GenericBoard):
    """The generic board, noting every navigation action the frame hands it; ``use``
    says which it takes."""
    use: tuple = (nav.UP, nav.DOWN, nav.LEFT, nav.RIGHT, nav.PRESS)

    def __init__(self, host):
        super().__init__(host)
        self.actions: list[str] = []

    def on_nav(self, action):
        self.actions.append(action)
        return action in self.use


def last_move(match) -> str:
    """The last player's move (the frame applies the next roll at once)."""
    return next(e.text for e in reversed(match.log) if e.player >= 0)


def open_game(app, match, board=None):
    g = GameScreen(app, match)
    if board is not None:
        g.board = board(g)
    app.push(g)
    g.layout(app.size)
    frames(app, 2)
    return g


# -- the main menu -----------------------------------------------------------------------------

def test_menu_tab_order_ring_and_enter(app):
    menu = app.stack.top
    first = menu.cards[0]["new"]
    assert menu.focus.get() is first, "the focus starts on the first game's New game"
    assert ring_drawn(app, menu, first.rect)
    key(app, pygame.K_TAB)
    second = menu.cards[0]["buttons"][1]                   # Learn (or Rules, for a game with no lesson)
    assert menu.focus.get() is second
    assert ring_drawn(app, menu, second.rect) and not ring_drawn(app, menu, first.rect)
    key(app, pygame.K_TAB, mod=SHIFT)
    assert menu.focus.get() is first
    key(app, pygame.K_TAB, mod=SHIFT)                      # round to the end: Quit
    assert menu.focus.get() is menu.quit_btn
    key(app, pygame.K_UP)
    assert menu.focus.get() is menu.settings_btn
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SettingsScreen)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_menu_arrows_move_by_where_things_are(app):
    menu = app.stack.top
    key(app, pygame.K_RIGHT)
    assert menu.focus.get() is menu.cards[0]["buttons"][1]
    key(app, pygame.K_DOWN)
    below = menu.focus.get()
    assert below in menu.cards[2]["buttons"], "down goes to the card below"
    assert menu.focused_card() == 2
    key(app, pygame.K_RETURN)
    from games.ui.learn_screen import LearnScreen
    assert isinstance(app.stack.top, (SetupScreen, LearnScreen, RulesScreen))
    assert app.stack.top.info.id == games.GAMES[2].id


def test_rules_from_the_menu_and_back_with_esc_or_enter(app):
    menu = app.stack.top
    while menu.focus.get() is not menu.cards[0]["rules"]:  # Rules of the first game (after Learn)
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    rules = app.stack.top
    assert isinstance(rules, RulesScreen)
    frames(app, 1)
    assert ring_drawn(app, rules, rules.back_btn.rect)
    key(app, pygame.K_DOWN)
    assert rules.scroll > 0, "Down scrolls the rules"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MainMenu)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScreen)
    key(app, pygame.K_RETURN)                              # Enter presses Back, the one button
    assert isinstance(app.stack.top, MainMenu)


# -- the new-game form -------------------------------------------------------------------------

def test_setup_by_keys_seat_kinds_names_options_and_start(app):
    key(app, pygame.K_RETURN)                              # New game: Cannon (the first card)
    s = app.stack.top
    assert isinstance(s, SetupScreen)
    frames(app, 1)
    assert s.focus.get() is s.start_btn, "the focus starts on Start"
    assert ring_drawn(app, s, s.start_btn.rect)
    order = s.focus.items()
    assert order[:4] == [s.kinds[0], s.names[0], s.kinds[1], s.names[1]], "each seat's kind, then its name"
    assert order[-2:] == [s.back_btn, s.start_btn]
    key(app, pygame.K_TAB)                                 # round to the first seat's kind
    assert s.focus.get() is s.kinds[0]
    before = s.kinds[0].value
    key(app, pygame.K_RIGHT)
    assert s.kinds[0].value != before, "Right changes the focused choice"
    key(app, pygame.K_LEFT)
    assert s.kinds[0].value == before
    key(app, pygame.K_TAB)                                 # the name: typing goes in
    assert s.names[0].focused
    s.names[0].text = ""
    type_text(app, "Zoe")
    assert s.names[0].text == "Zoe"
    key(app, pygame.K_TAB)
    assert not s.names[0].focused and s.focus.get() is s.kinds[1]
    press_until(app, lambda: s.kinds[1].value == "easy", pygame.K_RIGHT)
    opt = s.options[0][1]
    press_until(app, lambda: s.focus.get() is opt, pygame.K_TAB)
    key(app, pygame.K_RIGHT)                               # Left/Right change a choice
    key(app, pygame.K_TAB, mod=SHIFT)
    assert s.focus.get() is s.names[1] and s.names[1].focused
    key(app, pygame.K_ESCAPE)                              # in a field: Esc leaves the field first
    assert app.stack.top is s and s.focus.get() is s.start_btn and not s.names[1].focused
    key(app, pygame.K_RETURN)                              # Start
    g = app.stack.top
    assert isinstance(g, GameScreen)
    assert [x.name for x in g.match.seats][0] == "Zoe" and g.match.seats[1].level == "easy"


def test_enter_on_a_setup_choice_starts_with_it_never_steps_it_on(app):
    """A play-test: "Computer - Hard" set with the arrows, then Enter (the footer said
    "Enter: press") silently stepped the seat on to "Human - here"."""
    key(app, pygame.K_RETURN)                              # New game: Cannon
    s = app.stack.top
    press_until(app, lambda: s.focus.get() is s.kinds[1], pygame.K_TAB)
    press_until(app, lambda: s.kinds[1].value == "hard", pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    g = app.stack.top
    assert isinstance(g, GameScreen) and g.match.seats[1].kind == AI and g.match.seats[1].level == "hard"


def test_setup_esc_goes_back_to_the_menu(app):
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MainMenu)


def test_setup_advanced_seed_by_keys(app):
    key(app, pygame.K_RETURN)
    s = app.stack.top
    press_until(app, lambda: s.focus.get() is s.advanced_btn, pygame.K_TAB)
    key(app, pygame.K_SPACE)                               # Space presses too, off the board
    assert s.advanced
    key(app, pygame.K_TAB)
    assert s.focus.get() is s.seed and s.seed.focused
    type_text(app, "1234")
    key(app, pygame.K_RETURN)                              # Enter in a field: on to the next
    assert s.seed.text == "1234" and s.focus.get() is s.back_btn


# -- settings ------------------------------------------------------------------------------------

def test_settings_rows_by_keys_and_the_list_follows(app):
    app.push(SettingsScreen(app))
    s = app.stack.top
    app.step(1 / 60, events=[pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600))])
    frames(app, 1)
    assert s.focus.get() is s.back_btn, "Done first: Enter at once changes nothing"
    assert ring_drawn(app, s, s.back_btn.rect)
    widgets = [w for _l, w in s.rows]
    mute = next(w for label, w in s.rows if label == "Mute")
    key(app, pygame.K_TAB)                                 # round to the first row
    assert s.focus.get() is widgets[0]
    press_until(app, lambda: s.focus.get() is mute, pygame.K_DOWN)
    before = app.settings.mute
    key(app, pygame.K_RIGHT)
    assert app.settings.mute != before, "Right changes the focused setting at once"
    key(app, pygame.K_RETURN)
    assert app.settings.mute == before, "Enter steps a choice on"
    for _ in range(len(widgets)):
        key(app, pygame.K_DOWN)
        cur = s.focus.get()
        if cur is not s.back_btn:
            assert widgets.index(cur) in s.shown, "the focused row scrolled into view"
    frames(app, 1)
    cur = s.focus.get()
    assert ring_drawn(app, s, cur.rect)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MainMenu)


def test_a_slider_moves_by_keys():
    nav.reset()
    got = []
    sl = Slider(0.5, 0.0, 1.0, got.append)
    sl.nudge(1)
    assert sl.value == pytest.approx(0.55) and got == [sl.value]
    for _ in range(30):
        sl.nudge(1)
    assert sl.value == 1.0
    sl.nudge(-1)
    assert sl.value == pytest.approx(0.95)


# -- load ------------------------------------------------------------------------------------------

def test_load_list_by_keys_open_and_delete_asks_with_cancel_focused(app):
    for seed in (1, 2):
        m = Match(games.get("cannon"), {}, [Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")], seed=seed)
        saves.save_match(m, saves.new_save_path(f"game {seed}"), name=f"game {seed}")
    app.push(LoadScreen(app))
    ls = app.stack.top
    frames(app, 1)
    assert ls.sel == (0, 0) and ls.focused_button() is ls.rows[0][1], "the newest save's Open first"
    assert ring_drawn(app, ls, ls.rows[0][1].rect)
    key(app, pygame.K_RIGHT)
    assert ls.focused_button() is ls.rows[0][2]
    key(app, pygame.K_RETURN)                              # Delete asks, Cancel focused
    d = app.stack.top
    assert isinstance(d, Dialog) and d.focus.get().label == "Cancel"
    key(app, pygame.K_RETURN)
    assert app.stack.top is ls and len(ls.entries) == 2, "Enter on the question deleted nothing"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)
    assert ls.sel == (1, 0)
    key(app, pygame.K_DOWN)
    assert ls.focused_button() is ls.back_btn
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameScreen)


# -- dialogs -------------------------------------------------------------------------------------

def test_a_destructive_question_focuses_cancel_and_tab_reaches_yes(app):
    done = []
    confirm(app, "Delete?", "Sure?", lambda: done.append(1), yes="Delete", destructive=True)
    d = app.stack.top
    frames(app, 1)
    assert d.focus.get().label == "Cancel" and ring_drawn(app, d, d.focus.get().rect)
    key(app, pygame.K_SPACE)
    assert not done and app.stack.top is not d
    confirm(app, "Delete?", "Sure?", lambda: done.append(1), yes="Delete", destructive=True)
    d = app.stack.top
    key(app, pygame.K_LEFT)
    assert d.focus.get().label == "Delete"
    key(app, pygame.K_RETURN)
    assert done == [1]


def test_pause_menu_resume_first_arrows_save_prompt_and_back(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]))
    key(app, pygame.K_ESCAPE)
    p = app.stack.top
    assert isinstance(p, Dialog) and p.title == "Paused"
    frames(app, 1)
    assert p.focus.get().label == "Resume" and ring_drawn(app, p, p.focus.get().rect)
    key(app, pygame.K_DOWN)
    assert p.focus.get().label == "Save"
    key(app, pygame.K_RETURN)
    prompt = app.stack.top
    assert isinstance(prompt, Dialog) and prompt.field is not None and prompt.field.focused
    key(app, pygame.K_TAB)
    assert prompt.focus.get().label == "Save" and not prompt.field.focused
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is g and not [i for i in saves.list_saves() if not i.autosave], "Esc: no save"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)                              # Resume
    assert app.stack.top is g


# -- the result card and the hand-over ------------------------------------------------------------

def finish(app, g):
    m = g.match
    for _ in range(1000):                                  # banking always scores: it ends
        if m.is_over():
            break
        if m.to_move() == CHANCE:
            m.apply_chance()
        else:
            m.play(toygame.Act("double" if m.state.rolls[0] > 1 else "bank"))
    g.board.reset()
    for _ in range(5):
        frames(app, 1)
        if isinstance(app.stack.top, ResultCard):
            return app.stack.top
    raise AssertionError("no result card")


@pytest.mark.slow
def test_result_card_enter_reviews_space_nothing_arrows_wait(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]))
    card = finish(app, g)
    m = g.match
    assert card.focus.get().label == "Review"
    key(app, pygame.K_UP)
    key(app, pygame.K_TAB)
    assert card.focus.get().label == "Review", "an arrow in the card's first moments moves nothing"
    key(app, pygame.K_SPACE)
    assert app.stack.top is card and g.match is m, "Space did something on the card"
    frames(app, int(ARM * 60) + 2)
    assert ring_drawn(app, card, card.focus.get().rect)
    key(app, pygame.K_SPACE)
    assert app.stack.top is card and card.focus.get().label == "Review"
    key(app, pygame.K_RETURN)
    assert app.stack.top is g and g.review_ply == 0
    key(app, pygame.K_RIGHT)
    assert g.review_ply == 1, "Right steps the review"
    key(app, pygame.K_LEFT)
    assert g.review_ply == 0
    key(app, pygame.K_ESCAPE)
    card = app.stack.top
    assert isinstance(card, ResultCard)
    frames(app, int(ARM * 60) + 2)
    press_until(app, lambda: card.focus.get().label == "Menu", pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, MainMenu)


def test_hand_over_space_shows_tab_reaches_menu(app):
    shown = []
    h = HandOver(app, "Bo", lambda: shown.append(1), seat=1, on_menu=lambda: shown.append("menu"))
    app.push(h)
    frames(app, 1)
    assert h.focus.get() is h.ready_btn and ring_drawn(app, h, h.ready_btn.rect)
    key(app, pygame.K_TAB)
    assert h.focus.get() is h.menu_btn
    key(app, pygame.K_RETURN)
    assert shown == ["menu"]
    show_me(app)
    assert shown == ["menu", 1] and app.stack.top is not h


def test_a_press_meant_to_skip_the_animation_never_opens_the_curtain(app):
    """A play-test: Space (or a click) pressed twice to skip a shot's animation, half a
    second apart: the first ended it and the curtain came up, the second was "show me",
    and the player who had just moved saw the next one's grid. The curtain waits until
    no press has come for ARM seconds."""
    from games.ui.handover import ARM
    shown = []
    h = HandOver(app, "Bo", lambda: shown.append(1), seat=1, on_menu=lambda: shown.append("menu"))
    app.push(h)
    key(app, pygame.K_SPACE)                               # at once
    frames(app, int(0.5 * 60))
    key(app, pygame.K_SPACE)                               # half a second on
    click(app, h.ready_btn.rect.center)
    frames(app, int(ARM * 60) - 2)                         # not yet quiet for ARM seconds
    key(app, pygame.K_RETURN)
    assert shown == [] and app.stack.top is h
    frames(app, int(ARM * 60) + 2)
    click(app, h.ready_btn.rect.center)                    # a fresh press after a quiet moment
    assert shown == [1] and app.stack.top is not h


def test_standings_by_keys(app):
    key(app, pygame.K_t)
    st = app.stack.top
    assert isinstance(st, StandingsScreen) and st.focus.get() is st.back_btn
    key(app, pygame.K_TAB)                                 # round to Tonight
    key(app, pygame.K_RIGHT)                               # All time
    key(app, pygame.K_RETURN)
    assert st.scope == "all"
    frames(app, 1)
    assert ring_drawn(app, st, st.all_btn.rect)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MainMenu)


# -- the game frame --------------------------------------------------------------------------------

def test_game_tab_runs_board_move_box_buttons_and_back(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]), board=NavBoard)
    assert g.focused() is None, "the board has the focus to start with"
    seen = []
    for _ in range(1 + 1 + len(g.buttons) + 1):
        key(app, pygame.K_TAB)
        seen.append(g.focused())
    enabled = [w for w in [g.move_box] + g.buttons if getattr(w, "enabled", True)]
    assert g.undo_btn not in enabled, "nothing to undo yet: Undo is skipped"
    assert seen[:len(enabled) + 1] == enabled + [None], "the move box, the buttons, round to the board"
    press_until(app, lambda: g.focused() is g.rules_btn, pygame.K_TAB)
    frames(app, 1)
    assert ring_drawn(app, g, g.rules_btn.rect)
    key(app, pygame.K_RIGHT)
    assert g.focused() is g.menu_btn
    key(app, pygame.K_ESCAPE)
    assert g.focused() is None and app.stack.top is g, "Esc on a button: back to the board, no menu"
    key(app, pygame.K_TAB, mod=SHIFT)
    assert g.focused() is g.menu_btn
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, Dialog) and app.stack.top.title == "Paused"


def test_board_gets_arrows_enter_and_esc_while_its_player_may_act(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]), board=NavBoard)
    assert g.can_act(), "past the roll (the frame applies it): Ann to decide"
    for k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER):
        key(app, k)
    assert g.board.actions == ["up", "down", "left", "right", "press", "press"]
    assert not g.reviewing(), "an arrow the board used does not review"
    key(app, pygame.K_SPACE)
    assert g.board.actions[-1] == "press", "Space is never the board's press"
    key(app, pygame.K_ESCAPE)                              # the board does not use back: the menu
    assert g.board.actions[-1] == "back" and app.stack.top.title == "Paused"
    key(app, pygame.K_ESCAPE)
    g.board.use = (nav.BACK,)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is g, "a back the board used (letting go) opens nothing"
    n = len(g.match.log)
    key(app, pygame.K_RETURN)                              # an unused press does nothing
    assert app.stack.top is g and len(g.match.log) == n


def test_the_generic_board_is_played_by_arrows_and_enter(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]))
    assert g.can_act()
    key(app, pygame.K_RIGHT)                               # shows the cursor on the first move
    assert g.board.nav_i == 0
    key(app, pygame.K_RIGHT)
    assert g.board.nav_i == 1
    frames(app, 1)
    assert ring_drawn(app, g, g.board.buttons[1].rect)
    want = str(g.board._moves[1])
    key(app, pygame.K_RETURN)
    assert last_move(g.match) == want


def test_slash_focuses_the_move_box_and_eats_its_slash_enter_sends(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]))
    assert g.can_act()
    key(app, pygame.K_SLASH, unicode="/")
    type_text(app, "/")
    assert g.move_box.focused and g.move_box.text == "", "the '/' that focused the box is not typed"
    type_text(app, "bank")
    key(app, pygame.K_RETURN)
    assert last_move(g.match) == "bank" and not g.move_box.focused and g.focused() is None
    key(app, pygame.K_l, mod=pygame.KMOD_CTRL)
    assert g.move_box.focused and g.focused() is g.move_box
    key(app, pygame.K_ESCAPE)
    assert not g.move_box.focused and g.focused() is None and app.stack.top is g


def test_review_by_keys_while_the_board_takes_arrows(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]), board=NavBoard)
    m = g.match
    for _ in range(2):
        m.play(toygame.Act("bank"))
        m.apply_chance()
    g.board.reset()
    frames(app, 1)
    assert g.can_act()
    key(app, pygame.K_LEFT)
    assert not g.reviewing() and g.board.actions == ["left"]
    key(app, pygame.K_LEFT, mod=pygame.KMOD_CTRL)
    assert g.reviewing() and g.ply == m.ply - 1
    key(app, pygame.K_LEFT)                                # in review the arrows step it
    assert g.ply == m.ply - 2 and g.board.actions == ["left"]
    key(app, pygame.K_ESCAPE)
    assert not g.reviewing() and app.stack.top is g


def test_the_default_focus_is_never_a_destructive_button(app):
    """Every dialog the frame makes: its focused button is its default, never one
    marked danger (Leave, Delete)."""
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(AI, "random", "Bo")]))
    g.leave()
    d = app.stack.top
    assert d.focus.get().label == "Cancel" and not d.focus.get().danger
    key(app, pygame.K_RETURN)
    assert app.stack.top is g


def test_text_field_focus_follows_the_group():
    f1, f2 = TextField("a"), TextField("b")
    ch = Choice([(1, "one"), (2, "two")], 1)
    from games.ui.widgets import FocusGroup
    grp = FocusGroup([f1, ch, f2])
    for i, w in enumerate((f1, ch, f2)):
        w.rect = pygame.Rect(10, 10 + 50 * i, 100, 40)
    grp.set(f1)
    assert f1.focused and not f2.focused
    grp.step(2)
    assert f2.focused and not f1.focused


# -- a whole evening without a mouse: set up, played to the end, reviewed, left -------------------

class Keys:
    """The keyboard as a player uses it; ``send`` is what ``nav_helpers.drive_to`` calls."""
    ACTION_KEYS = {nav.UP: pygame.K_UP, nav.DOWN: pygame.K_DOWN, nav.LEFT: pygame.K_LEFT,
                   nav.RIGHT: pygame.K_RIGHT, nav.PRESS: pygame.K_RETURN, nav.BACK: pygame.K_ESCAPE}

    def __init__(self, app):
        self.app = app

    def send(self, action):
        key(self.app, self.ACTION_KEYS[action])
        return True

    def tab(self):
        key(self.app, pygame.K_TAB)

    def space(self):
        key(self.app, pygame.K_SPACE, unicode=" ")


def focus_to(inp, group, target, limit=60):
    for _ in range(limit):
        if group.get() is target:
            return
        inp.tab()
    raise AssertionError(f"Tab never reached {getattr(target, 'label', target)!r}")


def choose(inp, choice, value, limit=10):
    for _ in range(limit):
        if choice.value == value:
            return
        inp.send(nav.RIGHT)
    raise AssertionError(f"the choice never showed {value!r}")


def whole_evening(app, game_id, inp, pick, max_log=600):
    """From the main menu to the main menu again, by ``inp`` only: New game for
    ``game_id``, seat 1 a person and seat 2 the computer at Easy, Start, every move of
    the person made with the board's cursor (``drive_to``), the result card, the review
    stepped both ways and back, and Menu. Returns the finished match."""
    import random

    from tests.ui.helpers import settle
    from tests.ui.nav_helpers import drive_to
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    card = next(c for c in menu.cards if c["info"].id == game_id)
    focus_to(inp, menu.focus, card["new"])
    inp.send(nav.PRESS)
    s = app.stack.top
    assert isinstance(s, SetupScreen) and s.info.id == game_id
    focus_to(inp, s.focus, s.kinds[0])
    choose(inp, s.kinds[0], "human")
    focus_to(inp, s.focus, s.kinds[1])
    choose(inp, s.kinds[1], "easy")
    if s.count_shown:
        assert s.n == 2
    focus_to(inp, s.focus, s.start_btn)
    inp.send(nav.PRESS)
    g = app.stack.top
    assert isinstance(g, GameScreen) and [x.kind for x in g.match.seats] == [HUMAN, AI]
    assert g.match.seats[1].level == "easy"
    m, board, rng = g.match, g.board, random.Random(4)
    for _ in range(200000):
        if m.is_over() or isinstance(app.stack.top, ResultCard):
            break
        assert len(m.log) < max_log, "the game went on and on"
        settle(app)
        if g.awaiting_performance() and not board.busy:
            inp.space()
        elif g.can_act() and app.stack.top is g:
            move = pick(g.visible_state(), rng)
            n = len(m.log)
            drive_to(board, move, send=inp.send)
            assert len(m.log) > n and m.log[n].text == str(move), f"wanted {move}, the log has {m.log[n:]}"
        else:
            app.step(1 / 30, events=[])
    for _ in range(20000):
        if isinstance(app.stack.top, ResultCard):
            break
        settle(app)
        app.step(1 / 30, events=[])
    card = app.stack.top
    assert isinstance(card, ResultCard) and m.is_over()
    frames(app, int(ARM * 60) + 2)
    inp.send(nav.PRESS)                                  # the focus is on Review
    assert app.stack.top is g and g.review_ply == 0
    inp.send(nav.RIGHT)
    inp.send(nav.RIGHT)
    assert g.review_ply == 2
    inp.send(nav.LEFT)
    assert g.review_ply == 1
    inp.send(nav.BACK)                                   # back to the result
    card = app.stack.top
    assert isinstance(card, ResultCard)
    frames(app, int(ARM * 60) + 2)
    menu_btn = next(b for b in card.buttons if b.label == "Menu")
    focus_to(inp, card.focus, menu_btn)
    inp.send(nav.PRESS)
    assert isinstance(app.stack.top, MainMenu)
    return m


def cannon_pick(st, rng):
    """A winning move when there is one, else a shot or capture now and then, else any:
    the game ends in good time against Easy."""
    legal = st.legal_moves()
    for mv in legal:
        after = st.copy()
        after.apply(mv)
        if after.is_over() and after.winner() == st.current_player():
            return mv
    hits = [mv for mv in legal if mv.kind in ("shot", "capture")]
    return rng.choice(hits if hits and rng.random() < 0.7 else legal)


def corps_pick(st, rng):
    from games.cannon_corps.rules import DICE, SPACES, Move
    if st.pending.kind == "setup":
        return Move.setup(zip(rng.sample(DICE, 4), rng.sample(SPACES, 4)))
    legal = st.legal_moves()
    fire = [mv for mv in legal if mv.kind == "fire"]
    return rng.choice(fire if fire and rng.random() < 0.8 else legal)


@pytest.mark.slow
def test_cannon_set_up_played_reviewed_and_left_by_keyboard_only(app):
    m = whole_evening(app, "cannon", Keys(app), cannon_pick)
    assert m.is_over() and m.info.id == "cannon"


@pytest.mark.slow
def test_cannon_corps_set_up_played_reviewed_and_left_by_keyboard_only(app):
    m = whole_evening(app, "cannon_corps", Keys(app), corps_pick)
    assert m.is_over() and m.info.id == "cannon_corps"


@pytest.mark.parametrize("colorblind", [False, True], ids=["normal", "colour-blind"])
def test_a_destructive_button_is_told_from_the_default_by_lightness_not_only_hue(colorblind):
    """'Leave' (danger) sits beside the focused 'Cancel' (accent). In the colour-blind
    palette vermillion and amber were near for protanopes and deuteranopes; the danger
    fill is now apart from the accent by lightness, and that is the fill drawn."""
    from games.ui.headless import make_app
    from games.ui.theme import luminance
    a = make_app((1280, 720), colorblind=colorblind)
    c = a.theme.c
    lo, hi = sorted((luminance(c["danger_fill"]), luminance(c["accent"])))
    assert (hi + 0.05) / (lo + 0.05) >= (3.0 if colorblind else 1.9)
    confirm(a, "Leave this game?", "Sure?", lambda: None, yes="Leave", destructive=True)
    d = a.stack.top
    frames(a, 1)
    leave = next(b for b in d.buttons if b.label == "Leave")
    fill = tuple(c["danger_fill"])
    hovered = tuple(min(255, x + 20) for x in fill)           # the pointer may rest on it (an earlier test's)
    assert a.screen.get_at((leave.rect.x + 6, leave.rect.centery))[:3] in (fill, hovered)


def test_a_damaged_newest_save_puts_the_focus_on_the_next_open_never_on_a_delete(app):
    """A play-test: with the newest save damaged (and no good copy), the Load screen's focus
    sat on its Delete button."""
    import os
    import time
    m = Match(games.get("cannon"), {}, [Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")], seed=1)
    good = saves.new_save_path("good one")
    saves.save_match(m, good, name="good one")
    bad = saves.new_save_path("broken one")
    with open(bad, "w") as fh:
        fh.write("{")
    later = time.time() + 60
    os.utime(bad, (later, later))                          # the newest
    app.push(LoadScreen(app))
    ls = app.stack.top
    frames(app, 1)
    assert ls.entries[0].path == bad and ls.entries[0].open_path is None
    assert ls.sel == (1, 0) and ls.focused_button() is ls.rows[1][1], "the good save's Open"
    key(app, pygame.K_UP)                                   # up onto the broken one: it cannot open
    assert ls.sel == (1, 0), "the focus stays on an Open that opens"


def test_an_arrow_goes_to_the_button_that_way_not_a_wide_one_below():
    """A play-test: on the result card Right from Review went down to the wide Menu
    (its centre lies a little right of Review's), not across to Standings."""
    import pygame as pg
    from games.ui.widgets import Button, FocusGroup
    rects = {"Rematch": (411, 354, 226, 34), "Same seats": (643, 354, 226, 34), "Review": (411, 394, 226, 34),
             "Standings": (643, 394, 226, 34), "Menu": (411, 434, 458, 34), "GIF": (411, 474, 226, 34),
             "Picture": (643, 474, 226, 34)}
    buttons = {}
    for label, r in rects.items():
        b = Button(label, lambda: None)
        b.rect = pg.Rect(r)
        buttons[label] = b
    ring = FocusGroup(list(buttons.values()), default=buttons["Review"])
    ways = [(nav.RIGHT, "Standings"), (nav.DOWN, "Menu"), (nav.DOWN, "GIF"), (nav.RIGHT, "Picture"),
            (nav.UP, "Menu"), (nav.UP, "Review"), (nav.UP, "Rematch"), (nav.RIGHT, "Same seats"),
            (nav.DOWN, "Standings"), (nav.LEFT, "Review")]
    for way, want in ways:
        ring.move(way)
        assert ring.get().label == want, (way, want)


def test_esc_reaches_the_menu_while_two_computers_play():
    """A play-test: in a computers-only game every move animates, and Esc (taken as "skip
    the animation") never opened the menu. With someone at the laptop Esc still skips."""
    from games.ui.dialogs import Dialog
    for kinds, menu in (((AI, AI), True), ((HUMAN, AI), False)):
        a = make_app((1280, 720), animation="normal")
        a.push(MainMenu(a))
        info = games.get("cannon")
        m = Match(info, {}, [Seat(k, "random", n) for k, n in zip(kinds, ("Ann", "Bo"))], seed=3, ai_secret=3,
                  chance_secret=SEED_ONLY)
        if kinds[0] == HUMAN:
            m.play_text("Tf1")                         # the computer's town placement plays out next
        g = GameScreen(a, m)
        a.push(g)
        for _ in range(600):
            frames(a, 1)
            if g.board.busy:
                break
        assert g.board.busy, "a computer's move is playing out"
        key(a, pygame.K_ESCAPE)
        top = a.stack.top
        assert (isinstance(top, Dialog) and top.title == "Paused") == menu, kinds
        if not menu:
            assert top is g and not g.board.busy, "Esc skipped the animation"
        for s in list(a.stack.scenes):
            s.on_exit()


@pytest.mark.parametrize("scale", [1.0, 1.5, 1.75])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_pause_menu_with_its_phones_row_fits_its_panel(scale, size):
    """A play-test: with the Phones row (a game with phone seats) "Quit to menu" hung
    below the pause menu's panel at 1280x720 with large text."""
    from types import SimpleNamespace

    from games.ui.overlays import PauseMenu
    a = make_app(size, animation="off", ui_scale=scale)
    noop = lambda: None  # noqa: E731
    game = SimpleNamespace(phones=SimpleNamespace(running=True), show_phones=noop, save=noop, rules=noop,
                           leave=noop)
    d = PauseMenu(a, game)
    a.push(d)
    frames(a, 1)
    labels = [b.label for b in d.buttons]
    assert "Phones" in labels and labels[-1] == "Quit to menu"
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(d.rect)
    for b in d.buttons:
        assert d.rect.contains(b.rect), (b.label, b.rect, d.rect)
        assert b.rect.h >= a.theme.body_font().get_linesize(), "a button still holds its label"
    for x, y in zip(d.buttons, d.buttons[1:]):
        assert not x.rect.colliderect(y.rect)
