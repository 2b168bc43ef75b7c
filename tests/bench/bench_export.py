"""Sharing a game: size and time of the GIF and the PNG (``games.ui.export``).

    python tests/bench/bench_export.py [--plies 60] [--seed 2] [--runs 3]

Plays a Cannon game computer against computer (easy, seeded, exactly reproducible)
for ``--plies`` plies or to its end, and a Cannon Corps game to its end (an export
of a hidden-information game shows the end-of-game reveal, so it must be over),
then exports each as a GIF at 480 px and a PNG at 1280 px into a temporary data
folder. Prints the frames, the size and the seconds (best of ``--runs``).
Targets, printed beside the figures (nothing here is pass/fail): a 60-move GIF
under 2 MB, written in under 5 s.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

GIF_TARGET_BYTES = 2_000_000
GIF_TARGET_SECONDS = 5.0


def play(game_id: str, plies: int | None, seed: int, level: str = "easy"):
    """A computer game (the arena's loop): chance from the seed alone, the AI from ``seed``;
    stops after ``plies`` entries (None: at the end)."""
    import games
    from games.core.ai import ThinkContext
    from games.core.game import CHANCE
    from games.core.match import AI, SEED_ONLY, Match, Seat
    info = games.get(game_id)
    n = info.default_seats
    seats = [Seat(AI, level, name) for name in info.seat_names(n)]
    match = Match(info, {}, seats, seed, ai_secret=seed, chance_secret=SEED_ONLY)
    ais = [info.make_ai(level, p, match.options) for p in range(n)]
    rng = random.Random(seed)
    cap = plies if plies is not None else info.ply_cap
    while match.ply < cap and not match.is_over():
        p = match.to_move()
        if p == CHANCE:
            match.apply_chance()
            continue
        ctx = ThinkContext(time_scale=0.2, rng=random.Random(rng.randrange(1 << 30)))
        match.play(ais[p].choose(match.state.view(p), ctx))
    return match


def measure(match, runs: int) -> list[tuple[str, object, str]]:
    """(kind, the fastest of ``runs`` exports, its pixel size) for the GIF and the PNG."""
    from PIL import Image

    from games.ui import export
    out = []
    for kind, fn in (("GIF", export.export_gif), ("PNG", export.export_png)):
        best, size = None, ""
        for _ in range(runs):
            r = fn(match)
            with Image.open(r.path) as im:
                size = f"{im.width}x{im.height}"
            os.remove(r.path)
            best = r if best is None or r.seconds < best.seconds else best
        out.append((kind, best, size))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=2)   # a Cannon game that lasts 60 plies
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    from games.core import paths
    tmp = tempfile.mkdtemp(prefix="cannonade-bench-export-")
    paths.set_data_dir(tmp)
    try:
        games_ = [("Cannon", play("cannon", args.plies, args.seed)),
                  ("Cannon Corps (finished, the reveal)", play("cannon_corps", None, args.seed))]
        print(f"targets: a {args.plies}-move GIF under {GIF_TARGET_BYTES / 1e6:.0f} MB, "
              f"written in under {GIF_TARGET_SECONDS:.0f} s")
        for title, match in games_:
            state = "finished" if match.is_over() else "unfinished"
            print(f"{title}: {match.ply} plies, {state}")
            for kind, r, size in measure(match, max(1, args.runs)):
                print(f"  {kind}: {r.frames:4d} frame(s) {size:>9}  {r.bytes / 1e3:8.1f} KB  {r.seconds:6.2f} s")
    finally:
        paths.set_data_dir(None)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
