"""Cannon Ball's lesson (games/cannon_ball/lesson.py): it checks clean and replays to
South's win by TNT under gate NE; it plays every idea the issue names; the free steps
take what they say and the lesson still lands as written after any of it; a wrong move
at a required step is refused with its kind word; the board's marks and restrict; the
tips' moments in real seeded games; and the whole lesson driven through the real frame
by clicks (Spin! included, one wrong click, a Restart and a Skip)."""
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon_ball.rules import battlefield as M  # noqa: E402
from games.cannon_ball import rules as R  # noqa: E402
from games.cannon_ball.rules import Phase  # noqa: E402
from games.cannon_ball.lesson import LESSON, TIPS, fresh_men, has_target  # noqa: E402
from games.core.driver import MatchDriver  # noqa: E402
from games.core.lesson import (  # noqa: E402
    ANY, CARD, CHECK, DO, MAX_STEPS, MAX_WORDS, LessonRun, check_lesson, replay, words)
from games.core.match import AI, SEED_ONLY, Match, Seat  # noqa: E402
from tests.ui.lesson_helpers import finish, lesson_app, open_lesson, settle_lesson, to_learner

INFO = games.get("cannon_ball")
FREE = [i for i, s in enumerate(LESSON.steps) if s.kind in (ANY, CHECK)]
DOS = [i for i, s in enumerate(LESSON.steps) if s.kind == DO and any(m != "move" for m in s.moves)]


def B(name: str) -> int:
    b = M.box_index(name)
    assert b is not None, name
    return b


def S(number: int) -> int:
    return M.SECTION_BY_NUMBER[number]


# -- the lesson as data ------------------------------------------------------------------------

def test_the_lesson_is_named_by_the_game_and_checks_clean():
    assert INFO.lesson == "games.cannon_ball.lesson:LESSON" and INFO.load_lesson() is LESSON
    assert check_lesson(LESSON, INFO) == []
    assert 1 <= len(LESSON.steps) <= MAX_STEPS
    for s in LESSON.steps:
        assert words(s.text) <= MAX_WORDS, s.title
        assert s.kind == CARD or s.kind == DO or s.example, s.title
    assert words(LESSON.finale) <= MAX_WORDS


def test_it_replays_to_souths_win_by_tnt_under_gate_ne():
    run = replay(LESSON, INFO)
    assert run.finished and run.match.is_over()
    st = run.match.state
    assert st._winner == 0 and "gate NE" in st.reason and "surrenders" in st.reason
    assert st.gates[[g.id for g in M.GATES].index("NE")] == "destroyed"


def test_it_plays_every_idea_the_issue_names():
    """The Fort Commander's spin as a budget, walking, a section full, an attack won by
    one man more, a bridge crossing, TNT placed and shot on a right odd call, a gate
    turn, five men in the enemy gate section and TNT under the gate."""
    run = replay(LESSON, INFO, upto=0)
    start = run.match.ply
    while not run.finished:
        run.play_written()
    log = run.match.log[start:]
    said = " | ".join(e.public for e in log)
    texts = [e.text for e in log]
    assert "Move turn: spun 8" in said
    assert "2 men took section 18" in said                      # 2 against 1
    assert "bridge 3 held" in said
    assert "TNT placed at bridge 4" in said
    assert "7 is odd: right; bridge 4 blew up, killing 3 men in section 10" in said
    assert "Closes gate NE" in said
    assert "TNT under gate NE: the fuse is lit" in said
    assert texts.count("end") >= 4                               # several turns, not one
    # section 22 full after the walk: three of South's men, the limit
    mid = replay(LESSON, INFO, upto=3).match.state
    assert mid.sec_men[0][S(22)] == 3 == R.SECTION_LIMIT
    # five men in the enemy gate section before the fuse
    five = replay(LESSON, INFO, upto=11).match.state
    assert five.sec_men[0][S(24)] == 5 == R.ASSAULT_LIMIT


