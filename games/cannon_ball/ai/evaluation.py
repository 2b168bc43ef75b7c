"""How the Cannon Ball AI scores a position.

:class:`Weights` (what a man, a cannon, a TNT case and nearness to an enemy gate
are worth) and :func:`evaluate`, the score of a position for one side after its
turn, built from the offence of each side, what the side to move next could
destroy or assault (vulnerability, gate threat, raids), a lit TNT case, and a
side cut off by the river. It lives apart from the planner so the scoring can be
read, tuned and measured on its own; the levels differ only in their weights.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules.cannons import ESCORTED_HOP

from .distances import INF, N_SECTIONS, SEC, Fields, fields, has_route, p_spin_at_least, rebuild_sections

WIN = 100_000.0
MAN = 10.0
CANNON = 26.0


# -- evaluation -----------------------------------------------------------------------------------

@dataclass
class Weights:
    man: float = MAN
    cannon: float = CANNON
    tnt: float = 0.6
    near: float = 7.0              # a man's pull towards an enemy gate section
    decay: float = 0.87            # per step away
    group: int = 5                 # the nearest men count fully, the rest less and less
    tail: float = 0.35
    cannon_near: float = 10.0
    in_section: float = 4.0        # per man already in the enemy gate section
    in_section_max: int = 5        # men in the enemy gate section that count (3: a cannon siege's)
    gamble_ready: float = 45.0     # cannon + 3 men before a closed gate: a coin flip a turn
    tnt_ready: float = 70.0        # 5 men before a closed gate with a TNT case left
    raid: float = 0.0              # expected loss to an enemy man slipping in through an open gate
    closed: float = 0.8            # an enemy gate shut: the assault is slower
    home_min: int = 4
    home_short: float = 14.0
    vulnerable: float = 0.8        # expected loss of what the enemy can destroy next turn
    gate_threat: float = 0.0       # expected loss of the game through an open gate next turn
    second_gate: float = 0.3
    lit_tnt: float = 0.5           # a lit case: this share of what blowing its bridge changes
    urgency: float = 0.0           # offence counts (1 + urgency * quiet turns / 60): a standoff presses on
    rebuild_pull: float = 0.0      # per man, towards a blown bridge worth rebuilding
    guard: float = 0.0             # per man (up to ``guards``) in an own gate section with enemies gathering near
    guards: int = 1                # guards that count in a gate section (one makes a gathering a fight)


def hop_moves(st: R.CannonBallState) -> int:
    """Moves an escorted cannon spends per section (the shared budget pays for the
    cannon and both escorts; in the "each piece" reading each pays its own)."""
    return 1 if st.each else ESCORTED_HOP


#: a blown bridge is worth rebuilding when it brings us this many steps nearer an enemy
#: gate section than it brings the enemy to ours
REBUILD_STEPS = 3


def _nearest(st: R.CannonBallState, p: int, F: Fields, men: list[int]) -> int:
    """Steps from ``p``'s nearest man to the nearest enemy gate section it can still take."""
    gates = [M.GATES[g].section for g in M.FORTS[1 - p].gates if st.gates[g] != "destroyed"]
    return min((F.box_to_section[s][b] for s in gates for b in men), default=INF)


def rebuild_gain(st: R.CannonBallState, p: int, br: int, F: Fields, men: tuple | None = None) -> int:
    """How many steps nearer an enemy gate rebuilding bridge ``br`` brings ``p``, less
    what it brings the enemy (a bridge serves both sides)."""
    men = men or (men_boxes(st, 0), men_boxes(st, 1))
    fixed = list(st.bridges)
    fixed[br] = True
    F2 = fields(st, tuple(fixed))
    mine = min(_nearest(st, p, F, men[p]), 60) - min(_nearest(st, p, F2, men[p]), 60)
    theirs = min(_nearest(st, 1 - p, F, men[1 - p]), 60) - min(_nearest(st, 1 - p, F2, men[1 - p]), 60)
    return mine - theirs


def rebuild_pull(st: R.CannonBallState, p: int, F: Fields, w: "Weights", men: tuple) -> float:
    """The pull of three men towards the nearest end of a blown bridge worth rebuilding
    (where they can try it), while the river still has a way round."""
    best = 0.0
    for br in M.BRIDGES:
        if st.bridges[br.index] or rebuild_gain(st, p, br.index, F, men) < REBUILD_STEPS:
            continue
        for s in br.sections:
            ds = sorted(F.box_to_section[s][b] for b in men[p])[:3]
            best = max(best, sum(w.rebuild_pull * w.decay ** d for d in ds if d < INF))
    return best


