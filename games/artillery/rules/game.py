"""The Artillery game class: :class:`ArtilleryState`, :func:`new_game` and
:func:`from_scenario`.

It is the position's data (:class:`~games.artillery.rules.state.State`) with the
rules contract (``games.core.game.GameState``) on top: whose turn it is, the
chance nodes, legality and applying a move, each one call into the rule
functions (:mod:`.flow`, :mod:`.actions`, :mod:`.resolve`); the views that hide
the other hand; and the questions the board asks (arcs, previews, destinations),
answered by :mod:`.shots` and :mod:`.forecast`. :mod:`games.artillery.rules`
re-exports it.
"""
from __future__ import annotations

from typing import Any, Sequence

from games.core.game import CHANCE, TERMINAL, BadNotation, GameState, two_player_returns

from . import actions, flow, resolve, shots, texts
from . import events as ev
from .data import ARC_HALF_ANGLE, DECK, ROUGH_COST, Point, Scenario
from .scenarios import DEFAULT_SCENARIO, SCENARIOS
from .events import Names
from .forecast import shot_forecast, small_arms_forecast
from .moves import Move, parse_text
from .pieces import FirePreview, GunCheck, Unit, sort_ids
from .state import Phase, State

DEFAULT_NAMES = ("South", "North")


class ArtilleryState(State, GameState[Move, "ArtilleryState"]):
    """A game of Artillery (see :mod:`games.artillery.rules` for the round's shape).

    Its attributes are :class:`~games.artillery.rules.state.State`'s (read them,
    do not write them); its methods are the rules contract's and the board's
    questions."""

    num_players = 2

    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None):
        super().__init__(scenario, options)
        flow.start_round(self)

    # -- whose turn --------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.need is not None:
            return CHANCE
        if self.decision is not None:
            return int(self.decision["seat"])
        ph = self.phase
        if ph in (Phase.DEAL, Phase.REVEAL, Phase.ROLLOFF):
            return CHANCE
        if ph == Phase.PICK:
            return self.picking[0]
        if ph == Phase.ACTIVATE:
            return self.order[0]
        if ph == Phase.ACT and self.act is not None:
            return self.act.seat
        return TERMINAL

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.current_player() != CHANCE:
            return []
        if self.need is None and self.phase == Phase.DEAL:
            seat = self.deal_queue[0]
            left = [c for c in DECK if c not in self.dealt[seat]]
            return [(Move("deal", a=c), 1.0 / len(left)) for c in left]
        if self.need is None and self.phase == Phase.REVEAL:
            return [(Move("reveal"), 1.0)]
        return [(Move("roll", value=v), 0.1) for v in range(1, 11)]

    def chance_actor(self) -> int | None:
        if self.current_player() != CHANCE:
            return None
        if self.need is not None:
            return int(self.need["actor"])
        if self.phase == Phase.DEAL:
            return self.deal_queue[0]
        if self.phase == Phase.ROLLOFF:
            return 0 if self.rolls[0] is None else 1
        return None

    def ply(self) -> int:
        return self.plies

    # -- applying ----------------------------------------------------------------
    def events_of(self, move: Move, after: GameState[Move, "ArtilleryState"]) -> tuple[ev.Event, ...]:
        """The public events the move added; a roll's die leads them (``DieRolled``)."""
        assert isinstance(after, ArtilleryState)
        if isinstance(move, str):         # the text form, as _apply takes it
            move = parse_text(move)
        new = tuple(after.events[len(self.events):])
        return (ev.DieRolled(move.value), *new) if move.kind == "roll" else new

    def _apply(self, move: Move) -> None:
        if isinstance(move, str):
            move = parse_text(move)
        self.legal_cache = None
        self.move_memo = {}
        self.plies += 1
        k = move.kind
        if k == "roll":
            resolve.roll(self, move.value)
        elif k == "deal":
            flow.deal(self, move.a)
        elif k == "reveal":
            flow.reveal(self)
        elif k == "pick":
            flow.pick(self, move.a)
        elif k == "activate":
            flow.activate(self, move.a)
        elif k == "casualty":
            resolve.casualty(self, move.a)
        else:
            actions.do_action(self, move)
        resolve.settle(self)

    def apply_trusted(self, move: Move) -> None:
        """Apply a move known to be legal (taken from ``legal_moves()`` or
        ``chance_outcomes()`` of this very state) without checking it again.
        For searches; everything else goes through :meth:`apply`."""
        self._apply(move)

    # -- legality ----------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        p = self.current_player()
        if p < 0:
            return []
        if self.legal_cache is None:
            self.legal_cache = [m for m in self._candidates() if self._problem(m) is None]
        return list(self.legal_cache)

    def _candidates(self) -> list[Move]:
        if self.decision is not None:
            return [Move("casualty", a=o) for o in self.decision["options"]]
        if self.phase == Phase.PICK:
            return [Move("pick", a=c) for c in self.hands[self.picking[0]]]
        if self.phase == Phase.ACTIVATE:
            return [Move("activate", a=u.id) for u in self.live_units(self.order[0])
                    if u.id not in self.activated]
        return actions.candidates(self)

    def why_illegal(self, move: object) -> str | None:
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
        if self.phase == Phase.DEAL and self.need is None:
            return "a card is being dealt: 'deal' with a card still in that deck"
        if self.phase == Phase.REVEAL and self.need is None:
            return "the chosen cards are being revealed: 'reveal'"
        return "a d10 is being rolled: 'roll 1' to 'roll 10'"

    def _problem(self, m: Move) -> str | None:
        if self.decision is not None:
            return self._decision_problem(m)
        if self.phase == Phase.PICK:
            if m.kind != "pick":
                return "choose a card first: 'pick' one from your hand"
            return None if m.a in self.hands[self.picking[0]] else f"{m.a} is not in your hand"
        if self.phase == Phase.ACTIVATE:
            return self._activate_problem(m)
        if self.phase == Phase.ACT:
            if m.kind in ("pick", "activate", "casualty"):
                return f"{self.act.unit if self.act else 'a unit'} is active: use its actions or 'end'"
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

    def result_text(self, names: Names = None) -> str:
        return texts.result_text(self, names)

    def status_text(self, names: Names = None) -> str:
        return texts.status(self, names)

    def public_move_text(self, move: Move | str, names: Names = None) -> str:
        if isinstance(move, str):
            move = parse_text(move)
        return texts.public(self, move, names)

    # -- information ------------------------------------------------------------
    def hidden_from(self, seat: int | None) -> list[int]:
        """Seats whose hand (and, before the reveal, chosen card) ``seat`` may not see."""
        return [s for s in (0, 1) if s != seat]

    def view(self, player: int | None) -> ArtilleryState:
        """What ``player`` may know: a copy whose other hands, decks and unrevealed
        chosen cards are replaced by '??' (same count, no content)."""
        v = self.copy()
        v.is_view = True
        v.viewer = player
        for s in self.hidden_from(player):
            v.hands[s] = ["??"] * len(self.hands[s])
            v.dealt[s] = ["??"] * len(self.dealt[s])
            if self.phase in (Phase.PICK, Phase.REVEAL) and self.picks[s] is not None:
                v.picks[s] = "??"
        return v

    def reveals(self, move: Move | str) -> bool:
        """A secret card choice shows the table nothing; chance (deals, the reveal,
        every die) always does.  Public decisions reveal nothing secret either."""
        if isinstance(move, str):
            move = parse_text(move)
        return move.kind in ("roll", "deal", "reveal")

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
                and self.decision is None and not self.todo and self.res is None and self.phase == Phase.ACT:
            out.append(f"{self.act.unit} is active but gone")
        return out

    # -- queries for the board (work on views too) -------------------------------
    def actions_for(self, u: Unit, card: str) -> int:
        """Actions for a unit activated with ``card`` (OURS: one fewer while Shaken)."""
        return flow.actions_for(u, card)

    def gun_arc(self, gid: str) -> tuple[Point, float, float]:
        """(origin, facing in compass degrees, half-angle) of a gun's arc of fire;
        a swivel's half-angle is 180 (all round).  A cone only: a ship's deck gun
        fires across the width of its deck instead (see :meth:`gun_arc_shape`)."""
        g = self.guns[gid]
        return g.pos, float(g.facing), 180.0 if g.stats.swivel else ARC_HALF_ANGLE

    def gun_arc_shape(self, gid: str, reach: float = 24.0) -> tuple[str, tuple[Point, ...]]:
        """(kind, polygon) of a gun's arc of fire cut ``reach`` inches out, in table
        inches, for drawing (see :func:`games.artillery.rules.shots.arc_shape`)."""
        return shots.arc_shape(self, self.guns[gid], reach)

    def gun_sees(self, gid: str, target: str) -> GunCheck:
        """In arc and in sight of a target (unit or section id), and what blocks it."""
        return shots.gun_check(self, self.guns[gid], target)

    def fire_targets(self, guns: Sequence[str], ammo: str) -> list[str]:
        """Targets the group may legally fire ``ammo`` at now."""
        gl = sorted(guns)
        return sorted({m.target for m in self.legal_moves()
                       if m.kind == "fire" and sorted(m.guns) == gl and m.ammo == ammo})

    def fire_preview(self, guns: Sequence[str], target: str, ammo: str = "round") -> FirePreview:
        """Distance from the closest gun, range band, sight, arc, target number and
        exact odds of a shot, plus why it is not allowed now (``problem``).  For
        swivels pass ``ammo="swivel"``."""
        gl = [self.guns[g] for g in guns]
        ids = sort_ids(guns)
        if gl and gl[0].stats.swivel:
            ammo = "swivel"
        m = Move("fire", guns=ids, target=target, ammo=ammo)
        # the numbers are the first gun's, with a shot it can fire: a choice the rules refuse
        # (swivel shot with a cannon among the guns) still gets its distance and its reason,
        # not a bare "'swivel'" (a play-test ticked a cannon beside a swivel)
        own = ammo if (gl and (ammo in gl[0].ammo or gl[0].stats.swivel)) or not gl else gl[0].ammo[0]
        d, line, band, pen, tn, mx = shots.fire_numbers(self, gl, target, own)
        fc = shot_forecast(self, gl, target, own)
        checks = tuple(shots.gun_check(self, g, target) for g in gl)
        return FirePreview(ids, target, ammo, self.why_illegal(m), d, line, pen, band, mx, tn, fc.p_die,
                           fc.dice, checks, fc.hits, fc.expected_hits, fc.damage_tn, fc.expected_damage,
                           fc.p_lucky, fc.expected_crits, fc.expected_casualties)

    def test_fatigue_note(self) -> str | None:
        """What another shoot test costs the active unit now, in words (None: nothing, its
        first in this activation is free): "+1 Fatigue" and, when that is enough, that
        the unit routs. The firing preview shows it before the player fires again
        ("Shooting again: +1 Fatigue (A3 to 2)")."""
        act = self.act
        if act is None or act.tests < 1:
            return None
        u = self.units[act.unit]
        after = u.fatigue + 1
        line = f"Shooting again: +1 Fatigue ({u.id} to {after})"
        if after >= resolve.rout_threshold(u):
            line += ": it routs"
        return line

    def shoot_preview(self, unit: str, target: str) -> dict[str, Any]:
        """Small arms: distance, target number, sight and odds (a plain dict)."""
        u = self.units[unit]
        d, line = shots.unit_distance(self, u, target)
        fc = small_arms_forecast(self, u, target)
        return {"distance": d, "line": line, "tn": fc.tn, "p_die": fc.p_die, "dice": fc.dice,
                "blocker": shots.unit_sight(self, u, target), "expected_hits": fc.expected_hits,
                "expected_casualties": fc.expected_casualties,
                "problem": self.why_illegal(Move("shoot", a=target))}

    def move_allowance(self, unit: str, leave: bool = False, guns: Sequence[str] = ()) -> dict[str, Any]:
        """The unit's move now: inches before terrain, the explanation, the guns it
        would take along (all its field guns with it, none with ``leave``, or only
        ``guns``), and whether they can go (``problem``)."""
        u = self.units[unit]
        chosen = sort_ids(guns)
        carry = actions.chosen_carry(self, u, leave, chosen)
        inches, why = actions.move_allowance(self, u, carry)
        bad = None
        if chosen:
            bad = actions.chosen_problem(u, actions.carried_guns(self, u), chosen, leave)
        return {"inches": inches, "why": why, "guns": [g.id for g in carry], "rough_cost": ROUGH_COST,
                "problem": bad or actions.carry_problem(u, carry), "block": actions.carry_block(u, carry)}

    def destinations(self, unit: str, leave: bool = False, guns: Sequence[str] = ()) -> list[tuple[int, int]]:
        """Legal destinations of the active unit's move now (1-inch grid), taking its
        field guns as :meth:`move_allowance` says."""
        chosen = sort_ids(guns)
        return [m.pos for m in self.legal_moves()
                if m.kind == "move" and m.a == unit and m.flag == leave and m.guns == chosen
                and m.pos is not None]

    def gun_facings(self, gid: str) -> list[int]:
        """Legal new facings (compass degrees) of a field gun now."""
        return [m.value for m in self.legal_moves() if m.kind == "turn" and m.a == gid]

    def unit_cover(self, unit: str, shooter_point: Point) -> str:
        return shots.unit_cover(self, self.units[unit], shooter_point)


def new_game(options: dict[str, Any] | None = None, n_seats: int = 2) -> ArtilleryState:
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
