"""How Cannon Ball's troopers move: steps, entering boxes, captures, and reach.

The legality and effect of a :class:`~games.cannon_ball.rules.moves.Step` (to a touching
box, over a bridge, through a gate; entering an enemy section attacks it, entering
a fort box or an unguarded cannon's section captures), and :func:`reachable` /
:func:`path_to`, the shortest legal walks the board offers for a selected man and
the AI plans with. They live apart from cannons and gambles because a trooper's
walk is the rule most of the game is made of, and reach is its search.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import battlefield as M
from .moves import Step, box_name
from .sections import completes, engage, over_limit_at, try_win, why_over_limit
from .state import State
from .tables import BRIDGE, LINK_KIND, LINKS, MOVING, N_BOXES, SEC



def why_step(st: State, a: int, b: int) -> str | None:
    if not (isinstance(a, int) and isinstance(b, int) and 0 <= a < N_BOXES and 0 <= b < N_BOXES):
        return "no such box"
    me = st.to_move
    if st.occ[a] != me:
        return f"no man of yours on {box_name(a)}"
    kind = LINK_KIND.get((a, b))
    if kind is None:
        if _touch(a, b) and M.BOXES[a].fort != M.BOXES[b].fort:
            # side by side on the board, a fort's wall between them (a play-test typed e4-e5
            # and was told "e5 is not next to e4")
            return (f"the fort's wall stands between {box_name(a)} and {box_name(b)}: men go in and out "
                    "by a gate")
        return f"{box_name(b)} is not next to {box_name(a)}"
    why = st.budget_reason(("m", a))
    if why:
        return why
    br, g = kind
    if br >= 0 and not st.bridges[br]:
        return f"bridge {M.BRIDGES[br].number} is down"
    if g >= 0 and st.gates[g] == "closed":
        return f"gate {M.GATES[g].id} is closed"
    sa, sb = SEC[a], SEC[b]
    if sa >= 0 and sa in st.sieges and sb != sa:
        return (f"your men in section {M.SECTIONS[sa].number} are fighting: "
                "they cannot leave before the attack is won")
    why = why_enter(st, b, sb)
    if why:
        return why
    return why_over_limit(st, sa, sb, 1, completes(st, sb, 1, False), leaving=a)


def _touch(a: int, b: int) -> bool:
    """Whether boxes ``a`` and ``b`` share an edge or a corner on the board."""
    p, q = M.BOXES[a], M.BOXES[b]
    return (p.col - 1 <= q.col + q.w - 1 and q.col <= p.col + p.w
            and p.row - 1 <= q.row + q.h - 1 and q.row <= p.row + p.h)


def why_stuck(st: State, a: int) -> str | None:
    """Why the mover's man on ``a`` has no step at all (None when he has one).

    A player who picks up a man that cannot move is told the rule that holds him,
    not "cannot move now": the lack of moves first (the same for every way out),
    then a rule about a particular way (a bridge down, a gate closed, a fight, the
    section limit), and only when every box next to him is his own side's
    "your own men or cannon fill every box next to him"."""
    reasons = [why_step(st, a, b) for b, _br, _g in LINKS[a]]
    if not reasons or any(r is None for r in reasons):
        return None
    budget = st.budget_reason(("m", a))
    if budget:
        return budget
    taken = ("is occupied", "your men cannot pass through it")
    rules = list(dict.fromkeys(r for r in reasons if r and not r.endswith(taken)))
    if rules:
        return "; ".join(rules[:2])
    if any(_touch(a, b) and M.BOXES[a].fort != M.BOXES[b].fort and st.occ[b] != st.to_move
           for b in range(N_BOXES)):
        # a free box beside him across the fort's wall: the wall holds him, not his own men
        # (a play-test saw c10 empty beside the man on c9 and was told every box was taken)
        # (short: the banner cut the longer words at 1280x720, "...closes the r...")
        return "your own men and the fort's wall hem him in"
    return "your own men or cannon fill every box next to him"


def why_enter(st: State, b: int, sb: int) -> str | None:
    """Can one of the mover's men enter box ``b`` (section ``sb``)?"""
    me = st.to_move
    cid = st.cannon_at.get(b)
    if cid is not None:
        if st.cannon_owner(cid) == me:
            return f"your own cannon stands on {box_name(b)}: your men cannot pass through it"
        if sb >= 0 and not st.enemy_held(sb, me):
            return (f"an unguarded cannon stands on {box_name(b)}: enter another box of section "
                    f"{M.SECTIONS[sb].number} to capture it")
        return None
    o = st.occ[b]
    if o == me:
        return f"{box_name(b)} is occupied"
    return None