def test_the_opening_starts_mid_war_with_south_to_choose():
    st = replay(LESSON, INFO, upto=0).match.state
    assert st.phase == Phase.CHOOSE and st.to_move == 0
    out = {M.BOXES[b].name for b in range(M.N_BOXES) if st.occ[b] == 0 and R.FORT_OF[b] < 0}
    assert {"g16", "d14", "d15", "g10", "g11", "m15", "n15", "o15", "k17"} <= out
    assert st.occ[B("f15")] == 1 and st.gates == ["open"] * 4 and all(st.bridges)
    assert st.quiet + 10 < st.quiet_turns, "the lesson's turns never reach the quiet truce"


def test_every_mark_is_a_thing_on_the_map():
    st = replay(LESSON, INFO, upto=0).match.state
    assert has_target(st, "c16") and has_target(st, "NE") and has_target(st, "SW")
    assert not has_target(st, "p3") and not has_target(st, "XX") and not has_target(st, "a27")


# -- free steps: what they take, and the lesson still lands --------------------------------------

def _to_learner(run: LessonRun) -> None:
    to_learner(run)


def _finish(run: LessonRun) -> None:
    finish(run)


def _free_play(run: LessonRun, rng: random.Random, i: int) -> list[str]:
    """The player's own moves through free step ``i``, chosen at random among those it
    takes, with the script played whenever it is due; returns the player's moves."""
    played = []
    while run.i == i:
        if not run.learner_due():
            run.play_written()
            continue
        st = run.match.state
        ok = [m for m in st.legal_moves() if run.judge(m) is None]
        assert ok, f"step {i + 1}: nothing the step takes is legal"
        # End turn now and then, but mostly walk (so budgets run out as well)
        walks = [m for m in ok if not isinstance(m, R.End)]
        move = rng.choice(walks) if walks and rng.random() < 0.85 else next(m for m in ok if isinstance(m, R.End))
        played.append(str(move))
        run.record(run.match.play(move))
    return played


@pytest.mark.parametrize("i", FREE)
def test_a_free_step_takes_every_legal_first_move_it_allows_and_the_lesson_still_lands(i):
    base = replay(LESSON, INFO, upto=i)
    _to_learner(base)
    st = base.match.state
    taken = [m for m in st.legal_moves() if base.judge(m) is None]
    assert len(taken) >= 3
    for move in taken:
        run = replay(LESSON, INFO, upto=i)
        _to_learner(run)
        run.record(run.match.play(run.match.state.parse_move(str(move))))
        _free_play(run, random.Random(str(move)), i)
        _finish(run)
        assert run.match.is_over() and run.match.state._winner == 0, str(move)


@pytest.mark.parametrize("i", FREE)
def test_thirty_random_walks_through_a_free_step_still_land_the_lesson(i):
    for seed in range(30):
        run = replay(LESSON, INFO, upto=i)
        played = _free_play(run, random.Random(seed), i)
        _finish(run)
        assert run.match.is_over() and run.match.state._winner == 0, played


def test_the_free_step_refuses_men_away_from_the_fort_kindly():
    i = next(k for k, s in enumerate(LESSON.steps) if s.kind == CHECK)
    run = replay(LESSON, INFO, upto=i)
    _to_learner(run)
    st = run.match.state
    away = st.parse_move("e16-d16")              # the walker of step 3, by the river
    assert not fresh_men(st, away, None)
    assert run.judge(away) == LESSON.steps[i].wrong
    assert run.judge(st.parse_move("a8-a10")) is None and run.judge(R.END) is None


def test_the_last_step_wins_even_if_the_player_ends_at_once():
    i = len(LESSON.steps) - 1
    run = replay(LESSON, INFO, upto=i)
    _to_learner(run)
    run.record(run.match.play(R.END))
    assert run.finished and run.match.state._winner == 0


def test_the_last_step_marks_the_man_who_lit_the_fuse():
    """A play-test: "Walk the man who lit the fuse and one other out" marked nobody, and
    the learner pressed Show me to find out which man he was."""
    i = len(LESSON.steps) - 1
    run = replay(LESSON, INFO, upto=i)
    _to_learner(run)
    st = run.match.state
    assert [B(x) for x in LESSON.steps[i].targets] == [st.fuse_man]


