"""Our own rules (marked as ours in the rules screen): cards and initiative,
actions by experience, fatigue, rallying, moving, cover, scoring."""
import pytest

from games.artillery.rules import events as ev
from games.artillery.rules.data import ACTIONS, DECK, TerrainPiece, rect
from games.artillery.rules import Move, card_key
from games.core.game import CHANCE
from tests.artillery.util import activate, deal_all, last, need, new, play, roll, scenario

TWO = [("A1", 0, "musketeers", 6, (10, 10)), ("B1", 1, "musketeers", 6, (30, 30))]


def test_a_round_deals_one_card_per_unit_to_each_seat():
    st = new(scenario(units=TWO + [("A2", 0, "militia", 8, (14, 10))]))
    assert st.deal_queue == [0, 0, 1]
    assert st.current_player() == CHANCE and st.chance_actor() == 0
    outs = st.chance_outcomes()
    assert len(outs) == 52 and sum(p for _, p in outs) == pytest.approx(1)
    deal_all(st)
    assert len(st.hands[0]) == 2 and len(st.hands[1]) == 1


def test_suit_order_spades_hearts_diamonds_clubs_then_rank():
    assert sorted(["2C", "AD", "3H", "KS", "AS"], key=card_key) == ["AS", "KS", "3H", "AD", "2C"]
    assert len(DECK) == 52


def test_both_seats_choose_in_secret_and_the_better_card_activates_first():
    st = new(scenario(units=TWO))
    deal_all(st, {0: ["5C"], 1: ["2S"]})
    play(st, "pick 5C")
    assert st.current_player() == 1
    play(st, "pick 2S")
    play(st, "reveal")
    assert st.order == [1, 0]
    assert last(st, ev.CardsRevealed).first == 1


def test_equal_cards_mean_a_roll_off_rerolled_while_level():
    st = new(scenario(units=TWO))
    deal_all(st, {0: ["7H"], 1: ["7H"]})
    play(st, "pick 7H")
    play(st, "pick 7H")
    play(st, "reveal")
    assert st.phase == "rolloff" and st.chance_actor() == 0
    roll(st, 5)
    assert st.chance_actor() == 1
    roll(st, 5)
    assert st.phase == "rolloff" and last(st, ev.RollOff).first is None
    roll(st, 3, 8)
    assert st.order == [1, 0]


@pytest.mark.parametrize("exp,suits", [("Veteran", (2, 2, 3, 3)), ("Trained", (1, 2, 2, 3)),
                                       ("Inexperienced", (1, 1, 2, 2))])
def test_actions_per_card_by_experience(exp, suits):
    assert tuple(ACTIONS[exp][s] for s in "SHDC") == suits


def test_a_shaken_unit_loses_one_action_never_below_one():
    st = new(scenario(units=TWO))
    st.units["A1"].fatigue = 1
    activate(st, "A1", card="KC", other="2C")
    assert st.act.actions == 2                      # Trained, Clubs: 3 - 1
    st2 = new(scenario(units=TWO))
    st2.units["A1"].fatigue = 1
    activate(st2, "A1", card="KS", other="2C")
    assert st2.act.actions == 1


def test_a_unit_routs_when_its_fatigue_reaches_its_models():
    from games.artillery.rules.resolve import check_rout
    st = new(scenario(units=TWO + [("A2", 0, "militia", 2, (14, 10))]))
    u = st.units["A2"]
    u.fatigue = 2
    check_rout(st, u)
    assert u.gone == "routed" and last(st, ev.UnitGone).how == "routed"


def test_rally_removes_one_fatigue():
    st = new(scenario(units=TWO))
    st.units["A1"].fatigue = 2
    activate(st, "A1")
    play(st, "rally")
    assert st.units["A1"].fatigue == 1


