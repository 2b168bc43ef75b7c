"""The Artillery board through the real frame, by synthetic clicks, keys and drags:
a field battle against the Easy computer, the shooter's "Roll!" (once per shoot
test, never for the computer), the firing preview against the forecast, a drag
past the move refused with the reason, turning a gun, the hand-over clearing
the seat's choices, the rules pictures, and drawing at every size."""
import random

import pygame
import pytest

import games
from games.artillery import INFO
from games.artillery.rules.forecast import shot_forecast
from games.artillery.rules import Move
from games.artillery.rules_text import DIAGRAMS
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from tests.ui.helpers import click, frames, key, wait_until


@pytest.fixture
def app(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "artillery", INFO)
    return make_app((1280, 720), animation="fast")


def open_game(app, seats=None, seed=5, scenario="field"):
    seats = seats or [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")]
    m = Match(INFO, {"scenario": scenario}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    return g, m


def screen_pt(g, pos):
    x, y = g.board.geo.pt(*pos)
    return int(round(x)), int(round(y))


def drag(app, a, b):
    steps = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)]
    for k in range(1, 5):
        p = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
        steps.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    steps.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    for e in steps:
        app.step(1 / 60, events=[e])


def panel_button(g, prefix):
    g.board.panel.refresh(g.visible_state(), g.can_act())
    return next((b for b in g.board.panel.buttons if b.label.startswith(prefix)), None)


def step_human(app, g, m, want_guns=True):
    """One decision before the act phase, made as a player makes it; True if the
    human's unit is now active."""
    st = m.state
    if g.awaiting_performance():
        click(app, g.perform_btn.rect.center)
        return False
    if not g.can_act():
        frames(app, 1)
        return False
    if st.phase == "pick":
        click(app, g.board.panel.buttons[0].rect.center)
    elif st.phase == "activate":
        moves = st.legal_moves()
        pick = next((mv for mv in moves if want_guns and st.guns_of(mv.a)), moves[0])
        click(app, screen_pt(g, st.units[pick.a].pos))
        assert m.state.act is not None and m.state.act.unit == pick.a, "a click on the unit activates it"
    elif st.decision is not None:
        click(app, g.board.panel.buttons[0].rect.center)
    elif st.phase == "act":
        return True
    return False


def ticks(app, seconds=120.0):
    """Loop turns, counted in frames. The computer thinks on its own thread in real time,
    so each tick first joins a thought in hand (tests.ui.helpers.settle): a loaded machine
    makes a tick slower, never fewer."""
    from tests.ui.helpers import settle
    for _ in range(int(seconds * 600)):
        settle(app)
        yield


def to_act(app, g, m, want_guns=True, seconds=120.0):
    for _ in ticks(app, seconds):
        if m.is_over():
            return False
        if step_human(app, g, m, want_guns):
            return True
    raise AssertionError("the human never got a unit to act with")


@pytest.mark.slow
def test_a_field_battle_against_easy_by_clicks_and_drags(app):
    g, m = open_game(app)
    b = g.board
    rng = random.Random(3)
    fired = moved = 0
    for _ in range(40):
        if m.is_over() or m.state.round > 3:
            break
        if not to_act(app, g, m):
            break
        st = m.state
        me = st.active_unit()
        legal = st.legal_moves()
        fires = [mv for mv in legal if mv.kind == "fire"]
        moves = [mv for mv in legal if mv.kind == "move" and not mv.flag]
        if fires and rng.random() < 0.7:
            target = rng.choice(sorted({mv.target for mv in fires}))
            where = st.units[target].pos if target in st.units else _centre(st, target)
            click(app, screen_pt(g, where))
            assert b.aim.target == target, "a click on an enemy or a building aims at it"
            ply = m.ply
            key(app, pygame.K_f)
            assert m.ply == ply + 1 and m.log[-1].text.startswith("fire"), g.status
            fired += 1
        elif moves:
            dest = rng.choice(moves).pos
            ply = m.ply
            drag(app, screen_pt(g, me.pos), screen_pt(g, dest))
            assert m.ply == ply + 1 and m.log[-1].text == f"move {me.id} {dest[0]},{dest[1]}", g.status
            moved += 1
        else:
            end_now(app, g)
        wait_until(app, lambda: not b.busy and (g.can_act() or g.awaiting_performance() or m.to_move() != 0), 30)
        if g.can_act() and m.state.phase == "act" and m.state.act.seat == 0 and m.state.need is None:
            end_now(app, g)
    texts = [e.text for e in m.log if e.player == 0]
    assert fired >= 1 and moved >= 1, (fired, moved)
    assert any(t.startswith("pick") for t in texts) and any(t.startswith("activate") for t in texts)
    assert any(e.player == 1 and not e.text.startswith("pick") for e in m.log), "the computer played"


