"""The Cannon Corps table, driven by synthetic clicks under the dummy video
driver: a whole 3-seat game (one human, two AIs replying from the real AI
thread), honest hand-overs between two humans, save/load resuming behind a
hand-over, the spectator's public view, animations, layouts and diagrams."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon_corps.rules import DICE, SPACES, CorpsState, Move, Phase  # noqa: E402
from games.cannon_corps.rules.public import public_table  # noqa: E402
from games.core import paths, saves  # noqa: E402
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat  # noqa: E402
from tests.ui.helpers import finished_match  # noqa: E402

INFO = games.get("cannon_corps")


@pytest.fixture
def app(tmp_path):
    paths.set_data_dir(str(tmp_path / "data"))
    from games.ui.headless import make_app
    a = make_app((1280, 720), animation="off")
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    a.stack.scenes.clear()


def new_game(app, seats, seed=5, resumed=False, match=None):
    from games.ui.game_screen import GameScreen
    m = match or Match(INFO, {}, seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    g = GameScreen(app, m, resumed=resumed)
    app.push(g)
    return g


def frame(app, events=()):
    app.step(1 / 60, events=list(events))


def click(app, pos):
    assert pos is not None
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def accept_handover(app):
    from tests.ui.helpers import show_me
    show_me(app)


def wait_for(app, cond, seconds=10.0):
    """Frames (each after the computers' thoughts have finished) until ``cond()``: counted
    in frames, never against the wall clock."""
    from tests.ui.helpers import settle
    for _ in range(int(seconds * 600)):
        if cond():
            return
        settle(app)
        frame(app)
    raise AssertionError("the table never got there")


def is_handover(scene):
    from games.ui.handover import HandOver
    return isinstance(scene, HandOver)


def human_turn(app, g, rng, stats):
    """Make the pending decision of the viewing human by clicking on the table.
    Returns the move text the rules logged."""
    b = g.board
    v = b.view()
    assert v.seat == g.viewer and v.is_my_decision()
    kind = v.pending.kind
    before = g.match.ply
    if kind == "setup":
        dice = rng.sample(DICE, 4)
        spaces = rng.sample(SPACES, 4)
        # place one, take it back ("Take back", not a second "Undo"), place it again; Clear once as well
        click(app, b.tray_center(dice[0]))
        click(app, b.cell_center(v.seat, spaces[0]))
        assert b.staged == {dice[0]: spaces[0]}
        assert b.btn_back.label != g.undo_btn.label
        click(app, b.btn_back.rect.center)
        assert b.staged == {}
        click(app, b.tray_center(dice[0]))
        click(app, b.cell_center(v.seat, spaces[1]))
        click(app, b.btn_clear.rect.center)
        assert b.staged == {}
        assert not b.btn_confirm.enabled
        for d, sp in zip(dice, spaces, strict=True):
            click(app, b.tray_center(d))
            click(app, b.cell_center(v.seat, sp))
        assert b.staged == dict(zip(dice, spaces, strict=True))
        click(app, b.btn_confirm.rect.center)
        want = "setup " + " ".join(f"{d}@{s}" for d, s in sorted(zip(dice, spaces, strict=True),
                                                                 key=lambda p: DICE.index(p[0])))
        stats["setup"] += 1
    elif kind == "fire":
        die, (at, val) = max(v.my_platoons.items(), key=lambda kv: (kv[1][1], rng.random()))
        opp = rng.choice(v.opponents())
        # aim where the table last heard a Hit, else anywhere
        hits = [sp for o in v.opponents() for sp, k in v.knowledge(o).items()
                if k["answer"] == "hit" and k["result"] != "defeated" and k["ago"] <= 2]
        target = rng.choice(hits) if hits else rng.choice(SPACES)
        click(app, b.cell_center(opp, target))          # no platoon yet: only a message
        assert g.match.ply == before
        click(app, b.cell_center(v.seat, at))
        assert b.sel == die
        click(app, b.cell_center(opp, target))
        want = f"fire {die} {target}"
        stats["fire"] += 1
    elif kind == "cover":
        die = v.pending.die
        opts = list(v.pending.options)
        if opts and stats["cover"] <= stats["stay"]:
            sp = rng.choice(opts)
            click(app, b.cell_center(v.seat, sp))
            want = f"cover {die} {sp}"
            stats["cover"] += 1
        else:
            assert b.btn_stay in b._buttons(v)
            click(app, b.btn_stay.rect.center)
            want = f"stay {die}"
            stats["stay"] += 1
    elif kind == "deploy":
        res = list(v.pending.reserves)
        die = rng.choice(res)
        sp = rng.choice(v.pending.options)
        click(app, b.tray_center(die))
        click(app, b.cell_center(v.seat, sp))
        want = f"deploy {die} {sp}"
        stats["deploy"] += 1
    else:
        raise AssertionError(f"unexpected decision {kind}")
    assert g.match.ply == before + 1, f"{kind}: the click did not make a move ({g.status!r})"
    assert g.match.log[-1].text == want
    return want


@pytest.mark.slow
def test_three_seats_one_human_two_ais_by_clicks(app):
    seats = [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben"), Seat(AI, "normal", "Cleo")]
    g = new_game(app, seats, seed=11)
    rng = random.Random(3)
    stats = dict(setup=0, fire=0, cover=0, stay=0, deploy=0)
    seen = []
    real = g.visible_state

    def spy():
        if not g.match.is_over():
            seen.append(g.viewer)
        return real()
    g.visible_state = spy
    assert g.viewer == 0 and app.stack.top is g          # one human: no hand-over
    for _turn in range(400):
        if g.match.is_over():
            break
        wait_for(app, lambda: g.can_act() or g.match.is_over(), 10)
        if g.match.is_over():
            break
        assert g.board.help_text()
        human_turn(app, g, rng, stats)
    assert g.match.is_over(), f"no result in time: {stats}"
    assert stats["setup"] == 1 and stats["fire"] >= 3
    assert stats["cover"] >= 1 and stats["stay"] >= 1 and stats["deploy"] >= 1, stats
    assert set(seen) == {0}                               # only ever Ana's view (the frame shows no hand-over)
    # the game-over card comes up; the table then shows everyone's revealed grid
    wait_for(app, lambda: app.stack.top is not g, 5)
    assert g.viewer is None
    frame(app)
    pub = public_table(g.board.view().events, 3)
    assert all(p.revealed is not None for p in pub)
    assert any(e.text.startswith("fire") and g.match.seats[e.player].is_human for e in g.match.log)
    assert any(not g.match.seats[e.player].is_human for e in g.match.log if e.player >= 0)


@pytest.mark.slow
def test_two_humans_hand_over_on_every_change_and_never_show_the_next_grid(app):
    seats = [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Ben"), Seat(AI, "easy", "Cleo")]
    g = new_game(app, seats, seed=4)
    rng = random.Random(8)
    stats = dict(setup=0, fire=0, cover=0, stay=0, deploy=0)
    accepted = [None]          # whose hand-over was last accepted
    calls = []
    real = g.visible_state

    def spy():
        calls.append(g.viewer)
        assert g.viewer is None or g.viewer == accepted[0], "a seat's view was asked for before its hand-over"
        return real()
    g.visible_state = spy
    board_draw = g.board.draw
    drawn_under_curtain = []

    def draw_spy(surface):
        if is_handover(app.stack.top):
            drawn_under_curtain.append(g.viewer)
        board_draw(surface)
    g.board.draw = draw_spy

    handovers = []
    human_decisions = []
    while len(human_decisions) < 30:
        wait_for(app, lambda: g.can_act() or is_handover(app.stack.top) or g.match.is_over(), 10)
        if g.match.is_over():
            break
        if is_handover(app.stack.top):
            ho = app.stack.top
            p = g.match.to_move()
            assert ho.name == g.match.seats[p].name
            handovers.append(p)
            # nothing of anyone's grid on screen: the frame is exactly the curtain alone
            frame(app)
            bare = pygame.Surface(app.screen.get_size())
            bare.fill(app.theme.c["bg"])
            ho.draw(bare)
            assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(bare, "RGB")
            accepted[0] = p
            accept_handover(app)
            assert g.viewer == p and app.stack.top is g
            continue
        last = g.match.log[-1].player if g.match.log else None
        human_decisions.append((last, g.match.to_move()))
        human_turn(app, g, rng, stats)
    assert not drawn_under_curtain
    assert stats["setup"] == 2 and stats["fire"] >= 2
    # a hand-over before every human decision that follows anyone else's move (another
    # person's, the computer's or chance's): the screen went public in between
    expected = [p for last, p in human_decisions if last != p]
    assert handovers == expected
    assert any(last is not None and last != p and g.match.seats[last].is_human for last, p in human_decisions)
    assert len(set(handovers)) == 2 and len(handovers) >= 4
    assert set(calls) <= {None, 0, 1}


@pytest.mark.slow
def test_save_mid_game_and_load_resumes_on_the_lone_players_own_grid(app, tmp_path):
    """One person against computers: the loaded game opens on Ana's own grid (two
    play-tests asked whom a "Pass to Ana" screen hid it from); the two-person case is
    test_a_loaded_game_of_two_people_has_exactly_one_hand_over_on_the_stack."""
    seats = [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben"), Seat(AI, "normal", "Cleo")]
    g = new_game(app, seats, seed=21)
    rng = random.Random(1)
    stats = dict(setup=0, fire=0, cover=0, stay=0, deploy=0)
    while stats["fire"] < 3 and not g.match.is_over():
        wait_for(app, lambda: g.can_act() or g.match.is_over(), 10)
        if not g.match.is_over():
            human_turn(app, g, rng, stats)
    wait_for(app, lambda: g.can_act(), 10)           # saved while Ana is to decide
    g.runner.cancel()
    mine = dict(g.board.view().my_platoons)
    path = str(tmp_path / "mid.json")
    saves.save_match(g.match, path)
    g.on_exit()
    app.stack.scenes.clear()

    loaded = saves.load_match(path)
    g2 = new_game(app, None, match=loaded, resumed=True)
    frame(app)
    assert not any(is_handover(s) for s in app.stack.scenes)
    assert app.stack.top is g2 and g2.viewer == 0
    frame(app)
    assert g2.board.view().my_platoons == mine
    assert loaded.state.snapshot() == g.match.state.snapshot()
    # and play goes on from there, by clicks
    wait_for(app, lambda: g2.can_act() or g2.match.is_over(), 10)
    if not g2.match.is_over():
        human_turn(app, g2, rng, stats)


@pytest.mark.slow
def test_spectating_ais_draws_only_the_public_view(app):
    seats = [Seat(AI, "easy", n) for n in ("Ana", "Ben", "Cleo", "Dev")]
    g = new_game(app, seats, seed=2)
    asked = []
    real = g.visible_state
    g.visible_state = lambda: (asked.append(g.viewer), real())[1]
    wait_for(app, lambda: g.match.ply >= 30 or g.match.is_over(), 15)
    assert set(asked) == {None}
    v = g.board.view()
    assert v.seat is None and v.my_platoons == {} and v.my_reserves == ()
    assert g.board.me is None and len(g.board.panels) == 4


@pytest.mark.slow
def test_animations_run_to_the_end_and_release_busy(app, monkeypatch):
    app.settings.animation = "fast"
    seats = [Seat(HUMAN, name="Ana"), Seat(AI, "normal", "Ben"), Seat(AI, "normal", "Cleo")]
    g = new_game(app, seats, seed=7)
    rng = random.Random(5)
    stats = dict(setup=0, fire=0, cover=0, stay=0, deploy=0)
    kinds = set()
    orig = g.board.animator._start

    def spy(st):
        kinds.add(st.data["kind"])
        return orig(st)
    monkeypatch.setattr(g.board.animator, "_start", spy)
    from tests.ui.helpers import settle
    for _turn in range(200):
        if g.match.is_over() or stats["fire"] >= 6:
            break
        for _ in range(3000):
            if g.can_act() or g.match.is_over():
                break
            settle(app)
            app.step(0.1, events=[])         # big steps: the animation runs through quickly
        assert g.can_act() or g.match.is_over(), "the table stopped"
        if g.match.is_over():
            break
        human_turn(app, g, rng, stats)
        assert g.board.busy or g.match.log[-1].text.startswith(("setup",))
    assert {"shot", "answers", "ammo"} <= kinds, kinds
    g.runner.cancel()
    while g.board.busy:
        g.board.update(0.1)
    assert g.board.shown.k is None and g.board.shown.mine is None and not g.board.shown.hidden


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_layout_fits_every_size(app, size, n):
    app.screen = pygame.display.set_mode(size)
    app._relayout()
    names = INFO.seat_names(n)
    m = Match(INFO, {}, [Seat(HUMAN, name=names[0])] + [Seat(AI, "easy", x) for x in names[1:]], seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    for _ in range(n + 1):      # everyone sets up
        m.resolve_chance()
        if m.to_move() >= 0:
            v = m.state.view(m.to_move())
            m.play(INFO.make_ai("easy", m.to_move(), {}).choose(v, _Ctx()))
    m.resolve_chance()
    g = new_game(app, None, match=m)
    frame(app)
    b = g.board
    area = b.rect
    rects = []
    for s, p in b.panels.items():
        assert area.contains(p.rect), (s, p.rect, area)
        for sp in SPACES:
            assert area.contains(p.cell_rect(sp))
        rects.append(p.rect if not p.big else p.grid)
        if not p.big:
            assert p.cell >= app.theme.px(20), f"opponent cells too small: {p.cell}"
    # your grid is the largest; the grids you fire at stay generous (with one
    # opponent nearly as large as yours)
    opp_cell = min(p.cell for p in b.panels.values() if not p.big)
    assert b.me is not None and b.me.cell >= opp_cell
    if n == 2:
        assert opp_cell >= 0.8 * b.me.cell, (opp_cell, b.me.cell)
    else:
        assert opp_cell >= 0.4 * b.me.cell, (opp_cell, b.me.cell)
    for i, a in enumerate(rects):
        for c in rects[i + 1:]:
            assert not a.colliderect(c)
    for r in b.tray_slots + b.my_dead_slots:
        assert area.contains(r) and not b.me.grid.colliderect(r)
    assert not b.strip.colliderect(b.me.grid)
    for p in b.panels.values():
        assert not b.strip.colliderect(p.rect if not p.big else p.grid)
    assert area.contains(b.btn_stay.rect) and not b.btn_stay.rect.colliderect(b.me.grid)
    # the legend, where it is drawn, overlaps no grid, no die and no panel
    from games.cannon_corps.board import table_draw as td
    lg = b.legend_rect
    if lg is not None and 0 < td.legend_height(app.theme, lg.w) <= lg.h:
        assert area.contains(lg)
        for r in [p.rect if not p.big else p.grid for p in b.panels.values()] + b.tray_slots + b.my_dead_slots:
            assert not lg.colliderect(r), (lg, r)


class _Ctx:
    rng = random.Random(0)

    def check(self):
        pass


def test_public_table_from_events_matches_the_view():
    rng = random.Random(9)
    for n in (2, 3, 5):
        st = CorpsState(n)
        plies = 0
        while st.phase is not Phase.OVER:
            p = st.current_player()
            if p < 0:
                moves = [m for m, _ in st.chance_outcomes()]
                st.apply(rng.choice(moves))
                continue
            st.apply(rng.choice(st.legal_moves()))
            plies += 1
            v = st.view(None)
            pub = public_table(v.events, n)
            for s in range(n):
                assert pub[s].defeated == list(v.defeated[s])
                assert pub[s].out == v.out[s]
                assert pub[s].knowledge == v.knowledge(s)
                if st.phase is not Phase.SETUP:
                    assert pub[s].platoons == v.platoon_counts[s]
                    assert pub[s].reserves == v.reserve_counts[s]
                assert (pub[s].revealed or {}) == {sp: tuple(dv) for sp, dv in v.revealed.get(s, {}).items()}
            if plies > 3000:
                break


def test_rules_diagrams_draw_for_every_key(app):
    from games.cannon_corps.board.diagrams import KEYS
    from games.cannon_corps.board import CorpsBoard
    keys = list(KEYS) + ["something-new"]
    try:
        from games.cannon_corps import rules_text
        keys += [s["diagram"] for s in rules_text.SECTIONS if s.get("diagram")]
    except ImportError:
        pass
    for key in keys:
        surf = pygame.Surface((260, 260))
        surf.fill((0, 0, 0))
        CorpsBoard.draw_rules_diagram(key, surf, pygame.Rect(0, 0, 260, 260), app.theme)
        colours = {surf.get_at((x, y))[:3] for x in range(0, 260, 7) for y in range(0, 260, 7)}
        assert len(colours) > 8, key


def test_a_loaded_game_of_two_people_has_exactly_one_hand_over_on_the_stack(app, tmp_path):
    m = Match(INFO, {}, [Seat(HUMAN, name="Ana"), Seat(HUMAN, name="Cleo"), Seat(AI, "easy", "Ben")], seed=3,
              ai_secret=3, chance_secret=SEED_ONLY)
    m.play_text("setup d4@A1 d6@A2 d8@A3 d10@A4")         # now Cleo is to move
    path = str(tmp_path / "s.json")
    saves.save_match(m, path)
    g = new_game(app, None, match=saves.load_match(path), resumed=True)
    assert is_handover(app.stack.top)                     # on top at once
    frame(app)
    assert is_handover(app.stack.top) and app.stack.top.name == "Cleo"
    assert sum(is_handover(s) for s in app.stack.scenes) == 1
    asked = []
    real = g.visible_state
    g.visible_state = lambda: (asked.append(g.viewer), real())[1]
    for _ in range(3):
        frame(app)
    assert asked == []                     # behind the curtain the table is not drawn at all
    accept_handover(app)
    assert app.stack.top is g and g.viewer == 1


@pytest.mark.slow
def test_every_animation_step_on_a_scripted_game(app, monkeypatch):
    """Scripted moves through the board's on_move with animations on: a shot,
    answers, damage that a platoon survives, a defeat, cover, deployments, the
    halving of the firing die, a final salvo; then random play to the end
    (eliminations, the winner). After every move's animation the table shows
    exactly the view again."""
    app.settings.animation = "normal"
    m = Match(INFO, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    g = new_game(app, None, match=m)
    g.runner.cancel()
    b = g.board
    kinds = set()
    orig = b.animator._start

    def spy(st):
        kinds.add(st.data["kind"])
        return orig(st)
    monkeypatch.setattr(b.animator, "_start", spy)

    def play(text):
        before = m.state.copy()
        entry = m.play(Move("start", seat=0) if text == "start 0" else m.state.parse_move(text))
        b.host.show_move(entry, before)     # the board is handed the viewer's views
        saw_hidden = False
        for _ in range(400):
            if not b.busy:
                break
            b.update(0.05)
            saw_hidden |= bool(b.shown.hidden)
            b.draw(app.screen)
        assert not b.busy
        assert b.shown.mine is None and b.shown.k is None and not b.shown.hidden
        v = b.view()
        assert b.my_dice(v) == dict(v.my_platoons)
        return saw_hidden

    play("setup d4@A1 d6@A2 d8@A3 d10@A4")
    play("setup d4@C1 d6@C2 d8@C3 d10@C4")
    play("start 0")
    assert play("fire d4 B1")                 # miss; the d4 halves 4 -> 2 (drawn by the animation)
    play("fire d10 B4")
    play("fire d4 B2")                        # 2 -> 1
    play("fire d6 B4")
    assert b.view().my_platoons["d4"] == ("A1", 1)
    play("fire d4 C2")                        # FINAL SALVO: Ben's d6 falls...
    assert b.view().defeated == ((), ("d6",))
    play("deploy d12 C2")                     # ... Ben redeploys (secretly), then Ana's d4 falls too
    assert b.view().defeated == (("d4",), ("d6",))
    assert play("deploy d20 A1")              # Ana's own redeployment tumbles in
    assert play("fire d4 A4")                 # Ben's d4 hits Ana's d10: 10 -> 6, survives
    assert play("cover d10 B4")               # Ana runs for cover
    assert b.view().my_platoons["d10"] == ("B4", 6)
    assert {"setup", "start", "shot", "answers", "damage", "ammo", "salvo_exit", "deploy", "cover"} <= kinds
    rng = random.Random(2)
    for _ in range(600):
        if m.is_over():
            break
        p = m.to_move()
        if p < 0:
            before = m.state.copy()
            for e in m.resolve_chance():
                b.host.show_move(e, before)
            continue
        moves = m.state.legal_moves()
        mv = moves[rng.randrange(len(moves))]
        play(str(mv))
    assert m.is_over()
    assert "winner" in kinds


# -- readability, layout and colour-blind play ------------------------------------------

def _resize(app, size):
    app.screen = pygame.display.set_mode(size)
    app._relayout()


def _set_up_match(n, names=None, seed=1):
    names = names or INFO.seat_names(n)
    m = Match(INFO, {}, [Seat(HUMAN, name=names[0])] + [Seat(AI, "easy", x) for x in names[1:n]], seed=seed,
              ai_secret=seed, chance_secret=SEED_ONLY)
    for _ in range(n + 1):
        m.resolve_chance()
        if m.to_move() >= 0:
            v = m.state.view(m.to_move())
            m.play(INFO.make_ai("easy", m.to_move(), {}).choose(v, _Ctx()))
    m.resolve_chance()
    return m


def test_rules_diagram_stays_inside_the_callers_clip(app):
    """The rules screen clips diagrams to its scrolling text area: a diagram
    half scrolled out must not draw over the title or the Back button."""
    from games.cannon_corps.board.diagrams import KEYS
    from games.cannon_corps.board import CorpsBoard
    for key in KEYS:
        surf = pygame.Surface((300, 300))
        surf.fill((1, 2, 3))
        clip = pygame.Rect(0, 100, 300, 100)      # the picture starts above it and ends below it
        surf.set_clip(clip)
        CorpsBoard.draw_rules_diagram(key, surf, pygame.Rect(20, 40, 260, 260), app.theme)
        assert surf.get_clip() == clip, key       # the caller's clip is restored
        surf.set_clip(None)
        for y in list(range(0, 100, 3)) + list(range(200, 300, 3)):
            for x in range(0, 300, 5):
                assert surf.get_at((x, y))[:3] == (1, 2, 3), (key, x, y)
        inside = {surf.get_at((x, y))[:3] for x in range(20, 280, 6) for y in range(100, 200, 6)}
        assert len(inside) > 3, key               # and it did draw inside


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [2, 3, 6])
def test_setup_buttons_are_unambiguous_and_never_truncated(app, size, n):
    _resize(app, size)
    names = INFO.seat_names(n)
    m = Match(INFO, {}, [Seat(HUMAN, name=names[0])] + [Seat(AI, "easy", x) for x in names[1:]], seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    g = new_game(app, None, match=m)
    frame(app)
    b = g.board
    btns = b._buttons(b.view())
    assert [x.label for x in btns] == ["Take back", "Clear", "Confirm"]
    frame_labels = {x.label for x in g.buttons}
    font = app.theme.body_font()
    for x in btns:
        assert x.label not in frame_labels               # not a second "Undo" beside the frame's
        assert font.size(x.label)[0] <= x.rect.w - app.theme.px(10), (x.label, x.rect)
        assert b.rect.contains(x.rect)
        assert not x.rect.colliderect(b.me.grid)
        for s in b.tray_slots:
            assert not x.rect.colliderect(s)
    for i, x in enumerate(btns):
        for y in btns[i + 1:]:
            assert not x.rect.colliderect(y.rect)


def test_table_text_is_readable_at_800x600(app, monkeypatch):
    """Nothing on the table is drawn in a font smaller than the small font at 800x600."""
    from games.cannon_corps.board import table_draw as td
    _resize(app, (800, 600))
    floor = app.theme.small_font().get_height()
    g = new_game(app, None, match=_set_up_match(6, ["Ana", "Ben", "Cleo", "Dmitri", "Esperanza", "Fitzgerald"]))
    seen = []
    real_img = td.text_img

    def spy_img(s, font, color):
        seen.append((s, font.get_height()))
        return real_img(s, font, color)
    monkeypatch.setattr(td, "text_img", spy_img)
    g.board._panel_cache.clear()
    frame(app)
    assert seen
    small = [(s, h) for s, h in seen if h < floor - 1]
    assert not small, small


@pytest.mark.slow
def test_announcement_strip_shortens_instead_of_cutting(app):
    _resize(app, (800, 600))
    names = ["Ana", "Benedetta", "Cleopatra", "Dmitri", "Esperanza", "Fitzgerald"]
    m = _set_up_match(6, names, seed=3)
    g = new_game(app, None, match=m)
    g.runner.cancel()
    rng = random.Random(5)
    checked = 0
    for _ in range(200):
        if m.is_over():
            break
        if m.to_move() < 0:
            m.resolve_chance()
            continue
        mv = rng.choice(m.state.legal_moves())
        m.play(mv)
        if mv.kind != "fire":
            continue
        g.board.reset()
        frame(app)
        line, font, _ = g.board._strip_line(g.board.view())
        assert line and not line.endswith("..."), line
        assert font.size(line)[0] <= g.board.strip.w
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("n", [4, 6])
def test_colour_blind_seats_carry_numbers_and_hits_differ_from_misses_by_shape(app, n, monkeypatch):
    from games.cannon_corps.board import table_draw as td
    app.settings.colorblind = True
    app.theme.colorblind = True
    g = new_game(app, None, match=_set_up_match(n))
    labels = []
    real = td.draw_seat_marker

    def spy(surface, theme, seat, center, radius, label=None):
        labels.append((seat, label, radius))
        return real(surface, theme, seat, center, radius, label)
    monkeypatch.setattr(td, "draw_seat_marker", spy)
    g.board._panel_cache.clear()
    frame(app)
    assert {s for s, _, _ in labels} == set(range(n))
    assert all(label == str(s + 1) for s, label, _ in labels)
    # the number is readable: a badge is at least as large as the small font
    assert min(r for _, _, r in labels) * 2 >= app.theme.small_font().get_height()
    # hit and miss: different shapes (compare which pixels each mark paints, not their colours)
    t = app.theme

    def painted(mark):
        surf = pygame.Surface((60, 60))
        surf.fill(t.c["fog"])
        td.crater(surf, t, surf.get_rect(), mark, number=False)
        return {(x, y) for x in range(60) for y in range(60) if surf.get_at((x, y))[:3] != t.c["fog"]}
    hit, miss = painted({"answer": "hit", "ago": 0}), painted({"answer": "miss", "ago": 0})
    assert len(hit ^ miss) > 0.5 * len(hit | miss)
    assert (30, 30) in hit and (30, 30) not in miss          # a burst is solid; a ring is hollow
    defeated = painted({"answer": "hit", "ago": 0, "result": "defeated"})
    cover = painted({"answer": "hit", "ago": 0, "result": "cover"})
    for a, b_ in ((hit, defeated), (hit, cover), (defeated, cover)):
        assert a != b_


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_two_seats_played_by_clicks_at_other_sizes(app, size):
    """The 2-seat table (stacked at 800x600, side by side when wide) still
    takes every decision from clicks: setup with Take back and Clear, fire,
    cover or stay, deploy."""
    _resize(app, size)
    seats = [Seat(HUMAN, name="Ana"), Seat(AI, "normal", "Ben")]
    g = new_game(app, seats, seed=13)
    rng = random.Random(2)
    stats = dict(setup=0, fire=0, cover=0, stay=0, deploy=0)
    for _turn in range(200):
        if g.match.is_over() or stats["fire"] >= 8:
            break
        wait_for(app, lambda: g.can_act() or g.match.is_over(), 10)
        if g.match.is_over():
            break
        frame(app)
        b = g.board
        opp = next(p for p in b.panels.values() if not p.big)
        assert opp.cell >= 0.8 * b.me.cell
        human_turn(app, g, rng, stats)
    assert stats["setup"] == 1 and stats["fire"] >= 3, stats


def test_a_click_or_space_skips_the_animation(app):
    app.settings.animation = "normal"
    m = Match(INFO, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=1, ai_secret=1, chance_secret=SEED_ONLY)
    g = new_game(app, None, match=m)
    g.runner.cancel()
    b = g.board
    b.draw(app.screen)
    for text, skip in (("setup d4@A1 d6@A2 d8@A3 d10@A4", "click"), ("setup d4@C1 d6@C2 d8@C3 d10@C4", "space"),
                       ("start 0", "click"), ("fire d10 C4", "space")):
        before = m.state.copy()
        entry = m.play(Move("start", seat=0) if text == "start 0" else m.state.parse_move(text))
        b.host.show_move(entry, before)
        b.update(0.01)
        assert b.busy, text
        ply = m.ply
        # through the frame's event routing (its update would start the next move's animation)
        if skip == "click":
            g.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
        else:
            g.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
        assert not b.busy, text
        assert b.shown.mine is None and b.shown.k is None and not b.shown.hidden
        assert m.ply == ply                       # skipping plays no move
    v = b.view()
    assert b.my_dice(v) == dict(v.my_platoons)


@pytest.mark.parametrize("side", [70, 90, 260])
def test_a_diagram_caption_is_never_cut_on_a_small_picture(app, monkeypatch, side):
    """The menu card's picture read "Your / secret ...": the short wording still had a
    word too wide for its line. The first wording whose every line fits is used."""
    from games.cannon_corps.board import diagrams as D
    said: list[str] = []
    real = D.td.text
    monkeypatch.setattr(D.td, "text", lambda surface, text, *a, **k: said.append(text) or real(surface, text, *a, **k))
    surf = pygame.Surface((side, side))
    D.draw_diagram("grid", surf, pygame.Rect(0, 0, side, side), app.theme)
    assert said and not any(line.endswith("...") for line in said), said


def board_of_finished(app, m):
    """The table of a finished match, its result card put away, its animations done."""
    g = new_game(app, None, match=m)
    for _ in range(600):
        frame(app)
        if app.stack.top is not g:
            app.pop()                                     # the result card: back to the board
        if app.stack.top is g and not g.board.busy:
            break
    return g


def test_the_review_of_a_finished_game_shows_every_grid(app, monkeypatch):
    """A play-test: reviewing a finished four-seat game, under "Game over: every grid is
    revealed", showed empty grids (only the seats already out had theirs)."""
    m = finished_match("cannon_corps", 4, seed=3)
    g = board_of_finished(app, m)
    # a position after every seat has set up, before anyone is out
    ply = next(i for i in range(1, m.ply) if all(m.state_at(i).view(None).platoon_counts) and
               not any(m.state_at(i).out))
    from games.ui import result_card
    from tests.ui.helpers import spy_texts
    drawn = spy_texts(monkeypatch, result_card)
    g.review(ply)
    frame(app)
    pub = g.board.public()
    assert all(info.revealed for info in pub), [bool(info.revealed) for info in pub]
    # the figures above the log: every row, no label or name cut (a play-test: "A...",
    # "Platoons defea...", and "2 more: Review shows every figure" while reviewing)
    rows = result_card.safe_stats(m)
    assert all(row.label in drawn for row in rows), [row.label for row in rows if row.label not in drawn]
    assert not [t for t in drawn if t.endswith("...") or "more:" in t], drawn
    _resize(app, (800, 600))                       # a narrow column: markers, whole labels, whole figures
    drawn.clear()
    g.review(ply - 1)
    frame(app)
    assert all(row.label in drawn for row in rows)
    assert not [t for t in drawn if t.endswith("...") or "more:" in t], drawn
    g.review(None)
    frame(app)


