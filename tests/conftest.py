"""Shared test setup: no window, no sound device, no writes to the real user folder."""
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    from games.core import paths
    paths.set_data_dir(str(tmp_path / "data"))
    yield
    paths.set_data_dir(None)


def pytest_collection_modifyitems(config, items):
    """Tests that drive a real browser are slow by nature (a headless Chromium starts and
    plays a whole game), so the fast loop (``-m "not slow"``) leaves the whole folder out."""
    browser = os.path.join(os.path.dirname(os.path.abspath(__file__)), "browser") + os.sep
    for item in items:
        if str(item.path).startswith(browser):
            item.add_marker(pytest.mark.slow)
