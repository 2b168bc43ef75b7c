"""The computer opponent for Cannon: Easy, Normal and Hard.

All three share one search engine (:mod:`games.cannon.engine` bitboards) and
differ in what they do with it (see docs/cannon_ai.md for the full story):

* **Hard** -- iterative deepening principal-variation search with a Zobrist
  transposition table, move ordering (table move, shots and captures first,
  two killers per ply, history), null-move pruning, late-move reductions, a
  town-threat extension, and a quiescence search over captures and shots (which
  also answers a town threat instead of standing pat). Full evaluation:
  material, attackers and cannons aimed at each town, town cover, cannons,
  advance and mobility. Budget ``ctx.budget(2.0)`` seconds.
* **Normal** -- the same search capped at depth 3, without null move/LMR, with
  a smaller evaluation (material and town attack only) and ``ctx.budget(0.5)``.
* **Easy** -- one ply, then only the opponent's captures and shots (two plies
  of them), a material-heavy evaluation and Gaussian noise from ``ctx.rng``. It
  never misses a town capture and sees a town capture the opponent could make
  next move, but no slower plan: a cannon being built against its town or a
  soldier walking round its flank goes unnoticed.

Every level takes its root moves from the rules' ``view.legal_moves()`` (so the
tournament rule and repetition option are always honoured for the move played),
takes a town capture or shot at once when one exists, and exposes
``last_stats`` (nodes, depth, seconds, nps, score, move) after each choice.
The search calls ``ctx.check()`` every 128 nodes, so a cancelled thought stops
within a few milliseconds.

Why one module of some 600 lines: the three levels are one search with
different switches (Normal and Easy are Hard with parts turned off), so the
search, its tables and the evaluations it calls belong together; the move
generator and bitboards already live apart in ``engine.py``.
"""
from __future__ import annotations

import time

from games.core.ai import Cancelled, ThinkContext  # noqa: F401  (Cancelled re-exported for callers)

from . import engine as E
from .engine import CAPTURE, FULL, KIND_OF_NAME, MH, RING, SHOT, SHOT_LINES, Board

WIN = 1_000_000
WIN_BOUND = WIN - 1000          # scores beyond this are "town falls in n plies"
EXACT, LOWER, UPPER = 0, 1, 2
TT_MAX = 250_000                # entries before the table is cleared (~70 MB)
EVAL_CACHE_MAX = 150_000
POLL_MASK = 127                 # poll the clock and ctx.check() every 128 nodes


class _Timeout(Exception):
    """The search ran out of its time budget (internal)."""


# -- evaluation weights ------------------------------------------------------------
class Weights:
    """Evaluation weights in centi-soldiers (a soldier is 100)."""

    def __init__(self, **kw):
        self.soldier = 100
        self.ring = (0, 24, 10, 4, 0)     # own soldier at Chebyshev distance 1..4 of the enemy town
        self.line2 = 14                   # two of three cannon points on a line that can shoot the town
        self.line3_blocked = 40           # a whole cannon aimed at the town, only the gap is blocked
        self.line3_threat = 120           # ... and the gap is open: a threat (side not to move)
        self.cover = 4                    # own soldier on a point of an enemy shot line at my town
        self.defender = 12                # own soldier next to own town
        self.cannon = 6                   # per three-in-a-row
        self.advance = 3                  # per soldier in the enemy half
        self.mobility = 1                 # per empty point a soldier could step to
        self.tempo = 10
        self.full = True
        for k, v in kw.items():
            setattr(self, k, v)


HARD_W = Weights()
NORMAL_W = Weights(full=False, line2=10, line3_blocked=30, ring=(0, 20, 8, 0, 0))
EASY_W = Weights(full=False, line2=0, line3_blocked=0, ring=(0, 10, 4, 0, 0), line3_threat=150)

# squares in each side's forward half (ranks 6-10 for Dark, 1-5 for Light)
_HALF = (sum(1 << sq for sq in range(50, 100)), sum(1 << sq for sq in range(0, 50)))


