"""Each board played with navigation actions only (issue 31, items 2 and 3): the
arrows, Enter and Esc of a keyboard, the pad, A and B of a gamepad, as the frame
hands them to ``Board.on_nav``. Through the real frame (a GameScreen on a Match),
frames stepped, computers' thoughts joined, never a wall-clock wait.

For each game: moves made with the cursor are the moves wanted (a legal move
each, the position changed by it); "back" lets go of a selection and is not used
with nothing to let go (the frame then opens its menu); nothing is used while the
player at the screen may not act; the cursor shows after the first action and
goes when the mouse moves; and a whole short game against an Easy computer is
played with navigation actions only (``nav_helpers.drive_to``)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat  # noqa: E402
from games.ui.game_screen import GameScreen  # noqa: E402
from games.ui.headless import make_app  # noqa: E402
from tests.ui.helpers import settle, show_me, step  # noqa: E402
from tests.ui.nav_helpers import ARROWS, BACK, PRESS, drive_to, key_sender, press_at, sender  # noqa: E402

ACTIONS = (*ARROWS, PRESS, BACK)


@pytest.fixture(autouse=True)
def data_dir(tmp_path):
    paths.set_data_dir(str(tmp_path))      # autosaves go to a temporary folder
    yield
    paths.set_data_dir(None)


def start(game, seats, options=None, seed=7, animation="off", size=(1280, 720), colorblind=False):
    app = make_app(size, colorblind=colorblind, animation=animation)
    info = games.get(game)
    opts = dict(info.default_options())
    opts.update(options or {})
    match = Match(info, opts, [Seat(kind, "easy", f"P{i + 1}") for i, kind in enumerate(seats)], seed,
                  ai_secret=seed, chance_secret=SEED_ONLY)
    screen = GameScreen(app, match)
    app.push(screen)
    app.step(1 / 60, events=[])
    return app, screen, screen.board


def until_human(app, screen, limit=4000):
    """Frames (thoughts joined) until the human at the screen may act, or the game is over."""
    for _ in range(limit):
        if screen.can_act() or screen.match.is_over():
            return
        step(app)
    raise AssertionError("the human never got to act")


def refuses_everything(board) -> bool:
    return not any(board.on_nav(a) for a in ACTIONS)


def mouse_moves(app, pos=(5, 5)):
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 2), buttons=(0, 0, 0))])


def play_whole_game(app, screen, board, pick, max_log=200, frames=60000, send=None):
    """Play the human seats with navigation actions only until the game ends (or the log
    is long): ``pick(state, rng)`` chooses each legal move; ``send`` delivers each action
    (default: ``board.on_nav``, a frame each). Returns the moves made."""
    rng = random.Random(3)
    made = []
    for _ in range(frames):
        m = screen.match
        if m.is_over() or len(m.log) >= max_log:
            break
        settle(app)
        if screen.awaiting_performance() and not board.busy:
            app.step(1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                                        scancode=0)])      # a spin or a roll: Space
            continue
        if screen.can_act():
            move = pick(screen.visible_state(), rng)
            n = len(m.log)
            drive_to(board, move, send=send, app=app)
            assert len(m.log) > n, f"{move} was not played"
            assert m.log[n].text == str(move), f"wanted {move}, played {m.log[n].text}"
            made.append(move)
        else:
            app.step(1 / 30, events=[])
    return made


# -- Cannon ------------------------------------------------------------------------------------

def cannon_pick(st, rng):
    legal = st.legal_moves()
    shots = [m for m in legal if m.kind in ("shot", "slide", "capture")]
    return rng.choice(shots if shots and rng.random() < 0.6 else legal)


@pytest.mark.slow
def test_cannon_whole_game_against_easy_by_navigation_only():
    app, screen, board = start("cannon", (HUMAN, AI), seed=11, animation="fast")
    made = play_whole_game(app, screen, board, cannon_pick, max_log=160)
    kinds = {m.kind for m in made}
    assert {"place", "step"} <= kinds and kinds & {"slide", "capture", "shot"} and len(made) >= 10, kinds
    assert screen.match.is_over() or len(screen.match.log) >= 160


def test_cannon_back_lets_go_and_is_not_used_with_nothing_to_let_go():
    from games.cannon import rules as R
    app, screen, board = start("cannon", (HUMAN, HUMAN))
    send = sender(app, board)
    drive_to(board, R.Move.parse("Te1"), app=app)
    drive_to(board, R.Move.parse("Te10"), app=app)
    press_at(board, send, lambda k: k == R.parse_square("e2"))
    assert board.selected == R.parse_square("e2") and board.offers
    assert board.on_nav(BACK) and board.selected is None
    assert not board.on_nav(BACK), "back with nothing selected must leave Esc to the frame (the menu)"
    # pressing the selected soldier again lets it go too, as a second click does
    press_at(board, send, lambda k: k == R.parse_square("e2"))
    assert board.selected is not None
    board.on_nav(PRESS)
    assert board.selected is None


def test_cannon_nothing_is_used_while_the_computer_is_to_move():
    app, screen, board = start("cannon", (AI, HUMAN), seed=5)
    assert not screen.can_act()
    assert refuses_everything(board) and board.nav_key() is None
    until_human(app, screen)
    assert board.on_nav("up") and board.nav_key() is not None


@pytest.mark.slow
def test_cannon_cursor_shows_on_the_first_arrow_goes_with_the_mouse_and_follows_a_turned_board():
    from games.cannon import rules as R
    app, screen, board = start("cannon", (HUMAN, HUMAN), options={"rotate": True})
    assert board.nav_key() is None
    assert board.on_nav("left")
    sq = board.nav_key()
    assert sq is not None and board.nav_key() == sq, "the first arrow only shows the cursor"
    mouse_moves(app)
    assert board.nav_key() is None, "moving the mouse hides the cursor"
    drive_to(board, R.Move.parse("Te1"), app=app)
    settle(app)
    for _ in range(200):                    # the board turns for Light
        app.step(1 / 30, events=[])
    assert board.flipped and screen.can_act()
    # the next player's cursor starts among their own (a play-test: it stayed where Dark
    # left it, at the far end of the turned board, nine presses from Light's side)
    assert board.nav_key() is None, "the turn passed: the cursor starts afresh"
    board.on_nav("down")
    assert board.nav_key() == R.parse_square("e10"), "Light places its town: its back rank's middle"
    y0 = board.point_to_pixel(board.nav_key())[1]
    board.on_nav("up")
    assert board.nav_key() == R.parse_square("e9"), "up on a turned board goes down the ranks"
    assert board.point_to_pixel(board.nav_key())[1] < y0, "up on a turned board goes up the screen"


def test_cannon_chooser_rows_by_arrows():
    """Should two moves ever end on one point, the chooser's rows are stepped through
    with the arrows and pressed (as in tests/cannon/test_scene.py, both offered at once)."""
    from games.cannon import rules as R
    sq = R.parse_square
    app, screen, board = start("cannon", (HUMAN, HUMAN))
    send = sender(app, board)
    drive_to(board, R.Move.parse("Tf1"), app=app)
    drive_to(board, R.Move.parse("Te10"), app=app)
    step_, slide = R.Move("step", sq("e4"), sq("e5")), R.Move("slide", sq("e2"), sq("e5"))
    press_at(board, send, lambda k: k == sq("e4"))
    board.offers[step_.to] = [step_, slide]         # as if both were offered together
    press_at(board, send, lambda k: k == sq("e5"))
    assert board.chooser is not None and board.nav_key() == ("row", 0)
    send("down")
    assert board.nav_key() == ("row", 1)
    assert board.on_nav(BACK) and board.chooser is None
    press_at(board, send, lambda k: k == sq("e4"))
    board.offers[step_.to] = [step_, slide]
    press_at(board, send, lambda k: k == sq("e5"))
    send("up")                                      # round to the last row
    send(PRESS)
    assert screen.match.log[-1].text == "e2-e5"


@pytest.mark.parametrize("colorblind", [False, True])
def test_cannon_cursor_is_drawn_in_black_and_white(colorblind):
    app, screen, board = start("cannon", (HUMAN, HUMAN), colorblind=colorblind)
    board.on_nav("up")
    app.step(1 / 60, events=[])
    x, y = board.point_to_pixel(board.nav_key())
    h = int(round(board.geometry().cell * 0.47))
    row = [tuple(app.screen.get_at((x + dx, y - h))[:3]) for dx in range(-h // 2, h // 2)]
    assert (255, 255, 255) in row and (0, 0, 0) in [tuple(app.screen.get_at((x, y - h + d))[:3]) for d in range(-6, 7)]


# -- Cannon Corps --------------------------------------------------------------------------------

def corps_pick(st, rng):
    from games.cannon_corps.rules import DICE, SPACES, Move
    if st.pending.kind == "setup":
        return Move.setup(zip(rng.sample(DICE, 4), rng.sample(SPACES, 4)))
    legal = st.legal_moves()
    by_kind = {}
    for m in legal:
        by_kind.setdefault(m.kind, []).append(m)
    return rng.choice(by_kind[rng.choice(sorted(by_kind))])      # cover and stay alike


@pytest.mark.slow
def test_corps_whole_game_against_easy_by_navigation_only():
    app, screen, board = start("cannon_corps", (HUMAN, AI, AI), seed=11)
    made = play_whole_game(app, screen, board, corps_pick, max_log=400)
    kinds = {m.kind for m in made}
    assert screen.match.is_over(), f"no result: {kinds}"
    assert {"setup", "fire"} <= kinds and kinds & {"cover", "stay", "deploy"}, kinds


def corps_to_fire(app, screen, board):
    """A two-seat game (the human first) to the human's first shot, set up by the cursor."""
    from games.cannon_corps.rules import Move
    drive_to(board, Move.setup({"d4": "A1", "d6": "B2", "d8": "C3", "d20": "A4"}), app=app)
    until_human(app, screen)
    assert screen.visible_state().pending.kind == "fire"


