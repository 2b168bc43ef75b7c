"""Closing the app mid-turn loses nothing: a subprocess playing a game through the
real frame is killed with SIGKILL at random moments; its autosave must then load,
replay to the very moves it reported, and leave the same player to move.
Every registered game is covered by registering."""
import os
import random
import signal
import subprocess
import sys
import time

import pytest

import games
from games.core import paths, saves

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def run_and_kill(game_id, data_dir, seed, after_lines, extra_ms):
    """Start the child, let it report ``after_lines`` saved moves, wait a little
    more, kill it. Returns the (ply, move text) lines it printed."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONUNBUFFERED="1")
    child = subprocess.Popen([sys.executable, "-m", "tests.hardening.kill_target", game_id, data_dir, str(seed)],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    deadline = time.perf_counter() + 120
    try:
        while len(lines) < after_lines and time.perf_counter() < deadline:
            line = child.stdout.readline()
            if not line or line.startswith("OVER"):
                break
            if line.startswith("SAVED "):
                _tag, ply, *text = line.rstrip("\n").split(" ", 2)
                lines.append((int(ply), text[0] if text else ""))
        time.sleep(extra_ms / 1000)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    return lines, child


@pytest.mark.slow
@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_a_kill_at_any_moment_leaves_an_autosave_that_resumes_the_same_game(info, tmp_path):
    rng = random.Random(info.id)
    for attempt in range(3):
        data = str(tmp_path / f"run{attempt}")
        lines, child = run_and_kill(info.id, data, seed=attempt + 1, after_lines=rng.randint(2, 25),
                                    extra_ms=rng.uniform(0, 40))
        assert lines, f"the child reported nothing: {child.stderr.read()[-2000:]}"
        paths.set_data_dir(data)
        last = saves.latest_unfinished_autosave()
        found = [s for s in saves.list_saves(check=True) if s.autosave]
        assert found and all(s.error is None for s in found), [s.error for s in found]
        m = saves.load_match(found[0].path)
        texts = [e.text for e in m.log]
        assert m.ply >= lines[-1][0], "an autosave the child reported is missing"
        assert [texts[p - 1] for p, _t in lines if p] == [t for p, t in lines if p], \
            "the saved moves differ from the ones played"
        if not m.is_over():
            assert last is not None and last.path == found[0].path, "Continue offers this game"
        replay = saves.load_match(found[0].path)
        assert replay.to_move() == m.to_move() and replay.state.snapshot() == m.state.snapshot()
