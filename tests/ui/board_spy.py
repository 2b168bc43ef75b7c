"""Spies over the hidden-information boards: every object handed to any board method.

``spy_class(Base)`` is a subclass of a game's board whose every method (its own and
inherited, static ones too, private helpers included) first looks at what it was
handed: the arguments, one level into tuples, lists and dicts, and whatever a
callable argument (the move log's ``state_at``) returns. A full state of a
hidden-information game (a ``GameState`` that is not a seat's view) handed while the
game is not over is a leak: it is written to ``LEAKS``. ``SEEN`` counts what each
method was handed, so a test can tell the spy saw the calls it meant to see.

The spies are module-level classes so ``GameInfo.board`` can name them
("tests.ui.board_spy:SpyCorpsBoard") and the frame, the move log and every other
place that asks ``board_class(info)`` get the spy.
"""
from __future__ import annotations

import functools
import inspect
from collections import Counter

from games.artillery.board import ArtilleryBoard
from games.cannon_corps.board import CorpsBoard
from games.core.game import GameState

#: (method, what was handed) for every full hidden state handed while the game went on
LEAKS: list[tuple[str, str]] = []
#: method -> how many objects it was handed
SEEN: Counter = Counter()
#: the match being played (static methods have no host to ask whether it is over)
CURRENT: dict = {"match": None}


def reset() -> None:
    LEAKS.clear()
    SEEN.clear()
    CURRENT["match"] = None


def is_full_state(obj) -> bool:
    """A whole game state, not a seat's view (Artillery's views are states marked ``is_view``)."""
    return isinstance(obj, GameState) and not getattr(obj, "is_view", False)


def _over() -> bool:
    m = CURRENT["match"]
    return m is None or m.is_over()


def look(where: str, obj, depth: int = 1) -> None:
    SEEN[where] += 1
    if is_full_state(obj):
        if not _over():
            LEAKS.append((where, type(obj).__name__))
        return
    if depth and isinstance(obj, (tuple, list)):
        for x in obj:
            look(where, x, depth - 1)
    elif depth and isinstance(obj, dict):
        for x in obj.values():
            look(where, x, depth - 1)


def _looking(where: str, obj):
    """``obj`` itself, or a callable argument wrapped so what it returns is looked at too."""
    if callable(obj) and not isinstance(obj, type) and not is_full_state(obj) and not inspect.ismethod(obj):
        fn = obj

        @functools.wraps(fn)
        def answer(*a, **kw):
            out = fn(*a, **kw)
            look(f"{where}:returned", out)
            return out
        return answer
    return obj


def _spy_function(name: str, fn, static: bool = False):
    @functools.wraps(fn)
    def spy(*args, **kwargs):
        if static:      # the move log's grouping: its ``state_at`` hands out positions
            args = tuple(_looking(name, a) for a in args)
            kwargs = {k: _looking(name, v) for k, v in kwargs.items()}
        for a in args:
            look(name, a)
        for v in kwargs.values():
            look(name, v)
        return fn(*args, **kwargs)
    return spy


def spy_class(base: type) -> type:
    ns: dict = {"__module__": __name__, "__qualname__": f"Spy{base.__name__}"}
    for name in dir(base):
        if name.startswith("__"):
            continue
        raw = inspect.getattr_static(base, name)
        if isinstance(raw, staticmethod):
            ns[name] = staticmethod(_spy_function(name, raw.__func__, static=True))
        elif isinstance(raw, classmethod):
            ns[name] = classmethod(_spy_function(name, raw.__func__))
        elif inspect.isfunction(raw):
            ns[name] = _spy_function(name, raw)
    return type(f"Spy{base.__name__}", (base,), ns)


SpyCorpsBoard = spy_class(CorpsBoard)
SpyArtilleryBoard = spy_class(ArtilleryBoard)
SPIES = {"cannon_corps": "tests.ui.board_spy:SpyCorpsBoard", "artillery": "tests.ui.board_spy:SpyArtilleryBoard"}
