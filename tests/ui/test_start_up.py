"""Starting where the app can't run says so: no display (SDL's invisible fallback driver)
and a Python without the app's packages each get a sentence and an exit code, never an
invisible window or a traceback."""
import pygame
import pytest

import main
from games.ui import app as app_mod


def test_without_a_display_the_app_says_so_and_exits(monkeypatch, capsys, tmp_path):
    from games.core import paths
    paths.set_data_dir(str(tmp_path))
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    with pytest.raises(app_mod.NoDisplay):
        app_mod.check_display()
    assert app_mod.run_app() == 2
    assert "needs a screen" in capsys.readouterr().err
    paths.set_data_dir(None)


def test_a_driver_asked_for_on_purpose_is_fine(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    app_mod.check_display()


def test_a_missing_package_is_named_with_the_command_that_installs_it(capsys):
    err = ImportError("No module named 'pygame'", name="pygame")
    assert main._missing(err) == 2
    out = capsys.readouterr().err
    assert "pygame is not installed" in out and "pip install -r requirements.txt" in out and "Traceback" not in out


def test_a_window_size_below_the_minimum_is_said_to_grow(monkeypatch, capsys, tmp_path):
    """A play-test: --size 320x240 opened an 800x600 window without a word."""
    seen = {}
    monkeypatch.setattr(app_mod, "run_app", lambda size=None, fullscreen=None: seen.update(size=size) or 0)
    assert main.main(["--data-dir", str(tmp_path), "--size", "320x240"]) == 0
    assert "the window is at least 800x600; opening 800x600" in capsys.readouterr().err
    assert main.main(["--data-dir", str(tmp_path), "--size", "1280x720"]) == 0
    assert capsys.readouterr().err == ""
