"""The active unit's actions: what is legal (with the reason when not) and doing it.

Functions over a :class:`~games.artillery.rules.state.State`, called by the game
(:mod:`.game`); every function takes the state first.
``problem(st, move)`` is the single source of legality for actions: the legal
move list is the candidate list filtered through it, so the two never disagree.

Why one module of some 620 lines: each action's legality check and its effect
sit side by side, so that a reader sees what is refused and what is done in one
place; the shoot test itself is in ``resolve.py``, the geometry of shots (arcs,
sight, distances, target numbers) in ``shots.py``.
"""
from __future__ import annotations

import math
from itertools import combinations
from typing import Callable, Iterable, Iterator, Sequence

from . import events as ev
from . import flow, resolve
from . import geometry as geo
from .data import ROUGH_COST, SHOT, SHOT_ORDER, SPIKE_REACH, UNIT_RADIUS, UNIT_SPACING
from .moves import Move
from .pieces import Gun, Unit, sort_ids
from .shots import fire_numbers, gun_check, unit_distance, unit_sight
from .state import MoveContext, State

ACTION_KINDS = ("move", "turn", "fire", "shoot", "reload", "dreload", "assign", "abandon", "spike",
                "rally", "end")


def _and(items: Iterable[str]) -> str:
    xs = list(items)
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


# ---------------------------------------------------------------------------
# Problems: None when legal, else the reason in a player's words
# ---------------------------------------------------------------------------
def problem(st: State, m: Move) -> str | None:
    act = st.act
    if act is None:
        return "no unit is active"
    u = st.units[act.unit]
    if m.kind not in ACTION_KINDS:
        return f"{act.unit} is active: move, turn, fire, shoot, reload, assign, abandon, spike, rally or end"
    if m.kind == "end":
        return None
    if act.used >= act.actions:
        return f"{u.id} has no actions left"
    return _PROBLEMS[m.kind](st, u, m)


def _unit_named(st: State, u: Unit, m: Move) -> str | None:
    if m.a != u.id:
        return f"only the active unit, {u.id}, may act now" if m.a in st.units else f"there is no unit {m.a}"
    return None


def move_allowance(st: State, u: Unit, carry: list[Gun]) -> tuple[int, str]:
    """(inches, explanation) of a move action carrying ``carry`` (before terrain)."""
    base = u.profile.move
    pens = [g.stats.move_penalty or 0 for g in carry]
    pen = max(pens) if pens else 0
    why = f"{base}\" move" + (f" - {pen}\" for the carriage" if pen else "")
    return base - pen, why


def _past(d: float, inches: int, why: str) -> str:
    """A move too long; the sum is shown only when something was taken off the unit's own
    move (a carriage, rough ground): '4" move' alone would say the same thing twice."""
    return f"{d:.1f} inches is past this unit's {inches}-inch move" + (f" ({why})" if " - " in why else "")


def carried_guns(st: State, u: Unit) -> list[Gun]:
    return [g for g in st.operable(u) if g.carriage]


def _blocks_it(name: str) -> str:
    """"the church blocks it", "the rocks block it" (a play-test read "the rocks blocks it")."""
    return f"the {name.lower()} {'block' if ev.is_plural(name) else 'blocks'} it"


def carry_block(u: Unit, carry: list[Gun]) -> str | None:
    """Why the unit cannot take ``carry`` along, in a few words (None: it can)."""
    for g in carry:
        if g.stats.move_penalty is None:
            return f"{g.id} is a {g.stats.name}: on a field carriage it cannot be moved, only turned"
    need = sum(g.stats.min_crew for g in carry)
    if need > u.models:
        return f"the crew has fewer than {need} models: it cannot move {_and(g.id for g in carry)}"
    return None


def carry_problem(u: Unit, carry: list[Gun]) -> str | None:
    """:func:`carry_block` with how to type a move that goes all the same."""
    why = carry_block(u, carry)
    return f"{why} (add 'leave' to move without it, or 'with' and the guns to take)" if why else None


def chosen_problem(u: Unit, guns: list[Gun], chosen: tuple[str, ...], leave: bool) -> str | None:
    """Why a move's 'with' list cannot be the guns it takes (the chapter lets the
    player decide which of the crew's guns are moved)."""
    if leave:
        return "a move either leaves the guns or names the ones it takes, not both"
    if len(set(chosen)) != len(chosen):
        return "name each gun once"
    ids = {g.id for g in guns}
    for gid in chosen:
        if gid not in ids:
            return f"{gid} is not one of {u.id}'s field guns with it"
    if set(chosen) == ids:
        # one text per move: taking every gun is the plain move
        return f"that is every field gun with {u.id}: a plain 'move' takes them all"
    return None


