"""Messages never outlive their truth: a timed line lasts its seconds on the wall clock
(whatever the loop's capped frame steps say), and a new position clears what was said of
the old one. The frame's clock is the test's own counter: no waiting on real time."""
import pygame

import games
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from tests.ui.helpers import frames, key, settle, type_text


def frame_with_clock(seats, game="cannon"):
    now = [1000.0]
    app = make_app((1280, 720), animation="off")
    m = Match(games.get(game), {}, seats, seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    g = GameScreen(app, m, clock=lambda: now[0])
    app.push(g)
    return app, g, m, now


def test_a_timed_line_follows_the_wall_clock_not_the_frames():
    app, g, m, now = frame_with_clock([Seat(HUMAN, name="A"), Seat(HUMAN, name="B")])
    g.say("Saved as friday.json", seconds=4)
    app.step(0.1, events=[])                     # the idle loop's capped step: 0.1 s of a 2 s sleep
    now[0] += 2.0
    assert 1.9 < g.wake_in() <= 2.0 and g.status
    now[0] += 2.5                                # 4.5 s have passed, in two frames
    app.step(0.1, events=[])
    assert g.status_t == 0 and g.wake_in() is None


def test_a_hint_goes_when_the_computer_has_replied():
    app, g, m, now = frame_with_clock([Seat(HUMAN, name="A"), Seat(AI, "easy", "B")])
    g.submit(m.state.legal_moves()[0])           # the towns first
    for _ in range(200):
        settle(app)
        frames(app, 1)
        if g.can_act():
            break
    key(app, pygame.K_h)
    settle(app)
    frames(app, 2)
    assert g.status.startswith("Hint:") and g.status_t > 0
    key(app, pygame.K_h)                         # play it: the computer replies at once (no time passes)
    for _ in range(200):
        settle(app)
        frames(app, 1)
        if g.can_act():
            break
    assert g.status_t == 0, f"'{g.status}' still shows after the reply"


def test_a_refused_typed_move_clears_with_undo():
    app, g, m, now = frame_with_clock([Seat(HUMAN, name="A"), Seat(HUMAN, name="B")])
    for t in ("Tf1", "Te10", "a4-a5"):
        g.typed_move(t)
    key(app, pygame.K_SLASH)                              # the move box
    type_text(app, "zz99")
    key(app, pygame.K_RETURN)
    assert g.status_bad and g.status_t > 0
    g.undo()
    assert g.status_t == 0, "the refusal still shows over the position undo brought back"


def test_a_hints_words_stay_while_its_arrow_does():
    """A play-test (Cannon and Cannon Ball): the hint's arrow stayed on the board but its
    words left the banner after the status line's seconds."""
    from games.ui import banner
    app, g, m, now = frame_with_clock([Seat(HUMAN, name="A"), Seat(HUMAN, name="B")])
    key(app, pygame.K_h)
    for _ in range(200):
        settle(app)
        frames(app, 1)
        if g.hint_move is not None:
            break
    assert g.hint_move is not None
    said = g.status
    assert said.startswith("Hint:")
    now[0] += 30.0                                          # long past the status line's seconds
    frames(app, 1)
    assert g.status_t == 0 and g.hint_move is not None
    assert banner.subline(g, m.state, "A")[0] == said
    key(app, pygame.K_h)                                    # played: the words go with the arrow
    frames(app, 1)
    assert g.hint_move is None and not banner.subline(g, m.state, "B")[0].startswith("Hint:")


def test_a_long_refusal_stays_long_enough_to_read():
    """A keyboard play-test typed "e4xb7": its 130-letter reason was gone before it was
    read (4 s, whatever its length). A line stays about as long as reading it takes."""
    app, g, m, now = frame_with_clock([Seat(HUMAN, name="A"), Seat(HUMAN, name="B")])
    for t in ("Tf1", "Te10"):
        g.typed_move(t)
    key(app, pygame.K_SLASH)
    type_text(app, "e4xb7")
    key(app, pygame.K_RETURN)
    assert g.status_bad and len(g.status) > 100
    now[0] += 6.0
    app.step(0.1, events=[])
    assert g.status_t > 0, "still there after 6 s"
    now[0] += len(g.status) / 10
    app.step(0.1, events=[])
    assert g.status_t == 0, "and gone once read"
