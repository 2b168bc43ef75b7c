"""Artillery's end-of-game figures (games/artillery/stats.py): exact on a scripted shot
exchange with fixed dice, and on seeded games equal to counts made another way: from
the dice each chance entry was thrown for (``state.need``) and the positions."""
import random

import pytest

from games.artillery import INFO
from games.core.ai import ThinkContext
from games.core.match import AI, SEED_ONLY, Match, Seat
from games.core.stats import game_stats
from games.artillery.rules.stats import stats
from tests.artillery.util import building, new, scenario


def match_from(state=None, options=None, seed=1, level="easy"):
    m = Match(INFO, dict(options or {}), [Seat(AI, level, "South"), Seat(AI, level, "North")], seed,
              ai_secret=seed, chance_secret=SEED_ONLY)
    if state is not None:
        m.state = state                        # a hand-built table, nothing played yet
    return m


def table(rows):
    return {r.label: r.values for r in rows}


def rolls(*values):
    return [f"roll {v}" for v in values]


def test_a_scripted_exchange_gives_exact_figures():
    ship = building("SH", 10, 40, 30, 44, typ="large_stone", owner=1)       # Fortitude 3, Integrity 4
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (20, 13.5)), ("B1", 1, "militia", 8, (34, 13.5))],
                  guns=[("G1", "light", 0, (18, 15), 0, "A1"), ("G2", "light", 0, (20, 15), 0, "A1"),
                        ("G3", "light", 0, (22, 15), 0, "A1")], structures=[ship])
    m = match_from(new(sc))
    for t in (["deal AC", "deal 2C", "pick AC", "pick 2C", "reveal", "activate A1",
               "fire G1+G2+G3 at SH round"]
              + rolls(1, 8, 8)            # 7+: two hits (1.2 expected)
              + rolls(6, 7, 8, 8)         # damage 6+: four (2.0 expected); Fortitude 3 -> 2, one critical roll
              + rolls(5)                  # "beam down": one more damage
              + ["end", "activate B1", "shoot A1"]
              + rolls(10, 10, 3, 3, 3, 3, 3, 3)   # 10+: two hits (0.8 expected)
              + rolls(7, 2)               # saves 6+: one made (1.0 expected), one model lost
              + rolls(3)):                # fatigue 6+ (no natural 10): failed (0.5 expected)
        m.play_text(t)
    got = table(stats(m))
    assert got == {
        "Gun shots": (1, 0),
        "Hits by guns": (2, 0),
        "Small-arms volleys": (0, 1),
        "Hits by small arms": (0, 2),
        "Damage done": (5, 0),
        "Critical hits": (1, 0),
        "Casualties caused": (0, 1),
        "Guns knocked out": (0, 0),
        "Units lost": (0, 0),
        "Hits (expected)": ("2 (1.2)", "2 (0.8)"),
        "Saves (expected)": ("1 (1.0)", "0 (0.0)"),
        "Dice luck": ("+2.3", "+1.2"),     # South: +0.8 shooting +2.0 damage +0 saves -0.5 fatigue
    }
    assert table(game_stats(m)) == got


def test_a_gun_knocked_out_and_its_failed_save():
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (18, 8)), ("B1", 1, "gun_crew", 4, (18, 30))],
                  guns=[("G1", "light", 0, (18, 10), 0, "A1"), ("G2", "light", 1, (18, 28), 180, "B1")])
    m = match_from(new(sc))
    for t in ["deal AC", "deal 2C", "pick AC", "pick 2C", "reveal", "activate A1", "fire G1 at B1 round",
              "roll 9",                   # 6+: a hit (0.5 expected)
              "casualty G2",              # North takes it on its gun
              "roll 8",                   # gun save 9+ in the open: failed (0.2 expected), G2 destroyed
              "roll 10"]:                 # B1's fatigue test 6+: passed (0.5 expected)
        m.play_text(t)
    got = table(stats(m))
    assert got["Guns knocked out"] == (1, 0) and got["Casualties caused"] == (0, 0)
    assert got["Hits (expected)"] == ("1 (0.5)", "0 (0.0)")
    assert got["Saves (expected)"] == ("0 (0.0)", "0 (0.2)")
    assert got["Dice luck"] == ("+0.5", "+0.3")


