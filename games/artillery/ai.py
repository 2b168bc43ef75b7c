"""Artillery AI: Easy, Normal and Hard (see ``docs/artillery_ai.md``).

Every level sees only its seat's view (the other hand and an unrevealed card
are '??' there) and uses only ``ctx.rng`` for randomness.  One object per seat
per game; it keeps a cache of shot expectations between calls, never a plan it
relies on: any view it is handed gets a legal move.

* Evaluation (:class:`Evaluator`): material (models, fatigue, guns, crews with
  their guns), the scenario's objective, structure damage, and *potential*:
  what our guns and muskets could expect to do to their best target with the
  next shot, weighted by how soon each gun is loaded.
* **Hard** computes every expectation exactly (``games.artillery.forecast``:
  shoot test, damage dice against Fortitude, halving, the furled-rigging bonus,
  Lucky and Critical rolls, cover and saves), adds *threat* (the same potential
  for the enemy, so it keeps out of arcs and sight and shoots first at what
  threatens it), values crews short of their guns' minimum crew, plans the rest
  of its activation with a beam search (width 3) that ends at a shot, chooses
  cards by the actions they give each unit plus the chance of winning the
  initiative (against the unseen card: every card of the other deck not yet
  shown, equally likely) times what going first is worth to that unit, and
  decides where a cannon hit on its gun crew lands by the gun's exact save.
* **Normal** plays greedily one action at a time with a rule of thumb for shots
  (hits times half the damage dice: no Fortitude, halving, cover or saves), no
  threat, plays its best card when it has a shot ready and otherwise the card
  with most actions, and always gives a man to a cannon hit.
* **Easy** is Normal with a weaker pull towards objectives, random casualty
  choices, and noise: it often takes its second-best action.
"""
from __future__ import annotations

from typing import Any

from games.artillery import geometry as geo
from games.artillery import odds
from games.artillery.actions import gun_check, sort_ids, unit_sight, unit_distance
from games.artillery.data import ACTIONS, ARTILLERY, DECK, SHOT, STRUCTURES
from games.artillery.forecast import shot_forecast, small_arms_forecast
from games.artillery.resolve import gun_save_tn, rout_threshold
from games.artillery.rules import ArtilleryState, Move, card_key

GUN_WORTH = {"swivel": 1.2, "light": 3.0, "medium": 4.0, "heavy": 5.0}
#: worth of a loaded gun over an empty one, as a fraction of the gun's worth
LOADED = 0.12
LEVEL_PARAMS: dict[str, dict[str, float]] = {
    "easy": {"threat": 0.0, "potential": 0.3, "noise": 0.3, "topk": 2, "cards": 1, "casualty": 0,
             "prog": 0.5, "service": 0.0, "exact": 0, "beam": 1},
    "normal": {"threat": 0.0, "potential": 0.35, "noise": 0.0, "topk": 1, "cards": 1, "casualty": 1,
               "prog": 1.0, "service": 0.0, "exact": 0, "beam": 1},
    "hard": {"threat": 0.55, "potential": 0.45, "noise": 0.0, "topk": 1, "cards": 2, "casualty": 2,
             "prog": 1.0, "service": 1.0, "exact": 1, "beam": 3,
             "first_shot": 0.6, "first_threat": 0.5, "exposed": 1},
}


def readiness(markers: int) -> float:
    """How soon a gun fires again, 1 when loaded."""
    return max(0.0, 1.0 - 0.22 * markers)


