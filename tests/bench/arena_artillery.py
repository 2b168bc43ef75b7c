"""Artillery AI-vs-AI arena (a benchmark script, not a test): prints figures.

The same loop as :func:`games.core.arena.play_one` (seats alternate between
games, every game seeded, the AI gets only its seat's view), run with the
game's own ``INFO`` so it works before ``artillery`` is in ``GAME_IDS``; the
summary and table are :mod:`games.core.arena`'s.

    python tests/bench/arena_artillery.py                       # every scenario, the issue's lineups
    python tests/bench/arena_artillery.py --scenario anchor --lineup hard,normal --games 100 --jobs 2
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.artillery import INFO  # noqa: E402
from games.core.ai import ThinkContext  # noqa: E402
from games.core.arena import format_table, summarise  # noqa: E402
from games.core.game import CHANCE, TERMINAL  # noqa: E402
from games.core.match import AI, Match, Seat  # noqa: E402

LINEUPS = ("hard,easy", "hard,normal", "easy,random", "normal,random", "hard,random")
SCENARIOS = ("field", "shore", "anchor")


def play_one(levels: list, seed: int, index: int, options: dict, time_scale: float = 1.0) -> dict:
    """One game, as games.core.arena.play_one does it; also reports rounds and the reason."""
    n = len(levels)
    entry_at = [(p - index) % n for p in range(n)]
    seats = [Seat(AI, levels[entry_at[p]], f"{levels[entry_at[p]]}#{entry_at[p]}") for p in range(n)]
    game_seed = seed * 100003 + index
    match = Match(INFO, dict(options), seats, game_seed)
    ais = [INFO.make_ai(s.level, p, match.options) for p, s in enumerate(seats)]
    times: dict[int, list] = {i: [] for i in range(n)}
    acts: dict[int, list] = {i: [] for i in range(n)}   # seconds per whole activation
    cur: list = [None, 0.0]                               # [entry, seconds] of the activation under way
    rng = random.Random(game_seed)
    try:
        while match.ply < INFO.ply_cap:
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
            if move.kind in ("activate", "pick"):
                if cur[0] is not None:
                    acts[cur[0]].append(cur[1])
                cur[:] = [entry_at[p], dt] if move.kind == "activate" else [None, 0.0]
            elif cur[0] == entry_at[p]:
                cur[1] += dt
            match.play(move)
    except Exception as exc:  # noqa: BLE001 - a failed game is reported in the table, not fatal
        return {"winner_entry": None, "plies": match.ply, "unfinished": False,
                "error": f"game {index}: {type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}",
                "times": times, "reason": "", "round": 0, "seat_of": entry_at}
    if cur[0] is not None:
        acts[cur[0]].append(cur[1])
    over = match.is_over()
    w = match.state.winner() if over else None
    return {"winner_entry": entry_at[w] if w is not None else None, "plies": match.ply,
            "unfinished": not over, "error": None, "times": times, "reason": match.state.reason,
            "round": match.state.round, "seat_of": entry_at, "winner_seat": w, "acts": acts,
            "at_limit": over and match.state.round >= match.state.scenario.rounds}


def _star(a):
    return play_one(*a)


def run(scenario: str, lineup: list, games: int, seed: int = 1, jobs: int = 1, quiet: bool = False) -> dict:
    args = [(lineup, seed, g, {"scenario": scenario}) for g in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_star, args))
    else:
        results = [play_one(*a) for a in args]
    res = summarise(f"artillery/{scenario}", lineup, results)
    # by seat: how often entry 0 won as seat 0 and as seat 1
    by_seat = [[0, 0], [0, 0]]
    for r in results:
        if r["error"] or r["unfinished"] or r.get("winner_seat") is None:
            continue
        seat_of_entry0 = r["seat_of"].index(0)
        by_seat[seat_of_entry0][0 if r["winner_entry"] == 0 else 1] += 1
    res["entry0_by_seat"] = by_seat
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.get("reason", "")] = reasons.get(r.get("reason", ""), 0) + 1
    res["reasons"] = reasons
    res["at_limit"] = sum(1 for r in results if r.get("at_limit"))
    res["activation_seconds"] = []
    for e in range(len(lineup)):
        ts = [t for r in results for t in r.get("acts", {}).get(e, [])]
        res["activation_seconds"].append((sum(ts) / len(ts) if ts else 0.0, max(ts) if ts else 0.0, len(ts)))
    if not quiet:
        print(format_table(res))
        print(f"  entry 1 as seat 0: won {by_seat[0][0]} lost {by_seat[0][1]}; "
              f"as seat 1: won {by_seat[1][0]} lost {by_seat[1][1]}")
        for k, v in sorted(reasons.items(), key=lambda kv: -kv[1]):
            print(f"    {v:4d}  {k}")
        print(f"  games that reached the round limit: {res['at_limit']} (undecided: {res['draws']})")
        for e, (mean, mx, cnt) in enumerate(res["activation_seconds"]):
            print(f"  {lineup[e]}: s per activation (its card's decisions from 'activate' to its end) "
                  f"mean {mean:.3f} max {mx:.3f} over {cnt}")
        sys.stdout.flush()
    return res


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", action="append", choices=SCENARIOS)
    ap.add_argument("--lineup", action="append", help="comma-separated levels (repeatable)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    for sc in a.scenario or SCENARIOS:
        for lu in a.lineup or LINEUPS:
            run(sc, lu.split(","), a.games, a.seed, a.jobs)


if __name__ == "__main__":
    main()
