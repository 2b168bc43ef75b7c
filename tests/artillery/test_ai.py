"""The AI: only ever handed views, always returns a legal move, uses only ctx.rng."""
import random

import pytest

from games.artillery.ai import make_ai
from games.artillery.rules import ArtilleryState, Gone, new_game
from games.core.ai import RandomAI, ThinkContext
from games.core.game import CHANCE
from tests.artillery.util import activate


class Spy:
    """Wraps an AI and checks what it is handed and what it returns."""

    def __init__(self, ai, seat):
        self.ai, self.seat, self.calls = ai, seat, 0

    def choose(self, view, ctx):
        assert isinstance(view, ArtilleryState) and view.is_view and view.viewer == self.seat
        for s in (0, 1):
            if s != self.seat:
                assert all(c == "??" for c in view.hands[s])
        m = self.ai.choose(view, ctx)
        assert view.why_illegal(m) is None, (m, view.why_illegal(m))
        self.calls += 1
        return m


def _game(key, levels, seed, max_ply=3000):
    st = new_game({"scenario": key})
    ais = [Spy(make_ai(lv, s, {}) if lv != "random" else RandomAI(), s) for s, lv in enumerate(levels)]
    rng = random.Random(seed)
    while not st.is_over() and st.ply() < max_ply:
        p = st.current_player()
        if p == CHANCE:
            ms, ps = zip(*st.chance_outcomes(), strict=True)
            st.apply(rng.choices(ms, ps)[0])
            continue
        m = ais[p].choose(st.view(p), ThinkContext(rng=random.Random(rng.randrange(1 << 30))))
        assert st.why_illegal(m) is None
        st.apply(m)
    return st, ais


# Normal plays both sides of the shore with weights of Hard's (its card rule reads
# first_shot and first_threat: a KeyError here if they go missing)
@pytest.mark.slow
@pytest.mark.parametrize("key,levels", [("field", ("hard", "easy")), ("shore", ("normal", "hard")),
                                        ("shore", ("easy", "normal")), ("anchor", ("easy", "normal")),
                                        ("town", ("easy", "hard")), ("broadside", ("hard", "normal")),
                                        ("bombard", ("normal", "hard")), ("bastion", ("hard", "normal"))])
def test_ai_games_are_legal_and_finish(key, levels):
    st, ais = _game(key, levels, seed=1)
    assert st.is_over()
    assert all(a.calls for a in ais)


@pytest.mark.slow
def test_every_level_beats_a_random_player_in_a_short_series():
    wins = 0
    for i in range(4):
        levels = ("normal", "random") if i % 2 == 0 else ("random", "normal")
        st, _ = _game("field", levels, seed=100 + i)
        wins += st.winner() == (0 if i % 2 == 0 else 1)
    assert wins >= 3


def test_ai_is_deterministic_given_its_rng():
    st = new_game({"scenario": "shore"})
    rng = random.Random(4)
    while st.current_player() == CHANCE or st.phase != "act":
        if st.current_player() == CHANCE:
            st.apply(st.chance_outcomes()[0][0])
        else:
            st.apply(make_ai("hard", st.current_player(), {}).choose(st.view(st.current_player()),
                                                                     ThinkContext(rng=random.Random(1))))
    p = st.current_player()
    a = make_ai("easy", p, {}).choose(st.view(p), ThinkContext(rng=random.Random(7)))
    b = make_ai("easy", p, {}).choose(st.view(p), ThinkContext(rng=random.Random(7)))
    assert a == b
    _ = rng


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_ai("grandmaster", 0, {})


