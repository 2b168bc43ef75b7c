"""The Artillery tabletop as a newcomer reads it (issue 26, items 5-10), through the
real frame at the three window sizes: tracks that never misstate, labels clear of
the pieces, arcs on the table, zoom and pan, the folding column, what a unit can do,
outcomes in words, only secrets hidden, sides named at set-up, the Load list, and
the rules pictures. Every wait is counted in frames."""
import math
import random

import pygame
import pytest

import games
from games.artillery import INFO
from games.artillery.rules.data import STRUCTURES
from games.artillery.rules import Move
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, Match, Seat, SEED_ONLY
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from games.artillery.board.panel import card_key_label
from tests.ui.helpers import click, frames, key, show_me

SIZES = [(800, 600), (1280, 720), (1920, 1080)]
SCENARIOS = ["field", "shore", "anchor", "bastion"]


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "artillery", INFO)


def midgame(scenario, seed=4, plies=90, seats=None, want=None):
    """A match played by seeded random moves (shots preferred) until at least
    ``plies`` and South is to act with its unit: the same position every run (the
    next seed when a game ends before that)."""
    for k in range(seed, seed + 10):
        m = _played(scenario, k, plies, seats, want)
        if m is not None:
            return m
    raise AssertionError("every game ended before the position wanted")


def _played(scenario, seed, plies, seats, want):
    seats = seats or [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")]
    m = Match(INFO, {"scenario": scenario}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    rng = random.Random(seed)
    while not m.is_over():
        st = m.state
        p = st.current_player()
        if p == CHANCE:
            m.apply_chance()
            continue
        legal = st.legal_moves()
        if m.ply >= plies and p == 0 and st.phase == "act" and st.need is None and st.act.used == 0 \
                and (want is None or want(st)):
            return m
        shots = [x for x in legal if x.kind in ("fire", "shoot")]
        quiet = [x for x in legal if x.kind != "end"] or legal
        m.play(rng.choice(shots) if shots and rng.random() < 0.6 else rng.choice(quiet))
    return None


def screen(m, size=(1280, 720), animation="off"):
    app = make_app(size, animation=animation)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    return app, g


def pt(g, pos):
    x, y = g.board.geo.pt(*pos)
    return int(round(x)), int(round(y))


def finished(scenario, seed=6):
    """A match of ``scenario`` played to its end by seeded random moves."""
    m = Match(INFO, {"scenario": scenario}, [Seat(AI, "easy", "Ana"), Seat(AI, "easy", "Ben")], seed=seed,
              ai_secret=seed, chance_secret=SEED_ONLY)
    rng = random.Random(seed)
    while not m.is_over():
        if m.state.current_player() == CHANCE:
            m.apply_chance()
        else:
            m.play(rng.choice(m.state.legal_moves()))
    return m


def close(app):
    for s in list(app.stack.scenes):
        s.on_exit()


# -- 5. readable at every size -----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_damage_plate_is_whole_and_shows_its_value(scenario, size):
    """Each section's plate shows all its Integrity boxes, the ticked ones filled,
    inside the table in view: the track drawn is the value, at every size."""
    m = midgame(scenario)
    st = m.state
    for i, sid in enumerate(st.sections):             # a tally on every section, some past a Fortitude
        n = STRUCTURES[st.sections[sid].type].integrity
        st.sections[sid].tally = (i * 2 + 1) % (2 * n)
    app, g = screen(m, size)
    b = g.board
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
    g.draw(app.screen)
    view = b.geo.table.clip(b.map_rect)
    assert set(b.drawn["tracks"]) == set(st.sections), "every section has its plate"
    for sid, tr in b.drawn["tracks"].items():
        s = st.sections[sid]
        n = STRUCTURES[s.type].integrity
        assert len(tr.boxes) == n, f"{sid}: {len(tr.boxes)} of {n} boxes"
        assert tr.filled == s.tally % n
        assert view.contains(tr.rect), f"{sid}'s plate is cut by the edge"
        assert all(tr.rect.contains(bx) for bx in tr.boxes), f"{sid}: a box outside its plate"
        assert tr.boxes[0].w >= 5, "boxes big enough to see"
        for i, bx in enumerate(tr.boxes):
            want = tuple(app.theme.c["danger"]) if i < tr.filled else (70, 64, 56)
            assert tuple(app.screen.get_at(bx.center))[:3] == want, f"{sid} box {i} is covered"
    close(app)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_labels_keep_clear_of_unit_plates_and_bases_at_1280x720(scenario):
    m = midgame(scenario)
    app, g = screen(m, (1280, 720))
    b = g.board
    g.draw(app.screen)
    st = m.state
    spots = b.drawn["labels"]
    plates = {k[1]: r for k, r in spots.items() if k[0] == "u"}
    labels = {k[1]: r for k, r in spots.items() if k[0] == "g"}
    r = b.geo.s
    bases = {u.id: pygame.Rect(int(b.geo.pt(*u.pos)[0] - r), int(b.geo.pt(*u.pos)[1] - r), int(2 * r), int(2 * r))
             for u in st.units.values() if u.alive}
    assert plates and labels
    for gid, lr in labels.items():
        for uid, pr in plates.items():
            assert not lr.colliderect(pr), f"{gid}'s label lies on {uid}'s plate"
        for uid, br in bases.items():
            assert not lr.colliderect(br), f"{gid}'s label lies on {uid}'s base"
    for uid, pr in plates.items():
        for other, br in bases.items():
            assert not pr.colliderect(br), f"{uid}'s plate lies on {other}'s base"
        for tr in b.drawn["tracks"].values():
            assert not pr.colliderect(tr.rect), f"{uid}'s plate lies on a damage plate"
    close(app)


@pytest.mark.parametrize("scenario", ["town", "broadside"])
def test_every_grid_number_is_drawn_whole_inside_the_table(scenario):
    """A play-test: the last line's number (48") hung past the table's edge and was cut."""
    from games.artillery.board import drawing as D
    m = Match(INFO, {"scenario": scenario}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=1,
              ai_secret=1, chance_secret=SEED_ONLY)
    app, g = screen(m)
    geo = g.board.geo
    rects = D.grid_labels(app.screen, geo, g.board.theme)
    assert len(rects) == len(range(0, int(geo.width) + 1, 6)) + len(range(6, int(geo.height) + 1, 6))
    assert all(geo.table.contains(r) for r in rects), [r for r in rects if not geo.table.contains(r)]
    close(app)


def test_arcs_of_fire_stay_on_the_table():
    """At 1280x720 the shore table leaves room above and below it: the active guns'
    arcs and range rings used to spill into it."""
    m = midgame("shore", want=lambda st: st.operable(st.active_unit()))
    app, g = screen(m, (1280, 720))
    b = g.board
    assert g.can_act() and m.state.operable(m.state.active_unit()), "a crew with guns is active"
    g.draw(app.screen)
    bg = tuple(g.theme.c["table"])[:3]
    above = pygame.Rect(b.map_rect.x, b.map_rect.y, b.map_rect.w - b.theme.px(40),
                        b.geo.table.y - 8 - b.map_rect.y)
    below = pygame.Rect(b.map_rect.x, b.geo.table.bottom + 8, b.map_rect.w, b.map_rect.bottom - b.geo.table.bottom - 8)
    assert above.h > 10 and below.h > 10, "the shore table leaves room above and below it"
    seen = {tuple(app.screen.get_at((x, y)))[:3] for r in (above, below) for x in range(r.x, r.right, 3)
            for y in range(r.y, r.bottom, 3)}
    assert seen == {bg}, f"something drawn off the table: {seen - {bg}}"
    close(app)


def test_the_move_disc_stays_on_the_table():
    """At 1280x720 the town's sailors stand by the beach edge: their move disc was drawn
    half off the table, where no move can go."""
    m = midgame("town")
    app, g = screen(m, (1280, 720))
    b = g.board
    u = m.state.active_unit()
    assert u is not None and b.geo.table.bottom - b.geo.pt(*u.pos)[1] < u.profile.move * b.geo.s, \
        "the active unit's move reaches past the table's edge"
    g.draw(app.screen)
    bg = tuple(g.theme.c["table"])[:3]
    below = pygame.Rect(b.map_rect.x, b.geo.table.bottom + 8, b.map_rect.w, b.map_rect.bottom - b.geo.table.bottom - 8)
    assert below.h > 10, "the town table leaves room below it"
    seen = {tuple(app.screen.get_at((x, y)))[:3] for x in range(below.x, below.right, 3)
            for y in range(below.y, below.bottom, 3)}
    assert seen == {bg}, f"something drawn off the table: {seen - {bg}}"
    close(app)


def test_the_wheel_zooms_about_the_pointer_a_drag_pans_and_0_fits():
    m = midgame("field")
    app, g = screen(m, (800, 600))
    b = g.board
    s0 = b.geo.s
    at = (b.map_rect.centerx + 40, b.map_rect.centery + 30)
    under = b.geo.inch(at)
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)),
                             pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    frames(app, 1)
    assert b.geo.s > s0 * 1.2, "the wheel zooms in"
    got = b.geo.inch(at)
    assert abs(got[0] - under[0]) < 0.2 and abs(got[1] - under[1]) < 0.2, "the point under the pointer stays"
    for _ in range(2):
        app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    c0 = b.view_c
    # a drag from open ground pans the table; nothing is played
    st = m.state
    spot = next((x, y) for x in range(b.map_rect.x + 60, b.map_rect.right - 60, 7)
                for y in range(b.map_rect.y + 60, b.map_rect.bottom - 60, 7)
                if b.unit_at(st, (x, y)) is None and b.gun_at(st, (x, y)) is None and b.section_at(st, (x, y)) is None)
    ply = m.ply
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)]
    for k in range(1, 6):
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(spot[0] - 10 * k, spot[1] - 6 * k), rel=(0, 0),
                                         buttons=(1, 0, 0)))
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(spot[0] - 50, spot[1] - 30), button=1))
    for e in events:
        app.step(1 / 60, events=[e])
    assert m.ply == ply, "a drag on open ground plays nothing"
    assert b.view_c != c0 and b.view_c[0] > c0[0], "dragging left shows more of the east"
    key(app, pygame.K_0)
    frames(app, 1)
    assert b.zoom == 1.0 and b.geo.s == pytest.approx(s0)
    close(app)


