"""The Cannon Ball board through the real frame, by synthetic clicks: a game against
the Easy computer (choices in the column, the spin, walking men by clicking a
destination, End turn), the warning before an End turn that would lose men, the
spin that waits for its player, and drawing at every size."""
import random

import pygame
import pytest

import games
from games.cannon_ball import INFO
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from tests.ui.helpers import click, frames, hover, key, wait_until


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "cannon_ball", INFO)
    return make_app((1280, 720), animation="fast")


def open_game(app, seats, seed=4, state=None):
    m = Match(INFO, {}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    if state is not None:
        m.state = state
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    return g, m


def human_turn(app, g, m, rng) -> None:
    """One decision of the human's, made the way a player makes it."""
    b = g.board
    st = m.state
    if g.awaiting_performance():
        click(app, g.perform_btn.rect.center)
        return
    if st.phase == Phase.CHOOSE:
        btn = next(x for x in b.panel.buttons if x.label.startswith("Move turn"))
        click(app, btn.rect.center)
        return
    assert st.phase == Phase.MOVING
    if st.moves_left() == 0 or rng.random() < 0.1:
        click(app, b.panel.end_btn.rect.center)
        if app.stack.top is not g:                    # the warning: end anyway
            click(app, app.stack.top.buttons[0].rect.center)
        return
    mine = [x for x in range(M.N_BOXES) if st.occ[x] == st.to_move and R.reachable(st, x)]
    if not mine:
        click(app, b.panel.end_btn.rect.center)
        if app.stack.top is not g:
            click(app, app.stack.top.buttons[0].rect.center)
        return
    man = rng.choice(mine)
    click(app, b.geo.box_centre(man))
    assert b.sel == man and b.reach
    quiet = [x for x, r in b.reach.items() if r.attack < 0] or list(b.reach)
    click(app, b.geo.box_centre(rng.choice(quiet)))


@pytest.mark.slow
def test_a_game_against_easy_by_clicks(app):
    g, m = open_game(app, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")])
    rng = random.Random(2)
    decisions = 0
    for _ in range(400):
        if m.is_over() or m.state.turn > 16:
            break
        wait_until(app, lambda: g.can_act() or g.awaiting_performance() or m.is_over(), 60)
        if m.is_over():
            break
        before = m.ply
        human_turn(app, g, m, rng)
        frames(app, 2)
        decisions += m.ply > before
    texts = [e.text for e in m.log if e.player == 0]
    assert decisions > 10 and "move" in texts and "end" in texts
    assert any("-" in t for t in texts), "men walked by clicks"
    assert any(e.player == 1 for e in m.log), "the computer played"


@pytest.mark.slow
def test_the_spin_waits_for_its_player_and_the_computer_spins_at_once(app):
    g, m = open_game(app, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")])
    wait_until(app, lambda: g.awaiting_performance() or g.can_act())
    # the opening: each player spins; the human's spin waits for the click
    assert g.awaiting_performance() == "Spin!" and m.state.chance_actor() == 0
    frames(app, 30)
    assert g.awaiting_performance() and m.ply == 0
    r = g.perform_btn.rect
    assert g.board.panel.perform_rect == r, "the button sits under the dial"
    key(app, pygame.K_SPACE)
    wait_until(app, lambda: m.ply >= 2 or g.can_act())
    assert m.log[0].player == -1


def test_end_turn_warns_before_losing_the_attackers_of_an_unfinished_attack(app):
    st = R.CannonBallState.position(men={0: ["a1", "c12", "d12"], 1: ["o26", "c14", "d14", "e14"]}, budget=2)
    g, m = open_game(app, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], state=st)
    b = g.board
    sec = R.section_of(M.box_index("c14"))
    attackers = [x for x in (M.box_index("c12"), M.box_index("d12"))]
    for a in attackers:
        reach = R.reachable(m.state, a)
        target = next((x for x, r in reach.items() if r.attack == sec), None)
        if target is not None:
            click(app, b.geo.box_centre(a))
            click(app, b.geo.box_centre(target))
            wait_until(app, lambda: not b.busy and not b.queue)
            break
    assert R.end_turn_warning(m.state), "an attack is under way and not yet won"
    ply = m.ply
    click(app, b.panel.end_btn.rect.center)
    d = app.stack.top
    assert d is not g and "End the turn?" == d.title and d.buttons[d.default].label == "Cancel"
    key(app, pygame.K_ESCAPE)
    assert m.ply == ply, "nothing happens until the player says so"


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600), (320, 240), (1, 1)])
def test_the_board_draws_mid_game_at_any_size(app, size):
    g, m = open_game(app, [Seat(AI, "easy", "Ana"), Seat(AI, "easy", "Ben")])
    wait_until(app, lambda: m.ply > 40, 60)
    surf = pygame.Surface(size)
    g.layout(size)
    g.draw(surf)


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_board_names_the_gates_and_bridges_the_buttons_and_log_name(app, size, monkeypatch):
    """A play-test: the buttons say "Close gate SW", the log "over bridge 5", and the board
    named neither. Each gate's name stands in its own gate section, each bridge's number in
    the river beside it; pointing at a gate button rings that gate's name."""
    from games.cannon_ball.board import drawing as D
    app = make_app(size, animation="fast")
    st = R.CannonBallState.position(men={0: ["a1"], 1: ["o26"]}, phase=Phase.CHOOSE)
    g, m = open_game(app, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], state=st)
    b = g.board
    badges = []
    real = D._badge
    monkeypatch.setattr(D, "_badge", lambda surf, text, centre, cell, ring=None:
                        badges.append((text, centre, ring)) or real(surf, text, centre, cell, ring))
    frames(app, 1)
    named = {text: centre for text, centre, _r in badges}
    assert set(named) == {str(br.number) for br in M.BRIDGES} | {gt.id for gt in M.GATES}
    for gt in M.GATES:
        assert b.geo.box_at(named[gt.id]) in M.SECTIONS[gt.section].boxes, gt.id
    for br in M.BRIDGES:
        assert b.geo.box_at(named[str(br.number)]) is None, br.number      # in the river
    assert not any(ring for _t, _c, ring in badges)
    gate_btn = next(btn for btn in b.panel.buttons if getattr(btn, "move", None) is not None
                    and btn.move.kind in ("close", "open"))
    badges.clear()
    hover(app, gate_btn.rect.center)
    frames(app, 1)
    ringed = {text for text, _c, ring in badges if ring}
    assert ringed == {M.GATES[gate_btn.move.target].id}


