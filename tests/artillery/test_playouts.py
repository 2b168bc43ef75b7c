"""Random play-outs of every scenario with invariants checked after every move,
plus copy independence, illegal moves leaving the state untouched, str/parse
round trips, and save/load (replay) in the middle of an activation."""
import json
import random

import pytest

from games.artillery import INFO
from games.artillery.rules.scenarios import SCENARIOS
from games.artillery.rules import Move, new_game, parse_text
from games.core.game import CHANCE, NotLegalHere

GAMES = 6


def invariants(st, move=None):
    from games.core.invariants import move_problems, state_problems
    problems = state_problems(st, 2, True) + (move_problems(st, move) if move is not None else [])
    assert not problems, problems
    for u in st.units.values():
        assert u.models >= 0 and u.fatigue >= 0
        assert u.models <= u.start
    for g in st.guns.values():
        assert g.markers >= 0
        if g.crew is not None:
            assert g.crew in st.units
            assert st.units[g.crew].alive, f"{g.id} crewed by a unit that is gone"
    for sid in st.sections:
        assert st.fortitude(sid) >= 1
    if st.current_player() == CHANCE:
        assert sum(p for _, p in st.chance_outcomes()) == pytest.approx(1.0)
    json.dumps(st.snapshot())


def guns_stay_where_the_chapter_keeps_them(start, st):
    """A gun in a structure, and a Heavy Cannon on a field carriage, never move; a field
    gun never stands inside a section it could not have been rolled into (no door)."""
    for g in st.guns.values():
        g0 = start.guns[g.id]
        if g.section is not None or g.type == "heavy":
            assert g.pos == g0.pos, f"{g.id} ({g.type}) moved"
        else:
            sid = st.table.section_at(g.pos, st.wrecked)
            assert sid is None or st.table.sections[sid].gun_door or sid == start.table.section_at(g0.pos), \
                f"{g.id} stands in {sid}, which has no door for a gun"


def only_assigned_crews_act(st, m):
    if m.kind in ("fire", "reload", "abandon"):
        assert all(st.guns[g].crew == st.act.unit for g in m.guns)
    if m.kind in ("turn", "dreload"):
        assert st.guns[m.a].crew == st.act.unit


def playout(key, seed, check_every=True):
    st = new_game({"scenario": key})
    start = st.copy()
    rng = random.Random(seed)
    n = 0
    while not st.is_over():
        if st.current_player() == CHANCE:
            ms, ps = zip(*st.chance_outcomes(), strict=True)
            m = rng.choices(ms, ps)[0]
        else:
            moves = st.legal_moves()
            assert moves, st.status_text()
            if check_every or n % 7 == 0:
                for x in moves:
                    assert parse_text(str(x)) == x
            m = rng.choice(moves)
            only_assigned_crews_act(st, m)
        if check_every or n % 5 == 0:
            invariants(st, m)
        st.apply(m)
        n += 1
        if check_every or n % 5 == 0:
            invariants(st)
            guns_stay_where_the_chapter_keeps_them(start, st)
        assert n < INFO.ply_cap
    return st, n


@pytest.mark.slow
def test_the_town_playouts_move_guns_of_every_size_and_never_the_heavy():
    """Random play in the raid on the town reaches the moves the scenario is for (a
    Medium, a Light and a swivel hauled, the Heavy turned) with the invariants and
    the guns' rules checked as it goes; the Heavy never moves."""
    from games.artillery.rules import events as ev
    seen = set()
    for seed in range(12):
        st, _ = playout("town", seed, check_every=False)
        for e in st.events:
            if isinstance(e, ev.Moved):
                for gid, _frm, _to in e.guns:
                    seen.add(("moved", st.guns[gid].type))
            elif isinstance(e, ev.Turned):
                seen.add(("turned", st.guns[e.gun].type))
    assert {("moved", "medium"), ("moved", "light"), ("moved", "swivel"), ("turned", "heavy")} <= seen, seen
    assert ("moved", "heavy") not in seen


@pytest.mark.slow
@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_random_playouts_keep_the_invariants_and_end(key):
    for seed in range(GAMES):
        st, n = playout(key, seed, check_every=(seed == 0))
        assert st.is_over() and st.round <= SCENARIOS[key].rounds
        r = st.returns()
        assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0])
        if not SCENARIOS[key].draws:
            assert st.winner() is not None


