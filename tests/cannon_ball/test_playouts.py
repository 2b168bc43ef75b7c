"""Random play-outs: invariants checked after every move of a few hundred seeded games.

A "wanderer" plays: it mostly picks a move turn and then, mostly, steps that bring a
man nearer an enemy gate (so armies meet, attack, cross and blow bridges), with
plain random moves, gambles, gate turns and early ends mixed in."""
import json
import random
from collections import deque

import pytest

from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules import (END, LINKS, RISKS, CannonBallState, CannonMove, Choice, EndReason, Phase, Step, Tnt,
                                     new_game, parse_text)
from games.core.game import CHANCE, TERMINAL, IllegalMove

OPTION_SETS = [{}, {"steady_bridges": True}, {"bridge_risk": "wild"}, {"each_piece": True}]


def _dist(p: int) -> list[int]:
    targets = [b for g in M.FORTS[1 - p].gates for b in M.SECTIONS[M.GATES[g].section].boxes]
    d = [999] * M.N_BOXES
    q = deque(targets)
    for t in targets:
        d[t] = 0
    while q:
        u = q.popleft()
        for v, _br, _g in LINKS[u]:
            if d[v] > d[u] + 1:
                d[v] = d[u] + 1
                q.append(v)
    return d


DIST = [_dist(0), _dist(1)]


def wander(st: CannonBallState, rng: random.Random):
    legal = st.legal_moves()
    if st.phase == Phase.CHOOSE:
        gambles = [m for m in legal if m.kind in ("tnt", "fire", "rebuild")]
        if gambles and rng.random() < 0.7:
            return rng.choice(gambles)
        return Choice("move") if Choice("move") in legal and rng.random() < 0.9 else rng.choice(legal)
    r = rng.random()
    if r < 0.05:
        return END
    if r < 0.35:
        return rng.choice(legal)
    d = DIST[st.to_move]

    def gain(m):
        if isinstance(m, Step):
            return d[m.frm] - d[m.to]
        return 1.5 if isinstance(m, (CannonMove, Tnt)) else 0
    best = max(legal, key=lambda m: gain(m) + rng.random())
    return best if gain(best) > 0 else END


def draw(st: CannonBallState, rng: random.Random):
    oc = st.chance_outcomes()
    return rng.choices([m for m, _ in oc], [p for _, p in oc])[0]


def check_position(st: CannonBallState, rng: random.Random, thorough: bool) -> None:
    p = st.current_player()
    snap = st.snapshot()
    if thorough:
        json.dumps(snap)
    if p == CHANCE:
        oc = st.chance_outcomes()
        assert sum(pr for _, pr in oc) == pytest.approx(1.0)
        assert all(pr >= 0 for _, pr in oc)
        assert st.chance_actor() in (0, 1, None)
        return
    legal = st.legal_moves()
    assert legal, "a player to move always has a move"
    assert len(set(legal)) == len(legal)
    for m in legal:
        assert parse_text(str(m)) == m                        # str/parse round trip
    sample = legal if thorough else rng.sample(legal, min(4, len(legal)))
    for m in sample:
        assert st.why_illegal(m) is None
        c = st.copy()
        c.apply(m)
        assert c.ply() == st.ply() + 1
        assert st.snapshot() == snap                          # copies are independent
    # moves that are not listed are refused, and leave the state untouched
    me = st.to_move
    for _ in range(3):
        a, b = rng.randrange(M.N_BOXES), rng.randrange(M.N_BOXES)
        for m in (Step(a, b), Tnt(box=a), CannonMove(a, (b,))):
            if m not in legal:
                with pytest.raises(IllegalMove):
                    st.apply(m)
    assert st.snapshot() == snap
    if thorough:
        assert st.copy().snapshot() == snap == st.view(me).snapshot()
        for m in legal:
            assert st.parse_move(str(m)) == m


def material(st: CannonBallState, p: int) -> int:
    """A side's men: on the board, lifted off by an attack still going on, or on a bridge."""
    n = sum(1 for x in st.occ if x == p)
    n += sum(len(d) for d, _c in st.sieges.values()) if p != st.to_move else 0
    cr = st.crossing
    if cr and cr[0] == "man" and cr[4] == p:
        n += 1
    if cr and cr[0] == "cannon" and cr[5] == p:
        n += len(cr[3])
    return n


