"""The arena's selection of games and its per-process setup (what the benchmarks use to try
a weight on one side of a scenario without editing the code)."""
from __future__ import annotations

import games
from games.core import arena
from tests.core import toygame

SEEN: list[str] = []


def _remember(tag: str) -> None:
    SEEN.append(tag)


def test_chosen_indices_play_the_same_games_as_the_whole_run(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "toy", toygame.INFO)
    whole = arena.play_all("toy", ["random", "random"], 6, seed=5)
    odd = arena.play_all("toy", ["random", "random"], 6, seed=5, indices=[1, 3, 5])
    assert len(odd) == 3
    assert [r["plies"] for r in odd] == [whole[i]["plies"] for i in (1, 3, 5)]
    assert [r["winner_entry"] for r in odd] == [whole[i]["winner_entry"] for i in (1, 3, 5)]


def test_setup_runs_before_the_first_game_in_one_process(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "toy", toygame.INFO)
    SEEN.clear()
    arena.play_all("toy", ["random", "random"], 2, seed=1, setup=_remember, setup_args=("weights",))
    assert SEEN == ["weights"]
