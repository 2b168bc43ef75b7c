"""Cannon Corps' lesson (Learn): a first game against Ben, one idea a step
(games.core.lesson), and the first-time tips of real games.

The learner is Ana (seat 0). Ben's set-up, his deployments and his shots are
moves of his seat in the steps' scripts: the cards never say where his dice are,
only where to aim. What the learner chooses freely (where a hit platoon runs for
cover, which reserve comes in and where) is kept clear of everything Ben does
later: his shots go at Ana's d20 (A4) and d4 (C1), which never move, and no cover
or deployment can land on either space while that platoon stands there.

Ana hides d4@C1 d8@A2 d12@B3 d20@A4 (reserves d6 d10 d%); Ben hides d4@A3 d6@C1
d10@A1 d12@B2 (reserves d8 d% d20). The game, shot by shot:

* Ana d20 (20) at B2: Ben's d12 is defeated; he deploys d8 at C4; Ana's d20 is 10.
* Ben d6 (6) at B3: Ana's d12 survives at 6 and runs for cover, or bluffs.
* Ana d12 (6) at A3: Ben's d4 is defeated; he deploys d% at B2.
* Ben d10 (10) at A4: Ana's d20 (10) is defeated; she deploys a reserve.
* Ana d8 (8) at C4: Ben's d8 is defeated; he deploys his last reserve, d20, at A4.
* Ben d6 (3) at C1: Ana's d4 survives at 1; she runs or bluffs.
* Ana d4 (1) at A4: a final salvo; Ben's d20 falls, his fourth: Ana wins.

Tips (``TIPS``) read only the deciding seat's view.
"""
from __future__ import annotations

from typing import Any

from games.cannon_corps.rules import (
    DICE, SPACES, CoverDecision, DeployDecision, FireDecision, FiredNote, Phase, SetupDecision)
from games.core.lesson import ANY, CARD, DO, Lesson, LessonStep, Tip

ANA, BEN = 0, 1

#: Ana's set-up, placed by hand in step 2 (die -> space)
ANA_SETUP = {"d4": "C1", "d8": "A2", "d12": "B3", "d20": "A4"}
#: Ben's, a move of his seat: the cards never name it
BEN_SETUP = "setup d4@A3 d6@C1 d10@A1 d12@B2"


def _setup_text(placements: dict[str, str]) -> str:
    return "setup " + " ".join(f"{d}@{placements[d]}" for d in DICE if d in placements)


def has_target(state: Any, target: Any) -> bool:
    """A mark is a die of the learner's (a name: on its grid, in its reserves, or in
    the tray while it sets up), a space of a seat's grid (``(seat, space)``) or its
    row of defeated dice (``(seat, "defeated")``)."""
    if isinstance(target, tuple):
        seat, space = target
        return 0 <= seat < state.num_players and (space in SPACES or space == "defeated")
    if target not in DICE:
        return False
    v = state.view(ANA)
    if v.phase is Phase.SETUP:
        return True
    return target in v.my_platoons or target in v.my_reserves


