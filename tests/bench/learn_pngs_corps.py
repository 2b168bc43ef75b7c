"""Cannon Corps' lesson in pictures (a script, not a test): three of its steps at 1280x720
and 800x600, opened as Learn opens them (``LearnScreen(app, info, step=i)``), written
to docs/img/learn/corps_<step>_<W>x<H>.png.

* step 2, hiding the platoons, two of the four dice placed by clicks;
* step 5, running for cover (or bluffing) after Ben's hit;
* step 10, the final salvo, the d4 picked and aimed.

    python tests/bench/learn_pngs_corps.py
    python tests/bench/learn_pngs_corps.py --step 3 --out /tmp/pngs
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
STEPS = (2, 5, 10)


def _click(app, pos) -> None:
    import pygame
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def _point(app, pos) -> None:
    import pygame
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def _pose(app, screen, n: int) -> None:
    """What the player has done on the step when the picture is taken."""
    b = screen.board
    if n == 2:                              # two dice hidden, the third picked up
        from games.cannon_corps.lesson import ANA_SETUP
        for d in ("d4", "d8"):
            _click(app, b.tray_center(d))
            _click(app, b.cell_center(0, ANA_SETUP[d]))
        _click(app, b.tray_center("d12"))
    elif n == 10:                           # the d4 picked, aimed at the marked space
        _click(app, b.cell_center(0, b.view().my_platoons["d4"][0]))
        _point(app, b.cell_center(1, "A4"))
        return
    _point(app, (2, app.screen.get_height() - 2))     # the pointer off the table: no tooltip


def main(argv=None) -> int:
    import pygame

    from games.cannon_corps import INFO
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
                for _ in range(600):       # the script plays up to the player's part (frames, not time)
                    app.step(1 / 60, events=[])
                    if screen.can_act() or screen.run.waiting_for_card():
                        break
                _pose(app, screen, n)
                for _ in range(20):        # the marks breathe: a few frames to settle in
                    app.step(1 / 60, events=[])
                path = os.path.join(a.out, f"corps_{n}_{size[0]}x{size[1]}.png")
                pygame.image.save(app.screen, path)
                print(path, screen.run.step.title if screen.run.step else "end")
                for s in list(app.stack.scenes):
                    s.on_exit()
        paths.set_data_dir(None)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
