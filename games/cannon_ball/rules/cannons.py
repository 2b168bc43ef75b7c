"""How Cannon Ball's cannons move: inside a fort, out through a gate, escorted or passed.

The candidate and legal :class:`~games.cannon_ball.rules.moves.CannonMove` of a cannon
(one large box in a fort; one section outside, onto two side-by-side boxes, with
two escorts or passed between two men waiting at each end), where the escorts land,
and a cannon arriving in an enemy section. They live apart because a cannon's move
has its own geometry and checks, shared by the rules, the board's cannon
selection (:func:`cannon_moves`) and the AI.
"""
from __future__ import annotations

from . import battlefield as M
from .moves import CannonMove, box_name
from .sections import completes, engage, try_win, why_over_limit
from .state import Cannon, State
from .tables import BRIDGE, EMPTY, GATE_INSIDE, MOVING, N_BOXES, SEC, SECTION_BOXES, SECTION_BRIDGES, SPOT_SET


def _centre_d2(a: int, b: int) -> float:
    (ax, ay), (bx, by) = M.BOXES[a].centre, M.BOXES[b].centre
    return (ax - bx) ** 2 + (ay - by) ** 2


#: what an escorted hop costs from the shared budget: the cannon's move and each escort's
#: (the sheet: troopers "moving with it", and moving a trooper one box is one move)
ESCORTED_HOP = 3


def hop_cost(st: State, mv: CannonMove) -> int:
    """Moves ``mv`` takes from the shared budget: an escorted hop 3 (the cannon and
    its two escorts each move), a passed hop or a step in a fort 1. In the "each
    piece" reading every piece pays its own move, so it is 1 for the cannon."""
    return ESCORTED_HOP if (mv.escorts and not st.each) else 1


# -- which moves ---------------------------------------------------------------------------
def cannon_candidates(st: State, cid: int, legal_only: bool) -> list[CannonMove]:
    """Every cannon move of cannon ``cid`` worth asking about (legal ones only, if asked)."""
    c = st.cannons[cid]
    if c is None:
        return []
    frm = min(c[1])
    out: list[CannonMove] = []
    if len(c[1]) == 1:                 # in a fort
        for t in M.LARGE_NEIGHBOURS.get(frm, ()):
            out.append(CannonMove(frm, (t,)))
        g = GATE_INSIDE.get(frm)
        if g is not None:
            for spot in M.CANNON_SPOTS[M.GATES[g].section]:
                out.append(CannonMove(frm, spot))
    else:
        out = _outside_candidates(st, frm, c[0], legal_only)
    if legal_only:
        out = [m for m in out if why_cannon(st, m) is None]
    return out


def _outside_candidates(st: State, frm: int, owner: int, legal_only: bool) -> list[CannonMove]:
    e = SEC[frm]
    out: list[CannonMove] = []
    for g in M.FORTS[owner].gates:
        if M.GATES[g].section == e:
            out.append(CannonMove(frm, (M.GATES[g].inside,)))
    men = tuple(b for b in SECTION_BOXES[e] if st.occ[b] == owner)
    pairs = [(men[i], men[j]) for i in range(len(men)) for j in range(i + 1, len(men))]
    for f in _cannon_neighbours(st, e):
        can_pass = st.sec_men[owner][e] >= 2 and st.sec_men[owner][f] >= 2
        if legal_only:
            other = st.sec_cannon[f]
            if other >= 0 and (st.cannon_owner(other) == owner or not st.enemy_held(f, owner)):
                continue
            if not can_pass and not pairs:
                continue
        held = st.enemy_held(f, owner)
        for spot in M.CANNON_SPOTS[f]:
            if legal_only and any(st.occ[t] == owner or (t in st.cannon_at and not held) for t in spot):
                continue
            if can_pass or not legal_only:
                out.append(CannonMove(frm, spot))
            for esc in pairs:
                out.append(CannonMove(frm, spot, esc))
    return out


def _cannon_neighbours(st: State, e: int) -> list[int]:
    """Sections a cannon in ``e`` may move to: touching ones and those across a standing bridge."""
    out = list(M.SECTION_NEIGHBOURS[e])
    for br in SECTION_BRIDGES[e]:
        if st.bridges[br]:
            a, b = M.BRIDGES[br].sections
            other = b if a == e else a
            if other not in out:
                out.append(other)
    return out


def _bridge_between(st: State, e: int, f: int) -> int:
    for br in SECTION_BRIDGES[e]:
        if st.bridges[br] and f in M.BRIDGES[br].sections:
            return br
    return -1


