"""CPU used by an idle app: the main menu, and each game's board waiting for a person.

    python tests/bench/bench_idle_cpu.py [--seconds 6] [--settle 2]

Runs the real loop (``App.run``) with nothing happening and samples this
process's CPU time over a few seconds, after letting it settle. Target: at most
5% of one core on an idle menu and an idle board (laptops at a game night run
on battery). Uses the dummy video driver unless SDL_VIDEODRIVER says otherwise.
"""
import argparse
import os
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def measure(make_scene, seconds: float, settle: float) -> float:
    """Share of one core used while idle."""
    from games.ui.headless import make_app
    from games.ui.menu import MainMenu
    app = make_app((1280, 720))
    app.push(MainMenu(app))
    scene = make_scene(app)
    if scene is not None:
        app.push(scene)
    box = {}

    def sample():
        time.sleep(settle)
        box["cpu0"], box["wall0"] = time.process_time(), time.perf_counter()
        time.sleep(seconds)
        box["cpu1"], box["wall1"] = time.process_time(), time.perf_counter()
        app.running = False

    threading.Thread(target=sample, daemon=True).start()
    app.run()
    return (box["cpu1"] - box["cpu0"]) / (box["wall1"] - box["wall0"])


def game_scene(info):
    def make(app):
        from games.core.match import AI, HUMAN, Match, Seat
        from games.ui.game_screen import GameScreen
        names = info.seat_names(info.default_seats)
        seats = [Seat(HUMAN, name=names[0])] + [Seat(AI, "easy", n) for n in names[1:]]
        return GameScreen(app, Match(info, {}, seats, seed=1))
    return make


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--settle", type=float, default=2.0)
    args = ap.parse_args(argv)
    import games
    rows = [("menu, idle", lambda app: None)]
    rows += [(f"{g.title}, idle board", game_scene(g)) for g in games.GAMES]
    print(f"{'scene':<32}{'CPU (share of one core)':>26}")
    for name, make in rows:
        share = measure(make, args.seconds, args.settle)
        print(f"{name:<32}{share * 100:>25.1f}%", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
