"""Cannon Ball: what a move did, as typed events (``CannonBallState.events_of``; see
:mod:`games.core.events`). Pure Python, no pygame.

The move itself says what was done (a man's step, a cannon's hop, a bridge holding
or not, a spin, a gate turn, a TNT case set down); what followed from it (who left
which box, which bridge gave way, which gate was blown, who was lost) is found here,
once, by comparing the positions before and after, and told as events in the order
the table sees them:

* a turn's choice (:class:`Chose`), or a spin (:class:`Spun`) and what its gamble did
  (:class:`TntFired`, :class:`BridgeRebuilt`, :class:`GateShot`);
* men and cannons moving (:class:`ManMoved`, :class:`CannonMoved`: one glide together);
* structures (:class:`BridgeBlown`, :class:`BridgeRebuilt`, :class:`GateBlown`,
  :class:`GateTurned`, :class:`TntFizzled`, :class:`TntPlaced`);
* the men and cannons lost (:class:`MenLost`), with the blast that caused them.

Points are in board units (the map's own coordinates), so the board draws an event
without asking the rules anything more.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from games.core.events import ChanceEvent, Event

from . import battlefield as M
from .bridges_and_gates import crossing_piece
from .moves import CannonMove, Choice, Move, Risk, Spin, Step, Tnt
from .state import State
from .tables import BRIDGE_END, N_BOXES, SECTION_BOXES, Phase, section_of

#: a point in board units
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Spun(ChanceEvent):
    """The Fort Commander stopped on ``value`` (it leads a spin's events)."""
    kind: ClassVar[str] = "spun"
    value: int


@dataclass(frozen=True, slots=True)
class Chose(Event):
    """A turn's choice, before its spin: ``choice`` is "move", "open", "close", "tnt",
    "rebuild" or "fire"; ``call`` "odd", "even" or "" (no gamble)."""
    kind: ClassVar[str] = "chose"
    choice: str
    target: int = -1
    call: str = ""


@dataclass(frozen=True, slots=True)
class ManMoved(Event):
    """A man glided from ``frm`` to ``to``; ``box``: where he stands now (-1: on a bridge
    that may still give way). ``onto_bridge``: the move leaves someone on a bridge."""
    kind: ClassVar[str] = "man_moved"
    seat: int
    frm: Point
    to: Point
    box: int
    onto_bridge: bool = False


@dataclass(frozen=True, slots=True)
class CannonMoved(Event):
    """Cannon ``cannon`` glided from ``frm`` to ``to`` (its middle), onto ``boxes``."""
    kind: ClassVar[str] = "cannon_moved"
    seat: int
    cannon: int
    frm: Point
    to: Point
    boxes: tuple[int, ...]
    onto_bridge: bool = False


@dataclass(frozen=True, slots=True)
class BridgeBlown(Event):
    """Bridge ``bridge`` blew up; ``rider`` ("man" or "cannon", of ``rider_seat``) stood on
    it; ``tnt``: the box of the TNT case that blew it (-1: it gave way under a crossing)."""
    kind: ClassVar[str] = "bridge_blown"
    bridge: int
    rider: str = ""
    rider_seat: int = -1
    tnt: int = -1


@dataclass(frozen=True, slots=True)
class BridgeRebuilt(Event):
    """Bridge ``bridge`` stands again, laid from the bank of box ``from_box``."""
    kind: ClassVar[str] = "bridge_rebuilt"
    bridge: int
    from_box: int


@dataclass(frozen=True, slots=True)
class GateBlown(Event):
    """Gate ``gate`` (``was`` "open" or "closed") was blown; ``tnt``: by a case under it."""
    kind: ClassVar[str] = "gate_blown"
    gate: int
    was: str
    tnt: bool = False


@dataclass(frozen=True, slots=True)
class GateShot(Event):
    """A cannon fired from ``src`` at gate ``gate`` (``was`` its state): it burst open, or
    the ball thudded against it."""
    kind: ClassVar[str] = "gate_shot"
    gate: int
    src: Point
    was: str
    opened: bool


@dataclass(frozen=True, slots=True)
class GateTurned(Event):
    """A gate turn: a gate opened or shut (``choice``: "open" or "close")."""
    kind: ClassVar[str] = "gate_turned"
    gate: int
    choice: str


@dataclass(frozen=True, slots=True)
class TntFired(Event):
    """The TNT shot: ``seat``'s case by box ``box`` went off (``blew``: bridge ``bridge``
    with it) or fizzled."""
    kind: ClassVar[str] = "tnt_fired"
    seat: int
    box: int
    bridge: int
    blew: bool


@dataclass(frozen=True, slots=True)
class TntFizzled(Event):
    """``seat``'s case by box ``box`` is gone without blowing anything up."""
    kind: ClassVar[str] = "tnt_fizzled"
    seat: int
    box: int


@dataclass(frozen=True, slots=True)
class TntPlaced(Event):
    """A TNT case set down at the bridge end by box ``box``."""
    kind: ClassVar[str] = "tnt_placed"
    box: int


@dataclass(frozen=True, slots=True)
class MenLost(Event):
    """Men gone from the board (``men``: (box, seat), or (-1 - bridge, seat) for a man on
    a bridge) and cannons destroyed (``cannons``: (boxes, seat)); ``blast``: beside a
    bridge or gate blowing up (its explosion is the sound)."""
    kind: ClassVar[str] = "men_lost"
    men: tuple[tuple[int, int], ...]
    cannons: tuple[tuple[tuple[int, ...], int], ...]
    blast: bool


def events_of(before: State, move: Move, after: State) -> tuple[Event, ...]:
    """What ``move``, applied to ``before``, did to give ``after``."""
    if isinstance(move, Spin):
        return (Spun(move.value), *_gamble(before, after), *_losses(before, after, move))
    out: list[Event] = []
    if isinstance(move, Choice):
        out.append(Chose(move.kind, move.target, move.call))
    out += _glides(before, after, move)
    out += _structures(before, after, move)
    out += _losses(before, after, move)
    return tuple(out)


# -- men and cannons moving -------------------------------------------------------------------

def _crossing_end(state: State) -> Point | None:
    cp = crossing_piece(state)
    return None if cp is None else M.BRIDGES[cp["bridge"]].star


def _glides(before: State, after: State, move: Move) -> list[Event]:
    """What glides: a man off the bridge that held, a man's step, a cannon and its escorts."""
    me = before.to_move
    onto = _crossing_end(after) is not None
    if isinstance(move, Risk) and move.holds and before.crossing is not None:
        cp = crossing_piece(before)
        if cp is not None and cp["kind"] == "man":
            return [ManMoved(cp["owner"], M.BRIDGES[cp["bridge"]].star, M.BOXES[cp["to"][0]].centre, cp["to"][0],
                             onto)]
    elif isinstance(move, Step):
        dest = _crossing_end(after)
        target = dest if dest is not None else M.BOXES[move.to].centre
        return [ManMoved(me, M.BOXES[move.frm].centre, target, move.to if dest is None else -1, onto)]
    elif isinstance(move, CannonMove):
        return _cannon_glides(before, after, move, me, onto)
    return []


def _cannon_glides(before: State, after: State, move: CannonMove, me: int, onto: bool) -> list[Event]:
    """The cannon and its escorts gliding to their new boxes."""
    cid = before.cannon_at.get(move.frm)
    was, now = (before.cannons[cid], after.cannons[cid]) if cid is not None else (None, None)
    if cid is None or was is None or now is None:
        return []
    out: list[Event] = [CannonMoved(me, cid, mid(was[1]), mid(now[1]), tuple(now[1]), onto)]
    moved_from = [x for x in range(N_BOXES) if before.occ[x] == me and after.occ[x] != me]
    moved_to = [x for x in range(N_BOXES) if after.occ[x] == me and before.occ[x] != me]
    for f, t in _pair(moved_from, moved_to):
        out.append(ManMoved(me, M.BOXES[f].centre, M.BOXES[t].centre, t, onto))
    return out


def mid(boxes: tuple[int, ...] | list[int]) -> Point:
    """The middle of ``boxes`` (where a cannon on them is drawn)."""
    pts = [M.BOXES[b].centre for b in boxes]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _pair(froms: list[int], tos: list[int]) -> list[tuple[int, int]]:
    """Match vacated boxes to newly taken ones, nearest first."""
    pairs, tos = [], list(tos)
    for f in froms:
        if not tos:
            break
        t = min(tos, key=lambda b: math.dist(M.BOXES[f].centre, M.BOXES[b].centre))
        tos.remove(t)
        pairs.append((f, t))
    return pairs


# -- bridges, gates and TNT -------------------------------------------------------------------

def _structures(before: State, after: State, move: Move) -> list[Event]:
    """What the move itself does (a gate shut or opened, a case placed at a bridge) as the
    move says, what follows from it (a bridge giving way, a gate blown as the turn ends)
    from the difference."""
    out: list[Event] = []
    rider = crossing_piece(before)
    for i in range(len(M.BRIDGES)):
        if before.bridges[i] and not after.bridges[i]:
            on = rider is not None and rider["bridge"] == i
            out.append(BridgeBlown(i, rider["kind"] if on and rider else "", rider["owner"] if on and rider else -1))
        elif not before.bridges[i] and after.bridges[i]:
            out.append(BridgeRebuilt(i, M.BRIDGES[i].boxes[0]))
    for g in range(len(M.GATES)):
        if after.gates[g] == "destroyed" != before.gates[g]:
            out.append(GateBlown(g, before.gates[g], tnt=before.fuse == g))
    if isinstance(move, Choice) and move.kind in ("open", "close"):
        out.append(GateTurned(move.target, move.kind))
    for p in (0, 1):
        if before.tnt[p] >= 0 and after.tnt[p] < 0 and all(after.bridges[i] == before.bridges[i]
                                                           for i in range(len(M.BRIDGES))):
            out.append(TntFizzled(p, before.tnt[p]))
    if isinstance(move, Tnt) and move.gate < 0:
        out.append(TntPlaced(move.box))
    return out


# -- a spin's gamble -----------------------------------------------------------------------------

def _gamble(before: State, after: State) -> list[Event]:
    """What the gamble chosen before this spin did (nothing for a move turn's spin)."""
    ch = before.choice if before.phase == Phase.SPIN else None
    if ch is None:
        return []
    if ch.kind == "tnt":
        p = before.to_move
        box = before.tnt[p]
        if box < 0:
            return []
        i = BRIDGE_END[box]
        return [TntFired(p, box, i, blew=before.bridges[i] and not after.bridges[i])]
    if ch.kind == "rebuild" and after.bridges[ch.target] and not before.bridges[ch.target]:
        return [BridgeRebuilt(ch.target, _builders_end(before, ch.target))]
    if ch.kind == "fire":
        g = ch.target
        gate = gate_mid(g)
        cid = before.sec_cannon[M.GATES[g].section]
        src = gate
        cannon = before.cannons[cid] if cid >= 0 else None
        if cannon is not None:
            m = mid(cannon[1])
            d = math.dist(m, gate) or 1.0
            src = (m[0] + (gate[0] - m[0]) / d * 0.6, m[1] + (gate[1] - m[1]) / d * 0.6)
        return [GateShot(g, src, before.gates[g], after.gates[g] == "destroyed" and before.gates[g] != "destroyed")]
    return []


def _builders_end(state: State, i: int) -> int:
    """The end box of bridge ``i`` on the side of the builders (the most of the mover's men)."""
    me = state.to_move
    return max(M.BRIDGES[i].boxes,
               key=lambda x: sum(state.occ[b] == me for b in SECTION_BOXES[section_of(x)]))


def gate_mid(g: int) -> Point:
    """The middle of gate ``g``."""
    a, b = M.GATES[g].segment
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


# -- men lost ------------------------------------------------------------------------------------

def _losses(before: State, after: State, move: Move) -> list[Event]:
    """Every man who was on the board and is gone now (not moved, not waiting in an
    attack), and every cannon destroyed."""
    me = before.to_move
    lifted = {b for defs, _c in after.sieges.values() for b in defs}
    cp_after = crossing_piece(after)
    if cp_after is not None and cp_after["kind"] == "man":
        lifted.add(cp_after["from"])              # he is on the bridge, not lost
    moved_to = [x for x in range(N_BOXES) if after.occ[x] == me and before.occ[x] != me]
    gone: list[tuple[int, int]] = []
    for x in range(N_BOXES):
        p = before.occ[x]
        if p < 0 or after.occ[x] == p or x in lifted:
            continue
        if p == me and moved_to and isinstance(move, (Step, CannonMove)):
            moved_to.pop(0)
            continue
        gone.append((x, p))
    cp = crossing_piece(before)
    if isinstance(move, Risk) and not move.holds and cp is not None:
        gone.append((-1 - cp["bridge"], cp["owner"]))
    cannons = tuple((tuple(was[1]), was[0]) for was, now in zip(before.cannons, after.cannons)
                    if was is not None and now is None)
    if not gone and not cannons:
        return []
    blast = (any(b and not a for b, a in zip(before.bridges, after.bridges))
             or any(a == "destroyed" != b for b, a in zip(before.gates, after.gates)))
    return [MenLost(tuple(gone), cannons, blast)]
