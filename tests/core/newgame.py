"""The smallest whole game the app takes: what a new game needs before it has a board
of its own (docs/new_game.md). "Last ball": fifteen cannonballs in a pile; the players
take 1, 2 or 3 in turn; whoever takes the last one wins. The frame's generic board
plays it (the state as text, the legal moves as buttons), the arena pits its AI against
random, and saves, undo and the conformance checks work, all from this file alone."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.ai import RandomAI
from games.core.game import TERMINAL, BadNotation, GameState, two_player_returns
from games.core.registry import GameInfo


@dataclass(frozen=True)
class Take:
    n: int

    def __str__(self) -> str:
        return f"take{self.n}"


class LastBall(GameState[Take, "LastBall"]):
    def __init__(self, pile: int = 15) -> None:
        self.pile, self.to_move, self.moves = pile, 0, 0

    def current_player(self) -> int:
        return TERMINAL if self.pile == 0 else self.to_move

    def legal_moves(self) -> list[Take]:
        return [Take(n) for n in (1, 2, 3) if n <= self.pile] if self.pile else []

    def _apply(self, move: Take) -> None:
        self.pile -= move.n
        self.moves += 1
        if self.pile:
            self.to_move ^= 1

    def parse_move(self, text: str) -> Take:
        if not (text.startswith("take") and text[4:].isdigit()):
            raise BadNotation(f"{text!r} is not 'take' and a number")
        return self.parse_legal(text, Take(int(text[4:])))

    def returns(self) -> list[float]:
        return two_player_returns(self.to_move if self.pile == 0 else None, self.pile == 0)

    def status_text(self, names: list[str] | None = None) -> str:
        return f"{self.pile} cannonballs left" if self.pile else "The last ball is taken"

    def copy(self) -> LastBall:
        s = LastBall(self.pile)
        s.to_move, s.moves = self.to_move, self.moves
        return s

    def snapshot(self) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move}

    def ply(self) -> int:
        return self.moves


def new_game(options: dict[str, Any], n_seats: int) -> LastBall:
    return LastBall()


def make_ai(level: str, seat: int, options: dict[str, Any]) -> RandomAI:
    return RandomAI()


SECTIONS = [{"title": "Last ball", "text": "Take 1, 2 or 3 cannonballs; whoever takes the last one wins."}]

INFO = GameInfo(
    id="last_ball", title="Last ball", credit="A folk game", pitch="Take the last cannonball.",
    min_seats=2, max_seats=2, default_seats=2, seat_names=lambda n: ["Red", "Blue"], options=(),
    hidden_information=False, rules_module=__name__, ai_module=__name__, rules_text=__name__)
