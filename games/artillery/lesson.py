"""Artillery's lesson (Learn): a first field battle, one idea a step (games.core.lesson).

The learner is South (seat 0) against a scripted North, on the field battle (two
houses, a battery of three Light Cannons a side). Two rounds, twelve steps: the card
for initiative, activating a unit and its actions, moving, the guns' arcs and the
firing preview, a shoot test and its hits, Fatigue, reloading, Spades going first,
a house taken, the guns against a house (damage, the men inside saving), a rout, and
the round's end scoring both houses for South: 2 points to 0 after round 2 (the game
itself runs six rounds: the finale says so).

Every die and every card is written here as a chance outcome (``deal KC``,
``roll 7``); North's moves are written too. The free steps (moving a unit) are
CHECK steps: each move must keep the house in reach with the moves left (this
activation's and the next round's, :func:`reachable`), so North's written replies,
which never go near where South may walk, stay legal whatever the learner drags. Their
examples (what Skip plays and Show me draws) are :class:`Toward` moves: the written road
where it still fits, else a move the step takes from wherever the learner's own road led.
"""
from __future__ import annotations

import math

from games.artillery.rules import Phase
from games.core.lesson import CARD, CHECK, DO, Lesson, LessonStep, Tip

FIRE_B2 = "fire G1+G3+G5 at B2 round"
FIRE_H2 = "fire G1+G3+G5 at H2 round"
RELOAD = "reload G1+G3+G5"

#: a unit's move in inches, and the cost of rough ground (the rules' numbers for foot units)
STEP = 4
ROUGH = 1


# -- the free moves: is the house still in reach? ------------------------------------------------

def _inside(st, sid: str, pos) -> bool:
    return st.table.inside(pos, st.table.sections[sid].poly)


def _gap(st, sid: str, pos) -> float:
    """Inches from ``pos`` to the section's nearest edge (0 inside)."""
    from games.artillery.rules import geometry as geo
    poly = st.table.sections[sid].poly
    if st.table.inside(pos, poly):
        return 0.0
    return geo.dist(pos, geo.closest_point_on_poly(pos, poly))


def _step_ok(st, a, b) -> bool:
    """A foot unit's straight move a-b as the rules allow it (terrain and structures;
    other units are left out: North's never stand where South may go)."""
    d = math.dist(a, b)
    if d < 0.5 or d > STEP + 1e-9 or not st.table.on_table(b):
        return False
    if st.table.path_rough(a, b) and d > STEP - ROUGH + 1e-9:
        return False
    wrecked = st.wrecked
    return st.table.ground_problem(b, False, wrecked) is None and st.table.path_problem(a, b, False, wrecked) is None


def reachable(st, uid: str, sid: str, moves: int) -> bool:
    """Whether unit ``uid`` can stand inside section ``sid`` after at most ``moves`` move
    actions (each to a grid point, as the rules allow)."""
    start = st.units[uid].pos
    if _inside(st, sid, start):
        return True
    frontier = {start}
    seen = {start}
    for left in range(moves, 0, -1):
        nxt = set()
        for p in frontier:
            for x in range(math.floor(p[0] - STEP), math.ceil(p[0] + STEP) + 1):
                for y in range(math.floor(p[1] - STEP), math.ceil(p[1] + STEP) + 1):
                    q = (float(x), float(y))
                    if q in seen or _gap(st, sid, q) > STEP * (left - 1) + 1e-9 or not _step_ok(st, p, q):
                        continue
                    if _inside(st, sid, q):
                        return True
                    seen.add(q)
                    nxt.add(q)
        frontier = nxt
    return False


def _actions_left(st, uid: str) -> int:
    a = st.act
    return a.actions - a.used if a is not None and a.unit == uid else 0


