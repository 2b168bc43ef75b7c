"""Cannon Ball's lesson (Learn): one short war, one idea a step (games.core.lesson).

The player is South (seat 0) against a scripted North. The opening below walks both
armies into the field (each man by his shortest way, twelve moves a turn, every
bridge holding), so the lesson starts mid-war: South's men by the river and four of
them near North's gate NE, a North scout on South's bank, three North men by bridge 4.

The war, turn by turn (every spin and bridge comes from the script):

* South: a move turn, spin 8: a walk (section 22 full), an attack on the scout
  (2 against 1), a crossing of bridge 3, three free moves by the fort, End turn;
  North brings three men to bridge 4;
* South: spin 5: TNT at bridge 4, both men out of section 10, a man toward gate NE;
  North walks three men over bridge 4 into section 10, onto the TNT;
* South: the TNT shot, calling odd, spin 7: the bridge and the three men go;
  North closes gate NE (a gate turn);
* South: spin 10: five men into section 24, TNT under gate NE, two men out, End
  turn: the gate blows and North's fort surrenders.

Marks (``targets``) are box names ("c16") and gate ids ("NE"), as the board draws
them (``scene.py``); ``has_target`` says whether one names a thing on the map.
"""
from __future__ import annotations

from games.cannon_ball.rules import battlefield as M
from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.core.lesson import ANY, CARD, CHECK, DO, Lesson, LessonStep, Tip

LEARNER = R.SOUTH

# The moves reaching the first position, a turn a line (made by walking each man his
# shortest way with twelve moves a turn; tests/cannon_ball/test_lesson.py replays them).
_OPENING = (
    "spin 12; spin 1",
    "a8-a10; a10-b11; b11-c12; c12-d13; d13-e14; e14-f15; f15-g16; g16-i16; holds; i16-j16; j16-k17; c7-a8; "
    "a8-b10; end",
    "move; spin 12; g25-f25; f25-e24; e24-d23; d23-c22; c22-c21; c21-d20; d20-e19; e19-e17; holds; e17-e16; "
    "e16-f15; n18-n17; n17-m16; end",
    "move; spin 12; b10-c10; c10-d10; d10-e9; e9-f10; f10-g11; g11-i11; holds; i11-j12; j12-k13; k13-l14; "
    "l14-m15; h1-j2; j2-j3; end",
    "move; spin 12; m16-l15; l15-k14; k14-j13; j13-j12; j12-k11; k11-l10; m18-n18; n18-n17; n17-m16; m16-l15; "
    "l15-k14; k14-j13; end",
    "move; spin 12; j3-j4; j4-i5; i5-i6; i6-j7; j7-k8; k8-k10; holds; k10-k11; k11-l12; l12-l13; l13-m14; "
    "m14-n15; g3-h1; end",
    "move; spin 12; j13-k12; k12-l11; m19-n18; n18-n17; n17-m16; m16-l15; l15-k14; k14-k13; k13-l12; l12-m11; end",
    "move; spin 12; h1-j2; j2-j3; j3-j4; j4-i5; i5-i6; i6-j7; j7-k8; k8-k10; holds; k10-k11; k11-l12; l12-m13; "
    "m13-n14; end",
    "move; spin 12; end",
    "move; spin 12; n14-o15; c8-a8; a8-b10; b10-c10; c10-d10; d10-e9; e9-f9; f9-g10; c9-a8; a8-b10; b10-c10; "
    "c10-d10; end",
    "move; spin 12; end",
    "move; spin 12; d10-e9; e9-f10; f10-g11; c6-c7; c7-a8; a8-a10; a10-a11; a11-a12; a12-b13; b13-c14; c14-d15; "
    "d15-e16; end",
    "move; spin 12; end",
    "move; spin 12; e16-f16; f16-g16; d6-c7; c7-a8; a8-a10; a10-a11; a11-a12; a12-b13; b13-c14; c14-d15; "
    "d15-e16; e16-f16; end",
    "move; spin 12; end",
    "move; spin 12; f16-g17; d7-c7; c7-a8; a8-a10; a10-a11; a11-a12; a12-a13; a13-a14; a14-b15; b15-c16; "
    "d8-c7; c7-a8; end",
    "move; spin 12; end",
    "move; spin 12; a8-a10; a10-a11; a11-b12; b12-c13; c13-d14; d9-c8; c8-a8; a8-a10; a10-a11; a11-a12; "
    "a12-b13; b13-c14; end",
    "move; spin 12; end",
    "move; spin 12; c14-d15; a4-c6; c6-c7; c7-a8; c5-c6; c6-c7; c7-c8; c8-c9; end",
    "move; spin 1; end",
)
OPENING = tuple(t.strip() for line in _OPENING for t in line.split(";"))


