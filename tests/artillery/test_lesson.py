"""Artillery's lesson (games/artillery/lesson.py): it checks clean and replays to South
holding both houses after round 2; it plays every idea the issue asks for; every free
step takes its legal moves (all of the first, a seeded sample after) and the lesson
still lands as written; a wrong move is refused with the step's kind word and not
played; the board's marks and its restrict; the tips' moments in real seeded games;
and the whole lesson driven through the real frame by clicks."""
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import games  # noqa: E402
from games.artillery.rules import events as ev  # noqa: E402
from games.artillery.lesson import LESSON, TIPS, Toward, has_target, reachable  # noqa: E402
from games.artillery.rules import Move  # noqa: E402
from games.core.driver import MatchDriver  # noqa: E402
from games.core.game import CHANCE  # noqa: E402
from games.core.lesson import (  # noqa: E402
    CHECK, DO, MAX_STEPS, MAX_WORDS, LessonRun, check_lesson, replay, start_match, words,
    written_text)
from games.core.match import AI, SEED_ONLY, Match, Seat  # noqa: E402
from tests.ui.lesson_helpers import lesson_app, open_lesson, settle_lesson, to_learner

INFO = games.get("artillery")
FREE = [i for i, s in enumerate(LESSON.steps) if s.kind == CHECK]
DOS = [i for i, s in enumerate(LESSON.steps) if s.kind == DO]


# -- the lesson as data ------------------------------------------------------------------------

def test_the_lesson_is_named_by_the_game_and_checks_clean():
    assert INFO.lesson == "games.artillery.lesson:LESSON" and INFO.load_lesson() is LESSON
    assert check_lesson(LESSON, INFO) == []
    assert 1 <= len(LESSON.steps) <= MAX_STEPS
    for s in LESSON.steps:
        assert words(s.text) <= MAX_WORDS, s.title
    assert words(LESSON.finale) <= MAX_WORDS
    assert LESSON.options == {"scenario": "field"} and LESSON.learner == 0


def test_it_replays_to_south_holding_both_houses_after_round_2():
    run = replay(LESSON, INFO)
    assert run.finished
    st = run.match.state
    assert st.round == 3 and st.score == [2, 0] and not st.over
    assert st.unit_section(st.units["A2"]) == "H1" and st.unit_section(st.units["A3"]) == "H2"
    assert st.units["B2"].gone == "routed"
    scored = [e for e in st.events if isinstance(e, ev.Scored)]
    assert [e.gained for e in scored] == [(0, 0), (2, 0)]


def test_it_teaches_what_the_issue_asks():
    """The card for initiative (both ways), activation and actions, moving, a shoot test,
    its hits and damage, saves, Fatigue (passed, failed, a rout), reloading, the goal."""
    run = replay(LESSON, INFO)
    events = run.match.state.events
    kinds = {type(e) for e in events}
    for k in (ev.CardsRevealed, ev.Activated, ev.Moved, ev.ShotDeclared, ev.ShootTest, ev.Casualties,
              ev.DamageRoll, ev.StructureDamaged, ev.Saves, ev.FatigueTest, ev.Reloaded, ev.UnitGone, ev.Scored):
        assert k in kinds, k.__name__
    firsts = [e.first for e in events if isinstance(e, ev.CardsRevealed)]
    assert 0 in firsts and 1 in firsts, "South goes first, and North does once"
    tests = [e for e in events if isinstance(e, ev.FatigueTest)]
    assert any(e.passed for e in tests) and any(not e.passed for e in tests)
    south = [e for e in events if isinstance(e, ev.ShotDeclared) and e.unit == "A1"]
    assert [e.target for e in south] == ["B2", "H2"], "a unit in the open, then a house"


def test_the_scripts_are_norths_moves_and_chance_and_the_steps_souths():
    """The replay walks the written road: every example resolves to its written text."""
    written = {m.text if isinstance(m, Toward) else m for s in LESSON.steps for m in s.written_moves()}
    assert all(isinstance(m, (str, Toward)) for s in LESSON.steps for m in s.written_moves())
    scripted = {m for s in LESSON.steps for m in s.script if isinstance(m, str)} | set(LESSON.opening)
    for e in replay(LESSON, INFO).match.log:
        assert (e.text in written) if e.player == 0 else (e.text in scripted), e.text
        assert e.player in (0, 1, CHANCE)


