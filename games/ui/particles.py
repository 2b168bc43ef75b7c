"""Particle effects every board shares: bursts, smoke, flying debris, ripples, flashes.

Each effect lives in *natural time* (seconds at normal speed) and is advanced by
:meth:`seek`, so a timeline step drives it (:func:`effect_step`): the speed
setting, skipping and "animation off" then work for all of them alike. An effect
draws at a screen point and a size unit (``cell``: a board square, a box, an
inch) that its board supplies, so it knows nothing of any game's geometry.
"""
from __future__ import annotations

import math
from typing import Callable

import pygame

from games.ui.timeline import Step

TAU = 2 * math.pi


def alpha_circle(surface, rgb, alpha, center, r, width=0) -> None:
    """A circle (or ring) at ``alpha`` opacity, blended over whatever is beneath."""
    r = int(r)
    a = int(max(0, min(255, alpha)))
    if r < 1 or a == 0:
        return
    s = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    pygame.draw.circle(s, (*rgb[:3], a), (r + 2, r + 2), r, width)
    surface.blit(s, (int(center[0]) - r - 2, int(center[1]) - r - 2))


def effect_step(effect, where: Callable[..., tuple[float, float, float]], delay: float = 0.0) -> Step:
    """A (background) timeline step that plays ``effect`` through its natural life.
    ``where(*draw_args)`` gives (x, y, cell) on the screen for the board's draw arguments;
    ``delay`` (natural seconds) starts it later, as the rest of a blast lands."""
    return Step(effect.life, update=lambda s: effect.seek(s.progress * effect.life),
                draw=lambda s, surface, *args: effect.draw(surface, *where(*args)), name=type(effect).__name__,
                delay=delay)


class Particles:
    """Base: advanced to a natural time by :meth:`seek` (integrated in small steps)."""
    life = 0.01

    def __init__(self):
        self.t = 0.0

    def seek(self, t: float) -> None:
        while self.t < t - 1e-9:
            dt = min(1 / 60, t - self.t)
            self.t += dt
            self.tick(dt)

    def tick(self, dt: float) -> None:
        """One small step of the simulation."""

    def draw(self, surface, x: float, y: float, cell: float) -> None:
        raise NotImplementedError


class Burst(Particles):
    """Pieces flying apart where something was hit, with a flash, and smoke if asked."""

    def __init__(self, colors, rng, n=20, smoke=False, spread=1.0, life=0.75):
        super().__init__()
        self.parts = []
        for _ in range(n):
            a = rng.uniform(0, TAU)
            sp = rng.uniform(1.2, 3.6) * spread
            self.parts.append([0.0, 0.0, math.cos(a) * sp, math.sin(a) * sp - 1.2,
                               life * rng.uniform(0.6, 1.0), rng.uniform(0.05, 0.11), rng.choice(colors)])
        self.smoke = []
        if smoke:
            for _ in range(7):
                a = rng.uniform(0, TAU)
                self.smoke.append([math.cos(a) * 0.15, math.sin(a) * 0.15, math.cos(a) * 0.5, math.sin(a) * 0.5 - 0.4,
                                   life * rng.uniform(0.9, 1.4), rng.uniform(0.16, 0.26) * spread])
        self.life = max([p[4] for p in self.parts] + [s[4] for s in self.smoke] + [0.01])
        self.flash = 0.2

    def tick(self, dt):
        for p in self.parts:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += 5.0 * dt
            p[2] *= (1 - 1.5 * dt)
        for s in self.smoke:
            s[0] += s[2] * dt
            s[1] += s[3] * dt
            s[2] *= (1 - 2 * dt)
            s[3] *= (1 - 2 * dt)

    def draw(self, surface, x0, y0, cell):
        if self.t < self.flash:
            k = self.t / self.flash
            alpha_circle(surface, (255, 244, 210), 230 * (1 - k), (x0, y0), cell * (0.25 + 0.35 * k))
            alpha_circle(surface, (255, 200, 90), 200 * (1 - k), (x0, y0), cell * (0.35 + 0.5 * k),
                         max(2, int(cell * 0.08)))
        for s in self.smoke:
            if self.t < s[4]:
                k = self.t / s[4]
                alpha_circle(surface, (96, 92, 86), 150 * (1 - k) ** 1.5,
                             (x0 + s[0] * cell, y0 + s[1] * cell), cell * s[5] * (0.6 + k))
        for p in self.parts:
            if self.t < p[4]:
                k = 1 - self.t / p[4]
                r = max(1, int(cell * p[5] * k))
                pygame.draw.circle(surface, p[6], (int(x0 + p[0] * cell), int(y0 + p[1] * cell)), r)


