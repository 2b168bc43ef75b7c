"""Cannon Corps (Zach Reyburn, Join In Games): the rules engine.

Pure Python, no pygame, no I/O, no global randomness.  Every decision is a
:class:`Move` with a stable text form; ``state.parse_move(text)`` reads it back.
See ``docs/rules/cannon_corps.md`` for every decision the source text leaves open.

Quick tour
----------
* Seats ``0..n-1``; every seat owns a 3x4 grid (rows A-C, columns 1-4, spaces
  ``"A1".."C4"``) and seven dice (:data:`DICE`).  ``"d%"`` is the percentile d10
  (1-10); the parser also accepts ``d10%``, ``d100`` and ``d00``.  The grid, the
  dice and the moves are in :mod:`games.cannon_corps.rules.moves`.
* Phases (:class:`Phase`, a str Enum): ``SETUP`` (each seat in seat order makes
  one secret ``setup`` move), ``START`` (CHANCE picks the first shooter), ``FIRE``,
  ``DECIDE`` (cover and deployment decisions after a shot, in turn order from the
  shooter's left, the shooter's own redeployment after a final salvo last), ``OVER``
  (``win_reason``: an :class:`EndReason`).
* Public knowledge is the event log ``state.events``: typed frozen values, one
  class per kind (:mod:`games.cannon_corps.rules.events`); each seat's own secrets
  are its private log ``state.private[seat]`` (typed notes); the decision
  waiting now is ``state.pending()`` (a typed :data:`Pending`).
  ``state.view(seat)`` is a :class:`CorpsView` with that seat's own secrets plus
  the public log and nothing else.

(Some 600 lines: the state and the view share the private helpers of the
pending decision and the legality checks, so they stay together.)
"""
from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from games.cannon_corps.rules.events import (
    AmmoEvent, AmmoNote, AnswerEvent, CoverDecision, CoverEvent, DamagedNote, DefeatCause, DefeatedEvent,
    DeployDecision, DeployEvent, DeployedNote, EliminatedEvent, EndReason, Event, FireDecision, FiredNote, GameOver, Grid, MovedNote, Note,
    Pending, ReadOnlyDict, RevealEvent, SetupDecision, SetupEvent, SetupNote, ShotEvent, StartDraw, StartEvent,
    StayedNote, SurvivedEvent, WinnerEvent, freeze, knowledge_from_events, player_name, result_line, result_reason,
    shot_words, status_line)
from games.cannon_corps.rules.moves import (
    DICE, DIE_INDEX, DIE_SIZES, NEIGHBOURS, SPACES, SPACE_INDEX, Move, legal_moves, parse_text, why_illegal)
from games.core.game import CHANCE, TERMINAL, GameState, NotLegalHere


class Phase(str, enum.Enum):
    """The phase of a game (``state.phase``, ``view.phase``): a str, so a snapshot
    and a phone's page keep the same words."""
    SETUP = "setup"      # each seat in seat order makes one secret set-up move
    START = "start"      # CHANCE picks the first shooter
    FIRE = "fire"        # the shooter picks a platoon and a space
    DECIDE = "decide"    # cover and deployment decisions after a shot
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class Queued(NamedTuple):
    """A decision waiting after a shot: ``kind`` is ``cover`` (``die`` was hit at
    space index ``at``) or ``deploy`` (``at``: the space lost, or None)."""
    seat: int
    kind: str
    die: str | None
    at: int | None


@dataclass(frozen=True, slots=True)
class Shot:
    """The shot being resolved (secret: ``die`` is the firing die)."""
    seat: int
    die: str
    power: int
    salvo: bool
    ammo_done: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "die": self.die, "power": self.power, "salvo": self.salvo,
                "ammo_done": self.ammo_done}


