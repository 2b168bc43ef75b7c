"""One test per rule clause of Cannon Ball (docs/rules/cannon_ball.md), on positions
built by hand. Section numbers and box names are those the map shows (python -m
games.cannon_ball.rules.battlefield prints it)."""
import pytest

from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules import (END, CannonBallState, CannonMove, Choice, EndReason, Phase, Risk, Spin, Step,
                                     Tnt, attack_preview, beats, cannon_moves, end_turn_warning, missing_force,
                                     new_game, path_to, reachable)
from games.core.game import CHANCE, TERMINAL, BadNotation, IllegalMove, NotLegalHere

from .cb_util import NORTH_HOME, RESERVE, B, S, men, play, pos, texts


# -- the start ---------------------------------------------------------------------------------

def test_start_gates_open_and_both_players_spin():
    st = new_game({}, 2)
    assert st.gates == ["open"] * 4
    assert st.current_player() == CHANCE and st.chance_actor() == 0
    assert [m for m, _ in st.chance_outcomes()] == [Spin(v) for v in range(1, 13)]
    assert sum(p for _, p in st.chance_outcomes()) == pytest.approx(1.0)
    st.apply(Spin(4))
    assert st.current_player() == CHANCE and st.chance_actor() == 1


def test_higher_spin_moves_first_with_that_number():
    st = new_game({}, 2)
    play(st, "spin 3", "spin 9")
    assert st.phase == Phase.MOVING and st.current_player() == 1 and st.budget == 9


def test_opening_tie_spins_again():
    st = new_game({}, 2)
    play(st, "spin 5", "spin 5")
    assert st.phase == Phase.OPENING and st.chance_actor() == 0 and st.opening == []
    play(st, "spin 2", "spin 1")
    assert st.current_player() == 0 and st.budget == 2


# -- turns -------------------------------------------------------------------------------------

def test_turn_starts_with_a_choice_before_the_spin():
    st = pos("d12", phase=Phase.CHOOSE)
    assert st.current_player() == 0
    assert "move" in texts(st) and "close SW" in texts(st)
    assert not any(t.startswith("spin") for t in texts(st))
    with pytest.raises(NotLegalHere, match="choose your turn first"):
        st.apply(Step(B("d12"), B("d13")))
    play(st, "move")
    assert st.phase == Phase.SPIN and st.current_player() == CHANCE and st.chance_actor() == 0
    play(st, "spin 7")
    assert st.phase == Phase.MOVING and st.budget == 7


def test_move_turn_budget_is_shared_and_unused_moves_are_lost():
    st = pos("d12 a14", budget=3)
    play(st, "d12-d13", "a14-b14")
    assert st.budget == 1
    play(st, "end")
    assert st.phase == Phase.CHOOSE and st.current_player() == 1 and st.budget == 0


def test_no_moves_left_only_end():
    st = pos("d12", budget=1)
    play(st, "d12-d13")
    assert st.legal_moves() == [END]
    assert "no moves left" in st.why_illegal(Step(B("d13"), B("d14")))


def test_each_piece_option_lets_every_piece_move_up_to_the_spin():
    st = pos("d12 a14", budget=2, budget_mode="each")
    play(st, "d12-d13", "d13-d14", "a14-b14", "b14-c14")
    assert "used all its 2 moves" in st.why_illegal(Step(B("c14"), B("c15")))
    assert END in st.legal_moves()


def test_gate_turn_opens_or_closes_one_gate_without_a_spin():
    st = pos("d12", phase=Phase.CHOOSE)
    play(st, "close SW")
    assert st.gates[M.GATE_BY_ID["SW"]] == "closed"
    assert st.phase == Phase.CHOOSE and st.current_player() == 1
    st2 = pos("d12", phase=Phase.CHOOSE, gates=["closed", "open", "open", "open"])
    assert "open SW" in texts(st2) and "close SW" not in texts(st2)
    assert "not yours" in st2.why_illegal(Choice("close", M.GATE_BY_ID["NE"]))


def test_destroyed_gate_cannot_be_replaced():
    st = pos("d12", phase=Phase.CHOOSE, gates=["destroyed", "open", "open", "open"])
    assert st.why_illegal(Choice("close", 0)) == "gate SW was destroyed and cannot be replaced"


# -- troopers ------------------------------------------------------------------------------------

def test_trooper_steps_to_any_of_the_eight_touching_boxes_for_one_move():
    st = pos("e13", budget=5)
    around = {t for t in texts(st) if t.startswith("e13-")}
    assert around == {f"e13-{b}" for b in ("d12", "e12", "f12", "d13", "f13", "d14", "e14", "f14")}
    play(st, "e13-f14")
    assert st.budget == 4
    assert "is not next to" in st.why_illegal(Step(B("f14"), B("f16")))


