"""A match: a game's state plus everything around it (DESIGN.md, "The match").

Seats, options, seed, the move log, undo/redo and chance resolution. A match is
fully determined by (game, options, seats, seed, move texts): saves store exactly
that and rebuild the match by replaying.

Luck nobody can foresee. Chance outcomes are drawn from the seed, the ply and
``chance_secret``; the computer players' own randomness (their secret set-ups,
their bluffs) from ``ai_secret``. Both secrets are drawn from the system's
randomness whenever a match is made or loaded, live only in memory, and are never
shown or saved: so neither a seed a player types, nor a save file read in a text
editor, nor loading the same save twice tells anyone a die still to be rolled or
a secret still to be chosen. What has happened is in the move log (chance
outcomes included), so a load replays exactly; what is still to come is fresh.
The arena, the tests and ``screenshot --moves`` pass ``chance_secret=SEED_ONLY``
(and an ``ai_secret``), which makes the luck follow from the seed alone: exactly
reproducible, for tools only.

Undo never scouts. A chance outcome the table has seen, and in a
hidden-information game a move whose public effect shows something secret
(``state.reveals(move)``: an answer to a shot, a revealed card), raise the undo
floor, and undo never goes below it: a spin, a roll or a deal can't be taken back
and met again, and the choice made before it can't be changed knowing it.
"""
from __future__ import annotations

import random
import secrets
import uuid
from dataclasses import dataclass, field
from typing import Any, Iterable

from games.core.events import Events
from games.core.game import CHANCE, TERMINAL, GameState, IllegalMove
from games.core.registry import GameInfo

HUMAN = "human"
AI = "ai"

#: ``chance_secret`` for tools: chance follows from the seed alone (exactly reproducible)
SEED_ONLY = 0


def fresh_secret() -> int:
    """A secret from the system's randomness (never SEED_ONLY)."""
    return secrets.randbits(62) | 1


@dataclass
class Seat:
    kind: str = HUMAN          # "human" or "ai"
    level: str = "normal"      # for AI seats: easy | normal | hard | random
    name: str = ""
    phone: bool = False        # a human who plays on their own phone, not at the laptop

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "level": self.level, "name": self.name}
        if self.phone:
            d["phone"] = True      # written only when set, so a laptop seat saves as it always has
        return d

    @classmethod
    def from_dict(cls, d: Any) -> "Seat":
        if not isinstance(d, dict) or d.get("kind") not in (HUMAN, AI):
            raise ValueError(f"bad seat entry {d!r}")
        return cls(kind=d["kind"], level=str(d.get("level", "normal")), name=str(d.get("name", "")),
                   phone=d.get("phone") is True)


@dataclass
class LogEntry:
    text: str          # the move's stable text form (what saves store)
    public: str        # how the shared move log shows it
    player: int        # who made it (CHANCE for chance outcomes)
    #: the move itself (a board plans its animation from it; nothing re-parses the text).
    #: In a hidden-information game it may be a secret of ``player``: only that seat's
    #: own screens (and the end-of-game review) may look at it; everyone else reads ``public``.
    move: Any = None
    #: what the move did, as public typed events (``GameState.events_of``): every board
    #: plans its animation from these, whoever watches
    events: Events = ()


