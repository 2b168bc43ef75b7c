"""What happened, as typed frozen values the board can animate and the log can show.

``state.events`` is the public record: every event is something the whole table
saw (a secret card choice appears only as :class:`CardChosen`, without the
card).  ``state.events_since(n)`` gives the events appended after the first
``n``; the board can remember ``len(state.events)`` before a move and animate
what follows.  Every event has ``kind`` (a short constant) and ``text(names)``
(one line in words; ``names`` are the seats' display names).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Optional, Sequence

from games.core.events import ChanceEvent
from games.core.events import Event as CoreEvent

from .data import Point
from .geometry import compass_name
from .odds import tn_words
from .pieces import Gone

#: the seats' display names (None or a blank name: "Player N")
Names = Optional[Sequence[Optional[str]]]


def seat_name(seat: int | None, names: Names = None) -> str:
    if seat is None:
        return "nobody"
    if names is not None and 0 <= seat < len(names) and str(names[seat] or "").strip():
        return str(names[seat]).strip()
    return f"Player {seat + 1}"


def is_plural(name: str) -> bool:
    """Whether a side's or a thing's name takes a plural verb: "the raiders have", "the
    landing party and the ship have", "the rocks block" (not "the fortress blocks")."""
    words = name.lower().split()
    last = words[-1] if words else ""
    return " and " in f" {name.lower()} " or (last.endswith("s") and not last.endswith("ss"))


def _dice(d: tuple[int, ...]) -> str:
    return ", ".join(str(v) for v in d) if d else "no dice"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class Event(CoreEvent):
    kind: ClassVar[str] = "event"

    def text(self, names: Names = None) -> str:
        return self.kind


@dataclass(frozen=True)
class DieRolled(Event, ChanceEvent):
    """A d10 came up (a chance outcome; it leads its entry's events and is not kept in
    ``state.events``: what it decided follows it, as the rules' own events)."""
    kind: ClassVar[str] = "rolled"
    value: int

    def text(self, names: Names = None) -> str:
        return f"a d10 shows {self.value}"


