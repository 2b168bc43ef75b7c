"""The rules contract every game implements (see DESIGN.md, "The rules contract").

Pure Python: no pygame, no I/O, no clock, no global randomness. A game module's
``rules.py`` subclasses :class:`GameState`; the match, saves, AI runner, arena and
screens only ever talk to a game through this interface.

Conventions (OpenSpiel's state API and python-chess's board are the models)
---------------------------------------------------------------------------
* Players are numbered ``0 .. num_players-1`` in table order.
* ``current_player()`` is a player number, :data:`CHANCE` when the physical game
  would roll/spin/draw (the state then lists ``chance_outcomes()``), or
  :data:`TERMINAL` once the game is over.
* A move is a small immutable, hashable value whose ``str()`` is its stable text
  form; ``state.parse_move(text)`` turns the text back into the move *in that
  state* (so context-dependent notation is fine).
* Legality is enforced once, here: :meth:`GameState.apply` asks
  :meth:`GameState.why_illegal` and only then calls the game's own ``_apply``.
  So "an illegal move leaves the state untouched" holds by construction for
  every game; a game never overrides ``apply``.
* Two kinds of refusal, both :class:`IllegalMove` (and so ``ValueError``):
  :class:`BadNotation` when text cannot be read as a move at all, and
  :class:`NotLegalHere` when it reads fine but is not allowed now. The move box
  tells a player which ("I can't read that" apart from "not allowed now").
* ``returns()`` gives every seat's result (higher is better) once the game is
  over; ``winner()`` and ``placings()`` are derived from it, so a 2-6 seat game
  reports its whole order of finish.
* ``view(player)`` is what that seat may know. For perfect-information games it
  may simply be a copy. Anything the seat may not know must be *absent* from the
  view object, not merely unread. The AI only ever receives a view.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, Hashable, Sequence, TypeVar, final

from games.core.events import Event

#: a game's move type: small, immutable, hashable, ``str()`` its stable text form
MoveT = TypeVar("MoveT", bound=Hashable)
#: what ``view(seat)`` gives: the state's own class in a perfect-information game
ViewT = TypeVar("ViewT")

CHANCE = -1
TERMINAL = -2


class IllegalMove(ValueError):
    """A move that cannot be played; ``str(err)`` says why, in a player's words.

    Raise one of the two subclasses; catch this one when the difference does not matter."""


class BadNotation(IllegalMove):
    """The text is not a move at all (a typo, an unknown square, a wrong shape)."""


class NotLegalHere(IllegalMove):
    """A well-formed move that the rules do not allow in this position."""


class GameState(ABC, Generic[MoveT, ViewT]):
    """Base class: the contract, with legality enforced once in :meth:`apply`.

    Typed by the game's move and view: ``class CannonState(GameState[Move,
    "CannonState"])``. The methods a game must write are abstract (a state class that
    forgets one cannot be made); :meth:`apply` is final (a subclass that overrides it
    is refused when its class is defined), so "an illegal move changes nothing" holds
    for every game by construction."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "apply" in cls.__dict__:
            raise TypeError(f"{cls.__name__} overrides GameState.apply: a game writes _apply, and "
                            "apply checks legality once for every game")

    #: number of seats in this game
    num_players: int = 2

    # -- whose turn ---------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        raise NotImplementedError

    @abstractmethod
    def legal_moves(self) -> Sequence[MoveT]:
        """Legal moves for the player to move (empty when over or at CHANCE)."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[MoveT, float]]:
        """At CHANCE: ``[(outcome_move, probability), ...]``, probabilities sum to 1."""
        return []

    def chance_actor(self) -> int | None:
        """At CHANCE: the seat that performs this chance event at the table (spins
        the spinner, throws the dice), or None when nobody does (a bridge that may
        give way, who fires first). The frame may let that seat's human perform
        it; the outcome is the match's seeded draw either way."""
        return None

    # -- applying -------------------------------------------------------------
    def why_illegal(self, move: MoveT) -> str | None:
        """None when ``move`` may be applied now, else the reason in a player's
        words. Games override this to explain better (or to check faster than a
        search through ``legal_moves()``); the default is a membership test."""
        p = self.current_player()
        if p == TERMINAL:
            return "the game is over"
        if p == CHANCE:
            if move in [m for m, _ in self.chance_outcomes()]:
                return None
            return "not a possible chance outcome here"
        if move in self.legal_moves():
            return None
        return "not a legal move here"

    def is_legal(self, move: MoveT) -> bool:
        return self.why_illegal(move) is None

    @final
    def apply(self, move: MoveT) -> None:
        """Apply ``move`` for the player to move (or a chance outcome at CHANCE).

        :raises NotLegalHere: the move is not allowed now; the state is untouched.
        """
        why = self.why_illegal(move)
        if why is not None:
            raise NotLegalHere(why if str(move) in why else f"{move}: {why}")
        self._apply(move)

    @abstractmethod
    def _apply(self, move: MoveT) -> None:
        """Apply a move already known to be legal (the game's own work)."""
        raise NotImplementedError

    def events_of(self, move: MoveT, after: "GameState[MoveT, ViewT]") -> Sequence[Event]:
        """What applying ``move`` to this position did (``after``: the position it gave),
        as typed public events in the order they happened (:mod:`games.core.events`).

        The match calls it on the position before each move and keeps the result on the
        log entry; boards plan their animations from it. Only what the whole table saw:
        it must give the same events from ``view(None)`` of both positions as from the
        positions themselves (the conformance suite checks it). Default: nothing (the
        board shows the new position as it is)."""
        return ()

    @abstractmethod
    def parse_move(self, text: str) -> MoveT:
        """The move ``text`` names in this position.

        :raises BadNotation: the text is not a move.
        :raises NotLegalHere: it is a move, but not a legal one here.
        """
        raise NotImplementedError

    def parse_legal(self, text: str, move: MoveT) -> MoveT:
        """Helper for ``parse_move``: ``move`` (already read from ``text``) if legal here."""
        why = self.why_illegal(move)
        if why is not None:
            raise NotLegalHere(why if text.strip() in why else f"{text.strip()}: {why}")
        return move

    # -- ending -------------------------------------------------------------
    def is_over(self) -> bool:
        return self.current_player() == TERMINAL

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result once the game is over (higher is better), all zero
        while it goes on. Two seats: 1 / -1 for a win, 0 / 0 for a draw; more seats:
        whatever orders them (for example minus the order in which they fell)."""
        raise NotImplementedError

    def placings(self) -> list[int]:
        """Each seat's place, 1 = first; seats with equal returns share a place."""
        r = self.returns()
        return [1 + sum(1 for other in r if other > mine) for mine in r]

    def winner(self) -> int | None:
        """The one seat that finished first, or None (a draw, a shared first
        place, or a game still going)."""
        if not self.is_over():
            return None
        r = self.returns()
        best = max(r)
        top = [i for i, v in enumerate(r) if v == best]
        return top[0] if len(top) == 1 and min(r) < best else None

    def result_text(self, names: Sequence[str] | None = None) -> str:
        """One line for the game-over card, e.g. 'Dark shot the Light town'.
        ``names`` (the seats' display names, in seat order) may be used by games
        whose seats have no names of their own."""
        w = self.winner()
        return "Draw" if w is None else f"{names[w] if names else f'Player {w + 1}'} wins"

    # -- information ----------------------------------------------------------
    def view(self, player: int | None) -> ViewT:
        """What ``player`` may know (None: what everyone may know): an object with
        the state's read-only interface (``legal_moves``, ``status_text``...) that
        holds nothing else. Default (perfect information): a copy."""
        return self.copy()  # type: ignore[return-value]  # ViewT is the state's own class here

    def review_view(self) -> Any:
        """What reviewing this position may show once the game is over: everything
        (the end-of-game reveal), in the form the game's board draws. Default: the
        state itself; hidden-information games give a view with every secret shown."""
        return self

    def reveals(self, move: MoveT) -> bool:
        """Hidden-information games: whether applying ``move`` (legal, about to
        be applied) shows the table something of a secret (an answer to a shot,
        a revealed card, a roll). Undo never takes back such a move, so nobody
        can undo to scout. The default is the safe answer; games say False for
        moves whose public effect reveals nothing new (a set-up, a hidden choice)."""
        return True

    @abstractmethod
    def copy(self) -> "GameState[MoveT, ViewT]":
        raise NotImplementedError

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """A JSON-able summary of the whole position, stored in saves so a load
        can prove that replaying the log reached the same place."""
        raise NotImplementedError

    def public_move_text(self, move: MoveT, names: list[str] | None = None) -> str:
        """How ``move`` (about to be applied in this state) reads in the shared
        move log that every seat sees. The log already shows who moved, so the
        text names the actor only for chance outcomes ("Ana fires first"), using
        ``names``. Hidden-information games override this so secret decisions
        read as their public effect."""
        return str(move)

    def aftermath_text(self, events: Sequence[Any], names: Sequence[str] | None = None) -> str:
        """What a move's public ``events`` (``events_of``) did that its log text, written
        before the move, cannot say: a clause the shared log adds to the move's line
        ("Ben is out"). "" when there is nothing more to say (the default)."""
        return ""

    def status_text(self, names: Sequence[str] | None = None) -> str:
        """The turn banner's line: whose turn and what to do now (``names``: the
        seats' display names, for games whose seats have no names of their own)."""
        return ""

    @abstractmethod
    def ply(self) -> int:
        """How many moves (chance outcomes included) have been applied."""
        raise NotImplementedError


def two_player_returns(winner: int | None, over: bool) -> list[float]:
    """``returns()`` for a two-seat game with a winner or a draw."""
    if not over or winner is None:
        return [0.0, 0.0]
    return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
