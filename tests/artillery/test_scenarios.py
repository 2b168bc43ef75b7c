"""Each scenario's setup is valid: everything on the table, on legal ground,
crews cohesive with their guns, mounted guns inside their sections, ids unique,
a victory rule and a round limit."""
import pytest

from games.artillery.rules import Gone
from games.artillery.rules import geometry as geo
from games.artillery.rules.data import COHESION, STRUCTURES, TERRAIN_KINDS
from games.artillery.rules.scenarios import SCENARIOS
from games.artillery.rules import new_game
from games.artillery.rules.table import table_for


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_scenario_setup_is_valid(key):
    sc = SCENARIOS[key]
    assert sc.width <= (72 if key == "bombard" else 48) and sc.height <= 48   # a 6-foot table at most
    assert sc.rounds >= 1 and sc.victory in ("hold", "shore", "anchor", "duel") and sc.victory_text
    t = table_for(sc)
    ids = [u.id for u in sc.units] + [g.id for g in sc.guns] + list(t.sections)
    assert len(ids) == len(set(ids))
    assert any(TERRAIN_KINDS[p.kind].blocks_sight for p in sc.terrain) or any(
        s.sections for s in sc.structures)
    for s in sc.structures:
        assert s.type in STRUCTURES
    st = new_game({"scenario": key})
    for u in st.units.values():
        assert t.on_table(u.pos), u.id
        assert t.ground_problem(u.pos, False, frozenset()) is None, u.id
        for o in st.units.values():
            if o.id != u.id:
                assert geo.dist(o.pos, u.pos) >= 2.0, (u.id, o.id)
    for g in st.guns.values():
        crew = st.units[g.crew] if g.crew else None
        if g.section:
            assert geo.point_in_poly(g.pos, t.sections[g.section].poly), g.id
            assert crew is None or st.unit_section(crew) == g.section, g.id
        else:
            assert crew is None or geo.dist(crew.pos, g.pos) <= COHESION, g.id
            assert t.ground_problem(g.pos, True, frozenset()) is None, g.id
    for seat in (0, 1):
        assert st.live_units(seat)
    # both sides have something to shoot with
    assert {g.seat for g in st.guns.values()} == {0, 1}


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_each_gun_crew_can_work_its_guns_at_the_start(key):
    st = new_game({"scenario": key})
    for g in st.guns.values():
        if g.crew:
            assert g in st.operable(st.units[g.crew])


def test_the_field_battle_is_the_chapters_suggestion_with_a_battery_a_side():
    """The chapter's suggested first game (a 3' table, structures on the centre line, Light
    Cannons assigned to one unit), with a battery of three Light guns a side so the guns
    matter (issue 26): one crew of six, the sum of their minimum crews."""
    from games.artillery.rules.data import ARTILLERY
    sc = SCENARIOS["field"]
    assert (sc.width, sc.height) == (36, 36)
    for seat in (0, 1):
        guns = [g for g in sc.guns if g.seat == seat]
        assert len(guns) == 3 and len({g.crew for g in guns}) == 1
        crew = next(u for u in sc.units if u.id == guns[0].crew)
        assert crew.models == sum(ARTILLERY[g.type].min_crew for g in guns)
    assert all(g.type == "light" for g in sc.guns)
    mids = [geo.centroid(s.sections[0].poly)[1] for s in sc.structures]
    assert all(abs(y - sc.height / 2) < 1 for y in mids)


def test_the_ship_has_hull_and_rigging_and_her_sails_are_furled():
    sc = SCENARIOS["anchor"]
    types = {s.type for s in sc.structures if s.owner == 0}
    assert types == {"hull", "rigging"}
    assert any(s.sails_reduced for s in sc.structures if s.type == "rigging")
    assert any("chain" in g.ammo for g in sc.guns if g.seat == 1)