def test_the_crossed_strokes_of_an_attack_under_way_explain_themselves(app):
    """A play-test: the red strokes on a section under attack were explained only on the
    rules page. Pointing at the section now says whose attack it is, who stands aside,
    what it still lacks and what ending the turn too soon costs."""
    from tests.cannon_ball.cb_util import S, play, pos
    st = pos("c12 c13 d11", north="e12 e13", budget=6)
    play(st, "c12-d12")
    assert S(14) in st.sieges
    lines = R.siege_lines(st, S(14), ["Ana", "Ben"])
    assert lines == ["Section 14: Ana is attacking", "Ben's 2 men stand aside until it is won or fails",
                     "To win it: 2 more men (or 2 men with a cannon)",
                     "If Ana's turn ends first, every piece brought in is lost"]
    assert R.siege_lines(st, S(13), ["Ana", "Ben"]) == []
    g, m = open_game(app, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], state=st)
    b = g.board
    box = next(x for x in range(M.N_BOXES) if M.BOXES[x].section == S(14))
    b.mouse = b.geo.box_centre(box)
    assert b.hover_lines(m.state)[0] == "Section 14: Ana is attacking"
    play(st, "c13-d13", "d11-e12")                          # won: the strokes and the words go
    assert R.siege_lines(st, S(14), ["Ana", "Ben"]) == []


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_a_lit_boxs_cost_is_dark_on_a_pale_wash(size, monkeypatch):
    """A play-test at 800x600: the move costs on lit boxes were small green digits on green
    sections, hard to read. An empty lit box is now washed pale and its cost written dark;
    read from the pixels drawn, on every section colour the walk reaches."""
    from games.ui.theme import draw_text as real_draw
    from games.cannon_ball.board import scene as S
    from tests.cannon_ball.cb_util import pos
    a = make_app(size, animation="off")
    st = pos("g16 b14 c14", north="o26", budget=6)
    g, m = open_game(a, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], state=st)
    b = g.board
    b.select(M.box_index("g16"))
    said = []
    monkeypatch.setattr(S, "draw_text", lambda surf, text, font, col, p, anchor="topleft", **k:
                        said.append((text, tuple(col), p)) or real_draw(surf, text, font, col, p, anchor, **k))
    frames(a, 1)
    dark = a.theme.c["accent_text"]
    empty = [x for x in b.reach if m.state.occ[x] == R.EMPTY]
    assert len(empty) > 20
    labels = {p: col for _t, col, p in said}
    for x in empty:
        rect = b.geo.box_rect(x).inflate(-max(2, int(b.geo.cell * 0.2)), -max(2, int(b.geo.cell * 0.2)))
        assert labels.get(rect.center) == tuple(dark), M.BOXES[x].name
        # the wash under it: a pixel between the ring and the digit is pale
        px = a.screen.get_at((rect.x + rect.w // 5 + 1, rect.centery + rect.h // 4))
        lum = (0.2126 * px.r + 0.7152 * px.g + 0.0722 * px.b) / 255
        assert lum > 0.6, (M.BOXES[x].name, px)


def test_pointing_at_an_empty_cannon_star_says_what_it_is(app):
    """A play-test took the fort's stars, bare once the cannons had left, for the places
    cannons were lost. Pointing at an empty star says what it is."""
    st = R.CannonBallState.position(men={0: ["d12"], 1: ["o26"]}, budget=5)
    g, m = open_game(app, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], state=st)
    b = g.board
    star = next(x for x in M.FORTS[0].stars if x not in m.state.cannon_at and m.state.occ[x] == R.EMPTY)
    b.mouse = b.geo.box_centre(star)
    assert b.hover_lines(m.state)[0].startswith("A cannon star")
    b.mouse = b.geo.box_centre(M.box_index("d12"))
    assert not any("cannon star" in line for line in b.hover_lines(m.state))


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_focus_ring_of_a_gate_turn_clears_the_words_above_it(size):
    """A play-test at 800x600: the focus ring of "Open gate SW" covered the words "Gate turn
    (no spin):" just above the button."""
    a = make_app(size, animation="off")
    st = R.CannonBallState.position(men={0: ["d12", "a1"], 1: ["o26"]}, phase=Phase.CHOOSE)
    g, m = open_game(a, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")], state=st)
    p = g.board.panel
    p.refresh(m.state, True)
    blk = next(b for b in p.blocks if b.kind == "gate" and b.lines)
    words_bottom = blk.rect.y + len(blk.lines) * a.theme.small_font().get_linesize()
    reach = a.theme.px(3) + max(2, a.theme.px(3))           # the ring's gap and width (widgets.draw_focus_ring)
    assert blk.buttons[0].rect.y - reach >= words_bottom, (blk.buttons[0].rect.y, reach, words_bottom)
