"""The computer opponent for Cannon: Easy, Normal and Hard (:func:`make_ai`).

All three share one search (``search.py`` over the ``engine.py`` bitboards) and
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
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from games.cannon.rules import CannonState, Move, Phase
from games.core.ai import ThinkContext

from . import engine as E
from .engine import KIND_OF_NAME, Board
from .evaluation import EASY_W, HARD_W, NORMAL_W, Weights
from .search import WIN, Searcher


@dataclass(frozen=True)
class Profile:
    """What one level does with the search."""
    budget: float             # seconds of thought (``ctx.budget`` scales it)
    max_depth: int            # the deepest iteration
    weights: Weights
    null_move: bool
    lmr: bool                 # late-move reductions
    qsearch: bool
    noise: int                # Easy's Gaussian noise on each move's score, in centi-soldiers
    next_iter_frac: float = 0.65   # no new iteration once this share of the budget is spent


# -- the AI objects -------------------------------------------------------------------------
class CannonAI:
    """``choose(view, ctx)`` for one seat at one level."""

    PROFILES = {
        "hard": Profile(budget=2.0, max_depth=64, weights=HARD_W, null_move=True, lmr=True,
                        qsearch=True, noise=0, next_iter_frac=0.65),
        "normal": Profile(budget=0.5, max_depth=3, weights=NORMAL_W, null_move=False, lmr=False,
                          qsearch=True, noise=0),
        "easy": Profile(budget=0.25, max_depth=1, weights=EASY_W, null_move=False, lmr=False,
                        qsearch=True, noise=45),
    }

    def __init__(self, level: str, seat: int | None = None, options: dict[str, Any] | None = None):
        if level not in self.PROFILES:
            raise ValueError(f"unknown Cannon AI level {level!r} (easy, normal, hard)")
        self.level = level
        self.seat = seat
        self.options = dict(options or {})
        p = self.PROFILES[level]
        self.profile = p
        self.searcher = Searcher(p.weights, null_move=p.null_move, lmr=p.lmr,
                                 qsearch=p.qsearch, max_qdepth=8 if level == "hard" else 4)
        self.last_stats: dict[str, Any] = {}
        self._seen: dict[int, int] = {}            # ply -> hash of positions this AI was asked about

    # -- helpers ------------------------------------------------------------------------------
    @staticmethod
    def _encode(m: Move) -> int:
        return E.encode(KIND_OF_NAME[m.kind], m.frm, m.to)

    def _finish(self, t0: float, move: Move, score: int = 0, depth: int = 0) -> Move:
        dt = time.perf_counter() - t0
        n = self.searcher.nodes
        self.last_stats = {"nodes": n, "depth": depth, "seconds": round(dt, 4),
                           "nps": int(n / dt) if dt > 0 else 0, "score": score, "move": str(move),
                           "level": self.level}
        return move

    # -- the interface -------------------------------------------------------------------------
    def choose(self, view: CannonState, ctx: ThinkContext) -> Move:
        t0 = time.perf_counter()
        ctx.check()
        self.searcher.nodes = 0
        legal = view.legal_moves()
        if not legal:
            raise ValueError("no legal move to choose from")
        if len(legal) == 1:
            return self._finish(t0, legal[0])
        board = Board.from_state(view)
        self.searcher.set_weights(self.profile.weights, board.blocking)
        by_code = {self._encode(m): m for m in legal}
        if view.phase is Phase.PLACE:
            code, sc = self._place(board, list(by_code), ctx, t0)
            return self._finish(t0, by_code[code], sc, 1)
        # a town capture or shot wins on the spot
        for code, m in by_code.items():
            if board.is_town_capture(code):
                return self._finish(t0, m, WIN, 0)
        self._note_history(view, board)
        p = self.profile
        budget = ctx.budget(p.budget)
        if self.level == "easy":
            code, sc = self._easy(board, list(by_code), ctx)
            return self._finish(t0, by_code[code], sc, 1)
        code, sc, depth = self.searcher.root(board, self._noisy_order(list(by_code), ctx), ctx,
                                             budget, p.max_depth, t0, p.next_iter_frac)
        return self._finish(t0, by_code[code], sc, depth)

    def _noisy_order(self, codes: list[int], ctx: ThinkContext) -> list[int]:
        # a seeded shuffle so equal moves are not always resolved the same way
        ctx.rng.shuffle(codes)
        return codes

    def _note_history(self, view: CannonState, board: Board) -> None:
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
    def _easy(self, board: Board, codes: list[int], ctx: ThinkContext) -> tuple[int, int]:
        s = self.searcher
        s.board = board
        s.ctx = ctx
        s.deadline = float("inf")
        s.nodes = 0
        noise = self.profile.noise
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
    def _place(self, board: Board, codes: list[int], ctx: ThinkContext, t0: float) -> tuple[int, int]:
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

    def _place_loop(self, board: Board, codes: list[int], ctx: ThinkContext, me: int) -> tuple[int, int]:
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

    def _placed_score(self, board: Board, me: int) -> int:
        """Score of a position with both towns placed, for ``me``: a depth-1 search."""
        s = self.searcher
        sc = s.search(1, -WIN, WIN, 0, False)      # from the side to move (Dark)
        return sc if board.side == me else -sc


def make_ai(level: str, seat: int | None = None, options: dict[str, Any] | None = None) -> CannonAI:
    """The registry's factory: ``make_ai("hard", 0, {"shot": "pass-over"})``."""
    return CannonAI(level, seat, options)