class Evaluator:
    """Scores positions from one seat's point of view; caches shot expectations."""

    def __init__(self, seat: int, params: dict[str, float]):
        self.seat = seat
        self.p = params
        self._shot_cache: dict[Any, float] = {}

    # -- pieces ----------------------------------------------------------------
    def material(self, st: ArtilleryState) -> float:
        v = 0.0
        for u in st.units.values():
            if not u.alive:
                continue
            w = u.models * 1.0 - 0.35 * u.fatigue
            if u.fatigue >= rout_threshold(u) - 1:
                w -= 0.8
            v += w if u.seat == self.seat else -w
        for g in st.guns.values():
            if g.destroyed or g.spiked:
                continue
            crew = st.crew_of(g)
            side = crew.seat if crew else g.seat
            worth = GUN_WORTH[g.type] * ((1.0 if st.cohesive(g, crew) else 0.6) if crew else 0.35)
            if crew:
                worth += LOADED * GUN_WORTH[g.type] * (4 - min(4, g.markers)) / 4
            v += worth if side == self.seat else -worth
        return v

    def service(self, st: ArtilleryState) -> float:
        """Crews short of the models their guns need reload slowly: a penalty
        per missing model (own minus enemy)."""
        v = 0.0
        for u in st.units.values():
            if not u.alive:
                continue
            need = sum(g.stats.min_crew for g in st.guns_of(u.id) if not g.spiked and not g.stats.swivel)
            short = max(0, need - u.models)
            v += -0.6 * short if u.seat == self.seat else 0.6 * short
        return v

    def structures(self, st: ArtilleryState) -> float:
        v = 0.0
        sc = st.scenario
        for sid, s in st.sections.items():
            owner = st.section_owner(sid)
            if owner is None:
                continue
            w = 0.35
            if sc.victory == "anchor" and sid == sc.params["rigging"]:
                w = 2.2
            dmg = s.tally * w + s.down * 2.0 + (6.0 if s.wrecked else 0.0)
            v += -dmg if owner == self.seat else dmg
        return v

    def objective(self, st: ArtilleryState) -> float:
        f = _OBJECTIVES[st.scenario.victory]
        return f(self, st)

    # -- shots -------------------------------------------------------------------
    def gun_vs_unit(self, st: ArtilleryState, gun, target, wrecked: frozenset) -> float:
        """Expected casualties one gun alone could inflict on a unit now (best ammo)."""
        key = (gun.id, gun.pos, gun.facing, target.id, target.pos, target.models, wrecked)
        got = self._shot_cache.get(key)
        if got is None:
            got = 0.0
            c = gun_check(st, gun, target.id)
            if c.in_arc and c.sight:
                for ammo in (("swivel",) if gun.stats.swivel else gun.ammo):
                    if _fire_ok(st, gun, target.id, ammo):
                        got = max(got, self.shot(st, [gun], target.id, ammo)[0])
            self._shot_cache[key] = got
        return got

    def gun_vs_section(self, st: ArtilleryState, gun, sid: str, occ: tuple) -> float:
        """Expected gain of one gun firing at a section now (best shot type)."""
        sec = st.sections[sid]
        key = (gun.id, gun.pos, gun.facing, sid, sec.tally, sec.down, occ)
        got = self._shot_cache.get(key)
        if got is None:
            got = 0.0
            c = gun_check(st, gun, sid)
            if c.in_arc and c.sight and not gun.stats.swivel:
                for ammo in gun.ammo:
                    if ammo != "grape" and _fire_ok(st, gun, sid, ammo):
                        cas, dmg, crits = self.shot(st, [gun], sid, ammo)
                        got = max(got, self.structure_gain(st, sid, dmg, crits) + cas)
            self._shot_cache[key] = got
        return got

    def shot(self, st: ArtilleryState, guns, target: str, ammo: str) -> tuple[float, float, float]:
        """(expected casualties, structure damage, critical rolls): exact for Hard,
        the rule of thumb for the other levels."""
        if not self.p["exact"]:
            return rough_shot(st, guns, target, ammo)
        fc = shot_forecast(st, guns, target, ammo)
        return fc.expected_casualties, fc.expected_damage, fc.expected_crits

    def structure_gain(self, st: ArtilleryState, sid: str, dmg: float, crits: float) -> float:
        sc = st.scenario
        w = 2.2 if sc.victory == "anchor" and sid == sc.params["rigging"] else 0.35
        return dmg * w + crits * 1.2

    def arms_vs_unit(self, st: ArtilleryState, u, t, wrecked: frozenset) -> float:
        key = ("arms", u.id, u.pos, u.models, t.id, t.pos, t.models, wrecked)
        got = self._shot_cache.get(key)
        if got is None:
            got = 0.0
            d, _ = unit_distance(st, u, t.id)
            if u.profile.arms_range > 0 and d <= u.profile.arms_range and unit_sight(st, u, t.id) is None:
                fc = small_arms_forecast(st, u, t.id)
                got = fc.expected_casualties if self.p["exact"] else fc.expected_hits
            self._shot_cache[key] = got
        if len(self._shot_cache) > 60000:
            self._shot_cache.clear()
        return got

    def firepower(self, st: ArtilleryState, seat: int, exposed_only: bool = False) -> float:
        """What ``seat``'s units could expect to do with their next shot (best
        target each, guns weighted by readiness); cached per unit and situation.
        With ``exposed_only`` only targets outside the scenario's objective
        sections count (what holds an objective does not flee fire)."""
        enemies = st.live_units(1 - seat)
        if exposed_only:
            held = _objective_sections(st)
            enemies = [t for t in enemies if st.unit_section(t) not in held]
        esig = tuple((t.id, t.pos, t.models) for t in enemies)
        wr = st.wrecked
        sections = [s for s in st.sections if s not in wr and st.section_owner(s) == 1 - seat]
        ssig = tuple((s, st.sections[s].tally, st.sections[s].down) for s in sections)
        total = 0.0
        for u in st.live_units(seat):
            guns = [g for g in st.operable(u) if not g.spiked]
            gsig = tuple((g.id, g.pos, g.facing, g.markers) for g in guns)
            key = ("fp", u.id, u.pos, u.models, gsig, esig, ssig, wr)
            best = self._shot_cache.get(key)
            if best is None:
                best = self._unit_best(st, u, guns, enemies, sections, wr)
                self._shot_cache[key] = best
            total += best
        return total

    def _unit_best(self, st: ArtilleryState, u, guns, enemies, sections, wr) -> float:
        best = 0.0
        for t in enemies:
            g_sum = sum(self.gun_vs_unit(st, g, t, wr) * readiness(g.markers) for g in guns)
            best = max(best, g_sum, self.arms_vs_unit(st, u, t, wr))
        if guns:
            occ = {sid: tuple((x.id, x.models) for x in enemies
                              if st.table.inside(x.pos, st.table.sections[sid].poly)) for sid in sections}
            for sid in sections:
                best = max(best, sum(self.gun_vs_section(st, g, sid, occ[sid]) * readiness(g.markers)
                                     for g in guns))
        return best

    # -- the whole -----------------------------------------------------------------
    def value(self, st: ArtilleryState) -> float:
        if st.over:
            w = st.winner_seat
            return 0.0 if w is None else (1000.0 if w == self.seat else -1000.0)
        v = self.material(st) + self.structures(st) + self.objective(st)
        if self.p["service"]:
            v += self.service(st)
        if self.p["potential"]:
            v += self.p["potential"] * self.firepower(st, self.seat)
        if self.p["threat"]:
            v -= self.p["threat"] * self.firepower(st, 1 - self.seat, exposed_only=bool(self.p["exposed"]))
        return v


