"""The scenarios' victory rules (OURS).  ``check_now`` runs after every shot and
activation; ``end_of_round`` at the end of each round (scoring, the round limit).

Each rule is named by ``Scenario.victory`` and reads its parameters from
``Scenario.params``; the rules in words are ``Scenario.victory_text``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.artillery import events as ev

if TYPE_CHECKING:
    from games.artillery.rules import ArtilleryState


def _wiped(st: ArtilleryState) -> bool:
    """A side with no units left loses at once (both: a draw)."""
    left = [bool(st.live_units(s)) for s in (0, 1)]
    if all(left):
        return False
    if not any(left):
        st.finish(None, "both sides were wiped out")
    else:
        w = 0 if left[0] else 1
        st.finish(w, f"{st.scenario.sides[1 - w]} has no units left")
    return True


def holder(st: ArtilleryState, sid: str) -> int | None:
    """The seat holding a section: one of its units inside and no enemy unit inside."""
    seats = {u.seat for u in st.units_in_section(sid)}
    return seats.pop() if len(seats) == 1 else None


def silenced(st: ArtilleryState, guns, need_crew: bool) -> bool:
    """Every listed gun is spiked or destroyed (or, with ``need_crew``, without a crew)."""
    for gid in guns:
        g = st.guns[gid]
        if g.destroyed or g.spiked:
            continue
        if need_crew and st.crew_of(g) is None:
            continue
        return False
    return True


def crippled(st: ArtilleryState, sid: str) -> bool:
    return st.sections[sid].wrecked or st.fortitude(sid) <= 1


# -- immediate checks ----------------------------------------------------------
def _now_hold(st: ArtilleryState) -> None:
    _wiped(st)


def _now_shore(st: ArtilleryState) -> None:
    if _wiped(st):
        return
    p = st.scenario.params
    if silenced(st, p["battery"], need_crew=False):
        st.finish(p["attacker"], "the battery is silenced")


def _now_anchor(st: ArtilleryState) -> None:
    if _wiped(st):
        return
    p = st.scenario.params
    fort = 1 - p["ship"]
    if crippled(st, p["rigging"]):
        st.finish(fort, "the ship's rigging is crippled: she cannot escape")
    elif st.sections[p["hull"]].wrecked:
        st.finish(fort, "the ship is lost")


_NOW = {"hold": _now_hold, "shore": _now_shore, "anchor": _now_anchor}


def check_now(st: ArtilleryState) -> None:
    if not st.over:
        _NOW[st.scenario.victory](st)


# -- end of round ----------------------------------------------------------------
def _round_hold(st: ArtilleryState) -> None:
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
    st._emit(ev.Scored(st.round, tuple(gained), tuple(st.score), tuple(held)))
    if st.round < st.scenario.rounds:
        return
    if st.score[0] != st.score[1]:
        w = 0 if st.score[0] > st.score[1] else 1
        st.finish(w, f"{st.score[w]} points to {st.score[1 - w]}")
    elif st.removed[0] != st.removed[1]:
        w = 0 if st.removed[1] > st.removed[0] else 1
        st.finish(w, f"points level; removed {st.removed[1 - w]} enemy models to {st.removed[w]}")
    else:
        st.finish(None, "points and losses level after the last round")


def stormed(st: ArtilleryState, sid: str, attacker: int) -> bool:
    """The attacker has units in the section and more models there than the defender."""
    inside = st.units_in_section(sid)
    mine = sum(u.models for u in inside if u.seat == attacker)
    theirs = sum(u.models for u in inside if u.seat != attacker)
    return mine > theirs and mine > 0


def _round_shore(st: ArtilleryState) -> None:
    p = st.scenario.params
    att = p["attacker"]
    if holder(st, p["gate"]) == att:
        st.finish(att, "the landing party holds the gatehouse")
    elif st.round >= st.scenario.rounds:
        st.finish(1 - att, "the fort held out to the end")


def _round_anchor(st: ArtilleryState) -> None:
    p = st.scenario.params
    ship = p["ship"]
    if silenced(st, p["battery"], need_crew=True):
        st.finish(ship, "the battery is silenced")
    elif st.round >= st.scenario.rounds:
        st.finish(ship, "the ship slips her cable and escapes")


_ROUND = {"hold": _round_hold, "shore": _round_shore, "anchor": _round_anchor}


def end_of_round(st: ArtilleryState) -> None:
    check_now(st)
    if not st.over:
        _ROUND[st.scenario.victory](st)
