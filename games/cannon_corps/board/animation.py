"""The Cannon Corps table's animations, planned on the board's shared timeline.

Each applied move is animated from the public events it added (and the
viewer's own private notes): the announcement, the cannon, the answers,
damage and defeats, cover, deployments, the halving of the firing platoon, a
final salvo's own platoon, the winner.  :meth:`Animator.plan` turns those
events into timeline steps, one after another; each step's callbacks are
where the table changes what it shows:

the board's :class:`Shown` (``board.shown``), the moment of the move the table
shows (the animator writes nothing else of the board's):

* ``shown.k``: how many public events the table shows (the answers appear when
  their step starts, the damage when its step ends ...);
* ``shown.mine`` / ``shown.my_res``: the viewer's own dice and reserves as they
  stand at that moment of the animation (None: as in the view);
* ``shown.hidden``: own dice an animation is drawing instead of the grid;
* ``shown.announce``: the strip over the table.

Skipping (a click, Space, Esc) runs every pending callback in order, so the end
picture is exactly the played one; "animation off" takes no time.  The dice
animations (``games.ui.dice``) are driven by their step's progress.

Every secret choice that reads the same to the table animates the same: a
platoon that ran for cover and one that stayed (a bluff) get one step of the
same length with the same sounds (none), whichever it was; every deployment
gets the same step and the same sound, whatever die went where.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

import pygame

from games.cannon_corps.board import table_draw as td
from games.cannon_corps.rules import (
    DICE, DIE_SIZES, AmmoEvent, AmmoNote, AnswerEvent, CorpsView, CoverEvent, DamagedNote, DefeatCause, DefeatedEvent,
    DeployedNote, DeployEvent, EliminatedEvent, Event, FiredNote, MovedNote, Note, SetupEvent, SetupNote, ShotEvent, StartEvent,
    StayedNote, SurvivedEvent, WinnerEvent)
from games.cannon_corps.rules.public import last_shot
from games.ui.dice import DieChange, DieExit, DiePlace, draw_die
from games.ui.easing import out_cubic
from games.ui.timeline import Step

if TYPE_CHECKING:
    from games.cannon_corps.board.scene import CorpsBoard

# base durations (seconds) of the animation steps; the timeline scales them by
# the speed setting (off, normal, fast)
DUR = {"setup": 0.35, "start": 0.9, "shot": 0.75, "answers": 0.9, "damage": 0.8, "cover": 0.55,
       "deploy": 0.85, "ammo": 0.65, "salvo_exit": 0.75, "winner": 0.9}

#: a step's data (``Step.data``): its ``kind`` (a key of DUR), ``k_end``/``k_start`` (how many public
#: events the table shows once it ends / from its start), ``anims`` (the dice animations it drives:
#: (animation, size, colours)) and what its kind needs (``ev``, ``seat``, ``own``, ``items``, ...)
StepData = dict[str, Any]

#: steps during which the strip over the table is lit (it is telling news)
ACTIVE = ("shot", "answers", "start", "winner")


@dataclass
class Shown:
    """The moment of a move the table shows while its animation runs (at the defaults: the
    view itself). ``CorpsBoard.on_move`` starts one at the move's first event, the animator's
    steps move it on, and ``CorpsBoard.sync`` ends every animation with a fresh one."""
    k: int | None = None                                  # public events shown (None: all the view's)
    mine: dict[str, tuple[str, int]] | None = None        # the viewer's dice: die -> (space, value)
    my_res: list[str] | None = None                       # the viewer's reserves, in DICE order
    hidden: set[str] = field(default_factory=set)        # own dice an animation draws instead of the grid
    announce: str = ""                                    # the strip over the table


def _is_damage(e: Event) -> bool:
    """A consequence of a shot on the grid it hit (the salvo's own platoon apart)."""
    if isinstance(e, DefeatedEvent):
        return e.cause is not DefeatCause.OWN_SALVO
    return isinstance(e, (SurvivedEvent, EliminatedEvent))


class Animator:
    """Plans, runs and draws the steps of one board (``board.timeline``)."""

    def __init__(self, board: "CorpsBoard") -> None:
        self.b = board
        self.rng = random.Random(7)        # only the look of tumbling dice, never the game

    # -- planning ---------------------------------------------------------------------
    def plan(self, new: list[Event], base: int, priv: list[Note], viewer: int | None) -> None:
        """Queue the steps of one move's ``new`` public events (``base``: the
        index of the first in the log) and the viewer's new private notes."""
        notes = list(priv)
        steps: list[Step] = []
        i = 0
        while i < len(new):
            e = new[i]
            if isinstance(e, AnswerEvent):
                j = i
                while j < len(new) and isinstance(new[j], AnswerEvent):
                    j += 1
                steps.append(self._step("answers", k_end=base + j, k_start=base + j, answers=new[i:j]))
                i = j
                continue
            if _is_damage(e):
                j, items = i, []
                while j < len(new) and _is_damage(new[j]):
                    ev = new[j]
                    own = ev.seat == viewer and isinstance(ev, (SurvivedEvent, DefeatedEvent))
                    items.append((ev, _take(notes, DamagedNote) if own else None))
                    j += 1
                steps.append(self._step("damage", k_end=base + j, items=items))
                i = j
                continue
            st = self._single(e, base + i + 1, notes, viewer, new[i + 1:])
            if st is not None:
                steps.append(st)
            elif steps:                # a reveal and the like: shown with the step before
                steps[-1].data["k_end"] = base + i + 1
            else:
                steps.append(self._step("quiet", k_end=base + i + 1, duration=0.0))
            i += 1
        for st in steps:
            self.b.timeline.then(st)
        self.b.timeline.then(Step(0.0, end=lambda s: self.b.sync(), name="table in step with the view"))

    def _single(self, e: Event, k_end: int, notes: list[Note], viewer: int | None, rest: list[Event]) -> Step | None:
        own = e.seat == viewer
        if isinstance(e, SetupEvent):
            return self._step("setup", k_end=k_end, seat=e.seat, own=_take(notes, SetupNote) if own else None)
        if isinstance(e, StartEvent):
            return self._step("start", k_end=k_end, seat=e.seat)
        if isinstance(e, ShotEvent):
            targets = []
            for a in rest:
                if not isinstance(a, AnswerEvent):
                    break
                targets.append(a.seat)
            fired = _take(notes, FiredNote) if own else None
            return self._step("shot", k_end=k_end, ev=e, targets=targets, die=getattr(fired, "die", None))
        if isinstance(e, CoverEvent):
            # moved or stayed: one step, the same length and sounds either way
            return self._step("cover", k_end=k_end, ev=e, own=_take(notes, (MovedNote, StayedNote)) if own else None)
        if isinstance(e, DeployEvent):
            return self._step("deploy", k_end=k_end, ev=e, own=_take(notes, DeployedNote) if own else None)
        if isinstance(e, AmmoEvent):
            return self._step("ammo", k_end=k_end, ev=e, own=_take(notes, AmmoNote) if own else None)
        if isinstance(e, DefeatedEvent):       # a final salvo's own platoon
            return self._step("salvo_exit", k_end=k_end, ev=e, own=_take(notes, AmmoNote) if own else None)
        if isinstance(e, WinnerEvent):
            return self._step("winner", k_end=k_end, seat=e.seat)
        return None

    def _step(self, kind: str, k_end: int, k_start: int | None = None, duration: float | None = None,
              **data: Any) -> Step:
        data.update(kind=kind, k_end=k_end, k_start=k_start, anims=[])
        return Step(DUR.get(kind, 0.0) if duration is None else duration, start=self._start, update=self._update,
                    end=self._end, draw=self._draw, name=kind, data=data)

    # -- running ---------------------------------------------------------------------
    def running(self) -> Step | None:
        """The step of this board's queue that is playing now, if any."""
        for s in self.b.timeline.active():
            if isinstance(s.data, dict) and "kind" in s.data:
                return s
        return None

    def _update(self, st: Step) -> None:
        for a, _, _ in st.data["anims"]:
            a.seek(st.progress)

    def _start(self, st: Step) -> None:
        d = st.data
        if d["k_start"] is not None:
            self.b.shown.k = d["k_start"]
        getattr(self, "_start_" + d["kind"], _nothing)(st, d)

    def _end(self, st: Step) -> None:
        d = st.data
        getattr(self, "_end_" + d["kind"], _nothing)(st, d)
        self.b.shown.k = d["k_end"]

    def _die_size(self, cell: int) -> float:
        return max(8.0, cell * 0.8)

    def _colors(self, seat: int | None) -> dict[str, Any]:
        return td.die_colors(self.b.host.theme, seat if seat is not None else 0)

    def _start_start(self, st: Step, d: StepData) -> None:
        self.b.shown.announce = f"{self.b.seat_name(d['seat'])} fires first"
        self.b.sound("dice")

    def _start_shot(self, st: Step, d: StepData) -> None:
        self.b.shown.announce = self.b.shot_text(d["ev"])
        self.b.sound("shot")

    def _start_answers(self, st: Step, d: StepData) -> None:
        self.b.sound("hit" if any(a.hit for a in d["answers"]) else "tick")

    def _start_damage(self, st: Step, d: StepData) -> None:
        b = self.b
        v = b.view()
        boom = False
        for ev, dmg in d["items"]:
            s = ev.seat
            if isinstance(ev, SurvivedEvent) and dmg and b.me and b.shown.mine is not None:
                b.shown.hidden.add(dmg.die)
                pos = b.me.cell_rect(dmg.space).center
                d["anims"].append((DieChange(dmg.die, dmg.from_value, dmg.to_value, pos, st.base, self.rng),
                                   self._die_size(b.me.cell), self._colors(s)))
            elif isinstance(ev, DefeatedEvent):
                boom = True
                p = b.panels.get(s)
                if p is None:
                    continue
                nd = len(b.public(v)[s].defeated)
                end = p.dead_slots[min(nd, 3)].center if p.dead_slots else p.centre
                start = p.cell_rect(ev.space).center if ev.space else p.centre
                val = dmg.from_value if dmg else 0
                if p.big and b.shown.mine is not None:
                    b.shown.mine.pop(ev.die, None)
                d["anims"].append((DieExit(ev.die, val, start, end, st.base, self.rng), self._die_size(p.cell),
                                   self._colors(s)))
            elif isinstance(ev, EliminatedEvent):
                boom = True
        b.sound("explosion" if boom else "hit")

    def _end_damage(self, st: Step, d: StepData) -> None:
        b = self.b
        for ev, dmg in d["items"]:
            if dmg and b.shown.mine is not None:
                b.shown.hidden.discard(dmg.die)
                if isinstance(ev, SurvivedEvent):
                    b.shown.mine[dmg.die] = (dmg.space, dmg.to_value)
                else:
                    b.shown.mine.pop(dmg.die, None)
        s = last_shot(b.view().events, d["k_end"])
        if s:
            b.shown.announce = b.shot_text(s.shot)

    def _end_setup(self, st: Step, d: StepData) -> None:
        own = d.get("own")
        b = self.b
        if own and b.shown.mine is not None:
            b.shown.mine = {dv[0]: (sp, dv[1]) for sp, dv in own.grid.items()}
            b.shown.my_res = [x for x in DICE if x not in b.shown.mine]

    def _start_cover(self, st: Step, d: StepData) -> None:
        own = d.get("own")
        if isinstance(own, MovedNote) and self.b.me is not None:
            self.b.shown.hidden.add(own.die)

    def _end_cover(self, st: Step, d: StepData) -> None:
        own = d.get("own")
        b = self.b
        if isinstance(own, MovedNote) and b.shown.mine is not None and own.die in b.shown.mine:
            b.shown.mine[own.die] = (own.to_space, b.shown.mine[own.die][1])
            b.shown.hidden.discard(own.die)

    def _start_deploy(self, st: Step, d: StepData) -> None:
        b = self.b
        own = d.get("own")
        b.sound("dice")
        if own and b.me is not None:
            v = b.view()
            slot = next((r for dd, r in b.tray_items(v) if dd == own.die), None)
            start = slot.center if slot else b.lay.side.center
            if b.shown.my_res is not None and own.die in b.shown.my_res:
                b.shown.my_res.remove(own.die)
            # set down at its highest value by hand, not rolled
            d["anims"].append((DiePlace(own.die, own.value, start, b.me.cell_rect(own.space).center, st.base,
                                        self.rng), self._die_size(b.me.cell), self._colors(v.seat)))
            b.shown.hidden.add(own.die)
            if b.shown.mine is not None:
                b.shown.mine[own.die] = (own.space, own.value)

    def _end_deploy(self, st: Step, d: StepData) -> None:
        own = d.get("own")
        if own:
            self.b.shown.hidden.discard(own.die)

    def _start_ammo(self, st: Step, d: StepData) -> None:
        b = self.b
        own = d.get("own")
        if own and b.me is not None and b.shown.mine is not None and own.die in b.shown.mine:
            sp = b.shown.mine[own.die][0]
            b.shown.hidden.add(own.die)
            d["anims"].append((DieChange(own.die, own.from_value, own.to_value, b.me.cell_rect(sp).center, st.base,
                                         self.rng), self._die_size(b.me.cell), self._colors(b.view().seat)))

    def _end_ammo(self, st: Step, d: StepData) -> None:
        own = d.get("own")
        b = self.b
        if own and b.shown.mine is not None and own.die in b.shown.mine:
            b.shown.mine[own.die] = (b.shown.mine[own.die][0], own.to_value)
            b.shown.hidden.discard(own.die)

    def _start_salvo_exit(self, st: Step, d: StepData) -> None:
        b = self.b
        ev = d["ev"]
        s = ev.seat
        p = b.panels.get(s)
        b.sound("explosion")
        if p is None:
            return
        nd = len(b.public(b.view())[s].defeated)
        end = p.dead_slots[min(nd, 3)].center if p.dead_slots else p.centre
        start = p.centre
        if p.big and b.shown.mine is not None and ev.die in b.shown.mine:
            start = p.cell_rect(b.shown.mine[ev.die][0]).center
            b.shown.mine.pop(ev.die, None)
        d["anims"].append((DieExit(ev.die, 1, start, end, st.base, self.rng), self._die_size(p.cell),
                           self._colors(s)))

    # -- drawing ------------------------------------------------------------------------
    def _draw(self, st: Step, surface: pygame.Surface, v: CorpsView) -> None:
        d = st.data
        fn = getattr(self, "_draw_" + d["kind"], None)
        if fn is not None:
            fn(surface, v, d, st.progress)
        for a, size, cols in d["anims"]:
            a.draw(surface, size, **cols)

    def _cell_center(self, seat: int, space: str) -> tuple[int, int]:
        p = self.b.panels.get(seat)
        if p is None:
            return self.b.rect.center
        return p.cell_rect(space).center

    def _cannon_base(self, seat: int, die: str | None = None) -> tuple[tuple[float, float], float]:
        """Where the cannon stands: on the firing die when the viewer fires,
        else over the middle of the shooter's grid."""
        b, t = self.b, self.b.host.theme
        p = b.panels.get(seat)
        if p is None:
            return b.rect.center, t.px(24)
        if p.big:
            if die and b.shown.mine and die in b.shown.mine:
                r = p.cell_rect(b.shown.mine[die][0])
                return (r.centerx, r.y + r.h * 0.3), max(t.px(26), p.cell * 0.42)
            return (p.grid.centerx, p.grid.y), max(t.px(26), p.cell * 0.42)
        return p.grid.center, max(t.px(20), p.cell * 1.1)

    def _draw_shot(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        b, t, c = self.b, self.b.host.theme, self.b.host.theme.c
        ev = d["ev"]
        base, size = self._cannon_base(ev.seat, d.get("die"))
        targets = d["targets"] or [s for s in range(v.num_players) if s != ev.seat and not v.out[s]]
        cx = sum(self._cell_center(s, ev.space)[0] for s in targets) / max(1, len(targets))
        cy = sum(self._cell_center(s, ev.space)[1] for s in targets) / max(1, len(targets))
        ang = math.atan2(cy - base[1], cx - base[0])
        recoil = max(0.0, 1 - abs(u - 0.12) / 0.12) if u < 0.35 else 0.0
        flash = max(0.0, 1 - u / 0.22)
        muzzle = td.cannon(surface, t, base, ang, size, recoil, flash)
        if d.get("die") and b.me is not None and b.shown.mine is not None and d["die"] in b.shown.mine:
            r = b.me.cell_rect(b.shown.mine[d["die"]][0])
            pygame.draw.rect(surface, c["accent"], r.inflate(t.px(4), t.px(4)), width=max(2, t.px(3)),
                             border_radius=t.px(6))
        for n, s in enumerate(targets):
            end = self._cell_center(s, ev.space)
            uu = min(1.0, max(0.0, (u - 0.1 - 0.04 * n) / 0.8))
            if 0 < uu < 1:
                x = muzzle[0] + (end[0] - muzzle[0]) * uu
                y = muzzle[1] + (end[1] - muzzle[1]) * uu
                arc = min(t.px(120), 0.35 * math.hypot(end[0] - muzzle[0], end[1] - muzzle[1]))
                y -= arc * 4 * uu * (1 - uu)
                pygame.draw.circle(surface, (20, 20, 24), (x, y), t.px(6))
                pygame.draw.circle(surface, (90, 90, 100), (x - t.px(2), y - t.px(2)), t.px(2))

    def _draw_answers(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        for a in d["answers"]:
            p = self.b.panels.get(a.seat)
            if p is None:
                continue
            cr = p.cell_rect(a.space)
            if u < 0.5:
                # a hit bursts (a spiky star), a miss ripples (a plain ring): shape, not colour
                rad = cr.w * (0.3 + u * 1.2)
                w = max(2, int(cr.w * 0.08))
                if a.hit:
                    pygame.draw.polygon(surface, c["hit"], td.star(cr.center, rad, rad * 0.62, 8, u), w)
                else:
                    pygame.draw.circle(surface, c["miss"], cr.center, rad, w)
            label = "HIT" if a.hit else "MISS"
            big = 1.5 if p.big else max(0.75, min(1.2, p.cell / t.px(40)))
            td.pop(surface, t, p.grid.center, f"You: {label}" if a.seat == v.seat else label,
                   c["hit"] if a.hit else c["miss"], None, u, big)

    def _draw_damage(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        for ev, dmg in d["items"]:
            p = self.b.panels.get(ev.seat)
            if p is None:
                continue
            if isinstance(ev, SurvivedEvent) and not (p.big and dmg):
                cr = p.cell_rect(ev.space)
                td.pop(surface, t, (cr.centerx, cr.y), f"-{ev.damage}", c["hit"], None, u, 0.8)
            elif isinstance(ev, EliminatedEvent):
                td.pop(surface, t, p.grid.center, "OUT!", c["danger"], None, u, 1.3)
            elif isinstance(ev, DefeatedEvent) and not p.big and ev.space:
                cr = p.cell_rect(ev.space)
                td.pop(surface, t, (cr.centerx, cr.y), "DEFEATED", c["danger"], None, min(1.0, u * 1.2), 0.7)

    def _draw_cover(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        b, t, c = self.b, self.b.host.theme, self.b.host.theme.c
        ev = d["ev"]
        p = b.panels.get(ev.seat)
        own = d.get("own")
        if p is None:
            return
        if p.big and isinstance(own, MovedNote) and b.shown.mine is not None:
            val = b.shown.mine.get(own.die, (None, DIE_SIZES[own.die]))[1]
            a, e = p.cell_rect(own.from_space).center, p.cell_rect(own.to_space).center
            k = out_cubic(u)
            pos = (a[0] + (e[0] - a[0]) * k, a[1] + (e[1] - a[1]) * k - math.sin(math.pi * u) * p.cell * 0.25)
            draw_die(surface, own.die, val, pos, self._die_size(p.cell), **self._colors(ev.seat))
            return
        cr = p.cell_rect(ev.space)
        label = "stayed (bluff)" if isinstance(own, StayedNote) else "ran for cover"
        td.pop(surface, t, (cr.centerx, cr.y), label, c["accent"], c["accent_text"], u, 0.9 if p.big else 0.7)

    def _draw_deploy(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        p = self.b.panels.get(d["ev"].seat)
        if p is not None and not (p.big and d.get("own")):
            td.pop(surface, t, p.grid.center, "deployed a reserve", c["panel_hi"], c["text"], u, 0.75)

    def _draw_ammo(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        b, t, c = self.b, self.b.host.theme, self.b.host.theme.c
        ev, own = d["ev"], d.get("own")
        p = b.panels.get(ev.seat)
        if p is None:
            return
        if not (p.big and own):
            td.pop(surface, t, (p.grid.centerx, p.grid.y + p.cell // 2), f"power {ev.power} to {ev.value}",
                   c["panel_hi"], c["text"], u, 0.75)
            return
        sp = b.shown.mine.get(own.die, (None,))[0] if b.shown.mine else None
        if sp:
            cr = p.cell_rect(sp)
            td.pop(surface, t, (cr.centerx, cr.y), "halved", c["panel_hi"], c["text"], u, 0.8)

    def _draw_salvo_exit(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        p = self.b.panels.get(d["ev"].seat)
        if p is not None:
            td.pop(surface, t, p.grid.center, "FINAL SALVO spent", c["danger"], None, u, 0.8)

    def _draw_start(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        p = self.b.panels.get(d["seat"])
        if p is not None:
            td.pop(surface, t, p.grid.center, "fires first", c["accent"], c["accent_text"], u, 1.0)

    def _draw_winner(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        p = self.b.panels.get(d["seat"])
        if p is not None:
            td.pop(surface, t, p.grid.center, "WINNER", c["accent"], c["accent_text"], u, 1.4)

    def _draw_setup(self, surface: pygame.Surface, v: CorpsView, d: StepData, u: float) -> None:
        t, c = self.b.host.theme, self.b.host.theme.c
        p = self.b.panels.get(d["seat"])
        if p is not None and not p.big:
            td.pop(surface, t, p.grid.center, "hidden", c["panel_hi"], c["text"], u, 0.8)


def _nothing(*_args: Any) -> None:
    return None


def _take(notes: list[Note], types: type | tuple[type, ...]) -> Any:
    """The first of the viewer's new notes of ``types``, taken off the list."""
    for i, e in enumerate(notes):
        if isinstance(e, types):
            return notes.pop(i)
    return None


def instant_sounds(new: list[Event], play: Callable[[str], None]) -> None:
    """Animation off: one sound for the whole move (a shot, or dice)."""
    if any(isinstance(e, ShotEvent) for e in new):
        play("shot")
    elif any(isinstance(e, (DeployEvent, StartEvent)) for e in new):
        play("dice")
