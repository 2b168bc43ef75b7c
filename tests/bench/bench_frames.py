"""Frame times at 1920x1080: the menu and each game scene, idle and while an AI thinks.

    python tests/bench/bench_frames.py [--frames 240]

Targets: p95 under 8 ms idle, under 20 ms while an AI is thinking. Uses the dummy
video driver unless SDL_VIDEODRIVER is set (e.g. under Xvfb with x11).
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


def run_frames(app, n, dt=1 / 60, pace=True):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        app.step(dt, events=[])
        el = time.perf_counter() - t
        times.append(el)
        if pace:
            time.sleep(max(0.0, dt - el))   # a real loop waits for vsync/tick: let the AI thread run
    return times


def report(label, times):
    print(f"{label:<40} median {statistics.median(times) * 1000:6.2f} ms   p95 {p95(times) * 1000:6.2f} ms   "
          f"max {max(times) * 1000:6.2f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=240)
    args = ap.parse_args()
    import games
    from games.core import paths
    from games.core.match import AI, HUMAN, Seat
    from games.ui.headless import build_scene, make_app
    paths.set_data_dir(tempfile.mkdtemp())
    app = make_app((1920, 1080))
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
        # thinking: the AI (hard) to move; measure only frames while it is busy
        g = build_scene(app, "game", info, seats=[Seat(AI, "hard", nm) for nm in names])
        app.replace_all(build_scene(app, "menu"))
        app.push(g)
        busy = []
        deadline = time.perf_counter() + 20
        while len(busy) < args.frames and time.perf_counter() < deadline:
            t = time.perf_counter()
            app.step(1 / 60, events=[])
            el = time.perf_counter() - t
            if g.runner.busy:
                busy.append(el)
            time.sleep(max(0.0, 1 / 60 - el))
        g.on_exit()
        if busy:
            report(f"{info.id}, AI thinking ({len(busy)} frames)", busy)
        else:
            print(f"{info.id}: the AI never was busy during the measurement")
        app.replace_all(build_scene(app, "menu"))


if __name__ == "__main__":
    main()
