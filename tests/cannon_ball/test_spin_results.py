"""A spin's result shows on the Cannon Ball board only once the Fort Commander has
settled, then plays out (a bridge bursts, a dud fizzles, a gate is blown, a bridge
is rebuilt) and ends in exactly the after position; skipped, it is silent.

Everything runs through the real frame (``GameScreen``) at 1280x720, stepped by
frames of 1/60 s, never by the clock. Luck is the match's seeded draw
(``chance_secret=SEED_ONLY``): each scene picks the first seed whose spin comes out
right (or wrong), and the player performs it with Space, as at the table.
"""
from __future__ import annotations

import pygame
import pytest

import games
from games.cannon_ball import INFO
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules import Phase
from games.cannon_ball.board import CannonBallBoard
from games.core.match import HUMAN, SEED_ONLY, Match, Seat
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from tests.cannon_ball.cb_util import pos
from tests.ui.helpers import frames, key

CLOSED_NE = ["open", "open", "closed", "open"]
BRIDGE_3_DOWN = [True, True, False, True, True, True]

# name: (position, moves before the gamble, the gamble, the bridge or gate it is about)
SCENES = {
    # South's TNT at bridge 3 (by g16); a North cannon and two men have crossed into its section
    "tnt": (lambda: pos("g16 e16", north="i16 j16 i17", cannons=[(1, "j17 k17")], budget=4),
            ["TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 4", "Kj17>f16f17+i16i17", "end"],
            "tnt odd", ("bridge", 2)),
    "fire": (lambda: pos("l16 m16 l17", north="n20", cannons=[(0, "n16 o16")], phase=Phase.CHOOSE, gates=CLOSED_NE),
             [], "fire NE odd", ("gate", 2)),
    "rebuild": (lambda: pos("e16 f16 g17", phase=Phase.CHOOSE, bridges=BRIDGE_3_DOWN),
                [], "rebuild 3 even", ("bridge", 2)),
}
SEATS = [Seat(HUMAN, name="South"), Seat(HUMAN, name="North")]
SPIN_FRAMES = 60 * 10          # a spin that has not settled after ten seconds is stuck


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "cannon_ball", INFO)
    return make_app((1280, 720), animation="normal")


