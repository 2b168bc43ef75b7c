"""Artillery's pieces and answers: units, guns, structure sections, the active
unit's activation, and the frozen values the rules answer queries with
(:class:`GunCheck`, :class:`FirePreview`).

Split from ``rules.py`` so that the state's module holds the round's flow and
legality, and the plain records it is made of sit here. Pure Python.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from games.artillery.data import ARTILLERY, NATURAL, RANKS, SUITS, UNIT_TYPES, Point

@dataclass
class Unit:
    id: str
    seat: int
    type: str
    models: int
    start: int
    pos: Point
    name: str
    fatigue: int = 0
    gone: str = ""                   # "", "destroyed" or "routed"

    @property
    def alive(self) -> bool:
        return not self.gone and self.models > 0

    @property
    def profile(self):
        return UNIT_TYPES[self.type]


@dataclass
class Gun:
    id: str
    type: str
    seat: int                        # the side that fielded it
    pos: Point
    facing: int
    crew: str | None
    section: str | None
    ammo: tuple[str, ...]
    markers: int = 0
    spiked: bool = False
    destroyed: bool = False

    @property
    def stats(self):
        return ARTILLERY[self.type]

    @property
    def carriage(self) -> bool:
        return self.section is None


@dataclass
class SectionState:
    id: str
    structure: str
    type: str
    tally: int = 0
    down: int = 0                    # Fortitude lost to critical results
    wrecked: bool = False


@dataclass
class Activation:
    unit: str
    seat: int
    card: str
    actions: int
    used: int = 0
    fired: str = ""                  # "", "artillery" or "small arms"
    tests: int = 0
    moved: tuple[str, ...] = ()      # guns moved or turned this activation
    cohesive: tuple[str, ...] = ()   # abandoned guns cohesive with the unit when it activated


def card_key(card: str) -> tuple[int, int]:
    """Sort key, best first: suit (Spades best), then rank (Ace best)."""
    return (SUITS.index(card[-1]), -RANKS.index(card[:-1]))


def _dup(obj: Any) -> Any:
    """A shallow copy of a small dataclass instance (faster than copy.copy)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def _clone(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _clone(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_clone(v) for v in x]
    return x


def _count_success(dice: Iterable[int], tn: int, natural: bool) -> int:
    return sum(1 for v in dice if v >= tn or (natural and v == NATURAL))


@dataclass(frozen=True)
class GunCheck:
    """What one gun sees of a target."""
    gun: str
    in_arc: bool
    sight: bool
    blocker: str | None


@dataclass(frozen=True)
class FirePreview:
    """Everything the board needs to show before a shot (see
    :meth:`ArtilleryState.fire_preview`)."""
    guns: tuple[str, ...]
    target: str
    ammo: str
    problem: str | None              # why this shot is not allowed now (None: allowed)
    distance: float
    line: tuple[Point, Point]        # the measured line, from the closest gun (or section edge)
    penalty: int
    band: int                        # inches per +1 penalty
    max_range: float | None
    tn: int
    p_die: float                     # chance each shoot die hits
    dice: int                        # shoot dice rolled
    checks: tuple[GunCheck, ...]
    hits: tuple[float, ...]          # distribution of hits on the shoot test
    expected_hits: float
    damage_tn: int | None            # against a structure: the damage dice's target number
    expected_damage: float           # expected damaging hits on a structure (after halving)
    p_lucky: float
    expected_crits: float
    expected_casualties: float       # models expected to fall (structure occupants included)
