"""Cannon Ball (Helen of Toy Co., 1968): the rules engine.

Pure Python: no pygame, no I/O, no clock, no randomness of its own. The map comes
from :mod:`games.cannon_ball.battlefield`; ``docs/rules/cannon_ball.md`` records
every decision the 1968 rule sheet leaves open.

Turns
-----
``phase`` walks through: ``opening`` (both players spin, CHANCE; ties spin again;
the higher spin makes the first move turn with that number) then, every turn,
``choose`` (the player picks a move turn, a gate turn or a gamble, before any
spin), ``spin`` (CHANCE: the Fort Commander, 1-12, performed by that player),
``moving`` (a move turn: small moves paid from the spin, then ``end``), and
``bridge`` (CHANCE, performed by nobody: does the bridge just crossed hold?).

Notation (``str(move)`` and :meth:`CannonBallState.parse_move`)
---------------------------------------------------------------
=================  =====================================================
``spin 7``         the Fort Commander shows 7 (a chance outcome)
``holds``          the bridge held (chance); ``explodes``: it blew up
``move``           choose a move turn
``close SW``       gate turn: close (or ``open``) one of your gates
``tnt odd``        the TNT shot, calling odd (or even)
``rebuild 3 even`` gamble: rebuild bridge 3, calling even
``fire NE odd``    gamble: fire your cannon at gate NE, calling odd
``c5-c6``          a trooper steps to a touching box, crosses a bridge
                   (``b17-b19``) or passes a gate; in a fort, stepping onto
                   an enemy captures it
``Kd7>e7e8+d6d8``  the cannon on d7 moves to boxes e7 and e8 with the two
                   men of d6 and d8 as escorts; without ``+..`` it is passed
                   (two of your men wait in both sections); in a fort
                   ``Kb6>b8`` moves it one large box
``TNT g16``        place a TNT case at the bridge end by box g16;
                   ``TNT NE`` slides one under enemy gate NE
``end``            end the move turn (unused moves are lost)
=================  =====================================================
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from games.core.game import CHANCE, TERMINAL, BadNotation, GameState, two_player_returns

from . import battlefield as M

SOUTH, NORTH = 0, 1
NAMES = M.SEATS
EMPTY = -1
TNT_CASES = 5
SECTION_LIMIT = 3           # your men in a section at the end of your move
ASSAULT_LIMIT = 5           # ... in an enemy gate section
QUIET_TURNS = 60            # turns in a row with nothing lost, blown or rebuilt: a truce
TURN_LIMIT = 200            # turns in all (100 each): the war ends in a truce
SPIN_VALUES = tuple(range(1, 13))
CALLS = ("odd", "even")

#: bridge risk option -> the chance a crossing blows the bridge
RISKS: dict[str, float] = {"low": 1 / 48, "normal": 1 / 24, "high": 1 / 12, "wild": 1 / 6}
BUDGET_MODES = ("shared", "each")

OPENING, CHOOSE, SPIN, MOVING, BRIDGE, OVER = "opening", "choose", "spin", "moving", "bridge", "over"

N_BOXES = M.N_BOXES
N_SECTIONS = M.N_SECTIONS
SEC = tuple(b.section for b in M.BOXES)          # box -> section (-1 in forts)
FORT_OF = tuple(b.fort for b in M.BOXES)         # box -> fort owner (-1 outside)
HOME = M.HOME


# -- moves ---------------------------------------------------------------------------------

def box_name(i: int) -> str:
    return M.BOXES[i].name


@dataclass(frozen=True, slots=True)
class Spin:
    """The Fort Commander shows ``value`` (a chance outcome)."""
    value: int

    def __str__(self) -> str:
        return f"spin {self.value}"


@dataclass(frozen=True, slots=True)
class Risk:
    """The bridge just crossed holds, or explodes (a chance outcome)."""
    holds: bool

    def __str__(self) -> str:
        return "holds" if self.holds else "explodes"


@dataclass(frozen=True, slots=True)
class Choice:
    """What a turn will be, chosen before the spin. ``kind``: move, open, close,
    tnt, rebuild or fire; ``target``: a gate (open/close/fire) or a bridge
    (rebuild) index; ``call``: odd or even for the gambles."""
    kind: str
    target: int = -1
    call: str = ""

    def __str__(self) -> str:
        k = self.kind
        if k == "move":
            return "move"
        if k in ("open", "close"):
            return f"{k} {M.GATES[self.target].id}"
        if k == "tnt":
            return f"tnt {self.call}"
        if k == "rebuild":
            return f"rebuild {M.BRIDGES[self.target].number} {self.call}"
        return f"fire {M.GATES[self.target].id} {self.call}"


@dataclass(frozen=True, slots=True)
class Step:
    """A trooper moves to a touching box, over a bridge or through a gate (1 move)."""
    frm: int
    to: int

    def __str__(self) -> str:
        return f"{box_name(self.frm)}-{box_name(self.to)}"


@dataclass(frozen=True, slots=True)
class CannonMove:
    """The cannon standing on ``frm`` (its first box) moves one section (onto the two
    boxes ``to``), or one large box inside a fort (``to`` has one box). ``escorts``:
    the boxes of the two men moving along with it; empty when it is passed."""
    frm: int
    to: tuple[int, ...]
    escorts: tuple[int, ...] = ()

    def __str__(self) -> str:
        s = "K" + box_name(self.frm) + ">" + "".join(box_name(t) for t in self.to)
        if self.escorts:
            s += "+" + "".join(box_name(e) for e in self.escorts)
        return s


@dataclass(frozen=True, slots=True)
class Tnt:
    """Place a TNT case (1 move): at a bridge end (``box``, the end box next to the
    bridge) or under an enemy gate (``gate``)."""
    box: int = -1
    gate: int = -1

    def __str__(self) -> str:
        return "TNT " + (M.GATES[self.gate].id if self.gate >= 0 else box_name(self.box))


@dataclass(frozen=True, slots=True)
class End:
    """End the move turn; unused moves are lost."""

    def __str__(self) -> str:
        return "end"


END = End()
Move = Spin | Risk | Choice | Step | CannonMove | Tnt | End
SPINS = tuple(Spin(v) for v in SPIN_VALUES)
MOVE_CHOICE = Choice("move")


# -- map tables the engine uses -------------------------------------------------------------

def _links() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per box: (other box, bridge index or -1, gate index or -1) for every way out."""
    out: list[list[tuple[int, int, int]]] = [[(j, -1, -1) for j in M.NEIGHBOURS[i]] for i in range(N_BOXES)]
    for br in M.BRIDGES:
        a, b = br.boxes
        out[a].append((b, br.index, -1))
        out[b].append((a, br.index, -1))
    for g in M.GATES:
        for o in g.outside:
            out[g.inside].append((o, -1, g.index))
            out[o].append((g.inside, -1, g.index))
    return tuple(tuple(x) for x in out)


