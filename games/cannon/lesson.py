"""Cannon's lesson (Learn): a first game as Dark, one idea a step (games.core.lesson),
and the first-time tips of real games (``TIPS``).

The learner plays Dark (seat 0); Light's moves are the steps' scripts. Long shots are
Pass-over (the game's default, so what is learnt holds in the real game the end card
offers): only the point right in front of a cannon can block its shot.

The game, move by move (Dark, then Light's reply):

* Tf1, Te10: the towns.
* c4-c5 (a step), d7-d6: Light comes to fight.
* c5xd6 (a capture), f7-e6: e6 attacks d6 from the side.
* d6-d4 (a retreat), e6-e5: Light's soldier blocks the e2-e4 cannon and threatens d4, e4.
* d4xe5 (the blocker taken: e2-e5 now holds the cannon e3-e5), d8-e7.
* e5*e7 (a shot), h7-h6: Light starts an attack on the other wing.
* e3-e6 (a slide), h6-h5: threatening g4 and i4.
* e4-e7 (a slide: the cannon aims at e10), h5xg4.
* e7*e10 (found by the player, a CHECK): the town falls, Dark wins.

Marks (``LessonStep.targets``) are point names ("e4"); the board rings them, and on a
DO step picks up only marked soldiers (a shot may be fired from any soldier of its
cannon, so the whole cannon is marked).
"""
from __future__ import annotations

from typing import Any

from games.cannon import rules as R
from games.core.lesson import CARD, CHECK, DO, Lesson, LessonStep, Tip


def has_target(state: Any, target: Any) -> bool:
    """A mark is the name of a point of the board ("a1" to "j10")."""
    return isinstance(target, str) and R.parse_square(target) is not None


def _wins(before: Any, move: Any, after: Any) -> bool:
    """The move took Light's town (the game is over and Dark won)."""
    return after.is_over() and after.returns()[R.DARK] > 0


LESSON = Lesson(
    game="cannon",
    title="Learn Cannon",
    options={"shot": "pass-over", "tournament": False, "repetition": False, "rotate": False},
    steps=(
        LessonStep(
            CARD, "Welcome to Cannon",
            "You play Dark, at the bottom, moving up. Each side has fifteen soldiers and a town. "
            "Take the enemy town and you win at once. Do the marked moves; Show me helps if you are stuck."),
        LessonStep(
            DO, "Found your town",
            "First each side founds its town on its back row, never in a corner. A town never moves, "
            "so your soldiers must guard it. Click the ringed point, f1.",
            moves=("Tf1",), targets=("f1",), script=("Te10",),
            wrong="This time, found the town on the ringed point, f1."),
        LessonStep(
            DO, "A soldier steps",
            "Light founded its town on e10. A soldier steps one point forward, straight or diagonally, "
            "onto an empty point. Click c4, then c5.",
            moves=("c4-c5",), targets=("c4", "c5"), script=("d7-d6",),
            wrong="Step the soldier on c4 up to c5."),
        LessonStep(
            DO, "Capture",
            "Light's d6 threatens your c5. A soldier captures by moving onto an enemy next to it: "
            "ahead, diagonally ahead or sideways. Take d6!",
            moves=("c5xd6",), targets=("c5", "d6"), script=("f7-e6",),
            wrong="Capture d6 with your soldier on c5."),
        LessonStep(
            DO, "Retreat",
            "e6 attacks d6 from the side. Taking it works too; here, learn the other answer. "
            "A soldier next to an enemy may retreat two points back, straight or diagonally, over "
            "an empty point. Pull back to d4.",
            moves=("d6-d4",), targets=("d6", "d4"), script=("e6-e5",),
            wrong="Retreat: move d6 two points straight back, to d4."),
        LessonStep(
            CARD, "Cannons",
            "Three of your soldiers in a straight line make a cannon, like e2, e3, e4. A cannon fires "
            "at an enemy two or three points past its end and stays put. The point right in front "
            "must be empty.",
            targets=("e2", "e3", "e4")),
        LessonStep(
            DO, "A blocked cannon",
            "Light's e5 stands right in front of your cannon, so it cannot fire, and it threatens d4 "
            "and e4. Capture it with d4. (Only that front point blocks a shot: the default "
            "Pass-over rule.)",
            moves=("d4xe5",), targets=("d4", "e5"), script=("d8-e7",),
            wrong="Clear the way: capture e5 with your soldier on d4."),
        LessonStep(
            DO, "Fire!",
            "Now e3, e4, e5 is a cannon with e6 empty in front, and Light stepped to e7, two points "
            "past it. Shoot: click a soldier of the cannon, then e7.",
            moves=("e5*e7",), targets=("e3", "e4", "e5", "e7"), script=("h7-h6",),
            wrong="Fire the cannon e3, e4, e5 at e7."),
        LessonStep(
            DO, "Slide",
            "A cannon moves by sliding: its back soldier jumps to the empty point just past its front. "
            "Your cannon is e3, e4, e5: slide e3 to e6, towards Light's town.",
            moves=("e3-e6",), targets=("e3", "e6"), script=("h6-h5",),
            wrong="Slide the cannon: move its back soldier, e3, to e6."),
        LessonStep(
            DO, "Slide again",
            "Light's h5 threatens g4 and i4. Let it: slide once more, e4 to e7, and your cannon "
            "aims at Light's town.",
            moves=("e4-e7",), targets=("e4", "e7"), script=("h5xg4",),
            wrong="Slide again: move e4 to e7."),
        LessonStep(
            CHECK, "Take the town",
            "Light took g4, too late. Your cannon e5, e6, e7 has e8 empty in front, and Light's "
            "town stands three points past it. Find the shot and win!",
            targets=("e10",), check=_wins, example=("e7*e10",),
            wrong="That is allowed, but Light's town still stands. Fire your cannon at e10."),
    ),
    finale="You shot Light's town and won! You know every move now: step, capture, retreat, "
           "slide and shoot. Guard your town and try a real game against the computer.",
    minutes=6,
    has_target=has_target,
)


# -- first-time tips in real games ----------------------------------------------------------

def _deciding(view: Any, seat: int, phase: R.Phase) -> bool:
    return view.phase is phase and view.to_move == seat


def _can(view: Any, seat: int, kind: str) -> bool:
    return _deciding(view, seat, R.Phase.PLAY) and any(m.kind == kind for m in view.legal_moves())


TIPS = (
    Tip("town", "Found your town where your soldiers can guard it: it never moves.",
        lambda view, seat: _deciding(view, seat, R.Phase.PLACE)),
    Tip("cannon", "Three soldiers in a line are a cannon: click one to see its slides and shots.",
        lambda view, seat: _can(view, seat, "slide")),
    Tip("shot", "A cannon can fire now: click one of its soldiers, then the target.",
        lambda view, seat: _can(view, seat, "shot")),
    Tip("retreat", "A soldier next to an enemy may retreat two points back, over an empty point.",
        lambda view, seat: _can(view, seat, "retreat")),
    Tip("danger", "Your town is in danger: capture the attacker or block the shot, now.",
        lambda view, seat: _deciding(view, seat, R.Phase.PLAY) and R.town_threatened(view, seat)),
)
