"""The data of an Artillery game and the small questions every rule asks of it.

:class:`State` holds what a position is made of (units, guns, structure sections,
the round, the hands and chosen cards, the activation, the shot being resolved
and the dice wanted now, the score, the public record of events) and its
low-level edits: :meth:`State.emit` (append an event to the record) and
:meth:`State.finish` (end the game). It knows no rule: the rule areas are modules
of functions over it (``flow``, ``shots``, ``resolve``, ``actions``, ``forecast``,
``victory``), and :class:`~games.artillery.rules.game.ArtilleryState`, the class
players hold, adds the rules contract on top by calling them. Nothing here
imports them.
"""
from __future__ import annotations

import enum
from typing import Any, TypeVar

from . import events as ev
from . import geometry as geo
from . import odds
from .data import COHESION, STRUCTURES, UNIT_TYPES, Scenario
from .moves import Move
from .pieces import Activation, Gun, SectionState, Unit, clone, dup
from .table import Table, table_for

S = TypeVar("S", bound="State")


class EndReason(str, enum.Enum):
    """Why a game ended (the state's ``end``; its ``reason`` is the same said in words,
    with the figures). A str Enum: its value is a stable word."""
    WIPED_OUT = "wiped out"                  # a side (or both) has no units left
    OBJECTIVE_TAKEN = "objective taken"      # a battery silenced, the gatehouse held by the landing party
    SHIP_CRIPPLED = "ship crippled"          # a ship's rigging shot away, or the ship lost
    HELD_OUT = "held out"                    # the defenders lasted the scenario's rounds
    ESCAPED = "escaped"                      # the ship slipped her cable
    ON_POINTS = "on points"                  # the last round: houses held, or rigging damage done
    ON_LOSSES = "on losses"                  # points level: enemy models removed decide
    LEVEL = "level"                          # points and losses level: a draw

    def __str__(self) -> str:
        return self.value


class Phase(str, enum.Enum):
    """Where the round stands. A str Enum: its value is the word snapshots, saves and the
    phone's payload carry, and ``str()`` gives it too."""
    DEAL = "deal"            # CHANCE deals the round's cards
    PICK = "pick"            # the seats choose a card in secret
    REVEAL = "reveal"        # CHANCE shows the chosen cards
    ROLLOFF = "rolloff"      # equal cards: a d10 each
    ACTIVATE = "activate"    # the seat whose turn it is picks a unit
    ACT = "act"              # the active unit spends its actions
    OVER = "over"            # the game has ended

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

#: what a move of a unit carries, memoised per position (``actions``): the guns it
#: takes, why it cannot, its inches and their explanation, whether it has field guns
MoveContext = tuple[list[Gun], "str | None", int, str, bool]


