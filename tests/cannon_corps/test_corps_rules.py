"""One test per rule clause of Cannon Corps (see docs/rules/cannon_corps.md)."""
import json
import random

import pytest

from tests.cannon_corps.corps_util import (
    S0, S1, S2, S3, make, poke, pre_defeat, check_invariants, mutable_ids, random_move, walk)
from games.cannon_corps.rules import (
    DICE, DIE_SIZES, NEIGHBOUR_SPACES, SPACES, Move, SetupMoves, event_text, new_game, parse_text, player_name,
    ReadOnlyDict, RevealEvent, AmmoEvent, CoverEvent, DefeatCause, DefeatedEvent, DeployEvent, EndReason, Phase,
    SetupEvent, ShotEvent, StartEvent, SurvivedEvent, WinnerEvent, result_line, result_reason)
from games.core.game import CHANCE, TERMINAL, IllegalMove


def kinds(st, since=0):
    return [e.kind for e in st.events[since:]]


def last_turn_events(st):
    t = st.turn
    return [e for e in st.events if e.turn == t]


# -- table, dice, names ------------------------------------------------------
def test_grid_has_twelve_spaces_rows_a_to_c_columns_1_to_4():
    assert len(SPACES) == 12
    assert SPACES[0] == "A1" and SPACES[3] == "A4" and SPACES[4] == "B1" and SPACES[-1] == "C4"
    assert set(NEIGHBOUR_SPACES["A1"]) == {"A2", "B1", "B2"}
    assert set(NEIGHBOUR_SPACES["B2"]) == {"A1", "A2", "A3", "B1", "B3", "C1", "C2", "C3"}
    assert len(NEIGHBOUR_SPACES["C4"]) == 3


