"""One test per rule of chapter 7 ("Artillery") of Blood & Plunder, with fixed dice.

The chapter's worked examples are tests of their own (their names say which).
Tables are built small (``tests/artillery/util.py``) so each rule stands alone.
"""
import pytest

from games.artillery.rules import events as ev
from games.artillery.rules.data import ARTILLERY, SHOT, STRUCTURES, TerrainPiece, rect
from games.artillery.rules import Move
from games.core.game import CHANCE
from tests.artillery.util import activate, building, need, new, play, roll, scenario, woods, last, all_of

FAR_ENEMY = ("Z1", 1, "militia", 8, (46, 46))
FAR_FRIEND = ("Y1", 0, "militia", 8, (2, 46))


def deck_table(models=4):
    """The chapter's example: 4 Light Cannons on a ship's deck, 2 facing starboard
    (north) and 2 larboard (south), crewed by one unit of ``models``."""
    deck = building("DK", 10, 10, 20, 14, typ="hull", owner=0)
    return scenario(
        units=[("A1", 0, "gun_crew", models, (15, 12)), ("B1", 1, "militia", 8, (13, 30)), FAR_FRIEND],
        guns=[("G1", "light", 0, (12, 13.5), 0, "A1", "DK"), ("G2", "light", 0, (14, 13.5), 0, "A1", "DK"),
              ("G3", "light", 0, (12, 10.5), 180, "A1", "DK"), ("G4", "light", 0, (14, 10.5), 180, "A1", "DK")],
        structures=[deck])


def field_table(gun="light", models=4, target=(18, 30), facing=0, crew_pos=(18, 8), gun_pos=(18, 10),
                terrain=(), structures=(), more_units=()):
    return scenario(
        units=[("A1", 0, "gun_crew", models, crew_pos), ("B1", 1, "militia", 8, target), FAR_ENEMY,
               *more_units],
        guns=[("G1", gun, 0, gun_pos, facing, "A1")], terrain=terrain, structures=structures)


def end_round(st):
    """Play 'end' for every activation left this round, rolling nothing."""
    while st.current_player() >= 0 or st.phase in ("deal", "reveal"):
        p = st.current_player()
        if p == CHANCE:
            st.apply(st.chance_outcomes()[0][0])
            if st.phase == "activate" or (st.phase == "pick" and st.round > 1):
                pass
            if st.phase == "deal" and not st.hands[0] and not st.hands[1] and st.dealt[0] == []:
                return
            continue
        moves = st.legal_moves()
        end = [m for m in moves if m.kind == "end"]
        st.apply(end[0] if end else moves[0])
        if st.phase == "deal":
            return


# -- 7.1 Artillery crews -------------------------------------------------------------
def test_artillery_types_table_matches_the_chapter():
    t = {k: (a.min_crew, a.move_penalty, a.base_tn, a.initial_dice, a.damage_dice, a.reload_markers)
         for k, a in ARTILLERY.items()}
    assert t == {"swivel": (2, 1, 6, 3, 0, 2), "light": (2, 1, 4, 1, 2, 4), "medium": (3, 2, 4, 1, 3, 4),
                 "heavy": (4, None, 4, 1, 4, 4)}


def test_example_one_crew_model_fires_each_gun_four_light_cannons_crew_of_four():
    st = new(deck_table())
    activate(st, "A1")
    play(st, "fire G1+G2 at B1 round")       # two starboard guns: one crew model each is enough
    assert need(st)["n"] == 2                 # one d10 per gun
    roll(st, 7, 9)
    assert st.guns["G1"].markers == 4 and st.guns["G2"].markers == 4
    assert st.guns["G3"].markers == 0


def test_firing_needs_one_crew_model_for_each_gun_fired_legal_with_one_per_gun_illegal_with_fewer():
    pair = Move("fire", guns=("G1", "G2"), target="B1", ammo="round")
    st = new(deck_table(models=2))            # exactly one model for each of the two guns
    activate(st, "A1")
    assert st.why_illegal(pair) is None and pair in st.legal_moves()
    st1 = new(deck_table(models=1))           # the crew cut to one model
    activate(st1, "A1")
    assert st1.why_illegal(pair) == \
        "one crew model fires each gun: A1 has 1 model, so it can fire 1 gun at a time, not 2"
    fires = [m for m in st1.legal_moves() if m.kind == "fire"]
    assert fires and all(len(m.guns) == 1 for m in fires)      # the list never offers the pair
    play(st1, "fire G1 at B1 round")          # one gun is still the lone gunner's to fire
    assert need(st1)["n"] == 1


def test_example_minimum_crew_reloads_both_guns_at_the_normal_rate():
    st = new(deck_table())
    st.guns["G1"].markers = st.guns["G2"].markers = 4
    activate(st, "A1")
    play(st, "reload G1+G2")                  # 2 + 2 models needed, 4 present
    assert (st.guns["G1"].markers, st.guns["G2"].markers) == (3, 3)


