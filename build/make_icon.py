"""Draws the app icon (a cannon on a target) and writes assets/icon.png and
assets/icon.ico. Run it again after changing the drawing; the files are committed
so builds need no extra tools. The .ico simply embeds the PNG (valid since Vista)."""
import os
import struct
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def draw(size=256):
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(s, (22, 30, 38), (c, c), c)
    pygame.draw.circle(s, (232, 176, 72), (c, c), c, max(2, size // 24))
    for r, col in ((0.36, (214, 178, 122)), (0.24, (92, 62, 34)), (0.12, (214, 178, 122))):
        pygame.draw.circle(s, col, (int(c * 1.25), int(c * 0.75)), int(size * r * 0.55))
    # barrel
    pts = [(size * 0.18, size * 0.70), (size * 0.62, size * 0.40), (size * 0.68, size * 0.48), (size * 0.24, size * 0.78)]
    pygame.draw.polygon(s, (44, 40, 40), pts)
    pygame.draw.polygon(s, (236, 232, 220), pts, max(1, size // 64))
    # wheel
    pygame.draw.circle(s, (120, 80, 40), (int(size * 0.32), int(size * 0.76)), size // 7)
    pygame.draw.circle(s, (236, 232, 220), (int(size * 0.32), int(size * 0.76)), size // 7, max(1, size // 48))
    # ball in flight
    pygame.draw.circle(s, (236, 232, 220), (int(size * 0.78), int(size * 0.28)), size // 18)
    return s


def main():
    pygame.init()
    img = draw(256)
    png = os.path.join(ROOT, "assets", "icon.png")
    pygame.image.save(img, png)
    with open(png, "rb") as fh:
        data = fh.read()
    ico = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(data), 22) + data
    with open(os.path.join(ROOT, "assets", "icon.ico"), "wb") as fh:
        fh.write(ico)
    print("wrote assets/icon.png and assets/icon.ico")
    return 0


if __name__ == "__main__":
    sys.exit(main())
