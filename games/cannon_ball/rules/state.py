"""The pieces and counters of a Cannon Ball position, and the edits that keep them right.

:class:`State` holds what a position is made of (troopers per box, cannons,
bridges, gates, TNT, the turn's phase, budget and running attacks, with per-section
counters kept in step by the low-level edits), the small questions every rule asks
of it (who holds a section, its limit, moves left) and the turn's budget. It knows
no rule: the rule areas are modules of functions over it (``sections``,
``troopers``, ``cannons``, ``bridges_and_gates``, ``turns``), and
:class:`~games.cannon_ball.rules.game.CannonBallState`, the class players hold,
adds the rules contract on top by calling them. Nothing here imports them.
"""
from __future__ import annotations

from typing import Any

from . import battlefield as M
from .moves import MOVE_CHOICE, Choice, Move
from .tables import (ASSAULT_LIMIT, BUDGET_MODES, EMPTY, ENEMY_GATE_SECTIONS, HOME, MOVING, N_BOXES, N_SECTIONS,
                     OPENING, OVER, QUIET_TURNS, RISKS, SEC, SECTION_LIMIT, TNT_CASES, TURN_LIMIT, EndReason, Phase)

#: a cannon on the board: ``[owner seat, its boxes (a tuple of box indexes)]`` (a list: the boxes change)
Cannon = list[Any]
#: a piece on a bridge that may give way: ``("man", from, to, bridge, seat)`` or
#: ``("cannon", id, to boxes, escort boxes, bridge, seat, the escorts' moves spent)``
Crossing = tuple[Any, ...]
#: a piece whose moves are counted in the "each piece" reading: ``("m", box)`` or ``("c", cannon id)``
Piece = tuple[str, int]


