"""A Cannon Ball table that reads at a glance, point by point, through the real frame:
the Odd/Even call and its stake, the coordinates on the edges, the hint on the map,
gates told apart by shape, a cannon's landing and its chooser, the odds of a bridge,
nothing stale (marks, the dial, the counts, review), the move log an action a line,
and singular words. Texts are measured with the theme's own fonts at 800x600,
1280x720 and 1920x1080."""
from __future__ import annotations

import pygame
import pytest

import games
from games.cannon_ball import INFO
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.board import chooser as C
from games.cannon_ball.board import drawing as D
from games.cannon_ball.rules import game as G
from games.cannon_ball.board import panel as P
from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.cannon_ball.board import scene as SC
from games.core.match import HUMAN, SEED_ONLY, Match, Seat
from games.ui import banner
from games.ui.board import Board
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from tests.cannon_ball.cb_util import B, pos
from tests.ui.helpers import click, frames, key

SIZES = [(800, 600), (1280, 720), (1920, 1080)]
SEATS = [Seat(HUMAN, name="South"), Seat(HUMAN, name="North")]
CLOSED_NE = ["open", "open", "closed", "open"]


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "cannon_ball", INFO)


def open_game(state, size=(1280, 720), animation="off", seed=1):
    app = make_app(size, animation=animation)
    m = Match(INFO, {}, list(SEATS), seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    m.state = state
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    return app, g, m


def hover(app, b, point) -> None:
    p = (int(point[0]), int(point[1]))
    pygame.mouse.set_pos(p)
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))])


def picture(app, g) -> pygame.Surface:
    surf = pygame.Surface(app.screen.get_size())
    g.draw(surf)
    return surf


def changed(a, b, rect) -> int:
    """How many pixels of ``rect`` differ between two pictures."""
    rect = pygame.Rect(rect).clip(a.get_rect())
    n = 0
    for x in range(rect.x, rect.right):
        for y in range(rect.y, rect.bottom):
            n += a.get_at((x, y)) != b.get_at((x, y))
    return n


def many_choices():
    """South may take a move turn, close either gate, fire at NE or rebuild bridges 3 and 4."""
    return pos("l16 m16 l17 e16 f16 g17 j10 k10 j11", north="n20", cannons=[(0, "n16 o16")], phase=Phase.CHOOSE,
               gates=CLOSED_NE, bridges=[True, True, False, False, True, True])


def every_gamble():
    """Fire at both of North's gates and rebuild two bridges: four cards and the gates."""
    return pos("l16 m16 l17 e24 f24 e25 e16 f16 g17 j10 k10 j11", north="n20",
               cannons=[(0, "n16 o16"), (0, "e23 f23")], phase=Phase.CHOOSE,
               gates=["open", "open", "closed", "closed"], bridges=[True, True, False, False, True, True])


def forced_shot():
    st = pos("g16 e16", north="i16", budget=4)
    for t in ("TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 4", "end"):
        st.apply(st.parse_move(t))
    return st


# -- 1. the odd/even call ----------------------------------------------------------------------------

def test_a_gamble_is_its_stake_written_once_over_odd_and_even_written_large():
    app, g, m = open_game(many_choices())
    panel = g.board.panel
    cards = [blk for blk in panel.blocks if blk.kind == "gamble"]
    assert len(cards) == 3, "fire at NE, rebuild 3, rebuild 4"
    stakes = [" ".join(blk.lines) for blk in cards]
    assert "Fire at gate NE: right = the fort falls (1 in 2)" in stakes
    assert "Rebuild bridge 3: right = it stands again (1 in 2)" in stakes
    for blk in cards:
        assert [b.label for b in blk.buttons] == ["Odd", "Even"], "the buttons say only the call"
        assert isinstance(blk.buttons[0], P.CallButton)
        assert all(blk.rect.contains(b.rect) for b in blk.buttons)
    # the calls are written larger than the other choices
    t = app.theme
    assert t.heading_font().get_height() > t.body_font().get_height()
    labels = [b.label for b in panel.buttons]
    assert "Move turn" in labels and "Close gate SW" in labels and "Close gate SE" in labels
    # a click on Even plays the gamble with that call
    rebuild3 = next(blk for blk in cards if "bridge 3" in " ".join(blk.lines))
    click(app, rebuild3.buttons[1].rect.center)
    assert m.log[-1].text == "rebuild 3 even"