@pytest.mark.slow
def test_corps_back_lets_go_of_the_aimed_platoon_and_the_picked_die():
    app, screen, board = start("cannon_corps", (HUMAN, AI), seed=3)
    send = sender(app, board)
    press_at(board, send, lambda k: k == ("tray", "d8"))
    assert board.sel == "d8"
    assert board.help_text().startswith("Choose an empty space"), "the help speaks of the cursor, not a click"
    assert board.on_nav(BACK) and board.sel is None
    assert not board.on_nav(BACK), "back with nothing picked must leave Esc to the frame (the menu)"
    press_at(board, send, lambda k: k == ("tray", "d8"))
    press_at(board, send, lambda k: k == ("cell", 0, "B1"))
    assert board.staged == {"d8": "B1"}
    press_at(board, send, lambda k: k == ("button", board.btn_back.label))      # Take back, by the cursor
    assert board.staged == {}
    corps_to_fire(app, screen, board)
    v = board.view()
    press_at(board, send, lambda k: k == ("cell", 0, v.my_platoons["d20"][0]))
    assert board.sel == "d20"
    go = [k for k in board.nav_places() if k[0] == "cell" and k[1] == 1]
    assert len(go) == 12, "every space of the opponent's grid is a place to aim at"
    assert board.on_nav(BACK) and board.sel is None
    assert not board.on_nav(BACK)