LINKS = _links()
#: (a, b) -> (bridge, gate) for the links that need one
LINK_KIND: dict[tuple[int, int], tuple[int, int]] = {
    (a, b): (br, g) for a in range(N_BOXES) for b, br, g in LINKS[a]}
#: bridge-end box -> bridge index
BRIDGE_END: dict[int, int] = {b: br.index for br in M.BRIDGES for b in br.boxes}
#: section -> bridges with an end in it
SECTION_BRIDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(br.index for br in M.BRIDGES if s in br.sections) for s in range(N_SECTIONS))
#: gate inside box -> gate index
GATE_INSIDE: dict[int, int] = {g.inside: g.index for g in M.GATES}
#: seat -> the gate sections of the enemy forts (where the assault limit is five)
ENEMY_GATE_SECTIONS = (frozenset(M.GATE_SECTIONS[1]), frozenset(M.GATE_SECTIONS[0]))
#: a section's boxes
SECTION_BOXES = tuple(s.boxes for s in M.SECTIONS)
#: cannon spots per section as a set of pairs
SPOT_SET = tuple(frozenset(p) for p in M.CANNON_SPOTS)


def _centre_d2(a: int, b: int) -> float:
    (ax, ay), (bx, by) = M.BOXES[a].centre, M.BOXES[b].centre
    return (ax - bx) ** 2 + (ay - by) ** 2


def beats(att_men: int, att_cannon: bool, def_men: int, def_cannon: bool) -> bool:
    """Does the force now in an attacked section beat its defence?

    Without a defending cannon: one man more than the defenders, or two men with a
    cannon. With one (and at least one man beside it): only a cannon with more men
    than the defenders' (so three men and a cannon fall only to four and a cannon)."""
    if def_cannon:
        return att_cannon and att_men > def_men
    return (att_cannon and att_men >= 2) or att_men > def_men


def missing_force(att_men: int, att_cannon: bool, def_men: int, def_cannon: bool) -> str:
    """What the attackers still lack, in a player's words ("" when they win)."""
    if beats(att_men, att_cannon, def_men, def_cannon):
        return ""
    if def_cannon:
        need = def_men + 1 - att_men
        if not att_cannon:
            return (f"a cannon with {def_men + 1} men" if att_men == 0 else
                    f"a cannon, and {max(need, 0)} more {'man' if need == 1 else 'men'}" if need > 0 else "a cannon")
        return f"{need} more {'man' if need == 1 else 'men'}"
    need = def_men + 1 - att_men
    alt = " (or 2 men with a cannon)" if not att_cannon else ""
    if att_cannon:
        need = min(need, 2 - att_men)
    return f"{need} more {'man' if need == 1 else 'men'}{alt}"


# -- the state --------------------------------------------------------------------------------

