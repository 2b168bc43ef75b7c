"""The Cannon Ball AI's levels: what Easy, Normal and Hard switch on, and their weights.

A :class:`Level` says how wide the planner searches (beam), how much noise it adds,
which macro actions it may use (planned attacks, TNT, rebuilding), how long it may
think, and its gate policy; :data:`LEVELS` names the three. They live apart so the
differences between the levels read in one place, apart from the code they steer.
"""
from __future__ import annotations

from dataclasses import dataclass

from .evaluation import Weights


@dataclass
class Level:
    name: str
    beam: int = 1
    noise: float = 0.0
    attacks: bool = True
    tnt: bool = False
    rebuild: bool = False
    seconds: float = 1.0
    max_macros: int = 14
    per_man: int = 2
    weights: Weights | None = None
    gate_policy: str = "threat"        # "threat" or "late"
    close_at: float = 0.2
    styles: bool = False               # plans a game as a cannon siege or a TNT rush, half the games each


#: quiet turns (nothing lost) after which even a level that plans no attacks (Easy) makes them:
#: the game's truce comes at 60, and a sparring game that ends in one teaches nothing
STANDOFF = 10

#: a rushing Hard player shuts a gate only when the enemy is sure to reach it next turn
#: (the chances come in twelfths of the spinner: 11/12 is where a besieger shuts it)
RUSH_CLOSE_AT = 0.99


def siege_weights(w: Weights) -> Weights:
    """The weights of a game planned as a cannon siege: cannons pulled forward harder,
    three men (not five) wanted at the enemy gate, no pull towards five men with TNT, and
    two guards kept in a threatened gate section of its own (so an enemy rush with TNT
    must fight its way in). A Hard player that always rushed would be predictable, and
    would make one way of winning the whole game; half its games it besieges instead."""
    from dataclasses import replace
    return replace(w, cannon_near=w.cannon_near * 2.0, gamble_ready=w.gamble_ready * 1.5, tnt_ready=0.0,
                   in_section_max=3, guards=2)


LEVELS = {
    "easy": Level("easy", beam=1, noise=3.0, attacks=False, seconds=0.5, per_man=1,
                  weights=Weights(vulnerable=0.0, home_min=3), gate_policy="late"),
    "normal": Level("normal", beam=1, noise=0.0, attacks=True, seconds=1.0, per_man=1,
                    weights=Weights(vulnerable=0.0, raid=0.0, urgency=12.0), close_at=0.5),
    "hard": Level("hard", beam=3, noise=0.0, attacks=True, tnt=True, rebuild=True, seconds=1.2, per_man=2,
                  weights=Weights(vulnerable=0.4, gate_threat=60.0, raid=10.0, lit_tnt=8.0, tnt=0.3,
                                  urgency=12.0, tnt_ready=45.0, gamble_ready=70.0, cannon_near=20.0,
                                  rebuild_pull=4.0, guard=2.0),
                  close_at=0.85, styles=True),
}
