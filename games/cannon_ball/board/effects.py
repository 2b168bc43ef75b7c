"""Cannon Ball's animations, planned from each move's events (``LogEntry.events``,
made by ``rules/events.py``): a man's step, a cannon's hop, a bridge giving way, a
gate blown, a TNT case set down or fizzling, the men lost, a spin and its gamble.
The board never re-reads a move's text nor compares positions to find out what
happened; the rules tell it, in the order the table sees it.

While a step plays, the board draws the *after* position with some things held
back (``board.shown``: men not yet arrived, bridges not yet blown, gates not yet
changed, cannons in flight); the step draws the moving pieces itself and lets go
of what it held when it ends. Blasts are background particle steps.

A spin is different: the dial turns over the position as it was (``shown.state``
holds the whole *before* position, counts in the column included), so nothing of
its result shows until the needle settles; then the result lands (the moment
``_land`` lets go of it) and plays out: a TNT case's fuse sparks, then the bridge
bursts or the case fizzles; a cannon fires and the gate bursts open (or the ball
thuds against it); a rebuilt bridge is laid plank by plank.
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from games.cannon_ball import rules as R
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules import events as RE
from games.ui.easing import in_out
from games.ui.particles import Burst, Debris, Flash, Ripple, Smoke, Sparks, effect_step
from games.ui.spinner import Spinner
from games.ui.timeline import Step, Timeline

from . import drawing as D

if TYPE_CHECKING:
    from games.core.events import Event
    from games.core.match import LogEntry
    from games.ui.theme import Theme

GLIDE = 0.26          # seconds a man takes for one box
BLAST = 0.55          # the moment of a bridge or gate blowing up (the game waits for it)
FUSE = 0.3            # a TNT case's fuse sparking before it goes off (or fizzles out)
SHOT = 0.22           # a cannon ball's flight from the cannon to a gate
LAY = 0.8             # a rebuilt bridge laid, plank by plank
WATER = (196, 222, 244)



class Shown:
    """What the board holds back from the after position while a move plays."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.hide_boxes: set[int] = set()          # men not drawn on these boxes (yet)
        self.hide_cannons: set[int] = set()        # cannon ids in flight
        self.bridges: dict[int, bool] = {}         # bridge -> shown standing?
        self.gates: dict[int, str] = {}            # gate -> state shown
        self.tnt: dict[int, int] = {}              # seat -> TNT box shown
        self.tnt_look: dict[int, tuple[float, float, float]] = {}   # TNT box -> (glow, burnt, scale): a lit or dud case
        self.crossing: dict[str, Any] | None = None   # the piece on a bridge, as shown (None: as the state says)
        self.hold_crossing = False
        # The whole position drawn instead of the after one: the *before* of a spin,
        # until its result lands (so a turning dial never shows what it will stop on).
        # Cannon Ball hides nothing, so the full before state is what anyone may see.
        self.state: R.CannonBallState | None = None


class Animator(Protocol):
    """What the animations use of the board (:class:`~.scene.CannonBallBoard` is one):
    what it holds back, its timeline, dial, map geometry, the blasts' own randomness,
    its theme and sounds, and the caption a spin leaves under the dial."""
    shown: Shown
    timeline: Timeline
    spinner: Spinner
    geo: D.Geo
    fx_rng: random.Random

    @property
    def theme(self) -> Theme: ...

    def sound(self, name: str) -> None: ...

    def spin_starts(self, before: R.CannonBallState) -> None: ...

    def spin_shown(self, before: R.CannonBallState, value: int) -> None: ...


def _land(board: Animator) -> None:
    """A spin's result reaches the board: draw the after position from now on."""
    board.shown.state = None