class CannonBallState(GameState):
    """A Cannon Ball position: pieces, bridges, gates, TNT, and where the turn stands.

    Public attributes (read them, do not write them): ``occ`` (per box: the seat of
    the trooper on it, or -1), ``cannons`` (per cannon id: ``[owner, boxes]``, or
    None once destroyed), ``cannon_at`` (box -> cannon id), ``bridges`` (per
    bridge: standing?), ``gates`` (per gate: "open", "closed" or "destroyed"),
    ``tnt_left``, ``tnt`` (per seat: the bridge-end box of its lit case, or -1),
    ``phase``, ``to_move``, ``budget`` (moves left; in the "each piece" reading
    the spin), ``spin``, ``sieges`` (section -> (defender boxes, defender
    cannon id or -1): attacks not yet won this turn; the defenders are lifted off
    the board until the attack is won or fails), ``crossing`` (the piece on a
    bridge while it may give way), ``turn``, ``quiet``."""

    num_players = 2

    def __init__(self, risk: float = RISKS["normal"], budget_mode: str = "shared",
                 quiet_turns: int = QUIET_TURNS, turn_limit: int = TURN_LIMIT):
        if budget_mode not in BUDGET_MODES:
            raise ValueError(f"budget_mode must be one of {BUDGET_MODES}")
        self.risk = float(risk)
        self.each = budget_mode == "each"
        self.quiet_turns = quiet_turns
        self.turn_limit = turn_limit
        self.occ = [EMPTY] * N_BOXES
        self.cannons: list[list | None] = []
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
        self.crossing: tuple | None = None
        self.turn = 0
        self.quiet = 0
        self.progress = False
        self._ply = 0
        self._winner: int | None = None
        self.reason = ""
        self.events: list[str] = []
        self._legal: list | None = None
        self._xc: dict | None = None        # excess() per seat, until the next change
        for fort in M.FORTS:
            for b in fort.boxes:
                if M.BOXES[b].star:
                    self.cannons.append([fort.owner, (b,)])
                    self.cannon_at[b] = len(self.cannons) - 1
                else:
                    self._put(b, fort.owner)

    # -- building positions (tests, rules pictures) ------------------------------------------
    @classmethod
    def position(cls, men: dict[int, Sequence[str]] | None = None,
                 cannons: Sequence[tuple[int, Sequence[str]]] = (), to_move: int = SOUTH,
                 phase: str = MOVING, budget: int = 6, risk: float = 0.0, budget_mode: str = "shared",
                 gates: Sequence[str] | None = None, bridges: Sequence[bool] | None = None) -> "CannonBallState":
        """A position built by hand: ``men`` maps a seat to box names, ``cannons`` lists
        ``(seat, (box, box))`` (one box inside a fort). ``phase`` is ``moving`` (with
        ``budget`` moves) or ``choose``. Bridges steady unless ``risk`` is given."""
        st = cls(risk=risk, budget_mode=budget_mode)
        st.occ = [EMPTY] * N_BOXES
        st.cannons, st.cannon_at = [], {}
        st.sec_men = [[0] * N_SECTIONS, [0] * N_SECTIONS]
        st.sec_cannon = [-1] * N_SECTIONS
        st.home_men, st.men = [0, 0], [0, 0]
        for p, names in (men or {}).items():
            for n in names:
                b = M.box_index(n)
                if b is None or st.occ[b] != EMPTY:
                    raise ValueError(f"bad or repeated box {n!r}")
                st._put(b, p)
        for p, names in cannons:
            found = [M.box_index(n) for n in names]
            bxs = tuple(sorted(b for b in found if b is not None))
            if len(bxs) != len(found):
                raise ValueError(f"bad cannon boxes {names!r}")
            st.cannons.append([p, bxs])
            st._place_cannon(len(st.cannons) - 1, bxs)
        if gates is not None:
            st.gates = list(gates)
        if bridges is not None:
            st.bridges = list(bridges)
        st.to_move = to_move
        st.phase = phase
        if phase == MOVING:
            st._start_moving(budget)
        return st

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

    # -- whose turn --------------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == OVER:
            return TERMINAL
        if ph in (OPENING, SPIN, BRIDGE):
            return CHANCE
        return self.to_move

    def chance_outcomes(self) -> list[tuple[Any, float]]:
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

    def legal_moves(self) -> list:
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list:
        ph = self.phase
        if ph == CHOOSE:
            return self._gen_choices()
        if ph == MOVING:
            return self._gen_moving()
        return []

    def _gen_choices(self) -> list:
        me = self.to_move
        if self.tnt[me] >= 0:
            return [Choice("tnt", -1, c) for c in CALLS]
        out: list = [MOVE_CHOICE]
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

    def _gen_moving(self) -> list:
        out: list = [END]
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
    def why_illegal(self, move) -> str | None:
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

    def _why_choice(self, move) -> str | None:
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

    def _why_moving(self, move) -> str | None:
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

    def _budget_reason(self, piece: tuple[str, int]) -> str | None:
        if self.each:
            if self.spent.get(piece, 0) >= self.budget:
                what = "man" if piece[0] == "m" else "cannon"
                return f"that {what} has used all its {self.budget} moves"
            return None
        if self.budget <= 0:
            return "no moves left: end your turn"
        return None

    def _why_step(self, a: int, b: int) -> str | None:
        if not (isinstance(a, int) and isinstance(b, int) and 0 <= a < N_BOXES and 0 <= b < N_BOXES):
            return "no such box"
        me = self.to_move
        if self.occ[a] != me:
            return f"no man of yours on {box_name(a)}"
        kind = LINK_KIND.get((a, b))
        if kind is None:
            return f"{box_name(b)} is not next to {box_name(a)}"
        why = self._budget_reason(("m", a))
        if why:
            return why
        br, g = kind
        if br >= 0 and not self.bridges[br]:
            return f"bridge {M.BRIDGES[br].number} is down"
        if g >= 0 and self.gates[g] == "closed":
            return f"gate {M.GATES[g].id} is closed"
        sa, sb = SEC[a], SEC[b]
        if sa >= 0 and sa in self.sieges and sb != sa:
            return (f"your men in section {M.SECTIONS[sa].number} are fighting: "
                    "they cannot leave before the attack is won")
        why = self._why_enter(b, sb)
        if why:
            return why
        return self._why_over_limit(sa, sb, 1, self._completes(sb, 1, False))

    def _why_enter(self, b: int, sb: int) -> str | None:
        """Can one of the mover's men enter box ``b`` (section ``sb``)?"""
        me = self.to_move
        cid = self.cannon_at.get(b)
        if cid is not None:
            if self.cannon_owner(cid) == me:
                return f"your own cannon stands on {box_name(b)}: your men cannot pass through it"
            if sb >= 0 and not self.enemy_held(sb, me):
                return (f"an unguarded cannon stands on {box_name(b)}: enter another box of section "
                        f"{M.SECTIONS[sb].number} to capture it")
            return None
        o = self.occ[b]
        if o == me:
            return f"{box_name(b)} is occupied"
        return None

    def _completes(self, s: int, men_in: int, cannon_in: bool) -> bool:
        """Would ``men_in`` more of the mover's men (and a cannon) arriving in ``s`` win it?"""
        if s < 0:
            return False
        me = self.to_move
        if s in self.sieges:
            defs, dc = self.sieges[s]
            d_men, d_can = len(defs), dc >= 0
        elif self.sec_men[1 - me][s] > 0:
            d_men = self.sec_men[1 - me][s]
            d_can = self.section_cannon(s, 1 - me) >= 0
        else:
            return False
        am = self.sec_men[me][s] + men_in
        ac = cannon_in or self.section_cannon(s, me) >= 0
        return beats(am, ac, d_men, d_can)

    def excess(self, p: int, delta: dict[int, int] | None = None, won: int = -1, engaged: int = -1) -> int:
        """How many of ``p``'s men stand beyond a section limit (sections still under
        attack left out, except ``won``; ``engaged``: a section the move attacks without
        winning), after moving ``delta`` (section -> change)."""
        cache = self._xc
        if cache is None:
            cache = self._xc = {}
        base = cache.get(p)
        row = self.sec_men[p]
        sieges = self.sieges if p == self.to_move else {}
        if base is None:
            contrib = [0] * N_SECTIONS
            for s in range(N_SECTIONS):
                if row[s] > 0 and s not in sieges:
                    contrib[s] = max(0, row[s] - self.limit(p, s))
            base = cache[p] = (sum(contrib), contrib)
        total, contrib = base
        touched = set(delta) if delta else set()
        if won >= 0:
            touched.add(won)
        if engaged >= 0:
            touched.add(engaged)
        for s in touched:
            if s < 0:
                continue
            total -= contrib[s]
            n = row[s] + (delta.get(s, 0) if delta else 0)
            if n <= 0 or ((s in sieges or s == engaged) and s != won):
                continue
            total += max(0, n - self.limit(p, s))
        return total

    def _why_over_limit(self, sa: int, sb: int, n: int, completes: bool) -> str | None:
        """Refuse a move after which the men beyond a section limit could no longer
        all leave with the moves left (a section may hold three of your men at the end
        of your move, five in an enemy gate section)."""
        me = self.to_move
        delta: dict[int, int] = {}
        if sa >= 0:
            delta[sa] = delta.get(sa, 0) - n
        if sb >= 0:
            delta[sb] = delta.get(sb, 0) + n
        won = sb if completes else -1
        engaged = sb if (sb >= 0 and not completes and self.enemy_held(sb, me)) else -1
        over = self.excess(me, delta, won, engaged)
        if over == 0:
            return None
        left = self._capacity_after(sa, sb, delta, won)
        if over <= left:
            return None
        s = next((s for s in (sb, sa) if s >= 0 and self.sec_men[me][s] + delta.get(s, 0) > self.limit(me, s)),
                 sb)
        lim = self.limit(me, s) if s >= 0 else SECTION_LIMIT
        if lim == 0:
            return (f"your men must all leave section {M.SECTIONS[s].number} this turn (the TNT), "
                    f"and only {left} {'move is' if left == 1 else 'moves are'} left")
        return (f"a section may hold at most {lim} of your men at the end of your move: section "
                f"{M.SECTIONS[s].number} would be over with only {left} "
                f"{'move' if left == 1 else 'moves'} left")

    def _why_over_limit_at(self, sa: int, sb: int, left: int) -> bool:
        """True when one man moving from section ``sa`` to ``sb`` would leave more men
        beyond the limits than ``left`` moves can fix (used by :func:`reachable`)."""
        delta: dict[int, int] = {}
        if sa >= 0:
            delta[sa] = -1
        if sb >= 0:
            delta[sb] = delta.get(sb, 0) + 1
        completes = self._completes(sb, 1, False)
        engaged = sb if (sb >= 0 and not completes and self.enemy_held(sb, self.to_move)) else -1
        return self.excess(self.to_move, delta, sb if completes else -1, engaged) > left

    def _capacity_after(self, sa: int, sb: int, delta: dict[int, int], won: int) -> int:
        """Moves left to put the excess right after a move costing one."""
        if not self.each:
            return self.budget - 1
        # each piece: the men in over-full sections that still have a move (rough but safe)
        me = self.to_move
        n = 0
        for s in range(N_SECTIONS):
            cnt = self.sec_men[me][s] + delta.get(s, 0)
            if cnt > self.limit(me, s) and (s not in self.sieges or s == won):
                n += sum(1 for b in SECTION_BOXES[s] if self.occ[b] == me
                         and self.spent.get(("m", b), 0) < self.budget)
        return n

    # -- cannons ---------------------------------------------------------------------------------
    def _cannon_candidates(self, cid: int, legal_only: bool) -> list:
        """Every cannon move of cannon ``cid`` worth asking about (legal ones only, if asked)."""
        c = self.cannons[cid]
        if c is None:
            return []
        frm = min(c[1])
        out: list = []
        if len(c[1]) == 1:                 # in a fort
            for t in M.LARGE_NEIGHBOURS.get(frm, ()):
                out.append(CannonMove(frm, (t,)))
            g = GATE_INSIDE.get(frm)
            if g is not None:
                for spot in M.CANNON_SPOTS[M.GATES[g].section]:
                    out.append(CannonMove(frm, spot))
        else:
            out = self._outside_candidates(frm, c[0], legal_only)
        if legal_only:
            out = [m for m in out if self._why_cannon(m) is None]
        return out

    def _outside_candidates(self, frm: int, owner: int, legal_only: bool) -> list:
        e = SEC[frm]
        out: list = []
        for g in M.FORTS[owner].gates:
            if M.GATES[g].section == e:
                out.append(CannonMove(frm, (M.GATES[g].inside,)))
        men = tuple(b for b in SECTION_BOXES[e] if self.occ[b] == owner)
        pairs = [(men[i], men[j]) for i in range(len(men)) for j in range(i + 1, len(men))]
        for f in self._cannon_neighbours(e):
            can_pass = self.sec_men[owner][e] >= 2 and self.sec_men[owner][f] >= 2
            if legal_only:
                other = self.sec_cannon[f]
                if other >= 0 and (self.cannon_owner(other) == owner or not self.enemy_held(f, owner)):
                    continue
                if not can_pass and not pairs:
                    continue
            held = self.enemy_held(f, owner)
            for spot in M.CANNON_SPOTS[f]:
                if legal_only and any(self.occ[t] == owner or (t in self.cannon_at and not held) for t in spot):
                    continue
                if can_pass or not legal_only:
                    out.append(CannonMove(frm, spot))
                for esc in pairs:
                    out.append(CannonMove(frm, spot, esc))
        return out

    def _cannon_neighbours(self, e: int) -> list[int]:
        """Sections a cannon in ``e`` may move to: touching ones and those across a standing bridge."""
        out = list(M.SECTION_NEIGHBOURS[e])
        for br in SECTION_BRIDGES[e]:
            if self.bridges[br]:
                a, b = M.BRIDGES[br].sections
                other = b if a == e else a
                if other not in out:
                    out.append(other)
        return out

    def _bridge_between(self, e: int, f: int) -> int:
        for br in SECTION_BRIDGES[e]:
            if self.bridges[br] and f in M.BRIDGES[br].sections:
                return br
        return -1

    def _why_cannon(self, mv: CannonMove) -> str | None:
        me = self.to_move
        cid = self.cannon_at.get(mv.frm) if isinstance(mv.frm, int) else None
        if cid is None or self.cannon_owner(cid) != me:
            return f"no cannon of yours on {box_name(mv.frm) if isinstance(mv.frm, int) and 0 <= mv.frm < N_BOXES else '?'}"
        c = self.cannons[cid]
        assert c is not None
        if mv.frm != min(c[1]):
            return f"name the cannon by its first box, {box_name(min(c[1]))}"
        if not mv.to or len(mv.to) > 2 or any(not (isinstance(t, int) and 0 <= t < N_BOXES) for t in mv.to):
            return "a cannon moves onto one large box (in a fort) or two boxes (outside)"
        why = self._budget_reason(("c", cid))
        if why:
            return why
        if len(c[1]) == 1:
            return self._why_cannon_in_fort(mv, c)
        return self._why_cannon_outside(mv, cid, c)

    def _why_cannon_in_fort(self, mv: CannonMove, c: list) -> str | None:
        frm = mv.frm
        if mv.escorts:
            return "inside a fort a cannon moves without escorts"
        if len(mv.to) == 1:
            t = mv.to[0]
            if t not in M.LARGE_NEIGHBOURS.get(frm, ()):
                return "inside a fort a cannon moves one large box at a time"
            if self.occ[t] != EMPTY or t in self.cannon_at:
                return f"{box_name(t)} is occupied"
            return None
        g = GATE_INSIDE.get(frm)
        if g is None:
            return "a cannon leaves the fort from the large box behind a gate"
        gate = M.GATES[g]
        if self.gates[g] == "closed":
            return f"gate {gate.id} is closed"
        return self._why_cannon_arrive(mv, -1, gate.section, pass_men=True)

    def _why_cannon_outside(self, mv: CannonMove, cid: int, c: list) -> str | None:
        me = self.to_move
        e = SEC[mv.frm]
        if e in self.sieges:
            return (f"your cannon in section {M.SECTIONS[e].number} is fighting: it cannot leave "
                    "before the attack is won")
        if len(mv.to) == 1:
            t = mv.to[0]
            g = GATE_INSIDE.get(t)
            if g is None or M.GATES[g].owner != me or M.GATES[g].section != e:
                return "a cannon goes back into its fort through the gate in front of it"
            if self.gates[g] == "closed":
                return f"gate {M.GATES[g].id} is closed"
            if mv.escorts:
                return "a cannon goes back into its fort without escorts (your men pass it in)"
            if self.occ[t] != EMPTY or t in self.cannon_at:
                return f"{box_name(t)} is occupied"
            if self.sec_men[me][e] < 2:
                return f"passing the cannon in needs 2 of your men in section {M.SECTIONS[e].number}"
            return None
        f = SEC[mv.to[0]]
        if f < 0 or f not in self._cannon_neighbours(e):
            return "a cannon moves to a touching section, or across a standing bridge"
        return self._why_cannon_arrive(mv, e, f, pass_men=not mv.escorts)

    def _why_cannon_arrive(self, mv: CannonMove, e: int, f: int, pass_men: bool) -> str | None:
        """Checks for a cannon arriving in section ``f`` from ``e`` (-1: out of the fort)."""
        me = self.to_move
        fn = M.SECTIONS[f].number
        if tuple(sorted(mv.to)) != mv.to or mv.to not in SPOT_SET[f]:
            return f"a cannon stands on two side-by-side boxes of section {fn}"
        other = self.sec_cannon[f]
        if other >= 0:
            if self.cannon_owner(other) == me:
                return f"section {fn} already has a cannon (one per section)"
            if not self.enemy_held(f, me):
                return f"capture the unguarded cannon in section {fn} with a trooper first"
        held = self.enemy_held(f, me)
        for t in mv.to:
            if self.occ[t] == me or (t in self.cannon_at and not held):
                return f"{box_name(t)} is occupied"
        if pass_men:
            if mv.escorts:
                return "an escorted cannon names its two escorts"
            if e >= 0 and self.sec_men[me][e] < 2:
                return f"passing the cannon needs 2 of your men in section {M.SECTIONS[e].number}"
            if self.sec_men[me][f] < 2:
                return (f"passing the cannon needs 2 of your men waiting in section {fn} "
                        "(or name two escorts: +box box)")
            return self._why_over_limit(-1, f, 0, self._completes(f, 0, True))
        return self._why_escorts(mv, e, f, held)

    def _why_escorts(self, mv: CannonMove, e: int, f: int, held: bool) -> str | None:
        me = self.to_move
        esc = mv.escorts
        if len(esc) != 2 or esc[0] == esc[1] or tuple(sorted(esc)) != esc:
            return "a cannon moves with two escorts (or is passed by two men in each section)"
        for b in esc:
            if not (isinstance(b, int) and 0 <= b < N_BOXES) or self.occ[b] != me or SEC[b] != e:
                return (f"the escorts must be two of your men in section {M.SECTIONS[e].number}"
                        if e >= 0 else "the escorts must be two of your men")
            if self.each and self.spent.get(("m", b), 0) >= self.budget:
                return f"the man on {box_name(b)} has no moves left to escort the cannon"
        me_ = self.to_move
        room = sum(1 for b in SECTION_BOXES[f] if b not in mv.to
                   and (self.occ[b] == EMPTY or (held and self.occ[b] != me_))
                   and (b not in self.cannon_at or held))
        if room < 2:
            return f"no room in section {M.SECTIONS[f].number} for the cannon and its escorts"
        return self._why_over_limit(e, f, 2, self._completes(f, 2, True))

    def _landing(self, f: int, cannon_boxes: tuple[int, ...], n: int, held: bool) -> list[int]:
        """The boxes escorts take in section ``f`` (nearest the cannon first); ``held``:
        the section's defenders will be lifted by the attack."""
        me = self.to_move
        free = [b for b in SECTION_BOXES[f] if b not in cannon_boxes
                and (self.occ[b] == EMPTY or (held and self.occ[b] != me))
                and (b not in self.cannon_at or held)]
        free.sort(key=lambda b: (min(_centre_d2(b, t) for t in cannon_boxes), b))
        return free[:n]

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

    # -- applying ------------------------------------------------------------------------------------
    def _apply(self, move) -> None:
        self.events = []
        self._legal = None
        self._xc = None
        ph = self.phase
        if ph == OPENING:
            self._apply_opening(move.value)
        elif ph == SPIN:
            self._apply_spin(move.value)
        elif ph == BRIDGE:
            self._apply_risk(move.holds)
        elif ph == CHOOSE:
            self._apply_choice(move)
        elif isinstance(move, End):
            self._end_turn()
        elif isinstance(move, Step):
            self._apply_step(move)
        elif isinstance(move, CannonMove):
            self._apply_cannon(move)
        else:
            self._apply_tnt(move)
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

    def _start_moving(self, n: int) -> None:
        self.phase = MOVING
        self.spin = n
        self.budget = n
        self.spent = {}
        self.choice = MOVE_CHOICE

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

    def _finish(self, winner: int | None, reason: str) -> None:
        self.phase = OVER
        self._winner = winner
        self.reason = reason
        self.crossing = None
        self._legal = []

    def _spend(self, piece: tuple[str, int], new_key: tuple[str, int] | None = None) -> None:
        if self.each:
            n = self.spent.pop(piece, 0) + 1
            self.spent[new_key or piece] = n
        else:
            self.budget -= 1

    def _apply_step(self, mv: Step) -> None:
        a, b = mv.frm, mv.to
        me = self.to_move
        br, _g = LINK_KIND[(a, b)]
        self._spend(("m", a), ("m", b))
        if br >= 0 and self.risk > 0:
            self._lift(a)
            self.crossing = ("man", a, b, br, me)
            self.phase = BRIDGE
            self.events.append(f"crosses bridge {M.BRIDGES[br].number}")
            return
        self._lift(a)
        self._arrive(me, b)

    def _arrive(self, me: int, b: int) -> None:
        """One of ``me``'s men lands on box ``b``, with everything that follows."""
        s = SEC[b]
        if s < 0:
            self._arrive_fort(me, b)
            return
        if self.enemy_held(s, me):
            self._engage(s)
        self._put(b, me)
        if s in self.sieges:
            self._try_win(s)
        else:
            cid = self.sec_cannon[s]
            if cid >= 0 and self.cannon_owner(cid) != me:
                c = self.cannons[cid]
                assert c is not None
                c[0] = me
                self.progress = True
                self.events.append(f"captured the cannon in section {M.SECTIONS[s].number}")

    def _arrive_fort(self, me: int, b: int) -> None:
        if self.occ[b] == 1 - me:
            self._lift(b)
            self.progress = True
            self.events.append(f"captured the man on {box_name(b)}")
        cid = self.cannon_at.get(b)
        if cid is not None:
            self._destroy_cannon(cid)
            self.events.append(f"captured and spiked the cannon on {box_name(b)}")
        self._put(b, me)

    def _engage(self, s: int) -> None:
        """The mover enters enemy-held section ``s``: an attack. The defenders are
        lifted off until it is won (they die) or fails (they come back)."""
        me = self.to_move
        defs = tuple(b for b in SECTION_BOXES[s] if self.occ[b] == 1 - me)
        for b in defs:
            self._lift(b)
        dc = self.section_cannon(s, 1 - me)
        if dc >= 0:
            self._lift_cannon(dc)
        self.sieges[s] = (defs, dc)
        self.events.append(f"attacks section {M.SECTIONS[s].number}")

    def _try_win(self, s: int) -> None:
        me = self.to_move
        defs, dc = self.sieges[s]
        am = self.sec_men[me][s]
        ac = self.section_cannon(s, me) >= 0
        if not beats(am, ac, len(defs), dc >= 0):
            return
        del self.sieges[s]
        if dc >= 0:
            c = self.cannons[dc]
            assert c is not None
            self.cannons[dc] = None
        self.progress = True
        force = f"{am} {'man' if am == 1 else 'men'}" + (" and a cannon" if ac else "")
        self.events.append(f"{force} took section {M.SECTIONS[s].number}"
                           + (", destroying its cannon" if dc >= 0 else ""))

    def _apply_cannon(self, mv: CannonMove) -> None:
        me = self.to_move
        cid = self.cannon_at[mv.frm]
        c = self.cannons[cid]
        assert c is not None
        self._spend(("c", cid))
        if self.each:                      # each piece: the escorts pay their move too
            for e in mv.escorts:
                self._spend(("m", e))
        f = SEC[mv.to[0]]
        e = SEC[mv.frm]
        br = self._bridge_between(e, f) if (e >= 0 and f >= 0 and mv.escorts) else -1
        if br >= 0 and f not in M.SECTION_NEIGHBOURS[e] and self.risk > 0:
            self._lift_cannon(cid)
            esc_spent = [self.spent.pop(("m", x), 0) for x in mv.escorts]
            for x in mv.escorts:
                self._lift(x)
            self.crossing = ("cannon", cid, mv.to, mv.escorts, br, me, tuple(esc_spent))
            self.phase = BRIDGE
            self.events.append(f"the cannon crosses bridge {M.BRIDGES[br].number}")
            return
        esc_spent = [self.spent.pop(("m", x), 0) for x in mv.escorts]
        for x in mv.escorts:
            self._lift(x)
        self._cannon_land(cid, mv.to, len(mv.escorts), tuple(esc_spent))

    def _cannon_land(self, cid: int, to: tuple[int, ...], n_escorts: int, esc_spent: tuple[int, ...]) -> None:
        me = self.to_move
        f = SEC[to[0]]
        if f >= 0 and self.enemy_held(f, me):
            self._engage(f)
        self._lift_cannon(cid)
        self._place_cannon(cid, to)
        if f >= 0 and n_escorts:
            for x, sp in zip(self._landing(f, to, n_escorts, False), esc_spent):
                self._put(x, me)
                if self.each:
                    self.spent[("m", x)] = sp
        if f >= 0 and f in self.sieges:
            self._try_win(f)

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

    def _apply_tnt(self, mv: Tnt) -> None:
        me = self.to_move
        self.tnt_left[me] -= 1
        if mv.gate >= 0:
            gate = M.GATES[mv.gate]
            placer = next(b for b in gate.outside if self.occ[b] == me)
            self._spend(("m", placer))
            self.fuse = mv.gate
            self.limits[gate.section] = ASSAULT_LIMIT - 2
            self.events.append(f"TNT under gate {gate.id}: the fuse is lit")
            return
        self._spend(("m", mv.box))
        self.tnt[me] = mv.box
        s = SEC[mv.box]
        self.limits[s] = 0
        self.events.append(f"TNT placed at bridge {M.BRIDGES[BRIDGE_END[mv.box]].number}")

    # -- the end of a turn ------------------------------------------------------------------------
    def end_losses(self) -> dict[str, dict[int, int]]:
        """What ending the move turn now would cost the mover: ``{"attack": {section:
        men (and cannon counted as 1) lost because the attack there is not won},
        "limit": {section: men over the limit that are lost}}`` (sections by index)."""
        me = self.to_move
        out: dict[str, dict[int, int]] = {"attack": {}, "limit": {}}
        if self.phase != MOVING:
            return out
        for s in self.sieges:
            n = self.sec_men[me][s] + (1 if self.section_cannon(s, me) >= 0 else 0)
            if n:
                out["attack"][s] = n
        for s in range(N_SECTIONS):
            if s in self.sieges:
                continue
            over = self.sec_men[me][s] - self.limit(me, s)
            if over > 0:
                out["limit"][s] = over
        return out

    def _end_turn(self, forfeit: bool = False) -> None:
        me = self.to_move
        self._lose_failed_attacks()
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

    def _lose_failed_attacks(self) -> None:
        me = self.to_move
        for s, (defs, dc) in list(self.sieges.items()):
            lost = 0
            for b in SECTION_BOXES[s]:
                if self.occ[b] == me:
                    self._lift(b)
                    lost += 1
            mine = self.section_cannon(s, me)
            if mine >= 0:
                self._destroy_cannon(mine)
            for b in defs:
                self._put(b, 1 - me)
            if dc >= 0:
                c = self.cannons[dc]
                assert c is not None
                self._place_cannon(dc, c[1])
            self.progress = True
            self.events.append(f"the attack on section {M.SECTIONS[s].number} failed: "
                               f"{lost} {'attacker' if lost == 1 else 'attackers'}"
                               f"{' and a cannon' if mine >= 0 else ''} lost")
        self.sieges = {}

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

    def has_army(self, p: int) -> bool:
        """Could ``p`` still take a fort by force: 5 men, or 3 men and a cannon."""
        return self.men[p] >= 5 or (self.men[p] >= 3 and self.cannon_count(p) > 0)

    def _check_truce(self) -> None:
        if not self.has_army(0) and not self.has_army(1):
            self._finish(None, "Neither side can take a fort any more: a truce")
        elif self.quiet >= self.quiet_turns:
            self._finish(None, f"{self.quiet_turns} turns without a loss: a truce")
        elif self.turn >= self.turn_limit:
            self._finish(None, f"The war lasted {self.turn_limit} turns: a truce")

    # -- reading moves ------------------------------------------------------------------------------
    def parse_move(self, text: str):
        return self.parse_legal(text, parse_text(text))

    # -- ending -------------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        over = self.phase == OVER
        return two_player_returns(self._winner if over else None, over)

    def result_text(self, names=None) -> str:
        if self.phase != OVER:
            return ""
        return _renamed(self.reason, names)

    def status_text(self, names=None) -> str:
        ph = self.phase
        if ph == OVER:
            return self.result_text(names)
        who = _name(self.to_move, names)
        if ph == OPENING:
            spinner = _name(len(self.opening), names)
            return f"{spinner}: spin the Fort Commander; the higher spin moves first"
        if ph == CHOOSE:
            if self.tnt[self.to_move] >= 0:
                num = M.BRIDGES[BRIDGE_END[self.tnt[self.to_move]]].number
                return f"{who}: shoot your TNT at bridge {num}, call odd or even"
            return f"{who}: choose a move turn, a gate turn or a gamble"
        if ph == SPIN:
            ch = self.choice
            what = "for a move turn" if ch is None or ch.kind == "move" else f"calling {ch.call}"
            return f"{who}: spin the Fort Commander ({what})"
        if ph == BRIDGE:
            cr = self.crossing
            assert cr is not None
            num = M.BRIDGES[cr[4] if cr[0] == "cannon" else cr[3]].number
            return f"Will bridge {num} hold?"
        if self.each:
            return f"{who}: move turn, each piece may move up to {self.budget}"
        n = self.budget
        return f"{who}: {n} {'move' if n == 1 else 'moves'} left" if n else f"{who}: no moves left, end your turn"

    def public_move_text(self, move, names=None) -> str:
        if self.why_illegal(move) is not None:
            return str(move)              # apply() will refuse it and say why
        probe = self.copy()
        before = probe.phase
        mover = probe.to_move
        probe._apply(move)
        tail = "; ".join(probe.events)
        text = _describe(self, move, before, mover, names)
        if probe.phase == OVER and probe.reason and before != OPENING:
            tail = (tail + ". " if tail else "") + probe.result_text(names)
        return _renamed(text + (": " + tail if tail and text else tail), names)

    # -- copies and records --------------------------------------------------------------------------
    def copy(self) -> "CannonBallState":
        c = object.__new__(CannonBallState)
        d = self.__dict__.copy()
        d["occ"] = self.occ[:]
        d["cannons"] = [None if x is None else [x[0], x[1]] for x in self.cannons]
        d["cannon_at"] = dict(self.cannon_at)
        d["sec_men"] = [self.sec_men[0][:], self.sec_men[1][:]]
        d["sec_cannon"] = self.sec_cannon[:]
        d["home_men"] = self.home_men[:]
        d["men"] = self.men[:]
        d["bridges"] = self.bridges[:]
        d["gates"] = self.gates[:]
        d["tnt_left"] = self.tnt_left[:]
        d["tnt"] = self.tnt[:]
        d["opening"] = self.opening[:]
        d["spent"] = dict(self.spent)
        d["sieges"] = dict(self.sieges)
        d["limits"] = dict(self.limits)
        d["events"] = []
        d["_xc"] = None
        c.__dict__ = d
        return c

    def view(self, player: int | None) -> "CannonBallState":
        return self.copy()

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

    def __repr__(self) -> str:
        return f"<CannonBallState ply={self._ply} {self.status_text()!r}>"