# -- required steps: a wrong move gets the kind word and is not played ---------------------------

def test_required_walks_follow_the_boards_own_shortest_way():
    """A click on a marked box further on walks the board's shortest way (path_to): every
    walk of two steps or more the lesson asks for is that way, so no step of it is refused."""
    checked = 0
    for i in DOS:
        run = replay(LESSON, INFO, upto=i)
        moves = LESSON.steps[i].moves
        while run.i == i:
            if run.learner_due():
                k = run.k
                a = moves[k]
                b = moves[k + 1] if k + 1 < len(moves) else ""
                if "-" in a and "-" in b and a.split("-")[1] == b.split("-")[0]:
                    st = run.match.state
                    path = [str(x) for x in R.path_to(st, B(a.split("-")[0]), B(b.split("-")[1]))]
                    assert path == [a, b], (i, a, b, path)
                    checked += 1
            run.play_written()
    assert checked >= 3


# -- first-time tips -------------------------------------------------------------------------------

def _tip_moments(seed: int, level: str = "hard") -> set[str]:
    """The tips whose moment came in a whole seeded game between two computers (Hard:
    the level that lights TNT, so its shot comes due)."""
    m = Match(INFO, {}, [Seat(AI, level, "South"), Seat(AI, level, "North")], seed=seed, ai_secret=seed,
              chance_secret=SEED_ONLY)
    d = MatchDriver(m)
    seen: set[str] = set()
    while not m.is_over():
        p = m.to_move()
        if p >= 0:
            view = m.state.view(p)
            seen |= {t.key for t in TIPS if t.when(view, p)}
            other = 1 - p                       # a tip is the deciding seat's: never the other's
            assert not any(t.when(m.state.view(other), other) for t in TIPS)
        # Hard plans against a deadline on the wall clock: a short one (0.05) cut its plans
        # wherever a loaded machine happened to be, so the games, and which tips came, changed
        # from run to run. A deadline it never reaches makes the seeded games the same
        # everywhere (a whole game takes a few seconds either way).
        d.step(time_scale=100.0)
    return seen


@pytest.mark.slow
def test_every_tip_comes_in_real_seeded_games_and_not_before_its_moment():
    keys = {t.key for t in TIPS}
    seen: set[str] = set()
    for seed in range(1, 9):
        seen |= _tip_moments(seed)
        if seen == keys:
            break
    assert seen == keys
    st = R.new_game({})
    assert not any(t.when(st.view(p), p) for t in TIPS for p in (0, 1)), "nothing to tip while both spin"


def test_each_tip_at_its_moment_and_not_just_before():
    st = replay(LESSON, INFO, upto=0).match.state
    tips = {t.key: t for t in TIPS}
    assert tips["cannon_ball.turn"].when(st, 0) and not tips["cannon_ball.turn"].when(st, 1)
    run = replay(LESSON, INFO, upto=3)                        # spin 8, by the river and the scout
    st = run.match.state
    assert tips["cannon_ball.bridge"].when(st, 0) and tips["cannon_ball.attack"].when(st, 0)
    assert not tips["cannon_ball.turn"].when(st, 0)
    st = replay(LESSON, INFO, upto=6).match.state              # the TNT step: choose first
    assert not tips["cannon_ball.tnt"].when(st, 0)
    st.apply(st.parse_move("move"))
    st.apply(st.parse_move("spin 5"))
    assert tips["cannon_ball.tnt"].when(st, 0)
    st = replay(LESSON, INFO, upto=8).match.state              # the shot is due
    assert tips["cannon_ball.shot"].when(st, 0) and not tips["cannon_ball.turn"].when(st, 0)
    steady = R.CannonBallState.position({0: ["g16", "a1"], 1: ["o26"]}, risk=0.0)
    assert not tips["cannon_ball.bridge"].when(steady, 0), "no bridge risk, no bridge tip"
    # "each piece moves the spin": the spin is no budget for the whole turn, so no turn tip
    men = {0: ["g16", "a1"], 1: ["o26"]}
    plain = R.CannonBallState.position(men, phase=Phase.CHOOSE)
    each = R.CannonBallState.position(men, phase=Phase.CHOOSE, budget_mode="each")
    assert each.each and not plain.each
    assert tips["cannon_ball.turn"].when(plain, 0) and not tips["cannon_ball.turn"].when(each, 0)


