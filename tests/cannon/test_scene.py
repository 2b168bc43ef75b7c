"""The Cannon board driven by synthetic mouse events under the dummy video driver.

Every click goes through the real frame (``app.step`` -> GameScreen -> board),
and every AI reply comes from the real AI thread.
"""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon import rules as R  # noqa: E402
from games.cannon.board import CannonBoard  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat  # noqa: E402
from games.ui.game_screen import GameScreen  # noqa: E402
from games.ui.headless import make_app  # noqa: E402

SQ = R.parse_square


@pytest.fixture(autouse=True)
def data_dir(tmp_path):
    paths.set_data_dir(str(tmp_path))      # autosaves go to a temporary folder
    yield
    paths.set_data_dir(None)


def start(seats=(HUMAN, HUMAN), options=None, animation="off", size=(1280, 720), seed=7, ai_secret=7, chance_secret=SEED_ONLY):
    app = make_app(size, animation=animation)
    names = ("Dark", "Light")
    match = Match(games.get("cannon"), dict(options or {}),
                  [Seat(kind, "easy", name) for kind, name in zip(seats, names)], seed, ai_secret=seed, chance_secret=SEED_ONLY)
    screen = GameScreen(app, match)
    app.push(screen)
    app.step(1 / 60, events=[])
    return app, screen, screen.board


def press(app, pos, button=1):
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def click(app, board, sq, button=1):
    press(app, board.point_to_pixel(sq), button)


def settle(app, board, limit=10.0, dt=1 / 30):
    """Run frames until the board's animations are over."""
    t = 0.0
    while board.busy and t < limit:
        app.step(dt, events=[])
        t += dt
    assert not board.busy, "animation never finished"


def texts(screen):
    return [e.text for e in screen.match.log]


def place_towns(app, screen, board, dark="f1", light="e10"):
    click(app, board, SQ(dark))
    settle(app, board)
    click(app, board, SQ(light))
    settle(app, board)
    assert texts(screen) == [f"T{dark}", f"T{light}"]


# -- placing and moving by clicks ------------------------------------------------------------

def test_town_placement_by_click():
    app, screen, board = start()
    assert "town" in board.help_text()
    before = screen.match.state.snapshot()
    click(app, board, SQ("a1"))             # a corner: not allowed
    click(app, board, SQ("e3"))             # not the back rank
    click(app, board, SQ("e10"))            # Light's back rank, while Dark places
    assert texts(screen) == [] and screen.match.state.snapshot() == before
    click(app, board, SQ("f1"))
    assert texts(screen) == ["Tf1"]
    click(app, board, SQ("f1"))             # taken... and not Light's rank anyway
    click(app, board, SQ("e10"))
    assert texts(screen) == ["Tf1", "Te10"]
    assert screen.match.state.phase is R.Phase.PLAY


def test_clicking_a_soldier_then_a_target_plays_that_move():
    app, screen, board = start()
    place_towns(app, screen, board)
    click(app, board, SQ("a4"))
    assert board.selected == SQ("a4")
    assert set(board.offers) == {SQ("a5"), SQ("b5"), SQ("a1")}     # a1: the a2-a4 cannon slides back
    click(app, board, SQ("b5"))
    assert texts(screen)[-1] == "a4-b5"
    assert board.selected is None
    assert screen.match.state.cells[SQ("b5")] == R.DARK_SOLDIER


def test_an_illegal_target_plays_nothing_and_keeps_the_position():
    app, screen, board = start()
    place_towns(app, screen, board)
    before = screen.match.state.snapshot()
    click(app, board, SQ("a4"))
    click(app, board, SQ("a6"))             # two points ahead: no such move
    assert texts(screen) == ["Tf1", "Te10"]
    assert screen.match.state.snapshot() == before
    assert board.selected is None           # a click elsewhere cancels
    click(app, board, SQ("b7"))             # an enemy soldier: nothing to select
    assert board.selected is None
    click(app, board, SQ("e3"))             # a soldier with no move stays selectable, plays nothing
    click(app, board, SQ("e4"))             # its own side's piece: just selects that one
    assert board.selected == SQ("e4")
    click(app, board, SQ("e4"))             # a second click lets it go
    assert board.selected is None
    press(app, (2, 2))                      # outside the board
    assert screen.match.state.snapshot() == before