class Debris(Particles):
    """Planks (or splinters) thrown up by an explosion, spinning as they fall."""

    def __init__(self, color, rng, n=10, size=(0.5, 0.12), spread=1.0, life=1.1):
        super().__init__()
        self.color = color
        self.size = size
        self.parts = []
        for _ in range(n):
            a = rng.uniform(-math.pi * 0.95, -math.pi * 0.05)       # mostly upwards
            sp = rng.uniform(2.0, 5.0) * spread
            self.parts.append([rng.uniform(-0.3, 0.3), 0.0, math.cos(a) * sp, math.sin(a) * sp,
                               rng.uniform(0, TAU), rng.uniform(-9, 9), rng.uniform(0.6, 1.2)])
        self.life = life

    def tick(self, dt):
        for p in self.parts:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += 9.0 * dt
            p[4] += p[5] * dt

    def draw(self, surface, x0, y0, cell):
        fade = max(0.0, 1 - max(0.0, self.t - self.life * 0.6) / (self.life * 0.4))
        if fade <= 0:
            return
        w, h = self.size
        for p in self.parts:
            x, y = x0 + p[0] * cell, y0 + p[1] * cell
            ca, sa = math.cos(p[4]), math.sin(p[4])
            lw, lh = w * cell * p[6] / 2, h * cell * p[6] / 2
            pts = [(x + ca * dx - sa * dy, y + sa * dx + ca * dy) for dx, dy in ((-lw, -lh), (lw, -lh), (lw, lh), (-lw, lh))]
            pygame.draw.polygon(surface, self.color, pts)
            pygame.draw.polygon(surface, (50, 34, 20), pts, 1)


class Smoke(Particles):
    """A rising, spreading cloud (gun smoke, the smoke of a blast)."""

    def __init__(self, rng, puffs=9, life=1.6, spread=1.0, color=(120, 116, 110)):
        super().__init__()
        self.color = color
        self.puffs = []
        for _ in range(puffs):
            a = rng.uniform(0, TAU)
            self.puffs.append([math.cos(a) * 0.2 * spread, math.sin(a) * 0.2 * spread,
                               math.cos(a) * 0.35 * spread, -rng.uniform(0.3, 0.8), rng.uniform(0.18, 0.34) * spread,
                               life * rng.uniform(0.7, 1.0)])
        self.life = life

    def tick(self, dt):
        for p in self.puffs:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[2] *= (1 - 1.2 * dt)

    def draw(self, surface, x0, y0, cell):
        for p in self.puffs:
            if self.t < p[5]:
                k = self.t / p[5]
                alpha_circle(surface, self.color, 140 * (1 - k) ** 1.3, (x0 + p[0] * cell, y0 + p[1] * cell),
                             cell * p[4] * (0.7 + 1.3 * k))


class Ripple(Particles):
    """A ring spreading from a point where a piece was set down."""

    def __init__(self, color, big=False):
        super().__init__()
        self.color = color
        self.life = 0.45 if big else 0.3
        self.big = big

    def draw(self, surface, x, y, cell):
        k = min(1.0, self.t / self.life)
        r = cell * (0.42 + (0.45 if self.big else 0.25) * k)
        alpha_circle(surface, self.color, 220 * (1 - k), (x, y), r, max(2, int(cell * 0.06)))


class Flash(Particles):
    """A bright flash with a shock ring: the moment of a blast."""

    def __init__(self, size=1.0, life=0.45, colors=((255, 255, 240), (255, 200, 90), (230, 90, 40))):
        super().__init__()
        self.size = size
        self.life = life
        self.colors = colors

    def draw(self, surface, x, y, cell):
        k = min(1.0, self.t / self.life)
        alpha_circle(surface, self.colors[0], 230 * (1 - k), (x, y), cell * self.size * (0.4 + 0.9 * k))
        for i, col in enumerate(self.colors[1:]):
            alpha_circle(surface, col, 220 * (1 - k), (x, y), cell * self.size * (0.6 + (1.4 + 0.6 * i) * k),
                         max(2, int(cell * 0.1)))


class Sparks(Particles):
    """A burning fuse: small bright sparks spitting up from one point for ``life``
    seconds, yellow cooling to red as they fall. ``dying`` thins them out towards
    the end (a fuse that goes out) instead of burning to the last moment."""

    def __init__(self, rng, life=0.3, rate=60.0, dying=False):
        super().__init__()
        self.life = life
        self.parts = []
        n = max(1, int(rate * life))
        for k in range(n):
            born = life * k / n
            if dying and rng.random() < born / life:
                continue                      # fewer and fewer sparks: the fuse goes out
            a = rng.uniform(-math.pi * 0.85, -math.pi * 0.15)
            sp = rng.uniform(1.0, 2.6)
            self.parts.append((born, rng.uniform(0.12, 0.24), math.cos(a) * sp, math.sin(a) * sp,
                               rng.uniform(0.07, 0.12)))

    def draw(self, surface, x0, y0, cell):
        for born, span, vx, vy, r in self.parts:
            age = self.t - born
            if age < 0 or age > span:
                continue
            k = age / span
            x = x0 + vx * age * cell
            y = y0 + (vy * age + 4.5 * age * age) * cell
            col = (255, int(240 - 150 * k), int(150 - 130 * k))
            pygame.draw.circle(surface, col, (int(x), int(y)), max(1, round(cell * r * (1 - 0.5 * k))))
