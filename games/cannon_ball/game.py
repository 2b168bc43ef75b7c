"""The Cannon Ball game class: :class:`CannonBallState`, and :func:`new_game`.

It combines the rule mixins (:mod:`~games.cannon_ball.turns` over troopers,
cannons, sections, bridges and gates, on the data of
:mod:`~games.cannon_ball.state`) into the state the rules contract names, and
adds what concerns the whole position: building one by hand, copies and views,
reading typed moves, and the texts for the banner and the move log. It lives apart
so the class players hold is short to read; :mod:`games.cannon_ball.rules` is the
module the game registry names and re-exports it.
"""
from __future__ import annotations

import re
from typing import Sequence

from . import battlefield as M
from .moves import Choice, End, Risk, Spin, parse_text
from .tables import (BRIDGE, BRIDGE_END, CHOOSE, EMPTY, MOVING, N_BOXES, N_SECTIONS, NAMES, OPENING, OVER, RISKS, SOUTH,
                     SPIN)
from .turns import TurnRules


class CannonBallState(TurnRules):
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

    # -- reading moves ------------------------------------------------------------------------------
    def parse_move(self, text: str):
        return self.parse_legal(text, parse_text(text))

    # -- texts ---------------------------------------------------------------------------------
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

    # -- copies and views ----------------------------------------------------------------------------
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

    def __repr__(self) -> str:
        return f"<CannonBallState ply={self._ply} {self.status_text()!r}>"


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


def new_game(options: dict | None = None, n_seats: int = 2) -> CannonBallState:
    """A new game: both forts full, gates open, both players about to spin."""
    if n_seats != 2:
        raise ValueError("Cannon Ball is a game for two players")
    options = options or {}
    risk = 0.0 if options.get("steady_bridges") else RISKS.get(str(options.get("bridge_risk", "normal")),
                                                                  RISKS["normal"])
    mode = "each" if options.get("each_piece") else "shared"
    return CannonBallState(risk=risk, budget_mode=mode)