def test_troopers_never_pass_through_occupied_boxes():
    # a wall of South's own men across section 14 and 18: e13 cannot get through
    st = pos("e12 d14 e14 f14 g14 d13 f13 g13 c14", budget=6)
    assert st.why_illegal(Step(B("e12"), B("f13"))) == "f13 is occupied"
    r = reachable(st, B("e12"))
    assert B("e15") not in r                # everything past the wall is out of reach
    st2 = pos("e12 e13", north="e14", budget=6)
    r2 = reachable(st2, B("e12"))
    assert B("e13") not in r2               # not through his own man
    assert all(B("e13") not in x.path for x in r2.values())


def test_any_number_of_men_may_pass_through_a_section_during_the_move():
    st = pos("d12 e12 f12 d13", budget=8)        # section 14 already holds 4 men mid-move
    assert st.why_illegal(Step(B("c12"), B("c13"))) is not None   # (no man on c12)
    play(st, "d13-d14", "d14-c15")                # passing out again is fine
    assert st.sec_men[0][S(14)] == 3


def test_section_may_hold_at_most_three_of_your_men_at_the_end_of_your_move():
    st = pos("d12 e12 f12 c12", budget=1)
    why = st.why_illegal(Step(B("c12"), B("d13")))
    assert why is not None and "at most 3 of your men" in why and "section 14" in why
    st2 = pos("d12 e12 f12 c12", budget=2)
    play(st2, "c12-d13")                          # allowed: one move is left to leave again
    assert "section 14" in end_turn_warning(st2)
    play(st2, "end")
    assert st2.sec_men[0][S(14)] == 3             # the man beyond the limit was lost


def test_enemy_gate_section_may_hold_five_of_your_men():
    # North's gate NE section is 24 (l16-o17); South may gather five there
    st = pos("m16 l17 m17 n16 k17", north="n20", budget=1, gates=["open", "open", "closed", "open"])
    play(st, "k17-l16")                           # the fifth man: no move left, and still legal
    assert st.sec_men[0][S(24)] == 5
    play(st, "end")
    assert st.sec_men[0][S(24)] == 5


def test_own_gate_section_keeps_the_limit_of_three():
    st = pos("a10 b10 c10 c12", budget=1)
    assert "at most 3" in st.why_illegal(Step(B("c12"), B("c11")))


def test_no_trooper_ends_on_a_bridge():
    st = pos("g16", budget=2, risk=0.5)
    play(st, "g16-i16")
    assert st.phase == Phase.BRIDGE and st.occ[B("g16")] == -1 and st.occ[B("i16")] == -1
    play(st, "holds")
    assert st.occ[B("i16")] == 0 and st.phase == Phase.MOVING and st.budget == 1


# -- bridges -------------------------------------------------------------------------------------

def test_bridge_crossing_costs_one_move_box_to_box():
    st = pos("b17", budget=3)
    play(st, "b17-b19")
    assert st.occ[B("b19")] == 0 and st.budget == 2


def test_bridge_crossing_risks_the_bridge_with_the_documented_chance():
    st = pos("b17", budget=3, risk=1 / 12)
    play(st, "b17-b19")
    assert st.current_player() == CHANCE and st.chance_actor() is None
    assert dict(st.chance_outcomes()) == {Risk(True): pytest.approx(11 / 12), Risk(False): pytest.approx(1 / 12)}
    assert new_game({}, 2).risk == pytest.approx(1 / 24)
    assert new_game({"bridge_risk": "high"}, 2).risk == pytest.approx(1 / 12)
    assert new_game({"bridge_risk": "wild"}, 2).risk == pytest.approx(1 / 6)


def test_steady_bridges_never_explode():
    st = new_game({"steady_bridges": True}, 2)
    assert st.risk == 0.0
    st = pos("b17", budget=3, risk=0.0)
    play(st, "b17-b19")
    assert st.phase == Phase.MOVING and st.occ[B("b19")] == 0


def test_bridge_explosion_kills_the_man_on_it_destroys_the_bridge_and_ends_the_turn():
    st = pos("b17 d12", budget=6, risk=1 / 12)
    play(st, "b17-b19", "explodes")
    assert "b17" not in men(st, 0) and "b19" not in men(st, 0) and st.men[0] == 1 + RESERVE
    assert st.bridges[0] is False
    assert st.phase == Phase.CHOOSE and st.current_player() == 1
    assert "bridge 1 is down" in pos("b17", bridges=[False] + [True] * 5).why_illegal(Step(B("b17"), B("b19")))


