"""Cannon Corps AI-vs-AI arena: the issue's three tables (a benchmark script, not a test).

A thin wrapper over the project's arena (:mod:`games.core.arena`, the same code
as ``python main.py arena``): seats rotate between games and every game is seeded.

    python tests/bench/arena_cannon_corps.py --games 400 --jobs 2       # the three tables
    python tests/bench/arena_cannon_corps.py --lineup hard,normal --games 200
    python tests/bench/arena_cannon_corps.py --lineup hard,normal --param ammo=0.5   # tuning

``--param key=value`` overrides a weight of :data:`HardAI.P` for every Hard seat
(see ``games/cannon_corps/ai/levels.py``); with ``--jobs`` above 1 the workers inherit it
by fork, elsewhere the run falls back to one process.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.cannon_corps.ai import HardAI  # noqa: E402
from games.core.arena import format_table, run_arena  # noqa: E402

LINEUPS = ("hard,easy", "hard,normal", "hard,normal,normal,normal")


def run(lineup, games: int, seed: int = 1, jobs: int = 1, params: dict | None = None,
        quiet: bool = False) -> dict:
    """One arena run of ``lineup`` (a list of levels); returns run_arena's summary."""
    saved = dict(HardAI.P)
    if params:
        unknown = set(params) - set(HardAI.P)
        if unknown:
            raise ValueError(f"unknown Hard parameter(s): {', '.join(sorted(unknown))}")
        HardAI.P.update(params)
        if multiprocessing.get_start_method() != "fork":
            jobs = 1
    try:
        res = run_arena("cannon_corps", list(lineup), games, seed, jobs=jobs)
    finally:
        HardAI.P.clear()
        HardAI.P.update(saved)
    if not quiet:
        print(format_table(res))
        n = len(lineup)
        print(f"  (fair share {100 / n:.1f}%; seed {seed}{'; ' + str(params) if params else ''})")
    return res


def _value(text: str):
    try:
        return float(text)
    except ValueError:
        return text


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lineup", action="append", help="comma-separated levels (repeatable); "
                    "default: the issue's three tables " + " / ".join(LINEUPS))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--param", action="append", default=[], help="a Hard weight, key=value")
    a = ap.parse_args(argv)
    params = {}
    for kv in a.param:
        k, sep, v = kv.partition("=")
        if not sep:
            ap.error(f"--param {kv!r} is not key=value")
        params[k] = _value(v)
    for lu in a.lineup or LINEUPS:
        run(lu.split(","), a.games, a.seed, a.jobs, params or None)


if __name__ == "__main__":
    main()
