"""Artillery's pieces and answers: units, guns, structure sections, the active
unit's activation, and the frozen values the rules answer queries with
(:class:`GunCheck`, :class:`FirePreview`).

The plain records a position is made of (:mod:`.state` holds them), the
natural order of ids, and small copying helpers. Pure Python.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable, TypeVar

from .data import ARTILLERY, RANKS, SUITS, UNIT_TYPES, ArtilleryType, Point, UnitType

T = TypeVar("T")


class Gone(str, enum.Enum):
    """How a unit left the table (HERE: it has not). A str Enum: its value is the word
    snapshots and saves carry, and ``str()`` gives it too; HERE is the empty word, false."""
    HERE = ""
    DESTROYED = "destroyed"
    ROUTED = "routed"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


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
    gone: Gone = Gone.HERE

    @property
    def alive(self) -> bool:
        return not self.gone and self.models > 0

    @property
    def profile(self) -> UnitType:
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
    def stats(self) -> ArtilleryType:
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


def id_key(i: str) -> tuple[str, int]:
    """Natural order of ids: G2 before G10."""
    head = i.rstrip("0123456789")
    tail = i[len(head):]
    return (head, int(tail) if tail else -1)


def sort_ids(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(ids, key=id_key))


def dup(obj: T) -> T:
    """A shallow copy of a small dataclass instance (faster than copy.copy)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def clone(x: T) -> T:
    """A deep copy of plain data (dicts and lists of values)."""
    if isinstance(x, dict):
        return {k: clone(v) for k, v in x.items()}  # type: ignore[return-value]
    if isinstance(x, list):
        return [clone(v) for v in x]  # type: ignore[return-value]
    return x


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