def test_the_forced_tnt_shot_is_a_card_with_its_stake():
    app, g, m = open_game(forced_shot())
    blocks = g.board.panel.blocks
    assert [blk.kind for blk in blocks] == ["gamble"]
    assert " ".join(blocks[0].lines) == "TNT at bridge 3: right = the bridge blows (1 in 2)"
    assert [b.label for b in blocks[0].buttons] == ["Odd", "Even"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("make", [many_choices, every_gamble, forced_shot], ids=["many", "every", "forced"])
def test_every_choice_label_fits_its_button(size, make):
    app, g, m = open_game(make(), size)
    panel = g.board.panel
    choices = {mv for mv in m.state.legal_moves() if isinstance(mv, R.Choice)}
    assert {b.move for b in panel.buttons} == choices, "every choice has its button"
    texts = panel.text_boxes()
    assert texts
    for text, font, room in texts:
        assert "..." not in text
        assert font.size(text)[0] <= room.w, f"{text!r} is {font.size(text)[0]} px in {room.w}"
    for blk in panel.blocks:
        assert panel.rect.contains(blk.rect), "every choice lies in the column"
    rects = [b.rect for b in panel.buttons]
    for i, a in enumerate(rects):
        assert not any(a.colliderect(o) for o in rects[i + 1:]), "no two buttons overlap"
    # the sides' counts below the choices stay in the column too
    lh = app.theme.small_font().get_linesize()
    assert panel.counts_y + 4 * lh <= panel.rect.bottom


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_banner_during_a_forced_shot_offers_only_the_shot(size):
    app, g, m = open_game(forced_shot(), size)
    for text in (g.board.help_text(), g.board.help_short(), banner.subline(g, m.state, "South")[0]):
        low = text.lower()
        assert "tnt" in low and "odd or even" in low
        assert "move turn" not in low and "gate" not in low and "gamble" not in low
    # and with choices, it names only what is offered
    app, g, m = open_game(pos("e16", phase=Phase.CHOOSE), size)
    assert "gamble" not in g.board.help_text() and "gate turn" in g.board.help_text()


# -- 2. coordinates on the edges ------------------------------------------------------------------------

def test_the_section_numbers_read_at_1280x720(monkeypatch):
    """Learn's cards and the log steer by section number ("section 22"); a play-test could
    not read them on the map at 1280x720 (10 px, two-thirds opaque, grey on green)."""
    from games.ui.theme import luminance
    app, g, m = open_game(pos(), (1280, 720))
    sizes = []
    real = D.fonts.font

    def spy(size, bold=False):
        sizes.append(size)
        return real(size, bold=bold)
    monkeypatch.setattr(D.fonts, "font", spy)
    geo = g.board.geo
    surf = pygame.Surface(app.screen.get_size())
    worst = 99.0
    for sec in M.SECTIONS:
        # each number on its own section's colour, as the map draws it: the darkest ink drawn
        surf.fill(sec.rgb)
        D._draw_section_numbers(surf, geo)
        x, y = (int(v) for v in geo.pt(*sec.label_point))
        ink = min((tuple(surf.get_at((x + dx, y + dy)))[:3] for dx in range(-8, 9) for dy in range(-6, 7)),
                  key=luminance)
        hi, lo = sorted((luminance(sec.rgb), luminance(ink)), reverse=True)
        worst = min(worst, (hi + 0.05) / (lo + 0.05))
    assert sizes and min(sizes) >= 13, f"section numbers {sizes} px"
    assert worst >= 3.0, f"contrast {worst:.2f}: 3 is the least for large text"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_coordinates_stand_beside_their_file_and_rank_off_the_map(size):
    app, g, m = open_game(pos(), size)
    b = g.board
    geo = b.geo
    labels = D.coord_rects(geo)
    texts = [t for t, _r in labels]
    assert sorted(set(texts)) == sorted(set(M.FILES) | {str(r) for r in range(1, M.ROWS + 1)})
    assert all(texts.count(t) == 2 for t in set(texts)), "on both sides of the board"
    assert D.coord_font(geo).get_height() >= 11, "readable"
    for i, (text, r) in enumerate(labels):
        assert not r.colliderect(geo.board), f"{text} lies on the map"
        assert b.map_rect.contains(r), f"{text} is outside the board's area"
        assert not any(r.colliderect(o) for _t, o in labels[i + 1:]), f"{text} overlaps another label"
        # level with the file or rank it names, wherever the board turned it
        if text.isdigit():
            cell = geo.pt(0.5, M.ROWS - int(text) + 0.5)
        else:
            cell = geo.pt(M.FILES.index(text) + 0.5, M.ROWS - 0.5)
        along = 1 if geo.land != text.isdigit() else 0
        assert abs(r.center[along] - cell[along]) <= 1.5, (text, r.center, cell)
    surf = picture(app, g)
    blank = pygame.Surface(app.screen.get_size())
    blank.fill(app.theme.c["table"])
    assert all(changed(surf, blank, r) > 0 for _t, r in labels), "every label is drawn"


def test_the_board_turns_with_the_window_and_its_labels_with_it():
    lands = set()
    for size in SIZES:
        app, g, m = open_game(pos(), size)
        lands.add(g.board.geo.land)
    assert lands == {True, False}, "both ways of drawing the board are covered above"
    # and the rules say so (a play-test read "left to right as South sees the map" beside a
    # map drawn with South's edge at the left)
    from games.cannon_ball.rules_text import SECTIONS
    text = " ".join(p.get("text", "") for p in SECTIONS)
    assert "drawn turned a quarter, South's edge at the left" in text


# -- 3. the hint on the board ---------------------------------------------------------------------------

HINTS = {
    "step": (lambda: pos("k12", budget=6), "k12-k13", ["k12", "k13"]),
    "cannon": (lambda: pos("j12 k12", north="o20", cannons=[(0, "j13 k13")], budget=6), "Kj13>i10j10+j12k12",
               ["i10", "j10"]),
    "tnt": (lambda: pos("g16 f16", budget=4), "TNT g16", []),
    "gate": (lambda: pos("l16 m16 l17", north="n20", cannons=[(0, "n16 o16")], phase=Phase.CHOOSE, gates=CLOSED_NE),
             "fire NE odd", []),
}


@pytest.mark.parametrize("kind", sorted(HINTS))
def test_the_hint_is_drawn_on_the_board(kind):
    make, text, boxes = HINTS[kind]
    app, g, m = open_game(make())
    b = g.board
    mv = m.state.parse_move(text)
    plain = picture(app, g)
    g._set_hint(mv)
    hinted = picture(app, g)
    for name in boxes:
        assert changed(plain, hinted, b.geo.box_rect(B(name))) > 0, f"the hint marks {name}"
    if isinstance(mv, R.Tnt):
        x, y = D.tnt_spot(b.geo, mv.box)
        assert changed(plain, hinted, pygame.Rect(x - b.geo.cell, y - b.geo.cell, 2 * b.geo.cell, 2 * b.geo.cell))
    if isinstance(mv, R.Choice):
        (ax, ay), (bx, by) = M.GATES[mv.target].segment
        x, y = b.geo.pt((ax + bx) / 2, (ay + by) / 2)
        c = b.geo.cell
        assert changed(plain, hinted, pygame.Rect(x - 1.5 * c, y - 1.5 * c, 3 * c, 3 * c)), "the gate is ringed"
        odd = next(x for x in b.panel.buttons if x.move == mv)
        assert changed(plain, hinted, odd.rect.inflate(10, 10)), "so is its button"


# -- 4. gates by shape ----------------------------------------------------------------------------------

def gate_mask(state: str, g=M.GATES[2], cell=40.0):
    """The pixels a gate's drawing paints solid: drawn on two different fields, the
    pixels alike on both (a see-through scorch or shadow tints, it is no shape)."""
    local = D.Geo(pygame.Rect(0, 0, int(cell * 18), int(cell * 28)), land=False)
    states = ["open"] * len(M.GATES)
    states[g.index] = state
    surfs = []
    for ground in ((90, 120, 70), (200, 180, 230)):
        surf = pygame.Surface(local.board.size)
        surf.fill(ground)
        D.draw_gates(surf, D.Geo(pygame.Rect(-local.board.x, -local.board.y, int(cell * 18), int(cell * 28)),
                                 land=False), states)
        surfs.append(surf)
    geo = D.Geo(pygame.Rect(-local.board.x, -local.board.y, int(cell * 18), int(cell * 28)), land=False)
    (ax, ay), (bx, by) = g.segment
    a, b = geo.pt(ax, ay), geo.pt(bx, by)
    out = D.gate_outward(geo, g)
    cx, cy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    box = pygame.Rect(cx - 3 * cell, cy - 3 * cell, 6 * cell, 6 * cell).clip(surfs[0].get_rect())
    mask = {(x, y) for x in range(box.x, box.right) for y in range(box.y, box.bottom)
            if surfs[0].get_at((x, y)) == surfs[1].get_at((x, y))}
    return mask, a, b, out, geo.cell


def along(a, b, t, out=(0.0, 0.0), k=0.0):
    return (int(a[0] + (b[0] - a[0]) * t + out[0] * k), int(a[1] + (b[1] - a[1]) * t + out[1] * k))


def test_open_closed_and_destroyed_gates_differ_by_shape():
    masks = {s: gate_mask(s) for s in ("closed", "open", "destroyed")}
    closed, a, b, out, cell = masks["closed"]
    opened = masks["open"][0]
    broken = masks["destroyed"][0]
    mid = [along(a, b, t / 20) for t in range(6, 15)]                 # the middle of the opening
    assert all(p in closed for p in mid), "a closed gate is a door right across the opening"
    assert not any(p in opened for p in mid), "an open gate leaves the opening clear"
    leaves = [along(a, b, t, out, cell * 0.7) for t in (0.1, 0.9)]
    assert all(any((x + dx, y + dy) in opened for dx in range(-3, 4) for dy in range(-3, 4)) for x, y in leaves), \
        "its leaves are swung out"
    assert not any(along(a, b, t, out, cell * 0.7) in closed for t in (0.1, 0.9))
    # a destroyed gate: torn stumps at the posts, nothing solid in the middle, no leaves swung out
    assert all(along(a, b, t) in broken for t in (0.12, 0.88)), "broken stumps at the posts"
    assert not any(p in broken for p in mid[2:-2]), "the middle is blown out"
    assert not all(along(a, b, t, out, cell * 0.7) in broken for t in (0.1, 0.9))
    for x, y in (("closed", "open"), ("closed", "destroyed"), ("open", "destroyed")):
        mx, my = masks[x][0], masks[y][0]
        assert len(mx & my) / len(mx | my) < 0.5, f"{x} and {y} look alike"
    assert len(closed) > cell * cell * 0.6, "big enough to read from across a table"


def test_the_wall_leaves_the_openings_to_the_gates():
    for fort in M.FORTS:
        pieces = D._wall_pieces(fort)
        for g in fort.gates:
            a, b = M.GATES[g].segment
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            for p, q in pieces:                 # no stretch of wall runs through a gate's middle
                cross = abs((mid[0] - p[0]) * (q[1] - p[1]) - (mid[1] - p[1]) * (q[0] - p[0]))
                inside = min(p[0], q[0]) - 1e-6 <= mid[0] <= max(p[0], q[0]) + 1e-6 and \
                    min(p[1], q[1]) - 1e-6 <= mid[1] <= max(p[1], q[1]) + 1e-6
                assert not (cross < 1e-6 and inside)


# -- 5. moving a cannon ---------------------------------------------------------------------------------

def cannon_game(north="o20"):
    st = pos("i12 j12 k12", north=north, cannons=[(0, "j13 k13")], budget=6)
    app, g, m = open_game(st)
    b = g.board
    click(app, b.geo.box_centre(B("j13")))
    assert b.sel is not None and b.cannon_opts
    return app, g, m, b


def toward(b, box: str, other: str, k=0.3):
    """A point inside ``box`` a little toward ``other``."""
    (x, y), (ox, oy) = b.geo.box_centre(B(box)), b.geo.box_centre(B(other))
    return (x + (ox - x) * k, y + (oy - y) * k)


def test_the_pointer_picks_the_pair_of_boxes_for_the_cannon():
    app, g, m, b = cannon_game()
    hover(app, b, toward(b, "j10", "i10"))
    assert b.hover_spot() == tuple(sorted((B("i10"), B("j10"))))
    hover(app, b, toward(b, "j10", "k10"))
    assert b.hover_spot() == tuple(sorted((B("j10"), B("k10"))))


def test_hovering_a_destination_shows_where_the_cannon_and_each_escort_land():
    app, g, m, b = cannon_game()
    plain = picture(app, g)
    hover(app, b, toward(b, "j10", "i10"))
    land = b.cannon_preview(m.state)
    assert land is not None and land.move.to == tuple(sorted((B("i10"), B("j10"))))
    shown = picture(app, g)
    for box in land.move.to:
        assert changed(plain, shown, b.geo.box_rect(box)) > 0, "the cannon is drawn where it lands"
    for _frm, to in land.escorts:
        assert changed(plain, shown, b.geo.box_rect(to)) > 0, "each escort is drawn where he lands"
    # what was shown is what the rules do
    after = m.state.copy()
    after.apply(land.move)
    landed = {x for x in range(M.N_BOXES) if after.occ[x] == 0 and m.state.occ[x] != 0}
    assert landed == {to for _f, to in land.escorts}
    assert land.cost == R.hop_cost(m.state, land.move) == 3
    lines = b.hover_lines(m.state)
    assert lines[0] == "Cannon to section 11, 3 moves" and lines[1].startswith("Escorts: ")


def test_a_pair_reached_several_ways_opens_a_chooser_and_plays_the_way_picked():
    app, g, m, b = cannon_game()
    spot = toward(b, "j10", "i10")
    click(app, spot)
    ch = b.chooser
    assert ch is not None and len(ch.moves) == 3, "three pairs of escorts"
    assert all(lbl.endswith("3 moves") for lbl in ch.labels)
    for box in {*ch.moves[0].to, *ch.moves[0].escorts}:
        assert not ch.rect.colliderect(b.geo.box_rect(box)), "the list leaves the cannon and its men in sight"
    hover(app, b, ch.rows[1].center)
    preview = b.cannon_preview(m.state)
    assert preview.move == ch.moves[1], "the row under the pointer is the way shown"
    picked = ch.moves[1]
    click(app, ch.rows[1].center)
    assert b.chooser is None and m.log[-1].text == str(picked)
    assert {x for x in range(M.N_BOXES) if m.state.occ[x] == 0} >= {t for _f, t in preview.escorts}


def test_the_chooser_answers_its_number_keys_and_esc():
    app, g, m, b = cannon_game()
    click(app, toward(b, "j10", "i10"))
    key(app, pygame.K_ESCAPE)
    assert b.chooser is None and m.ply == 0 and b.sel is not None, "Esc closes the list only"
    click(app, toward(b, "j10", "i10"))
    third = b.chooser.moves[2]
    key(app, pygame.K_3)
    assert m.log[-1].text == str(third)


def test_a_cannon_attack_gets_the_same_force_preview_as_troopers():
    app, g, m, b = cannon_game(north="j15 k15")
    hover(app, b, toward(b, "j15", "k15"))
    land = b.cannon_preview(m.state)
    assert land is not None and land.attack is not None
    pv = R.attack_preview(m.state, R.section_of(B("j15")), men=2, cannon=True)
    lines = b.hover_lines(m.state)
    assert "Attack section 19" in lines
    assert f"They: {pv['defenders']} men" in lines and "You: 2 men and a cannon" in lines
    assert ("this wins the section" if pv["wins_with"] else f"not yet: {pv['missing_with']}") in lines


# -- 6. the "!" of a bridge ------------------------------------------------------------------------------

@pytest.mark.parametrize("risk,odds", [(1 / 24, "1 in 24"), (1 / 12, "1 in 12"), (0.0, None)])
def test_a_crossing_mark_is_explained_with_its_odds(risk, odds):
    app, g, m = open_game(pos("g16", budget=3, risk=risk))
    b = g.board
    click(app, b.geo.box_centre(B("g16")))
    far = B("i17")
    assert far in b.reach and b.reach[far].bridges == (3,)
    hover(app, b, b.geo.box_centre(far))
    lines = b.hover_lines(m.state)
    if odds is None:
        assert not b.reach_label(m.state, far).endswith("!"), "steady bridges carry no warning"
        assert not any("gives way" in line for line in lines)
    else:
        assert b.reach_label(m.state, far) == "2!"
        assert f"Over bridge 3: {odds} it gives way" in lines
    near = B("f16")
    assert not b.reach_label(m.state, near).endswith("!")


# -- 7. nothing stale -------------------------------------------------------------------------------------

def test_a_refused_click_is_marked_only_until_the_position_changes():
    app, g, m = open_game(pos("b2 k12", budget=4))
    b = g.board
    plain = picture(app, g)
    click(app, b.geo.box_centre(B("a1")))           # a man boxed in at the back of the fort
    assert b.refused is not None
    marked = picture(app, g)
    assert changed(plain, marked, b.geo.box_rect(B("a1"))) > 0
    g.submit(m.state.parse_move("k12-k13"))
    frames(app, 2)
    again = picture(app, g)
    assert changed(again, plain, b.geo.box_rect(B("a1"))) == 0, "the mark went with the position"


def test_the_hint_goes_when_the_position_changes():
    app, g, m = open_game(pos("k12 a12", budget=4))
    b = g.board
    hint = m.state.parse_move("k12-k13")
    b.show_hint(hint)
    assert b.live_hint() == hint
    m.play_text("a12-a13")                           # the position changes without the frame's help
    assert b.live_hint() is None, "a hint for another position is not drawn"
    plain = picture(app, g)
    b.hint = None
    assert changed(plain, picture(app, g), b.geo.board) == 0


def test_the_header_and_the_column_agree_on_moves_left_while_a_cannon_rolls():
    app, g, m = open_game(pos("j12 k12", north="o20", cannons=[(0, "j13 k13")], budget=6), animation="normal")
    b = g.board
    assert P.moves_label(b.told_state(m.state)) == "6 moves left"
    assert g.submit(m.state.parse_move("Kj13>i10j10+j12k12"))
    frames(app, 2)
    assert b.busy
    header = g.shown_state().status_text(m.names())
    column = P.moves_label(b.told_state(m.state))
    assert "6 moves left" in header and column == "6 moves left", "both still tell the position it started from"
    while b.busy:
        frames(app, 5)
    frames(app, 1)
    header = g.shown_state().status_text(m.names())
    assert "3 moves left" in header and P.moves_label(b.told_state(m.state)) == "3 moves left"
    assert "3 moves left" in b.help_text()


def test_the_dial_shows_this_turns_spin_only():
    app, g, m = open_game(pos("k12", budget=5))
    b = g.board
    assert b.spinner.value == 5 and b.caption == "5 moves", "a loaded move turn shows its spin"
    g.submit(R.END)
    frames(app, 3)
    assert m.state.phase == Phase.CHOOSE
    assert b.spinner.value is None and b.caption == "", "the next turn has not spun yet"
    g.submit(R.MOVE_CHOICE)
    frames(app, 2)
    assert g.awaiting_performance() and b.spinner.value is None
    key(app, pygame.K_SPACE)
    frames(app, 3)
    spun = m.state.spin
    assert b.spinner.value == spun and b.caption == G.counted(spun, "move")
    key(app, pygame.K_HOME)                           # review the start: that position's dial
    assert g.reviewing() and b.spinner.value == 5 and b.caption == "5 moves"
    key(app, pygame.K_RIGHT)                          # after the end of that turn: nothing spun
    assert b.spinner.value is None


@pytest.mark.slow
def test_review_follows_the_log():
    app, g, m = open_game(pos("k12", budget=1), size=(800, 600))
    moves = ["k12-k13", "end"]
    for turn in range(14):                       # men shuffling to and fro: a log longer than its panel
        there = turn % 4 in (1, 2)
        moves += ["move", "spin 2", ("n23-o24" if there else "o24-n23") if turn % 2 == 0 else
                  ("k13-k12" if turn % 4 == 1 else "k12-k13"), "end"]
    for t in moves:
        m.play_text(t)
    g.board.reset()
    frames(app, 2)
    log = g.log_view
    first_of = {}
    for _ in range(len(m.log)):
        key(app, pygame.K_LEFT, mod=pygame.KMOD_CTRL)     # the board takes plain arrows (its cursor)
        frames(app, 1)
        if g.ply == 0:
            break
        first_of = {ln[0]: ln[4] for ln in log._lines}
        in_view = [(first_of[i], i) for _r, i in log._rows]
        assert any(a <= g.ply - 1 <= b for a, b in in_view), f"entry {g.ply - 1} is in view while reviewed"
        assert log.selected == g.ply - 1
        assert g.visible_state().snapshot() == m.state_at(g.ply).snapshot()
    assert len(first_of) < len(m.log), "some lines hold several entries"


# -- 8. the move log, an action a line ------------------------------------------------------------------

def log_texts(m):
    return [text for *_r, text in G.log_lines(m.log, m.names(), m.state_at)]


def test_a_turn_reads_as_the_actions_a_player_would_name():
    st = pos("l15 m15 n15 o14", phase=Phase.CHOOSE)
    m = Match(INFO, {}, list(SEATS), seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    m.state = st
    for t in ("move", "spin 7", "l15-l16", "m15-m16", "n15-n16", "o14-o15", "o15-o16", "end"):
        m.play_text(t)
    assert log_texts(m) == ["South takes a move turn and spins 7",
                            "South walks 4 men to section 24, 5 moves",
                            "South ends the turn, 2 moves unused"]


def test_a_walk_over_a_bridge_folds_the_bridge_in_and_a_cannon_hop_says_its_cost():
    st = pos("g16 j12 k12", cannons=[(0, "j13 k13")], budget=7, risk=1 / 24)
    m = Match(INFO, {}, list(SEATS), seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    m.state = st
    for t in ("g16-i16", "holds", "i16-i17", "Kj13>i10j10+j12k12"):
        m.play_text(t)
    lines = G.log_lines(m.log, m.names(), m.state_at)
    assert [x[3] for x in lines] == [
        "South walks the man on g16 to i17 (section 23) over bridge 3, 2 moves",
        "South moves the cannon on j13 to section 11 with 2 escorts, 3 moves"]
    assert (lines[0][0], lines[0][1]) == (0, 2), "the bridge's chance is part of the walk"


def test_a_cannon_passed_along_twice_reads_as_one_bracket():
    st = pos("d12 e12 a14 b14 a16 b16", cannons=[(0, "f12 g12")], budget=4)
    m = Match(INFO, {}, list(SEATS), seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    m.state = st
    for t in ("Kf12>c14c15", "Kc14>c16d16"):
        m.play_text(t)
    assert log_texts(m) == ["South moves the cannon on f12 to section 21 (passed along, 2 hops), 2 moves"]


def test_a_grouped_line_reviews_the_position_after_its_last_entry():
    st = pos("l15 m15 n15 o14", phase=Phase.CHOOSE)
    app, g, m = open_game(st)
    for t in ("move", "spin 7", "l15-l16", "m15-m16", "n15-n16", "o14-o15", "o15-o16"):
        m.play_text(t)
    g.board.reset()
    frames(app, 2)
    rows = g.log_view._rows
    assert list(dict.fromkeys(i for _r, i in rows)) == [1, 6], "two actions: the spin, the walks"
    click(app, rows[0][0].center)
    assert g.ply == 2, "the move turn and its spin"
    click(app, next(r for r, i in g.log_view._rows if i == 6).center)
    assert g.ply == 7 and not g.reviewing(), "the last line is the position now"
    key(app, pygame.K_LEFT, mod=pygame.KMOD_CTRL)     # the board takes plain arrows (its cursor)
    assert g.ply == 6, "Ctrl+Left still steps one entry"


def test_other_games_keep_a_line_per_move():
    class E:
        def __init__(self, text, public, player):
            self.text, self.public, self.player = text, public, player
    entries = [E("a", "Opens", 0), E("roll 3", "rolls 3", -1), E("b", "Moves", 1)]
    assert Board.log_lines(entries, ["Ann", "Bo"], None) == [
        (0, 0, 0, "Ann: Opens"), (1, 1, -1, "rolls 3"), (2, 2, 1, "Bo: Moves")]
    assert G.log_lines(entries, ["Ann", "Bo"], None) == Board.log_lines(entries, ["Ann", "Bo"], None)


# -- 9. grammar, and TNT that hides no one ---------------------------------------------------------------

def test_one_man_one_move_one_cannon_one_case():
    st = pos("k12", north="o20", cannons=[(0, "j13 k13")], budget=1, home=False)
    st.tnt_left = [1, 5]
    assert P.count_lines(st, 0, ["South", "North"], False) == ["South", "1 man, 1 cannon", "1 TNT case left"]
    assert P.count_lines(st, 1, ["South", "North"], False)[1] == "1 man, 0 cannons"
    assert P.moves_label(st) == "1 move left" and "1 move left" in st.status_text()
    assert G.counted(1, "move") == "1 move" and G.counted(2, "man", "men") == "2 men"
    app, g, m = open_game(st.copy())
    assert g.board.help_text().startswith("1 move left")
    r = R.reachable(m.state, B("k12"))[B("k11")]
    assert C.walk_lines(m.state, B("k11"), r)[0] == "Walk to k11, 1 move"
    pv = {"defenders": 1, "defender_cannon": False, "attackers": 0, "attacker_cannon": False,
          "wins_with": False, "missing_with": "1 more man"}
    assert C.attack_lines(pv, 0, 1)[1:3] == ["They: 1 man", "You: 1 man"]


def test_tnt_markers_never_hide_the_man_beside_them():
    # a case to place by g16 (where a man stands), and North's lit case by i11 with a South man on i11
    st = pos("g16 f16 i11", north="j16 j17 i17", budget=4)
    st.tnt[1] = B("i11")
    app, g, m = open_game(st)
    b = g.board
    with_tnt = picture(app, g)
    for man in ("g16", "i11"):
        assert any(x.box == B("g16") for x in R.tnt_placements(m.state))
        bare = m.state.copy()
        bare.tnt = [-1, -1]
        m.state = bare
        saved = R.tnt_placements
        try:
            SC.R.tnt_placements = lambda s: []
            without = picture(app, g)
        finally:
            SC.R.tnt_placements = saved
            m.state = st
        x, y = b.geo.box_centre(B(man))
        r = int(b.geo.cell * 0.3)
        assert changed(with_tnt, without, pygame.Rect(x - r, y - r, 2 * r, 2 * r)) == 0, f"the man on {man} shows"


@pytest.mark.parametrize("value", [1, 4, 9, 12])
def test_the_number_under_the_needle_is_drawn_over_it(value):
    """The needle crosses the ring of numbers: the number it points at is drawn again on
    top, in a disc, so the spin's result reads on the dial itself (not only in the caption)."""
    import math

    from games.ui import spinner as S
    app = make_app((800, 600))
    sp = S.Spinner()
    sp.angle, sp.value = S.sector_angle(value), value       # landed on it
    surface = pygame.Surface((300, 300))
    sp.draw(surface, (150, 150), 120, app.theme)
    a = S.sector_angle(value)
    at = (int(150 + 120 * 0.74 * math.cos(a)), int(150 + 120 * 0.74 * math.sin(a)))
    box = pygame.Rect(0, 0, 16, 16)        # inside the disc drawn over the needle
    box.center = at
    needle = (196, 40, 36)
    reds = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if tuple(surface.get_at((x, y)))[:3] == needle)
    inks = sum(1 for x in range(box.left, box.right) for y in range(box.top, box.bottom)
               if tuple(surface.get_at((x, y)))[:3] == tuple(app.theme.c["text"][:3]))
    assert inks > 10                 # the digits are there, in the text colour
    assert reds < box.w * box.h // 4  # and the needle's red only rings them


def test_a_dial_at_rest_between_two_numbers_points_at_none():
    """A new turn's dial rests on the peg between 12 and 1 (no number yet): no number is
    drawn over the needle there, nor while the needle turns."""
    from games.cannon_ball.board.scene import NEUTRAL
    from games.ui import spinner as S
    app = make_app((800, 600))
    shots = []
    for pointed in (True, False):
        sp = S.Spinner()
        sp.angle, sp.value = NEUTRAL, None
        if not pointed:
            sp._pointed = lambda *a, **k: None
        surface = pygame.Surface((300, 300))
        sp.draw(surface, (150, 150), 120, app.theme)
        shots.append(pygame.image.tobytes(surface, "RGB"))
    assert shots[0] == shots[1]


def test_a_capture_in_a_fort_is_lit_and_told_as_a_capture_not_a_walk(monkeypatch):
    """A play-test: in its own fort, a man's step onto an intruder was lit green and told
    "Walk to a6, 1 move", and the log then said "captured the man on a6". A capture is lit
    in the attack colour and told as what it is."""
    st = R.CannonBallState.position(men={0: ["a4", "a1"], 1: ["a6", "o26"]}, budget=3,
                                    gates=["open", "open", "open", "open"])
    r = R.reachable(st, B("a4"))[B("a6")]
    assert r.capture and r.attack < 0
    assert C.walk_lines(st, B("a6"), r)[0] == "Take the man on a6, 1 move"
    app, g, m = open_game(st.copy())
    b = g.board
    frames(app, 1)
    click(app, b.geo.box_centre(B("a4")))
    colours = []
    real = pygame.draw.rect
    monkeypatch.setattr(pygame.draw, "rect", lambda surf, col, rect, *a, **k:
                        colours.append((tuple(rect), tuple(col)[:3])) or real(surf, col, rect, *a, **k))
    frames(app, 1)
    box = b.geo.box_rect(B("a6"))
    framed = [col for rect, col in colours if pygame.Rect(rect).colliderect(box) and pygame.Rect(rect).w < box.w]
    assert tuple(app.theme.c["danger"])[:3] in framed, framed


def test_the_turn_choice_names_only_the_turns_on_offer_and_no_moves_says_end_turn():
    """A play-test: the header said "choose a move turn, a gate turn or a gamble" beside a
    column with no gamble in it, and with no moves left the help still said "0 moves left:
    click one of your men or cannons". Both now say what can be done."""
    st = R.CannonBallState.position(men={0: ["a1"], 1: ["o26"]}, phase=Phase.CHOOSE)
    assert {m.kind for m in st.legal_moves()} == {"move", "close"}
    assert st.status_text(["South", "North"]) == "South: choose a move turn or a gate turn"
    br = M.BRIDGES[0]
    men = [M.BOXES[b].name for b in M.SECTIONS[br.sections[0]].boxes][:3]
    st = R.CannonBallState.position(men={0: ["a1"] + men, 1: ["o26"]}, phase=Phase.CHOOSE,
                                    bridges=[i != br.index for i in range(len(M.BRIDGES))])
    assert "rebuild" in {m.kind for m in st.legal_moves()}
    assert st.status_text(["South", "North"]) == "South: choose a move turn, a gate turn or a gamble"
    app, g, m = open_game(R.CannonBallState.position(men={0: ["k12", "a1"], 1: ["o26"]}, budget=0))
    assert g.board.help_text() == "No moves left: End turn (E)"
    click(app, g.board.geo.box_centre(B("k12")))         # a man picked up with nothing to spend
    assert g.status == "No moves left: End turn (E)."


def test_a_man_that_cannot_move_is_told_the_rule_that_holds_him():
    """A play-test: picking up a man with nowhere to go said only "That piece cannot
    move now". The rules now name what holds him, and the board says it."""
    st = R.CannonBallState.position(men={0: ["k1", "j1", "l1", "j2", "k2", "l2"], 1: ["o26"]}, budget=5)
    assert R.why_stuck(st, B("k1")) == "your own men or cannon fill every box next to him"
    assert R.why_stuck(st, B("l2")) is None                         # he has a step
    st = R.CannonBallState.position(men={0: ["a10", "b10", "a11", "b11"], 1: ["o26"]}, budget=5,
                                    gates=["closed", "open", "open", "open"])
    assert R.why_stuck(st, B("a10")) == "gate SW is closed"
    st = R.CannonBallState.position(men={0: ["e5"], 1: ["o26"]}, budget=1, budget_mode="each")
    st.apply(st.parse_move("e5-f5"))
    assert R.why_stuck(st, B("f5")) == "that man has used its 1 move"
    app, g, m = open_game(R.CannonBallState.position(men={0: ["a10", "b10", "a11", "b11", "a1"], 1: ["o26"]},
                                                     budget=5, gates=["closed", "open", "open", "open"]))
    click(app, g.board.geo.box_centre(B("a10")))
    assert g.status == "That man cannot move: gate SW is closed."


def test_a_side_s_count_keeps_the_defenders_of_an_attack_until_it_is_won():
    """A play-test: North's count in the column dropped as soon as South's attack
    started, before it was won. The defenders are off the board while it lasts, but
    they are only lost once it is won (and come back if it fails)."""
    from tests.cannon_ball.cb_util import RESERVE, S, play, pos
    st = pos("c12 c13 d11", north="e12 e13", budget=6)
    play(st, "c12-d12")
    assert S(14) in st.sieges and st.men[1] == RESERVE
    assert st.men_count(1) == RESERVE + 2 and st.men_count(0) == st.men[0]
    assert P.count_lines(st, 1, ["South", "North"], False)[1].startswith(f"{RESERVE + 2} men")
    play(st, "c13-d13", "d11-e12")                    # won: now they are gone
    assert not st.sieges and P.count_lines(st, 1, ["South", "North"], False)[1].startswith(f"{RESERVE} men")


def test_a_gate_s_button_keeps_its_row_after_a_gate_turn():
    """A play-test: after closing gate SW its button ("Open gate SW") jumped below
    "Close gate SE". The gate turns are listed by gate, open or closed."""
    st = R.CannonBallState.position(men={0: ["d12", "a1"], 1: ["o26"]}, phase=Phase.CHOOSE)
    before = [text for kind, text, _m in P.choice_groups(st) if kind == "gate"]
    st = R.CannonBallState.position(men={0: ["d12", "a1"], 1: ["o26"]}, phase=Phase.CHOOSE,
                                    gates=["closed", "open", "open", "open"])
    after = [text for kind, text, _m in P.choice_groups(st) if kind == "gate"]
    assert before == ["Close gate SW", "Close gate SE"] and after == ["Open gate SW", "Close gate SE"]


def test_a_step_through_the_fort_wall_is_refused_for_the_wall():
    """A play-test typed e4-e5 (a fort box and the field box above it) and read "e5 is not
    next to e4", though the board shows them touching."""
    st = R.CannonBallState.position(men={0: ["e4"], 1: ["o26"]}, budget=5)
    assert st.why_illegal(R.Step(B("e4"), B("e5"))) == \
        "the fort's wall stands between e4 and e5: men go in and out by a gate"
    assert st.why_illegal(R.Step(B("e4"), B("e8"))) == "e8 is not next to e4"


def test_a_man_already_attacking_is_not_counted_again_when_he_steps_inside_the_section():
    """A play-test: one man attacking a section held by one, picked up again and pointed at
    another box of it, read "You: 2 men / this wins the section"; it did not, and ending
    the turn lost him."""
    from tests.cannon_ball.cb_util import S, play, pos
    st = pos("c12 c13 b13", north="e12 e13", budget=6)
    play(st, "c12-d12")
    assert S(14) in st.sieges
    reach = R.reachable(st, B("d12"))
    inside = next(b for b, r in reach.items() if r.attack == S(14) and M.BOXES[b].section == S(14))
    pv = R.attack_preview(st, S(14), frm=B("d12"))             # the rules say it, the tooltip reads it
    assert pv["joins"] == 0 and not pv["wins_with"]
    lines = C.walk_lines(st, inside, reach[inside], frm=B("d12"))
    assert "You: 1 man" in lines and "this wins the section" not in lines, lines
    fresh = next(b for b, r in R.reachable(st, B("c13")).items() if r.attack == S(14))
    lines = C.walk_lines(st, fresh, R.reachable(st, B("c13"))[fresh], frm=B("c13"))
    assert "You: 2 men" in lines, lines                     # a man from outside does join


def test_a_bridge_crossed_twice_in_one_line_is_named_once():
    """A play-test read "over bridges 4 and 4" when two men crossed the same bridge."""
    assert G._bridges_text([4, 4]) == " over bridge 4"
    assert G._bridges_text([4, 5, 4]) == " over bridges 4 and 5"


def test_the_tnt_call_says_it_takes_your_own_cannon():
    """A play-test: the shot's stake said only "the bridge blows" while the player's own
    cannon stood in the section, and the blast took it."""
    from tests.cannon_ball.cb_util import play
    st = pos("g16 e16", cannons=[(0, "f16 f17")], budget=4)
    play(st, "TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 3", "end")
    shot = next(m for m in st.legal_moves() if str(m) == "tnt odd")
    assert P.stake_text(st, shot) == ("TNT at bridge 3: right = the bridge blows and takes your cannon "
                                      "in section 22 (1 in 2)")
    assert P.stake_phrases(st, shot)[1] == "right = the bridge blows and takes your cannon in section 22"
    plain = pos("g16 e16", budget=4)
    play(plain, "TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 3", "end")
    assert P.stake_text(plain, next(m for m in plain.legal_moves() if str(m) == "tnt odd")) == \
        "TNT at bridge 3: right = the bridge blows (1 in 2)"


def test_tab_reaches_the_choices_of_turn_and_enter_plays_one():
    """A play-test by keyboard: Tab ran through the move box, Hint, Save, Rules and Menu
    and never reached "Move turn" or "Close gate SW"; only Down from the board did."""
    app, g, _m = open_game(many_choices())
    b = g.board
    assert g.can_act() and b.panel.buttons, "a choice of turn is offered"
    seen = []
    for _ in range(len(b.panel.buttons) + 8):
        key(app, pygame.K_TAB)
        seen.append(g.focused())
    for btn in b.panel.buttons:
        assert btn in seen, btn.label
    assert seen.index(b.panel.buttons[0]) == 0, "the choices come first after the board"
    while g.focused() is not b.panel.buttons[0]:
        key(app, pygame.K_TAB)
    ply = g.match.ply
    key(app, pygame.K_RETURN)
    assert g.match.ply == ply + 1, "Enter plays the focused choice"


def test_a_man_held_by_the_forts_wall_is_told_so_not_that_every_box_is_taken():
    """A play-test: the man on c9 could not move and was told "every box next to him is
    taken by your own men or cannon", with c10 empty beside him: the fort's wall was
    what held him there."""
    from games.cannon_ball.rules.tables import LINKS
    c9 = B("c9")
    around = [M.BOXES[b].name for b, _br, _g in LINKS[c9]]
    st = R.CannonBallState.position(men={0: ["c9", *around], 1: ["o26"]}, budget=5)
    assert st.occ[B("c10")] == R.EMPTY
    assert R.why_stuck(st, c9) == "your own men and the fort's wall hem him in"
    st = R.CannonBallState.position(men={0: ["c9", *around, "b10", "c10", "d10"], 1: ["o26"]}, budget=5)
    assert R.why_stuck(st, c9) == "your own men or cannon fill every box next to him"


@pytest.mark.parametrize("why", ["your own men and the fort's wall hem him in",
                                 "your own men or cannon fill every box next to him"])
def test_a_stuck_mans_reason_is_read_whole_in_the_banner_at_1280x720(why):
    """A keyboard play-test read "That man cannot move: ... and the fort's wall closes
    the r..." at 1280x720: the reasons are short enough to be read whole."""
    from games.ui.banner import sub_fit, text_room
    from games.ui.theme import fit_text
    app, g, m = open_game(pos(), (1280, 720))
    line = f"That man cannot move: {why}."
    room = text_room(g, 0)
    font, text = sub_fit(g.theme, line, room)
    assert text == line and fit_text(text, font, room) == line


def test_after_a_spin_by_keys_the_focus_is_on_the_map_not_on_end_turn():
    """A keyboard play-test: Tab to Move turn, Enter, Enter (the spin) left the focus
    ring on End turn, and the next Enter ended the turn with every move unused (no
    undo). A control that goes away gives the focus back to the board."""
    from games.cannon_ball.rules import Phase as P
    app, g, m = open_game(pos("d5 e5 f5", "k20", phase=P.CHOOSE, budget=0))
    key(app, pygame.K_TAB)
    frames(app, 1)
    assert g.keys.focused() is not None and "Move" in g.keys.focused().label
    key(app, pygame.K_RETURN)                 # Move turn
    frames(app, 2)
    key(app, pygame.K_RETURN)                 # the spin
    for _ in range(30):
        frames(app, 1)
    assert m.state.phase == P.MOVING
    assert g.keys.focused() is None, f"the focus went to {g.keys.focused()!r}"
    ply = m.ply
    key(app, pygame.K_RETURN)                 # shows the map's cursor; ends nothing
    frames(app, 2)
    assert m.state.phase == P.MOVING and m.ply == ply
