"""Tweens: values that move over time. Durations are multiplied by the
animation-speed setting; a factor of 0 makes every tween finish at once, so
"animation off" never delays play."""
from __future__ import annotations

import math


def linear(t):
    return t


def ease_out_cubic(t):
    return 1 - (1 - t) ** 3


def ease_in_out(t):
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t):
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


class Tween:
    """Progress 0..1 over ``duration`` seconds, with an easing function."""

    def __init__(self, duration: float, ease=ease_out_cubic, delay: float = 0.0):
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t += dt

    @property
    def raw(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.t >= self.delay else 0.0
        return min(1.0, max(0.0, (self.t - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.ease(self.raw)

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def lerp(self, a, b):
        v = self.value
        if isinstance(a, (tuple, list)):
            return tuple(x + (y - x) * v for x, y in zip(a, b))
        return a + (b - a) * v


class Animations:
    """A bag of running animations. Each item has update(dt), done and draw(surface)."""

    def __init__(self):
        self.items: list = []

    def add(self, item):
        self.items.append(item)
        return item

    def update(self, dt: float) -> None:
        for it in self.items:
            it.update(dt)
        self.items = [it for it in self.items if not it.done]

    def draw(self, surface) -> None:
        for it in self.items:
            it.draw(surface)

    def clear(self) -> None:
        self.items.clear()

    @property
    def busy(self) -> bool:
        return bool(self.items)