def _marks(moves: tuple[str, ...], *extra: str) -> tuple[str, ...]:
    """The boxes a DO step marks: every box a man steps from and to (so each man the
    step moves can be picked up, and each box he is sent to clicked), plus ``extra``."""
    out: list[str] = []
    for text in moves:
        if "-" in text:
            for name in text.split("-"):
                if name not in out:
                    out.append(name)
    return tuple(out) + tuple(x for x in extra if x not in out)


def turn_over(state) -> bool:
    """The learner's move turn is over (End turn was pressed; the others may be moving)."""
    return state.to_move != LEARNER or state.phase in (Phase.CHOOSE, Phase.OVER)


#: the sections by South's gates where the free moves of step 6 may go
FREE_SECTIONS = frozenset(M.SECTION_BY_NUMBER[n] for n in (1, 9, 13))


def _by_the_fort(box: int) -> bool:
    return R.FORT_OF[box] == LEARNER or R.SEC[box] in FREE_SECTIONS


def fresh_men(before, move, after) -> bool:
    """Step 6 takes End turn, or a step of a man in the fort or by its gates that stays
    there (no bridge): the rest of the lesson's men keep their places."""
    if isinstance(move, R.End):
        return True
    if not isinstance(move, R.Step):
        return False
    bridge, _gate = R.LINK_KIND.get((move.frm, move.to), (-1, -1))
    return bridge < 0 and _by_the_fort(move.frm) and _by_the_fort(move.to)


WALK = ("c16-d16", "d16-e16")
ATTACK = ("d15-e15", "d14-e14")
CROSS = ("g16-i16",)
TNT = ("move", "TNT g11", "g11-g12", "g10-g9")
MARCH = ("i16-j15", "j15-k16", "end")
ASSAULT = ("move", "o15-n16", "n16-o17", "n15-n16", "m15-m16", "k16-l16", "k17-l17")
GET_OUT = ("o17-o16", "o16-o15", "n16-n15", "end")

#: North's turn after step 6: three men to bridge 4 (far from South's gates, so legal
#: whatever South's free moves were)
NORTH_TO_BRIDGE = ("move", "spin 5", "l11-k10", "k10-j11", "l10-k10", "m11-l10", "l10-k11", "end")
#: North's turn after step 8: three men over bridge 4 into section 10, onto the TNT
NORTH_CROSSES = ("move", "spin 10", "j11-i11", "i11-g11", "holds", "g11-f10", "k11-j10", "j10-i11", "i11-g11",
                 "holds", "g11-f11", "k10-j10", "j10-i11", "i11-g11", "holds", "end")

STEPS = (
    LessonStep(CARD, "Cannon Ball",
               "You are South: the round men. North's men are diamonds. The war is under way: your men stand "
               "by the river, four of them near North's gate NE. Take North's fort to win."),
    LessonStep(DO, "The Fort Commander",
               "Each turn starts with a choice. Take a move turn, then press Spin! The Fort Commander's number "
               "is your budget: moves shared by all your men this turn.",
               moves=("move",), script=("spin 8",),
               wrong="Take a move turn: the marked button."),
    LessonStep(DO, "Walking",
               "A step to any touching box costs one move. Walk the marked man two steps into section 22. "
               "When your move ends, a section may hold at most three of your men.",
               moves=WALK, targets=_marks(WALK),
               wrong="Walk the marked man, one box at a time."),
    LessonStep(DO, "An attack",
               "A North man holds section 18. Walking in attacks it: you need one man more than the defenders. "
               "Walk both marked men in. Attackers still short when the turn ends are lost.",
               moves=ATTACK, targets=_marks(ATTACK, "f15"),
               wrong="Walk the marked men into section 18.",
               # said: a play-test saw only a count in the column change
               praise="Two against one: North's man in section 18 is taken, and the section is yours."),
    LessonStep(DO, "A bridge",
               "Only bridges cross the river; a crossing costs one move. But a bridge may blow up (1 in 24): "
               "the man on it is lost and your turn ends. Cross bridge 3.",
               moves=CROSS, targets=_marks(CROSS), script=("holds",),
               praise="It held."),
    LessonStep(CHECK, "Your turn, your way",
               "Three moves left. Bring men out of your fort through a gate, any way you like, then press "
               "End turn. Moves you do not use are lost.",
               check=fresh_men, until=turn_over, example=("a8-a10", "c9-a8", "a10-b11", "end"),
               targets=("SW", "SE"), script=NORTH_TO_BRIDGE,
               wrong="This time, only move men in your fort or by its gates."),
    LessonStep(DO, "TNT",
               "North gathers at bridge 4. Take a move turn and spin. Place TNT at the bridge (two of your men "
               "in the section, one beside it), then walk both men out of section 10.",
               moves=TNT, targets=_marks(TNT, "g11"), script=("spin 5",),
               wrong="Follow the marks: TNT first, then out."),
    LessonStep(DO, "On to the gate",
               "Walk the marked man along the marked boxes, two steps toward gate NE, then press End turn, "
               "and watch North.",
               moves=MARCH, targets=_marks(MARCH), script=NORTH_CROSSES),
    LessonStep(DO, "Odd or even",
               "North walked three men onto your TNT! Now shoot it: call Odd, then spin. A right call blows "
               "the bridge and everyone in section 10; a wrong one is a dud.",
               moves=("tnt odd",), script=("spin 7", "close NE"),
               wrong="Call Odd this time."),
    LessonStep(CARD, "Gates",
               "Boom: three North men gone. North then closed gate NE (a gate turn: no spin). A closed gate "
               "stops everyone, but five of your men in its section can slide TNT under it."),
    LessonStep(DO, "The assault",
               "Take a move turn and spin. Walk five men into section 24, one onto a box in front of the gate. "
               "An enemy gate section holds up to five of your men.",
               moves=ASSAULT, targets=_marks(ASSAULT), script=("spin 10",),
               wrong="Follow the marks, one box at a time."),
    LessonStep(DO, "TNT under the gate",
               "Five men stand before gate NE. Click the TNT case at the gate to light the fuse.",
               moves=("TNT NE",), targets=("NE",)),
    LessonStep(ANY, "Get out!",
               "The gate blows when your turn ends. Walk the man who lit the fuse (marked, in front of the "
               "gate) and one other out of section 24, then press End turn.",
               # the fuse man marked: a play-test had to press Show me to learn which he was
               until=lambda s: s.phase == Phase.OVER, example=GET_OUT, targets=("o17",)),
)