def test_corps_nothing_is_used_while_another_seat_decides():
    app, screen, board = start("cannon_corps", (AI, HUMAN), seed=3)
    if screen.can_act():
        pytest.skip("the human sets up first with this seed")
    assert refuses_everything(board) and board.nav_key() is None
    until_human(app, screen)
    assert board.on_nav("up") and board.nav_key() is not None


def pass_on(app, screen):
    """Frames, accepting each hand-over, until the seat at the screen may act."""
    from games.ui.handover import HandOver
    for _ in range(3000):
        if isinstance(app.stack.top, HandOver):
            show_me(app)
        if screen.can_act() and app.stack.top is screen:
            return
        if screen.awaiting_performance() and not screen.board.busy and app.stack.top is screen:
            screen.perform()                # a roll or a spin: Space's, not the cursor's
        step(app)
    raise AssertionError("the seat to move never got the screen")


def corps_world(setup0):
    """Two people at one table: seat 0 hides ``setup0`` with the cursor (and leaves it
    on its grid); the shot before seat 1's first decision to fire is the same public
    event in every world. What seat 1 sees while its cursor crosses seat 0's grid:
    (the cursor's place on arrival, then per action its place and the screen)."""
    from games.cannon_corps.rules import Move
    app, screen, board = start("cannon_corps", (HUMAN, HUMAN), seed=3)
    pass_on(app, screen)
    assert screen.viewer == 0
    drive_to(board, Move.setup(setup0), app=app)
    pass_on(app, screen)
    assert screen.viewer == 1
    drive_to(board, Move.setup({"d4": "C1", "d6": "C2", "d8": "C3", "d20": "C4"}), app=app)
    pass_on(app, screen)
    if screen.viewer == 0:                  # seat 0 fires first: its d20 at A1, a miss on seat 1's grid
        drive_to(board, Move("fire", "d20", "A1"), app=app)
        pass_on(app, screen)
    assert screen.viewer == 1 and board.view().pending.kind == "fire"
    arrival = board.nav_key()
    seen = []
    for a in ["up", PRESS] + ["up"] * 4 + ["left"] * 3 + ["right"] * 6 + ["down"] * 2 + ["left"] * 2:
        board.on_nav(a)
        app.step(1 / 60, events=[])
        seen.append((a, board.nav_key(), pygame.image.tobytes(app.screen, "RGB")))
    assert any(k is not None and k[1] == 0 for _a, k, _s in seen), "the cursor never crossed seat 0's grid"
    return arrival, seen


