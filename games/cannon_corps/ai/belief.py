"""The Hard AI's belief about every opponent's hidden grid, built from public
events only (it never sees the state).

One :class:`SeatBelief` per opponent holds ``N`` particles; a particle is one
complete guess at that opponent's army: for each of the seven dice where it is
(reserve, defeated, or a space), its value, and what the table has seen of it.
Every public event filters the particles (a Miss at B3 kills every guess with a
platoon on B3; a platoon that survived 8 damage had more than 8; a revealed
defeated d12 must have been the platoon on that space) and moves them on (a
platoon that ran for cover stays or steps to an empty neighbour; a deployment
puts a reserve on an empty space).

Particles that survive are resampled when too few remain, then *rejuvenated*
so they do not all become copies of a few guesses.  The moves are exact:

* a platoon that has not been hit since it was placed can be on any currently
  empty space that has not answered since it was placed (any answer there would
  have been a Hit); one that ran for cover from z can be on z or a neighbour of
  z that has not answered since;
* a platoon that has never fired has value ``max - damage taken``, so its die
  may be swapped with any reserve die that would have survived that damage.

If an event still kills every particle (an opponent that plays unlike the
model), each particle is repaired to a nearby consistent guess instead.

Why one module of some 650 lines: the particle layout (flat lists indexed by
the constants below) is shared by every filter, move and repair here, and is
private to it; split, the halves would have to export that layout.
"""
from __future__ import annotations

import threading
from operator import is_
from typing import Any

from games.cannon_corps.rules import (
    DICE, DIE_INDEX, DIE_SIZES, NEIGHBOURS, SPACE_INDEX, AmmoEvent, AnswerEvent, CoverEvent, DefeatCause,
    DefeatedEvent, DeployEvent, EliminatedEvent, Event, ShotEvent, SurvivedEvent)

MAXV = [DIE_SIZES[d] for d in DICE]
RES, GONE = -1, -2
# particle layout: 5 fields x 7 dice, then the occupancy bitmask
L, V, D, S, A = 0, 7, 14, 21, 28      # loc, value, damage (-1: has fired), since, anchor
OCC = 35
FIELDS = (L, V, D, S, A)
PINNED = 99          # anchor of a platoon just hit, waiting for its cover decision
FULL = (1 << 12) - 1
BITS = tuple(tuple(i for i in range(12) if m >> i & 1) for m in range(1 << 12))   # mask -> spaces
NB_MASK = tuple(sum(1 << y for y in NEIGHBOURS[z]) for z in range(12))


def _random_particle(rng) -> list:
    p = [RES] * 7 + [0] * 7 + [0] * 7 + [0] * 7 + [-1] * 7 + [0]
    for k, x in zip(rng.sample(range(7), 4), rng.sample(range(12), 4), strict=True):
        p[k] = x
        p[V + k] = MAXV[k]
        p[OCC] |= 1 << x
    return p


def _fix_value(p, k: int) -> bool:
    """Recompute die k's value after a label swap; False if impossible."""
    loc = p[k]
    if loc == RES:
        p[V + k] = 0
        p[D + k] = 0
        return True
    if loc == GONE:
        return True
    dmg = p[D + k]
    if dmg >= 0:
        v = MAXV[k] - dmg
        if v <= 0:
            return False
        p[V + k] = v
        return True
    return p[V + k] <= MAXV[k]


def _swap(p, a: int, b: int) -> None:
    for f in FIELDS:
        p[f + a], p[f + b] = p[f + b], p[f + a]


def _relabel(p, k: int, d: int) -> bool:
    """Give the platoon now labelled k the die label d (swapping with whatever
    d is now) if the history allows it; otherwise leave p untouched."""
    if k == d:
        return True
    if p[d] == GONE:
        return False
    saved = p[V + k], p[V + d], p[D + k], p[D + d]
    _swap(p, k, d)
    if _fix_value(p, d) and _fix_value(p, k):
        return True
    _swap(p, k, d)
    p[V + k], p[V + d], p[D + k], p[D + d] = saved
    return False


def _remove(p, d: int) -> None:
    x = p[d]
    if x >= 0:
        p[OCC] &= ~(1 << x)
    p[d] = GONE
    p[V + d] = 0