# per (own side, own town square): the points of the enemy's shot lines at it (where cover helps)
_COVER = [[0] * 100 for _ in range(2)]
for _s in (0, 1):
    for _t in range(100):
        for _c, _ep, _eb in SHOT_LINES[_s][_t]:
            _COVER[_s ^ 1][_t] |= _c | _ep
del _s, _t, _c, _ep, _eb


def make_evaluator(w: Weights, blocking: bool = False):
    """A fast static evaluation ``f(board) -> score for the side to move``, with the
    weights bound as locals. Material; per side: own soldiers near the enemy town
    (by ring), two or three of a cannon on a line that can shoot the enemy town
    (blocked or, for the side not to move, a live threat), and with ``w.full``:
    defenders next to the own town, own soldiers covering enemy lines at it,
    three-in-a-rows, soldiers in the enemy half and forward mobility."""
    lines = [[tuple((c, eb if blocking else ep) for c, ep, eb in SHOT_LINES[s][t]) for t in range(100)]
             for s in (0, 1)]
    soldier, (_r0, r1, r2, r3, r4) = w.soldier, w.ring
    line2, line3b, line3t = w.line2, w.line3_blocked, w.line3_threat
    defender, cover, cannon_w, advance, mobility, tempo = (w.defender, w.cover, w.cannon, w.advance,
                                                           w.mobility, w.tempo)
    full = w.full
    R1, R2, R3, R4 = RING[1], RING[2], RING[3], RING[4]
    half = _HALF
    union = E.LINE_UNION
    cov = _COVER
    m1, m_1, m_2 = MH[1], MH[-1], MH[-2]
    m2 = MH[2]

    def evaluate(b: Board) -> int:
        sold = b.sold
        towns = b.town
        tbb = b.tbb
        side = b.side
        occ = sold[0] | sold[1] | tbb[0] | tbb[1]
        total = 0
        for s in (0, 1):
            us = sold[s]
            o = s ^ 1
            sc = soldier * us.bit_count()
            t = towns[o]
            if t >= 0:
                sc += r1 * (us & R1[t]).bit_count() + r2 * (us & R2[t]).bit_count()
                if r3:
                    sc += r3 * (us & R3[t]).bit_count()
                    if r4:
                        sc += r4 * (us & R4[t]).bit_count()
                if (us & union[s][t]).bit_count() >= 2:
                    for cannon, gap in lines[s][t]:
                        n = (us & cannon).bit_count()
                        if n == 3:
                            if occ & gap:
                                sc += line3b
                            elif s != side:
                                sc += line3t
                        elif n == 2:
                            sc += line2
            if full:
                mt = towns[s]
                if mt >= 0:
                    sc += defender * (us & R1[mt]).bit_count() + cover * (us & cov[s][mt]).bit_count()
                # three-in-a-rows along the four line directions
                sc += cannon_w * ((us & (us >> 1) & m_1 & (us >> 2) & m_2).bit_count()
                                  + (us & (us >> 10) & (us >> 20)).bit_count()
                                  + (us & (us >> 11) & m_1 & (us >> 22) & m_2).bit_count()
                                  + (us & (us >> 9) & m1 & (us >> 18) & m2).bit_count())
                sc += advance * (us & half[s]).bit_count()
                if s == 0:
                    mob = (((us << 10) | ((us << 11) & m1) | ((us << 9) & m_1)) & (FULL ^ occ)).bit_count()
                else:
                    mob = (((us >> 10) | ((us >> 11) & m_1) | ((us >> 9) & m1)) & (FULL ^ occ)).bit_count()
                sc += mobility * mob
            total += sc if s == 0 else -sc
        return (total if side == 0 else -total) + tempo

    return evaluate