def test_the_plates_grow_as_the_player_zooms_in_to_read_them():
    """A player zooms in to read the table: the unit plates and gun labels grow with it
    (they used to stop at 14 px and 12 px whatever the zoom), up to a bound."""
    from games.artillery.board import drawing as D
    m = midgame("field")
    app, g = screen(m, (1280, 720))
    b = g.board
    u = next(iter(m.state.units.values()))
    gun = next(iter(m.state.guns.values()))
    sizes, labels = [], []
    for _ in range(5):
        frames(app, 1)
        sizes.append(D.plate_size(b.geo, g.theme, u)[1])
        labels.append(D.gun_label_size(b.geo, g.theme, gun)[1])
        b.zoom_by(1)
    assert b.zoom >= 2.0
    assert sizes[-1] >= sizes[0] * 1.4, f"the plates grow with the zoom: {sizes}"
    assert labels[-1] >= labels[0] * 1.4, f"the gun labels grow with the zoom: {labels}"
    top = g.theme.font(14.0 * D.LABEL_ZOOM_GROWTH, bold=True).get_linesize()
    assert max(sizes) <= top, "and stop at their bound"
    close(app)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ui_scale", [1.0, 1.75])
def test_the_view_buttons_show_their_whole_labels_zoomed_in_with_the_column_open_or_folded(size, ui_scale):
    """The zoomed table's "Fit" button was drawn "..." at every size: it was measured in
    another font than the one it is drawn in."""
    m = midgame("town")
    app = make_app(size, animation="off", ui_scale=ui_scale)
    g = GameScreen(app, m)
    app.push(g)
    frames(app, 2)
    b = g.board
    b.zoom_by(1)
    for _ in range(2):
        frames(app, 1)
        for btn in b.view_buttons():
            assert btn.shown_label(g.theme) == btn.label, (btn.label, btn.rect, b._col_shown)
            assert "..." not in btn.shown_label(g.theme)
        b.toggle_column()
    close(app)


def test_a_click_on_open_ground_still_walks_there():
    m = midgame("field")
    app, g = screen(m, (1280, 720))
    st = m.state
    u = st.active_unit()
    dest = next(mv.pos for mv in st.legal_moves() if mv.kind == "move" and not mv.flag
                and g.board.unit_at(st, pt(g, mv.pos)) is None and g.board.gun_at(st, pt(g, mv.pos)) is None
                and g.board.section_at(st, pt(g, mv.pos)) is None)
    click(app, pt(g, dest))
    assert m.log[-1].text == f"move {u.id} {dest[0]},{dest[1]}", g.status
    close(app)


def test_the_column_folds_away_and_opens_for_a_card():
    m = midgame("field")
    app, g = screen(m, (800, 600))
    b = g.board
    assert not b._col_shown, "at 800x600 the table starts with the room"
    folded = b.map_rect.w
    key(app, pygame.K_c)
    assert b._col_shown and b.map_rect.w < folded
    key(app, pygame.K_c)
    assert not b._col_shown and b.map_rect.w == folded
    # a card to choose: the column opens by itself, and folds again after
    for _ in range(3000):
        if g.can_act() and m.state.phase == "pick":
            break
        if g.can_act():
            g.submit(Move("end") if m.state.phase == "act" else m.state.legal_moves()[0])
        frames(app, 1)
    assert m.state.phase == "pick"
    frames(app, 1)
    assert b._col_shown and b.panel.buttons, "the hand is in the column"
    # C (or the fold button) while the hand is in the column: it stays, and says why
    # (a play-test: nothing happened, without a word)
    key(app, pygame.K_c)
    frames(app, 1)
    assert b._col_shown and "choose a card" in g.status
    close(app)


def test_a_drop_inside_the_move_circle_is_never_refused_for_rounding():
    """A drop the circle shows in reach whose nearest whole inch lies past the move
    goes to the nearest legal point instead of being refused."""
    m = midgame("field")
    app, g = screen(m, (1280, 720))
    b = g.board
    st = m.state
    u = st.active_unit()
    leave = False
    inches = st.move_allowance(u.id)["inches"]
    found = None
    for k in range(360):
        import math
        a = math.radians(k + 0.5)
        p = (u.pos[0] + math.cos(a) * (inches - 0.05), u.pos[1] + math.sin(a) * (inches - 0.05))
        r = (round(p[0]), round(p[1]))
        if math.dist(u.pos, r) > inches and st.table.on_table(p):
            found = p
            break
    assert found is not None, "a drop near the edge rounds outside"
    assert st.why_illegal(Move("move", a=u.id, pos=(round(found[0]), round(found[1])))) is not None
    want = b.drop_point(st, u.id, found, leave)
    assert st.why_illegal(Move("move", a=u.id, pos=want)) is None
    ply = m.ply
    assert b.try_move(u.id, found)
    assert m.ply == ply + 1 and m.log[-1].text == f"move {u.id} {want[0]},{want[1]}"
    close(app)


# -- 6. what a unit can do, where the player looks --------------------------------------------

def _with_markers(st):
    u = st.active_unit()
    return any(g.carriage and not g.spiked for g in st.operable(u))


def test_the_tooltip_and_the_column_say_what_a_unit_can_do():
    m = midgame("field", want=_with_markers)
    st = m.state
    u = st.active_unit()
    gun = next(g for g in st.operable(u) if g.carriage and not g.spiked)
    gun.markers = 3
    app, g = screen(m, (1280, 720))
    b = g.board
    at = pt(g, u.pos)
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
    from games.artillery.board.overlays import describe_at
    tip = describe_at(b, g.visible_state(), at)
    p = u.profile
    joined = "\n".join(tip)
    assert p.experience in tip[0]
    assert f"Shoot {p.shoot}+" in joined and f"save {p.save}+" in joined and f"resolve {p.resolve}+" in joined
    assert f'{p.arms_range:g}"' in joined and f'Moves {p.move}"' in joined
    want = f"{gun.id} {gun.stats.name}: 3 reload markers: 3 more reload actions"
    assert want in tip, tip
    n = st.act.actions
    assert f"With {st.act.card}: {n} action{'s' if n != 1 else ''}, {n} left" in tip
    g.draw(app.screen)
    column = [line for line, _c in b.panel.text_lines]
    assert want in column, "the column says it too"
    close(app)


def _at_a_card_choice():
    """The field battle mid-game, played on (the computer's turns and South ending each
    activation) until South chooses a card."""
    m = midgame("field")
    app, g = screen(m, (1280, 720))
    for _ in range(3000):
        if g.can_act() and m.state.phase == "pick":
            break
        if g.can_act():
            g.submit(Move("end") if m.state.phase == "act" else m.state.legal_moves()[0])
        frames(app, 1)
    return m, app, g


def test_choosing_a_card_shows_the_actions_each_unit_gets_from_it():
    m, app, g = _at_a_card_choice()
    st = m.state
    g.draw(app.screen)
    lines = [line for line, _c in g.board.panel.text_lines]
    assert "Actions each card gives:" in lines
    units = [u for u in st.live_units(0) if u.id not in st.activated]
    for card in st.hands[0]:
        assert f"{card}: " + ", ".join(f"{u.id} {st.actions_for(u, card)}" for u in units) in lines
    close(app)