def test_crew_below_minimum_reloads_only_what_it_can_crew_medium_example():
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (20, 10)), FAR_ENEMY],
                  guns=[("G1", "medium", 0, (19, 12), 0, "A1"), ("G2", "medium", 0, (21, 12), 0, "A1")])
    st = new(sc)
    for g in ("G1", "G2"):
        st.guns[g].markers = 2
    st2 = st.copy()
    activate(st, "A1")
    play(st, "reload G1+G2")                  # 6 models: both at once
    assert (st.guns["G1"].markers, st.guns["G2"].markers) == (1, 1)
    st2.units["A1"].models = 4                # two casualties
    activate(st2, "A1")
    why = st2.why_illegal(Move("reload", guns=("G1", "G2")))
    assert why and "fewer than 6 models" in why
    play(st2, "reload G1")
    assert st2.guns["G1"].markers == 1


def test_dedicated_reload_under_minimum_crew_removes_one_marker_per_activation():
    st = new(field_table(models=1))
    st.guns["G1"].markers = 3
    activate(st, "A1")                        # Clubs: 3 actions
    assert st.why_illegal(Move("reload", guns=("G1",))) == \
        "the crew has fewer than 2 models: it cannot reload at the normal rate"
    play(st, "dreload G1")
    assert st.guns["G1"].markers == 2
    assert st.act is None or st.act.unit != "A1"     # the dedicated action took the whole activation
    e = last(st, ev.Reloaded)
    assert e.dedicated


def test_only_the_assigned_unit_fires_moves_or_reloads_its_guns():
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (18, 8)), ("A2", 0, "musketeers", 6, (22, 8)),
                         ("B1", 1, "militia", 8, (18, 30))],
                  guns=[("G1", "light", 0, (18, 10), 0, "A1")])
    st = new(sc)
    st.guns["G1"].markers = 1
    activate(st, "A2")
    assert "not crewed by A2" in st.why_illegal(Move("reload", guns=("G1",)))
    assert "not crewed by A2" in st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round"))
    assert "not crewed by A2" in st.why_illegal(Move("turn", a="G1", value=45))


def test_guns_a_unit_crews_in_a_structure_share_one_section():
    fort = building("F1", 10, 20, 16, 26, owner=0)
    fort2 = building("F2", 16, 20, 22, 26, owner=0)
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (13, 23)), FAR_ENEMY],
                  guns=[("G1", "light", 0, (13, 25.5), 0, "A1", "F1"), ("G2", "light", 0, (19, 25.5), 0, None, "F2")],
                  structures=[fort, fort2])
    st = new(sc)
    st.units["A1"].pos = (16.0, 23.0)       # on the line between the two sections
    activate(st, "A1")
    why = st.why_illegal(Move("assign", guns=("G2",)))
    assert why is not None


def test_assignment_refused_while_another_unit_crews_the_gun():
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (18, 8)), ("A2", 0, "musketeers", 6, (19, 11)), FAR_ENEMY],
                  guns=[("G1", "light", 0, (18, 10), 0, "A1")])
    st = new(sc)
    activate(st, "A2")
    assert "must be abandoned" in st.why_illegal(Move("assign", guns=("G1",)))


def test_example_abandon_three_cannons_then_another_unit_takes_them_over():
    st = new(deck_table())
    st.units["A1"].models = 2                 # the crew took 2 casualties
    # a unit of 6 has moved into the same deck section
    from games.artillery.rules import Unit
    st.units["A2"] = Unit("A2", 0, "sailors", 6, 6, (17.5, 12.0), "Sailors")
    activate(st, "A1")
    play(st, "abandon G2+G3+G4")              # 2 larboard and 1 starboard
    assert [g for g in ("G1", "G2", "G3", "G4") if st.guns[g].crew == "A1"] == ["G1"]
    play(st, "end")
    # later in the turn the unit of 6 activates
    while st.phase != "activate" or st.order[0] != 0:
        if st.current_player() == CHANCE:
            st.apply(st.chance_outcomes()[0][0])
        elif st.phase == "pick":
            st.apply(st.legal_moves()[0])
        elif st.phase == "activate":
            st.apply(st.legal_moves()[0])
        else:
            st.apply(Move("end"))
    play(st, "activate A2")
    play(st, "assign G2+G3+G4")
    assert all(st.guns[g].crew == "A2" for g in ("G2", "G3", "G4"))


def test_crew_twelve_inches_from_its_guns_at_the_end_of_an_activation_abandons_them():
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (18, 11)), FAR_ENEMY],
                  guns=[("G1", "heavy", 0, (18, 10), 0, "A1")])
    st = new(sc)
    activate(st, "A1")                        # Clubs: 3 actions
    play(st, "move A1 18,15 leave")
    play(st, "move A1 18,19")
    assert st.guns["G1"].crew == "A1"         # 9 inches away mid-activation: still its crew
    play(st, "move A1 18,23")                 # 13 inches away as the activation ends
    assert st.act is None or st.act.unit != "A1"
    assert st.guns["G1"].crew is None
    assert last(st, ev.Abandoned).reason == "distance"