def test_scenario_overrides_reach_hard_and_normal_in_the_shore_only():
    from games.artillery.ai.evaluation import LEVEL_PARAMS, params_for
    assert params_for("hard", "shore")["threat"] > LEVEL_PARAMS["hard"]["threat"]
    # the field battle: Hard picks its unit by the whole activation's line, as the shore's fort,
    # and values a volley's chance of breaking its target, as the shore's landing party
    assert params_for("hard", "field") == {**LEVEL_PARAMS["hard"], "plan_activate": 1, "volley_rout": 1.0}
    for key in ("field", "shore", "anchor"):
        for seat in (None, 0, 1):
            assert params_for("easy", key, seat) == LEVEL_PARAMS["easy"]
            if key != "shore":
                assert params_for("normal", key, seat) == LEVEL_PARAMS["normal"]
    # Normal in the shore: Hard's plain valuations, never its exact odds or its search
    for seat in (0, 1):
        p = params_for("normal", "shore", seat)
        assert p["lethal"] > 0 and p["exact"] == 0 and p["beam"] == 1 and p["threat"] == 0
    assert params_for("normal", "shore", 0)["cards"] == 2 and params_for("normal", "shore", 0)["casualty"] == 2
    # Normal's town: Hard's two objective rules, read from the position (no forecast, no search)
    p = params_for("normal", "town", 1)
    assert (p["race"], p["empty_first"]) == (params_for("hard", "town", 1)["race"], 1)
    assert p["exact"] == 0 and p["beam"] == 1 and p["threat"] == 0
    assert params_for("normal", "town", 0) == LEVEL_PARAMS["normal"]
    assert params_for("easy", "town", 1) == LEVEL_PARAMS["easy"]


def test_every_level_carries_the_weights_its_rules_read():
    # Hard's card rule reads first_shot / first_threat and its threat term reads exposed:
    # a level or side given one of those rules by an override must carry its weights
    from games.artillery.ai.evaluation import LEVEL_PARAMS, params_for
    for level in LEVEL_PARAMS:
        for key in ("field", "shore", "anchor"):
            for seat in (None, 0, 1):
                p = params_for(level, key, seat)
                if p["cards"] == 2:
                    assert {"first_shot", "first_threat"} <= p.keys(), (level, key, seat)
                if p["threat"]:
                    assert "exposed" in p, (level, key, seat)
    assert params_for("normal", "shore", 0)["first_shot"] == LEVEL_PARAMS["hard"]["first_shot"]


def test_hard_fears_a_rout_more_the_closer_it_is():
    from games.artillery.ai.evaluation import Evaluator, params_for
    st = new_game({"scenario": "shore"})
    ev = Evaluator(1, params_for("hard", "shore"))
    values = []
    for f in (0, 4, 6, 7):
        st.units["B3"].fatigue = f
        values.append(ev.material(st))
    # each Fatigue costs more than the last as the garrison nears its rout threshold (8 models)
    steps = [values[0] - values[1], values[1] - values[2], values[2] - values[3]]
    assert steps[0] / 4 < steps[1] / 2 < steps[2]


def test_hard_values_a_crew_that_leaves_its_mounted_guns_less_than_normal_does():
    from games.artillery.ai.evaluation import Evaluator, params_for
    st = new_game({"scenario": "shore"})
    drop = {}
    for level in ("normal", "hard"):
        ev = Evaluator(1, params_for(level, "shore"))
        before = ev.material(st)
        c = st.copy()
        c.units["B2"].pos = (24.0, 22.0)        # out of the east bastion, into the gatehouse
        drop[level] = before - ev.material(c)
    assert drop["hard"] > drop["normal"] > 0


def _anchor_with_east_battery_gone():
    """The ship at anchor after the east battery's crew is shot away: its rampart is
    down to Fortitude 1 and its two guns stand abandoned; the Heavy Cannon in the
    west battery is still crewed."""
    st = new_game({"scenario": "anchor"})
    b2 = st.units["B2"]
    b2.models, b2.gone = 0, Gone.DESTROYED
    st.sections["FE"].tally = 10
    st.guns["G1"].crew = "A3"                    # the sailors serve one of A1's Medium Cannons
    st.units["B3"].pos = (20.0, 36.0)            # the militia shelters in the west battery
    assert st.fortitude("FE") == 1 and st.crew_of(st.guns["G6"]) is None
    return st


