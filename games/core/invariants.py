"""Invariant checks any game must pass after every move (the arena's ``--check``,
the play-out tests, the soak). Pure: no pygame, no I/O.

The generic checks hold for every game by the rules contract; a game adds its own
through ``state.invariant_problems()`` (piece counts that never grow, at most one
cannon per section, Fortitude never below 1...).
"""
from __future__ import annotations

import json
import math
from typing import Any

from games.core.events import ChanceEvent, Event
from games.core.game import CHANCE, TERMINAL, GameState, IllegalMove


def state_problems(state: GameState[Any, Any], n_seats: int, hidden: bool) -> list[str]:
    """What is wrong with ``state`` (empty when all is well)."""
    out: list[str] = []
    p = state.current_player()
    if p not in (CHANCE, TERMINAL) and not 0 <= p < n_seats:
        return [f"current_player() is {p!r}, not a seat, CHANCE or TERMINAL"]
    if p == CHANCE:
        out += _chance_problems(state)
    elif p >= 0 and not len(state.legal_moves()):
        out.append(f"seat {p} is to move but has no legal move")
    elif p == TERMINAL and len(state.returns()) != n_seats:
        out.append("returns() does not give one result per seat")
    if p != TERMINAL and any(state.returns()):
        # the contract (GameState.returns): all zero until the end, so nothing that
        # reads a result can take a game still going on for a finished one
        out.append(f"returns() is {list(state.returns())} while the game goes on (all zero until the end)")
    try:
        snap = state.snapshot()
        json.dumps(snap)
    except (TypeError, ValueError) as exc:
        out.append(f"snapshot() is not JSON: {exc}")
    else:
        if state.copy().snapshot() != snap:
            out.append("a copy's snapshot differs from the original's")
    if hidden:
        for seat in [None, *range(n_seats)]:
            state.view(seat)
    out += list(getattr(state, "invariant_problems", lambda: [])())
    return out


def _chance_problems(state: GameState[Any, Any]) -> list[str]:
    outcomes = state.chance_outcomes()
    if not outcomes:
        return ["CHANCE to move but no outcomes"]
    total = sum(pr for _, pr in outcomes)
    bad = [pr for _, pr in outcomes if not pr > 0]
    out = []
    if not math.isclose(total, 1.0, abs_tol=1e-9):
        out.append(f"chance probabilities sum to {total}")
    if bad:
        out.append(f"chance outcomes with probability {bad[0]}")
    return out


def move_problems(state: GameState[Any, Any], move: Any) -> list[str]:
    """Checks on ``move`` about to be played in ``state``: its text reads back as itself."""
    text = str(move)
    try:
        back = state.parse_move(text)
    except IllegalMove as exc:
        return [f"{text!r} does not parse back: {exc}"]
    return [] if back == move else [f"{text!r} parses back as {back!r}, not {move!r}"]


def event_problems(before: GameState[Any, Any], move: Any, after: GameState[Any, Any]) -> list[str]:
    """Checks on what ``move`` (applied to ``before``, giving ``after``) says it did
    (``before.events_of``): typed frozen events, the same each time they are asked for,
    a chance event only for a chance outcome, and neither position changed by asking."""
    snaps = (json.dumps(before.snapshot(), sort_keys=True, default=str),
             json.dumps(after.snapshot(), sort_keys=True, default=str))
    events = before.events_of(move, after)
    out: list[str] = []
    for e in events:
        if not isinstance(e, Event):
            out.append(f"{move}: {e!r} is not an Event")
        elif not getattr(getattr(type(e), "__dataclass_params__", None), "frozen", False):
            out.append(f"{move}: {type(e).__name__} is not a frozen dataclass")
        elif isinstance(e, ChanceEvent) and before.current_player() != CHANCE:
            out.append(f"{move}: {type(e).__name__} tells a chance outcome, but {move} is a player's move")
    if tuple(before.events_of(move, after)) != tuple(events):
        out.append(f"{move}: its events differ each time they are asked for")
    if (json.dumps(before.snapshot(), sort_keys=True, default=str),
            json.dumps(after.snapshot(), sort_keys=True, default=str)) != snaps:
        out.append(f"{move}: asking for its events changed the position")
    return out
