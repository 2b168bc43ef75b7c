"""Cannon AI's search: alpha-beta over the engine's bitboards (:class:`Searcher`).

Iterative deepening principal-variation search with a Zobrist transposition
table, move ordering (table move, shots and captures first, two killers per ply,
history), null-move pruning and late-move reductions (each switchable, as the
levels in ``levels.py`` want), a town-threat extension, and a quiescence search
over captures and shots (which also answers a town threat instead of standing pat).
The search calls ``ctx.check()`` every 128 nodes, so a cancelled thought stops
within a few milliseconds.

Why one module of some 300 lines: ``qsearch`` and ``search`` are the hot loop,
kept whole on purpose (a call costs about 10% of the nodes per second).
"""
from __future__ import annotations

import time

from games.core.ai import ThinkContext

from .engine import CAPTURE, SHOT, Board
from .evaluation import Weights, make_evaluator

WIN = 1_000_000
WIN_BOUND = WIN - 1000          # scores beyond this are "town falls in n plies"
EXACT, LOWER, UPPER = 0, 1, 2
TT_MAX = 250_000                # entries before the table is cleared (~70 MB)
EVAL_CACHE_MAX = 150_000
POLL_MASK = 127                 # poll the clock and ctx.check() every 128 nodes


class _Timeout(Exception):
    """The search ran out of its time budget (internal)."""