def end_now(app, g):
    """E, and "End" in the question it asks when actions are left unused."""
    from games.ui.dialogs import Dialog
    key(app, pygame.K_e)
    if isinstance(app.stack.top, Dialog):
        click(app, app.stack.top.buttons[0].rect.center)


def _centre(st, sid):
    poly = st.table.sections[sid].poly
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def _aim(app, g, m, target=None):
    """Get the human's gun crew active and aim at a target it can fire at."""
    assert to_act(app, g, m)
    st = m.state
    fires = [mv for mv in st.legal_moves() if mv.kind == "fire" and mv.ammo == "round"]
    assert fires, "the gun crew has a shot"
    tgt = target or fires[0].target
    where = st.units[tgt].pos if tgt in st.units else _centre(st, tgt)
    click(app, screen_pt(g, where))
    assert g.board.aim.target == tgt
    return tgt


@pytest.mark.slow
def test_the_firing_preview_shows_the_forecast_before_the_shot(app):
    g, m = open_game(app)
    b = g.board
    tgt = _aim(app, g, m, "H2")
    st = m.state
    pv = b.preview()
    guns = [st.guns[x] for x in b.aim.fire_guns]
    fc = shot_forecast(st, guns, tgt, b.aim.ammo)
    assert pv.tn == fc.tn and pv.p_die == pytest.approx(fc.p_die) and pv.dice == fc.dice
    assert pv.expected_hits == pytest.approx(fc.expected_hits)
    assert pv.expected_damage == pytest.approx(fc.expected_damage)
    lines = " ".join(b.preview_lines())
    assert f"Hit on {fc.tn}+" in lines and f"{fc.p_die * 100:.0f}%" in lines and f'{pv.distance:.1f}"' in lines
    assert pv.problem is None and m.ply == g.ply, "aiming plays nothing"
    # the line is drawn from the closest gun, in the colour of its range band
    surf = app.screen
    g.draw(surf)
    a, z = b.geo.pt(*pv.line[0]), b.geo.pt(*pv.line[1])
    mid = (int((a[0] * 3 + z[0]) / 4), int((a[1] * 3 + z[1]) / 4))
    from games.artillery.board.drawing import band_colour
    want = band_colour(g.theme, pv.penalty)
    near = [surf.get_at((mid[0] + dx, mid[1] + dy))[:3] for dx in range(-2, 3) for dy in range(-2, 3)]
    assert want in near, "the measured line shows its range band"


@pytest.mark.slow
def test_a_shot_the_rules_refuse_says_why_and_fire_plays_nothing(app):
    g, m = open_game(app)
    b = g.board
    assert to_act(app, g, m)
    st = m.state
    visible = {mv.target for mv in st.legal_moves() if mv.kind == "fire"}
    hidden = [u.id for u in st.live_units(1) if u.id not in visible]
    assert hidden, "some enemy is out of arc or sight"
    click(app, screen_pt(g, st.units[hidden[0]].pos))
    assert b.aim.target == hidden[0]
    text = " ".join(b.preview_lines())
    assert "Not allowed" in text or "no sight" in text or "out of its arc" in text
    ply, snap = m.ply, m.state.snapshot()
    key(app, pygame.K_f)
    assert m.ply == ply and m.state.snapshot() == snap
    assert "Can't fire" in g.status


@pytest.mark.slow
def test_roll_waits_for_the_shooter_once_per_test_and_never_for_the_computer(app):
    g, m = open_game(app)
    _aim(app, g, m)
    key(app, pygame.K_f)
    wait_until(app, lambda: g.awaiting_performance() is not None)
    assert g.awaiting_performance() == "Roll!" and m.state.need["purpose"] == "initial"
    ply = m.ply
    frames(app, 60)
    assert m.ply == ply, "the shoot test waits for its player"
    click(app, g.perform_btn.rect.center)
    assert m.ply == ply + 1 and m.log[-1].text.startswith("roll")
    waits = 0
    def computer_shot():
        return any(e.player == 1 and e.text.startswith(("fire", "shoot")) for e in m.log)

    for _ in ticks(app, 180.0):
        if m.is_over() or m.state.round > 3 or (waits >= 2 and computer_shot()):
            break
        st = m.state
        if m.to_move() == CHANCE and st.chance_actor() == 1:
            assert g.awaiting_performance() is None, "the computer's dice never wait"
        if g.awaiting_performance():
            need = st.need
            assert need is None or (need["purpose"] == "initial" and not need["rolled"]), \
                "Roll! once per shoot test, not per die"
            waits += 1
            click(app, g.perform_btn.rect.center)
            continue
        if g.can_act():
            if st.phase == "act":
                order = ("fire", "shoot", "reload", "end")
                g.submit(min(st.legal_moves(), key=lambda mv: order.index(mv.kind) if mv.kind in order else 9))
            else:
                g.submit(st.legal_moves()[0])
        frames(app, 1)
    assert waits >= 1, "the human's later shoot tests waited for Roll! too"
    assert computer_shot(), "the computer shot"