def _crossing_json(cr: tuple) -> list:
    if cr[0] == "man":
        return ["man", box_name(cr[1]), box_name(cr[2]), cr[3], cr[4]]
    return ["cannon", cr[1], [box_name(b) for b in cr[2]], [box_name(b) for b in cr[3]], cr[4], cr[5],
            list(cr[6])]


def _name(p: int, names: Sequence[str] | None) -> str:
    return names[p] if names and p < len(names) and names[p] else NAMES[p]


def _renamed(text: str, names: Sequence[str] | None) -> str:
    """Texts are built with the default seat names; put the players' names in."""
    if not names:
        return text
    for p in (0, 1):
        text = re.sub(rf"\b{NAMES[p]}\b", f"\x00{p}\x00", text)
    for p in (0, 1):
        text = text.replace(f"\x00{p}\x00", _name(p, names))
    return text


def _describe(st: CannonBallState, move, phase: str, mover: int, names) -> str:
    """The first half of a log line, before the consequences."""
    if isinstance(move, Spin):
        if phase == OPENING:
            return f"{NAMES[len(st.opening)]} spins {move.value}"
        ch = st.choice
        if ch is None or ch.kind == "move":
            return f"Move turn: spun {move.value}"
        label = {"tnt": "TNT shot", "rebuild": "Rebuild", "fire": "Cannon at the gate"}[ch.kind]
        return f"{label}: spun {move.value}"
    if isinstance(move, Risk):
        return ""
    if isinstance(move, Choice):
        k = move.kind
        if k == "move":
            return "Move turn"
        if k in ("open", "close"):
            return f"{'Opens' if k == 'open' else 'Closes'} gate {M.GATES[move.target].id}"
        if k == "tnt":
            return f"Shoots the TNT, calling {move.call}"
        if k == "rebuild":
            return f"Tries to rebuild bridge {M.BRIDGES[move.target].number}, calling {move.call}"
        return f"Fires at gate {M.GATES[move.target].id}, calling {move.call}"
    if isinstance(move, End):
        return "End turn"
    return str(move)