class State:
    """The data of a position.

    Public attributes (read them; only the rules' functions write them): ``scenario``,
    ``options``, ``table`` (the scenario's fixed ground), ``units``, ``guns`` and
    ``sections`` (by id), ``round``, ``phase`` (a :class:`Phase`), ``hands`` and ``dealt`` (per seat), ``deal_queue`` (seats still to
    be dealt a card), ``picking`` (seats still to choose a card), ``picks`` (the chosen
    cards), ``picked``, ``shown`` (the revealed cards), ``rolls`` (a roll-off's dice),
    ``order`` (seats still to activate this turn), ``activated`` (units activated this
    round), ``act`` (the activation), ``res`` (the shot being resolved), ``todo`` (its
    queued steps), ``need`` (the dice wanted now), ``decision`` (where a cannon hit on a
    gun crew lands), ``score``, ``removed`` (models each seat has lost), ``events``
    (the public record), ``winner_seat``, ``over``, ``reason``, ``is_view`` and
    ``viewer`` (a view and whose), ``plies``. ``legal_cache`` and ``move_memo`` are the
    rules' caches of the legal moves and of what a move carries, dropped by every move."""

    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None):
        self.scenario = scenario
        self.options: dict[str, Any] = dict(options or {})
        self.table: Table = table_for(scenario)
        self.units: dict[str, Unit] = {
            u.id: Unit(u.id, u.seat, u.type, u.models, u.models, (float(u.pos[0]), float(u.pos[1])),
                       u.name or UNIT_TYPES[u.type].name)
            for u in scenario.units}
        self.guns: dict[str, Gun] = {
            g.id: Gun(g.id, g.type, g.seat, (float(g.pos[0]), float(g.pos[1])), g.facing, g.crew, g.section,
                      tuple(g.ammo))
            for g in scenario.guns}
        self.sections: dict[str, SectionState] = {}
        for st in scenario.structures:
            for sec in st.sections:
                self.sections[sec.id] = SectionState(sec.id, st.id, st.type)
        self.round = 0
        self.phase: Phase = Phase.DEAL
        self.hands: list[list[str]] = [[], []]
        self.dealt: list[list[str]] = [[], []]     # cards dealt from each seat's deck this round
        self.deal_queue: list[int] = []
        self.picking: list[int] = []
        self.picks: list[str | None] = [None, None]
        self.picked: list[bool] = [False, False]
        self.shown: list[str | None] = [None, None]
        self.rolls: list[int | None] = [None, None]
        self.order: list[int] = []
        self.activated: list[str] = []
        self.act: Activation | None = None
        self.res: dict[str, Any] | None = None
        self.todo: list[dict[str, Any]] = []
        self.need: dict[str, Any] | None = None
        self.decision: dict[str, Any] | None = None
        self.score = [0, 0]
        self.removed = [0, 0]                      # models each seat has lost
        self.events: list[ev.Event] = []
        self.winner_seat: int | None = None
        self.over = False
        self.reason = ""
        self.end: EndReason | None = None      # why the game ended (None while it goes on)
        self.is_view = False
        self.viewer: int | None = None
        self.plies = 0
        self.legal_cache: list[Move] | None = None
        self.move_memo: dict[tuple[Any, ...], MoveContext] = {}

    # -- the record and the end ------------------------------------------------------
    def emit(self, e: ev.Event) -> None:
        """Append ``e`` to the public record of what happened."""
        self.events.append(e)

    def events_since(self, n: int) -> list[ev.Event]:
        return self.events[n:]

    def finish(self, winner: int | None, reason: str, end: EndReason) -> None:
        """End the game (victory rules call this): ``end`` says why, ``reason`` in words."""
        if self.over:
            return
        self.over = True
        self.winner_seat = winner
        self.reason = reason
        self.end = end
        self.phase = Phase.OVER
        self.need = None
        self.decision = None
        self.todo = []
        self.emit(ev.GameOver(winner, reason))

    # -- small questions ---------------------------------------------------------------
    @property
    def wrecked(self) -> frozenset[str]:
        return frozenset(s for s, st in self.sections.items() if st.wrecked)

    def live_units(self, seat: int | None = None) -> list[Unit]:
        return [u for u in self.units.values() if u.alive and (seat is None or u.seat == seat)]

    def unit_section(self, u: Unit) -> str | None:
        """The intact section a unit stands in (it is then 'in the structure')."""
        return self.table.section_at(u.pos, self.wrecked)

    def units_in_section(self, sid: str) -> list[Unit]:
        """Units standing in a section (its occupants; wrecked sections keep theirs)."""
        sec = self.table.sections[sid]
        if not sec.enterable:
            return []
        return [u for u in self.units.values() if u.alive and self.table.inside(u.pos, sec.poly)]

    def fortitude(self, sid: str) -> int:
        s = self.sections[sid]
        t = STRUCTURES[s.type]
        return odds.fortitude_after(t.fortitude, s.tally, t.integrity, s.down)

    def integrity(self, sid: str) -> int:
        return STRUCTURES[self.sections[sid].type].integrity

    def section_owner(self, sid: str) -> int | None:
        return self.table.structure_of[sid].owner

    def crew_of(self, g: Gun) -> Unit | None:
        if g.crew is None:
            return None
        u = self.units.get(g.crew)
        return u if u is not None and u.alive else None

    def cohesive(self, g: Gun, u: Unit) -> bool:
        """A crew operates its guns only while cohesive with them: in the gun's
        section, or (field guns) within COHESION of the unit's centre (OURS)."""
        if g.section is not None:
            return self.unit_section(u) == g.section
        return geo.dist(g.pos, u.pos) <= COHESION + 1e-9

    def guns_of(self, uid: str) -> list[Gun]:
        return [g for g in self.guns.values() if g.crew == uid and not g.destroyed]

    def operable(self, u: Unit) -> list[Gun]:
        """The unit's guns it can work now (intact and cohesive)."""
        return [g for g in self.guns_of(u.id) if self.cohesive(g, u)]

    def active_unit(self) -> Unit | None:
        return self.units[self.act.unit] if self.act is not None else None

    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def structure_track(self, sid: str) -> dict[str, Any]:
        """A section's damage track: Fortitude now and at start, Integrity, tally, wrecked."""
        s = self.sections[sid]
        t = STRUCTURES[s.type]
        return {"fortitude": self.fortitude(sid), "base": t.fortitude, "integrity": t.integrity,
                "tally": s.tally, "down": s.down, "wrecked": s.wrecked, "type": t.name,
                "to_next_loss": t.integrity - s.tally % t.integrity}

    # -- copies and the record ------------------------------------------------------------
    def copy(self: S) -> S:
        c = type(self).__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.units = {k: dup(u) for k, u in self.units.items()}
        c.guns = {k: dup(g) for k, g in self.guns.items()}
        c.sections = {k: dup(s) for k, s in self.sections.items()}
        c.hands = [list(h) for h in self.hands]
        c.dealt = [list(d) for d in self.dealt]
        c.deal_queue = list(self.deal_queue)
        c.picking = list(self.picking)
        c.picks = list(self.picks)
        c.picked = list(self.picked)
        c.shown = list(self.shown)
        c.rolls = list(self.rolls)
        c.order = list(self.order)
        c.activated = list(self.activated)
        c.act = dup(self.act) if self.act is not None else None
        c.res = clone(self.res)
        c.todo = clone(self.todo)
        c.need = clone(self.need)
        c.decision = clone(self.decision)
        c.score = list(self.score)
        c.removed = list(self.removed)
        c.events = list(self.events)
        c.legal_cache = None
        c.move_memo = {}
        return c

    def snapshot(self) -> dict[str, Any]:
        return {
            # the family's name: a game saved on the town's first setup before it was
            # kept apart recorded "town", and its replay must reach the same snapshot
            "game": "artillery", "scenario": self.scenario.name, "round": self.round, "phase": self.phase.value,
            "ply": self.plies,
            "units": {k: [u.models, list(u.pos), u.fatigue, u.gone.value] for k, u in sorted(self.units.items())},
            "guns": {k: [list(g.pos), g.facing, g.crew, g.markers, g.spiked, g.destroyed]
                     for k, g in sorted(self.guns.items())},
            "sections": {k: [s.tally, s.down, s.wrecked] for k, s in sorted(self.sections.items())},
            "hands": [list(h) for h in self.hands], "dealt": [list(d) for d in self.dealt],
            "deal_queue": list(self.deal_queue), "picking": list(self.picking), "picks": list(self.picks),
            "picked": list(self.picked), "shown": list(self.shown), "rolls": list(self.rolls),
            "order": list(self.order), "activated": list(self.activated),
            "act": None if self.act is None else {
                "unit": self.act.unit, "card": self.act.card, "actions": self.act.actions, "used": self.act.used,
                "fired": self.act.fired, "tests": self.act.tests, "moved": list(self.act.moved),
                "cohesive": list(self.act.cohesive)},
            "res": clone(self.res), "todo": clone(self.todo), "need": clone(self.need),
            "decision": clone(self.decision), "score": list(self.score), "removed": list(self.removed),
            "events": len(self.events), "over": self.over, "winner": self.winner_seat, "reason": self.reason,
        }
