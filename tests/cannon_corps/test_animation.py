"""The Cannon Corps table's animations on the shared timeline: a skipped
animation ends in exactly the picture a played one does, "off" takes no time,
the dice follow their step's progress (a deployed reserve is set down showing
its highest side, never rolled), the last shot stays on the strip until the
next one, and the end of the game names the winner once."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon_corps.rules import DIE_SIZES, Move  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat  # noqa: E402
from games.ui.dice import DieChange, DiePlace, DieRoll  # noqa: E402

INFO = games.get("cannon_corps")
SCRIPT = ["setup d4@A1 d6@A2 d8@A3 d10@A4", "setup d4@C1 d6@C2 d8@C3 d10@C4", "start 0",
          "fire d4 B1",            # a miss; the d4 halves 4 -> 2
          "fire d10 B4",
          "fire d4 B2",            # 2 -> 1
          "fire d6 A4",            # Ben's 6 hits Ana's d10: 10 -> 4, it survives
          "cover d10 B4",          # Ana runs for cover
          "fire d4 C2",            # FINAL SALVO: Ben's d6 falls ...
          "deploy d12 C2",         # ... Ben redeploys, then Ana's d4 falls too
          "deploy d20 A1",         # Ana's own redeployment is set down
          "fire d4 B4"]            # Ben's d4 (4) hits Ana's d10 on B4: 4 -> 0, defeated


@pytest.fixture
def app(tmp_path):
    paths.set_data_dir(str(tmp_path / "data"))
    from games.ui.headless import make_app
    a = make_app((1280, 720), animation="normal")
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    a.stack.scenes.clear()


def _screen(app, m):
    from games.ui.game_screen import GameScreen
    g = GameScreen(app, m)
    app.push(g)
    g.runner.cancel()
    app.stack.scenes.remove(g)        # driven by hand here: the frame does not move the game on
    g.board.reset()
    return g


def _match():
    return Match(INFO, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=1, ai_secret=1, chance_secret=SEED_ONLY)


def _apply(g, text):
    m = g.match
    before = m.state.copy()
    entry = m.play(Move("start", seat=0) if text == "start 0" else m.state.parse_move(text))
    g.show_move(entry, before)      # the board is handed the viewer's views


def _picture(app, b):
    surf = pygame.Surface(app.screen.get_size())
    b._panel_cache.clear()
    b.draw(surf)
    return pygame.image.tobytes(surf, "RGB")


@pytest.mark.slow
def test_a_skipped_animation_ends_in_the_played_picture(app):
    played, skipped = _screen(app, _match()), _screen(app, _match())
    for text in SCRIPT:
        _apply(played, text)
        _apply(skipped, text)
        skipped.board.update(0.05)
        skipped.board.skip()
        assert not skipped.board.busy
        steps = 0
        while played.board.busy:
            played.board.update(1 / 60)
            played.board.draw(app.screen)
            steps += 1
            assert steps < 1000
        assert text.startswith("setup") or steps > 5, text
        assert _picture(app, played.board) == _picture(app, skipped.board), text
        for b in (played.board, skipped.board):
            assert b.shown.k is None and b.shown.mine is None and not b.shown.hidden
            assert b.my_dice(b.view()) == dict(b.view().my_platoons)


def test_animation_off_takes_no_time(app):
    app.settings.animation = "off"
    g = _screen(app, _match())
    sounds = []
    real = app.sound.play
    app.sound.play = sounds.append
    try:
        for text in SCRIPT:
            _apply(g, text)
            assert not g.board.busy and g.board.timeline.idle, text
            assert g.board.shown.k is None and g.board.shown.mine is None
    finally:
        app.sound.play = real
    assert sounds.count("shot") == sum(t.startswith("fire") for t in SCRIPT)


def _run_watching(b, pick):
    """Play the running animation to its end; ``pick(step)`` is called every frame."""
    while b.busy:
        run = b.animator.running()
        if run is not None:
            pick(run)
        b.update(1 / 60)


def test_the_dice_follow_their_steps_progress(app):
    g = _screen(app, _match())
    for text in SCRIPT[:6]:
        _apply(g, text)
        g.board.timeline.skip()
    _apply(g, "fire d6 A4")                  # Ana's d10 is hit: its value counts down 10 -> 4
    seen = []

    def pick(step):
        for anim, _, _ in step.data["anims"]:
            if isinstance(anim, DieChange) and anim.kind == "d10":
                assert abs(anim.progress - step.progress) < 1e-9
                seen.append(anim.value)
    _run_watching(g.board, pick)
    assert seen[0] >= 9 and seen[-1] == 4 and len(set(seen)) >= 4


def test_a_deployed_reserve_is_set_down_not_rolled(app):
    g = _screen(app, _match())
    for text in SCRIPT[:-2]:
        _apply(g, text)
        g.board.timeline.skip()
    _apply(g, "deploy d20 A1")
    values, kinds = set(), set()

    def pick(step):
        for anim, _, _ in step.data["anims"]:
            kinds.add(type(anim))
            if isinstance(anim, DiePlace):
                values.add(anim.value)
    _run_watching(g.board, pick)
    assert DiePlace in kinds and DieRoll not in kinds
    assert values == {DIE_SIZES["d20"]}


def test_the_last_shot_stays_on_the_strip_until_the_next_shot(app):
    g = _screen(app, _match())
    for text in SCRIPT[:7]:
        _apply(g, text)
        g.board.timeline.skip()
    b = g.board
    line = b.drawer.strip_line(b.view())[0]
    assert line.startswith('Ben: "Power 6 shot at A4"') and "HIT: you" in line
    _apply(g, "cover d10 B4")                 # Ana's decision, then the ammo step: the shot stays
    _run_watching(b, lambda step: None)
    assert b.drawer.strip_line(b.view())[0] == line
    _apply(g, "fire d4 C2")
    b.timeline.skip()
    assert "Power 1 shot at C2" in b.drawer.strip_line(b.view())[0]


def test_the_end_of_the_game_names_the_winner_once(app):
    m = _match()
    rng = random.Random(5)
    while not m.is_over():
        if m.to_move() < 0:
            m.apply_chance()
            continue
        ms = m.state.legal_moves()
        m.play(ms[rng.randrange(len(ms))])
    g = _screen(app, m)
    g.viewer = None
    g.board.reset()
    names = m.names()
    winner = names[m.state.winner()]
    strip = g.board.drawer.strip_line(g.board.view())[0]
    assert "wins" not in strip                                   # the strip keeps the last shot
    assert winner not in m.state.status_text(names)               # the banner: "Game over ..."
    assert winner not in m.state.result_text(names)               # the card's text under "Ana wins!"
