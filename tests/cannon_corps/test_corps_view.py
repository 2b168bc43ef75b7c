"""Hidden information: a seat's view holds its own secrets and the public record, nothing else.

DESIGN.md: "``state.view(player)`` is what that seat may know; anything it may not
know is absent from the view, not merely unread."  These tests look for the
other seats' secrets in everything reachable from a view, three ways:

* by identity: no object of another seat's private log is in the view;
* by content: nothing in the view equals an entry of another seat's private log
  (a re-built copy is still a leak);
* by taint: in a twin of the state, every secret value of the other seats (die
  names, spaces, values of platoons; Reserves; the hit die and the firing die)
  is replaced by an equal but recognisable object; none of them may turn up.

And a view must not share a mutable object with the state: a script that edits
what it got from a view must not be able to rewrite the game.
"""
import dataclasses
import json
import pickle
import random

import pytest

from tests.cannon_corps.corps_util import (
    S0, S1, S2, check_invariants, make, mutable_ids, random_move, walk)
from games.cannon_corps.rules import (
    DICE, DIE_SIZES, SPACE_INDEX, SPACES, AnswerEvent, CorpsState, CorpsView, CoverDecision, Decision,
    DeployDecision, Event, FireDecision, Move, Note, Phase, Queued, ReadOnlyDict, SetupMoves, new_game)
from games.core.game import CHANCE

ALLOWED_TYPES = (CorpsView, Move, Event, Note, Decision, dict, list, tuple, set, frozenset, str, int, float, bool,
                 type(None))
VIEW_FIELDS = {"seat", "num_players", "phase", "turn", "shooter", "current_player", "pending",
               "my_platoons", "my_reserves", "my_private", "defeated", "out", "reserve_counts",
               "platoon_counts", "revealed", "events", "winner", "win_reason"}


# -- the leak detector ---------------------------------------------------------
class _TStr(str):
    """A die name or space that belongs to another seat's secrets (equal to the
    plain string, but recognisable by identity)."""


class _TInt(int):
    """A space index or value that belongs to another seat's secrets."""


def _taint(x, marked: dict):
    """``x`` rebuilt from fresh tainted objects; every one of them goes into
    ``marked`` (id -> object, which also keeps them alive)."""
    if isinstance(x, bool) or x is None or x == ():
        return x                    # singletons: shared by everyone, mark nothing
    if isinstance(x, int):
        t = _TInt(x)
    elif isinstance(x, str):
        t = _TStr(x)
    elif isinstance(x, ReadOnlyDict):
        t = ReadOnlyDict({k: _taint(v, marked) for k, v in x.items()})
    elif isinstance(x, (Event, Note)):
        t = type(x)(**{f.name: _taint(getattr(x, f.name), marked) for f in dataclasses.fields(x)})
    elif isinstance(x, dict):
        t = {_taint(k, marked): _taint(v, marked) for k, v in x.items()}
    elif isinstance(x, tuple):
        t = tuple(_taint(v, marked) for v in x)
    elif isinstance(x, list):
        t = [_taint(v, marked) for v in x]
    else:
        raise TypeError(type(x))
    marked[id(t)] = t
    return t


def tainted_twin(st: CorpsState, seat):
    """A copy of ``st`` whose secrets hidden from ``seat`` are tainted, and the
    tainted objects by id.  What the table has seen is left alone: the public
    log, the defeated rows, and the grids of seats already revealed."""
    tw = st.copy()
    marked: dict = {}
    for o in range(st.num_players):
        if o == seat:
            continue
        # the history of a seat's hidden moves stays secret even once revealed
        tw.private[o] = [_taint(e, marked) for e in st.private[o]]
        if o in st.revealed:
            continue
        tw.platoons[o] = _taint(st.platoons[o], marked)
        tw.reserves[o] = _taint(st.reserves[o], marked)
    # the queued decisions name the hit die; the shot names the firing die
    tw.queue = [Queued(q.seat, q.kind, _taint(q.die, marked) if q.die is not None else None,
                       _taint(q.at, marked) if q.at is not None else None) if q.seat != seat else q
                for q in st.queue]
    if st.shot is not None and st.shot.seat != seat:
        tw.shot = dataclasses.replace(st.shot, die=_taint(st.shot.die, marked))
    return tw, marked