def _at(p, x: int) -> int:
    return p.index(x, 0, 7)


def _gibbs_labels(p, rnd) -> None:
    """Die labels of platoons that never fired: swap die k with a random die r
    if both values stay positive (an inlined :func:`_relabel`)."""
    for k in range(7):
        if p[k] < 0:
            continue
        dk = p[D + k]
        if dk < 0:
            continue
        r = int(rnd() * 7)
        if r == k:
            continue
        pr = p[r]
        if pr == RES:
            if MAXV[r] <= dk:
                continue
            dr = 0
            vk = 0
        elif pr >= 0:
            dr = p[D + r]
            if dr < 0 or MAXV[r] <= dk or MAXV[k] <= dr:
                continue
            vk = MAXV[k] - dr
        else:
            continue
        p[r], p[k] = p[k], pr
        p[V + r], p[V + k] = MAXV[r] - dk, vk
        p[D + r], p[D + k] = dk, dr
        p[S + r], p[S + k] = p[S + k], p[S + r]
        p[A + r], p[A + k] = p[A + k], p[A + r]


def _fresh_mask(fresh_masks: dict[int, int], last, since: int) -> int:
    """The spaces with no answer since event ``since`` (cached per ``since``)."""
    fm = fresh_masks.get(since)
    if fm is None:
        fm = 0
        for y in range(12):
            if last[y] < since:
                fm |= 1 << y
        fresh_masks[since] = fm
    return fm


def _new_space(x: int, z: int, fm: int, others: int, q: float, rnd) -> int | None:
    """A space for a platoon on ``x`` (anchor ``z``) drawn from where it may be;
    None to leave it."""
    if z < 0:
        cands = BITS[fm & ~others & FULL]
        if len(cands) <= 1:
            return None
        return cands[int(rnd() * len(cands))]
    nbm = NB_MASK[z] & ~others
    n_nb = len(BITS[nbm])
    cands = BITS[nbm & fm]
    w_move = (1.0 - q) / n_nb if n_nb else 0.0
    stay_ok = (fm >> z & 1) and not others >> z & 1
    total = (q if stay_ok else 0.0) + w_move * len(cands)
    if total <= 0:
        return None
    r = rnd() * total
    if stay_ok and r < q:
        return z
    if not cands:
        return None
    return cands[min(len(cands) - 1, int((r - (q if stay_ok else 0.0)) / w_move))]


def _gibbs_positions(p, q: float, last, fresh_masks: dict[int, int], rnd) -> list[int]:
    """Move every platoon to a space drawn from where it may be; returns the
    dice on the grid that may move (not pinned awaiting a cover decision)."""
    occ = p[OCC]
    on = []
    for k in range(7):
        x = p[k]
        if x < 0:
            continue
        z = p[A + k]
        if z == PINNED:
            continue
        on.append(k)
        fm = _fresh_mask(fresh_masks, last, p[S + k])
        others = occ & ~(1 << x)
        y = _new_space(x, z, fm, others, q, rnd)
        if y is not None and y != x:
            p[k] = y
            occ = others | (1 << y)
    p[OCC] = occ
    return on


def _gibbs_trade(p, on: list[int], where, rnd) -> None:
    """Two platoons trade places (each must be allowed where the other is)."""
    n_on = len(on)
    if n_on < 2:
        return
    i = int(rnd() * n_on)
    j = int(rnd() * (n_on - 1))
    k, j = on[i], on[j + (j >= i)]
    x, y = p[k], p[j]
    wk_y = where(p[S + k], p[A + k], y)
    if wk_y > 0:
        wj_x = where(p[S + j], p[A + j], x)
        if wj_x > 0:
            now = where(p[S + k], p[A + k], x) * where(p[S + j], p[A + j], y)
            if now <= 0 or wk_y * wj_x >= now or rnd() * now < wk_y * wj_x:
                p[k], p[j] = y, x


