"""Artillery (chapter 7 of Blood & Plunder, Firelock Games): the rules engine.

Pure Python: no pygame, no I/O, no clock, no randomness.  Every decision is a
:class:`Move` with a stable text form; ``state.parse_move(text)`` reads it back.
``docs/rules/artillery.md`` lists every rule, the chapter's and ours.

A round
-------
1. CHANCE deals each seat one playing card per unit it has on the table
   (``deal QS``; hands are open, OURS).
2. A *turn*: every seat that still has a card and a unit to activate chooses a
   card in secret (``pick QS``; the other seat's view does not contain it),
   then CHANCE reveals them (``reveal``).  The better card (Spades, Hearts,
   Diamonds, Clubs, then rank) activates first; equal cards mean a roll-off
   (one ``roll N`` per seat, again while level).
3. In that order each seat activates one unit (``activate A2``) and spends its
   actions (the card's suit and the unit's experience give how many): ``move``,
   ``turn``, ``fire``, ``shoot``, ``reload``, ``dreload``, ``assign``,
   ``abandon``, ``spike``, ``rally``, or ``end``.
4. Turns repeat until nobody has a card and a unit left; the round ends with
   scoring and the scenario's victory check.

Every d10 is its own CHANCE node (``roll 7``); :meth:`ArtilleryState.chance_actor`
names the seat that throws it.  A hit on a gun crew that has field guns asks the
defending seat where the hit lands (``casualty man`` / ``casualty G1``).

The moves and their notation live in :mod:`games.artillery.moves`, the pieces
in :mod:`games.artillery.pieces`, the actions in :mod:`games.artillery.actions`,
shot resolution in :mod:`games.artillery.resolve`. Why this module still holds
some 700 lines: the round's flow, the chance nodes, legality and the view all
read and change the same private bookkeeping of the state (the activation, the
pending dice, the hands), and the board's queries at the end are thin wrappers
that need the same; split further, that bookkeeping would have to be public.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from games.artillery import geometry as geo
from games.artillery import odds
from games.artillery import events as ev
from games.artillery.data import (
    ABANDON_DISTANCE, ACTIONS, ARC_HALF_ANGLE, COHESION,
    DECK, DEFAULT_SCENARIO, ROUGH_COST, SCENARIOS, SHAKEN_AT, STRUCTURES, UNIT_TYPES, Point, Scenario)
from games.artillery.table import Table, table_for
from games.core.game import CHANCE, TERMINAL, BadNotation, GameState, two_player_returns

from games.artillery.moves import MOVE_WORDS, Move, parse_text  # noqa: F401 - re-exported: the rules module is the game's API
from games.artillery.pieces import (  # noqa: F401 - re-exported
    Activation, FirePreview, Gun, GunCheck, SectionState, Unit, _clone, _count_success, _dup, card_key)

DEFAULT_NAMES = ("South", "North")


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------
class ArtilleryState(GameState[Move, "ArtilleryState"]):
    """A game of Artillery.  See the module docstring for the round's shape."""

    num_players = 2

    def __init__(self, scenario: Scenario, options: dict | None = None):
        self.scenario = scenario
        self.options = dict(options or {})
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
        self.phase = "deal"
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
        self.is_view = False
        self.viewer: int | None = None
        self._ply = 0
        self._legal: list[Move] | None = None
        self._start_round()

    # -- small helpers ---------------------------------------------------------
    @property
    def wrecked(self) -> frozenset:
        return frozenset(s for s, st in self.sections.items() if st.wrecked)

    def _emit(self, e: ev.Event) -> None:
        self.events.append(e)

    def events_since(self, n: int) -> list[ev.Event]:
        return self.events[n:]

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

    # -- round flow ------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self._emit(ev.RoundStarted(self.round))
        self.hands = [[], []]
        self.dealt = [[], []]
        self.activated = []
        self.deal_queue = [s for s in (0, 1) for _ in self.live_units(s)]
        self.phase = "deal"
        if not self.deal_queue:
            self._start_turn()

    def _can_act(self, seat: int) -> bool:
        return bool(self.hands[seat]) and any(u.id not in self.activated for u in self.live_units(seat))

    def _start_turn(self) -> None:
        self.picks = [None, None]
        self.picked = [False, False]
        self.shown = [None, None]
        self.rolls = [None, None]
        self.picking = [s for s in (0, 1) if self._can_act(s)]
        if not self.picking:
            self._end_round()
            return
        self.phase = "pick"

    def _reveal(self) -> None:
        self.shown = list(self.picks)
        seats = [s for s in (0, 1) if self.picks[s] is not None]
        if len(seats) == 1:
            first: int | None = seats[0]
        else:
            k0, k1 = card_key(self.picks[0] or ""), card_key(self.picks[1] or "")
            first = None if k0 == k1 else (0 if k0 < k1 else 1)
        self._emit(ev.CardsRevealed(tuple(self.picks), first))
        if first is None:
            self.phase = "rolloff"
            self.rolls = [None, None]
            return
        self.order = [first] + [s for s in seats if s != first]
        self._next_activation()

    def _rolloff(self, value: int) -> None:
        seat = 0 if self.rolls[0] is None else 1
        self.rolls[seat] = value
        if self.rolls[1] is None:
            return
        r0, r1 = self.rolls[0] or 0, self.rolls[1] or 0
        first = None if r0 == r1 else (0 if r0 > r1 else 1)
        self._emit(ev.RollOff((r0, r1), first))
        self.rolls = [None, None]
        if first is not None:
            self.order = [first, 1 - first]
            self._next_activation()

    def _next_activation(self) -> None:
        while self.order and not any(u.id not in self.activated for u in self.live_units(self.order[0])):
            self.order.pop(0)                     # nothing left to activate: the card is wasted
        if not self.order:
            self._start_turn()
            return
        self.phase = "activate"

    def actions_for(self, u: Unit, card: str) -> int:
        """Actions for a unit activated with ``card`` (OURS: one fewer while Shaken)."""
        n = ACTIONS[u.profile.experience][card[-1]]
        if u.fatigue >= SHAKEN_AT:
            n -= 1
        return max(1, n)

    def _activate(self, uid: str) -> None:
        u = self.units[uid]
        card = self.shown[u.seat] or ""
        coh = tuple(sorted(g.id for g in self.guns.values()
                           if g.crew is None and not g.destroyed and self.cohesive_abandoned(g, u)))
        self.act = Activation(uid, u.seat, card, self.actions_for(u, card), cohesive=coh)
        self.activated.append(uid)
        self.phase = "act"
        self._emit(ev.Activated(u.seat, uid, card, self.act.actions))

    def cohesive_abandoned(self, g: Gun, u: Unit) -> bool:
        return self.cohesive(g, u)

    def _end_activation(self) -> None:
        act = self.act
        if act is None:
            return
        self._emit(ev.ActivationEnded(act.unit))
        self.act = None
        self._abandon_far_guns()
        if self.order:
            self.order.pop(0)
        self._check_victory()
        if not self.over:
            self._next_activation()

    def _abandon_far_guns(self) -> None:
        by_unit: dict[str, list[str]] = {}
        for g in self.guns.values():
            u = self.crew_of(g)
            if u is None or g.destroyed:
                continue
            if g.section is not None:
                d = geo.point_poly_dist(u.pos, self.table.sections[g.section].poly)
            else:
                d = geo.dist(g.pos, u.pos)
            if d >= ABANDON_DISTANCE:
                g.crew = None
                by_unit.setdefault(u.id, []).append(g.id)
        for uid, gids in by_unit.items():
            self._emit(ev.Abandoned(uid, tuple(gids), "distance"))

    def _end_round(self) -> None:
        from games.artillery import victory
        victory.end_of_round(self)
        if not self.over:
            self._start_round()

    def _check_victory(self) -> None:
        from games.artillery import victory
        victory.check_now(self)

    def finish(self, winner: int | None, reason: str) -> None:
        """End the game (victory rules call this)."""
        if self.over:
            return
        self.over = True
        self.winner_seat = winner
        self.reason = reason
        self.phase = "over"
        self.need = None
        self.decision = None
        self.todo = []
        self._emit(ev.GameOver(winner, reason))

    # -- whose turn --------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.need is not None:
            return CHANCE
        if self.decision is not None:
            return int(self.decision["seat"])
        ph = self.phase
        if ph in ("deal", "reveal", "rolloff"):
            return CHANCE
        if ph == "pick":
            return self.picking[0]
        if ph == "activate":
            return self.order[0]
        if ph == "act" and self.act is not None:
            return self.act.seat
        return TERMINAL

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.current_player() != CHANCE:
            return []
        if self.need is None and self.phase == "deal":
            seat = self.deal_queue[0]
            left = [c for c in DECK if c not in self.dealt[seat]]
            return [(Move("deal", a=c), 1.0 / len(left)) for c in left]
        if self.need is None and self.phase == "reveal":
            return [(Move("reveal"), 1.0)]
        return [(Move("roll", value=v), 0.1) for v in range(1, 11)]

    def chance_actor(self) -> int | None:
        if self.current_player() != CHANCE:
            return None
        if self.need is not None:
            return int(self.need["actor"])
        if self.phase == "deal":
            return self.deal_queue[0]
        if self.phase == "rolloff":
            return 0 if self.rolls[0] is None else 1
        return None

    def ply(self) -> int:
        return self._ply

    # -- applying ----------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        if isinstance(move, str):
            move = parse_text(move)
        self._legal = None
        self.__dict__.pop("_mctx", None)
        self._ply += 1
        k = move.kind
        if k == "roll":
            self._on_roll(move.value)
        elif k == "deal":
            self._on_deal(move.a)
        elif k == "reveal":
            self._reveal()
        elif k == "pick":
            self._on_pick(move.a)
        elif k == "activate":
            self._activate(move.a)
        elif k == "casualty":
            self._on_casualty(move.a)
        else:
            from games.artillery import actions
            actions.do_action(self, move)
        self._settle()

    def apply_trusted(self, move: Move) -> None:
        """Apply a move known to be legal (taken from ``legal_moves()`` or
        ``chance_outcomes()`` of this very state) without checking it again.
        For searches; everything else goes through :meth:`apply`."""
        self._apply(move)

    def _on_deal(self, card: str) -> None:
        seat = self.deal_queue.pop(0)
        self.hands[seat].append(card)
        self.hands[seat].sort(key=card_key)
        self.dealt[seat].append(card)
        self._emit(ev.Dealt(seat))
        if not self.deal_queue:
            self._start_turn()

    def _on_pick(self, card: str) -> None:
        seat = self.picking.pop(0)
        self.hands[seat].remove(card)
        self.picks[seat] = card
        self.picked[seat] = True
        self._emit(ev.CardChosen(seat))
        if not self.picking:
            self.phase = "reveal"

    def _on_roll(self, value: int) -> None:
        if self.need is None:
            self._rolloff(value)
            return
        self.need["rolled"].append(value)
        if len(self.need["rolled"]) >= self.need["n"]:
            need, self.need = self.need, None
            from games.artillery import resolve
            resolve.on_dice(self, need)

    def _on_casualty(self, choice: str) -> None:
        d, self.decision = self.decision, None
        assert d is not None
        from games.artillery import resolve
        resolve.on_casualty_choice(self, d, choice)

    def _settle(self) -> None:
        """Run automatic steps until a die, a decision or a player is due."""
        from games.artillery import resolve
        resolve.settle(self)

    # -- legality ----------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        p = self.current_player()
        if p < 0:
            return []
        if self._legal is None:
            self._legal = [m for m in self._candidates() if self._problem(m) is None]
        return list(self._legal)

    def _candidates(self) -> list[Move]:
        if self.decision is not None:
            return [Move("casualty", a=o) for o in self.decision["options"]]
        if self.phase == "pick":
            return [Move("pick", a=c) for c in self.hands[self.picking[0]]]
        if self.phase == "activate":
            return [Move("activate", a=u.id) for u in self.live_units(self.order[0])
                    if u.id not in self.activated]
        from games.artillery import actions
        return actions.candidates(self)

    def why_illegal(self, move) -> str | None:
        p = self.current_player()
        if p == TERMINAL:
            return "the game is over"
        if isinstance(move, str):
            try:
                move = parse_text(move)
            except BadNotation as exc:
                return str(exc)
        if not isinstance(move, Move):
            return f"{move!r} is not a move"
        if p == CHANCE:
            return self._chance_problem(move)
        if move.kind in ("roll", "deal", "reveal"):
            return "that is chance's to play, not a player's"
        return self._problem(move)

    def _chance_problem(self, move: Move) -> str | None:
        if any(move == m for m, _ in self.chance_outcomes()):
            return None
        if self.phase == "deal" and self.need is None:
            return "a card is being dealt: 'deal' with a card still in that deck"
        if self.phase == "reveal" and self.need is None:
            return "the chosen cards are being revealed: 'reveal'"
        return "a d10 is being rolled: 'roll 1' to 'roll 10'"

    def _problem(self, m: Move) -> str | None:
        if self.decision is not None:
            return self._decision_problem(m)
        if self.phase == "pick":
            if m.kind != "pick":
                return "choose a card first: 'pick' one from your hand"
            return None if m.a in self.hands[self.picking[0]] else f"{m.a} is not in your hand"
        if self.phase == "activate":
            return self._activate_problem(m)
        if self.phase == "act":
            if m.kind in ("pick", "activate", "casualty"):
                return f"{self.act.unit if self.act else 'a unit'} is active: use its actions or 'end'"
            from games.artillery import actions
            return actions.problem(self, m)
        return "nothing to decide now"

    def _decision_problem(self, m: Move) -> str | None:
        d = self.decision
        assert d is not None
        if m.kind != "casualty":
            return f"a cannon hit {d['unit']}: choose where it lands ('casualty man' or a gun)"
        if m.a not in d["options"]:
            return f"the hit can land on {', '.join(d['options'])}"
        return None

    def _activate_problem(self, m: Move) -> str | None:
        if m.kind != "activate":
            return "activate one of your units first"
        u = self.units.get(m.a)
        seat = self.order[0]
        if u is None:
            return f"there is no unit {m.a}"
        if u.seat != seat:
            return f"{m.a} is not yours"
        if not u.alive:
            return f"{m.a} is no longer on the table"
        if u.id in self.activated:
            return f"{m.a} has already activated this round"
        return None

    def parse_move(self, text: str) -> Move:
        move = parse_text(text)
        return self.parse_legal(text, move)

    # -- ending ------------------------------------------------------------------
    def returns(self) -> list[float]:
        return two_player_returns(self.winner_seat, self.over)

    def winner(self) -> int | None:
        return self.winner_seat if self.over else None

    def result_text(self, names=None) -> str:
        if not self.over:
            return ""
        if self.winner_seat is None:
            return f"Draw: {self.reason}"
        return f"{ev.seat_name(self.winner_seat, names)} wins: {self.reason}"

    def status_text(self, names=None) -> str:
        from games.artillery import texts
        return texts.status(self, names)

    def public_move_text(self, move, names=None) -> str:
        from games.artillery import texts
        if isinstance(move, str):
            move = parse_text(move)
        return texts.public(self, move, names)

    # -- information ------------------------------------------------------------
    def hidden_from(self, seat: int | None) -> list[int]:
        """Seats whose hand (and, before the reveal, chosen card) ``seat`` may not see."""
        return [s for s in (0, 1) if s != seat]

    def view(self, player: int | None) -> "ArtilleryState":
        """What ``player`` may know: a copy whose other hands, decks and unrevealed
        chosen cards are replaced by '??' (same count, no content)."""
        v = self.copy()
        v.is_view = True
        v.viewer = player
        for s in self.hidden_from(player):
            v.hands[s] = ["??"] * len(self.hands[s])
            v.dealt[s] = ["??"] * len(self.dealt[s])
            if self.phase in ("pick", "reveal") and self.picks[s] is not None:
                v.picks[s] = "??"
        return v

    def reveals(self, move) -> bool:
        """A secret card choice shows the table nothing; chance (deals, the reveal,
        every die) always does.  Public decisions reveal nothing secret either."""
        if isinstance(move, str):
            move = parse_text(move)
        return move.kind in ("roll", "deal", "reveal")

    def copy(self) -> "ArtilleryState":
        c = ArtilleryState.__new__(ArtilleryState)
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.units = {k: _dup(u) for k, u in self.units.items()}
        c.guns = {k: _dup(g) for k, g in self.guns.items()}
        c.sections = {k: _dup(s) for k, s in self.sections.items()}
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
        c.act = _dup(self.act) if self.act is not None else None
        c.res = _clone(self.res)
        c.todo = _clone(self.todo)
        c.need = _clone(self.need)
        c.decision = _clone(self.decision)
        c.score = list(self.score)
        c.removed = list(self.removed)
        c.events = list(self.events)
        c._legal = None
        c.__dict__.pop("_mctx", None)
        return c

    def snapshot(self) -> dict[str, Any]:
        return {
            "game": "artillery", "scenario": self.scenario.key, "round": self.round, "phase": self.phase,
            "ply": self._ply,
            "units": {k: [u.models, list(u.pos), u.fatigue, u.gone] for k, u in sorted(self.units.items())},
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
            "res": _clone(self.res), "todo": _clone(self.todo), "need": _clone(self.need),
            "decision": _clone(self.decision), "score": list(self.score), "removed": list(self.removed),
            "events": len(self.events), "over": self.over, "winner": self.winner_seat, "reason": self.reason,
        }

    def invariant_problems(self) -> list[str]:
        """What is wrong with this position (empty when all is well): the hook of
        ``games.core.invariants``."""
        out = []
        for u in self.units.values():
            if not 0 <= u.models <= u.start:
                out.append(f"{u.id} has {u.models} models (started with {u.start})")
            if u.fatigue < 0:
                out.append(f"{u.id} has negative Fatigue")
        for g in self.guns.values():
            if g.markers < 0:
                out.append(f"{g.id} has {g.markers} reload markers")
            if g.crew is not None and self.crew_of(g) is None:
                out.append(f"{g.id} is crewed by {g.crew}, which is not on the table")
        for sid in self.sections:
            if self.fortitude(sid) < 1:
                out.append(f"{sid} has Fortitude below 1")
        if self.act is not None and not self.units[self.act.unit].alive and self.need is None \
                and self.decision is None and not self.todo and self.res is None and self.phase == "act":
            out.append(f"{self.act.unit} is active but gone")
        return out

    # -- queries for the board (work on views too) -------------------------------
    def gun_arc(self, gid: str) -> tuple[Point, float, float]:
        """(origin, facing in compass degrees, half-angle) of a gun's arc of fire;
        a swivel's half-angle is 180 (all round).  A cone only: a ship's deck gun
        fires across the width of its deck instead (see :meth:`gun_arc_shape`)."""
        g = self.guns[gid]
        return g.pos, float(g.facing), 180.0 if g.stats.swivel else ARC_HALF_ANGLE

    def gun_arc_shape(self, gid: str, reach: float = 24.0) -> tuple[str, tuple[Point, ...]]:
        """(kind, polygon) of a gun's arc of fire cut ``reach`` inches out, in table
        inches, for drawing: kind "all round" (a swivel: the circle), "cone" (a
        carriage or a fortification: the origin then the arc's rim) or "deck" (a
        ship's gun: the corridor as wide as its deck, from the gun outwards)."""
        from games.artillery import actions
        g = self.guns[gid]
        if g.stats.swivel:
            ring = tuple((g.pos[0] + reach * math.sin(2 * math.pi * i / 32),
                          g.pos[1] + reach * math.cos(2 * math.pi * i / 32)) for i in range(32))
            return "all round", ring
        if actions.on_ship_deck(self, g):
            return "deck", geo.band_poly(g.pos, float(g.facing), actions.deck_span(self, g), reach)
        rim = []
        for i in range(17):
            hx, hy = geo.heading_vector(g.facing - ARC_HALF_ANGLE + 2 * ARC_HALF_ANGLE * i / 16)
            rim.append((g.pos[0] + hx * reach, g.pos[1] + hy * reach))
        return "cone", (g.pos, *rim)

    def gun_sees(self, gid: str, target: str) -> GunCheck:
        """In arc and in sight of a target (unit or section id), and what blocks it."""
        from games.artillery import actions
        return actions.gun_check(self, self.guns[gid], target)

    def fire_targets(self, guns: Sequence[str], ammo: str) -> list[str]:
        """Targets the group may legally fire ``ammo`` at now."""
        gl = sorted(guns)
        return sorted({m.target for m in self.legal_moves()
                       if m.kind == "fire" and sorted(m.guns) == gl and m.ammo == ammo})

    def fire_preview(self, guns: Sequence[str], target: str, ammo: str = "round") -> FirePreview:
        """Distance from the closest gun, range band, sight, arc, target number and
        exact odds of a shot, plus why it is not allowed now (``problem``).  For
        swivels pass ``ammo="swivel"``."""
        from games.artillery import actions
        from games.artillery.forecast import shot_forecast
        gl = [self.guns[g] for g in guns]
        ids = actions.sort_ids(guns)
        if gl and gl[0].stats.swivel:
            ammo = "swivel"
        m = Move("fire", guns=ids, target=target, ammo=ammo)
        d, line, band, pen, tn, mx = actions.fire_numbers(self, gl, target, ammo)
        fc = shot_forecast(self, gl, target, ammo)
        checks = tuple(actions.gun_check(self, g, target) for g in gl)
        return FirePreview(ids, target, ammo, self.why_illegal(m), d, line, pen, band, mx, tn, fc.p_die,
                           fc.dice, checks, fc.hits, fc.expected_hits, fc.damage_tn, fc.expected_damage,
                           fc.p_lucky, fc.expected_crits, fc.expected_casualties)

    def shoot_preview(self, unit: str, target: str) -> dict[str, Any]:
        """Small arms: distance, target number, sight and odds (a plain dict)."""
        from games.artillery import actions
        from games.artillery.forecast import small_arms_forecast
        u = self.units[unit]
        d, line = actions.unit_distance(self, u, target)
        fc = small_arms_forecast(self, u, target)
        return {"distance": d, "line": line, "tn": fc.tn, "p_die": fc.p_die, "dice": fc.dice,
                "blocker": actions.unit_sight(self, u, target), "expected_hits": fc.expected_hits,
                "expected_casualties": fc.expected_casualties,
                "problem": self.why_illegal(Move("shoot", a=target))}

    def move_allowance(self, unit: str, leave: bool = False, guns: Sequence[str] = ()) -> dict[str, Any]:
        """The unit's move now: inches before terrain, the explanation, the guns it
        would take along (all its field guns with it, none with ``leave``, or only
        ``guns``), and whether they can go (``problem``)."""
        from games.artillery import actions
        u = self.units[unit]
        chosen = actions.sort_ids(guns)
        carry = actions.chosen_carry(self, u, leave, chosen)
        inches, why = actions.move_allowance(self, u, carry)
        bad = None
        if chosen:
            bad = actions._chosen_problem(u, actions.carried_guns(self, u), chosen, leave)
        return {"inches": inches, "why": why, "guns": [g.id for g in carry], "rough_cost": ROUGH_COST,
                "problem": bad or actions._carry_problem(u, carry)}

    def destinations(self, unit: str, leave: bool = False, guns: Sequence[str] = ()) -> list[tuple[int, int]]:
        """Legal destinations of the active unit's move now (1-inch grid), taking its
        field guns as :meth:`move_allowance` says."""
        from games.artillery import actions
        chosen = actions.sort_ids(guns)
        return [m.pos for m in self.legal_moves()
                if m.kind == "move" and m.a == unit and m.flag == leave and m.guns == chosen
                and m.pos is not None]

    def gun_facings(self, gid: str) -> list[int]:
        """Legal new facings (compass degrees) of a field gun now."""
        return [m.value for m in self.legal_moves() if m.kind == "turn" and m.a == gid]

    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def structure_track(self, sid: str) -> dict[str, Any]:
        """A section's damage track: Fortitude now and at start, Integrity, tally, wrecked."""
        s = self.sections[sid]
        t = STRUCTURES[s.type]
        return {"fortitude": self.fortitude(sid), "base": t.fortitude, "integrity": t.integrity,
                "tally": s.tally, "down": s.down, "wrecked": s.wrecked, "type": t.name,
                "to_next_loss": t.integrity - s.tally % t.integrity}

    def unit_cover(self, unit: str, shooter_point: Point) -> str:
        from games.artillery.resolve import unit_cover
        return unit_cover(self, self.units[unit], shooter_point)


def new_game(options: dict | None = None, n_seats: int = 2) -> ArtilleryState:
    """A new game; ``options["scenario"]`` is a key of :data:`SCENARIOS`."""
    if n_seats != 2:
        raise ValueError("Artillery is a two-player game")
    opts = dict(options or {})
    key = opts.get("scenario", DEFAULT_SCENARIO)
    if key not in SCENARIOS:
        raise ValueError(f"unknown scenario {key!r} (choose from {', '.join(SCENARIOS)})")
    opts["scenario"] = key
    return ArtilleryState(SCENARIOS[key], opts)


def from_scenario(scenario: Scenario) -> ArtilleryState:
    """A game on any scenario object (tests build their own tables)."""
    return ArtilleryState(scenario, {"scenario": scenario.key})