def test_hard_weighs_damage_on_a_rampart_by_the_battery_gun_it_houses():
    from games.artillery.ai.evaluation import Evaluator, params_for
    st = _anchor_with_east_battery_gone()
    hard = Evaluator(0, params_for("hard", "anchor"))
    normal = Evaluator(0, params_for("normal", "anchor"))
    assert hard.section_weight(st, "FW") > hard.section_weight(st, "FE") == hard.section_weight(st, "FC")
    # a critical roll on the west battery may dismount the crewed Heavy Cannon: worth more
    # than one on the east battery, whose guns nobody serves
    assert hard.crit_worth(st, "FW") > hard.crit_worth(st, "FE") > 0
    # Normal keeps its flat rule of thumb
    assert normal.structure_gain(st, "FW", 1.0, 1.0) == normal.structure_gain(st, "FE", 1.0, 1.0)


def test_a_critical_on_rigging_one_step_from_crippled_is_worth_the_game():
    from games.artillery.ai.evaluation import DECISIVE, Evaluator, params_for
    st = new_game({"scenario": "anchor"})
    ev = Evaluator(1, params_for("hard", "anchor"))
    fresh = ev.crit_worth(st, "RG")
    st.sections["RG"].tally = st.integrity("RG")          # Fortitude 3 -> 2
    assert st.fortitude("RG") == 2
    # 'Sails shredded' (7-9 on the d10) now cripples her
    at_two = ev.crit_worth(st, "RG")
    assert at_two > fresh + 0.2 * DECISIVE
    # one point short of the next step, 'Yard down' (4-6) cripples her too
    st.sections["RG"].tally = 2 * st.integrity("RG") - 1
    assert st.fortitude("RG") == 2
    assert ev.crit_worth(st, "RG") > at_two + 0.2 * DECISIVE


def test_hard_ship_turns_its_guns_on_the_battery_gun_still_firing():
    st = _anchor_with_east_battery_gone()
    activate(st, "A1")
    ai = make_ai("hard", 0)
    move = ai.choose(st.view(0), ThinkContext(rng=random.Random(1)))
    assert move.kind == "fire" and move.target == "FW", str(move)


def test_a_side_of_a_scenario_has_its_own_weights():
    from games.artillery.ai.evaluation import params_for
    assert params_for("hard", "shore", 0)["own_guns"] < 1 and "own_guns" not in params_for("hard", "shore", 1)
    assert "own_guns" not in params_for("hard", "shore") and "own_guns" not in params_for("hard", "field", 0)
    # both sides keep the scenario's weights
    assert params_for("hard", "shore", 0)["threat"] == params_for("hard", "shore")["threat"]


def _grape_hit_on(st, unit: str, gun: str, origin):
    """The state at the choice a cannon hit on a field-gun crew asks for: a man or the gun."""
    st.decision = {"seat": st.units[unit].seat, "unit": unit, "options": ["man", gun], "hits": 1, "saves": True}
    st.res = {"origin": origin}
    return st


def test_hard_landing_party_spends_a_light_gun_before_a_man_the_field_battle_does_not():
    from games.artillery.ai import ArtilleryAI
    got = {}
    for key, unit, gun, origin in (("shore", "A1", "G1", (17.0, 22.7)), ("field", "A1", "G1", (18.0, 30.0))):
        st = _grape_hit_on(new_game({"scenario": key}), unit, gun, origin)
        seat = st.units[unit].seat
        assert {m.a for m in st.legal_moves()} == {"man", gun}
        got[key] = ArtilleryAI("hard", seat).choose(st.view(seat), ThinkContext(rng=random.Random(1))).a
    # the shore's Light guns do little against stone and its men take the gatehouse
    assert got == {"shore": "G1", "field": "man"}



def test_hard_reach_counts_a_volley_one_move_away():
    from games.artillery.ai.evaluation import Evaluator, params_for
    st = new_game({"scenario": "anchor"})
    ev = Evaluator(0, params_for("hard", "anchor", 0))
    # the militia (24" muskets, 4" move) starts out of range of the ship but one move
    # from the gun crew at the middle of the deck; at the far rail it cannot reach it
    near = ev.exposure(st)
    assert near > 0
    for uid, x in (("A1", 19.0), ("A2", 23.0), ("A3", 28.0)):
        st.units[uid].pos = (x, 9.0)
    assert ev.exposure(st) == 0.0