def test_the_soldier_clicked_is_the_one_that_moves():
    app, screen, board = start()
    place_towns(app, screen, board)
    # e2-e3-e4 is a cannon; e5 is e4's step, and the slide e2-e5 belongs to e2
    click(app, board, SQ("e4"))
    assert [str(m) for m in board.offers[SQ("e5")]] == ["e4-e5"]
    click(app, board, SQ("e4"), button=3)            # right click: cancel
    assert board.selected is None
    click(app, board, SQ("e2"))
    assert [str(m) for m in board.offers[SQ("e5")]] == ["e2-e5"]
    click(app, board, SQ("e5"))
    assert texts(screen)[-1] == "e2-e5"


def test_every_legal_move_has_exactly_one_soldier_target_pair():
    """So a click on a soldier and a click on a point always name one move."""
    rng = random.Random(3)
    for _ in range(30):
        st = R.new_game({})
        for _ in range(rng.randrange(2, 60)):
            if st.phase is not R.Phase.PLACE and st.phase is not R.Phase.PLAY:
                break
            st.apply(rng.choice(st.legal_moves()))
        if st.phase is not R.Phase.PLAY:
            continue
        offered = {}
        for sq in range(100):
            if st.cells[sq] == R.SOLDIER[st.to_move]:
                for m in R.moves_from(st, sq):
                    if m.kind == "shot" or m.frm == sq:
                        offered.setdefault(m, set()).add(sq)
                        key = [x for x in R.moves_from(st, sq) if (x.kind == "shot" or x.frm == sq) and x.to == m.to]
                        assert key == [m], key
        assert set(offered) == set(st.legal_moves())


def test_the_chooser_lists_moves_sharing_a_point():
    """The safety net should two moves ever end on one point: click a row, or
    press its number; a click elsewhere closes it."""
    app, screen, board = start()
    place_towns(app, screen, board)

    def open_chooser(file):
        step = R.Move("step", SQ(f"{file}4"), SQ(f"{file}5"))
        slide = R.Move("slide", SQ(f"{file}2"), SQ(f"{file}5"))
        click(app, board, step.frm)
        board.offers[step.to] = [step, slide]         # as if both were offered together
        click(app, board, step.to)
        assert board.chooser is not None and "pick" in board.help_text()
        return slide

    slide = open_chooser("e")
    press(app, board.choice_pixel(slide))
    assert texts(screen)[-1] == "e2-e5"
    screen.match.play_text("h7-h6")
    board.reset()
    open_chooser("c")
    app.step(1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0)])
    assert texts(screen)[-1] == "c2-c5"
    screen.match.play_text("j7-j6")
    board.reset()
    n = len(texts(screen))
    open_chooser("g")
    click(app, board, SQ("a10"))
    assert board.chooser is None and board.selected is None and len(texts(screen)) == n


def test_a_shot_by_clicks_fires_animates_and_plays_sounds():
    app, screen, board = start(animation="normal")
    played = []
    app.sound.play = played.append
    for text in ("Tf1", "Te10", "a4-a5", "f7-e6"):
        screen.match.play_text(text)
    board.reset()
    shot = R.Move("shot", SQ("e4"), SQ("e6"))
    assert shot in screen.match.state.legal_moves()
    click(app, board, SQ("e4"))
    assert [m.kind for m in board.offers[SQ("e6")]] == ["shot"]
    click(app, board, SQ("e6"))
    assert texts(screen)[-1] == "e4*e6"
    assert board.busy and not screen.can_act()
    settle(app, board)
    assert "shot" in played and "explosion" in played
    assert screen.match.state.cells[SQ("e6")] == R.EMPTY
    assert screen.match.state.cells[SQ("e4")] == R.DARK_SOLDIER    # a cannon does not move to shoot


