"""Cannon's position: :class:`CannonState`, its move generation, and what the board and AI ask of it.

Pure Python, no pygame, no I/O. See ``docs/rules/cannon.md`` for every decision the
source texts leave open. The board and the moves are in ``squares.py`` and
``moves.py``; this module holds the state (placement, play, the tournament rule,
threefold repetition, the reasons a move is refused) and the queries the board UI
and the AI ask of a position.

Speed: :meth:`CannonState.copy` copies two short lists and a few scalars, and
:func:`_gen_moves` picks prebuilt move objects out of the tables in ``moves.py``.
This is the reference engine the tests and the UI trust (the search AI's bitboard
engine is checked against it by perft).
"""
from __future__ import annotations

import enum
from typing import Any, Callable, Sequence, cast

from games.core.events import Event
from games.core.game import TERMINAL, GameState, NotLegalHere, two_player_returns

from .events import CannonShot, SoldierMoved, TownFell, TownPlaced
from .moves import (_LINES_THROUGH, _PLACE, CANNON_KEYS, CANNON_OF, CANNONS_FROM, CAPTURES, RETREATS, STEPS, Move,
                    _unit, cannon_of)
from .squares import (DARK, DARK_SOLDIER, DARK_TOWN, EMPTY, KINDS, LIGHT, LIGHT_SOLDIER, LIGHT_TOWN, N_SQUARES,
                      NEIGHBOURS, PLAYER_NAMES, SHOT_RULES, SIZE, SOLDIER, TOURNAMENT_SLIDE_LIMIT, TOWN, TOWN_SQUARES,
                      _fwd, _step, square_name)

# -- phases and ends ---------------------------------------------------------------

class Phase(str, enum.Enum):
    """Where a game of Cannon stands. A str Enum: its value is the word snapshots, saves
    and the phone's JSON have always shown (``str(Phase.PLAY) == "play"``)."""
    PLACE = "place"      # the towns are being placed, Dark's first
    PLAY = "play"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class EndReason(str, enum.Enum):
    """Why a game of Cannon ended (the result's words are made from it and the winner)."""
    TOWN_CAPTURED = "town captured"
    TOWN_SHOT = "town shot"
    NO_MOVE = "no legal move"            # the player to move has none, and loses
    REPETITION = "threefold repetition"  # a draw (the repetition option only)

    def __str__(self) -> str:
        return self.value


# The members the move generator, apply and perft test once per position: a global's
# identity test costs what a string literal's did, where ``Phase.PLAY`` (an attribute of
# the Enum's class) would cost some 70 ns more each time.
_PHASE_PLACE, _PHASE_PLAY, _PHASE_OVER = Phase.PLACE, Phase.PLAY, Phase.OVER


# -- the state -------------------------------------------------------------------