@pytest.mark.slow
def test_corps_the_cursor_tells_nothing_of_another_seats_secret():
    """Two worlds that differ only in where seat 0 hid its platoons (with the cursor):
    seat 1's cursor arrives hidden, moves over the same places and draws the same
    pixels (aim, tooltip and all) in both."""
    a_arrival, a = corps_world({"d4": "A1", "d6": "B2", "d8": "C3", "d20": "A4"})
    b_arrival, b = corps_world({"d4": "C4", "d6": "A2", "d8": "B3", "d20": "B1"})
    assert a_arrival is None and b_arrival is None, "seat 0's cursor crossed the hand-over"
    for (act, ka, sa), (_act, kb, sb) in zip(a, b, strict=True):
        assert ka == kb, f"after {act}: the cursor went to {ka} in one world, {kb} in the other"
        assert sa == sb, f"after {act} on {ka}: seat 1's screen differs with seat 0's secret"


# -- Cannon Ball -------------------------------------------------------------------------------

def ai_pick(game, level="easy", share=0.7):
    """Mostly what a computer player would do (so a game ends), now and then any legal
    move (so every kind of move goes through the cursor)."""
    from games.core.ai import ThinkContext
    info = games.get(game)
    ais = {}

    def pick(st, rng):
        legal = st.legal_moves()
        if rng.random() > share:
            return rng.choice(legal)
        seat = st.current_player()
        ai = ais.setdefault(seat, info.make_ai(level, seat, {}))
        return ai.choose(st.copy(), ThinkContext(rng=random.Random(rng.random())))
    return pick


@pytest.mark.slow
def test_cannon_ball_whole_game_against_easy_by_navigation_only():
    from games.cannon_ball import rules as R
    app, screen, board = start("cannon_ball", (HUMAN, AI), seed=5)
    made = play_whole_game(app, screen, board, ai_pick("cannon_ball"), max_log=600, frames=200000)
    kinds = {type(m).__name__ for m in made}
    assert {"Choice", "Step", "End"} <= kinds, kinds
    assert screen.match.is_over(), f"no result in 600 log entries: {kinds}"
    assert R.Step in {type(m) for m in made}


def cb_game(state=None, seats=(HUMAN, HUMAN), size=(1280, 720)):
    """A Cannon Ball game through the frame, from a position built by hand if given."""
    from games.cannon_ball import INFO
    app = make_app(size, animation="fast")
    m = Match(INFO, {}, [Seat(k, "easy", f"P{i + 1}") for i, k in enumerate(seats)], seed=4, ai_secret=4,
              chance_secret=SEED_ONLY)
    if state is not None:
        m.state = state
    screen = GameScreen(app, m)
    app.push(screen)
    app.step(1 / 60, events=[])
    return app, screen, screen.board


def cb_position():
    """South to move with a cannon three pairs of men can escort to a12+b12 (the chooser),
    and men by the bridges (TNT cases to place)."""
    from tests.cannon_ball.cb_util import pos
    return pos(south="b14 c14 b15 b17 e17 g16 g11 k8 n8", cannons=[(0, "a14 a15")], budget=6)


