"""The Cannon Ball AI's macro actions: the building blocks of a planned move turn.

A macro is a short list of small moves that makes sense on its own: one man walked
along a shortest legal path towards a target, an attack that brings enough force
into an enemy section in one go, a cannon moved one section, a TNT case placed
with the men leaving its section, five men sliding TNT under a closed gate. The
planner in :mod:`games.cannon_ball.ai` tries them on copies of the position; they
live apart because generating them is most of the AI's knowledge of the rules,
while the planner only searches and scores.
"""
from __future__ import annotations

from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules.cannons import cannon_candidates
from games.core.ai import ThinkContext

from .distances import INF, SEC, Fields, fields, has_route, rebuild_sections
from .evaluation import REBUILD_STEPS, assault_chance, men_boxes, rebuild_gain
from .levels import STANDOFF, Level


class MacroPlanner:
    """The macro actions of one AI seat at level ``cfg`` (its
    :class:`~games.cannon_ball.ai.player.CannonBallAI` holds one)."""

    def __init__(self, cfg: Level):
        self.cfg = cfg

    def macros(self, st: R.CannonBallState, me: int, F: Fields, ctx: ThinkContext) -> list[list]:
        out: list[list] = []
        reaches: dict[int, dict[int, R.Reach]] = {}
        for b in range(M.N_BOXES):
            if st.occ[b] == me:
                r = R.reachable(st, b)
                if r:
                    reaches[b] = r
        targets = self._targets(st, me, F)
        for b, r in reaches.items():
            out += self._man_macros(st, b, r, targets, F)
        # Easy plans no attacks, but a standoff (nothing lost for STANDOFF turns) would end
        # in a truce: then it attacks too, so a new player's sparring games finish.
        if self.cfg.attacks or st.quiet >= STANDOFF:
            out += self._attack_macros(st, me, reaches)
        out += self._cannon_macros(st, me)
        if self.cfg.tnt:
            out += self._tnt_macros(st, me)
        out += self._gate_assault_macros(st, me)
        return out

    def _gate_assault_macros(self, st: R.CannonBallState, me: int) -> list[list]:
        """Five men before a closed enemy gate: one steps next to it, slides the TNT
        under, and two leave the section (the gate blows when the turn ends)."""
        out: list[list] = []
        if st.tnt_left[me] <= 0 or st.fuse >= 0:
            return out
        for g in M.FORTS[1 - me].gates:
            s = M.GATES[g].section
            if st.gates[g] != "closed" or st.sec_men[me][s] < 5 or s in st.sieges:
                continue
            sim = st.copy()
            moves: list = []
            if self._man_to_gate(sim, moves, me, g) and self._play_into(sim, moves, [R.Tnt(gate=g)]):
                self._leave_section(sim, moves, me, s, M.GATES[g].outside)
                out.append(moves)
        return out

    def _man_to_gate(self, sim: R.CannonBallState, moves: list, me: int, g: int) -> bool:
        gate = M.GATES[g]
        if any(sim.occ[b] == me for b in gate.outside):
            return True
        best = None
        for b in M.SECTIONS[gate.section].boxes:
            if sim.occ[b] == me:
                r = R.reachable(sim, b)
                for o in gate.outside:
                    if o in r and (best is None or r[o].cost < best[0]):
                        best = (r[o].cost, b, o)
        return best is not None and self._play_into(sim, moves, R.path_to(sim, best[1], best[2]))

    def _leave_section(self, sim: R.CannonBallState, moves: list, me: int, s: int, first: tuple) -> None:
        """Walk men out of section ``s`` until it is within this turn's limit."""
        for _ in range(max(0, sim.sec_men[me][s] - sim.limit(me, s))):
            order = sorted((b for b in M.SECTIONS[s].boxes if sim.occ[b] == me), key=lambda b: (b not in first, b))
            for b in order:
                r = R.reachable(sim, b)
                dest = min((d for d, x in r.items() if SEC[d] != s and x.attack < 0),
                           key=lambda d: (r[d].cost, d), default=None)
                if dest is not None and self._play_into(sim, moves, R.path_to(sim, b, dest)):
                    break
            else:
                return

    @staticmethod
    def _play_into(sim: R.CannonBallState, moves: list, seq: list) -> bool:
        for mv in seq:
            if sim.phase != Phase.MOVING or sim.why_illegal(mv) is not None:
                return False
            moves.append(mv)
            sim._apply(mv)
            if sim.phase == Phase.BRIDGE:
                sim._apply(R.Risk(True))
        return bool(seq)

    def _targets(self, st: R.CannonBallState, me: int, F: Fields) -> list[list[int]]:
        """Fields the men walk by: the enemy gate sections (nearest first) and, when
        the enemy threatens one of ours, our own gate sections."""
        out = []
        for g in M.FORTS[1 - me].gates:
            if st.gates[g] != "destroyed":
                out.append(F.box_to_section[M.GATES[g].section])
        if not has_route(st, me, F):       # cut off: walk to where a bridge can be rebuilt
            out += [F.box_to_section[s] for s in rebuild_sections(st)]
        elif self.cfg.rebuild:             # Hard: to a blown bridge that would shorten the way much
            out += [F.box_to_section[s] for s in self._worth_rebuilding(st, me, F)]
        if self.cfg.rebuild:      # Hard also walks men home to guard a threatened gate
            enemy = men_boxes(st, 1 - me)
            for g in M.FORTS[me].gates:
                s = M.GATES[g].section
                if assault_chance(st, 1 - me, s, F, enemy) > 0.05:
                    out.append(F.box_to_section[s])
        return out

    def _worth_rebuilding(self, st: R.CannonBallState, me: int, F: Fields) -> list[int]:
        """Sections on our side of the blown bridges worth rebuilding (see
        :func:`rebuild_gain`): where three men can try it."""
        out = []
        men = men_boxes(st, me)
        for br in M.BRIDGES:
            if not st.bridges[br.index] and men and rebuild_gain(st, me, br.index, F) >= REBUILD_STEPS:
                out.append(min(br.sections, key=lambda s: min(F.box_to_section[s][b] for b in men)))
        return out

    def _man_macros(self, st, b, r, targets, F) -> list[list]:
        picks: set[int] = set()
        for field in targets:
            here = field[b]
            best = min((d for d, x in r.items() if x.attack < 0),
                       key=lambda d: (field[d], r[d].cost, d), default=None)
            if best is not None and field[best] < here:
                picks.add(best)
            if self.cfg.per_man > 1 and best is not None:
                short = [d for d, x in r.items() if x.attack < 0 and x.cost <= max(1, r[best].cost // 2)]
                if short:
                    picks.add(min(short, key=lambda d: (field[d], d)))
        for d, x in r.items():
            if x.capture:
                picks.add(d)
        return [R.path_to(st, b, d) for d in sorted(picks)]

    def _attack_macros(self, st: R.CannonBallState, me: int, reaches) -> list[list]:
        out = []
        enemy_secs = {SEC[d] for r in reaches.values() for d, x in r.items() if x.attack >= 0}
        for s in sorted(enemy_secs):
            mac = self._plan_attack(st, me, s, reaches)
            if mac:
                out.append(mac)
        return out

    def _plan_attack(self, st: R.CannonBallState, me: int, s: int, reaches) -> list | None:
        """Moves that win section ``s`` this turn, or None: a convoy (cannon and two
        escorts) if one can enter, topped up with the nearest men."""
        f = R.force_in(st, s)
        d_men, d_can = f["defenders"], f["defender_cannon"]
        sim = st.copy()
        moves: list = []
        convoy = [m for cid in self._my_cannons(st, me) for m in cannon_candidates(st, cid, True)
                  if SEC[m.to[0]] == s and m.escorts]
        if convoy and sim.why_illegal(convoy[0]) is None:
            moves.append(convoy[0])
            sim._apply(convoy[0])
            if sim.phase == Phase.BRIDGE:
                sim._apply(R.Risk(True))
        men = sorted(((min((x.cost for d, x in r.items() if SEC[d] == s), default=INF), b)
                      for b, r in reaches.items()), key=lambda t: t[0])
        for cost, b in men:
            if cost >= INF or s not in sim.sieges and moves and not sim.enemy_held(s, me):
                break
            if sim.phase != Phase.MOVING:
                return None
            ff = R.force_in(sim, s)
            if ff["attacking"] and ff["wins"]:
                break
            if sim.occ[b] != me:
                continue
            r = R.reachable(sim, b)
            dest = min((d for d, x in r.items() if SEC[d] == s), key=lambda d: (r[d].cost, d), default=None)
            if dest is None:
                continue
            for mv in R.path_to(sim, b, dest):
                if sim.why_illegal(mv) is not None:
                    return None
                moves.append(mv)
                sim._apply(mv)
                if sim.phase == Phase.BRIDGE:
                    sim._apply(R.Risk(True))
        if s in sim.sieges or sim.holder(s) != me:
            return None
        del d_men, d_can
        return moves or None

    def _my_cannons(self, st: R.CannonBallState, me: int) -> list[int]:
        return [cid for cid, c in enumerate(st.cannons) if c is not None and c[0] == me]

    def _cannon_macros(self, st: R.CannonBallState, me: int) -> list[list]:
        out = []
        for cid in self._my_cannons(st, me):
            seen: set[tuple] = set()
            for m in cannon_candidates(st, cid, True):
                k = (SEC[m.to[0]] if SEC[m.to[0]] >= 0 else m.to, bool(m.escorts))
                if k in seen:
                    continue
                seen.add(k)
                out.append([m])
        return out

    def _tnt_macros(self, st: R.CannonBallState, me: int) -> list[list]:
        """TNT under a closed enemy gate when it can be placed now, and TNT at a bridge:
        two men walked into the bridge section (one onto the box next to the bridge),
        the case placed, every man walked out, all in this turn."""
        out = [[m] for m in R.tnt_placements(st) if m.gate >= 0]
        if st.tnt_left[me] <= 1 or st.tnt[me] >= 0:
            return out                    # the last case is kept for an enemy gate
        F = fields(st)
        for br in M.BRIDGES:
            if not st.bridges[br.index] or any(t >= 0 and R.BRIDGE_END[t] == br.index for t in st.tnt):
                continue
            cut = list(st.bridges)
            cut[br.index] = False
            if not has_route(st, me, fields(st, tuple(cut))):
                continue                  # never cut our own last way to an enemy gate
            for end in br.boxes:
                mac = self._bridge_tnt_at(st, me, end, F)
                if mac:
                    out.append(mac)
        return out

    def _bridge_tnt_at(self, st: R.CannonBallState, me: int, end: int, F: Fields) -> list | None:
        """The moves that put a TNT case at bridge end ``end`` this turn, or None."""
        s = SEC[end]
        if s < 0 or s in st.sieges or st.enemy_held(s, me):
            return None
        sim = st.copy()
        moves: list = []
        if sim.occ[end] != me:
            if sim.occ[end] != R.EMPTY:
                return None
            field = F.box_to_section[s]
            near = sorted((b for b in range(M.N_BOXES) if sim.occ[b] == me and SEC[b] != s), key=lambda b: field[b])
            for b in near[:4]:
                r = R.reachable(sim, b)
                if end in r and r[end].attack < 0 and not r[end].bridges:
                    if self._play_into(sim, moves, R.path_to(sim, b, end)):
                        break
            if sim.occ[end] != me:
                return None
        if sim.sec_men[me][s] < 2:
            field = F.box_to_section[s]
            near = sorted((b for b in range(M.N_BOXES) if sim.occ[b] == me and SEC[b] != s), key=lambda b: field[b])
            for b in near[:4]:
                r = R.reachable(sim, b)
                dest = min((d for d, x in r.items() if SEC[d] == s and x.attack < 0 and not x.bridges),
                           key=lambda d: (r[d].cost, d), default=None)
                if dest is not None and self._play_into(sim, moves, R.path_to(sim, b, dest)):
                    break
            if sim.sec_men[me][s] < 2:
                return None
        if not self._play_into(sim, moves, [R.Tnt(box=end)]):
            return None
        for b in [x for x in M.SECTIONS[s].boxes if sim.occ[x] == me]:
            r = R.reachable(sim, b)
            dest = min((d for d, x in r.items() if SEC[d] != s and x.attack < 0 and not x.bridges),
                       key=lambda d: (r[d].cost, d), default=None)
            if dest is None or not self._play_into(sim, moves, R.path_to(sim, b, dest)):
                return None
        return moves
