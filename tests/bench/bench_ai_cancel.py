"""How long Undo, Menu or closing the window waits for a thinking AI to stop.

    python tests/bench/bench_ai_cancel.py [--runs 20]

Starts each game's Hard AI on its opening position through the same runner
the app uses, cancels it after a moment and prints median and max stop times.
Target: under 100 ms (the tests only check a generous bound).
"""
import argparse
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args(argv)
    import games
    from games.core.ai_runner import AIRunner
    from games.core.game import CHANCE
    print(f"{'game':<16}{'median ms':>11}{'max ms':>9}")
    for info in games.GAMES:
        st = info.new_state(info.default_options(), info.default_seats)
        rng = random.Random(1)
        # A seeded draw, not always the first outcome: Cannon Ball's opening
        # spin-off would tie (1 against 1) for ever.
        while st.current_player() == CHANCE:
            moves, weights = zip(*st.chance_outcomes())
            st.apply(rng.choices(moves, weights)[0])
        p = st.current_player()
        times = []
        for i in range(args.runs):
            r = AIRunner()
            r.start(info.make_ai("hard", p, info.default_options()), st.view(p), token=i, time_scale=50.0)
            time.sleep(0.03)
            times.append(r.cancel() * 1000)
        print(f"{info.id:<16}{statistics.median(times):>11.1f}{max(times):>9.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