@pytest.mark.slow
def test_hard_ship_steps_out_of_musket_reach_before_it_fires(monkeypatch):
    from games.artillery.ai import evaluation as ai_eval
    st = new_game({"scenario": "anchor"})
    activate(st, "A1")                              # a Club: three actions
    first = make_ai("hard", 0).choose(st.view(0), ThinkContext(rng=random.Random(1)))
    assert first.kind == "move" and first.pos[1] <= 10, str(first)
    # without the weight it fires at once and stays where the militia can reach it
    monkeypatch.setitem(ai_eval.SCENARIO_PARAMS["hard"], "anchor/0", {})
    first = make_ai("hard", 0).choose(st.view(0), ThinkContext(rng=random.Random(1)))
    assert first.kind != "move", str(first)


def _shore_fort_to_activate(card: str):
    """The shore battery's first round, the fort to activate first with ``card``; its
    Heavy Cannon has one reload marker left."""
    from tests.artillery.util import deal_all
    st = new_game({"scenario": "shore"})
    st.guns["G3"].markers = 1
    deal_all(st, {1: [card, "3D", "4D", "5D"], 0: ["2C", "6D", "7D", "8D", "9D"]})
    while st.phase == "pick":
        s = st.picking[0]
        st.apply(st.parse_move(f"pick {card if s == 1 else '2C'}"))
    st.apply(st.parse_move("reveal"))
    assert st.phase == "activate" and st.order[0] == 1
    return st


@pytest.mark.slow
def test_hard_activates_the_unit_with_the_best_whole_activation(monkeypatch):
    from games.artillery.ai import evaluation as ai_eval

    def first(card):
        st = _shore_fort_to_activate(card)
        return str(make_ai("hard", 1).choose(st.view(1), ThinkContext(rng=random.Random(1))))
    # a Heart gives the Heavy Cannon's crew two actions: reload the last marker, then grape
    assert first("AH") == "activate B1"
    # a Spade gives it one: it could only reload, so the militia goes first
    assert first("AS") == "activate B3"
    # judged by its first action alone (a reload), the crew loses to the militia's volley
    monkeypatch.setitem(ai_eval.SCENARIO_PARAMS["hard"]["shore/1"], "plan_activate", 0)
    assert first("AH") == "activate B3"


def test_hard_landing_party_counts_a_volley_that_may_break_the_garrison(monkeypatch):
    from games.artillery.ai import evaluation as ai_eval
    from games.artillery.rules import Move
    st = new_game({"scenario": "shore"})
    st.units["A3"].pos = (21.0, 17.0)                # the veterans, muskets in reach of the gatehouse
    activate(st, "A3")
    shot = Move("shoot", a="B3")
    assert st.why_illegal(shot) is None

    def gain(fatigue):
        c = st.copy()
        c.units["B3"].fatigue = fatigue
        ai = make_ai("hard", 0)
        ai.p.update(ai_eval.params_for("hard", "shore", 0))
        return ai._gain(c, shot)
    # the militia in the gatehouse (8 models) one Fatigue from routing: the volley may
    # take the whole garrison off the table, and the gatehouse with it
    fresh, shaken = gain(0), gain(7)
    assert shaken > fresh + 3.0
    # counted by its casualties alone, the two volleys are worth the same
    monkeypatch.setitem(ai_eval.SCENARIO_PARAMS["hard"]["shore/0"], "volley_rout", 0)
    assert gain(7) == pytest.approx(gain(0))


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_fort_shoots_the_veterans_before_the_sailors(monkeypatch, level):
    """lethal: a casualty is also worth the man's musket.  The veterans (hit on 5+,
    24") thin the fort's crews and garrison; the sailors (7+, 18") save worse, so by
    casualties alone Hard's militia would shoot them (Normal's rule of thumb sees the
    same hits on both).  Normal has it too: it lost the shore to Easy without it."""
    from games.artillery.ai import evaluation as ai_eval
    from games.artillery.rules import Move
    st = new_game({"scenario": "shore"})
    st.units["A3"].pos = (20.0, 12.0)                # the veterans
    st.units["A4"].pos = (28.0, 12.0)                # the sailors, as far from the gatehouse
    activate(st, "B3")                               # the fort's militia in the gatehouse

    def gains():
        ai = make_ai(level, 1)
        ai.p.update(ai_eval.params_for(level, "shore", 1))
        return {t: ai._gain(st, Move("shoot", a=t)) for t in ("A3", "A4")}
    g = gains()
    assert g["A3"] > g["A4"]
    monkeypatch.setitem(ai_eval.SCENARIO_PARAMS[level]["shore"], "lethal", 0.0)
    g = gains()
    assert not g["A3"] > g["A4"]
    if level == "hard":
        assert g["A4"] > g["A3"]


