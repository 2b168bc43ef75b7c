"""Easing curves: the one place the app's animations get their feel from.

Each maps progress 0..1 to 0..1 (``out_back`` overshoots a little on the way).
"""
from __future__ import annotations

import math


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_cubic(t: float) -> float:
    return t * t * t


def in_out(t: float) -> float:
    """Slow start and end (a half cosine)."""
    return 0.5 - 0.5 * math.cos(math.pi * t)


def out_back(t: float) -> float:
    """Overshoots slightly, then settles: a piece set down with a little bounce."""
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_quad(t: float) -> float:
    return t * t


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def lerp(a, b, t: float):
    """Numbers or equal-length tuples from ``a`` to ``b`` at ``t``."""
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t
