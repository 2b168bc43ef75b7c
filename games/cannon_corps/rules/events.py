"""Cannon Corps: the typed records of a game (pure Python, no pygame).

Three families of small frozen values, so that a renamed field breaks a type
check (mypy) rather than a screen at run time:

* :class:`Event` -- a public fact in ``state.events`` (and every view's
  ``events``): one class per kind (:class:`ShotEvent`, :class:`AnswerEvent`, ...).
* :class:`Note` -- an entry of one seat's private log (``state.private[seat]``,
  ``view.my_private``): what only that seat knows of its own moves and losses.
* :class:`Decision` -- the decision waiting now (``state.pending()``,
  ``view.pending``); its secret details (the hit die, the allowed spaces and
  Reserves) are filled in only in the deciding seat's own view.

Every value is frozen (``dataclasses.FrozenInstanceError`` on assignment), so
the state, its copies and every view share them safely; the grids they carry
are :class:`ReadOnlyDict`.  ``kind`` is a class attribute with the old string
name of each kind, and ``to_dict()`` gives the JSON-able dict the log used to
hold (the same keys, in the same order).

The public texts of events and decisions (:func:`event_text`,
:func:`status_line`, :func:`result_line`) live here too, and
:func:`knowledge_from_events` (the marks the table knows on a grid).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Mapping, Sequence, Union

from games.core.events import Event as CoreEvent

Grid = Mapping[str, "tuple[str, int]"]     # space -> (die, value)


class ReadOnlyDict(dict[Any, Any]):
    """A dict that cannot be changed after it is built (the grids in the logs).

    Revealed grids are logged once and never change.  Freezing them lets
    ``CorpsState.copy`` (undo, search) and ``CorpsView`` share them instead of
    deep-copying, while a script that edits one it got from a view gets a
    ``TypeError`` instead of silently rewriting the state's history.  It is still
    a dict: equal to the plain dict with the same items, JSON-able and picklable;
    ``dict(g)`` gives an editable plain copy.
    """
    __slots__ = ()

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a logged grid never changes (use dict(g) for an editable copy)")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> Any:
        # pickle's default for dict subclasses refills the items with
        # __setitem__, which is blocked: rebuild from a plain dict instead
        return (type(self), (dict(self),))

    def __copy__(self) -> "ReadOnlyDict":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "ReadOnlyDict":
        return self


def freeze(obj: Any) -> Any:
    """``obj`` with every dict made a :class:`ReadOnlyDict` and every list a
    tuple, recursively (what goes into the logs and ``revealed``)."""
    if isinstance(obj, ReadOnlyDict):
        return obj
    if isinstance(obj, dict):
        return ReadOnlyDict({k: freeze(v) for k, v in obj.items()})
    if isinstance(obj, (list, tuple)):
        return tuple(freeze(v) for v in obj)
    return obj


class EndReason(str, enum.Enum):
    """How a game was won (``WinnerEvent.reason``, ``state.win_reason``): a str, so a
    snapshot or a dict of the log keeps the same words."""
    LAST = "last"        # the last army standing
    SALVO = "salvo"      # a final salvo took every army down, its shooter's too: its shooter wins

    def __str__(self) -> str:
        return self.value


class DefeatCause(str, enum.Enum):
    """Why a platoon left its grid (``DefeatedEvent.cause``)."""
    SHOT = "shot"              # its value fell to 0 or below
    SALVO = "salvo"            # hit by a final salvo
    OWN_SALVO = "own_salvo"    # the final salvo's own platoon (``space`` None)

    def __str__(self) -> str:
        return self.value


class _Record:
    """Shared by events, notes and decisions: the kind name and a plain dict."""
    __slots__ = ()
    kind: ClassVar[str] = ""
    #: dict keys that differ from the field names (``from`` is a Python keyword)
    _KEYS: ClassVar[dict[str, str]] = {}

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able dict this record used to be: ``{"kind": ..., field: value}``."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            if isinstance(v, ReadOnlyDict):
                v = dict(v)
            elif isinstance(v, enum.Enum):
                v = v.value
            out[self._KEYS.get(f.name, f.name)] = v
        return out

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


# --------------------------------------------------------------------------
# Public events (``state.events``)
# --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Event(_Record, CoreEvent):
    """A public fact: ``turn`` is the number of shots so far, ``seat`` whose fact it is."""
    turn: int
    seat: int

    def text(self, names: Sequence[str | None] | None = None) -> str:
        return event_text(self, names)


@dataclass(frozen=True, slots=True)
class SetupEvent(Event):
    """The seat hid its four platoons."""
    kind: ClassVar[str] = "setup"


@dataclass(frozen=True, slots=True)
class StartEvent(Event):
    """This seat fires first (the chance draw)."""
    kind: ClassVar[str] = "start"


@dataclass(frozen=True, slots=True)
class ShotEvent(Event):
    """\"Power 8 shot at B3\": which die fired is not part of it."""
    kind: ClassVar[str] = "shot"
    power: int
    space: str
    salvo: bool