def rough_shot(st: ArtilleryState, guns, target: str, ammo: str) -> tuple[float, float, float]:
    """Normal's rule of thumb: (casualties, structure damage, crits) from the shoot
    test's target number only: every hit on a unit is a casualty, every hit on a
    structure brings half its damage dice, halved again where the shot type says
    so; Fortitude, range on the damage dice, the furled-rigging bonus, cover and
    saves are ignored."""
    from games.artillery.actions import fire_kind, fire_numbers
    kind = fire_kind(guns)
    tn = fire_numbers(st, guns, target, ammo)[4]
    p = odds.p_success(tn)
    if kind == "swivel":
        dice = sum(g.stats.initial_dice for g in guns)
    elif ammo == "grape":
        dice = sum(1 + g.stats.damage_dice for g in guns)
    else:
        dice = len(guns)
    if target in st.units:
        return min(dice * p, float(st.units[target].models)), 0.0, 0.0
    if ammo == "grape" or kind == "swivel":
        return 0.0, dice * p * 0.5, 0.0
    dmg = sum(p * g.stats.damage_dice * 0.5 for g in guns)
    shot = SHOT[ammo]
    if (shot.halves_rigging if st.table.is_rigging(target) else shot.halves_structures):
        dmg /= 2
    return dmg * 0.3, dmg, 0.0