def chosen_carry(st: State, u: Unit, leave: bool, chosen: tuple[str, ...] = ()) -> list[Gun]:
    """The field guns a move takes: none ('leave'), the ones named ('with'), or all."""
    if leave:
        return []
    guns = carried_guns(st, u)
    return [g for g in guns if g.id in chosen] if chosen else guns


def _move_context(st: State, u: Unit, leave: bool, chosen: tuple[str, ...] = ()) -> MoveContext:
    """Per-state memo of what a move of ``u`` carries: (carry, problem, inches, why, guns)."""
    memo = st.move_memo
    key = (u.id, leave, chosen, u.pos, u.models)
    got = memo.get(key)
    if got is None:
        guns = carried_guns(st, u)
        carry = chosen_carry(st, u, leave, chosen)
        inches, why = move_allowance(st, u, carry)
        bad = chosen_problem(u, guns, chosen, leave) if chosen else None
        got = (carry, bad or carry_problem(u, carry), inches, why, bool(guns))
        memo[key] = got
    return got


def move_problem(st: State, u: Unit, m: Move) -> str | None:
    bad = _unit_named(st, u, m)
    if bad or m.pos is None:
        return bad or "where to?"
    dest = (float(m.pos[0]), float(m.pos[1]))
    carry, bad, inches, why, has_guns = _move_context(st, u, m.flag, m.guns)
    if m.flag and not has_guns:
        return f"{u.id} has no field guns with it to leave behind"
    if bad:
        return bad
    if not st.table.on_table(dest):
        return f"{m.pos[0]},{m.pos[1]} is off the table"
    d = geo.dist(u.pos, dest)
    if d < 0.5:
        return f"{u.id} already stands there"
    if d > inches + 1e-9:
        return _past(d, inches, why)
    if st.table.path_rough(u.pos, dest):
        inches -= ROUGH_COST
        why += f" - {ROUGH_COST}\" for rough ground"
        if d > inches + 1e-9:
            return _past(d, inches, why)
    wrecked = st.wrecked
    bad = st.table.ground_problem(dest, False, wrecked) or st.table.path_problem(u.pos, dest, False, wrecked)
    if bad:
        return bad
    for o in st.units.values():
        if o.alive and o.id != u.id and geo.dist(o.pos, dest) < UNIT_SPACING - 1e-9:
            return f"too close to {o.id} (units keep {UNIT_SPACING:g} inches apart)"
    return _gun_path_problem(st, carry, dest[0] - u.pos[0], dest[1] - u.pos[1])


def _gun_path_problem(st: State, carry: list[Gun], dx: float, dy: float) -> str | None:
    wrecked = st.wrecked
    for g in carry:
        new = (g.pos[0] + dx, g.pos[1] + dy)
        if not st.table.on_table(new, 0.5):
            return f"{g.id} would end off the table"
        bad = st.table.ground_problem(new, True, wrecked) or st.table.path_problem(g.pos, new, True, wrecked)
        if bad:
            return f"{g.id}: {bad}"
    return None


def _own_gun(st: State, u: Unit, gid: str) -> tuple[Gun | None, str | None]:
    g = st.guns.get(gid)
    if g is None:
        return None, f"there is no gun {gid}"
    if g.destroyed:
        return None, f"{gid} is destroyed"
    if g.crew != u.id:
        who = f"crewed by {g.crew}" if g.crew else "abandoned"
        return None, f"{gid} is {who}, not crewed by {u.id}"
    if not st.cohesive(g, u):
        where = f"in the {st.table.section_name(g.section)}" if g.section else "within 3 inches of it"
        return None, f"{u.id} is out of cohesion with {gid} (it must be {where})"
    return g, None


def turn_problem(st: State, u: Unit, m: Move) -> str | None:
    g, bad = _own_gun(st, u, m.a)
    if g is None:
        return bad
    if not g.carriage:
        where = st.table.section_name(g.section or "")
        return f"{g.id} is mounted in the {where}: it fires from its wall face and never turns"
    if m.value % 45 or not 0 <= m.value < 360:
        return "a gun faces one of the eight compass points"
    if m.value == g.facing:
        return f"{g.id} already faces {geo.compass_name(g.facing)}"
    return None


