"""Artillery's animations, planned from the states before and after each move.

The rules record what happened as public events (``state.events``); the
planner reads the events a move added and queues steps on the board's
timeline. While a step plays the board draws the *after* position with some
things held back (``board.shown``: a unit still walking, models not yet fallen,
a track not yet ticked, a gun not yet turned); the step lets go when it ends,
so a skipped animation ends in the same picture as a played one.

The d10s roll one at a time in the dice tray with the shared dice widget
(``games.ui.dice.DieRoll``); when a batch is complete the result is written in
words (hits, damage, Lucky and Critical results, saves), hits flash, and the
consequences play: casualties fall, tracks tick, guns and sections blow apart.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from games.artillery.rules import Phase, events as ev
from games.artillery.rules import geometry as G
from games.artillery.rules.texts import PURPOSE, outcome_phrases
from games.ui.dice import DieRoll
from games.ui.easing import in_out, out_quad
from games.ui.particles import Burst, Debris, Flash, Smoke, effect_step
from games.ui.timeline import Step

if TYPE_CHECKING:
    from .scene import ArtilleryBoard

DIE_T = 0.55          # one d10 tumbling into the tray
READ_T = 0.7          # a finished batch stays readable before the next


class Tray:
    """The dice of one batch: what is asked, the dice shown so far, the result."""

    def __init__(self, title: str, n: int, tn: int | None, actor: int, values=()):
        self.title = title
        self.n = max(1, n)
        self.tn = tn
        self.actor = actor
        self.values: list[int] = list(values)
        self.anim: DieRoll | None = None
        self.result = ""
        self.flash: set[int] = set()

    def hit(self, v: int) -> bool:
        return self.tn is not None and (v >= self.tn or v == 10)


def tray_for(state) -> Tray | None:
    """The tray of the batch the state is waiting for (None when no die is due)."""
    need = getattr(state, "need", None)
    if need is not None:
        purpose = need["purpose"]
        title = PURPOSE.get(purpose, purpose)
        if purpose == "crit":
            title = "Lucky hit roll (-1)" if need.get("lucky") else "Critical roll"
            tn = None
        else:
            tn = need["tn"]
        title = f"{title[:1].upper()}{title[1:]}: {need['about']}"
        return Tray(title, need["n"], tn, need["actor"], need["rolled"])
    if getattr(state, "phase", "") == Phase.ROLLOFF:
        vals = [v for v in state.rolls if v is not None]
        return Tray("Roll-off: the higher die activates first", 2, None, 0 if not vals else 1, vals)
    return None


class Shown:
    """What the board holds back from the after position while a move plays."""

    def __init__(self):
        self.clear()

    def clear(self) -> None:
        self.hide_units: set[str] = set()
        self.hide_guns: set[str] = set()
        self.models: dict[str, int] = {}           # unit -> models shown (casualties to fall)
        self.gone: dict[str, tuple] = {}           # unit -> (seat, pos, models): not yet fallen
        self.track: dict[str, tuple[int, int]] = {}  # section -> (tally, down) shown
        self.facing: dict[str, float] = {}         # gun -> facing shown
        self.markers: dict[str, int] = {}          # gun -> reload markers shown
        self.events: int | None = None             # events shown in words so far (None: all)


def die_rolled(entry) -> ev.DieRolled | None:
    """The die a chance entry rolled (it leads the entry's events), or None for any other move."""
    first = entry.events[0] if entry.events else None
    return first if isinstance(first, ev.DieRolled) else None


#: the events that open a move made with a click of a card or a unit (the click is its sound)
CLICKED = (ev.CardChosen, ev.Dealt, ev.CardsRevealed, ev.Activated, ev.ActivationEnded)


def plan(board: ArtilleryBoard, entry, before, after) -> None:
    """Queue the animation of ``entry`` (applied to ``before``, giving ``after``), from the
    entry's events: a roll's die, then what the rules say followed."""
    rolled = die_rolled(entry)
    new = list(entry.events[1:] if rolled is not None else entry.events)
    shown = board.shown
    if shown.events is None:
        shown.events = len(before.events)
    total = len(after.events)
    if rolled is not None:
        _plan_roll(board, rolled.value, before, after, new)
    else:
        _plan_events(board, before, after, new)
    nxt = tray_for(after)

    def words(step):
        shown.events = total

    def settle(step):
        board.tray = nxt
        shown.events = None

    def settle_roll(step):
        if nxt is not None:
            board.tray = nxt
        shown.events = None

    if rolled is None:
        board.timeline.then(Step(0.0, start=words, end=settle, name="words"))
    elif before.need is None or nxt is None or not nxt.values:
        board.timeline.then(Step(0.0, end=settle_roll, name="next batch"))


def _plan_events(board: ArtilleryBoard, before, after, new) -> None:
    """A player's move (or a deal, the reveal): what its events show."""
    for e in new:
        if isinstance(e, ev.Moved):
            _plan_move(board, before, e)
        elif isinstance(e, ev.Turned):
            _plan_turn(board, e)
        elif isinstance(e, ev.ShotDeclared):
            _plan_shot(board, before, e)
        elif isinstance(e, (ev.Reloaded, ev.Assigned, ev.Abandoned, ev.Spiked, ev.Rallied)):
            board.sound("tick")
        elif isinstance(e, (ev.Casualties, ev.GunDestroyed, ev.UnitGone)):
            _plan_consequences(board, before, after, [e])
    if new and isinstance(new[0], CLICKED):
        board.sound("click")


# -- dice ----------------------------------------------------------------------------------

def _plan_roll(board: ArtilleryBoard, value: int, before, after, new) -> None:
    shown = board.shown
    tray = tray_for(before)
    if tray is None:
        tray = Tray("d10", 1, None, 0)
    done_batch = len(tray.values) + 1 >= tray.n
    idx = len(tray.values)
    # the consequences are held back until the dice have shown them
    _hold(board, before, after, new)

    def start(step):
        board.tray = tray
        tray.anim = DieRoll("d10", value, board.tray_start(tray), board.tray_slot(tray, idx),
                            duration=max(0.01, step.duration or DIE_T), rng=board.fx_rng)
        board.sound("dice")

    def update(step):
        if tray.anim is not None:
            tray.anim.seek(step.progress)

    def end(step):
        tray.anim = None
        tray.values.append(value)
        if tray.hit(value):
            tray.flash.add(idx)
            board.timeline.spawn(effect_step(Flash(size=1.0, life=0.4),
                                             lambda *a: (*board.tray_slot(tray, idx), board.die_size() / 1.4)))

    def draw(step, surface, *args):
        if tray.anim is not None:
            tray.anim.draw(surface, board.die_size(), **board.die_colours(tray.actor))

    board.timeline.then(Step(DIE_T, start=start, update=update, end=end, draw=draw, name="d10"))
    if not done_batch:
        return
    summary = _summary(new, tray, board.host.names())

    def result(step):
        tray.result = summary
        shown.events = None
        if any(tray.hit(v) for v in tray.values):
            board.sound("hit")
        for e in new:
            if isinstance(e, ev.ShootTest) and e.hits:
                pos = _target_pos(before, e.target)
                board.timeline.spawn(effect_step(Flash(size=1.3, life=0.5), board.at(pos)))
                board.timeline.spawn(effect_step(Burst([(250, 230, 180), (200, 90, 50), (90, 80, 70)], board.fx_rng,
                                                       n=10 + 4 * e.hits, spread=0.8), board.at(pos)))

    board.timeline.then(Step(0.15, start=result, name="result"))
    _plan_consequences(board, before, after, new)
    board.timeline.then(Step(READ_T, name="read"))


def _summary(new, tray: Tray, names=None) -> str:
    """What the batch did, in the words the move log uses for it."""
    parts = outcome_phrases(new, names)
    if not parts and tray.tn is None and tray.values:
        parts.append(f"rolled {tray.values[-1]}")
    return "; ".join(parts)


def _hold(board: ArtilleryBoard, before, after, new) -> None:
    """Hold back what the dice have not shown yet: tracks, models, fallen units."""
    sh = board.shown
    for e in new:
        if isinstance(e, ev.StructureDamaged) and e.section not in sh.track:
            s = before.sections[e.section]
            sh.track[e.section] = (s.tally, s.down)
        elif isinstance(e, ev.Casualties) and e.unit not in sh.models:
            sh.models[e.unit] = before.units[e.unit].models
        elif isinstance(e, ev.UnitGone):
            u = before.units[e.unit]
            if u.alive:
                sh.gone[e.unit] = (u.seat, u.pos, u.models)
        elif isinstance(e, ev.GunDestroyed) and not before.guns[e.gun].destroyed:
            sh.hide_guns.discard(e.gun)


# -- what the dice did ---------------------------------------------------------------------

def _plan_consequences(board: ArtilleryBoard, before, after, new) -> None:
    sh = board.shown
    rng = board.fx_rng
    fallen = [e for e in new if isinstance(e, ev.Casualties)]
    ticks = [e for e in new if isinstance(e, ev.StructureDamaged)]
    booms = [e for e in new if isinstance(e, (ev.GunDestroyed, ev.SectionWrecked))]
    gone = [e for e in new if isinstance(e, ev.UnitGone)]
    if not (fallen or ticks or booms or gone):
        return
    falling: dict[str, tuple] = {}
    for e in fallen:
        u = before.units[e.unit]
        falling[e.unit] = (u.pos, u.seat, sh.models.get(e.unit, u.models), e.models_left)

    def start(step):
        for uid, (pos, _seat, _m0, _m1) in falling.items():
            sh.models.pop(uid, None)
            board.timeline.spawn(effect_step(Burst([(200, 60, 50), (240, 220, 200), (90, 80, 70)], rng, n=12,
                                                   smoke=True, spread=0.7), board.at(pos)))
        for e in ticks:
            sh.track.pop(e.section, None)
            board.timeline.spawn(effect_step(Flash(size=1.2, life=0.4), board.at_track(e.section)))
        _blasts(board, before, booms)
        if ticks or falling:
            board.sound("hit")

    def end(step):
        for out in gone:
            sh.gone.pop(out.unit, None)
        for uid in falling:
            sh.models.pop(uid, None)
        for tick in ticks:
            sh.track.pop(tick.section, None)

    def draw(step, surface, geo, theme):
        v = step.value
        for _uid, (pos, seat, m0, m1) in falling.items():
            x, y = geo.pt(*pos)
            for i in range(max(0, m0 - m1)):
                ang = (i * 2.4) % (2 * math.pi)
                d = geo.s * (1.0 + 1.4 * v)
                px, py = x + math.cos(ang) * d, y + math.sin(ang) * d + v * v * geo.s
                r = max(2, int(geo.s * 0.28 * (1 - 0.5 * v)))
                board.fallen_model(surface, (px, py), r, seat, 1 - v)

    board.timeline.then(Step(0.6, start=start, end=end, draw=draw, ease=out_quad, name="consequences"))


def _blasts(board: ArtilleryBoard, before, booms) -> None:
    """Guns and sections blown apart: a flash, debris and smoke where they stood."""
    for e in booms:
        pos = _where(before, e)
        if pos is None:
            continue
        for eff in (Flash(size=2.0), Debris((70, 60, 50), board.fx_rng, n=12, spread=1.4),
                    Smoke(board.fx_rng, puffs=10, spread=1.5)):
            board.timeline.spawn(effect_step(eff, board.at(pos)))
    if booms:
        board.sound("explosion")


def _target_pos(state, target: str):
    if target in state.units:
        return state.units[target].pos
    return G.centroid(state.table.sections[target].poly)


def _where(state, e):
    if isinstance(e, ev.GunDestroyed):
        return state.guns[e.gun].pos
    if isinstance(e, ev.SectionWrecked):
        return G.centroid(state.table.sections[e.section].poly)
    return None


# -- moves, turns, shots ----------------------------------------------------------------------

def _plan_move(board: ArtilleryBoard, before, e: ev.Moved) -> None:
    sh = board.shown
    guns = [(g, tuple(a), tuple(b)) for g, a, b in e.guns]
    sh.hide_units.add(e.unit)
    for g, _a, _b in guns:
        sh.hide_guns.add(g)
    u = before.units[e.unit]

    def end(step):
        sh.hide_units.discard(e.unit)
        for g, _a, _b in guns:
            sh.hide_guns.discard(g)

    def draw(step, surface, geo, theme):
        v = step.value
        for g, a, b in guns:
            gun = before.guns[g]
            board.draw_gun_at(surface, gun, (a[0] + (b[0] - a[0]) * v, a[1] + (b[1] - a[1]) * v))
        p = (e.frm[0] + (e.to[0] - e.frm[0]) * v, e.frm[1] + (e.to[1] - e.frm[1]) * v)
        board.draw_unit_at(surface, u, p)

    dur = min(0.9, 0.12 + 0.08 * e.inches)
    board.timeline.then(Step(dur, start=lambda s: board.sound("click"), end=end, draw=draw, ease=in_out, name="march"))


def _plan_turn(board: ArtilleryBoard, e: ev.Turned) -> None:
    sh = board.shown
    d = ((e.to - e.frm + 180) % 360) - 180
    sh.facing[e.gun] = float(e.frm)

    def update(step):
        sh.facing[e.gun] = e.frm + d * step.value

    def end(step):
        sh.facing.pop(e.gun, None)

    board.timeline.then(Step(0.35, start=lambda s: board.sound("tick"), update=update, end=end, ease=in_out,
                             name="turn"))


def _plan_shot(board: ArtilleryBoard, before, e: ev.ShotDeclared) -> None:
    rng = board.fx_rng
    origins = [before.guns[g].pos for g in e.guns] or [before.units[e.unit].pos]
    sh = board.shown
    for g in e.guns:
        sh.markers[g] = before.guns[g].markers

    def fire(step):
        for g in e.guns:
            sh.markers.pop(g, None)
        board.sound("shot")
        for i, pos in enumerate(origins):
            facing = before.guns[e.guns[i]].facing if e.guns else 0
            hx, hy = G.heading_vector(facing)
            muzzle = (pos[0] + hx * 1.2, pos[1] + hy * 1.2) if e.guns else pos
            board.timeline.spawn(effect_step(Flash(size=0.9, life=0.35), board.at(muzzle)))
            board.timeline.spawn(effect_step(Smoke(rng, puffs=8 if e.guns else 4, spread=0.9, life=2.2,
                                                   color=(200, 196, 188)), board.at(muzzle)))

    board.timeline.then(Step(0.3, start=fire, end=lambda s: [sh.markers.pop(g, None) for g in e.guns],
                             name="fire"))