def test_copy_is_independent():
    st = new_game({"scenario": "field"})
    rng = random.Random(3)
    for _ in range(120):
        if st.current_player() == CHANCE:
            st.apply(rng.choice([m for m, _ in st.chance_outcomes()]))
        else:
            st.apply(rng.choice(st.legal_moves()))
    c = st.copy()
    snap = json.dumps(st.snapshot(), sort_keys=True)
    for _ in range(60):
        if c.is_over():
            break
        if c.current_player() == CHANCE:
            c.apply(rng.choice([m for m, _ in c.chance_outcomes()]))
        else:
            c.apply(rng.choice(c.legal_moves()))
    assert json.dumps(st.snapshot(), sort_keys=True) == snap


def test_illegal_moves_leave_the_state_untouched():
    st = new_game({"scenario": "shore"})
    rng = random.Random(5)
    bad = [Move("end"), Move("pick", a="AS"), Move("roll", value=11), Move("fire", guns=("G1",), target="FG",
           ammo="round"), Move("move", a="A1", pos=(40, 40)), Move("activate", a="B1")]
    for _ in range(300):
        if st.is_over():
            break
        snap = json.dumps(st.snapshot(), sort_keys=True)
        for m in bad:
            if st.why_illegal(m) is not None:
                with pytest.raises(NotLegalHere):
                    st.apply(m)
                assert json.dumps(st.snapshot(), sort_keys=True) == snap
        if st.current_player() == CHANCE:
            st.apply(rng.choice([m for m, _ in st.chance_outcomes()]))
        else:
            st.apply(rng.choice(st.legal_moves()))


def test_save_and_load_mid_activation_replays_to_the_same_position():
    from games.core.match import AI, Match, Seat
    from games.core.saves import match_to_dict
    m = Match(INFO, {"scenario": "anchor"}, [Seat(AI, "random", "a"), Seat(AI, "random", "b")], seed=11)
    rng = random.Random(2)
    while not (m.state.phase == "act" and m.state.act is not None and m.state.act.used >= 1):
        if m.state.current_player() == CHANCE:
            m.resolve_chance()
        else:
            m.play(rng.choice(m.state.legal_moves()))
    d = json.loads(json.dumps(match_to_dict(m)))
    m2 = Match(INFO, d["options"], [Seat.from_dict(s) for s in d["seats"]], d["seed"])
    m2.replay([str(t) for t in d["moves"]])
    assert m2.state.snapshot() == m.state.snapshot()
    assert m2.state.act is not None


def test_every_chance_node_is_one_d10_or_one_card():
    st = new_game({"scenario": "field"})
    rng = random.Random(9)
    seen = set()
    while not st.is_over():
        if st.current_player() == CHANCE:
            outs = st.chance_outcomes()
            kinds = {m.kind for m, _ in outs}
            assert len(kinds) == 1
            k = kinds.pop()
            seen.add(k)
            if k == "roll":
                assert [m.value for m, _ in outs] == list(range(1, 11))
                assert all(p == pytest.approx(0.1) for _, p in outs)
                assert st.chance_actor() in (0, 1)
            st.apply(rng.choices([m for m, _ in outs], [p for _, p in outs])[0])
        else:
            st.apply(rng.choice(st.legal_moves()))
    assert {"deal", "reveal", "roll"} <= seen


def test_every_public_log_line_starts_with_a_capital():
    """A play-test: the log read "Cards dealt: ..." then "cards shown: ..."."""
    rng = random.Random(3)
    st = new_game({"scenario": "field"})
    names = ["Ana", "Ben"]
    seen = set()
    for _ in range(400):
        if st.is_over():
            break
        chance = st.current_player() == CHANCE
        moves = [m for m, _p in st.chance_outcomes()] if chance else st.legal_moves()
        m = rng.choice(moves)
        if chance:            # a seat's own line follows its name ("Ana: chose a card"); these stand alone
            text = st.public_move_text(m, names)
            seen.add(text.split(" ")[0])
            assert text[:1].isupper() or text[:1].isdigit(), text
        st.apply(m)
    assert "Cards" in seen, "a reveal was read"