class State:
    """The data of a position and its bookkeeping.

    Public attributes (read them; only the rules' functions write them): ``occ`` (per
    box: the seat of the trooper on it, or -1), ``cannons`` (per cannon id: ``[owner,
    boxes]``, or None once destroyed), ``cannon_at`` (box -> cannon id), ``sec_men``
    (per seat, per section: his men there), ``sec_cannon`` (per section: the cannon
    id there, or -1), ``home_men`` and ``men`` (per seat), ``bridges`` (per bridge:
    standing?), ``gates`` (per gate: "open", "closed" or "destroyed"), ``tnt_left``,
    ``tnt`` (per seat: the bridge-end box of its lit case, or -1), ``phase`` (a :class:`~.tables.Phase`),
    ``to_move``, ``opening`` (the opening's spins so far), ``choice`` (the turn's
    choice), ``budget`` (moves left; in the "each piece" reading the spin), ``spin``,
    ``spent`` (each piece's moves, in that reading), ``sieges`` (section ->
    (defender boxes, defender cannon id or -1): attacks not yet won this turn; the
    defenders are lifted off the board until the attack is won or fails),
    ``limits`` (section -> a limit this turn's TNT set), ``fuse`` and ``fuse_man``
    (a gate's lit fuse and the box of the man who lit it), ``crossing`` (the piece
    on a bridge while it may give way), ``turn``, ``quiet``, ``progress`` (something
    was lost, blown or rebuilt this turn), ``end`` (how the war ended: an
    :class:`~.tables.EndReason`, None until it has), ``reason`` (the same in words), ``events``
    (what the last move did, in words). ``_legal`` and ``_xc`` are the rules' caches
    of the legal moves and of the men beyond the limits (``turns.legal_moves``,
    ``sections.excess``), dropped by every edit that changes them; private by name,
    so a copy may share them (they are replaced, never changed in place)."""

    def __init__(self, risk: float = RISKS["normal"], budget_mode: str = "shared",
                 quiet_turns: int = QUIET_TURNS, turn_limit: int = TURN_LIMIT):
        if budget_mode not in BUDGET_MODES:
            raise ValueError(f"budget_mode must be one of {BUDGET_MODES}")
        self.risk = float(risk)
        self.each = budget_mode == "each"
        self.quiet_turns = quiet_turns
        self.turn_limit = turn_limit
        self.occ = [EMPTY] * N_BOXES
        self.cannons: list[Cannon | None] = []
        self.cannon_at: dict[int, int] = {}
        self.sec_men = [[0] * N_SECTIONS, [0] * N_SECTIONS]
        self.sec_cannon = [-1] * N_SECTIONS
        self.home_men = [0, 0]
        self.men = [0, 0]
        self.bridges = [True] * len(M.BRIDGES)
        self.gates = ["open"] * len(M.GATES)
        self.tnt_left = [TNT_CASES, TNT_CASES]
        self.tnt = [-1, -1]
        self.phase: Phase = OPENING
        self.to_move = 0
        self.opening: list[int] = []
        self.choice: Choice | None = None
        self.budget = 0
        self.spin = 0
        self.spent: dict[Piece, int] = {}
        self.sieges: dict[int, tuple[tuple[int, ...], int]] = {}
        self.limits: dict[int, int] = {}
        self.fuse = -1
        self.fuse_man = -1         # the box of the man who lit a gate fuse (he must leave its section)
        self.crossing: Crossing | None = None
        self.turn = 0
        self.quiet = 0
        self.progress = False
        self.plies = 0
        self._winner: int | None = None
        self.end: EndReason | None = None
        self.reason = ""
        self.events: list[str] = []
        self._legal: list[Move] | None = None
        self._xc: dict[int, tuple[int, list[int]]] | None = None   # sections.excess() per seat
        for fort in M.FORTS:
            for b in fort.boxes:
                if M.BOXES[b].star:
                    self.cannons.append([fort.owner, (b,)])
                    self.cannon_at[b] = len(self.cannons) - 1
                else:
                    self.put(b, fort.owner)

    # -- low-level board edits (keep the counters right) ------------------------------------
    def put(self, box: int, p: int) -> None:
        """A man of ``p`` onto ``box``."""
        self._xc = None
        self.occ[box] = p
        s = SEC[box]
        if s >= 0:
            self.sec_men[p][s] += 1
        if box in HOME[p]:
            self.home_men[p] += 1
        self.men[p] += 1

    def lift(self, box: int) -> int:
        """The man on ``box`` off the board; his seat."""
        self._xc = None
        p = self.occ[box]
        self.occ[box] = EMPTY
        s = SEC[box]
        if s >= 0:
            self.sec_men[p][s] -= 1
        if box in HOME[p]:
            self.home_men[p] -= 1
        self.men[p] -= 1
        return p

    def place_cannon(self, cid: int, boxes: tuple[int, ...]) -> None:
        c = self.cannons[cid]
        assert c is not None
        c[1] = boxes
        for b in boxes:
            self.cannon_at[b] = cid
        s = SEC[boxes[0]]
        if s >= 0:
            self.sec_cannon[s] = cid

    def lift_cannon(self, cid: int) -> None:
        c = self.cannons[cid]
        assert c is not None
        for b in c[1]:
            self.cannon_at.pop(b, None)
        s = SEC[c[1][0]]
        if s >= 0 and self.sec_cannon[s] == cid:
            self.sec_cannon[s] = -1

    def destroy_cannon(self, cid: int) -> None:
        if self.cannons[cid] is not None:
            self.lift_cannon(cid)
            self.cannons[cid] = None
            self.progress = True

    # -- small questions ----------------------------------------------------------------------
    def cannon_owner(self, cid: int) -> int:
        c = self.cannons[cid]
        return -1 if c is None else c[0]

    def section_cannon(self, s: int, p: int | None = None) -> int:
        """The cannon standing in section ``s`` (of seat ``p`` if given), or -1."""
        cid = self.sec_cannon[s]
        if cid < 0 or (p is not None and self.cannon_owner(cid) != p):
            return -1
        return cid

    def holder(self, s: int) -> int:
        """Who holds section ``s`` (men or a cannon on its boxes): a seat, or -1."""
        for p in (0, 1):
            if self.sec_men[p][s] > 0:
                return p
        cid = self.sec_cannon[s]
        return self.cannon_owner(cid) if cid >= 0 else -1

    def enemy_held(self, s: int, p: int) -> bool:
        """Section ``s`` holds men of ``p``'s enemy (an attack is needed to enter it)."""
        return self.sec_men[1 - p][s] > 0 and s not in self.sieges

    def cannon_count(self, p: int) -> int:
        return sum(1 for c in self.cannons if c is not None and c[0] == p)

    def home_count(self, p: int) -> int:
        """``p``'s troopers in his fort and gate sections (defenders lifted by an
        attack still in progress count: they are only gone once it is won)."""
        n = self.home_men[p]
        for s, (defs, _c) in self.sieges.items():
            if defs and s in M.GATE_SECTIONS[p]:
                n += len(defs)
        return n

    def men_count(self, p: int) -> int:
        """``p``'s troopers, defenders lifted by an attack still in progress
        included: they are only gone once it is won (the count a player reads)."""
        held = sum(len(defs) for defs, _c in self.sieges.values()) if p != self.to_move else 0
        return self.men[p] + held

    def has_army(self, p: int) -> bool:
        """Could ``p`` still take a fort by force: 5 men, or 3 men and a cannon."""
        return self.men[p] >= 5 or (self.men[p] >= 3 and self.cannon_count(p) > 0)

    def moves_left(self, piece: Piece | None = None) -> int:
        """Moves left this turn: shared budget, or what ``piece`` (("m", box) or
        ("c", cannon id)) may still spend in the "each piece" reading."""
        if self.phase != MOVING:
            return 0
        if not self.each:
            return self.budget
        if piece is None:
            return self.budget
        return max(0, self.budget - self.spent.get(piece, 0))

    def limit(self, p: int, s: int) -> int:
        """How many of ``p``'s men section ``s`` may hold when ``p``'s move ends."""
        if p == self.to_move and s in self.limits:
            return self.limits[s]
        return ASSAULT_LIMIT if s in ENEMY_GATE_SECTIONS[p] else SECTION_LIMIT

    # -- the turn's budget ---------------------------------------------------------------------
    def start_moving(self, n: int) -> None:
        """A move turn of ``n`` moves begins."""
        self.phase = MOVING
        self.spin = n
        self.budget = n
        self.spent = {}
        self.choice = MOVE_CHOICE

    def budget_reason(self, piece: Piece) -> str | None:
        """Why ``piece`` may not move for lack of moves (None: it may)."""
        if self.each:
            if self.spent.get(piece, 0) >= self.budget:
                what = "man" if piece[0] == "m" else "cannon"
                if self.budget == 1:
                    return f"that {what} has used its 1 move"
                return f"that {what} has used all its {self.budget} moves"
            return None
        if self.budget <= 0:
            return "no moves left: end your turn"
        return None

    def spend(self, piece: Piece, new_key: Piece | None = None) -> None:
        """``piece`` moves once (``new_key``: what it is called after the move)."""
        if self.each:
            n = self.spent.pop(piece, 0) + 1
            self.spent[new_key or piece] = n
        else:
            self.budget -= 1

    def finish(self, winner: int | None, end: EndReason, reason: str) -> None:
        """The war is over: ``winner`` (None: a draw or a truce), how (``end``) and why in words."""
        self.phase = OVER
        self._winner = winner
        self.end = end
        self.reason = reason
        self.crossing = None
        self._legal = []
