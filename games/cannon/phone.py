"""Cannon on a phone: the game part of a seat's payload (pure, no pygame).

Cannon has no secrets, so the view is the position: the board as ten strings
(rank 10 first; ``.`` empty, ``d``/``l`` a Dark/Light soldier, ``D``/``L`` a
town), whose side the seat plays, and the last move. The page draws the 10x10
points and lets the player tap one of their pieces, then where it goes; the
moves it offers are the legal moves of the payload (their text is the move's
own notation: ``Tf1``, ``e3-e4``, ``e4xe5``, ``e4*e6``).
"""
from __future__ import annotations

from typing import Any

from games.cannon.rules import DARK, FILES, PLAYER_NAMES, SIZE, CannonState, Move, square_name

#: groups in the order the page lists them (the sharpest moves first)
GROUPS = {"place": "Place your town", "shot": "Shoot", "capture": "Capture", "slide": "Slide a cannon",
          "step": "Step", "retreat": "Retreat"}
_ORDER = {k: i for i, k in enumerate(GROUPS)}
_WORDS = {"step": "step", "retreat": "retreat", "slide": "slide", "capture": "takes", "shot": "shoots"}


def phone_view(view: CannonState, seat: int) -> dict[str, Any]:
    last = view.last_move
    return {
        "kind": "cannon",
        "board": view.to_diagram().split("\n"),
        "files": FILES[:SIZE],
        "side": PLAYER_NAMES[seat] if 0 <= seat < 2 else None,
        "piece": "d" if seat == DARK else "l",
        "flip": seat != DARK,        # the seat's own side at the bottom of its screen
        "phase": view.phase.value,
        "last": None if last is None else [square_name(last.frm), square_name(last.to)],
    }


def describe_move(view: CannonState, move: Move) -> tuple[str, str]:
    if move.kind == "place":
        return f"Town on {square_name(move.to)}", GROUPS["place"]
    frm, to = square_name(move.frm), square_name(move.to)
    return f"{frm} {_WORDS[move.kind]} {to}", GROUPS[move.kind]


def listed_moves(view: CannonState, moves: Any) -> list[Move]:
    return sort_moves(moves)


def sort_moves(moves: Any) -> list[Move]:
    """Shots and captures first, then by the piece's square (a1 first)."""
    return sorted(moves, key=lambda m: (_ORDER.get(m.kind, 9), m.frm, m.to))
