"""The lesson core (games.core.lesson): a run follows its lesson along a real match,
judges the player's moves, plays the script, and CI's check finds a lesson's faults.
A toy lesson on Cannon's real rules (the games' own lessons are checked in their folders)."""
from __future__ import annotations

import pytest

from games.cannon import INFO
from games.core.game import IllegalMove
from games.core.lesson import (ANY, CARD, CHECK, DO, MAX_STEPS, Lesson, LessonError, LessonRun, LessonStep,
                               check_lesson, replay, start_match)
from games.core.match import Match, Seat, SEED_ONLY


def _file(text: str, end: int) -> str:
    """The file letter of a move's start (0) or end (1) point: "a4-a5" -> "a", "a"."""
    return text.split("-")[end][0] if "-" in text else ""


def toy(**over) -> Lesson:
    steps = (
        LessonStep(CARD, "Welcome", "You play Dark."),
        LessonStep(DO, "Town", "Place it.", moves=("Te1",), script=("Tf10",), wrong="The marked point, please."),
        LessonStep(ANY, "Any", "Any move.", example=("c2-d3",),
                   script=(lambda s: str(s.legal_moves()[0]),)),
        LessonStep(CHECK, "Forward", "Step a soldier straight forward.",
                   check=lambda before, move, after: _file(str(move), 0) == _file(str(move), 1),
                   example=("a4-a5",), wrong="Straight forward, this time."),
    )
    return Lesson(**{"game": "cannon", "title": "Toy", "steps": steps, "finale": "Done.", **over})


def test_a_toy_lesson_replays_to_its_end_and_checks_clean():
    assert check_lesson(toy(), INFO) == []
    run = replay(toy(), INFO)
    assert run.finished
    assert [e.text for e in run.match.log][:2] == ["Te1", "Tf10"]


def test_a_card_takes_no_move_until_next():
    run = LessonRun(toy(), start_match(toy(), INFO))
    assert run.waiting_for_card() and not run.learner_due()
    assert run.judge(run.match.state.parse_move("Te1")) is not None
    assert run.press_next() and run.i == 1 and run.learner_due()


def test_a_do_step_refuses_another_move_with_its_kind_word_and_takes_its_own():
    run = replay(toy(), INFO, upto=1)
    assert run.judge(run.match.state.parse_move("Tb1")) == "The marked point, please."
    assert run.judge(run.match.state.parse_move("Te1")) is None
    assert run.expected() == "Te1"


def test_the_script_answers_and_the_step_ends_after_it():
    run = replay(toy(), INFO, upto=1)
    run.record(run.match.play(run.match.state.parse_move("Te1")))
    assert run.i == 1 and not run.step_done(), "the reply is still to come"
    assert str(run.scripted_move()) == "Tf10"
    assert run.record(run.match.play(run.scripted_move())) and run.i == 2


def test_an_any_step_takes_any_legal_move_and_its_reply_follows_the_position():
    for alt in ("a2-b3", "i2-h3", "c4-c5"):
        run = replay(toy(), INFO, upto=2)
        run.record(run.match.play(run.match.state.parse_move(alt)))
        run.record(run.match.play(run.scripted_move()))
        assert run.i == 3, alt


def test_a_check_step_refuses_a_move_that_fails_its_check_and_takes_one_that_passes():
    run = replay(toy(), INFO, upto=3)
    assert run.judge(run.match.state.parse_move("a4-b5")) == "Straight forward, this time."
    assert run.judge(run.match.state.parse_move("e4-e5")) is None


def test_skip_plays_the_written_moves_and_restart_counts_from_the_step_start():
    run = replay(toy(), INFO, upto=1)
    ply = run.step_ply
    run.skip_step()
    assert run.i == 2 and run.match.ply == ply + 2
    run.record(run.match.play(run.match.state.parse_move("a2-b3")))
    run.match.rewind_to(run.step_ply)
    run.restart_step()
    assert run.k == run.r == 0 and run.match.ply == ply + 2


def test_check_finds_a_script_that_runs_out():
    bad = toy(steps=(LessonStep(DO, "Town", "Place it.", moves=("Te1",)),
                     LessonStep(DO, "Step", "Step.", moves=("e4-e5",))))
    assert any("script ran out" in p for p in check_lesson(bad, INFO))


def test_check_finds_a_written_move_not_legal_and_a_script_left_over():
    bad = toy(steps=(LessonStep(DO, "Town", "Place it.", moves=("Te5",), script=("Tf10",)),))
    assert any("not legal" in p for p in check_lesson(bad, INFO))
    left = toy(steps=(LessonStep(DO, "Town", "Place it.", moves=("Te1",), script=("Tf10", "f7-f6")),))
    assert any("script" in p for p in check_lesson(left, INFO))


def test_check_finds_long_cards_too_many_steps_missing_examples_and_marks_off_the_board():
    long = toy(steps=(LessonStep(CARD, "Long", " ".join(["word"] * 41)),))
    assert any("41 words" in p for p in check_lesson(long, INFO))
    many = toy(steps=tuple(LessonStep(CARD, f"C{i}", "Read.") for i in range(MAX_STEPS + 1)))
    assert any("steps" in p for p in check_lesson(many, INFO))
    no_example = toy(steps=(LessonStep(ANY, "Any", "Any."),))
    assert any("example" in p for p in check_lesson(no_example, INFO))
    marks = toy(steps=(LessonStep(CARD, "Look", "Here.", targets=("e1", "z99")),),
                has_target=lambda state, t: t in {f"{c}{r}" for c in "abcdefghij" for r in range(1, 11)})
    assert check_lesson(marks, INFO) == ["step 1: mark 'z99' is not on the board"]


def test_a_step_that_refuses_its_own_written_move_is_a_lesson_error():
    bad = toy(steps=(LessonStep(CHECK, "Never", "Nothing passes.", check=lambda b, m, a: False,
                                example=("Te1",)),))
    with pytest.raises(LessonError):
        replay(bad, INFO)


def test_apply_outcome_takes_only_an_outcome_of_the_chance_event_due():
    from games.cannon_ball import INFO as BALL
    m = Match(BALL, {}, [Seat(), Seat()], seed=1, chance_secret=SEED_ONLY)
    with pytest.raises(IllegalMove):
        m.apply_outcome("anything")           # no chance is due at the start, or not that outcome
    while m.to_move() >= 0:
        m.play(m.state.legal_moves()[0])
    outcomes = [o for o, _ in m.state.chance_outcomes()]
    with pytest.raises(IllegalMove):
        m.apply_outcome("not an outcome")
    entry = m.apply_outcome(outcomes[-1])
    assert entry.text == str(outcomes[-1])


def test_rewind_to_goes_below_the_undo_floor_and_keeps_replay_exact():
    m = start_match(toy(), INFO)
    for t in ("Te1", "Tf10", "e4-e5"):
        m.play(m.state.parse_move(t))
    m.floor = 3
    m.rewind_to(1)
    assert m.ply == 1 and m.floor == 1 and str(m.state.legal_moves()[0]).startswith("T")
    with pytest.raises(IndexError):
        m.rewind_to(5)