def secret_containers(st: CorpsState, seat):
    """The state's containers that hold secrets ``seat`` may not see."""
    out = [st.queue, st.private, st.platoons, st.reserves]
    for o in range(st.num_players):
        if o != seat:
            out += [st.platoons[o], st.reserves[o], st.private[o]]
    return out


def _canon(obj) -> str | None:
    """A content fingerprint of a logged record (its type and fields; tuples
    and lists alike), None if it is not one."""
    if not isinstance(obj, (Event, Note)):
        return None
    return type(obj).__name__ + json.dumps(obj.to_dict(), sort_keys=True)


def assert_no_leak(st: CorpsState, seat, v: CorpsView | None = None):
    """No other seat's private log (by id or by content unique to it) and no
    secret value of another seat's platoons or Reserves is reachable from the
    view.  ``v`` (default ``st.view(seat)``) lets tests hand in a doctored view."""
    v = st.view(seat) if v is None else v
    objs = walk(v, atoms=False)
    # 1. by identity: entries of other seats' private logs, and their insides
    for o in range(st.num_players):
        if o == seat:
            continue
        inside = walk(st.private[o], atoms=False)
        del inside[id(st.private[o])]           # the log list itself (checked below)
        for i, x in inside.items():
            if x != () and i in objs:           # (the empty tuple is a shared singleton)
                raise AssertionError(f"leak: seat {o}'s private {x} is in seat {seat}'s view")
    for c in secret_containers(st, seat):
        assert id(c) not in objs, "leak: the view holds a container of the state's secrets"
    # 2. by content: a fresh copy of a private entry leaks just the same.  Skip
    #    contents that are also public or also this seat's own (two seats can log
    #    the same 'stayed d12 at B3' when one shot hits both).  Only mappings of
    #    a private note's type can equal one: filtering on that shape keeps
    #    this cheap on long logs.
    secret = {_canon(e): (o, e) for o in range(st.num_players) if o != seat for e in st.private[o]}
    shapes = {type(e) for _, e in secret.values()}
    own = st.private[seat] if seat is not None else []
    for e in list(st.events) + list(own):
        if type(e) in shapes:
            secret.pop(_canon(e), None)
    if secret:
        for x in objs.values():
            if type(x) in shapes:
                c = _canon(x)
                if c in secret:
                    raise AssertionError(f"leak: seat {secret[c][0]}'s private entry "
                                         f"{secret[c][1]} is copied into seat {seat}'s view")
    # 3. by taint: the same view built from a twin with the secrets marked
    tw, marked = tainted_twin(st, seat)
    vt = tw.view(seat)
    found = [x for i, x in walk(vt, atoms=False).items() if i in marked]
    assert not found, f"leak: secret values of other seats in seat {seat}'s view: {found[:5]}"


def assert_view_is_clean(st: CorpsState, seat):
    v = st.view(seat)
    assert isinstance(v, CorpsView)
    assert set(vars(v)) == VIEW_FIELDS
    objs = walk(v)
    for o in objs.values():
        assert isinstance(o, ALLOWED_TYPES), type(o)
    assert_no_leak(st, seat, v)
    # its own secrets are exactly its own
    if seat is not None:
        assert v.my_platoons == {d: (SPACES[sp], val) for d, (sp, val) in st.platoons[seat].items()}
        assert set(v.my_reserves) == set(st.reserves[seat])
        assert v.my_private == st.private[seat]
    else:
        assert v.my_platoons == {} and v.my_reserves == () and v.my_private == []
    # the public log is the state's public log
    assert v.events == st.events
    # the pending decision: details only for the deciding seat
    pend = v.pending
    if pend.seat != seat or seat is None:
        assert pend == st._pending(full=False)
    for o in v.revealed:
        assert st.out[o] or st.phase is Phase.OVER
    pickle.dumps(v)
    return v


@pytest.mark.slow
def test_view_holds_no_secret_of_another_seat():
    rng = random.Random(7)
    checked = 0
    for g in range(20):
        n = 2 + g % 5
        st = new_game({}, n)
        while not st.is_over():
            for seat in list(range(n)) + [None]:
                if rng.random() < 0.15:
                    assert_view_is_clean(st, seat)
                    checked += 1
            st.apply(random_move(st, rng))
        for seat in range(n):
            assert_view_is_clean(st, seat)
    assert checked > 300


def _stash(v, x):
    """Hide ``x`` in a doctored view (an extra attribute, as a careless change might add)."""
    v.__dict__["extra"] = x


