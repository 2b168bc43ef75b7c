"""Gamepads (issue 31, item 3), through the real frame with a virtual controller:
SDL's game controller events posted as pygame events. The same focus moves with the
d-pad or the left stick (past a dead zone, one step per push, repeating while held,
counted in frames), A presses, B goes back, Start opens the pause menu, the shoulder
buttons step like Tab, and plugging in or pulling out a controller never upsets the
app. Nothing here reads the wall clock."""
import logging

import pygame
import pytest

from games.core.match import HUMAN, SEED_ONLY, Match, Seat
from games.ui import nav
from games.ui.dialogs import Dialog
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from games.ui.menu import MainMenu
from games.ui.settings_screen import SettingsScreen
from tests.core import toygame
from tests.ui.helpers import frames
from tests.ui.test_keyboard import NavBoard, finish, last_move, ring_drawn

PAD = 7                                   # the virtual controller's instance id
B = pygame
DPAD = {nav.UP: B.CONTROLLER_BUTTON_DPAD_UP, nav.DOWN: B.CONTROLLER_BUTTON_DPAD_DOWN,
        nav.LEFT: B.CONTROLLER_BUTTON_DPAD_LEFT, nav.RIGHT: B.CONTROLLER_BUTTON_DPAD_RIGHT}


@pytest.fixture
def app():
    nav.reset()
    a = make_app((1280, 720), animation="off")
    a.push(MainMenu(a))
    frames(a, 2)
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()


def ev(kind, **kw):
    return pygame.event.Event(kind, **kw)


def down(app, button, pad=PAD):
    app.step(1 / 60, events=[ev(B.CONTROLLERBUTTONDOWN, button=button, instance_id=pad)])


def up(app, button, pad=PAD):
    app.step(1 / 60, events=[ev(B.CONTROLLERBUTTONUP, button=button, instance_id=pad)])


def tap(app, button, pad=PAD):
    down(app, button, pad)
    up(app, button, pad)


def stick(app, axis, value, pad=PAD):
    app.step(1 / 60, events=[ev(B.CONTROLLERAXISMOTION, axis=axis, value=value, instance_id=pad)])


def toy_match(seats, seed=5):
    return Match(toygame.INFO, {"dice": 1}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)


# -- the mapping ---------------------------------------------------------------------------------

def test_nav_action_maps_keys_pad_and_stick():
    nav.reset()
    k = lambda key, mod=0: ev(B.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)  # noqa: E731
    assert [nav.nav_action(k(x)) for x in (B.K_UP, B.K_DOWN, B.K_LEFT, B.K_RIGHT, B.K_RETURN, B.K_KP_ENTER,
                                           B.K_ESCAPE)] == ["up", "down", "left", "right", "press", "press", "back"]
    assert nav.nav_action(k(B.K_SPACE)) is None, "Space is never the board's press"
    assert nav.nav_action(k(B.K_LEFT, B.KMOD_CTRL)) is None, "Ctrl+arrows are shortcuts"
    pad = lambda b: ev(B.CONTROLLERBUTTONDOWN, button=b, instance_id=1)  # noqa: E731
    assert [nav.nav_action(pad(b)) for b in (*DPAD.values(), B.CONTROLLER_BUTTON_A, B.CONTROLLER_BUTTON_B)] == \
        ["up", "down", "left", "right", "press", "back"]
    assert nav.nav_action(pad(B.CONTROLLER_BUTTON_START)) is None and nav.is_pause(pad(B.CONTROLLER_BUTTON_START))
    ax = lambda a, v: ev(B.CONTROLLERAXISMOTION, axis=a, value=v, instance_id=1)  # noqa: E731
    X, Y = B.CONTROLLER_AXIS_LEFTX, B.CONTROLLER_AXIS_LEFTY
    assert nav.nav_action(ax(X, 9000)) is None, "inside the dead zone"
    assert nav.nav_action(ax(X, 20000)) == "right"
    assert nav.nav_action(ax(X, 30000)) is None, "one step per push"
    assert nav.nav_action(ax(X, 14000)) is None, "between the zones: still held"
    assert nav.nav_action(ax(X, 32767)) is None
    assert nav.nav_action(ax(X, 0)) is None
    assert nav.nav_action(ax(X, -20000)) == "left"
    assert nav.nav_action(ax(Y, -20000)) == "up" and nav.nav_action(ax(Y, 0)) is None
    assert nav.nav_action(ax(Y, 25000)) == "down"
    e = ax(X, 0)
    nav.nav_action(e)
    e2 = ax(X, 25000)
    assert nav.nav_action(e2) == "right" and nav.nav_action(e2) == "right", "asked twice, the same answer"
    assert nav.nav_action(ax(B.CONTROLLER_AXIS_TRIGGERLEFT, 32767)) is None


def test_repeat_counts_frame_time():
    r = nav.NavRepeat(delay=0.4, every=0.1)
    r.press("down")
    assert sum(r.update(1 / 60) for _ in range(20)) == 0, "no repeat before the delay"
    n = sum(r.update(1 / 60) for _ in range(40))        # 1 s held in all
    assert 5 <= n <= 8
    r.release()
    assert r.update(1.0) == 0
    r.press("press")
    assert r.action is None, "only directions repeat"


