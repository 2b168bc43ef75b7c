"""Cannon Ball AI-vs-AI arena (a benchmark script, not a test): strength, game length,
how games are won, and AI thinking time.

The games are :func:`games.core.arena.play_one`'s (seats alternate between games,
every game seeded, chance drawn by the match); a watcher adds how each game
ended, how many turns it took and the AI's time per whole turn.

    python tests/bench/arena_cannon_ball.py                          # the issue's tables, 100 games each
    python tests/bench/arena_cannon_ball.py --lineup hard,normal --games 200 --jobs 2
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.core.arena import format_table, play_all, summarise  # noqa: E402

LINEUPS = ("hard,normal", "hard,easy", "easy,random", "normal,random", "hard,random", "hard,hard")


def ending(end) -> str:
    """A short name for how a game ended (the rules' ``State.end``, never its words)."""
    from games.cannon_ball.rules import EndReason
    names = {EndReason.OPEN_GATE: "open gate entered", EndReason.GATE_BLOWN_UP: "gate blown with TNT",
             EndReason.GATE_SHOT_DOWN: "gate shot by cannon", EndReason.FORT_DESERTED: "fort deserted"}
    return "unfinished" if end is None else names.get(end, "truce/draw")


class TurnWatch:
    """Seconds per whole turn per entry (a turn is many small moves), and the ending."""

    def __init__(self):
        self.turn_times: dict[int, list] = {}
        self.cur = None

    def moved(self, match, entry, seat, move, seconds) -> None:
        key = (match.state.turn, seat)
        if key != self.cur:
            self.turn_times.setdefault(entry, []).append(0.0)
            self.cur = key
        self.turn_times[entry][-1] += seconds

    def result(self, match, entry_at) -> dict:
        over = match.is_over()
        return {"turn_times": self.turn_times, "turns": match.state.turn,
                "ending": ending(match.state.end) if over else "unfinished"}


def run(levels: list, games: int, seed: int = 1, jobs: int = 1, options: dict | None = None) -> dict:
    results = play_all("cannon_ball", levels, games, seed, jobs=jobs, options=options, watch=TurnWatch)
    res = summarise("cannon_ball", levels, results)
    ok = [r for r in results if not r["aborted"]]
    res["mean_turns"] = round(sum(r["turns"] for r in ok) / len(ok), 1) if ok else 0.0
    res["max_turns"] = max((r["turns"] for r in ok), default=0)
    res["endings"] = dict(Counter(r["ending"] for r in results))
    tt = [[t for r in results for t in r["turn_times"].get(i, [])] for i in range(len(levels))]
    res["turn_seconds"] = [(round(sum(t) / len(t), 3) if t else 0.0, round(max(t), 3) if t else 0.0) for t in tt]
    return res


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lineup", action="append", help="comma-separated levels (repeatable); default: "
                    + " / ".join(LINEUPS))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--steady", action="store_true", help="play with steady bridges")
    a = ap.parse_args(argv)
    opts = {"steady_bridges": True} if a.steady else None
    for lu in a.lineup or LINEUPS:
        levels = lu.split(",")
        t0 = time.perf_counter()
        res = run(levels, a.games, a.seed, a.jobs, opts)
        print(format_table(res))
        print(f"  mean length {res['mean_turns']} turns (max {res['max_turns']}); endings {res['endings']}")
        print("  AI seconds per whole turn (mean, max): "
              + ", ".join(f"{lv} {m}/{x}" for lv, (m, x) in zip(levels, res["turn_seconds"]))
              + f"; wall {time.perf_counter() - t0:.0f}s")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