def test_every_mark_is_a_thing_on_the_table():
    st = replay(LESSON, INFO, upto=1).match.state
    for t in ("A1", "B2", "G3", "H1", "H2"):
        assert has_target(st, t), t
    for t in ("A9", "G7", "H3", ("A2",)):
        assert not has_target(st, t), t
    end = replay(LESSON, INFO).match.state
    assert not has_target(end, "B2"), "a routed unit is off the table"


def test_reachable_counts_moves_round_the_terrain():
    st = replay(LESSON, INFO, upto=1).match.state
    assert not reachable(st, "A2", "H1", 3), "13 inches and the woods: not in three moves"
    assert reachable(st, "A2", "H1", 4)
    assert not reachable(st, "A3", "H2", 3) and reachable(st, "A3", "H2", 4), "round the rocks"


# -- free steps: their legal moves, and the lesson still lands ----------------------------------

def _due(run: LessonRun) -> None:
    to_learner(run)


def _taken(run: LessonRun) -> list[str]:
    return [str(m) for m in run.match.state.legal_moves() if run.judge(m) is None]


def _free_play(run: LessonRun, rng: random.Random) -> None:
    """Finish the lesson: a free step's moves picked at random among those it takes (its
    example may not be legal after a free walk), a required step's as written."""
    while not run.finished:
        s = run.step
        if s.kind == CHECK and run.learner_due():
            taken = _taken(run)
            assert taken, f"step {run.i + 1}: no move is taken from here"
            move = run.match.state.parse_move(rng.choice(taken))
            run.record(run.match.play(move))
        else:
            run.play_written()


@pytest.mark.parametrize("i", FREE)
def test_a_free_step_takes_its_moves_and_the_lesson_still_lands(i):
    base = replay(LESSON, INFO, upto=i)
    _due(base)
    while base.match.state.phase != "act":        # the card and the activation are written
        text = written_text(LESSON.steps[i].example[base.k], base.match.state)
        base.record(base.match.play(base.match.state.parse_move(text)))
        _due(base)
    first = _taken(base)
    assert 5 <= len(first) <= 40, first
    rng = random.Random(29 + i)
    for text in first:
        run = replay(LESSON, INFO, upto=i)
        _due(run)
        while run.match.state.phase != "act":
            text_k = written_text(LESSON.steps[i].example[run.k], run.match.state)
            run.record(run.match.play(run.match.state.parse_move(text_k)))
            _due(run)
        run.record(run.match.play(run.match.state.parse_move(text)))
        _free_play(run, rng)
        st = run.match.state
        assert st.score == [2, 0] and st.round == 3, text


def _show_me(run: LessonRun) -> str:
    """What Show me draws: the step's example resolved where the match stands."""
    return written_text(run.step.written_moves()[run.k], run.match.state)


@pytest.mark.parametrize("i", FREE)
def test_skip_and_show_me_fit_after_the_players_own_road(i):
    """The learner walks their own road (accepted moves at random) through the free steps
    before step i and part of step i, then skips to the end: at every free step Show me's
    move is one the step takes, and Skip lands the lesson as written."""
    for seed in range(4):
        rng = random.Random(1000 * i + seed)
        run = LessonRun(LESSON, start_match(LESSON, INFO))
        own = rng.randrange(3)               # the learner's own moves in step i before Skip
        while run.i < i or (run.i == i and run.k < own and not run.learner_done()):
            s = run.step
            if s.kind == CHECK and run.learner_due():
                assert run.judge(run.match.state.parse_move(_show_me(run))) is None, (run.i + 1, seed)
                taken = _taken(run)
                assert taken, f"step {run.i + 1}: no move is taken from here"
                run.record(run.match.play(run.match.state.parse_move(rng.choice(taken))))
            else:
                run.play_written()
        while not run.finished:
            j = run.i
            if run.step.kind == CHECK:
                _due(run)
                text = _show_me(run)
                assert run.judge(run.match.state.parse_move(text)) is None, (j + 1, seed, text)
            run.skip_step()
            assert run.i > j
        st = run.match.state
        assert st.score == [2, 0] and st.round == 3, (i, seed)