def plan(board: Animator, entry: LogEntry, before: R.CannonBallState, after: R.CannonBallState) -> None:
    """Queue the animation of ``entry`` (applied to ``before``, giving ``after``) from its events."""
    events = entry.events
    if events and isinstance(events[0], RE.Spun):
        _plan_spin(board, before, events[0].value, events[1:])
        return
    glides = [e for e in events if isinstance(e, (RE.ManMoved, RE.CannonMoved))]
    for e in events:
        if isinstance(e, RE.Chose):
            # the dial fades the numbers that lose the gamble; it names a call "odds" or "evens"
            board.spinner.call = {"odd": "odds", "even": "evens"}.get(e.call)
            board.sound("click")
        elif isinstance(e, (RE.ManMoved, RE.CannonMoved)):
            if e is glides[0]:
                _plan_glides(board, glides)      # everyone the move carries, in one glide
        else:
            _plan_event(board, e)


def _plan_event(board: Animator, e: Event) -> None:
    """A structure's change, or the men lost (with the blast that caused them, if any)."""
    if isinstance(e, RE.BridgeBlown):
        rider = {"kind": e.rider, "owner": e.rider_seat} if e.rider else None
        _blow_bridge(board, e.bridge, rider, tnt=e.tnt)
    elif isinstance(e, RE.BridgeRebuilt):
        _rebuild_bridge(board, e.bridge, e.from_box)
    elif isinstance(e, RE.GateBlown):
        _blow_gate(board, e.gate, e.was, tnt=e.tnt)
    elif isinstance(e, RE.GateTurned):
        board.sound("click")          # a gate turn: the gate swings
    elif isinstance(e, RE.TntFizzled):
        _fizzle(board, e.seat, e.box)
    elif isinstance(e, RE.TntPlaced):
        _tnt_placed(board, e.box)     # a case set down at a bridge end
    elif isinstance(e, RE.TntFired):
        if e.blew:
            _blow_bridge(board, e.bridge, tnt=e.box)
        else:
            _fizzle(board, e.seat, e.box)
    elif isinstance(e, RE.GateShot):
        _fire_at_gate(board, e)
    elif isinstance(e, RE.MenLost):
        _plan_losses(board, e)


# -- men and cannons moving -------------------------------------------------------------------

def _plan_glides(board: Animator, glides: list[RE.ManMoved | RE.CannonMoved]) -> None:
    """Everyone the move carries glides at once (a cannon with its escorts)."""
    shown = board.shown
    hold_cross = any(g.onto_bridge for g in glides)

    def start(step):
        for g in glides:
            if isinstance(g, RE.ManMoved):
                if g.box >= 0:
                    shown.hide_boxes.add(g.box)
            else:
                shown.hide_cannons.add(g.cannon)
        shown.hold_crossing = hold_cross
        board.sound("click")

    def end(step):
        for g in glides:
            if isinstance(g, RE.ManMoved):
                shown.hide_boxes.discard(g.box)
            else:
                shown.hide_cannons.discard(g.cannon)
        shown.hold_crossing = False

    def draw(step, surface, geo_, theme):
        v = step.value
        for g in glides:
            a, b = geo_.pt(*g.frm), geo_.pt(*g.to)
            hop = math.sin(math.pi * v) * geo_.cell * 0.15
            pos = (a[0] + (b[0] - a[0]) * v, a[1] + (b[1] - a[1]) * v - hop)
            if isinstance(g, RE.ManMoved):
                D.draw_trooper(surface, pos, geo_.cell, theme, g.seat, scale=1.0 + 0.12 * math.sin(math.pi * v))
                continue
            end_a, end_b = D.cannon_ends(geo_, g.boxes, 1 - g.seat)
            dx, dy = pos[0] - b[0], pos[1] - b[1]            # where it is now, against where it lands
            D.draw_cannon(surface, (end_a[0] + dx, end_a[1] + dy), (end_b[0] + dx, end_b[1] + dy),
                          geo_.cell, theme, g.seat)

    dist = max(math.dist(g.frm, g.to) for g in glides)
    board.timeline.then(Step(min(0.6, GLIDE * max(1.0, dist)), start=start, end=end, draw=draw, ease=in_out,
                             name="glide"))


# -- men lost ------------------------------------------------------------------------------

