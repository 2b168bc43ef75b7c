"""Leak 3 of the hidden-information issue: a bluff must not be heard.

Every secret choice that reads the same to the table sounds and animates the
same, through the real frame (``GameScreen``) with animations on: "Stay
(bluff)" and running for cover (a click on a lit space) play the same sounds
and keep the board busy for the same number of frames; so do different
deployments.  Each world starts from the same position and is driven by
synthetic clicks; every ``app.sound.play`` call is recorded."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import games  # noqa: E402
from games.cannon_corps.rules import CoverDecision, DeployDecision  # noqa: E402
from games.core import paths  # noqa: E402
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat  # noqa: E402

INFO = games.get("cannon_corps")
ANA = "setup d4@A1 d6@A2 d8@A3 d20@A4"
BEN = "setup d10@B1 d%@B2 d12@B3 d20@B4"


@pytest.fixture
def app(tmp_path):
    paths.set_data_dir(str(tmp_path / "data"))
    from games.ui.headless import make_app
    a = make_app((1280, 720), animation="normal")
    yield a
    for s in list(a.stack.scenes):
        s.on_exit()
    a.stack.scenes.clear()


def _frame(app, events=()):
    app.step(1 / 60, events=list(events))


def _click(app, pos):
    _frame(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def _world(app, moves):
    """Ana (human) against Ben (computer), the given moves played; Ana to decide."""
    from games.ui.game_screen import GameScreen
    app.stack.scenes.clear()
    m = Match(INFO, {}, [Seat(HUMAN, name="Ana"), Seat(AI, "easy", "Ben")], seed=9, ai_secret=9, chance_secret=SEED_ONLY)
    for text in moves:
        m.play_text(text)
    g = GameScreen(app, m)
    app.push(g)
    for _ in range(3):
        _frame(app)
    assert g.can_act() and not g.board.busy
    return g


def _record(app, g, act):
    """Do ``act`` (the click), then step frames until the board is idle:
    (the sounds played, the frames it took)."""
    played = []
    real = app.sound.play
    app.sound.play = lambda name: (played.append(name), real(name))[1]
    try:
        ply = g.match.ply
        act()
        assert g.match.ply == ply + 1, g.status
        frames = 0
        while g.board.busy:
            _frame(app)
            frames += 1
            assert frames < 600
    finally:
        app.sound.play = real
    return played, frames


def test_stay_and_running_for_cover_sound_and_take_the_same(app):
    hit = [ANA, BEN, "start 1", "fire d10 A4"]          # Ben's power 10 hits Ana's d20: 20 -> 10
    runs = {}
    for how in ("stay button", "stay on the hit space", "cover"):
        g = _world(app, hit)
        b = g.board
        v = b.view()
        assert isinstance(v.pending, CoverDecision) and v.pending.options
        target = {"stay button": b.btn_stay.rect.center, "stay on the hit space": b.cell_center(0, "A4"),
                  "cover": b.cell_center(0, v.pending.options[0])}[how]
        runs[how] = _record(app, g, lambda target=target: _click(app, target))
        assert g.match.log[-1].text.startswith("stay" if how.startswith("stay") else "cover")
        assert g.match.log[-1].public == "ran for cover"
    assert runs["stay button"] == runs["stay on the hit space"] == runs["cover"], runs
    assert runs["cover"][1] > 10                        # it did animate (not an empty comparison)


@pytest.mark.slow
def test_every_deployment_sounds_and_takes_the_same(app):
    fall = [ANA, BEN, "start 1", "fire d20 A1"]          # Ben's 20 defeats Ana's d4: she deploys
    runs = {}
    for die, space in (("d10", "A1"), ("d12", "C4"), ("d%", "B2")):
        g = _world(app, fall)
        b = g.board
        v = b.view()
        assert isinstance(v.pending, DeployDecision) and die in v.pending.reserves

        def act(b=b, die=die, space=space):
            _click(app, b.tray_center(die))
            _click(app, b.cell_center(0, space))
        runs[(die, space)] = _record(app, g, act)
        assert g.match.log[-1].text == f"deploy {die} {space}"
    assert len(set(map(repr, runs.values()))) == 1, runs
    sounds, frames = next(iter(runs.values()))
    assert frames > 10 and sounds == ["dice"]