LESSON = Lesson(
    game="cannon_corps",
    title="Learn Cannon Corps",
    steps=(
        LessonStep(
            CARD, "Welcome",
            "You are Ana, with seven dice, against Ben. Each army hides four dice as platoons on a "
            "secret grid; the other three wait as reserves. Defeat four of Ben's platoons and yours "
            "is the last army standing."),
        LessonStep(
            DO, "Hide your platoons",
            "Pick a marked die, then its marked space on your grid. Place all four, then press "
            "Confirm. Nobody else sees your grid. The three dice left over are your reserves.",
            moves=(_setup_text(ANA_SETUP),),
            targets=tuple(ANA_SETUP) + tuple((ANA, sp) for sp in ANA_SETUP.values()),
            wrong="Put each marked die on its marked space this time.",
            script=(BEN_SETUP, "start 0"),
            praise="Hidden. Ben has hidden his platoons too."),
        LessonStep(
            DO, "Fire!",
            "You fire first. A platoon's value is its power. Pick your d20, then B2 on Ben's grid: "
            "whatever hides there loses 20.",
            moves=("fire d20 B2",),
            targets=("d20", (BEN, "B2")),
            wrong="This time, fire your d20 at B2 on Ben's grid.",
            script=("deploy d8 C4",)),
        LessonStep(
            CARD, "Defeated",
            "Hit! Ben's platoon there had less than 20, so it is defeated: its die is shown in his "
            "defeated row. He deployed a reserve at full power, somewhere you cannot see. Next, "
            "Ben fires back.",
            targets=((BEN, "B2"), (BEN, "defeated")),
            script=("fire d6 B3",)),
        LessonStep(
            ANY, "Run for cover",
            "Ben hit your d12: it survived at 6. Click a lit space to run for cover, or press Stay "
            "to bluff. Either way Ben only hears that you ran, so he must guess.",
            example=("cover d12 C3",)),
        LessonStep(
            DO, "Used ammo",
            "Firing halved your d20 from 20 to 10: each shot halves the platoon that fires, rounding "
            "down. So choose who fires. Fire your d12, power 6, at A3.",
            moves=("fire d12 A3",),
            targets=("d12", (BEN, "A3")),
            wrong="This time, fire your d12 at A3 on Ben's grid.",
            script=("deploy d% B2", "fire d10 A4")),
        LessonStep(
            ANY, "Reinforce",
            "Another of Ben's platoons fell, but his power 10 shot defeated your d20. Pick a reserve "
            "and put it on any empty space: it joins at full power. Four defeats and an army is out.",
            targets=("d6", "d10", "d%"),
            example=("deploy d10 A4",)),
        LessonStep(
            DO, "Keep hunting",
            "Ben has lost two platoons; two more and his army is out. Fire your d8 at C4.",
            moves=("fire d8 C4",),
            targets=("d8", (BEN, "C4")),
            wrong="This time, fire your d8 at C4 on Ben's grid.",
            script=("deploy d20 A4", "fire d6 C1")),
        LessonStep(
            ANY, "Down to 1",
            "A third one down! But Ben left your d4 at 1. At 1 a platoon fires a FINAL SALVO: it "
            "defeats whatever it hits, however strong, then falls itself. Run or bluff first.",
            example=("stay d4",)),
        LessonStep(
            DO, "Final salvo",
            "One more defeat and Ben is out. Fire your d4's final salvo at A4.",
            moves=("fire d4 A4",),
            targets=("d4", (BEN, "A4")),
            wrong="This time, fire your d4 at A4 on Ben's grid."),
    ),
    finale="Ben's fourth platoon fell: his army is out and every grid is revealed. Yours is the "
           "last army standing. You win! Now try a real game.",
    minutes=6,
    has_target=has_target,
)


# -- first-time tips in real games ---------------------------------------------------------

def _mine(view: Any, seat: int, kind: type) -> bool:
    return view.seat == seat and view.is_my_decision() and isinstance(view.pending, kind)


def _first_shot(view: Any, seat: int) -> bool:
    return _mine(view, seat, FireDecision) and not any(isinstance(n, FiredNote) for n in view.my_private)


def _salvo_ready(view: Any, seat: int) -> bool:
    return _mine(view, seat, FireDecision) and any(val == 1 for _, val in view.my_platoons.values())


TIPS = (
    Tip("corps_setup", "Hide four dice on your grid; the other three wait as reserves.",
        lambda view, seat: _mine(view, seat, SetupDecision)),
    Tip("corps_fire", "Pick a platoon, then a space on an enemy grid. Firing halves its power.",
        _first_shot),
    Tip("corps_cover", "Hit but alive: click a lit space to run, or Stay to bluff. Nobody hears which.",
        lambda view, seat: _mine(view, seat, CoverDecision)),
    Tip("corps_deploy", "A platoon fell: deploy a reserve on any empty space, at full power.",
        lambda view, seat: _mine(view, seat, DeployDecision)),
    Tip("corps_salvo", "A platoon at 1 fires a final salvo: it defeats what it hits, then falls.",
        _salvo_ready),
)