@pytest.mark.slow
def test_cannon_ball_cannon_chooser_tnt_and_a_gamble_by_navigation():
    from games.cannon_ball import rules as R
    app, screen, board = cb_game(cb_position())
    send = sender(app, board)
    st = screen.match.state

    def play(text):
        n = len(screen.match.log)
        drive_to(board, st.parse_move(text) if isinstance(text, str) else text, app=app)
        settle(app)
        for _ in range(120):                    # the cannon rolls, the case is laid
            app.step(1 / 30, events=[])
        assert screen.match.log[n].text == str(text)

    play("Ka14>a12b12+c14b15")                  # the third row of the chooser
    tnt = next(m for m in R.tnt_placements(screen.match.state))
    play(tnt)
    play(R.END)
    until_human(app, screen)
    for _ in range(400):                        # North: a move turn, spun with Space, ended at once
        settle(app)
        if screen.awaiting_performance() and not board.busy:
            screen.perform()
        elif screen.can_act() and screen.match.state.to_move == 1:
            st = screen.match.state
            move = R.MOVE_CHOICE if st.phase == R.CHOOSE else R.END
            play(move)
        elif screen.can_act():
            break
        else:
            app.step(1 / 30, events=[])
    st = screen.match.state
    assert st.to_move == 0 and st.phase == R.CHOOSE
    calls = [m for m in st.legal_moves() if isinstance(m, R.Choice) and m.kind == "tnt"]
    assert calls, "South's TNT must be shot: Odd or Even"
    go_even = next(m for m in calls if m.call == "even")
    press_at(board, send, lambda k: k == ("choice", str(go_even)))
    assert screen.match.log[-1].text == str(go_even)


def test_cannon_ball_back_closes_the_chooser_then_lets_go_of_the_cannon():
    from games.cannon_ball.rules import battlefield as M
    app, screen, board = cb_game(cb_position())
    send = sender(app, board)
    a15 = M.box_index("a15")
    press_at(board, send, lambda k: k == ("box", M.box_index("b14")))
    assert board.sel == M.box_index("b14") and board.reach
    assert board.on_nav(BACK) and board.sel is None
    assert not board.on_nav(BACK), "back with nothing picked must leave Esc to the frame (the menu)"
    press_at(board, send, lambda k: k == ("box", a15))
    assert board.cannon_opts
    spot = (M.box_index("a12"), M.box_index("b12"))
    press_at(board, send, lambda k: k == ("spot", spot))
    assert board.chooser is not None and board.nav_key() == ("row", 0)
    send("down")
    assert board.nav_key() == ("row", 1)
    assert board.on_nav(BACK) and board.chooser is None and board.sel == a15
    assert board.on_nav(BACK) and board.sel is None
    assert not board.on_nav(BACK)
    assert len(screen.match.log) == 0


def test_cannon_ball_nothing_is_used_while_the_computer_plays_or_the_dial_spins():
    app, screen, board = start("cannon_ball", (AI, HUMAN), seed=5)
    waited = 0
    for _ in range(4000):
        if screen.can_act():
            break
        assert not any(board.on_nav(a) for a in ACTIONS) and board.nav_key() is None
        if screen.awaiting_performance() and not board.busy:
            waited += 1                 # the spin is Space's (the frame's), never a press
            screen.perform()
        step(app)
    assert screen.can_act() and waited
    assert board.on_nav("up") and board.nav_key() is not None


def cb_kind(board, m) -> str:
    """What sort of decision a Cannon Ball move is, as the cursor meets it."""
    from games.cannon_ball.board import chooser as C
    from games.cannon_ball import rules as R
    if isinstance(m, R.Choice):
        return "gamble" if m.call else m.kind if m.kind == "move" else "gate"
    if isinstance(m, R.CannonMove):
        st = board.host.visible_state()
        ways = C.options_for(R.cannon_moves(st, m.frm), m.to)
        return "cannon, chooser" if len(ways) > 1 else "cannon"
    return type(m).__name__.lower()