def test_any_unit_in_cohesion_may_crew_abandoned_artillery_of_either_side():
    sc = scenario(units=[("A1", 0, "musketeers", 6, (18, 8)), ("B1", 1, "militia", 8, (18, 40))],
                  guns=[("G9", "light", 1, (18, 10), 0, None)])
    st = new(sc)
    activate(st, "A1")
    play(st, "assign G9")
    assert st.guns["G9"].crew == "A1"


def test_assignment_needs_cohesion_at_the_start_of_the_activation():
    sc = scenario(units=[("A1", 0, "musketeers", 6, (18, 4)), FAR_ENEMY],
                  guns=[("G9", "light", 1, (18, 10), 0, None)])
    st = new(sc)
    activate(st, "A1")
    play(st, "move A1 18,8")                 # now in cohesion, but not when it activated
    assert "when it activated" in st.why_illegal(Move("assign", guns=("G9",)))


def test_spike_needs_the_crew_or_one_inch_of_abandoned_artillery_and_a_spiked_gun_never_fires():
    sc = scenario(units=[("A1", 0, "musketeers", 6, (18, 8.5)), ("B1", 1, "militia", 8, (18, 30))],
                  guns=[("G9", "light", 1, (18, 10), 0, None), ("G8", "light", 1, (30, 10), 0, None)])
    st = new(sc)
    activate(st, "A1")
    assert "within 1 inch" in st.why_illegal(Move("spike", a="G8"))
    play(st, "spike G9")
    assert st.guns["G9"].spiked
    play(st, "assign G9")
    assert "spiked" in st.why_illegal(Move("fire", guns=("G9",), target="B1", ammo="round"))


# -- Firing artillery --------------------------------------------------------------------
def test_a_gun_cannot_fire_after_moving_or_turning_in_the_same_activation():
    st = new(field_table(facing=45))
    activate(st, "A1")
    play(st, "turn G1 N")
    assert "moved or turned" in st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round"))
    st2 = new(field_table())
    activate(st2, "A1")
    play(st2, "move A1 18,10")
    assert "moved or turned" in st2.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round"))


def test_a_unit_fires_small_arms_or_artillery_in_an_activation_not_both():
    st = new(field_table(target=(18, 18)))
    activate(st, "A1")
    play(st, "shoot B1")
    roll(st, *([1] * 4))
    assert "not both" in st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round"))


def test_only_guns_with_no_reload_markers_fire():
    st = new(field_table())
    st.guns["G1"].markers = 3
    activate(st, "A1")
    assert st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round")) == \
        "that gun still has 3 reload markers (G1)"


def test_the_first_shoot_test_is_free_and_each_further_one_costs_a_fatigue():
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), ("B1", 1, "militia", 8, (18, 30)), FAR_ENEMY],
                  guns=[("G1", "light", 0, (16, 10), 0, "A1"), ("G2", "light", 0, (20, 10), 0, "A1")])
    st = new(sc)
    activate(st, "A1")
    play(st, "fire G1 at B1 round")
    roll(st, 1)
    assert st.units["A1"].fatigue == 0
    play(st, "fire G2 at B1 round")
    roll(st, 1)
    assert st.units["A1"].fatigue == 1
    assert last(st, ev.FatigueGained).unit == "A1"


# -- 7.2 The shoot sequence --------------------------------------------------------------------
def test_cannons_target_units_in_the_open_or_structure_sections_not_units_inside():
    house = building("H1", 14, 26, 22, 32)
    st = new(field_table(target=(18, 29), structures=[house]))
    activate(st, "A1")
    why = st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round"))
    assert "target the section" in why
    assert st.why_illegal(Move("fire", guns=("G1",), target="H1", ammo="round")) is None


def test_line_of_sight_is_needed_and_the_blocker_is_named():
    st = new(field_table(terrain=[woods("T1", 14, 18, 22, 22)]))
    activate(st, "A1")
    assert st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round")) == \
        "no line of sight from G1: the woods block it"


def test_arc_of_fire_is_45_degrees_either_side_of_a_carriage_facing():
    st = new(field_table(target=(30, 20), facing=0))       # bearing ~50 degrees
    activate(st, "A1")
    assert st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round")) == "B1 is out of G1's arc of fire"
    st2 = new(field_table(target=(26, 20), facing=0))      # bearing ~39 degrees: inside
    activate(st2, "A1")
    assert st2.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round")) is None


def test_arc_of_fire_in_a_fortification_is_from_the_wall_face():
    fort = building("F1", 14, 4, 22, 10, owner=0)
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (18, 7)), ("B1", 1, "militia", 8, (40, 9)),
                         ("B2", 1, "militia", 8, (18, 30))],
                  guns=[("G1", "medium", 0, (18, 9.7), 0, "A1", "F1")], structures=[fort])
    st = new(sc)
    activate(st, "A1")
    assert "arc" in st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round"))
    assert st.why_illegal(Move("fire", guns=("G1",), target="B2", ammo="round")) is None
    assert "never turns" in st.why_illegal(Move("turn", a="G1", value=90))