# -- the board: marks, restrict, Show me ------------------------------------------------------------

@pytest.fixture
def app():
    yield from lesson_app()


def _open(app, step=None):
    return open_lesson(app, INFO, step)


def _settle(app, scr, limit=3000):
    settle_lesson(app, scr, limit)


def test_the_board_marks_what_a_step_points_at(app):
    scr = _open(app, step=3)
    _settle(app, scr)
    b = scr.board
    assert b.restrict and {"d15", "e15", "d14", "e14", "f15"} <= set(b.targets)
    st = scr.match.state
    spots = b.mark_spots(st)
    assert len(spots) == 3, "the two attackers and the scout; the empty boxes are the hint's"
    assert b.geo.box_centre(B("f15")) in spots
    assert b.animating, "the marks breathe, so the frame keeps drawing"
    assert str(b.live_hint()) == "d15-e15"


def test_restrict_holds_back_unmarked_men_and_boxes_kindly(app):
    from tests.ui.helpers import click
    scr = _open(app, step=3)
    _settle(app, scr)
    b = scr.board
    click(app, b.geo.box_centre(B("g17")))                 # not a marked man
    assert b.sel is None and scr.status.startswith("This time")
    click(app, b.geo.box_centre(B("d15")))
    assert b.sel == B("d15") and B("e14") in b.reach and B("c15") in b.reach
    ply = scr.match.ply
    click(app, b.geo.box_centre(B("c15")))                  # a box he may reach, but not a marked one
    assert scr.match.ply == ply and scr.status.startswith("This time") and b.sel == B("d15")
    # a marked box, but not the step's next move: the step's kind word
    click(app, b.geo.box_centre(B("e14")))
    _settle(app, scr)
    assert scr.match.ply == ply and scr.status == LESSON.steps[3].wrong
    click(app, b.geo.box_centre(B("d15")))
    click(app, b.geo.box_centre(B("e15")))
    _settle(app, scr)
    assert scr.match.ply == ply + 1 and scr.match.state.occ[B("e15")] == 0


def test_without_a_lesson_nothing_is_held_back(app):
    from games.cannon_ball.rules import CannonBallState
    from games.ui.game_screen import GameScreen
    from tests.ui.helpers import click, frames
    m = Match(INFO, {}, [Seat("human", "easy", "South"), Seat(AI, "easy", "North")], seed=3, ai_secret=3,
              chance_secret=SEED_ONLY)
    m.state = CannonBallState.position({0: ["c16", "a1", "a2", "a3"], 1: ["o26", "o25"]}, budget=6)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 3)
    b = g.board
    assert b.targets == () and not b.restrict and b.mark_spots(m.state) == []
    click(app, b.geo.box_centre(B("c16")))
    assert b.sel == B("c16")


def test_show_me_says_the_move_in_words(app):
    scr = _open(app, step=4)
    _settle(app, scr)
    scr.hint()
    assert "walk the man on g16 to i16 over bridge 3" in scr.status
    b = scr.board
    assert b.hint_text(R.parse_text("TNT NE")) == "slide TNT under gate NE"
    assert b.hint_text(R.parse_text("TNT g11")) == "place TNT at bridge 4, by g11"
    assert b.hint_text(R.parse_text("tnt odd")) == "shoot your TNT, calling Odd"


# -- the whole lesson through the real frame, by clicks ------------------------------------------