def test_a_hint_is_drawn_on_the_table_and_said_in_words():
    import re
    from tests.ui.helpers import settle
    m = midgame("shore")
    app, g = screen(m, (1280, 720))
    b = g.board
    g.draw(app.screen)
    plain = pygame.image.tobytes(app.screen, "RGB")
    g.hint()
    for _ in range(600):
        settle(app)
        frames(app, 1)
        if g.hint_move is not None:
            break
    mv = g.hint_move
    assert mv is not None
    g.draw(app.screen)
    assert "Hint:" in g.status and not re.search(r"\d+,\d+", g.status), g.status
    assert any(line.startswith("Hint: ") and not re.search(r"\d+,\d+", line) for line, _c in b.panel.text_lines)
    hint = tuple(g.theme.c["hint"])[:3]
    r = b.map_rect
    lit = sum(1 for x in range(r.x, r.right, 2) for y in range(r.y, r.bottom, 2)
              if tuple(app.screen.get_at((x, y)))[:3] == hint)
    assert lit > 20 and pygame.image.tobytes(app.screen, "RGB") != plain, "the hint is drawn on the table"
    close(app)


# -- 7. the outcome said in words --------------------------------------------------------------

def _dismount():
    """A heavy gun's shot at a shanty with a light gun inside: the second critical roll
    dismounts the gun. (states before each entry, entries)."""
    from games.artillery.rules import new_game  # noqa: F401 - the module the util drives
    from games.core.match import LogEntry
    from tests.artillery.util import activate, building, new, scenario
    fort = building("F1", 14, 24, 22, 30, owner=1, typ="shanty")
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), ("B1", 1, "gun_crew", 4, (18, 27))],
                  guns=[("G1", "heavy", 0, (18, 10), 0, "A1"), ("G9", "light", 1, (18, 24.3), 180, "B1", "F1")],
                  structures=[fort])
    st = new(sc)
    activate(st, "A1")
    states, entries = [], []
    names = ["Ana", "Ben"]
    for text in ["fire G1 at F1 round", "roll 9", "roll 9", "roll 9", "roll 9", "roll 9", "roll 1", "roll 7"]:
        mv = st.parse_move(text)
        states.append(st.copy())
        p = st.current_player()
        entries.append(LogEntry(str(mv), st.public_move_text(mv, names), p))
        st.apply(mv)
    states.append(st.copy())
    return states, entries, names


def test_a_critical_hit_says_what_it_did_in_the_log_the_column_and_the_tray():
    from games.artillery.rules import events as ev
    from games.artillery.board.effects import Tray, _summary
    from games.artillery.rules.texts import event_phrases, log_lines
    states, entries, names = _dismount()
    st = states[-1]
    assert st.guns["G9"].destroyed
    lines = log_lines(entries, names, lambda i: states[i])
    last = lines[-1][3]
    assert "F1 loses a gun: G9 dismounted" in last, last
    assert lines[1][:2] == (1, 1) and lines[2][:2] == (2, 5), "a batch of dice is one line"
    words = event_phrases(st.events, names)
    assert any("F1 loses a gun: G9 dismounted" in w for w in words), words
    assert not any(w.startswith("G9 is destroyed") for w in words), "the gun's loss is said once, by the hit"
    before = len(states[-2].events)
    assert "F1 loses a gun: G9 dismounted" in _summary(st.events[before:], Tray("Critical roll", 1, None, 0), names)
    # the column and the log say the same things in the same order
    log_order = [w for ln in lines for w in ln[3].split("; ")]
    col = event_phrases(st.events, names)
    keys = ["4 damaging", "Fortitude", "no harm", "G9 dismounted"]
    at_log = [next(i for i, w in enumerate(log_order) if k in w) for k in keys]
    at_col = [next(i for i, w in enumerate(col) if k in w) for k in keys]
    assert at_log == sorted(at_log) and at_col == sorted(at_col)
    assert any(isinstance(e, ev.CriticalResult) and e.effect == "gun_dismounted" for e in st.events)


def test_the_column_lists_the_latest_events_oldest_first_like_the_log():
    from games.artillery.rules.texts import event_phrases
    m = midgame("shore", plies=150)
    app, g = screen(m, (1280, 720))
    got = g.board.caption_lines()
    st = m.state
    assert got == event_phrases(st.events[-96:], m.names())[-len(got):] and len(got) == 8
    assert got[-1] == event_phrases(st.events, m.names())[-1], "the newest at the bottom"
    close(app)


def test_ending_an_activation_with_actions_unused_asks_first():
    from games.ui.dialogs import Dialog
    m = midgame("field")
    app, g = screen(m, (1280, 720))
    st = m.state
    left = st.act.actions - st.act.used
    assert left >= 1
    ply = m.ply
    key(app, pygame.K_e)
    d = app.stack.top
    assert isinstance(d, Dialog), "a question, not the end"
    n = f"{left} action{'s' if left != 1 else ''}"
    assert f"End activation, {n} unused" in d.message and m.ply == ply
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is g and m.ply == ply, "Esc keeps the activation"
    key(app, pygame.K_e)
    assert isinstance(app.stack.top, Dialog) and app.stack.top.buttons[0].label == "End"
    click(app, app.stack.top.buttons[0].rect.center)
    assert m.ply > ply and m.log[ply].text == "end"
    close(app)


# -- 8. only secrets are hidden -----------------------------------------------------------------

def _no_hand_over(app):
    from games.ui.handover import HandOver
    return not any(isinstance(s, HandOver) for s in app.stack.scenes)


@pytest.mark.slow
def test_a_game_with_one_person_never_shows_a_hand_over(tmp_path):
    """Against the computer, from the first card to a save and its load: no "Pass to
    South" screen at any frame (only that person is at the table)."""
    from games.core import saves
    from tests.ui.helpers import settle
    m = Match(INFO, {"scenario": "shore"}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=2,
              ai_secret=2, chance_secret=SEED_ONLY)
    app = make_app((1280, 720), animation="off")
    g = GameScreen(app, m)
    app.push(g)
    rng = random.Random(2)
    for _ in range(400):
        assert _no_hand_over(app), f"a hand-over at ply {m.ply}"
        if m.is_over() or m.ply > 120:
            break
        if g.awaiting_performance():
            g.perform()
        elif g.can_act():
            legal = m.state.legal_moves()
            g.submit(next((x for x in legal if x.kind in ("fire", "shoot")), rng.choice(legal)))
        settle(app)
        frames(app, 1)
    assert m.ply > 40
    path = str(tmp_path / "one.json")
    saves.save_match(m, path)
    close(app)
    app2 = make_app((1280, 720), animation="off")
    g2 = GameScreen(app2, saves.load_match(path), resumed=True)
    app2.push(g2)
    frames(app2, 3)
    assert _no_hand_over(app2) and app2.stack.top is g2, "a loaded game opens on the table"
    assert g2.viewer == 0, "the one person sees their own cards"
    close(app2)


def test_a_question_mid_activation_leaves_the_table_in_sight():
    """End with actions unused asks; under the question the table is drawn (as the
    public sees it), not the curtain: nothing on it is secret."""
    m = midgame("field")
    app, g = screen(m, (1280, 720))
    curtains = []
    real = g._draw_curtain
    g._draw_curtain = lambda surface: (curtains.append(1), real(surface))
    key(app, pygame.K_e)
    frames(app, 2)
    assert g.covered() and not curtains, "the table stays in sight"
    b = g.board
    r = b.geo.table.clip(b.map_rect)
    seen = {tuple(app.screen.get_at((x, y)))[:3] for x in range(r.x, r.right, 9) for y in range(r.y, r.bottom, 9)}
    assert len(seen) > 20, "the table, not a plain curtain"
    assert not b.panel.buttons, "no one acts under the question: the column offers nothing"
    close(app)


