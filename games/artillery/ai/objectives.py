"""Artillery AI: each scenario's objective, valued from the evaluator's seat.

Split from :mod:`games.artillery.ai.evaluation` (the evaluation's other terms): the
field battle's houses and points, the shore battery's battery and gatehouse, the
anchor's rigging and live battery guns, and each side's pull towards its goal
(in the town, weighed by the races for the buildings: :func:`lost_races`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.artillery.rules import ArtilleryState
from games.artillery.rules import geometry as geo
from games.artillery.rules.data import STRUCTURES
from games.artillery.rules.victory import duel_points, holder

if TYPE_CHECKING:
    from .evaluation import Evaluator


# -- objectives (from the evaluator's seat) ----------------------------------------
def objective_sections(st: ArtilleryState) -> tuple:
    p = st.scenario.params
    if "objectives" in p:
        return tuple(p["objectives"])
    if "gate" in p:
        return (p["gate"],)
    return ()


def _mobile(st: ArtilleryState, seat: int):
    """Units free to walk about (not tied to guns)."""
    return [u for u in st.live_units(seat) if not st.guns_of(u.id)]


def _near(st: ArtilleryState, seat: int, sid: str) -> float:
    """How far the seat's nearest free unit is from a section: 0 when any of its
    units (a gun crew too) stands inside, so a crew that rolled its gun into a
    building never gains by abandoning the gun to count as free."""
    poly = st.table.sections[sid].poly
    if any(u.seat == seat for u in st.units_in_section(sid)):
        return 0.0
    units = _mobile(st, seat) or st.live_units(seat)
    if not units:
        return 99.0
    return min(geo.point_poly_dist(u.pos, poly) for u in units)


def lost_races(st: ArtilleryState, me: int) -> frozenset[str]:
    """The objectives nobody holds whose nearest enemy unit free to race stands nearer
    than ours: a race we would lose (the enemy walks in first and our unit arrives to
    contest it under fire instead of holding one nobody is going for).  No margin: with
    2" the musketeers' first step towards both houses made the race look even again."""
    lost = set()
    for sid in objective_sections(st):
        if holder(st, sid) is None and _racer_dist(st, 1 - me, sid) < _racer_dist(st, me, sid):
            lost.add(sid)
    return frozenset(lost)


def _racer_dist(st: ArtilleryState, seat: int, sid: str) -> float:
    """How far the seat's nearest unit free to race for a section stands from it: 0
    with one of its units inside; a unit that holds another objective does not race
    (the veterans in the church are not leaving it for the shanty)."""
    poly = st.table.sections[sid].poly
    if any(u.seat == seat for u in st.units_in_section(sid)):
        return 0.0
    held = {o for o in objective_sections(st) if holder(st, o) == seat}
    free = [u for u in _mobile(st, seat) if st.unit_section(u) not in held]
    return min((geo.point_poly_dist(u.pos, poly) for u in free), default=99.0)


def _obj_hold(ev: Evaluator, st: ArtilleryState) -> float:
    me, p = ev.seat, st.scenario.params
    v = 5.0 * (st.score[me] - st.score[1 - me])
    left = max(0, st.scenario.rounds - max(st.round, p["score_from"]) + 1)
    for sid in p["objectives"]:
        h = holder(st, sid)
        if h is not None:
            worth = 2.0 + 2.0 * left
            if h == me and sid in ev.lost:
                # walking first into a building the enemy is nearer to only buys a
                # contest under its fire
                worth *= ev.p.get("race", 1.0)
            v += worth * (1 if h == me else -1)
        pull = ev.p["prog"] * 0.25
        if ev.p.get("empty_first"):
            # walk to the building nobody holds rather than into one the enemy holds
            pull *= 2.0 if h is None else (0.3 if h != me else 1.0)
        if h is None and sid in ev.lost:
            pull *= ev.p.get("race", 1.0)
        v += pull * (min(_near(st, 1 - me, sid), 20.0) - min(_near(st, me, sid), 20.0))
    return v


def _obj_shore(ev: Evaluator, st: ArtilleryState) -> float:
    p = st.scenario.params
    att = p["attacker"]
    sign = 1 if ev.seat == att else -1
    v = 0.0
    for gid in p["battery"]:
        g = st.guns[gid]
        if g.destroyed or g.spiked:
            v += 7.0
        elif st.crew_of(g) is None:
            v += 2.5
    gate = p["gate"]
    inside = st.units_in_section(gate)
    mine = sum(u.models for u in inside if u.seat == att)
    theirs = sum(u.models for u in inside if u.seat != att)
    if holder(st, gate) == att:
        v += 14.0
    elif mine and theirs:
        v += 2.0
    v -= 0.6 * theirs + (3.0 if theirs else 0.0)          # the garrison stands in the way
    if ev.p.get("garrison"):
        # a second fort unit in the gatehouse is insurance against the first routing,
        # worth more as the last round nears
        extra = max(0, sum(1 for u in inside if u.seat != att) - 1)
        v -= ev.p["garrison"] * 2.5 * extra * min(1.0, st.round / st.scenario.rounds)
        if not theirs:
            # an empty gatehouse pulls the nearest fort unit back in (two moves away, the
            # first move must already look good or the beam drops the line)
            gpoly = st.table.sections[gate].poly
            near = min((geo.point_poly_dist(u.pos, gpoly) for u in st.live_units(1 - att)), default=10.0)
            v += ev.p["garrison"] * 0.6 * min(near, 10.0)
    poly = st.table.sections[gate].poly
    prog = ev.p["prog"]
    if ev.p.get("urgency"):
        prog *= 0.35 + 0.65 * min(1.0, st.round / st.scenario.rounds)
    for u in _mobile(st, att):
        v -= prog * 0.3 * min(geo.point_poly_dist(u.pos, poly), 30.0) * min(1.0, u.models / 4)
    return sign * v


def _obj_anchor(ev: Evaluator, st: ArtilleryState) -> float:
    p = st.scenario.params
    fort = 1 - p["ship"]
    sign = 1 if ev.seat == fort else -1
    v = 0.0
    rig = p["rigging"]
    f = st.fortitude(rig)
    base = STRUCTURES[st.sections[rig].type].fortitude
    v += 5.0 * (base - f)
    live = 0
    for gid in p["battery"]:
        g = st.guns[gid]
        if not g.destroyed and not g.spiked and st.crew_of(g) is not None:
            live += 1
    v += 3.0 * live
    return sign * v


def _obj_duel(ev: Evaluator, st: ArtilleryState) -> float:
    """Broadsides: each Fortitude step the enemy's rigging has lost (5, as at anchor:
    the last one is the game, valued in the critical and damage worths), and, as the
    last round nears, the round limit's count (rigging damage and models removed)."""
    me = ev.seat
    p = st.scenario.params
    v = 0.0
    for rig in p["riggings"]:
        sign = 1 if st.section_owner(rig) != me else -1
        base = STRUCTURES[st.sections[rig].type].fortitude
        v += sign * 5.0 * (base - st.fortitude(rig))
    pts = duel_points(st)
    late = min(1.0, st.round / st.scenario.rounds)
    v += 0.6 * late * (pts[me] - pts[1 - me])
    return v


OBJECTIVES = {"hold": _obj_hold, "shore": _obj_shore, "anchor": _obj_anchor, "duel": _obj_duel}
