"""The tabletop of a scenario: sight, cover and the ground, as pure queries.

A :class:`Table` is built once per scenario (:func:`table_for`) and answers
questions that depend only on the scenario's fixed geometry plus the set of
wrecked structure sections (which stop blocking sight).  Answers are memoised
per table.

Our rules (OURS, see ``docs/rules/artillery.md``):

* sight: a terrain piece or a structure section blocks a line when the line
  crosses it and the piece is at least as tall as the target (a ship's rigging
  never blocks: lines and canvas hide nothing worth a cannonball); a piece the
  shooter or the target stands in does not block, nor do the firing guns' own
  section and the target's section;
* cover: a unit inside a section has hard cover (normal cover once the
  section is wrecked); a unit or gun inside a cover piece, or with a cover
  piece on the line of fire within 2" in front of it, or a unit with a field
  gun within 2" of its centre, has normal cover;
* ground: water and rocks stop units; walls and hedges also stop field
  carriages; woods, hedges and dunes are rough.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from . import geometry as geo
from .data import (
    COVER_REACH, STRUCTURES, TERRAIN_KINDS, UNIT_HEIGHT, UNIT_RADIUS, Point, Poly, Scenario,
    SectionDef, StructureDef)


@dataclass(frozen=True)
class Piece:
    """A thing on the table that may block sight or movement."""
    id: str
    name: str
    poly: Poly
    height: float
    blocks_sight: bool
    rough: bool
    passable: bool
    carriages: bool
    cover: bool
    section: bool              # a structure section


# Each memo is emptied when it passes this many entries. A table outlives its
# games (one per scenario, see table_for), so its memos must stay small enough
# that an evening of games does not keep growing the app: a Hard game fills a
# few thousand entries per memo, and a full one is ~10 MB at most.
MEMO_LIMIT = 30_000


class Table:
    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.width = scenario.width
        self.height = scenario.height
        pieces = []
        for t in scenario.terrain:
            k = TERRAIN_KINDS[t.kind]
            pieces.append(Piece(t.id, k.name, t.poly, k.height, k.blocks_sight, k.rough, k.passable,
                                k.carriages, k.cover, False))
        self.terrain: tuple[Piece, ...] = tuple(pieces)
        self.sections: dict[str, SectionDef] = {}
        self.structure_of: dict[str, StructureDef] = {}
        for st in scenario.structures:
            for sec in st.sections:
                self.sections[sec.id] = sec
                self.structure_of[sec.id] = st
        self._sight: dict[tuple[Any, ...], str | None] = {}
        self._cover: dict[tuple[Point, Point], bool] = {}
        self._paths: dict[tuple[Any, ...], str | None] = {}
        self._rough: dict[tuple[Point, Point], bool] = {}
        self._ground: dict[tuple[Any, ...], str | None] = {}
        self._at: dict[tuple[Point, frozenset[str]], str | None] = {}
        self._bbox: dict[Poly, tuple[float, float, float, float]] = {}
        #: measured distances from a gun (or its section) to a target, memoised (``shots``)
        self.measures: dict[tuple[Any, Any], tuple[float, tuple[Point, Point]]] = {}
        for p in self.terrain:
            self._bbox[p.poly] = _bbox(p.poly)
        for sec in self.sections.values():
            self._bbox[sec.poly] = _bbox(sec.poly)

    def touches(self, a: Point, b: Point, poly: Poly) -> bool:
        """segment_touches_poly with a bounding-box test first."""
        x0, y0, x1, y1 = self._bbox.get(poly) or _bbox(poly)
        if max(a[0], b[0]) < x0 or min(a[0], b[0]) > x1 or max(a[1], b[1]) < y0 or min(a[1], b[1]) > y1:
            return False
        return geo.segment_touches_poly(a, b, poly)

    def inside(self, p: Point, poly: Poly) -> bool:
        x0, y0, x1, y1 = self._bbox.get(poly) or _bbox(poly)
        if p[0] < x0 or p[0] > x1 or p[1] < y0 or p[1] > y1:
            return False
        return geo.point_in_poly(p, poly)

    # -- structures ------------------------------------------------------------
    def section_at(self, p: Point, wrecked: frozenset[str] = frozenset()) -> str | None:
        """The (intact, enterable) section a point stands in, or None (memoised).
        Nobody stands in a ship's rigging in our scenarios."""
        key = (p, wrecked)
        memo = self._at
        if key in memo:
            return memo[key]
        found = None
        for sid, sec in self.sections.items():
            if sid not in wrecked and sec.enterable and self.inside(p, sec.poly):
                found = sid
                break
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        memo[key] = found
        return found

    def section_name(self, sid: str) -> str:
        return self.sections[sid].name

    def is_rigging(self, sid: str) -> bool:
        return STRUCTURES[self.structure_of[sid].type].rigging

    # -- sight -----------------------------------------------------------------
    def _blockers(self, wrecked: frozenset[str]) -> Iterator[tuple[str, str, Poly, float]]:
        for p in self.terrain:
            if p.blocks_sight:
                yield p.id, p.name, p.poly, p.height
        for sid, sec in self.sections.items():
            if sid not in wrecked and not self.is_rigging(sid):     # OURS: rigging never blocks sight
                yield sid, sec.name, sec.poly, sec.height

    def blocker(self, src: Point, dst: Point, target_height: float, exclude: frozenset[str],
                wrecked: frozenset[str]) -> str | None:
        """The name of the first piece blocking the line src-dst, or None if clear."""
        key = (src, dst, target_height, exclude, wrecked)
        if key in self._sight:
            return self._sight[key]
        found = None
        for pid, name, poly, h in self._blockers(wrecked):
            if pid in exclude or h < target_height:
                continue
            if self.inside(src, poly) or self.inside(dst, poly):
                continue
            if self.touches(src, dst, poly):
                found = name
                break
        if len(self._sight) > MEMO_LIMIT:
            self._sight.clear()
        self._sight[key] = found
        return found

    # -- cover -----------------------------------------------------------------
    def terrain_cover(self, target: Point, shooter: Point) -> bool:
        """Normal cover from terrain: inside a cover piece, or one on the line of
        fire within COVER_REACH in front of the target."""
        key = (target, shooter)
        got = self._cover.get(key)
        if got is not None:
            return got
        d = geo.dist(target, shooter)
        reach = COVER_REACH + UNIT_RADIUS
        if d > 1e-9:
            t = min(1.0, reach / d)
            near = (target[0] + (shooter[0] - target[0]) * t, target[1] + (shooter[1] - target[1]) * t)
        else:
            near = target
        res = False
        for p in self.terrain:
            if p.cover and self.touches(target, near, p.poly):
                res = True
                break
        if len(self._cover) > MEMO_LIMIT:
            self._cover.clear()
        self._cover[key] = res
        return res

    # -- ground ----------------------------------------------------------------
    def on_table(self, p: Point, margin: float = UNIT_RADIUS) -> bool:
        return margin <= p[0] <= self.width - margin and margin <= p[1] <= self.height - margin

    def ground_problem(self, p: Point, carriage: bool, wrecked: frozenset[str]) -> str | None:
        """Why a unit (or a field gun, ``carriage``) cannot stand at ``p``, or None."""
        key = (p, carriage, wrecked)
        if key not in self._ground:
            if len(self._ground) > MEMO_LIMIT:
                self._ground.clear()
            self._ground[key] = self._ground_problem(p, carriage, wrecked)
        return self._ground[key]

    def _ground_problem(self, p: Point, carriage: bool, wrecked: frozenset[str]) -> str | None:
        sid = self.section_at(p, wrecked)
        if sid is not None:
            sec = self.sections[sid]
            if not sec.enterable:
                return f"nobody can stand in the {sec.name}"
            if carriage and not sec.gun_door:
                return f"the {sec.name} has no door wide enough for a gun"
            return None
        for piece in self.terrain:
            if self.inside(p, piece.poly):
                if not piece.passable:
                    return f"that spot is in the {piece.name.lower()}"
                if carriage and not piece.carriages:
                    return f"a gun cannot be pulled onto the {piece.name.lower()}"
        return None

    def path_problem(self, a: Point, b: Point, carriage: bool, wrecked: frozenset[str]) -> str | None:
        """Why the straight way a-b is closed, or None."""
        key = (a, b, carriage, wrecked)
        if key not in self._paths:
            if len(self._paths) > MEMO_LIMIT:
                self._paths.clear()
            self._paths[key] = self._path_problem(a, b, carriage, wrecked)
        return self._paths[key]

    def _path_problem(self, a: Point, b: Point, carriage: bool, wrecked: frozenset[str]) -> str | None:
        sa = self.section_at(a, wrecked)
        sb = self.section_at(b, wrecked)
        if sa is not None and sa == sb:
            return None                         # moving about inside one section
        for sid, sec in self.sections.items():
            if sid in wrecked or sid in (sa, sb):
                continue
            if self.touches(a, b, sec.poly):
                return f"the way is blocked by the {sec.name}"
        for piece in self.terrain:
            if piece.passable and (piece.carriages or not carriage):
                continue
            if self.touches(a, b, piece.poly):
                if piece.passable:
                    return f"a gun cannot be pulled across the {piece.name.lower()}"
                return f"the way is blocked by the {piece.name.lower()}"
        return None

    def path_rough(self, a: Point, b: Point) -> bool:
        key = (a, b)
        got = self._rough.get(key)
        if got is None:
            got = any(p.rough and self.touches(a, b, p.poly) for p in self.terrain)
            if len(self._rough) > MEMO_LIMIT:
                self._rough.clear()
            self._rough[key] = got
        return got


def _bbox(poly: Poly) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


_TABLES: dict[int, Table] = {}


def table_for(scenario: Scenario) -> Table:
    t = _TABLES.get(id(scenario))
    if t is None or t.scenario is not scenario:
        t = Table(scenario)
        _TABLES[id(scenario)] = t
    return t


def unit_height() -> float:
    return UNIT_HEIGHT