def test_cannon_crossing_with_escorts_risks_the_bridge_and_a_passed_cannon_does_not():
    st = pos("a16 c16", cannons=[(0, "b16 b17")], budget=3, risk=1 / 12)
    play(st, "Kb16>b19b20+a16c16")
    assert st.phase == Phase.BRIDGE
    play(st, "explodes")
    assert st.cannon_count(0) == 0 and st.men[0] == RESERVE and not st.bridges[0]
    st = pos("a16 c16 a19 c19", cannons=[(0, "b16 b17")], budget=3, risk=1 / 12)
    play(st, "Kb16>b20b21")                      # passed: two men wait on each side
    assert st.phase == Phase.MOVING and st.section_cannon(S(26), 0) >= 0


# -- cannons -------------------------------------------------------------------------------------

def test_cannon_moves_one_section_with_two_escorts_the_three_paying_a_move_each():
    """The sheet: a cannon moves a section "accompanied by two troopers moving with it",
    "each section is counted as 1 move", and moving a trooper one box is one move. Our
    reading (docs/rules/cannon_ball.md): the cannon and both escorts each pay, 3 moves."""
    st = pos("d12 e12 f12", cannons=[(0, "d13 e13")], budget=2)
    assert "costs 3 moves" in st.why_illegal(CannonMove(B("d13"), (B("e14"), B("f14")), (B("d12"), B("e12"))))
    st = pos("d12 e12 f12", cannons=[(0, "d13 e13")], budget=4)
    play(st, "Kd13>e14f14+d12e12")
    assert st.budget == 1
    assert st.section_cannon(S(18), 0) >= 0 and st.section_cannon(S(14), 0) < 0
    assert st.sec_men[0][S(18)] == 2 and st.sec_men[0][S(14)] == 1
    assert st.occ[B("f12")] == 0                  # the third man stays


def test_cannon_is_passed_between_sections_holding_two_men():
    st = pos("d12 e12 a14 b14", cannons=[(0, "f12 g12")], budget=2)
    play(st, "Kf12>c14c15")
    assert st.sec_men[0][S(14)] == 2 and st.section_cannon(S(17), 0) >= 0
    st = pos("d12 a14", cannons=[(0, "f12 g12")], budget=2)
    assert "2 of your men" in st.why_illegal(CannonMove(B("f12"), (B("c14"), B("c15"))))


def test_cannon_stands_on_any_two_side_by_side_boxes_of_its_section():
    st = pos("d12 e12", cannons=[(0, "f12 g12")], budget=3)
    moves = cannon_moves(st, B("g12"))
    into17 = {m.to for m in moves if M.BOXES[m.to[0]].section == S(17)}
    assert into17 and all(abs(M.BOXES[a].col - M.BOXES[b].col) + abs(M.BOXES[a].row - M.BOXES[b].row) == 1
                          for a, b in into17)


def test_only_one_cannon_per_section():
    st = pos("d12 e12 a14 b14", cannons=[(0, "f12 g12"), (0, "c14 c15")], budget=2)
    assert "one per section" in st.why_illegal(
        CannonMove(B("f12"), (B("a15"), B("b15"))))


def test_sections_joined_by_a_bridge_are_adjacent_for_a_cannon():
    st = pos("e16 f16 e19 d19", cannons=[(0, "g17 f17")], budget=2)
    targets = {M.BOXES[m.to[0]].section for m in cannon_moves(st, B("f17"))}
    assert S(27) in targets
    st.bridges[1] = False
    assert S(27) not in {M.BOXES[m.to[0]].section for m in cannon_moves(st, B("f17"))}


def test_own_men_cannot_pass_through_cannon_boxes():
    st = pos("d13", cannons=[(0, "e13 e14")], budget=3)
    assert "your own cannon" in st.why_illegal(Step(B("d13"), B("e13")))


def test_attackers_can_pass_through_enemy_cannon_boxes():
    st = pos("c12 c13", north="e12", cannons=[(1, "d12 d13")], budget=6)
    play(st, "c12-d12")                              # onto the enemy cannon's box: the attack lifts it
    assert S(14) in st.sieges


def test_unguarded_cannon_is_captured_by_the_first_enemy_trooper():
    st = pos("c12", cannons=[(1, "e12 f12")], budget=2)
    st2 = pos("c12 d13", cannons=[(1, "d12 e12")], budget=2)
    assert "unguarded cannon" in st2.why_illegal(Step(B("c12"), B("d12")))
    play(st, "c12-d13")
    cid = st.cannon_at[B("e12")]
    assert st.cannons[cid][0] == 0
    assert "captured the cannon" in " ".join(st.events)


