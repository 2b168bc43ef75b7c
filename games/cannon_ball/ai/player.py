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

This module holds the seat (:class:`CannonBallAI`: choosing the kind of turn and
the planner's search); the rest lives beside it in the package the game registry
names (``games.cannon_ball.ai``, which re-exports them): ``distances.py``
(distances on the map as it stands), ``evaluation.py`` (weights and the position's
score), ``levels.py`` (Easy, Normal, Hard) and ``macros.py`` (the macro actions,
which the seat's :class:`~games.cannon_ball.ai.macros.MacroPlanner` builds).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules.turns import end_turn
from games.core.ai import ThinkContext

from .distances import INF, Fields, fields, has_route, p_spin_at_least
from .evaluation import REBUILD_STEPS, WIN, Weights, assault_chance, evaluate, men_boxes, rebuild_gain
from .levels import LEVELS, RUSH_CLOSE_AT, STANDOFF, siege_weights
from .macros import MacroPlanner


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
        self.planner = MacroPlanner(self.cfg)       # the macro actions the search tries
        self.w = self.cfg.weights or Weights()
        self.style = ""               # "siege" or "rush", drawn at the first thought (levels.py)
        self.close_at = self.cfg.close_at
        self.seat = seat
        self.plan: list[tuple[tuple, Any]] = []
        self.last_stats: dict[str, Any] = {}

    # -- the interface ---------------------------------------------------------------------------
    def choose(self, view: R.CannonBallState, ctx: ThinkContext):
        ctx.check()
        if self.cfg.styles and not self.style:
            self.style = ctx.rng.choice(("siege", "rush"))
            if self.style == "siege":
                self.w = siege_weights(self.w)
            else:                      # a rusher looks forward, and shuts its gates late
                self.close_at = RUSH_CLOSE_AT
        if view.phase == Phase.CHOOSE:
            self.plan = []
            return self._choose_turn(view, ctx)
        if view.phase != Phase.MOVING:
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
        # every legal move of this phase is a Choice (isinstance says so to the type checker)
        legal = [m for m in st.legal_moves() if isinstance(m, R.Choice)]
        me = st.to_move
        if st.tnt[me] >= 0:
            return ctx.rng.choice([m for m in legal if m.kind == "tnt"])
        fire = [m for m in legal if m.kind == "fire"]
        if fire:
            return ctx.rng.choice(fire)
        F = fields(st)
        enemy_men = men_boxes(st, 1 - me)
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
        # in a standoff a raid is what the sallying army wants: only an assault counts
        standoff = st.quiet >= STANDOFF
        if self.cfg.gate_policy == "late":
            near = sum(1 for b in enemy_men if F.box_to_section[s][b] <= 2)
            return 1.0 if near >= (3 if standoff else 1) and st.sec_men[me][s] == 0 else 0.0
        risk = assault_chance(st, 1 - me, s, F, enemy_men)
        field = F.box_to_section[s]
        guards_near = sum(1 for b in M.SECTIONS[s].boxes if st.occ[b] == me)
        if guards_near == 0 and not standoff:
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
        if worst_g >= 0 and worst >= self.close_at:
            return R.Choice("close", worst_g)
        # reopen a shut gate when nothing threatens it and men are stuck inside
        # In a standoff (nothing lost for a while) shut gates are what keeps both armies
        # apart: a fort full of men sallies out through a gate its men outnumber the enemy
        # at, threat or not, rather than sit out a truce (every level; Easy only then).
        standoff = st.quiet >= STANDOFF
        for g in M.FORTS[me].gates:
            if st.gates[g] != "closed" or (self.cfg.gate_policy == "late" and not standoff):
                continue
            inside = sum(1 for b in M.FORTS[me].boxes if st.occ[b] == me)
            others_open = any(st.gates[o] != "closed" for o in M.FORTS[me].gates if o != g)
            if inside <= self.w.home_min + 4 or others_open:
                continue
            s = M.GATES[g].section
            if standoff and inside >= st.sec_men[1 - me][s] + 3:
                return R.Choice("open", g)
            probe = st.copy()
            probe.gates[g] = "open"
            if self._gate_risk(probe, g, fields(probe), enemy_men) <= 0.02:
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
        F = fields(st)
        worth = [m for m in legal if m.kind == "rebuild" and rebuild_gain(st, me, m.target, F) >= REBUILD_STEPS]
        if worth:                                  # the blown bridge blocks our best way: try it
            m = max(worth, key=lambda m: rebuild_gain(st, me, m.target, F))
            return R.Choice("rebuild", m.target, ctx.rng.choice(R.CALLS))
        base = evaluate(st, me, self.w)
        for m in legal:
            if m.kind != "rebuild" or m.call != "odd":
                continue
            probe = st.copy()
            probe.bridges[m.target] = True
            gain = 0.5 * (evaluate(probe, me, self.w) - base)
            if gain > best:
                best, best_m = gain, m
        if best_m is not None and best > 6.0:
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
                    if node.st.phase != Phase.MOVING or (not node.st.each and node.st.budget <= 0):
                        continue
                    for mac in self.planner.macros(node.st, me, F, ctx):
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
        if probe.phase == Phase.MOVING:
            end_turn(probe)
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
            if st.phase != Phase.MOVING or st.why_illegal(mv) is not None:
                return None
            keys.append(_key(st))
            moves.append(mv)
            st._apply(mv)
            if st.phase == Phase.BRIDGE:
                penalty += st.risk * self._crossing_loss(st)
                st._apply(R.Risk(True))
        if st.phase == Phase.OVER:
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


def make_ai(level: str, seat: int, options: dict) -> CannonBallAI:
    return CannonBallAI(level, seat, options)