# -- the same focus, by pad ----------------------------------------------------------------------

def test_pad_moves_the_menu_focus_a_presses_b_goes_back(app):
    menu = app.stack.top
    second = menu.cards[0]["buttons"][1]               # Learn (or Rules, for a game with no lesson)
    tap(app, DPAD[nav.RIGHT])
    assert menu.focus.get() is second
    assert ring_drawn(app, menu, second.rect)
    tap(app, B.CONTROLLER_BUTTON_LEFTSHOULDER)          # like Shift+Tab
    assert menu.focus.get() is menu.cards[0]["new"]
    tap(app, B.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert menu.focus.get() is second
    while menu.focus.get() is not menu.cards[0]["rules"]:  # past Learn (a lesson asks before B leaves it)
        tap(app, DPAD[nav.RIGHT])
    tap(app, B.CONTROLLER_BUTTON_A)
    assert app.stack.top is not menu
    tap(app, B.CONTROLLER_BUTTON_B)
    assert app.stack.top is menu


def test_stick_one_step_per_push_and_a_dead_zone(app):
    menu = app.stack.top
    order = menu.focus.items()
    X = B.CONTROLLER_AXIS_LEFTX
    for v in (3000, 9000, 12000):                        # a resting, worn stick
        stick(app, X, v)
    assert menu.focus.get() is order[0]
    for v in (17000, 24000, 32767, 30000):               # one push, many events
        stick(app, X, v)
    assert menu.focus.get() is order[1]
    stick(app, X, 0)
    stick(app, X, 20000)
    assert menu.focus.get() is not order[1], "back to the middle and pushed again: another step"


@pytest.mark.slow
def test_held_pad_repeats_on_the_frame_clock_and_stops_on_release(app):
    app.push(SettingsScreen(app))
    s = app.stack.top
    frames(app, 1)
    order = s._order()
    s.focus.set(order[0])
    down(app, DPAD[nav.DOWN])
    assert s.focus.get() is order[1], "the press itself is one step"
    frames(app, int(nav.REPEAT_DELAY * 60) - 4)
    assert s.focus.get() is order[1], "no repeat before the delay"
    frames(app, 4 + int(nav.REPEAT_EVERY * 60) * 2 + 2)
    moved = order.index(s.focus.get())
    assert moved >= 3, "held, it repeats"
    up(app, DPAD[nav.DOWN])
    at = s.focus.get()
    frames(app, 60)
    assert s.focus.get() is at, "let go, it stops"
    stick(app, B.CONTROLLER_AXIS_LEFTY, -30000)           # the stick held up repeats too
    frames(app, int((nav.REPEAT_DELAY + nav.REPEAT_EVERY) * 60) + 3)
    assert order.index(s.focus.get()) <= order.index(at) - 2
    stick(app, B.CONTROLLER_AXIS_LEFTY, 0)
    at = s.focus.get()
    frames(app, 60)
    assert s.focus.get() is at


def test_hot_plug_add_and_remove_do_not_crash(app, caplog):
    menu = app.stack.top
    with caplog.at_level(logging.WARNING):
        app.step(1 / 60, events=[ev(B.CONTROLLERDEVICEADDED, device_index=3)])    # nothing at index 3
        app.step(1 / 60, events=[ev(B.CONTROLLERDEVICEREMOVED, instance_id=99)])  # never seen
        down(app, DPAD[nav.DOWN], pad=42)
        app.step(1 / 60, events=[ev(B.CONTROLLERDEVICEREMOVED, instance_id=42)])   # pulled out while held
        frames(app, 90)
    assert app.running and app.stack.top is menu and not app.crashes
    assert app.nav_repeat.action is None, "a pulled-out controller's held direction ends"
    if app._controller_api is not None:
        assert "could not be opened" in caplog.text, "a controller that can't be opened is logged"
    order = menu.focus.items()
    at = order.index(menu.focus.get())
    tap(app, B.CONTROLLER_BUTTON_RIGHTSHOULDER, pad=43)   # another controller acts the same
    assert menu.focus.get() is order[(at + 1) % len(order)]


# -- in a game -------------------------------------------------------------------------------------

def open_game(app, match, board=None):
    g = GameScreen(app, match)
    if board is not None:
        g.board = board(g)
    app.push(g)
    g.layout(app.size)
    frames(app, 2)
    return g


def test_pad_goes_to_the_board_and_start_opens_the_menu(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]), board=NavBoard)
    assert g.can_act()
    for b in DPAD.values():
        tap(app, b)
    tap(app, B.CONTROLLER_BUTTON_A)
    stick(app, B.CONTROLLER_AXIS_LEFTX, -25000)
    assert g.board.actions == ["up", "down", "left", "right", "press", "left"]
    tap(app, B.CONTROLLER_BUTTON_B)                      # the board does not use back: the menu
    assert g.board.actions[-1] == "back" and isinstance(app.stack.top, Dialog)
    tap(app, B.CONTROLLER_BUTTON_START)                  # Start again closes the pause menu
    assert app.stack.top is g
    tap(app, B.CONTROLLER_BUTTON_START)
    p = app.stack.top
    assert p.title == "Paused" and p.focus.get().label == "Resume"
    tap(app, B.CONTROLLER_BUTTON_B)
    assert app.stack.top is g


