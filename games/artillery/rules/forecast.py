"""Exact expectations of a shot, for the firing preview and the AI.

Built on :mod:`games.artillery.rules.odds` (exact d10 arithmetic).  Simplifications,
stated so nobody is surprised: where a cannon hit on a gun crew lands is taken
as a man (the worst case for the crew), Critical results' extra hits are not
counted in the expected casualties, and casualties are capped at the models
present.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from . import odds
from .data import ARTILLERY, ROUT_MIN, SHOT, STRUCTURES
from .pieces import Gun, Unit
from .shots import fire_kind, fire_numbers, save_tn, shot_dice, shot_numbers, unit_distance
from .state import State


@dataclass(frozen=True)
class Forecast:
    dice: int
    tn: int
    p_die: float
    hits: tuple[float, ...]           # distribution of shoot-test hits
    expected_hits: float
    damage_tn: int | None
    expected_damage: float            # damaging hits on a structure (after halving)
    p_lucky: float
    expected_crits: float
    expected_casualties: float


@lru_cache(maxsize=4096)   # a game uses a handful of entries (3 in three Hard field battles); 20000 could hold ~7 MB
def _structure_summary(n_dice: int, tn: int, halve: bool, base: int, tally: int, integrity: int,
                       down: int) -> tuple[float, float, float]:
    """(expected damaging hits, P(lucky), expected critical rolls) for ``n_dice``."""
    dmg = lucky = crits = 0.0
    for (hits, luck, c), p in odds.structure_outcomes(n_dice, tn, halve, base, tally, integrity, down).items():
        dmg += p * hits
        lucky += p * luck
        crits += p * c
    return dmg, lucky, crits


def _structure_part(st: State, sid: str, dice_dist: list[float], tn: int, halve: bool
                    ) -> tuple[float, float, float]:
    s = st.sections[sid]
    t = STRUCTURES[s.type]
    dmg = lucky = crits = 0.0
    for n, p in enumerate(dice_dist):
        if p and n:
            a, b, c = _structure_summary(n, tn, halve, t.fortitude, s.tally, t.integrity, s.down)
            dmg += p * a
            lucky += p * b
            crits += p * c
    return dmg, lucky, crits


def occupant_losses(st: State, sid: str, damage: float, origin: Sequence[float]) -> list[tuple[Unit, float]]:
    """Each occupant of a section and the models it is expected to lose to ``damage``
    expected damaging hits, spread evenly over them and saved as the rules save."""
    units = st.units_in_section(sid)
    if not units or damage <= 0:
        return []
    share = damage / len(units)
    return [(u, min(float(u.models), share * (1 - odds.p_success(save_tn(st, u, origin))))) for u in units]


def _occupant_casualties(st: State, sid: str, damage: float, origin: Sequence[float]) -> float:
    total = 0.0
    for _, lost in occupant_losses(st, sid, damage, origin):
        total += lost
    return total


def _unit_casualties(st: State, u: Unit, hit_dist: list[float], saves: bool, origin: Sequence[float]) -> float:
    if saves:
        dist = odds.casualty_dist(hit_dist, odds.p_success(save_tn(st, u, origin)))
    else:
        dist = hit_dist
    return sum(p * min(k, u.models) for k, p in enumerate(dist))


def shot_forecast(st: State, guns: list[Gun], target: str, ammo: str) -> Forecast:
    """Expected result of ``guns`` firing ``ammo`` at ``target`` now."""
    kind = fire_kind(guns)
    _d, line, _band, pen, tn, _mx = fire_numbers(st, guns, target, ammo)
    p = odds.p_success(tn)
    origin = line[0]
    n = shot_dice(guns, ammo)
    hits = odds.binomial(n, p)
    exp_hits = odds.expectation(hits)
    if target in st.units:
        cas = _unit_casualties(st, st.units[target], hits, kind != "cannon" or ammo == "grape", origin)
        return Forecast(n, tn, p, tuple(hits), exp_hits, None, 0.0, 0.0, 0.0, cas)
    if kind == "cannon" and ammo != "grape":
        shot = SHOT[ammo]
        rig = st.table.is_rigging(target)
        bonus = shot.furled_rigging_bonus if rig and st.table.structure_of[target].sails_reduced else 0
        dtn = st.fortitude(target) + pen + bonus
        halve = shot.halves_rigging if rig else shot.halves_structures
        dd = odds.damage_dice_dist([ARTILLERY[g.type].damage_dice for g in guns], p)
        dmg, lucky, crits = _structure_part(st, target, dd, dtn, halve)
        cas = _occupant_casualties(st, target, dmg, origin)
        return Forecast(n, tn, p, tuple(hits), exp_hits, dtn, dmg, lucky, crits, cas)
    half = odds.halve_dist(hits)
    dmg = odds.expectation(half)
    return Forecast(n, tn, p, tuple(hits), exp_hits, None, dmg, 0.0, 0.0,
                    _occupant_casualties(st, target, dmg, origin))


def small_arms_forecast(st: State, u: Unit, target: str, closer: float = 0.0) -> Forecast:
    """Expected result of ``u``'s small arms at ``target`` now, or from ``closer``
    inches nearer (the AI's look at a volley one move away; range is not checked)."""
    d, _line = unit_distance(st, u, target)
    d = max(0.0, d - closer)
    _band, _pen, tn, _mx = shot_numbers("small", "", d, u.profile.shoot)
    p = odds.p_success(tn)
    hits = odds.binomial(u.models, p)
    cas = _unit_casualties(st, st.units[target], hits, True, u.pos)
    return Forecast(u.models, tn, p, tuple(hits), odds.expectation(hits), None, 0.0, 0.0, 0.0, cas)


def gone_chance(st: State, u: Unit, hit_dist: Sequence[float], saves: bool, origin: Sequence[float]) -> float:
    """Chance ``u`` leaves the table after a volley with ``hit_dist`` hits: destroyed,
    or routed at the Fatigue test that follows a volley with any hit (a unit routs
    when its Fatigue reaches its models left, at least ROUT_MIN; the casualties come
    first and lower that threshold)."""
    fail = odds.fatigue_fail(u.profile.resolve)
    p_save = odds.p_success(save_tn(st, u, origin)) if saves else 0.0
    p = 0.0
    for h, ph in enumerate(hit_dist):
        if h == 0 or not ph:
            continue                          # no hit: no casualties and no Fatigue test
        for k, pk in enumerate(odds.binomial(h, 1 - p_save)):
            left = u.models - k
            need = max(left, ROUT_MIN)
            if left <= 0 or u.fatigue >= need:
                p += ph * pk
            elif u.fatigue + 1 >= need:
                p += ph * pk * fail
    return p


__all__ = ["Forecast", "shot_forecast", "small_arms_forecast", "ARTILLERY"]
