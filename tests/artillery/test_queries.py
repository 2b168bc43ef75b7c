"""The pure queries the board uses, and the typed events it animates."""
import pytest

from games.artillery.rules import EndReason

from games.artillery.rules import events as ev
from games.artillery.rules import FirePreview, Move, new_game
from tests.artillery.util import activate, building, new, play, roll, scenario, woods


def _table():
    return scenario(units=[("A1", 0, "gun_crew", 4, (18, 8)), ("B1", 1, "militia", 8, (18, 30)),
                           ("B2", 1, "militia", 8, (40, 40))],
                    guns=[("G1", "light", 0, (18, 10), 0, "A1")],
                    structures=[building("H1", 30, 20, 34, 24)], terrain=[woods("T1", 2, 20, 8, 24)])


def test_fire_preview_spells_out_range_band_target_number_and_odds():
    st = new(_table())
    p = st.fire_preview(("G1",), "B1", "round")
    assert isinstance(p, FirePreview)
    assert p.distance == pytest.approx(19.0) and p.penalty == 2 and p.band == 8 and p.tn == 6
    assert p.p_die == pytest.approx(0.5) and p.dice == 1
    assert p.checks[0].in_arc and p.checks[0].sight
    assert p.expected_casualties == pytest.approx(0.5)
    assert p.problem is not None                 # nobody is active yet
    activate(st, "A1")
    assert st.fire_preview(("G1",), "B1", "round").problem is None


def test_fire_preview_against_a_structure_gives_damage_expectations():
    st = new(_table())
    p = st.fire_preview(("G1",), "H1", "round")
    assert p.damage_tn == 3 + p.penalty
    assert p.expected_damage > 0 and 0 <= p.p_lucky <= 1


def test_move_allowance_destinations_and_facings():
    st = new(_table())
    activate(st, "A1")
    a = st.move_allowance("A1")
    assert a["inches"] == 3 and a["guns"] == ["G1"] and a["problem"] is None
    assert st.move_allowance("A1", leave=True)["inches"] == 4
    d = st.destinations("A1")
    assert (18, 11) in d and (18, 12) not in d
    assert (18, 12) in st.destinations("A1", leave=True)
    assert sorted(st.gun_facings("G1")) == [45, 90, 135, 180, 225, 270, 315]
    assert st.gun_arc("G1") == ((18.0, 10.0), 0.0, 45.0)


def test_structure_track():
    st = new(_table())
    st.sections["H1"].tally = 4
    t = st.structure_track("H1")
    assert t["fortitude"] == 2 and t["integrity"] == 3 and t["to_next_loss"] == 2


def test_events_after_a_shot_tell_the_story_in_words():
    st = new(_table())
    activate(st, "A1")
    n = len(st.events)
    play(st, "fire G1 at B1 round")
    roll(st, 10, 2)
    got = st.events_since(n)
    kinds = [e.kind for e in got]
    assert kinds[:4] == ["declared", "shoot", "casualties", "fatigue_test"]
    assert all(e.text(["Ana", "Ben"]) for e in got)
    assert isinstance(got[2], ev.Casualties) and got[2].models_left == 7


def test_status_and_public_texts_name_whose_roll_it_is():
    st = new(_table())
    activate(st, "A1")
    play(st, "fire G1 at B1 round")
    names = ["Ana", "Ben"]
    assert "Ana rolls: shoot test for B1 (6+" in st.status_text(names)
    assert st.public_move_text(Move("roll", value=7), names) == "Ana rolls 7: shoot test for B1 (6+): hit"
    roll(st, 7)
    assert st.chance_actor() == 1


def test_result_text_and_returns():
    st = new_game({"scenario": "field"})
    st.finish(1, "test", EndReason.ON_POINTS)
    assert st.end == EndReason.ON_POINTS
    assert st.returns() == [-1.0, 1.0] and st.winner() == 1
    assert st.result_text(["Ana", "Ben"]) == "Ben wins: test"