def _drive(size):
    """The lesson from its first card to the end card, every move by a click (step 3 skipped,
    the free step restarted once, wrong clicks refused)."""
    from games.ui.headless import make_app
    from tests.ui.helpers import click, frames
    app = make_app(size, animation="fast")
    try:
        scr = _open(app)
        b = scr.board

        def settle():
            _settle(app, scr)

        def at(i):
            assert scr.run.i == i, (scr.run.i, i)
            assert scr.card_fits(), f"step {i + 1}'s card is cut at {size}"

        def next_card():
            assert scr.run.waiting_for_card()
            click(app, scr.next_btn.rect.center)
            settle()

        def choose(label):
            btn = next(x for x in b.panel.buttons if x.label.startswith(label))
            click(app, btn.rect.center)
            settle()

        def spin():
            assert scr.awaiting_performance() == "Spin!"
            click(app, scr.perform_btn.rect.center)
            settle()

        def walk(frm, to):
            click(app, b.geo.box_centre(B(frm)))
            assert b.sel == B(frm), (frm, scr.status)
            click(app, b.geo.box_centre(B(to)))
            settle()

        def end_turn(confirm=False):
            click(app, b.panel.end_btn.rect.center)
            if confirm:                                     # the board's "End the turn?" dialog
                assert app.stack.top is not scr
                click(app, app.stack.top.buttons[0].rect.center)
            assert app.stack.top is scr
            settle()

        settle()
        at(0)
        next_card()
        at(1)                                               # the Fort Commander
        choose("Move turn")
        spin()
        assert scr.match.state.budget == 8
        at(2)                                               # walk: Skip this one (played as written)
        click(app, scr.skip_btn.rect.center)
        frames(app, 2)
        settle()
        assert scr.match.state.occ[B("e16")] == 0 and scr.match.state.budget == 6
        at(3)                                               # the attack: a wrong click first, refused
        ply = scr.match.ply
        click(app, b.geo.box_centre(B("g16")))
        assert b.sel is None and scr.match.ply == ply and scr.status.startswith("This time")
        walk("d15", "e15")
        assert S(18) in scr.match.state.sieges              # 1 against 1: under way
        walk("d14", "e14")
        assert scr.match.state.occ[B("f15")] != 1
        at(4)                                               # a bridge: Restart it once, then cross
        walk("g16", "i16")
        at(5)
        assert scr.match.state.occ[B("i16")] == 0
        walk("a8", "a10")                                   # free: fresh men out of gate SW
        assert scr.match.state.budget == 2
        click(app, scr.restart_btn.rect.center)              # Restart the step: the man is back
        frames(app, 2)
        settle()
        at(5)
        st = scr.match.state
        assert st.occ[B("a8")] == 0 and st.occ[B("a10")] == -1 and st.budget == 3
        walk("a8", "a10")
        walk("c9", "a8")
        walk("a10", "b11")
        end_turn()
        at(6)                                               # TNT
        choose("Move turn")
        spin()
        ply = scr.match.ply
        click(app, b.panel.end_btn.rect.center)              # not now: refused kindly
        assert scr.match.ply == ply and scr.status
        click(app, b.tnt_pos(R.parse_text("TNT g11")))
        settle()
        assert scr.match.state.tnt[0] == B("g11")
        walk("g11", "g12")
        walk("g10", "g9")
        at(7)                                               # one click to the far box walks both steps
        walk("i16", "k16")
        end_turn()                                          # North crosses bridge 4, three times
        at(8)                                               # the shot: Odd, and spin
        assert sum(1 for x in range(M.N_BOXES) if scr.match.state.occ[x] == 1 and R.SEC[x] == S(10)) == 3
        choose("Odd")
        spin()
        at(9)
        assert not scr.match.state.bridges[3]
        assert scr.match.state.gates[[g.id for g in M.GATES].index("NE")] == "closed"
        next_card()
        at(10)                                              # the assault
        choose("Move turn")
        spin()
        walk("o15", "o17")                                  # two steps by one click
        walk("n15", "n16")
        walk("m15", "m16")
        walk("k16", "l16")
        walk("k17", "l17")
        at(11)
        assert scr.match.state.sec_men[0][S(24)] == 5
        click(app, b.tnt_pos(R.parse_text("TNT NE")))
        settle()
        at(12)                                              # free: get out, End turn
        walk("o17", "o15")
        walk("n16", "n15")
        end_turn()                                          # the gate blows: the win, not a warning
        frames(app, 30)
        assert scr.run.finished and scr.match.is_over(), scr.status
        assert scr.match.state._winner == 0
        assert scr.card_fits()
        from games.ui import banner                         # a lesson has no result card to offer
        assert not banner.subline(scr, scr.shown_state(), "")[0].startswith("Game over: Esc")
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_lesson_driven_to_its_end_by_clicks(size):
    _drive(size)


