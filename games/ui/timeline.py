"""The animation timeline: every animation in the app runs on one of these.

A timeline is a queue of *groups*; the steps of a group run together (each from
its own ``delay``), and the next group starts when the last step of the one
before has ended. A :class:`Step` is a tween: ``duration`` seconds of progress
0..1 through an easing curve, with callbacks when it starts, on every frame, and
when it ends, and an optional ``draw``. Besides the queue, *background* steps
(sparks, smoke, confetti) run at once, alongside, and never hold the game up.

Why one mechanism: the frame waits for ``busy`` before it shows the next move,
asks the AI, or shows the game-over card; the speed setting (off, normal, fast)
scales every duration when its group starts; and a click, Space or Esc skips to
the end by running every pending callback in order. With the speed off, steps
take no time at all: their callbacks run at once, so "animation off" never
delays play. The callbacks are where the board changes what it draws, so a
skipped animation ends in exactly the picture a played one does.
"""
from __future__ import annotations

from collections import deque
from typing import Any, Callable

from games.ui.easing import linear

Callback = Callable[["Step"], Any]


class Step:
    """One tween. ``value`` is the eased progress; ``lerp(a, b)`` interpolates.

    ``start``/``update``/``end`` are called with the step; ``draw`` with the step
    and whatever the board passes to :meth:`Timeline.draw`. ``scaled=False`` keeps
    the duration whatever the speed setting (a pause a player must be able to read)."""

    def __init__(self, duration: float = 0.0, *, start: Callback | None = None,
                 update: Callback | None = None, end: Callback | None = None,
                 draw: Callable[..., Any] | None = None, ease: Callable[[float], float] = linear,
                 delay: float = 0.0, scaled: bool = True, name: str = "", data: Any = None):
        self.base = max(0.0, float(duration))
        self.base_delay = max(0.0, float(delay))
        self.duration = self.base
        self.delay = self.base_delay
        self.on_start, self.on_update, self.on_end, self.on_draw = start, update, end, draw
        self.ease = ease
        self.scaled = scaled
        self.name = name
        self.data = data
        self.t = 0.0                 # seconds since the step started
        self.started = False
        self.ended = False
        self.timeline: Timeline | None = None

    @property
    def progress(self) -> float:
        if self.ended:
            return 1.0
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, self.t / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.progress)

    def lerp(self, a, b):
        v = self.value
        if isinstance(a, (tuple, list)):
            return tuple(x + (y - x) * v for x, y in zip(a, b))
        return a + (b - a) * v

    @property
    def skipping(self) -> bool:
        """True while the timeline is skipping: start callbacks should stay quiet."""
        return bool(self.timeline and self.timeline.skipping)

    # -- driven by the timeline ----------------------------------------------------
    def _scale(self, factor: float) -> None:
        k = factor if self.scaled else (1.0 if factor > 0 else 0.0)
        self.duration = self.base * k
        self.delay = self.base_delay * k

    def _begin(self) -> None:
        self.started = True
        if self.on_start:
            self.on_start(self)

    def _advance(self, t: float) -> None:
        self.t = max(0.0, min(t, self.duration))
        if self.on_update:
            self.on_update(self)

    def _finish(self) -> None:
        if not self.started:
            self._begin()
        self.t = self.duration
        self.ended = True
        if self.on_update:
            self.on_update(self)
        if self.on_end:
            self.on_end(self)

    def __repr__(self) -> str:
        return f"Step({self.name or 'anon'}, {self.base}s)"


class _Group:
    def __init__(self, steps: list[Step]):
        self.steps = steps
        self.t = 0.0
        self.begun = False

    def begin(self, factor: float) -> None:
        self.begun = True
        for s in self.steps:
            s._scale(factor)

    @property
    def length(self) -> float:
        return max((s.delay + s.duration for s in self.steps), default=0.0)

    def run(self, t: float) -> bool:
        """Advance to group time ``t``; True once every step has ended."""
        self.t = t
        for s in self.steps:
            if s.ended:
                continue
            if not s.started and t >= s.delay:
                s._begin()
            if s.started and not s.ended:
                s._advance(t - s.delay)
        # end in order of end time (then insertion), so callbacks run as they would live
        for s in sorted((s for s in self.steps if s.started and not s.ended),
                        key=lambda s: s.delay + s.duration):
            if t >= s.delay + s.duration:
                s._finish()
        return all(s.ended for s in self.steps)

    def finish(self) -> None:
        for s in sorted(self.steps, key=lambda s: s.delay + s.duration):
            if not s.ended:
                s._finish()


