"""The Cannon board's tooltips (issue 31, item 6): hovering a piece says what it can
do, hovering a highlighted point names the move, and a tried move that is not
allowed says why, through the real frame under the dummy video driver."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon import rules as R  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.match import HUMAN, SEED_ONLY, Match, Seat  # noqa: E402
from games.ui import tooltip  # noqa: E402
from games.ui.game_screen import GameScreen  # noqa: E402
from games.ui.headless import make_app  # noqa: E402
from tests.ui.helpers import hover, press, spy_tooltips, tooltip_text  # noqa: E402

SQ = R.parse_square
# Dark's cannon e2-e3-e4 faces Light's soldier on e6 across the empty e5: a shot
OPENING = ("Tf1", "Te10", "a4-a5", "d7-e6")


@pytest.fixture(autouse=True)
def data_dir(tmp_path):
    paths.set_data_dir(str(tmp_path))
    yield
    paths.set_data_dir(None)


def start(size=(1280, 720), moves=OPENING):
    app = make_app(size, animation="off")
    m = Match(games.get("cannon"), {}, [Seat(HUMAN, "easy", n) for n in ("Dark", "Light")], 7,
              ai_secret=7, chance_secret=SEED_ONLY)
    for text in moves:
        m.play_text(text)
    screen = GameScreen(app, m)
    app.push(screen)
    app.step(1 / 60, events=[])
    return app, screen, screen.board


@pytest.fixture
def drawn(monkeypatch):
    """The tooltips drawn, as (lines, where) per card."""
    return spy_tooltips(monkeypatch)


def test_hovering_a_soldier_names_its_steps_captures_and_retreat(drawn):
    app, screen, board = start()
    hover(app, board.point_to_pixel(SQ("a5")))
    said = tooltip_text(drawn)
    assert said.startswith("Dark soldier on a5")
    assert "Steps to a6, b6" in said
    assert "No capture" in said and "No retreat: only with an enemy next to it" in said
    assert "Not in a cannon" in said


def test_hovering_a_cannon_names_its_slide_and_its_shot(drawn):
    app, screen, board = start()
    hover(app, board.point_to_pixel(SQ("e3")))
    said = tooltip_text(drawn)
    assert "Cannon e2-e4: slides to e1, e5; shoots e6" in said, said


def test_hovering_the_other_sides_soldier_and_a_town(drawn):
    app, screen, board = start()
    hover(app, board.point_to_pixel(SQ("e6")))
    said = tooltip_text(drawn)
    assert said.startswith("Light soldier on e6") and "Light's turn" in said
    hover(app, board.point_to_pixel(SQ("e10")))
    said = tooltip_text(drawn)
    assert said.startswith("Light town on e10") and "never moves" in said


def test_hovering_a_highlighted_point_names_the_move(drawn):
    app, screen, board = start()
    press(app, board.point_to_pixel(SQ("e4")))
    assert board.selected == SQ("e4")
    hover(app, board.point_to_pixel(SQ("e6")))
    said = tooltip_text(drawn)
    assert "Shoot the soldier on e6 from cannon e2-e4" in said and "e4*e6" in said


def test_a_refused_move_says_why(drawn):
    app, screen, board = start()
    press(app, board.point_to_pixel(SQ("a5")))
    n = len(screen.match.log)
    press(app, board.point_to_pixel(SQ("a7")))      # two points ahead: a soldier steps one
    assert len(screen.match.log) == n and board.selected is None
    said = tooltip_text(drawn)
    assert said.startswith("Not allowed: a5 to a7") and "steps only 1 point" in said, said
    assert screen.status.startswith("Not allowed: a5 to a7") and screen.status_bad
    # the reason stays by the point only: the pointer moves on, the piece's own tooltip returns
    hover(app, board.point_to_pixel(SQ("e3")))
    assert tooltip_text(drawn).startswith("Dark soldier on e3")


def test_a_refused_drop_and_an_enemy_click_say_why(drawn):
    app, screen, board = start()
    a, b = board.point_to_pixel(SQ("c4")), board.point_to_pixel(SQ("c8"))
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(1, 0, 0)),
                             pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                             pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert tooltip_text(drawn).startswith("Not allowed: c4 to c8") and "too far" in tooltip_text(drawn)
    press(app, board.point_to_pixel(SQ("h7")))
    said = tooltip_text(drawn)
    assert said.startswith("Not allowed: h7 is not yours") and "belongs to Light" in said


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_tooltips_stay_whole_on_the_board(drawn, size):
    """A card by a corner piece flips to stay inside the board, at either size."""
    app, screen, board = start(size)
    theme = board.theme
    for name in ("e10", "a2", "i2", "j7", "a5"):
        hover(app, board.point_to_pixel(SQ(name)))
        lines, at = drawn[-1]
        w, h = tooltip.card_size(theme, lines)
        card = pygame.Rect(at, (w, h))
        assert board.rect.contains(card), (name, card, board.rect)


def test_a_tooltip_leaves_a_lessons_ringed_points_in_sight(drawn):
    """A play-test: in Learn Cannon the card by the pointer covered e3 and e4, the very
    points the step's text spoke of. Hovering c3 with e2, e3, e4 ringed: the card goes to
    a corner round the pointer that covers none of them."""
    from games.ui.tooltip import card_size
    app, screen, board = start()
    geo = board.geometry()
    rings = ("e2", "e3", "e4")

    def card_over(names) -> list:
        hover(app, board.point_to_pixel(SQ("c3")))
        lines, at = drawn[-1]
        card = pygame.Rect(at, card_size(screen.theme, lines))
        return [n for n in names if card.collidepoint(geo.sq_px(SQ(n)))]

    assert card_over(rings), "unringed, the card sits below right of c3, over the e file"
    board.show_targets(rings)
    assert card_over(rings) == [], "ringed, they stay in sight"