def test_show_me_after_round_1_ends_in_the_woods_edge():
    """The reported road: A2 ends round 1 at 9,13; step 9's written 10,17 is 4.1 inches away,
    so Show me and Skip take a move into H1 from there."""
    run = replay(LESSON, INFO, upto=2)
    _due(run)
    for text in ("move A2 9,7", "move A2 9,10", "move A2 9,13"):
        assert run.judge(run.match.state.parse_move(text)) is None, text
        run.record(run.match.play(run.match.state.parse_move(text)))
    while run.i < 8:
        run.skip_step()
    assert run.match.state.units["A2"].pos == (9.0, 13.0)
    _due(run)
    for _ in range(2):                     # the card and the activation, as written
        run.play_written()
        _due(run)
    text = _show_me(run)
    assert text != "move A2 10,17" and run.judge(run.match.state.parse_move(text)) is None, text
    run.skip_step()
    st = run.match.state
    assert st.unit_section(st.units["A2"]) == "H1"
    while not run.finished:
        run.skip_step()
    assert run.match.state.score == [2, 0]


def test_a_free_step_refuses_a_move_away_or_another_action_kindly():
    run = replay(LESSON, INFO, upto=2)
    _due(run)
    ply = run.match.ply
    for text in ("move A2 9,1", "move A2 13,4", "end"):
        assert run.judge(run.match.state.parse_move(text)) == LESSON.steps[2].wrong, text
    assert run.match.ply == ply and run.k == 0
    run = replay(LESSON, INFO, upto=8)
    _due(run)
    assert run.judge(run.match.state.parse_move("pick QC")) == LESSON.steps[8].wrong
    for text in ("pick AS", "activate A2"):
        assert run.judge(run.match.state.parse_move(text)) is None
        run.record(run.match.play(run.match.state.parse_move(text)))
        _due(run)
    st = run.match.state
    assert run.judge(st.parse_move("move A2 10,13")) == LESSON.steps[8].wrong, "one action: into the house now"
    assert run.judge(st.parse_move("end")) == LESSON.steps[8].wrong


# -- required steps: a wrong move gets the kind word and is not played ---------------------------

# -- first-time tips -------------------------------------------------------------------------------

