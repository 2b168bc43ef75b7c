"""Cannon Corps (Zach Reyburn, Join In Games): the rules engine.

Pure Python, no pygame, no I/O, no global randomness.  Every decision is a
:class:`Move` with a stable text form; ``state.parse_move(text)`` reads it back.
See ``docs/rules/cannon_corps.md`` for every decision the source text leaves open.

Quick tour
----------
* Seats ``0..n-1``; every seat owns a 3x4 grid (rows A-C, columns 1-4, spaces
  ``"A1".."C4"``) and seven dice (:data:`DICE`).  ``"d%"`` is the percentile d10
  (1-10); the parser also accepts ``d10%``, ``d100`` and ``d00``.
* Phases: ``setup`` (each seat in seat order makes one secret ``setup`` move),
  ``start`` (CHANCE picks the first shooter), ``fire``, ``decide`` (cover and
  deployment decisions after a shot, in turn order from the shooter's left, the
  shooter's own redeployment after a final salvo last), ``over``.
* Public knowledge is the event log ``state.events`` (a list of JSON-able
  read-only dicts, see :data:`EVENT_KINDS` and :class:`ReadOnlyDict`);
  ``state.view(seat)`` is a :class:`CorpsView` with that seat's own secrets plus
  the public log and nothing else.
"""
from __future__ import annotations

import copy as _copy
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from games.core.game import CHANCE, TERMINAL, BadNotation, GameState, NotLegalHere

# --------------------------------------------------------------------------
# Board and dice
# --------------------------------------------------------------------------
ROWS = "ABC"
COLS = "1234"
SPACES: tuple[str, ...] = tuple(r + c for r in ROWS for c in COLS)
SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}
DICE: tuple[str, ...] = ("d4", "d6", "d8", "d10", "d%", "d12", "d20")
DIE_SIZES: dict[str, int] = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}
DIE_INDEX = {d: i for i, d in enumerate(DICE)}
DIE_ALIASES = {d: d for d in DICE}
DIE_ALIASES.update({"d10%": "d%", "d100": "d%", "d00": "d%", "d%10": "d%"})
PLATOONS = 4          # platoons on the grid
SETUP_LEN = 4


def _neighbours(i: int) -> tuple[int, ...]:
    r, c = divmod(i, 4)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 and dc == 0:
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < 3 and 0 <= cc < 4:
                out.append(rr * 4 + cc)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(12))
NEIGHBOUR_SPACES: dict[str, tuple[str, ...]] = {
    SPACES[i]: tuple(SPACES[j] for j in NEIGHBOURS[i]) for i in range(12)}

#: every kind of public event in ``state.events`` (see docs/rules/cannon_corps.md)
EVENT_KINDS = ("setup", "start", "shot", "answer", "defeated", "survived", "eliminated",
               "cover", "deploy", "ammo", "winner", "reveal")


