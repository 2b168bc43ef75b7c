"""The scenarios' victory rules (OURS).  ``check_now`` runs after every shot and
activation; ``end_of_round`` at the end of each round (scoring, the round limit).

Each rule is named by ``Scenario.victory`` and reads its parameters from
``Scenario.params``; the rules in words are ``Scenario.victory_text``.
"""
from __future__ import annotations

from typing import Iterable

from . import events as ev
from .events import Names
from .state import EndReason as E
from .state import State


def _wiped(st: State) -> bool:
    """A side with no units left loses at once (both: a draw)."""
    left = [bool(st.live_units(s)) for s in (0, 1)]
    if all(left):
        return False
    if not any(left):
        st.finish(None, "both sides were wiped out", E.WIPED_OUT)
    else:
        w = 0 if left[0] else 1
        side = st.scenario.sides[1 - w]
        st.finish(w, f"{side} {'have' if ev.is_plural(side) else 'has'} no units left", E.WIPED_OUT)
    return True


def holder(st: State, sid: str) -> int | None:
    """The seat holding a section: one of its units inside and no enemy unit inside."""
    seats = {u.seat for u in st.units_in_section(sid)}
    return seats.pop() if len(seats) == 1 else None


def silenced(st: State, guns: Iterable[str], need_crew: bool) -> bool:
    """Every listed gun is spiked or destroyed (or, with ``need_crew``, without a crew)."""
    for gid in guns:
        g = st.guns[gid]
        if g.destroyed or g.spiked:
            continue
        if need_crew and st.crew_of(g) is None:
            continue
        return False
    return True


def crippled(st: State, sid: str) -> bool:
    return st.sections[sid].wrecked or st.fortitude(sid) <= 1


def _live_cannons(st: State, guns: Iterable[str], need_crew: bool) -> int:
    """How many of ``guns`` would keep the battery from being silenced."""
    return sum(1 for gid in guns if not silenced(st, (gid,), need_crew))


def standing(st: State, names: Names = None) -> tuple[str, str]:
    """Where the scenario's victory stands, in two short lines for the table's column
    (the points of the field battle are on each side's line).  ``names`` are the
    seats' names; by default the scenario's sides."""
    p = st.scenario.params
    who = list(names) if names else list(st.scenario.sides)
    kind = st.scenario.victory
    if kind == "hold":
        held = []
        by_seat: list[list[str]] = [[], []]
        for sid in p["objectives"]:
            h = holder(st, sid)
            held.append(f"{sid} {who[h] if h is not None else 'none'}")
            if h is not None:
                by_seat[h].append(sid)
        what = "house" if len(p["objectives"]) <= 2 else "building"
        when = (f"Scoring from round {p['score_from']}" if st.round < p["score_from"]
                else f"1 point a {what} a round")
        if len(p["objectives"]) <= 2:
            return "Held: " + ", ".join(held), when
        # many buildings: who holds which, by side (each held id once)
        return ("Held: " + " / ".join(f"{who[s]} {' '.join(by_seat[s]) or '-'}" for s in (0, 1)), when)
    if kind == "shore":
        inside = st.units_in_section(p["gate"])
        h = holder(st, p["gate"])
        gate = who[h] if h is not None else ("contested" if inside else "empty")
        n = _live_cannons(st, p["battery"], need_crew=False)
        return f"Gatehouse: {gate}", f"Cannons left: {n} of {len(p['battery'])}"
    if kind == "anchor":
        n = _live_cannons(st, p["battery"], need_crew=True)
        return (f"Rigging F{st.fortitude(p['rigging'])} (F1 cripples)",
                f"Crewed cannons: {n} of {len(p['battery'])}")
    if kind == "duel":
        rig = [st.fortitude(r) for r in p["riggings"]]
        pts = duel_points(st)
        return (f"Rigging: {who[0]} F{rig[0]}, {who[1]} F{rig[1]}",
                f"Points: {who[0]} {pts[0]}, {who[1]} {pts[1]}")
    return "", ""


def _owner(st: State, sid: str) -> int:
    """The seat a ship's section belongs to (a Broadsides ship always has one: the
    scenario's data says so, and a section without one is a broken scenario)."""
    owner = st.section_owner(sid)
    if owner is None:
        raise ValueError(f"section {sid} belongs to no side")
    return owner


def ship_damage(st: State) -> tuple[int, int]:
    """Broadsides: the damage each seat has done to the other ship's rigging (its
    tally, a critical's extra point included): whether she can sail is what counts."""
    p = st.scenario.params
    taken = [0, 0]
    for sid in p["riggings"]:
        taken[_owner(st, sid)] += st.sections[sid].tally
    return taken[1], taken[0]


