"""A tiny game with chance, used to test the core and the frame without a real game.

Two players race to 10 points. A turn: the player to move rolls (a chance event
the player performs: one die of 1-3, or with the "dice: 2" option two dice one
after the other, two chained chance nodes), then either BANKs the roll (adds it
to their score, turn passes) or DOUBLEs (adds twice the roll, but a roll of 1 on
the first die when doubling scores nothing). First to the target wins.
"""
from dataclasses import dataclass

from games.core.game import CHANCE, TERMINAL, BadNotation, GameState, two_player_returns
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

    def __init__(self, target=10, dice=1):
        self.scores = [0, 0]
        self.to_move = 0
        self.rolls: list = []
        self.dice = dice
        self.target = target
        self.moves = 0

    @property
    def rolled(self):
        return sum(self.rolls) if len(self.rolls) == self.dice else None

    def current_player(self):
        if max(self.scores) >= self.target:
            return TERMINAL
        return CHANCE if len(self.rolls) < self.dice else self.to_move

    def chance_outcomes(self):
        return [(Roll(v), 1 / 3) for v in (1, 2, 3)] if self.current_player() == CHANCE else []

    def chance_actor(self):
        return self.to_move if self.current_player() == CHANCE else None

    def legal_moves(self):
        return [Act("bank"), Act("double")] if self.current_player() >= 0 else []

    def _apply(self, move):
        if isinstance(move, Roll):
            self.rolls = self.rolls + [move.value]
        else:
            roll = self.rolled
            gain = roll if move.kind == "bank" else (0 if self.rolls[0] == 1 else 2 * roll)
            self.scores[self.to_move] += gain
            self.rolls = []
            self.to_move ^= 1
        self.moves += 1

    def parse_move(self, text):
        text = text.strip()
        if text.startswith("roll") and text[4:].isdigit():
            move = Roll(int(text[4:]))
        elif text in ("bank", "double"):
            move = Act(text)
        else:
            raise BadNotation(f"{text!r} is not a move")
        return self.parse_legal(text, move)

    def returns(self):
        won = [p for p in (0, 1) if self.scores[p] >= self.target]
        return two_player_returns(won[0] if won else None, bool(won))

    def status_text(self, names=None):
        return f"scores {self.scores[0]}-{self.scores[1]}"

    def copy(self):
        s = ToyState.__new__(ToyState)
        s.__dict__ = dict(self.__dict__, scores=list(self.scores), rolls=list(self.rolls))
        return s

    def snapshot(self):
        snap = {"scores": list(self.scores), "to_move": self.to_move, "rolled": self.rolled}
        if self.dice != 1:
            snap["rolls"] = list(self.rolls)
        return snap

    def ply(self):
        return self.moves


def new_game(options, n_seats):
    return ToyState(target=options.get("target", 10), dice=options.get("dice", 1))


class BankAI:
    level = "normal"

    def choose(self, view, ctx):
        return Act("double") if view.rolled and view.rolled >= 2 else Act("bank")


def make_ai(level, seat, options):
    return BankAI()


INFO = GameInfo(
    id="toy", title="Toy", credit="test", pitch="test", min_seats=2, max_seats=2, default_seats=2,
    seat_names=lambda n: ["A", "B"],
    options=(Option("target", "Target", "points to win", ((10, "10"), (20, "20")), 10),
             Option("dice", "Dice", "dice per roll", ((1, "1"), (2, "2")), 1)),
    hidden_information=False, rules_module="tests.core.toygame", ai_module="tests.core.toygame",
    rules_text="")
