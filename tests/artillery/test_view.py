"""Hidden information: a seat's view holds its own hand and the public record
only.  Counterfactual tests: the same public history with different secrets
(the other seat's hand and its chosen card) gives identical views."""
import json
import random

from games.artillery.rules import Move, new_game
from tests.artillery.util import deal_all, play


def _snap(v):
    return json.dumps(v.snapshot(), sort_keys=True)


def _events(v, names=("a", "b")):
    return [e.text(list(names)) for e in v.events]


def _to_pick(hand0, hand1, scenario="field"):
    st = new_game({"scenario": scenario})
    deal_all(st, {0: list(hand0), 1: list(hand1)})
    return st


def test_the_other_seats_hand_is_absent_from_a_view():
    st = _to_pick(["AS", "2C", "7H"], ["KD", "3C", "4C"])
    v = st.view(1)
    assert v.hands[1] == st.hands[1]
    assert v.hands[0] == ["??"] * 3
    assert "AS" not in json.dumps(v.snapshot()) and "2C" not in json.dumps(v.snapshot())
    assert all("AS" not in t for t in _events(v))


def test_counterfactual_different_hands_and_choices_give_identical_views_to_the_other_seat():
    a = _to_pick(["AS", "2C", "7H"], ["KD", "3C", "4C"])
    b = _to_pick(["5D", "9S", "JC"], ["KD", "3C", "4C"])
    assert _snap(a.view(1)) == _snap(b.view(1))
    play(a, "pick AS")
    play(b, "pick JC")
    assert _snap(a.view(1)) == _snap(b.view(1))
    assert _events(a.view(1)) == _events(b.view(1))
    assert a.view(1).legal_moves() == b.view(1).legal_moves()
    assert _snap(a.view(None)) == _snap(b.view(None))


def test_no_public_text_names_the_chosen_card_before_the_reveal():
    st = _to_pick(["AS", "2C", "7H"], ["KD", "3C", "4C"])
    names = ["Ana", "Ben"]
    text = st.public_move_text(Move("pick", a="AS"), names)
    assert text == "chose a card"
    play(st, "pick AS")
    assert "AS" not in st.status_text(names)
    assert all("AS" not in t for t in _events(st, names))
    text = st.public_move_text(Move("pick", a="KD"), names)
    assert "KD" not in text
    play(st, "pick KD")
    assert not st.reveals(Move("pick", a="2C"))
    assert st.reveals(Move("reveal"))
    play(st, "reveal")
    assert any("AS" in t and "KD" in t for t in _events(st.view(1), names))


def test_deals_read_without_the_card():
    st = new_game({"scenario": "field"})
    m = st.chance_outcomes()[0][0]
    assert st.public_move_text(m, ["Ana", "Ben"]) == "Ana is dealt a card"


def test_views_never_change_the_state():
    st = _to_pick(["AS", "2C", "7H"], ["KD", "3C", "4C"])
    before = _snap(st)
    v = st.view(0)
    v.apply(v.legal_moves()[0])
    v.hands[0].clear()
    v.units["A1"].models = 0
    v.guns["G1"].markers = 3
    assert _snap(st) == before


def test_counterfactual_over_random_histories():
    """Two games with the same seed for every public chance outcome but a different
    secret choice by seat 0 on its first pick: seat 1's view is the same then."""
    for seed in range(5):
        rng = random.Random(seed)
        st = new_game({"scenario": "shore"})
        deal_all(st)
        hand = list(st.hands[0])
        a, b = st.copy(), st.copy()
        play(a, f"pick {hand[0]}")
        play(b, f"pick {hand[-1]}")
        assert _snap(a.view(1)) == _snap(b.view(1))
        assert a.view(1).status_text() == b.view(1).status_text()
        _ = rng
