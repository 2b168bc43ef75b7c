"""The geometry of shots: arcs of fire, lines of sight, measured distances, range
bands and target numbers, and cover.

Functions over a :class:`~games.artillery.rules.state.State` that read it and
change nothing (the measured distances are memoised on the scenario's table).
Legality (:mod:`.actions`), resolution (:mod:`.resolve`) and the expectations
(:mod:`.forecast`) are built on them.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from . import geometry as geo
from .data import (
    ARC_HALF_ANGLE, ARTILLERY, BEST_SAVE, COVER_BONUS, GUN_COVER_REACH, GUN_SAVE_COVER, GUN_SAVE_OPEN, SHOT,
    SMALL_ARMS_BAND, UNIT_HEIGHT, UNIT_RADIUS, Point, Poly)
from .pieces import Gun, GunCheck, Unit
from .state import State
from .table import MEMO_LIMIT

SWIVEL_MAX_RANGE = 24.0          # OURS

#: a measured distance and the line measured (from the gun, or its section's edge)
Measure = tuple[float, tuple[Point, Point]]


# -- arcs and sight ------------------------------------------------------------
def target_shape(st: State, target: str, towards: Point) -> tuple[Sequence[Point], float, frozenset[str]]:
    """(sample points, height, sections that do not block) of a target."""
    if target in st.units:
        u = st.units[target]
        sec = st.unit_section(u)
        return (geo.circle_sample_points(u.pos, UNIT_RADIUS, towards), UNIT_HEIGHT,
                frozenset([sec]) if sec else frozenset())
    sec_def = st.table.sections[target]
    return geo.poly_sample_points(sec_def.poly), sec_def.height, frozenset([target])


#: structure types that are ships: their mounted cannons fire across the width of their deck
SHIP_TYPES = frozenset({"hull"})


def on_ship_deck(st: State, g: Gun) -> bool:
    """A cannon mounted on a ship's deck (swivels keep their all-round arc)."""
    return g.section is not None and not g.stats.swivel and st.sections[g.section].type in SHIP_TYPES


def deck_span(st: State, g: Gun) -> tuple[float, float]:
    """How wide the gun's deck section is, seen along the gun's facing."""
    assert g.section is not None
    return geo.across_span(st.table.sections[g.section].poly, g.facing)


def in_arc(st: State, g: Gun, p: Point) -> bool:
    """Whether point ``p`` is in gun ``g``'s arc of fire.  The chapter: all round
    for a swivel; a cone up to 45 degrees from the facing on a carriage or from the
    wall face in a fortification (reading: 45 either side); on a ship, the width
    of the deck it is on (reading: the straight corridor ahead of the gun, as wide
    as its deck section seen along its facing)."""
    if g.stats.swivel:
        return True
    if on_ship_deck(st, g):
        return geo.in_band(p, g.pos, g.facing, deck_span(st, g))
    return geo.angle_diff(geo.bearing(g.pos, p), g.facing) <= ARC_HALF_ANGLE + 1e-6


def gun_check(st: State, g: Gun, target: str) -> GunCheck:
    """Whether gun ``g`` has the target in its arc and in sight (and what blocks it)."""
    pts, height, excl = target_shape(st, target, g.pos)
    if g.section:
        excl = excl | {g.section}
    in_arc_pts = [p for p in pts if in_arc(st, g, p)]
    if not in_arc_pts:
        return GunCheck(g.id, False, False, None)
    first = None
    for p in in_arc_pts:
        b = st.table.blocker(g.pos, p, height, excl, st.wrecked)
        if b is None:
            return GunCheck(g.id, True, True, None)
        first = first or b
    return GunCheck(g.id, True, False, first)


def unit_sight(st: State, u: Unit, target: str) -> str | None:
    """None if unit ``u`` sees the target unit, else what blocks it."""
    pts, height, excl = target_shape(st, target, u.pos)
    own = st.unit_section(u)
    if own:
        excl = excl | {own}
    first = None
    for p in pts:
        b = st.table.blocker(u.pos, p, height, excl, st.wrecked)
        if b is None:
            return None
        first = first or b
    return first or "something"


def measure_from_gun(st: State, g: Gun, target: str) -> Measure:
    """Distance from a gun (from its section's edge when mounted) to a target's
    closest model or edge, and the measured line (memoised per table)."""
    tpos = st.units[target].pos if target in st.units else None
    key = (g.section or g.pos, target if tpos is None else tpos)
    memo = st.table.measures
    got = memo.get(key)
    if got is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        got = memo[key] = _measure_gun(st, g, target)
    return got


def _measure_gun(st: State, g: Gun, target: str) -> Measure:
    if g.section is not None:
        return _measure_poly(st, st.table.sections[g.section].poly, target)
    if target in st.units:
        c = st.units[target].pos
        d = geo.dist(g.pos, c)
        if d <= UNIT_RADIUS:
            return 0.0, (g.pos, g.pos)
        t = (d - UNIT_RADIUS) / d
        return d - UNIT_RADIUS, (g.pos, (g.pos[0] + (c[0] - g.pos[0]) * t, g.pos[1] + (c[1] - g.pos[1]) * t))
    poly = st.table.sections[target].poly
    q = geo.closest_point_on_poly(g.pos, poly)
    return geo.dist(g.pos, q), (g.pos, q)