class ReadOnlyDict(dict):
    """A dict that cannot be changed after it is built.

    Public events, private-log entries and revealed grids are logged once and
    never change.  Freezing them lets :meth:`CorpsState.copy` (undo, search) and
    :class:`CorpsView` share them instead of deep-copying the whole log, while
    a script that edits an event it got from a view (say, flips a ``hit``) gets
    a ``TypeError`` instead of silently rewriting the state's history.  It is
    still a dict: equal to the plain dict with the same items, JSON-able and
    picklable; ``dict(ev)`` or ``ev.copy()`` gives an editable plain copy.
    """
    __slots__ = ()

    def _read_only(self, *args, **kwargs):
        raise TypeError("a logged event never changes (use dict(ev) for an editable copy)")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self):
        # pickle's default for dict subclasses refills the items with
        # __setitem__, which is blocked: rebuild from a plain dict instead
        return (type(self), (dict(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _freeze(obj):
    """``obj`` with every dict made a :class:`ReadOnlyDict` and every list a
    tuple, recursively (what goes into the logs and ``revealed``)."""
    if isinstance(obj, ReadOnlyDict):
        return obj
    if isinstance(obj, dict):
        return ReadOnlyDict({k: _freeze(v) for k, v in obj.items()})
    if isinstance(obj, (list, tuple)):
        return tuple(_freeze(v) for v in obj)
    return obj


def norm_die(text: str) -> str:
    d = DIE_ALIASES.get(text.strip().lower())
    if d is None:
        raise BadNotation(f"unknown die {text!r} (dice: {', '.join(DICE)})")
    return d


def norm_space(text: str) -> str:
    s = text.strip().upper()
    if s not in SPACE_INDEX:
        raise BadNotation(f"unknown space {text!r} (spaces are A1..C4)")
    return s


def player_name(seat: int, names=None) -> str:
    """The seat's display name from ``names`` (seat order); "Player N" only when
    no usable name was given for that seat (no list, too short, or blank)."""
    if seat is None:
        return ""
    if names is not None and 0 <= seat < len(names):
        name = str(names[seat] if names[seat] is not None else "").strip()
        if name:
            return name
    return f"Player {seat + 1}"


# --------------------------------------------------------------------------
# Moves
# --------------------------------------------------------------------------
MOVE_KINDS = ("setup", "start", "fire", "cover", "stay", "deploy")


@dataclass(frozen=True)
class Move:
    """One decision.  Text forms (``str(move)``)::

        setup d4@A1 d6@B2 d12@C3 d20@A4   (placements sorted by die order)
        start 2                            (CHANCE: seat index 2 fires first)
        fire d8 B3
        cover d8 B2      /   stay d8
        deploy d20 C4
    """
    kind: str
    die: str | None = None
    space: str | None = None
    seat: int | None = None
    placements: tuple = ()

    def __str__(self) -> str:
        k = self.kind
        if k == "setup":
            return "setup " + " ".join(f"{d}@{s}" for d, s in self.placements)
        if k == "start":
            return f"start {self.seat}"
        if k == "stay":
            return f"stay {self.die}"
        return f"{k} {self.die} {self.space}"

    @staticmethod
    def setup(placements) -> "Move":
        """``placements``: mapping or pairs die -> space (any order)."""
        items = placements.items() if hasattr(placements, "items") else placements
        pl = tuple(sorted(((norm_die(d), norm_space(s)) for d, s in items),
                          key=lambda p: DIE_INDEX[p[0]]))
        return Move("setup", placements=pl)


def parse_text(text: str) -> Move:
    """Syntax only (no legality): text -> Move, BadNotation if malformed."""
    if not isinstance(text, str):
        raise BadNotation(f"{text!r}: a move is text like 'fire d8 B3'")
    parts = text.replace(",", " ").split()
    if not parts:
        raise BadNotation("empty move")
    kind = parts[0].lower()
    args = parts[1:]
    if kind == "setup":
        pairs = []
        for tok in args:
            if "@" not in tok:
                raise BadNotation(f"{text!r}: each placement is die@space, like d8@B3")
            d, _, s = tok.partition("@")
            pairs.append((norm_die(d), norm_space(s)))
        if len(pairs) != SETUP_LEN:
            raise BadNotation(f"{text!r}: a setup places exactly four dice, not {len(pairs)}")
        dice = [d for d, _ in pairs]
        spaces = [s for _, s in pairs]
        for d in dice:
            if dice.count(d) > 1:
                raise BadNotation(f"{text!r}: {d} is placed twice")
        for s in spaces:
            if spaces.count(s) > 1:
                raise BadNotation(f"{text!r}: two platoons on {s} (one platoon per space)")
        return Move.setup(pairs)
    if kind == "start":
        if len(args) != 1 or not args[0].isdigit():
            raise BadNotation(f"{text!r}: expected 'start <seat index>'")
        return Move("start", seat=int(args[0]))
    if kind == "stay":
        if len(args) != 1:
            raise BadNotation(f"{text!r}: expected 'stay <die>'")
        return Move("stay", die=norm_die(args[0]))
    if kind in ("fire", "cover", "deploy"):
        if len(args) != 2:
            raise BadNotation(f"{text!r}: expected '{kind} <die> <space>'")
        return Move(kind, die=norm_die(args[0]), space=norm_space(args[1]))
    raise BadNotation(f"{text!r}: unknown move '{parts[0]}' (setup, fire, cover, stay, deploy, start)")


# --------------------------------------------------------------------------
# Setup moves: 415,800 of them, so a lazy indexable sequence
# --------------------------------------------------------------------------
_COMBOS = tuple(combinations(range(7), 4))
_PERMS: tuple | None = None


def _perms():
    global _PERMS
    if _PERMS is None:
        _PERMS = tuple(permutations(range(12), 4))
    return _PERMS


class SetupMoves(Sequence):
    """All legal setup moves, without building 415,800 objects.  Supports
    ``len``, indexing (so ``random.choice`` works), ``in`` and iteration."""

    def __len__(self) -> int:
        return len(_COMBOS) * 11880

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        c, p = divmod(i, 11880)
        combo, perm = _COMBOS[c], _perms()[p]
        return Move("setup", placements=tuple((DICE[combo[k]], SPACES[perm[k]]) for k in range(4)))

    def __contains__(self, move) -> bool:
        return isinstance(move, Move) and move.kind == "setup" and _setup_problem(move) is None

    def __iter__(self):
        for combo in _COMBOS:
            for perm in _perms():
                yield Move("setup", placements=tuple((DICE[combo[k]], SPACES[perm[k]]) for k in range(4)))

    def __repr__(self) -> str:
        return "<SetupMoves: 415800 setups>"


def _setup_problem(move: Move) -> str | None:
    pl = move.placements
    if len(pl) != SETUP_LEN:
        return "a setup places exactly four dice"
    dice = [d for d, _ in pl]
    spaces = [s for _, s in pl]
    if any(d not in DIE_SIZES for d in dice):
        return "unknown die in setup"
    if any(s not in SPACE_INDEX for s in spaces):
        return "unknown space in setup"
    if len(set(dice)) != 4:
        return "each die can be placed only once"
    if len(set(spaces)) != 4:
        return "two platoons on one space (one platoon per space)"
    if tuple(sorted(pl, key=lambda p: DIE_INDEX[p[0]])) != pl:
        return "setup placements must be listed in die order"
    return None


# --------------------------------------------------------------------------
# Legality shared by the state and the view (it needs only the deciding
# seat's own data and the public pending decision)
# --------------------------------------------------------------------------
def _legal(pending: dict, platoons: dict, reserves) -> list | Sequence:
    """``platoons``: die -> (space_index, value) of the deciding seat."""
    kind = pending["kind"]
    if kind == "setup":
        return SetupMoves()
    if kind == "fire":
        return [Move("fire", d, s) for d in DICE if d in platoons for s in SPACES]
    if kind == "cover":
        die = pending["die"]
        at = platoons[die][0]
        taken = {sp for sp, _ in platoons.values()}
        return [Move("stay", die)] + [Move("cover", die, SPACES[j]) for j in NEIGHBOURS[at] if j not in taken]
    if kind == "deploy":
        taken = {sp for sp, _ in platoons.values()}
        return [Move("deploy", d, SPACES[j]) for d in DICE if d in reserves for j in range(12) if j not in taken]
    return []


def _problem(move, pending: dict, platoons: dict, reserves, n_seats: int) -> str | None:
    """None when ``move`` is legal for the pending decision, else the reason."""
    if not isinstance(move, Move):
        return f"{move!r} is not a move"
    kind = pending["kind"]
    if kind == "over":
        return "the game is over"
    if kind == "start":
        if move.kind != "start":
            return "the first shooter is being drawn (a chance event)"
        if move.seat is None or not 0 <= move.seat < n_seats:
            return f"there is no seat {move.seat}"
        return None
    if move.kind == "start":
        return "the first shooter has already been drawn"
    if kind == "setup":
        if move.kind != "setup":
            return "every seat must first hide its four platoons (setup)"
        return _setup_problem(move)
    if kind == "fire":
        if move.kind != "fire":
            return "choose one of your platoons and a space to fire at"
        if move.die not in platoons:
            return f"you have no {move.die} platoon on your grid"
        if move.space not in SPACE_INDEX:
            return f"unknown space {move.space!r}"
        return None
    if kind == "cover":
        die = pending["die"]
        if move.kind not in ("cover", "stay"):
            return f"your {die} was hit at {pending['space']}: run for cover or stay"
        if move.die != die:
            return f"only the platoon that was hit ({die}) may run for cover"
        if move.kind == "stay":
            return None
        if move.space not in SPACE_INDEX:
            return f"unknown space {move.space!r}"
        at = platoons[die][0]
        to = SPACE_INDEX[move.space]
        if to == at:
            return f"to stay on {SPACES[at]}, say 'stay {die}'"
        if to not in NEIGHBOURS[at]:
            return f"{move.space} is not next to {SPACES[at]} (cover is one space in any of 8 directions)"
        if any(sp == to for sp, _ in platoons.values()):
            return f"{move.space} is occupied by one of your platoons"
        return None
    if kind == "deploy":
        if move.kind != "deploy":
            return "deploy one of your reserves on an empty space"
        if move.die not in reserves:
            return f"{move.die} is not in your reserves"
        if move.space not in SPACE_INDEX:
            return f"unknown space {move.space!r}"
        if any(sp == SPACE_INDEX[move.space] for sp, _ in platoons.values()):
            return f"{move.space} is occupied by one of your platoons"
        return None
    return "no decision is pending"


# --------------------------------------------------------------------------
# Public knowledge helpers (work on an event list, so state and view share them)
# --------------------------------------------------------------------------
def knowledge_from_events(events, seat: int, now: int | None = None) -> dict:
    """Per space of ``seat``'s grid, what the table learned last:
    ``{"B3": {"answer": "hit"|"miss", "turn": t, "ago": now-t,
    "result": "defeated"|"survived"|"cover"|None}}``.  A deployment does not
    erase marks (nobody knows where it went)."""
    out: dict[str, dict] = {}
    if now is None:
        now = max((e.get("turn", 0) for e in events), default=0)
    for e in events:
        if e.get("seat") != seat:
            continue
        k = e["kind"]
        if k == "answer":
            out[e["space"]] = {"answer": "hit" if e["hit"] else "miss", "turn": e["turn"],
                               "ago": now - e["turn"], "result": None}
        elif k in ("defeated", "survived") and e.get("space") in out and e.get("cause") != "own_salvo":
            out[e["space"]]["result"] = k
        elif k == "cover" and e["space"] in out:
            out[e["space"]]["result"] = "cover"
    return out


def result_line(winner, reason, names=None) -> str:
    if winner is None:
        return "Game in progress"
    who = player_name(winner, names)
    if reason == "salvo":
        return f"{who} wins with a final salvo that took everyone down"
    return f"{who} wins: the last army standing"


def status_line(pending: dict, winner, reason, names=None) -> str:
    """The turn banner's line for a public ``pending`` decision; the state and
    every view use this one function, so their banners cannot disagree."""
    k = pending.get("kind")
    if k == "over":
        return result_line(winner, reason, names)
    if k == "start":
        return "Drawing who fires first"
    who = player_name(pending.get("seat"), names)
    if k == "setup":
        return f"{who}: hide four platoons on your grid"
    if k == "fire":
        return f"{who}: choose a platoon and a space to fire at"
    if k == "cover":
        return f"{who}: hit at {pending.get('space')} \u2014 run for cover or stay"
    if k == "deploy":
        return f"{who}: deploy a reserve platoon"
    return ""


def event_text(ev: dict, names=None) -> str:
    """One line of the public log for an event, naming its seat with ``names``
    (the seats' display names, seat order; "Player N" without them)."""
    k = ev["kind"]
    who = player_name(ev["seat"], names) if "seat" in ev and ev["seat"] is not None else ""
    if k == "setup":
        return f"{who} hid four platoons"
    if k == "start":
        return f"{who} fires first"
    if k == "shot":
        tail = " (FINAL SALVO)" if ev["salvo"] else ""
        return f"{who}: \u201cPower {ev['power']} shot at {ev['space']}.\u201d{tail}"
    if k == "answer":
        return f"{who}: {'Hit' if ev['hit'] else 'Miss'}"
    if k == "defeated":
        if ev["cause"] == "own_salvo":
            return f"{who}'s {ev['die']} fired its final salvo and is DEFEATED"
        by = " by the final salvo" if ev["cause"] == "salvo" else ""
        return f"{who}'s {ev['die']} on {ev['space']} is DEFEATED{by}"
    if k == "survived":
        return f"{who}'s platoon on {ev['space']} survives {ev['damage']} damage"
    if k == "eliminated":
        return f"{who} is out of the game; the grid is revealed"
    if k == "cover":
        return f"{who} ran for cover"
    if k == "deploy":
        return f"{who} deployed a reserve"
    if k == "ammo":
        return f"{who}'s power {ev['power']} platoon is now {ev['value']}"
    if k == "winner":
        return result_line(ev["seat"], ev.get("reason"), names)
    if k == "reveal":
        return f"{who}'s grid is revealed"
    return k


# --------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------
class CorpsState(GameState):
    """The whole game, secrets included.  Never hand this to an AI."""

    def __init__(self, n_seats: int = 2, options: dict | None = None):
        if not 2 <= n_seats <= 6:
            raise ValueError("Cannon Corps seats 2 to 6 players")
        self.num_players = n_seats
        self.options = dict(options or {})
        self.phase = "setup"
        self.setup_seat = 0
        #: per seat: die -> (space index, value)
        self.platoons: list[dict[str, tuple[int, int]]] = [{} for _ in range(n_seats)]
        self.reserves: list[list[str]] = [list(DICE) for _ in range(n_seats)]
        self.defeated: list[list[str]] = [[] for _ in range(n_seats)]
        self.out: list[bool] = [False] * n_seats
        self.revealed: dict[int, dict] = {}
        self.shooter = 0
        self.turn = 0
        #: pending decisions after a shot: [(seat, kind, die, space_index)]
        self.queue: list[tuple] = []
        #: the shot being resolved: {"seat","die","power","salvo","ammo_done"}
        self.shot: dict | None = None
        self.events: list[dict] = []
        self.private: list[list[dict]] = [[] for _ in range(n_seats)]
        self._winner: int | None = None
        self.win_reason: str | None = None
        self._ply = 0

    # -- whose turn -------------------------------------------------------
    def current_player(self) -> int:
        p = self.phase
        if p == "setup":
            return self.setup_seat
        if p == "start":
            return CHANCE
        if p == "fire":
            return self.shooter
        if p == "decide":
            return self.queue[0][0]
        return TERMINAL

    def pending(self) -> dict:
        """The decision waiting now, public part only:
        ``{"kind": "setup"|"start"|"fire"|"cover"|"deploy"|"over", "seat": s, ...}``;
        for ``cover``: ``"space"`` (the public hit space) and ``"die"`` is
        added only in the deciding seat's own view."""
        return self._pending(full=True)

    def _pending(self, full: bool) -> dict:
        p = self.phase
        if p == "setup":
            return {"kind": "setup", "seat": self.setup_seat}
        if p == "start":
            return {"kind": "start", "seat": None}
        if p == "fire":
            return {"kind": "fire", "seat": self.shooter}
        if p == "decide":
            seat, kind, die, at = self.queue[0]
            d = {"kind": kind, "seat": seat, "shooter": self.shot["seat"]}
            if kind == "cover":
                d["space"] = SPACES[at]
                d["damage"] = self.shot["power"]
            if full:
                d["die"] = die
            return d
        return {"kind": "over", "seat": self._winner}

    def legal_moves(self):
        p = self.phase
        if p in ("start", "over"):
            return []
        seat = self.current_player()
        return _legal(self._pending(True), self.platoons[seat], self.reserves[seat])

    def chance_outcomes(self):
        if self.phase != "start":
            return []
        live = [s for s in range(self.num_players) if not self.out[s]]
        return [(Move("start", seat=s), 1.0 / len(live)) for s in live]

    def why_illegal(self, move) -> str | None:
        """None if ``move`` may be applied now, else the reason."""
        if self.phase == "over":
            return "the game is over"
        seat = self.current_player()
        if seat == CHANCE:
            return _problem(move, {"kind": "start"}, {}, (), self.num_players)
        return _problem(move, self._pending(True), self.platoons[seat], self.reserves[seat],
                        self.num_players)

    def parse_move(self, text: str) -> Move:
        return self.parse_legal(text, parse_text(text))

    # -- applying ---------------------------------------------------------
    def _apply(self, move) -> None:
        self._ply += 1
        k = move.kind
        if k == "setup":
            self._do_setup(move)
        elif k == "start":
            self.shooter = move.seat
            self.phase = "fire"
            self._pub({"kind": "start", "turn": 0, "seat": move.seat})
        elif k == "fire":
            self._do_fire(move)
        elif k in ("cover", "stay"):
            self._do_cover(move)
        elif k == "deploy":
            self._do_deploy(move)
        self._advance()

    # Everything logged is frozen (see ReadOnlyDict): the state, its copies and
    # every view may then share the entries, and nobody can rewrite history.
    # The callers pass str/int/bool/None values or already frozen ones (grids
    # from _grid_of, tuples), so one flat ReadOnlyDict is enough here; the
    # tests walk every view to prove no mutable object is shared.
    def _pub(self, ev: dict) -> None:
        self.events.append(ReadOnlyDict(ev))

    def _priv(self, seat: int, ev: dict) -> None:
        self.private[seat].append(ReadOnlyDict(ev))

    def _do_setup(self, move: Move) -> None:
        s = self.setup_seat
        for d, sp in move.placements:
            self.platoons[s][d] = (SPACE_INDEX[sp], DIE_SIZES[d])
            self.reserves[s].remove(d)
        self._pub({"kind": "setup", "turn": 0, "seat": s})
        self._priv(s, {"kind": "setup", "turn": 0,
                       "grid": _freeze({sp: (d, DIE_SIZES[d]) for d, sp in move.placements})})
        if s + 1 < self.num_players:
            self.setup_seat = s + 1
        else:
            self.phase = "start"

    def _grid_of(self, seat: int) -> ReadOnlyDict:
        """``seat``'s grid as the table sees it when revealed: space -> (die, value),
        frozen, because the same object goes into ``revealed`` and the event."""
        return _freeze({SPACES[sp]: (d, v) for d, (sp, v) in sorted(self.platoons[seat].items(),
                                                                    key=lambda kv: kv[1][0])})

    def _defeat(self, seat: int, die: str, space: str | None, cause: str) -> None:
        del self.platoons[seat][die]
        self.defeated[seat].append(die)
        self._pub({"kind": "defeated", "turn": self.turn, "seat": seat, "die": die,
                   "space": space, "cause": cause})

    def _eliminate(self, seat: int) -> None:
        self.out[seat] = True
        grid = self._grid_of(seat)
        self.revealed[seat] = grid
        self._pub({"kind": "eliminated", "turn": self.turn, "seat": seat, "grid": grid})

    def _do_fire(self, move: Move) -> None:
        s = self.shooter
        n = self.num_players
        self.turn += 1
        t = self.turn
        at, power = self.platoons[s][move.die]
        target = SPACE_INDEX[move.space]
        salvo = power == 1
        self.shot = {"seat": s, "die": move.die, "power": power, "salvo": salvo, "ammo_done": False}
        self._pub({"kind": "shot", "turn": t, "seat": s, "power": power, "space": move.space,
                   "salvo": salvo})
        self._priv(s, {"kind": "fired", "turn": t, "die": move.die, "space": move.space,
                       "power": power})
        order = [(s + k) % n for k in range(1, n)]
        answering = [o for o in order if not self.out[o]]
        hits = []
        for o in answering:
            hit_die = next((d for d, (sp, _) in self.platoons[o].items() if sp == target), None)
            self._pub({"kind": "answer", "turn": t, "seat": o, "space": move.space,
                       "hit": hit_die is not None})
            if hit_die is not None:
                hits.append((o, hit_die))
        self.queue = []
        for o, d in hits:
            v = self.platoons[o][d][1]
            new = 0 if salvo else v - power
            self._priv(o, {"kind": "damaged", "turn": t, "die": d, "space": move.space,
                           "from": v, "to": max(new, 0), "salvo": salvo})
            if new <= 0:
                self._defeat(o, d, move.space, "salvo" if salvo else "shot")
                if len(self.defeated[o]) >= 4:
                    self._eliminate(o)
                else:
                    self.queue.append((o, "deploy", None, target))
            else:
                self.platoons[o][d] = (target, new)
                self._pub({"kind": "survived", "turn": t, "seat": o, "space": move.space,
                           "damage": power})
                self.queue.append((o, "cover", d, target))
        # Is the game decided by this shot?  (then nobody needs to decide anything)
        live_others = [o for o in answering if not self.out[o]]
        shooter_falls = salvo and len(self.defeated[s]) == 3
        if not live_others or (shooter_falls and len(live_others) == 1):
            self.queue = []
            self._spend_ammo(final=True)
            if not live_others:
                self._finish(s, "salvo" if shooter_falls else "last")
            else:
                self._eliminate(s)
                self._finish(live_others[0], "last")
            return
        self.phase = "decide"

    def _spend_ammo(self, final: bool = False) -> None:
        sh = self.shot
        s, die, power = sh["seat"], sh["die"], sh["power"]
        sh["ammo_done"] = True
        if sh["salvo"]:
            self._priv(s, {"kind": "ammo", "turn": self.turn, "die": die, "from": 1, "to": 0})
            self._defeat(s, die, None, "own_salvo")
            if len(self.defeated[s]) >= 4:
                if not final:
                    self._eliminate(s)
            elif not final:
                self.queue.append((s, "deploy", None, None))
        else:
            sp, v = self.platoons[s][die]
            self.platoons[s][die] = (sp, v // 2)
            self._priv(s, {"kind": "ammo", "turn": self.turn, "die": die, "from": v, "to": v // 2})
            self._pub({"kind": "ammo", "turn": self.turn, "seat": s, "power": power, "value": v // 2})

    def _do_cover(self, move: Move) -> None:
        seat, _, die, at = self.queue.pop(0)
        v = self.platoons[seat][die][1]
        if move.kind == "cover":
            to = SPACE_INDEX[move.space]
            self.platoons[seat][die] = (to, v)
            self._priv(seat, {"kind": "moved", "turn": self.turn, "die": die,
                              "from": SPACES[at], "to": move.space})
        else:
            self._priv(seat, {"kind": "stayed", "turn": self.turn, "die": die, "space": SPACES[at]})
        self._pub({"kind": "cover", "turn": self.turn, "seat": seat, "space": SPACES[at]})

    def _do_deploy(self, move: Move) -> None:
        seat = self.queue.pop(0)[0]
        self.reserves[seat].remove(move.die)
        val = DIE_SIZES[move.die]
        self.platoons[seat][move.die] = (SPACE_INDEX[move.space], val)
        self._priv(seat, {"kind": "deployed", "turn": self.turn, "die": move.die,
                          "space": move.space, "value": val})
        self._pub({"kind": "deploy", "turn": self.turn, "seat": seat})

    def _advance(self) -> None:
        """After the decision queue empties: spend the shooter's ammo (which may
        queue the shooter's own redeployment), then pass the turn."""
        while self.phase == "decide" and not self.queue:
            if not self.shot["ammo_done"]:
                self._spend_ammo()
                continue
            self.shot = None
            self.shooter = self._next_live(self.shooter)
            self.phase = "fire"

    def _next_live(self, seat: int) -> int:
        n = self.num_players
        for k in range(1, n + 1):
            o = (seat + k) % n
            if not self.out[o]:
                return o
        return seat

    def _finish(self, winner: int, reason: str) -> None:
        self._winner = winner
        self.win_reason = reason
        self.phase = "over"
        self.queue = []
        self._pub({"kind": "winner", "turn": self.turn, "seat": winner, "reason": reason})
        for s in range(self.num_players):
            if s not in self.revealed:
                grid = self._grid_of(s)
                self.revealed[s] = grid
                self._pub({"kind": "reveal", "turn": self.turn, "seat": s, "grid": grid,
                           "reserves": tuple(self.reserves[s])})

    # -- ending -----------------------------------------------------------
    def returns(self) -> list[float]:
        """The winner first; the others by how long they lasted (the turn they
        were knocked out; seats out on the same shot share a place)."""
        if self.phase != "over":
            return [0.0] * self.num_players
        fell = {e["seat"]: e["turn"] for e in self.events if e["kind"] == "eliminated"}
        return [float(self.turn + 1) if s == self._winner else float(fell.get(s, 0))
                for s in range(self.num_players)]

    def winner(self) -> int | None:
        return self._winner

    def result_text(self, names=None) -> str:
        return result_line(self._winner, self.win_reason, names)

    def status_text(self, names=None) -> str:
        return status_line(self._pending(full=False), self._winner, self.win_reason, names)

    def public_move_text(self, move, names=None) -> str:
        if isinstance(move, str):
            move = parse_text(move)
        k = move.kind
        if k == "start":
            return f"{player_name(move.seat, names)} fires first"
        # the log shows who moved beside this text, so only the deed is named
        seat = self.current_player()
        if k == "setup":
            return "hid four platoons"
        if k == "fire":
            power = self.platoons[seat][move.die][1] if move.die in self.platoons[seat] else "?"
            tail = " (FINAL SALVO)" if power == 1 else ""
            return f"Power {power} shot at {move.space}{tail}"
        if k in ("cover", "stay"):
            return "ran for cover"
        if k == "deploy":
            return "deployed a reserve"
        return str(move)

    # -- information ------------------------------------------------------
    def view(self, player) -> "CorpsView":
        return CorpsView._from_state(self, player)

    def knowledge(self, seat: int) -> dict:
        """Public marks on ``seat``'s grid (see :func:`knowledge_from_events`)."""
        return knowledge_from_events(self.events, seat, self.turn)

    def copy(self) -> "CorpsState":
        c = CorpsState.__new__(CorpsState)
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.platoons = [dict(p) for p in self.platoons]
        c.reserves = [list(r) for r in self.reserves]
        c.defeated = [list(d) for d in self.defeated]
        c.out = list(self.out)
        # The logs and revealed grids hold ReadOnlyDicts and tuples only, so
        # copying the containers is enough: the entries can be shared safely.
        c.revealed = dict(self.revealed)
        c.queue = list(self.queue)                # tuples of str/int
        c.shot = dict(self.shot) if self.shot else None   # flat: str/int/bool values
        c.events = list(self.events)
        c.private = [list(p) for p in self.private]
        return c

    def snapshot(self) -> dict[str, Any]:
        return {
            "game": "cannon_corps",
            "seats": self.num_players,
            "phase": self.phase,
            "setup_seat": self.setup_seat,
            "shooter": self.shooter,
            "turn": self.turn,
            "ply": self._ply,
            "platoons": [{d: [SPACES[sp], v] for d, (sp, v) in sorted(p.items(), key=lambda kv: DIE_INDEX[kv[0]])}
                         for p in self.platoons],
            "reserves": [list(r) for r in self.reserves],
            "defeated": [list(d) for d in self.defeated],
            "out": list(self.out),
            "queue": [[s, k, d, SPACES[a] if a is not None else None] for s, k, d, a in self.queue],
            "shot": _copy.deepcopy(self.shot),
            "winner": self._winner,
            "win_reason": self.win_reason,
            "events": len(self.events),
        }

    def ply(self) -> int:
        return self._ply

    # -- convenience for tests / tools -------------------------------------
    def grid(self, seat: int) -> dict[str, tuple[str, int]]:
        """``seat``'s grid, space -> (die, value).  Secret: not for AIs."""
        return {SPACES[sp]: (d, v) for d, (sp, v) in self.platoons[seat].items()}

    def live_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]


# --------------------------------------------------------------------------
# The view: what one seat may know
# --------------------------------------------------------------------------
class CorpsView:
    """What seat ``seat`` may know, and nothing more.

    Nothing reachable from a view is a mutable object of the state: its lists
    and dicts are its own, and the log entries and revealed grids it shares
    with the state are frozen (:class:`ReadOnlyDict`, tuples), so editing a
    view can never change the game.

    Own secrets: ``my_platoons`` (die -> (space, value)), ``my_grid``
    (space -> (die, value)), ``my_reserves``, ``my_private`` (own private log).
    Public: ``events`` (the public log), ``defeated`` (per seat), ``out``,
    ``reserve_counts``, ``revealed`` (grids of eliminated seats, everyone's at the
    end), ``pending`` (the decision waiting now; its details such as the hit die
    and the allowed cover spaces only when it is this seat's decision),
    ``current_player``, ``shooter``, ``turn``, ``phase``, ``winner``.
    With ``seat=None`` it is a spectator's view: public only.
    """

    def __init__(self):
        self.seat: int | None = None
        self.num_players = 2
        self.phase = "setup"
        self.turn = 0
        self.shooter: int | None = None
        self.current_player = 0
        self.pending: dict = {}
        self.my_platoons: dict[str, tuple[str, int]] = {}
        self.my_reserves: tuple = ()
        self.my_private: list = []
        self.defeated: tuple = ()
        self.out: tuple = ()
        self.reserve_counts: tuple = ()
        self.platoon_counts: tuple = ()
        self.revealed: dict = {}
        self.events: list = []
        self.winner: int | None = None
        self.win_reason: str | None = None

    @classmethod
    def _from_state(cls, st: CorpsState, seat) -> "CorpsView":
        v = cls()
        n = st.num_players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"no seat {seat}")
        v.seat = seat
        v.num_players = n
        v.phase = st.phase
        v.turn = st.turn
        v.shooter = st.shooter if st.phase in ("fire", "decide", "over") else None
        v.current_player = st.current_player()
        mine = seat is not None and v.current_player == seat
        v.pending = st._pending(full=mine)
        if v.pending["kind"] == "cover" and mine:
            v.pending["options"] = [SPACES[j] for j in NEIGHBOURS[st.queue[0][3]]
                                    if j not in {sp for sp, _ in st.platoons[seat].values()}]
        if v.pending["kind"] == "deploy" and mine:
            v.pending["reserves"] = [d for d in DICE if d in st.reserves[seat]]
            v.pending["options"] = [SPACES[j] for j in range(12)
                                    if j not in {sp for sp, _ in st.platoons[seat].values()}]
        if seat is not None:
            v.my_platoons = {d: (SPACES[sp], val) for d, (sp, val) in st.platoons[seat].items()}
            v.my_reserves = tuple(d for d in DICE if d in st.reserves[seat])
            v.my_private = list(st.private[seat])      # frozen entries, safe to share
        v.defeated = tuple(tuple(d) for d in st.defeated)
        v.out = tuple(st.out)
        # public: every seat has 3 reserves minus its defeats (once set up)
        v.reserve_counts = tuple(
            (len(st.reserves[s]) if (st.phase != "setup" or s < st.setup_seat) else 3) if not st.out[s] else 0
            for s in range(n))
        v.platoon_counts = tuple(
            (len(st.platoons[s]) if (st.phase != "setup" or s < st.setup_seat) else 0) if not st.out[s] else 0
            for s in range(n))
        # The view owns its containers; what they hold is frozen (ReadOnlyDict,
        # tuples, str, int), so nothing reachable from the view can change the
        # state, and the cost stays one pointer copy per logged event.
        v.revealed = dict(st.revealed)
        v.events = list(st.events)
        v.winner = st._winner
        v.win_reason = st.win_reason
        return v

    # -- own grid helpers ------------------------------------------------
    @property
    def my_grid(self) -> dict[str, tuple[str, int]]:
        return {sp: (d, val) for d, (sp, val) in self.my_platoons.items()}

    @property
    def my_defeated(self) -> tuple:
        return self.defeated[self.seat] if self.seat is not None else ()

    def live_seats(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]

    def opponents(self) -> list[int]:
        return [s for s in self.live_seats() if s != self.seat]

    def is_my_decision(self) -> bool:
        return self.seat is not None and self.current_player == self.seat

    def knowledge(self, seat: int) -> dict:
        """Public marks on ``seat``'s grid (last answer per space, turns ago)."""
        return knowledge_from_events(self.events, seat, self.turn)

    # -- the decision, when it is this seat's ----------------------------
    def _own_platoons_idx(self) -> dict:
        return {d: (SPACE_INDEX[sp], val) for d, (sp, val) in self.my_platoons.items()}

    def legal_moves(self):
        if not self.is_my_decision() or self.pending["kind"] in ("start", "over"):
            return []
        return _legal(self.pending, self._own_platoons_idx(), self.my_reserves)

    def why_illegal(self, move) -> str | None:
        if self.pending.get("kind") == "over":
            return "the game is over"
        if not self.is_my_decision():
            return "it is not your decision"
        return _problem(move, self.pending, self._own_platoons_idx(), self.my_reserves, self.num_players)

    def parse_move(self, text: str) -> Move:
        move = parse_text(text)
        why = self.why_illegal(move)
        if why:
            raise NotLegalHere(f"{text.strip()}: {why}")
        return move

    def status_text(self, names=None) -> str:
        return status_line(self.pending, self.winner, self.win_reason, names)


def new_game(options: dict | None = None, n_seats: int = 2) -> CorpsState:
    return CorpsState(n_seats, options)