def _own_salvo_filters(d: int, rng):
    """(keep, repair) of particles for die ``d`` defeated by its own final salvo."""
    def fn(p):
        if p[d] >= 0 and p[V + d] == 1:
            _remove(p, d)
            return True
        for k in range(7):
            if p[k] >= 0 and p[V + k] == 1 and _relabel(p, k, d):
                _remove(p, d)
                return True
        return False

    def repair(p):
        if p[d] < 0:
            k = rng.choice([k for k in range(7) if p[k] >= 0])
            _swap(p, k, d)
        _remove(p, d)
    return fn, repair


def _defeat_filters(d: int, x: int, cause: DefeatCause, power: int):
    """(keep, repair) of particles for die ``d`` defeated on space ``x`` by a
    shot of ``power`` (``cause`` SHOT) or by a final salvo (SALVO)."""
    def fn(p):
        k = _at(p, x)
        if k != d:
            q = list(p)
            if not _relabel(q, k, d) or (cause is DefeatCause.SHOT and q[V + d] > power):
                return False
            p[:] = q
        elif cause is DefeatCause.SHOT and p[V + k] > power:
            return False
        _remove(p, d)
        return True

    def repair(p):
        k = _at(p, x)
        if k != d and p[d] != GONE:
            _swap(p, k, d)
            k = d
        if p[k] == x:
            _remove(p, k)
    return fn, repair


