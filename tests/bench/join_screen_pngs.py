"""The laptop's side of phone seats in pictures (a script, not a test), written to
docs/img/phones/:

- ``join_<n>phones_<size>.png``: the join screen of a Cannon Corps table with ``n``
  phone seats, at 800x600, 1280x720 and 1920x1080; with three phones one has joined and
  one has lost its connection (real phones on loopback do it), so every status shows;
- ``laptop_waiting_<size>.png`` and ``laptop_lost_<size>.png``: the game while a
  phone decides (the public table, "Waiting for Ana's phone"), and after that phone
  dropped.

    python tests/bench/join_screen_pngs.py
    python tests/bench/join_screen_pngs.py --out /tmp/pngs
"""
from __future__ import annotations

import argparse
import os
import sys
import warnings

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ((800, 600), (1280, 720), (1920, 1080))
NAMES = ["Ana", "Bo", "Cleo", "Dev", "Eli", "Fay"]


def _app(size):
    from games.ui.headless import make_app
    from games.ui.menu import MainMenu
    app = make_app(size, animation="off")
    app.push(MainMenu(app))
    return app


def _game(app, phones: int, extra: str):
    """Cannon Corps: ``phones`` phone seats, then ``extra`` ("h" a person here, "a" a computer)."""
    import games
    from games.core.match import AI, HUMAN, Match, Seat
    from games.ui.game_screen import GameScreen
    seats = [Seat(HUMAN, "normal", NAMES[i], phone=True) for i in range(phones)]
    for k in extra:
        i = len(seats)
        seats.append(Seat(AI, "easy", NAMES[i]) if k == "a" else Seat(HUMAN, "normal", NAMES[i]))
    g = GameScreen(app, Match(games.get("cannon_corps"), {}, seats, seed=12))
    app.push(g)
    app.step(1 / 60, events=[])
    return g


def _wait_status(hub, seat: int, status: str) -> None:
    seen = hub.changes
    while hub.status(seat) != status:
        seen = hub.wait_for_change(seen, 10.0)


def main(argv=None) -> int:
    import pygame

    from games.core import paths
    from games.ui import phone_seats
    from tests.ui.phone_helpers import Clock, Phone, until_phones_turn
    warnings.filterwarnings("ignore", message=r"connect\(\) must be used as a context manager")
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img", "phones"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    import tempfile
    paths.set_data_dir(tempfile.mkdtemp(prefix="cannonade-pngs-"))   # never the player's saves
    clock = Clock()
    # the laptop's own address, as at a table (the phones here are on the same machine)
    phone_seats.HUB_OPTIONS = {"host": "auto", "port": 8765, "clock": clock}
    written = []
    for size in SIZES:
        for n, extra in ((2, "a"), (3, "haa"), (5, "a")):
            app = _app(size)
            g = _game(app, n, extra)
            hub = g.phones.hub
            held = []
            if n == 3:
                held = [Phone(hub.url(0), clock, seat=0), Phone(hub.url(2), clock, seat=2)]
                _wait_status(hub, 2, "joined")
                held[1].close()                          # Cleo's phone drops
                _wait_status(hub, 2, "lost")
            for _ in range(3):
                app.step(1 / 60, events=[])
            path = os.path.join(a.out, f"join_{n}phones_{size[0]}x{size[1]}.png")
            pygame.image.save(app.screen, path)
            written.append(path)
            app.request_quit()
        # the game itself while a phone decides, then with that phone gone
        app = _app(size)
        g = _game(app, 2, "a")
        hub = g.phones.hub
        phones = {s: Phone(hub.url(s), clock, seat=s) for s in (0, 1)}
        for ph in phones.values():
            ph.sync()
        until_phones_turn(app, g)
        for _ in range(3):
            app.step(1 / 60, events=[])
        path = os.path.join(a.out, f"laptop_waiting_{size[0]}x{size[1]}.png")
        pygame.image.save(app.screen, path)
        written.append(path)
        seat = g.phones.deciding()
        phones[seat].close()
        _wait_status(hub, seat, "lost")
        for _ in range(3):
            app.step(1 / 60, events=[])
        path = os.path.join(a.out, f"laptop_lost_{size[0]}x{size[1]}.png")
        pygame.image.save(app.screen, path)
        written.append(path)
        app.request_quit()
    for p in written:
        print("wrote", os.path.relpath(p, ROOT))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
