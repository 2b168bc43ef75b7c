"""The computer opponent for Cannon Ball: Easy, Normal and Hard.

A move turn's spin is known before the first move, so each level *plans the whole
turn* at its first small move (docs/cannon_ball_ai.md has the details and figures):
it builds the turn from "macro" actions (walk one man along a shortest legal path,
an attack that brings enough force into an enemy section in one go, a cannon
moving one section with escorts or passed, a TNT case with the men leaving its
section), simulates each on a copy of the position (bridges assumed to hold, each
crossing charged its risk), ends the turn on the copy and scores the result. The
plan is cached keyed by the position and followed on the following calls; any
other position (a bridge that gave way, an undo) is planned afresh, so the AI
always returns a legal move.

* **Easy**: greedy, one macro at a time, men and cannons only (no planned attacks,
  no TNT), with noise; closes a gate only when enemies stand before it.
* **Normal**: greedy with planned attacks and a threat-aware gate policy.
* **Hard**: a beam search over macro sequences, planned attacks, TNT to cut the
  bridges the enemy needs, rebuilding the ones it needs, and an evaluation that
  also weighs what the enemy can destroy or assault on its next turn.

Gambles are weighed as chance: firing at a closed gate wins half the time and is
always taken; a bridge crossing costs its chance of explosion times what would be
lost. Randomness comes only from ``ctx.rng``; ``ctx.check()`` is called between
simulations.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.ai import ThinkContext

from . import battlefield as M
from . import rules as R

INF = 10_000
WIN = 100_000.0
MAN = 10.0
CANNON = 26.0
N_SECTIONS = M.N_SECTIONS
SEC = R.SEC


# -- static fields (cached per state of the bridges and gates) ---------------------------------------

class Fields:
    """Distances on the map as it stands (bridges up or down, gates open or shut),
    ignoring the pieces: ``box_to_section[s][box]`` steps for a man to enter section
    ``s``; ``sections[a][b]`` section moves for a cannon."""

    def __init__(self, bridges: tuple[bool, ...], gates: tuple[str, ...]):
        self.bridges = bridges
        self.gates = gates
        self.box_to_section = [self._bfs(M.SECTIONS[s].boxes) for s in range(N_SECTIONS)]
        self.sections = [self._sec_bfs(s) for s in range(N_SECTIONS)]
        # a cannon in a fort: large-box steps to each gate's inside box
        self.fort_to_gate: dict[int, dict[int, int]] = {}
        for g in M.GATES:
            d = {g.inside: 0}
            todo = [g.inside]
            while todo:
                u = todo.pop(0)
                for v in M.LARGE_NEIGHBOURS.get(u, ()):
                    if v not in d:
                        d[v] = d[u] + 1
                        todo.append(v)
            self.fort_to_gate[g.index] = d

    def _bfs(self, targets: tuple[int, ...]) -> list[int]:
        dist = [INF] * M.N_BOXES
        q = list(targets)
        for t in targets:
            dist[t] = 0
        i = 0
        while i < len(q):
            u = q[i]
            i += 1
            du = dist[u] + 1
            for v, br, g in R.LINKS[u]:
                if dist[v] <= du:
                    continue
                if br >= 0 and not self.bridges[br]:
                    continue
                if g >= 0 and self.gates[g] == "closed":
                    continue
                dist[v] = du
                q.append(v)
        return dist

    def _sec_bfs(self, s: int) -> list[int]:
        dist = [INF] * N_SECTIONS
        dist[s] = 0
        q = [s]
        i = 0
        while i < len(q):
            u = q[i]
            i += 1
            nb = list(M.SECTION_NEIGHBOURS[u])
            for br in R.SECTION_BRIDGES[u]:
                if self.bridges[br]:
                    a, b = M.BRIDGES[br].sections
                    nb.append(b if a == u else a)
            for v in nb:
                if dist[v] > dist[u] + 1:
                    dist[v] = dist[u] + 1
                    q.append(v)
        return dist

    def cannon_to(self, st: R.CannonBallState, cid: int, s: int) -> int:
        """Section moves for cannon ``cid`` to reach section ``s``."""
        c = st.cannons[cid]
        if c is None:
            return INF
        b = c[1][0]
        if SEC[b] >= 0:
            return self.sections[SEC[b]][s]
        best = INF
        for g in M.FORTS[c[0]].gates:
            gate = M.GATES[g]
            if self.gates[g] == "closed":
                continue
            steps = self.fort_to_gate[g].get(b, INF)
            best = min(best, steps + 1 + self.sections[gate.section][s])
        return best


_FIELDS: dict[tuple, Fields] = {}


def fields(st: R.CannonBallState, bridges: tuple[bool, ...] | None = None) -> Fields:
    key = (tuple(st.bridges) if bridges is None else bridges, tuple(st.gates))
    f = _FIELDS.get(key)
    if f is None:
        if len(_FIELDS) > 256:
            _FIELDS.clear()
        f = _FIELDS[key] = Fields(*key)
    return f


def has_route(st: R.CannonBallState, p: int, F: Fields) -> bool:
    """Can any man of ``p``'s still walk to an enemy gate section on this map?"""
    for g in M.FORTS[1 - p].gates:
        field = F.box_to_section[M.GATES[g].section]
        if any(field[b] < INF for b in range(M.N_BOXES) if st.occ[b] == p):
            return True
    return False