def test_cannon_moves_in_the_fort_one_large_box_per_move():
    st = new_game({"steady_bridges": True}, 2)
    play(st, "spin 6", "spin 1")
    # the star a6 cannon: a8 and a4 are full, so nothing yet
    assert cannon_moves(st, B("a6")) == []
    play(st, "a8-a10")
    moves = {str(m) for m in cannon_moves(st, B("a6"))}
    assert moves == {"Ka6>a8"}
    play(st, "Ka6>a8")
    assert st.budget == 4


def test_cannon_leaves_the_fort_through_an_open_gate_when_passed_out():
    st = pos("a10 b10", cannons=[(0, "a8")], budget=2)
    assert st.why_illegal(CannonMove(B("a8"), (B("c10"), B("d10")))) is None
    st.gates[0] = "closed"
    assert "closed" in st.why_illegal(CannonMove(B("a8"), (B("c10"), B("d10"))))


# -- attacks -------------------------------------------------------------------------------------

FORCES = [
    # attackers (men, cannon), defenders (men, cannon), wins?
    ((2, False), (1, False), True),
    ((1, False), (1, False), False),
    ((3, False), (2, False), True),
    ((3, False), (3, False), False),
    ((4, False), (3, False), True),
    ((2, True), (3, False), True),        # two men with a cannon destroy a section without one
    ((1, True), (1, False), False),
    ((1, True), (0, False), True),
    ((4, False), (1, True), False),       # one man and a cannon never fall to troops alone
    ((5, False), (3, True), False),
    ((2, True), (1, True), True),         # both with cannons: the men with them decide
    ((2, True), (2, True), False),
    ((3, True), (2, True), True),
    ((3, True), (3, True), False),        # three and a cannon: the strongest defence...
    ((4, True), (3, True), True),         # ...falls only to four and a cannon
]


@pytest.mark.parametrize("att,dfn,wins", FORCES)
def test_attacks_of_every_force_combination(att, dfn, wins):
    assert beats(att[0], att[1], dfn[0], dfn[1]) is wins
    assert (missing_force(att[0], att[1], dfn[0], dfn[1]) == "") is wins


def test_entering_an_enemy_section_is_an_attack_and_needs_one_man_more():
    st = pos("c12 c13 b13", north="e12 e13", budget=6)
    play(st, "c12-d12")
    assert S(14) in st.sieges and st.occ[B("e12")] == -1      # defenders lifted while it lasts
    f = attack_preview(st, S(14))
    assert f["defenders"] == 2 and f["attackers"] == 1 and not f["wins"] and f["missing"] == "2 more men (or 2 men with a cannon)"
    play(st, "c13-d13")
    assert S(14) in st.sieges
    st3 = pos("c12 c13 d11", north="e12 e13", budget=6)
    play(st3, "c12-d12", "c13-d13", "d11-e12")
    assert S(14) not in st3.sieges and st3.men[1] == RESERVE
    assert "3 men took section 14" in " ".join(st3.events)


def test_you_may_not_leave_or_pass_an_enemy_section_except_by_winning_it():
    st = pos("c12 c13", north="e12 f12", budget=6)
    play(st, "c12-d12")
    why = st.why_illegal(Step(B("d12"), B("d11")))
    assert why is not None and "fighting" in why
    r = reachable(st, B("c13"))
    assert r[B("d13")].attack == S(14)
    assert all(S(14) not in {M.BOXES[b].section for b in x.path[:-1]} for x in r.values())


def test_two_men_with_a_cannon_destroy_a_section_without_a_cannon():
    st = pos("b12 c12", north="d12 e12 f12", cannons=[(0, "a12 a13")], budget=4)
    play(st, "Ka12>f13g13+b12c12")
    assert st.men[1] == RESERVE and not st.sieges and st.sec_men[0][S(14)] == 2


def test_a_single_man_with_a_cannon_cannot_be_destroyed_by_troops_without_one():
    st = pos("c12 c13 b13 b12", north="e12", cannons=[(1, "f12 g12")], budget=8)
    play(st, "c12-d12", "c13-d13")
    assert S(14) in st.sieges and not attack_preview(st, S(14))["wins"]
    assert "a cannon" in attack_preview(st, S(14))["missing"]
    play(st, "end")
    assert st.men[0] == 2 + RESERVE and st.men[1] == 1 + RESERVE and st.section_cannon(S(14), 1) >= 0   # attackers lost, defence back


