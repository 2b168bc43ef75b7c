"""Synthesised sound effects: the samples are sane, and the board stays silent
(and harmless) when there is no mixer."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from array import array  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from games.ui.sound import EFFECTS, LENGTHS, SoundBoard, render  # noqa: E402


@pytest.fixture(autouse=True)
def _no_mixer_left_open():
    yield
    pygame.mixer.quit()


def test_effect_names():
    assert set(EFFECTS) == {"shot", "hit", "click", "explosion", "dice", "tick", "win", "error"}


@pytest.mark.parametrize("name", EFFECTS)
@pytest.mark.parametrize("rate", [44100, 22050, 48000])
def test_render_is_sane(name, rate):
    a = render(name, rate)
    assert isinstance(a, array) and a.typecode == "h"
    assert len(a) == round(rate * LENGTHS[name])
    assert LENGTHS[name] < (1.2 if name == "explosion" else 0.6)
    peak = max(max(a), -min(a))
    assert 0.3 * 32767 < peak <= 32767, "audible, never clipped"
    assert peak < 32767, "headroom left"
    rms = (sum(v * v for v in a) / len(a)) ** 0.5
    assert rms > 300, "not silent"
    # no DC offset worth mentioning, and it ends quietly (no click at the end)
    assert abs(sum(a) / len(a)) < 0.1 * 32767
    tail = a[-max(1, rate // 200):]
    assert max(abs(v) for v in tail) < 0.25 * peak


def test_render_is_deterministic_and_refuses_unknown_names():
    assert render("dice", 44100) == render("dice", 44100)
    with pytest.raises(ValueError):
        render("kaboom", 44100)


def test_synthesis_covers_every_effect():
    # how long synthesis takes is printed by tests/bench/bench_ui_pieces.py
    assert all(len(render(name, 22050)) > 0 for name in EFFECTS)


def test_board_is_silent_when_the_mixer_cannot_start(monkeypatch):
    def fail(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    board = SoundBoard()
    assert board.start() is False
    assert not board.available and board.error
    board.set_volumes(0.5, 0.5, False)
    for name in EFFECTS:
        board.play(name)  # no-op, no error
    with pytest.raises(ValueError):
        board.play("kaboom")


def test_board_is_silent_when_sound_creation_fails(monkeypatch):
    def fail(*args, **kwargs):
        raise pygame.error("mixer not initialised")

    monkeypatch.setattr(pygame.mixer, "Sound", fail)
    board = SoundBoard()
    board.start()
    assert not board.available
    board.play("shot")


def test_board_constructor_does_nothing_heavy(monkeypatch):
    import games.ui.sound as sound_mod
    monkeypatch.setattr(sound_mod, "render", lambda *a, **k: pytest.fail("synthesised in the constructor"))
    board = SoundBoard()
    assert not board.available
    assert not pygame.mixer.get_init()
    board.play("click")  # before start: silent


@pytest.mark.slow
def test_board_with_the_dummy_driver():
    board = SoundBoard()
    ok = board.start()
    if not ok:
        pytest.skip(f"no mixer here: {board.error}")
    print(f"\nSoundBoard.start synthesis at {board.rate} Hz x{board.channels}: "
          f"{board.synth_ms:.1f} ms wall, {board.synth_cpu_ms:.1f} ms CPU")
    assert board.available
    assert board.start() is True  # idempotent
    for name in EFFECTS:
        board.play(name)
    board.set_volumes(0.5, 0.4, False)
    assert board.volume == pytest.approx(0.2)
    assert all(s.get_volume() == pytest.approx(0.2, abs=0.01) for s in board._sounds.values())
    board.set_volumes(1.0, 1.0, True)
    assert board.muted and board.volume == 0
    assert all(s.get_volume() == 0 for s in board._sounds.values())
    board.play("shot")  # muted: nothing
    board.set_volumes(2.0, -1.0, False)  # clamped
    assert board.volume == 0


@pytest.mark.slow
def test_board_adapts_to_a_mixer_already_open_in_another_format():
    try:
        pygame.mixer.init(22050, 8, 1)
    except pygame.error as e:
        pytest.skip(f"no mixer here: {e}")
    board = SoundBoard()
    board.start()
    assert board.error is None and board.available, board.error
    assert board.rate == pygame.mixer.get_init()[0]
    board.play("win")


def test_stereo_buffer_lengths_match_the_mixer():
    try:
        pygame.mixer.init(44100, -16, 2)
    except pygame.error as e:
        pytest.skip(f"no mixer here: {e}")
    board = SoundBoard()
    assert board.start()
    rate = board.rate
    for name in EFFECTS:
        assert board._sounds[name].get_length() == pytest.approx(LENGTHS[name], abs=2 / rate + 1e-3)