def test_under_a_cover_two_people_see_the_table_but_no_hand():
    """Two people at one laptop: with the pause menu over the picker's view, the table
    shows and the hand does not (the hidden-information harness checks every pixel)."""
    seats = [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben")]
    m = Match(INFO, {"scenario": "field"}, seats, seed=3, ai_secret=3, chance_secret=SEED_ONLY)
    while m.state.current_player() == CHANCE:
        m.apply_chance()
    assert m.state.phase == "pick"
    app = make_app((1280, 720), animation="off")
    g = GameScreen(app, m)
    app.push(g)
    from games.ui.handover import HandOver
    for _ in range(5):
        if isinstance(app.stack.top, HandOver):
            show_me(app)
        frames(app, 1)
    assert g.viewer == m.to_move() and g.board.panel.buttons, "the picker sees the hand"
    g.pause()
    frames(app, 2)
    b = g.board
    assert not b.panel.buttons and not any(line.startswith(("Actions each card", "4", "K"))
                                           for line, _c in b.panel.text_lines)
    r = b.geo.table.clip(b.map_rect)
    seen = {tuple(app.screen.get_at((x, y)))[:3] for x in range(r.x, r.right, 9) for y in range(r.y, r.bottom, 9)}
    assert len(seen) > 20
    close(app)


# -- 9. the set-up says the sides; the Load list the scenario and the result ---------------------

def test_the_setup_says_which_side_each_seat_plays_in_each_scenario(monkeypatch):
    from games.artillery.rules.scenarios import SCENARIOS
    from games.ui import setup as setup_mod
    from games.ui.setup import SetupScreen
    app = make_app((800, 600))
    s = SetupScreen(app, INFO)
    app.push(s)
    choice = dict((o.key, ch) for o, ch in s.options)["scenario"]
    drawn = []
    real = setup_mod.draw_text
    monkeypatch.setattr(setup_mod, "draw_text", lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k))
    for key_, _label in choice.choices:
        choice.set_value(key_)
        drawn.clear()
        s.draw(app.screen)
        sides = SCENARIOS[key_].sides
        assert s.roles() == [f"plays {sides[0]}", f"plays {sides[1]}"]
        for side in sides:
            assert f"plays {side}" in drawn, (key_, side)
        # the line under the choice is the picked scenario's own, whole (not a list cut short)
        line = dict(INFO.options[0].value_help)[key_]
        assert line in drawn, (key_, line)
        assert app.theme.small_font().size(line)[0] <= s.panel.w - app.theme.px(48), line
    assert "plays the landing party" in [f"plays {x}" for x in SCENARIOS["shore"].sides]


def test_the_easier_side_the_setup_names_is_one_of_the_scenarios_sides():
    """A scenario whose sides win unevenly between new players (the Easy mirror, docs/rules/
    artillery.md "Which side is easier") says which side is easier; the name must be a side
    of that scenario, so renaming a side cannot leave the setup naming one that is not there."""
    from games.artillery.rules.scenarios import SCENARIOS
    named = {}
    for key_, line in INFO.options[0].value_help:
        if "Easier side: " in line:
            named[key_] = line.split("Easier side: ", 1)[1].rstrip(".")
    assert named == {"anchor": "the battery"}       # the town named the raiders until its third setup
    for key_, side in named.items():
        assert side in SCENARIOS[key_].sides, (key_, side)


@pytest.mark.slow
def test_the_load_list_names_the_scenario_and_the_result():
    from games.core import saves
    from games.ui.load_screen import LoadScreen
    done = finished("shore")
    saves.save_match(done, saves.new_save_path("finished"), name="finished")
    live = midgame("anchor")
    saves.save_match(live, saves.new_save_path("going"), name="going")
    app = make_app((1280, 720))
    ls = LoadScreen(app)
    app.push(ls)
    frames(app, 1)
    by_name = {e.name: e for e in ls.entries}
    assert ls.details[by_name["finished"].path] == ("Shore battery", done.state.result_text(done.names()))
    assert ls.details[by_name["going"].path] == ("Ship at anchor", "")
    drawn = []
    from games.ui import load_screen as mod
    real = mod.draw_text
    mod.draw_text = lambda surf, text, *a, **k: drawn.append(text) or real(surf, text, *a, **k)
    try:
        ls.draw(app.screen)
    finally:
        mod.draw_text = real
    text = "\n".join(drawn)
    assert "Artillery: Shore battery" in text and "Artillery: Ship at anchor" in text
    assert done.state.result_text(done.names()) in text


# -- 10. the rules pictures: no label cut ---------------------------------------------------------

@pytest.mark.parametrize("win,size", [((800, 600), 160), ((800, 600), 208), ((1280, 720), 260),
                                      ((1920, 1080), 390)])
def test_no_label_of_a_rules_picture_is_cut_or_overlapping(win, size, monkeypatch):
    from games.artillery.board import diagrams as BD
    from games.artillery.board import drawing as BDR
    from games.artillery.rules_text import DIAGRAMS
    from games.ui import theme as TH
    seen = []
    real = TH.draw_text

    def rec(surface, text, font, color, pos, anchor="topleft", shadow=None):
        r = real(surface, text, font, color, pos, anchor, shadow)
        seen.append((text, r))
        return r

    monkeypatch.setattr(BD, "draw_text", rec)
    monkeypatch.setattr(BDR, "draw_text", rec)
    app = make_app(win)
    for k in DIAGRAMS:
        seen.clear()
        surf = pygame.Surface((size, size))
        area = surf.get_rect()
        BD.draw_diagram(k, surf, area, app.theme)
        for text, r in seen:
            assert not text.endswith("..."), f"{k}: {text!r} cut"
            assert area.contains(r), f"{k}: {text!r} runs off the picture"
        if not k.startswith("scenario_"):
            for i in range(len(seen)):
                for j in range(i + 1, len(seen)):
                    assert not seen[i][1].colliderect(seen[j][1]), f"{k}: {seen[i][0]!r} on {seen[j][0]!r}"


@pytest.mark.parametrize("size", [160, 208, 260])
def test_the_crew_pictures_words_stay_on_its_cloth(size, monkeypatch):
    """A play-test: "4 Light Cannons, 2 each side; a crew of 4" ran past the picture's
    green cloth (it was kept inside the whole square, not the cloth)."""
    from games.artillery.board import diagrams as BD
    from games.artillery.board import drawing as BDR
    seen = []
    real = BD._words

    def rec(surface, line, f, col, x, y):
        seen.append(pygame.Rect(x, y, f.size(line)[0], f.get_linesize()))
        return real(surface, line, f, col, x, y)
    monkeypatch.setattr(BD, "_words", rec)
    app = make_app((800, 600))
    surf = pygame.Surface((size, size))
    BD.draw_diagram("crew_example", surf, surf.get_rect(), app.theme)
    cloth = BDR.Geo(surf.get_rect(), 16, 10).table
    assert seen and all(cloth.contains(r) for r in seen), (seen, cloth)


@pytest.mark.parametrize("size", [160, 208, 260])
def test_the_carriage_pictures_labels_stay_one_line_on_the_cloth(size, monkeypatch):
    """A play-test: '3" with the Light Cannon (4" - 1")' wrapped to three lines under its
    circle and ran off the picture's cloth. The labels are short (the caption under the
    picture says the rest) and stay one line at every size the rules screen uses."""
    from games.artillery.board import diagrams as BD
    wrapped = []
    real = BD._wrap
    monkeypatch.setattr(BD, "_wrap", lambda text, f, room: wrapped.append((text, real(text, f, room))) or real(text, f, room))
    app = make_app((800, 600))
    surf = pygame.Surface((size, size))
    BD.draw_diagram("carriage_move", surf, surf.get_rect(), app.theme)
    labels = {text: lines for text, lines in wrapped}
    assert set(labels) == {'3" with G1', '4" without G1'}
    assert all(len(lines) == 1 for lines in labels.values()), labels


def test_a_shot_declared_reads_as_english_one_gun_fires_guns_and_small_arms_fire():
    from games.artillery.rules.events import ShotDeclared
    one = ShotDeclared(unit="A1", guns=("G1",), target="B2", ammo="round", distance=9.0, penalty=1, tn=5)
    two = ShotDeclared(unit="A1", guns=("G1", "G2"), target="B2", ammo="grape", distance=3.0, penalty=0, tn=4)
    arms = ShotDeclared(unit="B3", guns=(), target="A1", ammo="small", distance=6.0, penalty=1, tn=6)
    assert one.text().startswith("G1 fires at B2 with roundshot")
    assert two.text().startswith("G1 + G2 fire at B2 with grapeshot")
    assert arms.text().startswith("B3's small arms fire at A1")


# -- 5 (more). a gun's arc is drawn as far as the gun reaches ----------------------------------------

def test_a_cannons_arc_is_drawn_across_the_table_and_a_swivels_to_its_range(monkeypatch):
    """A ship's Heavy Cannon in the bombardment reaches the stone fort 57" away (roundshot
    has no range limit): its arc must be drawn that far, not cut at 24" as if the fort
    were out of reach. A swivel's circle stops at its range."""
    import math

    from games.artillery.board import scene as scene_mod
    from games.artillery.rules.shots import SWIVEL_MAX_RANGE
    m = midgame("bombard", want=lambda st: st.act is not None and st.act.unit == "A4")
    app, g = screen(m)
    board, st = g.board, m.state
    drawn = []
    monkeypatch.setattr(scene_mod.D, "draw_arc_shape",
                        lambda surface, geo, theme, origin, facing, poly, reach, alpha=50: drawn.append((poly, reach)))
    from games.artillery.rules.shots import on_ship_deck
    deck = next(gid for gid, gun in st.guns.items() if on_ship_deck(st, gun))
    board._draw_gun_arc(app.screen, board.geo, st, deck, 60)
    poly, reach = drawn[-1]
    fort = [p for sid, s in st.table.sections.items() if sid.startswith("F") for p in s.poly]
    gun = st.guns[deck].pos
    assert reach >= max(math.dist(gun, p) for p in fort) > 50
    assert min(p[0] for p in poly) <= min(p[0] for p in fort)      # the arc covers the fort's side of the table
    swivel = next(gid for gid, gun in st.guns.items() if gun.stats.swivel)
    board._draw_gun_arc(app.screen, board.geo, st, swivel, 60)
    assert drawn[-1][1] == SWIVEL_MAX_RANGE
    close(app)


