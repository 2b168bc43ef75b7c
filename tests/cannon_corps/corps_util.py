"""Helpers shared by the Cannon Corps tests (not a test module)."""
from __future__ import annotations

import random

from games.cannon_corps.rules import (
    DIE_SIZES, SPACE_INDEX, SPACES, CorpsState, Decision, DefeatCause, DefeatedEvent, DeployEvent, EliminatedEvent,
    EndReason, Event, Move, Note, Phase, Queued, ReadOnlyDict, Shot, WinnerEvent, new_game)
from games.core.game import CHANCE

# four handy setups (seat 0, 1, 2, 3)
S0 = {"d4": "A1", "d6": "A2", "d8": "A3", "d20": "A4"}
S1 = {"d10": "B1", "d%": "B2", "d12": "B3", "d20": "B4"}
S2 = {"d4": "B3", "d6": "C1", "d8": "C2", "d12": "C3"}
S3 = {"d10": "B3", "d%": "C4", "d12": "A1", "d20": "C2"}


def make(setups, start: int = 0) -> CorpsState:
    """A game with the given setups, already past the start draw."""
    st = new_game({}, len(setups))
    for pl in setups:
        st.apply(Move.setup(pl))
    st.apply(Move("start", seat=start))
    return st


def poke(st: CorpsState, seat: int, die: str, value: int | None = None, space: str | None = None):
    """Test-only: change a platoon's value and/or space directly."""
    sp, v = st.platoons[seat][die]
    st.platoons[seat][die] = (SPACE_INDEX[space] if space else sp, v if value is None else value)


def pre_defeat(st: CorpsState, seat: int, dice) -> None:
    """Test-only: pretend ``dice`` (reserves) were already deployed and defeated
    earlier.  The public log records it too (a defeat, then a deployment), so
    the state still agrees with its own log and :func:`check_invariants` holds."""
    for d in dice:
        st.reserves[seat].remove(d)
        st.defeated[seat].append(d)
        st.events.append(DefeatedEvent(turn=st.turn, seat=seat, die=d, space=None, cause=DefeatCause.SHOT))
        st.events.append(DeployEvent(turn=st.turn, seat=seat))


def _check_dice(st: CorpsState, s: int) -> None:
    """Seat ``s``'s seven dice: split between grid, Reserves and defeated row, in range, one per space."""
    plats, res, d = st.platoons[s], st.reserves[s], st.defeated[s]
    assert sorted(list(plats) + list(res) + list(d)) == sorted(DIE_SIZES), (s, plats, res, d)
    spaces = [sp for sp, _ in plats.values()]
    assert len(spaces) == len(set(spaces)), f"two platoons on one space: seat {s}"
    for die, (sp, v) in plats.items():
        assert 0 <= sp < 12, (s, die, sp)
        assert 1 <= v <= DIE_SIZES[die], (s, die, v)
    assert 0 <= len(d) <= 4, (s, d)
    # four defeated means out, except for the shooter whose final salvo took
    # everyone down: that seat wins with four defeated
    salvo_winner = st.phase is Phase.OVER and st.win_reason is EndReason.SALVO and s == st.winner()
    assert st.out[s] == (len(d) == 4 and not salvo_winner), (s, st.out[s], d)