def test_rough_ground_costs_an_inch():
    st = new(scenario(units=TWO, terrain=[TerrainPiece("T1", "woods", rect(12, 5, 20, 15))]))
    activate(st, "A1")
    assert "3-inch move" in st.why_illegal(Move("move", a="A1", pos=(14, 10)))
    assert st.why_illegal(Move("move", a="A1", pos=(13, 10))) is None


def test_units_keep_two_inches_apart_and_cannot_enter_rocks_or_water():
    st = new(scenario(units=TWO + [("A2", 0, "militia", 8, (13, 10))],
                      terrain=[TerrainPiece("T1", "rocks", rect(5, 12, 9, 16)),
                               TerrainPiece("T2", "water", rect(10, 13, 14, 16))]))
    activate(st, "A1")
    assert "too close to A2" in st.why_illegal(Move("move", a="A1", pos=(12, 10)))
    assert "rocks" in st.why_illegal(Move("move", a="A1", pos=(8, 13)))
    assert "water" in st.why_illegal(Move("move", a="A1", pos=(11, 13)))


def test_cover_hard_inside_a_structure_normal_behind_a_wall_open_otherwise():
    from tests.artillery.util import building
    st = new(scenario(units=TWO + [("A2", 0, "militia", 8, (20, 10)), ("A3", 0, "militia", 8, (40, 10))],
                      structures=[building("H1", 8, 8, 12, 12)],
                      terrain=[TerrainPiece("T1", "wall", rect(18, 11.5, 22, 12))]))
    shooter = (20.0, 30.0)
    assert st.unit_cover("A1", shooter) == "hard"
    assert st.unit_cover("A2", shooter) == "normal"
    assert st.unit_cover("A3", shooter) == "open"


def test_small_arms_one_die_per_model_at_the_shoot_skill_plus_4_inch_bands_then_saves():
    st = new(scenario(units=[("A1", 0, "musketeers", 6, (10, 10)), ("B1", 1, "militia", 8, (10, 20))]))
    activate(st, "A1")
    p = st.shoot_preview("A1", "B1")
    assert (p["dice"], p["tn"]) == (6, 6 + 2)        # 8 inches between the groups
    play(st, "shoot B1")
    roll(st, 8, 9, 10, 1, 1, 1)
    assert last(st, ev.ShootTest).hits == 3
    assert st.need["purpose"] == "saves" and st.need["tn"] == 7


def test_field_battle_scores_held_houses_from_round_two():
    from games.artillery.rules import new_game
    from games.artillery.rules import victory
    st = new_game({"scenario": "field"})
    st.units["A2"].pos = (8.0, 18.0)                  # inside the wooden house
    st.round = 2
    victory._round_hold(st)
    assert st.score == [1, 0]


# -- Readings of the chapter (docs/rules/artillery.md, "Readings") ------------------------------
def _two_gun_deck(models):
    """Two Light Cannons on a ship's deck facing north, crewed by ``models`` men."""
    from tests.artillery.util import building
    deck = building("DK", 10, 10, 20, 14, typ="hull", owner=0)
    return scenario(units=[("A1", 0, "gun_crew", models, (15, 12)), ("B1", 1, "militia", 8, (13, 30)),
                           ("Y1", 0, "militia", 8, (2, 46))],
                    guns=[("G1", "light", 0, (12, 13.5), 0, "A1", "DK"),
                          ("G2", "light", 0, (14, 13.5), 0, "A1", "DK")],
                    structures=[deck])


def test_one_model_per_gun_is_counted_per_shoot_test_a_lone_gunner_fires_again_for_a_fatigue():
    st = new(_two_gun_deck(1))
    activate(st, "A1")                               # Clubs: 3 actions
    play(st, "fire G1 at B1 round")
    roll(st, 1)                                      # a miss: nothing else to resolve
    assert st.why_illegal(Move("fire", guns=("G2",), target="B1", ammo="round")) is None
    play(st, "fire G2 at B1 round")
    roll(st, 1)
    assert st.units["A1"].fatigue == 1               # the second shoot test's Fatigue
    assert (st.guns["G1"].markers, st.guns["G2"].markers) == (4, 4)