def _house_table(friends_inside: bool, enemy_inside: bool):
    """A Light Cannon 10" south of a wooden house nobody owns; who stands inside varies."""
    from tests.artillery.util import building, new, scenario
    units = [("A1", 0, "gun_crew", 4, (20, 5)), ("B1", 1, "militia", 8, (40, 40))]
    if friends_inside:
        units.append(("A2", 0, "musketeers", 6, (19, 18)))
    if enemy_inside:
        units.append(("B2", 1, "militia", 8, (22, 18)))
    sc = scenario(units, guns=[("G1", "light", 0, (20, 7), 0, "A1")],
                  structures=[building("H1", 16, 16, 25, 20, typ="wooden")])
    return new(sc)


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_a_shot_at_a_house_counts_the_shooters_own_men_inside_as_a_loss(level):
    from games.artillery.ai import ArtilleryAI
    from games.artillery.rules import Move
    from tests.artillery.util import activate
    gains = {}
    for mine, theirs in ((False, True), (True, True), (True, False), (False, False)):
        st = activate(_house_table(mine, theirs), "A1")
        ai = ArtilleryAI(level, 0)
        ai.ev.seat = 0
        fire = Move("fire", guns=("G1",), target="H1", ammo="round")
        assert st.why_illegal(fire) is None
        gains[mine, theirs] = ai._fire_gain(st, fire) - 0.12 * 3.0      # less the loaded gun's worth
    assert gains[False, True] > gains[True, True] > 0 > gains[True, False]
    # an empty house nobody owns is worth nothing to batter (its walls are nobody's);
    # Hard also counts the load the shot spends (see the next test)
    assert gains[False, False] == pytest.approx(0.0 if level == "normal" else -0.12 * 3.0, abs=1e-9)


def test_hard_holds_its_load_rather_than_fire_at_an_empty_house():
    """A shot that does nothing does not earn back the gun's loaded worth: the crew
    does something else with its action (whatever it is, not that shot) instead of
    emptying its gun at an empty house and spending the next activations reloading."""
    from games.artillery.ai import ArtilleryAI
    from games.artillery.rules import Move
    empty = activate(_house_table(False, False), "A1")
    ai = ArtilleryAI("hard", 0)
    fire = Move("fire", guns=("G1",), target="H1", ammo="round")
    assert empty.why_illegal(fire) is None
    assert ai._fire_gain(empty, fire) == pytest.approx(0.0, abs=1e-9)     # the load is not earned back
    m = ai.choose(empty.view(0), ThinkContext(rng=random.Random(3)))
    assert not (m.kind == "fire" and m.target == "H1"), m
    # with the enemy inside, the same shot is taken
    held = activate(_house_table(False, True), "A1")
    assert ai._fire_gain(held, fire) > 0.12 * 3.0
    m = ai.choose(held.view(0), ThinkContext(rng=random.Random(3)))
    assert m.kind == "fire" and m.target in ("H1", "B2"), m


def test_hard_never_abandons_a_gun_it_left_behind_for_the_worth_of_an_abandoned_gun():
    from games.artillery.ai.evaluation import Evaluator, params_for
    st = _house_table(False, False)
    ev = Evaluator(0, params_for("hard", "town"))
    st.units["A1"].pos = (20.0, 12.0)                   # walked 5" away from G1: adrift
    adrift = ev.material(st)
    st.guns["G1"].crew = None                           # abandoned
    assert ev.material(st) <= adrift