def walk(uid: str, sid: str, card: str, later: int, nearer: bool = True):
    """A CHECK for a step that picks ``card``, activates ``uid`` and moves it toward
    section ``sid``: every move must keep the section in reach with the actions left in
    this activation plus ``later`` moves next round (``later`` 0: it must end inside),
    and (``nearer``) bring the unit closer; End only once it is inside."""
    def check(before, move, after) -> bool:
        k = move.kind
        if k == "pick":
            return move.a == card
        if k == "activate":
            return move.a == uid
        if k == "end":
            return _inside(after, sid, after.units[uid].pos) or (later > 0 and reachable(after, uid, sid, later))
        if k != "move" or move.a != uid:
            return False
        u0, u1 = before.units[uid].pos, after.units[uid].pos
        if nearer and not _inside(before, sid, u0) and _gap(after, sid, u1) >= _gap(before, sid, u0) - 0.5:
            return False
        return reachable(after, uid, sid, _actions_left(after, uid) + later)
    return check


class Toward:
    """A walk step's example move (Skip, Show me), from wherever the unit stands: the written
    point when the step takes it from here (the lesson's own road), else End once the unit is
    inside the section, else the move the step takes that brings it nearest the section (then
    nearest the written point). After the player's own road the written point may be out of
    reach; the step's ``check`` says what fits."""

    def __init__(self, uid: str, sid: str, goal: tuple[int, int], check) -> None:
        self.uid, self.sid, self.goal, self.check = uid, sid, goal, check
        self.text = f"move {uid} {goal[0]},{goal[1]}"      # the written road's move

    def __repr__(self) -> str:
        return f"Toward({self.text!r})"

    def _taken(self, st, m) -> bool:
        after = st.copy()
        after.apply(m)
        return bool(self.check(st, m, after))

    def __call__(self, st) -> str:
        uid, sid = self.uid, self.sid
        goal = (float(self.goal[0]), float(self.goal[1]))
        legal = [m for m in st.legal_moves()
                 if m.kind == "end" or (m.kind == "move" and m.a == uid and not m.flag and not m.guns)]
        walks = [m for m in legal if m.kind == "move"]
        here = next((m for m in walks if tuple(m.pos) == goal), None)
        if here is not None and self._taken(st, here):
            return str(here)
        end = next((m for m in legal if m.kind == "end"), None)
        if end is not None and _inside(st, sid, st.units[uid].pos) and self._taken(st, end):
            return "end"
        best = None
        for m in walks:
            if not self._taken(st, m):
                continue
            pos = (float(m.pos[0]), float(m.pos[1]))
            key = (round(_gap(st, sid, pos), 3), round(math.dist(pos, goal), 3), pos)
            if best is None or key < best[0]:
                best = (key, m)
        if best is not None:
            return str(best[1])
        if end is not None and self._taken(st, end):
            return "end"
        return self.text           # nothing fits: the step says so (Show me: any move will do)


def walk_step(title: str, text: str, uid: str, sid: str, card: str, later: int, rnd: int,
              road: tuple[tuple[int, int], ...], lead: tuple[str, ...] = (), nearer: bool = True,
              **kw) -> LessonStep:
    """A CHECK step walking ``uid`` toward section ``sid`` (:func:`walk`): ``lead`` (the card
    and the activation, written as they are), then one :class:`Toward` per point of the
    written ``road``."""
    check = walk(uid, sid, card, later, nearer)
    return LessonStep(CHECK, title, text, targets=(uid, sid), check=check, until=over(uid, rnd),
                      example=lead + tuple(Toward(uid, sid, p, check) for p in road), **kw)


def over(uid: str, rnd: int):
    """``until``: the unit activated in round ``rnd`` and its activation is over (its
    last action may have ended the round: the next round's deal is then due)."""
    return lambda st: st.round > rnd or (uid in st.activated and (st.act is None or st.act.unit != uid))


def has_target(st, t) -> bool:
    """A mark is a unit on the table, a gun not destroyed, or a structure section."""
    if t in st.units:
        return st.units[t].alive
    if t in st.guns:
        return not st.guns[t].destroyed
    return t in st.sections


# -- the dice and cards ----------------------------------------------------------------------

def rolls(*values: int) -> tuple[str, ...]:
    return tuple(f"roll {v}" for v in values)


def deals(*cards: str) -> tuple[str, ...]:
    return tuple(f"deal {c}" for c in cards)


#: round 1: South's three cards then North's (the table deals seat 0's units first)
OPENING = deals("KC", "QC", "9D", "10C", "5C", "5S")