def guarded(st: R.CannonBallState, p: int, F: Fields, enemy_men: list[int], guards: int = 1) -> int:
    """``p``'s men (up to ``guards`` a gate) standing in his own gate sections while at least three
    enemy men, and no enemy cannon, are within a long spin of it: a guarded gate section
    must be fought for (one man more than its guards) before five men can gather there
    with TNT. Against a cannon guards are no use (two men and a cannon beat them)."""
    n = 0
    for g in M.FORTS[p].gates:
        if st.gates[g] == "destroyed":
            continue
        s = M.GATES[g].section
        if sum(1 for b in enemy_men if F.box_to_section[s][b] <= 12) < 3:
            continue
        if any(c is not None and c[0] != p and F.cannon_to(st, cid, s) <= 3 for cid, c in enumerate(st.cannons)):
            continue
        n += min(guards, st.sec_men[p][s])
    return n


def men_boxes(st: R.CannonBallState, p: int) -> list[int]:
    occ = st.occ
    return [b for b in range(M.N_BOXES) if occ[b] == p]


def stuck_pull(st: R.CannonBallState, p: int, F: Fields, w: "Weights", men: list[int]) -> float:
    """When the river cuts ``p`` off from every enemy gate: the pull of the nearest
    blown-bridge end, where three men can try to rebuild (0 while a way is open)."""
    if has_route(st, p, F):
        return 0.0
    best = 0.0
    for s in rebuild_sections(st):
        field = F.box_to_section[s]
        ds = sorted(field[b] for b in men)[:3]
        best = max(best, sum(w.near * w.decay ** d for d in ds if d < INF))
    return best


def offence(st: R.CannonBallState, p: int, F: Fields, w: Weights, men: list[int]) -> float:
    """How close ``p`` is to assaulting an enemy gate: the best gate counts fully,
    the other a little."""
    q = 1 - p
    vals = []
    dec = w.decay
    for g in M.FORTS[q].gates:
        gate = M.GATES[g]
        if st.gates[g] == "destroyed":
            continue
        s = gate.section
        field = F.box_to_section[s]
        ds = sorted(field[b] for b in men)
        o = 0.0
        k = 1.0
        for i, d in enumerate(ds):
            if d >= INF:
                break
            if i >= w.group:
                k *= w.tail
                if k < 0.01:
                    break
            o += k * w.near * dec ** d
        best_c = INF
        for cid, c in enumerate(st.cannons):
            if c is not None and c[0] == p:
                best_c = min(best_c, F.cannon_to(st, cid, s))
        if best_c < INF:
            o += w.cannon_near * 0.8 ** best_c
        if st.sec_men[q][s] == 0 and s not in st.sieges:
            n = st.sec_men[p][s]
            o += w.in_section * min(n, w.in_section_max)
            if n >= 3 and st.section_cannon(s, p) >= 0:
                o += w.gamble_ready
            if n >= 5 and st.tnt_left[p] > 0:
                o += w.tnt_ready
        if st.gates[g] == "closed":
            o *= w.closed
        vals.append(o)
    if not vals:
        return 0.0
    vals.sort(reverse=True)
    return vals[0] + w.second_gate * sum(vals[1:])


def vulnerability(st: R.CannonBallState, p: int, F: Fields, w: Weights, enemy_men: list[int]) -> float:
    """Expected loss if ``p``'s enemy moves next: sections it could destroy, cannons
    it could capture (the chance its spin is big enough, times what would be lost)."""
    q = 1 - p
    total = 0.0
    convoys = []
    for cid, c in enumerate(st.cannons):
        if c is not None and c[0] == q:
            cs = SEC[c[1][0]]
            if cs >= 0 and st.sec_men[q][cs] >= 2:
                convoys.append(cid)
    for s in range(N_SECTIONS):
        n = st.sec_men[p][s]
        mine = st.section_cannon(s, p) >= 0
        if n == 0 and not mine:
            continue
        value = w.man * n + (w.cannon if mine else 0.0)
        field = F.box_to_section[s]
        if n == 0:           # an unguarded cannon: the first enemy man in takes it
            d = min((field[b] for b in enemy_men), default=INF)
            total += p_spin_at_least(d) * w.cannon * 2
            continue
        cost = INF
        if not mine:
            ds = sorted(field[b] for b in enemy_men)[: n + 1]
            if len(ds) == n + 1:
                cost = sum(ds)
        for cid in convoys:
            k = F.cannon_to(st, cid, s) * hop_moves(st)     # moves: the cannon and its escorts pay
            extra = 0
            if mine:
                need = n + 1 - 2
                ds = sorted(field[b] for b in enemy_men)[:need] if need > 0 else []
                extra = sum(ds) + (INF if len(ds) < need else 0)
            cost = min(cost, k + extra)
        if cost < INF:
            total += p_spin_at_least(cost) * value
    return total * w.vulnerable