# -- notation ------------------------------------------------------------------------------------

_BOX = r"[a-o][0-9]{1,2}"
_RE_SPIN = re.compile(r"^spin\s*([0-9]{1,2})$")
_RE_GATE = re.compile(r"^(open|close)\s+([a-z]{2})$")
_RE_TNT_SHOT = re.compile(r"^tnt\s+(odd|even)$")
_RE_REBUILD = re.compile(r"^rebuild\s+(?:bridge\s*)?([0-9]+)\s+(odd|even)$")
_RE_FIRE = re.compile(r"^fire\s+(?:at\s+)?([a-z]{2})\s+(odd|even)$")
_RE_STEP = re.compile(rf"^({_BOX})\s*[-x]\s*({_BOX})$")
_RE_CANNON = re.compile(rf"^k\s*({_BOX})\s*>\s*((?:{_BOX}){{1,2}})(?:\s*\+\s*((?:{_BOX}){{2}}))?$")
_RE_TNT = re.compile(rf"^tnt\s+({_BOX}|[a-z]{{2}})$")
_HELP = ("moves read like: move, close SW, tnt odd, rebuild 3 even, fire NE odd, c5-c6, "
         "Kd7>e7e8+d6d8, TNT g16, end")


def _box(text: str, raw: str) -> int:
    b = M.box_index(text)
    if b is None:
        raise BadNotation(f"{raw!r} is not a move: there is no box {text}")
    return b


