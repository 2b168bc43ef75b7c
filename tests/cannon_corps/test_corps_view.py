"""Hidden information: a seat's view holds its own secrets and the public record, nothing else."""
import json
import pickle
import random

from tests.cannon_corps.corps_util import S0, S1, S2, make, random_move
from games.cannon_corps.rules import (
    DIE_SIZES, SPACE_INDEX, CorpsState, CorpsView, Move, SetupMoves, new_game)
from games.core.game import CHANCE

ALLOWED_TYPES = (CorpsView, Move, dict, list, tuple, set, frozenset, str, int, float, bool, type(None))
VIEW_FIELDS = {"seat", "num_players", "phase", "turn", "shooter", "current_player", "pending",
               "my_platoons", "my_reserves", "my_private", "defeated", "out", "reserve_counts",
               "platoon_counts", "revealed", "events", "winner", "win_reason"}


def walk(obj, seen=None):
    """Every object reachable from ``obj`` through attributes and containers."""
    seen = {} if seen is None else seen
    if id(obj) in seen:
        return seen
    seen[id(obj)] = obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            walk(k, seen)
            walk(v, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            walk(v, seen)
    elif hasattr(obj, "__dict__"):
        walk(vars(obj), seen)
    return seen


def secret_containers(st: CorpsState, seat):
    """The state's containers holding other seats' secrets (must be unreachable)."""
    out = [st.queue, st.events, st.private, st.platoons, st.reserves, st.defeated, st.out]
    for o in range(st.num_players):
        if o != seat:
            out += [st.platoons[o], st.reserves[o], st.private[o]]
    return out


def assert_view_is_clean(st: CorpsState, seat):
    v = st.view(seat)
    assert isinstance(v, CorpsView)
    assert set(vars(v)) == VIEW_FIELDS
    objs = walk(v)
    for o in objs.values():
        assert isinstance(o, ALLOWED_TYPES), type(o)
    for c in secret_containers(st, seat):
        assert id(c) not in objs, "the view shares a container with the state"
    # its own secrets are exactly its own
    if seat is not None:
        from games.cannon_corps.rules import SPACES
        assert v.my_platoons == {d: (SPACES[sp], val) for d, (sp, val) in st.platoons[seat].items()}
        assert set(v.my_reserves) == set(st.reserves[seat])
        assert v.my_private == st.private[seat]
    else:
        assert v.my_platoons == {} and v.my_reserves == () and v.my_private == []
    # the public log is the state's public log, and nothing private leaked into it
    assert v.events == st.events
    blob = json.dumps([v.events, v.pending, {str(k): g for k, g in v.revealed.items()}])
    for o in range(st.num_players):
        if o == seat or st.out[o] or st.phase == "over":
            continue
        for e in st.private[o]:
            if e["kind"] in ("moved", "deployed"):
                assert f'"to": "{e.get("to")}"' not in blob and '"deployed"' not in blob
    # every other live seat's secrets are absent: only public fields may mention them
    pend = v.pending
    if pend.get("seat") != seat:
        assert "die" not in pend and "options" not in pend and "reserves" not in pend
    for o, grid in v.revealed.items():
        assert st.out[o] or st.phase == "over"
    pickle.dumps(v)
    return v


def test_view_holds_no_secret_of_another_seat():
    rng = random.Random(7)
    checked = 0
    for g in range(30):
        n = 2 + g % 5
        st = new_game({}, n)
        while not st.is_over():
            for seat in list(range(n)) + [None]:
                if rng.random() < 0.35:
                    assert_view_is_clean(st, seat)
                    checked += 1
            st.apply(random_move(st, rng))
        for seat in range(n):
            assert_view_is_clean(st, seat)
    assert checked > 1000


def build(setup1, cover1, deploy1):
    """A fixed public history; seat 1's hidden choices are the parameters."""
    st = make([S0, setup1])
    st.apply("fire d6 B3")          # both setups have a platoon of at least 7 on B3
    st.apply(cover1)                # stay or move: both read "ran for cover"
    st.apply("fire d20 C1")         # seat 1 fires its d20 (20 in both)
    st.apply("fire d20 A1")         # seat 0 at A1: both setups answer Miss ...
    st.apply("fire d12 C3")         # seat 1 fires a 12 (the d12 in both)
    st.apply("fire d20 B1")         # power 10 at B1: both setups lose a 10 there
    st.apply(deploy1)               # different reserve, different space
    return st


def test_views_identical_when_only_hidden_things_differ():
    a = build({"d10": "B1", "d%": "C4", "d12": "B3", "d20": "A2"}, "stay d12", "deploy d4 A1")
    b = build({"d10": "B1", "d%": "A3", "d12": "B3", "d20": "C3"}, "cover d12 B2", "deploy d8 C1")
    assert a.snapshot() != b.snapshot()
    assert a.events == b.events
    va, vb = a.view(0), b.view(0)
    assert vars(va) == vars(vb)
    assert pickle.dumps(va) == pickle.dumps(vb)
    # and seat 1's own views do differ
    assert vars(a.view(1)) != vars(b.view(1))


def test_setup_of_earlier_seats_is_invisible_to_later_seats():
    a, b = new_game({}, 3), new_game({}, 3)
    a.apply(Move.setup(S0))
    b.apply(Move.setup(S2))
    assert vars(a.view(1)) == vars(b.view(1))
    assert vars(a.view(None)) == vars(b.view(None))


def test_view_pending_cover_details_only_for_the_owner():
    st = make([S0, S1, S2])
    st.apply("fire d6 B3")          # seat 1's d12 survives, seat 2's d4 is defeated
    assert st.current_player() == 1
    own, other, spectator = st.view(1), st.view(0), st.view(None)
    assert own.pending["die"] == "d12" and "options" in own.pending
    for v in (other, spectator):
        assert v.pending == {"kind": "cover", "seat": 1, "shooter": 0, "space": "B3", "damage": 6}
        assert v.legal_moves() == [] and not v.is_my_decision()
    st.apply("stay d12")
    own2 = st.view(2)
    assert own2.pending["kind"] == "deploy" and own2.pending["reserves"] == ["d10", "d%", "d20"]
    assert "reserves" not in st.view(1).pending


def test_view_legal_moves_and_parse_match_the_state():
    rng = random.Random(3)
    for g in range(12):
        st = new_game({}, 2 + g % 3)
        while not st.is_over():
            p = st.current_player()
            if p != CHANCE:
                v = st.view(p)
                lv, ls = v.legal_moves(), st.legal_moves()
                if isinstance(ls, SetupMoves):
                    assert isinstance(lv, SetupMoves)
                else:
                    assert lv == ls
                m = random_move(st, rng)
                assert v.parse_move(str(m)) == m and v.why_illegal(m) is None
                for o in range(st.num_players):
                    if o != p:
                        assert st.view(o).why_illegal(m) == "it is not your decision"
                st.apply(m)
            else:
                st.apply(random_move(st, rng))


def test_view_helpers_for_the_table():
    st = make([S0, S1])
    v = st.view(0)
    assert v.my_grid == {"A1": ("d4", 4), "A2": ("d6", 6), "A3": ("d8", 8), "A4": ("d20", 20)}
    assert v.opponents() == [1] and v.live_seats() == [0, 1]
    assert v.pending == {"kind": "fire", "seat": 0} and v.is_my_decision()
    assert v.platoon_counts == (4, 4) and v.reserve_counts == (3, 3) and v.defeated == ((), ())
    assert all(1 <= val <= DIE_SIZES[d] for d, (sp, val) in v.my_platoons.items())
    assert SPACE_INDEX["A4"] == 3
