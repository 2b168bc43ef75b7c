"""The end-of-game statistics contract (games/core/stats.py): the lookup through the
registry, the shape of the rows, the shared helpers, and that no game's figures need pygame."""
import dataclasses
import os
import subprocess
import sys

import pytest

import games
from games.core.match import AI, SEED_ONLY, Match, Seat
from games.core.stats import NONE, Stat, against, game_stats, mean, of, signed, stats_function
from tests.core import toygame

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def toy_match(info=toygame.INFO):
    return Match(info, {}, [Seat(AI, "normal", "A"), Seat(AI, "normal", "B")], seed=1, chance_secret=SEED_ONLY)


def _one_value(match):
    return [Stat("Points", (1,))]


def _two_values(match):
    return [Stat("Points", [3, 4], "from a list")]


def test_a_game_without_a_stats_function_gives_nothing():
    assert toygame.INFO.stats == ""
    assert stats_function(toygame.INFO) is None
    assert game_stats(toy_match()) == []


def test_the_function_is_found_through_the_registry_entry_and_rows_are_tuples():
    info = dataclasses.replace(toygame.INFO, stats="tests.core.test_stats:_two_values")
    rows = game_stats(toy_match(info))
    assert rows == [Stat("Points", (3, 4), "from a list")]
    assert isinstance(rows[0].values, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rows[0].label = "x"  # type: ignore[misc]


def test_a_row_without_one_value_per_seat_is_refused():
    info = dataclasses.replace(toygame.INFO, stats="tests.core.test_stats:_one_value")
    with pytest.raises(ValueError, match="2 values"):
        game_stats(toy_match(info))


def test_a_malformed_stats_entry_is_refused():
    info = dataclasses.replace(toygame.INFO, stats="tests.core.test_stats")
    with pytest.raises(ValueError, match="module:function"):
        stats_function(info)


@pytest.mark.parametrize("info", games.GAMES, ids=lambda g: g.id)
def test_every_registered_game_has_stats_and_a_new_match_gives_one_value_per_seat(info):
    assert info.stats in (f"games.{info.id}.rules.stats:stats", f"games.{info.id}.stats:stats")   # rules/ (issue 27)
    assert callable(stats_function(info))
    for n in info.seat_counts()[:2]:
        m = Match(info, {}, [Seat(AI, "random", f"P{i}") for i in range(n)], seed=3, ai_secret=3,
                  chance_secret=SEED_ONLY)
        rows = game_stats(m)
        assert rows, info.id
        labels = [r.label for r in rows]
        assert len(set(labels)) == len(labels), labels
        for r in rows:
            assert len(r.values) == n
            assert len(set(r.values)) == 1, r          # nothing has happened yet: every seat alike


def test_no_stats_module_imports_pygame():
    mods = ["games.core.stats"] + [g.stats.partition(":")[0] for g in games.GAMES]
    code = ("import sys, importlib\n"
            f"for m in {mods!r}:\n"
            "    importlib.import_module(m)\n"
            "print('LEAK' if any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules) else 'CLEAN')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("CLEAN"), out.stdout


def test_the_shared_formats():
    assert mean([6, 7, 9]) == 7.3 and mean([]) == NONE
    assert against(0, 0.0) == "0 (0.0)" and against(3, 1.2) == "3 (1.2)"
    assert signed(2.34) == "+2.3" and signed(-1.0) == "-1.0" and signed(0.04) == "0.0" and signed(-0.04) == "0.0"
    assert of(3, 5) == "3 of 5"
