"""End-of-game statistics: the figures the game-over card and the review screen show.

A game names its own function in its registry entry (``GameInfo.stats``,
"module:function"), imported only when first asked for, like its rules and AI;
core never imports a particular game. The function takes the match and returns a
list of :class:`Stat`, one row per figure, one value per seat.

Every figure is computed from what the match recorded: its move log
(``match.log``), the states it passed through (``match.state_at``) and the game's
typed events. Never from counters a board or an AI keeps: those depend on who
watched and how, and a loaded save has none of them; the log is the same for
every replay. A figure of a hidden-information game that would show a secret
appears only once the game is over (each game says which). No pygame here.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Union

from games.core.registry import GameInfo

if TYPE_CHECKING:
    from games.core.match import Match

Value = Union[int, float, str]

#: the value of a seat that has nothing to show (no spins to average, a secret)
NONE = "-"


@dataclass(frozen=True)
class Stat:
    """One row of the card: ``label`` in a player's words ("Captures"), ``values``
    one per seat in seat order (numbers, or short strings such as "3 of 5"), and
    ``note``: an optional line explaining how the figure is counted."""
    label: str
    values: tuple[Value, ...]
    note: str = ""

    def __post_init__(self) -> None:
        # a list passed by mistake would make the row mutable and unhashable
        object.__setattr__(self, "values", tuple(self.values))


def stats_function(info: GameInfo) -> Callable[[Any], Iterable[Stat]] | None:
    """The game's ``stats(match)`` function, or None when it has none."""
    if not info.stats:
        return None
    module, sep, name = info.stats.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"{info.id}: stats must read 'module:function', not {info.stats!r}")
    fn: Callable[[Any], Iterable[Stat]] = getattr(importlib.import_module(module), name)
    return fn


def game_stats(match: Match) -> list[Stat]:
    """The match's statistics, finished or not ([] for a game without them).

    :raises ValueError: the game gave a row without exactly one value per seat."""
    fn = stats_function(match.info)
    if fn is None:
        return []
    rows = list(fn(match))
    n = len(match.seats)
    for row in rows:
        if not isinstance(row, Stat) or len(row.values) != n:
            raise ValueError(f"{match.info.id}: stats row {row!r} must be a Stat with {n} values")
    return rows


# -- small helpers the games share (so every card writes numbers the same way) ----------

def mean(xs: Iterable[float], digits: int = 1) -> Value:
    """The average rounded to ``digits``, or :data:`NONE` when there is nothing to average."""
    xs = list(xs)
    return round(sum(xs) / len(xs), digits) if xs else NONE


def against(actual: float, expected: float) -> str:
    """"7 (5.2)": what happened, and in brackets what the odds would give on average."""
    a = f"{actual:g}" if isinstance(actual, int) or float(actual).is_integer() else f"{actual:.1f}"
    return f"{a} ({expected:.1f})"


def signed(x: float) -> str:
    """"+2.3", "-1.0", "0.0": luck as a difference from the average."""
    x = round(x, 1)
    return f"{x:+.1f}" if x else "0.0"


def of(won: int, played: int) -> str:
    """"3 of 5"."""
    return f"{won} of {played}"
