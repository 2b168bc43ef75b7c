"""Cannon Corps AIs.  Every AI reads only its seat's :class:`CorpsView`.

* Easy   -- random legal shots, setups and deployments; never moves after a hit.
* Normal -- heuristics over the public hit/miss marks: big dice at spaces that
  answered Hit, small dice to probe unknown spaces, final salvoes saved for
  good targets, always runs for cover.
* Hard   -- keeps a particle belief per opponent over where its platoons are,
  which dice they are and how strong (:mod:`games.cannon_corps.belief`),
  updated from every public event; scores every (platoon, space) by expected
  kills and damage against its own ammo spent; hides its deployments and
  cover moves where the table believes there is nothing, and bluffs.
"""
from __future__ import annotations

from games.cannon_corps.belief import BeliefTracker
from games.cannon_corps.rules import (
    DICE, DIE_SIZES, NEIGHBOURS, SPACE_INDEX, SPACES, CorpsView, Move)

LEVELS = ("easy", "normal", "hard")


def _need_view(view) -> CorpsView:
    if not isinstance(view, CorpsView):
        raise TypeError(f"a Cannon Corps AI must be handed a CorpsView, not {type(view).__name__}")
    if not view.is_my_decision():
        raise ValueError("it is not this seat's decision")
    return view


def _random_setup(rng, dice=None, spaces=None) -> Move:
    dice = dice or rng.sample(DICE, 4)
    spaces = spaces or rng.sample(SPACES, 4)
    return Move.setup(zip(dice, spaces))


# --------------------------------------------------------------------------
class EasyAI:
    level = "easy"

    def __init__(self, seat: int | None = None):
        self.seat = seat

    def choose(self, view, ctx):
        view = _need_view(view)
        kind = view.pending["kind"]
        if kind == "setup":
            return _random_setup(ctx.rng)
        if kind == "cover":
            return Move("stay", view.pending["die"])
        moves = view.legal_moves()
        return moves[ctx.rng.randrange(len(moves))]


# --------------------------------------------------------------------------
def public_marks(view: CorpsView, seat: int) -> dict[int, tuple[str, int]]:
    """space index -> ("hit"|"miss"|"gone", turn) as the table knows it for ``seat``.
    "hit" means a platoon answered Hit there and survived (it may have moved)."""
    marks: dict[int, tuple[str, int]] = {}
    for sp, k in view.knowledge(seat).items():
        i = SPACE_INDEX[sp]
        if k["answer"] == "miss":
            marks[i] = ("miss", k["turn"])
        elif k["result"] == "defeated":
            marks[i] = ("gone", k["turn"])
        else:
            marks[i] = ("hit", k["turn"])
    return marks


class NormalAI:
    """Sensible heuristics over the public marks (no belief tracking)."""
    level = "normal"

    def __init__(self, seat: int | None = None):
        self.seat = seat

    def choose(self, view, ctx):
        view = _need_view(view)
        kind = view.pending["kind"]
        rng = ctx.rng
        if kind == "setup":
            return _random_setup(rng)
        if kind == "cover":
            opts = view.pending.get("options") or []
            if opts:
                return Move("cover", view.pending["die"], rng.choice(opts))
            return Move("stay", view.pending["die"])
        if kind == "deploy":
            die = max(view.pending["reserves"], key=lambda d: DIE_SIZES[d])
            return Move("deploy", die, rng.choice(view.pending["options"]))
        return self._fire(view, ctx)

    def _fire(self, view: CorpsView, ctx):
        rng = ctx.rng
        opps = view.opponents()
        marks = {o: public_marks(view, o) for o in opps}
        # score spaces: fresh hits first, then spaces nobody has answered Miss at
        hit_score = [0.0] * 12
        unknown = [0] * 12
        for o in opps:
            for i in range(12):
                m = marks[o].get(i)
                if m is None or m[0] == "gone":
                    unknown[i] += 1
                elif m[0] == "hit":
                    age = view.turn - m[1]
                    hit_score[i] += 1.0 / (1 + age)
        ctx.check()
        plats = sorted(view.my_platoons.items(), key=lambda kv: kv[1][1])
        strong = [(d, v) for d, (_, v) in plats if v >= 2]
        ones = [d for d, (_, v) in plats if v == 1]
        best_hit = max(range(12), key=lambda i: (hit_score[i], rng.random()))
        if hit_score[best_hit] > 0:
            if strong:
                return Move("fire", strong[-1][0], SPACES[best_hit])
            return Move("fire", ones[0], SPACES[best_hit])
        top = max(unknown)
        cands = [i for i in range(12) if unknown[i] == top]
        target = SPACES[rng.choice(cands)]
        if strong:
            return Move("fire", strong[0][0], target)
        return Move("fire", ones[0], target)