def test_arc_of_fire_on_a_ship_is_the_width_of_the_deck_it_is_on():
    deck = building("DK", 10, 10, 20, 14, typ="hull", owner=0)      # a deck 10" wide, east to west
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (15, 12)), ("B1", 1, "militia", 8, (19, 17)),
                         ("B2", 1, "militia", 8, (30, 40)), ("B3", 1, "militia", 8, (15, 4))],
                  guns=[("G1", "light", 0, (12, 13.5), 0, "A1", "DK")], structures=[deck])
    st = new(sc)
    activate(st, "A1")

    def fire(t):
        return st.why_illegal(Move("fire", guns=("G1",), target=t, ammo="round"))
    # B1 is 63 degrees off the gun's facing, far outside a 45-degree cone, but off the deck's side
    assert fire("B1") is None
    # B2 is inside a cone from the gun (34 degrees) but beyond the end of the deck
    assert fire("B2") == "B2 is out of G1's arc of fire"
    # B3 is on the other side of the ship
    assert fire("B3") == "B3 is out of G1's arc of fire"
    kind, poly = st.gun_arc_shape("G1", reach=20.0)
    assert kind == "deck"
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((10, 20, 13.5, 33.5))


def test_distance_is_measured_from_the_closest_gun():
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), ("B1", 1, "militia", 8, (18, 30)), FAR_ENEMY],
                  guns=[("G1", "light", 0, (16, 10), 0, "A1"), ("G2", "light", 0, (18, 14), 0, "A1")])
    st = new(sc)
    p = st.fire_preview(("G1", "G2"), "B1", "round")
    assert p.distance == pytest.approx(30 - 1 - 14)         # from G2, to the nearest model
    assert p.line[0] == (18.0, 14.0)


def test_distance_from_a_structure_gun_is_measured_from_the_sections_edge():
    st = new(deck_table())
    p = st.fire_preview(("G1",), "B1", "round")
    assert p.distance == pytest.approx(30 - 1 - 14)


def test_example_29_inches_is_a_plus_3_penalty_so_cannons_need_7():
    st = new(field_table(target=(18, 40)))                  # 40 - 1 - 10 = 29 inches
    p = st.fire_preview(("G1",), "B1", "round")
    assert (p.penalty, p.tn) == (3, 7)


@pytest.mark.parametrize("inches,penalty", [(0, 0), (7.9, 0), (8, 1), (15.9, 1), (16, 2), (24, 3), (32, 4),
                                            (40, 5), (48, 6), (55.9, 6)])
def test_cannon_range_penalty_table_is_plus_1_per_full_8_inches(inches, penalty):
    from games.artillery.rules.shots import shot_numbers
    assert shot_numbers("cannon", "round", inches)[1] == penalty


@pytest.mark.parametrize("inches,penalty", [(0, 0), (3.9, 0), (4, 1), (8, 2), (12, 3), (16, 4), (20, 5),
                                            (24, 6), (28, 7)])
def test_small_arms_range_penalty_table_is_plus_1_per_full_4_inches(inches, penalty):
    from games.artillery.rules.shots import shot_numbers
    assert shot_numbers("swivel", "", inches)[1] == penalty


def test_one_d10_per_cannon_hits_on_4_plus_range_and_a_natural_10_always_hits_roundshot():
    st = new(scenario(units=[("A1", 0, "gun_crew", 4, (2, 2)), ("B1", 1, "militia", 8, (44, 46))],
                      guns=[("G1", "light", 0, (3, 3), 45, "A1")]))
    p = st.fire_preview(("G1",), "B1", "round")
    assert p.tn >= 11                           # 4 + 7 at 56+ inches
    activate(st, "A1")
    play(st, "fire G1 at B1 round")
    roll(st, 10)
    assert last(st, ev.ShootTest).hits == 1


def test_chainshot_and_grapeshot_reach_40_inches():
    st = new(scenario(units=[("A1", 0, "gun_crew", 4, (18, 2)), ("B1", 1, "militia", 8, (18, 46)), FAR_ENEMY],
                      guns=[("G1", "light", 0, (18, 4), 0, "A1")]))
    activate(st, "A1")
    assert "40-inch maximum range" in st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="chain"))
    assert "40-inch maximum range" in st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="grape"))
    assert st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round")) is None


def test_a_cannon_gains_four_reload_markers_a_swivel_two():
    assert ARTILLERY["light"].reload_markers == ARTILLERY["heavy"].reload_markers == 4
    st = new(field_table(gun="swivel", target=(18, 20)))
    activate(st, "A1")
    play(st, "fire G1 at B1")
    assert st.guns["G1"].markers == 2


# -- Check for damage -------------------------------------------------------------------------
def test_a_unit_in_the_open_hit_by_roundshot_loses_a_model_per_hit_without_saves():
    st = new(field_table(target=(18, 20), terrain=[woods("T1", 10, 20.5, 26, 23, kind="wall")]))
    activate(st, "A1")
    play(st, "fire G1 at B1 round")
    roll(st, 9)
    assert st.units["B1"].models == 7           # even in cover: no save
    assert need(st)["purpose"] == "fatigue"