def test_the_end_board_names_the_winners_reserve_dice(app, monkeypatch):
    """A play-test: the end board says every grid is revealed, yet a winner's reserves
    were only counted ("4 on grid, 1 in reserve"), their dice not named. At the end the
    grid and the defeated dice are public, so the dice left are the table's to name."""
    from games.cannon_corps.board import table_draw as td
    from games.cannon_corps.rules.public import revealed_reserves
    m = next(m for m in (finished_match("cannon_corps", 3, s) for s in range(1, 30))
             if public_table(m.state.events, 3)[m.state.winner()].reserves)
    info = public_table(m.state.events, 3)[m.state.winner()]
    kept = revealed_reserves(info)
    grid_dice = {die for die, _ in info.revealed.values()}
    assert len(kept) == info.reserves and not set(kept) & (grid_dice | set(info.defeated))
    assert sorted(kept + list(grid_dice) + info.defeated, key=DICE.index) == list(DICE)
    # before the end only the count is public: a seat not yet revealed names nothing
    mid = public_table(m.state.events, 3, upto=len(m.state.events) // 2)
    assert all(revealed_reserves(i) == [] for i in mid if not i.revealed)
    drawn: list = []
    real = td.text
    monkeypatch.setattr(td, "text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k))
    board_of_finished(app, m)
    assert any(" ".join(kept) in t and "reserve" in t for t in drawn), drawn


def test_the_banner_of_a_reviewed_position_is_that_positions_own(app):
    """A play-test reviewed a finished game from its start: the banner still said "Game over:
    every grid is revealed" over the start's empty grids. The banner now reads the reviewed
    position's own line, and the end's once the review is left."""
    m = finished_match("cannon_corps", 3, seed=5)
    g = board_of_finished(app, m)
    names = m.names()
    g.review(0)
    frame(app)
    assert g.banner_title(g.shown_state()) == m.state_at(0).status_text(names) != m.state.status_text(names)
    assert not g.banner_title(g.shown_state()).startswith("Game over")
    g.review(None)
    frame(app)
    assert g.banner_title(g.shown_state()).startswith("Game over")


def test_a_defeated_die_sits_inside_its_slot_as_a_reserve_does(app, monkeypatch):
    """A play-test at 1280x720: a defeated die was drawn the slot's full width, spilling
    over its edge (and the lesson's ring round the row)."""
    from games.cannon_corps.board import drawing as DR
    from games.cannon_corps.board import table_draw as td
    from games.core.ai import ThinkContext
    info = games.get("cannon_corps")
    m = Match(info, {}, [Seat(HUMAN, "", "Ana"), Seat(AI, "easy", "Ben")], seed=5, ai_secret=5,
              chance_secret=SEED_ONLY)
    ctx = ThinkContext(time_scale=0.01, rng=random.Random(5))
    while not any(i.defeated for i in public_table(m.state.events, 2)):
        if m.to_move() < 0:
            m.resolve_chance()
            continue
        m.play(info.make_ai("easy", m.to_move(), m.options).choose(m.state.view(m.to_move()), ctx))
    g = board_of_finished(app, m)
    drawn = []
    real = td.dead_die

    def spy(surface, theme, seat, kind, center, size, alpha=255):
        drawn.append((center, size))
        return real(surface, theme, seat, kind, center, size, alpha)
    monkeypatch.setattr(DR.td, "dead_die", spy)
    g.draw(app.screen)
    assert drawn, "a finished game has defeated dice"
    slots = [s for p in g.board.lay.panels.values() for s in p.dead_slots] + list(g.board.lay.my_dead_slots)
    for center, size in drawn:
        slot = next(s for s in slots if s.center == tuple(int(v) for v in center))
        assert size <= slot.w * 0.85, f"a die of {size:.0f} px in a slot {slot.w} px wide"


def test_setting_up_the_help_names_the_dice_in_the_tray_not_reserves(app):
    """Learn Corps, step 2: set-up help said "Pick a die from your reserves" while the
    tray is headed "Your dice" and no die is a reserve yet."""
    g = new_game(app, [Seat(HUMAN, "", "Ana"), Seat(AI, "easy", "Ben")])
    for _ in range(5):
        frame(app)
    assert g.match.state.phase == Phase.SETUP
    text = g.board.help_text()
    assert "your dice" in text and "reserve" not in text


def test_tab_reaches_the_set_up_buttons(app):
    """A keyboard play-test: Tab went from the grid straight to the move box; Take back,
    Clear and Confirm were reached only by arrows."""
    from tests.ui.helpers import key
    g = new_game(app, [Seat(HUMAN, "", "Ana"), Seat(AI, "easy", "Ben")])
    for _ in range(5):
        frame(app)
    assert g.match.state.phase == Phase.SETUP
    for d, sp in list(zip(DICE, SPACES))[:4]:          # four dice placed: every set-up button is live
        g.board.staged[d] = sp
        g.board.stage_order.append(d)
    frame(app)
    labels = []
    for _ in range(8):
        key(app, pygame.K_TAB)
        f = g.keys.focused()
        labels.append(getattr(f, "label", None))
    assert {"Take back", "Clear", "Confirm"} <= set(labels), labels


def test_the_set_up_help_says_choose_when_the_keys_are_in_use(app):
    """A keyboard play-test: the last set-up line said "click a placed die" to a player on
    the keys; with the cursor in use it says "choose", as the other lines do."""
    from tests.ui.helpers import key
    g = new_game(app, [Seat(HUMAN, "", "Ana"), Seat(AI, "easy", "Ben")])
    for _ in range(5):
        frame(app)
    for d, sp in list(zip(DICE, SPACES))[:4]:
        g.board.staged[d] = sp
        g.board.stage_order.append(d)
    frame(app)
    assert "(click a placed die" in g.board.help_text()
    key(app, pygame.K_RIGHT)
    assert g.board.nav.on
    assert "(choose a placed die" in g.board.help_text(), g.board.help_text()