# --------------------------------------------------------------------------
class HardAI:
    """Belief tracking + expected-value shot selection; hides and bluffs."""
    level = "hard"

    # weights (tuned in the arena: tests/bench/arena_cannon_corps.py)
    P = dict(
        particles=300,
        kill=10.0,          # one enemy platoon defeated
        elim=10.0,          # extra when that defeat knocks the seat out
        win=200.0,          # extra when it wins the game
        power=0.35,         # per point of enemy power destroyed
        locate=1.0,         # a survivor we now know the neighbourhood of
        ammo=0.35,          # per point of our own power spent
        info=1.5,           # x p(1-p): what a probe teaches
        salvo_cost=7.0,     # our own platoon lost to its salvo (life earlier than needed)
        last_life=200.0,    # a salvo with our last life (unless it wins)
        frag=2.0,           # our platoon made easier to kill
        stay=0.25,          # chance to bluff-stay after a hit
        big_setup=True,     # start with the big dice
    )

    def __init__(self, seat: int | None = None, params: dict | None = None):
        self.seat = seat
        self.p = dict(self.P)
        if params:
            self.p.update(params)
        self.tracker: BeliefTracker | None = None

    # -- belief ---------------------------------------------------------
    def _sync(self, view: CorpsView, rng):
        t = self.tracker
        if t is None or not t.matches(view):
            t = self.tracker = BeliefTracker(view.seat, view.num_players, self.p["particles"])
        t.update(view.events, rng)
        return t

    def choose(self, view, ctx):
        view = _need_view(view)
        kind = view.pending["kind"]
        rng = ctx.rng
        if kind == "setup":
            return self._setup(view, rng)
        tracker = self._sync(view, rng)
        ctx.check()
        if kind == "cover":
            return self._cover(view, rng)
        if kind == "deploy":
            return self._deploy(view, rng)
        return self._fire(view, tracker, ctx)

    # -- hiding ---------------------------------------------------------
    def _setup(self, view, rng) -> Move:
        if self.p["big_setup"]:
            dice = ["d20", "d12", "d10", "d%"]
        else:
            dice = rng.sample(DICE, 4)
        return _random_setup(rng, dice=dice)

    def _hide_score(self, view, seat_marks, i) -> float:
        """How unlikely the table thinks a platoon is on space i of my grid:
        a recent Miss there makes a good hiding place."""
        m = seat_marks.get(i)
        if m is None:
            return 0.0
        if m[0] == "miss" or m[0] == "gone":
            return 1.0 / (1 + 0.15 * (view.turn - m[1]))
        return -1.0

    def _cover(self, view, rng) -> Move:
        die = view.pending["die"]
        opts = view.pending.get("options") or []
        if not opts or rng.random() < self.p["stay"]:
            return Move("stay", die)
        marks = public_marks(view, view.seat)
        weights = [1.0 + 2.0 * max(0.0, self._hide_score(view, marks, SPACE_INDEX[s])) for s in opts]
        return Move("cover", die, _weighted(rng, opts, weights))

    def _deploy(self, view, rng) -> Move:
        res = view.pending["reserves"]
        die = max(res, key=lambda d: DIE_SIZES[d])
        opts = view.pending["options"]
        marks = public_marks(view, view.seat)
        weights = [1.0 + 3.0 * max(0.0, self._hide_score(view, marks, SPACE_INDEX[s])) for s in opts]
        return Move("deploy", die, _weighted(rng, opts, weights))

    # -- shooting ---------------------------------------------------------
    def _fire(self, view, tracker: BeliefTracker, ctx) -> Move:
        p = self.p
        rng = ctx.rng
        me = view.seat
        opps = view.opponents()
        stats = {o: tracker.beliefs[o].stats() for o in opps}
        ctx.check()
        my_lives = 4 - len(view.defeated[me])
        values = sorted({v for _, v in view.my_platoons.values()})
        # chance that an enemy shot could defeat one of our platoons at value w
        enemy_vals = []
        for o in opps:
            enemy_vals.extend(stats[o]["values"])
        def frag(w):
            if not enemy_vals:
                return 0.0
            return sum(1 for ev in enemy_vals if ev >= w or ev == 1) / len(enemy_vals)
        best, best_score = None, None
        for die, (_, v) in sorted(view.my_platoons.items(), key=lambda kv: DIE_SIZES[kv[0]]):
            salvo = v == 1
            for x in range(12):
                gain = 0.0
                p_all_out = 1.0
                for o in opps:
                    st = stats[o]
                    occ = st["occ"][x]
                    if occ <= 0.0:
                        p_all_out = 0.0 if st["lives"] > 0 else p_all_out
                        gain += 0.0
                        continue
                    vals = st["vals"][x]
                    n = len(vals)
                    if salvo:
                        pk = 1.0
                        mean_v = sum(vals) / n
                        gain_kill = p["kill"] + p["power"] * mean_v
                        gain_surv = 0.0
                    else:
                        killed = [w for w in vals if w <= v]
                        pk = len(killed) / n
                        gain_kill = p["kill"] + (p["power"] * sum(killed) / len(killed) if killed else 0.0)
                        gain_surv = p["power"] * v + p["locate"]
                    if st["lives"] == 1:
                        gain_kill += p["elim"] + (p["win"] if len(opps) == 1 else 0.0)
                        p_all_out *= occ * pk
                    else:
                        p_all_out = 0.0
                    gain += occ * (pk * gain_kill + (1 - pk) * gain_surv)
                    gain += p["info"] * occ * (1 - occ)
                if salvo:
                    if my_lives <= 1:
                        cost = p["last_life"] * (1 - p_all_out)
                    else:
                        cost = p["salvo_cost"]
                        if len(opps) > 1 and p_all_out > 0:
                            gain += p["win"] * p_all_out
                else:
                    cost = p["ammo"] * (v - v // 2) + p["frag"] * p["kill"] * 0.1 * (frag(v // 2) - frag(v))
                score = gain - cost + rng.random() * 1e-3
                if best_score is None or score > best_score:
                    best, best_score = Move("fire", die, SPACES[x]), score
            ctx.check()
        return best


def _weighted(rng, items, weights):
    total = sum(weights)
    r = rng.random() * total
    for it, w in zip(items, weights):
        r -= w
        if r <= 0:
            return it
    return items[-1]


def make_ai(level: str, seat: int | None = None, options: dict | None = None):
    if level == "easy":
        return EasyAI(seat)
    if level == "normal":
        return NormalAI(seat)
    if level == "hard":
        return HardAI(seat)
    if level == "random":
        from games.core.ai import RandomAI
        return RandomAI()
    raise ValueError(f"unknown level {level!r} (easy, normal, hard)")