def test_the_column_says_where_each_scenarios_victory_stands():
    from games.artillery.rules.victory import standing
    st = new_game({"scenario": "field"})
    assert standing(st) == ("Held: H1 none, H2 none", "Scoring from round 2")
    st.units["A2"].pos = (8.5, 18.0)                   # South's musketeers walk into the wooden house
    st.round = 3
    assert standing(st, ["Ana", "Ben"]) == ("Held: H1 Ana, H2 none", "1 point a house a round")

    st = new_game({"scenario": "shore"})
    assert standing(st) == ("Gatehouse: the fort", "Cannons left: 2 of 2")
    st.units["A3"].pos = (23.0, 24.0)                  # the veterans get in beside the militia
    assert standing(st)[0] == "Gatehouse: contested"
    st.units["B3"].gone = Gone.ROUTED
    assert standing(st, ["Ana", "Ben"])[0] == "Gatehouse: Ana"
    st.units["A3"].pos = (21.0, 5.0)
    assert standing(st)[0] == "Gatehouse: empty"
    st.guns["G3"].spiked = True
    assert standing(st)[1] == "Cannons left: 1 of 2"

    st = new_game({"scenario": "anchor"})
    f0 = st.fortitude("RG")
    assert standing(st) == (f"Rigging F{f0} (F1 cripples)", "Crewed cannons: 3 of 3")
    st.sections["RG"].tally += STRUCTURES["rigging"].integrity
    assert st.fortitude("RG") == f0 - 1
    assert standing(st)[0] == f"Rigging F{f0 - 1} (F1 cripples)"
    st.units["B1"].gone = Gone.ROUTED                     # the Heavy Cannon's crew is gone
    assert standing(st)[1] == "Crewed cannons: 2 of 3"


def test_the_town_raid_puts_the_chapters_land_rules_on_the_table():
    """Raid on the town: four of the chapter's building types held as objectives, guns of
    every size on field carriages, a Heavy that only turns and a Medium at a cart door."""
    from games.artillery.rules.data import ARTILLERY
    sc = SCENARIOS["town"]
    types = {s.type for s in sc.structures}
    assert {"shanty", "large_wooden", "large_stone", "very_large"} <= types
    assert set(sc.params["objectives"]) == {s.id for s in sc.structures}
    assert all(s.owner is None for s in sc.structures)
    field = {g.type for g in sc.guns if g.section is None}
    assert field == {"swivel", "light", "medium", "heavy"}
    assert ARTILLERY["heavy"].move_penalty is None
    doors = [sec.id for s in sc.structures for sec in s.sections if sec.gun_door]
    assert doors == ["H2"]


def test_the_towns_heavy_only_turns_and_its_medium_rolls_into_the_warehouse():
    from tests.artillery.util import activate, play
    st = activate(new_game({"scenario": "town"}), "B1", card="AC", other="2C")
    assert "cannot be moved" in st.why_illegal("move B1 30,33")        # a Heavy on a carriage never moves
    assert st.why_illegal("turn G3 S") is None                         # ... but may be turned
    st = activate(new_game({"scenario": "town"}), "B2", card="AC", other="2C")
    g = st.guns["G4"]
    assert st.table.section_at(g.pos) is None
    play(st, "move B2 9,19")                                           # 2" for a Medium's carriage
    assert st.unit_section(st.units["B2"]) == "H2"
    assert st.table.section_at(st.guns["G4"].pos) == "H2"              # through the cart door
    assert st.why_illegal("fire G4 at A1 round") is not None           # it moved: no shot this activation


def test_the_town_raid_standing_names_who_holds_which_building():
    from games.artillery.rules.victory import standing
    st = new_game({"scenario": "town"})
    assert standing(st) == ("Held: the raiders - / the town H5", "Scoring from round 3")
    st.units["A3"].pos = (23.0, 11.0)                  # the veterans walk into the church
    st.round = 4
    assert standing(st, ["Ana", "Ben"]) == ("Held: Ana H1 / Ben H5", "1 point a building a round")


def test_broadsides_are_two_ships_turned_about_with_guns_on_both_rails():
    """Broadsides: the two ships are the same ship turned half about the table's centre;
    each has cannons on both rails (the chapter's worked example: a crew of four for four
    Light Cannons, two on each side), swivels, and a Heavy with chainshot on its point."""
    sc = SCENARIOS["broadside"]
    st = new_game({"scenario": "broadside"})
    w, h = sc.width, sc.height
    for a, b in ((u, v) for u in sc.units for v in sc.units if u.seat == 0 and v.seat == 1):
        if (round(w - a.pos[0], 2), round(h - a.pos[1], 2)) == tuple(round(x, 2) for x in b.pos):
            assert (a.type, a.models) == (b.type, b.models)
    for seat in (0, 1):
        crews = {g.crew for g in st.guns.values() if g.seat == seat and g.type == "light"}
        assert len(crews) == 1
        crew = st.units[crews.pop()]
        lights = [g for g in st.guns.values() if g.crew == crew.id]
        assert crew.models == 4 and len(lights) == 4
        assert len({g.facing for g in lights}) == 2                 # two on each rail
    assert {s.type for s in sc.structures} == {"hull", "light_rigging"}


