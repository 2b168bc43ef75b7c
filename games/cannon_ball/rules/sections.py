"""Fighting over Cannon Ball's sections: attacks, their odds, and the section limits.

Who beats whom (:func:`beats`, :func:`missing_force`), an attack opened on an
enemy-held section and won or lost, the men a section may hold at the end of a
move (three, five in an enemy gate section) and the check that the men beyond it
can still leave with the moves left, and the previews the board shows before an
attack or the end of a turn. They live apart because both troopers and cannons
attack, and the same counting serves the rules, the board and the AI.
"""
from __future__ import annotations

from typing import Any, Sequence

from . import battlefield as M
from .moves import box_name
from .state import State
from .tables import MOVING, N_SECTIONS, SEC, SECTION_BOXES, SECTION_LIMIT


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


# -- will an attack be won? ----------------------------------------------------------------
def completes(st: State, s: int, men_in: int, cannon_in: bool) -> bool:
    """Would ``men_in`` more of the mover's men (and a cannon) arriving in ``s`` win it?"""
    if s < 0:
        return False
    me = st.to_move
    if s in st.sieges:
        defs, dc = st.sieges[s]
        d_men, d_can = len(defs), dc >= 0
    elif st.sec_men[1 - me][s] > 0:
        d_men = st.sec_men[1 - me][s]
        d_can = st.section_cannon(s, 1 - me) >= 0
    else:
        return False
    am = st.sec_men[me][s] + men_in
    ac = cannon_in or st.section_cannon(s, me) >= 0
    return beats(am, ac, d_men, d_can)


# -- section limits ------------------------------------------------------------------------
def excess(st: State, p: int, delta: dict[int, int] | None = None, won: int = -1, engaged: int = -1) -> int:
    """How many of ``p``'s men stand beyond a section limit (sections still under
    attack left out, except ``won``; ``engaged``: a section the move attacks without
    winning), after moving ``delta`` (section -> change)."""
    cache = st._xc
    if cache is None:
        cache = st._xc = {}
    base = cache.get(p)
    row = st.sec_men[p]
    sieges = st.sieges if p == st.to_move else {}
    if base is None:
        contrib = [0] * N_SECTIONS
        for s in range(N_SECTIONS):
            if row[s] > 0 and s not in sieges:
                contrib[s] = max(0, row[s] - st.limit(p, s))
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
        total += max(0, n - st.limit(p, s))
    return total


def _fuse_due(st: State, delta: dict[int, int], leaving: int = -1) -> int:
    """1 while the man who slid TNT under a gate (and is not the one ``leaving``) still
    stands in its section once the others are within its limit: he must still go
    (the sheet: "this trooper and one other must leave this section")."""
    if st.fuse < 0 or st.fuse_man < 0 or st.fuse_man == leaving:
        return 0
    s = M.GATES[st.fuse].section
    if SEC[st.fuse_man] != s:
        return 0
    return 1 if st.sec_men[st.to_move][s] + delta.get(s, 0) <= st.limit(st.to_move, s) else 0


def why_over_limit(st: State, sa: int, sb: int, n: int, wins: bool, cost: int = 1,
                   leaving: int = -1) -> str | None:
    """Refuse a move (costing ``cost`` moves; ``leaving``: the box of the man it
    moves) after which the men beyond a section limit, and the man who lit a gate
    fuse, could no longer all leave with the moves left (a section may hold three of
    your men at the end of your move, five in an enemy gate section)."""
    me = st.to_move
    delta: dict[int, int] = {}
    if sa >= 0:
        delta[sa] = delta.get(sa, 0) - n
    if sb >= 0:
        delta[sb] = delta.get(sb, 0) + n
    won = sb if wins else -1
    engaged = sb if (sb >= 0 and not wins and st.enemy_held(sb, me)) else -1
    due = _fuse_due(st, delta, leaving)
    over = excess(st, me, delta, won, engaged) + due
    if over == 0:
        return None
    left = _capacity_after(st, sa, sb, delta, won, cost)
    if over <= left:
        return None
    if due:
        return (f"the man who lit the fuse (on {box_name(st.fuse_man)}) must leave section "
                f"{M.SECTIONS[SEC[st.fuse_man]].number} this turn, and only {left} "
                f"{'move is' if left == 1 else 'moves are'} left")
    s = next((s for s in (sb, sa) if s >= 0 and st.sec_men[me][s] + delta.get(s, 0) > st.limit(me, s)),
             sb)
    lim = st.limit(me, s) if s >= 0 else SECTION_LIMIT
    if lim == 0:
        return (f"your men must all leave section {M.SECTIONS[s].number} this turn (the TNT), "
                f"and only {left} {'move is' if left == 1 else 'moves are'} left")
    return (f"a section may hold at most {lim} of your men at the end of your move: section "
            f"{M.SECTIONS[s].number} would be over with only {left} "
            f"{'move' if left == 1 else 'moves'} left")


