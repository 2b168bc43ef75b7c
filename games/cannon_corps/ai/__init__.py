"""Cannon Corps' computer players (no pygame, no board: they read a seat's view only).

* :mod:`.levels`  Easy, Normal and Hard, and ``make_ai`` (the registry's entry);
* :mod:`.belief`  the Hard AI's particle belief over every opponent's hidden grid.
"""
from __future__ import annotations

from games.cannon_corps.ai.levels import (  # noqa: F401  (re-exported)
    LEVELS as LEVELS, EasyAI as EasyAI, HardAI as HardAI, NormalAI as NormalAI, make_ai as make_ai)