def test_broadsides_heavy_on_the_point_reaches_the_enemy_masts_with_roundshot_only():
    from tests.artillery.util import activate
    st = activate(new_game({"scenario": "broadside"}), "A4", card="AC", other="2C")
    assert st.why_illegal("fire G9 at RN round") is None
    assert "40-inch maximum range" in st.why_illegal("fire G9 at RN chain")
    # over its own ship: the enemy hull and crews are hidden behind the privateer's hull
    assert st.why_illegal("fire G9 at HN round") is not None


def test_broadsides_one_rail_bears_and_the_crew_chooses_which_guns_fire():
    from tests.artillery.util import activate
    st = activate(new_game({"scenario": "broadside"}), "A1", card="AC", other="2C")
    fires = {m.guns for m in st.legal_moves() if m.kind == "fire" and m.target == "RN"}
    assert ("G1", "G2") in fires and ("G1",) in fires
    assert not any(g in ("G3", "G4") for gs in fires for g in gs)   # the far rail's guns never bear


def test_broadsides_a_ship_whose_rigging_falls_to_fortitude_1_loses_and_the_count_decides_at_the_end():
    from games.artillery.rules.victory import check_now, end_of_round, standing
    st = new_game({"scenario": "broadside"})
    assert standing(st) == ("Rigging: the privateer F3, the guarda costa F3",
                            "Points: the privateer 0, the guarda costa 0")
    st.sections["RN"].tally = 6                         # 3/3: two Fortitude lost
    check_now(st)
    assert st.over and st.winner() == 0 and "guarda costa's rigging" in st.reason
    st = new_game({"scenario": "broadside"})
    st.sections["RN"].tally = 2
    st.sections["RS"].tally = 1
    st.round = st.scenario.rounds
    end_of_round(st)
    assert st.over and st.winner() == 0 and "6 points to 3" in st.reason


def test_broadsides_after_round_10_a_rigging_point_scores_3_and_a_model_removed_1():
    """The count at the round limit: a side that shot the enemy's crews can beat one
    lucky point on its masts, and level points are a draw."""
    from games.artillery.rules.victory import end_of_round, standing

    def at_limit(rs: int, rn: int, removed: list[int]):
        st = new_game({"scenario": "broadside"})
        st.sections["RS"].tally, st.sections["RN"].tally = rs, rn
        st.removed = removed                       # removed[s]: seat s's models lost
        st.round = st.scenario.rounds
        end_of_round(st)
        return st

    st = at_limit(1, 0, [0, 4])                    # seat 0 removed 4 men; seat 1 hit the masts once
    assert st.winner() == 0 and st.reason.startswith("4 points to 3")
    st = at_limit(1, 0, [0, 3])                    # 3 to 3
    assert st.over and st.winner() is None
    st = at_limit(0, 2, [5, 0])                    # 6 to 5: two rigging points beat five men
    assert st.winner() == 0
    st = new_game({"scenario": "broadside"})
    st.sections["RN"].tally = 1
    st.removed = [2, 1]
    assert standing(st)[1] == "Points: the privateer 4, the guarda costa 2"
    st.round = 5                                   # before the limit nothing is decided
    end_of_round(st)
    assert not st.over


def test_bombardment_is_a_six_foot_table_with_the_ships_rail_57_inches_from_the_walls():
    """Bombardment: the ship's Heavy Cannons reach every section of the stone fort
    only at +7 (57-58"), so against Fortitude 4 the damage target number is 11 and a
    Lucky Hit needs two natural 10s; the shore battery's victory rule."""
    from games.artillery.rules.shots import fire_numbers, gun_check
    sc = SCENARIOS["bombard"]
    assert (sc.width, sc.height) == (72, 48) and sc.victory == "shore"
    st = new_game({"scenario": "bombard"})
    for sid in ("FN", "FG", "FS"):
        assert any(gun_check(st, st.guns[gid], sid).sight for gid in ("G7", "G8")), sid
    for gid in ("G7", "G8"):
        for sid in ("FN", "FG", "FS"):
            assert gun_check(st, st.guns[gid], sid).in_arc, (gid, sid)
            d, _line, _band, pen, tn, _mx = fire_numbers(st, [st.guns[gid]], sid, "round")
            assert d >= 56 and pen == 7 and tn == 11
            assert st.fortitude(sid) + pen >= 11