def _gate(text: str, raw: str) -> int:
    g = M.GATE_BY_ID.get(text.upper())
    if g is None:
        raise BadNotation(f"{raw!r} is not a move: the gates are {', '.join(M.GATE_BY_ID)}")
    return g


def parse_text(text: str):
    """Text -> move, checking only the form (not whether it is legal now).

    :raises BadNotation: the text is not a move."""
    if not isinstance(text, str):
        raise BadNotation(f"{text!r} is not a move: {_HELP}")
    raw = text.strip()
    if not raw:
        raise BadNotation(f"No move typed: {_HELP}")
    t = re.sub(r"\s+", " ", raw.lower())
    simple = {"move": MOVE_CHOICE, "end": END, "holds": Risk(True), "explodes": Risk(False)}
    if t in simple:
        return simple[t]
    for parse in (_parse_choice, _parse_piece):
        mv = parse(t, raw)
        if mv is not None:
            return mv
    raise BadNotation(f"{raw!r} is not a move: {_HELP}")


def _parse_choice(t: str, raw: str):
    m = _RE_SPIN.match(t)
    if m:
        v = int(m.group(1))
        if not 1 <= v <= 12:
            raise BadNotation(f"{raw!r} is not a move: the Fort Commander shows 1 to 12")
        return Spin(v)
    m = _RE_GATE.match(t)
    if m:
        return Choice(m.group(1), _gate(m.group(2), raw))
    m = _RE_TNT_SHOT.match(t)
    if m:
        return Choice("tnt", -1, m.group(1))
    m = _RE_REBUILD.match(t)
    if m:
        n = int(m.group(1))
        if not 1 <= n <= len(M.BRIDGES):
            raise BadNotation(f"{raw!r} is not a move: the bridges are 1 to {len(M.BRIDGES)}")
        return Choice("rebuild", n - 1, m.group(2))
    m = _RE_FIRE.match(t)
    if m:
        return Choice("fire", _gate(m.group(1), raw), m.group(2))
    return None


