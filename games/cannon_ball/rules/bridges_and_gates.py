"""Cannon Ball's river and gates: gate turns, the gambles, TNT, and what blows up.

Opening and closing a gate, the rebuild and fire-at-a-gate gambles' conditions,
placing TNT at a bridge end or under an enemy gate, the TNT shot, a bridge blown
and a gate destroyed (its fort surrenders), and what stands on a bridge while it
may give way. They live apart because they change the map itself rather than move
pieces on it, and the board animates exactly these events.
"""
from __future__ import annotations

from typing import Any

from . import battlefield as M
from .moves import Choice, Tnt, box_name
from .state import State
from .tables import ASSAULT_LIMIT, BRIDGE_END, EMPTY, NAMES, SEC, SECTION_BOXES, EndReason



# -- gate turns and gambles ----------------------------------------------------------------
def why_gate_turn(st: State, move: Choice) -> str | None:
    if not 0 <= move.target < len(M.GATES):
        return "no such gate"
    g = M.GATES[move.target]
    if g.owner != st.to_move:
        return f"gate {g.id} is not yours"
    now = st.gates[move.target]
    if now == "destroyed":
        return f"gate {g.id} was destroyed and cannot be replaced"
    if move.kind == "close" and now == "closed":
        return f"gate {g.id} is already closed"
    if move.kind == "open" and now == "open":
        return f"gate {g.id} is already open"
    return None


def why_rebuild(st: State, br: int) -> str | None:
    b = M.BRIDGES[br]
    if st.bridges[br]:
        return f"bridge {b.number} is standing"
    me = st.to_move
    if max(st.sec_men[me][s] for s in b.sections) < 3:
        secs = " or ".join(str(M.SECTIONS[s].number) for s in b.sections)
        return f"rebuilding bridge {b.number} needs 3 of your men in section {secs}"
    return None


def why_fire(st: State, g: int) -> str | None:
    gate = M.GATES[g]
    me = st.to_move
    if gate.owner == me:
        return "fire at an enemy gate, not your own"
    if st.gates[g] != "closed":
        return f"gate {gate.id} is {st.gates[g]}"
    s = gate.section
    if st.section_cannon(s, me) < 0 or st.sec_men[me][s] < 3:
        return (f"firing at gate {gate.id} needs your cannon and 3 of your men in section "
                f"{M.SECTIONS[s].number}")
    return None


# -- TNT ---------------------------------------------------------------------------------------
def why_tnt(st: State, mv: Tnt) -> str | None:
    me = st.to_move
    if st.tnt_left[me] <= 0:
        return "you have no TNT cases left"
    if mv.gate >= 0:
        return _why_gate_tnt(st, mv.gate)
    b = mv.box
    if b not in BRIDGE_END:
        return "TNT goes at a bridge end (name the box next to the bridge) or under an enemy gate"
    br = BRIDGE_END[b]
    num = M.BRIDGES[br].number
    if not st.bridges[br]:
        return f"bridge {num} is down"
    if st.tnt[me] >= 0:
        return "you already have a lit TNT case: shoot it first"
    if any(t >= 0 and BRIDGE_END[t] == br for t in st.tnt):
        return f"bridge {num} already carries TNT"
    if st.occ[b] != me:
        return f"one of your men must stand on {box_name(b)}, next to bridge {num}"
    s = SEC[b]
    if s in st.sieges:
        return f"win the attack on section {M.SECTIONS[s].number} first"
    if st.sec_men[me][s] < 2:
        return f"placing TNT needs 2 of your men in section {M.SECTIONS[s].number}"
    why = st.budget_reason(("m", b))
    if why:
        return why
    left = (st.budget - 1) if not st.each else st.sec_men[me][s]
    if st.sec_men[me][s] > left:
        return (f"your {st.sec_men[me][s]} men must all leave section {M.SECTIONS[s].number} "
                f"this turn, and only {left} {'move is' if left == 1 else 'moves are'} left")
    return None


