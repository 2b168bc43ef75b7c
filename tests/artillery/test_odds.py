"""The exact probability functions, checked against brute-force enumeration of
every way the d10s can fall."""
from itertools import product

import pytest

from games.artillery.rules import odds

FACES = range(1, 11)


def _hit(v, tn, natural=True):
    return v >= tn or (natural and v == 10)


@pytest.mark.parametrize("tn", range(1, 14))
@pytest.mark.parametrize("natural", [True, False])
def test_p_success_matches_counting_faces(tn, natural):
    assert odds.p_success(tn, natural) == pytest.approx(sum(_hit(v, tn, natural) for v in FACES) / 10)


@pytest.mark.parametrize("n,tn", [(1, 4), (2, 7), (3, 5), (3, 11), (4, 9)])
def test_binomial_hits_match_enumeration(n, tn):
    dist = odds.binomial(n, odds.p_success(tn))
    brute = [0.0] * (n + 1)
    for dice in product(FACES, repeat=n):
        brute[sum(_hit(v, tn) for v in dice)] += 0.1 ** n
    assert dist == pytest.approx(brute)
    assert sum(dist) == pytest.approx(1.0)


@pytest.mark.parametrize("n,tn", [(2, 6), (3, 11), (4, 7)])
def test_tens_and_hits_joint_distribution(n, tn):
    got = odds.tens_and_hits(n, tn)
    brute: dict = {}
    for dice in product(FACES, repeat=n):
        k = (sum(v == 10 for v in dice), sum(_hit(v, tn) for v in dice))
        brute[k] = brute.get(k, 0.0) + 0.1 ** n
    assert set(got) == set(brute)
    for k in brute:
        assert got[k] == pytest.approx(brute[k])


@pytest.mark.parametrize("n,tn,halve,base,tally,integ", [
    (2, 6, False, 3, 0, 4), (3, 5, True, 2, 1, 2), (4, 11, False, 4, 0, 4), (4, 3, False, 2, 3, 2)])
def test_structure_outcomes_match_enumeration(n, tn, halve, base, tally, integ):
    got = odds.structure_outcomes(n, tn, halve, base, tally, integ)
    brute: dict = {}
    for dice in product(FACES, repeat=n):
        succ = sum(_hit(v, tn) for v in dice)
        hits = succ // 2 if halve else succ
        tens = sum(v == 10 for v in dice)
        lucky = hits > 0 and tens >= (2 if tn >= 11 else 1)
        f = max(1, base - (tally + hits) // integ)
        crits = hits // (2 * f) if hits else 0
        key = (hits, lucky, crits)
        brute[key] = brute.get(key, 0.0) + 0.1 ** n
    assert set(got) == set(brute)
    for k in brute:
        assert got[k] == pytest.approx(brute[k])


def test_damage_dice_distribution_of_mixed_guns_matches_enumeration():
    p = odds.p_success(6)
    got = odds.damage_dice_dist([2, 3], p)          # a light and a medium cannon
    brute = [0.0] * 6
    for a, b in product(FACES, repeat=2):
        brute[(2 if _hit(a, 6) else 0) + (3 if _hit(b, 6) else 0)] += 0.01
    assert got == pytest.approx(brute)


def test_casualty_distribution_with_saves_matches_enumeration():
    hits = odds.binomial(2, odds.p_success(5))
    got = odds.casualty_dist(hits, odds.p_success(6))
    brute = [0.0] * 3
    for s1, s2, v1, v2 in product(FACES, repeat=4):
        h = [x for x in (s1, s2) if _hit(x, 5)]
        saves = [v1, v2][:len(h)]
        brute[sum(1 for v in saves if not _hit(v, 6))] += 0.1 ** 4
    assert got == pytest.approx(brute)


def test_criticals_and_fortitude_follow_the_chapter():
    assert odds.criticals(6, 1) == 3        # the shanty example
    assert odds.criticals(3, 2) == 0
    assert odds.criticals(4, 2) == 1
    assert odds.fortitude_after(3, 6, 3) == 1 and odds.fortitude_after(3, 2, 3) == 3


def test_forecast_expectations_are_consistent_with_odds():
    from games.artillery.rules import new_game
    st = new_game({"scenario": "anchor"})
    fc = st.fire_preview(("G5",), "RG", "chain")
    p = odds.p_success(fc.tn)
    dist = odds.damage_dice_dist([4], p)
    exp = sum(pr * sum(h * q for (h, _, _), q in odds.structure_outcomes(
        n, fc.damage_tn, False, 3, 0, 2).items()) for n, pr in enumerate(dist) if n)
    assert fc.expected_damage == pytest.approx(exp)
    assert sum(fc.hits) == pytest.approx(1.0)


@pytest.mark.slow
@pytest.mark.parametrize("models,fatigue", [(3, 1), (2, 1), (2, 0), (4, 2), (1, 0)])
def test_gone_chance_matches_every_way_the_dice_fall_through_the_rules(models, fatigue):
    """The AI's chance a volley takes a unit off the table (destroyed, or routed at
    the Fatigue test after the casualties) against the rules engine itself: every
    d10 of the shoot test, the saves and the Fatigue test, each outcome played."""
    from games.artillery.rules.forecast import gone_chance, small_arms_forecast
    from games.core.game import CHANCE
    from tests.artillery.util import activate, new, play, scenario
    st = new(scenario([("S", 0, "musketeers", 2, (10, 10)), ("T", 1, "militia", models, (10, 17))]))
    st.units["T"].fatigue = fatigue
    activate(st, "S")
    fc = small_arms_forecast(st, st.units["S"], "T")
    want = gone_chance(st, st.units["T"], fc.hits, True, st.units["S"].pos)
    play(st, "shoot T")

    def walk(s, p):
        if s.current_player() != CHANCE or s.need is None:
            return p if not s.units["T"].alive else 0.0
        total = 0.0
        for m, q in s.chance_outcomes():
            c = s.copy()
            c.apply(m)
            total += walk(c, p * q)
        return total
    assert walk(st, 1.0) == pytest.approx(want)
    assert 0.0 < want < 1.0


def test_a_target_number_past_ten_reads_as_a_natural_ten_never_eleven_plus():
    """A play-test at the bombardment's long range read "Hit on 11+" on a d10."""
    from games.artillery.rules.odds import p_success, tn_words
    assert tn_words(7) == "7+" and tn_words(10) == "10+" and tn_words(0) == "1+"
    assert tn_words(11) == "natural 10" and tn_words(14) == "natural 10"
    assert tn_words(11, natural=False) == "cannot succeed"
    assert p_success(11) == p_success(10)          # what the words say is what the odds are