class SeatBelief:
    def __init__(self, seat: int, n: int, rng, habits=(0.35, 0.40, 0.25)):
        self.seat = seat
        self.n = n
        self.parts = [_random_particle(rng) for _ in range(n)]
        self.defeats = 0
        self.out = False
        self.habit_w = list(habits)
        self.watch: int | None = None
        self.repairs = 0
        self.last_ans = [-1] * 12     # event index of the last answer per space
        self._stats: dict[str, Any] | None = None
        self._fresh = False

    # -- filtering machinery ---------------------------------------------
    def _filter(self, fn, repair, rng) -> None:
        self._stats = None
        self._fresh = False
        keep = [p for p in self.parts if fn(p)]
        if not keep:
            self.repairs += 1
            for p in self.parts:
                repair(p)
            keep = self.parts
        if len(keep) < self.n // 2:
            keep = keep + [list(keep[rng.randrange(len(keep))]) for _ in range(self.n - len(keep))]
            self.parts = keep
            self.rejuvenate(rng)
        self.parts = keep

    # The opponent's habits after a hit: three hypotheses (runs, mixes, stays
    # put and shoots at random), weighed by what the table has seen.
    HABITS = ((0.03, False), (0.30, False), (0.97, True))

    @property
    def stay_prob(self) -> float:
        w = self.habit_w
        return sum(wi * q for wi, (q, _) in zip(w, self.HABITS, strict=True)) / sum(w)

    def observe_stay(self, stayed: bool) -> None:
        self.habit_w = [wi * (q if stayed else 1.0 - q) for wi, (q, _) in zip(self.habit_w, self.HABITS, strict=True)]
        self._norm()

    def observe_shot(self, dead: bool, n_dead: int) -> None:
        """A shot at a space every target grid has already cleared (``dead``)
        is what a random shooter does, rarely a thinking one."""
        if n_dead == 0:
            return
        eps = 0.06
        self.habit_w = [wi * ((n_dead / 12.0 if dead else 1.0 - n_dead / 12.0) if rnd
                              else (eps if dead else 1.0 - eps))
                        for wi, (_, rnd) in zip(self.habit_w, self.HABITS, strict=True)]
        self._norm()

    def observe_salvo(self, cold: bool) -> None:
        """A final salvo fired at a space no target grid has answered Hit at
        lately: a random shooter does that; a thinking one keeps its salvo."""
        if cold:
            self.habit_w = [wi * (1.0 if rnd else 0.15) for wi, (_, rnd) in zip(self.habit_w, self.HABITS, strict=True)]
            self._norm()

    def observe_power(self, power: int) -> None:
        """A shot at a cold space with a platoon that is not the shooter's
        weakest (final salvoes aside): random shooters pick any platoon, while
        thinking ones probe with their weakest and save the strong ones."""
        if power <= 1:
            return
        sample = self.parts[:100]
        big = sum(1 for p in sample if any(p[k] >= 0 and 1 < p[V + k] < power for k in range(7)))
        f = big / len(sample)
        lr = (f * 0.6 + (1 - f) * 0.4, f * 0.2 + (1 - f) * 0.8)     # random, thinking
        self.habit_w = [wi * (lr[0] if rnd else lr[1]) for wi, (_, rnd) in zip(self.habit_w, self.HABITS, strict=True)]
        self._norm()

    def _norm(self) -> None:
        t = sum(self.habit_w)
        self.habit_w = [max(1e-6, wi / t) for wi in self.habit_w]

    def rejuvenate(self, rng) -> None:
        """Exact Gibbs moves on positions and unused die labels (see module doc)."""
        q = self.stay_prob
        last = self.last_ans
        rnd = rng.random
        fresh_masks: dict[int, int] = {}      # since -> spaces with no answer since then
        move_w = [(1.0 - q) / len(NEIGHBOURS[z]) for z in range(12)]

        def where(since, z, y):
            """Relative weight of a platoon placed or last hit at event ``since``
            (anchor ``z``: the space it ran for cover from, -1 if none)
            standing on y, from what the table saw since (0 if impossible)."""
            if last[y] >= since:
                return 0.0
            if z < 0:
                return 1.0
            if y == z:
                return q
            return move_w[z] if NB_MASK[z] >> y & 1 else 0.0
        for p in self.parts:
            _gibbs_labels(p, rnd)
            on = _gibbs_positions(p, q, last, fresh_masks, rnd)
            _gibbs_trade(p, on, where, rnd)
        self._stats = None
        self._fresh = True

    # -- events -----------------------------------------------------------
    def on_shot(self, power: int, rng) -> None:
        def fn(p):
            for k in range(7):
                if p[k] >= 0 and p[V + k] == power:
                    return True
            # a platoon that never fired may be another die
            for k in range(7):
                if p[k] >= 0 and p[D + k] >= 0:
                    for r in range(7):
                        if r != k and p[r] != GONE and (p[r] == RES or p[D + r] >= 0) \
                                and MAXV[r] - p[D + k] == power and _relabel(p, k, r):
                            return True
            return False

        def repair(p):
            cands = [k for k in range(7) if p[k] >= 0 and MAXV[k] >= power] or [k for k in range(7) if p[k] >= 0]
            if cands:
                k = rng.choice(cands)
                p[V + k] = power
                p[D + k] = -1
        self._filter(fn, repair, rng)

    def on_ammo(self, power: int, value: int, rng) -> None:
        def fn(p):
            cands = [k for k in range(7) if p[k] >= 0 and p[V + k] == power]
            if not cands:
                return False
            k = cands[0] if len(cands) == 1 else cands[rng.randrange(len(cands))]
            p[V + k] = value
            p[D + k] = -1
            return True

        def repair(p):
            cands = [k for k in range(7) if p[k] >= 0]
            if cands:
                k = rng.choice(cands)
                p[V + k] = value
                p[D + k] = -1
        self._filter(fn, repair, rng)

    def on_answer(self, x: int, hit: bool, e: int, rng) -> None:
        if self.watch == x:
            self.observe_stay(hit)
            self.watch = None
        bit = 1 << x
        self.last_ans[x] = e

        def fn(p):
            if bool(p[OCC] & bit) != hit:
                return False
            if hit:     # pinned on x until its owner's cover decision (or its defeat)
                p[A + _at(p, x)] = PINNED
            return True

        def repair(p):
            if bool(p[OCC] & bit) == hit:
                return
            if hit:
                k = rng.choice([k for k in range(7) if p[k] >= 0])
                p[OCC] &= ~(1 << p[k])
                p[k] = x
                p[OCC] |= bit
                p[A + k] = PINNED
            else:
                k = _at(p, x)
                empty = [y for y in range(12) if not p[OCC] >> y & 1]
                y = rng.choice(empty)
                p[OCC] &= ~bit
                p[k] = y
                p[OCC] |= 1 << y
        self._filter(fn, repair, rng)

    def on_survived(self, x: int, dmg: int, rng) -> None:
        def fn(p):
            k = _at(p, x)
            if p[V + k] <= dmg:
                if p[D + k] < 0:
                    return False
                ok = False
                for r in range(7):
                    if r != k and p[r] != GONE and (p[r] == RES or p[D + r] >= 0) \
                            and MAXV[r] - p[D + k] > dmg and _relabel(p, k, r):
                        k = r
                        ok = True
                        break
                if not ok:
                    return False
            p[V + k] -= dmg
            if p[D + k] >= 0:
                p[D + k] += dmg
            return True

        def repair(p):
            k = _at(p, x)
            p[V + k] = max(1, min(MAXV[k] - dmg, 3))
            p[D + k] = -1
        self._filter(fn, repair, rng)

    def on_defeated(self, die: str, x: int | None, cause: DefeatCause, power: int, rng) -> None:
        d = DIE_INDEX[die]
        self.defeats += 1
        if self.watch is not None and self.watch == x:
            self.watch = None
        if cause is DefeatCause.OWN_SALVO:
            fn, repair = _own_salvo_filters(d, rng)
        else:
            assert x is not None
            fn, repair = _defeat_filters(d, x, cause, power)
        self._filter(fn, repair, rng)

    def on_cover(self, x: int, e: int, rng) -> None:
        self.watch = x
        q = self.stay_prob

        def fn(p):
            k = _at(p, x)
            p[A + k] = x
            p[S + k] = e
            if rng.random() < q:
                return True
            occ = p[OCC]
            opts = [y for y in NEIGHBOURS[x] if not occ >> y & 1]
            if not opts:
                return True
            y = opts[rng.randrange(len(opts))]
            p[k] = y
            p[OCC] = (occ & ~(1 << x)) | (1 << y)
            return True
        self._filter(fn, lambda p: None, rng)

    def on_deploy(self, e: int, rng) -> None:
        self.watch = None

        def fn(p):
            res = [k for k in range(7) if p[k] == RES]
            if not res:
                return False
            k = res[rng.randrange(len(res))]
            occ = p[OCC]
            empty = [y for y in range(12) if not occ >> y & 1]
            y = empty[rng.randrange(len(empty))]
            p[k] = y
            p[V + k] = MAXV[k]
            p[D + k] = 0
            p[S + k] = e
            p[A + k] = -1
            p[OCC] = occ | (1 << y)
            return True

        def repair(p):
            pass
        self._filter(fn, repair, rng)

    # -- summaries ---------------------------------------------------------
    def stats(self, rng=None) -> dict:
        """``occ[x]``: chance a platoon is on x; ``vals[x]``: the values the
        particles put there, sorted (one per particle with a platoon on x);
        ``values``: a sorted sample of on-board values; ``lives``: defeats left."""
        if self._stats is not None:
            return self._stats
        if rng is not None and not self._fresh:
            self.rejuvenate(rng)
        cnt = [0] * 12
        vals: list[list[int]] = [[] for _ in range(12)]
        values = []
        parts = self.parts
        for p in parts:
            for k in range(7):
                x = p[k]
                if x >= 0:
                    cnt[x] += 1
                    vals[x].append(p[V + k])
        for p in parts[:40]:
            for k in range(7):
                if p[k] >= 0:
                    values.append(p[V + k])
        n = len(parts)
        for vs in vals:
            vs.sort()
        values.sort()
        self._stats = {"occ": [c / n for c in cnt], "vals": vals, "values": values,
                       "lives": 4 - self.defeats}
        return self._stats


