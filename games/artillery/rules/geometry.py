"""Plane geometry for the tabletop: points, segments and polygons, in inches.

Pure functions on tuples, no state.  Angles are compass degrees (0 = north,
90 = east), matching :mod:`games.artillery.rules.data`.
"""
from __future__ import annotations

import math

from .data import COMPASS, Point, Poly

EPS = 1e-9


def dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def bearing(a: Point, b: Point) -> float:
    """Compass bearing from ``a`` to ``b`` in degrees [0, 360)."""
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360.0


def angle_diff(a: float, b: float) -> float:
    """Smallest absolute difference between two compass angles, in [0, 180]."""
    d = abs(a - b) % 360.0
    return 360.0 - d if d > 180.0 else d


def heading_vector(deg: float) -> Point:
    r = math.radians(deg)
    return (math.sin(r), math.cos(r))


def compass_name(deg: int) -> str:
    return COMPASS[(int(round(deg / 45.0))) % 8]


#: the sixteen points, for words about a direction any way round (a walk): the eight a gun
#: may face put a hint's 'N' a point off an arrow drawn NNE
COMPASS16 = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")


def compass16_name(deg: float) -> str:
    return COMPASS16[int(round(deg / 22.5)) % 16]


def compass_degrees(name: str) -> int | None:
    name = name.strip().upper()
    return COMPASS.index(name) * 45 if name in COMPASS else None


def poly_area(poly: Poly) -> float:
    """The area of a simple polygon (shoelace), in square inches."""
    n = len(poly)
    return abs(sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))) / 2


def point_in_poly(p: Point, poly: Poly) -> bool:
    """Ray casting; points exactly on an edge may go either way."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return (min(a[0], b[0]) - EPS <= p[0] <= max(a[0], b[0]) + EPS
            and min(a[1], b[1]) - EPS <= p[1] <= max(a[1], b[1]) + EPS)


def segments_intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    d1 = _cross(q1, q2, p1)
    d2 = _cross(q1, q2, p2)
    d3 = _cross(p1, p2, q1)
    d4 = _cross(p1, p2, q2)
    if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and \
       ((d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)):
        return True
    if abs(d1) <= EPS and _on_segment(p1, q1, q2):
        return True
    if abs(d2) <= EPS and _on_segment(p2, q1, q2):
        return True
    if abs(d3) <= EPS and _on_segment(q1, p1, p2):
        return True
    return abs(d4) <= EPS and _on_segment(q2, p1, p2)


def segment_touches_poly(a: Point, b: Point, poly: Poly) -> bool:
    """Whether segment a-b enters or crosses the polygon (or lies inside it)."""
    if point_in_poly(a, poly) or point_in_poly(b, poly):
        return True
    n = len(poly)
    return any(segments_intersect(a, b, poly[i], poly[(i + 1) % n]) for i in range(n))


def point_segment_dist(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    if L2 <= EPS:
        return dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def point_poly_dist(p: Point, poly: Poly) -> float:
    """0 inside the polygon, else the distance to its nearest edge."""
    if point_in_poly(p, poly):
        return 0.0
    n = len(poly)
    return min(point_segment_dist(p, poly[i], poly[(i + 1) % n]) for i in range(n))


def poly_poly_dist(a: Poly, b: Poly) -> float:
    """0 when they overlap or touch, else the gap between their edges."""
    if any(point_in_poly(p, b) for p in a) or any(point_in_poly(p, a) for p in b):
        return 0.0
    na, nb = len(a), len(b)
    for i in range(na):
        for j in range(nb):
            if segments_intersect(a[i], a[(i + 1) % na], b[j], b[(j + 1) % nb]):
                return 0.0
    return min(min(point_poly_dist(p, b) for p in a), min(point_poly_dist(p, a) for p in b))


def closest_point_on_poly(p: Point, poly: Poly) -> Point:
    """The point of the polygon's boundary nearest ``p`` (``p`` itself when inside)."""
    if point_in_poly(p, poly):
        return p
    best: Point = poly[0]
    bd = math.inf
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        L2 = dx * dx + dy * dy
        t = 0.0 if L2 <= EPS else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
        q = (a[0] + t * dx, a[1] + t * dy)
        d = dist(p, q)
        if d < bd:
            bd, best = d, q
    return best


def centroid(poly: Poly) -> Point:
    n = len(poly)
    return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)


def poly_sample_points(poly: Poly) -> tuple[Point, ...]:
    """Points inside a polygon used to test sight to it: the centre, and each
    corner and edge middle pulled a fifth of the way towards the centre."""
    c = centroid(poly)
    out = [c]
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        for q in (a, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)):
            out.append((q[0] + 0.2 * (c[0] - q[0]), q[1] + 0.2 * (c[1] - q[1])))
    return tuple(out)


def circle_sample_points(c: Point, r: float, towards: Point) -> tuple[Point, ...]:
    """The centre and the two points of a circle square to the line from ``towards``."""
    d = dist(c, towards)
    if d <= EPS:
        return (c,)
    ux, uy = (c[0] - towards[0]) / d, (c[1] - towards[1]) / d
    return (c, (c[0] - uy * r, c[1] + ux * r), (c[0] + uy * r, c[1] - ux * r))


def across_span(poly: Poly, facing: float) -> tuple[float, float]:
    """(least, greatest) offset of a polygon's corners across a compass ``facing``
    (measured along the axis a quarter-turn clockwise of it): how wide the polygon
    is as seen looking along ``facing``."""
    rx, ry = heading_vector(facing + 90.0)
    offs = [x * rx + y * ry for x, y in poly]
    return min(offs), max(offs)


def in_band(p: Point, origin: Point, facing: float, span: tuple[float, float], eps: float = 1e-6) -> bool:
    """Whether ``p`` lies ahead of ``origin`` along ``facing`` and, across that
    facing, within ``span`` (from :func:`across_span`): a straight corridor."""
    fx, fy = heading_vector(facing)
    if (p[0] - origin[0]) * fx + (p[1] - origin[1]) * fy <= eps:
        return False
    rx, ry = heading_vector(facing + 90.0)
    off = p[0] * rx + p[1] * ry
    return span[0] - eps <= off <= span[1] + eps


def band_poly(origin: Point, facing: float, span: tuple[float, float], reach: float) -> Poly:
    """The corridor of :func:`in_band` cut ``reach`` inches ahead of ``origin``."""
    fx, fy = heading_vector(facing)
    rx, ry = heading_vector(facing + 90.0)
    a0 = origin[0] * fx + origin[1] * fy
    corners = ((a0, span[0]), (a0, span[1]), (a0 + reach, span[1]), (a0 + reach, span[0]))
    return tuple((a * fx + o * rx, a * fy + o * ry) for a, o in corners)
