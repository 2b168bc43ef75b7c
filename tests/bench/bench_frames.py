"""Frame times at 1920x1080: the menu and each game scene, idle and while an AI thinks.

    python tests/bench/bench_frames.py [--frames 240]
    SDL_VIDEODRIVER=x11 xvfb-run -a -s "-screen 0 1920x1080x24" python tests/bench/bench_frames.py

Targets: p95 under 8 ms idle, under 20 ms while an AI is thinking.

A frame is our work (events, update, draw) plus handing the picture to the
display (``display.flip``). The two are printed apart: our work is what the
code controls; the hand-over depends on the display. With the dummy driver it
is free; under Xvfb (a software X server, no shared-memory path here) it costs
a fixed ~15-20 ms even for a tiny update, which a desktop does not.

A game whose AI decides faster than a frame (Cannon Corps: a few ms) is rarely
caught mid-thought; for it the "AI" line measures every frame of an all-AI
game instead, which is what a player watching AIs play sees.
"""
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


def p95(xs):
    xs = sorted(xs)
    return xs[int(0.95 * (len(xs) - 1))]


_present = []          # seconds spent in display.flip, per frame


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


def report(label, times):
    work = [w for w, _ in times]
    present = [p for _, p in times]
    print(f"{label:<44} work: median {statistics.median(work) * 1000:6.2f} ms  p95 {p95(work) * 1000:6.2f} ms  "
          f"max {max(work) * 1000:6.2f} ms  |  present median {statistics.median(present) * 1000:6.2f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=240)
    args = ap.parse_args()
    import pygame
    import games
    from games.core import paths
    from games.core.match import AI, HUMAN, Seat
    from games.ui.headless import build_scene, make_app
    paths.set_data_dir(tempfile.mkdtemp())
    pygame.display.flip = _timed_flip(pygame.display.flip)
    app = make_app((1920, 1080))
    print(f"video driver: {pygame.display.get_driver()}, window {app.screen.get_size()}")
    app.push(build_scene(app, "menu"))
    run_frames(app, 20)
    report("menu, idle", run_frames(app, args.frames))
    for info in games.GAMES:
        names = info.seat_names(info.default_seats)
        # idle: a human to move, nothing animating
        g = build_scene(app, "game", info, seats=[Seat(HUMAN, "normal", nm) for nm in names])
        app.replace_all(build_scene(app, "menu"))
        app.push(g)
        run_frames(app, 30)
        while app.stack.top is not g:     # accept a hand-over if the game starts with one
            app.stack.top.ready()
        report(f"{info.id}, idle", run_frames(app, args.frames))
        # the AI (hard) to move at every seat
        n = info.max_seats if info.hidden_information else info.default_seats
        g = build_scene(app, "game", info, seats=[Seat(AI, "hard", nm) for nm in info.seat_names(n)])
        app.replace_all(build_scene(app, "menu"))
        app.push(g)
        busy, playing = [], []
        deadline = time.perf_counter() + 30
        while len(busy) < args.frames and len(playing) < 4 * args.frames and time.perf_counter() < deadline:
            if g.match.is_over():
                break
            frame = one_frame(app, 1 / 60)
            (busy if g.runner.busy else playing).append(frame)
            time.sleep(max(0.0, 1 / 60 - sum(frame)))
        g.on_exit()
        if len(busy) >= 30:
            report(f"{info.id}, AI thinking ({len(busy)} frames)", busy)
        else:
            report(f"{info.id}, {n} AIs playing ({len(busy) + len(playing)} frames)", busy + playing)
        app.replace_all(build_scene(app, "menu"))


if __name__ == "__main__":
    main()
