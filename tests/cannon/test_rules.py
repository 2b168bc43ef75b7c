"""One test per rule clause of Cannon (see docs/rules/cannon.md), on small hand-built positions."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from games.core.game import TERMINAL, IllegalMove
from games.cannon.rules import (DARK, DARK_SOLDIER, DARK_TOWN, EMPTY, LIGHT, LIGHT_SOLDIER, LIGHT_TOWN,
                                CannonState, EndReason, Move, Phase, cannon_of, cannons_through, moves_from, new_game,
                                parse_square, square_name, town_threatened)


# -- helpers ---------------------------------------------------------------------------

def sq(name):
    s = parse_square(name)
    assert s is not None, name
    return s


def position(dark="", light="", dark_town="f1", light_town="e10", to_move=DARK, **options):
    """Build a diagram from square lists and load it with CannonState.from_diagram."""
    grid = [["."] * 10 for _ in range(10)]

    def put(names, ch):
        for n in names.split():
            s = sq(n)
            assert grid[9 - s // 10][s % 10] == ".", f"{n} used twice"
            grid[9 - s // 10][s % 10] = ch

    put(dark, "d")
    put(light, "l")
    if dark_town:
        put(dark_town, "D")
    if light_town:
        put(light_town, "L")
    return CannonState.from_diagram("\n".join("".join(r) for r in grid), to_move=to_move, **options)


def texts(state, kind=None, frm=None):
    out = set()
    for m in state.legal_moves():
        if kind is not None and m.kind != kind:
            continue
        if frm is not None and m.frm != sq(frm):
            continue
        out.add(str(m))
    return out


def play(state, *moves):
    for t in moves:
        state.apply(state.parse_move(t))
    return state


def soldiers(state, code):
    return {square_name(i) for i, c in enumerate(state.cells) if c == code}


# -- setup and placement ---------------------------------------------------------------

def test_setup_fifteen_soldiers_each_on_alternate_files():
    st = new_game({}, 2)
    assert soldiers(st, DARK_SOLDIER) == {f + r for f in "acegi" for r in "234"}
    assert soldiers(st, LIGHT_SOLDIER) == {f + r for f in "bdfhj" for r in "789"}
    assert st.towns == [None, None]
    assert st.phase is Phase.PLACE


def test_placement_order_dark_then_light():
    st = new_game({}, 2)
    assert st.to_move == DARK and st.current_player() == DARK
    assert st.status_text() == "Dark: place your town on the back rank"
    assert texts(st) == {f"T{f}1" for f in "bcdefghi"}
    play(st, "Tf1")
    assert st.to_move == LIGHT and st.phase is Phase.PLACE
    assert st.status_text() == "Light: place your town on the back rank"
    assert texts(st) == {f"T{f}10" for f in "bcdefghi"}
    play(st, "Te10")
    assert st.phase is Phase.PLAY and st.to_move == DARK
    assert st.status_text() == "Dark to move"
    assert st.towns == [sq("f1"), sq("e10")]
    assert st.cells[sq("f1")] == DARK_TOWN and st.cells[sq("e10")] == LIGHT_TOWN
    assert st.ply() == 2                     # placements are moves


def test_town_placement_not_on_corner():
    st = new_game({}, 2)
    for bad in ("Ta1", "Tj1", "Tf10", "Te5"):
        with pytest.raises(IllegalMove, match="back rank, b1 to i1"):
            st.parse_move(bad)
    play(st, "Tb1")
    for bad in ("Ta10", "Tj10", "Tc1"):
        with pytest.raises(IllegalMove, match="b10 to i10"):
            st.parse_move(bad)
    play(st, "Ti10")
    assert st.towns == [sq("b1"), sq("i10")]


def test_soldiers_cannot_move_before_the_towns_are_placed():
    st = new_game({}, 2)
    with pytest.raises(IllegalMove, match="must place its town first"):
        st.parse_move("a4-a5")


def test_towns_never_move():
    st = position(dark="e2", light="e9", dark_town="f1", light_town="e10")
    assert all(m.frm != sq("f1") for m in st.legal_moves())
    with pytest.raises(IllegalMove, match="towns never move"):
        st.parse_move("f1-f2")
    with pytest.raises(IllegalMove, match="already placed"):
        st.parse_move("Tc1")


# -- soldiers --------------------------------------------------------------------------

def test_soldier_steps_forward_or_diagonally_forward():
    st = position(dark="e5", light="a9")
    assert texts(st, "step", "e5") == {"e5-d6", "e5-e6", "e5-f6"}
    st = position(dark="a2", light="e5", to_move=LIGHT)          # Light's forward is down
    assert texts(st, "step", "e5") == {"e5-d4", "e5-e4", "e5-f4"}


def test_soldier_never_steps_sideways_or_back():
    st = position(dark="e5", light="a9")
    assert texts(st, frm="e5") == {"e5-d6", "e5-e6", "e5-f6"}
    for t in ("e5-d5", "e5-f5", "e5-e4", "e5-d4"):
        with pytest.raises(IllegalMove, match="can move that way"):
            st.parse_move(t)


def test_soldier_step_needs_an_empty_point():
    st = position(dark="e5 e6", light="d6 a9")
    assert texts(st, "step", "e5") == {"e5-f6"}
    with pytest.raises(IllegalMove, match="e6 is not empty"):
        st.parse_move("e5-e6")
    with pytest.raises(IllegalMove, match="capture it with e5xd6"):
        st.parse_move("e5-d6")


def test_soldier_captures_forward_and_diagonally_forward():
    st = position(dark="e5", light="d6 e6 f6")
    assert texts(st, "capture", "e5") == {"e5xd6", "e5xe6", "e5xf6"}
    st = position(dark="d4 e4 f4", light="e5", to_move=LIGHT)
    assert texts(st, "capture", "e5") == {"e5xd4", "e5xe4", "e5xf4"}


def test_soldier_captures_sideways():
    st = position(dark="e5", light="d5 f5")
    assert texts(st, "capture", "e5") == {"e5xd5", "e5xf5"}
    play(st, "e5xf5")
    assert st.cells[sq("f5")] == DARK_SOLDIER and st.cells[sq("e5")] == EMPTY
    assert soldiers(st, LIGHT_SOLDIER) == {"d5"}


def test_soldier_never_captures_backwards():
    st = position(dark="e5", light="d4 e4 f4")
    assert texts(st, "capture", "e5") == set()
    with pytest.raises(IllegalMove, match="capture that way"):
        st.parse_move("e5xe4")


def test_soldier_never_captures_its_own_pieces():
    st = position(dark="e5 e6 f5", light="a9")
    assert texts(st, "capture", "e5") == set()
    with pytest.raises(IllegalMove, match="no enemy piece on e6"):
        st.parse_move("e5xe6")


def test_soldier_capturing_the_enemy_town_wins():
    st = position(dark="e9", light="a9", light_town="e10")
    assert "e9xe10" in texts(st)
    play(st, "e9xe10")
    assert st.is_over() and st.phase is Phase.OVER
    assert st.winner() == DARK and st.current_player() == TERMINAL
    assert st.result_text() == "Dark captured the Light town" and st.end_reason is EndReason.TOWN_CAPTURED
    assert st.legal_moves() == []
    assert st.towns[LIGHT] is None
    st = position(dark="d10", light="a9", light_town="e10")      # sideways onto the town
    assert "d10xe10" in texts(st)


# -- retreat ---------------------------------------------------------------------------

def test_retreat_needs_adjacent_enemy():
    st = position(dark="e5", light="g7")                        # two points away: no retreat
    assert texts(st, "retreat") == set()
    for n in ("d6", "e6", "f6", "d5", "f5", "d4", "e4", "f4"):   # any of the eight neighbours
        st = position(dark="e5", light=n)
        expected = {t for t, passed in (("e5-c3", "d4"), ("e5-e3", "e4"), ("e5-g3", "f4")) if passed != n}
        assert texts(st, "retreat") == expected, n


def test_retreat_goes_two_points_straight_or_diagonally_back():
    st = position(dark="e5", light="d6")
    assert texts(st, "retreat") == {"e5-c3", "e5-e3", "e5-g3"}
    play(st, "e5-c3")
    assert st.cells[sq("c3")] == DARK_SOLDIER and st.cells[sq("e5")] == EMPTY
    st = position(dark="d5", light="e6", to_move=LIGHT)           # Light retreats upwards
    assert texts(st, "retreat") == {"e6-c8", "e6-e8", "e6-g8"}


def test_retreat_triggered_by_town_only():
    st = position(dark="d9", light="a6", light_town="e10")
    assert texts(st, "retreat") == {"d9-b7", "d9-d7", "d9-f7"}
    st = position(dark="e2", light="a9", dark_town="f1")         # one's own town does not count
    assert texts(st, "retreat") == set()


def test_retreat_blocked_if_passed_point_occupied():
    st = position(dark="e5 e4", light="d6 f4")
    assert texts(st, "retreat", "e5") == {"e5-c3"}
    with pytest.raises(IllegalMove, match="passed over, e4, must be empty"):
        st.parse_move("e5-e3")


def test_retreat_blocked_if_landing_point_occupied():
    st = position(dark="e5 e3", light="d6 c3")
    assert texts(st, "retreat", "e5") == {"e5-g3"}
    with pytest.raises(IllegalMove, match="landing point c3 must be empty"):
        st.parse_move("e5-c3")                                  # a retreat never captures


def test_retreat_is_exactly_two_points():
    st = position(dark="e5", light="d6")
    for bad in ("e5-e4", "e5-d4"):
        with pytest.raises(IllegalMove):
            st.parse_move(bad)
    with pytest.raises(IllegalMove, match="is not a move"):
        st.parse_move("e5-e1")


# -- cannons ---------------------------------------------------------------------------

@pytest.mark.parametrize("line,slides", [
    ("c5 d5 e5", {"c5-f5", "e5-b5"}),          # horizontal
    ("e4 e5 e6", {"e4-e7", "e6-e3"}),          # vertical
    ("c3 d4 e5", {"c3-f6", "e5-b2"}),          # diagonal /
    ("e3 d4 c5", {"e3-b6", "c5-f2"}),          # diagonal \
])
def test_cannon_in_each_of_the_four_line_directions(line, slides):
    st = position(dark=line, light="a9")
    assert texts(st, "slide") == slides
    middle = sq(line.split()[1])
    assert len(cannons_through(st, middle)) == 1


def test_two_soldiers_or_a_gap_make_no_cannon():
    for dark in ("c5 d5", "c5 d5 f5", "c5 d6 e5"):
        st = position(dark=dark, light="a9 e7")
        assert texts(st, "slide") == set() and texts(st, "shot") == set(), dark


def test_cannon_slide_moves_the_end_soldier_beyond_the_other_end():
    st = position(dark="c5 d5 e5", light="a9")
    play(st, "c5-f5")
    assert soldiers(st, DARK_SOLDIER) == {"d5", "e5", "f5"}
    play(st, "a9-a8")
    play(st, "f5-c5")                                           # and back the other way
    assert soldiers(st, DARK_SOLDIER) == {"c5", "d5", "e5"}


def test_cannon_slide_never_captures():
    st = position(dark="c5 d5 e5", light="f5 b5")
    assert texts(st, "slide") == set()
    with pytest.raises(IllegalMove, match="cannot slide onto f5, it is not empty"):
        st.parse_move("c5-f5")


def test_cannon_slide_blocked_by_town():
    st = position(dark="f2 f3 f4", light="a9", dark_town="f1")
    assert texts(st, "slide") == {"f2-f5"}
    st = position(dark="e7 e8 e9", light="a6", light_town="e10")
    assert texts(st, "slide") == {"e9-e6"}


def test_four_in_a_row_makes_two_cannons():
    st = position(dark="c5 d5 e5 f5", light="a5 h5 a9")
    assert cannons_through(st, sq("d5")) == [(sq("c5"), sq("d5"), sq("e5")), (sq("d5"), sq("e5"), sq("f5"))]
    assert cannons_through(st, sq("c5")) == [(sq("c5"), sq("d5"), sq("e5"))]
    assert texts(st, "slide") == {"e5-b5", "d5-g5"}
    assert texts(st, "shot") == {"c5*a5", "f5*h5"}


def test_soldier_can_belong_to_several_cannons():
    st = position(dark="d5 e5 f5 e4 e6 d4 f6", light="a9")
    got = cannons_through(st, sq("e5"))
    assert len(got) == 3                                        # horizontal, vertical, diagonal
    assert (sq("d5"), sq("e5"), sq("f5")) in got and (sq("e4"), sq("e5"), sq("e6")) in got
    assert (sq("d4"), sq("e5"), sq("f6")) in got
    assert cannons_through(st, sq("d5")) == [(sq("d5"), sq("e5"), sq("f5"))]


def test_town_is_never_part_of_a_cannon():
    st = position(dark="e2 e3", light="a9", dark_town="e1")
    assert texts(st, "slide") == set() and texts(st, "shot") == set()
    assert cannons_through(st, sq("e1")) == []


def test_cannon_shoots_two_or_three_points_beyond_its_front():
    st = position(dark="e3 e4 e5", light="e7 a9")
    assert texts(st, "shot") == {"e5*e7"}
    st = position(dark="e3 e4 e5", light="e8 a9")
    assert texts(st, "shot") == {"e5*e8"}
    st = position(dark="e3 e4 e5", light="e9 a9")               # four points beyond: out of range
    assert texts(st, "shot") == set()


def test_shot_does_not_move_the_cannon():
    st = position(dark="e3 e4 e5", light="e7 a9")
    play(st, "e5*e7")
    assert soldiers(st, DARK_SOLDIER) == {"e3", "e4", "e5"}
    assert soldiers(st, LIGHT_SOLDIER) == {"a9"}
    assert st.to_move == LIGHT


def test_shot_needs_an_empty_point_in_front():
    for blocker in ("dark", "light"):
        st = position(dark="e3 e4 e5" + (" e6" if blocker == "dark" else ""),
                      light="e7 a9" + (" e6" if blocker == "light" else ""))
        assert "e5*e7" not in texts(st), blocker
        with pytest.raises(IllegalMove, match="in front of the cannon, e6, must be empty"):
            st.parse_move("e5*e7")


def test_shot_hits_only_enemy_pieces():
    st = position(dark="e3 e4 e5 e7", light="a9")
    assert texts(st, "shot") == set()
    with pytest.raises(IllegalMove, match="no enemy piece on e7"):
        st.parse_move("e5*e7")


def test_shot_pass_over_vs_blocking():
    st = position(dark="e3 e4 e5", light="e7 e8 a9")
    assert texts(st, "shot") == {"e5*e7", "e5*e8"}
    st = position(dark="e3 e4 e5", light="e7 e8 a9", shot_rule="blocking")
    assert texts(st, "shot") == {"e5*e7"}
    st = position(dark="e3 e4 e5 e7", light="e8 a9")              # own piece two points out
    assert texts(st, "shot") == {"e5*e8"}
    st = position(dark="e3 e4 e5 e7", light="e8 a9", shot_rule="blocking")
    assert texts(st, "shot") == set()
    with pytest.raises(IllegalMove, match="blocking rule: e7 shields e8"):
        st.parse_move("e5*e8")


def test_shot_at_town_wins():
    st = position(dark="e5 e6 e7", light="a6", light_town="e10")
    assert "e7*e10" in texts(st)
    play(st, "e7*e10")
    assert st.winner() == DARK and st.is_over()
    assert st.result_text() == "Dark shot the Light town" and st.end_reason is EndReason.TOWN_SHOT
    assert st.cells[sq("e10")] == EMPTY and st.towns == [sq("f1"), None]
    st = position(dark="a5", light="f4 f3 f2", dark_town="f1", to_move=LIGHT)   # blocked: f1 in front
    assert not any(m.kind == "shot" and m.to == sq("f1") for m in st.legal_moves())
    st = position(dark="a5", light="f5 f4 f3", dark_town="f1", to_move=LIGHT)   # f2 empty, town 2 out
    play(st, "f3*f1")
    assert st.winner() == LIGHT and st.result_text() == "Light shot the Dark town"


def test_each_cannon_target_pair_is_its_own_move():
    st = position(dark="e3 e4 e5 a7 b7 c7", light="e7 e8 h9")
    assert texts(st, "shot") == {"e5*e7", "e5*e8", "c7*e7"}
    assert sum(1 for m in st.legal_moves() if m.to == sq("e7")) == 2


# -- board edges -----------------------------------------------------------------------

def test_board_edges():
    st = position(dark="a5", light="j4 a9")                     # j4 is a5 - 1: no wrap-around
    assert texts(st, frm="a5") == {"a5-a6", "a5-b6"}
    st = position(dark="a2", light="j5 a9", to_move=LIGHT)
    assert texts(st, "step", "j5") == {"j5-i4", "j5-j4"}
    st = position(dark="c10", light="b10 h8", light_town="i10")   # no forward from rank 10
    assert texts(st, frm="c10") == {"c10xb10", "c10-a8", "c10-c8", "c10-e8"}
    st = position(dark="b3", light="c4 h8")                      # retreats that would leave the board
    assert texts(st, "retreat") == {"b3-b1", "b3-d1"}
    st = position(dark="a2", light="b3 h8")
    assert texts(st, "retreat") == set()
    st = position(dark="h5 i5 j5", light="b6 c6 h9")            # a6/b6/c6 follow j5 in index order
    assert texts(st, "slide") == {"j5-g5"} and texts(st, "shot") == set()
    st = position(dark="a8 a9 a10", light="h5", light_town="e10")
    assert texts(st, "slide") == {"a10-a7"}


# -- end of game -----------------------------------------------------------------------

def test_no_legal_move_loses():
    st = position(dark="a10", light="h8", light_town="e10")
    assert st.legal_moves() == []
    assert st.phase is Phase.OVER and st.is_over() and st.current_player() == TERMINAL
    assert st.winner() == LIGHT
    assert st.result_text() == "Dark has no legal move: Light wins" and st.end_reason is EndReason.NO_MOVE
    assert st.status_text() == st.result_text()
    # and reached by a move: Light's step leaves Dark without a move
    st = position(dark="a10", light="h8", light_town="e10", to_move=LIGHT)
    assert not st.is_over()
    play(st, "h8-h7")
    assert st.is_over() and st.winner() == LIGHT


def test_passing_is_never_allowed():
    # every legal move changes the board (a pass would leave it as it was) ...
    for st in (position(dark="e5", light="a9"), position(dark="a2 a3 a4 c5", light="b9 c7")):
        for m in st.legal_moves():
            after = st.copy()
            after.apply(m)
            assert after.cells != st.cells, m
    # ... and no way of writing "pass" is a move
    st = position(dark="e5", light="a9")
    for t in ("pass", "--", "Pass", "e5-e5"):
        with pytest.raises(IllegalMove, match="is not a move"):
            st.parse_move(t)
    for t in ("", "   "):
        with pytest.raises(IllegalMove, match="No move typed"):
            st.parse_move(t)


def test_no_moves_after_the_game_is_over():
    st = position(dark="e9", light="a9", light_town="e10")
    play(st, "e9xe10")
    with pytest.raises(IllegalMove, match="the game is over"):
        st.apply(Move("step", sq("a9"), sq("a8")))


# -- tournament rule -------------------------------------------------------------------

def _tournament_position(**kw):
    return position(dark="c3 c4 c5 i3 g3 g4 g5", light="j9 h9 c8 a9", tournament=True, **kw)


def test_tournament_rule_fourth_slide_of_same_cannon_forbidden():
    st = _tournament_position()
    play(st, "c3-c6", "j9-j8", "c6-c3", "j8-j7", "c3-c6", "j7-j6")
    banned = {"c6-c3", "c4-c7"}                                  # both ends of the same cannon
    assert not banned & texts(st)
    with pytest.raises(IllegalMove, match="tournament rule"):
        st.parse_move("c6-c3")
    assert "g3-g6" in texts(st)                                  # another cannon may slide


def test_tournament_rule_soldier_move_resets_the_count():
    st = _tournament_position()
    play(st, "c3-c6", "j9-j8", "c6-c3", "j8-j7", "c3-c6", "j7-j6", "i3-i4", "j6-j5")
    assert "c6-c3" in texts(st)


def test_tournament_rule_other_cannon_resets_the_count():
    st = _tournament_position()
    play(st, "c3-c6", "j9-j8", "c6-c3", "j8-j7", "c3-c6", "j7-j6", "g3-g6", "j6-j5")
    assert "c6-c3" in texts(st)


def test_tournament_rule_shot_by_the_same_cannon_does_not_interrupt_its_run():
    # "without an intervening move from another cannon or single soldier": the
    # sliding cannon's own shot is neither, so its run of slides goes on
    st = _tournament_position()
    play(st, "c3-c6", "j9-j8", "c6-c3", "j8-j7", "c3-c6", "j7-j6")
    assert "c6*c8" in texts(st)                                  # shots are never limited
    play(st, "c6*c8", "j6-j5")
    assert "c6-c3" not in texts(st)                              # still three slides in a row
    play(st, "i3-i4", "j5-j4")                                   # a soldier's move
    assert "c6-c3" in texts(st)


def test_tournament_rule_shot_by_another_cannon_resets_the_count():
    st = position(dark="c3 c4 c5 g2 g3 g4", light="c9 g6 j9", tournament=True)
    play(st, "c3-c6", "j9-j8", "c6-c3", "j8-j7", "c3-c6", "j7-j6")
    assert "c6-c3" not in texts(st)
    play(st, "g4*g6", "j6-j5")                                   # another cannon fires...
    assert "c6-c3" in texts(st)                                  # ...and the first may slide again


def test_tournament_rule_three_slides_the_same_way():
    st = position(dark="a1 a2 a3", light="j9", light_town="i10", dark_town="e1", tournament=True)
    play(st, "a1-a4", "j9-j8", "a2-a5", "j8-j7", "a3-a6", "j7-j6")
    assert "a4-a7" not in texts(st) and "a6-a3" not in texts(st)  # the fourth slide, either way
    assert "a6-a7" in texts(st)                                  # its soldiers may still step


def test_tournament_rule_counted_per_player():
    # Light's moves in between do not interrupt Dark's run, and Light slides on its own count
    st = position(dark="c3 c4 c5 i3", light="h9 h8 h7 a9", tournament=True)
    play(st, "c3-c6", "h9-h6", "c6-c3", "h6-h9", "c3-c6", "h9-h6")
    assert "c6-c3" not in texts(st)
    play(st, "i3-i4")
    assert "h6-h9" not in texts(st)                              # Light's cannon has slid 3 times too
    assert "h8-h5" not in texts(st)


def test_tournament_rule_can_leave_no_legal_move():
    st = position(dark="a10 b10 c10", light="j9", light_town="i10", tournament=True)
    play(st, "a10-d10", "j9-j8", "d10-a10", "j8-j7", "a10-d10", "j7-j6")
    assert st.is_over() and st.winner() == LIGHT


def test_tournament_rule_off_by_default():
    st = position(dark="a10 b10 c10", light="j9", light_town="i10")
    for i in range(4):
        play(st, "a10-d10", f"j{9 - 2 * i}-j{8 - 2 * i}", "d10-a10", f"j{8 - 2 * i}-j{7 - 2 * i}")
    assert not st.is_over()


# -- repetition ------------------------------------------------------------------------

def _shuffle_position(**kw):
    return position(dark="a10 b10 c10", light="h1 i1 j1", dark_town="b1", light_town="i10", **kw)


def test_repetition_draw_threefold():
    st = _shuffle_position(repetition_draw=True)
    cycle = ("a10-d10", "j1-g1", "d10-a10", "g1-j1")
    play(st, *cycle)
    assert not st.is_over()                                     # second time
    play(st, *cycle[:3])
    assert not st.is_over()
    play(st, cycle[3])                                          # third time, Dark to move
    assert st.is_over() and st.winner() is None
    assert st.result_text() == "Draw by threefold repetition" and st.end_reason is EndReason.REPETITION
    assert st.legal_moves() == [] and st.current_player() == TERMINAL


def test_repetition_off_by_default():
    st = _shuffle_position()
    for _ in range(4):
        play(st, "a10-d10", "j1-g1", "d10-a10", "g1-j1")
    assert not st.is_over()


# -- notation --------------------------------------------------------------------------

def test_move_text_forms():
    assert str(Move("place", sq("f1"), sq("f1"))) == "Tf1"
    assert str(Move("step", sq("e3"), sq("e4"))) == "e3-e4"
    assert str(Move("retreat", sq("e5"), sq("e3"))) == "e5-e3"
    assert str(Move("slide", sq("a2"), sq("a5"))) == "a2-a5"
    assert str(Move("capture", sq("e4"), sq("e5"))) == "e4xe5"
    assert str(Move("shot", sq("e4"), sq("e6"))) == "e4*e6"
    assert Move.parse("  E3-E4 ") == Move("step", sq("e3"), sq("e4"))
    assert Move.parse("tf1") == Move("place", 5, 5)
    assert square_name(0) == "a1" and square_name(9) == "j1" and square_name(90) == "a10"
    assert square_name(99) == "j10"
    assert parse_square("j10") == 99 and parse_square("k1") is None and parse_square("a0") is None
    assert parse_square("a11") is None and parse_square("a01") is None and parse_square("") is None


def test_notation_round_trip():
    st = position(dark="e3 e4 e5 c5 d6 b2", light="e7 e8 f5 d7 h9")
    st2 = position(dark="a5", light="e6 e7 e8 d6 c3", to_move=LIGHT)
    for s in (new_game({}, 2), st, st2):
        for m in s.legal_moves():
            assert Move.parse(str(m)) == m
            assert s.parse_move(str(m)) == m


_LINE = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]


@settings(max_examples=300, deadline=None)
@given(hs.integers(0, 99), hs.sampled_from(_LINE), hs.integers(1, 3), hs.booleans())
def test_notation_round_trip_any_geometry(frm, d, n, alt):
    f, r = frm % 10 + d[0] * n, frm // 10 + d[1] * n
    if not (0 <= f < 10 and 0 <= r < 10):
        return
    to = r * 10 + f
    kind = {1: "capture" if alt else "step", 2: "retreat" if alt else "shot",
            3: "slide" if alt else "shot"}[n]
    m = Move(kind, frm, to)
    assert Move.parse(str(m)) == m
    assert hash(Move.parse(str(m))) == hash(m)


def test_illegal_text_messages():
    st = new_game({}, 2)
    play(st, "Tf1", "Te10")
    malformed = {
        "e11-e12": "'e11-e12' is not a move: squares run a1..j10",
        "k3-k4": "squares run a1..j10",
        "hello": "is not a move",
        "e3-e7": "a step goes 1 point",
        "e3-f5": "not on one straight or diagonal line",
        "e3xe5": "captures the piece next to it",
        "e4*e5": "shoots 2 or 3 points",
        "e4-e4": "same point",
        "T": "is not a move",
        "e3-e4-e5": "is not a move",
        "Tk1": "squares run a1..j10",
        "af1": "is not a move",                 # only a leading T marks a placement
        "zf1": "is not a move",
        "e\u0663-e4": "is not a move",            # a non-ASCII digit is not a rank
    }
    for text, why in malformed.items():
        with pytest.raises(IllegalMove, match="is not a move") as info:
            st.parse_move(text)
        assert why in str(info.value), (text, str(info.value))
    illegal = {
        "e3-e5": "e3-e5: no soldier of yours can move that way",
        "b7-b6": "no soldier of yours on b7 (that soldier is not yours)",
        "e5-e6": "no soldier of yours on e5 (it is empty)",
        "e2-e3": "e3 is not empty",
        "e4-e3": "no soldier of yours can move that way",
        "a4xa5": "no enemy piece on a5",
        "e4*e6": "no enemy piece on e6",
        "c4*e6": "not the front of a cannon",
        "Tc1": "already placed",
    }
    for text, why in illegal.items():
        with pytest.raises(IllegalMove) as info:
            st.parse_move(text)
        assert str(info.value).startswith("Illegal move "), str(info.value)
        assert "is not a move" not in str(info.value)
        assert why in str(info.value), (text, str(info.value))
    # white space of any kind is forgiven, case too
    assert st.parse_move("a4\t-  A5") == Move("step", sq("a4"), sq("a5"))


def test_apply_illegal_move_leaves_state_untouched():
    st = new_game({}, 2)
    play(st, "Tf1", "Te10")
    before = st.snapshot()
    for bad in (Move("step", sq("e3"), sq("e5")), Move("place", 3, 3), Move("shot", sq("a4"), sq("a6")),
                "e2-e3", None, Move("step", 0, 55)):
        with pytest.raises(IllegalMove):
            st.apply(bad)
        assert st.snapshot() == before


# -- diagrams, copies, snapshots --------------------------------------------------------

DIAGRAM = """\
....L.....
.l.l.l.l.l
.l.l.l.l.l
.l.l.l.l.l
..........
..........
d.d.d.d.d.
d.d.d.d.d.
d.d.d.d.d.
.....D...."""


def test_from_diagram_round_trip():
    st = CannonState.from_diagram(DIAGRAM)
    assert st.to_diagram() == DIAGRAM
    ref = play(new_game({}, 2), "Tf1", "Te10")
    assert st.cells == ref.cells and st.towns == ref.towns and st.phase is Phase.PLAY
    assert {str(m) for m in st.legal_moves()} == {str(m) for m in ref.legal_moves()}
    no_towns = CannonState.from_diagram(DIAGRAM.replace("L", ".").replace("D", "."))
    assert no_towns.phase is Phase.PLACE and no_towns.to_move == DARK
    dark_only = CannonState.from_diagram(DIAGRAM.replace("L", "."))
    assert dark_only.phase is Phase.PLACE and dark_only.to_move == LIGHT
    with pytest.raises(ValueError):
        CannonState.from_diagram(DIAGRAM.replace("D", "."))
    with pytest.raises(ValueError):
        CannonState.from_diagram(DIAGRAM.replace("d", "x"))
    with pytest.raises(ValueError):
        CannonState.from_diagram("\n".join(DIAGRAM.split("\n")[:9]))


def test_copy_is_independent_and_snapshot_is_json():
    st = play(new_game({"shot": "blocking", "tournament": True}, 2), "Tf1", "Te10")
    c = st.copy()
    assert c.snapshot() == st.snapshot()
    play(c, "a4-a5")
    assert st.cells[sq("a4")] == DARK_SOLDIER and st.to_move == DARK and st.ply() == 2
    assert c.ply() == 3 and c.snapshot() != st.snapshot()
    snap = json.loads(json.dumps(c.snapshot()))
    assert snap["to_move"] == LIGHT and snap["towns"] == ["f1", "e10"] and snap["shot_rule"] == "blocking"
    assert snap["last_move"] == "a4-a5"
    assert c.phase is Phase.PLAY and snap["phase"] == "play" and type(c.snapshot()["phase"]) is str
    v = st.view(LIGHT)
    assert v is not st and v.snapshot() == st.snapshot()


def test_phases_and_end_reasons_read_as_the_words_saves_show():
    """A str Enum: equal to its word, printed and serialised as it, so saves keep it."""
    assert [str(p) for p in Phase] == ["place", "play", "over"] and Phase("over") is Phase.OVER
    assert Phase.PLAY == "play" and f"{Phase.PLACE}" == "place" and json.dumps([Phase.OVER]) == '["over"]'
    assert new_game({}, 2).end_reason is None


def test_new_game_options():
    st = new_game({"shot": "blocking", "tournament": True, "repetition": True, "rotate": True}, 2)
    assert (st.shot_rule, st.tournament, st.repetition_draw) == ("blocking", True, True)
    st = new_game({}, 2)
    assert (st.shot_rule, st.tournament, st.repetition_draw) == ("pass-over", False, False)
    with pytest.raises(ValueError):
        new_game({}, 3)
    with pytest.raises(ValueError):
        new_game({"shot": "sideways"}, 2)


# -- helpers for the board -------------------------------------------------------------

def test_moves_from_lists_cannon_moves_for_every_member():
    st = position(dark="e3 e4 e5 b2", light="e7 a9")
    for member in ("e3", "e4", "e5"):
        got = {str(m) for m in moves_from(st, sq(member))}
        assert {"e3-e6", "e5-e2", "e5*e7"} <= got, member
    assert {str(m) for m in moves_from(st, sq("e4"))} == {"e3-e6", "e5-e2", "e5*e7", "e4-d5", "e4-f5"}
    assert {str(m) for m in moves_from(st, sq("b2"))} == {"b2-a3", "b2-b3", "b2-c3"}
    assert cannon_of(Move("shot", sq("e5"), sq("e7"))) == (sq("e3"), sq("e4"), sq("e5"))
    assert cannon_of(Move("slide", sq("e5"), sq("e2"))) == (sq("e3"), sq("e4"), sq("e5"))
    assert cannon_of(Move("step", sq("e5"), sq("e6"))) is None


def test_town_threatened():
    st = play(new_game({}, 2), "Tf1", "Te10")
    assert not town_threatened(st, DARK) and not town_threatened(st, LIGHT)
    st = position(dark="e9", light="a9", light_town="e10")        # a soldier next to it
    assert town_threatened(st, LIGHT) and not town_threatened(st, DARK)
    st = position(dark="e5 e6 e7", light="a6", light_town="e10")  # a cannon aimed at it
    assert town_threatened(st, LIGHT)
    st = position(dark="e9 a2", light="a9", light_town="e10", to_move=LIGHT)   # whoever is to move
    assert town_threatened(st, LIGHT)
    st = position(dark="e5 e6 e7", light="e9 a6", light_town="e10", shot_rule="blocking")
    assert not town_threatened(st, LIGHT)
    st = position(dark="e5 e6 e7", light="e9 a6", light_town="e10")
    assert town_threatened(st, LIGHT)
    st = position(dark="e2", light="a9", dark_town="f1")          # nothing of Light's near it
    assert not town_threatened(st, DARK)


# -- packaging -------------------------------------------------------------------------

def test_rules_text_sections():
    from games.cannon.rules_text import SECTIONS
    assert SECTIONS and all({"title", "text", "diagram"} <= set(s) <= {"title", "text", "diagram", "caption"}
                            for s in SECTIONS)
    allowed = {None, "setup", "soldier_moves", "retreat", "cannon_slide", "cannon_shot", "town"}
    assert all(s["diagram"] in allowed for s in SECTIONS)
    # every picture says in words what its marks mean
    assert all(s.get("caption") for s in SECTIONS if s["diagram"])
    everything = " ".join(s["title"] + " " + s["text"] for s in SECTIONS)
    assert "David E. Witcher" in everything
    for word in ("pass-over", "blocking", "tournament", "repetition", "e4*e6", "Tf1"):
        assert word.lower() in everything.lower(), word


def test_invalidate_after_editing_cells_by_hand():
    st = position(dark="a10", light="h8", light_town="e10")
    assert st.is_over()                                         # Dark is stuck
    st.cells[sq("a10")] = EMPTY
    st.cells[sq("c5")] = DARK_SOLDIER
    st.invalidate()
    assert not st.is_over() and texts(st) == {"c5-b6", "c5-c6", "c5-d6"}
    assert st.end_reason is None and st.result_text() == ""
    won = play(position(dark="e9", light="a9", light_town="e10"), "e9xe10")
    won.invalidate()
    assert won.is_over() and won.winner() == DARK               # a taken town stays taken
    assert won.end_reason is EndReason.TOWN_CAPTURED
