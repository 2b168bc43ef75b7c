"""Driving a lesson (games.core.lesson) headless and through the real frame: what every
game's tests/<game>/test_lesson.py shares. Frames are counted, never timed."""
from __future__ import annotations

from typing import Any, Iterator

from games.core.lesson import LessonRun


def lesson_app(size: tuple[int, int] = (1280, 720), animation: str = "fast") -> Iterator[Any]:
    """An app for a lesson test (a fixture's body: ``yield from lesson_app()``), closed after."""
    from games.ui.headless import make_app
    a = make_app(size, animation=animation)
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    a.stack.scenes.clear()


def open_lesson(app: Any, info: Any, step: int | None = None) -> Any:
    """The game's LearnScreen at ``step`` (None: where the settings left it), a few frames in."""
    from games.ui.learn_screen import LearnScreen
    from tests.ui.helpers import frames
    scr = LearnScreen(app, info, step=step)
    app.push(scr)
    frames(app, 3)
    return scr


def settle_lesson(app: Any, scr: Any, limit: int = 3000, then: int = 0) -> None:
    """Frames until the player can act or perform (spin, roll), a card waits, or the lesson
    is over; then ``then`` frames more. Stuck after ``limit`` frames: a failure."""
    from tests.ui.helpers import step
    for _ in range(limit):
        if not scr.board.busy and (scr.can_act() or scr.run.waiting_for_card() or scr.run.finished
                                   or scr.awaiting_performance()):
            for _ in range(then):
                step(app)
            return
        step(app)
    raise AssertionError(f"stuck at step {scr.run.i + 1} ({scr.run.k}, {scr.run.r})")


def to_learner(run: LessonRun) -> None:
    """Play the script (and a card's Next) until the player's move is due in this step."""
    i = run.i
    while run.i == i and not run.learner_due():
        run.play_written()
    assert run.i == i


def finish(run: LessonRun) -> None:
    """Play the rest of the lesson as written."""
    while not run.finished:
        run.play_written()