class BeliefTracker:
    """Beliefs about every other seat, kept in step with the public event log."""

    def __init__(self, seat: int, n_seats: int, particles: int = 300, habits=(0.35, 0.40, 0.25)):
        self.habits = tuple(habits)
        self.seat = seat
        self.n_seats = n_seats
        self.particles = particles
        self.beliefs: dict[int, SeatBelief] = {}
        self.done = 0
        self.seen: list = []          # the public events taken in so far (the very objects)
        self.lock = threading.Lock()  # held by the AI thinking with this tracker
        self.power = 0
        self.out = [False] * n_seats
        # per seat, per space: event index of the last Miss there (or -1), and
        # of the last deployment / nearby cover that could have refilled it
        self.miss_e = [[-1] * 12 for _ in range(n_seats)]
        self.refill_e = [[0] * 12 for _ in range(n_seats)]
        self.hit_turn = [[-99] * 12 for _ in range(n_seats)]

    def dead_spaces(self, shooter: int) -> list[bool]:
        """Spaces every grid the shooter could hit has answered Miss at, with no
        platoon running for cover next to them since.  (A deployment could have
        gone there, but a thinking shooter still prefers fresh spaces.)"""
        targets = [t for t in range(self.n_seats) if t != shooter and not self.out[t]]
        return [bool(targets) and all(self.miss_e[t][x] > self.refill_e[t][x] for t in targets)
                for x in range(12)]

    def matches(self, view, same_objects: bool = False) -> bool:
        """Is ``view`` the same seat of the same game, with every event taken
        in so far at the start of its log?  With ``same_objects`` the events
        must be the very events taken in (the same game object in this process,
        not merely an equal history)."""
        if view.seat != self.seat or view.num_players != self.n_seats:
            return False
        ev = view.events
        if len(ev) < self.done:
            return False
        if same_objects:
            return all(map(is_, self.seen, ev))
        return all(a is b or a == b for a, b in zip(self.seen, ev, strict=False))   # ev may be longer

    def update(self, events, rng, check=None) -> None:
        """Take in the events not seen yet (``check`` is called between events
        and may raise to cancel; the tracker then resumes where it stopped)."""
        if not self.beliefs:
            self.beliefs = {o: SeatBelief(o, self.particles, rng, self.habits)
                            for o in range(self.n_seats) if o != self.seat}
        for i in range(self.done, len(events)):
            if check is not None:
                check()
            self._one(events[i], i + 1, rng)
            self.done = i + 1
            self.seen.append(events[i])

    def _one(self, ev: Event, e: int, rng) -> None:
        self._table(ev, e)
        b = self.beliefs.get(ev.seat)
        if b is None or b.out:
            return
        if isinstance(ev, ShotEvent):
            b.on_shot(ev.power, rng)
        elif isinstance(ev, AnswerEvent):
            b.on_answer(SPACE_INDEX[ev.space], ev.hit, e, rng)
        elif isinstance(ev, SurvivedEvent):
            b.on_survived(SPACE_INDEX[ev.space], ev.damage, rng)
        elif isinstance(ev, DefeatedEvent):
            x = SPACE_INDEX[ev.space] if ev.space else None
            b.on_defeated(ev.die, x, ev.cause, self.power, rng)
        elif isinstance(ev, CoverEvent):
            b.on_cover(SPACE_INDEX[ev.space], e, rng)
        elif isinstance(ev, DeployEvent):
            b.on_deploy(e, rng)
        elif isinstance(ev, AmmoEvent):
            b.on_ammo(ev.power, ev.value, rng)
        elif isinstance(ev, EliminatedEvent):
            b.out = True

    def _table(self, ev: Event, e: int) -> None:
        """The tracker's own bookkeeping of an event (the shooters' habits, the
        spaces that answered), before the particles of its seat take it in."""
        seat = ev.seat
        if isinstance(ev, ShotEvent):
            self.power = ev.power
            if seat in self.beliefs:
                x = SPACE_INDEX[ev.space]
                dead = self.dead_spaces(seat)
                self.beliefs[seat].observe_shot(dead[x], sum(dead))
                hot = any(self.hit_turn[t][x] >= ev.turn - 3
                          for t in range(self.n_seats) if t != seat and not self.out[t])
                if ev.salvo:
                    self.beliefs[seat].observe_salvo(not hot)
                elif not hot:
                    self.beliefs[seat].observe_power(ev.power)
        elif isinstance(ev, AnswerEvent):
            x = SPACE_INDEX[ev.space]
            self.miss_e[seat][x] = -1 if ev.hit else e
            if ev.hit:
                self.hit_turn[seat][x] = ev.turn
        elif isinstance(ev, CoverEvent):
            for y in NEIGHBOURS[SPACE_INDEX[ev.space]]:
                self.refill_e[seat][y] = e
        elif isinstance(ev, EliminatedEvent):
            self.out[seat] = True
