"""Cannon's board: ``CannonBoard`` draws the position and turns clicks, drags, keys and
a gamepad into moves (``games.ui.board``'s contract). Its parts:

* ``scene.py``: :class:`CannonBoard`, its state (selection, pointer, cursor, turning) and input;
* ``drawing.py``: :class:`BoardPainter`, what the board draws each frame;
* ``effects.py``: a move's animation and what it leaves (sparks, smoke, confetti);
* ``chooser.py``: the small list of the moves that end on one point;
* ``tips.py``: the tooltips' words (what a piece can do, why a tried move is refused);
* ``geometry.py``, ``wood.py``, ``pieces.py``, ``marks.py``: points to pixels, the empty
  board, the pieces' sprites, and the markers, arrows and rings drawn over them;
* ``diagrams.py``: the rules screen's pictures, drawn with the same parts as the board.
"""
from __future__ import annotations

from .scene import CannonBoard

__all__ = ["CannonBoard"]
