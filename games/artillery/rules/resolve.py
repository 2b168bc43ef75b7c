"""Resolving a shot, one die at a time.

A shot is declared by an action (:func:`declare_fire`, :func:`declare_small_arms`):
it sets ``st.res`` (the shot's context) and ``st.need`` (the dice wanted now:
purpose, how many, target number, who throws them, the values so far).  Each
``roll N`` adds one die; when the batch is complete :func:`on_dice` handles it
and may queue further *steps* in ``st.todo`` (damage dice, Lucky and Critical
rolls, hits on occupants, saves, fatigue tests).  :func:`settle` runs queued
steps until a die or a decision (where a cannon hit on a gun crew lands) is
due, then hands the turn back.  Everything in ``res``/``todo``/``need`` is
plain JSON-able data, so states copy and save mid-shot.
"""
from __future__ import annotations

import math
from typing import Any, Iterable

from . import events as ev
from . import flow, odds
from .data import ARTILLERY, NATURAL, ROUT_MIN, SHOT, STRUCTURES, crit_row
from .pieces import Gone, Gun, Unit, sort_ids
from .shots import fire_kind, fire_numbers, gun_save_tn, save_tn, shot_numbers, unit_distance
from .state import Phase, State


def _hits(dice: Iterable[int], tn: int, natural: bool = True) -> int:
    return sum(1 for v in dice if v >= tn or (natural and v == NATURAL))


# ---------------------------------------------------------------------------
# Declaring
# ---------------------------------------------------------------------------
def declare_fire(st: State, u: Unit, guns: list[Gun], target: str, ammo: str) -> None:
    assert st.act is not None
    kind = fire_kind(guns)
    d, line, _band, pen, tn, _mx = fire_numbers(st, guns, target, ammo)
    st.act.fired = "artillery"
    st.act.tests += 1
    for g in guns:
        g.markers += g.stats.reload_markers
    if kind == "swivel":
        n = sum(g.stats.initial_dice for g in guns)
        res_kind = "swivel"
    elif ammo == "grape":
        n = sum(1 + g.stats.damage_dice for g in guns)
        res_kind = "grape"
    else:
        n = len(guns)
        res_kind = "cannon"
    ids = sort_ids(g.id for g in guns)
    st.emit(ev.ShotDeclared(u.id, ids, target, ammo, round(d, 2), pen, tn))
    st.res = {"kind": res_kind, "unit": u.id, "seat": u.seat, "guns": list(ids), "target": target,
              "ammo": ammo, "tn": tn, "penalty": pen, "distance": d, "origin": list(line[0])}
    st.need = {"purpose": "initial", "n": n, "tn": tn, "actor": u.seat, "rolled": [], "natural": True,
               "about": target}


def declare_small_arms(st: State, u: Unit, target: str) -> None:
    assert st.act is not None
    d, line = unit_distance(st, u, target)
    _band, pen, tn, _mx = shot_numbers("small", "", d, u.profile.shoot)
    st.act.fired = "small arms"
    st.act.tests += 1
    st.emit(ev.ShotDeclared(u.id, (), target, "small", round(d, 2), pen, tn))
    st.res = {"kind": "small", "unit": u.id, "seat": u.seat, "guns": [], "target": target,
              "ammo": "small", "tn": tn, "penalty": pen, "distance": d, "origin": list(u.pos)}
    st.need = {"purpose": "initial", "n": u.models, "tn": tn, "actor": u.seat, "rolled": [],
               "natural": True, "about": target}


# ---------------------------------------------------------------------------
# Dice handlers
# ---------------------------------------------------------------------------
def roll(st: State, value: int) -> None:
    """One d10: a roll-off's (no dice wanted) or the next of the batch wanted now."""
    if st.need is None:
        flow.rolloff(st, value)
        return
    st.need["rolled"].append(value)
    if len(st.need["rolled"]) >= st.need["n"]:
        need, st.need = st.need, None
        on_dice(st, need)


def casualty(st: State, choice: str) -> None:
    """Where the cannon hit on a gun crew lands: ``man`` or a gun's id."""
    d, st.decision = st.decision, None
    assert d is not None
    on_casualty_choice(st, d, choice)


def on_dice(st: State, need: dict[str, Any]) -> None:
    _HANDLERS[need["purpose"]](st, need)