@pytest.mark.slow
def test_a_drag_past_the_move_is_refused_with_the_reason_and_nothing_changes(app):
    g, m = open_game(app)
    b = g.board
    assert to_act(app, g, m)
    st = m.state
    u = st.active_unit()
    allow = st.move_allowance(u.id)["inches"]
    far = (u.pos[0], u.pos[1] + allow + 3)
    ply, snap = m.ply, st.snapshot()
    drag(app, screen_pt(g, u.pos), screen_pt(g, far))
    assert m.ply == ply and m.state.snapshot() == snap, "nothing changes"
    assert "Can't move there" in g.status and g.status_bad
    near = next(mv.pos for mv in st.legal_moves() if mv.kind == "move" and not mv.flag)
    drag(app, screen_pt(g, u.pos), screen_pt(g, near))
    assert m.ply == ply + 1 and m.log[-1].text == f"move {u.id} {near[0]},{near[1]}"
    wait_until(app, lambda: not b.busy)
    assert tuple(m.state.units[u.id].pos) == tuple(float(v) for v in near)


@pytest.mark.slow
def test_a_shift_drag_moves_the_crew_without_its_guns(app):
    g, m = open_game(app)
    b = g.board
    assert to_act(app, g, m)                         # a gun crew, its Light gun with it
    st = m.state
    u = st.active_unit()
    guns = {x.id: x.pos for x in st.operable(u) if x.carriage}
    assert guns
    # the carriage slows it; without the gun it goes its full move
    assert st.move_allowance(u.id, leave=True)["inches"] > st.move_allowance(u.id)["inches"]
    far = next(mv.pos for mv in st.legal_moves() if mv.kind == "move" and mv.flag
               and Move("move", a=u.id, pos=mv.pos) not in st.legal_moves())
    ply = m.ply
    a, z = screen_pt(g, u.pos), screen_pt(g, far)
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        frames(app, 1)
        assert "the guns stay behind" in b.move_hint
        app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
        app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=z, rel=(0, 0), buttons=(1, 0, 0))])
    finally:
        pygame.key.set_mods(0)
    # the button and then Shift let go within one frame (as a real window delivers
    # them): the drop still counts Shift as held
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=z, button=1),
                             pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0, unicode="",
                                                scancode=0)])
    assert m.ply == ply + 1 and m.log[-1].text == f"move {u.id} {far[0]},{far[1]} leave", g.status
    wait_until(app, lambda: not b.busy)
    after = m.state
    assert tuple(after.units[u.id].pos) == tuple(float(v) for v in far)
    assert {gid: after.guns[gid].pos for gid in guns} == guns, "the guns stay where they were"


@pytest.mark.slow
def test_a_gun_turns_by_click_and_its_facing_changes(app):
    g, m = open_game(app)
    b = g.board
    assert to_act(app, g, m)
    st = m.state
    gun = next(x for x in st.operable(st.active_unit()) if x.carriage)
    facings = st.gun_facings(gun.id)
    assert facings
    click(app, screen_pt(g, gun.pos))
    assert b.sel_gun == gun.id
    want = facings[0]
    names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    btn = panel_button(g, names[want // 45])
    assert btn is not None and btn.enabled
    click(app, btn.rect.center)
    assert m.log[-1].text == f"turn {gun.id} {names[want // 45]}"
    wait_until(app, lambda: not b.busy)
    assert m.state.guns[gun.id].facing == want


@pytest.mark.slow
def test_every_legal_move_is_reachable_from_the_column(app):
    g, m = open_game(app)
    assert to_act(app, g, m)
    click(app, g.board.panel.all_btn.rect.center)
    labels = [b.label for b in g.board.panel.buttons]
    legal = [str(mv) for mv in m.state.legal_moves()]
    assert labels[0] == legal[0] and len(labels) > 3
    ply = m.ply
    click(app, g.board.panel.buttons[0].rect.center)
    assert m.ply == ply + 1 and m.log[-1].text == legal[0]


@pytest.mark.slow
def test_the_hand_over_forgets_the_seats_choices(app):
    g, m = open_game(app)
    b = g.board
    _aim(app, g, m)
    b.sel_gun, b.drag, b.panel.show_all = "G1", {"unit": "A1", "from": (0, 0), "at": (0, 0)}, True
    b.forget_private()
    assert b.aim.target is None and b.sel_gun is None and b.drag is None and not b.aim.fire_guns
    assert not b.panel.show_all and b.hint is None


def test_every_rules_picture_draws_something():
    from games.artillery.board import ArtilleryBoard
    app = make_app((1280, 720))
    for key_ in DIAGRAMS:
        surf = pygame.Surface((400, 260))
        surf.fill((0, 0, 0))
        ArtilleryBoard.draw_rules_diagram(key_, surf, surf.get_rect(), app.theme)
        colours = {surf.get_at((x, y))[:3] for x in range(0, 400, 7) for y in range(0, 260, 7)}
        assert len(colours) > 6, f"{key_} looks empty"
        for size in ((1, 1), (20, 12), (90, 60)):
            ArtilleryBoard.draw_rules_diagram(key_, pygame.Surface(size), pygame.Rect(0, 0, *size), app.theme)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600), (640, 480), (320, 240), (1, 1)])
