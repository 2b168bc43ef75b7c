"""Cannon Ball on a phone: the game part of a seat's payload (pure, no pygame).

Cannon Ball has no secrets: the view is the position. The phone gets the facts
a player asks for between spins (the spin and the moves left, troopers and
cannons on each side, gates, bridges, TNT) and the legal moves as buttons in
groups: the choice of turn first, then the gambles, troopers by the box they
stand on, cannons, TNT, and ending the turn. The Fort Commander is spun by the
page's big Spin! button (the payload's ``perform``).
"""
from __future__ import annotations

from typing import Any

from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules.game import CannonBallState
from games.cannon_ball.rules.moves import CannonMove, Choice, End, Step, Tnt, box_name
from games.cannon_ball.rules.tables import NAMES, Phase

GROUP_ORDER = ("Choose your turn", "Gate turn", "Gamble", "Cannons", "Troopers", "TNT", "End")


def phone_view(view: CannonBallState, seat: int) -> dict[str, Any]:
    other = 1 - seat
    choice = view.choice
    return {
        "kind": "cannon_ball",
        "side": NAMES[seat] if 0 <= seat < 2 else None,
        "phase": view.phase.value,
        "turn": view.turn,
        "spin": view.spin if view.phase in (Phase.MOVING, Phase.BRIDGE) else None,
        "budget": view.budget if view.phase == Phase.MOVING else None,
        "each_piece": bool(view.each),
        "choice": None if choice is None else choice_words(choice),
        "men": [view.men[seat], view.men[other]],
        "cannons": [view.cannon_count(seat), view.cannon_count(other)],
        "tnt_left": [view.tnt_left[seat], view.tnt_left[other]],
        "gates": [{"id": g.id, "mine": g.owner == seat, "state": view.gates[g.index]} for g in M.GATES],
        "bridges_down": [b.number for b in M.BRIDGES if not view.bridges[b.index]],
        "spinning": view.phase in (Phase.OPENING, Phase.SPIN),
        "choosing": view.phase == Phase.CHOOSE and view.to_move == seat,
    }


def choice_words(choice: Choice) -> str:
    """The turn a player chose, as the phone says it ("Move turn", "Rebuild bridge 3, calling even")."""
    if choice.kind == "move":
        return "Move turn"
    return _choice_label(choice).replace(", call ", ", calling ")


def _boxes(boxes) -> str:
    return " ".join(box_name(b) for b in boxes)


def _choice_label(move: Choice) -> str:
    k = move.kind
    if k == "move":
        return "Move turn: spin for moves"
    if k in ("open", "close"):
        return f"{k.capitalize()} gate {M.GATES[move.target].id}"
    if k == "tnt":
        return f"TNT shot, call {move.call}"
    if k == "rebuild":
        return f"Rebuild bridge {M.BRIDGES[move.target].number}, call {move.call}"
    return f"Fire at gate {M.GATES[move.target].id}, call {move.call}"


def describe_move(view: CannonBallState, move: Any) -> tuple[str, str]:
    if isinstance(move, Choice):
        group = {"move": "Choose your turn", "open": "Gate turn", "close": "Gate turn"}.get(move.kind, "Gamble")
        return _choice_label(move), group
    if isinstance(move, Step):
        return f"{box_name(move.frm)} to {box_name(move.to)}", "Troopers"
    if isinstance(move, CannonMove):
        tail = f" with the men of {_boxes(move.escorts)}" if move.escorts else ""
        return f"Cannon {box_name(move.frm)} to {_boxes(move.to)}{tail}", "Cannons"
    if isinstance(move, Tnt):
        where = f"under gate {M.GATES[move.gate].id}" if move.gate >= 0 else f"at {box_name(move.box)}"
        return f"TNT {where}", "TNT"
    if isinstance(move, End):
        return "End the turn", "End"
    return str(move), ""


def listed_moves(view: CannonBallState, moves: Any) -> list[Any]:
    order = {g: i for i, g in enumerate(GROUP_ORDER)}

    def key(m: Any) -> tuple:
        label, group = describe_move(view, m)
        frm = getattr(m, "frm", -1)
        return (order.get(group, 99), frm, label)
    return sorted(moves, key=key)