def test_example_three_light_cannons_at_a_ship_25_inches_four_damaging_hits():
    ship = building("SH", 10, 40, 30, 44, typ="large_stone", owner=1)       # Fortitude 3, Integrity 4
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (20, 13.5)), FAR_ENEMY],
                  guns=[("G1", "light", 0, (18, 15), 0, "A1"), ("G2", "light", 0, (20, 15), 0, "A1"),
                        ("G3", "light", 0, (22, 15), 0, "A1")], structures=[ship])
    st = new(sc)
    assert st.fire_preview(("G1", "G2", "G3"), "SH").tn == 7              # 4 base + 3 range
    activate(st, "A1")
    play(st, "fire G1+G2+G3 at SH round")
    roll(st, 1, 8, 8)                           # two hits
    n = need(st)
    assert (n["purpose"], n["n"], n["tn"]) == ("damage", 4, 6)             # 2 dice per light, 3 + 3
    roll(st, 6, 7, 8, 8)
    assert last(st, ev.StructureDamaged).hits == 4
    assert st.sections["SH"].tally == 4


def test_fortitude_drops_each_time_the_tally_reaches_integrity_stone_building_example():
    st = new(scenario(units=[FAR_FRIEND, FAR_ENEMY], structures=[building("H1", 10, 10, 14, 14, typ="stone")]))
    s = st.sections["H1"]
    assert (STRUCTURES["stone"].fortitude, STRUCTURES["stone"].integrity) == (3, 3)
    s.tally = 3
    assert st.fortitude("H1") == 2
    s.tally = 5
    assert st.fortitude("H1") == 2
    s.tally = 6
    assert st.fortitude("H1") == 1


def test_fortitude_never_falls_below_one():
    st = new(scenario(units=[FAR_FRIEND, FAR_ENEMY], structures=[building("H1", 10, 10, 14, 14, typ="shanty")]))
    st.sections["H1"].tally = 40
    st.sections["H1"].down = 5
    assert st.fortitude("H1") == 1


def test_fortitude_and_integrity_table_of_common_buildings():
    rows = {k: (v.fortitude, v.integrity) for k, v in STRUCTURES.items() if not v.ours}
    assert rows == {"shanty": (2, 2), "wooden": (2, 3), "large_wooden": (3, 3), "stone": (3, 3),
                    "large_stone": (3, 4), "very_large": (4, 4)}


def _shoot_house(typ="shanty", fort_tally=0, gun="heavy", target_y=12.0):
    house = building("H1", 16, 20, 20, 24, typ=typ)
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (18, target_y - 2)), FAR_ENEMY],
                  guns=[("G1", gun, 0, (18, target_y), 0, "A1")], structures=[house])
    st = new(sc)
    st.sections["H1"].tally = fort_tally
    activate(st, "A1")
    play(st, "fire G1 at H1 round")
    return st


def test_lucky_hit_a_natural_10_on_the_damage_dice_rolls_the_critical_table_minus_one_once():
    st = _shoot_house(typ="very_large")          # Fortitude 4: 4 damage dice can't double it
    roll(st, 8)
    roll(st, 10, 10, 1, 1)                       # two natural 10s, still only one Lucky Hit
    n = need(st)
    assert (n["purpose"], n["lucky"]) == ("crit", True)
    roll(st, 8)
    e = last(st, ev.CriticalResult)
    assert e.lucky and e.roll == 8 and e.result == 7
    assert st.need is None or st.need["purpose"] != "crit"


def test_lucky_hit_needs_two_natural_10s_when_the_target_number_is_11_or_more():
    from games.artillery.rules import odds
    assert odds.lucky_needs(10) == 1 and odds.lucky_needs(11) == 2
    st = _shoot_house(typ="very_large", target_y=4.0)
    st.sections["H1"].down = 0
    # Fortitude 4, range 20-1... penalty 2: 6+; force the high target number directly
    n = need(st)
    st.need = dict(n)
    roll(st, 9)
    st.need["tn"] = 11
    roll(st, 10, 3, 3, 3)                        # one natural 10 at 11+: a damaging hit, no Lucky Hit
    assert last(st, ev.StructureDamaged).hits == 1
    assert last(st, ev.CriticalResult) is None


def test_critical_hits_one_roll_per_doubling_of_the_remaining_fortitude_shanty_example():
    from games.artillery.rules import odds
    # a shanty, Fortitude 2, takes 6 damage: Fortitude drops to 1, 6 hits double it three times
    assert odds.fortitude_after(2, 6, 2) == 1
    assert odds.criticals(6, 1) == 3
    st = _shoot_house(typ="shanty", gun="heavy")
    st.sections["H1"].tally = 4                   # already at Fortitude 1... (2 - 4 // 2 = 0 -> 1)
    roll(st, 9)
    roll(st, 9, 9, 9, 9)                          # four damaging hits at Fortitude 1: two criticals
    crits = [n for n in [st.need] if n and n["purpose"] == "crit"]
    assert crits and not crits[0]["lucky"]
    roll(st, 1)
    assert st.need is not None and st.need["purpose"] == "crit"
    roll(st, 1)
    assert len(all_of(st, ev.CriticalResult)) == 2