def check_invariants(st: CannonBallState, before: dict, turn_ended: bool) -> None:
    for p in (0, 1):
        assert st.men[p] == sum(1 for x in st.occ if x == p)
        assert material(st, p) <= before["men"][p], "piece counts never grow"
        assert 0 <= st.tnt_left[p] <= 5 and st.tnt_left[p] <= before["tnt"][p]
        assert st.cannon_count(0) + st.cannon_count(1) <= before["cannons"]
    seen = {}
    for cid, c in enumerate(st.cannons):
        if c is None or cid not in set(st.cannon_at.values()):
            continue
        s = M.BOXES[c[1][0]].section
        if s >= 0:
            assert s not in seen, "at most one cannon per section"
            seen[s] = cid
            assert st.sec_cannon[s] == cid
    for s in range(M.N_SECTIONS):
        for p in (0, 1):
            assert st.sec_men[p][s] == sum(1 for b in M.SECTIONS[s].boxes if st.occ[b] == p)
        if st.phase in (Phase.CHOOSE, Phase.OVER) and not st.sieges:
            assert not (st.sec_men[0][s] and st.sec_men[1][s]), "two sides in one section between turns"
    if turn_ended and st.phase != Phase.OVER:
        mover = 1 - st.to_move
        for s in range(M.N_SECTIONS):
            assert st.sec_men[mover][s] <= st.limit(mover, s), "section limits at each turn's end"


def play_one(seed: int, thorough: bool = False, cap: int = 500, start: CannonBallState | None = None,
             checks: bool = True) -> CannonBallState:
    rng = random.Random(seed)
    st = start.copy() if start is not None else new_game(OPTION_SETS[seed % len(OPTION_SETS)], 2)
    end = st.ply() + cap
    while not st.is_over() and st.ply() < end:
        if checks:
            check_position(st, rng, thorough)
            before = {"men": [material(st, 0), material(st, 1)], "tnt": list(st.tnt_left),
                      "cannons": st.cannon_count(0) + st.cannon_count(1)}
        p = st.current_player()
        move = draw(st, rng) if p == CHANCE else wander(st, rng)
        turn = st.turn
        st.apply(move)
        if checks:
            check_invariants(st, before, st.turn != turn)
    if st.is_over():
        assert st.current_player() == TERMINAL and st.legal_moves() == []
        assert st.result_text() and isinstance(st.end, EndReason)
        with pytest.raises(IllegalMove, match="over"):
            st.apply(END)
    else:
        assert st.end is None
    return st


_STARTS: list = []


def starts() -> list[CannonBallState]:
    """Positions from all stages of a game: a few seeded wanderer games, stopped at
    several points (the armies out, meeting, fighting), plus the opening."""
    if not _STARTS:
        for seed in range(8):
            rng = random.Random(500 + seed)
            st = new_game(OPTION_SETS[seed % len(OPTION_SETS)], 2)
            _STARTS.append(st.copy())
            marks = {150, 400, 700, 1000}
            while not st.is_over() and st.ply() < 1000:
                st.apply(draw(st, rng) if st.current_player() == CHANCE else wander(st, rng))
                if st.ply() in marks:
                    _STARTS.append(st.copy())
    return _STARTS


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4))
def test_random_playouts_keep_every_invariant(block):
    """Two hundred short seeded play-outs from all stages of a game, every move checked."""
    pool = starts()
    for i in range(50):
        seed = block * 50 + i
        play_one(seed, thorough=seed % 25 == 0, cap=50, start=pool[seed % len(pool)])


@pytest.mark.slow
def test_long_playouts_always_finish():
    for seed in range(1000, 1003):
        st = play_one(seed, cap=6000, checks=False)
        assert st.is_over()


@pytest.mark.slow
def test_playouts_are_deterministic():
    assert play_one(7, cap=200).snapshot() == play_one(7, cap=200).snapshot()


def test_risk_option_values():
    assert RISKS == {"low": 1 / 48, "normal": 1 / 24, "high": 1 / 12, "wild": 1 / 6}
    assert new_game({"each_piece": True}, 2).each
    # the phases are a str Enum whose values are the words snapshots and saves have always held
    assert Phase.MOVING == "moving" and str(Phase.MOVING) == "moving" and Phase("moving") is Phase.MOVING
