"""The Cannon Ball game class: :class:`CannonBallState`, and :func:`new_game`.

It is the position's data (:class:`~games.cannon_ball.rules.state.State`) with the
rules contract (``games.core.game.GameState``) on top: each contract method is
one call into the rule functions of :mod:`~games.cannon_ball.rules.turns` (which
calls those of the troopers, cannons, sections, bridges and gates). It adds what
concerns the whole position: building one by hand, copies and views, the record,
reading typed moves, and the texts for the banner and the move log (a line per ply,
and :func:`log_lines`, which folds a turn's small steps into the actions a player
would name). :mod:`games.cannon_ball.rules` re-exports it.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Protocol, Sequence

from games.core.game import GameState, two_player_returns

from games.core.events import Event

from . import battlefield as M
from . import events, turns
from .moves import CannonMove, Choice, End, Move, Risk, Spin, Step, Tnt, box_name, parse_text
from .sections import counted as counted  # re-exported: the board and the tests read it here
from .state import Crossing, State
from .tables import (BRIDGE, BRIDGE_END, CHOOSE, EMPTY, FORT_OF, LINK_KIND, MOVING, N_BOXES, N_SECTIONS, NAMES, OPENING,
                     OVER, RISKS, SEC, SOUTH, SPIN, Phase)


class CannonBallState(State, GameState[Move, "CannonBallState"]):
    """A Cannon Ball position: pieces, bridges, gates, TNT, and where the turn stands.

    Its attributes are :class:`~games.cannon_ball.rules.state.State`'s (read them,
    do not write them); its methods are the rules contract's, and the texts."""

    num_players = 2

    # -- the rules contract: the turn's rules (rules/turns.py) ---------------------------------
    def current_player(self) -> int:
        return turns.current_player(self)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        return turns.chance_outcomes(self)

    def chance_actor(self) -> int | None:
        return turns.chance_actor(self)

    def ply(self) -> int:
        return self.plies

    def legal_moves(self) -> list[Move]:
        legal = self._legal
        if legal is None:
            legal = self._legal = turns.generate(self)
        return legal

    def why_illegal(self, move: object) -> str | None:
        return turns.why_illegal(self, move)

    def _apply(self, move: Move) -> None:
        turns.apply(self, move)

    def events_of(self, move: Move, after: GameState[Move, "CannonBallState"]) -> tuple[Event, ...]:
        """What the move did, told in order (``rules/events.py``)."""
        assert isinstance(after, CannonBallState)
        return events.events_of(self, move, after)

    # -- building positions (tests, rules pictures) ------------------------------------------
    @classmethod
    def position(cls, men: dict[int, Sequence[str]] | None = None,
                 cannons: Sequence[tuple[int, Sequence[str]]] = (), to_move: int = SOUTH,
                 phase: Phase | str = MOVING, budget: int = 6, risk: float = 0.0, budget_mode: str = "shared",
                 gates: Sequence[str] | None = None, bridges: Sequence[bool] | None = None) -> "CannonBallState":
        """A position built by hand: ``men`` maps a seat to box names, ``cannons`` lists
        ``(seat, (box, box))`` (one box inside a fort). ``phase`` is ``Phase.MOVING`` (with
        ``budget`` moves) or ``Phase.CHOOSE`` (or the word, "moving" or "choose"). Bridges
        steady unless ``risk`` is given."""
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
                st.put(b, p)
        for p, names in cannons:
            found = [M.box_index(n) for n in names]
            bxs = tuple(sorted(b for b in found if b is not None))
            if len(bxs) != len(found):
                raise ValueError(f"bad cannon boxes {names!r}")
            st.cannons.append([p, bxs])
            st.place_cannon(len(st.cannons) - 1, bxs)
        if gates is not None:
            st.gates = list(gates)
        if bridges is not None:
            st.bridges = list(bridges)
        st.to_move = to_move
        st.phase = Phase(phase)
        if st.phase == MOVING:
            st.start_moving(budget)
        return st

    # -- reading moves ------------------------------------------------------------------------------
    def parse_move(self, text: str) -> Move:
        return self.parse_legal(text, parse_text(text))

    # -- texts ---------------------------------------------------------------------------------
    def result_text(self, names: Sequence[str] | None = None) -> str:
        if self.phase != OVER:
            return ""
        return _renamed(self.reason, names)

    def status_text(self, names: Sequence[str] | None = None) -> str:
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
            return f"{who}: choose {self._offered_turns()}"
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

    def _offered_turns(self) -> str:
        """The kinds of turn on offer now, in words ("a move turn or a gate turn"): the
        line once named a gamble when none was possible."""
        kinds = {getattr(m, "kind", "") for m in self.legal_moves()}
        said = [w for ks, w in ((("move",), "a move turn"), (("open", "close"), "a gate turn"),
                                (("tnt", "fire", "rebuild"), "a gamble")) if kinds & set(ks)]
        if not said:
            return "a turn"
        return ", ".join(said[:-1]) + (" or " if len(said) > 1 else "") + said[-1]

    def public_move_text(self, move: Move, names: Sequence[str] | None = None) -> str:
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
            "phase": self.phase.value,
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
            "ply": self.plies,
            "winner": self._winner if self.phase == OVER else None,
            "result": self.reason if self.phase == OVER else "",
            "risk": self.risk,
            "budget_mode": "each" if self.each else "shared",
        }

    def __repr__(self) -> str:
        return f"<CannonBallState ply={self.plies} {self.status_text()!r}>"


