"""Cannon Ball's end-of-game figures (games/cannon_ball/rules/stats.py): exact on scripted
turns from hand-built positions, and on seeded games equal to counts made another
way (men on the board, the public move texts, who chose before each spin)."""
import random

import pytest

from games.cannon_ball import INFO
from games.cannon_ball.rules import Phase
from games.cannon_ball.rules.stats import stats
from games.core.ai import ThinkContext
from games.core.match import AI, SEED_ONLY, Match, Seat
from games.core.stats import game_stats
from tests.cannon_ball.cb_util import pos


def match_from(state, seed=1):
    """A match that starts from a hand-built position (nothing played yet)."""
    m = Match(INFO, {}, [Seat(AI, "easy", "South"), Seat(AI, "easy", "North")], seed, ai_secret=seed,
              chance_secret=SEED_ONLY)
    m.state = state
    return m


def play(m, *texts):
    for t in texts:
        m.play_text(t)


def table(rows):
    return {r.label: r.values for r in rows}


def test_scripted_turns_give_exact_figures():
    st = pos("g16 e16 b17 a16 c16 b16", north="i16 j16 i17", cannons=[(1, "j17 k17")], budget=6, risk=1 / 12)
    m = match_from(st)
    play(m, "TNT g16", "g16-f15", "e16-e15",     # South lights TNT at bridge 3 and leaves its section,
         "b17-b19", "explodes",                  # then bridge 1 gives way under a man: 1 lost, turn over
         "move", "spin 4", "Kj17>f16f17+i16i17", "holds", "end",   # North's convoy crosses onto the TNT
         "tnt odd", "spin 5",                    # right: bridge 3 blows, with North's cannon and 2 escorts
         "move", "spin 2", "end",
         "rebuild 1 even", "spin 7")             # wrong: bridge 1 stays down
    got = table(stats(m))
    assert got == {
        "Men lost": (1, 2),
        "Cannons lost": (0, 1),
        "Bridges blown by TNT": (1, 0),
        "Bridges blown under a crossing": (1, 0),
        "TNT duds": (0, 0),
        "Bridges rebuilt": (0, 0),
        "Spins": (2, 2),
        "Average spin (6.5 expected)": (6.0, 3.0),
        "Gambles won (half expected)": ("1 of 2", "0 of 0"),
    }
    assert table(game_stats(m)) == got


def test_a_dud_and_a_rebuild():
    m = match_from(pos("g16 e16", budget=4))
    play(m, "TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 1", "end", "tnt odd", "spin 4")
    got = table(stats(m))
    assert got["TNT duds"] == (1, 0) and got["Bridges blown by TNT"] == (0, 0)
    assert got["Spins"] == (1, 1) and got["Average spin (6.5 expected)"] == (4.0, 1.0)
    m = match_from(pos("e16 f16 g17", phase=Phase.CHOOSE, bridges=[True, True, False, True, True, True]))
    play(m, "rebuild 3 even", "spin 4")
    got = table(stats(m))
    assert got["Bridges rebuilt"] == (1, 0) and got["Gambles won (half expected)"] == ("1 of 1", "0 of 0")


def test_the_opening_spins_count_for_whoever_spun_them():
    m = match_from(INFO.new_state({}, 2))
    play(m, "spin 5", "spin 5", "spin 3", "spin 9")        # a tie, then North moves first with 9
    got = table(stats(m))
    assert got["Spins"] == (2, 2) and got["Average spin (6.5 expected)"] == (4.0, 7.0)
    assert got["Men lost"] == (0, 0)


def test_men_held_aside_by_an_attack_or_a_crossing_are_not_lost_yet():
    m = match_from(pos("c12 c13 b13 b17", north="e12 e13", budget=6, risk=1 / 12))
    play(m, "c12-d12")                            # an attack: North's two defenders are lifted off
    assert m.state.sieges
    assert table(stats(m))["Men lost"] == (0, 0)
    play(m, "c13-d13", "b13-c13", "b17-b19")      # still not won; a man steps onto bridge 1
    assert m.state.crossing is not None
    assert table(stats(m))["Men lost"] == (0, 0)
    play(m, "holds", "end")                       # the attack fails: the two attackers are lost
    assert table(stats(m))["Men lost"] == (2, 0)


