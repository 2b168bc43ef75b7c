"""Cannon Ball (Helen of Toy Co., 1968): the rules engine.

Pure Python: no pygame, no I/O, no clock, no randomness of its own. The map comes
from :mod:`games.cannon_ball.rules.battlefield`; ``docs/rules/cannon_ball.md`` records
every decision the 1968 rule sheet leaves open.

This package is what the game registry names and everything else imports; the
engine lives in small modules in it, their public names re-exported here. The
position is typed data (``state.py``); each rule area is a module of functions
over it, none a base class of another:

========================  ==========================================================
``battlefield.py``        the map as data (boxes, sections, bridges, gates, forts)
``tables.py``             fixed numbers (seats, limits, risks), ``Phase`` and
                          ``EndReason``, map lookups
``moves.py``              the move values, their text forms and ``parse_text``
``state.py``              ``State``: the pieces and counters, low-level edits
``sections.py``           attacks, who beats whom, section limits, attack previews
``troopers.py``           a trooper's step and captures; ``reachable``, ``path_to``
``cannons.py``            a cannon's moves in and out of the forts, escorts
``bridges_and_gates.py``  gate turns, the gambles' conditions, TNT, blowing up
``turns.py``              phases, spinner, legal moves, applying, end of a turn
``game.py``               ``CannonBallState`` (the contract, positions, copies,
                          texts, the move log's lines), ``new_game``
``stats.py``              the end-of-game figures
========================  ==========================================================

Turns
-----
``phase`` (a :class:`Phase`; ``State.end``, an :class:`EndReason`, says how the war
ended) walks through: ``opening`` (both players spin, CHANCE; ties spin again;
the higher spin makes the first move turn with that number) then, every turn,
``choose`` (the player picks a move turn, a gate turn or a gamble, before any
spin), ``spin`` (CHANCE: the Fort Commander, 1-12, performed by that player),
``moving`` (a move turn: small moves paid from the spin, then ``end``), and
``bridge`` (CHANCE, performed by nobody: does the bridge just crossed hold?).

Notation (``str(move)`` and :meth:`CannonBallState.parse_move`)
---------------------------------------------------------------
=================  =====================================================
``spin 7``         the Fort Commander shows 7 (a chance outcome)
``holds``          the bridge held (chance); ``explodes``: it blew up
``move``           choose a move turn
``close SW``       gate turn: close (or ``open``) one of your gates
``tnt odd``        the TNT shot, calling odd (or even)
``rebuild 3 even`` gamble: rebuild bridge 3, calling even
``fire NE odd``    gamble: fire your cannon at gate NE, calling odd
``c5-c6``          a trooper steps to a touching box, crosses a bridge
                   (``b17-b19``) or passes a gate; in a fort, stepping onto
                   an enemy captures it
``Ke5>e8f8+e6f6``  the cannon on e5 and f5 moves to boxes e8 and f8 with
                   the two men of e6 and f6 as escorts; without ``+..`` it is passed
                   (two of your men wait in both sections); in a fort
                   ``Kb6>b8`` moves it one large box
``TNT g16``        place a TNT case at the bridge end by box g16;
                   ``TNT NE`` slides one under enemy gate NE
``end``            end the move turn (unused moves are lost)
=================  =====================================================
"""
from __future__ import annotations

from games.core.game import CHANCE, TERMINAL

from . import battlefield as M
from .bridges_and_gates import crossing_piece, own_cannon_by_tnt
from .cannons import cannon_moves, hop_cost
from .game import CannonBallState, new_game
from .moves import END, MOVE_CHOICE, SPINS, CannonMove, Choice, End, Move, Risk, Spin, Step, Tnt, box_name, parse_text
from .sections import attack_preview, beats, end_turn_warning, force_in, missing_force, siege_lines
from .tables import (ASSAULT_LIMIT, BRIDGE, BRIDGE_END, BUDGET_MODES, CALLS, CHOOSE, EMPTY, ENEMY_GATE_SECTIONS,
                     FORT_OF, GATE_INSIDE, HOME, LINK_KIND, LINKS, MOVING, N_BOXES, N_SECTIONS, NAMES, NORTH, OPENING,
                     OVER, QUIET_TURNS, RISKS, SEC, SECTION_BOXES, SECTION_BRIDGES, SECTION_LIMIT, SOUTH, SPIN,
                     SPIN_VALUES, SPOT_SET, TNT_CASES, TURN_LIMIT, EndReason, Phase, section_of)
from .troopers import Reach, path_to, reachable, why_stuck
from .turns import tnt_placements

__all__ = [
    # the map and the contract's turn markers (as before: ``rules.M``, ``rules.CHANCE``)
    "M", "CHANCE", "TERMINAL",
    # tables.py
    "ASSAULT_LIMIT", "BRIDGE", "BRIDGE_END", "BUDGET_MODES", "CALLS", "CHOOSE", "EMPTY", "ENEMY_GATE_SECTIONS",
    "FORT_OF", "GATE_INSIDE", "HOME", "LINK_KIND", "LINKS", "MOVING", "N_BOXES", "N_SECTIONS", "NAMES", "NORTH",
    "OPENING", "OVER", "QUIET_TURNS", "RISKS", "SEC", "SECTION_BOXES", "SECTION_BRIDGES", "SECTION_LIMIT", "SOUTH",
    "SPIN", "SPIN_VALUES", "SPOT_SET", "TNT_CASES", "TURN_LIMIT", "section_of", "Phase", "EndReason",
    # moves.py
    "END", "MOVE_CHOICE", "SPINS", "CannonMove", "Choice", "End", "Move", "Risk", "Spin", "Step", "Tnt", "box_name",
    "parse_text",
    # the game and the questions the board and the AI ask
    "CannonBallState", "new_game", "beats", "missing_force", "force_in", "attack_preview", "end_turn_warning",
    "siege_lines",
    "Reach", "reachable", "path_to", "why_stuck", "cannon_moves", "hop_cost", "tnt_placements", "crossing_piece",
    "own_cannon_by_tnt",
]