@pytest.mark.parametrize("scenario", ["field", "bombard", "broadside"])
@pytest.mark.parametrize("size", SIZES)
def test_every_card_to_choose_is_named_whole(scenario, size):
    """The cards in hand are buttons named "Q Diamonds": two a row when both names fit,
    else one a row, never "Q Diamon..." (a narrow column beside a wide table)."""
    m = Match(INFO, {"scenario": scenario}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=2,
              ai_secret=2, chance_secret=SEED_ONLY)
    while m.state.current_player() == CHANCE:
        m.apply_chance()
    app, g = screen(m, size)
    b = g.board
    if b.panel.strip:
        key(app, pygame.K_c)                   # a small window starts with the column folded
        frames(app, 2)
    suits = ("Spades", "Hearts", "Diamonds", "Clubs")
    cards = [btn for btn in b.panel.buttons if btn.label.split(" ", 1)[-1] in suits]
    assert len(cards) >= 3, [btn.label for btn in b.panel.buttons]
    for btn in cards:
        assert btn.shown_label(app.theme) == btn.label, (scenario, size, btn.label)
    close(app)


@pytest.mark.parametrize("size", SIZES)
def test_a_row_of_aims_that_does_not_fit_goes_one_a_row(size):
    """The ship's gun crew in the Bombardment may aim at three fort sections: "Aim FG",
    "Aim FN", "Aim FS" three a row were cut to "Aim F..." beside the wide table."""
    m = midgame("bombard", want=lambda st: st.act is not None and st.act.unit == "A4")
    app, g = screen(m, size)
    b = g.board
    if b.panel.strip:
        key(app, pygame.K_c)
        frames(app, 2)
    aims = [btn for btn in b.panel.buttons if btn.label.startswith("Aim ")]
    assert len(aims) >= 2, [btn.label for btn in b.panel.buttons]
    for btn in b.panel.buttons:
        assert btn.shown_label(app.theme) == btn.label, (size, btn.label)
    close(app)


def _column_spy(monkeypatch):
    """A field battle's column whose drawn texts are recorded: (app, panel, drawn, font)."""
    from games.artillery.board import panel as panel_mod
    app, g = screen(midgame("field"))
    drawn: list[str] = []
    monkeypatch.setattr(panel_mod, "draw_text", lambda surf, text, *a, **k: drawn.append(text))
    return app, g.board.panel, drawn, app.theme.small_font()


def test_a_column_line_cut_short_says_so(monkeypatch):
    """When the room runs out inside a line, its last shown part ends in "..." (a gun's
    line ended "4 more reload" as if that were all of it)."""
    app, p, drawn, f = _column_spy(monkeypatch)
    line = "G8 Heavy Cannon: 4 reload markers: 4 more reload actions before it fires again"
    w = f.size("G8 Heavy Cannon: 4 reload")[0] + 4
    p._draw_lines(app.screen, 0, 0, w, 2 * f.get_linesize(), [(line, (255, 255, 255))], [])
    assert len(drawn) == 2 and drawn[-1].endswith("...") and "actions" not in " ".join(drawn), drawn
    drawn.clear()
    p._draw_lines(app.screen, 0, 0, 2000, 2 * f.get_linesize(), [(line, (255, 255, 255))], [])
    assert drawn == [line]                  # room enough: whole, no dots
    drawn.clear()                           # a line that just fills the room, more lines after it
    p._draw_lines(app.screen, 0, 0, 2000, f.get_linesize(), [("Move: 4\" move", (255, 255, 255)), (line, (1, 1, 1))], [])
    assert drawn == ['Move: 4" move ...'], drawn
    close(app)


def test_the_column_shows_whole_events_only_the_newest_kept(monkeypatch):
    """A play-test saw the column's event list start with "6H: South activates first": the
    tail of "Cards shown: South 6S, North 6H: South activates first", whose head had scrolled
    off. An event that does not fit whole is left out, with every older one."""
    from games.artillery.board import panel as panel_mod
    app, p, drawn, f = _column_spy(monkeypatch)
    old = "Cards shown: South 6S, North 6H: South activates first"
    w = f.size("Cards shown: South 6S,")[0] + 2
    n = len(panel_mod.wrap_text(old, f, w))
    assert n >= 2                                           # the old event takes two rows or more
    events = [(old, (1, 1, 1)), ("A1 moves", (2, 2, 2)), ("B2 fires", (3, 3, 3))]
    p._draw_lines(app.screen, 0, 0, w, (n + 1) * f.get_linesize(), [], events)
    assert drawn == ["A1 moves", "B2 fires"], drawn         # not the old one's tail
    drawn.clear()
    p._draw_lines(app.screen, 0, 0, w, (n + 2) * f.get_linesize(), [], events)
    assert len(drawn) == n + 2 and drawn[0].startswith("Cards shown") and drawn[-1] == "B2 fires", drawn
    close(app)


