"""Cannon (David E. Witcher): the rules. Pure Python, no pygame, no I/O.

``from games.cannon.rules import X`` gives the whole rules API; the modules:

* ``squares.py``: players, cell codes, squares and their names, directions;
* ``moves.py``: :class:`Move`, its notation, and the tables of every move (built once);
* ``state.py``: :class:`CannonState` (placement, play, the tournament and repetition
  options, why a move is refused), its :class:`Phase` and :class:`EndReason`,
  :func:`new_game` and the board's and AI's queries;
* ``stats.py``: the end-of-game figures; ``perft.py``: ``python main.py cannon perft``.

See ``docs/rules/cannon.md`` for every decision the source texts leave open.
"""
from __future__ import annotations

from .moves import CANNON_KEYS, CANNON_OF, CANNONS_FROM, CAPTURES, RETREATS, STEPS, CannonEntry, Move, cannon_of
from .squares import (ALL_DIRS, DARK, DARK_SOLDIER, DARK_TOWN, EMPTY, FILES, KINDS, LIGHT, LIGHT_SOLDIER, LIGHT_TOWN,
                      LINE_DIRS, N_SQUARES, NEIGHBOURS, PLAYER_NAMES, SHOT_RULES, SIZE, SOLDIER,
                      TOURNAMENT_SLIDE_LIMIT, TOWN, TOWN_SQUARES, parse_square, square_name)
from .state import CannonState, EndReason, Phase, attacks, cannons_through, moves_from, new_game, town_threatened

__all__ = [
    # players, cells and squares
    "DARK", "LIGHT", "PLAYER_NAMES", "EMPTY", "DARK_SOLDIER", "LIGHT_SOLDIER", "DARK_TOWN", "LIGHT_TOWN",
    "SOLDIER", "TOWN", "SIZE", "N_SQUARES", "FILES", "KINDS", "SHOT_RULES", "TOWN_SQUARES",
    "TOURNAMENT_SLIDE_LIMIT", "ALL_DIRS", "LINE_DIRS", "NEIGHBOURS", "square_name", "parse_square",
    # moves and their tables
    "Move", "cannon_of", "STEPS", "CAPTURES", "RETREATS", "CannonEntry", "CANNONS_FROM", "CANNON_OF", "CANNON_KEYS",
    # the position and its queries
    "CannonState", "Phase", "EndReason", "new_game", "cannons_through", "moves_from", "attacks", "town_threatened",
]