# --------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------
class CorpsState(GameState[Move, "CorpsView"]):
    """The whole game, secrets included.  Never hand this to an AI."""

    def __init__(self, n_seats: int = 2, options: dict[str, Any] | None = None):
        if not 2 <= n_seats <= 6:
            raise ValueError("Cannon Corps seats 2 to 6 players")
        self.num_players = n_seats
        self.options = dict(options or {})
        self.phase = Phase.SETUP
        self.setup_seat = 0
        #: per seat: die -> (space index, value)
        self.platoons: list[dict[str, tuple[int, int]]] = [{} for _ in range(n_seats)]
        self.reserves: list[list[str]] = [list(DICE) for _ in range(n_seats)]
        self.defeated: list[list[str]] = [[] for _ in range(n_seats)]
        self.out: list[bool] = [False] * n_seats
        self.revealed: dict[int, Grid] = {}
        self.shooter = 0
        self.turn = 0
        #: pending decisions after a shot
        self.queue: list[Queued] = []
        #: the shot being resolved
        self.shot: Shot | None = None
        self.events: list[Event] = []
        self.private: list[list[Note]] = [[] for _ in range(n_seats)]
        self._winner: int | None = None
        self.win_reason: EndReason | None = None
        self._ply = 0

    # -- whose turn -------------------------------------------------------
    def current_player(self) -> int:
        p = self.phase
        if p is Phase.SETUP:
            return self.setup_seat
        if p is Phase.START:
            return CHANCE
        if p is Phase.FIRE:
            return self.shooter
        if p is Phase.DECIDE:
            return self.queue[0].seat
        return TERMINAL

    def pending(self) -> Pending:
        """The decision waiting now, with its secret details (the hit die)."""
        return self._pending(full=True)

    def _pending(self, full: bool) -> Pending:
        p = self.phase
        if p is Phase.SETUP:
            return SetupDecision(seat=self.setup_seat)
        if p is Phase.START:
            return StartDraw()
        if p is Phase.FIRE:
            return FireDecision(seat=self.shooter)
        if p is Phase.DECIDE:
            assert self.shot is not None
            q = self.queue[0]
            if q.kind == "cover":
                assert q.at is not None
                return CoverDecision(seat=q.seat, shooter=self.shot.seat, space=SPACES[q.at],
                                     damage=self.shot.power, die=q.die if full else None)
            return DeployDecision(seat=q.seat, shooter=self.shot.seat)
        return GameOver(seat=self._winner)

    def legal_moves(self) -> Sequence[Move]:
        if self.phase in (Phase.START, Phase.OVER):
            return []
        seat = self.current_player()
        return legal_moves(self._pending(True), self.platoons[seat], self.reserves[seat])

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase is not Phase.START:
            return []
        live = [s for s in range(self.num_players) if not self.out[s]]
        return [(Move("start", seat=s), 1.0 / len(live)) for s in live]

    def why_illegal(self, move: object) -> str | None:
        """None if ``move`` may be applied now, else the reason."""
        if self.phase is Phase.OVER:
            return "the game is over"
        seat = self.current_player()
        if seat == CHANCE:
            return why_illegal(move, StartDraw(), {}, (), self.num_players)
        return why_illegal(move, self._pending(True), self.platoons[seat], self.reserves[seat],
                           self.num_players)

    def parse_move(self, text: str) -> Move:
        move: Move = self.parse_legal(text, parse_text(text))
        return move

    def reveals(self, move: object) -> bool:
        """A shot shows the table answers and damage, and a chance outcome is
        public: undo never takes them back.  A set-up, a cover or stay and a
        deployment show nothing of a secret (the table hears only "hid four
        platoons", "ran for cover", "deployed a reserve")."""
        if isinstance(move, str):
            move = parse_text(move)
        return not (isinstance(move, Move) and move.kind in ("setup", "cover", "stay", "deploy"))

    # -- applying ---------------------------------------------------------
    def events_of(self, move: Move, after: GameState[Move, "CorpsView"]) -> tuple[Event, ...]:
        """The public events the move added (``state.events`` is the public record)."""
        assert isinstance(after, CorpsState)
        return tuple(after.events[len(self.events):])

    def _apply(self, move: Move) -> None:
        self._ply += 1
        k = move.kind
        if k == "setup":
            self._do_setup(move)
        elif k == "start":
            assert move.seat is not None
            self.shooter = move.seat
            self.phase = Phase.FIRE
            self.events.append(StartEvent(turn=0, seat=move.seat))
        elif k == "fire":
            self._do_fire(move)
        elif k in ("cover", "stay"):
            self._do_cover(move)
        elif k == "deploy":
            self._do_deploy(move)
        self._advance()

    # Everything logged is frozen (typed frozen values, grids as ReadOnlyDict):
    # the state, its copies and every view may then share the entries, and
    # nobody can rewrite history.  The tests walk every view to prove no
    # mutable object is shared.
    def _do_setup(self, move: Move) -> None:
        s = self.setup_seat
        for d, sp in move.placements:
            self.platoons[s][d] = (SPACE_INDEX[sp], DIE_SIZES[d])
            self.reserves[s].remove(d)
        self.events.append(SetupEvent(turn=0, seat=s))
        self.private[s].append(SetupNote(turn=0, grid=freeze({sp: (d, DIE_SIZES[d]) for d, sp in move.placements})))
        if s + 1 < self.num_players:
            self.setup_seat = s + 1
        else:
            self.phase = Phase.START

    def _grid_of(self, seat: int) -> ReadOnlyDict:
        """``seat``'s grid as the table sees it when revealed: space -> (die, value),
        frozen, because the same object goes into ``revealed`` and the event."""
        return ReadOnlyDict({SPACES[sp]: (d, v) for d, (sp, v) in sorted(self.platoons[seat].items(),
                                                                         key=lambda kv: kv[1][0])})

    def _defeat(self, seat: int, die: str, space: str | None, cause: DefeatCause) -> None:
        del self.platoons[seat][die]
        self.defeated[seat].append(die)
        self.events.append(DefeatedEvent(turn=self.turn, seat=seat, die=die, space=space, cause=cause))

    def _eliminate(self, seat: int) -> None:
        self.out[seat] = True
        grid = self._grid_of(seat)
        self.revealed[seat] = grid
        self.events.append(EliminatedEvent(turn=self.turn, seat=seat, grid=grid))

    def _answering(self, shooter: int) -> list[int]:
        """The seats that answer a shot, in turn order from the shooter's left."""
        n = self.num_players
        return [o for o in ((shooter + k) % n for k in range(1, n)) if not self.out[o]]

    def _platoon_at(self, seat: int, target: int) -> str | None:
        return next((d for d, (sp, _) in self.platoons[seat].items() if sp == target), None)

    def _do_fire(self, move: Move) -> None:
        assert move.die is not None and move.space is not None
        s = self.shooter
        self.turn += 1
        t = self.turn
        power = self.platoons[s][move.die][1]
        target = SPACE_INDEX[move.space]
        salvo = power == 1
        self.shot = Shot(seat=s, die=move.die, power=power, salvo=salvo)
        self.events.append(ShotEvent(turn=t, seat=s, power=power, space=move.space, salvo=salvo))
        self.private[s].append(FiredNote(turn=t, die=move.die, space=move.space, power=power))
        answering = self._answering(s)
        hits = []
        for o in answering:
            hit_die = self._platoon_at(o, target)
            self.events.append(AnswerEvent(turn=t, seat=o, space=move.space, hit=hit_die is not None))
            if hit_die is not None:
                hits.append((o, hit_die))
        self.queue = []
        for o, d in hits:
            self._damage(o, d, move.space, power, salvo)
        # Is the game decided by this shot?  (then nobody needs to decide anything)
        live_others = [o for o in answering if not self.out[o]]
        shooter_falls = salvo and len(self.defeated[s]) == 3
        if not live_others or (shooter_falls and len(live_others) == 1):
            self.queue = []
            self._spend_ammo(final=True)
            if not live_others:
                self._finish(s, EndReason.SALVO if shooter_falls else EndReason.LAST)
            else:
                self._eliminate(s)
                self._finish(live_others[0], EndReason.LAST)
            return
        self.phase = Phase.DECIDE

    def _damage(self, seat: int, die: str, space: str, power: int, salvo: bool) -> None:
        target = SPACE_INDEX[space]
        v = self.platoons[seat][die][1]
        new = 0 if salvo else v - power
        self.private[seat].append(DamagedNote(turn=self.turn, die=die, space=space, from_value=v,
                                              to_value=max(new, 0), salvo=salvo))
        if new <= 0:
            self._defeat(seat, die, space, DefeatCause.SALVO if salvo else DefeatCause.SHOT)
            if len(self.defeated[seat]) >= 4:
                self._eliminate(seat)
            else:
                self.queue.append(Queued(seat, "deploy", None, target))
        else:
            self.platoons[seat][die] = (target, new)
            self.events.append(SurvivedEvent(turn=self.turn, seat=seat, space=space, damage=power))
            self.queue.append(Queued(seat, "cover", die, target))

    def _spend_ammo(self, final: bool = False) -> None:
        sh = self.shot
        assert sh is not None
        s, die, power = sh.seat, sh.die, sh.power
        self.shot = replace(sh, ammo_done=True)
        if sh.salvo:
            self.private[s].append(AmmoNote(turn=self.turn, die=die, from_value=1, to_value=0))
            self._defeat(s, die, None, DefeatCause.OWN_SALVO)
            if len(self.defeated[s]) >= 4:
                if not final:
                    self._eliminate(s)
            elif not final:
                self.queue.append(Queued(s, "deploy", None, None))
        else:
            sp, v = self.platoons[s][die]
            self.platoons[s][die] = (sp, v // 2)
            self.private[s].append(AmmoNote(turn=self.turn, die=die, from_value=v, to_value=v // 2))
            self.events.append(AmmoEvent(turn=self.turn, seat=s, power=power, value=v // 2))

    def _do_cover(self, move: Move) -> None:
        seat, _, die, at = self.queue.pop(0)
        assert die is not None and at is not None
        v = self.platoons[seat][die][1]
        if move.kind == "cover":
            assert move.space is not None
            self.platoons[seat][die] = (SPACE_INDEX[move.space], v)
            self.private[seat].append(MovedNote(turn=self.turn, die=die, from_space=SPACES[at],
                                                to_space=move.space))
        else:
            self.private[seat].append(StayedNote(turn=self.turn, die=die, space=SPACES[at]))
        self.events.append(CoverEvent(turn=self.turn, seat=seat, space=SPACES[at]))

    def _do_deploy(self, move: Move) -> None:
        assert move.die is not None and move.space is not None
        seat = self.queue.pop(0).seat
        self.reserves[seat].remove(move.die)
        val = DIE_SIZES[move.die]
        self.platoons[seat][move.die] = (SPACE_INDEX[move.space], val)
        self.private[seat].append(DeployedNote(turn=self.turn, die=move.die, space=move.space, value=val))
        self.events.append(DeployEvent(turn=self.turn, seat=seat))

    def _advance(self) -> None:
        """After the decision queue empties: spend the shooter's ammo (which may
        queue the shooter's own redeployment), then pass the turn."""
        while self.phase is Phase.DECIDE and not self.queue:
            assert self.shot is not None
            if not self.shot.ammo_done:
                self._spend_ammo()
                continue
            self.shot = None
            self.shooter = self._next_live(self.shooter)
            self.phase = Phase.FIRE

    def _next_live(self, seat: int) -> int:
        n = self.num_players
        for k in range(1, n + 1):
            o = (seat + k) % n
            if not self.out[o]:
                return o
        return seat

    def _finish(self, winner: int, reason: EndReason) -> None:
        self._winner = winner
        self.win_reason = reason
        self.phase = Phase.OVER
        self.queue = []
        self.events.append(WinnerEvent(turn=self.turn, seat=winner, reason=reason))
        for s in range(self.num_players):
            if s not in self.revealed:
                grid = self._grid_of(s)
                self.revealed[s] = grid
                self.events.append(RevealEvent(turn=self.turn, seat=s, grid=grid,
                                               reserves=tuple(self.reserves[s])))

    # -- ending -----------------------------------------------------------
    def returns(self) -> list[float]:
        """The winner first; the others by how long they lasted (the turn they
        were knocked out; seats out on the same shot share a place)."""
        if self.phase is not Phase.OVER:
            return [0.0] * self.num_players
        fell = {e.seat: e.turn for e in self.events if isinstance(e, EliminatedEvent)}
        return [float(self.turn + 1) if s == self._winner else float(fell.get(s, 0))
                for s in range(self.num_players)]

    def winner(self) -> int | None:
        return self._winner

    def result_text(self, names: Sequence[str | None] | None = None) -> str:
        """The game-over card's text under its title ("Ana wins!"): how, without
        naming the winner again."""
        if self._winner is None:
            return result_line(None, None, names)
        return result_reason(self.win_reason)

    def status_text(self, names: Sequence[str | None] | None = None) -> str:
        return status_line(self._pending(full=False), self._winner, self.win_reason, names)

    def aftermath_text(self, events: Sequence[Any], names: Sequence[str | None] | None = None) -> str:
        """A seat knocked out by the move, said in its log line ("Ben is out"): the shot's
        line was written before its answers took the last platoon (a play-test saw only
        the OUT badge)."""
        # the platoons the move took off a grid, whose dice are shown to all (a play-test:
        # "Ana: Power 6 shot at B3: Cleo hit" when Cleo's d10 fell, only the grid showed it)
        fell = [f"{player_name(e.seat, names)}'s {e.die} falls" for e in events if isinstance(e, DefeatedEvent)]
        out = [player_name(e.seat, names) for e in events if isinstance(e, EliminatedEvent)]
        if out:
            fell.append(f"{' and '.join(out)} {'is' if len(out) == 1 else 'are'} out")
        return "; ".join(fell)

    def public_move_text(self, move: object, names: Sequence[str | None] | None = None) -> str:
        """How ``move`` (about to be applied) reads in the shared move log.  A shot
        carries its answers ("Power 8 shot at B3: Ben hit, Cleo miss"): the table
        hears them at once, so the log keeps them."""
        if isinstance(move, str):
            move = parse_text(move)
        if not isinstance(move, Move):
            return str(move)
        k = move.kind
        if k == "start":
            return f"{player_name(move.seat, names)} fires first"
        # the log shows who moved beside this text, so only the deed is named
        if k == "setup":
            return "hid four platoons"
        if k == "fire":
            return self._fire_text(move, names)
        if k in ("cover", "stay"):
            return "ran for cover"
        if k == "deploy":
            return "deployed a reserve"
        return str(move)

    def _fire_text(self, move: Move, names: Sequence[str | None] | None) -> str:
        seat = self.current_player()
        if seat < 0 or move.die not in self.platoons[seat] or move.space not in SPACE_INDEX:
            return str(move)
        power = self.platoons[seat][move.die][1]
        target = SPACE_INDEX[move.space]
        answers = [f"{player_name(o, names)} {'hit' if self._platoon_at(o, target) else 'miss'}"
                   for o in self._answering(seat)]
        return shot_words(power, move.space, power == 1) + (": " + ", ".join(answers) if answers else "")

    # -- information ------------------------------------------------------
    # The contract types a view as a GameState; a CorpsView is its own class
    # (it holds only what one seat may know and cannot be applied to).
    def review_view(self) -> "CorpsView":
        """The public view with every seat's grid revealed (reviewing a finished game)."""
        v = CorpsView._from_state(self, None)
        v.revealed = {s: self.revealed.get(s) or self._grid_of(s) for s in range(self.num_players)}
        return v

    def view(self, player: int | None) -> "CorpsView":
        return CorpsView._from_state(self, player)

    def knowledge(self, seat: int) -> dict[str, dict[str, Any]]:
        """Public marks on ``seat``'s grid (see :func:`knowledge_from_events`)."""
        return knowledge_from_events(self.events, seat, self.turn)

    def copy(self) -> "CorpsState":
        c = CorpsState.__new__(CorpsState)
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.platoons = [dict(p) for p in self.platoons]
        c.reserves = [list(r) for r in self.reserves]
        c.defeated = [list(d) for d in self.defeated]
        c.out = list(self.out)
        # The logs, the revealed grids, the queue entries and the shot are all
        # frozen, so copying the containers is enough: the entries are shared.
        c.revealed = dict(self.revealed)
        c.queue = list(self.queue)
        c.events = list(self.events)
        c.private = [list(p) for p in self.private]
        return c

    def snapshot(self) -> dict[str, Any]:
        return {
            "game": "cannon_corps",
            "seats": self.num_players,
            "phase": self.phase.value,
            "setup_seat": self.setup_seat,
            "shooter": self.shooter,
            "turn": self.turn,
            "ply": self._ply,
            "platoons": [{d: [SPACES[sp], v] for d, (sp, v) in sorted(p.items(), key=lambda kv: DIE_INDEX[kv[0]])}
                         for p in self.platoons],
            "reserves": [list(r) for r in self.reserves],
            "defeated": [list(d) for d in self.defeated],
            "out": list(self.out),
            "queue": [[s, k, d, SPACES[a] if a is not None else None] for s, k, d, a in self.queue],
            "shot": self.shot.to_dict() if self.shot is not None else None,
            "winner": self._winner,
            "win_reason": self.win_reason.value if self.win_reason is not None else None,
            "events": len(self.events),
        }

    def ply(self) -> int:
        return self._ply

    # -- convenience for tests / tools -------------------------------------
    def grid(self, seat: int) -> dict[str, tuple[str, int]]:
        """``seat``'s grid, space -> (die, value).  Secret: not for AIs."""
        return {SPACES[sp]: (d, v) for d, (sp, v) in self.platoons[seat].items()}

    def live_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]


# --------------------------------------------------------------------------
# The view: what one seat may know
# --------------------------------------------------------------------------
class CorpsView:
    """What seat ``seat`` may know, and nothing more.

    Nothing reachable from a view is a mutable object of the state: its lists
    and dicts are its own, and the log entries, the pending decision and the
    revealed grids it shares with the state are frozen, so editing a view can
    never change the game.

    Own secrets: ``my_platoons`` (die -> (space, value)), ``my_grid``
    (space -> (die, value)), ``my_reserves``, ``my_private`` (own private log).
    Public: ``events`` (the public log), ``defeated`` (per seat), ``out``,
    ``reserve_counts``, ``revealed`` (grids of eliminated seats, everyone's at the
    end), ``pending`` (the decision waiting now; its details such as the hit die
    and the allowed cover spaces only when it is this seat's decision),
    ``current_player``, ``shooter``, ``turn``, ``phase``, ``winner``.
    With ``seat=None`` it is a spectator's view: public only.
    """

    def __init__(self) -> None:
        self.seat: int | None = None
        self.num_players = 2
        self.phase = Phase.SETUP
        self.turn = 0
        self.shooter: int | None = None
        self.current_player = 0
        self.pending: Pending = SetupDecision(seat=0)
        self.my_platoons: dict[str, tuple[str, int]] = {}
        self.my_reserves: tuple[str, ...] = ()
        self.my_private: list[Note] = []
        self.defeated: tuple[tuple[str, ...], ...] = ()
        self.out: tuple[bool, ...] = ()
        self.reserve_counts: tuple[int, ...] = ()
        self.platoon_counts: tuple[int, ...] = ()
        self.revealed: dict[int, Grid] = {}
        self.events: list[Event] = []
        self.winner: int | None = None
        self.win_reason: EndReason | None = None

    @classmethod
    def _from_state(cls, st: CorpsState, seat: int | None) -> "CorpsView":
        v = cls()
        n = st.num_players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat}")
        v.seat = seat
        v.num_players = n
        v.phase = st.phase
        v.turn = st.turn
        v.shooter = st.shooter if st.phase in (Phase.FIRE, Phase.DECIDE, Phase.OVER) else None
        v.current_player = st.current_player()
        mine = seat is not None and v.current_player == seat
        v.pending = st._pending(full=mine)
        if mine and seat is not None:
            taken = {sp for sp, _ in st.platoons[seat].values()}
            if isinstance(v.pending, CoverDecision):
                at = st.queue[0].at
                assert at is not None
                v.pending = replace(v.pending, options=tuple(SPACES[j] for j in NEIGHBOURS[at] if j not in taken))
            elif isinstance(v.pending, DeployDecision):
                v.pending = replace(v.pending, reserves=tuple(d for d in DICE if d in st.reserves[seat]),
                                    options=tuple(SPACES[j] for j in range(12) if j not in taken))
        if seat is not None:
            v.my_platoons = {d: (SPACES[sp], val) for d, (sp, val) in st.platoons[seat].items()}
            v.my_reserves = tuple(d for d in DICE if d in st.reserves[seat])
            v.my_private = list(st.private[seat])      # frozen entries, safe to share
        v.defeated = tuple(tuple(d) for d in st.defeated)
        v.out = tuple(st.out)
        # public: every seat has 3 reserves minus its defeats (once set up)
        v.reserve_counts = tuple(
            (len(st.reserves[s]) if (st.phase is not Phase.SETUP or s < st.setup_seat) else 3) if not st.out[s] else 0
            for s in range(n))
        v.platoon_counts = tuple(
            (len(st.platoons[s]) if (st.phase is not Phase.SETUP or s < st.setup_seat) else 0) if not st.out[s] else 0
            for s in range(n))
        # The view owns its containers; what they hold is frozen (typed events,
        # ReadOnlyDict grids, tuples, str, int), so nothing reachable from the
        # view can change the state, and the cost stays one pointer copy per
        # logged event.
        v.revealed = dict(st.revealed)
        v.events = list(st.events)
        v.winner = st._winner
        v.win_reason = st.win_reason
        return v

    # -- own grid helpers ------------------------------------------------
    @property
    def my_grid(self) -> dict[str, tuple[str, int]]:
        return {sp: (d, val) for d, (sp, val) in self.my_platoons.items()}

    @property
    def my_defeated(self) -> tuple[str, ...]:
        return self.defeated[self.seat] if self.seat is not None else ()

    def live_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]

    def opponents(self) -> list[int]:
        return [s for s in self.live_seats() if s != self.seat]

    def is_my_decision(self) -> bool:
        return self.seat is not None and self.current_player == self.seat

    def knowledge(self, seat: int) -> dict[str, dict[str, Any]]:
        """Public marks on ``seat``'s grid (last answer per space, shots ago)."""
        return knowledge_from_events(self.events, seat, self.turn)

    # -- the decision, when it is this seat's ----------------------------
    def _own_platoons_idx(self) -> dict[str, tuple[int, int]]:
        return {d: (SPACE_INDEX[sp], val) for d, (sp, val) in self.my_platoons.items()}

    def legal_moves(self) -> Sequence[Move]:
        if not self.is_my_decision() or isinstance(self.pending, (StartDraw, GameOver)):
            return []
        return legal_moves(self.pending, self._own_platoons_idx(), self.my_reserves)

    def why_illegal(self, move: object) -> str | None:
        if isinstance(self.pending, GameOver):
            return "the game is over"
        if not self.is_my_decision():
            return "it is not your decision"
        return why_illegal(move, self.pending, self._own_platoons_idx(), self.my_reserves, self.num_players)

    def parse_move(self, text: str) -> Move:
        move = parse_text(text)
        why = self.why_illegal(move)
        if why:
            raise NotLegalHere(f"{text.strip()}: {why}")
        return move

    def status_text(self, names: Sequence[str | None] | None = None) -> str:
        return status_line(self.pending, self.winner, self.win_reason, names)


def new_game(options: dict[str, Any] | None = None, n_seats: int = 2) -> CorpsState:
    return CorpsState(n_seats, options)
