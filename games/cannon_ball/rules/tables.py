"""Cannon Ball's fixed numbers and the map tables the rules engine reads.

The seat and phase names, the section and assault limits, the bridge risks, and
the per-box and per-section lookups (ways out of each box, bridge ends, gate boxes,
cannon spots) derived once from :mod:`games.cannon_ball.rules.battlefield`. They live
apart because every other rules module, the AI and the board read them, and none
of them changes during a game; :mod:`games.cannon_ball.rules` re-exports them all.
"""
from __future__ import annotations

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

OPENING, CHOOSE, SPIN, MOVING, BRIDGE, OVER = "opening", "choose", "spin", "moving", "bridge", "over"

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