def test_bombardment_the_ships_hit_on_the_fort_needs_two_natural_10s_for_a_lucky_hit():
    from games.artillery.rules import events as ev
    from tests.artillery.util import activate, all_of, last, need, play, roll
    st = activate(new_game({"scenario": "bombard"}), "A4", card="AC", other="2C")
    play(st, "fire G7+G8 at FS round")
    assert need(st)["tn"] == 11
    roll(st, 10, 9)                                  # a natural 10 hits; the 9 misses
    assert need(st)["tn"] == 11 and need(st)["n"] == 4
    roll(st, 10, 1, 1, 1)                            # one natural 10: a point, no Lucky Hit
    assert last(st, ev.DamageRoll).hits == 1 and not all_of(st, ev.CriticalResult)
    st = activate(new_game({"scenario": "bombard"}), "A4", card="AC", other="2C")
    play(st, "fire G7 at FS round")
    roll(st, 10)
    roll(st, 10, 10, 1, 1)                           # two natural 10s at 11: a Lucky Hit
    assert last(st, ev.DamageRoll).hits == 2
    roll(st, 5)
    assert last(st, ev.CriticalResult).lucky


def test_bombardment_the_landing_partys_field_guns_stand_in_cover_from_the_fort():
    """A cannon hit on the landing party's gun crew may land on the Light Cannon or the
    swivel behind the dunes: 6+ to save there, 9+ once they are out in the open."""
    from games.artillery.rules.shots import gun_save_tn
    st = new_game({"scenario": "bombard"})
    for fort_gun in ("G3", "G5"):
        for gid in ("G1", "G2"):
            assert gun_save_tn(st, st.guns[gid], st.guns[fort_gun].pos) == 6
    st.guns["G1"].pos = (22.0, 22.0)
    assert gun_save_tn(st, st.guns["G1"], st.guns["G5"].pos) == 9


def test_bombardment_setup_says_which_side_each_seat_plays():
    assert SCENARIOS["bombard"].sides == ("the landing party and the ship", "the fort")
    from games.artillery import INFO
    assert ("bombard", "Bombardment") in INFO.options[0].choices


def test_broadsides_rules_page_states_the_round_limit_count_the_rules_use():
    from games.artillery.rules_text import SECTIONS
    page = next(s for s in SECTIONS if "Broadsides" in s["title"])["text"]
    k = SCENARIOS["broadside"].params["rigging_points"]
    assert f"scores {k} points for each point of damage" in page
    assert any(f"{k} points for each point of damage" in t for t in SCENARIOS["broadside"].victory_text)


def test_the_town_rules_page_sets_the_units_where_the_setup_does():
    """The rules page once put the town's musketeers and militia "in the church": the church is
    the raiders' landing objective and neither unit starts in any building but the militia, in
    the governor's house. The page names the militia's house, and counts the kinds of building
    as the setup holds them."""
    from games.artillery.rules.geometry import point_in_poly
    from games.artillery.rules.data import STRUCTURES
    from games.artillery.rules_text import SECTIONS
    sc = SCENARIOS["town"]
    page = next(s for s in SECTIONS if "Raid on the town" in s["title"])["text"]
    houses = {sec.name.lower(): sec.poly for s in sc.structures for sec in s.sections}
    for unit in sc.units:
        inside = [name for name, poly in houses.items() if point_in_poly(unit.pos, poly)]
        noun = {"musketeers": "musketeers", "militia": "militia"}.get(unit.type)
        if noun is None:
            continue
        if inside:
            assert f"{noun} in the {inside[0]}" in page, (unit.id, inside)
        else:
            assert f"{noun} in the open" in page, unit.id
    assert "in the church" not in page
    kinds = {s.type for s in sc.structures}
    buildings = [k for k, t in STRUCTURES.items() if t.critical_table == "building" and not t.ours]
    assert f"{len(kinds)} of the {len(buildings)} kinds" in page.replace("five", "5").replace("six", "6")