def _measure_poly(st: State, poly: Poly, target: str) -> Measure:
    if target in st.units:
        c = st.units[target].pos
        p = geo.closest_point_on_poly(c, poly)
        d = geo.dist(p, c)
        if d <= UNIT_RADIUS:
            return 0.0, (p, p)
        t = (d - UNIT_RADIUS) / d
        return d - UNIT_RADIUS, (p, (p[0] + (c[0] - p[0]) * t, p[1] + (c[1] - p[1]) * t))
    other = st.table.sections[target].poly
    best = (math.inf, (poly[0], other[0]))
    for a in poly:
        q = geo.closest_point_on_poly(a, other)
        best = min(best, (geo.dist(a, q), (a, q)), key=lambda x: x[0])
    for b in other:
        q = geo.closest_point_on_poly(b, poly)
        best = min(best, (geo.dist(b, q), (q, b)), key=lambda x: x[0])
    if geo.poly_poly_dist(poly, other) == 0.0:
        return 0.0, best[1]
    return best[0], best[1]


def group_distance(st: State, guns: Iterable[Gun], target: str) -> Measure:
    """Distance from the closest gun of the group."""
    return min((measure_from_gun(st, g, target) for g in guns), key=lambda x: x[0])


def unit_distance(st: State, u: Unit, target: str) -> Measure:
    c = st.units[target].pos
    d = geo.dist(u.pos, c)
    gap = max(0.0, d - 2 * UNIT_RADIUS)
    if d <= 1e-9:
        return 0.0, (u.pos, c)
    ux, uy = (c[0] - u.pos[0]) / d, (c[1] - u.pos[1]) / d
    return gap, ((u.pos[0] + ux * UNIT_RADIUS, u.pos[1] + uy * UNIT_RADIUS),
                 (c[0] - ux * UNIT_RADIUS, c[1] - uy * UNIT_RADIUS))


def shot_numbers(kind: str, ammo: str, distance: float, shoot: int = 0) -> tuple[int, int, int, float | None]:
    """(band inches, penalty, target number, maximum range) of a shoot test.

    ``kind`` is cannon (ammo round/chain/grape), swivel or small (``shoot``: the unit's skill)."""
    if kind == "cannon":
        s = SHOT[ammo]
        pen = int(distance // s.band)
        return s.band, pen, ARTILLERY["light"].base_tn + pen, s.max_range
    pen = int(distance // SMALL_ARMS_BAND)
    if kind == "swivel":
        return SMALL_ARMS_BAND, pen, ARTILLERY["swivel"].base_tn + pen, SWIVEL_MAX_RANGE
    return SMALL_ARMS_BAND, pen, shoot + pen, None



def fire_kind(guns: list[Gun]) -> str:
    return "swivel" if guns[0].stats.swivel else "cannon"


def shot_dice(guns: list[Gun], ammo: str) -> int:
    """The dice a group's shoot test throws: swivels their dice, grapeshot one more than
    each gun's damage dice, round and chain one a gun."""
    if fire_kind(guns) == "swivel":
        return sum(g.stats.initial_dice for g in guns)
    if ammo == "grape":
        return sum(1 + g.stats.damage_dice for g in guns)
    return len(guns)


def fire_numbers(st: State, guns: list[Gun], target: str, ammo: str
                 ) -> tuple[float, tuple[Point, Point], int, int, int, float | None]:
    """(distance, line, band, penalty, tn, max range) of a shot."""
    d, line = group_distance(st, guns, target)
    kind = fire_kind(guns)
    band, pen, tn, mx = shot_numbers(kind, "round" if kind == "swivel" else ammo, d)
    return d, line, band, pen, tn, mx



def arc_shape(st: State, g: Gun, reach: float = 24.0) -> tuple[str, tuple[Point, ...]]:
    """(kind, polygon) of a gun's arc of fire cut ``reach`` inches out, in table
    inches, for drawing: kind "all round" (a swivel: the circle), "cone" (a
    carriage or a fortification: the origin then the arc's rim) or "deck" (a
    ship's gun: the corridor as wide as its deck, from the gun outwards)."""
    if g.stats.swivel:
        ring = tuple((g.pos[0] + reach * math.sin(2 * math.pi * i / 32),
                      g.pos[1] + reach * math.cos(2 * math.pi * i / 32)) for i in range(32))
        return "all round", ring
    if on_ship_deck(st, g):
        return "deck", geo.band_poly(g.pos, float(g.facing), deck_span(st, g), reach)
    rim = []
    for i in range(17):
        hx, hy = geo.heading_vector(g.facing - ARC_HALF_ANGLE + 2 * ARC_HALF_ANGLE * i / 16)
        rim.append((g.pos[0] + hx * reach, g.pos[1] + hy * reach))
    return "cone", (g.pos, *rim)


# -- cover and saves (OURS) ----------------------------------------------------
def unit_cover(st: State, u: Unit, origin: Sequence[float]) -> str:
    """'hard' inside an intact section, 'normal' behind or in cover terrain, in a
    wrecked section, or next to a field gun; else 'open'."""
    poly_in = [sid for sid, s in st.table.sections.items() if geo.point_in_poly(u.pos, s.poly)]
    if any(not st.sections[sid].wrecked for sid in poly_in):
        return "hard"
    if poly_in:
        return "normal"
    if st.table.terrain_cover(u.pos, (origin[0], origin[1])):
        return "normal"
    for g in st.guns.values():
        if g.carriage and not g.destroyed and geo.dist(g.pos, u.pos) <= GUN_COVER_REACH + 1e-9:
            return "normal"
    return "open"


def save_tn(st: State, u: Unit, origin: Sequence[float]) -> int:
    return max(BEST_SAVE, u.profile.save - COVER_BONUS[unit_cover(st, u, origin)])


def gun_save_tn(st: State, g: Gun, origin: Sequence[float]) -> int:
    """A carriage gun hit by a cannon: 6+ in cover, 9+ in the open (the chapter)."""
    return GUN_SAVE_COVER if st.table.terrain_cover(g.pos, (origin[0], origin[1])) else GUN_SAVE_OPEN