def _plan_losses(board: Animator, lost: RE.MenLost) -> None:
    """A puff of smoke and pieces where each lost man stood, a flash and debris where
    each destroyed cannon stood."""
    rng = board.fx_rng
    theme = board.theme

    def boom(step):
        _land(board)
        if not lost.blast:                  # beside a bridge or gate blowing up, its explosion is the sound
            board.sound("hit" if not lost.cannons else "explosion")
        for where, p in lost.men:
            pos = M.BRIDGES[-1 - where].star if where < 0 else M.BOXES[where].centre
            fill, edge, _mark = D.side_colours(theme, p)
            board.timeline.spawn(effect_step(Burst([fill, edge, (60, 60, 60)], rng, n=10, smoke=True, spread=0.6),
                                             _at(board, pos)))
        for boxes, p in lost.cannons:
            fill, edge, _mark = D.side_colours(theme, p)
            c = RE.mid(boxes)
            board.timeline.spawn(effect_step(Flash(size=0.9), _at(board, c)))
            board.timeline.spawn(effect_step(Debris((40, 36, 34), rng, n=7, size=(0.35, 0.16)), _at(board, c)))

    board.timeline.along(Step(0.35, start=boom, name="men lost"))


def _at(board, pos):
    return lambda geo, theme: (*geo.pt(*pos), geo.cell)


# -- a spin, and the gamble it decides -------------------------------------------------------

def _plan_spin(board: Animator, before: R.CannonBallState, value: int, events) -> None:
    """The dial turns over the position as it was; once it settles the caption shows
    and the gamble's result plays out on the board, and only then."""
    board.shown.state = before
    board.spin_starts(before)
    board.timeline.then(board.spinner.spin_step(value, sound=board.sound))
    board.spin_shown(before, value)
    for e in events:                  # the gamble's result, then the men and cannon a TNT blast took
        _plan_event(board, e)
    # whatever the result (a wrong call changes nothing), the after position from here on
    board.timeline.then(Step(0.0, start=lambda s: _land(board), name="spin landed"))