def test_three_men_and_a_cannon_fall_only_to_four_and_a_cannon_the_fourth_leaving():
    north = "d12 e12 f12"
    guns = [(1, "g12 g13"), (0, "a12 a13")]
    st = pos("b12 c12 c13 b13", north=north, cannons=guns, budget=8)
    play(st, "Ka12>e13f13+b12c12")               # a cannon and two men in (3 moves): not enough
    assert S(14) in st.sieges
    play(st, "c13-d13")                           # the third man: still not enough
    assert S(14) in st.sieges and attack_preview(st, S(14))["missing"] == "1 more man"
    play(st, "b13-c13", "c13-d12")                # the fourth wins it
    assert not st.sieges and st.men[1] == RESERVE and st.cannon_count(1) == 0   # cannon removed with its men
    assert st.sec_men[0][S(14)] == 4 and "section 14" in end_turn_warning(st)
    play(st, "d12-c12")                           # ... and one leaves in the same turn
    assert st.sec_men[0][S(14)] == 3 and end_turn_warning(st) == ""
    # with one move fewer the fourth may not go in: he could not leave again
    st = pos("b12 c12 c13 b13", north=north, cannons=guns, budget=6)
    play(st, "Ka12>e13f13+b12c12", "c13-d13", "b13-c13")
    assert "at most 3 of your men" in st.why_illegal(Step(B("c13"), B("d12")))


def test_defeated_pieces_are_removed_cannon_included():
    st = pos("b12 c12 c13", north="e12", cannons=[(1, "f12 g12"), (0, "a12 a13")], budget=3)
    play(st, "Ka12>d13e13+b12c12")
    assert st.cannon_count(1) == 0 and st.men[1] == RESERVE


def test_attack_not_complete_when_the_turn_ends_destroys_the_attackers():
    st = pos("c12 c13", north="e12 e13", budget=6)
    play(st, "c12-d12")
    assert "not won" in end_turn_warning(st)
    play(st, "end")
    assert st.men[0] == 1 + RESERVE and {"e12", "e13"} <= men(st, 1)
    assert "failed" in " ".join(st.events)


# -- TNT -----------------------------------------------------------------------------------------

def test_tnt_needs_two_men_in_a_bridge_section_one_next_to_the_bridge():
    st = pos("g16", budget=4)
    assert "2 of your men" in st.why_illegal(Tnt(box=B("g16")))
    st = pos("f16 e16", budget=4)
    assert "must stand on g16" in st.why_illegal(Tnt(box=B("g16")))
    st = pos("g16 e16", budget=4)
    assert st.why_illegal(Tnt(box=B("g16"))) is None


def test_placing_tnt_costs_one_move_and_the_men_must_leave_the_section():
    st = pos("g16 e16", budget=2)
    assert "must all leave" in st.why_illegal(Tnt(box=B("g16")))
    st = pos("g16 e16", budget=4)
    play(st, "TNT g16")
    assert st.budget == 3 and st.tnt_left[0] == 4 and st.tnt[0] == B("g16")
    play(st, "g16-f15", "e16-e15")
    play(st, "end")
    assert st.men[0] == 2 + RESERVE


def test_tnt_shot_is_forced_on_the_next_turn():
    st = pos("g16 e16", budget=4)
    play(st, "TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 3", "end")
    assert st.current_player() == 0
    assert texts(st) == {"tnt odd", "tnt even"}
    assert "must be shot" in st.why_illegal(Choice("move"))


def test_tnt_shot_right_blows_the_bridge_and_kills_everything_in_its_section():
    st = pos("g16 e16", north="i16 i17", budget=4)
    play(st, "TNT g16", "g16-f15", "e16-e15", "end")
    st = pos("g16 e16", north="i16 j16 i17", cannons=[(1, "j17 k17")], budget=4)
    play(st, "TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 4")
    play(st, "Kj17>f16f17+i16i17")                # North's convoy crosses the bridge carrying TNT
    play(st, "end", "tnt odd", "spin 5")
    assert not st.bridges[2]
    assert st.cannon_count(1) == 0 and men(st, 1) == {"j16"} | set(NORTH_HOME.split())   # TNT killed a cannon and its men
    assert "blew up" in " ".join(st.events)


def test_a_bridge_giving_way_under_a_crossing_takes_the_lit_tnt_with_it_and_says_so():
    """A play-test: North's crossing blew the bridge that carried South's lit TNT, and
    South's due shot silently never came. The log says where it went."""
    st = pos("g16 e16", north="i16", budget=4, risk=1 / 12)
    play(st, "TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 3")
    play(st, "i16-g16")
    assert st.current_player() == CHANCE
    said = st.public_move_text(Risk(False))
    assert said.startswith("bridge 3 exploded!") and "South's lit TNT went with it: no shot is due" in said
    st.apply(Risk(False))
    assert st.tnt == [-1, -1]
    plain = pos("b17", budget=3, risk=1 / 12)                # no TNT on the bridge: nothing more said
    play(plain, "b17-b19")
    assert "TNT" not in plain.public_move_text(Risk(False))


