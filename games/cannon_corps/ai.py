"""Cannon Corps AIs.  Every AI reads only its seat's :class:`CorpsView`.

* Easy   -- random legal shots, setups and deployments; never moves after a hit.
* Normal -- heuristics over the public hit/miss marks: big dice at spaces that
  answered Hit, small dice to probe unknown spaces, final salvoes saved for
  good targets, always runs for cover.
* Hard   -- keeps a particle belief per opponent over where its platoons are,
  which dice they are and how strong, and over its habits
  (:mod:`games.cannon_corps.belief`), updated from every public event; aims
  where the most platoons are expected, probes with its weakest platoon,
  strikes a located platoon with enough power to finish it, takes shots that
  win the game, keeps final salvoes for when nothing else can fire; hides its
  deployments and cover moves where the table has seen a Miss, and bluffs.
"""
from __future__ import annotations

from games.cannon_corps.belief import BeliefTracker
from games.cannon_corps.rules import (
    DICE, DIE_SIZES, SPACE_INDEX, SPACES, CorpsView, Move)

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
    """Belief tracking, shots chosen by their expected outcome; hides and bluffs."""
    level = "hard"

    # Tuned in the arena (tests/bench/arena_cannon_corps.py).  What the tuning
    # taught: the game is a race to four defeats, so (1) aim where platoons most
    # likely are, (2) probe with the weakest platoon and keep the strong ones
    # strong (a halved platoon is easy prey), (3) strike with enough power only
    # once a platoon is located, (4) a final salvo costs a life of our own, so
    # fire one only when forced or when it likely wins the game.
    P = dict(
        particles=300,
        h_run=0.35, h_mix=0.40, h_stay=0.25,   # prior on an opponent's cover habit
        elim=1.0,           # a space holding a seat's last life counts this much extra
        strike=0.60,        # located: the chance a platoon is on the target space
        strike_pct=0.80,    # strike with power >= this quantile of its likely strength
        win_shot=0.50,      # take a shot that wins the game with at least this chance
        salvo_win=1.00,     # ... a final salvo needs this much more (it costs a life)
        stay=0.25,          # chance to bluff-stay after a hit
        setup="d20,d12,d10,d%",   # the dice it starts with ("random": any four)
    )

    def __init__(self, seat: int | None = None, params: dict | None = None):
        self.seat = seat
        self.p = dict(self.P)
        if params:
            self.p.update(params)
        self.tracker: BeliefTracker | None = None

    # -- belief ---------------------------------------------------------
    def _sync(self, view: CorpsView, rng, check=None):
        t = self.tracker
        if t is None or not t.matches(view):
            t = self.tracker = BeliefTracker(view.seat, view.num_players, int(self.p["particles"]),
                                             (self.p["h_run"], self.p["h_mix"], self.p["h_stay"]))
        t.update(view.events, rng, check)
        return t

    def choose(self, view, ctx):
        view = _need_view(view)
        kind = view.pending["kind"]
        rng = ctx.rng
        if kind == "setup":
            return self._setup(view, rng)
        tracker = self._sync(view, rng, ctx.check)
        if kind == "cover":
            return self._cover(view, rng)
        if kind == "deploy":
            return self._deploy(view, rng)
        return self._fire(view, tracker, ctx)

    # -- hiding ---------------------------------------------------------
    def _setup(self, view, rng) -> Move:
        if self.p["setup"] == "random":
            dice = rng.sample(DICE, 4)
        else:
            dice = self.p["setup"].split(",")
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
        stats = {o: tracker.beliefs[o].stats(rng) for o in opps}
        ctx.check()
        my_lives = 4 - len(view.defeated[me])
        plats = sorted(((v, DIE_SIZES[d], d) for d, (_, v) in view.my_platoons.items()))
        strong = [(v, d) for v, _, d in plats if v > 1]
        ones = [d for v, _, d in plats if v == 1]
        # per space: platoons expected there (a seat's last life counts extra)
        mass = []
        for x in range(12):
            m = 0.0
            for o in opps:
                st = stats[o]
                m += st["occ"][x] * (1.0 + (p["elim"] if st["lives"] == 1 else 0.0))
            mass.append(m + rng.random() * 1e-9)

        def p_win(x, power):
            """Chance a shot knocks out every opponent still standing."""
            pw = 1.0
            for o in opps:
                st = stats[o]
                if st["lives"] != 1:
                    return 0.0
                vals = st["vals"][x]
                if not vals:
                    return 0.0
                pk = 1.0 if power == 1 else sum(1 for w in vals if w <= power) / len(vals)
                pw *= st["occ"][x] * pk
            return pw

        # 1. a shot that probably wins the game (a final salvo only if nothing else can fire)
        if all(stats[o]["lives"] == 1 for o in opps):
            best = None
            for v, _, d in plats:
                for x in range(12):
                    w = p_win(x, v) - (p["salvo_win"] if v == 1 and strong else 0.0)
                    if best is None or w > best[0]:
                        best = (w, d, x)
            if best[0] >= p["win_shot"] or not strong:
                return Move("fire", best[1], SPACES[best[2]])
        x = max(range(12), key=lambda i: mass[i])
        # 2. only final salvoes left: fire the one that does the most good
        if not strong:
            if my_lives <= 1:           # a suicide unless it takes everyone down
                x = max(range(12), key=lambda i: (p_win(i, 1), mass[i]))
            return Move("fire", ones[0], SPACES[x])
        # 3. a located platoon: strike hard enough to finish it
        top = max((stats[o]["occ"][x] for o in opps), default=0.0)
        if top >= p["strike"]:
            vals = sorted(w for o in opps for w in stats[o]["vals"][x])
            need = vals[min(len(vals) - 1, int(p["strike_pct"] * len(vals)))] if vals else 0
            for v, d in strong:
                if v >= need:
                    return Move("fire", d, SPACES[x])
            return Move("fire", strong[-1][1], SPACES[x])
        # 4. otherwise probe with the weakest platoon that is not a final salvo
        return Move("fire", strong[0][1], SPACES[x])


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
