"""A long run of the real app: computer-against-computer games of every game, one
after another, through the real frame (dummy video driver), for 30 minutes.

    python tests/bench/soak_app.py [--minutes 30] [--level normal]

Prints the resident memory every minute and a summary at the end: games played
per game, errors (anything the loop's crash handler caught, or logged as an
error: must be 0), and the memory growth after the first game (target: under
20 MB). Exits 1 if there was an error.
"""
from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux /proc; else the peak from getrusage)."""
    try:
        with open("/proc/self/status", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


class Errors(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record):
        self.records.append(record.getMessage())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard", "random"))
    args = ap.parse_args(argv)
    import games
    from games.core import logs, paths
    from games.core.match import AI, Match, Seat
    from games.ui.game_screen import GameScreen
    from games.ui.headless import make_app
    from games.ui.menu import MainMenu
    paths.set_data_dir(tempfile.mkdtemp(prefix="cannonade-soak-"))
    logs.setup_logging(to_stderr=True)
    errors = Errors()
    logging.getLogger().addHandler(errors)
    app = make_app((1280, 720), animation="fast")
    app.push(MainMenu(app))
    played = {g.id: 0 for g in games.GAMES}
    end = time.perf_counter() + args.minutes * 60
    next_report = time.perf_counter() + 60
    base = None
    ends: list[float] = []   # resident memory at the end of each game after the first round
    k = 0
    t0 = time.perf_counter()
    while time.perf_counter() < end and app.running:
        info = games.GAMES[k % len(games.GAMES)]
        seats = [Seat(AI, args.level, n) for n in info.seat_names(info.default_seats)]
        g = GameScreen(app, Match(info, {}, seats, seed=k + 1))
        app.replace_all(MainMenu(app))
        app.push(g)
        game_end = time.perf_counter() + 600
        while not g._over_shown and time.perf_counter() < min(end, game_end) and app.running:
            try:
                app.step(1 / 60)
            except Exception as exc:  # noqa: BLE001 - the soak counts what the real loop would catch
                app.crashed(exc)
            time.sleep(0.001)
            if time.perf_counter() >= next_report:
                print(f"{(time.perf_counter() - t0) / 60:5.1f} min  rss {rss_mb():7.1f} MB  games {sum(played.values())}"
                      f"  errors {len(errors.records)}", flush=True)
                next_report += 60
        g.on_exit()
        if g._over_shown:
            played[info.id] += 1
        k += 1
        if base is None and sum(played.values()) >= len(games.GAMES):
            base = rss_mb()
        elif base is not None:
            ends.append(rss_mb())
    final = rss_mb()
    print(f"played: {played}; errors: {len(errors.records)}"
          + (f" (first: {errors.records[0]})" if errors.records else ""))
    if base is not None:
        print(f"memory after the first round of games {base:.1f} MB, at the end {final:.1f} MB, "
              f"growth {final - base:+.1f} MB (target under 20 MB)")
    n = len(games.GAMES)
    if len(ends) >= 3 * n:
        # One sample swings by several MB with the collector and the AI's tables, so
        # also compare a whole round of games early on with the last round.
        first, last = statistics.median(ends[:n]), statistics.median(ends[-n:])
        print(f"median at game ends: second round {first:.1f} MB, last round {last:.1f} MB, "
              f"growth {last - first:+.1f} MB")
    return 1 if errors.records else 0


if __name__ == "__main__":
    sys.exit(main())