def test_the_board_draws_mid_game_at_any_size(app, size):
    g, m = open_game(app)
    _aim(app, g, m)
    surf = pygame.Surface(size)
    g.layout(size)
    g.draw(surf)
    if size[0] >= 800:
        b = g.board
        assert b.geo is not None and b.geo.table.w > size[0] // 4, "the table fills its part of the screen"
        r = b.geo.table.clip(surf.get_rect())
        colours = {surf.get_at((x, y))[:3] for x in range(r.x, r.right, 9) for y in range(r.y, r.bottom, 9)}
        assert len(colours) > 20
    g.layout(app.size)


@pytest.mark.slow
def test_the_banner_says_the_act_help_in_short_words_in_an_800x600_window():
    """The long help was cut with an ellipsis at 800x600 ("... E ..."); the board's
    short form fits there, and a wide window still gets the whole sentence."""
    from games.ui import banner
    for size, short in (((800, 600), True), ((1920, 1080), False)):
        app = make_app(size=size)
        g, m = open_game(app)
        assert to_act(app, g, m)
        p = m.state.current_player()
        room = banner.text_room(g, p)
        line, bad = banner.subline(g, g.shown_state(), m.seats[p].name, room)
        assert not bad
        assert line == (g.board.help_short() if short else g.board.help_text())
        assert g.theme.body_font().size(line)[0] <= room
        if short:      # the whole sentence would have been cut here
            assert g.theme.body_font().size(g.board.help_text())[0] > room


@pytest.mark.slow
def test_escape_lets_go_of_the_aim_first_and_opens_the_menu_after(app):
    """The help says "Esc cancels" while aiming; the frame used to open the pause menu
    on Esc before the board heard it (found playing in a real window)."""
    g, m = open_game(app)
    b = g.board
    _aim(app, g, m, "H2")
    assert b.aim.target is not None
    key(app, pygame.K_ESCAPE)
    assert b.aim.target is None and app.stack.top is g, "the aim is let go, no menu"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not g, "with nothing to let go, Esc opens the menu"


@pytest.mark.slow
def test_the_range_band_and_damage_colours_follow_the_theme_and_its_colour_blind_palette(app):
    """One theme for all games: the aim line's range band is drawn from the palette in use
    (the colour-blind one has no green/red pair), as the damage and fatigue reds are."""
    from games.artillery.board.drawing import band_colour
    from games.ui.theme import COLORBLIND, NORMAL
    assert [band_colour(app.theme, i) for i in range(4)] == NORMAL["bands"]
    app.theme.colorblind = True
    try:
        assert [band_colour(app.theme, i) for i in range(4)] == COLORBLIND["bands"] != NORMAL["bands"]
        g, m = open_game(app)
        _aim(app, g, m, "H2")
        pv = g.board.preview()
        surf = app.screen
        g.draw(surf)
        a, z = g.board.geo.pt(*pv.line[0]), g.board.geo.pt(*pv.line[1])
        mid = (int((a[0] * 3 + z[0]) / 4), int((a[1] * 3 + z[1]) / 4))
        near = [surf.get_at((mid[0] + dx, mid[1] + dy))[:3] for dx in range(-2, 3) for dy in range(-2, 3)]
        assert COLORBLIND["bands"][min(3, pv.penalty)] in near
    finally:
        app.theme.colorblind = False