def test_the_men_and_cannon_left_by_your_own_lit_tnt_are_named_before_the_turn_ends():
    """A play-test: TNT lit in the section where the player's own cannon stood; ending the
    turn said nothing of it, and the log said "and a cannon" when the blast took it. One
    man left by the TNT was "1 man too many" (the section's limit is 0 while the TNT is
    lit: he must leave). The call's stake: test_readability."""
    from games.cannon_ball.rules import end_turn_warning, own_cannon_by_tnt
    st = pos("g16 e16", cannons=[(0, "f16 f17")], budget=4)
    play(st, "TNT g16", "g16-f15")
    warn = end_turn_warning(st)
    assert "your TNT is lit in section 22: your 1 man there must leave it or be lost" in warn
    assert "too many" not in warn
    assert "your cannon stands in section 22 by your lit TNT" in warn
    play(st, "e16-e15")
    assert end_turn_warning(st) == ("your cannon stands in section 22 by your lit TNT: "
                                    "the blast takes it if the bridge blows")
    play(st, "end", "move", "spin 3", "end")
    assert own_cannon_by_tnt(st, 0) == S(22)
    play(st, "tnt odd", "spin 5")
    assert "bridge 3 blew up and South's cannon in section 22" in " ".join(st.events)


def test_tnt_dud_is_removed_and_cannot_be_reused():
    st = pos("g16 e16", budget=4)
    play(st, "TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 1", "end", "tnt odd", "spin 4")
    assert st.bridges[2] and st.tnt == [-1, -1] and st.tnt_left[0] == 4
    assert "dud" in " ".join(st.events)


def test_five_tnt_cases_per_player_for_the_whole_game():
    st = pos("g16 e16", budget=4)
    st.tnt_left[0] = 0
    assert st.why_illegal(Tnt(box=B("g16"))) == "you have no TNT cases left"
    assert new_game({}, 2).tnt_left == [5, 5]


def test_enemies_may_cross_a_bridge_carrying_tnt():
    st = pos("g16 e16", north="i16", budget=4)
    play(st, "TNT g16", "g16-f15", "e16-e15", "end", "move", "spin 3")
    assert st.why_illegal(Step(B("i16"), B("g16"))) is None


def test_rebuilding_a_blown_bridge_needs_three_men_and_a_right_call():
    st = pos("e16 f16 g17", phase=Phase.CHOOSE, bridges=[True, True, False, True, True, True])
    assert "rebuild 3 odd" in texts(st)
    play(st, "rebuild 3 odd", "spin 4")
    assert not st.bridges[2] and st.current_player() == 1      # wrong: the turn is lost
    st = pos("e16 f16 g17", phase=Phase.CHOOSE, bridges=[True, True, False, True, True, True])
    play(st, "rebuild 3 even", "spin 4")
    assert st.bridges[2]
    st = pos("e16 f16", phase=Phase.CHOOSE, bridges=[True, True, False, True, True, True])
    assert "needs 3 of your men" in st.why_illegal(Choice("rebuild", 2, "odd"))


# -- forts and gates -----------------------------------------------------------------------------

def test_five_men_slide_tnt_under_a_closed_gate_and_the_fort_surrenders():
    st = pos("n17 l16 m16 l17 m17", north="n20", budget=4, gates=["open", "open", "closed", "open"])
    assert "3 moves needed" in pos("n17 l16 m16 l17 m17", north="n20", budget=2,
                                   gates=["open", "open", "closed", "open"]).why_illegal(Tnt(gate=2))
    play(st, "TNT NE")
    assert st.fuse == 2 and st.tnt_left[0] == 4
    play(st, "l16-k16", "l17-k17")
    # the fuse man (n17) is still in the gate's section: that is the loss to warn of; the
    # gate blowing is the win, never a warning of its own
    assert end_turn_warning(st) == "the man who lit the fuse under gate NE has not got out: the blast takes him"
    play(st, "end")
    assert st.is_over() and st.winner() == 0 and st.gates[2] == "destroyed"
    assert "blew up gate NE" in st.result_text() and st.end == EndReason.GATE_BLOWN_UP


def test_the_trooper_who_slides_the_tnt_under_the_gate_and_one_other_must_leave_the_section():
    """The sheet: "this trooper and one other must leave this section during the same turn"."""
    gates = ["open", "open", "closed", "open"]
    st = pos("n17 l16 m16 l17 m17", north="n20", budget=6, gates=gates)
    play(st, "TNT NE", "l16-k16", "n17-n16", "n16-n15")       # the fuse man and one other get out
    assert end_turn_warning(st) == "", "nothing is lost: the End turn that wins asks nothing"
    play(st, "end")
    assert st.winner() == 0 and st.occ[B("n15")] == 0 and st.men[0] == 5 + RESERVE
    st = pos("n17 l16 m16 l17 m17", north="n20", budget=4, gates=gates)
    play(st, "TNT NE", "l16-k16", "l17-k17")                  # two others left; one move remains
    why = st.why_illegal(Step(B("m16"), B("m15")))
    assert why and "the man who lit the fuse (on n17) must leave" in why
    play(st, "end")                                            # he stayed: the blast takes him
    assert st.winner() == 0 and st.occ[B("n17")] == -1 and st.men[0] == 4 + RESERVE