def _ready_problem(st: State, u: Unit, g: Gun) -> str | None:
    if g.spiked:
        return f"{g.id} is spiked: it can never fire again"
    if g.markers:
        return f"that gun still has {g.markers} reload marker{'s' if g.markers != 1 else ''} ({g.id})"
    if st.act is not None and g.id in st.act.moved:
        return f"{g.id} moved or turned this activation: it cannot fire until the next"
    return None


def _fire_guns(st: State, u: Unit, m: Move) -> tuple[list[Gun], str | None]:
    if len(set(m.guns)) != len(m.guns) or not m.guns:
        return [], "name each gun once"
    if st.act is not None and st.act.fired == "small arms":
        return [], f"{u.id} fired small arms this activation: a unit fires small arms or artillery, not both"
    guns = []
    for gid in m.guns:
        g, bad = _own_gun(st, u, gid)
        if g is None:
            return [], bad
        guns.append(g)
    loading = [g for g in guns if g.markers and not g.spiked]
    if len(loading) > 1 and all(_ready_problem(st, u, g) is None or g in loading for g in guns):
        # every gun that is not ready named, not the first only (a play-test read "that
        # gun still has 1 reload marker (G1)" with G1, G3 and G5 all loading)
        marks = ", ".join(f"{g.id} {g.markers}" for g in loading)
        return [], f"those guns still have reload markers ({marks})"
    for g in guns:
        bad = _ready_problem(st, u, g)
        if bad:
            return [], bad
    kinds = {g.stats.swivel for g in guns}
    if len(kinds) > 1:
        return [], "swivels and cannons fire separate shoot tests"
    bad = crew_count_problem(u, len(guns))
    if bad:
        return [], bad
    return guns, None


def crew_count_problem(u: Unit, n_guns: int) -> str | None:
    """The chapter: one crew model fires a gun, so a shoot test fires at most as
    many guns as the crew has models (its worked example: legal "since there is at
    least one crew model for each of the guns being fired").  Reading: counted per
    shoot test; a later test of the same activation may fire other guns."""
    if n_guns <= u.models:
        return None
    men = f"{u.models} model{'s' if u.models != 1 else ''}"
    return (f"one crew model fires each gun: {u.id} has {men}, so it can fire "
            f"{u.models} gun{'s' if u.models != 1 else ''} at a time, not {n_guns}")


def _ammo_problem(guns: list[Gun], ammo: str) -> str | None:
    if guns[0].stats.swivel:
        return None if ammo == "swivel" else "a swivel fires without a shot type: 'fire G4 at A3'"
    if ammo == "swivel":
        return "name the shot: round, chain or grape"
    for g in guns:
        if ammo not in g.ammo:
            return f"{g.id} has no {SHOT[ammo].name.lower()} (it was not bought for it)"
    return None


def target_problem(st: State, u: Unit, guns: list[Gun], target: str, ammo: str) -> str | None:
    small = ammo in ("grape", "swivel")
    if target in st.units:
        t = st.units[target]
        if not t.alive:
            return f"{target} is no longer on the table"
        if t.seat == u.seat:
            return f"{target} is on your side"
        sec = st.unit_section(t)
        if sec and not small:
            return (f"{target} is inside the {st.table.section_name(sec)}: cannons firing "
                    f"{SHOT[ammo].name.lower()} target the section, not the unit: aim at {sec}")
        return None
    if target not in st.sections:
        return f"there is no unit or structure section {target}"
    if st.sections[target].wrecked:
        return f"the {st.table.section_name(target)} is wrecked"
    if small and not st.table.is_rigging(target):
        what = "grapeshot" if ammo == "grape" else "a swivel"
        return f"{what} only targets units and rigging, not the {st.table.section_name(target)}"
    if any(g.section == target for g in guns):
        return "a gun cannot fire at its own section"
    if st.section_owner(target) == u.seat:
        return f"the {st.table.section_name(target)} is your own"
    return None


def fire_problem(st: State, u: Unit, m: Move) -> str | None:
    guns, bad = _fire_guns(st, u, m)
    if bad:
        return bad
    bad = _ammo_problem(guns, m.ammo) or target_problem(st, u, guns, m.target, m.ammo)
    if bad:
        return bad
    return sight_problem(st, guns, m.target, m.ammo)