def _crossing_json(cr: Crossing) -> list[Any]:
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


def _describe(st: CannonBallState, move: Move, phase: Phase, mover: int, names: Sequence[str] | None) -> str:
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


def risk_text(risk: float) -> str:
    """A crossing's risk as players say it: "1 in 24"."""
    return f"1 in {round(1 / risk)}" if risk > 0 else "no risk"


# -- the move log, an action a line ------------------------------------------------------------

class Entry(Protocol):
    """What the log lines read of a move log entry (``games.core.match.LogEntry``)."""
    @property
    def text(self) -> str: ...
    @property
    def move(self) -> Any: ...
    @property
    def public(self) -> str: ...
    @property
    def player(self) -> int: ...


#: a log line: (first entry, last entry, player, text)
Line = tuple[int, int, int, str]
#: the position before entry ``i`` of the log
StateAt = Callable[[int], CannonBallState]

def log_lines(entries: Sequence[Entry], names: Sequence[str] | None = None,
              state_at: StateAt | None = None) -> list[Line]:
    """The move log as the actions a player would name, one a line, as (first entry,
    last entry, player, text): a choice with its spin ("South takes a move turn and
    spins 7"), a man's walk or several men's walks to one section ("South walks 4 men
    to section 9, 7 moves"; a bridge holding under them folded in), a cannon's hops,
    TNT, the end of a turn. ``entries`` are the log's (text, public, player, move);
    ``state_at(i)`` is the position before entry ``i`` (it gives the moves spent);
    without it every entry is a line of its own."""
    out: list[tuple[int, int, int, str]] = []
    i = 0
    while i < len(entries):
        lines = _action(entries, i, names, state_at) if state_at is not None else []
        if not lines:
            e = entries[i]
            out.append((i, i, e.player, e.public if e.player < 0 else f"{_name(e.player, names)}: {e.public}"))
            i += 1
            continue
        out += lines
        i = lines[-1][1] + 1
    return out


def _move(e: Entry) -> Move | None:
    """The entry's move (the object itself, never its text re-parsed)."""
    mv: Move | None = e.move
    return mv


def _tail(public: str, prefix: str) -> list[str]:
    """The consequences after a log text's ``prefix``, one item each."""
    if not public.startswith(prefix):
        return []
    rest = public[len(prefix):].lstrip(": ")
    return [x for x in rest.split("; ") if x]


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _action(entries: Sequence[Entry], i: int, names: Sequence[str] | None, state_at: StateAt) -> list[Line]:
    """The line(s) of the action that starts at entry ``i`` (none: a plain line)."""
    e = entries[i]
    mv = _move(e)
    if e.player < 0 or mv is None:
        return []
    who = _name(e.player, names)
    if isinstance(mv, Choice):
        return [_choice_line(entries, i, mv, who)]
    if isinstance(mv, Step):
        return _walk_lines(entries, i, who, names, state_at)
    if isinstance(mv, CannonMove):
        return [_hops_line(entries, i, who, names, state_at)]
    if isinstance(mv, Tnt):
        events = _tail(e.public, e.text)
        cost = _spent(entries, state_at, i, i)
        if mv.gate >= 0:
            gid = M.GATES[mv.gate].id
            events = [x.replace(f"TNT under gate {gid}: ", "") for x in events]
            return [(i, i, e.player, _joined(f"{who} slides TNT under gate {gid}, {counted(cost, 'move')}", events))]
        num = M.BRIDGES[BRIDGE_END[mv.box]].number
        events = [x for x in events if x != f"TNT placed at bridge {num}"]
        text = f"{who} places TNT at bridge {num} (by {M.BOXES[mv.box].name}), {counted(cost, 'move')}"
        return [(i, i, e.player, _joined(text, events))]
    if isinstance(mv, End):
        st = state_at(i)
        left = st.budget if (st.phase == MOVING and not st.each) else 0
        text = f"{who} ends the turn" + (f", {counted(left, 'move')} unused" if left else "")
        return [(i, i, e.player, _joined(text, _tail(e.public, "End turn")))]
    return []


