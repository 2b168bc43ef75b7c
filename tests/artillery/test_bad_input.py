"""Bad input is refused with the reason in a player's words, and nothing changes."""
import json

import pytest

from games.artillery.rules import Move
from games.core.game import BadNotation, NotLegalHere
from tests.artillery.util import activate, building, new, scenario


def _table(**kw):
    return scenario(units=[("A1", 0, "gun_crew", kw.get("models", 4), (18, 8)),
                           ("B1", 1, "militia", 8, kw.get("target", (18, 30))), ("B2", 1, "militia", 8, (44, 44))],
                    guns=[("G1", "light", 0, (18, 10), kw.get("facing", 0), "A1")],
                    terrain=kw.get("terrain", ()), structures=kw.get("structures", ()))


def _refused(st, text, words):
    before = json.dumps(st.snapshot(), sort_keys=True)
    with pytest.raises(NotLegalHere) as exc:
        st.apply(st.parse_move(text))
    assert words in str(exc.value)
    assert json.dumps(st.snapshot(), sort_keys=True) == before


def test_a_move_past_the_units_move_distance():
    st = activate(new(_table()), "A1")
    _refused(st, "move A1 18,13 leave", "5.0 inches is past this unit's 4-inch move")
    _refused(st, "move A1 18,12", "4.0 inches is past this unit's 3-inch move (4\" move - 1\" for the carriage)")


def test_a_shot_out_of_arc():
    st = activate(new(_table(facing=90)), "A1")
    _refused(st, "fire G1 at B1 round", "out of G1's arc of fire")


def test_a_shot_out_of_sight():
    st = activate(new(_table(structures=[building("H1", 14, 18, 22, 22)])), "A1")
    _refused(st, "fire G1 at B1 round", "no line of sight from G1: the h1 section blocks it")


def test_firing_a_gun_with_reload_markers():
    st = new(_table())
    st.guns["G1"].markers = 2
    activate(st, "A1")
    _refused(st, "fire G1 at B1 round", "that gun still has 2 reload markers")


def test_reloading_without_crew():
    st = new(_table(models=1))
    st.guns["G1"].markers = 2
    activate(st, "A1")
    _refused(st, "reload G1", "the crew has fewer than 2 models: it cannot reload at the normal rate")


def test_unreadable_text_is_bad_notation_not_an_illegal_move():
    st = new(_table())
    for text in ("", "fly G1", "fire G1 B1", "move A1 here", "pick 11Z", "roll 0", "turn G1 up"):
        with pytest.raises(BadNotation):
            st.parse_move(text)


def test_moves_out_of_turn_say_what_is_expected():
    st = new(_table())
    assert "chance" in st.why_illegal(Move("end")) or "card" in st.why_illegal(Move("end")) or \
        "d10" in st.why_illegal(Move("end"))


def test_guns_fired_together_name_every_one_still_loading():
    """A play-test: aiming three loading guns at once read "that gun still has 1 reload
    marker (G1)", as if G3 and G5 were ready."""
    sc = scenario(units=[("A1", 0, "gun_crew", 6, (18, 8)), ("B1", 1, "militia", 8, (18, 30))],
                  guns=[("G1", "light", 0, (16, 10), 0, "A1"), ("G3", "light", 0, (18, 10), 0, "A1"),
                        ("G5", "light", 0, (20, 10), 0, "A1")])
    st = new(sc)
    st.guns["G1"].markers, st.guns["G3"].markers, st.guns["G5"].markers = 1, 1, 2
    activate(st, "A1")
    _refused(st, "fire G1+G3+G5 at B1 round", "those guns still have reload markers (G1 1, G3 1, G5 2)")
    st.guns["G3"].markers = st.guns["G5"].markers = 0
    st.legal_cache = None
    _refused(st, "fire G1+G3+G5 at B1 round", "that gun still has 1 reload marker (G1)")


def test_swivel_shot_with_a_cannon_ticked_beside_the_swivel_says_why():
    """A play-test ticked a Light Cannon beside its crew's swivel with Swivel chosen: the
    preview read "Small arms at B3: 0.0"" and "Not allowed: 'swivel'" (a bare key). The
    preview now gives the shot's distance and the rule that refuses it."""
    st = activate(new(scenario(units=[("A1", 0, "gun_crew", 4, (18, 8)), ("B1", 1, "militia", 8, (18, 26))],
                               guns=[("G1", "light", 0, (17, 10), 0, "A1"),
                                     ("G2", "swivel", 0, (19, 10), 0, "A1")])), "A1")
    pv = st.fire_preview(["G1", "G2"], "B1", "swivel")
    assert pv.problem == "swivels and cannons fire separate shoot tests"
    assert pv.ammo == "swivel" and 15 < pv.distance < 17
    _refused(st, "fire G1+G2 at B1 round", "swivels and cannons fire separate shoot tests")