def test_the_rules_page_says_what_may_fire_at_a_unit_inside_a_structure_as_the_rules_do():
    """A play-test: the page said a unit inside a structure "cannot be picked", and the
    game then let grapeshot pick one (as the rules mean it to)."""
    from games.artillery.rules.actions import target_problem
    from games.artillery.rules_text import SECTIONS
    st = new_game({"scenario": "town"})
    raider, townsman = st.units["A3"], st.units["B3"]
    townsman.pos = (37.5, 12.5)                          # inside the customs house
    assert st.unit_section(townsman) == "H3"
    guns = [st.guns["G1"]]
    assert "target the section" in target_problem(st, raider, guns, "B3", "round")
    assert target_problem(st, raider, guns, "B3", "grape") is None
    assert target_problem(st, raider, guns, "B3", "swivel") is None
    text = next(s["text"] for s in SECTIONS if s["title"] == "Firing cannons")
    assert "Round and chain shot cannot pick a unit inside a structure" in text
    assert "Grapeshot and swivels fire at units (inside structures too)" in text


def test_what_blocks_a_line_of_sight_is_named_with_its_verb():
    """A play-test read "no line of sight from A3: the rocks blocks it"."""
    from games.artillery.rules.actions import _blocks_it
    assert _blocks_it("Rocks") == "the rocks block it"
    assert _blocks_it("Woods") == "the woods block it"
    assert _blocks_it("Church") == "the church blocks it"
    assert _blocks_it("Customs house") == "the customs house blocks it"
    assert _blocks_it("Fortress") == "the fortress blocks it"


def test_crowded_bastion_is_the_shore_battery_with_a_swivel_crew_beside_the_heavys():
    """The seventh scenario: the shore's table and landing party; in the west bastion the
    Heavy Cannon's crew of four and a crew of two for its swivel; six militia; nine rounds."""
    sc, shore = SCENARIOS["bastion"], SCENARIOS["shore"]
    assert (sc.terrain, sc.structures, sc.params, sc.victory) == (shore.terrain, shore.structures,
                                                                   shore.params, shore.victory)
    assert sc.rounds == 9 and "round 9 ends" in sc.victory_text[-1]
    st = new_game({"scenario": "bastion"})
    assert sorted(u.id for u in st.units_in_section("FW")) == ["B1", "B4"]
    assert (st.units["B1"].models, st.units["B4"].models, st.units["B3"].models) == (4, 2, 6)
    assert st.guns["G3"].crew == "B1" and st.guns["G4"].crew == "B4"
    assert [u for u in sc.units if u.seat == 0] == [u for u in shore.units if u.seat == 0]
    from games.artillery import INFO
    assert ("bastion", "The crowded bastion") in next(o for o in INFO.options if o.key == "scenario").choices
    assert sc.sides == ("the landing party", "the fort")


def test_crowded_bastion_a_damaging_shot_at_the_west_bastion_is_shared_by_both_crews():
    """The chapter: a structure's hits are distributed as evenly as possible among all the
    units in the affected section; here the Heavy's crew and the swivel's share them."""
    from games.artillery.rules import events as ev
    from tests.artillery.util import activate, last, need, play, roll
    st = activate(new_game({"scenario": "bastion"}), "A1", card="AC", other="2C")
    play(st, "fire G1 at FW round")
    roll(st, 9)                                        # the shoot test hits
    assert need(st)["purpose"] == "damage" and need(st)["n"] == 2
    roll(st, 9, 9)                                     # two damaging hits on the bastion
    while need(st)["purpose"] == "crit":
        roll(st, 1)
    assert dict(last(st, ev.HitsAllotted).hits) == {"B1": 1, "B4": 1}
    assert need(st)["purpose"] == "saves" and need(st)["about"] == "B1" and need(st)["n"] == 1


def test_every_scenario_offered_has_a_rules_page_section_and_a_picture():
    """A scenario added to the menu also gets its page on the rules screen, with its table drawn."""
    from games.artillery.rules.scenarios import SCENARIO_ORDER
    from games.artillery.rules_text import DIAGRAMS, SECTIONS
    titles = [s["title"] for s in SECTIONS]
    for key in SCENARIO_ORDER:
        sc = SCENARIOS[key]
        assert any(t.startswith("Scenario") and sc.title.lower() in t.lower() for t in titles), key
        assert f"scenario_{key}" in DIAGRAMS, key
        assert any(s["diagram"] == f"scenario_{key}" for s in SECTIONS), key
