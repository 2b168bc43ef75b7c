"""The conformance suite: what every registered game owes the rules contract
(``games/core/game.py``), checked the same way for each game in ``games.BY_ID`` and each
seat count it offers, and shown able to fail.

Each check is a function that returns the problems it finds (empty when all is well), so
one checker serves both sides: the real games must give none, and each deliberately
broken toy at the bottom must give some. A checker that could not fail would pass
everything; the toys are what prove these can't.

- **play-outs**: seeded random play, ``games.core.invariants`` after every move (the
  position, the move about to be played, and the events it made);
- **copies**: playing on a copy leaves the original's snapshot as it was, and the other
  way round; no list, dict or set is shared between the two;
- **notation**: every legal move and chance outcome reads back from its text as itself
  (sampled where there are thousands, as in a Cannon Corps set-up);
- **saves**: a Match saved mid-game loads with the same snapshot and the same log;
- **views**: two positions that differ only in one seat's secret (two choices with the
  same public text and the same public view afterwards, so the table cannot tell them
  apart, that the chooser's own view tells apart) give every other seat an equal view,
  and the same events (``events_of``: every board animates from them, whoever watches);
  a hidden-information game must offer such choices at all, or its public view leaks;
- **illegal moves**: a move legal elsewhere but not here raises ``NotLegalHere`` and
  changes nothing, and every listed legal move is legal by ``why_illegal``.

The quick part samples one play-out per game and seat count; more seeds, whole games and
every rule option are marked slow. The failure branches of ``games.core.invariants`` are
each tried at the end on a toy built to hit exactly that branch.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import json
import random
from collections import defaultdict
from typing import Any, Callable

import pytest

import games
from games.core import saves
from games.core.events import ChanceEvent, Event
from games.core.game import CHANCE, TERMINAL, BadNotation, GameState, NotLegalHere
from games.core.invariants import event_problems, move_problems, state_problems
from games.core.match import HUMAN, SEED_ONLY, Match, Seat
from games.core.registry import GameInfo

CASES = [(info.id, n) for info in games.GAMES for n in info.seat_counts()]
CASE_IDS = [f"{gid}-{n}" for gid, n in CASES]
HIDDEN_CASES = [(gid, n) for gid, n in CASES if games.get(gid).hidden_information]


# -- playing ---------------------------------------------------------------------------------

def options_now(st) -> Any:
    """What may be played now: the chance outcomes at CHANCE, else the legal moves
    (a Sequence: Corps' set-ups are not built as a list)."""
    if st.current_player() == CHANCE:
        return [m for m, _ in st.chance_outcomes()]
    return st.legal_moves()


def random_move(st, rng: random.Random):
    """A random legal move, or a chance outcome drawn by its probability."""
    if st.current_player() == CHANCE:
        outcomes = st.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
    legal = st.legal_moves()
    return legal[rng.randrange(len(legal))]


def accepted_move(st, rng: random.Random):
    """A random move the state accepts: a check that plays on (a copy, the positions it
    looks at) goes on past a game that refuses a listed move, which another check reports."""
    move = random_move(st, rng)
    return move if st.is_legal(move) else next(m for m in options_now(st) if st.is_legal(m))


def sample(seq, rng: random.Random, k: int) -> list:
    """Up to ``k`` items of a Sequence, all of them when there are no more."""
    if len(seq) <= k:
        return list(seq)
    return [seq[i] for i in rng.sample(range(len(seq)), k)]


def after(st, move):
    c = st.copy()
    c.apply(move)
    return c


def snap(st) -> str:
    return json.dumps(st.snapshot(), sort_keys=True)


def same(x, y, depth: int = 0) -> bool:
    """Whether ``x`` and ``y`` hold the same content, all the way down (instance
    attributes and slots included), so two views compare by what they hold whatever
    their class: a Corps view is its own class, an Artillery view a state with the
    secrets masked. An object both share is equal to itself without a look inside (an
    Artillery table's geometry is large and shared by every copy)."""
    if x is y:
        return True
    if type(x) is not type(y):
        return False
    if depth > 60:
        raise RecursionError("a view nested deeper than any game's")
    d = depth + 1
    if x is None or isinstance(x, (bool, int, float, str, bytes, enum.Enum, set, frozenset)):
        return bool(x == y)
    if isinstance(x, dict):
        return x.keys() == y.keys() and all(same(x[k], y[k], d) for k in x)
    if isinstance(x, (list, tuple)):
        return len(x) == len(y) and all(same(a, b, d) for a, b in zip(x, y))
    fx, fy = _fields(x), _fields(y)
    if not fx and not fy:
        return bool(x == y)
    return fx.keys() == fy.keys() and all(same(fx[k], fy[k], d) for k in fx)


def _fields(obj) -> dict[str, Any]:
    out: dict[str, Any] = dict(vars(obj)) if hasattr(obj, "__dict__") else {}
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                out[name] = getattr(obj, name)
    return out


# -- the checks ------------------------------------------------------------------------------

def playout_problems(new_state: Callable[[], Any], n: int, hidden: bool, seed: int, plies: int) -> list[str]:
    """Seeded random play: the invariants of every position and of every move played."""
    st = new_state()
    rng = random.Random(seed)
    for ply in range(plies + 1):
        problems = state_problems(st, n, hidden)
        if problems or st.is_over() or ply == plies:
            return [f"seed {seed} ply {ply}: {p}" for p in problems]
        move = random_move(st, rng)
        problems = move_problems(st, move)
        if problems:
            return [f"seed {seed} ply {ply}: {p}" for p in problems]
        before = st.copy()
        try:
            st.apply(move)
        except NotLegalHere as exc:
            return [f"seed {seed} ply {ply}: the listed move {move} is refused: {exc}"]
        problems = event_problems(before, move, st)
        if problems:
            return [f"seed {seed} ply {ply}: {p}" for p in problems]
    return []


def copy_problems(positions: list, rng: random.Random, depth: int = 6) -> list[str]:
    """Playing on a copy leaves the original as it was, and the other way round."""
    out: list[str] = []
    for st in positions:
        before = snap(st)
        c = st.copy()
        if snap(c) != before:
            out.append(f"ply {st.ply()}: a fresh copy's snapshot differs from the original's")
        # A private cache (Cannon Ball's ``_legal``) may be shared: it is replaced, never
        # changed in place, and playing on either side below would show it if it were.
        shared = sorted(k for k, v in getattr(st, "__dict__", {}).items()
                        if isinstance(v, (list, dict, set, bytearray)) and not k.startswith("_")
                        and getattr(c, "__dict__", {}).get(k) is v)
        if shared:
            out.append(f"ply {st.ply()}: the copy shares {', '.join(shared)} with the original")
        for _ in range(depth):
            if c.is_over():
                break
            c.apply(accepted_move(c, rng))
        if snap(st) != before:
            out.append(f"ply {st.ply()}: playing on a copy changed the original")
        original, kept = st.copy(), st.copy()
        for _ in range(depth):
            if original.is_over():
                break
            original.apply(accepted_move(original, rng))
        if snap(kept) != before:
            out.append(f"ply {st.ply()}: playing on the original changed a copy")
    return out


def notation_problems(positions: list, rng: random.Random, cap: int = 200) -> list[str]:
    """Every move's text reads back as that move (``games.core.invariants.move_problems``)."""
    out: list[str] = []
    for st in positions:
        for move in sample(options_now(st), rng, cap):
            out += [f"ply {st.ply()}: {p}" for p in move_problems(st, move)]
    return out


def illegal_problems(positions: list, pool: list, rng: random.Random, cap: int = 60,
                     pool_cap: int = 150) -> tuple[list[str], int]:
    """Moves from elsewhere that are not legal here are refused with NotLegalHere and
    leave the snapshot as it was; a listed move is never refused. Returns the problems
    and how many illegal moves were tried (a check that tried none proved nothing)."""
    out: list[str] = []
    tried = 0
    for st in positions:
        st = st.copy()
        before = snap(st)
        for move in sample(pool, rng, pool_cap):
            if st.why_illegal(move) is None:
                continue
            tried += 1
            try:
                st.apply(move)
                out.append(f"ply {st.ply()}: {move} was played though why_illegal refuses it")
            except NotLegalHere:
                pass
            except Exception as exc:  # noqa: BLE001 - any other error is the problem being looked for
                out.append(f"ply {st.ply()}: {move} raised {type(exc).__name__}, not NotLegalHere: {exc}")
            if snap(st) != before:
                out.append(f"ply {st.ply()}: the refused {move} changed the state")
                break
        for move in sample(options_now(st), rng, cap):
            why = st.why_illegal(move)
            if why is not None:
                out.append(f"ply {st.ply()}: the listed move {move} is refused: {why}")
    return out, tried


def view_problems(positions: list, n: int, rng: random.Random, cap: int = 40) -> tuple[list[str], int]:
    """Two worlds that differ only in one seat's secret give every other seat one view.

    At each position the moves (or chance outcomes) due are grouped by what the table
    sees of them: the public move text and the public view afterwards. Two members of a
    group that the deciding seat's own view tells apart are a secret choice; every other
    seat's view must be the same after either. At CHANCE (a card dealt face down) the one
    seat that sees a difference is the secret's owner. Returns the problems and how many
    such pairs were compared."""
    out: list[str] = []
    pairs = 0
    for st in positions:
        mover = st.current_player()
        if mover == TERMINAL:
            continue
        by_text: dict[str, list] = defaultdict(list)
        for move in sample(options_now(st), rng, cap):
            if not st.is_legal(move):
                continue                          # the refusal is the illegal-move check's to report
            a = after(st, move)
            by_text[st.public_move_text(move)].append((move, a, a.view(None)))
        for text, members in by_text.items():
            alike: list[list] = []                # members the table cannot tell apart, together
            for m in members:
                group = next((g for g in alike if same(g[0][2], m[2])), None)
                if group is None:
                    alike.append([m])
                else:
                    group.append(m)
            for group in alike:
                (m0, a0, _), views0 = group[0], None
                for m1, a1, _ in group[1:3]:
                    if views0 is None:
                        views0 = [a0.view(s) for s in range(n)]
                    differ = [s for s in range(n) if not same(a1.view(s), views0[s])]
                    if mover >= 0 and mover not in differ or not differ:
                        continue          # the same to everyone, the chooser too: no secret here
                    pairs += 1
                    owner = mover if mover >= 0 else differ[0]
                    leaked = [s for s in differ if s != owner]
                    if leaked:
                        out.append(f"ply {st.ply()}: seat {owner}'s secret ({m0} or {m1}, both {text!r} "
                                   f"to the table) shows in the view of seat(s) {leaked}")
                    told = (tuple(st.events_of(m0, a0)), tuple(st.events_of(m1, a1)))
                    if told[0] != told[1]:
                        # every board animates from the events, whoever watches: they are public
                        out.append(f"ply {st.ply()}: seat {owner}'s secret ({m0} or {m1}, both {text!r} "
                                   f"to the table) shows in the move's events: {told[0]} against {told[1]}")
    if not pairs:
        out.append("no secret choice found that the table cannot tell apart: the public view shows every secret")
    return out, pairs


def save_problems(info, n: int, seed: int, plies: int, folder) -> list[str]:
    """A Match saved after ``plies`` random moves loads to the same snapshot and log."""
    match = Match(info, {}, [Seat(HUMAN, name=f"Player {i + 1}") for i in range(n)], seed=seed,
                  ai_secret=1, chance_secret=SEED_ONLY)
    rng = random.Random(seed)
    for _ in range(plies):
        if match.is_over():
            break
        try:
            if match.state.current_player() == CHANCE:
                match.apply_chance()
            else:
                match.play(random_move(match.state, rng))
        except NotLegalHere as exc:
            return [f"a listed move is refused: {exc}"]
    path = str(folder / f"{info.id}-{n}-{seed}.json")
    saves.save_match(match, path)
    try:
        back = saves.load_match(path)
    except saves.SaveError as exc:
        return [f"the save does not load: {exc.log_text()}"]
    out = []
    if back.state.snapshot() != match.state.snapshot():
        out.append("the loaded snapshot differs")
    if [(e.text, e.public, e.player) for e in back.log] != [(e.text, e.public, e.player) for e in match.log]:
        out.append("the loaded log differs")
    if (back.seed, back.options, back.seats, back.ply) != (match.seed, match.options, match.seats, match.ply):
        out.append("the loaded recipe (seed, options, seats, ply) differs")
    return out


# -- positions of the real games ---------------------------------------------------------------

def replayed(new_state: Callable[[], Any], moves: list):
    """A fresh state with ``moves`` played: positions are rebuilt, never copied, since
    copying is one of the things under test."""
    st = new_state()
    for m in moves:
        st.apply(m)
    return st


def sampled_positions(new_state: Callable[[], Any], seed: int, plies: int, every: int) -> tuple[list, list]:
    """(positions of a seeded random play-out, every ``every`` plies and the last one;
    moves and chance outcomes met on the way, one of each text). Only moves the state
    accepts are played, so a game that refuses a listed move still gets positions."""
    st = new_state()
    rng = random.Random(seed)
    played: list = []
    pool: dict[str, Any] = {}
    marks = []
    for ply in range(plies):
        if ply % every == 0:
            marks.append(ply)
        if st.is_over():
            break
        for m in sample(options_now(st), rng, 30):
            pool.setdefault(str(m), m)
        move = accepted_move(st, rng)
        st.apply(move)
        played.append(move)
    if marks[-1] != len(played):
        marks.append(len(played))
    return [replayed(new_state, played[:k]) for k in marks], list(pool.values())


@functools.lru_cache(maxsize=None)
def playout(gid: str, n: int, seed: int, plies: int, every: int) -> tuple[tuple, tuple]:
    """:func:`sampled_positions` of a registered game, cached: several checks look at the
    same positions and none changes one (each plays on copies, or on a copy of its own)."""
    info = games.get(gid)
    positions, pool = sampled_positions(lambda: info.new_state(info.default_options(), n), seed, plies, every)
    return tuple(positions), tuple(pool)


#: the quick sample: one play-out of 120 plies, a position every 10
QUICK = dict(seed=1, plies=120, every=10)


@pytest.mark.parametrize("gid, n", CASES, ids=CASE_IDS)
def test_a_seeded_playout_keeps_every_invariant(gid, n):
    info = games.get(gid)
    assert not playout_problems(lambda: info.new_state(info.default_options(), n), n, info.hidden_information,
                                seed=1, plies=150)


@pytest.mark.slow
@pytest.mark.parametrize("gid, n", CASES, ids=CASE_IDS)
def test_whole_games_keep_every_invariant(gid, n):
    info = games.get(gid)
    for seed in range(2, 6):
        assert not playout_problems(lambda: info.new_state(info.default_options(), n), n, info.hidden_information,
                                    seed=seed, plies=3000)


def _every_option_value():
    for info in games.GAMES:
        for opt in info.options:
            for value, label in opt.choices:
                if value != opt.default:
                    yield pytest.param(info.id, {opt.key: value}, id=f"{info.id}-{opt.key}-{label}")


@pytest.mark.slow
@pytest.mark.parametrize("gid, options", list(_every_option_value()))
def test_every_rule_option_keeps_every_invariant(gid, options):
    info = games.get(gid)
    for seed in (1, 2):
        assert not playout_problems(lambda: info.new_state(options, info.default_seats), info.default_seats,
                                    info.hidden_information, seed=seed, plies=3000)


@pytest.mark.parametrize("gid, n", CASES, ids=CASE_IDS)
def test_a_copy_is_independent_of_its_original(gid, n):
    positions, _ = playout(gid, n, **QUICK)
    assert not copy_problems(list(positions), random.Random(2))


@pytest.mark.parametrize("gid, n", CASES, ids=CASE_IDS)
def test_every_move_reads_back_from_its_text(gid, n):
    positions, _ = playout(gid, n, **QUICK)
    assert not notation_problems(list(positions), random.Random(3))


@pytest.mark.parametrize("gid, n", CASES, ids=CASE_IDS)
def test_illegal_moves_are_refused_and_change_nothing(gid, n):
    positions, pool = playout(gid, n, **QUICK)
    problems, tried = illegal_problems(list(positions), list(pool), random.Random(4))
    assert not problems
    assert tried >= len(positions), f"only {tried} illegal moves were tried"


@pytest.mark.parametrize("gid, n", HIDDEN_CASES, ids=[f"{g}-{n}" for g, n in HIDDEN_CASES])
def test_views_hide_each_seats_secrets_from_the_others(gid, n):
    # every third ply: a two-seat Corps game is over in some 30 plies
    positions, _ = playout(gid, n, seed=1, plies=120, every=3)
    problems, pairs = view_problems(list(positions), n, random.Random(5))
    assert not problems
    assert pairs >= 3, f"only {pairs} secret choices compared"


@pytest.mark.slow
@pytest.mark.parametrize("gid, n", CASES, ids=CASE_IDS)
def test_copies_notation_views_and_refusals_over_longer_games(gid, n):
    info = games.get(gid)
    for seed in (7, 8):
        positions, pool = playout(gid, n, seed=seed, plies=600, every=15)
        rng = random.Random(seed)
        assert not copy_problems(list(positions), rng)
        assert not notation_problems(list(positions), rng, cap=500)
        assert not illegal_problems(list(positions), list(pool), rng)[0]
        if info.hidden_information:
            assert not view_problems(list(positions), n, rng, cap=80)[0]


@pytest.mark.parametrize("gid, n", CASES, ids=CASE_IDS)
def test_a_save_mid_game_loads_to_the_same_match(gid, n, tmp_path):
    assert not save_problems(games.get(gid), n, seed=3, plies=12, folder=tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("gid, n", CASES, ids=CASE_IDS)
def test_saves_at_many_points_of_a_game_load_to_the_same_match(gid, n, tmp_path):
    for seed, plies in ((4, 1), (5, 90), (6, 250), (7, 5000)):
        assert not save_problems(games.get(gid), n, seed=seed, plies=plies, folder=tmp_path)


# -- the toy: a small hidden-information game with chance, sound ------------------------------

@dataclasses.dataclass(frozen=True)
class Pick:
    k: int

    def __str__(self) -> str:
        return f"pick{self.k}"


@dataclasses.dataclass(frozen=True)
class Roll:
    v: int

    def __str__(self) -> str:
        return f"roll{self.v}"


@dataclasses.dataclass(frozen=True)
class Picked(Event):
    seat: int


@dataclasses.dataclass(frozen=True)
class Thrown(ChanceEvent):
    v: int


@dataclasses.dataclass(frozen=True)
class Advanced(Event):
    seat: int
    by: int


class Race(GameState):
    """Seats take turns: a seat picks 1-3 in secret, then a die of 1-3 is thrown; the
    seat moves on by the throw, and one step more when it picked the number thrown.
    First to TARGET wins (returns 1, the others -1)."""

    TARGET = 6

    def __init__(self, n: int):
        self.num_players = n
        self.scores = [0] * n
        self.picks: list = [None] * n
        self.to_move = 0
        self.moves = 0

    def current_player(self) -> int:
        if max(self.scores) >= self.TARGET:
            return TERMINAL
        return CHANCE if self.picks[self.to_move] is not None else self.to_move

    def legal_moves(self) -> list:
        return [Pick(k) for k in (1, 2, 3)] if self.current_player() >= 0 else []

    def chance_outcomes(self) -> list:
        return [(Roll(v), 1 / 3) for v in (1, 2, 3)] if self.current_player() == CHANCE else []

    def chance_actor(self) -> int | None:
        return self.to_move if self.current_player() == CHANCE else None

    def _apply(self, move) -> None:
        p = self.to_move
        if isinstance(move, Pick):
            self.picks[p] = move.k
        else:
            self.scores[p] += move.v + (1 if self.picks[p] == move.v else 0)
            self.picks[p] = None
            self.to_move = (p + 1) % self.num_players
        self.moves += 1

    def parse_move(self, text: str):
        text = text.strip()
        for kind, cls in (("pick", Pick), ("roll", Roll)):
            if text.startswith(kind) and text[len(kind):].isdigit():
                return self.parse_legal(text, cls(int(text[len(kind):])))
        raise BadNotation(f"{text!r} is not a move")

    def returns(self) -> list[float]:
        if not self.is_over():
            return [0.0] * self.num_players
        best = max(self.scores)
        return [1.0 if s == best else -1.0 for s in self.scores]

    def public_move_text(self, move, names=None) -> str:
        return "picks a number" if isinstance(move, Pick) else str(move)

    def events_of(self, move, after) -> tuple:
        p = self.to_move
        if isinstance(move, Pick):
            return (Picked(p),)
        return Thrown(move.v), Advanced(p, after.scores[p] - self.scores[p])

    def reveals(self, move) -> bool:
        return isinstance(move, Roll)

    def view(self, player):
        v = self.copy()
        v.picks = [k if s == player or k is None else "?" for s, k in enumerate(self.picks)]
        return v

    def copy(self):
        c = type(self).__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.scores = list(self.scores)
        c.picks = list(self.picks)
        return c

    def snapshot(self) -> dict:
        return {"scores": list(self.scores), "picks": list(self.picks), "to_move": self.to_move,
                "moves": self.moves}

    def ply(self) -> int:
        return self.moves


@dataclasses.dataclass(frozen=True)
class ToyInfo(GameInfo):
    """A GameInfo whose states come from a class here, not from a module path, so a
    toy can be saved and loaded through the real Match and saves."""
    cls: Any = None

    def new_state(self, options, n_seats):
        return self.cls(n_seats)


def toy_info(cls) -> ToyInfo:
    return ToyInfo(id=f"toy_{cls.__name__.lower()}", title=cls.__name__, credit="test", pitch="test",
                   min_seats=2, max_seats=4, default_seats=2, seat_names=lambda n: [f"S{i}" for i in range(n)],
                   options=(), hidden_information=True, rules_module="", ai_module="", rules_text="", cls=cls)


def toy_positions(cls, n: int = 2, seed: int = 1) -> tuple[list, list]:
    """Every position of a seeded play-out of the toy, and the moves met."""
    return sampled_positions(lambda: cls(n), seed, plies=200, every=1)


def every_check(cls, tmp_path, monkeypatch, n: int = 2) -> dict[str, list[str]]:
    """Each check's problems with the toy ``cls`` (played by ``n`` seats)."""
    info = toy_info(cls)
    monkeypatch.setitem(games.BY_ID, info.id, info)        # saves load a game by its id
    rng = random.Random(9)

    def fresh() -> list:
        # each check its own positions: a broken copy must not spoil the next check's
        return toy_positions(cls, n)[0]
    out = {"playout": [p for seed in range(3)
                       for p in playout_problems(lambda: cls(n), n, True, seed=seed, plies=300)],
           "copy": copy_problems(fresh(), rng),
           "notation": notation_problems(fresh(), rng),
           "illegal": illegal_problems(fresh(), toy_positions(cls, n)[1], rng)[0],
           "view": view_problems(fresh(), n, rng)[0],
           "save": save_problems(info, n, seed=2, plies=9, folder=tmp_path)}
    return out


@pytest.mark.parametrize("n", [2, 3])
def test_the_sound_toy_passes_every_check(n, tmp_path, monkeypatch):
    """What makes each broken toy fail is its one break, not the toy."""
    assert every_check(Race, tmp_path, monkeypatch, n) == {k: [] for k in
                                                           ("playout", "copy", "notation", "illegal", "view", "save")}
    _, tried = illegal_problems(*toy_positions(Race, n), random.Random(1))
    assert tried > 10


# -- broken toys: each breaks one promise, and the matching check must say so ---------------------

class SharesAList(Race):
    """copy() hands the copy the original's score list."""

    def copy(self):
        c = super().copy()
        c.scores = self.scores
        return c


class Unreadable(Race):
    """A pick's text is not one parse_move reads."""

    def legal_moves(self) -> list:
        return [Shouted(k) for k in (1, 2, 3)] if self.current_player() >= 0 else []


@dataclasses.dataclass(frozen=True)
class Shouted(Pick):
    def __str__(self) -> str:
        return f"PICK #{self.k}"


class Misread(Race):
    """'pick3' reads back as a pick of 2."""

    def parse_move(self, text: str):
        move = super().parse_move(text)
        return Pick(2) if move == Pick(3) else move


class Leaky(Race):
    """A seat's view shows the others' secret picks (the public view hides them)."""

    def view(self, player):
        return super().view(None) if player is None else self.copy()


class LeakyToAll(Race):
    """Even the public view shows every secret pick."""

    def view(self, player):
        return self.copy()


class TouchesFirst(Race):
    """Its legality check counts each move it refuses (a game can no longer
    override the final apply: see the test below), so a refused move leaves a mark."""

    def __init__(self, n: int):
        super().__init__(n)
        self.handled = 0

    def why_illegal(self, move):
        why = super().why_illegal(move)
        if why is not None:
            self.handled += 1            # the refusal itself leaves a mark
        return why

    def snapshot(self) -> dict:
        return dict(super().snapshot(), handled=self.handled)


class RefusesThree(Race):
    """why_illegal refuses a pick of 3 that legal_moves lists."""

    def why_illegal(self, move):
        return "three is unlucky" if move == Pick(3) else super().why_illegal(move)


class EarlyReturns(Race):
    """returns() gives the running scores while the game goes on."""

    def returns(self) -> list[float]:
        return super().returns() if self.is_over() else [float(s) for s in self.scores]


class Forgets(Race):
    """snapshot() holds a table number from a counter, which a replay does not reach."""

    tables = 0

    def __init__(self, n: int):
        super().__init__(n)
        Forgets.tables += 1
        self.table = Forgets.tables

    def snapshot(self) -> dict:
        return dict(super().snapshot(), table=self.table)


class Lopsided(Race):
    """The die's chances add up to 0.9."""

    def chance_outcomes(self) -> list:
        return [(m, p * 0.9) for m, p in super().chance_outcomes()]


class TellsThePick(Race):
    """Its events tell the table which number a seat picked in secret."""

    def events_of(self, move, after) -> tuple:
        return (Chosen(self.to_move, move.k),) if isinstance(move, Pick) else super().events_of(move, after)


@dataclasses.dataclass(frozen=True)
class Chosen(Event):
    seat: int
    k: int


@dataclasses.dataclass
class Loose(Event):
    """An event that can be changed after it is made (not frozen)."""
    seat: int


class LooseEvents(Race):
    def events_of(self, move, after) -> tuple:
        return (Loose(self.to_move),)


class DiceOnAPick(Race):
    """A pick (a player's move) told as a die thrown."""

    def events_of(self, move, after) -> tuple:
        return (Thrown(move.k),) if isinstance(move, Pick) else super().events_of(move, after)


class CountsItsTellings(Race):
    """Asking for a move's events leaves a mark on the position."""

    def __init__(self, n: int):
        super().__init__(n)
        self.told = 0

    def events_of(self, move, after) -> tuple:
        self.told += 1
        return super().events_of(move, after)

    def snapshot(self) -> dict:
        return dict(super().snapshot(), told=self.told)


BROKEN = [
    (SharesAList, "copy", "shares scores"),
    (SharesAList, "copy", "playing on a copy changed the original"),
    (Unreadable, "notation", "does not parse back"),
    (Unreadable, "playout", "does not parse back"),
    (Misread, "notation", "parses back as"),
    (Leaky, "view", "shows in the view of seat(s) [1]"),
    (LeakyToAll, "view", "the public view shows every secret"),
    (TouchesFirst, "illegal", "changed the state"),
    (RefusesThree, "illegal", "the listed move pick3 is refused"),
    (RefusesThree, "playout", "three is unlucky"),
    (EarlyReturns, "playout", "while the game goes on"),
    (Forgets, "save", "the save does not load"),
    (Lopsided, "playout", "chance probabilities sum to"),
    (TellsThePick, "view", "shows in the move's events"),
    (LooseEvents, "playout", "Loose is not a frozen dataclass"),
    (DiceOnAPick, "playout", "tells a chance outcome, but pick"),
    (CountsItsTellings, "playout", "asking for its events changed the position"),
]


@pytest.mark.parametrize("cls, check, says", BROKEN, ids=[f"{c.__name__}-{k}" for c, k, _ in BROKEN])
def test_a_broken_toy_fails_its_check(cls, check, says, tmp_path, monkeypatch):
    found = every_check(cls, tmp_path, monkeypatch)
    assert any(says in p for p in found[check]), found[check]


#: every check each broken toy fails: its own, and where a break must show elsewhere too
#: (a move text that does not read back cannot be replayed from a save either)
FAILS = {
    SharesAList: {"copy", "playout"},   # the play-out keeps a copy of each position (for its events)
    Unreadable: {"notation", "playout", "save"},
    Misread: {"notation", "playout"},
    Leaky: {"view"},
    LeakyToAll: {"view"},
    TouchesFirst: {"illegal"},
    RefusesThree: {"illegal", "notation", "playout"},    # parse_move asks why_illegal too
    EarlyReturns: {"playout"},
    Forgets: {"save"},
    Lopsided: {"playout"},
    TellsThePick: {"view"},
    LooseEvents: {"playout"},
    DiceOnAPick: {"playout", "view"},     # and the die it tells is the secret pick
    CountsItsTellings: {"playout"},
}


@pytest.mark.parametrize("cls", list(FAILS), ids=[c.__name__ for c in FAILS])
def test_a_broken_toy_fails_no_check_its_break_does_not_reach(cls, tmp_path, monkeypatch):
    found = every_check(cls, tmp_path, monkeypatch)
    assert {check for check, problems in found.items() if problems} == FAILS[cls], found


def test_each_conformance_check_is_failed_by_some_toy():
    assert {check for _, check, _ in BROKEN} == {"playout", "copy", "notation", "illegal", "view", "save"}
    assert {cls for cls, _, _ in BROKEN} == set(FAILS)


# -- every failure branch of games.core.invariants ---------------------------------------------

class NoSuchSeat(Race):
    def current_player(self) -> int:
        return self.num_players


class EmptyChance(Race):
    def chance_outcomes(self) -> list:
        return []


class ZeroChance(Race):
    def chance_outcomes(self) -> list:
        return [(Roll(1), 0.5), (Roll(2), 0.5), (Roll(3), 0.0)] if self.current_player() == CHANCE else []


class Stuck(Race):
    def legal_moves(self) -> list:
        return []


class ShortReturns(Race):
    def returns(self) -> list[float]:
        return super().returns()[:-1]


class SetInSnapshot(Race):
    def snapshot(self) -> dict:
        return dict(super().snapshot(), seen={1, 2})


class CopyForgets(Race):
    def copy(self):
        c = super().copy()
        c.scores = [0] * self.num_players
        return c


class SaysSo(Race):
    def invariant_problems(self) -> list[str]:
        return ["a score went down"]


def _at(cls, where: str, n: int = 2):
    """A position of ``cls`` where the branch is reached: a seat to move, CHANCE, or the end."""
    st = cls(n)
    if where == "chance":
        st.picks[0] = 2
    elif where == "end":
        st.scores[1] = Race.TARGET
    return st


STATE_BRANCHES = [
    (NoSuchSeat, "seat", "not a seat, CHANCE or TERMINAL"),
    (EmptyChance, "chance", "CHANCE to move but no outcomes"),
    (Lopsided, "chance", "chance probabilities sum to 0."),  # 0.8999999999999999
    (ZeroChance, "chance", "chance outcomes with probability 0.0"),
    (Stuck, "seat", "seat 0 is to move but has no legal move"),
    (ShortReturns, "end", "returns() does not give one result per seat"),
    (EarlyReturns, "seat", "returns() is [1.0, 0.0] while the game goes on"),
    (SetInSnapshot, "seat", "snapshot() is not JSON"),
    (CopyForgets, "seat", "a copy's snapshot differs from the original's"),
    (SaysSo, "seat", "a score went down"),
]


@pytest.mark.parametrize("cls, where, says", STATE_BRANCHES, ids=[c.__name__ for c, _, _ in STATE_BRANCHES])
def test_every_failure_branch_of_state_problems(cls, where, says):
    st = _at(cls, where)
    if cls is EarlyReturns or cls is CopyForgets:
        st.scores[0] = 1                        # a running score to show (or for the copy to forget)
    problems = state_problems(st, 2, hidden=True)
    assert any(says in p for p in problems), problems
    assert not state_problems(_at(Race, where), 2, hidden=True), "the sound toy in the same place is fine"


def test_both_failure_branches_of_move_problems():
    assert move_problems(Race(2), Pick(1)) == []
    assert "does not parse back" in move_problems(Unreadable(2), Shouted(1))[0]
    assert move_problems(Misread(2), Pick(3)) == ["'pick3' parses back as Pick(k=2), not Pick(k=3)"]
    # a text that reads as a move not legal now is refused too (NotLegalHere is an IllegalMove)
    chance = _at(Race, "chance")
    assert "does not parse back" in move_problems(chance, Pick(1))[0]


def test_a_game_that_overrides_apply_is_refused_when_its_class_is_defined():
    with pytest.raises(TypeError, match="overrides GameState.apply"):
        class Sneaky(Race):
            def apply(self, move) -> None:      # would skip the legality check
                self._apply(move)


def test_a_game_that_forgets_a_required_method_cannot_be_made():
    from games.core.game import GameState

    class Forgetful(GameState):
        def current_player(self) -> int:
            return 0

    with pytest.raises(TypeError, match="abstract"):
        Forgetful()
