"""Cannon's animations: a move gliding or a shot flying, and the sparks, smoke,
ripples and town-fall confetti they leave. All of them run on the board's
shared timeline (``games.ui.timeline``); :func:`queue_move` is the entry point.

Every effect here is written in natural time (seconds at the normal speed) and
driven by a timeline step through :meth:`seek`, so the speed setting, skipping
and "animation off" work the same for all of them without each knowing about it.
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from games.cannon import rules as R
from games.cannon.rules import events as RE
from games.core.events import Event
from games.ui.easing import in_out, linear, out_cubic
from games.ui.particles import Burst, Particles, Ripple, alpha_circle, effect_step
from games.ui.theme import Theme, blend
from games.ui.timeline import Step

from .geometry import Geometry, Point
from .pieces import blit_piece, side_of, star

if TYPE_CHECKING:
    from .scene import CannonBoard

TAU = 2 * math.pi


def queue_move(board: CannonBoard, events: Sequence[Event], celebrate: bool = True) -> None:
    """Queue the animation of a move's ``events`` (``LogEntry.events``: the move just
    applied, then the fall of a town it took) on ``board.timeline``.

    The position drawn underneath is already the new one; the animation hides
    the moved piece at its destination and draws it (and a captured piece)
    where they are meanwhile. Impact effects are background steps; a falling
    town also holds the game-over card back for a moment, so the fall is seen,
    and (``celebrate``: a person won) showers the board with confetti."""
    first = events[0] if events else None
    if not isinstance(first, (RE.TownPlaced, RE.SoldierMoved, RE.CannonShot)):
        return
    anim = MoveAnim(board, first, any(isinstance(e, RE.TownFell) for e in events), celebrate)

    def start(step: Step) -> None:
        board.moving = anim
        if anim.kind == "shot":
            step_sound(step, board, "shot")

    def update(step: Step) -> None:
        anim.seek(step.progress * anim.total, step)

    def end(step: Step) -> None:
        anim.seek(anim.total, step)
        board.moving = None

    board.timeline.then(Step(anim.total, start=start, update=update, end=end,
                             name=f"move {anim.kind} to {R.square_name(anim.to)}"))


def step_sound(step: Step, board: CannonBoard, name: str) -> None:
    if not step.skipping:
        board.sound(name)


def at_square(sq: int) -> Callable[[Geometry, Theme], tuple[float, float, float]]:
    """Where an effect on square ``sq`` draws, for the board's (geo, theme) draw arguments."""
    return lambda geo, theme: (*geo.sq_fpx(sq), geo.cell)