def sight_problem(st: State, guns: list[Gun], target: str, ammo: str) -> str | None:
    """Arc, sight and range for every gun of a group."""
    for g in guns:
        c = gun_check(st, g, target)
        if not c.in_arc:
            return f"{target} is out of {g.id}'s arc of fire"
        if not c.sight:
            return f"no line of sight from {g.id}: {_blocks_it(c.blocker or 'terrain')}"
    d, _, _, _, _, mx = fire_numbers(st, guns, target, ammo)
    if mx is not None and d > mx + 1e-9:
        what = "a swivel's" if ammo == "swivel" else f"{SHOT[ammo].name.lower()}'s"
        return f"{d:.1f} inches is past {what} {mx:g}-inch maximum range"
    return None


def shoot_problem(st: State, u: Unit, m: Move) -> str | None:
    if u.profile.arms_range <= 0:
        return f"{u.id} carries no small arms"
    if st.act is not None and st.act.fired == "artillery":
        return f"{u.id} fired artillery this activation: a unit fires small arms or artillery, not both"
    t = st.units.get(m.a)
    if t is None or not t.alive:
        return f"there is no enemy unit {m.a} on the table"
    if t.seat == u.seat:
        return f"{m.a} is on your side"
    d, _ = unit_distance(st, u, m.a)
    if d > u.profile.arms_range + 1e-9:
        return f"{d:.1f} inches is past {u.id}'s {u.profile.arms_range:g}-inch small-arms range"
    b = unit_sight(st, u, m.a)
    if b:
        return f"no line of sight from {u.id}: {_blocks_it(b)}"
    return None


def _listed_own_guns(st: State, u: Unit, m: Move) -> tuple[list[Gun], str | None]:
    if not m.guns or len(set(m.guns)) != len(m.guns):
        return [], "name each gun once"
    out = []
    for gid in m.guns:
        g, bad = _own_gun(st, u, gid)
        if g is None:
            return [], bad
        out.append(g)
    return out, None


def reload_problem(st: State, u: Unit, m: Move) -> str | None:
    guns, bad = _listed_own_guns(st, u, m)
    if bad:
        return bad
    for g in guns:
        if g.spiked:
            return f"{g.id} is spiked: there is no point reloading it"
        if not g.markers:
            return f"{g.id} has no reload markers"
    need = sum(g.stats.min_crew for g in guns)
    if need > u.models:
        if len(guns) == 1:
            return f"the crew has fewer than {need} models: it cannot reload at the normal rate"
        return (f"the crew has fewer than {need} models: it cannot reload {_and(g.id for g in guns)} "
                f"together at the normal rate")
    return None


def dreload_problem(st: State, u: Unit, m: Move) -> str | None:
    g, bad = _own_gun(st, u, m.a)
    if g is None:
        return bad
    if g.spiked:
        return f"{g.id} is spiked: there is no point reloading it"
    if not g.markers:
        return f"{g.id} has no reload markers"
    if u.models >= g.stats.min_crew:
        return f"{u.id} has the full crew for {g.id}: reload it at the normal rate"
    if st.act is not None and st.act.used:
        # Reading: a dedicated action is the whole activation's work, so it is only
        # ever the first action (never after a move, or after firing that very gun)
        return (f"a dedicated reload takes the whole activation: {u.id} has already "
                f"taken an action this activation")
    return None


def assign_problem(st: State, u: Unit, m: Move) -> str | None:
    if not m.guns or len(set(m.guns)) != len(m.guns):
        return "name each gun once"
    act = st.act
    new = []
    for gid in m.guns:
        g = st.guns.get(gid)
        if g is None:
            return f"there is no gun {gid}"
        if g.destroyed:
            return f"{gid} is destroyed"
        if g.crew is not None:
            return f"{gid} is crewed by {g.crew}: it must be abandoned before another unit takes it over"
        if act is None or gid not in act.cohesive:
            return f"{gid} was not within cohesion of {u.id} when it activated"
        new.append(g)
    allg = st.guns_of(u.id) + new
    secs = {g.section for g in allg}
    if len(secs) > 1:
        return "all the guns a unit crews must be in one structure section (or all on field carriages)"
    return None