@pytest.mark.slow
def test_cannon_ball_every_kind_of_decision_by_navigation():
    """Two people from the start, each decision made with the cursor: the first time a
    kind of move is legal (a cannon to a pair, a gate, a move turn, a man's step, End),
    that one is played. (The chooser, TNT and a gamble's call: the test above.)"""
    from games.cannon_ball import rules as R
    app, screen, board = start("cannon_ball", (HUMAN, HUMAN), seed=9, animation="fast")
    want = {"cannon", "gate", "move", "step", "end"}
    done: set = set()
    rng = random.Random(4)
    for _ in range(3000):
        if screen.match.is_over() or done == want:
            break
        settle(app)
        if screen.awaiting_performance() and not board.busy:
            screen.perform()
            continue
        if not screen.can_act():
            app.step(1 / 30, events=[])
            continue
        legal = screen.visible_state().legal_moves()
        kinds = {m: cb_kind(board, m) for m in legal}
        fresh = [m for m in legal if kinds[m] in want - done]
        move = rng.choice(fresh) if fresh else rng.choice(
            [m for m in legal if not isinstance(m, R.End)] or legal)
        n = len(screen.match.log)
        drive_to(board, move, app=app)
        assert screen.match.log[n].text == str(move)
        done.add(kinds[move])
    assert done >= want, f"never met: {want - done}"


# -- Artillery -----------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_artillery_whole_game_against_easy_by_navigation_only(size):
    """At 800x600 the column starts folded away: the cursor reaches its fold button past
    the table's right edge and a press unfolds it (``nav_helpers._artillery``)."""
    app, screen, board = start("artillery", (HUMAN, AI), seed=3, size=size)
    made = play_whole_game(app, screen, board, ai_pick("artillery", share=0.8), max_log=3000, frames=400000)
    kinds = {m.kind for m in made}
    assert screen.match.is_over(), f"no result: {kinds}"
    # (whether an activation is ever ended early is the picker's choice: a crew with a
    # battery always has something to do, so 'end' is not asked for here)
    assert {"pick", "activate"} <= kinds and kinds & {"move", "fire", "shoot"}, kinds


def artillery_to_act(seed=3):
    """An Artillery game against Easy, played by the cursor up to the human's first
    activation with an enemy in reach of an aim."""
    app, screen, board = start("artillery", (HUMAN, AI), seed=seed)
    pick = ai_pick("artillery", share=1.0)
    rng = random.Random(1)
    for _ in range(20000):
        settle(app)
        if screen.awaiting_performance() and not board.busy:
            screen.perform()
            continue
        if not screen.can_act():
            app.step(1 / 30, events=[])
            continue
        st = screen.visible_state()
        if st.phase == "act" and st.act is not None and any(m.kind in ("fire", "shoot") for m in st.legal_moves()):
            return app, screen, board
        drive_to(board, pick(st, rng), app=app)
    raise AssertionError("no activation with a target came")


@pytest.mark.slow
def test_artillery_cursor_steps_an_inch_into_the_column_and_back():
    app, screen, board = artillery_to_act()
    st = screen.visible_state()
    u = st.active_unit()
    key = board.nav_key()
    assert key is not None and key[0] == "at", "a new activation puts the cursor on the table"
    assert key[1] == (round(u.pos[0]), round(u.pos[1])), "... at the unit"
    (x, y), px = key[1], board.nav.pixel(key[1])
    board.on_nav("up")
    assert board.nav_key() == ("at", (x, y + 1)) and board.nav.pixel((x, y + 1))[1] < px[1]
    board.on_nav("right")
    assert board.nav_key() == ("at", (x + 1, y + 1))
    for _ in range(80):
        board.on_nav("right")
    key = board.nav_key()
    assert key[0] != "at", "past the table's right edge the cursor goes on into the column"
    for _ in range(6):
        board.on_nav("left")
        if board.nav_key()[0] == "at":
            break
    assert board.nav_key()[0] == "at", "left out of the column goes back to the table"


@pytest.mark.slow
def test_artillery_back_lets_go_of_the_aim_and_is_not_used_with_nothing_to_let_go():
    app, screen, board = artillery_to_act()
    send = sender(app, board)
    st = screen.visible_state()
    target = next(m.target if m.kind == "fire" else m.a for m in st.legal_moves() if m.kind in ("fire", "shoot"))
    from tests.ui.nav_helpers import _aim
    assert _aim(board, send, st, target)
    key = board.nav_key()
    assert key[0] == "button" and key[1] in ("Fire! (F)", "Shoot! (F)"), f"an aim takes the cursor to Fire!: {key}"
    assert board.on_nav(BACK) and board.aim.target is None
    assert board.nav_key()[0] == "at"
    assert not board.on_nav(BACK), "back with nothing to let go must leave Esc to the frame (the menu)"
    n = len(screen.match.log)
    drive_to(board, next(m for m in st.legal_moves() if m.kind in ("fire", "shoot")), app=app)
    assert len(screen.match.log) > n