def _game(scenario_key, seed, level="easy"):
    m = match_from(options={"scenario": scenario_key}, seed=seed, level=level)
    ais = [INFO.make_ai(level, p, m.options) for p in (0, 1)]
    rng = random.Random(seed)
    while not m.is_over() and m.ply < INFO.ply_cap:
        p = m.to_move()
        if p < 0:
            m.apply_chance()
        else:
            m.play(ais[p].choose(m.state.view(p), ThinkContext(rng=random.Random(rng.randrange(1 << 30)))))
    return m


def _faces(tn, natural):
    return sum(1 for v in range(1, 11) if v >= tn or (natural and v == 10))


def _split(text):
    """"7 (5.2)" -> (7, 5.2)."""
    a, b = text.split(" (")
    return float(a), float(b.rstrip(")"))


def _recount(m):
    """The figures again, from the dice each roll entry was thrown for and the positions."""
    c = {k: [0, 0] for k in ("gun_shots", "small_shots", "gun_hits", "small_hits", "damage", "crits",
                             "casualties", "guns_out", "saves")}
    exp_hits, exp_saves, luck = [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]
    for i, e in enumerate(m.log):
        before, after = m.state_at(i), m.state_at(i + 1)
        if e.text.startswith(("fire ", "shoot ")):
            c["gun_shots" if e.text.startswith("fire") else "small_shots"][e.player] += 1
        res = before.res
        if res is not None:                    # a shot is being resolved: what changes is its doing
            shooter = res["seat"]
            for sid, s in after.sections.items():
                c["damage"][shooter] += s.tally - before.sections[sid].tally
            for uid, u in after.units.items():
                if u.seat != shooter:
                    c["casualties"][shooter] += before.units[uid].models - u.models
            for gid, g in after.guns.items():
                if g.seat != shooter and g.destroyed and not before.guns[gid].destroyed:
                    c["guns_out"][shooter] += 1
        need = before.need
        if not e.text.startswith("roll ") or need is None:
            continue                           # not a die, or a roll-off (no success to count)
        v = int(e.text.split()[1])
        purpose, tn, actor = need["purpose"], need["tn"], need["actor"]
        if purpose == "crit":
            c["crits"][actor] += 1
            continue
        natural = purpose != "fatigue"
        ok = v >= tn or (natural and v == 10)
        p = _faces(tn, natural) / 10
        luck[actor] += ok - p
        if purpose == "initial":
            c["gun_hits" if res and res["guns"] else "small_hits"][actor] += ok
            exp_hits[actor] += p
        elif purpose in ("saves", "gunsave"):
            c["saves"][actor] += ok
            exp_saves[actor] += p
    return c, exp_hits, exp_saves, luck


@pytest.mark.slow
@pytest.mark.parametrize("key,seed", [("shore", 3), ("anchor", 3), ("field", 5)])
def test_seeded_games_agree_with_the_dice_and_the_positions(key, seed):
    m = _game(key, seed)
    got = table(stats(m))
    c, exp_hits, exp_saves, luck = _recount(m)
    assert got["Gun shots"] == tuple(c["gun_shots"]) and got["Small-arms volleys"] == tuple(c["small_shots"])
    assert got["Hits by guns"] == tuple(c["gun_hits"]) and got["Hits by small arms"] == tuple(c["small_hits"])
    assert got["Damage done"] == tuple(c["damage"])
    assert got["Critical hits"] == tuple(c["crits"])
    assert got["Casualties caused"] == tuple(c["casualties"])
    assert got["Guns knocked out"] == tuple(c["guns_out"])
    assert got["Units lost"] == tuple(sum(1 for u in m.state.units.values() if u.seat == p and u.gone)
                                      for p in (0, 1))
    for p in (0, 1):
        hits, expect = _split(got["Hits (expected)"][p])
        assert hits == c["gun_hits"][p] + c["small_hits"][p] and expect == pytest.approx(exp_hits[p], abs=0.051)
        saves, expect = _split(got["Saves (expected)"][p])
        assert saves == c["saves"][p] and expect == pytest.approx(exp_saves[p], abs=0.051)
        assert float(got["Dice luck"][p]) == pytest.approx(luck[p], abs=0.051)
    assert sum(c["gun_shots"]) + sum(c["small_shots"]) > 0, "a game with no shot tests nothing"