def rebuild_sections(st: R.CannonBallState) -> list[int]:
    """The sections at the ends of the blown bridges (where three men may rebuild one)."""
    return [s for br in M.BRIDGES if not st.bridges[br.index] for s in br.sections]


def stuck_pull(st: R.CannonBallState, p: int, F: Fields, w: "Weights", men: list[int]) -> float:
    """When the river cuts ``p`` off from every enemy gate: the pull of the nearest
    blown-bridge end, where three men can try to rebuild (0 while a way is open)."""
    if has_route(st, p, F):
        return 0.0
    best = 0.0
    for s in rebuild_sections(st):
        field = F.box_to_section[s]
        ds = sorted(field[b] for b in men)[:3]
        best = max(best, sum(w.near * w.decay ** d for d in ds if d < INF))
    return best


def p_spin_at_least(cost: float) -> float:
    """The chance that a spin of 1-12 gives at least ``cost`` moves."""
    if cost <= 1:
        return 1.0
    if cost > 12:
        return 0.0
    return (13 - cost) / 12


# -- evaluation -----------------------------------------------------------------------------------

@dataclass
class Weights:
    man: float = MAN
    cannon: float = CANNON
    tnt: float = 0.6
    near: float = 7.0              # a man's pull towards an enemy gate section
    decay: float = 0.87            # per step away
    group: int = 5                 # the nearest men count fully, the rest less and less
    tail: float = 0.35
    cannon_near: float = 10.0
    in_section: float = 4.0        # per man already in the enemy gate section
    gamble_ready: float = 45.0     # cannon + 3 men before a closed gate: a coin flip a turn
    tnt_ready: float = 70.0        # 5 men before a closed gate with a TNT case left
    raid: float = 0.0              # expected loss to an enemy man slipping in through an open gate
    closed: float = 0.8            # an enemy gate shut: the assault is slower
    home_min: int = 4
    home_short: float = 14.0
    vulnerable: float = 0.8        # expected loss of what the enemy can destroy next turn
    gate_threat: float = 0.0       # expected loss of the game through an open gate next turn
    second_gate: float = 0.3


def _men_boxes(st: R.CannonBallState, p: int) -> list[int]:
    occ = st.occ
    return [b for b in range(M.N_BOXES) if occ[b] == p]