def over_limit_at(st: State, sa: int, sb: int, left: int) -> bool:
    """True when one man moving from section ``sa`` to ``sb`` would leave more men
    beyond the limits than ``left`` moves can fix (used by :func:`~games.cannon_ball.rules.troopers.reachable`)."""
    delta: dict[int, int] = {}
    if sa >= 0:
        delta[sa] = -1
    if sb >= 0:
        delta[sb] = delta.get(sb, 0) + 1
    wins = completes(st, sb, 1, False)
    engaged = sb if (sb >= 0 and not wins and st.enemy_held(sb, st.to_move)) else -1
    return excess(st, st.to_move, delta, sb if wins else -1, engaged) > left


def _capacity_after(st: State, sa: int, sb: int, delta: dict[int, int], won: int, cost: int = 1) -> int:
    """Moves left to put the excess right after a move costing ``cost``."""
    if not st.each:
        return st.budget - cost
    # each piece: the men in over-full sections that still have a move (rough but safe)
    me = st.to_move
    n = 0
    for s in range(N_SECTIONS):
        cnt = st.sec_men[me][s] + delta.get(s, 0)
        if cnt > st.limit(me, s) and (s not in st.sieges or s == won):
            n += sum(1 for b in SECTION_BOXES[s] if st.occ[b] == me
                     and st.spent.get(("m", b), 0) < st.budget)
    return n


# -- attacks -------------------------------------------------------------------------------
def engage(st: State, s: int) -> None:
    """The mover enters enemy-held section ``s``: an attack. The defenders are
    lifted off until it is won (they die) or fails (they come back)."""
    me = st.to_move
    defs = tuple(b for b in SECTION_BOXES[s] if st.occ[b] == 1 - me)
    for b in defs:
        st.lift(b)
    dc = st.section_cannon(s, 1 - me)
    if dc >= 0:
        st.lift_cannon(dc)
    st.sieges[s] = (defs, dc)
    st.events.append(f"attacks section {M.SECTIONS[s].number}")


def try_win(st: State, s: int) -> None:
    me = st.to_move
    defs, dc = st.sieges[s]
    am = st.sec_men[me][s]
    ac = st.section_cannon(s, me) >= 0
    if not beats(am, ac, len(defs), dc >= 0):
        return
    del st.sieges[s]
    if dc >= 0:
        c = st.cannons[dc]
        assert c is not None
        st.cannons[dc] = None
    st.progress = True
    force = f"{am} {'man' if am == 1 else 'men'}" + (" and a cannon" if ac else "")
    st.events.append(f"{force} took section {M.SECTIONS[s].number}"
                     + (", destroying its cannon" if dc >= 0 else ""))


def lose_failed_attacks(st: State) -> None:
    me = st.to_move
    for s, (defs, dc) in list(st.sieges.items()):
        lost = 0
        for b in SECTION_BOXES[s]:
            if st.occ[b] == me:
                st.lift(b)
                lost += 1
        mine = st.section_cannon(s, me)
        if mine >= 0:
            st.destroy_cannon(mine)
        for b in defs:
            st.put(b, 1 - me)
        if dc >= 0:
            c = st.cannons[dc]
            assert c is not None
            st.place_cannon(dc, c[1])
        st.progress = True
        st.events.append(f"the attack on section {M.SECTIONS[s].number} failed: "
                         f"{lost} {'attacker' if lost == 1 else 'attackers'}"
                         f"{' and a cannon' if mine >= 0 else ''} lost")
    st.sieges = {}


def end_losses(st: State) -> dict[str, dict[int, int]]:
    """What ending the move turn now would cost the mover: ``{"attack": {section:
    men (and cannon counted as 1) lost because the attack there is not won},
    "limit": {section: men over the limit that are lost}}`` (sections by index)."""
    me = st.to_move
    out: dict[str, dict[int, int]] = {"attack": {}, "limit": {}}
    if st.phase != MOVING:
        return out
    for s in st.sieges:
        n = st.sec_men[me][s] + (1 if st.section_cannon(s, me) >= 0 else 0)
        if n:
            out["attack"][s] = n
    for s in range(N_SECTIONS):
        if s in st.sieges:
            continue
        over = st.sec_men[me][s] - st.limit(me, s)
        if over > 0:
            out["limit"][s] = over
    return out