def check_invariants(st: CorpsState) -> None:
    """The invariants of the source rules, checked in EVERY phase (setup and the
    first-shooter draw included: a bug there would otherwise go unnoticed).

    * the seven dice of a seat are always split between grid, Reserves and the
      defeated row (reserves + platoons + defeated = 7, each die once);
    * every value is within its die's range 1..max; no two platoons on a space;
    * 0..4 defeated; a seat is out exactly when it has four;
    * during setup only the seats that have set up have platoons; after setup
      every live seat has four platoons ("Each player will always have four
      Platoons on their board"), minus one only while its deployment is pending;
    * at the end exactly one winner, everyone else out, and every grid revealed.
    """
    n = st.num_players
    for s in range(n):
        _check_dice(st, s)

    if st.phase is Phase.SETUP:
        # seats before setup_seat have hidden exactly four dice at full value;
        # the others have not touched their dice yet
        assert 0 <= st.setup_seat < n
        for s in range(n):
            if s < st.setup_seat:
                assert len(st.platoons[s]) == 4 and len(st.reserves[s]) == 3, s
                assert all(v == DIE_SIZES[die] for die, (_, v) in st.platoons[s].items()), s
            else:
                assert st.platoons[s] == {} and sorted(st.reserves[s]) == sorted(DIE_SIZES), s
            assert st.defeated[s] == [] and not st.out[s]
        assert st.turn == 0 and st.queue == [] and st.shot is None
        return
    if st.phase is Phase.START:
        for s in range(n):
            assert len(st.platoons[s]) == 4 and st.defeated[s] == [] and not st.out[s], s
            assert all(v == DIE_SIZES[die] for die, (_, v) in st.platoons[s].items()), s
        assert st.turn == 0 and st.queue == [] and st.shot is None
        return

    pending_deploy = [q.seat for q in st.queue if q.kind == "deploy"]
    assert len(pending_deploy) == len(set(pending_deploy)), st.queue   # one decision per seat
    for seat, kind, die, at in st.queue:
        assert kind in ("cover", "deploy") and not st.out[seat], st.queue
        if kind == "cover":                     # the hit die stands where it was hit
            assert st.platoons[seat][die][0] == at, (seat, die, at)
    for s in range(n):
        if st.out[s]:
            # out: no Reserve left, the three survivors stay on the grid, shown
            assert st.reserves[s] == [] and len(st.platoons[s]) == 3, s
            assert st.revealed[s] == st.grid(s), s
        elif st.phase is not Phase.OVER:
            expect = 3 if s in pending_deploy else 4
            assert len(st.platoons[s]) == expect, (s, st.platoons[s], st.queue)
        else:
            # the winner's own pending deployment is skipped when a shot ends the game
            assert len(st.platoons[s]) in (3, 4), s
    if st.phase in (Phase.FIRE, Phase.DECIDE):
        live = st.live_seats()
        assert len(live) >= 2 and st.winner() is None
        assert not st.out[st.shooter]
    if st.phase is Phase.OVER:
        w = st.winner()
        assert w is not None and isinstance(st.win_reason, EndReason)
        assert [e.seat for e in st.events if isinstance(e, WinnerEvent)] == [w]
        assert st.live_seats() == [w]
        assert len(st.defeated[w]) == (4 if st.win_reason is EndReason.SALVO else len(st.defeated[w]))
        assert len(st.defeated[w]) <= 3 or st.win_reason is EndReason.SALVO
        assert set(st.revealed) == set(range(n))
        assert st.queue == []

    # The public log agrees with the state: the defeated rows, who is out and
    # how many Reserves were deployed can all be read off the events.
    for s in range(n):
        evs = [e for e in st.events if e.seat == s]
        assert [e.die for e in evs if isinstance(e, DefeatedEvent)] == st.defeated[s], s
        assert sum(isinstance(e, EliminatedEvent) for e in evs) == int(st.out[s]), s
        assert 3 - sum(isinstance(e, DeployEvent) for e in evs) == len(st.reserves[s]), s


_ATOMS = frozenset({str, bytes, int, float, complex, bool, type(None)})


def walk(obj, seen: dict | None = None, atoms: bool = True) -> dict:
    """Every object reachable from ``obj`` (itself included), by id: through
    instance ``__dict__`` and ``__slots__``, dict keys and values, and the items
    of lists, tuples, sets and frozensets.  Iterative, so long logs are fine.
    ``atoms=False`` leaves out plain str/int/float/bool/None (interned and
    shared by everyone, never worth reporting; subclasses are still kept)."""
    seen = {} if seen is None else seen
    stack = [obj]
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        t = type(o)
        if t in _ATOMS:
            if atoms:
                seen[id(o)] = o
            continue
        seen[id(o)] = o
        if isinstance(o, (str, bytes, int, float, complex)):
            continue
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        else:
            if hasattr(o, "__dict__"):
                stack.append(vars(o))
            for cls in t.__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(o, name):
                        stack.append(getattr(o, name))
    return seen


#: types whose instances cannot be changed in place (containers among them may
#: still hold mutable objects, but :func:`walk` visits those separately).
#: ReadOnlyDict is the rules' frozen dict for logged grids; events, private
#: notes, pending decisions, queue entries and the shot are frozen values.
IMMUTABLE = (str, bytes, int, float, complex, bool, type(None), tuple, frozenset, range,
             Move, ReadOnlyDict, Event, Note, Decision, Queued, Shot)


def mutable_ids(obj) -> dict:
    """id -> object for every mutable object reachable from ``obj``."""
    return {i: o for i, o in walk(obj, atoms=False).items() if not isinstance(o, IMMUTABLE)}


def random_move(st: CorpsState, rng: random.Random):
    if st.current_player() == CHANCE:
        outs = st.chance_outcomes()
        assert abs(sum(p for _, p in outs) - 1.0) < 1e-9
        return rng.choice(outs)[0]
    moves = st.legal_moves()
    return moves[rng.randrange(len(moves))]


__all__ = ["S0", "S1", "S2", "S3", "make", "poke", "pre_defeat", "check_invariants", "random_move",
           "walk", "mutable_ids", "IMMUTABLE", "SPACES", "SPACE_INDEX", "Move"]
