"""Cannon Ball's turn flow: the phases, the spinner, the legal moves and applying them.

Whose turn it is and the chance events (the opening spins, the Fort Commander, a
bridge holding or not), listing and checking the moves of each phase, applying a
move by dispatching it to the trooper, cannon, bridge and gate rules, the gambles'
outcomes, the end of a move turn (failed attacks, men beyond the limits, a lit
fuse) and how the war ends. It lives apart as the one place that knows the order
of a turn; the rules it calls are in the sibling modules.
"""
from __future__ import annotations

from typing import cast

from games.core.game import CHANCE, TERMINAL

from . import battlefield as M
from .bridges_and_gates import BridgeAndGateRules
from .cannons import CannonRules
from .moves import END, MOVE_CHOICE, SPINS, CannonMove, Choice, End, Move, Risk, Spin, Step, Tnt
from .tables import (BRIDGE, BRIDGE_END, CALLS, CHOOSE, LINKS, MOVING, N_BOXES, N_SECTIONS, NAMES, OPENING, OVER,
                     SEC, SECTION_BOXES, SPIN)
from .troopers import TrooperRules


class TurnRules(TrooperRules, CannonRules, BridgeAndGateRules):
    """The order of a turn and the move dispatch (a mixin of the game class)."""

    # -- whose turn --------------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == OVER:
            return TERMINAL
        if ph in (OPENING, SPIN, BRIDGE):
            return CHANCE
        return self.to_move

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        ph = self.phase
        if ph in (OPENING, SPIN):
            return [(s, 1 / 12) for s in SPINS]
        if ph == BRIDGE:
            return [(Risk(True), 1.0 - self.risk), (Risk(False), self.risk)]
        return []

    def chance_actor(self) -> int | None:
        if self.phase == OPENING:
            return len(self.opening)
        if self.phase == SPIN:
            return self.to_move
        return None

    def ply(self) -> int:
        return self._ply

    # -- legal moves ---------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[Move]:
        ph = self.phase
        if ph == CHOOSE:
            return self._gen_choices()
        if ph == MOVING:
            return self._gen_moving()
        return []

    def _gen_choices(self) -> list[Move]:
        me = self.to_move
        if self.tnt[me] >= 0:
            return [Choice("tnt", -1, c) for c in CALLS]
        out: list[Move] = [MOVE_CHOICE]
        for g in M.FORTS[me].gates:
            st = self.gates[g]
            if st != "destroyed":
                out.append(Choice("close" if st == "open" else "open", g))
        for br in M.BRIDGES:
            if self._why_rebuild(br.index) is None:
                out += [Choice("rebuild", br.index, c) for c in CALLS]
        for g in M.FORTS[1 - me].gates:
            if self._why_fire(g) is None:
                out += [Choice("fire", g, c) for c in CALLS]
        return out

    def _gen_moving(self) -> list[Move]:
        out: list[Move] = [END]
        me = self.to_move
        if not self.each and self.budget <= 0:
            return out
        occ = self.occ
        for b in range(N_BOXES):
            if occ[b] == me:
                for v, _br, _g in LINKS[b]:
                    if self._why_step(b, v) is None:
                        out.append(Step(b, v))
        for cid, c in enumerate(self.cannons):
            if c is not None and c[0] == me:
                out += self._cannon_candidates(cid, legal_only=True)
        for b in BRIDGE_END:
            if occ[b] == me and self._why_tnt(Tnt(box=b)) is None:
                out.append(Tnt(box=b))
        for g in M.FORTS[1 - me].gates:
            if self._why_tnt(Tnt(gate=g)) is None:
                out.append(Tnt(gate=g))
        return out

    # -- legality ------------------------------------------------------------------------------
    def why_illegal(self, move: object) -> str | None:
        ph = self.phase
        if ph == OVER:
            return "the game is over"
        if ph in (OPENING, SPIN):
            if isinstance(move, Spin) and 1 <= move.value <= 12:
                return None
            return "the Fort Commander must be spun now"
        if ph == BRIDGE:
            if isinstance(move, Risk) and (move.holds or self.risk > 0):
                return None
            return "the bridge must first hold or give way"
        if ph == CHOOSE:
            return self._why_choice(move)
        return self._why_moving(move)

    def _why_choice(self, move: object) -> str | None:
        if not isinstance(move, Choice):
            if isinstance(move, (Step, CannonMove, Tnt, End)):
                return "choose your turn first: a move turn (move), a gate turn or a gamble"
            return "not a choice of turn"
        me = self.to_move
        k = move.kind
        if self.tnt[me] >= 0:
            if k == "tnt" and move.call in CALLS:
                return None
            return (f"your TNT at bridge {M.BRIDGES[BRIDGE_END[self.tnt[me]]].number} must be shot this turn: "
                    "tnt odd or tnt even")
        if k == "move":
            return None
        if k in ("open", "close"):
            return self._why_gate_turn(move)
        if move.call not in CALLS:
            return "call odd or even"
        if k == "tnt":
            return "you have no lit TNT case to shoot"
        if k == "rebuild":
            if not 0 <= move.target < len(M.BRIDGES):
                return "no such bridge"
            return self._why_rebuild(move.target)
        if k == "fire":
            if not 0 <= move.target < len(M.GATES):
                return "no such gate"
            return self._why_fire(move.target)
        return "not a choice of turn"

    def _why_moving(self, move: object) -> str | None:
        if isinstance(move, End):
            return None
        if isinstance(move, Step):
            return self._why_step(move.frm, move.to)
        if isinstance(move, CannonMove):
            return self._why_cannon(move)
        if isinstance(move, Tnt):
            return self._why_tnt(move)
        if isinstance(move, Choice):
            return "you are in the middle of a move turn (end it with: end)"
        return "not a move of a move turn"

    # -- applying ------------------------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        # the move is legal (why_illegal said so), so the phase says what it is: a spin
        # at the opening and the spin, a bridge's fate, a choice of turn, else a move
        # turn's end, step, cannon move or TNT (the casts say what why_illegal checked)
        self.events = []
        self._legal = None
        self._xc = None
        ph = self.phase
        if ph == OPENING:
            self._apply_opening(cast(Spin, move).value)
        elif ph == SPIN:
            self._apply_spin(cast(Spin, move).value)
        elif ph == BRIDGE:
            self._apply_risk(cast(Risk, move).holds)
        elif ph == CHOOSE:
            self._apply_choice(cast(Choice, move))
        elif isinstance(move, End):
            self._end_turn()
        elif isinstance(move, Step):
            self._apply_step(move)
        elif isinstance(move, CannonMove):
            self._apply_cannon(move)
        else:
            self._apply_tnt(cast(Tnt, move))
        self._ply += 1
        if self.phase not in (OVER, OPENING):
            self._check_wins()

    def _apply_opening(self, v: int) -> None:
        self.opening.append(v)
        if len(self.opening) < 2:
            return
        a, b = self.opening
        if a == b:
            self.events.append("a tie: both spin again")
            self.opening = []
            return
        first = 0 if a > b else 1
        self.to_move = first
        self._start_moving(max(a, b))
        self.events.append(f"{NAMES[first]} moves first with {max(a, b)}")

    def _apply_choice(self, mv: Choice) -> None:
        self.choice = mv
        if mv.kind in ("open", "close"):
            self.gates[mv.target] = "open" if mv.kind == "open" else "closed"
            self._end_turn()
            return
        self.phase = SPIN

    def _apply_spin(self, v: int) -> None:
        ch = self.choice
        assert ch is not None
        self.spin = v
        if ch.kind == "move":
            self._start_moving(v)
            return
        right = (v % 2 == 1) == (ch.call == "odd")
        self.events.append(f"{v} is {'odd' if v % 2 else 'even'}: {'right' if right else 'wrong'}")
        if ch.kind == "tnt":
            self._resolve_tnt_shot(right)
        elif ch.kind == "rebuild":
            if right:
                self.bridges[ch.target] = True
                self.progress = True
                self.events.append(f"bridge {M.BRIDGES[ch.target].number} is rebuilt")
        elif ch.kind == "fire" and right:
            self._destroy_gate(ch.target, "shot down")
            return
        self._end_turn()

    def _apply_risk(self, holds: bool) -> None:
        cr = self.crossing
        assert cr is not None
        self.crossing = None
        self.phase = MOVING
        num = M.BRIDGES[cr[4] if cr[0] == "cannon" else cr[3]].number
        if holds:
            self.events.append(f"bridge {num} held")
            if cr[0] == "man":
                self._arrive(cr[4], cr[2])
            else:
                self._cannon_land(cr[1], cr[2], len(cr[3]), cr[6])
            return
        if cr[0] == "man":
            self.events.append(f"bridge {num} exploded! The man crossing it is lost")
            self.spent.pop(("m", cr[2]), None)
        else:
            self._destroy_cannon(cr[1])
            self.events.append(f"bridge {num} exploded! The cannon and its escorts are lost")
        self.progress = True
        self._blow_bridge(cr[4] if cr[0] == "cannon" else cr[3])
        self._end_turn(forfeit=True)

    # -- the end of a turn ------------------------------------------------------------------------
    def _end_turn(self, forfeit: bool = False) -> None:
        me = self.to_move
        self._lose_failed_attacks()
        if self.fuse >= 0 and self.fuse_man >= 0 and SEC[self.fuse_man] == M.GATES[self.fuse].section:
            self._lift(self.fuse_man)          # he stayed by the gate he lit: the blast takes him
            self.progress = True
            self.events.append(f"the man who lit the fuse under gate {M.GATES[self.fuse].id} did not get out")
        for s in range(N_SECTIONS):
            over = self.sec_men[me][s] - self.limit(me, s)
            if over > 0:
                for b in sorted((b for b in SECTION_BOXES[s] if self.occ[b] == me), reverse=True)[:over]:
                    self._lift(b)
                self.progress = True
                self.events.append(f"{over} {'man' if over == 1 else 'men'} beyond the limit of section "
                                   f"{M.SECTIONS[s].number} {'was' if over == 1 else 'were'} lost")
        fuse = self.fuse
        self.fuse = -1
        self.fuse_man = -1
        self.limits = {}
        self.spent = {}
        self.budget = 0
        self.choice = None
        if fuse >= 0:
            self._destroy_gate(fuse, "blew up")
            return
        self.turn += 1
        if self.progress:
            self.quiet = 0
        else:
            self.quiet += 1
        self.progress = False
        self.to_move = 1 - me
        self.phase = CHOOSE
        self._check_wins()
        if self.phase != OVER:
            self._check_truce()

    def _check_wins(self) -> None:
        me = self.to_move
        deserted = [self.home_count(p) == 0 for p in (0, 1)]
        if deserted[0] and deserted[1]:
            self._finish(None, "Both forts stand empty: a draw")
            return
        for p in (0, 1):
            if deserted[1 - p]:
                self._finish(p, f"{NAMES[1 - p]} left the fort and its gate sections empty: {NAMES[p]} wins")
                return
        for p in (me, 1 - me):
            for g in M.FORTS[1 - p].gates:
                if self._open_gate_taken(p, g):
                    gate = M.GATES[g]
                    self._finish(p, f"{NAMES[p]} stands before the open gate {gate.id}: "
                                    f"{NAMES[1 - p]}'s fort surrenders")
                    return

    def _open_gate_taken(self, p: int, g: int) -> bool:
        if self.gates[g] != "open":
            return False
        s = M.GATES[g].section
        if s in self.sieges or self.sec_men[1 - p][s] > 0:
            return False
        n = self.sec_men[p][s]
        return n >= 5 or (n >= 3 and self.section_cannon(s, p) >= 0)

    def _check_truce(self) -> None:
        if not self.has_army(0) and not self.has_army(1):
            self._finish(None, "Neither side can take a fort any more: a truce")
        elif self.quiet >= self.quiet_turns:
            self._finish(None, f"{self.quiet_turns} turns without a loss: a truce")
        elif self.turn >= self.turn_limit:
            self._finish(None, f"The war lasted {self.turn_limit} turns: a truce")