def test_occupants_of_a_hit_section_take_one_hit_per_damaging_hit_spread_evenly_with_hard_cover():
    house = building("H1", 14, 26, 22, 32)
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), ("B1", 1, "militia", 8, (16, 29)),
                         ("B2", 1, "musketeers", 6, (20, 29))],
                  guns=[("G1", "heavy", 0, (18, 10), 0, "A1"), ("G2", "heavy", 0, (16, 10), 0, "A1")],
                  structures=[house])
    st = new(sc)
    activate(st, "A1")
    play(st, "fire G1+G2 at H1 round")
    roll(st, 9, 9)
    roll(st, 9, 9, 9, 9, 9, 1, 1, 1)              # 5 damaging hits (no 10s): Fortitude 3 -> 2
    assert need(st)["purpose"] == "crit"          # 5 hits double the Fortitude of 2 once
    roll(st, 1)                                   # 'Plaster and dust': nothing more
    al = last(st, ev.HitsAllotted)
    assert dict(al.hits) == {"B1": 3, "B2": 2}     # the larger unit takes the odd hit
    n = need(st)
    assert n["purpose"] == "saves" and n["about"] == "B1" and n["n"] == 3
    assert n["tn"] == 7 - 2                       # militia save 7, hard cover
    roll(st, 5, 4, 4)
    assert st.units["B1"].models == 6
    assert need(st)["purpose"] == "fatigue"


def test_a_unit_that_took_hits_takes_a_fatigue_test():
    st = new(field_table(target=(18, 20)))
    activate(st, "A1")
    play(st, "fire G1 at B1 round")
    roll(st, 9)
    n = need(st)
    assert n["purpose"] == "fatigue" and n["actor"] == 1
    roll(st, 1)
    assert st.units["B1"].fatigue == 1


# -- 7.4 Swivel guns, 7.6 shot types ------------------------------------------------------------
def test_swivels_shoot_three_dice_at_6_plus_as_small_arms_all_round():
    st = new(field_table(gun="swivel", target=(18, 2), facing=0, crew_pos=(20, 8), gun_pos=(18, 10)))
    p = st.fire_preview(("G1",), "B1", "swivel")
    assert p.dice == 3 and p.tn == 6 + int(p.distance // 4)
    activate(st, "A1")
    play(st, "fire G1 at B1")                    # behind it: a swivel turns on its mount
    roll(st, 9, 9, 2)
    assert last(st, ev.ShootTest).hits == 2
    assert need(st)["purpose"] == "saves"


def test_swivels_are_fixed_to_their_section_and_cannot_fire_at_other_sections():
    fort = building("F1", 14, 4, 22, 10, owner=0)
    house = building("H1", 14, 30, 22, 34)
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (18, 7)), ("B1", 1, "militia", 8, (18, 20))],
                  guns=[("G1", "swivel", 0, (18, 9.7), 0, "A1", "F1")], structures=[fort, house])
    st = new(sc)
    activate(st, "A1")
    assert "only targets units and rigging" in st.why_illegal(Move("fire", guns=("G1",), target="H1",
                                                                     ammo="swivel"))
    assert "never turns" in st.why_illegal(Move("turn", a="G1", value=90))
    assert st.move_allowance("A1")["guns"] == []          # nothing goes along when the crew moves
    play(st, "move A1 17,7")
    assert st.guns["G1"].pos == (18.0, 9.7)


def test_example_grapeshot_light_cannon_at_7_inches_needs_5_rolls_three_dice_two_hits_two_saves():
    st = new(field_table(target=(18, 18)))         # 18 - 1 - 10 = 7 inches
    p = st.fire_preview(("G1",), "B1", "grape")
    assert (p.tn, p.dice) == (5, 3)
    activate(st, "A1")
    play(st, "fire G1 at B1 grape")
    roll(st, 9, 8, 3)
    assert last(st, ev.ShootTest).hits == 2
    n = need(st)
    assert n["purpose"] == "saves" and n["n"] == 2


def test_grapeshot_may_not_target_structure_sections_other_than_rigging():
    house = building("H1", 14, 26, 22, 32)
    st = new(field_table(structures=[house], target=(40, 40)))
    activate(st, "A1")
    assert "only targets units and rigging" in st.why_illegal(Move("fire", guns=("G1",), target="H1", ammo="grape"))


def test_shot_types_table_matches_the_chapter():
    assert (SHOT["round"].band, SHOT["round"].max_range) == (8, None)
    assert (SHOT["chain"].band, SHOT["chain"].max_range, SHOT["chain"].furled_rigging_bonus) == (8, 40, 2)
    assert (SHOT["grape"].band, SHOT["grape"].max_range) == (4, 40)
    assert SHOT["round"].halves_rigging and SHOT["grape"].halves_rigging and SHOT["chain"].halves_structures
    assert (SHOT["chain"].cost, SHOT["grape"].cost) == (1, 1)


def _rigging_table(sails_reduced):
    from games.artillery.rules.data import SectionDef, StructureDef
    rig = StructureDef("R", "rig", "rigging", (SectionDef("RG", "Rigging", rect(10, 30, 26, 33), 10.0,
                                                          enterable=False),), owner=1, sails_reduced=sails_reduced)
    hull = building("HL", 10, 36, 26, 40, typ="hull", owner=1)
    return scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), FAR_ENEMY],
                    guns=[("G1", "heavy", 0, (18, 10), 0, "A1")], structures=[rig, hull])


