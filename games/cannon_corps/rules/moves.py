"""Cannon Corps: the grid, the dice and the moves (pure Python, no pygame).

A :class:`Move` is one decision with a stable text form (``str(move)``);
:func:`parse_text` reads the text back (syntax only).  :func:`legal_moves` and
:func:`why_illegal` decide legality from the deciding seat's own platoons and
Reserves and the public pending decision, so the state and a seat's view share
them (see :mod:`games.cannon_corps.rules.state`).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any, overload

from games.cannon_corps.rules.events import (
    CoverDecision, DeployDecision, FireDecision, GameOver, Pending, SetupDecision, StartDraw)
from games.core.game import BadNotation

# --------------------------------------------------------------------------
# Board and dice
# --------------------------------------------------------------------------
ROWS = "ABC"
COLS = "1234"
SPACES: tuple[str, ...] = tuple(r + c for r in ROWS for c in COLS)
SPACE_INDEX: dict[str, int] = {s: i for i, s in enumerate(SPACES)}
DICE: tuple[str, ...] = ("d4", "d6", "d8", "d10", "d%", "d12", "d20")
DIE_SIZES: dict[str, int] = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}
DIE_INDEX: dict[str, int] = {d: i for i, d in enumerate(DICE)}
DIE_ALIASES: dict[str, str] = {d: d for d in DICE}
DIE_ALIASES.update({"d10%": "d%", "d100": "d%", "d00": "d%", "d%10": "d%"})
PLATOONS = 4          # platoons on the grid
SETUP_LEN = 4

#: a seat's platoons as the legality checks see them: die -> (space index, value)
Platoons = Mapping[str, "tuple[int, int]"]


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, 4)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 and dc == 0:
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < 3 and 0 <= cc < 4:
                out.append(rr * 4 + cc)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(12))
NEIGHBOUR_SPACES: dict[str, tuple[str, ...]] = {
    SPACES[i]: tuple(SPACES[j] for j in NEIGHBOURS[i]) for i in range(12)}


def norm_die(text: str) -> str:
    d = DIE_ALIASES.get(text.strip().lower())
    if d is None:
        raise BadNotation(f"unknown die {text!r} (dice: {', '.join(DICE)})")
    return d


def norm_space(text: str) -> str:
    s = text.strip().upper()
    if s not in SPACE_INDEX:
        raise BadNotation(f"unknown space {text!r} (spaces are A1..C4)")
    return s


# --------------------------------------------------------------------------
# Moves
# --------------------------------------------------------------------------
MOVE_KINDS = ("setup", "start", "fire", "cover", "stay", "deploy")


@dataclass(frozen=True)
class Move:
    """One decision.  Text forms (``str(move)``)::

        setup d4@A1 d6@B2 d12@C3 d20@A4   (placements sorted by die order)
        start 2                            (CHANCE: seat index 2 fires first)
        fire d8 B3
        cover d8 B2      /   stay d8
        deploy d20 C4
    """
    kind: str
    die: str | None = None
    space: str | None = None
    seat: int | None = None
    placements: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        k = self.kind
        if k == "setup":
            return "setup " + " ".join(f"{d}@{s}" for d, s in self.placements)
        if k == "start":
            return f"start {self.seat}"
        if k == "stay":
            return f"stay {self.die}"
        return f"{k} {self.die} {self.space}"

    @staticmethod
    def setup(placements: Mapping[str, str] | Sequence[tuple[str, str]]) -> "Move":
        """``placements``: mapping or pairs die -> space (any order)."""
        items = placements.items() if isinstance(placements, Mapping) else placements
        pl = tuple(sorted(((norm_die(d), norm_space(s)) for d, s in items),
                          key=lambda p: DIE_INDEX[p[0]]))
        return Move("setup", placements=pl)


def _parse_setup(text: str, args: list[str]) -> Move:
    pairs = []
    for tok in args:
        if "@" not in tok:
            raise BadNotation(f"{text!r}: each placement is die@space, like d8@B3")
        d, _, s = tok.partition("@")
        pairs.append((norm_die(d), norm_space(s)))
    if len(pairs) != SETUP_LEN:
        raise BadNotation(f"{text!r}: a setup places exactly four dice, not {len(pairs)}")
    dice = [d for d, _ in pairs]
    spaces = [s for _, s in pairs]
    for d in dice:
        if dice.count(d) > 1:
            raise BadNotation(f"{text!r}: {d} is placed twice")
    for s in spaces:
        if spaces.count(s) > 1:
            raise BadNotation(f"{text!r}: two platoons on {s} (one platoon per space)")
    return Move.setup(pairs)


def parse_text(text: Any) -> Move:
    """Syntax only (no legality): text -> Move, BadNotation if malformed."""
    if not isinstance(text, str):
        raise BadNotation(f"{text!r}: a move is text like 'fire d8 B3'")
    parts = text.replace(",", " ").split()
    if not parts:
        raise BadNotation("empty move")
    kind = parts[0].lower()
    args = parts[1:]
    if kind == "setup":
        return _parse_setup(text, args)
    if kind == "start":
        if len(args) != 1 or not args[0].isdigit():
            raise BadNotation(f"{text!r}: expected 'start <seat index>'")
        return Move("start", seat=int(args[0]))
    if kind == "stay":
        if len(args) != 1:
            raise BadNotation(f"{text!r}: expected 'stay <die>'")
        return Move("stay", die=norm_die(args[0]))
    if kind in ("fire", "cover", "deploy"):
        if len(args) != 2:
            raise BadNotation(f"{text!r}: expected '{kind} <die> <space>'")
        return Move(kind, die=norm_die(args[0]), space=norm_space(args[1]))
    raise BadNotation(f"{text!r}: unknown move '{parts[0]}' (setup, fire, cover, stay, deploy, start)")


# --------------------------------------------------------------------------
# Setup moves: 415,800 of them, so a lazy indexable sequence
# --------------------------------------------------------------------------
_COMBOS = tuple(combinations(range(7), 4))
_PERMS: tuple[tuple[int, ...], ...] | None = None


def _perms() -> tuple[tuple[int, ...], ...]:
    global _PERMS
    if _PERMS is None:
        _PERMS = tuple(permutations(range(12), 4))
    return _PERMS


class SetupMoves(Sequence[Move]):
    """All legal setup moves, without building 415,800 objects.  Supports
    ``len``, indexing (so ``random.choice`` works), ``in`` and iteration."""

    def __len__(self) -> int:
        return len(_COMBOS) * 11880

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> list[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | list[Move]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        c, p = divmod(i, 11880)
        combo, perm = _COMBOS[c], _perms()[p]
        return Move("setup", placements=tuple((DICE[combo[k]], SPACES[perm[k]]) for k in range(4)))

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and move.kind == "setup" and setup_problem(move) is None

    def __iter__(self) -> Iterator[Move]:
        for combo in _COMBOS:
            for perm in _perms():
                yield Move("setup", placements=tuple((DICE[combo[k]], SPACES[perm[k]]) for k in range(4)))

    def __repr__(self) -> str:
        return "<SetupMoves: 415800 setups>"


def setup_problem(move: Move) -> str | None:
    pl = move.placements
    if len(pl) != SETUP_LEN:
        return "a setup places exactly four dice"
    dice = [d for d, _ in pl]
    spaces = [s for _, s in pl]
    if any(d not in DIE_SIZES for d in dice):
        return "unknown die in setup"
    if any(s not in SPACE_INDEX for s in spaces):
        return "unknown space in setup"
    if len(set(dice)) != 4:
        return "each die can be placed only once"
    if len(set(spaces)) != 4:
        return "two platoons on one space (one platoon per space)"
    if tuple(sorted(pl, key=lambda p: DIE_INDEX[p[0]])) != pl:
        return "setup placements must be listed in die order"
    return None


# --------------------------------------------------------------------------
# Legality shared by the state and the view (it needs only the deciding
# seat's own data and the public pending decision)
# --------------------------------------------------------------------------
def legal_moves(pending: Pending, platoons: Platoons, reserves: Sequence[str]) -> Sequence[Move]:
    """The legal moves for ``pending``; ``platoons``: die -> (space_index, value)
    of the deciding seat (``pending`` with its secret details, the hit die)."""
    if isinstance(pending, SetupDecision):
        return SetupMoves()
    if isinstance(pending, FireDecision):
        return [Move("fire", d, s) for d in DICE if d in platoons for s in SPACES]
    taken = {sp for sp, _ in platoons.values()}
    if isinstance(pending, CoverDecision) and pending.die is not None:
        die = pending.die
        at = platoons[die][0]
        return [Move("stay", die)] + [Move("cover", die, SPACES[j]) for j in NEIGHBOURS[at] if j not in taken]
    if isinstance(pending, DeployDecision):
        return [Move("deploy", d, SPACES[j]) for d in DICE if d in reserves for j in range(12) if j not in taken]
    return []


def _fire_problem(move: Move, platoons: Platoons) -> str | None:
    if move.kind != "fire":
        return "choose one of your platoons and a space to fire at"
    if move.die not in platoons:
        return f"you have no {move.die} platoon on your grid"
    if move.space not in SPACE_INDEX:
        return f"unknown space {move.space!r}"
    return None


def _cover_problem(move: Move, pending: CoverDecision, platoons: Platoons) -> str | None:
    die = pending.die
    if move.kind not in ("cover", "stay"):
        return f"your {die} was hit at {pending.space}: run for cover or stay"
    if die is None or move.die != die:
        return f"only the platoon that was hit ({die}) may run for cover"
    if move.kind == "stay":
        return None
    if move.space not in SPACE_INDEX:
        return f"unknown space {move.space!r}"
    at = platoons[die][0]
    to = SPACE_INDEX[move.space]
    if to == at:
        return f"to stay on {SPACES[at]}, say 'stay {die}'"
    if to not in NEIGHBOURS[at]:
        return f"{move.space} is not next to {SPACES[at]} (cover is one space in any of 8 directions)"
    if any(sp == to for sp, _ in platoons.values()):
        return f"{move.space} is occupied by one of your platoons"
    return None


def _deploy_problem(move: Move, platoons: Platoons, reserves: Sequence[str]) -> str | None:
    if move.kind != "deploy":
        return "deploy one of your reserves on an empty space"
    if move.die not in reserves:
        return f"{move.die} is not in your reserves"
    if move.space not in SPACE_INDEX:
        return f"unknown space {move.space!r}"
    if any(sp == SPACE_INDEX[move.space] for sp, _ in platoons.values()):
        return f"{move.space} is occupied by one of your platoons"
    return None


def why_illegal(move: object, pending: Pending, platoons: Platoons, reserves: Sequence[str],
                n_seats: int) -> str | None:
    """None when ``move`` is legal for the pending decision, else the reason."""
    if not isinstance(move, Move):
        return f"{move!r} is not a move"
    if isinstance(pending, GameOver):
        return "the game is over"
    if isinstance(pending, StartDraw):
        if move.kind != "start":
            return "the first shooter is being drawn (a chance event)"
        if move.seat is None or not 0 <= move.seat < n_seats:
            return f"there is no seat {move.seat}"
        return None
    if move.kind == "start":
        return "the first shooter has already been drawn"
    if isinstance(pending, SetupDecision):
        if move.kind != "setup":
            return "every seat must first hide its four platoons (setup)"
        return setup_problem(move)
    if isinstance(pending, FireDecision):
        return _fire_problem(move, platoons)
    if isinstance(pending, CoverDecision):
        return _cover_problem(move, pending, platoons)
    if isinstance(pending, DeployDecision):
        return _deploy_problem(move, platoons, reserves)
    return "no decision is pending"
