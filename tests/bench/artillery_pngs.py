"""Artillery mid-game pictures (a script, not a test): each scenario at 800x600, 1280x720
and 1920x1080, from the same seeded mid-game position the tabletop tests use
(``tests/artillery/test_tabletop.py::midgame``), written to docs/img/artillery/.

    python tests/bench/artillery_pngs.py                    # every scenario
    python tests/bench/artillery_pngs.py --scenario town --out /tmp/pngs
"""
from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SIZES = ((800, 600), (1280, 720), (1920, 1080))


def main(argv=None) -> int:
    import pygame

    import games
    from games.artillery import INFO
    from games.artillery.rules.scenarios import SCENARIO_ORDER
    from tests.artillery.test_tabletop import close, midgame, screen
    games.BY_ID["artillery"] = INFO
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", action="append", choices=SCENARIO_ORDER)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img", "artillery"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    for sc in a.scenario or SCENARIO_ORDER:
        m = midgame(sc)
        for size in SIZES:
            app, _g = screen(m, size)
            path = os.path.join(a.out, f"{sc}_{size[0]}x{size[1]}.png")
            pygame.image.save(app.screen, path)
            close(app)
            print(path, f"(ply {m.ply})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
