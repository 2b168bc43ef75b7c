"""The 1-12 spinner ("Fort Commander" in Cannon Ball): a dial of twelve numbered
sectors and an arrow that spins, slows and settles, ticking as it passes each peg.

The widget never decides a number: the match draws the outcome from its seeded
generator, and :meth:`Spinner.spin_step` animates the arrow onto it. How hard
or when a player flicks changes only the look of the spin (its extra turns),
never the result. Odds and evens are marked by pattern as well as colour (odd
sectors carry a dot), so the gamble reads without colour.

Use: ``board.timeline.then(spinner.spin_step(result, sound=board.sound))``, draw
with ``spinner.draw(surface, center, radius, theme)``, and pass mouse events to
``spinner.handle_event`` to let a player flick it (it calls ``on_flick``).
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable

import pygame

from games.ui import fonts
from games.ui.easing import out_cubic
from games.ui.theme import blend, ink_on
from games.ui.timeline import Step

N = 12
SECTOR = 2 * math.pi / N
TOP = -math.pi / 2          # the 1 sits at the top; numbers run clockwise


def sector_angle(value: int) -> float:
    """The angle (radians, pygame's y-down clockwise) of the middle of ``value``'s sector."""
    return TOP + (value - 1) * SECTOR


def value_at(angle: float) -> int:
    """The number the arrow points at when it points at ``angle``."""
    k = round((angle - TOP) / SECTOR) % N
    return int(k) + 1


class Spinner:
    def __init__(self, on_flick: Callable[[], None] | None = None):
        self.angle = sector_angle(12)
        self.value: int | None = None       # the number it last settled on
        self.spinning = False
        self.call: str | None = None        # "odds" / "evens": the gamble being spun for
        self.flash = 0.0                    # seconds left of the "settled" glow
        self.on_flick = on_flick
        self._rng = random.Random(1968)     # the look of a spin only, never its result
        self._press: tuple | None = None    # (pos, time) of a press on the dial
        self.next_turns: float | None = None
        self._rect = pygame.Rect(0, 0, 0, 0)
        self._cache: dict = {}

    # -- the spin ---------------------------------------------------------------------
    def spin_step(self, result: int, sound: Callable[[str], None] | None = None, turns: float | None = None,
                  duration: float = 1.7) -> Step:
        """A timeline step that spins the arrow and lands it on ``result``."""
        if not 1 <= result <= N:
            raise ValueError(f"a spinner shows 1-12, not {result}")
        start: dict = {}
        extra = turns if turns is not None else (self.next_turns or self._rng.uniform(2.2, 3.4))
        self.next_turns = None
        wobble = self._rng.uniform(-0.32, 0.32) * SECTOR      # not always dead centre

        def begin(step):
            a0 = self.angle
            target = sector_angle(result) + wobble
            d = (target - a0) % (2 * math.pi)
            start.update(a0=a0, a1=a0 + d + 2 * math.pi * round(extra), last=value_at(a0))
            self.spinning = True
            self.value = None

        def update(step):
            self.angle = start["a0"] + (start["a1"] - start["a0"]) * step.value
            v = value_at(self.angle)
            if v != start["last"]:
                start["last"] = v
                if sound and not step.skipping:
                    sound("tick")

        def end(step):
            self.angle = start["a1"] % (2 * math.pi)
            self.spinning = False
            self.value = result
            self.flash = 1.2

        return Step(duration, start=begin, update=update, end=end, ease=out_cubic, name=f"spin {result}")

    def update(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt)

    # -- input --------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """A press and a quick drag (or a click) on the dial flicks it: ``on_flick()``."""
        if self.on_flick is None or self.spinning:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._hit(event.pos):
            self._press = (event.pos, time.perf_counter())
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            (x0, y0), t0 = self._press
            self._press = None
            speed = math.hypot(event.pos[0] - x0, event.pos[1] - y0) / max(0.05, time.perf_counter() - t0)
            self.next_turns = min(5.0, 2.0 + speed / 900)      # a harder flick spins longer: the look only
            self.on_flick()
            return True
        return False

    def _hit(self, pos) -> bool:
        r = self._rect
        if r.w <= 0:
            return False
        return math.hypot(pos[0] - r.centerx, pos[1] - r.centery) <= r.w / 2

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface, center, radius: int, theme, label: str = "") -> None:
        radius = int(radius)
        if radius < 12:
            return
        cx, cy = int(center[0]), int(center[1])
        self._rect = pygame.Rect(cx - radius, cy - radius, 2 * radius, 2 * radius)
        dial = self._dial(radius, theme)
        surface.blit(dial, dial.get_rect(center=(cx, cy)))
        if self.value is not None and self.flash > 0:
            self._glow(surface, cx, cy, radius, theme)
        self._arrow(surface, cx, cy, radius, theme)
        self._pointed(surface, cx, cy, radius, theme)
        if label:
            f = fonts.font(max(10, radius * 0.22), bold=True)
            img = f.render(label, True, theme.c["text"])
            surface.blit(img, img.get_rect(midtop=(cx, cy + radius + max(2, radius // 12))))

    def _dial(self, radius: int, theme) -> pygame.Surface:
        """The dial (sectors, numbers, rim), cached per size, palette and call."""
        key = (radius, theme.colorblind, self.call)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        if len(self._cache) > 8:
            self._cache.clear()
        c = theme.c
        size = 2 * radius + 4
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        o = size / 2
        odd_c, even_c = blend(c["panel"], c["accent"], 0.55), c["panel_hi"]
        f = fonts.font(max(9, radius * 0.2), bold=True)
        for v in range(1, N + 1):
            a = sector_angle(v)
            pts = [(o, o)] + [(o + radius * math.cos(a + t * SECTOR), o + radius * math.sin(a + t * SECTOR))
                              for t in (-0.5, -0.25, 0.0, 0.25, 0.5)]
            col = odd_c if v % 2 else even_c
            if self.call and (v % 2 == 1) != (self.call == "odds"):
                col = blend(col, c["bg"], 0.55)            # the numbers that lose the gamble fade
            pygame.draw.polygon(surf, col, pts)
            pygame.draw.line(surf, c["edge"], (o, o), pts[1], max(1, radius // 40))
            tx, ty = o + radius * 0.74 * math.cos(a), o + radius * 0.74 * math.sin(a)
            img = f.render(str(v), True, ink_on(col))
            surf.blit(img, img.get_rect(center=(int(tx), int(ty))))
            if v % 2:                                       # odd numbers carry a dot: not colour alone
                pygame.draw.circle(surf, ink_on(col), (int(o + radius * 0.5 * math.cos(a)),
                                                       int(o + radius * 0.5 * math.sin(a))), max(2, radius // 26))
        pygame.draw.circle(surf, c["edge"], (int(o), int(o)), radius, max(2, radius // 18))
        for v in range(N):                                  # the pegs the arrow ticks past
            a = TOP + (v + 0.5) * SECTOR
            pygame.draw.circle(surf, c["text"], (int(o + radius * 0.94 * math.cos(a)),
                                                 int(o + radius * 0.94 * math.sin(a))), max(1, radius // 34))
        self._cache[key] = surf
        return surf

    def _glow(self, surface, cx, cy, radius, theme) -> None:
        if self.value is None:
            return                  # nothing has been spun yet: no sector to light
        a = sector_angle(self.value)
        k = min(1.0, self.flash / 1.2)
        ring = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
        o = radius + 2
        pts = [(o, o)] + [(o + radius * math.cos(a + t * SECTOR), o + radius * math.sin(a + t * SECTOR))
                          for t in (-0.5, -0.25, 0.0, 0.25, 0.5)]
        pygame.draw.polygon(ring, (*theme.c["last_move"], int(170 * k)), pts)
        surface.blit(ring, (cx - o, cy - o))
        f = fonts.font(max(9, radius * 0.2), bold=True)
        img = f.render(str(self.value), True, (20, 20, 24))
        surface.blit(img, img.get_rect(center=(int(cx + radius * 0.74 * math.cos(a)), int(cy + radius * 0.74 * math.sin(a)))))

    def _pointed(self, surface, cx, cy, radius, theme) -> None:
        """The number under the needle, drawn again on top of it in a disc: the needle
        crosses the number ring, and the number it points at is the one to read. Only
        once it has landed: at rest between two numbers (a turn not yet spun) and while
        it turns it points at none."""
        if self.value is None:
            return
        v = value_at(self.angle)
        a = sector_angle(v)
        x, y = int(cx + radius * 0.74 * math.cos(a)), int(cy + radius * 0.74 * math.sin(a))
        f = fonts.font(max(9, radius * 0.2), bold=True)
        img = f.render(str(v), True, theme.c["text"])
        r = max(img.get_width(), img.get_height()) // 2 + max(2, radius // 30)
        pygame.draw.circle(surface, theme.c["panel"], (x, y), r)
        pygame.draw.circle(surface, (196, 40, 36), (x, y), r, max(1, radius // 40))
        surface.blit(img, img.get_rect(center=(x, y)))

    def _arrow(self, surface, cx, cy, radius, theme) -> None:
        a = self.angle
        ux, uy = math.cos(a), math.sin(a)
        px, py = -uy, ux
        tip = (cx + ux * radius * 0.86, cy + uy * radius * 0.86)
        tail = (cx - ux * radius * 0.34, cy - uy * radius * 0.34)
        w = radius * 0.09
        body = [(tail[0] + px * w, tail[1] + py * w), (tip[0] - ux * w * 2 + px * w * 0.5, tip[1] - uy * w * 2 + py * w * 0.5),
                tip, (tip[0] - ux * w * 2 - px * w * 0.5, tip[1] - uy * w * 2 - py * w * 0.5),
                (tail[0] - px * w, tail[1] - py * w)]
        shadow = [(x + radius * 0.03, y + radius * 0.04) for x, y in body]
        pygame.draw.polygon(surface, (0, 0, 0), shadow)
        pygame.draw.polygon(surface, (196, 40, 36), body)
        pygame.draw.polygon(surface, (60, 10, 8), body, max(1, radius // 40))
        pygame.draw.circle(surface, (220, 220, 210), (cx, cy), max(3, int(radius * 0.11)))   # the washer
        pygame.draw.circle(surface, (80, 80, 80), (cx, cy), max(3, int(radius * 0.11)), max(1, radius // 50))
