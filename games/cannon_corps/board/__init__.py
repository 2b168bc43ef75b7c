"""The Cannon Corps table (pygame): the board the game screen shows, ``CorpsBoard``.

* :mod:`.scene`       ``CorpsBoard``: the contract with the frame, what the seat at the screen may see, clicks;
* :mod:`.nav`         ``TableNav``: the keys' and a gamepad's cursor over the same places (the board owns one);
* :mod:`.animation`   ``Animator``: each move's steps on the board's timeline, and ``Shown``, the moment of
  the move the table shows while they run;
* :mod:`.drawing`     ``TableDrawer``: the table's pixels; :mod:`.table_draw` its pieces (plain values only);
* :mod:`.layout`      where everything goes (a pure solver, no window needed);
* :mod:`.tips`        the tooltips' words;
* :mod:`.diagrams`    the rules screen's pictures.

What the whole table knows of each seat is computed by the rules (:mod:`games.cannon_corps.rules.public`).
"""
from __future__ import annotations

from games.cannon_corps.board.scene import CorpsBoard as CorpsBoard

__all__ = ["CorpsBoard"]
