"""The palettes, checked as people with the three common colour deficiencies see them.

Colours are simulated with Machado et al. (2009) matrices at full severity, in
linear RGB, and compared by CIE76 distance in Lab (about 10 reads as clearly
different side by side; we ask for more where pieces must be told apart).
"""
import math

import pytest

from games.ui.theme import COLORBLIND, NORMAL, luminance

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _lin(v):
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _lab(lin):
    x = 0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = 0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def seen(rgb, vision=None):
    lin = [_lin(v) for v in rgb[:3]]
    if vision:
        m = MACHADO[vision]
        lin = [max(0.0, min(1.0, sum(m[r][c] * lin[c] for c in range(3)))) for r in range(3)]
    return _lab(lin)


def distance(a, b, vision=None):
    return math.dist(seen(a, vision), seen(b, vision))


VISIONS = [None, "protanopia", "deuteranopia", "tritanopia"]


@pytest.mark.parametrize("vision", VISIONS[1:])
def test_the_colour_blind_palette_keeps_the_two_sides_apart(vision):
    c = COLORBLIND
    assert distance(c["side"][0], c["side"][1], vision) > 40


@pytest.mark.parametrize("palette", [NORMAL, COLORBLIND], ids=["normal", "colour-blind"])
def test_the_side_called_dark_is_the_darker_one(palette):
    """Cannon calls its sides Dark and Light: in both palettes the names match what players see."""
    assert luminance(palette["side"][0]) * 3 < luminance(palette["side"][1])


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("key", ["last_move", "hint", "select"])
def test_highlights_stay_distinct_from_both_sides_pieces(key, vision):
    c = COLORBLIND
    for side in c["side"][:2]:
        assert distance(c[key], side, vision) > 25, (key, side, vision)


@pytest.mark.parametrize("vision", VISIONS[1:])
def test_six_seats_stay_apart(vision):
    sides = COLORBLIND["side"]
    for i in range(len(sides)):
        for j in range(i + 1, len(sides)):
            assert distance(sides[i], sides[j], vision) > 12, (i, j, vision)