def test_seven_dice_with_their_ranges():
    assert DICE == ("d4", "d6", "d8", "d10", "d%", "d12", "d20")
    assert DIE_SIZES == {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d%": 10, "d12": 12, "d20": 20}


def test_percentile_die_aliases():
    for alias in ("d%", "D%", "d10%", "d100", "d00"):
        assert parse_text(f"fire {alias} b3") == Move("fire", "d%", "B3")
    assert str(Move("fire", "d%", "B3")) == "fire d% B3"
    with pytest.raises(IllegalMove, match="unknown die"):
        parse_text("fire d7 B3")


def test_seats_two_to_six():
    for n in range(2, 7):
        assert new_game({}, n).num_players == n
    for n in (1, 7):
        with pytest.raises(ValueError):
            new_game({}, n)


# -- setup -------------------------------------------------------------------
def test_setup_places_four_dice_on_different_empty_spaces_at_highest_value():
    st = new_game({}, 2)
    st.apply(st.parse_move("setup d20@A4 d4@A1 d8@A3 d6@A2"))          # any order in the text
    assert st.grid(0) == {"A1": ("d4", 4), "A2": ("d6", 6), "A3": ("d8", 8), "A4": ("d20", 20)}
    for bad, why in [("setup d4@A1 d6@A1 d8@B1 d10@B2", "two platoons on A1"),
                     ("setup d4@A1 d4@A2 d8@B1 d10@B2", "d4 is placed twice"),
                     ("setup d4@A1 d6@A2 d8@B1", "exactly four"),
                     ("setup d4@A1 d6@A2 d8@B1 d10@B2 d12@C1", "exactly four"),
                     ("setup d4@D1 d6@A2 d8@B1 d10@B2", "unknown space")]:
        with pytest.raises(IllegalMove, match=why):
            st.parse_move(bad)


def test_other_three_dice_are_reserves():
    st = make([S0, S1])
    assert sorted(st.reserves[0]) == sorted(["d10", "d%", "d12"])
    assert st.view(0).my_reserves == ("d10", "d%", "d12")
    assert st.view(1).reserve_counts == (3, 3)


def test_setup_is_secret_one_move_per_seat_in_seat_order():
    st = new_game({}, 3)
    assert st.current_player() == 0 and st.pending().kind == "setup"
    st.apply(Move.setup(S0))
    assert st.current_player() == 1
    ev = st.events[-1]
    assert ev == SetupEvent(turn=0, seat=0)
    v1 = st.view(1)
    assert v1.my_platoons == {} and "A4" not in json.dumps([e.to_dict() for e in v1.events])
    st.apply(Move.setup(S1))
    st.apply(Move.setup(S2))
    assert st.current_player() == CHANCE
    assert st.legal_moves() == []


def test_random_seat_starts_by_chance_uniformly():
    st = new_game({}, 4)
    for pl in (S0, S1, S2, S3):
        st.apply(Move.setup(pl))
    outs = st.chance_outcomes()
    assert [m for m, _ in outs] == [Move("start", seat=s) for s in range(4)]
    assert all(abs(p - 0.25) < 1e-12 for _, p in outs)
    st.apply(st.parse_move("start 2"))
    assert st.current_player() == 2 and st.events[-1] == StartEvent(turn=0, seat=2)
    with pytest.raises(IllegalMove, match="already been drawn"):
        st.apply(Move("start", seat=1))


def test_setup_moves_are_a_lazy_sequence():
    sm = new_game({}, 2).legal_moves()
    assert isinstance(sm, SetupMoves) and len(sm) == 35 * 11880
    assert sm[0] == Move.setup({"d4": "A1", "d6": "A2", "d8": "A3", "d10": "A4"})
    assert sm[-1] in sm and sm[123456] in sm
    assert Move.setup(S0) in sm
    assert Move("setup", placements=(("d6", "A1"), ("d4", "A2"), ("d8", "A3"), ("d10", "A4"))) not in sm
    assert Move("fire", "d4", "A1") not in sm


# -- a turn -------------------------------------------------------------------
def test_play_goes_round_the_table_in_seat_order():
    st = make([S0, S1, S2], start=1)
    order = []
    for _ in range(4):
        order.append(st.current_player())
        st.apply(st.parse_move("fire d20 C4" if st.current_player() != 2 else "fire d12 C4"))   # all miss
    assert order == [1, 2, 0, 1]


def test_shot_power_is_the_platoons_value():
    st = make([S0, S1])
    poke(st, 0, "d20", 7)
    st.apply(st.parse_move("fire d20 C1"))
    shot = [e for e in st.events if e.kind == "shot"][-1]
    assert shot.power == 7 and shot.salvo is False


def test_fire_at_any_space_even_own_platoon_space():
    st = make([S0, S1])
    assert len(st.legal_moves()) == 4 * 12
    st.apply(st.parse_move("fire d8 A1"))                     # seat 0's own d4 stands on A1
    assert st.grid(0)["A1"] == ("d4", 4)       # untouched
    answers = [e for e in st.events if e.kind == "answer"]
    assert [(a.seat, a.hit) for a in answers] == [(1, False)]


def test_shot_announced_with_power_and_space_not_die():
    st = make([S0, S1])
    assert st.public_move_text(Move("fire", "d20", "C1")) == "Power 20 shot at C1: Player 2 miss"
    st.apply(st.parse_move("fire d20 C1"))
    shot = next(e for e in st.events if e.kind == "shot")
    assert shot == ShotEvent(turn=1, seat=0, power=20, space='C1', salvo=False)
    assert "d20" not in json.dumps(shot.to_dict())
    assert event_text(shot, ["Ana", "Ben"]) == 'Ana: "Power 20 shot at C1."'


def test_every_other_live_seat_answers_hit_or_miss():
    st = make([S0, S1, S2], start=1)
    st.apply(st.parse_move("fire d10 B3"))                    # seat 0: miss; seat 2: d4 on B3
    answers = [(e.seat, e.hit) for e in st.events if e.kind == "answer"]
    assert answers == [(2, True), (0, False)]  # turn order from the shooter's left


def test_hit_platoon_loses_the_shots_power():
    st = make([S0, S1])
    st.apply(st.parse_move("fire d8 B4"))                     # d20 on B4 takes 8
    assert st.grid(1)["B4"] == ("d20", 12)
    assert [e for e in st.events if e.kind == "survived"] == [
        SurvivedEvent(turn=1, seat=1, space='B4', damage=8)]
    assert st.current_player() == 1 and st.pending().kind == "cover"


def test_defeated_at_zero_or_below_leaves_grid_and_is_shown():
    st = make([S0, S1])
    poke(st, 0, "d20", 10)
    st.apply(st.parse_move("fire d20 B1"))                    # d10 at 10 takes 10: exactly zero
    assert "B1" not in st.grid(1)
    assert st.defeated[1] == ["d10"]
    d = next(e for e in st.events if e.kind == "defeated")
    assert d == DefeatedEvent(turn=1, seat=1, die='d10', space='B1', cause=DefeatCause.SHOT)
    assert st.view(0).defeated[1] == ("d10",)
    # below zero too
    st2 = make([S0, S1])
    st2.apply(st2.parse_move("fire d20 B2"))
    assert st2.defeated[1] == ["d%"]


def test_defeated_owner_deploys_reserve_of_choice_on_any_empty_space():
    st = make([S0, S1])
    st.apply(st.parse_move("fire d20 B1"))
    assert st.current_player() == 1 and st.pending().kind == "deploy"
    legal = st.legal_moves()
    reserves = {m.die for m in legal}
    spaces = {m.space for m in legal}
    assert reserves == {"d4", "d6", "d8"}
    assert "B1" in spaces and "B2" not in spaces and len(spaces) == 9
    st.apply(st.parse_move("deploy d6 B1"))                   # the space just lost
    assert st.grid(1)["B1"] == ("d6", 6)
    assert st.current_player() == 1 and st.pending().kind == "fire"   # ammo spent, turn passed
    with pytest.raises(IllegalMove):
        st.parse_move("deploy d4 C1")          # no deployment pending now


def test_deployment_is_secret_but_public():
    st = make([S0, S1])
    st.apply(st.parse_move("fire d20 B1"))
    assert st.public_move_text(Move("deploy", "d8", "C4")) == "deployed a reserve"
    n = len(st.events)
    st.apply(st.parse_move("deploy d8 C4"))
    dep = st.events[n]
    assert dep == DeployEvent(turn=1, seat=1)
    v0 = st.view(0)
    assert "C4" not in json.dumps([e.to_dict() for e in v0.events]) and v0.reserve_counts[1] == 2
    assert v0.platoon_counts[1] == 4


def test_survivor_may_move_one_space_in_eight_directions_or_stay():
    st = make([S0, S1])
    st.apply(st.parse_move("fire d6 B3"))                     # d12 on B3 survives with 6
    legal = st.legal_moves()
    assert Move("stay", "d12") in legal
    covers = {m.space for m in legal if m.kind == "cover"}
    assert covers == {"A2", "A3", "A4", "C2", "C3", "C4"}     # B2 and B4 hold its own platoons
    v1 = st.view(1)
    assert v1.pending.die == "d12" and set(v1.pending.options) == covers
    st.apply(st.parse_move("cover d12 C4"))
    assert st.grid(1)["C4"] == ("d12", 6)


def test_cover_in_a_corner_with_no_empty_neighbour_can_only_stay():
    st = make([S0, {"d10": "A1", "d%": "A2", "d12": "B1", "d20": "B2"}])
    st.apply(st.parse_move("fire d4 A1"))
    assert st.legal_moves() == [Move("stay", "d10")]


def test_cover_cannot_move_onto_own_platoon_or_further():
    st = make([S0, S1])
    st.apply(st.parse_move("fire d6 B3"))
    snap = st.snapshot()
    for bad, why in [("cover d12 B4", "occupied"), ("cover d12 B1", "not next to"),
                     ("cover d20 A4", "only the platoon that was hit"), ("fire d20 A1", "run for cover"),
                     ("cover d12 B3", "stay d12")]:
        with pytest.raises(IllegalMove, match=why):
            st.apply(parse_text(bad))
    assert st.snapshot() == snap


def test_ran_for_cover_reads_the_same_moved_or_stayed():
    a = make([S0, S1])
    a.apply(a.parse_move("fire d6 B3"))
    b = a.copy()
    assert a.public_move_text(Move("stay", "d12")) == b.public_move_text(Move("cover", "d12", "C4"))
    a.apply(a.parse_move("stay d12"))
    b.apply(b.parse_move("cover d12 C4"))
    assert a.events == b.events
    assert a.events[-2] == CoverEvent(turn=1, seat=1, space='B3')
    assert vars(a.view(0)) == vars(b.view(0))


def test_used_ammo_halves_the_firing_platoon_rounding_down():
    st = make([S0, S1])
    poke(st, 0, "d20", 5)
    st.apply(st.parse_move("fire d20 C1"))
    assert st.grid(0)["A4"] == ("d20", 2)
    assert st.events[-1] == AmmoEvent(turn=1, seat=0, power=5, value=2)


def test_ammo_is_spent_only_after_the_decisions():
    st = make([S0, S1])
    st.apply(st.parse_move("fire d20 B3"))        # d12 defeated: seat 1 must deploy first
    assert st.grid(0)["A4"] == ("d20", 20)
    st.apply(st.parse_move("deploy d4 C1"))
    assert st.grid(0)["A4"] == ("d20", 10)


# -- one shot, several seats ---------------------------------------------------
# Shooter seat 2 of four fires power 8 at B2.  Seat 3's d12 and seat 1's d20
# survive, seat 0's d4 is defeated.  From the shooter's left the turn order is
# 3 -> 0 -> 1, wrapping round past the last seat.
ORDER_SETUPS = [
    {"d4": "B2", "d6": "A1", "d8": "A2", "d20": "C4"},     # seat 0: d4 (4) dies on B2
    {"d20": "B2", "d4": "A1", "d6": "A2", "d8": "A3"},     # seat 1: d20 (20) survives with 12
    {"d8": "C1", "d4": "A1", "d6": "A2", "d10": "A3"},     # seat 2: the shooter, d8 on C1
    {"d12": "B2", "d4": "A1", "d6": "A2", "d8": "A3"},     # seat 3: d12 (12) survives with 4
]


def test_order_damage_then_decisions_in_turn_order_then_ammo():
    """All damage first, then each affected seat's decision in turn order from
    the shooter's left, then the shooter's ammo (the issue's order)."""
    st = make(ORDER_SETUPS, start=2)
    n0 = len(st.events)
    st.apply(st.parse_move("fire d8 B2"))
    # every hit grid is damaged before anyone decides: the survivors carry the
    # damage, the defeated die is already in its row and off the grid
    assert st.grid(3)["B2"] == ("d12", 4) and st.grid(1)["B2"] == ("d20", 12)
    assert st.defeated[0] == ["d4"] and "B2" not in st.grid(0)
    assert st.view(1).my_platoons["d20"] == ("B2", 12)     # seat 1 already sees it, though it decides last
    assert st.grid(2)["C1"] == ("d8", 8)                   # the shooter's ammo is untouched
    assert [(e.kind, e.seat) for e in st.events[n0:]] == [
        ("shot", 2), ("answer", 3), ("answer", 0), ("answer", 1),
        ("survived", 3), ("defeated", 0), ("survived", 1)]
    # the decisions, in order 3 -> 0 -> 1, mixing cover and deployment
    decided = []
    for move in ("cover d12 C2", "deploy d10 B2", "stay d20"):
        seat, kind = st.current_player(), st.pending().kind
        decided.append((seat, kind))
        assert st.grid(2)["C1"] == ("d8", 8), f"ammo spent before seat {seat} decided"
        assert not any(e.kind == "ammo" for e in st.events[n0:])
        st.apply(st.parse_move(move))
    assert decided == [(3, "cover"), (0, "deploy"), (1, "cover")]
    # only after the last decision: the ammo, then the next shooter (seat 3)
    assert st.grid(2)["C1"] == ("d8", 4)
    assert [(e.kind, e.seat) for e in st.events[n0 + 7:]] == [
        ("cover", 3), ("deploy", 0), ("cover", 1), ("ammo", 2)]
    assert st.grid(3)["C2"] == ("d12", 4) and st.grid(0)["B2"] == ("d10", 10)
    assert st.grid(1)["B2"] == ("d20", 12)
    assert st.current_player() == 3 and st.pending().kind == "fire"
    check_invariants(st)


def test_simultaneous_hits_on_several_seats():
    """One shot hits every seat with a platoon on the space, each for the full
    power (not shared out); a seat without one answers Miss and loses nothing."""
    setups = [{"d10": "A1", "d6": "A2", "d8": "A3", "d20": "A4"},  # seat 0 fires its d10: power 10
              S1,                                                   # d12 on B3: survives with 2
              S2,                                                   # d4 on B3: defeated
              {"d4": "A1", "d6": "C4", "d8": "C1", "d20": "A3"},    # nothing on B3: Miss
              S3]                                                   # d10 on B3: exactly 0, defeated
    st = make(setups)
    st.apply(st.parse_move("fire d10 B3"))
    t = st.turn
    answers = [(e.seat, e.hit) for e in st.events if e.kind == "answer" and e.turn == t]
    assert answers == [(1, True), (2, True), (3, False), (4, True)]
    assert st.grid(1)["B3"] == ("d12", 2)
    assert st.defeated[2] == ["d4"] and st.defeated[4] == ["d10"] and st.defeated[3] == []
    assert st.grid(3) == {"A1": ("d4", 4), "C4": ("d6", 6), "C1": ("d8", 8), "A3": ("d20", 20)}
    for seat, frm, to in ((1, 12, 2), (2, 4, 0), (4, 10, 0)):  # each learns its own damage
        dmg = [e for e in st.private[seat] if e.kind == "damaged"]
        assert [(e.from_value, e.to_value) for e in dmg] == [(frm, to)]
    assert not any(e.kind == "damaged" for e in st.private[3])
    # one decision per hit seat; two seats deploy after the same shot, each on
    # its own grid (the same space name is fine: the grids are separate)
    assert [(q[0], q[1]) for q in st.queue] == [(1, "cover"), (2, "deploy"), (4, "deploy")]
    st.apply(st.parse_move("stay d12"))
    st.apply(st.parse_move("deploy d20 B3"))
    st.apply(st.parse_move("deploy d8 B3"))
    assert st.grid(2)["B3"] == ("d20", 20) and st.grid(4)["B3"] == ("d8", 8)
    assert st.grid(0)["A1"] == ("d10", 5) and st.current_player() == 1
    check_invariants(st)


# -- final salvo -------------------------------------------------------------
def test_final_salvo_defeats_every_hit_platoon_outright():
    st = make([S0, S1])
    poke(st, 0, "d4", 1)
    st.apply(st.parse_move("fire d4 B4"))                     # the d20 at full strength
    assert st.defeated[1] == ["d20"]
    shot = next(e for e in st.events if e.kind == "shot")
    assert shot.salvo is True
    assert next(e for e in st.events if e.kind == "defeated").cause is DefeatCause.SALVO


def test_reinforcement_when_the_firing_die_dies_by_its_own_salvo():
    st = make([S0, S1, S2])
    poke(st, 0, "d4", 1)
    st.apply(st.parse_move("fire d4 B3"))                     # hits seat 1's d12 and seat 2's d4
    assert st.defeated[1] == ["d12"] and st.defeated[2] == ["d4"]
    assert "d4" in st.platoons[0]              # the salvo die is still there ...
    assert st.current_player() == 1
    st.apply(st.parse_move("deploy d4 B3"))
    assert st.current_player() == 2
    st.apply(st.parse_move("deploy d10 A1"))
    # ... until the ammo step: defeated, shown, and its owner reinforces last
    assert st.defeated[0] == ["d4"] and "d4" not in st.platoons[0]
    own = [e for e in st.events if e.kind == "defeated" and e.seat == 0]
    assert own == [DefeatedEvent(turn=1, seat=0, die='d4', space=None, cause=DefeatCause.OWN_SALVO)]
    assert st.current_player() == 0 and st.pending().kind == "deploy"
    assert {m.die for m in st.legal_moves()} == {"d10", "d%", "d12"}
    st.apply(st.parse_move("deploy d12 A1"))
    assert st.grid(0)["A1"] == ("d12", 12)
    assert st.current_player() == 1 and st.pending().kind == "fire"
    check_invariants(st)


# -- elimination and winning -------------------------------------------------
def test_fourth_defeat_eliminates_and_reveals_grid():
    st = make([S0, S1, S2])
    pre_defeat(st, 1, ["d4", "d6", "d8"])
    st.apply(st.parse_move("fire d20 B1"))
    assert st.out[1] and st.defeated[1] == ["d4", "d6", "d8", "d10"]
    el = next(e for e in st.events if e.kind == "eliminated")
    assert el.grid == {"B2": ("d%", 10), "B3": ("d12", 12), "B4": ("d20", 20)}
    v2 = st.view(2)
    assert v2.out[1] and v2.revealed[1] == el.grid
    assert v2.reserve_counts[1] == 0 and v2.platoon_counts[1] == 0
    # it answers no more shots
    assert st.current_player() == 2
    st.apply(st.parse_move("fire d12 B2"))
    assert [e.seat for e in last_turn_events(st) if e.kind == "answer"] == [0]


def test_elimination_mid_turn():
    st = make([S0, S1, S3])                    # seat 1 and seat 2 both have a platoon on B3
    pre_defeat(st, 1, ["d4", "d6", "d8"])
    st.apply(st.parse_move("fire d8 B3"))                     # seat 1's d12 (4th defeat? no: 12 > 8) ...
    assert not st.out[1]
    st = make([S0, S1, S3])
    pre_defeat(st, 1, ["d4", "d6", "d8"])
    st.apply(st.parse_move("fire d20 B3"))                    # seat 1's d12 dies (4th), seat 2's d10 dies (1st)
    assert st.out[1] and not st.out[2]
    assert kinds(st)[-6:] == ["shot", "answer", "answer", "defeated", "eliminated", "defeated"]
    assert st.current_player() == 2 and st.pending().kind == "deploy"   # no decision for seat 1
    st.apply(st.parse_move("deploy d4 B3"))
    assert st.current_player() == 2            # seat 1 is skipped
    check_invariants(st)


def test_seat_with_a_single_reserve_left():
    st = make([S0, S1])
    pre_defeat(st, 1, ["d4", "d6"])            # one reserve left: the d8
    assert st.view(0).reserve_counts[1] == 1
    st.apply(st.parse_move("fire d20 B1"))
    assert st.legal_moves() == [Move("deploy", "d8", sp) for sp in SPACES if sp not in ("B2", "B3", "B4")]
    st.apply(st.parse_move("deploy d8 C4"))
    assert st.reserves[1] == [] and len(st.platoons[1]) == 4 and not st.out[1]
    st.apply(st.parse_move("fire d20 C4"))                    # seat 1 fires (a miss on seat 0's grid)
    assert not st.out[1]
    poke(st, 0, "d20", 10)
    st.apply(st.parse_move("fire d20 C4"))                    # its last platoon of the four is defeated
    assert st.out[1] and st.winner() == 0


def test_last_seat_with_three_or_fewer_defeated_wins():
    st = make([S0, S1, S2])
    pre_defeat(st, 1, ["d4", "d6", "d8"])
    pre_defeat(st, 2, ["d10", "d%", "d20"])
    st.apply(st.parse_move("fire d20 B1"))                    # seat 1 out
    assert st.phase is Phase.FIRE and st.current_player() == 2
    st.apply(st.parse_move("fire d12 C4"))                    # seat 2 misses; its d12 on C3 is now 6
    assert not st.is_over()
    st.apply(st.parse_move("fire d6 C3"))                     # 6 damage: its 4th defeat
    assert st.is_over() and st.winner() == 0 and st.current_player() == TERMINAL
    assert st.win_reason is EndReason.LAST
    assert result_line(st.winner(), st.win_reason, ["Ana", "Ben", "Cleo"]) == "Ana wins: the last army standing"
    assert st.result_text(["Ana", "Ben", "Cleo"]) == result_reason(EndReason.LAST)      # the card's title names Ana
    assert "Ana" not in st.result_text(["Ana", "Ben", "Cleo"])
    assert [e for e in st.events if e.kind == "winner"] == [
        WinnerEvent(turn=3, seat=0, reason=EndReason.LAST)]


def test_final_salvo_that_takes_everyone_down_wins_for_the_shooter():
    st = make([S0, S1])
    pre_defeat(st, 0, ["d10", "d%", "d12"])
    pre_defeat(st, 1, ["d4", "d6", "d8"])
    poke(st, 0, "d4", 1)
    st.apply(st.parse_move("fire d4 B4"))
    assert st.is_over() and st.winner() == 0 and st.win_reason is EndReason.SALVO
    assert len(st.defeated[0]) == 4 and len(st.defeated[1]) == 4
    assert result_line(st.winner(), st.win_reason) == "Player 1 wins with a final salvo that took everyone down"
    assert st.result_text() == result_reason(EndReason.SALVO)


def _salvo_table(n, shooter, out_first=None):
    """``n`` seats; the shooter has three defeats and a d4 at 1 (a final salvo)
    on A1; every other seat is on its last life with its d20 on B3.  With
    ``out_first``, that seat is eliminated by an ordinary shot beforehand."""
    others = {"d20": "B3", "d4": "A1", "d6": "A2", "d8": "A3"}
    setups = [dict(others) for _ in range(n)]
    setups[shooter] = {"d4": "A1", "d6": "A2", "d8": "A4", "d20": "C4"}
    if out_first is not None:
        setups[out_first] = {"d20": "C1", "d4": "A1", "d6": "A2", "d8": "A3"}
    first = shooter if out_first is None else (shooter - 1) % n
    st = make(setups, start=first)
    for s in range(n):
        pre_defeat(st, s, ["d10", "d%", "d12"])
    if out_first is not None:
        assert st.current_player() == first != out_first
        st.apply(st.parse_move("fire d20 C1"))                 # only out_first stands on C1: its 4th defeat
        assert st.out[out_first] and not st.is_over()
    assert st.current_player() == shooter
    poke(st, shooter, "d4", 1)
    return st


@pytest.mark.parametrize("n, shooter, out_first", [(3, 1, None), (4, 3, None), (6, 2, None),
                                                   (4, 2, 0)])
def test_final_salvo_that_takes_everyone_down_wins_for_the_shooter_with_more_seats(n, shooter, out_first):
    """"If a FINAL SALVO would result in all remaining players having a fourth
    DEFEATED Platoon, the player who fired the FINAL SALVO is the winner" - with
    three or more seats, and with a seat already out that no longer counts."""
    st = _salvo_table(n, shooter, out_first)
    names = ["Ana", "Ben", "Cleo", "Dev", "Eve", "Finn"][:n]
    st.apply(st.parse_move("fire d4 B3"))
    assert st.is_over() and st.winner() == shooter and st.win_reason is EndReason.SALVO
    for s in range(n):
        assert len(st.defeated[s]) == 4, s                    # everyone down, the shooter too
        assert st.out[s] == (s != shooter), s
    t = st.turn
    answered = [e.seat for e in st.events if e.kind == "answer" and e.turn == t]
    assert answered == [(shooter + k) % n for k in range(1, n) if (shooter + k) % n != out_first]
    own = [e for e in st.events if e.kind == "defeated" and e.seat == shooter and e.turn == t]
    assert [e.cause for e in own] == [DefeatCause.OWN_SALVO]
    assert st.queue == [] and set(st.revealed) == set(range(n))
    assert result_line(st.winner(), st.win_reason, names) == \
        f"{names[shooter]} wins with a final salvo that took everyone down"
    assert [(e.seat, e.reason) for e in st.events if e.kind == "winner"] == [(shooter, "salvo")]
    check_invariants(st)


def test_final_salvo_that_eliminates_every_opponent_leaves_the_shooter_the_last_army_standing():
    """A salvo that knocks out every other seat while the shooter still has a
    platoon to spare: the shooter wins as the last seat with three or fewer
    defeated (reason "last").  Its salvo die is still DEFEATED; its deployment
    is skipped because the game is already over."""
    others = {"d20": "B3", "d4": "A1", "d6": "A2", "d8": "A3"}
    st = make([dict(others), dict(others), {"d4": "A1", "d6": "A2", "d8": "A4", "d20": "C4"}], start=2)
    pre_defeat(st, 0, ["d10", "d%", "d12"])
    pre_defeat(st, 1, ["d10", "d%", "d12"])
    pre_defeat(st, 2, ["d10"])                  # the shooter: one defeat so far
    poke(st, 2, "d4", 1)
    st.apply(st.parse_move("fire d4 B3"))
    assert st.is_over() and st.winner() == 2 and st.win_reason is EndReason.LAST
    assert st.out[0] and st.out[1] and not st.out[2]
    assert st.defeated[2] == ["d10", "d4"] and "d4" not in st.platoons[2]
    assert len(st.platoons[2]) == 3 and sorted(st.reserves[2]) == ["d%", "d12"]   # no deployment
    assert result_line(st.winner(), st.win_reason, ["Ana", "Ben", "Cleo"]) == "Cleo wins: the last army standing"
    check_invariants(st)


def test_final_salvo_suicide_leaves_the_other_seat_the_winner():
    st = make([S0, S1])
    pre_defeat(st, 0, ["d10", "d%", "d12"])
    poke(st, 0, "d4", 1)
    st.apply(st.parse_move("fire d4 C4"))                     # a miss, and the shooter's 4th defeat
    assert st.is_over() and st.winner() == 1 and st.out[0]
    # with two others left the shooter is out after the decisions and play goes on
    st = make([S0, S1, S2])
    pre_defeat(st, 0, ["d10", "d%", "d12"])
    poke(st, 0, "d4", 1)
    st.apply(st.parse_move("fire d4 B3"))                     # kills seat 1's d12 and seat 2's d4
    assert not st.out[0]
    st.apply(st.parse_move("deploy d4 B3"))
    st.apply(st.parse_move("deploy d10 B3"))
    assert st.out[0] and not st.is_over()
    assert st.current_player() == 1
    check_invariants(st)


def test_game_decided_by_a_shot_skips_pending_decisions():
    st = make([S0, S1, S2])
    pre_defeat(st, 0, ["d10", "d%", "d12"])
    pre_defeat(st, 1, ["d4", "d6", "d8"])
    poke(st, 0, "d4", 1)
    st.apply(st.parse_move("fire d4 B3"))                     # seat 1 out, seat 2 loses a die, shooter falls
    assert st.is_over() and st.winner() == 2
    assert st.queue == [] and len(st.platoons[2]) == 3      # its deployment is not needed
    check_invariants(st)


def test_end_of_game_reveals_every_grid():
    st = make([S0, S1])
    pre_defeat(st, 1, ["d4", "d6", "d8"])
    st.apply(st.parse_move("fire d20 B1"))
    v = st.view(1)
    assert set(v.revealed) == {0, 1}
    assert v.revealed[0] == {"A1": ("d4", 4), "A2": ("d6", 6), "A3": ("d8", 8), "A4": ("d20", 10)}
    rev = [e for e in st.events if e.kind == "reveal"]
    assert [r.seat for r in rev] == [0] and rev[0].reserves == ("d10", "d%", "d12")


# -- the move contract -------------------------------------------------------
def test_parse_move_round_trip():
    st = make([S0, S1, S2])
    for m in st.legal_moves():
        assert st.parse_move(str(m)) == m
    st.apply(st.parse_move("fire d6 B3"))
    for m in st.legal_moves():
        assert st.parse_move(str(m)) == m
    assert str(Move.setup(S1)) == "setup d10@B1 d%@B2 d12@B3 d20@B4"
    assert parse_text("setup d20@b4 d%@b2 d12@b3 d10@b1") == Move.setup(S1)
    assert str(Move("start", seat=3)) == "start 3"
    assert str(Move("stay", "d8")) == "stay d8"


def test_illegal_moves_say_why_and_leave_state_untouched():
    st = make([S0, S1])
    snap, n = st.snapshot(), len(st.events)
    for bad, why in [("fire d12 B1", "no d12 platoon"), ("fire d4 D1", "unknown space"),
                     ("fire d4", "expected"), ("launch d4 A1", "unknown move"), ("", "empty move"),
                     ("deploy d10 C1", "choose one of your platoons"), ("start 1", "already been drawn"),
                     ("setup d4@A1 d6@A2 d8@A3 d10@A4", "every seat|choose")]:
        with pytest.raises(IllegalMove, match=why):
            st.apply(parse_text(bad))
    assert st.snapshot() == snap and len(st.events) == n
    with pytest.raises(IllegalMove, match="not a move"):
        st.apply(42)
    over = make([S0, S1])
    pre_defeat(over, 1, ["d4", "d6", "d8"])
    over.apply(over.parse_move("fire d20 B1"))
    with pytest.raises(IllegalMove, match="game is over"):
        over.apply(over.parse_move("fire d20 B2"))


def test_copy_is_independent_and_snapshot_is_json():
    st = make([S0, S1])
    c = st.copy()
    c.apply(c.parse_move("fire d20 B3"))
    c.apply(c.parse_move("deploy d4 C1"))
    assert st.grid(1)["B3"] == ("d12", 12) and len(st.events) < len(c.events)
    assert st.snapshot() != c.snapshot()
    json.dumps(c.snapshot())
    assert c.ply() == st.ply() + 2


def test_copy_shares_no_mutable_object_with_the_original():
    """Undo keeps ``copy()``s of the state: the two must not share anything that
    either of them changes later (the frozen logs and grids may be shared)."""
    rng = random.Random(21)
    for n in (2, 3, 5):
        st = new_game({}, n)
        while not st.is_over():
            c, mine = st.copy(), mutable_ids(st)
            shared = [o for i, o in walk(c, atoms=False).items() if i in mine]
            assert not shared, shared[:3]
            snap, events, private = st.snapshot(), list(st.events), [list(p) for p in st.private]
            if st.current_player() >= 0:        # play the copy on: the original stays put
                c.apply(random_move(c, rng))
                assert st.snapshot() == snap and st.events == events and st.private == private
            st.apply(random_move(st, rng))


def test_status_text_is_neutral():
    st = make([S0, S1])
    assert st.status_text(["Ana", "Ben"]) == "Ana: choose a platoon and a space to fire at"
    st.apply(st.parse_move("fire d6 B3"))
    txt = st.status_text()
    assert txt == "Player 2: hit at B3 - run for cover or stay" and "d12" not in txt
    assert st.view(0).status_text() == txt
    st.apply(st.parse_move("stay d12"))
    st.apply(st.parse_move("fire d20 A1"))
    assert st.status_text() == "Player 1: deploy a reserve platoon"
    assert new_game({}, 2).status_text() == "Player 1: hide four platoons in secret"


def test_knowledge_marks_per_space():
    st = make([S0, S1])
    st.apply(st.parse_move("fire d6 B3"))
    st.apply(st.parse_move("cover d12 C4"))
    st.apply(st.parse_move("fire d20 C1"))                     # seat 1 misses on seat 0's grid
    st.apply(st.parse_move("fire d8 B1"))                      # seat 0 hits seat 1's d10 (survives with 2)
    st.apply(st.parse_move("stay d10"))
    k = st.knowledge(1)
    assert k["B3"] == {"answer": "hit", "turn": 1, "ago": 2, "result": "cover"}
    assert k["B1"]["answer"] == "hit" and k["B1"]["ago"] == 0
    assert st.knowledge(0) == {"C1": {"answer": "miss", "turn": 2, "ago": 1, "result": None}}
    assert st.view(0).knowledge(1) == k


def test_result_and_status_lines_agree_between_state_and_view():
    st = make([S0, S1])
    pre_defeat(st, 1, ["d4", "d6", "d8"])
    st.apply(st.parse_move("fire d20 B1"))
    names = ["Ana", "Ben"]
    assert st.status_text(names) == st.view(1).status_text(names) == st.view(None).status_text(names)
    # the game is over: the banner does not name the winner again (the card's title does)
    assert st.status_text(names) == "Game over: every grid is revealed"
    assert st.result_text(names) == result_reason(EndReason.LAST)
    assert new_game({}, 2).result_text() == "Game in progress"


# -- texts -------------------------------------------------------------------
NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def test_public_move_texts_name_the_deed_not_the_actor():
    """The move log shows the seat's name beside each entry, so the text says
    only what the table hears; a chance outcome has no actor beside it."""
    st = new_game({}, 2)
    assert st.public_move_text(Move.setup(S0), NAMES) == "hid four platoons"
    st.apply(Move.setup(S0))
    st.apply(Move.setup(S1))
    assert st.public_move_text(Move("start", seat=1), NAMES) == "Ben fires first"
    assert st.public_move_text("start 1") == "Player 2 fires first"
    st.apply(st.parse_move("start 0"))
    # a shot carries its answers (from the shooter's left), so the log keeps who was hit
    assert st.public_move_text(Move("fire", "d20", "C1"), NAMES) == "Power 20 shot at C1: Ben miss"
    assert st.public_move_text(Move("fire", "d20", "B4"), NAMES) == "Power 20 shot at B4: Ben hit"
    poke(st, 0, "d4", 1)
    assert st.public_move_text("fire d4 B2", NAMES) == "Power 1 shot at B2 (FINAL SALVO): Ben hit"
    st.apply(st.parse_move("fire d6 B3"))                      # Ben's d12 survives
    assert st.public_move_text("stay d12", NAMES) == "ran for cover"
    assert st.public_move_text("cover d12 C4", NAMES) == "ran for cover"
    st.apply(st.parse_move("stay d12"))
    st.apply(st.parse_move("fire d20 A1"))                     # Ben's 20 defeats Ana's d4 on A1
    assert st.public_move_text("deploy d10 A1", NAMES) == "deployed a reserve"


def test_event_texts_name_the_seat_and_read_as_the_table_hears_them():
    st = make([S0, S1, S2])
    pre_defeat(st, 2, ["d10", "d%", "d20"])
    poke(st, 0, "d4", 1)
    n0 = len(st.events)
    st.apply(st.parse_move("fire d4 B3"))                      # Ben's d12 and Cleo's d4 (her 4th) fall to the salvo
    st.apply(st.parse_move("deploy d4 B3"))                    # Ben
    st.apply(st.parse_move("deploy d10 C1"))                   # Ana, after her own salvo
    st.apply(st.parse_move("fire d20 C4"))                     # Ben: a miss on Ana's grid
    texts = [event_text(e, NAMES) for e in st.events[n0:]]
    assert texts == [
        'Ana: "Power 1 shot at B3." (FINAL SALVO)',
        "Ben: Hit",
        "Cleo: Hit",
        "Ben's d12 on B3 is DEFEATED by the final salvo",
        "Cleo's d4 on B3 is DEFEATED by the final salvo",
        "Cleo is out of the game; the grid is revealed",
        "Ben deployed a reserve",
        "Ana's d4 fired its final salvo and is DEFEATED",
        "Ana deployed a reserve",
        'Ben: "Power 20 shot at C4."',
        "Ana: Miss",
        "Ben's power 20 platoon is now 10",
    ]
    poke(st, 0, "d20", 8)
    st.apply(st.parse_move("fire d20 B2"))                     # Ben's d% survives 8 damage
    st.apply(st.parse_move("cover d% A1"))
    assert [event_text(e, NAMES) for e in st.events[-3:]] == [
        "Ben's platoon on B2 survives 8 damage", "Ben ran for cover", "Ana's power 8 platoon is now 4"]
    assert event_text(WinnerEvent(turn=9, seat=1, reason=EndReason.SALVO), NAMES) == \
        "Ben wins with a final salvo that took everyone down"
    assert event_text(WinnerEvent(turn=9, seat=0, reason=EndReason.LAST), NAMES) == \
        "Ana wins: the last army standing"
    assert event_text(RevealEvent(turn=9, seat=0, grid=ReadOnlyDict(), reserves=()), NAMES) == \
        "Ana's grid is revealed"
    assert event_text(SetupEvent(turn=0, seat=3), NAMES) == "Dev hid four platoons"
    assert event_text(StartEvent(turn=0, seat=3), NAMES) == "Dev fires first"


def test_texts_never_say_player_n_when_names_are_given():
    """Every line the rules write (log, banner, result) uses the display names;
    "Player N" is only the fallback when a seat has no name."""
    rng = random.Random(5)
    for n in (2, 4):
        names = NAMES[:n]
        st = new_game({}, n)
        while True:
            banners = [st.status_text(names)] + [st.view(s).status_text(names) for s in [None, *range(n)]]
            assert all("Player" not in b for b in banners) and len(set(banners)) == 1, banners
            if st.is_over():
                break
            m = random_move(st, rng)
            pub = st.public_move_text(m, names)
            assert "Player" not in pub
            if m.kind == "fire":                # the answers name the others, never the shooter
                assert names[st.current_player()] not in pub, pub
            elif m.kind != "start":             # the actor is shown beside the text, not in it
                assert not any(nm in pub for nm in names), pub
            n0 = len(st.events)
            st.apply(m)
            for ev in st.events[n0:]:
                txt = event_text(ev, names)
                assert txt.startswith(names[ev.seat]) and "Player" not in txt, txt
        assert result_line(st.winner(), st.win_reason, names).startswith(names[st.winner()])
    # the fallback: no list, a short list, a blank name
    assert player_name(1) == "Player 2" and player_name(2, ["Ana", "Ben"]) == "Player 3"
    assert player_name(1, ["Ana", "  "]) == "Player 2" and player_name(1, ["Ana", None]) == "Player 2"
    assert player_name(0, [" Ana "]) == "Ana"
