"""PNG frames of Cannon Ball's spin results, for looking at (not a test).

    python tests/bench/cannon_ball_frames.py [--out /tmp/cb_frames] [--speed normal]

Writes <name>_NN.png at 1280x720 for each scene: ``bridge`` (a TNT shot comes out
right and the bridge bursts), ``dud`` (the same shot comes out wrong), ``gate``
(``fire NE odd`` comes out right: the cannon shoots the gate down) and ``rebuild``
(``rebuild 3 even`` comes out right). Frame 00 is the dial still turning (the
position before the spin); the others follow the dial settling, at the times in
``AFTER`` (seconds of play after the needle stops), the last one once all is still.

The scenes and how they are driven (the real frame, the seeded spin performed with
Space, frames of 1/60 s) are the ones tests/cannon_ball/test_spin_results.py uses.
"""
from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import games  # noqa: E402
from games.cannon_ball import INFO  # noqa: E402
from games.ui.headless import make_app  # noqa: E402
from tests.cannon_ball.test_spin_results import open_gamble  # noqa: E402

# name: (scene in the test module, does the call win)
SHOTS = {"bridge": ("tnt", True), "dud": ("tnt", False), "gate": ("fire", True), "rebuild": ("rebuild", True)}
AFTER = (0.12, 0.34, 0.5, 0.75, 1.0)      # seconds after the needle stops (normal speed)
BEFORE = 0.6                              # the first frame: this long before it stops


def record(app, g) -> tuple[list, int]:
    """Every frame from Space to stillness (copies), and the index of the first one
    drawn after the dial settled."""
    b = g.board
    pics, settled = [], -1
    app.step(1 / 60, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                                scancode=0)])
    for _ in range(60 * 30):
        pics.append(app.screen.copy())
        if settled < 0 and b.spinner.value is not None:
            settled = len(pics) - 1
        if settled >= 0 and not b.animating:
            break
        app.step(1 / 60, events=[])
    return pics, settled


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/cb_frames")
    ap.add_argument("--speed", default="normal", choices=["normal", "fast"])
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    games.BY_ID["cannon_ball"] = INFO
    app = make_app((1280, 720), animation=args.speed)
    for name, (scene, right) in SHOTS.items():
        g, _m = open_gamble(app, scene, right)
        pics, settled = record(app, g)
        picks = [max(0, settled - round(BEFORE * 60))]
        picks += [min(len(pics) - 1, settled + round(t * 60)) for t in AFTER]
        picks.append(len(pics) - 1)
        for k, i in enumerate(picks):
            path = os.path.join(args.out, f"{name}_{k:02d}.png")
            pygame.image.save(pics[i], path)
        print(f"{name}: {len(picks)} frames (dial settled at frame {settled} of {len(pics)}) in {args.out}")
        app.stack.pop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
