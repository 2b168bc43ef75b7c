"""Each game's lesson in pictures (a script, not a test): three steps of each at
1280x720 and 800x600, opened as Learn opens them (``LearnScreen(app, info, step=i)``),
played up to the player's part, posed as a player would have it, and written to
docs/img/learn/<game>_<step>_<W>x<H>.png.

* Cannon: 4 a capture asked for, 6 the cannons card, 11 the winning shot to find;
* Cannon Corps: 2 hiding the platoons (two dice placed by clicks, the third picked up),
  5 running for cover after Ben's hit, 10 the final salvo (the d4 picked and aimed);
* Cannon Ball: 4 the attack (the first attacker picked), 9 odd or even, 11 the assault
  (spun 10, men walked into section 24, the next one picked);
* Artillery: 2 the cards for initiative, 5 aim and fire (B2 aimed: the firing preview),
  11 firing at a house.

    python tests/bench/learn_pngs.py                      # every game
    python tests/bench/learn_pngs.py --game cannon_ball --step 7 --out /tmp/pngs
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any, Callable

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ((1280, 720), (800, 600))
#: game id -> (the file names' prefix, the steps shown (1 = the first), the animation speed)
GAMES = {"cannon": ("cannon", (4, 6, 11), "off"),
         "cannon_corps": ("corps", (2, 5, 10), "off"),
         "cannon_ball": ("cannon_ball", (4, 9, 11), "off"),
         "artillery": ("artillery", (2, 5, 11), "fast")}


def click(app, pos) -> None:
    import pygame
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def point(app, pos) -> None:
    import pygame
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def settle(app, screen) -> None:
    """Frames until the player may act or spin, or a card waits (frames, not time)."""
    for _ in range(1200):
        app.step(1 / 60, events=[])
        if not screen.board.busy and (screen.can_act() or screen.awaiting_performance()
                                      or screen.run.waiting_for_card()):
            return


def pointer_off(app) -> None:
    point(app, (2, app.screen.get_height() - 2))     # off the table: no tooltip in the picture


# -- what the player has done on a step when its picture is taken -----------------------------------

def pose_corps(app, screen, n: int) -> None:
    b = screen.board
    if n == 2:                              # two dice hidden, the third picked up
        from games.cannon_corps.lesson import ANA_SETUP
        for d in ("d4", "d8"):
            click(app, b.tray_center(d))
            click(app, b.cell_center(0, ANA_SETUP[d]))
        click(app, b.tray_center("d12"))
    elif n == 10:                           # the d4 picked, aimed at the marked space
        click(app, b.cell_center(0, b.view().my_platoons["d4"][0]))
        point(app, b.cell_center(1, "A4"))
        return
    pointer_off(app)


def pose_cannon_ball(app, screen, n: int) -> None:
    from games.cannon_ball.rules import battlefield as M
    b = screen.board

    def box(name):
        return b.geo.box_centre(M.box_index(name))

    def walk(frm, to):
        click(app, box(frm))
        click(app, box(to))
        settle(app, screen)

    if n == 4:                              # the first attacker picked
        click(app, box("d15"))
    elif n == 11:                           # a move turn spun as the player spins it, three men in
        btn = next(x for x in b.panel.buttons if x.label.startswith("Move turn"))
        click(app, btn.rect.center)
        settle(app, screen)
        click(app, screen.perform_btn.rect.center)
        settle(app, screen)
        walk("o15", "o17")
        walk("n15", "n16")
        click(app, box("m15"))
        point(app, box("m16"))
        return
    pointer_off(app)


def pose_artillery(app, screen, n: int) -> None:
    if n == 5:
        screen.board.set_target("B2")       # aimed: the firing preview shown
    screen.board.pulse = 0.3                # the marks mid-breath


POSES: dict[str, Callable[[Any, Any, int], None]] = {
    "cannon_corps": pose_corps, "cannon_ball": pose_cannon_ball, "artillery": pose_artillery}


def shoot(gid: str, n: int, size: tuple[int, int], path: str) -> str:
    import pygame

    import games
    from games.ui.headless import make_app
    from games.ui.learn_screen import LearnScreen
    app = make_app(size, animation=GAMES[gid][2])
    try:
        screen = LearnScreen(app, games.get(gid), step=n - 1)
        app.push(screen)
        settle(app, screen)
        POSES.get(gid, lambda *_: None)(app, screen, n)
        for _ in range(20):                 # the marks breathe: a few frames to settle in
            app.step(1 / 60, events=[])
        pygame.image.save(app.screen, path)
        return screen.run.step.title if screen.run.step else "end"
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()


def main(argv=None) -> int:
    from games.core import paths
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=sorted(GAMES))
    ap.add_argument("--step", type=int, action="append")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img", "learn"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        paths.set_data_dir(tmp)             # a lesson keeps its place in the settings: not the user's
        for gid in a.game or GAMES:
            prefix, steps, _ = GAMES[gid]
            for n in a.step or steps:
                for size in SIZES:
                    path = os.path.join(a.out, f"{prefix}_{n}_{size[0]}x{size[1]}.png")
                    print(path, shoot(gid, n, size, path))
        paths.set_data_dir(None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
