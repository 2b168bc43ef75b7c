"""Artillery AI: Easy, Normal and Hard (see ``docs/artillery_ai.md``).

Every level sees only its seat's view (the other hand and an unrevealed card
are '??' there) and uses only ``ctx.rng`` for randomness.  One object per seat
per game; it keeps a cache of shot expectations between calls, never a plan it
relies on: any view it is handed gets a legal move.  This module decides
(cards, which unit activates, the actions, where a cannon hit lands); the
evaluation is :mod:`games.artillery.ai.evaluation`.

* **Hard** computes every expectation exactly (``games.artillery.rules.forecast``:
  shoot test, damage dice against Fortitude, halving, the furled-rigging bonus,
  Lucky and Critical rolls, cover and saves), weighs the opponent's *threat*
  (its potential against our exposed units), values crews short of their guns'
  minimum crew (and a shot by what its casualties do to the enemy's reloading),
  a critical roll by what each result would do to the section hit and what it
  houses (a dismounted battery gun, a dismasted ship),
  a unit's risk of routing, crews that stay with their mounted guns and, per
  scenario and side (``SCENARIO_PARAMS``), the landing party's caution and
  urgency and the little its Light guns are worth against its men, a second
  unit in the gatehouse, giving an idle unit one of a two-gun crew's guns, and
  the ship's crews keeping out of reach of muskets one move away (*reach*), and
  in the shore battery a casualty worth the man's musket too (*lethal*); and in
  the town the town's side leaves a building to the enemy that is nearer to it
  (*race*, read afresh from each view it is handed) and walks to an empty one
  (*empty_first*), and both sides there plan their activations whole.
  It plans the rest of its activation with a beam search (width 3) that ends at
  a shot (a volley at a unit counts, for the shore's landing party, the exact
  chance it breaks the unit, ``volley_rout``; the shore's fort also picks the unit to activate by that search's best
  line for each unit, ``plan_activate``; the others by each unit's best first
  action), chooses cards by the actions they give each unit plus the
  chance of winning the initiative (against the unseen card: every card of the
  other deck not yet shown, equally likely) times what going first is worth to
  that unit, and decides where a cannon hit on its gun crew lands by the gun's
  exact save.
* **Normal** plays greedily one action at a time with a rule of thumb for shots
  (hits times half the damage dice: no Fortitude, halving, cover or saves), no
  threat, plays its best card when it has a shot ready and otherwise the card
  with most actions, and always gives a man to a cannon hit.  In the shore
  battery it has three of Hard's rules that need no forecast or search
  (``SCENARIO_PARAMS["normal"]``): a casualty is worth the man's musket, and the
  landing party picks its card and where a cannon hit lands (by the gun's one
  save) as Hard does; without them it lost to Easy.  In the town its town side reads
  the races for the buildings as Hard's does (*race*, *empty_first*), for the same
  reason.
* **Easy** is Normal with a weaker pull towards objectives, random casualty
  choices, and noise: it often takes its second-best action.
"""
from __future__ import annotations

from games.artillery.rules import ArtilleryState, Move, Phase, card_key, odds
from games.artillery.rules import geometry as geo
from games.artillery.rules.data import ACTIONS, DECK
from games.artillery.rules.forecast import gone_chance, shot_forecast, small_arms_forecast
from games.artillery.rules.shots import fire_kind, fire_numbers, gun_save_tn

from .objectives import lost_races
from .evaluation import CASUALTY, DECISIVE, GUN_WORTH, LEVEL_PARAMS, LOADED, Evaluator, params_for