class Searcher:
    """Alpha-beta search over an engine Board. One per AI object; the
    transposition table, killers and history survive between moves."""

    def __init__(self, weights: Weights, *, null_move=True, lmr=True, qsearch=True,
                 threat_ext=True, max_qdepth=8):
        self.w = weights
        self.evaluate = make_evaluator(weights)
        self._eval_rule = False
        self.ecache: dict = {}          # hash -> static evaluation
        self.null_move = null_move
        self.lmr = lmr
        self.use_q = qsearch
        self.threat_ext = threat_ext
        self.max_qdepth = max_qdepth
        self.tt: dict = {}
        self.history = [[0] * (1 << 17) for _ in range(2)]
        self.killers = [[0, 0] for _ in range(128)]
        self.nodes = 0
        self.ctx = None
        self.deadline = float("inf")
        self.board: Board | None = None
        self.rep: dict = {}             # hash -> count, positions on the game/search path

    # -- bookkeeping ---------------------------------------------------------------
    def set_weights(self, weights: Weights, blocking: bool) -> None:
        if weights is not self.w or blocking != self._eval_rule:
            self.w = weights
            self._eval_rule = blocking
            self.evaluate = make_evaluator(weights, blocking)
            self.ecache = {}

    def _poll(self):
        self.ctx.check()
        if time.perf_counter() > self.deadline:
            raise _Timeout()

    def new_search(self):
        if len(self.tt) > TT_MAX:
            self.tt.clear()
        if len(self.ecache) > EVAL_CACHE_MAX:
            self.ecache.clear()
        self.killers = [[0, 0] for _ in range(128)]
        self.history = [[0] * (1 << 17) for _ in range(2)]

    # -- quiescence ------------------------------------------------------------------
    def qsearch(self, alpha, beta, ply, qd):  # noqa: C901 - the hot loop of the search, kept in one function on purpose (calls cost ~10% nodes/s)
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
    def search(self, depth, alpha, beta, ply, can_null=True):  # noqa: C901 - the hot loop of the search, kept in one function on purpose (calls cost ~10% nodes/s)
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
    def root(self, board, moves, ctx, budget, max_depth, t0, next_frac=0.65):
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