def test_drag_and_drop_plays_the_move():
    app, screen, board = start()
    place_towns(app, screen, board)
    a, b = board.point_to_pixel(SQ("c4")), board.point_to_pixel(SQ("d5"))
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))])
    assert board.dragging
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert texts(screen)[-1] == "c4-d5"
    # a drop on a point that is no target puts the soldier back
    a, b = board.point_to_pixel(SQ("b7")), board.point_to_pixel(SQ("b5"))
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                             pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0)),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert texts(screen)[-1] == "c4-d5" and not board.dragging


def test_highlights_off_hides_markers_but_clicks_still_work():
    app, screen, board = start()
    place_towns(app, screen, board)
    click(app, board, SQ("c4"))
    with_markers = app.screen.copy()
    app.settings.highlights = False
    app.step(1 / 60, events=[])
    without = app.screen.copy()
    p = board.point_to_pixel(SQ("b5"))           # a step's dot is drawn only with highlights on
    assert with_markers.get_at(p) != without.get_at(p)
    assert "where it goes" in board.help_text()
    click(app, board, SQ("b5"))
    assert texts(screen)[-1] == "c4-b5"


@pytest.mark.slow
def test_rotate_turns_the_board_for_the_player_to_move_and_clicks_follow():
    app, screen, board = start(options={"rotate": True}, animation="normal")
    rect = board.rect
    assert not board.flipped
    assert board.point_to_pixel(SQ("a1"))[1] > rect.centery        # Dark at the bottom
    click(app, board, SQ("f1"))
    assert board.busy                                                # the town lands, the board turns
    settle(app, board)
    assert board.flipped
    x, y = board.point_to_pixel(SQ("a1"))
    assert y < rect.centery and x > rect.centerx                     # a1 is now top right
    assert board.point_to_pixel(SQ("e10"))[1] > rect.centery
    assert board.pixel_to_point(board.point_to_pixel(SQ("e10"))) == SQ("e10")
    click(app, board, SQ("e10"))
    settle(app, board)
    assert not board.flipped
    click(app, board, SQ("c4"))
    click(app, board, SQ("b5"))
    settle(app, board)
    assert board.flipped
    click(app, board, SQ("d7"))
    assert board.selected == SQ("d7")
    click(app, board, SQ("c6"))
    assert texts(screen) == ["Tf1", "Te10", "c4-b5", "d7-c6"]
    settle(app, board)
    assert not board.flipped
    # undo jumps without animation and the board faces the player to move again
    screen.undo()
    assert board.flipped and not board.busy


def test_without_rotate_the_board_stays_and_light_against_the_computer_sits_at_the_bottom():
    app, screen, board = start()
    click(app, board, SQ("f1"))
    assert not board.flipped
    app2, screen2, board2 = start(seats=(AI, HUMAN))
    assert board2.flipped


def test_hint_warning_and_sizes_draw(tmp_path):
    for size in ((800, 600), (1920, 1080)):
        app, screen, board = start(size=size, animation="fast")
        for text in ("Tf1", "Te10", "a4-a5", "f7-e6"):
            screen.match.play_text(text)
        board.reset()
        board.show_hint(R.Move("shot", SQ("e4"), SQ("e6")))
        click(app, board, SQ("e4"))
        app.step(1 / 60, events=[])
        wood = board.rect
        assert wood.w <= size[0] and wood.bottom <= size[1]
        # every point is inside the board area, the board is square
        xs = [board.point_to_pixel(s)[0] for s in range(100)]
        ys = [board.point_to_pixel(s)[1] for s in range(100)]
        assert wood.left < min(xs) and max(xs) < wood.right and wood.top < min(ys) and max(ys) < wood.bottom
        assert abs((max(xs) - min(xs)) - (max(ys) - min(ys))) <= 1
        board.show_hint(None)
        board.reset()
        assert board.hint is None and board.selected is None