def _why_gate_tnt(st: State, g: int) -> str | None:
    me = st.to_move
    if not 0 <= g < len(M.GATES):
        return "no such gate"
    gate = M.GATES[g]
    if gate.owner == me:
        return "TNT goes under an enemy gate"
    if st.gates[g] != "closed":
        return f"gate {gate.id} is {st.gates[g]}"
    if st.fuse >= 0:
        return "a fuse is already lit"
    s = gate.section
    if s in st.sieges or st.sec_men[me][s] < 5:
        return f"sliding TNT under gate {gate.id} needs 5 of your men in section {M.SECTIONS[s].number}"
    placer = next((b for b in gate.outside if st.occ[b] == me), -1)
    if placer < 0:
        names = " or ".join(box_name(b) for b in gate.outside)
        return f"one of your men must stand next to the gate, on {names}"
    why = st.budget_reason(("m", placer))
    if why:
        return why
    need = st.sec_men[me][s] - (ASSAULT_LIMIT - 2)
    if not st.each and st.budget - 1 < need:
        return (f"the man with the fuse and one other must leave the section this turn: "
                f"{need + 1} moves needed")
    return None


def apply_tnt(st: State, mv: Tnt) -> None:
    me = st.to_move
    st.tnt_left[me] -= 1
    if mv.gate >= 0:
        gate = M.GATES[mv.gate]
        placer = next(b for b in gate.outside if st.occ[b] == me)
        st.spend(("m", placer))
        st.fuse = mv.gate
        st.fuse_man = placer
        st.limits[gate.section] = ASSAULT_LIMIT - 2
        st.events.append(f"TNT under gate {gate.id}: the fuse is lit")
        return
    st.spend(("m", mv.box))
    st.tnt[me] = mv.box
    s = SEC[mv.box]
    st.limits[s] = 0
    st.events.append(f"TNT placed at bridge {M.BRIDGES[BRIDGE_END[mv.box]].number}")


def own_cannon_by_tnt(st: State, p: int) -> int:
    """The section (index) where ``p``'s own cannon stands beside ``p``'s lit TNT, so the
    blast would take it; -1 when there is none (a play-test lost its cannon unwarned)."""
    b = st.tnt[p]
    if b < 0:
        return -1
    s = SEC[b]
    return s if st.section_cannon(s, p) >= 0 else -1


def resolve_tnt_shot(st: State, right: bool) -> None:
    me = st.to_move
    b = st.tnt[me]
    st.tnt[me] = -1
    br = BRIDGE_END[b]
    num = M.BRIDGES[br].number
    if not right:
        st.events.append(f"the TNT at bridge {num} was a dud")
        return
    blow_bridge(st, br)
    s = SEC[b]
    killed = 0
    for x in SECTION_BOXES[s]:
        if st.occ[x] != EMPTY:
            st.lift(x)
            killed += 1
    cid = st.sec_cannon[s]
    owner = st.cannon_owner(cid) if cid >= 0 else -1
    if cid >= 0:
        st.destroy_cannon(cid)
    st.progress = True
    what = f", killing {killed} {'man' if killed == 1 else 'men'}" if killed else ""
    # whose cannon: a play-test lost its own to its own TNT and the log said "a cannon"
    what += f" and {NAMES[owner]}'s cannon" if cid >= 0 else ""
    st.events.append(f"bridge {num} blew up{what} in section {M.SECTIONS[s].number}")


# -- blowing up ----------------------------------------------------------------------------
def blow_bridge(st: State, br: int) -> None:
    st.bridges[br] = False
    st.progress = True
    for p in (0, 1):
        if st.tnt[p] >= 0 and BRIDGE_END[st.tnt[p]] == br:
            st.tnt[p] = -1


#: how a gate was destroyed, as the result says it
_GATE_DESTROYED = {EndReason.GATE_SHOT_DOWN: "shot down", EndReason.GATE_BLOWN_UP: "blew up"}


def destroy_gate(st: State, g: int, end: EndReason) -> None:
    """Gate ``g`` is destroyed (``end``: shot down or blown up) and its fort surrenders."""
    gate = M.GATES[g]
    st.gates[g] = "destroyed"
    st.progress = True
    winner = 1 - gate.owner
    st.finish(winner, end,
              f"{NAMES[winner]} {_GATE_DESTROYED[end]} gate {gate.id}: {NAMES[gate.owner]}'s fort surrenders")


def crossing_piece(state: State) -> dict[str, Any] | None:
    """While a bridge may give way: what stands on it, for drawing. ``{"kind": "man"|
    "cannon", "bridge": index, "from": box, "to": box(es), "escorts": (boxes,), "owner"}``."""
    cr = state.crossing
    if cr is None:
        return None
    if cr[0] == "man":
        return {"kind": "man", "from": cr[1], "to": (cr[2],), "bridge": cr[3], "owner": cr[4], "escorts": ()}
    c = state.cannons[cr[1]]
    return {"kind": "cannon", "from": None if c is None else c[1][0], "to": cr[2], "escorts": cr[3],
            "bridge": cr[4], "owner": cr[5]}
