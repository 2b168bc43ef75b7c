"""The pieces and counters of a Cannon Ball position, and the edits that keep them right.

:class:`StateBase` holds what a position is made of (troopers per box, cannons,
bridges, gates, TNT, the turn's phase, budget and running attacks, with per-section
counters kept in step by the low-level edits), the small questions every rule asks
of it (who holds a section, its limit, moves left), and its record (``snapshot``,
``returns``). It is the base of the rule mixins (sections, troopers, cannons,
bridges and gates, turns) that :class:`~games.cannon_ball.game.CannonBallState`
combines; keeping the data apart from the rules that read it is what lets each of
those stay small.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.game import GameState, two_player_returns

from . import battlefield as M
from .moves import MOVE_CHOICE, Choice, Move, box_name
from .tables import (ASSAULT_LIMIT, BUDGET_MODES, EMPTY, ENEMY_GATE_SECTIONS, HOME, MOVING, N_BOXES, N_SECTIONS,
                     OPENING, OVER, QUIET_TURNS, RISKS, SEC, SECTION_LIMIT, TNT_CASES, TURN_LIMIT)

if TYPE_CHECKING:
    from .game import CannonBallState  # noqa: F401 - the final class, its own view (perfect information)

#: a cannon on the board: ``[owner seat, its boxes (a tuple of box indexes)]`` (a list: the boxes change)
Cannon = list[Any]
#: a piece on a bridge that may give way: ``("man", from, to, bridge, seat)`` or
#: ``("cannon", id, to boxes, escort boxes, bridge, seat, the escorts' moves spent)``
Crossing = tuple[Any, ...]


class StateBase(GameState[Move, "CannonBallState"]):
    """The data of a position and its bookkeeping; the attributes are described on
    :class:`~games.cannon_ball.game.CannonBallState`."""

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
        self.phase = OPENING
        self.to_move = 0
        self.opening: list[int] = []
        self.choice: Choice | None = None
        self.budget = 0
        self.spin = 0
        self.spent: dict[tuple[str, int], int] = {}
        self.sieges: dict[int, tuple[tuple[int, ...], int]] = {}
        self.limits: dict[int, int] = {}
        self.fuse = -1
        self.fuse_man = -1         # the box of the man who lit a gate fuse (he must leave its section)
        self.crossing: Crossing | None = None
        self.turn = 0
        self.quiet = 0
        self.progress = False
        self._ply = 0
        self._winner: int | None = None
        self.reason = ""
        self.events: list[str] = []
        self._legal: list[Move] | None = None
        self._xc: dict[int, tuple[int, list[int]]] | None = None        # excess() per seat, until the next change
        for fort in M.FORTS:
            for b in fort.boxes:
                if M.BOXES[b].star:
                    self.cannons.append([fort.owner, (b,)])
                    self.cannon_at[b] = len(self.cannons) - 1
                else:
                    self._put(b, fort.owner)

    # -- low-level board edits (keep the counters right) ------------------------------------
    def _put(self, box: int, p: int) -> None:
        self._xc = None
        self.occ[box] = p
        s = SEC[box]
        if s >= 0:
            self.sec_men[p][s] += 1
        if box in HOME[p]:
            self.home_men[p] += 1
        self.men[p] += 1

    def _lift(self, box: int) -> int:
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

    def _place_cannon(self, cid: int, boxes: tuple[int, ...]) -> None:
        c = self.cannons[cid]
        assert c is not None
        c[1] = boxes
        for b in boxes:
            self.cannon_at[b] = cid
        s = SEC[boxes[0]]
        if s >= 0:
            self.sec_cannon[s] = cid

    def _lift_cannon(self, cid: int) -> None:
        c = self.cannons[cid]
        assert c is not None
        for b in c[1]:
            self.cannon_at.pop(b, None)
        s = SEC[c[1][0]]
        if s >= 0 and self.sec_cannon[s] == cid:
            self.sec_cannon[s] = -1

    def _destroy_cannon(self, cid: int) -> None:
        if self.cannons[cid] is not None:
            self._lift_cannon(cid)
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

    def has_army(self, p: int) -> bool:
        """Could ``p`` still take a fort by force: 5 men, or 3 men and a cannon."""
        return self.men[p] >= 5 or (self.men[p] >= 3 and self.cannon_count(p) > 0)

    def moves_left(self, piece: tuple[str, int] | None = None) -> int:
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
    def _start_moving(self, n: int) -> None:
        self.phase = MOVING
        self.spin = n
        self.budget = n
        self.spent = {}
        self.choice = MOVE_CHOICE

    def _budget_reason(self, piece: tuple[str, int]) -> str | None:
        if self.each:
            if self.spent.get(piece, 0) >= self.budget:
                what = "man" if piece[0] == "m" else "cannon"
                return f"that {what} has used all its {self.budget} moves"
            return None
        if self.budget <= 0:
            return "no moves left: end your turn"
        return None

    def _spend(self, piece: tuple[str, int], new_key: tuple[str, int] | None = None) -> None:
        if self.each:
            n = self.spent.pop(piece, 0) + 1
            self.spent[new_key or piece] = n
        else:
            self.budget -= 1

    def _finish(self, winner: int | None, reason: str) -> None:
        self.phase = OVER
        self._winner = winner
        self.reason = reason
        self.crossing = None
        self._legal = []

    # -- records -------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        over = self.phase == OVER
        return two_player_returns(self._winner if over else None, over)

    def snapshot(self) -> dict[str, Any]:
        return {
            "men": [[box_name(b) for b in range(N_BOXES) if self.occ[b] == p] for p in (0, 1)],
            "cannons": [None if c is None else [c[0], [box_name(b) for b in c[1]]] for c in self.cannons],
            "bridges": [bool(b) for b in self.bridges],
            "gates": list(self.gates),
            "tnt_left": list(self.tnt_left),
            "tnt": [None if t < 0 else box_name(t) for t in self.tnt],
            "phase": self.phase,
            "to_move": self.to_move,
            "opening": list(self.opening),
            "choice": None if self.choice is None else str(self.choice),
            "spin": self.spin,
            "budget": self.budget,
            "spent": sorted([k[0], k[1], v] for k, v in self.spent.items()),
            "sieges": {str(M.SECTIONS[s].number): [[box_name(b) for b in d], dc]
                       for s, (d, dc) in sorted(self.sieges.items())},
            "limits": {str(M.SECTIONS[s].number): n for s, n in sorted(self.limits.items())},
            "fuse": None if self.fuse < 0 else M.GATES[self.fuse].id,
            "crossing": None if self.crossing is None else _crossing_json(self.crossing),
            "turn": self.turn,
            "quiet": self.quiet,
            "ply": self._ply,
            "winner": self._winner if self.phase == OVER else None,
            "result": self.reason if self.phase == OVER else "",
            "risk": self.risk,
            "budget_mode": "each" if self.each else "shared",
        }


def _crossing_json(cr: Crossing) -> list[Any]:
    if cr[0] == "man":
        return ["man", box_name(cr[1]), box_name(cr[2]), cr[3], cr[4]]
    return ["cannon", cr[1], [box_name(b) for b in cr[2]], [box_name(b) for b in cr[3]], cr[4], cr[5],
            list(cr[6])]