def _joined(text: str, events: list[str]) -> str:
    seen: list[str] = []
    for x in events:
        if x not in seen:
            seen.append(x)
    return text + (": " + "; ".join(seen) if seen else "")


def _choice_line(entries: Sequence[Entry], i: int, ch: Choice, who: str) -> Line:
    e = entries[i]
    said = _lower(e.public)
    nxt = entries[i + 1] if i + 1 < len(entries) else None
    spin = _move(nxt) if nxt is not None and nxt.player < 0 else None
    if ch.kind in ("open", "close") or not isinstance(spin, Spin) or nxt is None:
        return (i, i, e.player, f"{who} {said}" if ch.kind != "move" else f"{who} takes a move turn")
    cut = nxt.public.find(f"spun {spin.value}")
    rest = nxt.public[cut + len(f"spun {spin.value}"):].lstrip(": ") if cut >= 0 else nxt.public
    if ch.kind == "move":
        return (i, i + 1, e.player, _joined(f"{who} takes a move turn and spins {spin.value}", [rest] if rest else []))
    return (i, i + 1, e.player, _joined(f"{who} {said}", [rest] if rest else []))


def _spent(entries: Sequence[Entry], state_at: StateAt, first: int, last: int) -> int:
    """Moves the piece moves among entries ``first``..``last`` spent (in the "each piece"
    reading, each piece's own move: one a step or hop)."""
    total = 0
    for k in range(first, last + 1):
        if isinstance(_move(entries[k]), (Step, CannonMove, Tnt)):
            st = state_at(k)
            total += 1 if st.each else max(0, st.budget - state_at(k + 1).budget)
    return total


def _place(box: int) -> tuple[str, int]:
    s = SEC[box]
    return ("sec", s) if s >= 0 else ("fort", FORT_OF[box])


def _place_text(place: tuple[str, int], names: Sequence[str] | None) -> str:
    return f"section {M.SECTIONS[place[1]].number}" if place[0] == "sec" else f"{_name(place[1], names)}'s fort"


def _bridges_text(numbers: list[int]) -> str:
    # each bridge once, in the order crossed (two men over one bridge read "bridges 4 and 4")
    numbers = list(dict.fromkeys(numbers))
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f" over bridge {numbers[0]}"
    return " over bridges " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


def _walk_lines(entries: Sequence[Entry], i: int, who: str, names: Sequence[str] | None,
                state_at: StateAt) -> list[Line]:
    """Walks (a man's chain of steps, with the bridges' chance folded in) grouped while
    they end in the same section."""
    p = entries[i].player
    walks: list[dict[str, Any]] = []       # a walk: its boxes, entries, bridges and events
    k = i
    while k < len(entries):
        e = entries[k]
        mv = _move(e)
        if e.player == p and isinstance(mv, Step):
            w = walks[-1] if walks and walks[-1]["box"] == mv.frm and not walks[-1]["lost"] else None
            if w is None:
                w = {"origin": mv.frm, "box": mv.frm, "first": k, "bridges": [], "events": [], "lost": False}
                walks.append(w)
            w["box"], w["last"] = mv.to, k
            br = LINK_KIND.get((mv.frm, mv.to), (-1, -1))[0]
            if br >= 0:
                w["bridges"].append(M.BRIDGES[br].number)
            w["events"] += [x for x in _tail(e.public, e.text) if not x.startswith("crosses bridge")]
        elif e.player < 0 and isinstance(mv, Risk) and walks:
            w = walks[-1]
            w["last"] = k
            w["events"] += [x for x in _tail(e.public, "") if not x.endswith(" held")]
            if not mv.holds:
                w["lost"] = True
                break
        else:
            break
        k += 1
    groups: list[list[dict[str, Any]]] = []
    for w in walks:
        w["place"] = ("lost",) if w["lost"] else _place(w["box"])
        if groups and groups[-1][0]["place"] == w["place"] and w["place"] != ("lost",):
            groups[-1].append(w)
        else:
            groups.append([w])
    return [_walk_line(entries, g, p, who, names, state_at) for g in groups]