def _match(scene: str, seed: int) -> Match:
    start, prefix, _choice, _what = SCENES[scene]
    m = Match(INFO, {}, list(SEATS), seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    m.state = start()
    for text in prefix:
        m.play_text(text)
    return m


def seed_for(scene: str, right: bool) -> int:
    """The first seed whose spin after the gamble wins (``right``) or loses the call."""
    choice = SCENES[scene][2]
    odd = choice.endswith("odd")
    for seed in range(1, 400):
        m = _match(scene, seed)
        m.play_text(choice)
        if (m.draw_chance().value % 2 == 1) == (odd == right):
            return seed
    raise AssertionError("no seed gives that spin")


def open_gamble(app, scene: str, right: bool):
    """The frame over the scene, the gamble chosen through it, waiting for Space to spin."""
    m = _match(scene, seed_for(scene, right))
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    assert g.submit(m.state.parse_move(SCENES[scene][2]))
    frames(app, 2)
    assert g.awaiting_performance() == "Spin!"
    return g, m


def around(board, scene: str) -> pygame.Rect:
    """A rect around the bridge's star (or the gate) the scene is about, on the screen."""
    kind, i = SCENES[scene][3]
    if kind == "bridge":
        x, y = board.geo.pt(*M.BRIDGES[i].star)
    else:
        (ax, ay), (bx, by) = M.GATES[i].segment
        x, y = board.geo.pt((ax + bx) / 2, (ay + by) / 2)
    s = int(board.geo.cell * 4)
    return pygame.Rect(int(x) - s // 2, int(y) - s // 2, s, s).clip(board.geo.board)


def grab(app, rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def spin_frames(app, g, rects):
    """Spin (Space) and grab ``rects`` on every frame until the dial has settled."""
    b = g.board
    key(app, pygame.K_SPACE)
    shots = []
    for _ in range(SPIN_FRAMES):
        if b.spinner.value is not None:
            return shots
        shots.append([grab(app, r) for r in rects])
        frames(app, 1)
    raise AssertionError("the spinner never settled")


def play_out(app, g, limit=60 * 20) -> None:
    for _ in range(limit):
        if not g.board.animating:
            return
        frames(app, 1)
    raise AssertionError("the animation never ended")


def status_area(b) -> pygame.Rect:
    """The column under the dial's caption: the sides' counts (men, cannons, TNT)."""
    r = b.panel.rect
    return pygame.Rect(r.x, b.panel.body_top, r.w, r.bottom - b.panel.body_top)


# -- nothing of the result before the dial settles -----------------------------------------------

@pytest.mark.slow
def test_a_right_tnt_shot_shows_nothing_until_the_spinner_settles(app):
    """Frame by frame while the dial turns, the bridge (and the whole map, and the counts
    in the column) of a shot that blows the bridge equal those of the same shot as a dud."""
    worlds = []
    for right in (True, False):
        g, m = open_gamble(app, "tnt", right)
        b = g.board
        rects = [around(b, "tnt"), b.geo.board, status_area(b)]
        still = [grab(app, r) for r in rects]
        shots = spin_frames(app, g, rects)
        assert len(shots) > 60, "the dial turns for over a second at normal speed"
        assert all(s == still for s in shots), "nothing on the map or in the counts moves while the dial turns"
        worlds.append((shots, m))
        play_out(app, g)
        worlds[-1] += (grab(app, around(b, "tnt")),)
        app.stack.pop()
    (right_shots, right_m, right_end), (dud_shots, dud_m, dud_end) = worlds
    assert not right_m.state.bridges[2] and dud_m.state.bridges[2], "the two worlds really differ"
    assert len(right_shots) == len(dud_shots)
    for k, (a, d) in enumerate(zip(right_shots, dud_shots)):
        assert a == d, f"frame {k} before the dial settled shows the result"
    assert right_end != dud_end, "once played out, the blown bridge shows"


@pytest.mark.slow
@pytest.mark.parametrize("scene", ["fire", "rebuild"])
def test_a_won_gamble_shows_nothing_until_the_spinner_settles(app, scene):
    """A gate shot down and a bridge rebuilt: the map is the position before the spin
    on every frame the dial turns."""
    g, m = open_gamble(app, scene, True)
    b = g.board
    rects = [around(b, scene), b.geo.board]
    still = [grab(app, r) for r in rects]
    shots = spin_frames(app, g, rects)
    assert shots and all(s == still for s in shots)
    play_out(app, g)
    assert grab(app, rects[0]) != still[0], "the result shows once played out"


# -- each effect ends in exactly the after position ------------------------------------------------

def fresh_picture(app, b, state) -> pygame.Surface:
    """The map as a new board draws ``state``, at ``b``'s size."""
    m = Match(INFO, {}, list(SEATS), seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    m.state = state.copy()
    other = CannonBallBoard(GameScreen(app, m))
    other.layout(b.rect)
    surf = pygame.Surface(app.screen.get_size())
    other.draw(surf)
    return surf


def board_picture(app, b) -> pygame.Surface:
    surf = pygame.Surface(app.screen.get_size())
    b.draw(surf)
    return surf


@pytest.mark.slow
@pytest.mark.parametrize("scene,right", [("tnt", True), ("tnt", False), ("fire", True), ("fire", False),
                                         ("rebuild", True), ("rebuild", False)])
@pytest.mark.parametrize("skip", [False, True], ids=["played", "skipped"])
def test_each_spin_result_ends_in_the_after_position(app, scene, right, skip):
    g, m = open_gamble(app, scene, right)
    b = g.board
    key(app, pygame.K_SPACE)
    frames(app, 20)
    if skip:
        assert b.busy
        key(app, pygame.K_SPACE)              # Space while it plays: skip to the end
        assert not b.busy
    play_out(app, g)
    mine, fresh = board_picture(app, b), fresh_picture(app, b, m.state)
    rect = b.geo.board
    assert pygame.image.tobytes(mine.subsurface(rect), "RGB") == pygame.image.tobytes(fresh.subsurface(rect), "RGB")
    counts = status_area(b)
    assert (pygame.image.tobytes(mine.subsurface(counts), "RGB")
            == pygame.image.tobytes(fresh.subsurface(counts), "RGB")), "the column's counts are the after ones"


@pytest.mark.slow
def test_tnt_under_a_gate_ends_in_the_after_position(app):
    """The other way a gate is blown: TNT slid under it goes off as the turn ends."""
    st = pos("n17 l16 m16 l17 m17", north="n20", budget=4, gates=CLOSED_NE)
    m = Match(INFO, {}, list(SEATS), seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    m.state = st
    for text in ("TNT NE", "l16-k16", "l17-k17"):
        m.play_text(text)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    b = g.board
    before = m.state.copy()
    entry = m.play_text("end")
    b.on_move(entry, before, m.state)
    frames(app, 6)
    assert b.shown.gates.get(2) == "closed", "the gate stands while its fuse burns"
    play_out(app, g)
    rect = b.geo.board
    mine, fresh = board_picture(app, b), fresh_picture(app, b, m.state)
    assert pygame.image.tobytes(mine.subsurface(rect), "RGB") == pygame.image.tobytes(fresh.subsurface(rect), "RGB")


# -- sounds ---------------------------------------------------------------------------------------

@pytest.fixture
def heard(app, monkeypatch):
    got: list[str] = []
    monkeypatch.setattr(app.sound, "play", got.append)
    return got


RESULT_SOUNDS = {("tnt", True): {"explosion"}, ("tnt", False): {"hit"}, ("fire", True): {"shot", "explosion"},
                 ("fire", False): {"shot", "hit"}, ("rebuild", True): {"dice"}, ("rebuild", False): set()}


def board_sounds(heard, m):
    """What the board played: the game-over card's fanfare (the frame's, once the
    board is done) is left out."""
    return [s for s in heard if not (s == "win" and m.is_over())]


@pytest.mark.slow
@pytest.mark.parametrize("scene,right", sorted(RESULT_SOUNDS))
def test_the_result_is_heard_only_after_the_dial_settles(app, heard, scene, right):
    g, m = open_gamble(app, scene, right)
    heard.clear()
    key(app, pygame.K_SPACE)
    while g.board.spinner.value is None:      # every frame drawn before the dial settled
        settling = len(heard)
        frames(app, 1)
    assert set(heard[:settling]) <= {"tick"}, "only the pegs tick while the dial turns"
    play_out(app, g)
    assert set(board_sounds(heard[settling:], m)) - {"tick"} == RESULT_SOUNDS[scene, right]


@pytest.mark.slow
@pytest.mark.parametrize("scene,right", sorted(RESULT_SOUNDS))
def test_a_skipped_result_is_silent(app, heard, scene, right):
    g, m = open_gamble(app, scene, right)
    key(app, pygame.K_SPACE)
    frames(app, 10)
    heard.clear()
    key(app, pygame.K_SPACE)                  # skip
    assert not g.board.busy
    play_out(app, g)
    assert board_sounds(heard, m) == [], "a skipped animation makes no sound"


@pytest.mark.parametrize("scene,right", [("tnt", True), ("tnt", False), ("fire", True), ("rebuild", True)])
def test_with_animation_off_the_result_shows_at_once(app, scene, right):
    """Animation off: no time at all, and the picture is the after position at once
    (no hold of the bridge, case or gate left behind)."""
    g, m = open_gamble(app, scene, right)
    app.settings.animation = "off"
    key(app, pygame.K_SPACE)
    b = g.board
    assert not b.busy and b.shown.state is None
    mine, fresh = board_picture(app, b), fresh_picture(app, b, m.state)
    rect = b.geo.board
    assert pygame.image.tobytes(mine.subsurface(rect), "RGB") == pygame.image.tobytes(fresh.subsurface(rect), "RGB")


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_a_bridge_giving_way_under_a_man_ends_in_the_after_position(app, speed):
    """The same burst when a crossing, not a spin, blows a bridge (it shares the code)."""
    m = Match(INFO, {}, list(SEATS), seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    m.state = pos("b17 d12", budget=6, risk=1 / 12)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    app.settings.animation = speed
    b = g.board
    for text in ("b17-b19", "explodes"):
        before = m.state.copy()
        b.on_move(m.play_text(text), before, m.state)
    play_out(app, g)
    assert not m.state.bridges[0]
    rect = b.geo.board
    mine, fresh = board_picture(app, b), fresh_picture(app, b, m.state)
    assert pygame.image.tobytes(mine.subsurface(rect), "RGB") == pygame.image.tobytes(fresh.subsurface(rect), "RGB")


@pytest.mark.slow
def test_the_dial_keeps_the_call_until_the_result_has_played_out(app):
    """The dial fades the numbers that lose the call (for "odd", the evens) from the
    choice until the result has played out, spin included."""
    g, m = open_gamble(app, "tnt", True)
    b = g.board
    assert b.spinner.call == "odds"
    key(app, pygame.K_SPACE)
    frames(app, 30)
    assert b.spinner.spinning and b.spinner.call == "odds"
    play_out(app, g)
    assert b.spinner.call is None


@pytest.mark.parametrize("right", [True, False])
def test_a_gambles_outcome_stays_to_be_read_before_the_table_moves_on(app, right):
    """A play-test against the computer: the caption "2 is even: the call loses" showed for
    half a second or less (the next choice cleared the dial), and four lost calls in a row
    left no visible result at all. The board now holds it (frames, not a clock)."""
    from games.cannon_ball.board.scene import RESULT_READ
    g, m = open_gamble(app, "rebuild", right)
    b = g.board
    spin_frames(app, g, [])
    for _ in range(SPIN_FRAMES):
        if "the call" in b.caption:
            break
        frames(app, 1)
    said = b.caption
    assert ("the call wins!" if right else "the call loses") in said
    for _ in range(int(RESULT_READ * 60 * 0.9)):
        assert b.busy and b.caption == said, "the table moved on before the outcome could be read"
        frames(app, 1)
    key(app, pygame.K_SPACE)                  # Space skips it, as any animation
    frames(app, 2)
    assert not b.busy


def test_a_call_not_yet_spun_can_be_taken_back_and_a_spun_one_never():
    """A play-test: Ctrl+Z took back an odds/evens call before its spin while the rules
    page said Undo never takes a call back. Nothing is learned from an unspun call, so
    the page now says it can be; once spun, neither the spin nor the call comes back."""
    from games.cannon_ball import rules_text
    m = _match("rebuild", 1)
    m.play_text("rebuild 3 even")
    assert m.can_undo() and m.undo() and m.state.phase == Phase.CHOOSE
    m.redo()
    m.apply_chance()                                   # the spin
    assert not m.can_undo(), "a spun call is the table's"
    page = next(p["text"] for p in rules_text.SECTIONS if p["title"] == "Undo in this game")
    assert "A call not yet spun can still be taken back" in page


def test_the_opening_spins_are_each_read_where_the_needle_points(app):
    """A play-test at the opening spin-off: "South spins 12" stayed up while the needle
    turned again for North, and "North spins 6" came up over a needle already gliding
    to the number that counts. Frame by frame: a caption that says a spin's number
    shows only while the needle points at it, and while the dial turns it says whose
    spin it is."""
    from games.ui.spinner import value_at
    for seed in range(1, 60):
        m = Match(INFO, {}, list(SEATS), seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
        south = m.draw_chance().value
        m.apply_chance()
        if m.draw_chance().value != south:
            break
    m = Match(INFO, {}, list(SEATS), seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    b = g.board
    seen = set()
    for who in ("South", "North"):
        for _ in range(60):
            if g.awaiting_performance():
                break
            frames(app, 1)
        assert g.awaiting_performance() == "Spin!", who
        key(app, pygame.K_SPACE)
        for _ in range(SPIN_FRAMES):
            sp = b.spinner
            for name in ("South", "North"):
                said = f"{name} spins "
                if b.caption.startswith(said) and b.caption[len(said):].isdigit():
                    n = int(b.caption[len(said):])
                    assert not sp.spinning and value_at(sp.angle) == n, (b.caption, value_at(sp.angle))
                    seen.add(name)
            if sp.spinning:
                assert b.caption in ("South spins", "South spun %d; North spins" % south), b.caption
            if not b.animating:
                break
            frames(app, 1)
    assert seen == {"South", "North"}
    first = ("South", "North")[m.state.to_move]              # the higher spin moves first
    assert b.caption.startswith(f"{first} starts: ") and value_at(b.spinner.angle) == m.state.spin
