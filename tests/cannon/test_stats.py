"""Cannon's end-of-game figures (games/cannon/rules/stats.py): exact on a scripted game,
and on seeded random games equal to counts made another way (piece counts, geometry)."""
import random

import pytest

from games.cannon import INFO
from games.cannon.rules import DARK_SOLDIER, LIGHT_SOLDIER, Move
from games.cannon.rules.stats import stats
from games.core.ai import RandomAI, ThinkContext
from games.core.match import AI, SEED_ONLY, Match, Seat
from games.core.stats import game_stats

# Dark steps up, Light steps down next to it; Dark captures, Light walks up behind the
# capturer, which retreats two points; Light's d-file cannon shoots it; both slide a cannon.
SCRIPT = ["Tf1", "Te10", "e4-e5", "f7-f6", "e5xf6", "f8-f7", "f6-d4", "d7*d4", "a2-a5", "d9-d6"]


def new_match(seed=1):
    return Match(INFO, {}, [Seat(AI, "random", "Dark"), Seat(AI, "random", "Light")], seed,
                 ai_secret=seed, chance_secret=SEED_ONLY)


def table(rows):
    return {r.label: r.values for r in rows}


def test_a_scripted_game_gives_exact_figures():
    m = new_match()
    m.replay(SCRIPT)
    got = table(stats(m))
    assert got == {
        "Soldiers taken": (1, 1),
        "Captures": (1, 0),
        "Cannon shots": (0, 1),
        "Retreats": (1, 0),
        "Cannon slides": (1, 1),
        "Soldiers left": (14, 14),
    }
    assert table(game_stats(m)) == got           # the same through the registry


def test_before_any_move_everything_is_zero_but_the_soldiers():
    got = table(stats(new_match()))
    assert got.pop("Soldiers left") == (15, 15)
    assert set(got.values()) == {(0, 0)}


def test_a_shot_at_the_town_is_a_shot_but_takes_no_soldier():
    m = new_match()
    m.state = m.state.from_diagram("\n".join([
        "....L.....",
        "..........",
        "..........",
        "....d.....",
        "....d.....",
        "....d.....",
        "..........",
        "..........",
        ".........l",
        ".....D....",
    ]))
    m.play_text("e7*e10")
    assert m.is_over()
    got = table(stats(m))
    assert got["Cannon shots"] == (1, 0) and got["Soldiers taken"] == (0, 0) and got["Captures"] == (0, 0)


def _random_game(seed):
    m = new_match(seed)
    rng = random.Random(seed)
    while not m.is_over() and m.ply < INFO.ply_cap:
        m.play(RandomAI().choose(m.state.view(m.to_move()), ThinkContext(rng=rng)))
    return m


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_games_agree_with_counts_made_another_way(seed):
    m = _random_game(seed)
    got = table(stats(m))
    soldier = (DARK_SOLDIER, LIGHT_SOLDIER)
    left = tuple(m.state.cells.count(soldier[p]) for p in (0, 1))
    assert got["Soldiers left"] == left
    # soldiers only ever leave the board: what one side took is what the other lost
    assert got["Soldiers taken"] == (15 - left[1], 15 - left[0])
    captures, shots, retreats, slides = [0, 0], [0, 0], [0, 0], [0, 0]
    for i, e in enumerate(m.log):
        before, after = m.state_at(i), m.state_at(i + 1)
        lost = before.cells.count(soldier[1 - e.player]) - after.cells.count(soldier[1 - e.player])
        sep = "x" if "x" in e.text else "*" if "*" in e.text else "-"
        if sep == "x":
            captures[e.player] += lost
        elif sep == "*":
            shots[e.player] += 1
        elif not e.text.startswith("T"):
            mv = Move.parse(e.text)
            rank_change = (mv.to // 10 - mv.frm // 10) * (1 if e.player == 0 else -1)
            dist = max(abs(mv.to % 10 - mv.frm % 10), abs(mv.to // 10 - mv.frm // 10))
            retreats[e.player] += rank_change == -2              # two points back toward home
            slides[e.player] += dist == 3                         # the rear soldier to the front
    assert got["Captures"] == tuple(captures)
    assert got["Cannon shots"] == tuple(shots)
    assert got["Retreats"] == tuple(retreats)
    assert got["Cannon slides"] == tuple(slides)
    assert sum(got["Captures"]) + sum(shots) >= sum(got["Soldiers taken"])