# ---------------------------------------------------------------------------
class ArtilleryAI:
    def __init__(self, level: str, seat: int):
        if level not in LEVEL_PARAMS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.seat = seat
        self.p = dict(LEVEL_PARAMS[level])
        self.ev = Evaluator(seat, self.p)
        self._role = ""    # "scenario/seat" whose weights self.p holds

    def choose(self, view: ArtilleryState, ctx) -> Move:
        ctx.check()
        moves = view.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        if len(moves) == 1:
            return moves[0]
        self.ev.seat = view.current_player()
        role = f"{view.scenario.name}/{self.ev.seat}"
        if self._role != role:
            self._role = role
            self.p.clear()
            self.p.update(params_for(self.level, view.scenario.name, self.ev.seat))
        self.ev.lost = lost_races(view, self.ev.seat) if "race" in self.p else frozenset()
        if view.decision is not None:
            return self._casualty(view, moves, ctx)
        if view.phase == Phase.PICK:
            return self._pick(view, moves, ctx)
        if view.phase == Phase.ACTIVATE:
            return self._activate(view, moves, ctx)
        return self._act(view, moves, ctx)

    # -- casualty choice -----------------------------------------------------------
    def _casualty(self, view: ArtilleryState, moves: list[Move], ctx) -> Move:
        mode = self.p["casualty"]
        if mode == 0:
            return ctx.rng.choice(moves)
        man = next((m for m in moves if m.a == "man"), moves[0])
        if mode == 1:
            return man
        d = view.decision or {}
        u = view.units[d.get("unit", "")]
        best, best_cost = man, 1.0 + (0.8 if u.models <= 2 else 0.0)
        origin = tuple(view.res["origin"]) if view.res else u.pos
        for m in moves:
            if m.a == "man":
                continue
            g = view.guns[m.a]
            fail = 1 - odds.p_success(gun_save_tn(view, g, origin))
            # own_guns: what this side's guns are worth to it against a man (shore/0)
            cost = fail * GUN_WORTH[g.type] * self.p.get("own_guns", 1.0)
            if cost < best_cost:
                best, best_cost = m, cost
        return best

    # -- cards ---------------------------------------------------------------------
    def _pick(self, view: ArtilleryState, moves: list[Move], ctx) -> Move:
        mode = self.p["cards"]
        if mode == 0:
            return ctx.rng.choice(moves)
        seat = self.seat = view.current_player()
        units = [u for u in view.live_units(seat) if u.id not in view.activated]
        mine = self.ev.firepower(view, seat)
        if mode == 1:
            if mine > 0.5:
                return min(moves, key=lambda m: card_key(m.a))
            return max(moves, key=lambda m: (self._actions_of(units, m.a), -card_key(m.a)[0], card_key(m.a)[1]))
        return self._pick_hard(view, moves, units, ctx)

    def _pick_hard(self, view: ArtilleryState, moves: list[Move], units, ctx) -> Move:
        """Each card is worth, for the unit it would best serve, the actions it gives
        plus the chance it wins the initiative times what going first is worth to
        that unit: shooting before the enemy moves, and being shot at less."""
        seat = self.seat
        threat = {u.id: self.ev.volley_at(view, u) for u in units}
        best, score = moves[0], -1e9
        for m in moves:
            ctx.check()
            pf = self._p_first(view, m.a)
            s = -1e9
            for u in units:
                n = ACTIONS[u.profile.experience][m.a[-1]] - (1 if u.fatigue else 0)
                shot = self._unit_shot(view, u)
                first = self.p["first_shot"] * shot + self.p["first_threat"] * threat[u.id]
                s = max(s, max(1, n) + pf * first)
            if s > score:
                best, score = m, s
        _ = seat
        return best

    def _unit_shot(self, view: ArtilleryState, u) -> float:
        wr = view.wrecked
        enemies = view.live_units(1 - u.seat)
        guns = [g for g in view.operable(u) if not g.spiked and not g.markers]
        best = 0.0
        for t in enemies:
            best = max(best, sum(self.ev.gun_vs_unit(view, g, t, wr) for g in guns),
                       self.ev.arms_vs_unit(view, u, t, wr))
        return best

    @staticmethod
    def _actions_of(units, card: str) -> float:
        if not units:
            return 0.0
        return max(ACTIONS[u.profile.experience][card[-1]] for u in units)

    def _p_first(self, view: ArtilleryState, card: str) -> float:
        """Chance ``card`` beats the other seat's unseen card (any card of its
        deck not yet shown this round, equally likely; ties are a coin flip)."""
        seen = set(c for c in view.shown if c)
        pool = [c for c in DECK if c not in seen]
        k = card_key(card)
        win = sum(1.0 if k < card_key(c) else (0.5 if k == card_key(c) else 0.0) for c in pool)
        return win / len(pool)

    # -- activation -----------------------------------------------------------------
    def _activate(self, view: ArtilleryState, moves: list[Move], ctx) -> Move:
        best, score = moves[0], -1e9
        for m in moves:
            ctx.check()
            c = view.copy()
            c.apply_trusted(m)
            if self.p.get("plan_activate") and c.current_player() == self.seat and c.phase == Phase.ACT:
                # Hard: the unit is worth the best line of its whole activation
                s = self._plan_line(c, c.legal_moves(), ctx)[1]
            else:
                s = self._best_action_value(c, ctx, sample=True)[1]
            u = view.units[m.a]
            s += 0.05 * u.models
            if self.p["noise"]:
                s += ctx.rng.gauss(0, self.p["noise"])
            if s > score:
                best, score = m, s
        return best

    # -- actions ---------------------------------------------------------------------
    def _act(self, view: ArtilleryState, moves: list[Move], ctx) -> Move:
        if self.p["beam"] > 1:
            return self._plan(view, moves, ctx)
        scored = self._score_actions(view, moves, ctx)
        scored.sort(key=lambda x: -x[0])
        k = int(self.p["topk"])
        if k > 1 and self.p["noise"]:
            pool = scored[:k]
            return max(pool, key=lambda x: x[0] + ctx.rng.gauss(0, self.p["noise"]))[1]
        return scored[0][1]

    def _plan(self, view: ArtilleryState, moves: list[Move], ctx) -> Move:
        return self._plan_line(view, moves, ctx)[0]

    def _plan_line(self, view: ArtilleryState, moves: list[Move], ctx) -> tuple[Move, float]:
        """Hard: a beam search over the rest of the activation.  A line ends at a
        shot (dice follow: its exact expected gain is added), at 'end', or when the
        actions run out; the best line's first action and its score."""
        act = view.act
        assert act is not None
        width = int(self.p["beam"])
        best_first, best_score = moves[0], -1e18
        beam: list[tuple[float, ArtilleryState, Move | None]] = [(0.0, view, None)]
        nodes = 0
        for depth in range(act.actions - act.used):
            nxt: list[tuple[float, float, ArtilleryState, Move]] = []
            for bonus, st, first in beam:
                legal = moves if st is view else st.legal_moves()
                for m in _thin(st, legal, sample=depth > 0):
                    ctx.check()
                    nodes += 1
                    if depth and nodes > PLAN_NODES:
                        break       # a fixed budget (not a clock): the same view, the same move
                    c = st.copy()
                    c.apply_trusted(m)
                    gain = bonus + self._gain(st, m)
                    score = self.ev.value(c) + gain
                    f = first or m
                    if m.kind in ("fire", "shoot", "end", "dreload") or not _same_activation(c, act.unit):
                        if score > best_score:
                            best_first, best_score = f, score
                    else:
                        nxt.append((score, gain, c, f))
            if not nxt:
                break
            nxt.sort(key=lambda x: -x[0])
            for score, _gain, _c, f in nxt[:1]:
                if score > best_score:
                    best_first, best_score = f, score
            beam = [(g, c, f) for _sc, g, c, f in nxt[:width]]
        return best_first, best_score

    def _gain(self, st: ArtilleryState, m: Move) -> float:
        """What an action adds beyond the static value of the state after it."""
        v = 0.0
        if m.kind == "fire":
            v += self._fire_gain(st, m)
        elif m.kind == "shoot" and st.act is not None:
            u = st.units[st.act.unit]
            fc = small_arms_forecast(st, u, m.a)
            cas = fc.expected_casualties if self.p["exact"] else fc.expected_hits * 0.6
            v += cas * self.ev.casualty_worth(st.units[m.a])
            if self.p.get("volley_rout"):
                v += self._break_gain(st, st.units[m.a], fc, True, u.pos)
        if m.kind in ("fire", "shoot") and st.act is not None and st.act.tests >= 1:
            v -= 1.2
        if m.kind in ("move", "turn"):
            v -= 0.03
        return v

    def _best_action_value(self, st: ArtilleryState, ctx, sample: bool = False) -> tuple[Move | None, float]:
        if st.current_player() != self.seat or st.phase != Phase.ACT:
            return None, self.ev.value(st)
        scored = self._score_actions(st, st.legal_moves(), ctx, sample)
        best = max(scored, key=lambda x: x[0])
        return best[1], best[0]

    def _score_actions(self, st: ArtilleryState, moves: list[Move], ctx,
                       sample: bool = False) -> list[tuple[float, Move]]:
        out = []
        for m in _thin(st, moves, sample):
            ctx.check()
            out.append((self._action_value(st, m), m))
        return out

    def _action_value(self, st: ArtilleryState, m: Move) -> float:
        c = st.copy()
        c.apply_trusted(m)
        return self.ev.value(c) + self._gain(st, m)

    def _fire_gain(self, st: ArtilleryState, m: Move) -> float:
        guns = [st.guns[g] for g in m.guns]
        cas, dmg, crits = self.ev.shot(st, guns, m.target, m.ammo)
        # the 'loaded' part of material rewards reloading; firing is what it is for
        per = self.ev.casualty_worth(st.units[m.target]) if m.target in st.units else CASUALTY
        recoup = sum(LOADED * GUN_WORTH[g.type] for g in guns)
        gain = cas * per + recoup
        if m.target in st.sections:
            shooter = st.units[guns[0].crew].seat if guns[0].crew in st.units else guns[0].seat
            gain += self.ev.structure_gain(st, m.target, dmg, crits, shooter)
            if self.p.get("finish"):
                # broadsides: a shot that may bring the enemy's masts down is worth the game
                gain += self.p["finish"] * DECISIVE * self.ev.cripple_chance(st, guns, m.target, m.ammo)
            origin = fire_numbers(st, guns, m.target, m.ammo)[1][0]
            # the shooter's own men in the section are hit too: a loss, not a gain
            gain -= 2 * CASUALTY * self.ev.own_losses(st, m.target, dmg, origin, cas, shooter)
            if self.p["exact"]:
                gain += self.ev.occupant_cost(st, m.target, dmg, origin, shooter)
                if gain - recoup <= 1e-9:
                    # Hard: a shot that does nothing (an empty house nobody owns) does not
                    # earn the load back: it tied with holding fire, so the town's Heavy
                    # emptied itself at the empty customs house in round 1 and spent two
                    # rounds reloading while the sailors walked in
                    return gain - recoup
        elif self.p["exact"]:
            t = st.units[m.target]
            fc = shot_forecast(st, guns, m.target, m.ammo)
            gain += 0.35 * (1 - fc.hits[0]) * (1 - odds.p_success(t.profile.resolve, natural=False))
            gain += self.ev.crew_cost(st, t) * fc.expected_casualties
            if self.p.get("volley_rout"):
                saves = fire_kind(guns) != "cannon" or m.ammo == "grape"
                gain += self._break_gain(st, t, fc, saves, fire_numbers(st, guns, m.target, m.ammo)[1][0])
        return gain

    def _break_gain(self, st: ArtilleryState, t, fc, saves: bool, origin) -> float:
        """Hard: what a volley is worth beyond its casualties when it may take the
        target off the table: the exact chance it is destroyed or routs, times the
        models it would still have and, in an objective section, the section."""
        p = gone_chance(st, t, fc.hits, saves, origin)
        stake = self.ev.unit_stake(st, t, max(0.0, t.models - fc.expected_casualties))
        return self.p["volley_rout"] * p * stake


