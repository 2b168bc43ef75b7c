"""Cannon Ball's board: ``CannonBallBoard`` draws the battlefield and turns clicks, keys
and a gamepad into moves (``games.ui.board``'s contract). Its parts:

* ``scene.py``: :class:`CannonBallBoard`, its state (selection, pointer, dial) and input;
* ``panel.py``: the column beside the map (the dial, the choices, each side's forces);
* ``nav.py``: :class:`BoardNav`, the cursor the arrows, Enter and Esc (or a gamepad) move;
* ``chooser.py``: a cannon's landing, the chooser of its ways, the tooltips and the hint;
* ``effects.py``: a move's animation, planned from the positions before and after;
* ``drawing.py``: the battlefield itself (the map, bridges, gates, TNT, men and cannons);
* ``diagrams.py``: the rules screen's pictures, drawn with the same parts.

The board's parts are held by it or given it; none is a base class of another.
"""
from __future__ import annotations

from .scene import CannonBallBoard

__all__ = ["CannonBallBoard"]