# -- legality ------------------------------------------------------------------------------
def why_cannon(st: State, mv: CannonMove) -> str | None:
    me = st.to_move
    cid = st.cannon_at.get(mv.frm) if isinstance(mv.frm, int) else None
    if cid is None or st.cannon_owner(cid) != me:
        return f"no cannon of yours on {box_name(mv.frm) if isinstance(mv.frm, int) and 0 <= mv.frm < N_BOXES else '?'}"
    c = st.cannons[cid]
    assert c is not None
    if mv.frm != min(c[1]):
        return f"name the cannon by its first box, {box_name(min(c[1]))}"
    if not mv.to or len(mv.to) > 2 or any(not (isinstance(t, int) and 0 <= t < N_BOXES) for t in mv.to):
        return "a cannon moves onto one large box (in a fort) or two boxes (outside)"
    why = st.budget_reason(("c", cid))
    if why:
        return why
    if len(c[1]) == 1:
        return _why_cannon_in_fort(st, mv, c)
    return _why_cannon_outside(st, mv, cid, c)


def _why_cannon_in_fort(st: State, mv: CannonMove, c: Cannon) -> str | None:
    frm = mv.frm
    if mv.escorts:
        return "inside a fort a cannon moves without escorts"
    if len(mv.to) == 1:
        t = mv.to[0]
        if t not in M.LARGE_NEIGHBOURS.get(frm, ()):
            return "inside a fort a cannon moves one large box at a time"
        if st.occ[t] != EMPTY or t in st.cannon_at:
            return f"{box_name(t)} is occupied"
        return None
    g = GATE_INSIDE.get(frm)
    if g is None:
        return "a cannon leaves the fort from the large box behind a gate"
    gate = M.GATES[g]
    if st.gates[g] == "closed":
        return f"gate {gate.id} is closed"
    return _why_cannon_arrive(st, mv, -1, gate.section, pass_men=True)


def _why_cannon_outside(st: State, mv: CannonMove, cid: int, c: Cannon) -> str | None:
    me = st.to_move
    e = SEC[mv.frm]
    if e in st.sieges:
        return (f"your cannon in section {M.SECTIONS[e].number} is fighting: it cannot leave "
                "before the attack is won")
    if len(mv.to) == 1:
        t = mv.to[0]
        g = GATE_INSIDE.get(t)
        if g is None or M.GATES[g].owner != me or M.GATES[g].section != e:
            return "a cannon goes back into its fort through the gate in front of it"
        if st.gates[g] == "closed":
            return f"gate {M.GATES[g].id} is closed"
        if mv.escorts:
            return "a cannon goes back into its fort without escorts (your men pass it in)"
        if st.occ[t] != EMPTY or t in st.cannon_at:
            return f"{box_name(t)} is occupied"
        if st.sec_men[me][e] < 2:
            return f"passing the cannon in needs 2 of your men in section {M.SECTIONS[e].number}"
        return None
    f = SEC[mv.to[0]]
    if f < 0 or f not in _cannon_neighbours(st, e):
        return "a cannon moves to a touching section, or across a standing bridge"
    return _why_cannon_arrive(st, mv, e, f, pass_men=not mv.escorts)


def _why_cannon_arrive(st: State, mv: CannonMove, e: int, f: int, pass_men: bool) -> str | None:
    """Checks for a cannon arriving in section ``f`` from ``e`` (-1: out of the fort)."""
    me = st.to_move
    fn = M.SECTIONS[f].number
    if tuple(sorted(mv.to)) != mv.to or mv.to not in SPOT_SET[f]:
        return f"a cannon stands on two side-by-side boxes of section {fn}"
    other = st.sec_cannon[f]
    if other >= 0:
        if st.cannon_owner(other) == me:
            return f"section {fn} already has a cannon (one per section)"
        if not st.enemy_held(f, me):
            return f"capture the unguarded cannon in section {fn} with a trooper first"
    held = st.enemy_held(f, me)
    for t in mv.to:
        if st.occ[t] == me or (t in st.cannon_at and not held):
            return f"{box_name(t)} is occupied"
    if pass_men:
        if mv.escorts:
            return "an escorted cannon names its two escorts"
        if e >= 0 and st.sec_men[me][e] < 2:
            return f"passing the cannon needs 2 of your men in section {M.SECTIONS[e].number}"
        if st.sec_men[me][f] < 2:
            return (f"passing the cannon needs 2 of your men waiting in section {fn} "
                    "(or name two escorts: +box box)")
        return why_over_limit(st, -1, f, 0, completes(st, f, 0, True))
    return _why_escorts(st, mv, e, f, held)