def _on_initial(st: State, need: dict[str, Any]) -> None:
    res = st.res
    assert res is not None
    dice = need["rolled"]
    tn = need["tn"]
    if res["kind"] == "cannon":
        hit_guns = [g for g, v in zip(res["guns"], dice, strict=True) if v >= tn or v == NATURAL]
        hits = len(hit_guns)
    else:
        hit_guns = []
        hits = _hits(dice, tn)
    st.emit(ev.ShootTest(res["unit"], tuple(res["guns"]), res["target"], res["ammo"], tn, tuple(dice), hits,
                          tuple(hit_guns)))
    if hits == 0:
        return
    target = res["target"]
    if target in st.units:
        st.todo.append({"step": "unit_hits", "unit": target, "hits": hits,
                        "cannon": res["kind"] in ("cannon", "grape"), "saves": res["kind"] != "cannon"})
    elif res["kind"] == "cannon":
        st.todo.append(_damage_step(st, target, hit_guns, res))
    else:
        tens = sum(1 for v in dice if v == NATURAL)
        _apply_damage(st, target, hits // 2, tens, tn)        # grape and swivels: rigging takes half


def _damage_step(st: State, sid: str, hit_guns: list[str], res: dict[str, Any]) -> dict[str, Any]:
    shot = SHOT[res["ammo"]]
    rigging = st.table.is_rigging(sid)
    bonus = 0
    if rigging and st.table.structure_of[sid].sails_reduced:
        bonus = shot.furled_rigging_bonus
    halve = shot.halves_rigging if rigging else shot.halves_structures
    n = sum(ARTILLERY[st.guns[g].type].damage_dice for g in hit_guns)
    return {"step": "damage", "section": sid, "n": n, "tn": st.fortitude(sid) + res["penalty"] + bonus,
            "halve": halve}


def _on_damage(st: State, need: dict[str, Any]) -> None:
    dice = need["rolled"]
    tn = need["tn"]
    succ = _hits(dice, tn)                                   # OURS: a natural 10 always damages
    hits = succ // 2 if need["halve"] else succ
    tens = sum(1 for v in dice if v == NATURAL)
    st.emit(ev.DamageRoll(need["about"], tn, tuple(dice), succ, hits, bool(need["halve"])))
    _apply_damage(st, need["about"], hits, tens, tn)


def _apply_damage(st: State, sid: str, hits: int, tens: int, tn: int) -> None:
    s = st.sections[sid]
    f0 = st.fortitude(sid)
    s.tally += hits
    f1 = st.fortitude(sid)
    if hits > 0:
        st.emit(ev.StructureDamaged(sid, hits, s.tally, f0, f1))
    assert st.res is not None
    st.res["occ"] = {"section": sid, "hits": hits, "extra": {}}
    steps: list[dict[str, Any]] = []
    if hits > 0 and tens >= odds.lucky_needs(tn):
        steps.append({"step": "crit", "section": sid, "lucky": True})
    steps += [{"step": "crit", "section": sid, "lucky": False} for _ in range(odds.criticals(hits, f1))]
    steps.append({"step": "occupants", "section": sid})
    st.todo[0:0] = steps


def _on_crit(st: State, need: dict[str, Any]) -> None:
    sid = need["about"]
    roll = need["rolled"][0]
    lucky = bool(need["lucky"])
    result = roll - 1 if lucky else roll
    table = STRUCTURES[st.sections[sid].type].critical_table
    row = crit_row(table, result)
    detail = _EFFECTS[row.effect](st, sid)
    st.emit(ev.CriticalResult(sid, lucky, roll, max(0, result), row.name, row.effect,
                               (row.text + (" " + detail if detail else "")).strip()))


def _occ_extra(st: State, uid: str, n: int) -> None:
    assert st.res is not None
    extra = st.res["occ"]["extra"]
    extra[uid] = extra.get(uid, 0) + n


def _eff_none(st: State, sid: str) -> str:
    return ""


def _eff_occupant_hit(st: State, sid: str) -> str:
    for u in st.units_in_section(sid):
        _occ_extra(st, u.id, 1)
    return ""


def _eff_extra_damage(st: State, sid: str) -> str:
    s = st.sections[sid]
    f0 = st.fortitude(sid)
    s.tally += 1
    st.emit(ev.StructureDamaged(sid, 1, s.tally, f0, st.fortitude(sid)))
    return ""


def _eff_gun_dismounted(st: State, sid: str) -> str:
    guns = sort_ids(g.id for g in st.guns.values() if g.section == sid and not g.destroyed)
    if not guns:
        _eff_extra_damage(st, sid)
        return "(No gun there: one more point of damage instead.)"
    st.guns[guns[0]].destroyed = True
    st.emit(ev.GunDestroyed(guns[0], "dismounted by a critical hit"))
    return f"({guns[0]} is lost.)"


def _eff_fortitude_down(st: State, sid: str) -> str:
    f0 = st.fortitude(sid)
    st.sections[sid].down += 1
    f1 = st.fortitude(sid)
    return f"(Fortitude {f0} -> {f1}.)" if f1 != f0 else "(Fortitude cannot fall below 1.)"


def _eff_destroyed(st: State, sid: str) -> str:
    s = st.sections[sid]
    s.wrecked = True
    for g in st.guns.values():
        if g.section == sid and not g.destroyed:
            g.destroyed = True
            st.emit(ev.GunDestroyed(g.id, "lost with its section"))
    for u in st.units_in_section(sid):
        _occ_extra(st, u.id, math.ceil(u.models / 2))
    st.emit(ev.SectionWrecked(sid))
    return ""


_EFFECTS = {
    "none": _eff_none, "occupant_hit": _eff_occupant_hit, "extra_damage": _eff_extra_damage,
    "gun_dismounted": _eff_gun_dismounted, "fortitude_down": _eff_fortitude_down, "destroyed": _eff_destroyed,
}


def _on_saves(st: State, need: dict[str, Any]) -> None:
    u = st.units[need["about"]]
    dice = need["rolled"]
    saved = _hits(dice, need["tn"])
    failed = len(dice) - saved
    st.emit(ev.Saves(u.id, need["tn"], tuple(dice), saved, failed))
    casualties(st, u, failed)


def _on_gunsave(st: State, need: dict[str, Any]) -> None:
    g = st.guns[need["about"]]
    roll = need["rolled"][0]
    saved = roll >= need["tn"] or roll == NATURAL
    st.emit(ev.GunSave(g.id, need["tn"], roll, saved))
    if not saved:
        g.destroyed = True
        st.emit(ev.GunDestroyed(g.id, "smashed by cannon fire"))


def _on_fatigue(st: State, need: dict[str, Any]) -> None:
    u = st.units[need["about"]]
    roll = need["rolled"][0]
    passed = roll >= need["tn"]
    if not passed:
        u.fatigue += 1
    st.emit(ev.FatigueTest(u.id, need["tn"], roll, passed, u.fatigue))
    check_rout(st, u)


_HANDLERS = {
    "initial": _on_initial, "damage": _on_damage, "crit": _on_crit, "saves": _on_saves,
    "gunsave": _on_gunsave, "fatigue": _on_fatigue,
}


# ---------------------------------------------------------------------------
# Casualties, routs
# ---------------------------------------------------------------------------
def casualties(st: State, u: Unit, n: int) -> None:
    n = min(n, u.models)
    if n <= 0:
        return
    u.models -= n
    st.removed[u.seat] += n
    st.emit(ev.Casualties(u.id, n, u.models))
    if u.models == 0:
        unit_gone(st, u, Gone.DESTROYED)


def unit_gone(st: State, u: Unit, how: Gone) -> None:
    if u.gone:
        return
    u.gone = how
    if how == Gone.ROUTED:
        st.removed[u.seat] += u.models
    st.emit(ev.UnitGone(u.id, how))
    lost = sort_ids(g.id for g in st.guns.values() if g.crew == u.id)
    for gid in lost:
        st.guns[gid].crew = None
    if lost:
        st.emit(ev.Abandoned(u.id, lost, "crew lost"))


def rout_threshold(u: Unit) -> int:
    """OURS: a unit routs when its Fatigue reaches its models left (at least ROUT_MIN)."""
    return max(u.models, ROUT_MIN)


def check_rout(st: State, u: Unit) -> None:
    if u.alive and u.fatigue >= rout_threshold(u):
        unit_gone(st, u, Gone.ROUTED)


def gain_fatigue(st: State, u: Unit, reason: str) -> None:
    u.fatigue += 1
    st.emit(ev.FatigueGained(u.id, u.fatigue, reason))
    check_rout(st, u)


# ---------------------------------------------------------------------------
# Steps
# ---------------------------------------------------------------------------
def _origin(st: State) -> tuple[float, ...]:
    return tuple(st.res["origin"]) if st.res else (0.0, 0.0)


def _field_guns(st: State, u: Unit) -> list[Gun]:
    return [g for g in st.operable(u) if g.carriage]


def _step_unit_hits(st: State, step: dict[str, Any]) -> None:
    u = st.units[step["unit"]]
    if not u.alive:
        return
    h = step["hits"]
    if h <= 0:
        st.todo.insert(0, {"step": "fatigue", "unit": u.id})
        return
    guns = _field_guns(st, u) if step["cannon"] else []
    if guns:
        st.decision = {"seat": u.seat, "unit": u.id, "options": ["man"] + [g.id for g in guns],
                       "hits": h, "saves": step["saves"]}
        return
    if step["saves"]:
        st.todo[0:0] = [{"step": "saves", "unit": u.id, "n": h, "tn": save_tn(st, u, _origin(st))},
                        {"step": "fatigue", "unit": u.id}]
    else:
        casualties(st, u, h)
        st.todo.insert(0, {"step": "fatigue", "unit": u.id})


def on_casualty_choice(st: State, d: dict[str, Any], choice: str) -> None:
    u = st.units[d["unit"]]
    rest = {"step": "unit_hits", "unit": u.id, "hits": d["hits"] - 1, "cannon": True, "saves": d["saves"]}
    st.emit(ev.CasualtyChosen(u.id, choice))
    if choice == "man":
        if d["saves"]:
            st.todo[0:0] = [{"step": "saves", "unit": u.id, "n": 1, "tn": save_tn(st, u, _origin(st))}, rest]
        else:
            casualties(st, u, 1)
            st.todo.insert(0, rest)
        return
    g = st.guns[choice]
    st.todo[0:0] = [{"step": "gunsave", "gun": g.id, "tn": gun_save_tn(st, g, _origin(st))}, rest]


def allot(hits: int, units: list[Unit]) -> dict[str, int]:
    """Spread hits as evenly as possible; OURS: the odd hits go to the units with
    the most models first (ties: lowest id)."""
    out = {u.id: 0 for u in units}
    if not units or hits <= 0:
        return out
    base, rem = divmod(hits, len(units))
    order = sorted(units, key=lambda u: (-u.models, u.id))
    for i, u in enumerate(order):
        out[u.id] = base + (1 if i < rem else 0)
    return out


def _step_occupants(st: State, step: dict[str, Any]) -> None:
    assert st.res is not None
    occ = st.res.pop("occ", None)
    if not occ:
        return
    units = st.units_in_section(occ["section"])
    shares = allot(occ["hits"], units)
    for uid, n in occ["extra"].items():
        if uid in shares:
            shares[uid] += n
    got = tuple((uid, n) for uid, n in sorted(shares.items()) if n > 0)
    if not got:
        return
    st.emit(ev.HitsAllotted(occ["section"], got))
    steps: list[dict[str, Any]] = []
    for uid, n in got:
        u = st.units[uid]
        steps += [{"step": "saves", "unit": uid, "n": n, "tn": save_tn(st, u, _origin(st))},
                  {"step": "fatigue", "unit": uid}]
    st.todo[0:0] = steps


def _need(st: State, purpose: str, n: int, tn: int, actor: int, about: str, **extra: Any) -> None:
    st.need = {"purpose": purpose, "n": n, "tn": tn, "actor": actor, "rolled": [], "about": about, **extra}


def _step_damage(st: State, step: dict[str, Any]) -> None:
    if step["n"] <= 0:
        return
    assert st.res is not None
    _need(st, "damage", step["n"], step["tn"], st.res["seat"], step["section"], halve=step["halve"])


def _step_crit(st: State, step: dict[str, Any]) -> None:
    if st.sections[step["section"]].wrecked:
        return
    assert st.res is not None
    _need(st, "crit", 1, 0, st.res["seat"], step["section"], lucky=step["lucky"])


def _step_saves(st: State, step: dict[str, Any]) -> None:
    u = st.units[step["unit"]]
    if u.alive and step["n"] > 0:
        _need(st, "saves", step["n"], step["tn"], u.seat, u.id)


def _step_gunsave(st: State, step: dict[str, Any]) -> None:
    g = st.guns[step["gun"]]
    if not g.destroyed:
        _need(st, "gunsave", 1, step["tn"], g.seat if g.crew is None else st.units[g.crew].seat, g.id)


def _step_fatigue(st: State, step: dict[str, Any]) -> None:
    u = st.units[step["unit"]]
    if u.alive:
        _need(st, "fatigue", 1, u.profile.resolve, u.seat, u.id)


_STEPS = {
    "unit_hits": _step_unit_hits, "occupants": _step_occupants, "damage": _step_damage,
    "crit": _step_crit, "saves": _step_saves, "gunsave": _step_gunsave, "fatigue": _step_fatigue,
}


def _finish_shot(st: State) -> None:
    res, st.res = st.res, None
    act = st.act
    if res is None or act is None:
        return
    u = st.units[res["unit"]]
    if act.tests > 1 and u.alive:
        gain_fatigue(st, u, "another shoot test this activation")
    flow.check_victory(st)


def settle(st: State) -> None:
    """Run automatic steps until a die, a decision or a player's move is due."""
    while not st.over:
        if st.need is not None or st.decision is not None:
            return
        if st.todo:
            step = st.todo.pop(0)
            _STEPS[step["step"]](st, step)
            continue
        if st.res is not None:
            _finish_shot(st)
            continue
        act = st.act
        if st.phase == Phase.ACT and act is not None:
            u = st.units[act.unit]
            if not u.alive or act.used >= act.actions:
                flow.end_activation(st)
                continue
        return