@dataclass(frozen=True, slots=True)
class AnswerEvent(Event):
    """Hit or Miss from one seat's grid at the shot's space."""
    kind: ClassVar[str] = "answer"
    space: str
    hit: bool


@dataclass(frozen=True, slots=True)
class DefeatedEvent(Event):
    """A platoon left the grid; its die is shown.  ``cause``: see :class:`DefeatCause`."""
    kind: ClassVar[str] = "defeated"
    die: str
    space: str | None
    cause: DefeatCause

    def __post_init__(self) -> None:
        # built from a word too ("salvo"): the field always holds the member
        object.__setattr__(self, "cause", DefeatCause(self.cause))


@dataclass(frozen=True, slots=True)
class SurvivedEvent(Event):
    """The platoon hit at ``space`` stayed on the grid (its value is not told)."""
    kind: ClassVar[str] = "survived"
    space: str
    damage: int


@dataclass(frozen=True, slots=True)
class EliminatedEvent(Event):
    """The seat is out; ``grid`` (space -> (die, value)) is shown to everyone."""
    kind: ClassVar[str] = "eliminated"
    grid: Grid


@dataclass(frozen=True, slots=True)
class CoverEvent(Event):
    """The platoon hit at ``space`` ran for cover (it moved, or it stayed: the same to the table)."""
    kind: ClassVar[str] = "cover"
    space: str


@dataclass(frozen=True, slots=True)
class DeployEvent(Event):
    """A Reserve was deployed somewhere on the seat's grid."""
    kind: ClassVar[str] = "deploy"


@dataclass(frozen=True, slots=True)
class AmmoEvent(Event):
    """The shooter's power-``power`` platoon is now ``value`` (it halved)."""
    kind: ClassVar[str] = "ammo"
    power: int
    value: int


@dataclass(frozen=True, slots=True)
class WinnerEvent(Event):
    """The game is over; ``reason``: see :class:`EndReason`."""
    kind: ClassVar[str] = "winner"
    reason: EndReason

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", EndReason(self.reason))


@dataclass(frozen=True, slots=True)
class RevealEvent(Event):
    """End of game: the seat's grid and Reserves are shown."""
    kind: ClassVar[str] = "reveal"
    grid: Grid
    reserves: tuple[str, ...]


PublicEvent = Union[SetupEvent, StartEvent, ShotEvent, AnswerEvent, DefeatedEvent, SurvivedEvent,
                    EliminatedEvent, CoverEvent, DeployEvent, AmmoEvent, WinnerEvent, RevealEvent]
EVENT_TYPES: tuple[type[Event], ...] = (
    SetupEvent, StartEvent, ShotEvent, AnswerEvent, DefeatedEvent, SurvivedEvent, EliminatedEvent,
    CoverEvent, DeployEvent, AmmoEvent, WinnerEvent, RevealEvent)
#: every kind of public event in ``state.events`` (see docs/rules/cannon_corps.md)
EVENT_KINDS: tuple[str, ...] = tuple(t.kind for t in EVENT_TYPES)


# --------------------------------------------------------------------------
# Private notes (``state.private[seat]``, ``view.my_private``)
# --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Note(_Record):
    """An entry of one seat's private log."""
    turn: int


@dataclass(frozen=True, slots=True)
class SetupNote(Note):
    """My set-up: ``grid`` is space -> (die, value)."""
    kind: ClassVar[str] = "setup"
    grid: Grid


@dataclass(frozen=True, slots=True)
class FiredNote(Note):
    """I fired ``die`` (showing ``power``) at ``space``."""
    kind: ClassVar[str] = "fired"
    die: str
    space: str
    power: int


@dataclass(frozen=True, slots=True)
class DamagedNote(Note):
    """My ``die`` at ``space`` was hit: ``from_value`` -> ``to_value`` (0: defeated)."""
    kind: ClassVar[str] = "damaged"
    _KEYS: ClassVar[dict[str, str]] = {"from_value": "from", "to_value": "to"}
    die: str
    space: str
    from_value: int
    to_value: int
    salvo: bool