def _walk_line(entries: Sequence[Entry], group: list[dict[str, Any]], p: int, who: str,
               names: Sequence[str] | None, state_at: StateAt) -> Line:
    first, last = group[0]["first"], group[-1]["last"]
    ends = {w["box"] for w in group}
    men = sum(1 for w in group if w["origin"] not in ends or w is group[0])
    bridges = [b for w in group for b in w["bridges"]]
    events = [x for w in group for x in w["events"]]
    # an attack that was won in the same line needs saying once: "3 men took section 14"
    took = {m.group(1) for x in events for m in [re.search(r" took (section \d+)", x)] if m}
    events = [x for x in events if not (x.startswith("attacks ") and x[len("attacks "):] in took)]
    cost = counted(_spent(entries, state_at, first, last), "move")
    w = group[0]
    if w["lost"]:
        text = f"{who} walks the man on {M.BOXES[w['origin']].name}{_bridges_text(bridges)}, {cost}"
    elif men == 1:
        text = (f"{who} walks the man on {M.BOXES[w['origin']].name} to {M.BOXES[group[-1]['box']].name} "
                f"({_place_text(w['place'], names)}){_bridges_text(bridges)}, {cost}")
    else:
        text = f"{who} walks {men} men to {_place_text(w['place'], names)}{_bridges_text(bridges)}, {cost}"
    return (first, last, p, _joined(text, events))


def _hops_line(entries: Sequence[Entry], i: int, who: str, names: Sequence[str] | None,
               state_at: StateAt) -> Line:
    """A cannon's hops, one after another (with the bridges' chance folded in)."""
    p = entries[i].player
    hops: list[CannonMove] = []
    events: list[str] = []
    last = i
    k = i
    while k < len(entries):
        e = entries[k]
        mv = _move(e)
        if e.player == p and isinstance(mv, CannonMove) and (not hops or mv.frm == min(hops[-1].to)):
            hops.append(mv)
            events += [x for x in _tail(e.public, e.text) if not x.startswith("the cannon crosses")]
        elif e.player < 0 and isinstance(mv, Risk):
            events += [x for x in _tail(e.public, "") if not x.endswith(" held")]
            if not mv.holds:
                last = k
                break
        else:
            break
        last = k
        k += 1
    end = hops[-1].to
    place = _place(end[0])
    where = (f"section {M.SECTIONS[place[1]].number}" if place[0] == "sec"
             else f"{M.BOXES[end[0]].name} in {_name(place[1], names)}'s fort")
    # one bracket, not two: "(passed along, 2 hops)", "with 2 escorts (2 hops)"
    many = f"{len(hops)} hops" if len(hops) > 1 else ""
    if any(h.escorts for h in hops):
        how = " with 2 escorts" + (f" ({many})" if many else "")
    else:
        how = f" ({', '.join(x for x in ('passed along' if place[0] == 'sec' else '', many) if x)})"
        how = "" if how == " ()" else how
    bridges: list[int] = []
    for h in hops:
        for br in M.BRIDGES:
            if SEC[h.frm] in br.sections and SEC[h.to[0]] in br.sections and SEC[h.frm] != SEC[h.to[0]]:
                bridges.append(br.number)
    text = (f"{who} moves the cannon on {M.BOXES[hops[0].frm].name} to {where}{how}"
            f"{_bridges_text(bridges if any(h.escorts for h in hops) else [])}, "
            f"{counted(_spent(entries, state_at, i, last), 'move')}")
    return (i, last, p, _joined(text, events))


def new_game(options: dict[str, Any] | None = None, n_seats: int = 2) -> CannonBallState:
    """A new game: both forts full, gates open, both players about to spin."""
    if n_seats != 2:
        raise ValueError("Cannon Ball is a game for two players")
    options = options or {}
    risk = 0.0 if options.get("steady_bridges") else RISKS.get(str(options.get("bridge_risk", "normal")),
                                                                  RISKS["normal"])
    mode = "each" if options.get("each_piece") else "shared"
    return CannonBallState(risk=risk, budget_mode=mode)
