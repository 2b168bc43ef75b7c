"""Cannon Ball's lesson in pictures (a script, not a test): three of its steps at 1280x720
and 800x600, opened as Learn opens them (``LearnScreen(app, info, step=i)``), written
to docs/img/learn/cannon_ball_<step>_<W>x<H>.png.

* step 4, the attack: the first attacker picked (his reach lit), the scout marked;
* step 9, odd or even: North's three men on the TNT, the shot's Odd asked for;
* step 11, the assault: spun 10, three men in section 24, the next one picked.

    python tests/bench/learn_pngs_cannon_ball.py
    python tests/bench/learn_pngs_cannon_ball.py --step 7 --out /tmp/pngs
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
STEPS = (4, 9, 11)


def _click(app, pos) -> None:
    import pygame
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def _point(app, pos) -> None:
    import pygame
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def _settle(app, screen) -> None:
    """Frames until the player may act or spin, or a card waits (frames, not time)."""
    for _ in range(1200):
        app.step(1 / 60, events=[])
        if not screen.board.busy and (screen.can_act() or screen.awaiting_performance()
                                      or screen.run.waiting_for_card()):
            return


def _spin(app, screen) -> None:
    """A move turn, spun as the player spins it."""
    b = screen.board
    btn = next(x for x in b.panel.buttons if x.label.startswith("Move turn"))
    _click(app, btn.rect.center)
    _settle(app, screen)
    _click(app, screen.perform_btn.rect.center)
    _settle(app, screen)


def _pose(app, screen, n: int) -> None:
    """What the player has done on the step when the picture is taken."""
    from games.cannon_ball.rules import battlefield as M
    b = screen.board

    def box(name):
        return b.geo.box_centre(M.box_index(name))

    def walk(frm, to):
        _click(app, box(frm))
        _click(app, box(to))
        _settle(app, screen)

    if n == 4:                              # the first attacker picked
        _click(app, box("d15"))
    elif n == 11:
        _spin(app, screen)
        walk("o15", "o17")
        walk("n15", "n16")
        _click(app, box("m15"))
        _point(app, box("m16"))
        return
    _point(app, (2, app.screen.get_height() - 2))     # the pointer off the map: no tooltip


def main(argv=None) -> int:
    import pygame

    from games.cannon_ball import INFO
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
                _settle(app, screen)
                _pose(app, screen, n)
                for _ in range(20):        # the marks breathe: a few frames to settle in
                    app.step(1 / 60, events=[])
                path = os.path.join(a.out, f"cannon_ball_{n}_{size[0]}x{size[1]}.png")
                pygame.image.save(app.screen, path)
                print(path, screen.run.step.title if screen.run.step else "end")
                for s in list(app.stack.scenes):
                    s.on_exit()
        paths.set_data_dir(None)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