# -- the AI objects -------------------------------------------------------------------------
class CannonAI:
    """``choose(view, ctx)`` for one seat at one level."""

    PROFILES = {
        "hard": dict(budget=2.0, max_depth=64, weights=HARD_W, null_move=True, lmr=True,
                     qsearch=True, noise=0, next_iter_frac=0.65),
        "normal": dict(budget=0.5, max_depth=3, weights=NORMAL_W, null_move=False, lmr=False,
                       qsearch=True, noise=0),
        "easy": dict(budget=0.25, max_depth=1, weights=EASY_W, null_move=False, lmr=False,
                     qsearch=True, noise=45),
    }

    def __init__(self, level: str, seat: int | None = None, options: dict | None = None):
        if level not in self.PROFILES:
            raise ValueError(f"unknown Cannon AI level {level!r} (easy, normal, hard)")
        self.level = level
        self.seat = seat
        self.options = dict(options or {})
        p = self.PROFILES[level]
        self.profile = p
        self.searcher = Searcher(p["weights"], null_move=p["null_move"], lmr=p["lmr"],
                                 qsearch=p["qsearch"], max_qdepth=8 if level == "hard" else 4)
        self.last_stats: dict = {}
        self._seen: dict = {}            # ply -> hash of positions this AI was asked about

    # -- helpers ------------------------------------------------------------------------------
    @staticmethod
    def _encode(m) -> int:
        return E.encode(KIND_OF_NAME[m.kind], m.frm, m.to)

    def _finish(self, t0, move, score=0, depth=0):
        dt = time.perf_counter() - t0
        n = self.searcher.nodes
        self.last_stats = {"nodes": n, "depth": depth, "seconds": round(dt, 4),
                           "nps": int(n / dt) if dt > 0 else 0, "score": score, "move": str(move),
                           "level": self.level}
        return move

    # -- the interface -------------------------------------------------------------------------
    def choose(self, view, ctx: ThinkContext):
        t0 = time.perf_counter()
        ctx.check()
        self.searcher.nodes = 0
        legal = view.legal_moves()
        if not legal:
            raise ValueError("no legal move to choose from")
        if len(legal) == 1:
            return self._finish(t0, legal[0])
        board = Board.from_state(view)
        self.searcher.set_weights(self.profile["weights"], board.blocking)
        by_code = {self._encode(m): m for m in legal}
        if view.phase == "place":
            code, sc = self._place(board, list(by_code), ctx, t0)
            return self._finish(t0, by_code[code], sc, 1)
        # a town capture or shot wins on the spot
        for code, m in by_code.items():
            if board.is_town_capture(code):
                return self._finish(t0, m, WIN, 0)
        self._note_history(view, board)
        p = self.profile
        budget = ctx.budget(p["budget"])
        if self.level == "easy":
            code, sc = self._easy(board, list(by_code), ctx)
            return self._finish(t0, by_code[code], sc, 1)
        code, sc, depth = self.searcher.root(board, self._noisy_order(list(by_code), ctx), ctx,
                                             budget, p["max_depth"], t0, p.get("next_iter_frac", 0.65))
        return self._finish(t0, by_code[code], sc, depth)

    def _noisy_order(self, codes, ctx):
        # a seeded shuffle so equal moves are not always resolved the same way
        ctx.rng.shuffle(codes)
        return codes

    def _note_history(self, view, board):
        """Remember the positions this seat has been asked about, so the search can
        treat a return to one of them as a draw (and the side that is ahead keeps
        making progress instead of shuffling). Taken back on undo via the ply."""
        ply = view.ply()
        for k in [k for k in self._seen if k >= ply]:
            del self._seen[k]
        rep = self.searcher.rep
        rep.clear()
        for hh in self._seen.values():
            rep[hh] = 1
        self._seen[ply] = board.hash

    # -- Easy: one ply with noise ---------------------------------------------------------------
    def _easy(self, board, codes, ctx):
        s = self.searcher
        s.board = board
        s.ctx = ctx
        s.deadline = float("inf")
        s.nodes = 0
        noise = self.profile["noise"]
        best, best_sc = codes[0], -WIN * 2
        for m in codes:
            board.make(m)
            # the reply is only looked at for captures and shots, and not deeply
            sc = -s.qsearch(-WIN, WIN, 1, 2)
            board.unmake()
            sc += int(ctx.rng.gauss(0, noise))
            if sc > best_sc:
                best, best_sc = m, sc
        return best, best_sc

    # -- town placement ----------------------------------------------------------------------------
    def _place(self, board, codes, ctx, t0):
        """Pick the town square: each candidate is scored by a shallow search of
        the position it leads to (for Dark, against Light's best answering
        placement)."""
        s = self.searcher
        s.board = board
        s.ctx = ctx
        s.deadline = float("inf")
        s.nodes = 0
        me = board.side
        saved_w = s.w
        s.set_weights(HARD_W, board.blocking)     # every level places with the full evaluation
        try:
            return self._place_loop(board, codes, ctx, me)
        finally:
            s.set_weights(saved_w, board.blocking)

    def _place_loop(self, board, codes, ctx, me):
        best, best_sc = codes[0], -WIN * 2
        for m in codes:
            board.make(m)
            if me == 0:
                # Light answers with its own best placement
                worst = WIN * 2
                for r in board.gen_placements():
                    board.make(r)
                    sc = self._placed_score(board, me)
                    board.unmake()
                    worst = min(worst, sc)
                sc = worst
            else:
                sc = self._placed_score(board, me)
            board.unmake()
            sc += ctx.rng.randint(0, 2)        # break exact ties without favouring the left
            if sc > best_sc:
                best, best_sc = m, sc
            ctx.check()
        return best, best_sc

    def _placed_score(self, board, me):
        """Score of a position with both towns placed, for ``me``: a depth-1 search."""
        s = self.searcher
        sc = s.search(1, -WIN, WIN, 0, False)      # from the side to move (Dark)
        return sc if board.side == me else -sc


def make_ai(level: str, seat: int | None = None, options: dict | None = None) -> CannonAI:
    """The registry's factory: ``make_ai("hard", 0, {"shot": "pass-over"})``."""
    return CannonAI(level, seat, options)
