"""Cannon's lesson (Learn): a first game, one idea a step (games.core.lesson)."""
from __future__ import annotations

from games.core.lesson import CARD, DO, Lesson, LessonStep

LESSON = Lesson(
    game="cannon",
    title="Learn Cannon",
    steps=(
        LessonStep(CARD, "Welcome", "You play Dark, at the bottom. Each side has fifteen soldiers and, "
                   "placed first, a town. Capture the enemy town to win."),
        LessonStep(DO, "Place your town", "Put your town on your back row: click the marked point.",
                   moves=("Te1",), script=("Tf10",), wrong="This time, put the town on the marked point."),
        LessonStep(DO, "A soldier steps", "A soldier steps one point forward or diagonally forward. "
                   "Move the marked soldier.", moves=("e2-e3",) , script=("f9-f8",)),
    ),
    finale="That is Cannon. Now play a real game against the computer.",
    minutes=6,
)