def offence(st: R.CannonBallState, p: int, F: Fields, w: Weights, men: list[int]) -> float:
    """How close ``p`` is to assaulting an enemy gate: the best gate counts fully,
    the other a little."""
    q = 1 - p
    vals = []
    dec = w.decay
    for g in M.FORTS[q].gates:
        gate = M.GATES[g]
        if st.gates[g] == "destroyed":
            continue
        s = gate.section
        field = F.box_to_section[s]
        ds = sorted(field[b] for b in men)
        o = 0.0
        k = 1.0
        for i, d in enumerate(ds):
            if d >= INF:
                break
            if i >= w.group:
                k *= w.tail
                if k < 0.01:
                    break
            o += k * w.near * dec ** d
        best_c = INF
        for cid, c in enumerate(st.cannons):
            if c is not None and c[0] == p:
                best_c = min(best_c, F.cannon_to(st, cid, s))
        if best_c < INF:
            o += w.cannon_near * 0.8 ** best_c
        if st.sec_men[q][s] == 0 and s not in st.sieges:
            n = st.sec_men[p][s]
            o += w.in_section * n
            if n >= 3 and st.section_cannon(s, p) >= 0:
                o += w.gamble_ready
            if n >= 5 and st.tnt_left[p] > 0:
                o += w.tnt_ready
        if st.gates[g] == "closed":
            o *= w.closed
        vals.append(o)
    if not vals:
        return 0.0
    vals.sort(reverse=True)
    return vals[0] + w.second_gate * sum(vals[1:])


def vulnerability(st: R.CannonBallState, p: int, F: Fields, w: Weights, enemy_men: list[int]) -> float:
    """Expected loss if ``p``'s enemy moves next: sections it could destroy, cannons
    it could capture (the chance its spin is big enough, times what would be lost)."""
    q = 1 - p
    total = 0.0
    convoys = []
    for cid, c in enumerate(st.cannons):
        if c is not None and c[0] == q:
            cs = SEC[c[1][0]]
            if cs >= 0 and st.sec_men[q][cs] >= 2:
                convoys.append(cid)
    for s in range(N_SECTIONS):
        n = st.sec_men[p][s]
        mine = st.section_cannon(s, p) >= 0
        if n == 0 and not mine:
            continue
        value = w.man * n + (w.cannon if mine else 0.0)
        field = F.box_to_section[s]
        if n == 0:           # an unguarded cannon: the first enemy man in takes it
            d = min((field[b] for b in enemy_men), default=INF)
            total += p_spin_at_least(d) * w.cannon * 2
            continue
        cost = INF
        if not mine:
            ds = sorted(field[b] for b in enemy_men)[: n + 1]
            if len(ds) == n + 1:
                cost = sum(ds)
        for cid in convoys:
            k = F.cannon_to(st, cid, s)
            extra = 0
            if mine:
                need = n + 1 - 2
                ds = sorted(field[b] for b in enemy_men)[:need] if need > 0 else []
                extra = sum(ds) + (INF if len(ds) < need else 0)
            cost = min(cost, k + extra)
        if cost < INF:
            total += p_spin_at_least(cost) * value
    return total * w.vulnerable


def gate_threat(st: R.CannonBallState, p: int, F: Fields, enemy_men: list[int]) -> float:
    """The chance that ``p``'s enemy wins through one of ``p``'s open gates on its
    next turn (5 men, or a cannon and 3 men, in the gate section)."""
    q = 1 - p
    best = 0.0
    for g in M.FORTS[p].gates:
        if st.gates[g] != "open":
            continue
        best = max(best, assault_chance(st, q, M.GATES[g].section, F, enemy_men))
    return best


def raid_threat(st: R.CannonBallState, p: int, F: Fields, enemy_men: list[int]) -> float:
    """Expected men ``p`` loses to an enemy man walking in through an open gate of his
    (one whose gate section holds none of ``p``'s men) and capturing box by box."""
    best = 0.0
    for g in M.FORTS[p].gates:
        gate = M.GATES[g]
        if st.gates[g] == "closed" or st.sec_men[p][gate.section] > 0:
            continue
        field = F.box_to_section[gate.section]
        for b in enemy_men:
            d = field[b] + 1
            if d <= 12:
                best = max(best, sum(p_spin_at_least(d + k) for k in range(1, 8)))
    return best


