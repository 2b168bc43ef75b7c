"""Cannon Ball AI-vs-AI arena (a benchmark script, not a test): strength, game length,
how games are won, and AI thinking time.

Runs the same loop as :func:`games.core.arena.play_one` (seats alternate between
games, every game seeded, chance drawn by the match) on Cannon Ball's own
``INFO``, so it works whether or not the game is registered in ``games/__init__.py``,
and it also records how each game ended and how many turns it took.

    python tests/bench/arena_cannon_ball.py                          # the issue's tables, 100 games each
    python tests/bench/arena_cannon_ball.py --lineup hard,normal --games 200 --jobs 2
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.cannon_ball import INFO  # noqa: E402
from games.core.ai import ThinkContext  # noqa: E402
from games.core.arena import format_table, summarise  # noqa: E402
from games.core.game import CHANCE, TERMINAL  # noqa: E402
from games.core.match import AI, Match, Seat  # noqa: E402

LINEUPS = ("hard,normal", "hard,easy", "easy,random", "normal,random", "hard,random", "hard,hard")


def ending(reason: str) -> str:
    """A short name for how a game ended (from the rules' result line)."""
    r = reason.lower()
    if "stands before the open gate" in r:
        return "open gate entered"
    if "blew up gate" in r:
        return "gate blown with TNT"
    if "shot down gate" in r:
        return "gate shot by cannon"
    if "left the fort" in r:
        return "fort deserted"
    if "truce" in r or "draw" in r:
        return "truce/draw"
    return reason or "unfinished"


def play_one(levels: list, seed: int, index: int, time_scale: float = 1.0, ply_cap: int | None = None,
             options: dict | None = None) -> dict:
    n = len(levels)
    entry_at = [(p - index) % n for p in range(n)]
    seats = [Seat(AI, levels[entry_at[p]], f"{levels[entry_at[p]]}#{entry_at[p]}") for p in range(n)]
    game_seed = seed * 100003 + index
    match = Match(INFO, dict(options or {}), seats, game_seed)
    ais = [INFO.make_ai(s.level, p, match.options) for p, s in enumerate(seats)]
    times: dict[int, list] = {i: [] for i in range(n)}
    turn_times: dict[int, list] = {i: [] for i in range(n)}
    cap = ply_cap or INFO.ply_cap
    rng = random.Random(game_seed)
    cur_turn = None
    try:
        while match.ply < cap:
            p = match.to_move()
            if p == TERMINAL:
                break
            if p == CHANCE:
                match.resolve_chance()
                continue
            ctx = ThinkContext(time_scale=time_scale, rng=random.Random(rng.randrange(1 << 30)))
            t0 = time.perf_counter()
            move = ais[p].choose(match.state.view(p), ctx)
            dt = time.perf_counter() - t0
            times[entry_at[p]].append(dt)
            key = (match.state.turn, p)
            if key != cur_turn:
                turn_times[entry_at[p]].append(0.0)
                cur_turn = key
            turn_times[entry_at[p]][-1] += dt
            match.play(move)
    except Exception as exc:  # noqa: BLE001 - a crash is a result the table reports
        return {"winner_entry": None, "plies": match.ply, "unfinished": False, "turns": match.state.turn,
                "error": f"game {index}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}",
                "times": times, "turn_times": turn_times, "ending": "error"}
    over = match.is_over()
    w = match.state.winner() if over else None
    return {"winner_entry": entry_at[w] if w is not None else None, "plies": match.ply,
            "unfinished": not over, "error": None, "times": times, "turn_times": turn_times,
            "turns": match.state.turn, "ending": ending(match.state.reason) if over else "unfinished"}


def _star(a):
    return play_one(*a)


def run(levels: list, games: int, seed: int = 1, jobs: int = 1, options: dict | None = None) -> dict:
    args = [(levels, seed, g, 1.0, None, options) for g in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_star, args))
    else:
        results = [play_one(*a) for a in args]
    res = summarise("cannon_ball", levels, results)
    ok = [r for r in results if not r["error"]]
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
