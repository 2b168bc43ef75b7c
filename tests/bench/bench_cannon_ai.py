"""Benchmark: the Cannon AI's speed and search depth (a script, not a pytest test).

    python tests/bench/bench_cannon_ai.py [--seconds 2.0] [--level hard] [--perft 4]

For each middlegame position below (taken from seeded Normal-vs-Easy games) the
chosen level thinks for its budget (Hard: 2 s at time scale 1) and the script
prints nodes, nodes per second and the depth reached, then the averages. It also
times the engine's raw move generation (perft from the f1/e10 start).
Figures are printed, never asserted: speed depends on the machine.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.cannon import rules  # noqa: E402
from games.cannon.ai import make_ai  # noqa: E402
from games.cannon.ai.engine import Board  # noqa: E402
from games.core.ai import ThinkContext  # noqa: E402

POSITIONS = [
    ("A (Dark to move)", 0, """
..L.......
...l...l..
..l....l.l
...ll.l..l
..........
d.........
d.d.d...d.
d.d.d.d.d.
..d...d.d.
......dD..
"""),
    ("B (Dark to move)", 0, """
...l....L.
.l.l...l..
.l.l...ll.
...l.l.l..
.........l
d.d.d.d...
.d......l.
d...dd.dd.
d.........
.D........
"""),
    ("C (Light to move)", 1, """
......L..l
.l...l....
.l......ll
.l.....l..
.......l..
...d...d..
d.d.d.....
dd..d.d.d.
....d.d.d.
...D..d...
"""),
    ("D (Light to move)", 1, """
......L...
..ll.l...l
...l...lll
.l...l.l..
.........l
.d...l.d..
...d....d.
..dd......
d..d......
.D........
"""),
    ("E (Dark to move, opening)", 0, """
....L.....
.l.l.l.l.l
.l.l.l.l.l
.l.l.l.l.l
..........
..........
d.d.d.d.d.
d.d.d.d.d.
d.d.d.d.d.
.....D....
"""),
]


def engine_perft(depth: int) -> tuple[int, float]:
    """(leaves, seconds) of the bitboard engine's perft from towns f1/e10."""
    st = rules.new_game({}, 2)
    st.apply(rules.Move("place", 5, 5))
    st.apply(rules.Move("place", 94, 94))
    b = Board.from_state(st)
    t = time.perf_counter()
    n = b.perft(depth)
    return n, time.perf_counter() - t


def search_stats(level: str = "hard", time_scale: float = 1.0) -> list[dict]:
    """The search on each test position: name, move, depth, nodes, seconds, nps."""
    rows = []
    for name, to_move, diagram in POSITIONS:
        st = rules.CannonState.from_diagram(diagram, to_move=to_move)
        ai = make_ai(level, to_move, {})
        ctx = ThinkContext(time_scale=time_scale, rng=random.Random(1))
        move = ai.choose(st.view(to_move), ctx)
        rows.append(dict(ai.last_stats, position=name, move=str(move)))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("--time-scale", type=float, default=1.0,
                    help="multiply the level's budget (Hard: 2 s at 1.0)")
    ap.add_argument("--perft", type=int, default=4, help="perft depth to time (0: skip)")
    args = ap.parse_args(argv)
    if args.perft:
        n, dt = engine_perft(args.perft)
        print(f"engine perft {args.perft} from f1/e10: {n} leaves in {dt:.2f} s")
    print(f"{args.level} at time scale {args.time_scale}:")
    print(f"  {'position':<28}{'move':>9}{'depth':>7}{'nodes':>9}{'seconds':>9}{'nodes/s':>9}")
    rows = search_stats(args.level, args.time_scale)
    for s in rows:
        print(f"  {s['position']:<28}{s['move']:>9}{s['depth']:>7}{s['nodes']:>9}{s['seconds']:>9.2f}{s['nps']:>9}")
    nodes, secs = sum(s["nodes"] for s in rows), sum(s["seconds"] for s in rows)
    print(f"  average depth {sum(s['depth'] for s in rows) / len(rows):.1f}, "
          f"average nodes/s {int(nodes / secs) if secs else 0}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