def test_cannon_and_three_men_fire_at_a_closed_gate_and_win_on_a_right_call():
    gates = ["open", "open", "closed", "open"]
    st = pos("l16 m16 l17", north="n20", cannons=[(0, "n16 o16")], phase=Phase.CHOOSE, gates=gates)
    assert {"fire NE odd", "fire NE even"} <= texts(st)
    play(st, "fire NE even", "spin 7")
    assert not st.is_over() and st.current_player() == 1       # wrong call: the turn is over
    play(st, "move", "spin 1", "end", "fire NE odd", "spin 7")  # repeatable every turn
    assert st.is_over() and st.winner() == 0 and st.gates[2] == "destroyed"
    assert "shot down gate NE" in st.result_text() and st.end == EndReason.GATE_SHOT_DOWN
    st = pos("l16 m16", north="n20", cannons=[(0, "n16 o16")], phase=Phase.CHOOSE, gates=gates)
    assert "3 of your men" in st.why_illegal(Choice("fire", 2, "odd"))


def test_enemies_inside_a_fort_capture_by_entering_occupied_boxes():
    st = pos("n17", north="n18 m20 m19", budget=3)
    play(st, "n17-n18")                                          # through the open gate NE
    assert st.occ[B("n18")] == 0 and st.men[1] == 2 + RESERVE
    play(st, "n18-m19")
    assert st.men[1] == 1 + RESERVE
    play(st, "end", "move", "spin 1", "m20-m19")                 # and he is captured the same way
    assert st.men[0] == RESERVE


def test_a_closed_gate_keeps_everyone_out():
    st = pos("n17", north="n18", budget=3, gates=["open", "open", "closed", "open"])
    assert st.why_illegal(Step(B("n17"), B("n18"))) == "gate NE is closed"


def test_cannons_are_useless_inside_a_fort_and_are_spiked_by_intruders():
    st = pos("n17", north="m20", cannons=[(1, "n18")], budget=3)
    play(st, "n17-n18")
    assert st.cannon_count(1) == 0 and "spiked" in " ".join(st.events)


# -- winning -------------------------------------------------------------------------------------

def test_automatic_win_five_men_into_an_open_enemy_gate_section():
    st = pos("l16 m16 l17 m17 k16", north="n20", budget=1)
    st = pos("m16 l17 m17 n16 k17", north="n20", budget=2)
    play(st, "k17-l16")
    assert st.is_over() and st.winner() == 0 and "open gate NE" in st.result_text()
    assert st.end == EndReason.OPEN_GATE


def test_automatic_win_three_men_and_a_cannon_into_an_open_enemy_gate_section():
    st = pos("k16 k17 l16", north="n20", cannons=[(0, "i17 j17")], budget=3)
    play(st, "Ki17>n16o16+k16k17")
    assert st.is_over() and st.winner() == 0


def test_automatic_win_when_the_enemy_deserts_his_fort_and_gate_sections():
    st = pos("c12", north="e12 n17", budget=2)
    st = pos("k16 k17 a1", north="n17", budget=2, home=False)
    # North's last man at home stands in its gate section; South destroys him there
    play(st, "k16-l16", "k17-l17")
    assert st.is_over() and st.winner() == 0 and "left the fort" in st.result_text()
    assert st.end == EndReason.FORT_DESERTED


def test_a_finished_game_refuses_moves():
    st = pos("m16 l17 m17 n16 k17", north="n20", budget=2)
    play(st, "k17-l16")
    assert st.current_player() == TERMINAL and st.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        st.apply(END)
    assert st.returns() == [1.0, -1.0]


# -- what the text leaves open (docs/rules/cannon_ball.md) -----------------------------------------

def test_truce_after_quiet_turns_without_a_loss():
    st = CannonBallState(quiet_turns=4)
    play(st, "spin 2", "spin 1", "end", "move", "spin 1", "end", "move", "spin 1", "end", "move", "spin 1")
    assert not st.is_over()
    play(st, "end")
    assert st.is_over() and st.winner() is None and "truce" in st.result_text()
    assert st.end == EndReason.QUIET


