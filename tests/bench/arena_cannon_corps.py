"""Cannon Corps AI-vs-AI arena (a benchmark script, not a test).

    python tests/bench/arena_cannon_corps.py                      # the issue's three tables
    python tests/bench/arena_cannon_corps.py --lineup hard,normal --games 200
    python tests/bench/arena_cannon_corps.py --lineup hard,normal,normal,normal --games 200 --jobs 2

Seats rotate: game g gives seat s the entry ``lineup[(s + g) % n]``, so every
entry plays every seat equally often.  Games are seeded (``--seed``): the chance
draw for the first shooter and every AI's rng derive from it, so a run repeats.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.cannon_corps.ai import make_ai  # noqa: E402
from games.cannon_corps.rules import new_game  # noqa: E402
from games.core.ai import ThinkContext  # noqa: E402
from games.core.game import CHANCE  # noqa: E402

PLY_CAP = 2000


def play_one(args):
    lineup, g, seed, params = args
    n = len(lineup)
    seat_entry = [(s + g) % n for s in range(n)]
    levels = [lineup[e] for e in seat_entry]
    ais = []
    for s, lvl in enumerate(levels):
        ai = make_ai(lvl, s, {})
        if lvl == "hard" and params and seat_entry[s] == 0:
            ai.p.update(params)
        ais.append(ai)
    st = new_game({}, n)
    rng = random.Random(f"{seed}:{g}:chance")
    ai_rngs = [random.Random(f"{seed}:{g}:{s}") for s in range(n)]
    think = [0.0] * n
    calls = [0] * n
    while not st.is_over() and st.ply() < PLY_CAP:
        p = st.current_player()
        if p == CHANCE:
            outs = st.chance_outcomes()
            r = rng.random()
            for m, pr in outs:
                r -= pr
                if r <= 0:
                    break
            st.apply(m)
            continue
        view = st.view(p)
        ctx = ThinkContext(rng=ai_rngs[p])
        t0 = time.perf_counter()
        move = ais[p].choose(view, ctx)
        think[p] += time.perf_counter() - t0
        calls[p] += 1
        st.apply(move)
    w = st.winner()
    return {"winner_entry": seat_entry[w] if w is not None else None, "plies": st.ply(),
            "turns": st.turn, "think": [(seat_entry[s], think[s], calls[s]) for s in range(n)]}


def run(lineup, games, seed=1, jobs=1, params=None, quiet=False):
    tasks = [(tuple(lineup), g, seed, params) for g in range(games)]
    t0 = time.perf_counter()
    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            results = pool.map(play_one, tasks, chunksize=4)
    else:
        results = [play_one(t) for t in tasks]
    wall = time.perf_counter() - t0
    n = len(lineup)
    wins = [0] * n
    unfinished = 0
    think = [0.0] * n
    calls = [0] * n
    turns = 0
    for r in results:
        if r["winner_entry"] is None:
            unfinished += 1
        else:
            wins[r["winner_entry"]] += 1
        turns += r["turns"]
        for e, t, c in r["think"]:
            think[e] += t
            calls[e] += c
    if not quiet:
        print(f"\nlineup {','.join(lineup)}  games {games}  seed {seed}  "
              f"avg shots/game {turns / games:.1f}  wall {wall:.1f}s")
        print(f"{'entry':<8}{'level':<8}{'wins':>6}{'win %':>8}{'fair %':>8}{'ms/move':>9}")
        for e in range(n):
            ms = 1000 * think[e] / max(1, calls[e])
            print(f"{e:<8}{lineup[e]:<8}{wins[e]:>6}{100 * wins[e] / games:>8.1f}{100 / n:>8.1f}{ms:>9.2f}")
        if unfinished:
            print(f"unfinished: {unfinished}")
    return wins, games


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lineup", action="append", help="comma-separated levels, entry 0 first (repeatable)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--param", action="append", default=[], help="hard weight for entry 0, key=value")
    a = ap.parse_args(argv)
    params = {}
    for kv in a.param:
        k, _, v = kv.partition("=")
        params[k] = float(v) if v.replace(".", "", 1).lstrip("-").isdigit() else \
            (v == "True" if v in ("True", "False") else v)
    lineups = [l.split(",") for l in (a.lineup or ["hard,easy", "hard,normal", "hard,normal,normal,normal"])]
    for lu in lineups:
        run(lu, a.games, a.seed, a.jobs, params or None)


if __name__ == "__main__":
    main()