#: positions the beam search may score beyond the first action (keeps an activation under 1 s)
PLAN_NODES = 260


def _same_activation(st: ArtilleryState, unit: str) -> bool:
    return st.phase == Phase.ACT and st.act is not None and st.act.unit == unit and st.need is None


def _thin(st: ArtilleryState, moves: list[Move], sample: bool = False) -> list[Move]:
    """All non-move actions, and a sample of destinations: any ending in a
    structure, and the far ones (every other grid point; with ``sample``, only
    about sixteen spread round the compass)."""
    out = []
    far: dict = {}
    for m in moves:
        if m.kind != "move" or m.pos is None:
            out.append(m)
            continue
        u = st.units[m.a]
        d = geo.dist(u.pos, m.pos)
        if st.table.section_at((float(m.pos[0]), float(m.pos[1])), st.wrecked) is not None:
            out.append(m)
        elif d >= u.profile.move - 2.0 and (m.pos[0] + m.pos[1]) % 2 == 0:
            if not sample:
                out.append(m)
                continue
            k = (m.flag, int(geo.bearing(u.pos, m.pos) // 22.5))
            if k not in far or d > far[k][0]:
                far[k] = (d, m)
    out += [m for _, m in far.values()]
    return out or moves


def make_ai(level: str, seat: int, options: dict | None = None) -> ArtilleryAI:
    return ArtilleryAI(level, seat)