def abandon_problem(st: State, u: Unit, m: Move) -> str | None:
    if not m.guns or len(set(m.guns)) != len(m.guns):
        return "name each gun once"
    for gid in m.guns:
        g = st.guns.get(gid)
        if g is None:
            return f"there is no gun {gid}"
        if g.crew != u.id or g.destroyed:
            return f"{gid} is not crewed by {u.id}"
    return None


def spike_reach(st: State, g: Gun, u: Unit) -> bool:
    if g.section is not None and st.unit_section(u) == g.section:
        return True
    return geo.dist(g.pos, u.pos) <= UNIT_RADIUS + SPIKE_REACH + 1e-9


def spike_problem(st: State, u: Unit, m: Move) -> str | None:
    g = st.guns.get(m.a)
    if g is None:
        return f"there is no gun {m.a}"
    if g.destroyed:
        return f"{g.id} is destroyed"
    if g.spiked:
        return f"{g.id} is already spiked"
    if g.crew == u.id:
        return None
    if g.crew is not None:
        return f"{g.id} is crewed by {g.crew}: only its crew, or a unit next to it once abandoned, may spike it"
    if not spike_reach(st, g, u):
        return f"{u.id} must stand within 1 inch of {g.id} to spike it"
    return None


def rally_problem(st: State, u: Unit, m: Move) -> str | None:
    return None if u.fatigue > 0 else f"{u.id} has no Fatigue to shake off"


_PROBLEMS: dict[str, Callable[[State, Unit, Move], str | None]] = {
    "move": move_problem, "turn": turn_problem, "fire": fire_problem, "shoot": shoot_problem,
    "reload": reload_problem, "dreload": dreload_problem, "assign": assign_problem,
    "abandon": abandon_problem, "spike": spike_problem, "rally": rally_problem,
}


# ---------------------------------------------------------------------------
# Candidates (filtered through problem() by the state)
# ---------------------------------------------------------------------------
def _subsets(items: Sequence[str], most: int | None = None) -> Iterator[tuple[str, ...]]:
    """Non-empty subsets in id order, of at most ``most`` items (None: any size)."""
    top = len(items) if most is None else min(len(items), most)
    for k in range(1, top + 1):
        for c in combinations(items, k):
            yield sort_ids(c)


def candidates(st: State) -> list[Move]:
    act = st.act
    if act is None:
        return []
    u = st.units[act.unit]
    if act.used >= act.actions:
        return [Move("end")]
    out: list[Move] = []
    out += _fire_candidates(st, u)
    out += [Move("shoot", a=t.id) for t in st.live_units(1 - u.seat)]
    mine = [g for g in st.operable(u)]
    loaded = [g.id for g in mine if g.markers and not g.spiked]
    out += [Move("reload", guns=s) for s in _subsets(loaded)]
    out += [Move("dreload", a=g) for g in loaded]
    out += [Move("assign", guns=s) for s in _subsets([g for g in act.cohesive if st.guns[g].crew is None])]
    out += [Move("abandon", guns=s) for s in _subsets(sort_ids(g.id for g in st.guns_of(u.id)))]
    out += [Move("spike", a=g.id) for g in st.guns.values() if not g.spiked and not g.destroyed]
    out += [Move("turn", a=g.id, value=f * 45) for g in mine if g.carriage for f in range(8)]
    out += _move_candidates(st, u)
    out += [Move("rally"), Move("end")]
    return out


def _fire_candidates(st: State, u: Unit) -> list[Move]:
    if st.act is None or st.act.fired == "small arms":
        return []
    ready = [g for g in st.operable(u) if _ready_problem(st, u, g) is None]
    if not ready:
        return []
    targets = [t.id for t in st.live_units(1 - u.seat)] + [s for s, sec in st.sections.items() if not sec.wrecked]
    out = []
    for group, ammos in ((sort_ids(g.id for g in ready if g.stats.swivel), ("swivel",)),
                         (sort_ids(g.id for g in ready if not g.stats.swivel), SHOT_ORDER)):
        if not group:
            continue
        for t in targets:
            seeing = [gid for gid in group if _sees(st, st.guns[gid], t)]
            for ammo in ammos:
                usable = [gid for gid in seeing if ammo == "swivel" or ammo in st.guns[gid].ammo]
                # no larger groups than the crew has models (problem() says why)
                out += [Move("fire", guns=s, target=t, ammo=ammo) for s in _subsets(usable, u.models)]
    return out


def _sees(st: State, g: Gun, t: str) -> bool:
    c = gun_check(st, g, t)
    return c.in_arc and c.sight