def _game(seed, options=None):
    m = Match(INFO, dict(options or {}), [Seat(AI, "easy", "P0"), Seat(AI, "easy", "P1")], seed,
              ai_secret=seed, chance_secret=SEED_ONLY)
    ais = [INFO.make_ai("easy", p, m.options) for p in (0, 1)]
    rng = random.Random(seed)
    while not m.is_over() and m.ply < 1500:
        p = m.to_move()
        if p < 0:
            m.apply_chance()
        else:
            m.play(ais[p].choose(m.state.view(p), ThinkContext(rng=random.Random(rng.randrange(1 << 30)))))
    return m


@pytest.mark.slow
@pytest.mark.parametrize("seed,options", [(2, {}), (3, {"bridge_risk": "wild"})])
def test_seeded_games_agree_with_counts_made_another_way(seed, options):
    m = _game(seed, options)
    got = table(stats(m))
    end = m.state
    if not end.sieges and end.crossing is None:        # nobody is held aside: the board says it all
        for p in (0, 1):
            assert got["Men lost"][p] == m.state_at(0).occ.count(p) - end.occ.count(p)
    # cannons: every one destroyed by the end, plus every change of hands the log told
    captured = sum(e.public.count("captured the cannon in section") for e in m.log)
    assert sum(got["Cannons lost"]) == sum(c is None for c in end.cannons) + captured
    # a bridge that gave way is one standing at the start and down at the end (unless rebuilt)
    exploded = [0, 0]
    spins: list[list[int]] = [[], []]
    chooser = -1
    for e in m.log:
        if e.player >= 0:
            chooser = e.player                         # a spin follows its player's choice
        elif e.text == "explodes":
            exploded[chooser] += 1
        elif e.text.startswith("spin "):
            v = int(e.text.split()[1])
            if " spins " in e.public:                  # the opening: "P0 spins 7"
                spins[int(e.public.split(" spins ")[0][1:])].append(v)
            else:
                spins[chooser].append(v)
    assert got["Bridges blown under a crossing"] == tuple(exploded)
    assert got["Spins"] == tuple(len(s) for s in spins)
    for p in (0, 1):
        if spins[p]:
            assert got["Average spin (6.5 expected)"][p] == round(sum(spins[p]) / len(spins[p]), 1)
    down = sum(not b for b in end.bridges)
    assert down == sum(got["Bridges blown under a crossing"]) + sum(got["Bridges blown by TNT"]) \
        - sum(got["Bridges rebuilt"])


class Gambler:
    """Random play that takes a gamble or places TNT whenever it may (the AIs rarely do)."""

    def choose(self, view, ctx):
        moves = view.legal_moves()
        bold = [mv for mv in moves if str(mv).split()[0] in ("tnt", "rebuild", "fire", "TNT")]
        return ctx.rng.choice(bold or moves)


@pytest.mark.slow
def test_random_play_with_gambles_agrees_with_the_calls_and_the_spins():
    st = pos("e16 f16 g17 g16", north="i16 j16 i17", phase=Phase.CHOOSE, bridges=[False, True, False, True, True, True],
             risk=1 / 6)
    st.quiet_turns = 10 ** 6                 # no truce for quiet: let the play go on
    m = match_from(st, seed=4)
    rng = random.Random(4)
    while not m.is_over() and m.ply < 1500:
        if m.to_move() < 0:
            m.apply_chance()
        else:
            m.play(Gambler().choose(m.state.view(m.to_move()), ThinkContext(rng=rng)))
    got = table(stats(m))
    played, won, rebuilt, right, dud = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
    call = None
    for e in m.log:
        words = e.text.split()
        if e.player >= 0:
            call = (e.player, words[0], words[-1]) if words[0] in ("tnt", "rebuild", "fire") else None
        elif words[0] == "spin" and call is not None:
            p, kind, odd_even = call
            ok = (int(words[1]) % 2 == 1) == (odd_even == "odd")
            played[p] += 1
            won[p] += ok
            rebuilt[p] += ok and kind == "rebuild"
            right[p] += ok and kind == "tnt"
            dud[p] += (not ok) and kind == "tnt"
            call = None
    assert sum(played) >= 3, "the position should offer gambles"
    assert got["Gambles won (half expected)"] == tuple(f"{won[p]} of {played[p]}" for p in (0, 1))
    assert got["Bridges rebuilt"] == tuple(rebuilt)
    assert got["Bridges blown by TNT"] == tuple(right) and got["TNT duds"] == tuple(dud)
    down = [sum(not b for b in s.bridges) for s in (m.state_at(0), m.state)]
    assert down[1] - down[0] == sum(right) + sum(got["Bridges blown under a crossing"]) - sum(rebuilt)