@dataclass(frozen=True, slots=True)
class AmmoNote(Note):
    """My firing ``die`` halved: ``from_value`` -> ``to_value`` (0 after a final salvo)."""
    kind: ClassVar[str] = "ammo"
    _KEYS: ClassVar[dict[str, str]] = {"from_value": "from", "to_value": "to"}
    die: str
    from_value: int
    to_value: int


@dataclass(frozen=True, slots=True)
class MovedNote(Note):
    """My hit ``die`` ran for cover from ``from_space`` to ``to_space``."""
    kind: ClassVar[str] = "moved"
    _KEYS: ClassVar[dict[str, str]] = {"from_space": "from", "to_space": "to"}
    die: str
    from_space: str
    to_space: str


@dataclass(frozen=True, slots=True)
class StayedNote(Note):
    """My hit ``die`` stayed on ``space`` (a bluff: the table heard "ran for cover")."""
    kind: ClassVar[str] = "stayed"
    die: str
    space: str


@dataclass(frozen=True, slots=True)
class DeployedNote(Note):
    """I deployed ``die`` on ``space`` at ``value`` (its highest)."""
    kind: ClassVar[str] = "deployed"
    die: str
    space: str
    value: int


PrivateNote = Union[SetupNote, FiredNote, DamagedNote, AmmoNote, MovedNote, StayedNote, DeployedNote]
NOTE_TYPES: tuple[type[Note], ...] = (SetupNote, FiredNote, DamagedNote, AmmoNote, MovedNote, StayedNote,
                                      DeployedNote)
#: a seat's own decisions in its private log (damage after the last one is news to it)
OWN_ACTIONS: tuple[type[Note], ...] = (SetupNote, FiredNote, MovedNote, StayedNote, DeployedNote)


# --------------------------------------------------------------------------
# The decision waiting now (``state.pending()``, ``view.pending``)
# --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Decision(_Record):
    """Base of the pending decisions (see :data:`Pending`); every one has a
    ``seat``: who decides (None: chance; the winner once the game is over)."""


@dataclass(frozen=True, slots=True)
class SetupDecision(Decision):
    """``seat`` hides its four platoons."""
    kind: ClassVar[str] = "setup"
    seat: int


@dataclass(frozen=True, slots=True)
class StartDraw(Decision):
    """Chance draws who fires first."""
    kind: ClassVar[str] = "start"
    seat: None = None


@dataclass(frozen=True, slots=True)
class FireDecision(Decision):
    """``seat`` picks a platoon and a space to fire at."""
    kind: ClassVar[str] = "fire"
    seat: int


@dataclass(frozen=True, slots=True)
class CoverDecision(Decision):
    """``seat``'s platoon hit at ``space`` (by ``damage``) runs for cover or stays.
    ``die`` and ``options`` (the empty neighbours) only in the deciding seat's view."""
    kind: ClassVar[str] = "cover"
    seat: int
    shooter: int
    space: str
    damage: int
    die: str | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DeployDecision(Decision):
    """``seat`` deploys a Reserve.  ``reserves`` and ``options`` (the empty
    spaces) only in the deciding seat's view."""
    kind: ClassVar[str] = "deploy"
    seat: int
    shooter: int
    reserves: tuple[str, ...] = ()
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameOver(Decision):
    """Nothing is pending: ``seat`` is the winner."""
    kind: ClassVar[str] = "over"
    seat: int | None = None


Pending = Union[SetupDecision, StartDraw, FireDecision, CoverDecision, DeployDecision, GameOver]


# --------------------------------------------------------------------------
# Texts and public knowledge (state and view share them)
# --------------------------------------------------------------------------
def player_name(seat: int | None, names: Sequence[str | None] | None = None) -> str:
    """The seat's display name from ``names`` (seat order); "Player N" only when
    no usable name was given for that seat (no list, too short, or blank)."""
    if seat is None:
        return ""
    if names is not None and 0 <= seat < len(names):
        name = str(names[seat] if names[seat] is not None else "").strip()
        if name:
            return name
    return f"Player {seat + 1}"


def result_line(winner: int | None, reason: EndReason | None, names: Sequence[str | None] | None = None) -> str:
    """How the game was won, naming the winner (the public log's last line)."""
    if winner is None:
        return "Game in progress"
    who = player_name(winner, names)
    if reason == EndReason.SALVO:
        return f"{who} wins with a final salvo that took everyone down"
    return f"{who} wins: the last army standing"


