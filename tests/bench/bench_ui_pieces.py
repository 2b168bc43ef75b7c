"""Cost of the shared UI pieces: drawing a polyhedral die, synthesising the sounds.

    python tests/bench/bench_ui_pieces.py

Targets: a resting die is a cached blit (well under 0.1 ms); a tumbling die
under 2 ms at 64 px (a table may tumble a dozen at once inside a 16 ms frame);
all sound effects synthesised in under 150 ms of CPU (done once, after the
first frame, so it never delays start-up).
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from games.ui.dice import DIE_KINDS, DIE_MAX, draw_die  # noqa: E402
from games.ui.sound import EFFECTS, render  # noqa: E402

COLORS = dict(fill=(200, 70, 60), edge=(90, 20, 16), text_color=(255, 240, 230))


def bench_dice(n=700):
    pygame.display.init()
    s = pygame.Surface((800, 600))
    for kind in DIE_KINDS:                      # warm the sprite cache
        for v in range(1, DIE_MAX[kind] + 1):
            draw_die(s, kind, v, (60, 60), 64, **COLORS)
    t = time.perf_counter()
    for i in range(n):
        kind = DIE_KINDS[i % 7]
        draw_die(s, kind, 1 + i % DIE_MAX[kind], (60 + i % 500, 60), 64, **COLORS)
    resting = (time.perf_counter() - t) / n * 1000
    t = time.perf_counter()
    for i in range(n):
        kind = DIE_KINDS[i % 7]
        draw_die(s, kind, 1 + i % DIE_MAX[kind], (60, 60), 64, angle=i * 3 + 1, tumble=(i * 7, i * 3), **COLORS)
    moving = (time.perf_counter() - t) / n * 1000
    print(f"draw_die at 64 px: resting {resting:.3f} ms, tumbling {moving:.2f} ms per die ({n} draws each)")


def bench_sound():
    t, c = time.perf_counter(), time.thread_time()
    for name in EFFECTS:
        render(name, 44100)
    ms, cpu = (time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000
    print(f"synthesising all {len(EFFECTS)} effects at 44.1 kHz: {ms:.1f} ms wall, {cpu:.1f} ms CPU")


if __name__ == "__main__":
    bench_dice()
    bench_sound()