def _parse_piece(t: str, raw: str):
    compact = t.replace(" ", "") if not t.startswith("tnt") else t
    m = _RE_STEP.match(compact)
    if m:
        return Step(_box(m.group(1), raw), _box(m.group(2), raw))
    m = _RE_CANNON.match(compact)
    if m:
        frm = _box(m.group(1), raw)
        to = tuple(sorted(_box(x, raw) for x in re.findall(_BOX, m.group(2))))
        esc = tuple(sorted(_box(x, raw) for x in re.findall(_BOX, m.group(3) or "")))
        return CannonMove(frm, to, esc)
    m = _RE_TNT.match(t)
    if m:
        target = m.group(1)
        if target[1:].isdigit():
            return Tnt(box=_box(target, raw))
        return Tnt(gate=_gate(target, raw))
    return None


# -- setting up ----------------------------------------------------------------------------------

def new_game(options: dict | None = None, n_seats: int = 2) -> CannonBallState:
    """A new game: both forts full, gates open, both players about to spin."""
    if n_seats != 2:
        raise ValueError("Cannon Ball is a game for two players")
    options = options or {}
    risk = 0.0 if options.get("steady_bridges") else RISKS.get(str(options.get("bridge_risk", "normal")),
                                                                  RISKS["normal"])
    mode = "each" if options.get("each_piece") else "shared"
    return CannonBallState(risk=risk, budget_mode=mode)


