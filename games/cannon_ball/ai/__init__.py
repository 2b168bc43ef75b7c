"""The Cannon Ball computer opponent (Easy, Normal, Hard): the package the game
registry names. ``player.py`` holds the seat (:class:`CannonBallAI`, :func:`make_ai`);
``distances.py``, ``evaluation.py``, ``levels.py`` and ``macros.py`` what it measures,
scores, switches on per level and plans with. It imports the rules, never the board."""
from __future__ import annotations

from .distances import INF, N_SECTIONS, SEC, Fields, fields, has_route, p_spin_at_least, rebuild_sections
from .evaluation import (CANNON, MAN, WIN, Weights, assault_chance, evaluate, gate_threat, offence, raid_threat,
                         stuck_pull, vulnerability)
from .levels import LEVELS, Level
from .macros import MacroPlanner
from .player import CannonBallAI, make_ai

__all__ = ["INF", "WIN", "MAN", "CANNON", "N_SECTIONS", "SEC", "Fields", "fields", "has_route", "rebuild_sections",
           "stuck_pull", "p_spin_at_least", "Weights", "offence", "vulnerability", "gate_threat", "raid_threat",
           "assault_chance", "evaluate", "Level", "LEVELS", "MacroPlanner", "CannonBallAI", "make_ai"]