def test_pad_shoulders_reach_the_frame_buttons_and_a_presses_them(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]), board=NavBoard)
    tap(app, B.CONTROLLER_BUTTON_LEFTSHOULDER)           # round backwards: Menu
    assert g.focused() is g.menu_btn
    tap(app, DPAD[nav.UP])
    assert g.focused() is not g.menu_btn and g.focused() in g.buttons
    tap(app, B.CONTROLLER_BUTTON_B)
    assert g.focused() is None and app.stack.top is g, "B takes the focus back to the board"
    tap(app, B.CONTROLLER_BUTTON_LEFTSHOULDER)
    tap(app, B.CONTROLLER_BUTTON_A)
    assert app.stack.top.title == "Paused"


def test_pad_plays_the_generic_board_x_performs_y_hints(app):
    class RollBoard(NavBoard):
        def on_nav(self, action):
            return super(NavBoard, self).on_nav(action)     # the generic board's own cursor

        def performance(self, state):
            return "Roll!"
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]), board=RollBoard)
    assert g._awaiting == "Roll!" and not g.can_act()
    tap(app, B.CONTROLLER_BUTTON_X)                       # X is Space: the roll
    frames(app, 2)
    assert g.can_act() and g.match.log[-1].player < 0
    tap(app, DPAD[nav.RIGHT])                             # the cursor shows
    tap(app, DPAD[nav.RIGHT])
    want = str(g.board._moves[1])
    tap(app, B.CONTROLLER_BUTTON_A)
    assert last_move(g.match) == want
    frames(app, 2)
    assert g._awaiting == "Roll!"
    tap(app, B.CONTROLLER_BUTTON_A)                       # A performs a waiting roll as well
    frames(app, 2)
    assert g.can_act()
    tap(app, B.CONTROLLER_BUTTON_Y)
    assert "hint" in g.status.lower(), g.status


@pytest.mark.slow
def test_result_card_by_pad_a_reviews_b_returns(app):
    g = open_game(app, toy_match([Seat(HUMAN, name="Ann"), Seat(HUMAN, name="Bo")]))
    card = finish(app, g)
    frames(app, 60)
    tap(app, B.CONTROLLER_BUTTON_A)
    assert app.stack.top is g and g.review_ply == 0
    tap(app, DPAD[nav.RIGHT])
    assert g.review_ply == 1
    tap(app, B.CONTROLLER_BUTTON_B)
    card = app.stack.top
    assert card.title and card.focus.get().label == "Review"
    frames(app, 60)
    tap(app, DPAD[nav.DOWN])                              # the wide Menu button is straight below Review
    assert card.focus.get().label == "Menu"
    tap(app, B.CONTROLLER_BUTTON_A)
    assert isinstance(app.stack.top, MainMenu)


# -- a whole evening with a controller only -------------------------------------------------------

class Pad:
    """A controller as a player uses it: the d-pad (and now and then the stick) to move,
    A to press, B to go back, the right shoulder for Tab, X for Space. Plugged in first."""
    BUTTONS = {**DPAD, nav.PRESS: B.CONTROLLER_BUTTON_A, nav.BACK: B.CONTROLLER_BUTTON_B}
    STICK = {nav.LEFT: (B.CONTROLLER_AXIS_LEFTX, -30000), nav.RIGHT: (B.CONTROLLER_AXIS_LEFTX, 30000),
             nav.UP: (B.CONTROLLER_AXIS_LEFTY, -30000), nav.DOWN: (B.CONTROLLER_AXIS_LEFTY, 30000)}

    def __init__(self, app):
        self.app = app
        self.n = 0
        app.step(1 / 60, events=[ev(B.CONTROLLERDEVICEADDED, device_index=0)])   # hot-plugged (none there)

    def send(self, action):
        self.n += 1
        if action in self.STICK and self.n % 3 == 0:       # every third step by the stick
            axis, value = self.STICK[action]
            stick(self.app, axis, value)
            stick(self.app, axis, 0)
        else:
            tap(self.app, self.BUTTONS[action])
        return True

    def tab(self):
        tap(self.app, B.CONTROLLER_BUTTON_RIGHTSHOULDER)

    def space(self):
        tap(self.app, B.CONTROLLER_BUTTON_X)


@pytest.mark.slow
def test_cannon_set_up_played_reviewed_and_left_by_gamepad_only(app):
    from tests.ui.test_keyboard import cannon_pick, whole_evening
    m = whole_evening(app, "cannon", Pad(app), cannon_pick)
    assert m.is_over()


@pytest.mark.slow
def test_cannon_corps_set_up_played_reviewed_and_left_by_gamepad_only(app):
    from tests.ui.test_keyboard import corps_pick, whole_evening
    m = whole_evening(app, "cannon_corps", Pad(app), corps_pick)
    assert m.is_over()