class Timeline:
    """The queue of groups plus the background steps; ``speed()`` gives the
    animation factor (0 off, 1 normal, <1 fast) and is read as each group starts."""

    def __init__(self, speed: Callable[[], float] = lambda: 1.0):
        self.speed = speed
        self._groups: deque[_Group] = deque()
        self._background: list[_Group] = []
        self.skipping = False

    # -- adding ------------------------------------------------------------------------
    def then(self, *steps: Step) -> Step | None:
        """Run ``steps`` together, after everything queued so far."""
        steps = tuple(s for s in steps if s is not None)
        if steps:
            self._own(steps)
            self._groups.append(_Group(list(steps)))
            self._run_if_instant()
        return steps[0] if steps else None

    def along(self, *steps: Step) -> Step | None:
        """Run ``steps`` with the last queued group (or now, if none is queued)."""
        steps = tuple(s for s in steps if s is not None)
        if not steps:
            return None
        if not self._groups:
            return self.then(*steps)
        return self._join(self._groups[-1], steps)

    def now(self, *steps: Step) -> Step | None:
        """Run ``steps`` from this moment, with the group that is running (an
        impact that holds the game up a little longer); queued if nothing runs."""
        steps = tuple(s for s in steps if s is not None)
        if not steps:
            return None
        if not self._groups:
            return self.then(*steps)
        return self._join(self._groups[0], steps)

    def _join(self, g: "_Group", steps) -> Step:
        self._own(steps)
        if g.begun:
            for s in steps:
                s._scale(self._factor())
                s.delay += g.t
        g.steps.extend(steps)
        self._run_if_instant()
        return steps[0]

    def spawn(self, *steps: Step) -> Step | None:
        """Background steps: start now, run alongside, never make the board busy."""
        steps = tuple(s for s in steps if s is not None)
        if not steps:
            return None
        self._own(steps)
        g = _Group(list(steps))
        g.begin(self._factor())
        self._background.append(g)
        if g.run(0.0):
            self._background.remove(g)
        return steps[0]

    def _own(self, steps) -> None:
        for s in steps:
            s.timeline = self

    def _factor(self) -> float:
        try:
            return max(0.0, float(self.speed()))
        except (TypeError, ValueError):
            return 1.0

    def _run_if_instant(self) -> None:
        if self._factor() <= 0:
            self.update(0.0)

    # -- time ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        left = max(0.0, dt)
        while self._groups:
            g = self._groups[0]
            if not g.begun:
                g.begin(self._factor())
            t = g.t + left
            if not g.run(t):
                break
            left = max(0.0, t - g.length)
            if self._groups and self._groups[0] is g:
                self._groups.popleft()
        for g in list(self._background):
            if g.run(g.t + dt):
                self._background.remove(g)

    def skip(self) -> None:
        """Jump to the end of everything queued: every pending callback runs, in order.
        Background effects go on (they hold nothing up)."""
        self.skipping = True
        try:
            while self._groups:
                g = self._groups.popleft()
                if not g.begun:
                    g.begin(0.0)
                g.finish()
        finally:
            self.skipping = False

    def clear(self) -> None:
        """Drop everything without running callbacks (the position jumped)."""
        self._groups.clear()
        self._background.clear()

    # -- queries --------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return bool(self._groups)

    @property
    def idle(self) -> bool:
        """Nothing at all running, background included (the app may sleep)."""
        return not self._groups and not self._background

    def active(self) -> list[Step]:
        """Steps running now (started, not ended): the head group's and the background's."""
        out = []
        if self._groups:
            out += [s for s in self._groups[0].steps if s.started and not s.ended]
        for g in self._background:
            out += [s for s in g.steps if s.started and not s.ended]
        return out

    def pending(self) -> list[Step]:
        """Every queued step not yet ended, in order (for boards that draw what is to come)."""
        return [s for g in self._groups for s in g.steps if not s.ended]

    def draw(self, surface, *args) -> None:
        for s in self.active():
            if s.on_draw:
                s.on_draw(s, surface, *args)