def _tip_moments(seed: int) -> set[str]:
    m = Match(INFO, {"scenario": "field"}, [Seat(AI, "easy", "South"), Seat(AI, "easy", "North")],
              seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    d = MatchDriver(m)
    seen: set[str] = set()
    while not m.is_over():
        p = m.to_move()
        if p >= 0:
            seen |= {t.key for t in TIPS if t.when(m.state.view(p), p)}
            # a tip is the deciding seat's: never the other seat's moment
            assert not any(t.when(m.state.view(1 - p), 1 - p) for t in TIPS)
        d.step(time_scale=0.05)
    return seen


def test_every_tip_comes_in_real_seeded_games_and_not_before_its_moment():
    seen: set[str] = set()
    for seed in range(1, 6):
        seen |= _tip_moments(seed)
        if seen == {t.key for t in TIPS}:
            break
    assert seen == {t.key for t in TIPS}
    m = Match(INFO, {"scenario": "field"}, [Seat(AI, "easy", "South"), Seat(AI, "easy", "North")], seed=1,
              chance_secret=SEED_ONLY)
    st = m.state
    assert st.current_player() == CHANCE
    assert not any(t.when(st.view(s), s) for t in TIPS for s in (0, 1)), "nothing while the cards are dealt"
    st = replay(LESSON, INFO, upto=1).match.state             # South's first pick
    assert {t.key for t in TIPS if t.when(st.view(0), 0)} == {"cards"}
    assert not any(t.when(st.view(1), 1) for t in TIPS)
    assert not any(t.when(st.view(None), 0) for t in TIPS), "a spectator's view is no seat's moment"


def test_the_tips_name_their_moments_in_the_lesson():
    def due(upto):
        run = replay(LESSON, INFO, upto=upto)
        _due(run)
        return {t.key for t in TIPS if t.when(run.match.state.view(0), 0)}
    assert "reload" in due(6), "the guns carry markers while A1 acts"
    assert "house" in due(10), "B2 hides in H2 while A1 aims"
    assert "score" in due(8), "round 2's first pick"


# -- the board: marks and restrict, and the lesson by clicks ------------------------------------------

@pytest.fixture
def app():
    yield from lesson_app()


def _open(app, step=None):
    return open_lesson(app, INFO, step)


def _settle(app, scr, limit=4000):
    settle_lesson(app, scr, limit, then=1)


def _pt(scr, pos):
    x, y = scr.board.geo.pt(*pos)
    return int(round(x)), int(round(y))


def _button(scr, label):
    b = scr.board
    b.panel.refresh(scr.visible_state(), scr.can_act())
    return next(btn for btn in b.panel.buttons if btn.label.startswith(label))


def _centre(st, sid):
    poly = st.table.sections[sid].poly
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def _play_by_clicks(app, scr, text) -> None:
    """Make the move ``text`` as a player does: a card's button, a unit, a point, a target
    and Fire!, Reload."""
    from games.artillery.board.panel import card_key_label
    from tests.ui.helpers import click
    st = scr.match.state
    m = st.parse_move(text)
    if m.kind == "pick":
        click(app, _button(scr, card_key_label(m.a)).rect.center)
    elif m.kind == "activate":
        click(app, _pt(scr, st.units[m.a].pos))
    elif m.kind == "move":
        click(app, _pt(scr, m.pos))
    elif m.kind == "fire":
        where = st.units[m.target].pos if m.target in st.units else _centre(st, m.target)
        click(app, _pt(scr, where))
        assert scr.board.aim.target == m.target and scr.board.aim.fire_guns == list(m.guns)
        click(app, _button(scr, "Fire!").rect.center)
    elif m.kind == "reload":
        click(app, _button(scr, "Reload").rect.center)
    else:
        raise AssertionError(f"no click for {text}")


def _drive(app, scr, until=None, limit=400) -> None:
    """Play the lesson as a player does, by clicks: Next on cards, Roll! when asked,
    each step's move (a free step's example), until ``until()`` or the end."""
    from tests.ui.helpers import click
    for _ in range(limit):
        _settle(app, scr)
        if scr.run.finished or (until is not None and until()):
            return
        if scr.run.waiting_for_card():
            click(app, scr.next_btn.rect.center)
        elif scr.awaiting_performance():
            assert scr.awaiting_performance() == "Roll!"
            click(app, scr.perform_btn.rect.center)
        elif scr.can_act():
            run = scr.run
            text = written_text(run.step.written_moves()[run.k], scr.match.state)
            ply = scr.match.ply
            _play_by_clicks(app, scr, text)
            assert scr.match.ply > ply and scr.match.log[ply].text == text, (run.i + 1, text, scr.status)
    raise AssertionError("the lesson never ended")


def test_the_board_marks_what_a_step_points_at_and_restricts_a_required_step(app):
    scr = _open(app, step=1)
    _settle(app, scr)
    b = scr.board
    assert b.targets == ("A2",) and b.restrict and b.animating, "the marks breathe: the frame keeps drawing"
    _play_by_clicks(app, scr, "pick KC")
    _settle(app, scr)
    ply = scr.match.ply
    from tests.ui.helpers import click
    click(app, _pt(scr, scr.match.state.units["A3"].pos))          # not the marked unit
    assert scr.match.ply == ply and "marked unit" in scr.status
    click(app, _pt(scr, scr.match.state.units["A2"].pos))
    assert scr.match.state.act.unit == "A2"
    # a free step marks the unit and the house, and holds nothing back
    _settle(app, scr)
    assert b.targets == ("A2", "H1") and not b.restrict
    # the marks are drawn by the frame: the ring's colour around A2 and along H1's outline,
    # gone once the marks are cleared
    st = scr.match.state
    col = tuple(scr.theme.c["select"])

    def ringed(key, pos):
        surf = app.screen
        scr.draw(surf)
        cx, cy = _pt(scr, pos)
        r = int(2.4 * b.geo.s)
        box = [(x, y) for x in range(cx - r, cx + r + 1) for y in range(cy - r, cy + r + 1)]
        return sum(1 for p in box if tuple(surf.get_at(p))[:3] == col)

    x0, y0 = st.table.sections["H1"].poly[0]
    before = (ringed("A2", st.units["A2"].pos), ringed("H1", (x0, y0)))
    assert before[0] > 20 and before[1] > 20, before
    b.show_targets(())
    after = (ringed("A2", st.units["A2"].pos), ringed("H1", (x0, y0)))
    assert after[0] + 20 < before[0] and after[1] + 20 < before[1], (before, after)


def test_restrict_holds_back_the_wrong_target_and_the_crew(app):
    from tests.ui.helpers import click
    scr = _open(app, step=4)
    _settle(app, scr)
    b = scr.board
    st = scr.match.state
    assert b.targets == ("B2",) and b.restrict and st.act.unit == "A1"
    click(app, _pt(scr, _centre(st, "H2")))             # a legal target, but not the marked one
    assert b.aim.target is None and "marked target" in scr.status
    click(app, _pt(scr, st.units["A1"].pos))            # the crew stays put this step
    assert b.drag is None and "where it stands" in scr.status
    click(app, _pt(scr, st.guns["G1"].pos))             # no turning either
    assert b.sel_gun is None
    ply = scr.match.ply
    assert not scr.submit(Move("fire", guns=("G1", "G3"), target="B2", ammo="round"))
    assert scr.match.ply == ply and scr.status == LESSON.steps[4].wrong
    click(app, _pt(scr, st.units["B2"].pos))
    assert b.aim.target == "B2" and b.aim.fire_guns == ["G1", "G3", "G5"]


def test_without_a_lesson_nothing_is_held_back(app):
    from games.ui.game_screen import GameScreen
    from tests.ui.helpers import frames
    m = Match(INFO, {"scenario": "field"}, [Seat("human", "easy", "South"), Seat(AI, "easy", "North")],
              seed=3, ai_secret=3, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 3)
    b = g.board
    assert b.targets == () and not b.restrict and not b._held("A3")
    assert b._restricted(g.visible_state(), None, (0, 0), []) is None


@pytest.mark.slow
def test_the_whole_lesson_by_clicks_with_a_wrong_move_a_restart_and_a_skip(app):
    from tests.ui.helpers import click
    scr = _open(app, step=0)
    assert scr.run.i == 0 and scr.run.waiting_for_card()
    _drive(app, scr, until=lambda: scr.run.i == 2 and scr.can_act())
    # step 3, free: a move away from the house is refused with the kind word, not played
    st = scr.match.state
    ply = scr.match.ply
    click(app, _pt(scr, (9, 1)))
    assert scr.match.ply == ply and scr.status == LESSON.steps[2].wrong
    # one move, then Restart: A2 is back where the step began
    click(app, _pt(scr, (10, 7)))
    assert scr.match.state.units["A2"].pos == (10.0, 7.0)
    click(app, scr.restart_btn.rect.center)
    _settle(app, scr)
    assert scr.match.state.units["A2"].pos == (9.0, 4.0) and scr.run.i == 2 and scr.run.k == 0
    # on to step 7 (reload) and skip it: the guns are reloaded twice as written
    _drive(app, scr, until=lambda: scr.run.i == 6 and scr.can_act())
    assert st is not None
    click(app, scr.skip_btn.rect.center)
    _settle(app, scr)
    assert scr.run.i == 7 and scr.match.state.guns["G1"].markers == 2
    _drive(app, scr)
    st = scr.match.state
    assert scr.run.finished and st.score == [2, 0] and st.round == 3
    assert app.settings.learn["artillery"] == {"step": 0, "done": True}
    assert scr.play_btn.rect.w > 0 and scr.card_fits()
    # the column waits for nothing once the lesson is over (a play-test read "Waiting...")
    assert scr.board.panel._lines(st, scr.can_act()) == ["Lesson done"]


@pytest.mark.slow
def test_the_whole_lesson_by_clicks_at_800x600():
    from games.ui.headless import make_app
    app = make_app((800, 600), animation="fast")
    try:
        scr = _open(app, step=0)
        _drive(app, scr)
        assert scr.run.finished and scr.match.state.score == [2, 0]
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()


def test_at_800x600_the_column_opens_beside_the_table_so_the_units_a_card_names_stay_in_view():
    """A play-test of Learn at 800x600: at "Your guns" the column opened over the table for
    the card choice and hid B2 and the stone house the card talks about."""
    from games.ui.headless import make_app
    app = make_app((800, 600), animation="fast")
    try:
        scr = _open(app, step=3)
        _settle(app, scr)
        assert scr.run.step.title == "Your guns" and scr.match.state.phase == "pick"
        b = scr.board
        assert b._col_shown and not b._col_over, "the column stands beside the table"
        for uid in ("A1", "B2"):
            assert b.on_map(_pt(scr, scr.match.state.units[uid].pos)), f"{uid} is in view"
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()


def test_a_crews_three_guns_in_one_state_are_one_line_and_the_column_cuts_nothing():
    """A play-test of Learn at 1920x1080 and 175%: "Reload": A1's three Light Cannons took
    six lines under an empty Roll! place and the column ended "G5 Light Cannon: 4 reload ...".
    Guns of one kind in one state are said once; the Roll! place is used when nothing is
    to roll."""
    from games.artillery.board import panel as P
    from games.ui.headless import make_app
    from tests.ui.helpers import spy_texts
    import pytest as _pytest
    app = make_app((1920, 1080), animation="fast", ui_scale=1.75)
    try:
        scr = _open(app, step=6)
        _settle(app, scr)
        st = scr.match.state
        assert st.act is not None and st.act.unit == "A1" and len(st.guns_of("A1")) == 3
        lines = [line for line, _c in scr.board.panel.info_lines(st, True)]
        assert any(line.startswith("G1, G3, G5 Light Cannons: ") for line in lines), lines
        mp = _pytest.MonkeyPatch()
        try:
            said = spy_texts(mp, P)
            scr.draw(app.screen)
        finally:
            mp.undo()
        assert any(t.startswith("G1, G3, G5 Light Cannons") for t in said), said
        cut = [t for t in said if t.endswith("...")]
        assert not [t for t in cut if "reload" in t or "Cannon" in t], f"a gun's line is cut: {cut}"
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()


def test_the_measured_lines_numbers_keep_off_the_units(monkeypatch):
    """A play-test of Learn at 1280x720, "Fire at a house": the aim line's numbers
    ("12.1"  +1  5+  60%") sat on the player's own A3."""
    import pygame
    from games.artillery.board import drawing as DR
    from games.artillery.board import overlays as O
    from games.ui.headless import make_app
    from tests.ui.helpers import click, frames
    app = make_app((1280, 720), animation="fast")
    try:
        scr = _open(app, step=10)
        _settle(app, scr)
        st = scr.match.state
        assert scr.run.step.title == "Fire at a house"
        click(app, _pt(scr, _centre(st, "H2")))
        assert scr.board.aim.target == "H2"
        drawn = []
        real = O.draw_text

        def spy(surface, text, f, *a, **k):
            r = real(surface, text, f, *a, **k)
            drawn.append((text, r))
            return r
        monkeypatch.setattr(O, "draw_text", spy)
        frames(app, 1)
        scr.draw(app.screen)
        label = next(r for text, r in drawn if text.endswith("%") and '"' in text)
        geo = scr.board.geo
        rad = DR.unit_radius(geo)
        for u in st.live_units():
            x, y = geo.pt(*u.pos)
            base = pygame.Rect(int(x - rad), int(y - rad), int(2 * rad), int(2 * rad))
            assert not label.colliderect(base), f"the numbers lie on {u.id}"
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()