LESSON = Lesson(
    game="artillery",
    title="Learn Artillery",
    options={"scenario": "field"},
    opening=OPENING,
    steps=(
        LessonStep(
            CARD, "Field battle",
            "You are South, at the bottom: a gun crew with three cannons (A1), musketeers (A2) and "
            "militia (A3). From round 2, each house you hold at a round's end scores a point. Most "
            "points after six rounds wins."),
        LessonStep(
            DO, "Cards for initiative",
            "Each round you get a card per unit. Both sides pick one in secret; the better card acts "
            "first: Spades, Hearts, Diamonds, Clubs, then rank. Pick the King of Clubs, then click "
            "your musketeers A2.",
            moves=("pick KC", "activate A2"), targets=("A2",),
            script=("pick 10C", "reveal"),
            wrong="This time, pick the King of Clubs, then click A2."),
        walk_step(
            "Move",
            "A Club gives Trained men three actions. Spend them moving: drag A2 toward the wooden "
            "house H1, up to 4 inches a move in a straight line. Woods cost an inch.",
            "A2", "H1", "KC", later=1, rnd=1, road=((10, 7), (10, 11), (10, 15)),
            script=("activate B2", "move B2 26,29", "move B2 26,25", "move B2 26,21"),
            wrong="Move A2 closer to the wooden house H1, and keep out of the woods.",
            praise="A2 is at the house's door."),
        LessonStep(
            DO, "Your guns",
            "North's musketeers B2 came forward. Pick the Queen of Clubs and activate your gun crew "
            "A1. Once it is active, cones show its cannons' arcs: each fires only within 45 degrees "
            "of where it points.",
            moves=("pick QC", "activate A1"), targets=("A1",),
            script=("pick 5C", "reveal"),
            wrong="This time, pick the Queen of Clubs, then click A1."),
        LessonStep(
            DO, "Aim and fire",
            "Click B2 to aim. The line shows the distance: each full 8 inches adds 1 to the roll, "
            "here 6+ on one d10 per gun. The column gives the odds. Press Fire!, then Roll!",
            moves=(FIRE_B2,), targets=("B2",),
            # A1's three dice (6+), B2's Fatigue test (6+)
            script=rolls(7, 2, 9) + rolls(4),
            wrong="This time, aim at B2 with all three guns and roundshot."),
        LessonStep(
            CARD, "Hits and Fatigue",
            "Two hits: each cannonball kills a man, no save in the open. A unit that is hit "
            "tests Fatigue on a d10; B2 failed. A unit with Fatigue is Shaken: one action fewer. "
            "Fatigue reaching its men routs it."),
        LessonStep(
            DO, "Reload",
            "Each gun that fired took 4 reload markers (the orange dots) and fires again only once "
            "they are gone. One Reload action takes one off every gun the crew serves. Reload twice.",
            moves=(RELOAD, RELOAD), targets=("G1", "G3", "G5"),
            script=("activate B3", "move B3 10,29", "move B3 13,27"),
            wrong="This time, press Reload (R)."),
        walk_step(
            "Spades go first",
            "Pick the 9 of Diamonds. North plays a Spade, so North goes first. Then activate your "
            "militia A3 (two actions) and walk it round the rocks toward the stone house H2.",
            "A3", "H2", "9D", later=2, rnd=1, road=((25, 7), (25, 11)), lead=("pick 9D", "activate A3"),
            script=("pick 5S", "reveal", "activate B1", "fire G2+G4 at A3 round")
            + rolls(8, 3)            # B1's two dice (7+): one hit
            + rolls(9)               # A3's Fatigue test (7+): passed
            + deals("AS", "QC", "8D", "KS", "7C", "6H"),     # round 2
            wrong="Pick the 9 of Diamonds, activate A3, and walk it toward the stone house H2."),
        walk_step(
            "Take a house",
            "Round 2: houses score now. A house is held by a side with a unit in it and no enemy. The "
            "Ace of Spades goes first but gives one action: pick it, activate A2, step into H1.",
            "A2", "H1", "AS", later=0, rnd=2, road=((10, 17),), lead=("pick AS", "activate A2"),
            nearer=False,
            script=("pick KS", "reveal", "activate B2", "move B2 26,17"),
            wrong="Pick the Ace of Spades, activate A2 and move it inside the wooden house H1."),
        LessonStep(
            DO, "Reload again",
            "B2 ran into the stone house H2. Pick the Queen of Clubs, activate A1 and reload twice: "
            "the last markers come off.",
            moves=("pick QC", "activate A1", RELOAD, RELOAD), targets=("A1",),
            script=("pick 7C", "reveal"),
            wrong="This time, pick the Queen of Clubs, activate A1 and Reload."),
        LessonStep(
            DO, "Fire at a house",
            "Roundshot can't target a unit inside a house: aim at the house. Each hit rolls two damage "
            "dice against its Fortitude; each damage is a hit on B2, who saves on 4+ behind stone.",
            moves=(FIRE_H2,), targets=("H2",),
            script=rolls(8, 6, 3)        # the shoot test (5+): two hits
            + rolls(9, 5, 6, 2)          # damage (4+): three, Fortitude 3 -> 2
            + rolls(2, 1, 5)             # B2's saves (4+): two fail
            + rolls(3)                   # B2's Fatigue test: failed, Fatigue 2 = its men: routed
            + ("activate B1", "reload G2+G4", "reload G2+G4", "reload G2+G4"),
            wrong="This time, aim at the stone house H2 with all three guns."),
        walk_step(
            "Hold both houses",
            "B2's Fatigue reached its men: it routed, and H2 stands empty. Pick the 8 of Diamonds, "
            "activate A3 and march it into H2 before the round ends.",
            "A3", "H2", "8D", later=0, rnd=2, road=((25, 15), (26, 18)), lead=("pick 8D", "activate A3"),
            script=("pick 6H", "reveal", "activate B3", "move B3 13,23"),
            wrong="Pick the 8 of Diamonds, activate A3 and move it into the stone house H2."),
    ),
    finale=("Round 2 ends with both houses yours: 2 points to 0. A real game runs six rounds; most "
            "points wins, then most enemy men removed. Now try one against the computer."),
    minutes=8,
    has_target=has_target,
)