def _move_candidates(st: State, u: Unit) -> list[Move]:
    r = u.profile.move
    x0, y0 = u.pos
    guns = sort_ids(g.id for g in carried_guns(st, u))
    # the player picks which guns go: all (plain), none ('leave'), or some ('with')
    some = list(_subsets(guns, len(guns) - 1)) if len(guns) > 1 else []
    out = []
    for x in range(math.floor(x0 - r), math.ceil(x0 + r) + 1):
        for y in range(math.floor(y0 - r), math.ceil(y0 + r) + 1):
            if geo.dist((x, y), u.pos) > r + 1e-9 or geo.dist((x, y), u.pos) < 0.5:
                continue
            out.append(Move("move", a=u.id, pos=(x, y)))
            if guns:
                out.append(Move("move", a=u.id, pos=(x, y), flag=True))
            out += [Move("move", a=u.id, pos=(x, y), guns=s) for s in some]
    return out


# ---------------------------------------------------------------------------
# Doing it
# ---------------------------------------------------------------------------
def do_action(st: State, m: Move) -> None:
    act = st.act
    assert act is not None
    u = st.units[act.unit]
    if m.kind == "end":
        flow.end_activation(st)
        return
    act.used += 1
    _DOERS[m.kind](st, u, m)


def _do_move(st: State, u: Unit, m: Move) -> None:
    assert m.pos is not None and st.act is not None
    carry = chosen_carry(st, u, m.flag, m.guns)
    dest = (float(m.pos[0]), float(m.pos[1]))
    dx, dy = dest[0] - u.pos[0], dest[1] - u.pos[1]
    frm = u.pos
    u.pos = dest
    moved = []
    for g in carry:
        new = (g.pos[0] + dx, g.pos[1] + dy)
        moved.append((g.id, g.pos, new))
        g.pos = new
    st.act.moved = sort_ids(set(st.act.moved) | {g.id for g in carry})
    st.emit(ev.Moved(u.id, frm, dest, geo.dist(frm, dest), tuple(moved)))


def _do_turn(st: State, u: Unit, m: Move) -> None:
    assert st.act is not None
    g = st.guns[m.a]
    st.emit(ev.Turned(g.id, g.facing, m.value))
    g.facing = m.value
    st.act.moved = sort_ids(set(st.act.moved) | {g.id})


def _do_fire(st: State, u: Unit, m: Move) -> None:
    resolve.declare_fire(st, u, [st.guns[g] for g in m.guns], m.target, m.ammo)


def _do_shoot(st: State, u: Unit, m: Move) -> None:
    resolve.declare_small_arms(st, u, m.a)


def _do_reload(st: State, u: Unit, m: Move) -> None:
    left = []
    for gid in m.guns:
        g = st.guns[gid]
        g.markers = max(0, g.markers - 1)
        left.append((gid, g.markers))
    st.emit(ev.Reloaded(u.id, tuple(left), False))


def _do_dreload(st: State, u: Unit, m: Move) -> None:
    assert st.act is not None
    g = st.guns[m.a]
    g.markers = max(0, g.markers - 1)
    st.act.used = st.act.actions                    # a dedicated action takes the whole activation
    st.emit(ev.Reloaded(u.id, ((g.id, g.markers),), True))


def _do_assign(st: State, u: Unit, m: Move) -> None:
    for gid in m.guns:
        st.guns[gid].crew = u.id
    st.emit(ev.Assigned(u.id, m.guns))


def _do_abandon(st: State, u: Unit, m: Move) -> None:
    for gid in m.guns:
        st.guns[gid].crew = None
    st.emit(ev.Abandoned(u.id, m.guns, "action"))


def _do_spike(st: State, u: Unit, m: Move) -> None:
    st.guns[m.a].spiked = True
    st.emit(ev.Spiked(u.id, m.a))


def _do_rally(st: State, u: Unit, m: Move) -> None:
    u.fatigue -= 1
    st.emit(ev.Rallied(u.id, u.fatigue))


_DOERS: dict[str, Callable[[State, Unit, Move], None]] = {
    "move": _do_move, "turn": _do_turn, "fire": _do_fire, "shoot": _do_shoot, "reload": _do_reload,
    "dreload": _do_dreload, "assign": _do_assign, "abandon": _do_abandon, "spike": _do_spike,
    "rally": _do_rally,
}