# -- questions the board (and the AI) ask ----------------------------------------------------------

@dataclass(frozen=True)
class Reach:
    """How a selected man gets to a box this turn (see :func:`reachable`)."""
    cost: int                     # moves it takes
    path: tuple[int, ...]         # the boxes entered, in order (the last is the destination)
    attack: int                   # the section it attacks on arriving (-1: none)
    capture: bool                 # it captures on arriving (a man or cannon in a fort, an unguarded cannon)
    bridges: tuple[int, ...]      # numbers of the bridges crossed (each crossing may blow the bridge)


def _reach_edge_ok(st: CannonBallState, start: int, u: int, v: int, br: int, g: int, zone: int) -> bool:
    if br >= 0 and not st.bridges[br]:
        return False
    if g >= 0 and st.gates[g] == "closed":
        return False
    sv = SEC[v]
    if zone >= 0 and sv != zone:
        return False
    return v != start and st._why_enter(v, sv) is None


def _reach_stops(st: CannonBallState, v: int, me: int) -> tuple[int, bool]:
    """(attacked section or -1, captures) for a man arriving on ``v``; either ends his walk."""
    sv = SEC[v]
    if sv < 0:
        cap = st.occ[v] == 1 - me or (v in st.cannon_at and st.cannon_owner(st.cannon_at[v]) != me)
        return -1, cap
    if sv in st.sieges or st.enemy_held(sv, me):
        return sv, False
    cid = st.sec_cannon[sv]
    return -1, cid >= 0 and st.cannon_owner(cid) != me


def reachable(state: CannonBallState, box: int) -> dict[int, Reach]:
    """Every box the mover's man on ``box`` can end on with the moves left, by a
    shortest legal path: never through an occupied box or his own cannon, never
    out of a section he is fighting in, stopping where he attacks or captures, and
    only where the section limits can still be met with the moves left. Empty when
    he cannot move (not his turn, not a move turn, not his man)."""
    st = state
    if st.phase != MOVING or st.occ[box] != st.to_move:
        return {}
    me = st.to_move
    allowance = st.moves_left(("m", box))
    start_sec = SEC[box]
    zone = start_sec if start_sec in st.sieges else -1
    out: dict[int, Reach] = {}
    frontier: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = [(box, (), ())]
    seen = {box}
    for cost in range(1, allowance + 1):
        nxt = []
        for u, path, brs in frontier:
            for v, br, g in LINKS[u]:
                if v in seen or not _reach_edge_ok(st, box, u, v, br, g, zone):
                    continue
                seen.add(v)
                sv = SEC[v]
                if not st.each and st._why_over_limit_at(start_sec, sv, allowance - cost):
                    continue
                att, cap = _reach_stops(st, v, me)
                nbrs = brs + ((M.BRIDGES[br].number,) if br >= 0 else ())
                out[v] = Reach(cost, path + (v,), att, cap, nbrs)
                if att < 0 and not cap:
                    nxt.append((v, path + (v,), nbrs))
        frontier = nxt
        if not frontier:
            break
    return out


def path_to(state: CannonBallState, frm: int, to: int) -> list[Step]:
    """The step moves of a shortest legal path for the man on ``frm`` to ``to`` (empty if none).
    A path over a bridge pauses after the crossing while the bridge may give way."""
    r = reachable(state, frm).get(to)
    if r is None:
        return []
    boxes = (frm,) + r.path
    return [Step(a, b) for a, b in zip(boxes, boxes[1:])]


def force_in(state: CannonBallState, s: int) -> dict[str, Any]:
    """Both forces at enemy-held (or attacked) section ``s`` from the mover's side:
    ``{"defenders", "defender_cannon", "attackers", "attacker_cannon", "wins",
    "missing", "attacking"}`` (``attacking``: an attack on it is under way)."""
    me = state.to_move
    if s in state.sieges:
        defs, dc = state.sieges[s]
        d_men, d_can, att = len(defs), dc >= 0, True
    else:
        d_men = state.sec_men[1 - me][s]
        d_can = state.section_cannon(s, 1 - me) >= 0
        att = False
    a_men = state.sec_men[me][s] if att else 0
    a_can = att and state.section_cannon(s, me) >= 0
    return {"defenders": d_men, "defender_cannon": d_can, "attackers": a_men, "attacker_cannon": a_can,
            "wins": beats(a_men, a_can, d_men, d_can) if d_men else True,
            "missing": missing_force(a_men, a_can, d_men, d_can) if d_men else "", "attacking": att}


def attack_preview(state: CannonBallState, s: int, men: int = 1, cannon: bool = False) -> dict[str, Any]:
    """:func:`force_in`, plus what happens if ``men`` more men (and a cannon) enter now:
    ``"wins_with"`` (True if that wins the section) and ``"missing_with"``."""
    f = force_in(state, s)
    am, ac = f["attackers"] + men, f["attacker_cannon"] or cannon
    d, dc = f["defenders"], f["defender_cannon"]
    f["wins_with"] = beats(am, ac, d, dc) if d else True
    f["missing_with"] = missing_force(am, ac, d, dc) if d else ""
    return f


def end_turn_warning(state: CannonBallState, names=None) -> str:
    """What ending the move turn now would lose, in a player's words ("" = nothing)."""
    loss = state.end_losses()
    parts = []
    for s, n in sorted(loss["attack"].items()):
        parts.append(f"the attack on section {M.SECTIONS[s].number} is not won: {n} "
                     f"{'piece' if n == 1 else 'pieces'} there will be lost")
    for s, n in sorted(loss["limit"].items()):
        parts.append(f"section {M.SECTIONS[s].number} holds {n} {'man' if n == 1 else 'men'} too many: "
                     f"{'he' if n == 1 else 'they'} will be lost")
    if state.phase == MOVING and state.fuse >= 0:
        parts.append(f"gate {M.GATES[state.fuse].id} will blow up")
    return "; ".join(parts)


def cannon_moves(state: CannonBallState, box: int) -> list[CannonMove]:
    """The legal moves of the mover's cannon standing on ``box`` (any of its boxes)."""
    if state.phase != MOVING:
        return []
    cid = state.cannon_at.get(box)
    if cid is None or state.cannon_owner(cid) != state.to_move:
        return []
    return state._cannon_candidates(cid, legal_only=True)


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


def section_of(box: int) -> int:
    """The section index of a box (-1 inside a fort)."""
    return SEC[box]