# -- previews for the board --------------------------------------------------------------------
def force_in(state: State, s: int) -> dict[str, Any]:
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


def attack_preview(state: State, s: int, men: int = 1, cannon: bool = False,
                   frm: int | None = None) -> dict[str, Any]:
    """:func:`force_in`, plus what happens if ``men`` more men (and a cannon) enter now:
    ``"wins_with"`` (True if that wins the section) and ``"missing_with"``, and ``"joins"``:
    the men that count as more. A man walking from ``frm`` inside section ``s`` is already
    among its attackers: he adds none."""
    if frm is not None and SEC[frm] == s:
        men = 0
    f = force_in(state, s)
    f["joins"] = men
    am, ac = f["attackers"] + men, f["attacker_cannon"] or cannon
    d, dc = f["defenders"], f["defender_cannon"]
    f["wins_with"] = beats(am, ac, d, dc) if d else True
    f["missing_with"] = missing_force(am, ac, d, dc) if d else ""
    return f


def counted(n: int, one: str, many: str | None = None) -> str:
    """A number with its noun: "1 man", "3 men", "1 move", "0 moves"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def end_turn_warning(state: State, names: Sequence[str] | None = None) -> str:
    """What ending the move turn now would lose, in a player's words ("" = nothing)."""
    loss = end_losses(state)
    parts = []
    for s, n in sorted(loss["attack"].items()):
        parts.append(f"the attack on section {M.SECTIONS[s].number} is not won: {n} "
                     f"{'piece' if n == 1 else 'pieces'} there will be lost")
    me = state.to_move
    lit = SEC[state.tnt[me]] if state.phase == MOVING and state.tnt[me] >= 0 else -1
    for s, n in sorted(loss["limit"].items()):
        if s == lit:
            # not "too many": no man of ours may stay by our own lit TNT (a play-test)
            parts.append(f"your TNT is lit in section {M.SECTIONS[s].number}: your "
                         f"{counted(n, 'man', 'men')} there must leave it or be lost")
        else:
            parts.append(f"section {M.SECTIONS[s].number} holds {n} {'man' if n == 1 else 'men'} too many: "
                         f"{'he' if n == 1 else 'they'} will be lost")
    if lit >= 0 and state.section_cannon(lit, me) >= 0:
        parts.append(f"your cannon stands in section {M.SECTIONS[lit].number} by your lit TNT: "
                     "the blast takes it if the bridge blows")
    # A lit fuse blowing the enemy's gate is the win, not a loss (a play-test: the lesson's
    # winning End turn asked "gate NE will blow up?" in the warning colour, Cancel focused);
    # the loss is the man who lit it, if he has not left the gate's section.
    if state.phase == MOVING and state.fuse >= 0 and state.fuse_man >= 0 \
            and SEC[state.fuse_man] == M.GATES[state.fuse].section:
        parts.append(f"the man who lit the fuse under gate {M.GATES[state.fuse].id} has not got out: "
                     "the blast takes him")
    return "; ".join(parts)


# -- an attack under way, in words ------------------------------------------------------
def siege_lines(st: State, s: int, names: Sequence[str]) -> list[str]:
    """What the crossed strokes on an attacked section mean (the board's tooltip there):
    whose attack, what stands aside, what it still lacks, and what a turn ended too soon
    costs. [] when ``s`` is not under attack."""
    if s not in st.sieges:
        return []
    defs, dc = st.sieges[s]
    me = st.to_move
    att_men, att_can = st.sec_men[me][s], st.section_cannon(s, me) >= 0
    lacks = missing_force(att_men, att_can, len(defs), dc >= 0)
    held = counted(len(defs), "man", "men") + (" and a cannon" if dc >= 0 else "")
    lines = [f"Section {M.SECTIONS[s].number}: {names[me]} is attacking",
             f"{names[1 - me]}'s {held} stand aside until it is won or fails"]
    if lacks:
        lines.append(f"To win it: {lacks}")
        lines.append(f"If {names[me]}'s turn ends first, every piece brought in is lost")
    return lines
