"""Exact chances for d10 tests: computed, never simulated.

Every die is a d10 numbered 1-10.  A die *succeeds* against a target number
``tn`` when it shows ``tn`` or more, or when it shows a natural 10 and the
test says a natural 10 always succeeds.  Distributions are lists indexed by
the number of successes.  Tests in ``tests/artillery/test_odds.py`` check each
function against brute-force enumeration of every way the dice can fall.
"""
from __future__ import annotations

from math import comb

SIDES = 10


def p_success(tn: int, natural: bool = True) -> float:
    """Chance one d10 shows ``tn`` or more (a natural 10 always counts when ``natural``)."""
    faces = sum(1 for v in range(1, SIDES + 1) if v >= tn or (natural and v == SIDES))
    return faces / SIDES


def binomial(n: int, p: float) -> list[float]:
    """P(k successes) for k = 0..n."""
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def expectation(dist: list[float]) -> float:
    return sum(k * p for k, p in enumerate(dist))


def at_least(dist: list[float], k: int) -> float:
    return sum(dist[k:]) if k < len(dist) else 0.0


def damage_dice_dist(gun_dice: list[int], p_hit: float) -> list[float]:
    """Distribution of the total damage dice earned: each gun hits with ``p_hit``
    and then brings its own number of damage dice."""
    out = [1.0]
    for d in gun_dice:
        one = [0.0] * (d + 1)
        one[0] += 1 - p_hit
        one[d] += p_hit
        out = convolve(out, one)
    return out


def tens_and_hits(n: int, tn: int) -> dict[tuple[int, int], float]:
    """Joint distribution of (natural 10s, successes) on ``n`` damage dice against
    ``tn`` (a natural 10 always succeeds)."""
    p10 = 1 / SIDES
    p_other = max(0.0, p_success(tn, natural=True) - p10)
    p_miss = 1 - p10 - p_other
    out: dict[tuple[int, int], float] = {}
    for t in range(n + 1):
        for h in range(n - t + 1):
            m = n - t - h
            pr = comb(n, t) * comb(n - t, h) * p10 ** t * p_other ** h * p_miss ** m
            if pr:
                out[(t, t + h)] = out.get((t, t + h), 0.0) + pr
    return out


def fortitude_after(base: int, tally: int, integrity: int, extra_down: int = 0) -> int:
    """A section's Fortitude: one point lost each time the damage tally reaches a
    multiple of Integrity (and one per 'Fortitude down' critical), never below 1."""
    return max(1, base - tally // integrity - extra_down)


def lucky_needs(tn: int) -> int:
    """Natural 10s needed on the damage dice for a Lucky Hit."""
    return 2 if tn >= 11 else 1


def criticals(hits: int, fortitude_now: int) -> int:
    """Critical rolls: one for each time the hits double the remaining Fortitude."""
    if hits <= 0:
        return 0
    return hits // (2 * fortitude_now)


def structure_outcomes(n_dice: int, tn: int, halve: bool, base: int, tally: int, integrity: int,
                       extra_down: int = 0) -> dict[tuple[int, bool, int], float]:
    """Distribution of (damaging hits, lucky hit?, critical rolls) when ``n_dice``
    damage dice are rolled against ``tn`` at a section with the given track."""
    out: dict[tuple[int, bool, int], float] = {}
    for (tens, succ), pr in tens_and_hits(n_dice, tn).items():
        hits = succ // 2 if halve else succ
        lucky = hits > 0 and tens >= lucky_needs(tn)
        f_now = fortitude_after(base, tally + hits, integrity, extra_down)
        key = (hits, lucky, criticals(hits, f_now))
        out[key] = out.get(key, 0.0) + pr
    return out


def halve_dist(dist: list[float]) -> list[float]:
    out = [0.0] * (len(dist) // 2 + 1)
    for k, p in enumerate(dist):
        out[k // 2] += p
    return out


def casualty_dist(hit_dist: list[float], save_p: float) -> list[float]:
    """Casualties when each hit is saved with chance ``save_p``."""
    out = [0.0] * len(hit_dist)
    for h, ph in enumerate(hit_dist):
        if ph:
            for k, pk in enumerate(binomial(h, 1 - save_p)):
                out[k] += ph * pk
    return out


def fatigue_fail(resolve: int) -> float:
    """Chance a fatigue test is failed (the roll is below the resolve value)."""
    return 1 - p_success(resolve, natural=False)


def tn_words(tn: int, natural: bool = True) -> str:
    """A target number as a player reads it: "7+", and past 10 (a d10 cannot show 11)
    "natural 10" where a natural 10 always succeeds, "cannot succeed" where it does not
    (a play-test read "Hit on 11+")."""
    if tn <= 10:
        return f"{max(1, tn)}+"
    return "natural 10" if natural else "cannot succeed"
