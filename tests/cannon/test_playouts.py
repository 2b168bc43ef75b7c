"""Random play-outs: invariants checked after every move of a few hundred seeded games."""
import json
import random

import pytest

from games.core.game import TERMINAL, IllegalMove
from tests.cannon.reference import RefPosition
from games.cannon.rules import (DARK_SOLDIER, DARK_TOWN, KINDS, LIGHT_SOLDIER, LIGHT_TOWN, N_SQUARES, Move, Phase,
                                cannon_of, moves_from, new_game, town_threatened)
from games.cannon.rules.moves import _BY_TEXT

#: every well-formed move of the board (each text the notation can name), for the
#: exhaustive "only listed moves apply" check
ALL_MOVES = sorted(set(_BY_TEXT.values()), key=str)

N_GAMES = 200
PLY_CAP = 300
OPTION_SETS = [
    {},
    {"shot": "blocking"},
    {"tournament": True},
    {"repetition": True},
    {"shot": "blocking", "tournament": True, "repetition": True},
]


def counts(st):
    c = st.cells
    return (c.count(DARK_SOLDIER), c.count(LIGHT_SOLDIER), c.count(DARK_TOWN), c.count(LIGHT_TOWN))


def random_move(rng):
    kind = rng.choice(KINDS)
    frm = rng.randrange(N_SQUARES)
    to = frm if kind == "place" else rng.randrange(N_SQUARES)
    return Move(kind, frm, to)


def check_position(st, rng, thorough):
    """Invariants of one position. Every position gets the cheap checks; a "thorough"
    game (every fifth) also applies every listed move, parses every move back through
    the state, and cross-checks the board helpers."""
    legal = st.legal_moves()
    assert len(set(legal)) == len(legal), "duplicate moves"
    snap = st.snapshot()
    json.dumps(snap)
    assert snap["ply"] == st.ply() and snap["to_move"] == st.to_move

    for m in legal:
        assert Move.parse(str(m)) == m

    # listed moves apply without error, and never touch the original
    sample = legal if thorough else rng.sample(legal, min(3, len(legal)))
    for m in sample:
        c = st.copy()
        c.apply(m)
        assert c.ply() == st.ply() + 1

    # moves that are not listed are refused and leave the state untouched
    for _ in range(2):
        m = random_move(rng)
        if m in legal:
            continue
        with pytest.raises(IllegalMove):
            st.apply(m)
        text = str(m)
        try:
            if Move.parse(text) in legal:     # a random kind may not match the geometry
                continue
        except IllegalMove:
            pass
        with pytest.raises(IllegalMove):
            st.parse_move(text)
    assert st.snapshot() == snap

    if thorough and st.ply() in (1, 12, 45):          # placement, opening, middlegame
        # exhaustive: of all the board's well-formed moves, exactly the listed ones apply
        listed = set(legal)
        for m in ALL_MOVES:
            if m not in listed:
                with pytest.raises(IllegalMove):
                    st.apply(m)
        assert st.snapshot() == snap
    if thorough:
        assert snap == st.copy().snapshot() == st.view(0).snapshot()
        assert "\n".join(snap["board"]) == st.to_diagram()
        for m in legal:
            assert st.parse_move(str(m)) == m
    if thorough and st.phase is Phase.PLAY:
        # the board helpers agree with the move list
        listed = set()
        for sq in range(N_SQUARES):
            if st.cells[sq] == (DARK_SOLDIER, LIGHT_SOLDIER)[st.to_move]:
                listed.update(moves_from(st, sq))
        assert listed == set(legal)
        for m in legal:
            if m.kind in ("slide", "shot"):
                assert all(st.cells[s] == st.cells[m.frm] for s in cannon_of(m))
        # town_threatened agrees with the opponent's move list
        probe = st.copy()
        probe.to_move = 1 - st.to_move
        probe.tournament = False
        probe._legal = None
        town = st.towns[st.to_move]
        assert town_threatened(st, st.to_move) == any(m.to == town for m in probe.legal_moves())
    return legal


def play_one(seed, thorough=False, cross_check=False):
    rng = random.Random(seed)
    options = OPTION_SETS[seed % len(OPTION_SETS)]
    st = new_game(options, 2)
    placed = [None, None]
    before = counts(st)
    while not st.is_over() and st.ply() < PLY_CAP:
        legal = check_position(st, rng, thorough)
        assert legal, "a game that is not over has a move"
        if cross_check and st.phase is Phase.PLAY:
            ref = RefPosition.from_diagram(st.to_diagram(), "dl"[st.to_move], st.shot_rule)
            if not st.tournament:
                assert sorted(map(str, legal)) == sorted(ref.moves())
            else:
                assert set(map(str, legal)) <= set(ref.moves())
        move = rng.choice(legal)
        st.apply(move)
        assert st.last_move == move and move in legal
        now = counts(st)
        if move.kind == "place":                          # the only way a piece appears
            assert now[:2] == before[:2] and sum(now[2:]) == sum(before[2:]) + 1
        else:
            assert all(a <= b for a, b in zip(now, before)), "piece counts never grow"
        if move.kind in ("capture", "shot"):
            assert sum(now) == sum(before) - 1
        elif move.kind != "place":
            assert now == before
        before = now
        for p in (0, 1):
            if placed[p] is None:
                placed[p] = st.towns[p]
            else:
                assert st.towns[p] in (placed[p], None), "towns never move"
                if st.towns[p] is not None:
                    assert st.cells[placed[p]] == (DARK_TOWN, LIGHT_TOWN)[p]
    if st.is_over():
        assert st.legal_moves() == [] and st.current_player() == TERMINAL
        w = st.winner()
        text = st.result_text()
        if w is None:
            assert text == "Draw by threefold repetition" and st.repetition_draw
        else:
            name = ("Dark", "Light")[w]
            assert text.startswith(name + " ") or text.endswith(f": {name} wins")
            if "town" in text:
                assert st.towns[1 - w] is None
        with pytest.raises(IllegalMove, match="over"):
            st.apply(Move("step", 0, 10))
    return st


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_random_playouts(block):
    per = N_GAMES // 10
    results = []
    for seed in range(block * per, (block + 1) * per):
        st = play_one(seed, thorough=seed % 5 == 0, cross_check=seed % 6 == 1)
        results.append(st.result_text() if st.is_over() else "unfinished")
    assert len(results) == per


@pytest.mark.slow
def test_playouts_reach_every_ending():
    endings = set()
    for seed in range(100):
        rng = random.Random(1000 + seed)
        st = new_game(OPTION_SETS[seed % len(OPTION_SETS)], 2)
        while not st.is_over() and st.ply() < PLY_CAP:
            st.apply(rng.choice(st.legal_moves()))
        t = st.result_text()
        endings.add("captured" if "captured" in t else "shot" if "shot" in t else
                    "stalemate" if "no legal move" in t else "draw" if "Draw" in t else "unfinished")
    assert {"captured", "shot", "stalemate"} <= endings


def test_playouts_are_deterministic():
    a, b = play_one(7), play_one(7)
    assert a.snapshot() == b.snapshot()