@pytest.mark.slow
def test_artillery_nothing_is_used_while_the_computer_plays():
    app, screen, board = start("artillery", (AI, HUMAN), seed=3)
    seen = 0
    for _ in range(4000):
        if screen.can_act():
            break
        if not screen.awaiting_performance():
            seen += 1
            assert refuses_everything(board) and board.nav_key() is None
        else:
            screen.perform()
        step(app)
    assert seen and screen.can_act()
    assert board.on_nav("up") and board.nav_key() is not None



# -- every board: real keys and a gamepad through the frame; the cursor drawn, then gone -----------

@pytest.mark.slow
def test_cannon_whole_game_by_the_keyboard_through_the_frame():
    """The frame's own routing: arrow, Enter and Esc key presses, nothing else."""
    app, screen, board = start("cannon", (HUMAN, AI), seed=11, animation="fast")
    made = play_whole_game(app, screen, board, cannon_pick, max_log=160, send=key_sender(app, board))
    assert len(made) >= 10 and (screen.match.is_over() or len(screen.match.log) >= 160)


@pytest.mark.slow
@pytest.mark.parametrize("pad", [False, True], ids=["keys", "gamepad"])
@pytest.mark.parametrize("game", ["cannon_corps", "cannon_ball", "artillery"])
def test_first_decisions_by_keys_and_by_a_gamepad_through_the_frame(game, pad):
    """A few decisions of each board made with key presses, or with a controller's d-pad
    and A, as the frame hands them on."""
    from games.ui import nav
    nav.reset()
    app, screen, board = start(game, (HUMAN, AI), seed=3)
    send = key_sender(app, board, pad=pad)
    pick = corps_pick if game == "cannon_corps" else ai_pick(game)
    # room for the computer's reply in the log too (an Artillery battery's volley is many dice lines)
    made = play_whole_game(app, screen, board, pick, max_log=len(screen.match.log) + 40, send=send)
    assert len(made) >= 2, made


def to_decision(game, colorblind=False):
    app, screen, board = start(game, (HUMAN, AI), seed=3, colorblind=colorblind)
    for _ in range(4000):
        if screen.can_act():
            return app, screen, board
        if screen.awaiting_performance() and not board.busy:
            screen.perform()
        step(app)
    raise AssertionError("the human never got to act")


@pytest.mark.slow
@pytest.mark.parametrize("colorblind", [False, True], ids=["normal", "colour-blind"])
@pytest.mark.parametrize("game", ["cannon", "cannon_corps", "cannon_ball", "artillery"])
def test_the_cursor_is_drawn_in_black_and_white_and_goes_when_the_mouse_moves(game, colorblind):
    """Frames of no time (what pulses stays still), compared: the first arrow draws the
    cursor (a light line on a dark band, in either palette), a mouse motion takes it away."""
    app, screen, board = to_decision(game, colorblind)

    def still(events=()):
        app.step(0.0, events=list(events))
        return app.screen.copy()

    motion = [pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(3, 2), buttons=(0, 0, 0))]
    bare = still(motion)
    assert board.on_nav("down") and board.nav_key() is not None
    shown = still()
    w, h = shown.get_size()
    changed = {shown.get_at((x, y))[:3] for x in range(0, w, 2) for y in range(0, h, 2)
               if shown.get_at((x, y)) != bare.get_at((x, y))}
    assert changed, "the cursor is not drawn"
    # (on a button of a column it is the frame's own focus ring: the theme's text on its page)
    assert any(min(c) >= 200 for c in changed), f"no light line: {sorted(changed)[:8]}"
    assert any(max(c) <= 60 for c in changed), "no dark band"
    gone = still(motion)
    assert board.nav_key() is None, "moving the mouse hides the cursor"
    assert pygame.image.tobytes(gone, "RGB") == pygame.image.tobytes(bare, "RGB"), "the cursor is still drawn"


