"""Cannon's lesson in pictures (a script, not a test): three of its steps at 1280x720
and 800x600, opened as Learn opens them (``LearnScreen(app, info, step=i)``), written
to docs/img/learn/cannon_<step>_<W>x<H>.png.

    python tests/bench/learn_pngs_cannon.py
    python tests/bench/learn_pngs_cannon.py --step 4 --out /tmp/pngs
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ((1280, 720), (800, 600))
#: the steps shown (1 = the first): a capture asked for, the cannons card, the last shot found
STEPS = (4, 6, 11)


def main(argv=None) -> int:
    import pygame

    from games.cannon import INFO
    from games.core import paths
    from games.ui.headless import make_app
    from games.ui.learn_screen import LearnScreen
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--step", type=int, action="append")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img", "learn"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        paths.set_data_dir(tmp)            # the lesson keeps its place in settings: not the user's
        for n in a.step or STEPS:
            for size in SIZES:
                app = make_app(size, animation="off")
                screen = LearnScreen(app, INFO, step=n - 1)
                app.push(screen)
                for _ in range(20):        # the marks breathe: a few frames to settle in
                    app.step(1 / 60, events=[])
                path = os.path.join(a.out, f"cannon_{n}_{size[0]}x{size[1]}.png")
                pygame.image.save(app.screen, path)
                print(path, screen.run.step.title if screen.run.step else "end")
        paths.set_data_dir(None)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
