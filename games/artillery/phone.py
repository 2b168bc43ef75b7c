"""Artillery on a phone: the game part of a seat's payload (pure, no pygame).

Built from ``state.view(seat)`` only: in a view the other seat's hand, its dealt
cards and its card chosen before the reveal are ``"??"``, so nothing here can
name them. What the phone gets: its own hand (each card with the actions it
would give each of its units still to activate), the card it chose, the cards
shown at the reveal, the round and score, its units, the active unit, and the
other decisions as legal-move buttons grouped by kind.

A unit's move has one legal destination per inch of the table it can reach (up
to some 240); the list carries a spread of them (the farthest in each of 16
directions), the map (``map``: the table, its pieces and, on the seat's own
activation, every destination of a plain move as ``reach``) lets the player tap
any of them, and the page's move box takes any other (``move A1 18,8 leave``).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from games.artillery.rules import Phase, geometry as geo
from games.artillery.rules.pieces import sort_ids
from games.artillery.rules.data import SHAKEN_AT, SHOT, SUIT_NAMES
from games.artillery.rules.pieces import card_key
from games.artillery.rules import ArtilleryState, Move

#: directions a unit's destinations are spread over in the list (plain moves);
#: the variants that leave some or all guns behind get a quarter as many
DIRECTIONS = 16

#: group names in the order the page lists them
GROUP_ORDER = ("Choose your card", "Where the hit lands", "Activate a unit", "Fire", "Shoot small arms",
               "Reload", "Move", "Turn a gun", "Take over guns", "Abandon guns", "Spike a gun", "Rally or end")


def _r(v: float) -> float:
    return round(float(v), 1)


def _flat(poly: Sequence[tuple[float, float]]) -> list[float]:
    return [_r(c) for p in poly for c in p]


def _units(view: ArtilleryState, seat: int) -> list[dict[str, Any]]:
    out = []
    for u in sorted(view.units.values(), key=lambda u: (u.seat != seat, u.id)):
        if not u.alive:
            continue
        out.append({"id": u.id, "name": u.name, "seat": u.seat, "models": u.models, "start": u.start,
                    "experience": u.profile.experience, "fatigue": u.fatigue,
                    "shaken": u.fatigue >= SHAKEN_AT, "activated": u.id in view.activated,
                    "x": _r(u.pos[0]), "y": _r(u.pos[1])})
    return out


def _map(view: ArtilleryState, seat: int) -> dict[str, Any]:
    """The table in inches (y up, South's edge at y = 0), public: its terrain and
    sections, the guns, and on the seat's own activation every destination of a
    plain move of the active unit (its field guns going along)."""
    t = view.table
    reach: list[list[int]] = []
    act = view.act
    if act is not None and act.seat == seat and view.current_player() == seat and view.decision is None:
        reach = [[m.pos[0], m.pos[1]] for m in view.legal_moves()
                 if m.kind == "move" and not m.flag and not m.guns and m.pos is not None]
    return {
        "w": t.width, "h": t.height, "flip": seat == 1,
        "terrain": [{"kind": p.kind, "poly": _flat(p.poly)} for p in view.scenario.terrain],
        "sections": [{"id": sid, "poly": _flat(sec.poly), "wrecked": view.sections[sid].wrecked}
                     for sid, sec in t.sections.items()],
        "guns": [{"id": g.id, "seat": g.seat, "x": _r(g.pos[0]), "y": _r(g.pos[1]), "facing": g.facing,
                  "crew": g.crew, "spiked": g.spiked, "markers": g.markers}
                 for g in view.guns.values() if not g.destroyed],
        "reach": reach,
    }


def _card_actions(view: ArtilleryState, seat: int, card: str) -> list[list[Any]]:
    """For each of the seat's units still to activate this round: [unit id, actions]."""
    out = []
    for u in view.live_units(seat):
        if u.id in view.activated:
            continue
        out.append([u.id, view.actions_for(u, card)])
    return out


def _decision(view: ArtilleryState, seat: int) -> dict[str, Any]:
    me = view.current_player() == seat
    if view.over:
        return {"kind": "over", "winner": view.winner_seat, "reason": view.reason}
    if not me:
        return {"kind": "wait"}
    if view.decision is not None:
        d = view.decision
        return {"kind": "casualty", "unit": d.get("unit"), "options": list(d.get("options", ()))}
    if view.phase == Phase.PICK:
        return {"kind": "pick"}
    if view.phase == Phase.ACTIVATE:
        return {"kind": "activate", "card": view.shown[seat]}
    if view.phase == Phase.ACT and view.act is not None:
        return {"kind": "act"}
    return {"kind": "wait"}


def phone_view(view: ArtilleryState, seat: int) -> dict[str, Any]:
    other = 1 - seat
    act = view.act
    hand = sorted(view.hands[seat], key=card_key)
    return {
        "kind": "artillery",
        "scenario": view.scenario.title,
        "round": view.round,
        "rounds": view.scenario.rounds,
        "phase": view.phase.value,
        "suits": dict(SUIT_NAMES),
        "hand": [{"card": c, "actions": _card_actions(view, seat, c)} for c in hand],
        "their_cards": len(view.hands[other]),
        "my_pick": view.picks[seat] if view.phase in (Phase.PICK, Phase.REVEAL) else None,
        "they_picked": bool(view.picked[other]) if view.phase in (Phase.PICK, Phase.REVEAL) else False,
        "shown": list(view.shown),
        "score": list(view.score),
        "removed": list(view.removed),
        "units": _units(view, seat),
        "active": None if act is None else {
            "unit": act.unit, "name": view.units[act.unit].name, "seat": act.seat, "card": act.card,
            "actions": act.actions, "used": act.used},
        "decision": _decision(view, seat),
        "map": _map(view, seat),
    }


# -- the list of moves -----------------------------------------------------------------------------
def _guns(ids: Sequence[str]) -> str:
    return " + ".join(ids)


def describe_move(view: ArtilleryState, move: Move) -> tuple[str, str]:
    k = move.kind
    if k == "pick":
        return f"Play {card_words(move.a)}", "Choose your card"
    if k == "activate":
        u = view.units.get(move.a)
        return f"{move.a} {u.name if u else ''}".strip(), "Activate a unit"
    if k == "fire":
        shot = SHOT[move.ammo].name.lower() if move.ammo in SHOT else "swivel"
        return f"{_guns(move.guns)} at {move.target}, {shot}", "Fire"
    if k == "shoot":
        return f"at {move.a}", "Shoot small arms"
    if k == "move":
        assert move.pos is not None
        tail = ", leave the guns" if move.flag else (f", with {_guns(move.guns)} only" if move.guns else "")
        return f"{move.a} to {move.pos[0]},{move.pos[1]}{tail}", "Move"
    if k == "turn":
        return f"{move.a} to face {geo.compass_name(move.value)}", "Turn a gun"
    if k == "reload":
        return f"Reload {_guns(move.guns)}", "Reload"
    if k == "dreload":
        return f"Dedicated reload of {move.a} (ends the activation)", "Reload"
    if k == "assign":
        return f"Take over {_guns(move.guns)}", "Take over guns"
    if k == "abandon":
        return f"Abandon {_guns(move.guns)}", "Abandon guns"
    if k == "spike":
        return f"Spike {move.a}", "Spike a gun"
    if k == "rally":
        return "Rally (remove one Fatigue)", "Rally or end"
    if k == "end":
        return "End the activation", "Rally or end"
    if k == "casualty":
        return ("A man falls" if move.a == "man" else f"Gun {move.a} takes it"), "Where the hit lands"
    return str(move), ""


def card_words(card: str) -> str:
    """'QS' -> 'Q of Spades'."""
    if len(card) < 2:
        return card
    return f"{card[:-1]} of {SUIT_NAMES.get(card[-1], card[-1])}"


def _spread(view: ArtilleryState, moves: list[Move], directions: int) -> list[Move]:
    """The farthest destination in each of ``directions`` sectors around the unit."""
    u = view.units.get(moves[0].a)
    if u is None or len(moves) <= directions:
        return moves
    x0, y0 = u.pos
    best: dict[int, tuple[float, Move]] = {}
    for m in moves:
        assert m.pos is not None
        dx, dy = m.pos[0] - x0, m.pos[1] - y0
        sector = int(((math.atan2(dy, dx) + math.pi) / (2 * math.pi)) * directions) % directions
        d = dx * dx + dy * dy
        if sector not in best or d > best[sector][0]:
            best[sector] = (d, m)
    return [best[s][1] for s in sorted(best)]


def listed_moves(view: ArtilleryState, moves: Sequence[Move]) -> list[Move]:
    """Every legal move but the destinations of a move, which are spread out; in
    the order of :data:`GROUP_ORDER`."""
    moving: dict[tuple, list[Move]] = {}
    rest: list[Move] = []
    for m in moves:
        if m.kind == "move":
            moving.setdefault((m.a, m.flag, m.guns), []).append(m)
        else:
            rest.append(m)
    out = list(rest)
    for key, group in moving.items():
        plain = not key[1] and not key[2]
        out += _spread(view, group, DIRECTIONS if plain else DIRECTIONS // 4)
    order = {g: i for i, g in enumerate(GROUP_ORDER)}

    def sort_key(m: Move) -> tuple:
        group = describe_move(view, m)[1]
        if m.kind == "pick":
            return (order.get(group, 99), card_key(m.a))
        if m.kind == "move":
            assert m.pos is not None
            return (order.get(group, 99), m.a, m.flag, m.guns, m.pos)
        return (order.get(group, 99), sort_ids(m.guns) if m.guns else (), m.a, m.target, m.ammo, m.value)
    return sorted(out, key=sort_key)
