"""The polyhedral dice: every kind draws, values are visible, the animations end
where they should. Headless (SDL dummy drivers)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from games.ui import dice  # noqa: E402
from games.ui.dice import DIE_KINDS, DIE_MAX, DieChange, DieExit, DiePlace, DieRoll, draw_die  # noqa: E402

TABLE = (24, 48, 44)
COLORS = dict(fill=(200, 70, 60), edge=(90, 20, 16), text_color=(255, 240, 230))


def canvas(w=120, h=120):
    s = pygame.Surface((w, h))
    s.fill(TABLE)
    return s


def pixels(surface, rect=None):
    rect = pygame.Rect(rect) if rect else surface.get_rect()
    return [tuple(surface.get_at((x, y)))[:3] for y in range(rect.top, rect.bottom)
            for x in range(rect.left, rect.right)]


def test_kinds_and_maxima():
    assert DIE_KINDS == ("d4", "d6", "d8", "d10", "d%", "d12", "d20")
    assert DIE_MAX == {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}


@pytest.mark.parametrize("kind", DIE_KINDS)
@pytest.mark.parametrize("size", [36, 48, 96])
def test_every_die_draws_something_non_uniform(kind, size):
    s = canvas(2 * size, 2 * size)
    rect = draw_die(s, kind, DIE_MAX[kind], (size, size), size, **COLORS)
    px = pixels(s)
    colours = set(px)
    assert len(colours) > 12, f"{kind} drew a flat shape"
    covered = sum(1 for p in px if p != TABLE)
    assert covered > 0.25 * size * size, f"{kind} covers too little of its box"
    # it stays inside its box (a little slack for the outline)
    assert rect.width <= 1.08 * size and rect.height <= 1.08 * size
    assert rect.width >= 0.6 * size and rect.height >= 0.6 * size


@pytest.mark.parametrize("kind", DIE_KINDS)
def test_value_region_differs_between_values(kind):
    size = 48
    a, b = canvas(), canvas()
    draw_die(a, kind, 1, (60, 60), size, **COLORS)
    draw_die(b, kind, DIE_MAX[kind] - 1 if DIE_MAX[kind] > 2 else 2, (60, 60), size, **COLORS)
    centre = pygame.Rect(0, 0, size // 2, size // 2)
    centre.center = (60, 60)
    diff = sum(1 for p, q in zip(pixels(a, centre), pixels(b, centre), strict=True) if p != q)
    assert diff > 20, f"{kind}: values 1 and {DIE_MAX[kind] - 1} look the same"
    # and the text colour is actually on the die
    assert any(sum(abs(c - t) for c, t in zip(p, COLORS["text_color"], strict=True)) < 30 for p in pixels(a, centre))


def test_d10_and_percentile_look_different():
    a, b = canvas(), canvas()
    draw_die(a, "d10", 7, (60, 60), 64, **COLORS)
    draw_die(b, "d%", 7, (60, 60), 64, **COLORS)
    diff = sum(1 for p, q in zip(pixels(a), pixels(b), strict=True) if p != q)
    assert diff > 400


def test_d6_pips_and_numbers():
    a, b = canvas(), canvas()
    draw_die(a, "d6", 5, (60, 60), 64, **COLORS)
    draw_die(b, "d6", 5, (60, 60), 64, pips=False, **COLORS)
    assert pixels(a) != pixels(b)


def test_angle_alpha_label_tumble_and_font_options():
    base = canvas()
    draw_die(base, "d12", 9, (60, 60), 48, **COLORS)
    for kw in (dict(angle=30), dict(tumble=(40, -25)), dict(alpha=100), dict(label="d12"),
               dict(font=pygame.font.Font(None, 30)), dict(font=lambda px: pygame.font.Font(None, px))):
        s = canvas()
        draw_die(s, "d12", 9, (60, 60), 48, **COLORS, **kw)
        assert len(set(pixels(s))) > 8, kw
        if "font" not in kw:
            assert pixels(s) != pixels(base), kw
    s = canvas()
    draw_die(s, "d12", 9, (60, 60), 48, alpha=0, **COLORS)
    assert set(pixels(s)) == {TABLE}


@pytest.mark.parametrize("kind", DIE_KINDS)
def test_blank_and_question_mark_faces(kind):
    blank, q = canvas(), canvas()
    draw_die(blank, kind, None, (60, 60), 48, **COLORS)
    draw_die(q, kind, "?", (60, 60), 48, **COLORS)
    assert len(set(pixels(blank))) > 8
    assert pixels(blank) != pixels(q)


def test_draws_on_alpha_surfaces_and_accepts_pygame_colors():
    s = pygame.Surface((100, 100), pygame.SRCALPHA)
    draw_die(s, "d20", 20, (50, 50), 64, fill=pygame.Color("gold"), edge=pygame.Color(90, 60, 10),
             text_color="black")
    assert s.get_at((50, 50)).a == 255 and s.get_at((1, 1)).a == 0


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        draw_die(canvas(), "d7", 3, (60, 60), 48, **COLORS)
    with pytest.raises(ValueError):
        DieRoll("d3", 1, (0, 0), (1, 1))


@pytest.mark.slow
@pytest.mark.parametrize("kind", DIE_KINDS)
def test_roll_settles_on_the_final_value(kind):
    final = DIE_MAX[kind]
    roll = DieRoll(kind, final, (10, 10), (100, 80), duration=0.8, rng=random.Random(kind))
    s = canvas(200, 200)
    faces = set()
    steps = 0
    while not roll.done:
        roll.update(1 / 60)
        roll.draw(s, 48, **COLORS)
        faces.add(roll.value)
        steps += 1
        assert steps < 1000
    assert roll.value == final
    assert roll.pos == (100, 80)
    assert roll.angle == 0 and roll.tumble == (0, 0)
    assert len(faces) >= 3, "the faces should flick while tumbling"
    # the last frame is the resting die at end_pos
    a, b = canvas(200, 200), canvas(200, 200)
    roll.draw(a, 48, shadow=False, **COLORS)
    draw_die(b, kind, final, (100, 80), 48, **COLORS)
    assert pixels(a) == pixels(b)


def test_roll_with_zero_duration_is_instant():
    roll = DieRoll("d20", 17, (0, 0), (50, 50), duration=0)
    assert roll.done and roll.value == 17 and roll.pos == (50, 50)
    roll.draw(canvas(), 48, **COLORS)


def test_roll_accepts_the_random_class_itself():
    roll = DieRoll("d8", 3, (0, 0), (50, 50), rng=random.Random)
    roll.update(5.0)
    assert roll.done and roll.value == 3


def test_change_counts_down_with_a_shake():
    ch = DieChange("d12", 12, 4, (60, 60), duration=0.6, rng=random.Random(1))
    seen = [ch.value]
    s = canvas()
    while not ch.done:
        ch.update(1 / 60)
        ch.draw(s, 48, **COLORS)
        seen.append(ch.value)
    assert seen[0] == 12 and seen[-1] == 4
    assert all(a >= b for a, b in zip(seen, seen[1:], strict=False)), "counts down monotonically"
    assert len(set(seen)) >= 5, "shows intermediate values"
    up = DieChange("d6", 2, 5, (60, 60))
    up.update(1.0)
    assert up.done and up.value == 5


def test_exit_fades_out():
    ex = DieExit("d20", 7, (60, 60), (200, 10), duration=0.7, rng=random.Random(2))
    alphas = []
    s = canvas(240, 120)
    while not ex.done:
        ex.update(1 / 30)
        ex.draw(s, 48, **COLORS)
        alphas.append(ex.alpha)
    assert alphas[0] > 200 and alphas[-1] == 0
    assert ex.pos == (200, 10)
    s = canvas()
    ex.draw(s, 48, **COLORS)
    assert set(pixels(s)) == {TABLE}


@pytest.mark.slow
@pytest.mark.parametrize("cls,args", [
    (DieRoll, ("d12", 9, (10, 10), (120, 90))),
    (DiePlace, ("d12", 12, (10, 10), (120, 90))),
    (DieChange, ("d12", 12, 3, (60, 60))),
    (DieExit, ("d12", 5, (60, 60), (200, 10))),
])
def test_a_timeline_step_drives_the_animation_by_its_progress(cls, args):
    """``seek(progress)`` is all a timeline step needs: the same progress gives
    the same picture whatever the step's own duration (the speed setting), and
    seeking 1.0 is the end, exactly as running the clock out."""
    a, b = cls(*args, duration=0.8, rng=random.Random(3)), cls(*args, duration=0.8, rng=random.Random(3))
    for p in (0.0, 0.1, 0.35, 0.6, 0.9, 1.0):
        a.seek(p)
        assert a.progress == pytest.approx(p)
        b.update(0.8 * p - b.t)
        sa, sb = canvas(240, 120), canvas(240, 120)
        a.draw(sa, 48, **COLORS)
        b.draw(sb, 48, **COLORS)
        assert pixels(sa) == pixels(sb), (cls.__name__, p)
    assert a.done
    c = cls(*args, duration=0.8, rng=random.Random(3))
    c.finish()
    assert c.done and c.progress == 1.0


def test_a_placed_die_shows_its_value_all_the_way_and_lands_at_rest():
    place = DiePlace("d20", 20, (10, 10), (100, 80), duration=0.85, rng=random.Random(1))
    s = canvas(200, 200)
    for k in range(41):
        place.seek(k / 40)
        assert place.value == 20
        place.draw(s, 48, **COLORS)
    assert place.pos == (100, 80) and place.angle == 0
    a, b = canvas(200, 200), canvas(200, 200)
    place.draw(a, 48, shadow=False, **COLORS)
    draw_die(b, "d20", 20, (100, 80), 48, **COLORS)
    assert pixels(a) == pixels(b)


def test_the_geometry_uses_pygame_vectors():
    """The hand-written 3D helpers are gone: the polyhedra are pygame Vector3s."""
    for name in ("_dot", "_cross", "_norm", "_sub", "_matmul", "_rot_x", "_rot_y"):
        assert not hasattr(dice, name), name
    shape = dice._shape("d20")
    assert all(isinstance(v, pygame.math.Vector3) for v in shape.verts)
    assert all(isinstance(n, pygame.math.Vector3) for _, n in shape.faces)
    assert len(shape.faces) == 20 and len(dice._shape("d12").faces) == 12 and len(dice._shape("d10").faces) == 10


def test_import_opens_no_window_and_no_audio():
    code = ("import pygame, games.ui.dice, games.ui.sound\n"
            "assert not pygame.display.get_init()\n"
            "assert not pygame.mixer.get_init()\n"
            "assert not pygame.font.get_init()\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))


def test_sheet_png(tmp_path):
    """A sheet of all seven dice at 48 and 96 px, for a person to look at:
    set DICE_SHEET=/tmp/dice_sheet.png to keep it."""
    sheet = dice_sheet()
    out = os.environ.get("DICE_SHEET") or str(tmp_path / "dice_sheet.png")
    pygame.image.save(sheet, out)
    assert os.path.getsize(out) > 1000


def dice_sheet():
    palette = [((244, 236, 216), (120, 100, 70), (40, 30, 20)), ((200, 70, 60), (90, 20, 16), (255, 240, 230)),
               ((60, 120, 200), (20, 50, 100), (240, 245, 255)), ((44, 40, 40), (12, 10, 10), (236, 232, 220)),
               ((80, 160, 90), (30, 80, 40), (245, 255, 245)), ((150, 90, 170), (70, 30, 90), (250, 240, 255)),
               ((232, 176, 72), (120, 80, 20), (40, 28, 10))]
    sheet = pygame.Surface((20 + 7 * 130, 300))
    sheet.fill(TABLE)
    for i, kind in enumerate(DIE_KINDS):
        fill, edge, text = palette[i]
        x = 20 + i * 130 + 55
        draw_die(sheet, kind, DIE_MAX[kind], (x, 45), 48, fill=fill, edge=edge, text_color=text, label=kind)
        draw_die(sheet, kind, 1 + i % DIE_MAX[kind], (x, 180), 96, fill=fill, edge=edge, text_color=text,
                 label=kind)
    return sheet


def test_resting_dice_are_cached_sprites():
    """A die at rest is drawn once and then blitted from the sprite cache (the
    frame-rate figure is printed by tests/bench/bench_ui_pieces.py)."""
    s = canvas(200, 200)
    dice._SPRITES.clear()              # (earlier tests may have filled it to its budget)
    dice._sprite_pixels = 0
    n = len(dice._SPRITES)
    draw_die(s, "d20", 17, (60, 60), 63, **COLORS)
    assert len(dice._SPRITES) == n + 1
    draw_die(s, "d20", 17, (120, 120), 63, **COLORS)          # the same die elsewhere: a cache hit
    assert len(dice._SPRITES) == n + 1
    draw_die(s, "d20", 16, (60, 60), 63, angle=12, tumble=(30, 10), **COLORS)   # moving: never cached
    assert len(dice._SPRITES) == n + 1


def test_a_die_drawn_faded_then_opaque_keeps_its_clear_corners():
    """A play-test: an Artillery tray showed a hit's d10 on a solid black box. The cached
    sprite of that face had been drawn faded (a miss) first, and restoring it with
    ``set_alpha(None)`` turned its blending off: its clear corners then drew black."""
    size = 48
    first = canvas()
    draw_die(first, "d10", 7, (60, 60), size, **COLORS)
    s = canvas()
    draw_die(s, "d10", 7, (60, 60), size, alpha=120, **COLORS)
    again = canvas()
    draw_die(again, "d10", 7, (60, 60), size, **COLORS)
    assert pixels(again) == pixels(first)
    assert again.get_at((60 - size // 2 + 1, 60 - size // 2 + 1))[:3] == TABLE, "a corner of its box is the table"
