"""The rules contract every game implements (see DESIGN.md, "The rules contract").

Pure Python: no pygame, no I/O, no clock, no global randomness. A game module's
``rules.py`` subclasses :class:`GameState`; the match, saves, AI runner, arena and
screens only ever talk to a game through this interface.

Conventions
-----------
* Players are numbered ``0 .. num_players-1`` in table order.
* ``current_player()`` is a player number, :data:`CHANCE` when the physical game
  would roll/spin/draw (the state then lists ``chance_outcomes()``), or
  :data:`TERMINAL` once the game is over.
* A move is a small immutable, hashable value whose ``str()`` is its stable text
  form; ``state.parse_move(text)`` turns the text back into the move *in that
  state* (so context-dependent notation is fine) and raises :class:`IllegalMove`
  with a reason a player can read when the text is malformed or the move illegal.
* ``apply(move)`` mutates the state; it raises :class:`IllegalMove` (saying why)
  for anything not in ``legal_moves()`` and then leaves the state untouched.
* ``view(player)`` is what that seat may know. For perfect-information games it
  may simply be a copy. Anything the seat may not know must be *absent* from the
  view object, not merely unread. The AI only ever receives a view.
"""
from __future__ import annotations

from typing import Any, Hashable, Sequence

CHANCE = -1
TERMINAL = -2


class IllegalMove(ValueError):
    """A move that is malformed or not legal here; ``str(err)`` says why."""


class GameState:
    """Base class: documents the contract and supplies a few generic helpers."""

    #: number of seats in this game
    num_players: int = 2

    # -- whose turn ---------------------------------------------------------
    def current_player(self) -> int:
        raise NotImplementedError

    def legal_moves(self) -> list:
        """Legal moves for the player to move (empty when over or at CHANCE)."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Hashable, float]]:
        """At CHANCE: ``[(outcome_move, probability), ...]``, probabilities sum to 1."""
        return []

    def apply(self, move) -> None:
        raise NotImplementedError

    def parse_move(self, text: str):
        raise NotImplementedError

    # -- ending -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.current_player() == TERMINAL

    def winner(self) -> int | None:
        """The winning player, or None for a draw / a game still going."""
        raise NotImplementedError

    def result_text(self, names=None) -> str:
        """One line for the game-over overlay, e.g. 'Dark shot the Light town'.
        ``names`` (the seats' display names, in seat order) may be used by games
        whose seats have no names of their own."""
        w = self.winner()
        return "Draw" if w is None else f"{names[w] if names else f'Player {w + 1}'} wins"

    # -- information ----------------------------------------------------------
    def view(self, player: int) -> "GameState":
        """What ``player`` may know. Default (perfect information): a copy."""
        return self.copy()

    def copy(self) -> "GameState":
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        """A JSON-able summary of the whole position, stored in saves so a load
        can prove that replaying the log reached the same place."""
        raise NotImplementedError

    def public_move_text(self, move, names=None) -> str:
        """How ``move`` (about to be applied in this state) reads in the shared
        move log that every seat sees. The log already shows who moved, so the
        text names the actor only for chance outcomes ("Ana fires first"), using
        ``names``. Hidden-information games override this so secret decisions
        read as their public effect."""
        return str(move)

    def status_text(self, names=None) -> str:
        """The turn banner's line: whose turn and what to do now (``names``: the
        seats' display names, for games whose seats have no names of their own)."""
        return ""

    def ply(self) -> int:
        """How many moves (chance outcomes included) have been applied."""
        raise NotImplementedError


def check_legal(state: GameState, move, legal: Sequence | None = None) -> None:
    """Raise IllegalMove unless ``move`` is in ``legal`` (default: state.legal_moves())."""
    if state.is_over():
        raise IllegalMove(f"{move}: the game is over")
    if state.current_player() == CHANCE:
        outcomes = [m for m, _ in state.chance_outcomes()]
        if move not in outcomes:
            raise IllegalMove(f"{move}: not a possible chance outcome here")
        return
    if legal is None:
        legal = state.legal_moves()
    if move not in legal:
        raise IllegalMove(f"{move}: not a legal move here")
