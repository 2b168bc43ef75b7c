"""Where the app keeps its files. ``--data-dir`` overrides the platform default."""
from __future__ import annotations

import os
import sys

from games.version import __version__

#: the app's version (written in one place: games/version.py)
APP_VERSION: str = __version__

APP_NAME = "Cannonade"

_override: str | None = None


def set_data_dir(path: str | None) -> None:
    global _override
    _override = os.path.abspath(path) if path else None


def data_dir() -> str:
    if _override:
        return _override
    import platformdirs
    return platformdirs.user_data_dir(APP_NAME, appauthor=False)


def saves_dir() -> str:
    return os.path.join(data_dir(), "saves")


def autosave_dir() -> str:
    return os.path.join(data_dir(), "saves", "autosave")


def settings_path() -> str:
    return os.path.join(data_dir(), "settings.json")


def resource_root() -> str:
    """The folder holding ``assets/``: the source tree, or PyInstaller's bundle
    folder when frozen. Never the working directory."""
    if getattr(sys, "frozen", False):
        return getattr(sys, "_MEIPASS", os.path.dirname(sys.executable))
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def asset(*parts: str) -> str:
    return os.path.join(resource_root(), "assets", *parts)


def log_path() -> str:
    return os.path.join(data_dir(), "logs", "cannonade.log")
