"""Frame times per scene: the menu, the rules, and each game idle, animating, and
while a computer thinks, at 1280x720 and 1920x1080.

    python tests/bench/bench_frames.py [--frames 240] [--size 1920x1080]
    SDL_VIDEODRIVER=x11 xvfb-run -a -s "-screen 0 1920x1080x24" python tests/bench/bench_frames.py

Targets: p95 under 8 ms idle, under 20 ms while an AI thinks (at 1920x1080).

A frame is our work (events, update, draw) plus handing the picture to the
display (``display.flip``). The two are printed apart: our work is what the
code controls; the hand-over depends on the display. With the dummy driver it
is free; under Xvfb (a software X server) it costs a fixed ~15-20 ms.

"Animating" measures the frames while moves are playing out on the board
(computers against each other, normal speed); "AI thinking" the frames while a
Hard computer thinks. A game whose AI decides faster than a frame is rarely
caught mid-thought: for it that line measures every frame of a computer game.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

_present: list = []          # seconds spent in display.flip, per frame


def p95(xs):
    xs = sorted(xs)
    return xs[int(0.95 * (len(xs) - 1))]


def _timed_flip(real):
    def flip():
        t = time.perf_counter()
        real()
        _present.append(time.perf_counter() - t)
    return flip


def one_frame(app, dt):
    """(our work, present) in seconds for one app.step."""
    n = len(_present)
    t = time.perf_counter()
    app.step(dt, events=[])
    total = time.perf_counter() - t
    present = _present[-1] if len(_present) > n else 0.0
    return total - present, present


def run_frames(app, n, dt=1 / 60, pace=True):
    times = []
    for _ in range(n):
        work, present = one_frame(app, dt)
        times.append((work, present))
        if pace:
            time.sleep(max(0.0, dt - work - present))   # a real loop waits for the tick: let the AI thread run
    return times


def summary(label, times) -> dict:
    work = [w for w, _ in times] or [0.0]
    present = [p for _, p in times] or [0.0]
    return {"scene": label, "frames": len(times), "p50": statistics.median(work) * 1000, "p95": p95(work) * 1000,
            "max": max(work) * 1000, "present_p50": statistics.median(present) * 1000}


def _game(app, info, seats):
    from games.ui.headless import build_scene
    g = build_scene(app, "game", info, seats=seats)
    app.replace_all(build_scene(app, "menu"))
    app.push(g)
    return g


def measure(size=(1920, 1080), frames=240) -> list[dict]:
    """Every scene's figures at ``size`` (a list of dicts, see :func:`summary`)."""
    import pygame

    import games
    from games.core import paths
    from games.core.match import HUMAN, Seat
    from games.ui.headless import build_scene, make_app
    paths.set_data_dir(tempfile.mkdtemp())
    if not getattr(pygame.display.flip, "_timed", False):
        pygame.display.flip = _timed_flip(pygame.display.flip)
        pygame.display.flip._timed = True
    app = make_app(size)
    rows = []
    app.push(build_scene(app, "menu"))
    run_frames(app, 20)
    rows.append(summary("menu, idle", run_frames(app, frames)))
    for info in games.GAMES:
        names = info.seat_names(info.default_seats)
        app.push(build_scene(app, "rules", info))
        run_frames(app, 10)
        rows.append(summary(f"{info.title}: rules", run_frames(app, frames // 2)))
        g = _game(app, info, [Seat(HUMAN, "normal", nm) for nm in names])
        run_frames(app, 30)
        while app.stack.top is not g:     # accept a hand-over if the game starts with one
            app.stack.top.ready()
        rows.append(summary(f"{info.title}: idle", run_frames(app, frames)))
        rows.append(summary(f"{info.title}: animating", _animating(app, info, names, frames)))
        rows.append(_thinking(app, info, frames))
    app.replace_all(build_scene(app, "menu"))
    return rows


def _animating(app, info, names, frames):
    """Frames while moves play out: easy computers against each other at normal speed."""
    from games.core.match import AI, Seat
    g = _game(app, info, [Seat(AI, "easy", nm) for nm in names])
    out = []
    deadline = time.perf_counter() + 60
    while len(out) < frames and not g.match.is_over() and time.perf_counter() < deadline:
        frame = one_frame(app, 1 / 60)
        if g.board.busy:
            out.append(frame)
        time.sleep(max(0.0, 1 / 60 - sum(frame)))
    g.on_exit()
    return out


def _thinking(app, info, frames) -> dict:
    from games.core.match import AI, Seat
    n = info.max_seats if info.hidden_information else info.default_seats
    g = _game(app, info, [Seat(AI, "hard", nm) for nm in info.seat_names(n)])
    busy, playing = [], []
    deadline = time.perf_counter() + 30
    while len(busy) < frames and len(playing) < 4 * frames and time.perf_counter() < deadline:
        if g.match.is_over():
            break
        frame = one_frame(app, 1 / 60)
        (busy if g.runner.busy else playing).append(frame)
        time.sleep(max(0.0, 1 / 60 - sum(frame)))
    g.on_exit()
    if len(busy) >= 30:
        return summary(f"{info.title}: AI thinking", busy)
    return summary(f"{info.title}: {n} AIs playing", busy + playing)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=240)
    ap.add_argument("--size", default="1920x1080")
    args = ap.parse_args(argv)
    size = tuple(int(x) for x in args.size.split("x"))
    import pygame
    pygame.display.init()
    print(f"video driver: {pygame.display.get_driver()}, {size[0]}x{size[1]}")
    for r in measure(size, args.frames):
        print(f"{r['scene']:<40} work: median {r['p50']:6.2f} ms  p95 {r['p95']:6.2f} ms  max {r['max']:6.2f} ms"
              f"  |  present median {r['present_p50']:6.2f} ms  ({r['frames']} frames)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