def test_a_crew_in_a_building_counts_as_standing_at_it_for_the_pull_towards_it():
    from games.artillery.ai.objectives import _near
    st = new_game({"scenario": "town"})
    far = _near(st, 1, "H2")
    assert far > 0                                      # the Medium's crew waits outside the warehouse
    st.units["B2"].pos = (9.0, 19.0)                    # ... and rolls its gun in: it is there
    assert _near(st, 1, "H2") == 0.0


def test_broadsides_hard_takes_the_shot_that_may_bring_the_masts_down():
    """One point from Fortitude 1, the enemy's rigging is the game: a volley of swivels
    at it (a 6+ test, half the hits) is worth its chance of the game, far more than the
    same volley at whole rigging; without the weight it would be one more point."""
    from games.artillery.ai import ArtilleryAI
    from games.artillery.ai.evaluation import params_for
    from games.artillery.rules import Move
    from tests.artillery.util import activate

    def gain(tally, finish=True):
        st = new_game({"scenario": "broadside"})
        st.sections["RN"].tally = tally
        st = activate(st, "A3")
        ai = ArtilleryAI("hard", 0)
        ai.ev.seat = 0
        ai.p.clear()
        ai.p.update(params_for("hard", "broadside", 0))
        if not finish:
            ai.p["finish"] = 0
        m = Move("fire", guns=("G7", "G8"), target="RN", ammo="swivel")
        assert st.why_illegal(m) is None
        p = ai.ev.cripple_chance(st, [st.guns["G7"], st.guns["G8"]], "RN", "swivel")
        return ai._gain(st, m), p

    g5, p5 = gain(5)
    g0, p0 = gain(0)
    assert p0 == 0.0 and 0.05 < p5 < 0.2
    assert g5 - gain(5, finish=False)[0] == pytest.approx(30.0 * p5)
    assert g5 > g0 + 2.0


def test_grape_at_rigging_is_credited_with_its_lucky_and_critical_rolls():
    from games.artillery.ai.evaluation import Evaluator, params_for
    st = new_game({"scenario": "broadside"})
    ev = Evaluator(0, params_for("hard", "broadside", 0))
    guns = [st.guns["G5"], st.guns["G6"]]
    _cas, dmg, crits = ev.shot(st, guns, "RN", "grape")
    assert dmg > 0 and 0 < crits < dmg


@pytest.mark.parametrize("typ", ["shanty", "wooden", "stone", "very_large", "stone_fort", "hull"])
def test_chainshot_at_a_structure_other_than_rigging_is_never_better_than_roundshot(typ):
    """Why no sound player fires chain at a wall (issue 26): from the same guns the
    shoot test is the same (both 8" bands), the damage target number is the same (the
    +2 is for rigging only), and chain halves the hits; so while a gun carries roundshot,
    as every gun of the chapter does, chain at a house, a fort or a hull is dominated.
    Checked exactly at every distance chain can reach, and Hard takes roundshot."""
    from games.artillery.ai.evaluation import params_for
    from games.artillery.rules.forecast import shot_forecast
    from tests.artillery.util import building, new, scenario
    for y in (14, 21, 29, 37, 45):
        sc = scenario(units=[("A1", 0, "gun_crew", 6, (24, 4)), ("B1", 1, "militia", 6, (4, 60))],
                      guns=[("G1", "heavy", 0, (24, 6), 0, "A1"), ("G2", "medium", 0, (26, 6), 0, "A1")],
                      structures=[building("H1", 18, y, 30, y + 4, typ=typ, owner=1)], h=64)
        st = new(sc)
        guns = [st.guns["G1"], st.guns["G2"]]
        for tally in (0, 2):
            st.sections["H1"].tally = tally
            rnd, chn = shot_forecast(st, guns, "H1", "round"), shot_forecast(st, guns, "H1", "chain")
            if chn.dice == 0 or chn.p_die == 0:
                continue
            assert rnd.p_die == chn.p_die and rnd.damage_tn == chn.damage_tn
            assert rnd.expected_damage >= chn.expected_damage
            assert rnd.p_lucky >= chn.p_lucky and rnd.expected_crits >= chn.expected_crits
        st.sections["H1"].tally = 0
        activate(st, "A1")
        ai = make_ai("hard", 0)
        ai.p.update(params_for("hard", "test", 0))
        fires = [m for m in st.legal_moves() if m.kind == "fire" and m.target == "H1" and len(m.guns) == 2]
        assert {m.ammo for m in fires} >= {"round", "chain"}
        assert max(fires, key=lambda m: ai._fire_gain(st, m)).ammo == "round"