class Searcher:
    """Alpha-beta search over an engine Board. One per AI object; the
    transposition table, killers and history survive between moves."""

    def __init__(self, weights: Weights, *, null_move: bool = True, lmr: bool = True, qsearch: bool = True,
                 threat_ext: bool = True, max_qdepth: int = 8):
        self.w = weights
        self.evaluate = make_evaluator(weights)
        self._eval_rule = False
        self.ecache: dict[int, int] = {}          # hash -> static evaluation
        self.null_move = null_move
        self.lmr = lmr
        self.use_q = qsearch
        self.threat_ext = threat_ext
        self.max_qdepth = max_qdepth
        #: hash -> (depth, flag, score, best move)
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history = [[0] * (1 << 17) for _ in range(2)]
        self.killers = [[0, 0] for _ in range(128)]
        self.nodes = 0
        # the position searched and the thought it serves: set by whoever starts a search
        # (``root``, or a level's own loop), before any node is visited
        self.ctx: ThinkContext
        self.board: Board
        self.deadline = float("inf")
        self.rep: dict[int, int] = {}             # hash -> count, positions on the game/search path

    # -- bookkeeping ---------------------------------------------------------------
    def set_weights(self, weights: Weights, blocking: bool) -> None:
        if weights is not self.w or blocking != self._eval_rule:
            self.w = weights
            self._eval_rule = blocking
            self.evaluate = make_evaluator(weights, blocking)
            self.ecache = {}

    def _poll(self) -> None:
        self.ctx.check()
        if time.perf_counter() > self.deadline:
            raise _Timeout()

    def new_search(self) -> None:
        if len(self.tt) > TT_MAX:
            self.tt.clear()
        if len(self.ecache) > EVAL_CACHE_MAX:
            self.ecache.clear()
        self.killers = [[0, 0] for _ in range(128)]
        self.history = [[0] * (1 << 17) for _ in range(2)]

    # -- quiescence ------------------------------------------------------------------
    def qsearch(self, alpha: int, beta: int, ply: int, qd: int) -> int:  # noqa: C901 - the hot loop of the search, kept in one function on purpose (calls cost ~10% nodes/s)
        self.nodes += 1
        if not self.nodes & POLL_MASK:
            self._poll()
        b = self.board
        s = b.side
        if b.town_hit(s):
            return WIN - ply
        threatened = b.town_hit(s ^ 1)
        if threatened and qd < 3:
            # our town hangs: standing pat is not an option, every move is tried
            moves = b.gen_moves()
            if not moves:
                return -(WIN - ply)
            best = -WIN
            for m in moves:
                b.make(m)
                sc = -self.qsearch(-beta, -alpha, ply + 1, qd + 1)
                b.unmake()
                if sc > best:
                    best = sc
                    if sc > alpha:
                        alpha = sc
                        if sc >= beta:
                            break
            return best
        stand = self.ecache.get(b.hash)
        if stand is None:
            stand = self.ecache[b.hash] = self.evaluate(b)
        if threatened:
            stand -= 300
        if stand >= beta or qd >= self.max_qdepth:
            return stand
        if stand + 180 < alpha:          # delta pruning: one soldier cannot rescue this
            return stand
        if stand > alpha:
            alpha = stand
        moves = b.gen_tactical(s)
        if not moves:
            return stand
        if len(moves) > 1:
            moves.sort(reverse=True)     # shots (kind 4) before captures (kind 1)
        best = stand
        for m in moves:
            b.make(m)
            sc = -self.qsearch(-beta, -alpha, ply + 1, qd + 1)
            b.unmake()
            if sc > best:
                best = sc
                if sc > alpha:
                    alpha = sc
                    if sc >= beta:
                        break
        return best

    # -- main search -------------------------------------------------------------------
    def search(self, depth: int, alpha: int, beta: int, ply: int, can_null: bool = True) -> int:  # noqa: C901 - the hot loop of the search, kept in one function on purpose (calls cost ~10% nodes/s)
        b = self.board
        s = b.side
        if b.town_hit(s):
            self.nodes += 1
            return WIN - ply
        if depth <= 0:
            if self.use_q:
                return self.qsearch(alpha, beta, ply, 0)
            self.nodes += 1
            sc = self.evaluate(b)
            return sc
        self.nodes += 1
        if not self.nodes & POLL_MASK:
            self._poll()
        h = b.hash
        rep = self.rep
        if rep.get(h):
            return 0                      # a repeated position: treat as a draw
        pv = beta - alpha > 1
        alpha0 = alpha
        tt = self.tt
        ent = tt.get(h)
        ttm = 0
        if ent is not None:
            edepth, eflag, escore, ttm = ent
            if edepth >= depth and not pv:
                if escore > WIN_BOUND:
                    escore -= ply
                elif escore < -WIN_BOUND:
                    escore += ply
                if eflag == EXACT:
                    return escore
                if eflag == LOWER:
                    if escore >= beta:
                        return escore
                elif escore <= alpha:
                    return escore
        threatened = b.town_hit(s ^ 1)
        if threatened and self.threat_ext and ply < 40:
            depth += 1
        # null move
        if (can_null and self.null_move and not pv and not threatened and depth >= 3
                and beta < WIN_BOUND and self.evaluate(b) >= beta):
            R = 2 if depth < 6 else 3
            b.make_null()
            rep[h] = 1
            try:
                sc = -self.search(depth - 1 - R, -beta, -beta + 1, ply + 1, False)
            finally:
                rep[h] = 0
                b.unmake_null()
            if sc >= beta:
                return sc if sc < WIN_BOUND else beta
        # moves
        moves = b.gen_tactical(s)
        ntac = len(moves)
        b._gen_quiet(s, moves)
        if not moves:
            return -(WIN - ply)          # no legal move: this side loses
        tac = moves[:ntac]
        quiet = moves[ntac:]
        hist = self.history[s]
        if len(tac) > 1:
            tac.sort(reverse=True)
        quiet.sort(key=hist.__getitem__, reverse=True)
        k1, k2 = self.killers[ply] if ply < 128 else (0, 0)
        front = []
        if ttm:
            if ttm in tac:
                tac.remove(ttm)
                front.append(ttm)
            elif ttm in quiet:
                quiet.remove(ttm)
                front.append(ttm)
            else:
                ttm = 0
        kl = []
        if k1 and k1 != ttm and k1 in quiet:
            quiet.remove(k1)
            kl.append(k1)
        if k2 and k2 != ttm and k2 in quiet:
            quiet.remove(k2)
            kl.append(k2)
        ordered = front + tac + kl + quiet
        nquiet_start = len(front) + len(tac) + len(kl)
        best = -WIN
        bestm = ordered[0]
        rep[h] = 1
        try:
            i = 0
            lmr = self.lmr and depth >= 3 and not threatened
            for m in ordered:
                b.make(m)
                if i == 0:
                    sc = -self.search(depth - 1, -beta, -alpha, ply + 1)
                else:
                    r = 0
                    if lmr and i >= nquiet_start + 2 and i >= 4:
                        r = 1 if i < 12 else 2
                        if b.town_hit(b.side ^ 1):   # the move threatens the town: no reduction
                            r = 0
                    sc = -self.search(depth - 1 - r, -alpha - 1, -alpha, ply + 1)
                    if sc > alpha and (r or sc < beta):
                        sc = -self.search(depth - 1, -beta, -alpha, ply + 1)
                b.unmake()
                i += 1
                if sc > best:
                    best = sc
                    bestm = m
                    if sc > alpha:
                        alpha = sc
                        if sc >= beta:
                            k = m >> 14
                            if k != CAPTURE and k != SHOT and ply < 128:
                                kk = self.killers[ply]
                                if kk[0] != m:
                                    kk[1] = kk[0]
                                    kk[0] = m
                                hist[m] += depth * depth
                            break
        finally:
            rep[h] = 0
        flag = EXACT if alpha0 < best < beta else (LOWER if best >= beta else UPPER)
        st = best
        if st > WIN_BOUND:
            st += ply
        elif st < -WIN_BOUND:
            st -= ply
        tt[h] = (depth, flag, st, bestm)
        return best

    # -- root -----------------------------------------------------------------------------
    def root(self, board: Board, moves: list[int], ctx: ThinkContext, budget: float, max_depth: int, t0: float,
             next_frac: float = 0.65) -> tuple[int, int, int]:
        """Iterative deepening over ``moves`` (engine ints, all legal).
        Returns (best move, score, depth completed)."""
        self.board = board
        self.ctx = ctx
        self.deadline = t0 + budget
        self.nodes = 0
        self.new_search()
        best = moves[0]
        best_score = 0
        done = 0
        order = list(moves)
        ent = self.tt.get(board.hash)
        if ent is not None and ent[3] in order:
            order.remove(ent[3])
            order.insert(0, ent[3])
        else:
            order.sort(key=lambda m: (m >> 14) in (CAPTURE, SHOT), reverse=True)
        rep = self.rep
        h = board.hash
        for depth in range(1, max_depth + 1):
            alpha, beta = -WIN - 1, WIN + 1
            iter_best = None
            iter_score = -WIN - 1
            scores = {}
            rep[h] = rep.get(h, 0) + 1
            try:
                for i, m in enumerate(order):
                    board.make(m)
                    try:
                        if i == 0:
                            sc = -self.search(depth - 1, -beta, -alpha, 1)
                        else:
                            sc = -self.search(depth - 1, -alpha - 1, -alpha, 1)
                            if sc > alpha:
                                sc = -self.search(depth - 1, -beta, -alpha, 1)
                    finally:
                        board.unmake()
                    scores[m] = sc
                    if sc > iter_score:
                        iter_score = sc
                        iter_best = m
                        if sc > alpha:
                            alpha = sc
            except _Timeout:
                # a move that beat the first one in the unfinished iteration is trusted
                if iter_best is not None and iter_best != order[0] and iter_score > best_score:
                    best, best_score = iter_best, iter_score
                elif iter_best is not None and depth == 1:
                    best, best_score = iter_best, iter_score
                break
            finally:
                rep[h] -= 1
            assert iter_best is not None        # a finished iteration scored every move (each above -WIN - 1)
            best, best_score, done = iter_best, iter_score, depth
            self.tt[h] = (depth, EXACT, best_score, best)
            if abs(best_score) > WIN_BOUND:
                break                           # a forced town capture either way
            # the next iteration usually costs several times this one
            if time.perf_counter() - t0 > next_frac * budget:
                break
            order.sort(key=lambda m: scores.get(m, -WIN - 2), reverse=True)
            order.remove(best)
            order.insert(0, best)
        return best, best_score, done

