"""Cannon Corps' lesson (games/cannon_corps/lesson.py): it checks clean and replays to
Ana's win; its cards keep Ben's secrets; every free step takes every legal move and the
lesson still lands as written afterwards; a wrong move at a required step is refused
with its kind word; the board's marks and its restrict; the tips' moments in real
seeded games; and the whole lesson driven through the real frame by clicks."""
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon_corps.lesson import ANA_SETUP, BEN, BEN_SETUP, LESSON, TIPS, has_target  # noqa: E402
from games.cannon_corps.rules import DICE, EndReason, Move  # noqa: E402
from games.core.driver import MatchDriver  # noqa: E402
from games.core.game import CHANCE  # noqa: E402
from games.core.lesson import (  # noqa: E402
    ANY, CHECK, DO, MAX_STEPS, MAX_WORDS, LessonRun, check_lesson, replay, words)
from games.core.match import AI, SEED_ONLY, Match, Seat  # noqa: E402
from tests.ui.lesson_helpers import finish, lesson_app, open_lesson, settle_lesson, to_learner

INFO = games.get("cannon_corps")
FREE = [i for i, s in enumerate(LESSON.steps) if s.kind in (ANY, CHECK)]
DOS = [i for i, s in enumerate(LESSON.steps) if s.kind == DO]


# -- the lesson as data ------------------------------------------------------------------------

def test_the_lesson_is_named_by_the_game_and_checks_clean():
    assert INFO.lesson == "games.cannon_corps.lesson:LESSON" and INFO.load_lesson() is LESSON
    assert check_lesson(LESSON, INFO) == []
    assert 1 <= len(LESSON.steps) <= MAX_STEPS
    for s in LESSON.steps:
        assert words(s.text) <= MAX_WORDS, s.title
    assert words(LESSON.finale) <= MAX_WORDS


def test_it_replays_to_its_end_with_ana_the_last_army_standing():
    run = replay(LESSON, INFO)
    assert run.finished
    st = run.match.state
    assert run.match.is_over() and st._winner == 0 and st.win_reason is EndReason.LAST
    assert st.out[BEN] and not st.out[0] and len(st.defeated[BEN]) == 4


def test_it_teaches_what_the_issue_asks():
    """Hiding, power and used ammo, a hit, cover and the bluff, a defeat and a
    reinforcement (both sides), a final salvo, the last army standing: each is played."""
    run = replay(LESSON, INFO)
    kinds = [e.kind for e in run.match.state.events]
    ana = [e for e in run.match.state.events if getattr(e, "seat", None) == 0]
    for k in ("setup", "shot", "answer", "defeated", "survived", "cover", "deploy", "ammo", "winner"):
        assert k in kinds, k
    assert any(e.kind == "shot" and e.salvo for e in ana), "Ana fires a final salvo"
    assert any(e.kind == "deploy" for e in ana) and any(e.kind == "cover" for e in ana)
    assert any(e.kind == "ammo" and e.power == 20 and e.value == 10 for e in ana), "d20 halves to 10"


def test_the_cards_never_name_bens_secrets():
    """Ben's set-up is a move of his seat: no card names a die of his, or his set-up."""
    texts = [s.text for s in LESSON.steps] + [LESSON.finale]
    for text in texts:
        assert not re.search(r"\b(Ben's|his|He|he) d(4|6|8|10|12|20|%)", text), text
        assert BEN_SETUP not in text
    # the scripts are Ben's moves and the start draw; the player's are written in the steps
    written = {m for st in LESSON.steps for m in st.written_moves()}
    scripted = {m for st in LESSON.steps for m in st.script if isinstance(m, str)}
    for e in replay(LESSON, INFO).match.log:
        assert (e.text in written) if e.player == 0 else (e.text in scripted), e.text
        assert e.player in (0, BEN, CHANCE)


def test_every_mark_is_a_thing_on_the_table():
    st = replay(LESSON, INFO, upto=3).match.state
    assert has_target(st, "d20") and has_target(st, (BEN, "B2")) and has_target(st, (BEN, "defeated"))
    assert not has_target(st, "d6x") and not has_target(st, (2, "B2")) and not has_target(st, (BEN, "D9"))
    assert has_target(replay(LESSON, INFO, upto=1).match.state, "d6"), "every die is in the tray at set-up"


# -- free steps: every legal move, and the lesson still lands ----------------------------------

def _to_learner(run: LessonRun) -> None:
    to_learner(run)
    assert run.k == 0


def _finish(run: LessonRun) -> None:
    finish(run)