def test_truce_at_the_turn_limit():
    st = CannonBallState(turn_limit=3)
    play(st, "spin 2", "spin 1", "end", "close NE", "close SW")
    assert st.is_over() and st.winner() is None and "3 turns" in st.result_text()
    assert st.end == EndReason.TURN_LIMIT


def test_truce_when_neither_side_can_take_a_fort():
    st = pos("a3 d12", north="n20 m20", budget=1, home=False)
    play(st, "end")
    assert st.is_over() and st.winner() is None and "Neither side" in st.result_text()
    assert st.end == EndReason.NO_ARMIES


def test_a_player_always_has_a_legal_choice():
    st = pos("a3", phase=Phase.CHOOSE, gates=["destroyed", "destroyed", "open", "open"])
    assert texts(st) == {"move"}


def test_men_beyond_the_limit_are_lost_when_an_explosion_ends_the_turn():
    st = pos("d12 e12 f12 c12 b17", budget=6, risk=1 / 12)
    play(st, "c12-d13", "b17-b19", "explodes")
    assert st.sec_men[0][S(14)] == 3 and st.men[0] == 3 + RESERVE


# -- bad input -----------------------------------------------------------------------------------

def test_typed_move_breaking_a_section_limit_is_refused_and_nothing_changes():
    st = pos("d12 e12 f12 c12", budget=1)
    snap = st.snapshot()
    with pytest.raises(NotLegalHere, match="at most 3 of your men"):
        st.parse_move("c12-d13")
    with pytest.raises(NotLegalHere):
        st.apply(Step(B("c12"), B("d13")))
    assert st.snapshot() == snap


def test_typed_move_through_an_occupied_box_is_refused_and_nothing_changes():
    st = pos("d12 e12", budget=3)
    snap = st.snapshot()
    with pytest.raises(NotLegalHere, match="e12 is occupied"):
        st.parse_move("d12-e12")
    with pytest.raises(NotLegalHere, match="not next to"):
        st.parse_move("d12-f12")
    assert st.snapshot() == snap


def test_typed_move_overspending_the_budget_is_refused_and_nothing_changes():
    st = pos("d12", budget=1)
    play(st, "d12-d13")
    snap = st.snapshot()
    with pytest.raises(NotLegalHere, match="no moves left"):
        st.parse_move("d13-d14")
    assert st.snapshot() == snap


@pytest.mark.parametrize("text", ["", "d12-", "z9-a1", "d99-d12", "spin 13", "close XX", "rebuild 9 odd",
                                  "Kd12>", "TNT", "fire NE maybe", "hello"])
def test_unreadable_text_is_bad_notation(text):
    st = pos("d12", budget=3)
    with pytest.raises(BadNotation):
        st.parse_move(text)


def test_notation_is_forgiving_about_case_and_spaces():
    st = pos("d12 e12 f12", cannons=[(0, "d13 e13")], budget=3)
    assert st.parse_move(" D12 - C12 ") == Step(B("d12"), B("c12"))
    assert str(st.parse_move("k d13 > e14 f14 + d12 e12")) == "Kd13>e14f14+d12e12"


def test_path_to_plays_a_click_as_steps():
    st = pos("a14", budget=6)
    steps = path_to(st, B("a14"), B("d15"))
    assert len(steps) == 3 and steps[-1].to == B("d15")
    for s in steps:
        st.apply(s)
    assert st.occ[B("d15")] == 0 and st.budget == 3


def test_public_move_texts_read_well_in_the_log():
    st = new_game({}, 2)
    assert st.public_move_text(Spin(7)) == "South spins 7"
    st.apply(Spin(7))
    assert st.public_move_text(Spin(2), ["Ann", "Bob"]) == "Bob spins 2: Ann moves first with 7"
    st = pos("b17", budget=3, risk=1 / 12)
    st.apply(Step(B("b17"), B("b19")))
    assert st.public_move_text(Risk(True)) == "bridge 1 held"
    assert st.public_move_text(Risk(False)).startswith("bridge 1 exploded!")
    st = pos("d12", phase=Phase.CHOOSE)
    assert st.public_move_text(Choice("move")) == "Move turn"
    st.apply(Choice("move"))
    assert st.public_move_text(Spin(7)) == "Move turn: spun 7"
    st = pos("c12 c13 d11", north="e12 e13", budget=6)
    play(st, "c12-d12", "c13-d13")
    assert st.public_move_text(Step(B("d11"), B("e12"))) == "d11-e12: 3 men took section 14"


def test_a_refused_move_has_a_plain_log_text_and_the_match_refuses_it():
    st = pos("d12", budget=1)
    bad = Step(B("d12"), B("f12"))
    assert st.public_move_text(bad) == "d12-f12"
    with pytest.raises(NotLegalHere):
        st.apply(bad)