def test_a_lesson_step_opens_and_draws_at_800x600():
    from games.ui.headless import make_app
    app = make_app((800, 600), animation="off")
    try:
        for i in (3, 6, 11):
            scr = _open(app, step=i)
            _settle(app, scr)
            assert scr.card_fits()
            assert scr.board.mark_spots(scr.match.state) or i == 6
            app.pop()
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()


@pytest.fixture
def app1280():
    yield from lesson_app((1280, 720))


def _tnt_cases_drawn(app, scr, monkeypatch) -> list:
    """The TNT cases the board draws as places to set one down (pulsing), by box/gate name."""
    from games.cannon_ball.board import drawing as D
    from games.cannon_ball.board import scene as SC
    spots: list = []
    real = D.draw_tnt
    monkeypatch.setattr(SC.D, "draw_tnt", lambda surface, pos, cell, glow=0.0, **k: spots.append(pos) or
                        real(surface, pos, cell, glow=glow, **k))
    scr.draw(app.screen)
    st = scr.board.state()
    names = {tuple(map(int, scr.board.tnt_pos(m))): scr.board._spot_name(m) for m in R.tnt_placements(st)}
    return [names.get(tuple(map(int, p))) for p in spots if tuple(map(int, p)) in names]


def test_a_step_about_something_else_shows_no_pulsing_tnt_cases(app1280, monkeypatch):
    """While a step wants one thing done (cross bridge 3), the places a TNT case could go
    do not pulse on the map; in the step that teaches TNT, the marked place does."""
    info = games.get("cannon_ball")
    steps = LESSON.steps
    cross = next(i for i, s in enumerate(steps) if s.kind == DO and "bridge" in s.title.lower())
    tnt = next(i for i, s in enumerate(steps) if s.kind == DO and any(str(m).startswith("TNT ") and
                                                                          not str(m).endswith(("NE", "NW", "SE", "SW"))
                                                                          for m in s.moves))
    scr = open_lesson(app1280, info, step=cross)
    settle_lesson(app1280, scr)
    assert scr.can_act() and scr.board.restrict
    assert R.tnt_placements(scr.board.state()), "the step should have places a case could go"
    assert _tnt_cases_drawn(app1280, scr, monkeypatch) == []
    app1280.stack.scenes.clear()
    scr = open_lesson(app1280, info, step=tnt)
    settle_lesson(app1280, scr)
    while not (scr.run.expected().startswith("TNT ") and scr.can_act()):   # the turn's choice and spin first
        if scr.awaiting_performance():
            scr.perform()
        else:
            assert scr.submit(scr.match.state.parse_move(scr.run.expected()))
        settle_lesson(app1280, scr)
    shown = _tnt_cases_drawn(app1280, scr, monkeypatch)
    assert shown and set(shown) <= set(scr.board.targets), (shown, scr.board.targets)


def test_the_attack_and_bridge_tips_come_before_the_first_attack_and_crossing():
    """A play-test made three attacks, and crossed a bridge, before either tip showed: they
    waited for a man standing on the border or on the bridge's end."""
    tips = {t.key: t for t in TIPS}
    # a man on e10 (section 10): two boxes back from section 14, which North holds, and
    # in the section of bridge 4, off its end
    st = R.CannonBallState.position(men={0: ["a1", "e10"], 1: ["o26", "f12"]}, budget=6, risk=1 / 12)
    assert tips["cannon_ball.attack"].when(st, 0) and tips["cannon_ball.bridge"].when(st, 0)
    far = R.CannonBallState.position(men={0: ["a1", "b16"], 1: ["o26", "f12"]}, budget=6, risk=1 / 12)
    assert not tips["cannon_ball.attack"].when(far, 0)
