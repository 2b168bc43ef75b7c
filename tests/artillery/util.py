"""Helpers for the Artillery tests: small custom tables, and driving a state
through real moves (deals, picks, the reveal, fixed dice)."""
from __future__ import annotations

from games.artillery.rules.data import GunDef, Scenario, SectionDef, StructureDef, TerrainPiece, UnitDef, rect
from games.artillery.rules import ArtilleryState, Move, from_scenario, parse_text
from games.core.game import CHANCE


def scenario(units, guns=(), structures=(), terrain=(), w=48, h=48, rounds=6, victory="hold",
             params=None, key="test") -> Scenario:
    """A table for a test.  ``units``: UnitDef or (id, seat, type, models, (x, y)) tuples;
    ``guns``: GunDef or (id, type, seat, (x, y), facing, crew[, section[, ammo]]) tuples."""
    us = tuple(u if isinstance(u, UnitDef) else UnitDef(*u) for u in units)
    gs = []
    for g in guns:
        if isinstance(g, GunDef):
            gs.append(g)
            continue
        gid, typ, seat, pos, facing, crew, *rest = g
        section = rest[0] if rest else None
        ammo = rest[1] if len(rest) > 1 else ("round", "chain", "grape")
        gs.append(GunDef(gid, typ, seat, pos, facing, crew, section, ammo))
    return Scenario(key=key, title="Test", blurb="", width=w, height=h, rounds=rounds, sides=("south", "north"),
                    victory=victory, victory_text=(), terrain=tuple(terrain), structures=tuple(structures),
                    units=us, guns=tuple(gs), params=params or {"objectives": (), "score_from": 99},
                    draws=True)


def building(sid: str, x0, y0, x1, y1, typ="stone", owner=None, height=3.0, door=False,
             sails_reduced=False) -> StructureDef:
    return StructureDef(sid, sid, typ, (SectionDef(sid, f"{sid} section", rect(x0, y0, x1, y1), height,
                                                   gun_door=door),),
                        owner=owner, sails_reduced=sails_reduced)


def woods(tid: str, x0, y0, x1, y1, kind="woods") -> TerrainPiece:
    return TerrainPiece(tid, kind, rect(x0, y0, x1, y1))


def new(sc: Scenario) -> ArtilleryState:
    return from_scenario(sc)


def deal_all(st: ArtilleryState, cards=None) -> None:
    """Deal the round: ``cards`` per seat (lists), else the lowest cards still in each deck."""
    cards = {s: list(c) for s, c in (cards or {}).items()}
    while st.phase == "deal" and st.current_player() == CHANCE:
        seat = st.deal_queue[0]
        want = cards.get(seat)
        if want:
            st.apply(Move("deal", a=want.pop(0)))
        else:
            st.apply(st.chance_outcomes()[0][0])


def activate(st: ArtilleryState, uid: str, card: str = "AC", other: str = "2C") -> ArtilleryState:
    """From the start of a round (or a turn): deal, pick ``card`` for the unit's
    seat and ``other`` for the other seat, reveal, and activate ``uid``.  ``card``
    must beat ``other`` so the unit's seat goes first."""
    seat = st.units[uid].seat
    if st.phase == "deal":
        n = {s: len(st.deal_queue and [q for q in st.deal_queue if q == s]) for s in (0, 1)}
        avoid = {card, other}
        hand = {seat: [card] + _fill(n[seat] - 1, avoid), 1 - seat: [other] + _fill(n[1 - seat] - 1, avoid)}
        deal_all(st, hand)
    while st.phase == "pick":
        s = st.picking[0]
        st.apply(Move("pick", a=card if s == seat else (other if other in st.hands[s] else st.hands[s][0])))
    if st.phase == "reveal":
        st.apply(Move("reveal"))
    assert st.phase == "activate" and st.order[0] == seat, (st.phase, st.order)
    st.apply(Move("activate", a=uid))
    return st


def _fill(n: int, avoid: set) -> list:
    pool = [c for c in ("3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D") if c not in avoid]
    return pool[:max(0, n)]


def roll(st: ArtilleryState, *values: int) -> None:
    """Feed fixed d10 results to the chance nodes due now."""
    for v in values:
        assert st.current_player() == CHANCE, f"no die due (status: {st.status_text()})"
        st.apply(Move("roll", value=v))


def play(st: ArtilleryState, text: str) -> None:
    st.apply(st.parse_move(text))


def need(st: ArtilleryState) -> dict:
    assert st.need is not None, st.status_text()
    return st.need


def last(st: ArtilleryState, kind):
    for e in reversed(st.events):
        if isinstance(e, kind):
            return e
    return None


def all_of(st: ArtilleryState, kind) -> list:
    return [e for e in st.events if isinstance(e, kind)]


__all__ = ["scenario", "building", "woods", "new", "deal_all", "activate", "roll", "play", "need", "last",
           "all_of", "parse_text", "Move"]
