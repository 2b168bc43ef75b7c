"""Cannon Ball's fixed numbers and the map tables the rules engine reads.

The seat names, the phases and the ends of a war (:class:`Phase`, :class:`EndReason`),
the section and assault limits, the bridge risks, and
the per-box and per-section lookups (ways out of each box, bridge ends, gate boxes,
cannon spots) derived once from :mod:`games.cannon_ball.rules.battlefield`. They live
apart because every other rules module, the AI and the board read them, and none
of them changes during a game; :mod:`games.cannon_ball.rules` re-exports them all.
"""
from __future__ import annotations

import enum

from . import battlefield as M

SOUTH, NORTH = 0, 1
NAMES = M.SEATS
EMPTY = -1
TNT_CASES = 5
SECTION_LIMIT = 3           # your men in a section at the end of your move
ASSAULT_LIMIT = 5           # ... in an enemy gate section
QUIET_TURNS = 60            # turns in a row with nothing lost, blown or rebuilt: a truce
TURN_LIMIT = 200            # turns in all (100 each): the war ends in a truce
SPIN_VALUES = tuple(range(1, 13))
CALLS = ("odd", "even")

#: bridge risk option -> the chance a crossing blows the bridge
RISKS: dict[str, float] = {"low": 1 / 48, "normal": 1 / 24, "high": 1 / 12, "wild": 1 / 6}
BUDGET_MODES = ("shared", "each")



class Phase(str, enum.Enum):
    """Where the turn stands. A str Enum: its value is the word snapshots, saves and the
    phone's JSON have always shown (``str(Phase.MOVING) == "moving"``)."""
    OPENING = "opening"     # both players spin (CHANCE); the higher spin moves first, ties spin again
    CHOOSE = "choose"       # the player picks a move turn, a gate turn or a gamble
    SPIN = "spin"           # the Fort Commander spins for the choice (CHANCE, performed by that player)
    MOVING = "moving"       # a move turn: small moves paid from the spin, then ``end``
    BRIDGE = "bridge"       # does the bridge just crossed hold? (CHANCE, performed by nobody)
    OVER = "over"

    def __str__(self) -> str:
        return self.value


# The members under short names, for the rules' and the AI's inner loops: a module
# global costs what the string constants did, where ``Phase.MOVING`` (an attribute of
# the Enum's class) costs some 50 ns more each time it is read.
OPENING, CHOOSE, SPIN, MOVING, BRIDGE, OVER = (Phase.OPENING, Phase.CHOOSE, Phase.SPIN, Phase.MOVING, Phase.BRIDGE,
                                               Phase.OVER)


class EndReason(str, enum.Enum):
    """How the war ended (``State.end``; the result's words, ``State.reason``, say it
    with the seats, the gate and the numbers)."""
    OPEN_GATE = "open gate entered"       # 5 men, or 3 and a cannon, before an enemy's open gate
    GATE_SHOT_DOWN = "gate shot down"     # a cannon at the gate, called right
    GATE_BLOWN_UP = "gate blown up"       # TNT slid under the gate went off
    FORT_DESERTED = "fort deserted"       # a side left its fort and gate sections empty
    FORTS_EMPTY = "both forts empty"      # both did at once: a draw
    NO_ARMIES = "no army left"            # neither side can take a fort any more: a truce
    QUIET = "quiet turns"                 # the quiet turns in a row without a loss: a truce
    TURN_LIMIT = "turn limit"             # the war lasted its turns: a truce

    def __str__(self) -> str:
        return self.value


N_BOXES = M.N_BOXES
N_SECTIONS = M.N_SECTIONS
SEC = tuple(b.section for b in M.BOXES)          # box -> section (-1 in forts)
FORT_OF = tuple(b.fort for b in M.BOXES)         # box -> fort owner (-1 outside)
HOME = M.HOME


# -- map tables the engine uses -------------------------------------------------------------

def _links() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per box: (other box, bridge index or -1, gate index or -1) for every way out."""
    out: list[list[tuple[int, int, int]]] = [[(j, -1, -1) for j in M.NEIGHBOURS[i]] for i in range(N_BOXES)]
    for br in M.BRIDGES:
        a, b = br.boxes
        out[a].append((b, br.index, -1))
        out[b].append((a, br.index, -1))
    for g in M.GATES:
        for o in g.outside:
            out[g.inside].append((o, -1, g.index))
            out[o].append((g.inside, -1, g.index))
    return tuple(tuple(x) for x in out)


LINKS = _links()
#: (a, b) -> (bridge, gate) for the links that need one
LINK_KIND: dict[tuple[int, int], tuple[int, int]] = {
    (a, b): (br, g) for a in range(N_BOXES) for b, br, g in LINKS[a]}
#: bridge-end box -> bridge index
BRIDGE_END: dict[int, int] = {b: br.index for br in M.BRIDGES for b in br.boxes}
#: section -> bridges with an end in it
SECTION_BRIDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(br.index for br in M.BRIDGES if s in br.sections) for s in range(N_SECTIONS))
#: gate inside box -> gate index
GATE_INSIDE: dict[int, int] = {g.inside: g.index for g in M.GATES}
#: seat -> the gate sections of the enemy forts (where the assault limit is five)
ENEMY_GATE_SECTIONS = (frozenset(M.GATE_SECTIONS[1]), frozenset(M.GATE_SECTIONS[0]))
#: a section's boxes
SECTION_BOXES = tuple(s.boxes for s in M.SECTIONS)
#: cannon spots per section as a set of pairs
SPOT_SET = tuple(frozenset(p) for p in M.CANNON_SPOTS)


def section_of(box: int) -> int:
    """The section index of a box (-1 inside a fort)."""
    return SEC[box]