@dataclass(frozen=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round"
    round: int

    def text(self, names: Names = None) -> str:
        return f"Round {self.round} begins"


@dataclass(frozen=True)
class Dealt(Event):
    """A card went to a seat's hand; which card is that seat's secret."""
    kind: ClassVar[str] = "dealt"
    seat: int

    def text(self, names: Names = None) -> str:
        return f"{seat_name(self.seat, names)} is dealt a card"


@dataclass(frozen=True)
class CardChosen(Event):
    kind: ClassVar[str] = "chosen"
    seat: int

    def text(self, names: Names = None) -> str:
        return f"{seat_name(self.seat, names)} chose a card"


@dataclass(frozen=True)
class CardsRevealed(Event):
    kind: ClassVar[str] = "revealed"
    cards: tuple[str | None, ...]            # per seat: the card shown, or None when the seat sat out
    first: int | None       # who activates first (None: a roll-off decides)

    def text(self, names: Names = None) -> str:
        shown = ", ".join(f"{seat_name(s, names)} {c}" for s, c in enumerate(self.cards) if c)
        tail = (f": {seat_name(self.first, names)} activates first" if self.first is not None
                else ": equal cards, a roll-off decides")
        return f"Cards shown: {shown}{tail}"


@dataclass(frozen=True)
class RollOff(Event):
    kind: ClassVar[str] = "rolloff"
    rolls: tuple[int, int]
    first: int | None       # None: equal rolls, roll again

    def text(self, names: Names = None) -> str:
        r = ", ".join(f"{seat_name(s, names)} {v}" for s, v in enumerate(self.rolls))
        if self.first is None:
            return f"Roll-off {r}: level, roll again"
        return f"Roll-off {r}: {seat_name(self.first, names)} activates first"


@dataclass(frozen=True)
class Activated(Event):
    kind: ClassVar[str] = "activated"
    seat: int
    unit: str
    card: str
    actions: int

    def text(self, names: Names = None) -> str:
        who = seat_name(self.seat, names)
        return f"{who} activates {self.unit} with {self.card}: {_plural(self.actions, 'action')}"


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    unit: str
    frm: Point
    to: Point
    inches: float
    guns: tuple[tuple[str, Point, Point], ...]             # ((gun, from, to), ...)

    def text(self, names: Names = None) -> str:
        g = f" with {', '.join(x[0] for x in self.guns)}" if self.guns else ""
        return f"{self.unit} moves {self.inches:.1f}\"{g}"


@dataclass(frozen=True)
class Turned(Event):
    kind: ClassVar[str] = "turned"
    gun: str
    frm: int
    to: int

    def text(self, names: Names = None) -> str:
        return f"{self.gun} turns from {compass_name(self.frm)} to {compass_name(self.to)}"


@dataclass(frozen=True)
class FatigueGained(Event):
    kind: ClassVar[str] = "fatigue"
    unit: str
    fatigue: int
    reason: str

    def text(self, names: Names = None) -> str:
        return f"{self.unit} gains a Fatigue ({self.reason}): now {self.fatigue}"


@dataclass(frozen=True)
class ShotDeclared(Event):
    kind: ClassVar[str] = "declared"
    unit: str
    guns: tuple[str, ...]             # () for small arms
    target: str
    ammo: str               # round, chain, grape, swivel or small
    distance: float
    penalty: int
    tn: int

    def text(self, names: Names = None) -> str:
        who = " + ".join(self.guns) if self.guns else f"{self.unit}'s small arms"
        what = {"round": " with roundshot", "chain": " with chainshot", "grape": " with grapeshot"}.get(self.ammo, "")
        verb = "fires" if len(self.guns) == 1 else "fire"     # "small arms" and "G1 + G2" are plural
        return f"{who} {verb} at {self.target}{what}: {self.distance:.1f}\", needs {tn_words(self.tn)}"


@dataclass(frozen=True)
class ShootTest(Event):
    kind: ClassVar[str] = "shoot"
    unit: str
    guns: tuple[str, ...]
    target: str
    ammo: str
    tn: int
    dice: tuple[int, ...]
    hits: int
    hit_guns: tuple[str, ...]         # cannons (round/chain): the guns whose die hit

    def text(self, names: Names = None) -> str:
        return f"Shoot test ({tn_words(self.tn)}): {_dice(self.dice)}: {_plural(self.hits, 'hit')}"


@dataclass(frozen=True)
class DamageRoll(Event):
    kind: ClassVar[str] = "damage_roll"
    section: str
    tn: int
    dice: tuple[int, ...]
    successes: int
    hits: int               # after halving
    halved: bool

    def text(self, names: Names = None) -> str:
        half = f", halved to {self.hits}" if self.halved else ""
        return f"Damage dice at {self.section} ({tn_words(self.tn)}): {_dice(self.dice)}: {self.successes}{half} damaging"


@dataclass(frozen=True)
class StructureDamaged(Event):
    kind: ClassVar[str] = "damaged"
    section: str
    hits: int
    tally: int
    fortitude_before: int
    fortitude_after: int

    def text(self, names: Names = None) -> str:
        f = (f", Fortitude {self.fortitude_before} -> {self.fortitude_after}"
             if self.fortitude_after != self.fortitude_before else f", Fortitude {self.fortitude_after}")
        return f"{self.section} takes {self.hits} damage (tally {self.tally}{f})"


@dataclass(frozen=True)
class CriticalResult(Event):
    kind: ClassVar[str] = "critical"
    section: str
    lucky: bool
    roll: int
    result: int             # after the Lucky Hit's -1
    name: str
    effect: str
    detail: str

    def text(self, names: Names = None) -> str:
        what = "Lucky hit" if self.lucky else "Critical hit"
        adj = f" - 1 = {self.result}" if self.lucky else ""
        return f"{what} on {self.section}: rolled {self.roll}{adj}: {self.name}. {self.detail}"


@dataclass(frozen=True)
class SectionWrecked(Event):
    kind: ClassVar[str] = "wrecked"
    section: str

    def text(self, names: Names = None) -> str:
        return f"{self.section} is wrecked"


@dataclass(frozen=True)
class GunDestroyed(Event):
    kind: ClassVar[str] = "gun_destroyed"
    gun: str
    cause: str

    def text(self, names: Names = None) -> str:
        return f"{self.gun} is destroyed ({self.cause})"


@dataclass(frozen=True)
class HitsAllotted(Event):
    kind: ClassVar[str] = "allotted"
    section: str
    hits: tuple[tuple[str, int], ...]             # ((unit, hits), ...)

    def text(self, names: Names = None) -> str:
        return f"Hits on the occupants of {self.section}: " + ", ".join(f"{u} {h}" for u, h in self.hits)


@dataclass(frozen=True)
class CasualtyChosen(Event):
    kind: ClassVar[str] = "casualty_choice"
    unit: str
    choice: str             # "man" or a gun id

    def text(self, names: Names = None) -> str:
        return f"{self.unit} takes the hit on {'a man' if self.choice == 'man' else self.choice}"


@dataclass(frozen=True)
class Saves(Event):
    kind: ClassVar[str] = "saves"
    unit: str
    tn: int
    dice: tuple[int, ...]
    saved: int
    failed: int

    def text(self, names: Names = None) -> str:
        return f"{self.unit} saves ({tn_words(self.tn)}): {_dice(self.dice)}: {self.saved} saved, {self.failed} failed"


@dataclass(frozen=True)
class GunSave(Event):
    kind: ClassVar[str] = "gun_save"
    gun: str
    tn: int
    roll: int
    saved: bool

    def text(self, names: Names = None) -> str:
        return f"{self.gun} save ({tn_words(self.tn)}): {self.roll}: {'saved' if self.saved else 'failed'}"


@dataclass(frozen=True)
class Casualties(Event):
    kind: ClassVar[str] = "casualties"
    unit: str
    n: int
    models_left: int

    def text(self, names: Names = None) -> str:
        return f"{self.unit} loses {_plural(self.n, 'model')}: {self.models_left} left"


@dataclass(frozen=True)
class UnitGone(Event):
    kind: ClassVar[str] = "unit_gone"
    unit: str
    how: Gone

    def text(self, names: Names = None) -> str:
        return f"{self.unit} is {self.how}" + (" and leaves the table" if self.how == Gone.ROUTED else "")


@dataclass(frozen=True)
class FatigueTest(Event):
    kind: ClassVar[str] = "fatigue_test"
    unit: str
    tn: int
    roll: int
    passed: bool
    fatigue: int

    def text(self, names: Names = None) -> str:
        res = "passed" if self.passed else f"failed, Fatigue {self.fatigue}"
        return f"{self.unit} fatigue test ({tn_words(self.tn, natural=False)}): {self.roll}: {res}"


@dataclass(frozen=True)
class Reloaded(Event):
    kind: ClassVar[str] = "reloaded"
    unit: str
    guns: tuple[tuple[str, int], ...]             # ((gun, markers left), ...)
    dedicated: bool

    def text(self, names: Names = None) -> str:
        how = " (dedicated)" if self.dedicated else ""
        return f"{self.unit} reloads{how}: " + ", ".join(f"{g} {m} left" for g, m in self.guns)


@dataclass(frozen=True)
class Assigned(Event):
    kind: ClassVar[str] = "assigned"
    unit: str
    guns: tuple[str, ...]

    def text(self, names: Names = None) -> str:
        return f"{self.unit} takes over {', '.join(self.guns)}"


@dataclass(frozen=True)
class Abandoned(Event):
    kind: ClassVar[str] = "abandoned"
    unit: str
    guns: tuple[str, ...]
    reason: str             # "action", "distance", "crew lost"

    def text(self, names: Names = None) -> str:
        why = {"action": "", "distance": " (12\" away)", "crew lost": " (crew gone)"}.get(self.reason, "")
        return f"{', '.join(self.guns)} abandoned by {self.unit}{why}"


@dataclass(frozen=True)
class Spiked(Event):
    kind: ClassVar[str] = "spiked"
    unit: str
    gun: str

    def text(self, names: Names = None) -> str:
        return f"{self.unit} spikes {self.gun}"


@dataclass(frozen=True)
class Rallied(Event):
    kind: ClassVar[str] = "rallied"
    unit: str
    fatigue: int

    def text(self, names: Names = None) -> str:
        return f"{self.unit} rallies: Fatigue {self.fatigue}"


@dataclass(frozen=True)
class ActivationEnded(Event):
    kind: ClassVar[str] = "activation_end"
    unit: str

    def text(self, names: Names = None) -> str:
        return f"{self.unit}'s activation ends"


@dataclass(frozen=True)
class Scored(Event):
    kind: ClassVar[str] = "scored"
    round: int
    gained: tuple[int, ...]           # per seat
    totals: tuple[int, ...]
    held: tuple[tuple[str, int], ...]             # ((section, seat), ...)

    def text(self, names: Names = None) -> str:
        return (f"End of round {self.round}: " + ", ".join(
            f"{seat_name(s, names)} +{g} ({self.totals[s]})" for s, g in enumerate(self.gained)))


@dataclass(frozen=True)
class GameOver(Event):
    kind: ClassVar[str] = "over"
    winner: int | None
    reason: str

    def text(self, names: Names = None) -> str:
        if self.winner is None:
            return f"Draw: {self.reason}"
        return f"{seat_name(self.winner, names)} wins: {self.reason}"
