"""Artillery's AI: Easy, Normal and Hard (see ``docs/artillery_ai.md``).

``player.py`` decides (:class:`ArtilleryAI`, :func:`make_ai`: cards, which unit
activates, the actions, where a cannon hit lands); ``evaluation.py`` weighs a
position and a shot for it (the levels' and scenarios' weights); ``objectives.py``
is its pull towards each scenario's objectives. It reads only the rules
(``games.artillery.rules``), never the board.
"""
from __future__ import annotations

from .player import ArtilleryAI, make_ai

__all__ = ["ArtilleryAI", "make_ai"]