def _fire_ok(st: ArtilleryState, gun, target: str, ammo: str) -> bool:
    from games.artillery.actions import _target_problem, sight_problem
    crew = st.crew_of(gun)
    if crew is None:
        return False
    if _target_problem(st, crew, [gun], target, ammo):
        return False
    return sight_problem(st, [gun], target, ammo) is None


# -- objectives (from the evaluator's seat) ----------------------------------------
def _objective_sections(st: ArtilleryState) -> tuple:
    p = st.scenario.params
    if "objectives" in p:
        return tuple(p["objectives"])
    if "gate" in p:
        return (p["gate"],)
    return ()


def _mobile(st: ArtilleryState, seat: int):
    """Units free to walk about (not tied to guns)."""
    return [u for u in st.live_units(seat) if not st.guns_of(u.id)]


def _near(st: ArtilleryState, seat: int, sid: str) -> float:
    poly = st.table.sections[sid].poly
    units = _mobile(st, seat) or st.live_units(seat)
    if not units:
        return 99.0
    return min(geo.point_poly_dist(u.pos, poly) for u in units)


def _obj_hold(ev: Evaluator, st: ArtilleryState) -> float:
    from games.artillery.victory import holder
    me, p = ev.seat, st.scenario.params
    v = 5.0 * (st.score[me] - st.score[1 - me])
    left = max(0, st.scenario.rounds - max(st.round, p["score_from"]) + 1)
    for sid in p["objectives"]:
        h = holder(st, sid)
        if h is not None:
            v += (2.0 + 2.0 * left) * (1 if h == me else -1)
        v += ev.p["prog"] * 0.25 * (min(_near(st, 1 - me, sid), 20.0) - min(_near(st, me, sid), 20.0))
    return v


def _obj_shore(ev: Evaluator, st: ArtilleryState) -> float:
    from games.artillery.victory import holder
    p = st.scenario.params
    att = p["attacker"]
    sign = 1 if ev.seat == att else -1
    v = 0.0
    for gid in p["battery"]:
        g = st.guns[gid]
        if g.destroyed or g.spiked:
            v += 7.0
        elif st.crew_of(g) is None:
            v += 2.5
    gate = p["gate"]
    inside = st.units_in_section(gate)
    mine = sum(u.models for u in inside if u.seat == att)
    theirs = sum(u.models for u in inside if u.seat != att)
    if holder(st, gate) == att:
        v += 14.0
    elif mine and theirs:
        v += 2.0
    v -= 0.6 * theirs + (3.0 if theirs else 0.0)          # the garrison stands in the way
    poly = st.table.sections[gate].poly
    for u in _mobile(st, att):
        v -= ev.p["prog"] * 0.3 * min(geo.point_poly_dist(u.pos, poly), 30.0) * min(1.0, u.models / 4)
    return sign * v


def _obj_anchor(ev: Evaluator, st: ArtilleryState) -> float:
    p = st.scenario.params
    fort = 1 - p["ship"]
    sign = 1 if ev.seat == fort else -1
    v = 0.0
    rig = p["rigging"]
    f = st.fortitude(rig)
    base = STRUCTURES[st.sections[rig].type].fortitude
    v += 5.0 * (base - f)
    live = 0
    for gid in p["battery"]:
        g = st.guns[gid]
        if not g.destroyed and not g.spiked and st.crew_of(g) is not None:
            live += 1
    v += 3.0 * live
    return sign * v