# Each doctored view leaks one kind of secret of seat 1 into seat 0's view, at
# a point where seat 1 has moved, deployed and is deciding again.  The leak
# check must catch every one (proof that it can fail).
LEAKS = {
    "private entry shared": lambda st, v: _stash(v, st.private[1][-1]),
    "private entry copied": lambda st, v: _stash(v, dataclasses.replace(st.private[1][-2])),
    "private log in events": lambda st, v: v.events.append(dataclasses.replace(st.private[1][-2])),
    "platoons copied": lambda st, v: _stash(v, dict(st.platoons[1])),
    "platoon values only": lambda st, v: _stash(v, [val for _, val in st.platoons[1].values()]),
    "reserves copied": lambda st, v: _stash(v, list(st.reserves[1])),
    "grid revealed early": lambda st, v: v.revealed.__setitem__(
        1, {SPACES[sp]: (d, val) for d, (sp, val) in st.platoons[1].items()}),
    "hit die in pending": lambda st, v: setattr(v, "pending", dataclasses.replace(v.pending, die=st.queue[0].die)),
}


def _leak_point():
    st = make([S0, S1, S2])
    st.apply(st.parse_move("fire d6 B3"))          # seat 1's d12 survives (6), seat 2's d4 is defeated
    st.apply(st.parse_move("cover d12 C4"))        # seat 1 moves: private "moved ... to C4"
    st.apply(st.parse_move("deploy d10 A1"))
    st.apply(st.parse_move("fire d% C1"))          # seat 1 at C1: seat 2's d6 is defeated
    st.apply(st.parse_move("deploy d20 C1"))
    st.apply(st.parse_move("fire d12 B1"))         # seat 2 at B1: seat 1's d10 is defeated
    st.apply(st.parse_move("deploy d8 A4"))        # private "deployed d8 A4"
    st.apply(st.parse_move("fire d4 A4"))          # seat 0 at A4: seat 1's d8 survives with 4
    assert st.current_player() == 1 and isinstance(st.pending(), CoverDecision) and len(st.queue) == 1
    assert [e.kind for e in st.private[1][-2:]] == ["deployed", "damaged"]
    return st


def test_leak_check_passes_on_the_honest_view():
    st = _leak_point()
    for seat in (0, 1, 2, None):
        assert_view_is_clean(st, seat)


@pytest.mark.parametrize("leak", sorted(LEAKS))
def test_leak_check_can_fail(leak, monkeypatch):
    st = _leak_point()
    honest = CorpsView._from_state

    def leaky(state, seat):
        v = honest(state, seat)
        if seat == 0:
            LEAKS[leak](state, v)
        return v

    monkeypatch.setattr(CorpsView, "_from_state", classmethod(lambda cls, s, seat: leaky(s, seat)))
    with pytest.raises(AssertionError, match="leak"):
        assert_no_leak(st, 0)
    assert_no_leak(st, 2)           # the other seats' views are still honest


# -- no shared mutable objects -------------------------------------------------
@pytest.mark.slow
def test_view_shares_no_mutable_object_with_the_state():
    """Everything reachable from a view is either the view's own or immutable, so
    editing a view (an AI's scratch work, a script) can never change the game."""
    rng = random.Random(11)
    points = 0
    for g in range(10):
        n = 2 + g % 5
        st = new_game({}, n)
        while True:
            if st.is_over() or rng.random() < 0.2:
                state_mut = mutable_ids(st)
                for seat in list(range(n)) + [None]:
                    shared = [o for i, o in walk(st.view(seat), atoms=False).items() if i in state_mut]
                    assert not shared, f"view of seat {seat} shares {shared[:3]} with the state"
                points += 1
            if st.is_over():
                break
            st.apply(random_move(st, rng))
    assert points > 100


def _dump(st):
    return (json.dumps([e.to_dict() for e in st.events]), json.dumps([[e.to_dict() for e in p] for p in st.private]),
            st.snapshot())