def result_reason(reason: EndReason | None) -> str:
    """How the game was won, without the winner's name (the game-over card's
    title already names the winner: the card says it once)."""
    if reason == EndReason.SALVO:
        return "A final salvo took every army down, its own included: its shooter wins."
    return "The last army standing. Every grid is now revealed."


def status_line(pending: Pending, winner: int | None, reason: EndReason | None,
                names: Sequence[str | None] | None = None) -> str:
    """The turn banner's line for a public ``pending`` decision; the state and
    every view use this one function, so their banners cannot disagree."""
    if isinstance(pending, GameOver):
        return "Game over: every grid is revealed"
    if isinstance(pending, StartDraw):
        return "Drawing who fires first"
    who = player_name(pending.seat, names)
    if isinstance(pending, SetupDecision):
        return f"{who}: hide four platoons in secret"  # read on every phone: no "your"
    if isinstance(pending, FireDecision):
        return f"{who}: choose a platoon and a space to fire at"
    if isinstance(pending, CoverDecision):
        return f"{who}: hit at {pending.space} - run for cover or stay"
    if isinstance(pending, DeployDecision):
        return f"{who}: deploy a reserve platoon"
    return ""


def shot_words(power: int, space: str, salvo: bool) -> str:
    """The announcement of a shot, as the table hears it ("Power 8 shot at B3")."""
    return f"Power {power} shot at {space}" + (" (FINAL SALVO)" if salvo else "")


def event_text(ev: Event, names: Sequence[str | None] | None = None) -> str:
    """One line of the public log for an event, naming its seat with ``names``
    (the seats' display names, seat order; "Player N" without them)."""
    who = player_name(ev.seat, names)
    if isinstance(ev, SetupEvent):
        return f"{who} hid four platoons"
    if isinstance(ev, StartEvent):
        return f"{who} fires first"
    if isinstance(ev, ShotEvent):
        tail = " (FINAL SALVO)" if ev.salvo else ""
        return f"{who}: \"Power {ev.power} shot at {ev.space}.\"{tail}"
    if isinstance(ev, AnswerEvent):
        return f"{who}: {'Hit' if ev.hit else 'Miss'}"
    if isinstance(ev, DefeatedEvent):
        if ev.cause is DefeatCause.OWN_SALVO:
            return f"{who}'s {ev.die} fired its final salvo and is DEFEATED"
        by = " by the final salvo" if ev.cause is DefeatCause.SALVO else ""
        return f"{who}'s {ev.die} on {ev.space} is DEFEATED{by}"
    if isinstance(ev, SurvivedEvent):
        return f"{who}'s platoon on {ev.space} survives {ev.damage} damage"
    if isinstance(ev, EliminatedEvent):
        return f"{who} is out of the game; the grid is revealed"
    if isinstance(ev, CoverEvent):
        return f"{who} ran for cover"
    if isinstance(ev, DeployEvent):
        return f"{who} deployed a reserve"
    if isinstance(ev, AmmoEvent):
        return f"{who}'s power {ev.power} platoon is now {ev.value}"
    if isinstance(ev, WinnerEvent):
        return result_line(ev.seat, ev.reason, names)
    if isinstance(ev, RevealEvent):
        return f"{who}'s grid is revealed"
    return ev.kind


def knowledge_from_events(events: Sequence[Event], seat: int, now: int | None = None) -> dict[str, dict[str, Any]]:
    """Per space of ``seat``'s grid, what the table learned last:
    ``{"B3": {"answer": "hit"|"miss", "turn": t, "ago": now-t,
    "result": "defeated"|"survived"|"cover"|None}}``; ``ago`` is how many shots
    have been fired since that answer (0: the latest shot).  A deployment does
    not erase marks (nobody knows where it went)."""
    out: dict[str, dict[str, Any]] = {}
    if now is None:
        now = max((e.turn for e in events), default=0)
    for e in events:
        if e.seat != seat:
            continue
        if isinstance(e, AnswerEvent):
            out[e.space] = {"answer": "hit" if e.hit else "miss", "turn": e.turn,
                            "ago": now - e.turn, "result": None}
        elif isinstance(e, DefeatedEvent):
            if e.space in out and e.cause is not DefeatCause.OWN_SALVO:
                out[e.space]["result"] = "defeated"
        elif isinstance(e, (SurvivedEvent, CoverEvent)) and e.space in out:
            out[e.space]["result"] = "survived" if isinstance(e, SurvivedEvent) else "cover"
    return out