_OBJECTIVES = {"hold": _obj_hold, "shore": _obj_shore, "anchor": _obj_anchor}


# ---------------------------------------------------------------------------
class ArtilleryAI:
    def __init__(self, level: str, seat: int):
        if level not in LEVEL_PARAMS:
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.seat = seat
        self.p = dict(LEVEL_PARAMS[level])
        self.ev = Evaluator(seat, self.p)

    def choose(self, view: ArtilleryState, ctx) -> Move:
        ctx.check()
        moves = view.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        if len(moves) == 1:
            return moves[0]
        self.ev.seat = view.current_player()
        if view.decision is not None:
            return self._casualty(view, moves, ctx)
        if view.phase == "pick":
            return self._pick(view, moves, ctx)
        if view.phase == "activate":
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
            cost = fail * GUN_WORTH[g.type]
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
        threat = {u.id: self._threat_to(view, u) for u in units}
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

    def _threat_to(self, view: ArtilleryState, u) -> float:
        """Expected models ``u`` could lose to one ready enemy volley now."""
        wr = view.wrecked
        total = 0.0
        for e in view.live_units(1 - u.seat):
            guns = [g for g in view.operable(e) if not g.spiked and not g.markers]
            total = max(total, sum(self.ev.gun_vs_unit(view, g, u, wr) for g in guns),
                        self.ev.arms_vs_unit(view, e, u, wr))
        return total

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
        """Hard: a beam search over the rest of the activation.  A line ends at a
        shot (dice follow: its exact expected gain is added), at 'end', or when the
        actions run out; the best line's first action is played."""
        act = view.act
        assert act is not None
        width = int(self.p["beam"])
        best_first, best_score = moves[0], -1e18
        beam: list[tuple[float, ArtilleryState, Move | None]] = [(0.0, view, None)]
        for depth in range(act.actions - act.used):
            nxt: list[tuple[float, float, ArtilleryState, Move]] = []
            for bonus, st, first in beam:
                legal = moves if st is view else st.legal_moves()
                for m in _thin(st, legal, sample=depth > 0):
                    ctx.check()
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
        return best_first

    def _gain(self, st: ArtilleryState, m: Move) -> float:
        """What an action adds beyond the static value of the state after it."""
        v = 0.0
        if m.kind == "fire":
            v += self._fire_gain(st, m)
        elif m.kind == "shoot" and st.act is not None:
            u = st.units[st.act.unit]
            fc = small_arms_forecast(st, u, m.a)
            v += (fc.expected_casualties if self.p["exact"] else fc.expected_hits * 0.6) * 1.1
        if m.kind in ("fire", "shoot") and st.act is not None and st.act.tests >= 1:
            v -= 1.2
        if m.kind in ("move", "turn"):
            v -= 0.03
        return v

    def _best_action_value(self, st: ArtilleryState, ctx, sample: bool = False) -> tuple[Move | None, float]:
        if st.current_player() != self.seat or st.phase != "act":
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
        gain = cas * 1.1 + sum(LOADED * GUN_WORTH[g.type] for g in guns)
        if m.target in st.sections:
            gain += self.ev.structure_gain(st, m.target, dmg, crits)
        elif self.p["exact"]:
            t = st.units[m.target]
            fc = shot_forecast(st, guns, m.target, m.ammo)
            gain += 0.35 * (1 - fc.hits[0]) * (1 - odds.p_success(t.profile.resolve, natural=False))
        return gain


def _same_activation(st: ArtilleryState, unit: str) -> bool:
    return st.phase == "act" and st.act is not None and st.act.unit == unit and st.need is None


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


__all__ = ["make_ai", "ArtilleryAI", "Evaluator", "ARTILLERY", "SHOT", "sort_ids"]