def assault_chance(st: R.CannonBallState, q: int, s: int, F: Fields, q_men: list[int]) -> float:
    """Chance that ``q`` gets 5 men, or a cannon and 3 men, into section ``s`` next turn."""
    field = F.box_to_section[s]
    ds = sorted(field[b] for b in q_men)
    cost = sum(ds[:5]) if len(ds) >= 5 else INF
    for cid, c in enumerate(st.cannons):
        if c is not None and c[0] == q:
            k = F.cannon_to(st, cid, s)
            if k < INF and len(ds) >= 3:
                cost = min(cost, k + ds[0])
    defenders = st.sec_men[1 - q][s]
    if defenders:
        cost += 2 + defenders
    return p_spin_at_least(cost)


def evaluate(st: R.CannonBallState, me: int, w: Weights, F: Fields | None = None) -> float:
    """The position's worth for ``me`` (positive: good), after ``me``'s turn ended."""
    if st.phase == R.OVER:
        win = st.winner()
        return 0.0 if win is None else (WIN if win == me else -WIN)
    F = F or fields(st)
    men = (_men_boxes(st, 0), _men_boxes(st, 1))
    score = 0.0
    for p, sign in ((me, 1.0), (1 - me, -1.0)):
        s = w.man * st.men[p] + w.cannon * st.cannon_count(p) + w.tnt * st.tnt_left[p]
        s += offence(st, p, F, w, men[p]) + stuck_pull(st, p, F, w, men[p])
        h = st.home_count(p)
        if h < w.home_min:
            s -= (w.home_min - h) * w.home_short
        score += sign * s
    nxt = st.to_move if st.phase in (R.CHOOSE, R.SPIN) else 1 - me
    victim = 1 - nxt
    if w.vulnerable:
        v = vulnerability(st, victim, F, w, men[nxt])
        score += -v if victim == me else v
    if w.gate_threat:
        t = gate_threat(st, victim, F, men[nxt]) * w.gate_threat
        score += -t if victim == me else t
    if w.raid:
        t = raid_threat(st, victim, F, men[nxt]) * w.raid
        score += -t if victim == me else t
    for p, sign in ((me, 1.0), (1 - me, -1.0)):
        if st.tnt[p] >= 0:                  # a lit case: half a chance the bridge goes
            br = R.BRIDGE_END[st.tnt[p]]
            cut = list(st.bridges)
            cut[br] = False
            F2 = fields(st, tuple(cut))
            gain = (offence(st, 1 - p, F, w, men[1 - p]) - offence(st, 1 - p, F2, w, men[1 - p])
                    - (offence(st, p, F, w, men[p]) - offence(st, p, F2, w, men[p])))
            score += sign * 0.5 * gain
    return score


# -- the levels ----------------------------------------------------------------------------------

@dataclass
class Level:
    name: str
    beam: int = 1
    noise: float = 0.0
    attacks: bool = True
    tnt: bool = False
    rebuild: bool = False
    seconds: float = 1.0
    max_macros: int = 14
    per_man: int = 2
    weights: Weights | None = None
    gate_policy: str = "threat"        # "threat" or "late"
    close_at: float = 0.2


LEVELS = {
    "easy": Level("easy", beam=1, noise=3.0, attacks=False, seconds=0.5, per_man=1,
                  weights=Weights(vulnerable=0.0, home_min=3), gate_policy="late"),
    "normal": Level("normal", beam=1, noise=0.0, attacks=True, seconds=1.0, per_man=1,
                    weights=Weights(vulnerable=0.0, raid=0.0), close_at=0.5),
    "hard": Level("hard", beam=3, noise=0.0, attacks=True, tnt=True, rebuild=True, seconds=1.2, per_man=2,
                  weights=Weights(vulnerable=0.4, gate_threat=60.0, raid=10.0), close_at=0.85),
}


class _OutOfTime(Exception):
    pass


