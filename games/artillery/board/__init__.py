"""Artillery's board: the tabletop from above and the column beside it.

``scene.py`` is :class:`ArtilleryBoard` (the board contract: its state, input and
drawing order); it holds its parts, none a base class of it: the column
(``panel.py``'s Panel), the aim (``aim.py``'s Aim: target, guns, shot and the
rules' preview) and the keys' cursor (``nav.py``'s TableNav). ``drawing.py`` draws
the table and its pieces, ``overlays.py`` what is drawn over them for the player
at the screen, ``effects.py`` plans the animations from the events a move added,
and ``diagrams.py`` draws the rules pictures.
"""
from __future__ import annotations

from .scene import ArtilleryBoard

__all__ = ["ArtilleryBoard"]