@dataclass
class Match:
    info: GameInfo
    options: dict[str, Any]
    seats: list[Seat]
    seed: int
    match_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    ai_secret: int | None = None        # None: a fresh one (see the module's docstring)
    chance_secret: int | None = None    # None: a fresh one; SEED_ONLY: luck from the seed alone

    def __post_init__(self) -> None:
        self.options = self.info.clean_options(self.options)
        self.state = self.info.new_state(self.options, len(self.seats))
        if self.ai_secret is None:
            self.ai_secret = fresh_secret()
        if self.chance_secret is None:
            self.chance_secret = fresh_secret()
        self.log: list[LogEntry] = []
        self._history: list[GameState[Any, Any]] = []         # state before each log entry
        self._redo: list[list[str]] = []  # undone units, most recent last
        self.floor = 0                    # undo never takes back entries below this

    # -- queries ---------------------------------------------------------------
    @property
    def ply(self) -> int:
        return len(self.log)

    def to_move(self) -> int:
        return self.state.current_player()

    def current_seat(self) -> Seat | None:
        p = self.to_move()
        return self.seats[p] if p >= 0 else None

    def is_over(self) -> bool:
        return self.to_move() == TERMINAL

    def is_human_turn(self) -> bool:
        s = self.current_seat()
        return bool(s and s.is_human)

    def is_ai_turn(self) -> bool:
        s = self.current_seat()
        return bool(s and not s.is_human)

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def state_at(self, ply: int) -> GameState[Any, Any]:
        """The full state after the first ``ply`` log entries (0 = the start)."""
        if not 0 <= ply <= len(self.log):
            raise IndexError(f"ply {ply} is not in 0..{len(self.log)}")
        return self.state if ply == len(self.log) else self._history[ply]

    def can_undo(self) -> bool:
        return any(e.player >= 0 and self.seats[e.player].is_human for e in self.log[self.floor:])

    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- playing ---------------------------------------------------------------
    def play(self, move: Any) -> LogEntry:
        """Apply a move for the player to move (raises IllegalMove, state untouched)."""
        self._redo.clear()
        return self._apply(move)

    def play_text(self, text: str) -> LogEntry:
        return self.play(self.state.parse_move(text))

    def _apply(self, move: Any) -> LogEntry:
        player = self.state.current_player()
        if player == TERMINAL:
            raise IllegalMove(f"{move}: the game is over")
        before = self.state.copy()
        public = self.state.public_move_text(move, self.names())
        self.state.apply(move)
        try:
            events = tuple(before.events_of(move, self.state))
            after = before.aftermath_text(events, self.names())
        except Exception:
            self.state = before           # nothing half made: the state, log and history stay as they were
            raise
        if after:
            public = f"{public}; {after}"
        entry = LogEntry(str(move), public, player, move, events)
        self._history.append(before)
        self.log.append(entry)
        if player == CHANCE or (self.info.hidden_information and before.reveals(move)):
            self.floor = len(self.log)      # seen by the table: undo never takes it back
        return entry

    def chance_rng(self) -> random.Random:
        if self.chance_secret == SEED_ONLY:
            return random.Random(f"{self.seed}:{self.ply}")
        return random.Random(f"{self.seed}:{self.chance_secret}:{self.ply}")

    def ai_seed(self, salt: str = "") -> int:
        """The seed of the AI's thought at this point: from the match's secret (never
        from the seed players see), the ply and ``salt`` (e.g. "hint")."""
        return random.Random(f"{self.ai_secret}/{self.ply}/{salt}").randrange(1 << 30)

    def draw_chance(self) -> Any:
        """The outcome chance gives at this point (deterministic in seed and ply)."""
        outcomes = self.state.chance_outcomes()
        moves = [m for m, _ in outcomes]
        weights = [p for _, p in outcomes]
        return self.chance_rng().choices(moves, weights=weights, k=1)[0]

    def apply_chance(self) -> LogEntry:
        """Apply the one chance outcome due now (the seeded draw)."""
        if self.state.current_player() != CHANCE:
            raise IllegalMove("no chance event is due")
        self._redo.clear()
        return self._apply(self.draw_chance())

    def apply_outcome(self, outcome: Any) -> LogEntry:
        """Apply a chosen chance outcome (a lesson's script: every step lands as written).
        Raises IllegalMove, state untouched, when no chance event is due or ``outcome``
        is not one of its outcomes."""
        if self.state.current_player() != CHANCE:
            raise IllegalMove(f"{outcome}: no chance event is due")
        if outcome not in [m for m, _ in self.state.chance_outcomes()]:
            raise IllegalMove(f"{outcome}: not a possible outcome here")
        self._redo.clear()
        return self._apply(outcome)

    def resolve_chance(self) -> list[LogEntry]:
        """Apply chance outcomes until a player (or the end) is to move."""
        out: list[LogEntry] = []
        while self.state.current_player() == CHANCE:
            out.append(self.apply_chance())
        return out

    # -- undo / redo -----------------------------------------------------------
    def undo(self) -> bool:
        """Take back to the last human decision, with the AI replies and chance
        outcomes that followed it. Returns False when there is nothing to undo."""
        if not self.can_undo():
            return False
        unit: list[str] = []
        while len(self.log) > self.floor:
            entry = self.log.pop()
            self.state = self._history.pop()
            unit.append(entry.text)
            if entry.player >= 0 and self.seats[entry.player].is_human:
                break
        unit.reverse()
        self._redo.append(unit)
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        unit = self._redo.pop()
        for text in unit:
            self._apply(self.state.parse_move(text))
        return True

    def rewind_to(self, ply: int) -> None:
        """Back to the position after ``ply`` entries, whatever the undo floor: a lesson's
        Restart (its script plays what follows again, so nothing is scouted)."""
        if not 0 <= ply <= len(self.log):
            raise IndexError(f"ply {ply} is not in 0..{len(self.log)}")
        if ply < len(self.log):
            self.state = self._history[ply]
            del self.log[ply:]
            del self._history[ply:]
        self._redo.clear()
        self.floor = min(self.floor, ply)

    # -- rebuilding ---------------------------------------------------------------
    def replay(self, texts: Iterable[str]) -> None:
        """Apply a list of move texts from the start (used by loading). Raises
        IllegalMove naming the ply that fails."""
        for i, text in enumerate(texts):
            try:
                move = self.state.parse_move(text)
                self._apply(move)
            except IllegalMove as exc:
                raise IllegalMove(f"move {i + 1} ({text!r}): {exc}") from None

    def rematch(self, turn: int = 1) -> "Match":
        """Same game and options, seats turned ``turn`` places (1, for two seats: sides
        swapped; 0: the same seats), a new seed and fresh secrets."""
        k = turn % len(self.seats)
        seats = self.seats[k:] + self.seats[:k]
        # a seat named after its side ("Dark", "Light": a name left empty) is the side, not
        # a person: the name stays with the side (a play-test: after sides swapped, "Light"
        # played the dark pieces)
        sides = list(self.info.seat_names(len(seats))) if self.info.sides_named else []
        names = [sides[i] if s.name in sides else s.name for i, s in enumerate(seats)]
        return Match(self.info, dict(self.options),
                     [Seat(s.kind, s.level, name, s.phone) for s, name in zip(seats, names)],
                     seed=random.Random(f"rematch:{self.seed}").randrange(1 << 31))

    def seat_label(self, seat: int) -> str:
        """"Ana" or "Ben (Computer, Hard)": how a seat is introduced on screen."""
        s = self.seats[seat]
        return s.name if s.is_human else f"{s.name} (Computer, {s.level.capitalize()})"

    def names(self) -> list[str]:
        """The seats' display names, in seat order (what rules texts call them)."""
        return [s.name for s in self.seats]

    def players_text(self) -> str:
        return " vs ".join(s.name + ("" if s.is_human else f" (AI {s.level})") for s in self.seats)