def has_target(state, target) -> bool:
    """A mark names a box of the map or a gate."""
    return M.box_index(str(target)) is not None or any(g.id == target for g in M.GATES)


LESSON = Lesson(
    game="cannon_ball",
    title="Learn Cannon Ball",
    steps=STEPS,
    learner=LEARNER,
    options={"steady_bridges": False, "bridge_risk": "normal", "each_piece": False},
    opening=OPENING,
    # the cannons are said here, for the first real war (a play-test: the lesson never
    # taught them, and the player's lone cannon was taken, then blown up by his own TNT)
    finale="North's fort surrenders: you win! A real war adds cannons: one moves a section with two men "
           "beside it (three moves), strengthens an attack, and is lost to the first enemy who finds it "
           "alone. Try one!",
    minutes=7,
    has_target=has_target,
)


# -- first-time tips in real games ---------------------------------------------------------------

def _deciding(view, seat: int, phase: Phase) -> bool:
    return view.phase == phase and view.to_move == seat


def _first_choice(view, seat: int) -> bool:
    """The first choice of a turn, when the spin is one budget for the turn (with "each piece
    moves the spin" on, the tip's "moves for the whole turn" would be wrong: no tip)."""
    return _deciding(view, seat, Phase.CHOOSE) and view.tnt[seat] < 0 and not view.each


def _by_a_bridge(view, seat: int) -> bool:
    """One of the seat's men stands in a section by a standing bridge that may give way,
    moves left (not only on the bridge's end: a play-test's first crossing came from
    further back, and the tip came after it)."""
    if not _deciding(view, seat, Phase.MOVING) or view.risk <= 0 or view.moves_left() <= 0:
        return False
    return any(view.sec_men[seat][s] > 0 and any(view.bridges[br] for br in R.SECTION_BRIDGES[s])
               for s in range(R.N_SECTIONS))


def _next_to_enemy(view, seat: int) -> bool:
    """One of the seat's men is in a section next to one the enemy holds (a walk of a few
    steps may attack it: a play-test made three attacks before the tip, which waited for
    a man standing on the border)."""
    if not _deciding(view, seat, Phase.MOVING) or view.moves_left() <= 0:
        return False
    return any(view.sec_men[seat][s] > 0 and any(view.sec_men[1 - seat][n] > 0 for n in M.SECTION_NEIGHBOURS[s])
               for s in range(R.N_SECTIONS))


def _tnt_offered(view, seat: int) -> bool:
    return _deciding(view, seat, Phase.MOVING) and any(m.gate < 0 for m in R.tnt_placements(view))


def _tnt_due(view, seat: int) -> bool:
    return _deciding(view, seat, Phase.CHOOSE) and view.tnt[seat] >= 0


TIPS = (
    Tip("cannon_ball.turn", "Take a move turn and spin: the number is your moves for the whole turn.",
        _first_choice),
    Tip("cannon_ball.bridge", "A crossing may blow the bridge (see the tooltip): the man and your turn are lost.",
        _by_a_bridge),
    Tip("cannon_ball.attack", "Entering an enemy section attacks it: bring one man more than it holds (cannons change this).",
        _next_to_enemy),
    Tip("cannon_ball.tnt", "A pulsing case: TNT may go here. Walk your men out; shoot it next turn.",
        _tnt_offered),
    Tip("cannon_ball.shot", "Shoot your TNT: call Odd or Even. Right, and the bridge blows.", _tnt_due),
)