def test_a_dedicated_reload_is_the_whole_activation_never_after_another_action_even_firing_that_gun():
    sc = scenario(units=[("A1", 0, "gun_crew", 1, (18, 8)), ("B1", 1, "militia", 8, (18, 30)),
                         ("Z1", 1, "militia", 8, (46, 46))],
                  guns=[("G1", "light", 0, (18, 10), 0, "A1")])    # a Light Cannon needs 2 men
    st = new(sc)
    activate(st, "A1")                               # Clubs: 3 actions
    play(st, "fire G1 at B1 round")
    roll(st, 1)                                      # a miss; G1 now has 4 markers
    dre = Move("dreload", a="G1")
    assert st.act is not None and st.act.unit == "A1" and st.guns["G1"].markers == 4
    assert st.why_illegal(dre) == \
        "a dedicated reload takes the whole activation: A1 has already taken an action this activation"
    assert dre not in st.legal_moves()
    st2 = new(sc)
    st2.guns["G1"].markers = 4
    activate(st2, "A1")
    play(st2, "dreload G1")                          # as the activation's first action it is fine
    assert st2.guns["G1"].markers == 3


def _rigging_target():
    """A Heavy Cannon 20 inches from a ship's rigging (sails set): damage on 3 + 2 = 5+."""
    from games.artillery.rules.data import SectionDef, StructureDef
    rig = StructureDef("R", "rig", "rigging", (SectionDef("RG", "Rigging", rect(10, 30, 26, 33), 10.0,
                                                          enterable=False),), owner=1)
    return scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), ("Z1", 1, "militia", 8, (46, 46))],
                    guns=[("G1", "heavy", 0, (18, 10), 0, "A1")], structures=[rig])


def test_a_lucky_hit_rides_on_a_damaging_hit_so_a_natural_10_halved_to_none_is_no_lucky_hit():
    from games.artillery.rules import odds
    st = new(_rigging_target())
    activate(st, "A1")
    play(st, "fire G1 at RG round")
    roll(st, 9)
    assert need(st)["tn"] == 5
    roll(st, 10, 1, 1, 1)                            # one success, halved against rigging: no hit
    e = last(st, ev.DamageRoll)
    assert (e.successes, e.hits) == (1, 0)
    assert last(st, ev.CriticalResult) is None and st.need is None
    assert st.sections["RG"].tally == 0
    # the preview's arithmetic agrees: one damage die halved never makes a Lucky Hit
    assert not any(lucky for (_, lucky, _), p in odds.structure_outcomes(1, 5, True, 3, 0, 4).items() if p)
    st2 = new(_rigging_target())                     # the same 10 with a second success: one hit, Lucky
    activate(st2, "A1")
    play(st2, "fire G1 at RG round")
    roll(st2, 9)
    roll(st2, 10, 9, 1, 1)
    assert last(st2, ev.DamageRoll).hits == 1
    n = need(st2)
    assert (n["purpose"], n["lucky"]) == ("crit", True)


def test_swivel_hits_on_rigging_are_halved_like_grapeshot_our_reading():
    sc = _rigging_target()
    from dataclasses import replace
    # the gun 4" from the rigging, its crew beside it
    sc = replace(sc, guns=(replace(sc.guns[0], type="swivel", pos=(18, 26)),),
                 units=(replace(sc.units[0], pos=(18, 24)), *sc.units[1:]))
    st = new(sc)
    activate(st, "A1")
    play(st, "fire G1 at RG")
    n = need(st)
    assert (n["n"], n["tn"]) == (3, 7)               # three dice at 6+, +1 for the full 4"
    roll(st, 9, 9, 9)                                # three hits ...
    assert last(st, ev.ShootTest).hits == 3
    assert last(st, ev.StructureDamaged).hits == 1   # ... one point of damage to the rigging
    assert st.sections["RG"].tally == 1