def test_a_click_on_a_ships_masts_aims_at_its_rigging_and_on_its_rim_at_its_hull():
    """A play-test: in Broadsides every click on the enemy ship found its hull (the rigging
    lies inside the hull's outline, and the hull came first), so the rigging, which decides
    the game, could be aimed at only by a button the folded column hides."""
    m = Match(INFO, {"scenario": "broadside"}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")],
              seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    app, g = screen(m)
    st, b = m.state, g.board
    rig = st.table.sections["RN"].poly
    mid = (sum(x for x, _ in rig) / len(rig), sum(y for _, y in rig) / len(rig))
    assert b.section_at(st, pt(g, mid)) == "RN"
    hull = st.table.sections["HN"].poly
    rim = hull[0]                                      # a corner of the hull, outside the rigging
    inward = ((rim[0] * 9 + mid[0]) / 10, (rim[1] * 9 + mid[1]) / 10)
    assert b.section_at(st, pt(g, inward)) == "HN"
    close(app)


def test_a_crew_with_many_guns_to_spike_is_told_there_are_more_and_can_reach_them():
    """A play-test: a Broadsides crew could spike six guns and the column showed "Spike G1"
    and "Spike G2", nothing more. Now three a row, the last saying how many more and
    opening the whole list."""
    m = midgame("field")
    app, g = screen(m)
    panel = g.board.panel
    spikes = [Move("spike", a=f"G{i}") for i in range(1, 7)] + [Move("end")]
    labels = [[label for label, *_ in row] for row in panel._action_rows(spikes)]
    assert labels[0] == ["Spike G1", "Spike G2", "4 more: All"], labels
    row = panel._action_rows(spikes)[0]
    row[-1][1]()                                     # the "more" button opens the whole list
    assert panel.show_all
    few = [Move("spike", a="G1"), Move("spike", a="G2"), Move("spike", a="G3"), Move("end")]
    assert [label for label, *_ in panel._action_rows(few)[0]] == ["Spike G1", "Spike G2", "Spike G3"]
    aims = [Move("shoot", a=f"B{i}") for i in range(1, 9)] + [Move("end")]
    rows = [[label for label, *_ in r] for r in panel._action_rows(aims)]
    assert rows[0] == ["Aim B1", "Aim B2", "Aim B3"] and rows[1] == ["Aim B4", "Aim B5", "3 more: All"], rows
    close(app)


def test_the_firing_preview_says_a_further_shoot_test_costs_fatigue():
    """A play-test: a crew fired its cannon, then aimed its swivel in the same activation;
    the preview showed the odds alone, and the second shot shook the crew (each shoot test
    after the first in an activation costs a Fatigue)."""
    m = midgame("field", want=lambda st: any(x.kind in ("fire", "shoot") for x in st.legal_moves()))
    app, g = screen(m)
    st, b = m.state, g.board
    assert st.test_fatigue_note() is None                 # the first test is free
    u = st.units[st.act.unit]
    target = next(x.target if x.kind == "fire" else x.a for x in st.legal_moves() if x.kind in ("fire", "shoot"))
    st.act.tests = 1
    note = st.test_fatigue_note()
    assert note in (f"Shooting again: +1 Fatigue ({u.id} to {u.fatigue + 1})",
                    f"Shooting again: +1 Fatigue ({u.id} to {u.fatigue + 1}): it routs")
    b.set_target(target)
    assert b.preview_lines()[1] == note
    u.fatigue = max(u.models, 2) - 1                      # one more and it routs
    assert st.test_fatigue_note().endswith(": it routs")
    close(app)


def test_guns_that_cannot_go_stay_on_a_plain_drag_and_the_column_says_so():
    """A play-test: a crew cut to two models read "4\\" move (hold Shift to leave the guns)"
    and a plain drag was refused ("fewer than 4 models: it cannot move G1 and G2"). When
    the guns cannot all go, a plain drag leaves them, and the line says so first."""
    m = midgame("field", seed=1, plies=30, want=lambda st: st.act.unit == "A1" and any(
        x.kind == "move" for x in st.legal_moves()) and len([g for g in st.operable(st.units["A1"]) if g.carriage]) >= 2)
    st = m.state
    u = st.units["A1"]
    u.models = 3                                          # two Light Cannons need four
    st.legal_cache = None
    app, g = screen(m)
    b = g.board
    frames(app, 1)
    assert b.guns_stay(st).startswith("the crew has fewer than")
    assert b.leaving(st, live=True), "a plain drag leaves the guns: the only move there is"
    assert "without the guns (the crew has fewer than" in b.move_hint
    assert "hold Shift" not in b.move_hint
    u.models = 6
    st.legal_cache = None
    frames(app, 1)
    assert b.guns_stay(st) is None and not b.leaving(st, live=True)
    assert "hold Shift to leave the guns" in b.move_hint
    # the inches that count come first (a play-test's short column cut 'Move: 4" move -
    # 1" for the ...' before the number)
    allow = st.move_allowance("A1")
    assert b.move_hint.startswith(f'Move: {allow["inches"]}"'), b.move_hint
    if " - " in allow["why"]:
        assert b.move_hint.startswith(f'Move: {allow["inches"]}" (4" - 1" for the carriage)'), b.move_hint
    close(app)


def test_a_column_opened_for_a_decision_lies_over_the_folded_table_which_stays_put():
    """A play-test at 800x600: the folded column opened by itself for a card or an aim,
    the table shrank and moved under the pointer, and a click aimed at a unit landed
    elsewhere. A choice made in the column alone (a card) now opens it over the table,
    which keeps its size and place; an aim opens it beside the table, where it stays to
    the end of the activation (Esc no longer moves the table back under the pointer)."""
    m = Match(INFO, {"scenario": "field"}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")],
              seed=3, ai_secret=3, chance_secret=SEED_ONLY)
    rng = random.Random(3)
    while not (m.ply > 12 and m.state.phase == "pick" and m.state.current_player() == 0):
        if m.state.current_player() == CHANCE:
            m.apply_chance()
        else:
            m.play(rng.choice(m.state.legal_moves()))
    app, g = screen(m, (800, 600))
    b = g.board
    frames(app, 2)
    assert not b.panel.strip and b._col_over, "the card choice: the column over the table"
    during = pygame.Rect(b.map_rect)
    assert b.map_rect.w > b.panel.rect.x - b.map_rect.x, "the table keeps the folded room"
    spot = (b.panel.rect.centerx, b.panel.rect.bottom - 60)
    assert not any(btn.rect.collidepoint(spot) for btn in b.panel.buttons)
    assert not b.on_map(spot) and b.map_rect.collidepoint(spot)
    plies = m.ply
    click(app, spot)                                   # on the column, over the table: nothing happens
    assert m.ply == plies
    g.submit(next(x for x in m.state.legal_moves() if x.kind == "pick"))
    frames(app, 2)
    assert m.ply > plies and b.panel.strip and b.map_rect == during, "the card chosen: the table never moved"
    close(app)
    m = midgame("field", want=lambda st: any(x.kind in ("fire", "shoot") for x in st.legal_moves()))
    st = m.state
    app, g = screen(m, (800, 600))
    b = g.board
    assert b.panel.strip and not b._col_over, "acting: the column folded, the table whole"
    full = pygame.Rect(b.map_rect)
    u = st.units[st.act.unit]
    target = next(x.target if x.kind == "fire" else x.a for x in st.legal_moves() if x.kind in ("fire", "shoot"))
    b.set_target(target)
    frames(app, 2)
    assert not b.panel.strip and not b._col_over and b.map_rect.w < full.w, "an aim: beside the table"
    beside, at = pygame.Rect(b.map_rect), pt(g, u.pos)
    key(app, pygame.K_ESCAPE)                          # the aim dropped: the table stays as it is
    frames(app, 2)
    assert b.aim.target is None and b.map_rect == beside and pt(g, u.pos) == at
    key(app, pygame.K_e)                               # "End activation?" over the table: it stays too
    frames(app, 2)
    assert app.stack.top is not g and b.map_rect == beside
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is g and b.map_rect == beside
    close(app)


def test_who_holds_which_building_is_never_cut_in_a_narrow_column():
    """A play-test at 800x600: the town's "Held:" line read "Held: South H1 H3 / North H2 ...",
    the scoring the player needs cut off. A line too long takes both header rows, whole."""
    from games.artillery.board.panel import Panel
    from games.artillery.rules import new_game
    st = new_game({"scenario": "town"})
    st.units["A3"].pos, st.units["A4"].pos, st.units["B2"].pos = (23, 11), (37, 12), (9, 17)
    app = make_app((800, 600))
    f = app.theme.small_font()
    names = ["South", "North"]
    whole = "Held: South H1 H3 / North H2 H5"
    narrow = f.size(whole)[0] - 10
    rows = Panel._standing_lines(st, names, f, narrow)
    assert len(rows) == 2 and " ".join(rows) == whole and all(f.size(r)[0] <= narrow for r in rows)
    assert Panel._standing_lines(st, names, f, 1000) == [whole, "Scoring from round 3"]


def test_the_active_units_fatigue_is_on_the_short_row():
    """A play-test at 800x600: "A1 Gun Crew: 3 models, Fatig..."."""
    m = midgame("field")
    app, g = screen(m, (800, 600))
    st = m.state
    u = st.units[st.act.unit]
    u.fatigue = 1
    head, second = g.board.panel._lines(st, True)
    assert head == f"{u.id} {u.name}: {u.models} models" and second.endswith(", Fatigue 1")
    close(app)


def test_a_shot_that_is_not_allowed_says_why_once_and_shows_no_odds():
    """A play-test: a refused shot still showed its dice and expected hits, then "No sight:
    the shanty is in the way", then "Not allowed: ... the shanty blocks it"."""
    import dataclasses
    m = midgame("field", want=lambda st: any(x.kind == "fire" for x in st.legal_moves()))
    st = m.state
    app, g = screen(m)
    b = g.board
    fire = next(x for x in st.legal_moves() if x.kind == "fire")
    b.set_target(fire.target)
    pv = b.preview()
    lines = b.aim.preview_lines(pv)
    assert not any(x.startswith("Not allowed") for x in lines) and any(x.startswith("Hit on") for x in lines)
    bad = dataclasses.replace(pv, problem="the shanty blocks it")
    assert b.aim.preview_lines(bad) == [lines[0], "Not allowed: the shanty blocks it"]
    small = {"distance": 12.0, "dice": 6, "tn": 7, "p_die": 0.4, "expected_hits": 2.4, "expected_casualties": 1.0,
             "blocker": "Shanty", "problem": "the shanty blocks it", "line": None}
    assert b.aim.preview_lines(small) == [f'Small arms at {fire.target}: 12.0"', "Not allowed: the shanty blocks it"]
    # and on the table: the measured line's label says so, with no odds (a play-test read
    # "27.0"  +3  7+  40%" there beside the column's "Not allowed")
    from games.artillery.board import overlays as ov
    from tests.ui.helpers import spy_texts
    mp = pytest.MonkeyPatch()
    drawn = spy_texts(mp, ov)
    mp.setattr(b, "preview", lambda: bad)
    g.draw(app.screen)
    mp.undo()
    label = [x for x in drawn if x.startswith(f'{pv.distance:.1f}"')]
    assert label == [f'{pv.distance:.1f}"  not allowed'], label
    close(app)


def test_a_units_plate_counts_as_the_unit_under_the_pointer():
    """A play-test at 800x600: a unit's plate (its id and models) could not be clicked;
    only its base, some 12 px across, could."""
    from games.artillery.board.scene import UNIT_RADIUS
    m = midgame("field")
    app, g = screen(m, (800, 600))
    st, b = m.state, g.board
    frames(app, 1)
    plates = {uid: r for (kind, uid), r in b.drawn["labels"].items() if kind == "u"}
    uid, rect = next((uid, r) for uid, r in plates.items() if st.units[uid].alive
                     and math.dist(b.geo.inch(r.center), st.units[uid].pos) > UNIT_RADIUS * 1.25)
    assert b.unit_at(st, rect.center) is st.units[uid]
    close(app)


def test_a_swivel_at_rigging_previews_the_halved_hits_as_damage():
    """A play-test: a swivel's preview at the enemy's rigging gave hits, not the damage
    (rigging takes half the hits of grapeshot and swivels)."""
    import dataclasses
    m = midgame("field", want=lambda st: any(x.kind == "fire" for x in st.legal_moves()))
    app, g = screen(m)
    b = g.board
    b.set_target(next(x for x in m.state.legal_moves() if x.kind == "fire").target)
    pv = dataclasses.replace(b.preview(), problem=None, ammo="swivel", damage_tn=None, expected_damage=0.75)
    assert "Rigging takes half the hits: 0.75 damage expected" in b.aim.preview_lines(pv)
    close(app)


@pytest.mark.parametrize("size", [(1920, 1080), (800, 600)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_read_batch_of_dice_gives_the_column_back_its_foot(size):
    """A play-test: after a miss, with an action left, the tray kept showing the die under
    the column and the gun lines above it were cut ("G1 Light Cannon: 4 reload ...").
    Once the dice have shown their result and the player is to act, the tray is a line or
    two; while they roll it is whole."""
    def want(st):
        return any(x.kind == "fire" for x in st.legal_moves())
    m = midgame("shore", plies=40, want=want)
    app, g = screen(m, size, animation="fast")
    b = g.board
    g.submit(next(x for x in m.state.legal_moves() if x.kind == "fire"))
    seen_whole = False
    for _ in range(900):
        if g.awaiting_performance():
            g.perform()
        if b.tray is not None and b.busy:
            assert not b.tray_compact(b.tray), "the dice are whole while they roll"
            seen_whole = True
        frames(app, 1)
        if not b.busy and not g.awaiting_performance() and m.state.need is None and g.can_act():
            break
    frames(app, 2)
    assert seen_whole and b.tray is not None and b.tray_compact(b.tray)
    lh = g.theme.small_font().get_linesize()
    assert b.tray_rect(b.tray).h <= 2 * lh + g.theme.px(20)
    close(app)


def test_men_inside_a_house_offer_roundshot_at_the_house_in_words():
    """A play-test: aiming at a unit inside the Stone house left only Grape in the choice,
    Round gone with no word why. The column now offers the house itself for roundshot."""
    def want(st):
        me = st.current_player()
        return any(x.kind == "fire" and x.ammo == "round" and x.target in st.sections
                   and any(u.seat != me for u in st.units_in_section(x.target)) for x in st.legal_moves())
    m = midgame("town", want=want, plies=40)
    st = m.state
    app, g = screen(m)
    b = g.board
    me = st.current_player()
    fire = next(x for x in st.legal_moves() if x.kind == "fire" and x.ammo == "round" and x.target in st.sections
                and any(u.seat != me for u in st.units_in_section(x.target)))
    inside = next(u for u in st.units_in_section(fire.target) if u.seat != me)
    b.set_target(inside.id)
    rows = b.panel._fire_rows(st, st.legal_moves())
    offer = [cell for row in rows for cell in row if cell[0] == f"Roundshot: aim at {fire.target}"]
    assert offer, [cell[0] for row in rows for cell in row]
    offer[0][1]()
    assert b.aim.target == fire.target and b.aim.ammo == "round"
    close(app)


def test_the_log_says_natural_10_where_a_d10_needs_11():
    """A play-test: the log read "shoot test for B1 (11+)", a number no d10 shows, where
    the column and the preview already said "natural 10"."""
    from games.artillery.rules import new_game
    from games.artillery.rules.texts import log_lines
    from games.core.match import LogEntry
    from tests.artillery.util import activate
    st = activate(new_game({"scenario": "bombard"}), "A4", card="AC", other="2C")
    states, entries, names = [], [], ["Ana", "Ben"]
    for text in ["fire G7+G8 at FS round", "roll 10", "roll 9"]:
        mv = st.parse_move(text)
        states.append(st.copy())
        entries.append(LogEntry(str(mv), st.public_move_text(mv, names), st.current_player()))
        st.apply(mv)
    states.append(st.copy())
    text = " ".join(line[3] for line in log_lines(entries, names, lambda i: states[i]))
    assert "(natural 10)" in text and "11+" not in text, text


def _random_log(scenario: str, seed: int, names: list, stop) -> tuple[list, list]:
    """A seeded random game of ``scenario`` as the frame logs it, until ``stop(state,
    entries)`` or the end: the states before each entry (and the last) and the entries."""
    from games.artillery.rules import new_game
    from games.core.match import LogEntry
    rng = random.Random(seed)
    st = new_game({"scenario": scenario})
    states: list = []
    entries: list = []
    while not st.over and not stop(st, entries):
        legal = st.legal_moves() if st.current_player() != CHANCE else None
        mv = rng.choice(legal) if legal else rng.choice(st.chance_outcomes())[0]
        states.append(st.copy())
        entries.append(LogEntry(str(mv), st.public_move_text(mv, names), st.current_player()))
        st.apply(mv)
    states.append(st.copy())
    return states, entries


def test_a_rounds_end_has_a_line_of_its_own_in_the_log():
    """A play-test: "North: ends the activation: End of round 2: Dana +0 (0), North +1 (1)"
    and "Dana rolls 7: fatigue test ... steady; End of round 6: ...; Dana wins"."""
    from games.artillery.rules.texts import log_lines
    names = ["Ana", "Ben"]
    states, entries = _random_log("field", 5, names, lambda st, entries: st.round > 3)
    lines = [line[3] for line in log_lines(entries, names, lambda i: states[i])]
    ends = [x for x in lines if "End of round" in x]
    assert len(ends) >= 2, lines[-20:]
    assert all(x.startswith("End of round") for x in ends), [x for x in ends if not x.startswith("End of round")]


def test_an_exported_picture_draws_no_grid_button():
    """A play-test: the end picture of an Artillery game had the column's "Grid" button
    drawn into it (nobody can press a picture)."""
    from games.ui import export
    m = finished("field")
    painter = export._BoardPainter(m, (export.REFERENCE_WINDOW, export.REFERENCE_BOARD), 1.0, False)
    drawn = []
    painter.board.panel.grid_btn.draw = lambda surface, theme: drawn.append("Grid")
    painter.draw(m.ply)
    assert not painter.board.interactive and drawn == []


def test_a_hinted_walk_names_its_direction_to_the_nearest_of_sixteen_points():
    """A play-test: a hint said '3.2" N' for an arrow drawn NNE (eight points are what a
    gun may face; a walk goes any way round)."""
    from games.artillery.rules import Move
    from games.artillery.rules.texts import hint_words
    st = midgame("field").state
    u = next(x for x in st.live_units() if x.seat == 0)
    x, y = u.pos
    for dx, dy, way in ((1, 3, "NNE"), (0, 3, "N"), (3, 1, "ENE"), (-3, -1, "WSW"), (2, 2, "NE")):
        m = Move("move", a=u.id, pos=(int(round(x + dx)), int(round(y + dy))))
        words = hint_words(st, m)
        assert f'" {way} ' in words or words.split('" ')[1].startswith(way + " "), (dx, dy, words)


def test_every_hint_is_said_as_what_to_do():
    """A play-test: "Hint: reloads G1 + G3 + G5", where the other hints read "fire ...",
    "move ...", "activate ...": what to do, not what was done."""
    from games.artillery.rules import Move
    from games.artillery.rules.texts import hint_words
    st = midgame("field").state
    said = {k: hint_words(st, m) for k, m in {
        "reload": Move("reload", guns=("G1", "G3")), "dreload": Move("dreload", a="G1"),
        "turn": Move("turn", a="G1", value=90), "shoot": Move("shoot", a="B1"),
        "spike": Move("spike", a="G1"), "end": Move("end"), "rally": Move("rally"),
        "casualty": Move("casualty", a="man")}.items()}
    assert said["reload"] == "reload G1 + G3" and said["end"] == "end the activation"
    assert said["casualty"] == "give the hit to a man"
    for words in said.values():
        assert words.split()[0] in ("reload", "turn", "shoot", "spike", "end", "rally", "give"), words


def test_the_column_keeps_every_guns_line_when_aims_crowd_it(monkeypatch):
    """A play-test at 1280x720, the town's first round: a gun crew with six targets in
    reach showed its aims on four rows, and the column ended "G1 Light Cannon: loaded:
    ready to fire ...", G2's line never shown. The guns' lines now come before the unit's
    fixed numbers (its tooltip has those), and aims that do not fit three a row go two a
    row, not one."""
    from games.artillery.board import panel as P
    from games.artillery.rules import texts
    from tests.ui.helpers import spy_texts
    m = midgame("town", plies=0, want=lambda st: st.act.unit == "A1" and len(st.guns_of("A1")) == 2
                and len({x.target for x in st.legal_moves() if x.kind == "fire"}) >= 5)
    app, g = screen(m, (1280, 720))
    st = m.state
    said = spy_texts(monkeypatch, P)
    frames(app, 1)
    guns = texts.gun_lines(st, st.guns_of("A1"))
    text = " ".join(said)
    assert all(line.split(":")[0] in text for line in guns), (guns, said)
    assert not any(t.endswith("...") for t in said), said
    lines = [line for line, _c in g.board.panel.info_lines(st, True)]
    fixed = [x for x in lines if x.startswith(("Shoot ", "Moves "))]
    assert fixed and max(lines.index(x) for x in guns) < min(lines.index(x) for x in fixed)
    aims = [b for b in g.board.panel.buttons if b.label.startswith("Aim ")]
    assert len({b.rect.y for b in aims}) <= -(-len(aims) // 2), "aims go two a row at the least"
    close(app)


def test_aiming_small_arms_is_not_told_to_pick_guns():
    """A play-test: aiming the veterans' muskets, the banner said "Pick guns and shot in the
    column" for a unit with no guns."""
    m = midgame("town", plies=0, want=lambda st: not st.guns_of(st.act.unit)
                and any(x.kind == "shoot" for x in st.legal_moves()))
    app, g = screen(m, (1280, 720))
    st = m.state
    target = next(x.a for x in st.legal_moves() if x.kind == "shoot")
    g.board.set_target(target)
    assert g.board.help_text().startswith("Shoot! (F) with small arms"), g.board.help_text()
    close(app)
    m = midgame("town", plies=0, want=lambda st: bool(st.guns_of(st.act.unit))
                and any(x.kind == "fire" for x in st.legal_moves()))
    app, g = screen(m, (1280, 720))
    g.board.set_target(next(x.target for x in m.state.legal_moves() if x.kind == "fire"))
    assert g.board.help_text().startswith("Pick guns and shot"), "a crew with guns still picks them"
    close(app)


def test_the_round_ends_line_takes_no_second_number_in_the_log(monkeypatch):
    """A play-test read "61. South: moves A4 to 38,11" and then "61. End of round 1": the
    round's end has a line of its own, ending at the same entry as the move that ended the
    round. It is now drawn without a number; every number in the log is drawn once."""
    from games.ui import move_log as ml
    m = midgame("town", plies=120)
    app = make_app((1280, 720))
    drawn = []
    real = ml.draw_text
    monkeypatch.setattr(ml, "draw_text", lambda surf, text, font, col, p, anchor="topleft", **k:
                        drawn.append((text, p, anchor)) or real(surf, text, font, col, p, anchor, **k))
    log = ml.MoveLog()
    log.draw(pygame.Surface((400, 20000)), pygame.Rect(0, 0, 400, 20000), app.theme, m)
    numbers = [t for t, _p, anchor in drawn if anchor == "topright"]
    assert len(numbers) == len(set(numbers)), [n for n in numbers if numbers.count(n) > 1]
    ends = [(t, p) for t, p, _a in drawn if t.startswith("End of round")]
    assert ends, "the game passed a round's end"
    rows_numbered = {p[1] for t, p, a in drawn if a == "topright"}
    assert all(p[1] not in rows_numbered for _t, p in ends), "the round's end line has no number of its own"


def test_a_units_plate_is_drawn_over_the_hint_and_a_lessons_ring(monkeypatch):
    """A play-test: "Hint: activate A2" and the lesson's ring around A2 hid A2's own plate
    ("A2 6"). The plates are now drawn after every overlay on the table."""
    from games.artillery.board import overlays as O
    from games.artillery.board import scene as scene_mod
    m = midgame("field")
    app, g = screen(m)
    b = g.board
    order: list[str] = []
    for mod, name in ((O, "draw_hint"), (O, "draw_targets"), (O, "draw_reach"), (scene_mod.D, "draw_plate")):
        real = getattr(mod, name)
        monkeypatch.setattr(mod, name, lambda *a, _r=real, _n=name, **k: order.append(_n) or _r(*a, **k))
    unit = m.state.act.unit
    b.show_hint(next(x for x in m.state.legal_moves() if x.kind == "move"))
    b.show_targets([unit])
    frames(app, 1)
    assert "draw_hint" in order and "draw_targets" in order and "draw_plate" in order, order
    last_overlay = max(i for i, n in enumerate(order) if n != "draw_plate")
    first_plate = order.index("draw_plate")
    assert first_plate > last_overlay, order
    close(app)


def test_the_preview_names_a_lucky_hit_as_the_rules_page_does():
    """A play-test read "Lucky 30%" in the firing preview, a word the rules page calls a
    Lucky hit."""
    m = midgame("town", plies=0, want=lambda st: any(x.kind == "fire" and x.target.startswith("H")
                                                     for x in st.legal_moves()))
    app, g = screen(m)
    target = next(x.target for x in m.state.legal_moves() if x.kind == "fire" and x.target.startswith("H"))
    g.board.set_target(target)
    lines = g.board.preview_lines()
    assert any("Lucky Hit " in line for line in lines), lines
    close(app)


def test_tab_reaches_the_columns_cards_and_enter_plays_one():
    """A keyboard play-test: Tab ran round the frame's buttons and never reached the
    column (its cards, units, actions, zoom and Grid); only the arrows did."""
    m, app, g = _at_a_card_choice()
    assert m.state.phase == "pick" and g.can_act()
    hand = list(m.state.hands[0])
    seen = []
    for _ in range(len(hand) + 8):
        key(app, pygame.K_TAB)
        seen.append(getattr(g.keys.focused(), "label", None))
    cards = [lab for lab in seen if lab and any(lab.startswith(card_key_label(c)) for c in hand)]
    assert len(cards) == len(hand), seen
    assert {">", "+", "Grid", "All moves"} <= set(seen), seen      # "-" is greyed at the whole table
    # back to the first card, and Enter plays it
    key(app, pygame.K_ESCAPE)
    while getattr(g.keys.focused(), "label", None) != cards[0]:
        key(app, pygame.K_TAB)
    ply = m.ply
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert m.ply > ply and len(m.state.hands[0]) < len(hand) or m.state.phase != "pick"
    assert g.keys.focused() is None          # the card is gone: the focus is back on the table
    close(app)


def test_where_a_cannon_hit_falls_is_said_once_in_the_log_naming_the_crew():
    """A play-test (2026-11-30, the town in a real window): the log read "South: the hit falls
    on a man: A1 takes the hit on a man". The move's words name the crew and the line says it
    once; the column's words (the event) still say it."""
    from games.artillery.rules.texts import event_phrases, log_lines
    names = ["Ana", "Ben"]

    def hit_chosen(st, entries):
        return bool(entries) and entries[-1].text.startswith("casualty ")
    # random games of the town until one has a hit on a gun crew (seed 44 is the first today)
    for seed in range(44, 120):
        states, entries = _random_log("town", seed, names, hit_chosen)
        if any(e.text.startswith("casualty ") for e in entries):
            break
    i = next(k for k, e in enumerate(entries) if e.text.startswith("casualty "))
    unit = states[i].decision["unit"]
    line = next(ln[3] for ln in log_lines(entries, names, lambda k: states[k]) if ln[0] == i)
    assert line.startswith(f"{names[entries[i].player]}: the hit on {unit} falls on "), line
    assert "takes the hit" not in line, line
    said = event_phrases(states[i + 1].events[len(states[i].events):], names)
    assert any(w.startswith(f"{unit} takes the hit on ") for w in said), said


def test_a_drags_distance_is_written_on_a_dark_box_that_reads_on_grass(monkeypatch):
    """A play-test: the drag's green "2.2\\" of 4\\"" was bare text, pale on the grass. It is
    drawn on a dark box edged in the move's colour (as the hint's caption is), on the table."""
    from games.artillery.board import overlays
    drawn = []
    real = overlays.tag

    def spy(board, surface, text, col, **at):
        box = real(board, surface, text, col, **at)
        drawn.append((text, box, surface.get_at((box.x + 3, box.centery))[:3]))
        return box
    monkeypatch.setattr(overlays, "tag", spy)
    m = midgame("field")
    app, g = screen(m, (800, 600))
    a = pt(g, m.state.units[m.state.act.unit].pos)
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    for k in range(1, 4):
        app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 8 * k, a[1] - 6 * k), rel=(0, 0),
                                                    buttons=(1, 0, 0))])
    said = [(text, box, px) for text, box, px in drawn if '" of ' in text]
    assert said, drawn
    text, box, px = said[-1]
    assert g.board.map_rect.contains(box), (box, g.board.map_rect)
    assert px == (16, 24, 32), px
    close(app)