def _why_escorts(st: State, mv: CannonMove, e: int, f: int, held: bool) -> str | None:
    me = st.to_move
    esc = mv.escorts
    if len(esc) != 2 or esc[0] == esc[1] or tuple(sorted(esc)) != esc:
        return "a cannon moves with two escorts (or is passed by two men in each section)"
    for b in esc:
        if not (isinstance(b, int) and 0 <= b < N_BOXES) or st.occ[b] != me or SEC[b] != e:
            return (f"the escorts must be two of your men in section {M.SECTIONS[e].number}"
                    if e >= 0 else "the escorts must be two of your men")
        if st.each and st.spent.get(("m", b), 0) >= st.budget:
            return f"the man on {box_name(b)} has no moves left to escort the cannon"
    if not st.each and st.budget < ESCORTED_HOP:
        return (f"an escorted cannon costs {ESCORTED_HOP} moves (the cannon and its two escorts); "
                f"{st.budget} {'is' if st.budget == 1 else 'are'} left")
    me_ = st.to_move
    room = sum(1 for b in SECTION_BOXES[f] if b not in mv.to
               and (st.occ[b] == EMPTY or (held and st.occ[b] != me_))
               and (b not in st.cannon_at or held))
    if room < 2:
        return f"no room in section {M.SECTIONS[f].number} for the cannon and its escorts"
    return why_over_limit(st, e, f, 2, completes(st, f, 2, True), ESCORTED_HOP if not st.each else 1)


def _escort_landing(st: State, f: int, cannon_boxes: tuple[int, ...], n: int, held: bool) -> list[int]:
    """The boxes escorts take in section ``f`` (nearest the cannon first); ``held``:
    the section's defenders will be lifted by the attack."""
    me = st.to_move
    free = [b for b in SECTION_BOXES[f] if b not in cannon_boxes
            and (st.occ[b] == EMPTY or (held and st.occ[b] != me))
            and (b not in st.cannon_at or held)]
    free.sort(key=lambda b: (min(_centre_d2(b, t) for t in cannon_boxes), b))
    return free[:n]


# -- applying ------------------------------------------------------------------------------
def apply_cannon(st: State, mv: CannonMove) -> None:
    me = st.to_move
    cid = st.cannon_at[mv.frm]
    c = st.cannons[cid]
    assert c is not None
    st.spend(("c", cid))
    if st.each:                        # each piece: the escorts pay their move too
        for e in mv.escorts:
            st.spend(("m", e))
    else:                              # shared: so they do, from the one budget
        st.budget -= hop_cost(st, mv) - 1
    f = SEC[mv.to[0]]
    e = SEC[mv.frm]
    br = _bridge_between(st, e, f) if (e >= 0 and f >= 0 and mv.escorts) else -1
    if br >= 0 and f not in M.SECTION_NEIGHBOURS[e] and st.risk > 0:
        st.lift_cannon(cid)
        esc_spent = [st.spent.pop(("m", x), 0) for x in mv.escorts]
        for x in mv.escorts:
            st.lift(x)
        st.crossing = ("cannon", cid, mv.to, mv.escorts, br, me, tuple(esc_spent))
        st.phase = BRIDGE
        st.events.append(f"the cannon crosses bridge {M.BRIDGES[br].number}")
        return
    esc_spent = [st.spent.pop(("m", x), 0) for x in mv.escorts]
    for x in mv.escorts:
        st.lift(x)
    cannon_land(st, cid, mv.to, len(mv.escorts), tuple(esc_spent))


def cannon_land(st: State, cid: int, to: tuple[int, ...], n_escorts: int, esc_spent: tuple[int, ...]) -> None:
    me = st.to_move
    f = SEC[to[0]]
    if f >= 0 and st.enemy_held(f, me):
        engage(st, f)
    st.lift_cannon(cid)
    st.place_cannon(cid, to)
    if f >= 0 and n_escorts:
        for x, sp in zip(_escort_landing(st, f, to, n_escorts, False), esc_spent):
            st.put(x, me)
            if st.each:
                st.spent[("m", x)] = sp
    if f >= 0 and f in st.sieges:
        try_win(st, f)


def cannon_moves(state: State, box: int) -> list[CannonMove]:
    """The legal moves of the mover's cannon standing on ``box`` (any of its boxes)."""
    if state.phase != MOVING:
        return []
    cid = state.cannon_at.get(box)
    if cid is None or state.cannon_owner(cid) != state.to_move:
        return []
    return cannon_candidates(state, cid, legal_only=True)
