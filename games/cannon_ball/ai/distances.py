"""Distances the Cannon Ball AI measures on the map as it stands.

:class:`Fields` holds, for one state of the bridges and gates, how many steps a
man needs to enter each section and how many section moves a cannon needs
between sections (pieces ignored); :func:`fields` caches them, since they change
only when a bridge or gate does. With them: whether a side can still reach an
enemy gate, where blown bridges could be rebuilt, and the chance a spin covers a
distance. They live apart because the evaluation and the planner both stand on
them and neither needs the other to compute them.
"""
from __future__ import annotations

from collections import OrderedDict

from games.cannon_ball import rules as R
from games.cannon_ball.rules import battlefield as M

INF = 10_000
N_SECTIONS = M.N_SECTIONS
SEC = R.SEC


# -- static fields (cached per state of the bridges and gates) ---------------------------------------

class Fields:
    """Distances on the map as it stands (bridges up or down, gates open or shut),
    ignoring the pieces: ``box_to_section[s][box]`` steps for a man to enter section
    ``s``; ``sections[a][b]`` section moves for a cannon."""

    def __init__(self, bridges: tuple[bool, ...], gates: tuple[str, ...]):
        self.bridges = bridges
        self.gates = gates
        self.box_to_section = [self._bfs(M.SECTIONS[s].boxes) for s in range(N_SECTIONS)]
        self.sections = [self._sec_bfs(s) for s in range(N_SECTIONS)]
        # a cannon in a fort: large-box steps to each gate's inside box
        self.fort_to_gate: dict[int, dict[int, int]] = {}
        for g in M.GATES:
            d = {g.inside: 0}
            todo = [g.inside]
            while todo:
                u = todo.pop(0)
                for v in M.LARGE_NEIGHBOURS.get(u, ()):
                    if v not in d:
                        d[v] = d[u] + 1
                        todo.append(v)
            self.fort_to_gate[g.index] = d

    def _bfs(self, targets: tuple[int, ...]) -> list[int]:
        dist = [INF] * M.N_BOXES
        q = list(targets)
        for t in targets:
            dist[t] = 0
        i = 0
        while i < len(q):
            u = q[i]
            i += 1
            du = dist[u] + 1
            for v, br, g in R.LINKS[u]:
                if dist[v] <= du:
                    continue
                if br >= 0 and not self.bridges[br]:
                    continue
                if g >= 0 and self.gates[g] == "closed":
                    continue
                dist[v] = du
                q.append(v)
        return dist

    def _sec_bfs(self, s: int) -> list[int]:
        dist = [INF] * N_SECTIONS
        dist[s] = 0
        q = [s]
        i = 0
        while i < len(q):
            u = q[i]
            i += 1
            nb = list(M.SECTION_NEIGHBOURS[u])
            for br in R.SECTION_BRIDGES[u]:
                if self.bridges[br]:
                    a, b = M.BRIDGES[br].sections
                    nb.append(b if a == u else a)
            for v in nb:
                if dist[v] > dist[u] + 1:
                    dist[v] = dist[u] + 1
                    q.append(v)
        return dist

    def cannon_to(self, st: R.CannonBallState, cid: int, s: int) -> int:
        """Section moves for cannon ``cid`` to reach section ``s``."""
        c = st.cannons[cid]
        if c is None:
            return INF
        b = c[1][0]
        if SEC[b] >= 0:
            return self.sections[SEC[b]][s]
        best = INF
        for g in M.FORTS[c[0]].gates:
            gate = M.GATES[g]
            if self.gates[g] == "closed":
                continue
            steps = self.fort_to_gate[g].get(b, INF)
            best = min(best, steps + 1 + self.sections[gate.section][s])
        return best


# Least recently used first. A Fields is some 130 KB (a distance per box for every
# section), and a game meets only a handful of bridge-and-gate states, so a few
# dozen cover a game's search; 256 of them kept ~30 MB alive across a long evening.
_FIELDS: OrderedDict[tuple, Fields] = OrderedDict()
_FIELDS_MAX = 32


def fields(st: R.CannonBallState, bridges: tuple[bool, ...] | None = None) -> Fields:
    key = (tuple(st.bridges) if bridges is None else bridges, tuple(st.gates))
    f = _FIELDS.get(key)
    if f is None:
        f = _FIELDS[key] = Fields(*key)
        if len(_FIELDS) > _FIELDS_MAX:
            _FIELDS.popitem(last=False)
    else:
        _FIELDS.move_to_end(key)
    return f


def has_route(st: R.CannonBallState, p: int, F: Fields) -> bool:
    """Can any man of ``p``'s still walk to an enemy gate section on this map?"""
    for g in M.FORTS[1 - p].gates:
        field = F.box_to_section[M.GATES[g].section]
        if any(field[b] < INF for b in range(M.N_BOXES) if st.occ[b] == p):
            return True
    return False


def rebuild_sections(st: R.CannonBallState) -> list[int]:
    """The sections at the ends of the blown bridges (where three men may rebuild one)."""
    return [s for br in M.BRIDGES if not st.bridges[br.index] for s in br.sections]


def p_spin_at_least(cost: float) -> float:
    """The chance that a spin of 1-12 gives at least ``cost`` moves."""
    if cost <= 1:
        return 1.0
    if cost > 12:
        return 0.0
    return (13 - cost) / 12
