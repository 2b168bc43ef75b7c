"""Cannon's lesson (games/cannon/lesson.py): it fits the rules and the card, its one free
step takes only what keeps the script legal, a wrong move is refused and not played,
its first-time tips come true in real games, and a player clicking through the real
frame reaches the end (the board rings the marks and picks up only marked soldiers)."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from games.cannon import INFO  # noqa: E402
from games.cannon import rules as R  # noqa: E402
from games.cannon.lesson import LESSON, TIPS  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.driver import Act, MatchDriver, Think  # noqa: E402
from games.core.game import IllegalMove  # noqa: E402
from games.core.lesson import (ANY, CARD, CHECK, DO, MAX_STEPS, MAX_WORDS,  # noqa: E402
                               check_lesson, replay, start_match, words)
from games.core.match import AI, SEED_ONLY, Match, Seat  # noqa: E402

SQ = R.parse_square


@pytest.fixture(autouse=True)
def data_dir(tmp_path):
    paths.set_data_dir(str(tmp_path))      # the lesson keeps its place in the settings
    yield
    paths.set_data_dir(None)


# -- the lesson as data ------------------------------------------------------------------------

def test_the_lesson_checks_clean_and_replays_to_the_win():
    assert check_lesson(LESSON, INFO) == []
    run = replay(LESSON, INFO)
    assert run.finished
    st = run.match.state
    assert st.is_over() and st.returns()[R.DARK] > 0 and st.result_text() == "Dark shot the Light town"
    assert run.match.log[-1].text == "e7*e10", "the last move shoots the town"


def test_the_lesson_fits_its_limits_and_names_its_options():
    assert 1 <= len(LESSON.steps) <= MAX_STEPS
    for s in LESSON.steps:
        assert words(s.text) <= MAX_WORDS, s.title
    assert words(LESSON.finale) <= MAX_WORDS
    assert LESSON.learner == 0 and LESSON.game == INFO.id
    # the long-shot rule is chosen, not left to a default, and the card that needs it says so
    assert LESSON.options["shot"] == "pass-over"
    assert set(LESSON.options) == {o.key for o in INFO.options}
    assert any("Pass-over" in s.text for s in LESSON.steps)
    assert INFO.load_lesson() is LESSON


def test_the_lesson_teaches_every_kind_of_move():
    """Placing the town, a step, a capture, a retreat, a slide and a shot: each is a move
    the player makes (the blocked shot is the capture that clears a cannon's way)."""
    run = replay(LESSON, INFO)
    mine = [e.text for e in run.match.log if e.player == LESSON.learner]
    kinds = {R.Move.parse(t).kind for t in mine}
    assert kinds == {"place", "step", "capture", "retreat", "slide", "shot"}


def test_every_mark_is_a_point_and_a_do_steps_soldier_is_marked():
    run = replay(LESSON, INFO, upto=0)
    for i, s in enumerate(LESSON.steps):
        run = replay(LESSON, INFO, upto=i)
        assert s.targets or i == 0, f"step {i + 1} marks nothing"     # the welcome card needs none
        assert all(LESSON.has_target(run.match.state, t) for t in s.targets)
        if s.kind == DO:
            # the board picks up only marked soldiers: the move's own points are marked
            move = run.match.state.parse_move(s.moves[0])
            assert R.square_name(move.to) in s.targets
            if move.kind != "place":
                assert R.square_name(move.frm) in s.targets
    assert not LESSON.has_target(run.match.state, "k11") and not LESSON.has_target(run.match.state, 5)


def test_a_wrong_move_at_a_do_step_is_refused_with_its_kind_word():
    for i, s in enumerate(LESSON.steps):
        if s.kind != DO:
            continue
        run = replay(LESSON, INFO, upto=i)
        want = s.moves[0]
        other = next(m for m in run.match.state.legal_moves() if str(m) != want)
        ply = run.match.ply
        assert run.judge(other) == s.wrong and s.wrong
        assert run.judge(run.match.state.parse_move(want)) is None
        assert run.match.ply == ply and run.k == 0, "judging plays nothing"


def _free_steps():
    return [i for i, s in enumerate(LESSON.steps) if s.kind in (ANY, CHECK)]


def test_every_move_a_free_step_takes_leaves_the_script_legal_to_the_steps_end():
    assert _free_steps(), "the lesson has a step where the player finds the move"
    for i in _free_steps():
        s = LESSON.steps[i]
        base = replay(LESSON, INFO, upto=i)
        taken = refused = 0
        for move in base.match.state.legal_moves():
            run = replay(LESSON, INFO, upto=i)
            if run.judge(move) is not None:
                refused += 1
                continue
            taken += 1
            run.record(run.match.play(move))
            guard = 0
            while run.i == i and run.match.to_move() != LESSON.learner:
                run.record(run.match.play(run.scripted_move()))    # the script's replies stay legal
                guard += 1
                assert guard < 50
            assert run.i > i or not run.learner_done(), f"step {i + 1} stuck after {move}"
        assert taken >= 1 and (s.kind == ANY or refused >= 1)


def test_the_last_step_takes_only_a_win():
    i = len(LESSON.steps) - 1
    s = LESSON.steps[i]
    assert s.kind == CHECK
    run = replay(LESSON, INFO, upto=i)
    st = run.match.state
    for move in st.legal_moves():
        after = st.copy()
        after.apply(move)
        wins = after.is_over() and after.returns()[R.DARK] > 0
        assert (run.judge(move) is None) == wins, str(move)
    assert run.judge(st.parse_move("a4-a5")) == s.wrong


def test_the_lesson_starts_at_the_real_start_and_a_skipped_step_plays_as_written():
    m = start_match(LESSON, INFO)
    assert m.ply == 0 and m.state.phase is R.Phase.PLACE, "no opening: the player founds the town"
    with pytest.raises(IllegalMove):
        m.state.parse_move("c4-c5")                  # the towns come first
    run = replay(LESSON, INFO, upto=2)
    ply = run.match.ply
    run.skip_step()
    assert run.i == 3 and [e.text for e in run.match.log[ply:]] == ["c4-c5", "d7-d6"]


# -- first-time tips ---------------------------------------------------------------------------

def test_only_the_town_tip_speaks_at_the_start_and_only_to_the_seat_placing():
    st = Match(INFO, {}, [Seat(AI, "easy", n) for n in ("Dark", "Light")], seed=1).state
    said = {t.key: (t.when(st.view(0), 0), t.when(st.view(1), 1)) for t in TIPS}
    assert said.pop("town") == (True, False)
    assert not any(a or b for a, b in said.values())


@pytest.mark.parametrize("seed", [1, 2])
def test_every_tip_comes_true_in_a_real_game(seed):
    m = Match(INFO, {}, [Seat(AI, "easy", n) for n in ("Dark", "Light")], seed=seed, ai_secret=seed,
              chance_secret=SEED_ONLY)
    seen = set()

    def on_step(s):
        if isinstance(s, (Think, Act)):
            seen.update(t.key for t in TIPS if t.when(m.state.view(s.seat), s.seat))

    # Easy searches one ply deep against a wall-clock deadline: a deadline it never reaches
    # (its depth bounds the work) keeps the seeded game the same on a loaded machine
    MatchDriver(m).play_out(on_step=on_step, time_scale=100.0, cap=200)
    assert seen == {t.key for t in TIPS}


# -- the real frame, by clicks -----------------------------------------------------------------

def _open(size=(1280, 720), step=0):
    from games.ui.headless import make_app
    from games.ui.learn_screen import LearnScreen
    from tests.ui.helpers import frames
    app = make_app(size, animation="off")
    screen = LearnScreen(app, INFO, step=step)
    app.push(screen)
    frames(app, 2)
    return app, screen


def _click_sq(app, screen, name):
    from tests.ui.helpers import click
    click(app, screen.board.point_to_pixel(SQ(name)))


def _ready(app, screen, i):
    """Frames until step ``i`` waits for the player (its card, or a move)."""
    from tests.ui.helpers import wait_until
    wait_until(app, lambda: screen.run.i == i and not screen.board.busy
               and (screen.run.waiting_for_card() or screen.can_act()))


def _play_by_clicks(app, screen, text):
    """The clicks a player makes for ``text``: the town's point, or the soldier then
    where it goes (a shot: the cannon's front soldier, then the target)."""
    move = R.Move.parse(text)
    if move.kind == "place":
        _click_sq(app, screen, R.square_name(move.to))
        return
    _click_sq(app, screen, R.square_name(move.frm))
    assert screen.board.selected == move.frm, f"{text}: its soldier was not picked up"
    _click_sq(app, screen, R.square_name(move.to))


def test_the_lesson_to_its_end_by_clicks_through_the_frame():
    from tests.ui.helpers import click, frames, wait_until
    app, screen = _open()
    board = screen.board
    for i, s in enumerate(LESSON.steps):
        _ready(app, screen, i)
        assert board.restrict == (s.kind == DO)
        assert {R.square_name(q) for q in board.targets} == set(s.targets), "the board rings the step's marks"
        if s.kind == DO:
            assert str(board.hint) == s.moves[0], "the asked-for move is drawn as a hint"
        if s.kind == CARD:
            click(app, screen.next_btn.rect.center)
            continue
        if i == 2:
            # a wrong click: an unmarked soldier is not picked up ...
            _click_sq(app, screen, "a4")
            assert board.selected is None and screen.status
            # ... and a legal move the step does not take is refused, not played
            ply = screen.match.ply
            _click_sq(app, screen, "c4")
            _click_sq(app, screen, "d5")
            frames(app, 2)
            assert screen.match.ply == ply and screen.status == s.wrong and screen.run.k == 0
            # Restart step: back where the step began, still waiting for its move
            click(app, screen.restart_btn.rect.center)
            frames(app, 2)
            assert screen.run.i == i and screen.match.ply == ply and screen.can_act()
        if i == 7:
            click(app, screen.skip_btn.rect.center)      # Skip: the step plays as written
            wait_until(app, lambda i=i: screen.run.i == i + 1)
            assert [e.text for e in screen.match.log[-2:]] == ["e5*e7", "h7-h6"]
            continue
        for text in s.written_moves():
            _play_by_clicks(app, screen, text)
    wait_until(app, lambda: screen.run.finished)
    frames(app, 2)
    st = screen.match.state
    assert st.is_over() and st.returns()[R.DARK] > 0
    assert [e.text for e in screen.match.log] == [e.text for e in replay(LESSON, INFO).match.log]
    assert app.settings.learn["cannon"] == {"step": 0, "done": True}
    assert not board.targets and not board.restrict


def test_a_restricted_board_picks_up_only_marked_soldiers_and_keeps_its_marks_on_reset():
    app, screen = _open(size=(800, 600), step=3)
    _ready(app, screen, 3)
    board = screen.board
    assert board.restrict and {R.square_name(q) for q in board.targets} == {"c5", "d6"}
    _click_sq(app, screen, "e4")
    assert board.selected is None
    _click_sq(app, screen, "c5")
    assert board.selected == SQ("c5") and SQ("d6") in board.offers
    board.reset()
    assert board.targets and board.restrict
    board.show_targets(())
    assert not board.targets and not board.restrict


def test_every_card_fits_its_place_at_800x600():
    from tests.ui.helpers import frames
    for i in range(len(LESSON.steps) + 1):          # and the end card
        app, screen = _open(size=(800, 600), step=i)
        assert screen.run.finished == (i == len(LESSON.steps))
        frames(app, 1)
        assert screen.card_fits(), f"step {i + 1}"