def test_chainshot_does_half_damage_to_non_rigging_structures():
    st = new(_rigging_table(False))
    activate(st, "A1")
    play(st, "fire G1 at HL chain")
    roll(st, 9)
    roll(st, 9, 9, 9, 1)
    e = last(st, ev.DamageRoll)
    assert (e.successes, e.hits, e.halved) == (3, 1, True)


def test_chainshot_against_rigging_with_reduced_sails_adds_2_fortitude():
    st = new(_rigging_table(True))
    f = st.fortitude("RG")
    activate(st, "A1")
    play(st, "fire G1 at RG chain")
    pen = st.res["penalty"]
    roll(st, 9)
    assert need(st)["tn"] == f + pen + 2
    st2 = new(_rigging_table(False))
    activate(st2, "A1")
    play(st2, "fire G1 at RG chain")
    roll(st2, 9)
    assert need(st2)["tn"] == f + pen


def test_roundshot_does_half_damage_to_rigging():
    st = new(_rigging_table(False))
    activate(st, "A1")
    play(st, "fire G1 at RG round")
    roll(st, 9)
    roll(st, 9, 9, 9, 1)
    e = last(st, ev.DamageRoll)
    assert (e.successes, e.hits) == (3, 1)


# -- Moving artillery -------------------------------------------------------------------------------
def test_field_carriage_move_penalties_light_1_medium_2():
    for gun, inches in (("light", 3), ("medium", 2)):
        st = new(field_table(gun=gun, models=6))
        activate(st, "A1")
        assert st.move_allowance("A1")["inches"] == inches
        assert st.why_illegal(Move("move", a="A1", pos=(18, 8 + inches))) is None
        why = st.why_illegal(Move("move", a="A1", pos=(18, 9 + inches)))
        assert f"past this unit's {inches}-inch move" in why


def test_a_heavy_cannon_on_a_field_carriage_only_turns():
    st = new(field_table(gun="heavy", models=6))
    activate(st, "A1")
    assert "cannot be moved, only turned" in st.why_illegal(Move("move", a="A1", pos=(18, 10)))
    assert st.why_illegal(Move("turn", a="G1", value=45)) is None


def test_a_mobile_gun_below_minimum_crew_only_turns_in_place():
    st = new(field_table(gun="medium", models=2))
    activate(st, "A1")
    assert "fewer than 3 models" in st.why_illegal(Move("move", a="A1", pos=(18, 10)))
    assert st.why_illegal(Move("turn", a="G1", value=90)) is None


def test_a_gun_cannot_be_pulled_across_object_terrain_1_inch_tall():
    wall = TerrainPiece("T1", "wall", rect(10, 11, 26, 11.5))
    st = new(field_table(terrain=[wall]))
    activate(st, "A1")
    why = st.why_illegal(Move("move", a="A1", pos=(18, 11)))
    assert "cannot be pulled across the low wall" in why
    assert st.why_illegal(Move("move", a="A1", pos=(18, 11), flag=True)) is None


def test_a_field_gun_enters_a_structure_only_through_a_door_wide_enough():
    shed = building("H1", 16, 11.8, 20, 16)
    barn = building("H2", 16, 11.8, 20, 16, door=True)
    st = new(field_table(structures=[shed]))
    activate(st, "A1")
    assert "no door wide enough" in st.why_illegal(Move("move", a="A1", pos=(18, 11)))
    st2 = new(field_table(structures=[barn]))
    activate(st2, "A1")
    assert st2.why_illegal(Move("move", a="A1", pos=(18, 11))) is None


def test_the_controlling_player_decides_which_of_the_crews_field_guns_are_moved():
    from tests.artillery.util import parse_text
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), ("B1", 1, "militia", 8, (18, 30)), FAR_ENEMY],
                  guns=[("G1", "light", 0, (16, 10), 0, "A1"), ("G2", "heavy", 0, (20, 10), 0, "A1")])
    st = new(sc)
    activate(st, "A1")                             # Clubs: 3 actions
    assert "cannot be moved, only turned" in st.why_illegal(Move("move", a="A1", pos=(18, 11)))
    take_light = Move("move", a="A1", pos=(18, 11), guns=("G1",))
    assert str(take_light) == "move A1 18,11 with G1" and parse_text(str(take_light)) == take_light
    legal = st.legal_moves()
    assert take_light in legal
    assert Move("move", a="A1", pos=(18, 11), guns=("G2",)) not in legal          # the Heavy never rolls
    assert "every field gun" in st.why_illegal(Move("move", a="A1", pos=(18, 11), guns=("G1", "G2")))
    assert st.move_allowance("A1", guns=("G1",))["inches"] == 3                   # 4" - 1" for the Light
    assert st.public_move_text(take_light) == "moves A1 to 18,11 with G1 only"
    play(st, "move A1 18,11 with G1")
    assert (st.guns["G1"].pos, st.guns["G2"].pos) == ((16.0, 13.0), (20.0, 10.0))
    assert last(st, ev.Moved).guns == (("G1", (16.0, 10.0), (16.0, 13.0)),)
    # only the gun that moved is barred from firing this activation
    assert "moved or turned" in st.why_illegal(Move("fire", guns=("G1",), target="B1", ammo="round"))
    assert st.why_illegal(Move("fire", guns=("G2",), target="B1", ammo="round")) is None