@pytest.mark.parametrize("i", FREE)
def test_a_free_step_takes_every_legal_move_and_the_lesson_still_lands(i):
    base = replay(LESSON, INFO, upto=i)
    _to_learner(base)
    moves = [str(m) for m in base.match.state.legal_moves()]
    assert 2 <= len(moves) <= 40
    for text in moves:
        run = replay(LESSON, INFO, upto=i)
        _to_learner(run)
        move = run.match.state.parse_move(text)
        assert run.judge(move) is None, text
        run.record(run.match.play(move))
        _finish(run)          # the rest of this step's script and every later step, as written
        st = run.match.state
        assert run.match.is_over() and st._winner == 0, text


# -- required steps: a wrong move gets the kind word and is not played ---------------------------

# -- first-time tips -------------------------------------------------------------------------------

def _tip_moments(seed: int, seats: int = 2) -> set[str]:
    names = INFO.seat_names(seats)
    m = Match(INFO, {}, [Seat(AI, "easy", n) for n in names], seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    d = MatchDriver(m)
    seen: set[str] = set()
    while not m.is_over():
        p = m.to_move()
        if p >= 0:
            view = m.state.view(p)
            seen |= {t.key for t in TIPS if t.when(view, p)}
            # a tip reads only its own seat's decision: never another seat's
            other = (p + 1) % seats
            assert not any(t.when(m.state.view(other), other) for t in TIPS)
        d.step(time_scale=0.05)
    return seen


def test_every_tip_comes_in_real_seeded_games_and_not_before_its_moment():
    seen: set[str] = set()
    for seed in range(1, 7):
        seen |= _tip_moments(seed)
        if seen == {t.key for t in TIPS}:
            break
    assert seen == {t.key for t in TIPS}
    st = Match(INFO, {}, [Seat(AI, "easy", "Ana"), Seat(AI, "easy", "Ben")], seed=1).state
    at_start = {t.key for t in TIPS if t.when(st.view(0), 0)}
    assert at_start == {"corps_setup"}, "only the set-up tip at the start, for the seat setting up"
    assert not any(t.when(st.view(1), 1) for t in TIPS)
    assert not any(t.when(st.view(None), 0) for t in TIPS), "a spectator's view is no seat's moment"


# -- the board: marks and restrict --------------------------------------------------------------

@pytest.fixture
def app():
    yield from lesson_app()


def _open(app, step=None):
    return open_lesson(app, INFO, step)


def _settle(app, scr, limit=3000):
    settle_lesson(app, scr, limit)


def test_the_board_marks_what_a_step_points_at(app):
    scr = _open(app, step=1)
    _settle(app, scr)
    b = scr.board
    assert b.restrict and set(ANA_SETUP) <= set(b.targets)
    v = b.view()
    rects = b.drawer.target_rects(v)
    assert len(rects) == 8, "four dice in the tray, four spaces on the grid"
    assert b.animating, "the marks pulse, so the frame keeps drawing"
    # a placed die and its filled space are done: no more marks for them
    from tests.ui.helpers import click
    click(app, b.tray_center("d20"))
    click(app, b.cell_center(0, "A4"))
    assert b.staged == {"d20": "A4"} and len(b.drawer.target_rects(v)) == 6


def test_restrict_holds_back_unmarked_dice_and_spaces_kindly(app):
    from tests.ui.helpers import click, frames
    scr = _open(app, step=1)
    _settle(app, scr)
    b = scr.board
    click(app, b.tray_center("d6"))                  # not one of the marked dice
    assert b.sel is None and scr.status.startswith("This time")
    click(app, b.tray_center("d8"))
    click(app, b.cell_center(0, "B1"))               # not the d8's marked space
    assert b.staged == {} and b.sel == "d8" and "A2" in scr.status
    click(app, b.cell_center(0, "A2"))
    assert b.staged == {"d8": "A2"}
    scr.skip_step()
    frames(app, 2)
    _settle(app, scr)
    assert scr.run.i == 2 and b.restrict and "d8" not in b.targets
    click(app, b.cell_center(0, "A2"))               # the d8: not the marked platoon
    assert b.sel is None and scr.status.startswith("This time")
    click(app, b.cell_center(0, "A4"))
    assert b.sel == "d20"
    ply = scr.match.ply
    click(app, b.cell_center(BEN, "C4"))             # not the marked space
    assert scr.match.ply == ply and scr.status.startswith("This time") and b.sel == "d20"
    # a move that reaches the frame some other way (the keys, a test) gets the step's kind word
    assert not scr.submit(Move("fire", "d8", "B2"))
    assert scr.match.ply == ply and scr.status == LESSON.steps[2].wrong


def test_without_a_lesson_nothing_is_held_back(app):
    from games.ui.game_screen import GameScreen
    from tests.ui.helpers import click, frames
    m = Match(INFO, {}, [Seat("human", "easy", "Ana"), Seat(AI, "easy", "Ben")], seed=3, ai_secret=3,
              chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 3)
    b = g.board
    assert b.targets == () and not b.restrict and b.drawer.target_rects(b.view()) == []
    click(app, b.tray_center("d6"))
    assert b.sel == "d6"


def test_show_me_says_the_move_in_words(app):
    scr = _open(app, step=2)
    _settle(app, scr)
    scr.hint()
    assert "pick your d20, then B2" in scr.status
    assert str(scr.board.hint) == "fire d20 B2"
    assert scr.board.hint_text(Move.setup(ANA_SETUP)).startswith("put the d4 on C1")


# -- the whole lesson through the real frame, by clicks ------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_lesson_driven_to_its_end_by_clicks(size):
    from games.ui.headless import make_app
    from tests.ui.helpers import click, frames
    app = make_app(size, animation="fast")
    try:
        scr = _open(app)
        b = scr.board

        def next_card():
            assert scr.run.waiting_for_card() and scr.card_fits()
            click(app, scr.next_btn.rect.center)
            _settle(app, scr)

        def at(i):
            assert scr.run.i == i, (scr.run.i, i)
            assert scr.card_fits(), f"step {i + 1}'s card is cut at {size}"

        def fire(die, space):
            click(app, b.cell_center(0, b.view().my_platoons[die][0]))
            assert b.sel == die
            click(app, b.cell_center(BEN, space))
            _settle(app, scr)

        _settle(app, scr)
        at(0)
        next_card()
        at(1)                                           # hide the platoons, die by die
        for d in ("d4", "d8"):                          # two placed, then Restart the step: back to none
            click(app, b.tray_center(d))
            click(app, b.cell_center(0, ANA_SETUP[d]))
        assert b.staged == {"d4": "C1", "d8": "A2"}
        click(app, scr.restart_btn.rect.center)
        frames(app, 2)
        _settle(app, scr)
        at(1)
        assert b.staged == {} and scr.match.ply == 0
        for d in DICE:
            if d in ANA_SETUP:
                click(app, b.tray_center(d))
                click(app, b.cell_center(0, ANA_SETUP[d]))
        assert b.staged == ANA_SETUP
        click(app, b.btn_confirm.rect.center)
        _settle(app, scr)
        at(2)                                           # fire: one wrong click first, refused
        ply = scr.match.ply
        click(app, b.cell_center(0, "A4"))
        click(app, b.cell_center(BEN, "A1"))
        assert scr.match.ply == ply and scr.status.startswith("This time")
        click(app, b.cell_center(BEN, "B2"))
        _settle(app, scr)
        at(3)
        next_card()
        at(4)                                           # cover: run to C3
        assert b.view().pending.die == "d12"
        click(app, b.cell_center(0, "C3"))
        _settle(app, scr)
        at(5)
        assert b.view().my_platoons["d12"][0] == "C3"
        fire("d12", "A3")
        at(6)                                           # reinforce: pick a reserve, then a space
        assert b.view().pending.seat == 0 and "d20" in b.view().defeated[0]
        click(app, b.tray_center("d%"))
        click(app, b.cell_center(0, "B3"))
        _settle(app, scr)
        at(7)                                           # Skip this one: it is played as written
        click(app, scr.skip_btn.rect.center)
        frames(app, 2)
        _settle(app, scr)
        at(8)                                           # down to 1: stay (the bluff)
        assert b.view().my_platoons["d4"][1] == 1
        click(app, b.btn_stay.rect.center)
        _settle(app, scr)
        at(9)
        fire("d4", "A4")                                # the final salvo
        frames(app, 30)
        assert scr.run.finished and scr.match.is_over()
        assert scr.match.state._winner == 0 and scr.match.state.out[BEN]
        assert scr.card_fits()
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()


def test_a_lesson_step_opens_and_draws_at_800x600():
    from games.ui.headless import make_app
    app = make_app((800, 600), animation="off")
    try:
        for i in (1, 2, 6):
            scr = _open(app, step=i)
            _settle(app, scr)
            assert scr.card_fits() and scr.board.drawer.target_rects(scr.board.view())
            app.pop()
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()