def duel_points(st: State) -> tuple[int, int]:
    """Broadsides' count at the round limit, per seat: ``rigging_points`` for each point
    of damage done to the enemy's rigging and 1 for each enemy model removed.  Why the
    models count (OURS, 2026-11-25): with the rigging alone deciding, a side that spent
    ten rounds shooting the enemy's crews lost to one lucky point on its masts; the
    crews are what work the guns, so killing them is part of winning a gun duel."""
    k = st.scenario.params["rigging_points"]
    done = ship_damage(st)
    return k * done[0] + st.removed[1], k * done[1] + st.removed[0]


# -- immediate checks ----------------------------------------------------------
def _now_hold(st: State) -> None:
    _wiped(st)


def _now_shore(st: State) -> None:
    if _wiped(st):
        return
    p = st.scenario.params
    if silenced(st, p["battery"], need_crew=False):
        st.finish(p["attacker"], "the battery is silenced", E.OBJECTIVE_TAKEN)


def _now_anchor(st: State) -> None:
    if _wiped(st):
        return
    p = st.scenario.params
    fort = 1 - p["ship"]
    if crippled(st, p["rigging"]):
        st.finish(fort, "the ship's rigging is crippled: she cannot escape", E.SHIP_CRIPPLED)
    elif st.sections[p["hull"]].wrecked:
        st.finish(fort, "the ship is lost", E.SHIP_CRIPPLED)


def _now_duel(st: State) -> None:
    if _wiped(st):
        return
    p = st.scenario.params
    for rig, hull in zip(p["riggings"], p["hulls"], strict=True):
        loser = _owner(st, rig)
        if crippled(st, rig):
            st.finish(1 - loser, f"{st.scenario.sides[loser]}'s rigging is shot away", E.SHIP_CRIPPLED)
            return
        if st.sections[hull].wrecked:
            st.finish(1 - loser, f"{st.scenario.sides[loser]} is lost", E.SHIP_CRIPPLED)
            return


_NOW = {"hold": _now_hold, "shore": _now_shore, "anchor": _now_anchor, "duel": _now_duel}


def check_now(st: State) -> None:
    if not st.over:
        _NOW[st.scenario.victory](st)


# -- end of round ----------------------------------------------------------------
def _round_hold(st: State) -> None:
    p = st.scenario.params
    gained = [0, 0]
    held = []
    if st.round >= p["score_from"]:
        for sid in p["objectives"]:
            h = holder(st, sid)
            if h is not None:
                gained[h] += 1
                held.append((sid, h))
    st.score = [st.score[0] + gained[0], st.score[1] + gained[1]]
    st.emit(ev.Scored(st.round, tuple(gained), tuple(st.score), tuple(held)))
    if st.round < st.scenario.rounds:
        return
    if st.score[0] != st.score[1]:
        w = 0 if st.score[0] > st.score[1] else 1
        st.finish(w, f"{st.score[w]} points to {st.score[1 - w]}", E.ON_POINTS)
    elif st.removed[0] != st.removed[1]:
        w = 0 if st.removed[1] > st.removed[0] else 1
        st.finish(w, f"points level; removed {st.removed[1 - w]} enemy models to {st.removed[w]}", E.ON_LOSSES)
    else:
        st.finish(None, "points and losses level after the last round", E.LEVEL)


def _round_shore(st: State) -> None:
    p = st.scenario.params
    att = p["attacker"]
    if holder(st, p["gate"]) == att:
        st.finish(att, "the landing party holds the gatehouse", E.OBJECTIVE_TAKEN)
    elif st.round >= st.scenario.rounds:
        st.finish(1 - att, "the fort held out to the end", E.HELD_OUT)


def _round_anchor(st: State) -> None:
    p = st.scenario.params
    ship = p["ship"]
    if silenced(st, p["battery"], need_crew=True):
        st.finish(ship, "the battery is silenced", E.OBJECTIVE_TAKEN)
    elif st.round >= st.scenario.rounds:
        st.finish(ship, "the ship slips her cable and escapes", E.ESCAPED)


def _round_duel(st: State) -> None:
    if st.round < st.scenario.rounds:
        return
    pts = duel_points(st)
    done = ship_damage(st)
    if pts[0] != pts[1]:
        w = 0 if pts[0] > pts[1] else 1
        st.finish(w, f"{pts[w]} points to {pts[1 - w]} (rigging damage {done[w]} to {done[1 - w]}, "
                     f"models removed {st.removed[1 - w]} to {st.removed[w]})", E.ON_POINTS)
    else:
        st.finish(None, "points level after the last round", E.LEVEL)


_ROUND = {"hold": _round_hold, "shore": _round_shore, "anchor": _round_anchor, "duel": _round_duel}


def end_of_round(st: State) -> None:
    check_now(st)
    if not st.over:
        _ROUND[st.scenario.victory](st)