class MoveAnim:
    """One move being shown: a glide, a cannon shot, a town placed."""

    def __init__(self, board: CannonBoard, event: RE.MoveEvent, town_falls: bool, celebrate: bool = True):
        self.board = board
        self.kind = k = "place" if isinstance(event, RE.TownPlaced) else \
            "shot" if isinstance(event, RE.CannonShot) else event.how
        self.town_falls = town_falls
        self.celebrate = celebrate
        self.t = 0.0
        self.impacted = False
        self.frm = event.at if isinstance(event, RE.TownPlaced) else event.frm
        self.to = event.at if isinstance(event, (RE.TownPlaced, RE.CannonShot)) else event.to
        self.mover = event.piece
        self.target = R.EMPTY if isinstance(event, RE.TownPlaced) else event.taken
        self.cannon = event.cannon if isinstance(event, RE.CannonShot) else None
        #: the squares whose pieces the animation draws itself (the board leaves them out)
        self.hidden: set[int] = {self.to}
        if self.cannon is not None:
            self.hidden = set(self.cannon)
        self.fire = 0.0
        if k == "place":
            self.travel = 0.34
        elif k == "shot":
            dist = max(abs(self.to % 10 - self.frm % 10), abs(self.to // 10 - self.frm // 10))
            self.fire = 0.06
            self.travel = self.fire + 0.14 + 0.07 * dist
        else:
            self.travel = {"step": 0.26, "retreat": 0.36, "slide": 0.46, "capture": 0.28}[k]
        self.impact_at = self.travel
        self.total = self.impact_at + 0.10

    def seek(self, t: float, step: Step) -> None:
        self.t = t
        if not self.impacted and t >= self.impact_at:
            self.impacted = True
            self._impact(step)

    def _impact(self, step: Step) -> None:
        board = self.board
        c = board.theme.c
        rng = board.fx_rng
        tl = board.timeline
        if self.kind in ("capture", "shot"):
            col = c["side"][side_of(self.target)] if self.target else c["danger"]
            burst = Burst([col, c["side_edge"][side_of(self.target or 1)], c["move_shot"]], rng,
                          n=30 if self.target in R.TOWN else 20, smoke=self.kind == "shot")
            tl.spawn(effect_step(burst, at_square(self.to)))
            if self.town_falls:
                if self.celebrate:
                    party = Celebration(self.to, c, rng)
                    tl.spawn(Step(party.life, update=lambda s: party.seek(s.progress * party.life),
                                  draw=lambda s, surface, geo, theme: party.draw_on(surface, geo),
                                  name="celebration"))
                tl.now(Step(1.1, name="the town falls"))     # the game-over card waits for it
                step_sound(step, board, "explosion")
            else:
                step_sound(step, board, "hit" if self.kind == "capture" else "explosion")
        else:
            tl.spawn(effect_step(Ripple(c["last_move"], big=self.kind == "place"), at_square(self.to)))
            step_sound(step, board, "click")

    def _prog(self, start: float, end: float, ease: Callable[[float], float] = in_out) -> float:
        if end <= start:
            return 1.0
        return ease(min(1.0, max(0.0, (self.t - start) / (end - start))))

    def draw_pieces(self, surface: pygame.Surface, geo: Geometry, ref_cell: float, theme: Theme,
                    cells: list[int]) -> None:
        k = geo.cell / ref_cell
        if self.kind == "place":
            p = self._prog(0, self.travel, out_cubic)
            drop = (1 - p) * geo.cell * 0.6
            x, y = geo.sq_fpx(self.to)
            blit_piece(surface, self.mover, (x, y - drop), ref_cell, theme, scale=k * (1.25 - 0.25 * p))
            return
        if self.kind == "shot":
            self._draw_recoil(surface, geo, ref_cell, theme, cells, k)
            return
        if not self.impacted and self.target:
            blit_piece(surface, self.target, geo.sq_fpx(self.to), ref_cell, theme, scale=k)
        p = self._prog(0, self.travel)
        blit_piece(surface, self.mover, self._glide_pos(geo, p), ref_cell, theme,
                     scale=k * (1.0 + 0.08 * math.sin(math.pi * p)))

    def _glide_pos(self, geo: Geometry, p: float) -> Point:
        a, b = geo.sq_fpx(self.frm), geo.sq_fpx(self.to)
        if self.kind == "slide":
            # the end soldier goes round the other two, as the slide's arrow shows
            dx, dy = b[0] - a[0], b[1] - a[1]
            n = math.hypot(dx, dy) or 1.0
            bend = geo.cell * 1.7
            ctrl = ((a[0] + b[0]) / 2 - dy / n * bend, (a[1] + b[1]) / 2 + dx / n * bend)
            return ((1 - p) ** 2 * a[0] + 2 * (1 - p) * p * ctrl[0] + p * p * b[0],
                    (1 - p) ** 2 * a[1] + 2 * (1 - p) * p * ctrl[1] + p * p * b[1])
        hop = math.sin(math.pi * p) * geo.cell * 0.10
        return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p - hop)

    def _draw_recoil(self, surface: pygame.Surface, geo: Geometry, ref_cell: float, theme: Theme, cells: list[int],
                     k: float) -> None:
        """The cannon recoils a little, away from the target."""
        ux, uy = unit_px(geo, self.frm, self.to)
        kick = math.sin(math.pi * min(1.0, self.t / 0.28)) * geo.cell * 0.10
        for sq in self.cannon or ():
            x, y = geo.sq_fpx(sq)
            blit_piece(surface, cells[sq] or self.mover, (x - ux * kick, y - uy * kick), ref_cell, theme, scale=k)
        if not self.impacted and self.target:
            blit_piece(surface, self.target, geo.sq_fpx(self.to), ref_cell, theme, scale=k)

    def draw_effects(self, surface: pygame.Surface, geo: Geometry, theme: Theme) -> None:
        if self.kind != "shot":
            return
        a = geo.sq_fpx(self.frm)
        ux, uy = unit_px(geo, self.frm, self.to)
        cell = geo.cell
        tf = self.t / 0.22
        if tf < 1.0:                              # the muzzle flash
            mx, my = a[0] + ux * cell * 0.45, a[1] + uy * cell * 0.45
            size = cell * (0.25 + 0.35 * tf)
            pygame.draw.polygon(surface, blend((255, 200, 80), (255, 255, 255), 0.3),
                                star(mx, my, size, size * 0.45, 8, rot=self.t * 3))
            pygame.draw.polygon(surface, (255, 255, 235), star(mx, my, size * 0.55, size * 0.3, 8, rot=self.t * 3 + 0.4))
        if not self.impacted and self.t >= self.fire:
            self._draw_ball(surface, geo, theme, ux, uy)

    def _draw_ball(self, surface: pygame.Surface, geo: Geometry, theme: Theme, ux: float, uy: float) -> None:
        """The cannonball in flight, with its shadow on the board and a short trail of sparks."""
        a, b = geo.sq_fpx(self.frm), geo.sq_fpx(self.to)
        cell = geo.cell

        def at(q: float) -> Point:
            x = a[0] + ux * cell * 0.4 + (b[0] - a[0] - ux * cell * 0.4) * q
            y = a[1] + uy * cell * 0.4 + (b[1] - a[1] - uy * cell * 0.4) * q
            return x, y

        p = self._prog(self.fire, self.travel, linear)
        sx, sy = at(p)
        arc = math.sin(math.pi * p) * cell * 0.45
        r = max(3, int(cell * (0.12 + 0.04 * math.sin(math.pi * p))))
        sh = pygame.Surface((4 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.ellipse(sh, (0, 0, 0, 70), sh.get_rect())
        surface.blit(sh, sh.get_rect(center=(int(sx), int(sy + r * 0.4))))
        bx, by = int(sx), int(sy - arc)
        pygame.draw.aacircle(surface, (20, 20, 24), (bx, by), r)
        pygame.draw.aacircle(surface, (110, 110, 120), (bx - r // 3, by - r // 3), max(1, r // 3))
        for i in range(1, 4):
            q = max(0.0, p - i * 0.06)
            tx, ty = at(q)
            pygame.draw.aacircle(surface, blend(theme.c["move_shot"], (255, 255, 255), 0.3),
                                 (int(tx), int(ty - math.sin(math.pi * q) * cell * 0.45)), max(1, r // (i + 1)))


def unit_px(geo: Geometry, frm: int, to: int) -> Point:
    a, b = geo.sq_fpx(frm), geo.sq_fpx(to)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


_SCORCH: dict[int, pygame.Surface] = {}


def scorch(surface: pygame.Surface, pos: Point, cell: float) -> None:
    """The mark a shot leaves on an emptied point."""
    r = max(3, int(cell * 0.36))
    spr = _SCORCH.get(r)
    if spr is None:
        spr = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        rng = random.Random(5)
        for i in range(7):
            rr = int(r * (1.0 - i * 0.12))
            pygame.draw.circle(spr, (40, 24, 10, 18 + i * 6), (r + rng.randint(-2, 2), r + rng.randint(-2, 2)), rr)
        _SCORCH[r] = spr
    surface.blit(spr, spr.get_rect(center=(int(pos[0]), int(pos[1]))))


class Celebration(Particles):
    """The town falls: a flash and rings where it stood, a burst of confetti from
    it and a shower over the whole board."""

    def __init__(self, sq: int, c: dict[str, Any], rng: random.Random):
        super().__init__()
        self.sq = sq
        self.life = 3.2
        self.colors = [c["accent"], c["move_step"], c["move_capture"], c["move_retreat"], c["move_slide"],
                       c["move_shot"], (255, 255, 255)]
        self.rng = rng
        #: per piece of confetti: x, y, vx, vy, age, angle, spin, size, colour, sway phase (made on
        #: the first draw, when the board's size is known)
        self.parts: list[list[Any]] | None = None
        self.flash_colors = ((255, 255, 255), c["accent"], c["danger"])

    def _spawn(self, geo: Geometry) -> list[list[Any]]:
        rng = self.rng
        tx, ty = geo.sq_fpx(self.sq)
        ox, oy = (tx - geo.cx) / geo.cell, (ty - geo.cy) / geo.cell
        half = (geo.files[1] - geo.files[0]) / 2 + geo.margin
        parts: list[list[Any]] = []
        for _ in range(70):                      # the burst from the town
            a = rng.uniform(0, TAU)
            sp = rng.uniform(2.0, 6.5)
            parts.append([ox, oy, math.cos(a) * sp, math.sin(a) * sp - 2.0, 0.0])
        for _ in range(110):                     # the shower
            parts.append([rng.uniform(-half, half), -half - rng.uniform(0.2, 5.5),
                          rng.uniform(-0.4, 0.4), rng.uniform(2.2, 3.6), 0.0])
        for p in parts:
            p += [rng.uniform(0, TAU), rng.uniform(-8, 8), rng.uniform(0.09, 0.16), rng.choice(self.colors),
                  rng.uniform(0, TAU)]
        self.parts = parts
        return parts

    def tick(self, dt: float) -> None:
        if self.parts is None:
            return
        for p in self.parts:
            p[0] += (p[2] + 0.6 * math.sin(self.t * 4 + p[9])) * dt
            p[1] += p[3] * dt
            p[2] *= (1 - 1.5 * dt)
            p[3] = min(p[3] + 6.0 * dt, 2.6)   # paper drifts down slowly
            p[5] += p[6] * dt

    def draw_on(self, surface: pygame.Surface, geo: Geometry) -> None:
        parts = self.parts if self.parts is not None else self._spawn(geo)
        x0, y0 = geo.sq_fpx(self.sq)
        cell = geo.cell
        fl = 0.45
        if self.t < fl:
            k = self.t / fl
            alpha_circle(surface, (255, 255, 240), 200 * (1 - k), (x0, y0), cell * (0.5 + 1.0 * k))
            for i, col in enumerate(self.flash_colors):
                alpha_circle(surface, col, 230 * (1 - k), (x0, y0), cell * (0.5 + (1.6 + i * 0.6) * k),
                             max(2, int(cell * 0.09)))
        fade = min(1.0, max(0.0, (self.life - self.t) / 0.6))
        if fade <= 0:
            return
        for p in parts:
            x, y = geo.cx + p[0] * cell, geo.cy + p[1] * cell
            s = cell * p[7] * (0.4 + 0.6 * fade)
            ca, sa = math.cos(p[5]), math.sin(p[5])
            w2, h2 = s, s * 0.45 * (0.3 + abs(math.sin(p[5] * 1.7)))
            pts = [(x + ca * dx - sa * dy, y + sa * dx + ca * dy)
                   for dx, dy in ((-w2, -h2), (w2, -h2), (w2, h2), (-w2, h2))]
            pygame.draw.polygon(surface, p[8], pts)