@dataclass
class _Node:
    st: R.CannonBallState
    moves: list
    keys: list
    score: float
    penalty: float


def _key(st: R.CannonBallState) -> tuple:
    return (st.ply(), st.budget, st.phase, tuple(st.occ), tuple(sorted(st.cannon_at.items())))


class CannonBallAI:
    """One AI seat. ``choose(view, ctx)`` returns a legal move for any position."""

    def __init__(self, level: str = "normal", seat: int = 0, options: dict | None = None):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.cfg = LEVELS[level]
        self.w = self.cfg.weights or Weights()
        self.seat = seat
        self.plan: list[tuple[tuple, Any]] = []
        self.last_stats: dict[str, Any] = {}

    # -- the interface ---------------------------------------------------------------------------
    def choose(self, view: R.CannonBallState, ctx: ThinkContext):
        ctx.check()
        if view.phase == R.CHOOSE:
            self.plan = []
            return self._choose_turn(view, ctx)
        if view.phase != R.MOVING:
            legal = view.legal_moves()
            if not legal:
                raise ValueError("no move to choose here")
            return legal[0]
        key = _key(view)
        while self.plan:
            k, mv = self.plan.pop(0)
            if k == key and view.why_illegal(mv) is None:
                return mv
        moves = self._plan_turn(view, ctx)
        self.plan = list(moves[1:])
        k, mv = moves[0]
        if view.why_illegal(mv) is None:
            return mv
        self.plan = []
        return R.END

    # -- choosing the kind of turn ---------------------------------------------------------------
    def _choose_turn(self, st: R.CannonBallState, ctx: ThinkContext):
        legal = st.legal_moves()
        me = st.to_move
        if st.tnt[me] >= 0:
            return ctx.rng.choice([m for m in legal if m.kind == "tnt"])
        fire = [m for m in legal if m.kind == "fire"]
        if fire:
            return ctx.rng.choice(fire)
        F = fields(st)
        enemy_men = _men_boxes(st, 1 - me)
        gate = self._gate_choice(st, legal, F, enemy_men, ctx)
        if gate is not None:
            return gate
        if any(m.kind == "rebuild" for m in legal):
            rb = self._rebuild_choice(st, legal, ctx, stuck_only=not self.cfg.rebuild)
            if rb is not None:
                return rb
        return R.MOVE_CHOICE

    def _gate_risk(self, st, g, F, enemy_men) -> float:
        """How likely an open gate of the mover's is to cost the game or a raid next turn."""
        me = st.to_move
        s = M.GATES[g].section
        if self.cfg.gate_policy == "late":
            near = sum(1 for b in enemy_men if F.box_to_section[s][b] <= 2)
            return 1.0 if near >= 1 and st.sec_men[me][s] == 0 else 0.0
        risk = assault_chance(st, 1 - me, s, F, enemy_men)
        field = F.box_to_section[s]
        guards_near = sum(1 for b in M.SECTIONS[s].boxes if st.occ[b] == me)
        if guards_near == 0:
            d = min((field[b] for b in enemy_men), default=INF)
            raid = p_spin_at_least(d + 2)
            cover = min((field[b] for b in range(M.N_BOXES) if st.occ[b] == me), default=INF)
            if cover <= 2:           # a man of ours can step in first
                raid *= 0.3
            risk = max(risk, raid)
        return risk

    def _gate_choice(self, st, legal, F, enemy_men, ctx):
        me = st.to_move
        worst, worst_g = 0.0, -1
        for g in M.FORTS[me].gates:
            if st.gates[g] != "open":
                continue
            risk = self._gate_risk(st, g, F, enemy_men)
            if risk > worst:
                worst, worst_g = risk, g
        if worst_g >= 0 and worst >= self.cfg.close_at:
            return R.Choice("close", worst_g)
        # reopen a shut gate when nothing threatens it and men are stuck inside
        for g in M.FORTS[me].gates:
            if st.gates[g] != "closed" or self.cfg.gate_policy == "late":
                continue
            probe = st.copy()
            probe.gates[g] = "open"
            if self._gate_risk(probe, g, fields(probe), enemy_men) > 0.02:
                continue
            inside = sum(1 for b in M.FORTS[me].boxes if st.occ[b] == me)
            others_open = any(st.gates[o] != "closed" for o in M.FORTS[me].gates if o != g)
            if inside > self.w.home_min + 4 and not others_open:
                return R.Choice("open", g)
        return None

    def _rebuild_choice(self, st, legal, ctx, stuck_only: bool = False):
        """Every level rebuilds a bridge when the river cuts it off from every enemy
        gate; Hard also when the bridge is worth the turn."""
        best, best_m = 0.0, None
        me = st.to_move
        if not has_route(st, me, fields(st)):          # cut off: any bridge that opens a way
            for m in legal:
                if m.kind == "rebuild":
                    cut = list(st.bridges)
                    cut[m.target] = True
                    if has_route(st, me, fields(st, tuple(cut))):
                        return R.Choice("rebuild", m.target, ctx.rng.choice(R.CALLS))
        if stuck_only:
            return None
        base = evaluate(st, me, self.w)
        for m in legal:
            if m.kind != "rebuild" or m.call != "odd":
                continue
            probe = st.copy()
            probe.bridges[m.target] = True
            gain = 0.5 * (evaluate(probe, me, self.w) - base)
            if gain > best:
                best, best_m = gain, m
        if best_m is not None and best > 12.0:
            return R.Choice("rebuild", best_m.target, ctx.rng.choice(R.CALLS))
        return None

    # -- planning a move turn ----------------------------------------------------------------------
    def _plan_turn(self, st: R.CannonBallState, ctx: ThinkContext) -> list[tuple[tuple, Any]]:
        import time
        deadline = time.perf_counter() + ctx.budget(self.cfg.seconds)
        me = st.to_move
        F = fields(st)
        root = _Node(st, [], [], self._score_end(st, me, F, ctx), 0.0)
        best = root
        beam = [root]
        n_sims = 0
        stale = 0
        try:
            for _depth in range(self.cfg.max_macros):
                nxt: list[_Node] = []
                for node in beam:
                    if node.st.phase != R.MOVING or (not node.st.each and node.st.budget <= 0):
                        continue
                    for mac in self._macros(node.st, me, F, ctx):
                        if time.perf_counter() > deadline:
                            raise _OutOfTime
                        ctx.check()
                        child = self._simulate(node, mac, me, F, ctx)
                        n_sims += 1
                        if child is not None:
                            nxt.append(child)
                if not nxt:
                    break
                nxt.sort(key=lambda n: -n.score)
                uniq: list[_Node] = []
                seen = set()
                for n in nxt:
                    k = _key(n.st)
                    if k in seen:
                        continue
                    seen.add(k)
                    uniq.append(n)
                    if len(uniq) >= self.cfg.beam:
                        break
                beam = uniq
                if beam[0].score > best.score + 1e-9:
                    best = beam[0]
                    stale = 0
                else:
                    stale += 1
                    if self.cfg.beam == 1 or stale >= 2:
                        break
        except _OutOfTime:
            pass
        self.last_stats = {"sims": n_sims, "score": round(best.score, 2), "macros": len(best.moves)}
        plan = list(zip(best.keys, best.moves))
        end_key = _key(best.st) if best.moves else _key(st)
        plan.append((end_key, R.END))
        return plan

    def _score_end(self, st: R.CannonBallState, me: int, F: Fields, ctx: ThinkContext) -> float:
        probe = st.copy()
        if probe.phase == R.MOVING:
            probe._end_turn()
        v = evaluate(probe, me, self.w, F if tuple(probe.bridges) == F.bridges else None)
        if self.cfg.noise:
            v += ctx.rng.gauss(0.0, self.cfg.noise)
        return v

    def _simulate(self, node: _Node, mac: list, me: int, F: Fields, ctx: ThinkContext) -> _Node | None:
        st = node.st.copy()
        moves = list(node.moves)
        keys = list(node.keys)
        penalty = node.penalty
        for mv in mac:
            if st.phase != R.MOVING or st.why_illegal(mv) is not None:
                return None
            keys.append(_key(st))
            moves.append(mv)
            st._apply(mv)
            if st.phase == R.BRIDGE:
                penalty += st.risk * self._crossing_loss(st)
                st._apply(R.Risk(True))
        if st.phase == R.OVER:
            score = WIN if st.winner() == me else -WIN
        else:
            score = self._score_end(st, me, F, ctx) - penalty
        return _Node(st, moves, keys, score, penalty)

    def _crossing_loss(self, st: R.CannonBallState) -> float:
        cr = st.crossing
        if cr is None:
            return 0.0
        if cr[0] == "man":
            lost = self.w.man
        else:
            lost = self.w.cannon + 2 * self.w.man
        return lost + 4.0 + (st.budget * 2.0 if not st.each else 6.0)

    # -- macro actions ------------------------------------------------------------------------------
    def _macros(self, st: R.CannonBallState, me: int, F: Fields, ctx: ThinkContext) -> list[list]:
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
        if self.cfg.attacks:
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
            if sim.phase != R.MOVING or sim.why_illegal(mv) is not None:
                return False
            moves.append(mv)
            sim._apply(mv)
            if sim.phase == R.BRIDGE:
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
        if self.cfg.rebuild:      # Hard also walks men home to guard a threatened gate
            enemy = _men_boxes(st, 1 - me)
            for g in M.FORTS[me].gates:
                s = M.GATES[g].section
                if assault_chance(st, 1 - me, s, F, enemy) > 0.05:
                    out.append(F.box_to_section[s])
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
        convoy = [m for cid in self._my_cannons(st, me) for m in st._cannon_candidates(cid, True)
                  if SEC[m.to[0]] == s and m.escorts]
        if convoy and sim.why_illegal(convoy[0]) is None:
            moves.append(convoy[0])
            sim._apply(convoy[0])
            if sim.phase == R.BRIDGE:
                sim._apply(R.Risk(True))
        men = sorted(((min((x.cost for d, x in r.items() if SEC[d] == s), default=INF), b)
                      for b, r in reaches.items()), key=lambda t: t[0])
        for cost, b in men:
            if cost >= INF or s not in sim.sieges and moves and not sim.enemy_held(s, me):
                break
            if sim.phase != R.MOVING:
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
                if sim.phase == R.BRIDGE:
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
            for m in st._cannon_candidates(cid, True):
                k = (SEC[m.to[0]] if SEC[m.to[0]] >= 0 else m.to, bool(m.escorts))
                if k in seen:
                    continue
                seen.add(k)
                out.append([m])
        return out

    def _tnt_macros(self, st: R.CannonBallState, me: int) -> list[list]:
        out = []
        for m in R.tnt_placements(st):
            if m.gate >= 0:
                out.append([m])
                continue
            cut = list(st.bridges)
            cut[R.BRIDGE_END[m.box]] = False
            if not has_route(st, me, fields(st, tuple(cut))):
                continue                  # never cut our own last way to an enemy gate
            sim = st.copy()
            moves: list = [m]
            sim._apply(m)
            s = SEC[m.box]
            ok = True
            for b in [x for x in M.SECTIONS[s].boxes if sim.occ[x] == me]:
                r = R.reachable(sim, b)
                dest = min((d for d, x in r.items() if SEC[d] != s and x.attack < 0 and not x.bridges),
                           key=lambda d: (r[d].cost, d), default=None)
                if dest is None:
                    ok = False
                    break
                for mv in R.path_to(sim, b, dest):
                    moves.append(mv)
                    sim._apply(mv)
            if ok:
                out.append(moves)
        return out


def make_ai(level: str, seat: int, options: dict) -> CannonBallAI:
    return CannonBallAI(level, seat, options)
