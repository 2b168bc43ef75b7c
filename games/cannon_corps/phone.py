"""Cannon Corps on a phone: the game part of a seat's payload (pure, no pygame).

Built from the seat's :class:`~games.cannon_corps.rules.CorpsView` only: its own
grid, reserves and private log, and what the whole table knows (the public
log: answers, defeats, counts, grids revealed when a seat is out or the game
ends). Nothing here names another seat's hidden die, value, reserve or choice;
``tests/remote/test_payload.py`` proves it with two worlds that differ only in
one seat's secrets.

The page (``games/remote/page/app.js``) turns this into touch controls that
build the game's own notation: ``setup d4@A1 d6@B2 d12@C3 d20@A4``,
``fire d8 B3``, ``cover d8 B2`` / ``stay d8``, ``deploy d20 C4``.
"""
from __future__ import annotations

from typing import Any

from games.cannon_corps.rules import (
    DICE, DIE_SIZES, SPACES, AmmoNote, CorpsView, CoverDecision, DamagedNote, DeployDecision, DeployedNote,
    FireDecision, FiredNote, GameOver, Move, MovedNote, Note, SetupDecision, SetupNote, StayedNote)
from games.cannon_corps.rules.public import last_shot, public_table

#: how many of the seat's own private notes the page shows (newest last)
NEWS = 6


def _mark(m: dict[str, Any]) -> dict[str, Any]:
    return {"hit": m["answer"] == "hit", "ago": int(m["ago"]), "result": m.get("result")}


def _marks(knowledge: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {sp: _mark(m) for sp, m in sorted(knowledge.items())}


def note_text(note: Note) -> str:
    """One line of the seat's own private log, in words ("you", never a name)."""
    if isinstance(note, SetupNote):
        placed = ", ".join(f"{d} on {sp}" for sp, (d, _) in sorted(note.grid.items()))
        return f"You hid {placed}."
    if isinstance(note, FiredNote):
        return f"You fired your {note.die} (power {note.power}) at {note.space}."
    if isinstance(note, DamagedNote):
        if note.to_value <= 0:
            how = " by a final salvo" if note.salvo else ""
            return f"Your {note.die} on {note.space} was hit{how} and is defeated."
        return f"Your {note.die} on {note.space} was hit: {note.from_value} down to {note.to_value}."
    if isinstance(note, AmmoNote):
        if note.to_value <= 0:
            return f"Your {note.die} fired its final salvo and fell."
        return f"Your {note.die} used ammo: {note.from_value} down to {note.to_value}."
    if isinstance(note, MovedNote):
        return f"Your {note.die} ran for cover from {note.from_space} to {note.to_space}."
    if isinstance(note, StayedNote):
        return f"Your {note.die} stayed on {note.space} (the table heard \"ran for cover\")."
    if isinstance(note, DeployedNote):
        return f"You deployed your {note.die} on {note.space} at {note.value}."
    return note.kind


def _grid(view: CorpsView) -> dict[str, dict[str, Any]]:
    out = {}
    for sp, (die, value) in sorted(view.my_grid.items()):
        out[sp] = {"die": die, "value": int(value), "full": DIE_SIZES[die], "salvo": value == 1}
    return out


def _decision(view: CorpsView, seat: int) -> dict[str, Any]:
    p = view.pending
    if isinstance(p, GameOver):
        return {"kind": "over", "seat": p.seat}
    if not view.is_my_decision():
        return {"kind": "wait", "what": p.kind, "seat": p.seat}
    if isinstance(p, SetupDecision):
        return {"kind": "setup", "count": 4}
    if isinstance(p, FireDecision):
        return {"kind": "fire"}
    if isinstance(p, CoverDecision):
        value = view.my_platoons[p.die][1] if p.die in view.my_platoons else None
        return {"kind": "cover", "die": p.die, "space": p.space, "damage": p.damage, "value": value,
                "shooter": p.shooter, "options": list(p.options)}
    if isinstance(p, DeployDecision):
        return {"kind": "deploy", "shooter": p.shooter, "reserves": list(p.reserves), "options": list(p.options)}
    return {"kind": "wait", "what": p.kind, "seat": p.seat}


def phone_view(view: CorpsView, seat: int) -> dict[str, Any]:
    """The seat's grid, reserves, news and decision, and the table's public facts."""
    table = public_table(view.events, view.num_players)
    me = table[seat]
    others = []
    for info in table:
        if info.seat == seat:
            continue
        others.append({
            "seat": info.seat, "set_up": info.set_up, "platoons": info.platoons, "reserves": info.reserves,
            "defeated": list(info.defeated), "out": info.out, "winner": info.winner,
            "marks": _marks(info.knowledge),
            "revealed": ({sp: [d, int(v)] for sp, (d, v) in sorted(info.revealed.items())}
                         if info.revealed is not None else None),
        })
    shot = last_shot(view.events)
    return {
        "kind": "cannon_corps",
        "phase": view.phase.value,
        "turn": view.turn,
        "dice": list(DICE),
        "sizes": {d: DIE_SIZES[d] for d in DICE},
        "spaces": list(SPACES),
        "grid": _grid(view),
        "reserves": list(view.my_reserves),
        "defeated": list(view.my_defeated),
        "out": bool(view.out[seat]) if view.out else False,
        "winner": me.winner,
        "marks": _marks(me.knowledge),
        "others": others,
        "last_shot": None if shot is None else {
            "seat": shot.seat, "power": shot.shot.power, "space": shot.shot.space, "salvo": shot.shot.salvo,
            "answers": [[s, hit] for s, hit in shot.answers.items()]},
        "news": [note_text(n) for n in view.my_private[-NEWS:]],
        "decision": _decision(view, seat),
    }


def describe_move(view: CorpsView, move: Move) -> tuple[str, str]:
    """A legal move's label and group for the phone's plain list of moves."""
    k = move.kind
    if k == "fire":
        value = view.my_platoons.get(move.die or "", ("", 0))[1]
        salvo = " - FINAL SALVO" if value == 1 else ""
        return f"at {move.space}", f"Fire {move.die} (power {value}){salvo}"
    if k == "cover":
        return f"Run to {move.space}", "Run for cover"
    if k == "stay":
        at = view.my_platoons.get(move.die or "", ("?", 0))[0]
        return f"Stay on {at} (bluff)", "Bluff"
    if k == "deploy":
        return f"on {move.space}", f"Deploy {move.die} (power {DIE_SIZES.get(move.die or '', 0)})"
    if k == "setup":
        return " ".join(f"{d}@{s}" for d, s in move.placements), "Set-up"
    return str(move), ""


def listed_moves(view: CorpsView, moves: Any) -> list[Move]:
    """Only the set-up has more moves than a phone lists (415,800): none of them
    are listed; the page's grid builds the set-up instead."""
    if isinstance(view.pending, SetupDecision):
        return []
    return list(moves)