# -- first-time tips in real games -----------------------------------------------------------

def _deciding(view, seat: int) -> bool:
    """``seat`` decides now, seen from its own view (a spectator's view is nobody's moment)."""
    mine = not getattr(view, "is_view", False) or getattr(view, "viewer", None) == seat
    return mine and view.current_player() == seat


def _acting_unit(view, seat: int):
    """The seat's own active unit while it is deciding its actions, or None."""
    if not _deciding(view, seat) or view.phase != Phase.ACT or view.act is None or view.decision is not None:
        return None
    u = view.units.get(view.act.unit)
    return u if u is not None and u.seat == seat else None


def _first_pick(view, seat: int) -> bool:
    return _deciding(view, seat) and view.phase == Phase.PICK


def _reloading(view, seat: int) -> bool:
    u = _acting_unit(view, seat)
    return u is not None and any(g.markers and not g.spiked for g in view.operable(u))


def _enemy_in_house(view, seat: int) -> bool:
    u = _acting_unit(view, seat)
    if u is None or not any(not g.stats.swivel for g in view.operable(u)):
        return False
    return any(view.unit_section(e) is not None for e in view.live_units(1 - seat))


def _shaken(view, seat: int) -> bool:
    u = _acting_unit(view, seat)
    return u is not None and u.fatigue > 0 and view.act.used == 0


def _houses_score(view, seat: int) -> bool:
    p = view.scenario.params
    return (view.scenario.victory == "hold" and _first_pick(view, seat)
            and view.round >= p.get("score_from", 1))


TIPS = (
    Tip("cards", "Spades act first but give the fewest actions; Clubs act last with the most.",
        _first_pick),
    Tip("reload", "A gun fires only with no reload markers: each Reload takes one off every gun.",
        _reloading),
    Tip("house", "Roundshot can't target a unit inside a house: aim at the house itself.",
        _enemy_in_house),
    Tip("shaken", "A unit with Fatigue has one action fewer; Rally takes one Fatigue off.",
        _shaken),
    Tip("score", "Each house with only your units inside at a round's end scores a point.",
        _houses_score),
)

__all__ = ["LESSON", "TIPS", "Toward", "has_target", "reachable", "walk_step"]
