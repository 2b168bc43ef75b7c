"""Cannon's computer opponent: ``make_ai(level, seat, options)`` (Easy, Normal, Hard).

* ``levels.py``: :class:`CannonAI`, what each level does with the search, and :func:`make_ai`;
* ``search.py``: the alpha-beta search (:class:`Searcher`);
* ``evaluation.py``: the static evaluation and each level's weights;
* ``engine.py``: the bitboard move generator the search runs on, an independent second
  implementation of the rules' moves (the tests and perft check the two agree).

See docs/cannon_ai.md for the full story. The AI reads the rules; nothing here draws.
"""
from __future__ import annotations

from .levels import CannonAI, make_ai
from .search import WIN

__all__ = ["CannonAI", "make_ai", "WIN"]
