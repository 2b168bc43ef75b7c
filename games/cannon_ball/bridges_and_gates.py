"""Cannon Ball's river and gates: gate turns, the gambles, TNT, and what blows up.

Opening and closing a gate, the rebuild and fire-at-a-gate gambles' conditions,
placing TNT at a bridge end or under an enemy gate, the TNT shot, a bridge blown
and a gate destroyed (its fort surrenders), and what stands on a bridge while it
may give way. They live apart because they change the map itself rather than move
pieces on it, and the board animates exactly these events.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import battlefield as M
from .moves import Choice, Tnt, box_name
from .state import StateBase
from .tables import ASSAULT_LIMIT, BRIDGE_END, EMPTY, MOVING, NAMES, SEC, SECTION_BOXES

if TYPE_CHECKING:
    from .game import CannonBallState


class BridgeAndGateRules(StateBase):
    """Gates, bridges and TNT (a mixin of the game class)."""

    # -- gate turns and gambles ----------------------------------------------------------------
    def _why_gate_turn(self, move: Choice) -> str | None:
        if not 0 <= move.target < len(M.GATES):
            return "no such gate"
        g = M.GATES[move.target]
        if g.owner != self.to_move:
            return f"gate {g.id} is not yours"
        st = self.gates[move.target]
        if st == "destroyed":
            return f"gate {g.id} was destroyed and cannot be replaced"
        if move.kind == "close" and st == "closed":
            return f"gate {g.id} is already closed"
        if move.kind == "open" and st == "open":
            return f"gate {g.id} is already open"
        return None

    def _why_rebuild(self, br: int) -> str | None:
        b = M.BRIDGES[br]
        if self.bridges[br]:
            return f"bridge {b.number} is standing"
        me = self.to_move
        if max(self.sec_men[me][s] for s in b.sections) < 3:
            secs = " or ".join(str(M.SECTIONS[s].number) for s in b.sections)
            return f"rebuilding bridge {b.number} needs 3 of your men in section {secs}"
        return None

    def _why_fire(self, g: int) -> str | None:
        gate = M.GATES[g]
        me = self.to_move
        if gate.owner == me:
            return "fire at an enemy gate, not your own"
        if self.gates[g] != "closed":
            return f"gate {gate.id} is {self.gates[g]}"
        s = gate.section
        if self.section_cannon(s, me) < 0 or self.sec_men[me][s] < 3:
            return (f"firing at gate {gate.id} needs your cannon and 3 of your men in section "
                    f"{M.SECTIONS[s].number}")
        return None

    # -- TNT ---------------------------------------------------------------------------------------
    def _why_tnt(self, mv: Tnt) -> str | None:
        me = self.to_move
        if self.tnt_left[me] <= 0:
            return "you have no TNT cases left"
        if mv.gate >= 0:
            return self._why_gate_tnt(mv.gate)
        b = mv.box
        if b not in BRIDGE_END:
            return "TNT goes at a bridge end (name the box next to the bridge) or under an enemy gate"
        br = BRIDGE_END[b]
        num = M.BRIDGES[br].number
        if not self.bridges[br]:
            return f"bridge {num} is down"
        if self.tnt[me] >= 0:
            return "you already have a lit TNT case: shoot it first"
        if any(t >= 0 and BRIDGE_END[t] == br for t in self.tnt):
            return f"bridge {num} already carries TNT"
        if self.occ[b] != me:
            return f"one of your men must stand on {box_name(b)}, next to bridge {num}"
        s = SEC[b]
        if s in self.sieges:
            return f"win the attack on section {M.SECTIONS[s].number} first"
        if self.sec_men[me][s] < 2:
            return f"placing TNT needs 2 of your men in section {M.SECTIONS[s].number}"
        why = self._budget_reason(("m", b))
        if why:
            return why
        left = (self.budget - 1) if not self.each else self.sec_men[me][s]
        if self.sec_men[me][s] > left:
            return (f"your {self.sec_men[me][s]} men must all leave section {M.SECTIONS[s].number} "
                    f"this turn, and only {left} {'move is' if left == 1 else 'moves are'} left")
        return None

    def _why_gate_tnt(self, g: int) -> str | None:
        me = self.to_move
        if not 0 <= g < len(M.GATES):
            return "no such gate"
        gate = M.GATES[g]
        if gate.owner == me:
            return "TNT goes under an enemy gate"
        if self.gates[g] != "closed":
            return f"gate {gate.id} is {self.gates[g]}"
        if self.fuse >= 0:
            return "a fuse is already lit"
        s = gate.section
        if s in self.sieges or self.sec_men[me][s] < 5:
            return f"sliding TNT under gate {gate.id} needs 5 of your men in section {M.SECTIONS[s].number}"
        placer = next((b for b in gate.outside if self.occ[b] == me), -1)
        if placer < 0:
            names = " or ".join(box_name(b) for b in gate.outside)
            return f"one of your men must stand next to the gate, on {names}"
        why = self._budget_reason(("m", placer))
        if why:
            return why
        need = self.sec_men[me][s] - (ASSAULT_LIMIT - 2)
        if not self.each and self.budget - 1 < need:
            return (f"the man with the fuse and one other must leave the section this turn: "
                    f"{need + 1} moves needed")
        return None

    def _apply_tnt(self, mv: Tnt) -> None:
        me = self.to_move
        self.tnt_left[me] -= 1
        if mv.gate >= 0:
            gate = M.GATES[mv.gate]
            placer = next(b for b in gate.outside if self.occ[b] == me)
            self._spend(("m", placer))
            self.fuse = mv.gate
            self.fuse_man = placer
            self.limits[gate.section] = ASSAULT_LIMIT - 2
            self.events.append(f"TNT under gate {gate.id}: the fuse is lit")
            return
        self._spend(("m", mv.box))
        self.tnt[me] = mv.box
        s = SEC[mv.box]
        self.limits[s] = 0
        self.events.append(f"TNT placed at bridge {M.BRIDGES[BRIDGE_END[mv.box]].number}")

    def _resolve_tnt_shot(self, right: bool) -> None:
        me = self.to_move
        b = self.tnt[me]
        self.tnt[me] = -1
        br = BRIDGE_END[b]
        num = M.BRIDGES[br].number
        if not right:
            self.events.append(f"the TNT at bridge {num} was a dud")
            return
        self._blow_bridge(br)
        s = SEC[b]
        killed = 0
        for x in SECTION_BOXES[s]:
            if self.occ[x] != EMPTY:
                self._lift(x)
                killed += 1
        cid = self.sec_cannon[s]
        if cid >= 0:
            self._destroy_cannon(cid)
        self.progress = True
        what = f", killing {killed} {'man' if killed == 1 else 'men'}" if killed else ""
        what += " and a cannon" if cid >= 0 else ""
        self.events.append(f"bridge {num} blew up{what} in section {M.SECTIONS[s].number}")

    # -- blowing up ----------------------------------------------------------------------------
    def _blow_bridge(self, br: int) -> None:
        self.bridges[br] = False
        self.progress = True
        for p in (0, 1):
            if self.tnt[p] >= 0 and BRIDGE_END[self.tnt[p]] == br:
                self.tnt[p] = -1

    def _destroy_gate(self, g: int, how: str) -> None:
        gate = M.GATES[g]
        self.gates[g] = "destroyed"
        self.progress = True
        winner = 1 - gate.owner
        self._finish(winner, f"{NAMES[winner]} {how} gate {gate.id}: {NAMES[gate.owner]}'s fort surrenders")


def tnt_placements(state: CannonBallState) -> list[Tnt]:
    """The TNT cases the mover may place now (bridge ends and enemy gates)."""
    if state.phase != MOVING:
        return []
    return [m for m in state.legal_moves() if isinstance(m, Tnt)]


def crossing_piece(state: CannonBallState) -> dict[str, Any] | None:
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