def artillery_world(card_index):
    """Two people: seat 0 chooses its card ``card_index`` of its hand in secret with the
    cursor; what seat 1 sees while its cursor runs over the column and the table."""
    app, screen, board = start("artillery", (HUMAN, HUMAN), seed=3)
    pass_on(app, screen)
    st = screen.visible_state()
    assert st.phase == "pick" and screen.viewer == st.current_player()
    first = screen.viewer
    cards = sorted((m for m in st.legal_moves() if m.kind == "pick"), key=str)
    drive_to(board, cards[card_index], app=app)
    pass_on(app, screen)
    assert screen.viewer != first and screen.visible_state().phase == "pick"
    arrival = board.nav_key()
    seen = []
    for a in ["down", "down", "right", "up", "left"] + ["left"] * 4 + ["up"] * 3:
        board.on_nav(a)
        app.step(1 / 60, events=[])
        seen.append((a, board.nav_key(), pygame.image.tobytes(app.screen, "RGB")))
    return arrival, seen


@pytest.mark.slow
def test_artillery_the_cursor_tells_nothing_of_the_other_seats_card():
    a_arrival, a = artillery_world(0)
    b_arrival, b = artillery_world(-1)
    assert a_arrival is None and b_arrival is None, "the first seat's cursor crossed the hand-over"
    for (act, ka, sa), (_act, kb, sb) in zip(a, b, strict=True):
        assert ka == kb, f"after {act}: the cursor went to {ka} in one world, {kb} in the other"
        assert sa == sb, f"after {act} on {ka}: the next seat's screen differs with the card chosen"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_cannon_ball_arrows_keep_their_row_through_the_forts_big_boxes(size):
    """A play-test: Down twice and Right ten times from b1 ended on e12, not in row d: the
    arrows stepped centre to centre, and d1 (a big box across rows d and e) sent the run
    into row e. A run of arrows now keeps its row (or column), as a text cursor does."""
    from games.cannon_ball.rules.moves import box_name
    app, screen, board = cb_game(cb_position(), size=size)
    send = sender(app, board)
    send(ARROWS[0])                                        # the first arrow shows the cursor
    names = {box_name(k[1]): k for k in board.nav_places() if k[0] == "box"}
    board.nav.at = names["b1"]
    seen = []
    for a in ["down", "down"] + ["right"] * 10:
        send(a)
        seen.append(box_name(board.nav_key()[1]))
    assert seen[:2] == ["c1", "d1"]
    assert all(n.startswith("d") for n in seen[2:]), seen
    assert [int(n[1:]) for n in seen[2:]] == sorted(int(n[1:]) for n in seen[2:]), "always rightwards"
    for a in ["left"] * 10:                                # and back along the same row
        send(a)
        assert box_name(board.nav_key()[1]).startswith("d"), box_name(board.nav_key()[1])


def test_cannon_ball_enter_on_a_box_that_picks_nothing_says_why():
    """A play-test: Enter on an empty box (and a click there) did nothing and said nothing."""
    from games.cannon_ball import rules as R
    from games.cannon_ball.rules import battlefield as M
    from games.cannon_ball.rules.moves import box_name
    app, screen, board = cb_game(cb_position())
    send = sender(app, board)
    said: list[str] = []
    real = screen.say
    screen.say = lambda text, *a, **k: said.append(text) or real(text, *a, **k)
    st = screen.match.state
    empty = next(i for i in range(M.N_BOXES) if st.occ[i] == R.EMPTY and ("box", i) in board.nav_places())
    press_at(board, send, lambda k: k == ("box", empty))
    assert said and "Pick one of your men first" in said[-1], (box_name(empty), said)
    assert board.sel is None and len(screen.match.log) == 0


def test_cannon_cursor_tooltip_waits_for_the_players_turn():
    """A play-test moved by keys against the computer: the cursor's tooltip stayed over
    rows 3-5 while the computer replied, hiding its move. It now shows only while the
    player at the screen may act; the mouse's hover is unchanged."""
    app, screen, board = start("cannon", (HUMAN, AI), seed=3)
    until_human(app, screen)
    screen.typed_move("Te1")                              # the towns placed: play is under way
    until_human(app, screen)
    send = key_sender(app, board)
    send(ARROWS[0])                                       # the first arrow shows the cursor
    assert board.nav_on and board.nav_sq is not None
    st = screen.match.state
    board.nav_sq = next(i for i, cell in enumerate(st.cells) if cell)     # on a piece: it is described
    assert board.tooltip_lines(), "the cursor's point is described on the player's turn"
    real = screen.can_act
    screen.can_act = lambda: False                        # the computer's turn, the cursor still resting
    try:
        assert board.tooltip_lines() == []
    finally:
        screen.can_act = real
    assert board.tooltip_lines()