def test_the_town_loses_the_customs_house_race_to_the_sailors_and_not_the_shanty():
    """At the start the raiders' sailors stand 7" from the customs house and the town's
    musketeers 10": a race the town would lose; the shanty is nearer the musketeers than
    any raider free to walk, so it is no lost race."""
    from games.artillery.ai.objectives import lost_races
    st = new_game({"scenario": "town"})
    assert "H3" in lost_races(st, 1)
    assert "H4" not in lost_races(st, 1)
    assert "H3" not in lost_races(st, 0)                # the raiders win it


def _objective_at(st, seat, params, uid):
    """An evaluator for ``seat`` reading the races from ``st``, and the objective's worth to it
    with unit ``uid`` moved to a point."""
    from games.artillery.ai.evaluation import Evaluator
    from games.artillery.ai.objectives import lost_races
    ev = Evaluator(seat, params)
    ev.lost = lost_races(st, seat)

    def worth(pos):
        s = st.copy()
        s.units[uid].pos = pos
        return ev.objective(s)

    return ev, worth


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_the_town_values_the_shanty_above_walking_first_into_a_lost_race(level):
    """With the race weight the musketeers inside the empty shanty are worth more to the
    town than inside the customs house the sailors reach first; without the race read
    the customs house is worth more than with it.  Normal's town reads it as Hard's does."""
    from games.artillery.ai.evaluation import params_for
    st = new_game({"scenario": "town"})
    p = params_for(level, "town", 1)
    assert p.get("race", 1.0) < 1.0
    ev, worth = _objective_at(st, 1, p, "B3")
    in_shanty, in_customs = worth((24.0, 19.0)), worth((37.0, 13.0))
    assert in_shanty > in_customs
    ev.lost = frozenset()                               # no race read: the house is as good a building
    assert worth((37.0, 13.0)) > in_customs


def test_a_unit_holding_a_building_does_not_race_for_another():
    """The veterans inside the church stand nearer the shanty than the town's musketeers,
    but they hold the church: the shanty is no lost race for the town while they stay."""
    from games.artillery.ai.objectives import lost_races
    st = new_game({"scenario": "town"})
    st.units["A3"].pos = (22.0, 13.0)                   # in the church, 4" from the shanty
    assert "H4" not in lost_races(st, 1)
    st.units["A3"].pos = (22.0, 15.0)                   # out of it, on the way: a race lost
    assert "H4" in lost_races(st, 1)


def test_the_town_raiders_read_the_races_too():
    """Since the town's 8 musketeers (2026-11-30) Hard's raiders read the races as the town
    does: with the musketeers a step from the shanty, the sailors inside it are worth less to
    the raiders than inside the customs house; with no race read (Easy's way) the shanty is
    the better building.  And a casualty is worth half the man's musket to them."""
    from games.artillery.ai.evaluation import params_for
    st = new_game({"scenario": "town"})
    assert st.units["B3"].models == 8
    st.units["B3"].pos = (28.0, 19.0)                   # the musketeers 1.5" east of the shanty
    p = params_for("hard", "town", 0)
    assert p["race"] < 1.0 and p["lethal"] == 1.0
    ev, worth = _objective_at(st, 0, p, "A4")
    assert ev.lost == frozenset({"H4"})
    in_shanty, in_customs = worth((24.0, 19.0)), worth((37.0, 13.0))
    assert in_customs > in_shanty
    ev.lost = frozenset()
    assert worth((24.0, 19.0)) > worth((37.0, 13.0))