class CannonState(GameState[Move, "CannonState"]):
    """A Cannon position plus the little history the rules need.

    Public attributes: ``cells`` (100 cell codes), ``to_move`` (0/1, also during
    placement), ``towns`` ([dark_square, light_square], None = not on the board),
    ``shot_rule``, ``tournament``, ``repetition_draw``, ``phase`` (a :class:`Phase`),
    ``end_reason`` (an :class:`EndReason` once over), ``last_move``.
    """

    num_players = 2

    __slots__ = ("cells", "to_move", "towns", "shot_rule", "tournament", "repetition_draw",
                 "last_move", "_phase", "_ply", "_winner", "_end", "_legal",
                 "_run_key", "_run_len", "_seen")

    def __init__(self, shot_rule: str = "pass-over", tournament: bool = False,
                 repetition_draw: bool = False):
        if shot_rule not in SHOT_RULES:
            raise ValueError(f"shot_rule must be one of {SHOT_RULES}, not {shot_rule!r}")
        cells = [EMPTY] * N_SQUARES
        for r in (1, 2, 3):                    # ranks 2, 3, 4
            for f in (0, 2, 4, 6, 8):          # files a c e g i
                cells[r * SIZE + f] = DARK_SOLDIER
        for r in (6, 7, 8):                    # ranks 7, 8, 9
            for f in (1, 3, 5, 7, 9):          # files b d f h j
                cells[r * SIZE + f] = LIGHT_SOLDIER
        self.cells = cells
        self.to_move = DARK
        self.towns: list[int | None] = [None, None]
        self.shot_rule = shot_rule
        self.tournament = bool(tournament)
        self.repetition_draw = bool(repetition_draw)
        self.last_move: Move | None = None
        self._phase = _PHASE_PLACE
        self._ply = 0
        self._winner: int | None = None
        self._end: EndReason | None = None
        self._legal: list[Move] | None = None
        # per player: end squares of its last slide, if its last move was one
        self._run_key: list[tuple[int, int] | None] = [None, None]
        self._run_len = [0, 0]          # per player: how many slides in a row that cannon has made
        self._seen: dict[bytes, int] = {}   # position key -> times seen (repetition option only)

    # -- building test positions ---------------------------------------------
    @classmethod
    def from_diagram(cls, text: str, to_move: int = DARK, shot_rule: str = "pass-over",
                     tournament: bool = False, repetition_draw: bool = False) -> "CannonState":
        """A position from 10 lines of 10 characters, top line = rank 10.

        '.' empty, 'd' Dark soldier, 'l' Light soldier, 'D' Dark town, 'L' Light town.
        Spaces inside a line and blank lines are ignored. Both towns present: the
        game is in play with ``to_move`` to move. No town: the placement phase, Dark
        to place. Only the Dark town: the placement phase, Light to place. (A Light
        town without a Dark one is refused.) Towns in a diagram may stand anywhere.
        """
        rows = [ln.replace(" ", "") for ln in text.strip().splitlines()]
        rows = [r for r in rows if r]
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise ValueError("a Cannon diagram is 10 lines of 10 characters (top line = rank 10)")
        codes = {".": EMPTY, "d": DARK_SOLDIER, "l": LIGHT_SOLDIER, "D": DARK_TOWN, "L": LIGHT_TOWN}
        st = cls(shot_rule=shot_rule, tournament=tournament, repetition_draw=repetition_draw)
        cells = [EMPTY] * N_SQUARES
        towns: list[int | None] = [None, None]
        for i, row in enumerate(rows):
            rank = SIZE - 1 - i
            for f, ch in enumerate(row):
                if ch not in codes:
                    raise ValueError(f"unknown diagram character {ch!r} (use . d l D L)")
                sq = rank * SIZE + f
                cells[sq] = codes[ch]
                if ch in "DL":
                    p = DARK if ch == "D" else LIGHT
                    if towns[p] is not None:
                        raise ValueError(f"two {PLAYER_NAMES[p]} towns in the diagram")
                    towns[p] = sq
        st.cells = cells
        st.towns = towns
        if towns[DARK] is not None and towns[LIGHT] is not None:
            if to_move not in (DARK, LIGHT):
                raise ValueError("to_move must be 0 (Dark) or 1 (Light)")
            st._phase = Phase.PLAY
            st.to_move = to_move
        elif towns[DARK] is None and towns[LIGHT] is None:
            st._phase = Phase.PLACE
            st.to_move = DARK
        elif towns[LIGHT] is None:
            st._phase = Phase.PLACE
            st.to_move = LIGHT
        else:
            raise ValueError("a diagram with the Light town must have the Dark town too "
                             "(Dark places first)")
        st._remember()
        return st

    def to_diagram(self) -> str:
        chars = ".dlDL"
        return "\n".join("".join(chars[self.cells[r * SIZE + f]] for f in range(SIZE))
                         for r in range(SIZE - 1, -1, -1))

    def invalidate(self) -> None:
        """Forget the cached move list. Call this after editing ``cells``, ``to_move``
        or ``towns`` by hand (the engine's own moves keep the cache right)."""
        if self._end is EndReason.NO_MOVE:
            self._phase, self._winner, self._end = Phase.PLAY, None, None   # a stalemate verdict
        self._legal = None

    # -- turn --------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        if self._phase is _PHASE_PLAY and self._legal is None:
            self._generate()
        return self._phase

    def current_player(self) -> int:
        return TERMINAL if self.phase is _PHASE_OVER else self.to_move

    def ply(self) -> int:
        return self._ply

    def legal_moves(self) -> list[Move]:
        return list(self._legal if self._legal is not None else self._generate())

    def _generate(self) -> list[Move]:
        """Fill the cache of legal moves; a player with none has lost."""
        if self._phase is _PHASE_OVER:
            self._legal = []
        elif self._phase is _PHASE_PLACE:
            self._legal = [_PLACE[sq] for sq in TOWN_SQUARES[self.to_move] if self.cells[sq] == EMPTY]
        else:
            self._legal = _gen_moves(self)
            if not self._legal:
                loser = self.to_move
                self._phase = _PHASE_OVER
                self._winner = 1 - loser
                self._end = EndReason.NO_MOVE
        return self._legal

    # -- applying ------------------------------------------------------------------
    def why_illegal(self, move: object) -> str | None:
        legal = self._legal if self._legal is not None else self._generate()
        if move in legal:
            return None
        return self._why_illegal(move)

    def events_of(self, move: Move, after: GameState[Move, "CannonState"]) -> tuple[Event, ...]:
        """What ``move`` did (``rules/events.py``): the placing, stepping or shot itself,
        then the fall of a town it took."""
        me = self.to_move
        cells = self.cells
        first: Event
        if move.kind == "place":
            first = TownPlaced(me, move.to, TOWN[me])
        elif move.kind == "shot":
            cannon = cannon_of(move)
            assert cannon is not None, move        # a shot's cannon is three points in a row
            first = CannonShot(me, cannon, move.frm, move.to, cells[move.frm], cells[move.to])
        else:
            first = SoldierMoved(me, move.kind, move.frm, move.to, cells[move.frm], cells[move.to])
        if move.kind in ("capture", "shot") and cells[move.to] in TOWN:
            return first, TownFell(1 - me, move.to)
        return (first,)

    def _apply(self, move: Move) -> None:
        """Apply a move known to be legal (perft and search call this directly)."""
        cells = self.cells
        me = self.to_move
        kind = move.kind
        to = move.to
        irreversible = False
        if kind == "place":
            cells[to] = TOWN[me]
            self.towns[me] = to
            if me == LIGHT:
                self._phase = _PHASE_PLAY
            irreversible = True
        else:
            target = cells[to]
            if kind == "shot":
                cells[to] = EMPTY
                irreversible = True
            else:
                cells[to] = cells[move.frm]
                cells[move.frm] = EMPTY
                irreversible = kind == "capture"
            if target == TOWN[1 - me]:
                self.towns[1 - me] = None
                self._phase = _PHASE_OVER
                self._winner = me
                self._end = EndReason.TOWN_SHOT if kind == "shot" else EndReason.TOWN_CAPTURED
            if self.tournament:
                if kind == "slide":
                    d = CANNON_KEYS[move]
                    if self._run_key[me] == d[0]:
                        self._run_len[me] += 1
                    else:
                        self._run_len[me] = 1
                    self._run_key[me] = d[1]
                elif kind == "shot" and _cannon_key(move) == self._run_key[me]:
                    # The sliding cannon firing is not "a move from another cannon
                    # or a single soldier" (the rule's words): its run goes on.
                    pass
                else:
                    self._run_key[me] = None
                    self._run_len[me] = 0
        self.to_move = 1 - me
        self.last_move = move
        self._ply += 1
        self._legal = None
        if self.repetition_draw and self._phase is _PHASE_PLAY:
            if irreversible:
                self._seen = {}
            self._remember()

    def _remember(self) -> None:
        if not self.repetition_draw or self._phase is not _PHASE_PLAY:
            return
        key = bytes(self.cells) + bytes((self.to_move,))
        n = self._seen.get(key, 0) + 1
        self._seen[key] = n
        if n >= 3:
            self._phase = _PHASE_OVER
            self._winner = None
            self._end = EndReason.REPETITION
            self._legal = []

    def parse_move(self, text: str) -> Move:
        move = Move.parse(text)
        why = self.why_illegal(move)
        if why is None:
            return move
        raise NotLegalHere(why)

    # -- explaining -------------------------------------------------------------------
    def _why_illegal(self, move: object) -> str:
        """Why ``move`` is not legal here, worded for a player: well-formed moves
        that break a rule read "Illegal move e3-e5: ...", so a typed move that is
        refused says whether it was misspelt ("... is not a move") or not allowed."""
        reason = self._reason_illegal(move)
        return "Illegal move " + reason if isinstance(move, Move) and not reason.startswith(repr(move)) else reason

    def _reason_illegal(self, move: object) -> str:
        if not isinstance(move, Move):
            return f"{move!r} is not a Cannon move"
        try:
            s = str(move)
        except ValueError:
            return f"{move!r}: not a legal move here (no such square)"
        if self.phase is Phase.OVER:
            return f"{s}: the game is over"
        if self._phase is Phase.PLACE:
            return self._reason_placing(move, s)
        if move.kind == "place":
            return f"{s}: both towns are already placed, and towns never move"
        frm, to = move.frm, move.to
        geo = _unit(frm, to) if (isinstance(frm, int) and isinstance(to, int)
                                 and 0 <= frm < N_SQUARES and 0 <= to < N_SQUARES) else None
        if geo is None or move.kind not in KINDS or geo[2] != {
                "step": 1, "capture": 1, "retreat": 2, "slide": 3}.get(move.kind, geo[2]):
            return f"{move!r}: not a legal move here"
        me = self.to_move
        cells = self.cells
        mine, theirs = SOLDIER[me], SOLDIER[1 - me]
        if cells[frm] != mine:
            what = {EMPTY: "it is empty", theirs: "that soldier is not yours",
                    TOWN[me]: "towns never move", TOWN[1 - me]: "that is the enemy town"}[cells[frm]]
            return f"{s}: no soldier of yours on {square_name(frm)} ({what})"
        explain = {"step": self._reason_step, "capture": self._reason_capture, "retreat": self._reason_retreat,
                   "slide": self._reason_slide, "shot": self._reason_shot}[move.kind]
        return explain(move, s, geo) or f"{s}: not a legal move here"

    def _reason_placing(self, move: Move, s: str) -> str:
        me = self.to_move
        name = PLAYER_NAMES[me]
        if move.kind != "place":
            first = square_name(TOWN_SQUARES[me][0])
            return f"{s}: {name} must place its town first (for example T{first})"
        if move.to not in TOWN_SQUARES[me]:
            rank = "1" if me == DARK else "10"
            return f"{s}: the {name} town goes on its back rank, b{rank} to i{rank} (not a corner)"
        return f"{s}: that point is taken"

    def _enemy(self) -> tuple[int, int]:
        return SOLDIER[1 - self.to_move], TOWN[1 - self.to_move]

    def _reason_step(self, move: Move, s: str, geo: tuple[int, int, int]) -> str | None:
        fn, tn = square_name(move.frm), square_name(move.to)
        if geo[1] != _fwd(self.to_move):
            return f"{s}: no soldier of yours can move that way (soldiers step only forward or diagonally forward)"
        if self.cells[move.to] in self._enemy():
            return f"{s}: {tn} holds an enemy piece; capture it with {fn}x{tn}"
        return f"{s}: {tn} is not empty"

    def _reason_capture(self, move: Move, s: str, geo: tuple[int, int, int]) -> str | None:
        if geo[1] == -_fwd(self.to_move):
            return f"{s}: no soldier of yours can capture that way (forward, diagonally forward or sideways only)"
        if self.cells[move.to] not in self._enemy():
            return f"{s}: there is no enemy piece on {square_name(move.to)} to capture"
        return None

    def _reason_retreat(self, move: Move, s: str, geo: tuple[int, int, int]) -> str | None:
        df, dr, _n = geo
        cells, frm = self.cells, move.frm
        if dr != -_fwd(self.to_move):
            return f"{s}: no soldier of yours can move that way (a retreat goes two points straight or diagonally back)"
        if not any(cells[x] in self._enemy() for x in NEIGHBOURS[frm]):
            return f"{s}: a soldier may retreat only when an enemy piece stands next to it"
        mid = frm + (dr * SIZE + df)
        if cells[mid] != EMPTY:
            return f"{s}: the point passed over, {square_name(mid)}, must be empty"
        if cells[move.to] != EMPTY:
            return f"{s}: the landing point {square_name(move.to)} must be empty"
        return None

    def _reason_slide(self, move: Move, s: str, geo: tuple[int, int, int]) -> str | None:
        df, dr, _n = geo
        d = dr * SIZE + df
        cells, frm, mine = self.cells, move.frm, SOLDIER[self.to_move]
        if not (cells[frm + d] == mine and cells[frm + 2 * d] == mine):
            return (f"{s}: no cannon of yours from {square_name(frm)} through {square_name(frm + 2 * d)} "
                    "(a slide moves the rear soldier of three in a row to the point beyond the front)")
        if cells[move.to] != EMPTY:
            return f"{s}: the cannon cannot slide onto {square_name(move.to)}, it is not empty"
        if self.tournament:
            return f"{s}: tournament rule: this cannon has already slid {TOURNAMENT_SLIDE_LIMIT} times in a row"
        return None

    def _reason_shot(self, move: Move, s: str, geo: tuple[int, int, int]) -> str | None:
        df, dr, n = geo
        d = dr * SIZE + df
        cells, frm, mine = self.cells, move.frm, SOLDIER[self.to_move]
        tn = square_name(move.to)
        back1, back2 = _step(frm, -df, -dr), _step(frm, -df, -dr, 2)
        if not (back2 >= 0 and cells[back1] == mine and cells[back2] == mine):
            return f"{s}: {square_name(frm)} is not the front of a cannon of yours aimed at {tn}"
        if cells[frm + d] != EMPTY:
            return f"{s}: the point in front of the cannon, {square_name(frm + d)}, must be empty"
        if cells[move.to] not in self._enemy():
            return f"{s}: there is no enemy piece on {tn} to shoot"
        if n == 3 and self.shot_rule == "blocking":
            return f"{s}: blocking rule: {square_name(frm + 2 * d)} shields {tn}"
        return None

    # -- ending ----------------------------------------------------------------------
    def returns(self) -> list[float]:
        over = self.phase is Phase.OVER
        return two_player_returns(self._winner if over else None, over)

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended; None while it goes on."""
        return self._end if self.phase is Phase.OVER else None

    def result_text(self, names: Sequence[str] | None = None) -> str:
        end = self.end_reason
        if end is None:
            return ""
        if end is EndReason.REPETITION:
            return "Draw by threefold repetition"
        assert self._winner is not None
        winner, loser = PLAYER_NAMES[self._winner], PLAYER_NAMES[1 - self._winner]
        if end is EndReason.NO_MOVE:
            return f"{loser} has no legal move: {winner} wins"
        how = "shot" if end is EndReason.TOWN_SHOT else "captured"
        return f"{winner} {how} the {loser} town"

    def status_text(self, names: Sequence[str] | None = None) -> str:
        ph = self.phase
        if ph is Phase.OVER:
            return self.result_text()
        name = PLAYER_NAMES[self.to_move]
        if ph is Phase.PLACE:
            return f"{name}: place your town on the back rank"
        return f"{name} to move"

    # -- copies and records ------------------------------------------------------------
    def copy(self) -> "CannonState":
        c = object.__new__(CannonState)
        c.cells = self.cells[:]
        c.to_move = self.to_move
        c.towns = self.towns[:]
        c.shot_rule = self.shot_rule
        c.tournament = self.tournament
        c.repetition_draw = self.repetition_draw
        c.last_move = self.last_move
        c._phase = self._phase
        c._ply = self._ply
        c._winner = self._winner
        c._end = self._end
        c._legal = self._legal          # never mutated in place, so it can be shared
        c._run_key = self._run_key[:]
        c._run_len = self._run_len[:]
        c._seen = self._seen.copy() if self._seen else {}
        return c

    def view(self, player: int | None) -> "CannonState":
        return self.copy()

    def snapshot(self) -> dict[str, Any]:
        return {
            "board": self.to_diagram().split("\n"),
            "to_move": self.to_move,
            "towns": [None if t is None else square_name(t) for t in self.towns],
            "phase": self.phase.value,
            "ply": self._ply,
            "winner": self._winner if self._phase is Phase.OVER else None,
            "result": self.result_text(),
            "shot_rule": self.shot_rule,
            "tournament": self.tournament,
            "repetition": self.repetition_draw,
            "slide_runs": [[None if k is None else [square_name(k[0]), square_name(k[1])], n]
                           for k, n in zip(self._run_key, self._run_len)],
            "last_move": None if self.last_move is None else str(self.last_move),
        }

    def __repr__(self) -> str:
        return f"<CannonState ply={self._ply} {self.status_text()!r}>\n{self.to_diagram()}"


def _cannon_key(move: Move) -> tuple[int, int]:
    """A slide's or shot's cannon, named by its two end squares (as in CANNON_KEYS)."""
    trio = CANNON_OF[move]
    return trio[0], trio[2]


def _gen_moves(st: CannonState) -> list[Move]:  # noqa: C901 - move generation inlined for speed (perft)
    """All legal moves for the player to move, in the play phase."""
    cells = st.cells
    me = st.to_move
    mine = SOLDIER[me]
    es, et = SOLDIER[1 - me], TOWN[1 - me]
    out: list[Move] = []
    # a table's slide and shots are None only off the board (beyond, t2, t3 < 0), which
    # is tested before each is added
    add = cast("Callable[[Move | None], None]", out.append)
    steps, caps, rets = STEPS[me], CAPTURES[me], RETREATS[me]
    blocking = st.shot_rule == "blocking"
    banned = None
    if st.tournament and st._run_len[me] >= TOURNAMENT_SLIDE_LIMIT:
        banned = st._run_key[me]
    for sq in range(N_SQUARES):
        if cells[sq] != mine:
            continue
        for t, mv in steps[sq]:
            if cells[t] == EMPTY:
                add(mv)
        for t, mv in caps[sq]:
            c = cells[t]
            if c == es or c == et:
                add(mv)
        for t in NEIGHBOURS[sq]:
            c = cells[t]
            if c == es or c == et:
                for mid, t2, mv in rets[sq]:
                    if cells[mid] == EMPTY and cells[t2] == EMPTY:
                        add(mv)
                break
        for mid, front, key, beyond, slide, _ek, t2, shot2, t3, shot3 in CANNONS_FROM[sq]:
            if cells[mid] != mine or cells[front] != mine or beyond < 0 or cells[beyond] != EMPTY:
                continue
            if banned is None or key != banned:
                add(slide)
            if t2 >= 0:
                c = cells[t2]
                if c == es or c == et:
                    add(shot2)
                if t3 >= 0 and not (blocking and c != EMPTY):
                    c = cells[t3]
                    if c == es or c == et:
                        add(shot3)
    return out


# -- helpers for the board UI and the AI ------------------------------------------------

def new_game(options: dict[str, Any] | None = None, n_seats: int = 2) -> CannonState:
    """The initial position (placement phase, Dark to place its town)."""
    if n_seats != 2:
        raise ValueError("Cannon is a game for two players")
    options = options or {}
    return CannonState(shot_rule=options.get("shot", "pass-over"),
                       tournament=bool(options.get("tournament", False)),
                       repetition_draw=bool(options.get("repetition", False)))


def cannons_through(state: CannonState, sq: int) -> list[tuple[int, int, int]]:
    """The cannons (ascending square triples) that the soldier on ``sq`` belongs to."""
    cells = state.cells
    c = cells[sq]
    if c not in SOLDIER:
        return []
    return [t for t in _LINES_THROUGH[sq] if cells[t[0]] == c and cells[t[1]] == c and cells[t[2]] == c]


def moves_from(state: CannonState, sq: int) -> list[Move]:
    """Legal moves that involve the soldier on ``sq``: its own steps, captures and
    retreats, plus every slide and shot of every cannon it belongs to."""
    out: list[Move] = []
    for m in state.legal_moves():
        if m.kind in ("slide", "shot"):
            if sq in (cannon_of(m) or ()):
                out.append(m)
        elif m.kind != "place" and m.frm == sq:
            out.append(m)
    return out


def attacks(state: CannonState, player: int) -> list[Move]:
    """The captures and shots ``player`` could make if it were their move (pass-over or
    blocking as the state says; the tournament rule never limits these)."""
    if state.phase is Phase.PLACE:
        return []
    probe = state.copy()
    probe.to_move = player
    probe._phase = Phase.PLAY
    probe.tournament = False
    return [m for m in _gen_moves(probe) if m.kind in ("capture", "shot")]


def town_threatened(state: CannonState, player: int) -> bool:
    """True if ``player``'s town could be captured or shot by the opponent, were it
    the opponent's move."""
    town = state.towns[player]
    if town is None:
        return False
    return any(m.to == town for m in attacks(state, 1 - player))
