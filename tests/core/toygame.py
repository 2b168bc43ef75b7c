"""A tiny game with chance, used to test the core without depending on a real game.

Two players race to 10 points. A turn: chance rolls a die (1-3), then the player
to move either BANKs the roll (adds it to their score, turn passes) or DOUBLEs
(adds twice the roll, but a roll of 1 when doubling scores nothing). Ties never
happen: first to 10 wins.
"""
from dataclasses import dataclass

from games.core.game import CHANCE, TERMINAL, GameState, IllegalMove, check_legal
from games.core.registry import GameInfo, Option


@dataclass(frozen=True)
class Roll:
    value: int

    def __str__(self):
        return f"roll{self.value}"


@dataclass(frozen=True)
class Act:
    kind: str

    def __str__(self):
        return self.kind


class ToyState(GameState):
    num_players = 2

    def __init__(self, target=10):
        self.scores = [0, 0]
        self.to_move = 0
        self.rolled = None
        self.target = target
        self.moves = 0

    def current_player(self):
        if max(self.scores) >= self.target:
            return TERMINAL
        return CHANCE if self.rolled is None else self.to_move

    def chance_outcomes(self):
        return [(Roll(v), 1 / 3) for v in (1, 2, 3)] if self.current_player() == CHANCE else []

    def legal_moves(self):
        return [Act("bank"), Act("double")] if self.current_player() >= 0 else []

    def apply(self, move):
        check_legal(self, move)
        if isinstance(move, Roll):
            self.rolled = move.value
        else:
            gain = self.rolled if move.kind == "bank" else (0 if self.rolled == 1 else 2 * self.rolled)
            self.scores[self.to_move] += gain
            self.rolled = None
            self.to_move ^= 1
        self.moves += 1

    def parse_move(self, text):
        if text.startswith("roll") and text[4:].isdigit():
            return Roll(int(text[4:]))
        if text in ("bank", "double"):
            return Act(text)
        raise IllegalMove(f"{text!r} is not a move")

    def winner(self):
        for p in (0, 1):
            if self.scores[p] >= self.target:
                return p
        return None

    def copy(self):
        s = ToyState.__new__(ToyState)
        s.__dict__ = dict(self.__dict__, scores=list(self.scores))
        return s

    def snapshot(self):
        return {"scores": list(self.scores), "to_move": self.to_move, "rolled": self.rolled}

    def ply(self):
        return self.moves


def new_game(options, n_seats):
    return ToyState(target=options.get("target", 10))


class BankAI:
    level = "normal"

    def choose(self, view, ctx):
        return Act("double") if view.rolled and view.rolled >= 2 else Act("bank")


def make_ai(level, seat, options):
    return BankAI()


INFO = GameInfo(
    id="toy", title="Toy", credit="test", pitch="test", min_seats=2, max_seats=2, default_seats=2,
    seat_names=lambda n: ["A", "B"], options=(Option("target", "Target", "points to win", ((10, "10"), (20, "20")), 10),),
    hidden_information=False, rules_module="tests.core.toygame", ai_module="tests.core.toygame",
    scene="", rules_text="")