def test_a_gun_in_a_structure_is_never_moved():
    st = new(deck_table())
    activate(st, "A1")
    moves = [m for m in st.legal_moves() if m.kind == "move"]
    assert all(not m.flag for m in moves)          # nothing on a carriage to take or leave
    play(st, str(moves[0]))
    assert st.guns["G1"].pos == (12.0, 13.5)


# -- Destroying artillery, cover --------------------------------------------------------------------
def test_a_carriage_gun_hit_by_a_cannon_is_a_model_with_a_9_save_in_the_open():
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (18, 8)), ("B1", 1, "gun_crew", 4, (18, 30))],
                  guns=[("G1", "light", 0, (18, 10), 0, "A1"), ("G2", "light", 1, (18, 28), 180, "B1")])
    st = new(sc)
    activate(st, "A1")
    play(st, "fire G1 at B1 round")
    roll(st, 9)
    assert st.current_player() == 1 and {m.a for m in st.legal_moves()} == {"man", "G2"}
    play(st, "casualty G2")
    n = need(st)
    assert (n["purpose"], n["tn"]) == ("gunsave", 9)
    roll(st, 8)
    assert st.guns["G2"].destroyed and st.units["B1"].models == 4


def test_a_carriage_gun_in_cover_saves_on_6():
    sc = scenario(units=[("A1", 0, "gun_crew", 4, (18, 8)), ("B1", 1, "gun_crew", 4, (18, 30))],
                  guns=[("G1", "light", 0, (18, 10), 0, "A1"), ("G2", "light", 1, (18, 28), 180, "B1")],
                  terrain=[TerrainPiece("T1", "wall", rect(14, 26.5, 22, 27))])
    st = new(sc)
    activate(st, "A1")
    play(st, "fire G1 at B1 round")
    roll(st, 9)
    play(st, "casualty G2")
    assert need(st)["tn"] == 6
    roll(st, 6)
    assert not st.guns["G2"].destroyed


def test_field_guns_are_not_destroyed_by_small_arms_or_swivels():
    sc = scenario(units=[("A1", 0, "musketeers", 6, (18, 20)), ("B1", 1, "gun_crew", 4, (18, 30))],
                  guns=[("G2", "light", 1, (18, 28), 180, "B1")])
    st = new(sc)
    activate(st, "A1")
    play(st, "shoot B1")
    roll(st, 9, 9, 1, 1, 1, 1)
    assert st.decision is None and need(st)["purpose"] == "saves"


def test_artillery_pieces_give_cover():
    sc = scenario(units=[("A1", 0, "musketeers", 6, (18, 10)), ("B1", 1, "gun_crew", 4, (18, 30))],
                  guns=[("G2", "light", 1, (18, 28.5), 180, "B1")])
    st = new(sc)
    assert st.unit_cover("B1", (18.0, 10.0)) == "normal"


def test_artillery_in_a_structure_is_destroyed_only_by_critical_damage():
    fort = building("F1", 14, 24, 22, 30, owner=1, typ="shanty")
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), ("B1", 1, "gun_crew", 4, (18, 27))],
                  guns=[("G1", "heavy", 0, (18, 10), 0, "A1"), ("G9", "light", 1, (18, 24.3), 180, "B1", "F1")],
                  structures=[fort])
    st = new(sc)
    activate(st, "A1")
    play(st, "fire G1 at F1 round")
    roll(st, 9)
    roll(st, 9, 9, 9, 9)                  # 4 damaging hits: Fortitude 2 -> 1, two critical rolls
    assert st.decision is None            # no choice of man or gun inside a structure
    assert not st.guns["G9"].destroyed
    roll(st, 1)                           # Plaster and dust
    roll(st, 7)                           # Gun dismounted
    assert st.guns["G9"].destroyed
    assert last(st, ev.GunDestroyed).cause == "dismounted by a critical hit"


def test_chainshot_hits_on_units_outside_structures_allow_no_save():
    st = new(field_table(target=(18, 20)))
    activate(st, "A1")
    play(st, "fire G1 at B1 chain")
    roll(st, 9)
    assert st.units["B1"].models == 7 and need(st)["purpose"] == "fatigue"


def test_grapeshot_at_rigging_does_half_the_hits_as_damage():
    st = new(_rigging_table(False))
    st.guns["G1"].type = "light"
    st.units["Z1"].pos = (18.0, 32.0)
    activate(st, "A1")
    play(st, "fire G1 at RG grape")
    n = need(st)
    roll(st, *([10] * n["n"]))
    assert last(st, ev.StructureDamaged).hits == n["n"] // 2


def test_no_units_in_the_section_means_no_hits_on_units():
    st = _shoot_house(typ="very_large")
    roll(st, 9)
    roll(st, 9, 9, 1, 1)
    assert last(st, ev.HitsAllotted) is None and st.need is None