def _fire_at_gate(board, shot: RE.GateShot) -> None:
    """The cannon in the gate section fires: a flash and smoke at the muzzle, the ball
    flies, and the gate bursts open on a right call or the ball thuds against it."""
    g, src = shot.gate, shot.src
    gate = RE.gate_mid(g)
    rng = board.fx_rng

    def fire(step):
        board.sound("shot")
        board.timeline.spawn(effect_step(Flash(size=0.45, life=0.25), _at(board, src)),
                             effect_step(Smoke(rng, puffs=5, spread=0.6, life=0.9), _at(board, src)))

    def ball(step, surface, geo, theme):
        x, y = geo.pt(src[0] + (gate[0] - src[0]) * step.value, src[1] + (gate[1] - src[1]) * step.value)
        r = max(2, int(geo.cell * 0.17))
        pygame.draw.circle(surface, (26, 26, 30), (int(x), int(y)), r)
        pygame.draw.circle(surface, (120, 120, 128), (int(x - r / 3), int(y - r / 3)), max(1, r // 3))

    board.timeline.then(Step(SHOT, start=fire, draw=ball, name="cannon fires"))
    if shot.opened:
        _blow_gate(board, g, shot.was, fuse=0.0)
        return

    def thud(step):
        board.sound("hit")
        board.timeline.spawn(effect_step(Burst([(150, 104, 60), (90, 70, 50)], rng, n=8, spread=0.5), _at(board, gate)),
                             effect_step(Smoke(rng, puffs=4, spread=0.5, life=0.8, color=(150, 140, 124)),
                                         _at(board, gate)))

    board.timeline.then(Step(0.35, start=thud, name="ball thuds"))


# -- bridges, gates and TNT -------------------------------------------------------------------

def _spark_point(geo, box) -> tuple[float, float]:
    """Where a TNT case's fuse burns: its end toward the bridge, clear of a man on its box."""
    c = geo.box_centre(box)
    s = geo.pt(*M.BRIDGES[R.BRIDGE_END[box]].star)
    return (c[0] + (s[0] - c[0]) * 0.6, c[1] + (s[1] - c[1]) * 0.6)


def _case_fuse(board, box, **kw) -> Step:
    """A TNT case at a bridge, lit: it glows (drawn with the bridges, under any man on
    its box) and its fuse spits sparks (over everything) for ``FUSE`` seconds."""
    shown = board.shown
    sparks = Sparks(board.fx_rng, life=FUSE)
    then = kw.pop("end", None)

    def update(step):
        sparks.seek(step.progress * sparks.life)
        shown.tnt_look[box] = (0.35 + 0.2 * math.sin(step.progress * 14), 0.0, 1.0)

    def end(step):
        shown.tnt_look.pop(box, None)
        if then is not None:
            then(step)

    def draw(step, surface, geo, theme):
        x, y = _spark_point(geo, box)
        sparks.draw(surface, x, y, geo.cell)

    return Step(FUSE, update=update, end=end, draw=draw, **kw)


def _blow_bridge(board, i, rider=None, tnt=-1) -> None:
    """The bridge bursts apart: a flash, planks in the air, smoke, splashes in the
    river. A man or cannon on it (``rider``) stays in sight until the blast takes
    him; a TNT case that blows it (``tnt``, its box) burns its fuse first."""
    shown = board.shown
    star = M.BRIDGES[i].star
    rng = board.fx_rng

    def hold(step):
        shown.bridges[i] = True

    def draw_rider(step, surface, geo, theme):
        if rider is None:
            return
        x, y = geo.pt(*star)
        shake = math.sin(step.t * 60) * geo.cell * 0.06
        if rider["kind"] == "man":
            D.draw_trooper(surface, (x + shake, y), geo.cell, theme, rider["owner"])
        else:
            D.draw_cannon(surface, (x - geo.cell * 0.5 + shake, y), (x + geo.cell * 0.5 + shake, y), geo.cell,
                          theme, rider["owner"])

    def boom(step):
        _land(board)
        shown.bridges.pop(i, None)
        board.sound("explosion")
        for eff in (Flash(size=1.5, life=0.5), Debris(D.PLANK, rng, n=14, size=(0.8, 0.2), spread=1.4, life=1.1),
                    Smoke(rng, puffs=12, spread=1.8, life=1.2),
                    Burst([(180, 210, 240), (255, 255, 255), (84, 140, 196)], rng, n=22, spread=1.1)):
            board.timeline.spawn(effect_step(eff, _at(board, star)))
        for k, spot in enumerate(_splashes(i, rng)):      # planks coming down in the river
            board.timeline.spawn(effect_step(Ripple(WATER, big=True), _at(board, spot), delay=0.35 + 0.15 * k))
        if tnt >= 0:
            board.timeline.spawn(effect_step(Flash(size=0.9, life=0.35),
                                             lambda geo, theme: (*D.tnt_spot(geo, tnt), geo.cell)))

    # the bridge shows standing until its fuse burns down; held before queueing, since
    # with animation off the steps run (and let go) the moment they are queued
    shown.bridges[i] = True
    if tnt >= 0:
        board.timeline.then(_case_fuse(board, tnt, start=hold, end=boom, name="fuse"))
    else:
        board.timeline.then(Step(0.3, start=hold, end=boom, draw=draw_rider, name="fuse"))
    board.timeline.then(Step(BLAST, name="bridge blows"))


def _splashes(i, rng, n=3):
    """Points in the river beside bridge ``i`` (up and down stream) where planks land."""
    br = M.BRIDGES[i]
    (ax, ay), (bx, by) = (M.BOXES[b].centre for b in br.boxes)
    d = math.hypot(bx - ax, by - ay) or 1.0
    along = (-(by - ay) / d, (bx - ax) / d)              # the river runs across the bridge
    out = []
    for k in range(n):
        side = 1 if k % 2 == 0 else -1
        t = side * rng.uniform(0.7, 1.6)
        p = (br.star[0] + along[0] * t, br.star[1] + along[1] * t)
        out.append(p if _in_river(p) else br.star)
    return out


def _in_river(p) -> bool:
    return any(x <= p[0] <= x + w and y <= p[1] <= y + h for x, y, w, h in M.RIVER_CELLS)


def _rebuild_bridge(board, i, from_box) -> None:
    """A bridge rebuilt: laid plank by plank from the builders' bank, then a puff of dust."""
    shown = board.shown
    shown.bridges[i] = False          # the stumps show until the last plank is down
    ends = M.BRIDGES[i].boxes
    far = ends[1] if from_box == ends[0] else ends[0]

    def start(step):
        _land(board)
        board.sound("dice")

    def draw(step, surface, geo, theme):
        D.draw_bridge(surface, geo.box_centre(from_box), geo.box_centre(far), geo.cell, laid=step.value)

    def end(step):
        shown.bridges.pop(i, None)
        board.timeline.spawn(effect_step(Smoke(board.fx_rng, puffs=6, spread=0.9, life=0.7, color=(206, 190, 160)),
                                         _at(board, M.BRIDGES[i].star)))

    board.timeline.then(Step(LAY, start=start, draw=draw, end=end, name="rebuild"))


def _blow_gate(board, g, was, fuse=0.2, tnt=False) -> None:
    """A gate bursts open: a flash, splinters and beams flying, smoke. A TNT case
    under it (``tnt``) sparks through the fuse first. The game waits a little
    longer than for a bridge: a blown gate ends it, and the card should not cover
    the blast."""
    shown = board.shown
    mid = RE.gate_mid(g)
    rng = board.fx_rng
    shown.gates[g] = was
    sparks = Sparks(rng, life=max(fuse, 0.01))

    def boom(step):
        _land(board)
        shown.gates.pop(g, None)
        board.sound("explosion")
        for eff in (Flash(size=1.3, life=0.5), Debris((196, 150, 90), rng, n=12, size=(0.5, 0.12), spread=1.3, life=1.0),
                    Debris(D.WALL_DARK, rng, n=5, size=(0.8, 0.2), spread=1.0, life=1.0),
                    Smoke(rng, puffs=10, spread=1.5, life=1.2)):
            board.timeline.spawn(effect_step(eff, _at(board, mid)))

    def burn(step):
        sparks.seek(step.progress * sparks.life)

    def draw_case(step, surface, geo, theme):     # the case under the gate, its fuse burning
        x, y = geo.pt(*mid)
        D.draw_tnt(surface, (x, y), geo.cell, glow=0.35 + 0.2 * math.sin(step.progress * 14))
        sparks.draw(surface, x, y - geo.cell * 0.25, geo.cell)

    if tnt and fuse > 0:
        board.timeline.then(Step(fuse, update=burn, draw=draw_case, end=boom, name="gate fuse"))
    else:
        board.timeline.then(Step(fuse, end=boom, name="gate fuse"))
    board.timeline.then(Step(BLAST + 0.3, name="gate blows"))


def _fizzle(board, p, box) -> None:
    """A dud: the fuse burns as for a real shot, then sputters out; the case chars,
    a little smoke rises, and it is gone."""
    shown = board.shown
    shown.tnt[p] = box                # the case stays in sight until it has fizzled
    rng = board.fx_rng
    board.timeline.then(_case_fuse(board, box, name="fuse"))
    dying = Sparks(rng, life=0.3, rate=40, dying=True)

    def start(step):
        board.sound("hit")
        board.timeline.spawn(effect_step(Smoke(rng, puffs=8, spread=1.0, life=1.0, color=(84, 84, 84)),
                                         lambda geo, theme: (*_spark_point(geo, box), geo.cell)))

    def update(step):
        k = step.progress
        dying.seek(min(dying.life, k * 0.5))      # natural seconds, whatever the speed
        shown.tnt_look[box] = (0.0, min(1.0, k / 0.4), 1.0 - max(0.0, (k - 0.4) / 0.6))

    def end(step):
        _land(board)
        shown.tnt.pop(p, None)
        shown.tnt_look.pop(box, None)

    def draw(step, surface, geo, theme):
        x, y = _spark_point(geo, box)
        dying.draw(surface, x, y, geo.cell)

    board.timeline.then(Step(0.5, start=start, update=update, end=end, draw=draw, name="dud"))


def _tnt_placed(board, box) -> None:
    board.sound("click")
    board.timeline.spawn(effect_step(Flash(size=0.6, life=0.3, colors=((255, 230, 150), (230, 60, 40))),
                                     _at(board, M.BOXES[box].centre)))