def gate_threat(st: R.CannonBallState, p: int, F: Fields, enemy_men: list[int]) -> float:
    """The chance that ``p``'s enemy wins through one of ``p``'s open gates on its
    next turn (5 men, or a cannon and 3 men, in the gate section)."""
    q = 1 - p
    best = 0.0
    for g in M.FORTS[p].gates:
        if st.gates[g] != "open":
            continue
        best = max(best, assault_chance(st, q, M.GATES[g].section, F, enemy_men))
    return best


def raid_threat(st: R.CannonBallState, p: int, F: Fields, enemy_men: list[int]) -> float:
    """Expected men ``p`` loses to an enemy man walking in through an open gate of his
    (one whose gate section holds none of ``p``'s men) and capturing box by box."""
    best = 0.0
    for g in M.FORTS[p].gates:
        gate = M.GATES[g]
        if st.gates[g] == "closed" or st.sec_men[p][gate.section] > 0:
            continue
        field = F.box_to_section[gate.section]
        for b in enemy_men:
            d = field[b] + 1
            if d <= 12:
                best = max(best, sum(p_spin_at_least(d + k) for k in range(1, 8)))
    return best


def assault_chance(st: R.CannonBallState, q: int, s: int, F: Fields, q_men: list[int]) -> float:
    """Chance that ``q`` gets 5 men, or a cannon and 3 men, into section ``s`` next turn."""
    field = F.box_to_section[s]
    ds = sorted(field[b] for b in q_men)
    cost = sum(ds[:5]) if len(ds) >= 5 else INF
    for cid, c in enumerate(st.cannons):
        if c is not None and c[0] == q:
            k = F.cannon_to(st, cid, s)
            if k < INF:
                k *= hop_moves(st)                             # moves: the cannon and its escorts pay
            if k < INF and len(ds) >= 3:
                cost = min(cost, k + ds[0])
    defenders = st.sec_men[1 - q][s]
    if defenders:
        cost += 2 + defenders
    return p_spin_at_least(cost)


def evaluate(st: R.CannonBallState, me: int, w: Weights, F: Fields | None = None) -> float:
    """The position's worth for ``me`` (positive: good), after ``me``'s turn ended."""
    if st.phase == Phase.OVER:
        win = st.winner()
        return 0.0 if win is None else (WIN if win == me else -WIN)
    F = F or fields(st)
    men = (men_boxes(st, 0), men_boxes(st, 1))
    score = 0.0
    press = 1.0 + w.urgency * min(st.quiet, 60) / 60.0
    for p, sign in ((me, 1.0), (1 - me, -1.0)):
        s = w.man * st.men[p] + w.cannon * st.cannon_count(p) + w.tnt * st.tnt_left[p]
        s += press * offence(st, p, F, w, men[p]) + stuck_pull(st, p, F, w, men[p])
        if w.rebuild_pull and has_route(st, p, F):
            s += rebuild_pull(st, p, F, w, men)
        if w.guard:
            s += w.guard * guarded(st, p, F, men[1 - p], w.guards)
        h = st.home_count(p)
        if h < w.home_min:
            s -= (w.home_min - h) * w.home_short
        score += sign * s
    nxt = st.to_move if st.phase in (Phase.CHOOSE, Phase.SPIN) else 1 - me
    victim = 1 - nxt
    if w.vulnerable:
        v = vulnerability(st, victim, F, w, men[nxt])
        score += -v if victim == me else v
    if w.gate_threat:
        t = gate_threat(st, victim, F, men[nxt]) * w.gate_threat
        score += -t if victim == me else t
    if w.raid:
        t = raid_threat(st, victim, F, men[nxt]) * w.raid
        score += -t if victim == me else t
    for p, sign in ((me, 1.0), (1 - me, -1.0)):
        if st.tnt[p] >= 0:                  # a lit case: half a chance the bridge goes
            score += sign * w.lit_tnt * tnt_gain(st, p, F, w, men)
    return score


def tnt_gain(st: R.CannonBallState, p: int, F: Fields, w: Weights, men: tuple) -> float:
    """What blowing the bridge under ``p``'s lit case would change, for ``p``: the
    enemy's routes lengthened (less our own), and what stands in the case's section
    (everything there dies, the enemy's a gain and ours a loss)."""
    end = st.tnt[p]
    br = R.BRIDGE_END[end]
    cut = list(st.bridges)
    cut[br] = False
    F2 = fields(st, tuple(cut))
    gain = (offence(st, 1 - p, F, w, men[1 - p]) - offence(st, 1 - p, F2, w, men[1 - p])
            - (offence(st, p, F, w, men[p]) - offence(st, p, F2, w, men[p])))
    s = SEC[end]
    for q, sign in ((1 - p, 1.0), (p, -1.0)):
        gain += sign * (w.man * st.sec_men[q][s] + (w.cannon if st.section_cannon(s, q) >= 0 else 0.0))
    return gain
