"""Cannon Corps' end-of-game figures (games/cannon_corps/stats.py): exact on a scripted
game, the secret cover/stay split held back until the game is over, and on seeded
random games equal to counts made from the private logs and the public move texts."""
import random

import pytest

from games.cannon_corps import INFO
from games.cannon_corps.rules.events import AmmoNote, MovedNote, StayedNote
from games.cannon_corps.rules.stats import stats
from games.core.ai import RandomAI, ThinkContext
from games.core.match import AI, SEED_ONLY, Match, Seat
from games.core.stats import NONE, game_stats

# Ana (seat 0) and Ben (seat 1). Power in brackets; "halves" is the ammo a shot uses.
SCRIPT = [
    "setup d4@A1 d6@A2 d8@A3 d20@A4",
    "setup d10@B1 d%@B2 d12@B3 d20@B4",
    "start 0",
    "fire d20 B4",        # Ana (20): Ben's d20 defeated; spends 10
    "deploy d4 C1",
    "fire d12 A1",        # Ben (12): Ana's d4 defeated; spends 6
    "deploy d10 C1",
    "fire d8 B1",         # Ana (8): Ben's d10 survives at 2; spends 4
    "stay d10",           # ... and Ben bluffs: it stays
    "fire d4 A4",         # Ben (4): Ana's d20 (10) survives at 6; spends 2
    "cover d20 B4",       # ... and really moves
    "fire d20 B1",        # Ana (6): the bluffing d10 is defeated; spends 3
    "deploy d6 A1",
    "fire d6 C4",         # Ben (6): miss; spends 3
    "fire d10 B2",        # Ana (10): Ben's d% defeated; spends 5
    "deploy d8 A2",
    "fire d8 C4",         # Ben (8): miss; spends 4
    "fire d8 A1",         # Ana (4): Ben's d6 defeated, his fourth: Ana wins; spends 2
]
COVER_AT = SCRIPT.index("cover d20 B4") + 1


def new_match(n=2, seed=1):
    return Match(INFO, {}, [Seat(AI, "random", f"P{i}") for i in range(n)], seed, ai_secret=seed,
                 chance_secret=SEED_ONLY)


def table(rows):
    return {r.label: r.values for r in rows}


def test_a_scripted_game_gives_exact_figures():
    m = new_match()
    m.replay(SCRIPT)
    assert m.is_over() and m.state.winner() == 0
    got = table(stats(m))
    assert got == {
        "Shots fired": (5, 4),
        "Hits scored": (5, 2),
        "Platoons defeated": (4, 1),
        "Platoons lost": (1, 4),
        "Ammo used": (10 + 4 + 3 + 5 + 2, 6 + 2 + 3 + 4),
        "Ran for cover": (1, 1),
        "Really moved": (1, 0),
        "Bluffed": (0, 1),
    }
    assert table(game_stats(m)) == got


def test_covers_and_bluffs_stay_secret_while_the_game_runs():
    m = new_match()
    m.replay(SCRIPT[:COVER_AT])
    assert not m.is_over()
    got = table(stats(m))
    assert got["Ran for cover"] == (1, 1)              # the table heard it twice
    assert got["Really moved"] == (NONE, NONE) and got["Bluffed"] == (NONE, NONE)
    # two worlds that differ only in a secret decision give the same figures mid-game
    other = new_match()
    other.replay(SCRIPT[:COVER_AT - 3] + ["cover d10 C2"] + SCRIPT[COVER_AT - 2:COVER_AT])
    assert table(stats(other)) == got


def test_a_final_salvo_costs_its_own_platoon_and_one_point():
    m = new_match()
    m.replay(SCRIPT[:3])
    m.state.platoons[0]["d4"] = (m.state.platoons[0]["d4"][0], 1)     # test-only: a d4 down to 1
    m.play_text("fire d4 B1")                                           # power 1: a final salvo
    m.play_text("deploy d4 C1")                 # Ben replaces his d10; then Ana's d4 is spent
    assert m.state.defeated == [["d4"], ["d10"]]
    got = table(stats(m))
    assert got["Ammo used"] == (1, 0) and got["Platoons lost"][0] == 1
    assert got["Platoons defeated"] == (1, 0) and got["Hits scored"] == (1, 0)


def _random_game(n, seed):
    m = new_match(n, seed)
    rng = random.Random(seed)
    while not m.is_over() and m.ply < INFO.ply_cap:
        if m.to_move() < 0:
            m.apply_chance()
        else:
            m.play(RandomAI().choose(m.state.view(m.to_move()), ThinkContext(rng=rng)))
    return m


@pytest.mark.parametrize("n,seed", [(2, 1), (2, 2), (3, 3), (4, 4), (6, 5)])
def test_random_games_agree_with_the_private_logs_and_the_move_texts(n, seed):
    m = _random_game(n, seed)
    assert m.is_over()
    got = table(stats(m))
    st = m.state
    shots = [sum(1 for e in m.log if e.player == s and e.text.startswith("fire ")) for s in range(n)]
    # the public move text of a shot lists every answer: "Power 8 shot at B3: P1 hit, P2 miss"
    hits = [sum(e.public.count(" hit") for e in m.log if e.player == s and e.text.startswith("fire "))
            for s in range(n)]
    spent = [sum(x.from_value - x.to_value for x in st.private[s] if isinstance(x, AmmoNote)) for s in range(n)]
    moved = [sum(isinstance(x, MovedNote) for x in st.private[s]) for s in range(n)]
    stayed = [sum(isinstance(x, StayedNote) for x in st.private[s]) for s in range(n)]
    assert got["Shots fired"] == tuple(shots)
    assert got["Hits scored"] == tuple(hits)
    assert got["Ammo used"] == tuple(spent)
    assert got["Platoons lost"] == tuple(len(st.defeated[s]) for s in range(n))
    assert got["Really moved"] == tuple(moved) and got["Bluffed"] == tuple(stayed)
    assert got["Ran for cover"] == tuple(a + b for a, b in zip(moved, stayed))
    own_salvos = sum(1 for s in range(n) for x in st.private[s] if isinstance(x, AmmoNote) and x.to_value == 0)
    assert sum(got["Platoons defeated"]) + own_salvos == sum(got["Platoons lost"])