def apply_step(st: State, mv: Step) -> None:
    a, b = mv.frm, mv.to
    me = st.to_move
    br, _g = LINK_KIND[(a, b)]
    st.spend(("m", a), ("m", b))
    if a == st.fuse_man:
        st.fuse_man = b           # the man who lit the fuse walks on
    if br >= 0 and st.risk > 0:
        st.lift(a)
        st.crossing = ("man", a, b, br, me)
        st.phase = BRIDGE
        st.events.append(f"crosses bridge {M.BRIDGES[br].number}")
        return
    st.lift(a)
    arrive(st, me, b)


def arrive(st: State, me: int, b: int) -> None:
    """One of ``me``'s men lands on box ``b``, with everything that follows."""
    s = SEC[b]
    if s < 0:
        _arrive_fort(st, me, b)
        return
    if st.enemy_held(s, me):
        engage(st, s)
    st.put(b, me)
    if s in st.sieges:
        try_win(st, s)
    else:
        cid = st.sec_cannon[s]
        if cid >= 0 and st.cannon_owner(cid) != me:
            c = st.cannons[cid]
            assert c is not None
            c[0] = me
            st.progress = True
            st.events.append(f"captured the cannon in section {M.SECTIONS[s].number}")


def _arrive_fort(st: State, me: int, b: int) -> None:
    if st.occ[b] == 1 - me:
        st.lift(b)
        st.progress = True
        st.events.append(f"captured the man on {box_name(b)}")
    cid = st.cannon_at.get(b)
    if cid is not None:
        st.destroy_cannon(cid)
        st.events.append(f"captured and spiked the cannon on {box_name(b)}")
    st.put(b, me)


# -- reach: where a selected man can go this turn ----------------------------------------------

@dataclass(frozen=True)
class Reach:
    """How a selected man gets to a box this turn (see :func:`reachable`)."""
    cost: int                     # moves it takes
    path: tuple[int, ...]         # the boxes entered, in order (the last is the destination)
    attack: int                   # the section it attacks on arriving (-1: none)
    capture: bool                 # it captures on arriving (a man or cannon in a fort, an unguarded cannon)
    bridges: tuple[int, ...]      # numbers of the bridges crossed (each crossing may blow the bridge)


def _reach_edge_ok(st: State, start: int, u: int, v: int, br: int, g: int, zone: int) -> bool:
    if br >= 0 and not st.bridges[br]:
        return False
    if g >= 0 and st.gates[g] == "closed":
        return False
    sv = SEC[v]
    if zone >= 0 and sv != zone:
        return False
    return v != start and why_enter(st, v, sv) is None


def _reach_stops(st: State, v: int, me: int) -> tuple[int, bool]:
    """(attacked section or -1, captures) for a man arriving on ``v``; either ends his walk."""
    sv = SEC[v]
    if sv < 0:
        cap = st.occ[v] == 1 - me or (v in st.cannon_at and st.cannon_owner(st.cannon_at[v]) != me)
        return -1, cap
    if sv in st.sieges or st.enemy_held(sv, me):
        return sv, False
    cid = st.sec_cannon[sv]
    return -1, cid >= 0 and st.cannon_owner(cid) != me


def reachable(state: State, box: int) -> dict[int, Reach]:
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
                if not st.each and over_limit_at(st, start_sec, sv, allowance - cost):
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


def path_to(state: State, frm: int, to: int) -> list[Step]:
    """The step moves of a shortest legal path for the man on ``frm`` to ``to`` (empty if none).
    A path over a bridge pauses after the crossing while the bridge may give way."""
    r = reachable(state, frm).get(to)
    if r is None:
        return []
    boxes = (frm,) + r.path
    return [Step(a, b) for a, b in zip(boxes, boxes[1:])]
