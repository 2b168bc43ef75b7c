"""Artillery's lesson in pictures (a script, not a test): three steps of the lesson through
the real frame at 1280x720 and 800x600, written to docs/img/learn/artillery_<step>_<WxH>.png
(the step numbered from 1, as the card says it).

    python tests/bench/learn_pngs_artillery.py
    python tests/bench/learn_pngs_artillery.py --out /tmp/pngs

Step 2 (cards for initiative: the hand in the column, A2 ringed), step 5 (aim and fire:
the lesson's B2 aimed at, so the firing preview shows on the table and in the column)
and step 11 (fire at a house: H2 ringed, the guns' shot drawn as the asked-for move).
"""
from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ((1280, 720), (800, 600))
#: step (1-based) -> what to do on the table before the picture (the aim for step 5)
STEPS = {2: None, 5: "B2", 11: None}


def shoot(size, step: int, aim: str | None, path: str) -> None:
    import pygame

    import games
    from games.ui.headless import make_app
    from games.ui.learn_screen import LearnScreen
    from tests.ui.helpers import step as frame

    app = make_app(size, animation="fast")
    try:
        scr = LearnScreen(app, games.get("artillery"), step=step - 1)
        app.push(scr)
        for _ in range(600):              # the script's replies and their animation, then the player's turn
            frame(app)
            if not scr.board.busy and (scr.can_act() or scr.run.waiting_for_card()):
                break
        if aim is not None:
            scr.board.set_target(aim)
        scr.board.pulse = 0.3             # the marks mid-breath
        for _ in range(3):
            frame(app)
        pygame.image.save(app.screen, path)
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()
        app.stack.scenes.clear()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img", "learn"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    for step, aim in STEPS.items():
        for size in SIZES:
            path = os.path.join(a.out, f"artillery_{step}_{size[0]}x{size[1]}.png")
            shoot(size, step, aim, path)
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