def test_editing_a_view_cannot_change_the_state():
    """The reviewer's script: flip a Hit answer through ``view.events``."""
    st = make([S0, S1])
    st.apply(st.parse_move("fire d8 B4"))          # seat 1 answers Hit
    before = _dump(st)
    v = st.view(0)
    ans = next(e for e in v.events if isinstance(e, AnswerEvent))
    assert ans.hit is True
    for edit in (lambda: setattr(ans, "hit", False), lambda: delattr(ans, "hit"),
                 lambda: setattr(ans, "extra", 1), lambda: ans.__setattr__("space", "A1")):
        with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
            edit()
    v1 = st.view(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v1.my_private[-1].to_value = 20
    with pytest.raises(dataclasses.FrozenInstanceError):
        v1.pending.seat = 0
    # a revealed grid stays read-only too
    st2 = make([S0, S1])
    while not st2.is_over():
        st2.apply(random_move(st2, random.Random(len(st2.events))))
    grid = st2.view(0).revealed[1]
    with pytest.raises(TypeError):
        grid["A1"] = ("d4", 4)
    # what the view owns it may change freely, without touching the state
    v.events.clear()
    v1.my_private.append("bogus")
    v1.my_platoons["d20"] = ("A1", 1)
    v1.pending = FireDecision(seat=1)
    assert _dump(st) == before


def test_logged_events_stay_json_pickle_and_copy_friendly():
    """Freezing the log must not cost the things saves, the AI runner and tests use."""
    import copy
    st = make([S0, S1])
    st.apply(st.parse_move("fire d8 B4"))
    v = st.view(0)
    ev = v.events[-2]
    assert isinstance(ev, AnswerEvent) and dataclasses.is_dataclass(ev)
    assert pickle.loads(pickle.dumps(v)).events == v.events
    assert copy.deepcopy(v).events == v.events
    assert copy.deepcopy(ev) is ev                     # frozen: copies share it
    assert json.loads(json.dumps([e.to_dict() for e in v.events])) == [e.to_dict() for e in v.events]
    assert ev.to_dict() == {"kind": "answer", "turn": 1, "seat": 1, "space": "B4", "hit": True}
    plain = dataclasses.replace(ev, hit=False)     # an explicit changed copy is a new value
    assert ev != plain


# -- views of different hidden states --------------------------------------------
def build(setup1, cover1, deploy1):
    """A fixed public history; seat 1's hidden choices are the parameters."""
    st = make([S0, setup1])
    st.apply(st.parse_move("fire d6 B3"))          # both setups have a platoon of at least 7 on B3
    st.apply(st.parse_move(cover1))              # stay or move: both read "ran for cover"
    st.apply(st.parse_move("fire d20 C1"))         # seat 1 fires its d20 (20 in both)
    st.apply(st.parse_move("fire d20 A1"))         # seat 0 at A1: both setups answer Miss ...
    st.apply(st.parse_move("fire d12 C3"))         # seat 1 fires a 12 (the d12 in both)
    st.apply(st.parse_move("fire d20 B1"))         # power 10 at B1: both setups lose a 10 there
    st.apply(st.parse_move(deploy1))             # different reserve, different space
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
    st.apply(st.parse_move("fire d6 B3"))          # seat 1's d12 survives, seat 2's d4 is defeated
    assert st.current_player() == 1
    own, other, spectator = st.view(1), st.view(0), st.view(None)
    assert own.pending.die == "d12" and own.pending.options
    for v in (other, spectator):
        assert v.pending == CoverDecision(seat=1, shooter=0, space="B3", damage=6)
        assert v.pending.die is None and v.pending.options == ()
        assert v.legal_moves() == [] and not v.is_my_decision()
    st.apply(st.parse_move("stay d12"))
    own2 = st.view(2)
    assert isinstance(own2.pending, DeployDecision) and own2.pending.reserves == ("d10", "d%", "d20")
    assert st.view(1).pending == DeployDecision(seat=2, shooter=0)


@pytest.mark.slow
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
            check_invariants(st)


def test_view_helpers_for_the_table():
    st = make([S0, S1])
    v = st.view(0)
    assert v.my_grid == {"A1": ("d4", 4), "A2": ("d6", 6), "A3": ("d8", 8), "A4": ("d20", 20)}
    assert v.opponents() == [1] and v.live_seats() == [0, 1]
    assert v.pending == FireDecision(seat=0) and v.is_my_decision()
    assert v.platoon_counts == (4, 4) and v.reserve_counts == (3, 3) and v.defeated == ((), ())
    assert all(1 <= val <= DIE_SIZES[d] for d, (sp, val) in v.my_platoons.items())
    assert SPACE_INDEX["A4"] == 3 and len(DICE) == 7