def test_draw_rules_diagram_draws_each_key_and_nothing_for_an_unknown_one():
    pygame.display.init()
    pygame.font.init()
    from games.cannon import rules_text
    from games.ui.theme import Theme
    keys = {s["diagram"] for s in rules_text.SECTIONS if s.get("diagram")}
    assert keys <= {"setup", "soldier_moves", "retreat", "cannon_slide", "cannon_shot", "town"}
    for cb in (False, True):
        theme = Theme((1280, 720), colorblind=cb)
        for key in ("setup", "soldier_moves", "retreat", "cannon_slide", "cannon_shot", "town"):
            surf = pygame.Surface((300, 300))
            surf.fill((1, 2, 3))
            CannonBoard.draw_rules_diagram(key, surf, pygame.Rect(20, 20, 260, 260), theme)
            colours = {tuple(surf.get_at((x, y)))[:3] for x in range(0, 300, 7) for y in range(0, 300, 7)}
            assert len(colours) > 12, key
            assert tuple(surf.get_at((5, 5)))[:3] == (1, 2, 3), f"{key} drew outside its rectangle"
        surf = pygame.Surface((100, 100))
        surf.fill((1, 2, 3))
        CannonBoard.draw_rules_diagram("no such picture", surf, surf.get_rect(), theme)
        assert all(tuple(surf.get_at((x, y)))[:3] == (1, 2, 3) for x in range(0, 100, 9) for y in range(0, 100, 9))


# -- a whole game ------------------------------------------------------------------------------

def play_by_clicks(app, screen, board, move):
    """Play ``move`` with the mouse only: click its soldier, then its target, then
    (if several moves end there) its row in the chooser."""
    n = len(screen.match.log)
    if move.kind == "place":
        click(app, board, move.to)
    else:
        click(app, board, move.frm)
        assert board.selected == move.frm
        assert move in board.offers.get(move.to, []), f"{move} is not offered"
        click(app, board, move.to)
        if len(screen.match.log) == n:
            assert board.chooser is not None, f"{move}: nothing happened"
            press(app, board.choice_pixel(move))
    assert len(screen.match.log) == n + 1 and screen.match.log[-1].text == str(move)


@pytest.mark.slow
def test_a_whole_game_against_easy_by_clicks():
    app, screen, board = start(seats=(HUMAN, AI), animation="fast", seed=11, ai_secret=11, chance_secret=SEED_ONLY)
    rng = random.Random(5)
    from tests.ui.helpers import settle
    human_moves = 0
    seen_kinds = set()
    for _ in range(40000):                  # frames: the computer's thoughts are joined, not timed
        if screen.match.is_over() or len(screen.match.log) >= 160:
            break
        settle(app)
        if screen.can_act():
            legal = screen.match.state.legal_moves()
            # prefer moves of kinds not yet tried, so every kind goes through the mouse
            fresh = [m for m in legal if m.kind not in seen_kinds]
            move = rng.choice(fresh if fresh and rng.random() < 0.5 else legal)
            play_by_clicks(app, screen, board, move)
            seen_kinds.add(move.kind)
            human_moves += 1
        else:
            app.step(0.05, events=[])
    assert screen.match.is_over() or len(screen.match.log) >= 160, "the game stopped"
    assert human_moves >= 5 and len(seen_kinds) >= 4, seen_kinds
    ai_moves = [e for e in screen.match.log if e.player == 1]
    assert ai_moves, "the computer never answered"
    # the finished game shows its card once the celebration is over
    for _ in range(200):
        app.step(0.05, events=[])
        if app.stack.top is not screen:
            break
    if screen.match.is_over():
        assert app.stack.top is not screen
