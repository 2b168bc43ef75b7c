"""Cannon Ball's animations, planned from the states before and after each move.

Working from the difference (who left which box, which bridge fell, which gate
changed) rather than from each move's kind keeps one planner for everything a
move can cause: a step, a crossing, a bridge giving way, an attack, a TNT blast,
a cannon at a gate, men lost at the end of a turn.

While a step plays, the board draws the *after* position with some things held
back (``board.shown``: men not yet arrived, bridges not yet blown, gates not yet
changed, cannons in flight); the step draws the moving pieces itself and lets go
of what it held when it ends. Blasts are background particle steps.
"""
from __future__ import annotations

import math

from games.cannon_ball import battlefield as M
from games.cannon_ball import drawing as D
from games.cannon_ball import rules as R
from games.ui.easing import in_out, out_quad
from games.ui.particles import Burst, Debris, Flash, Smoke, effect_step
from games.ui.timeline import Step

GLIDE = 0.26          # seconds a man takes for one box
BLAST = 0.55          # the moment of a bridge or gate blowing up (the game waits for it)


class Shown:
    """What the board holds back from the after position while a move plays."""

    def __init__(self):
        self.clear()

    def clear(self) -> None:
        self.hide_boxes: set[int] = set()          # men not drawn on these boxes (yet)
        self.hide_cannons: set[int] = set()        # cannon ids in flight
        self.bridges: dict[int, bool] = {}         # bridge -> shown standing?
        self.gates: dict[int, str] = {}            # gate -> state shown
        self.tnt: dict[int, int] = {}              # seat -> TNT box shown
        self.crossing: dict | None = None          # the piece on a bridge, as shown (None: as the state says)
        self.hold_crossing = False


def plan(board, entry, before, after) -> None:
    """Queue the animation of ``entry`` (applied to ``before``, giving ``after``)."""
    move = R.parse_text(entry.text)
    if isinstance(move, R.Spin):
        board.timeline.then(board.spinner.spin_step(move.value, sound=board.sound))
        board.spin_shown(before, move.value)
        return
    if isinstance(move, R.Choice):
        board.spinner.call = move.call or None
        board.sound("click")
    _plan_moves(board, before, after, move)
    _plan_structures(board, before, after, move)
    _plan_losses(board, before, after, move)      # with the blast that caused them, if any


# -- men and cannons moving -------------------------------------------------------------------

def _crossing_end(state) -> tuple[float, float] | None:
    cp = R.crossing_piece(state)
    if cp is None:
        return None
    return M.BRIDGES[cp["bridge"]].star


def _plan_moves(board, before, after, move) -> None:
    geo = board.geo
    glides = []
    me = before.to_move
    if isinstance(move, R.Risk) and move.holds and before.crossing is not None:
        cp = R.crossing_piece(before)
        glides.append(("man", M.BRIDGES[cp["bridge"]].star, M.BOXES[cp["to"][0]].centre, cp["owner"], cp["to"][0])
                      if cp["kind"] == "man" else None)
    elif isinstance(move, R.Step):
        dest = _crossing_end(after)
        target = dest if dest is not None else M.BOXES[move.to].centre
        glides.append(("man", M.BOXES[move.frm].centre, target, me, move.to if dest is None else -1))
    elif isinstance(move, R.CannonMove):
        glides += _cannon_glides(before, after, move, me)
    glides = [g for g in glides if g is not None]
    if not glides:
        return
    shown = board.shown
    hold_cross = _crossing_end(after) is not None

    def start(step):
        for g in glides:
            if g[0] == "man" and g[4] >= 0:
                shown.hide_boxes.add(g[4])
            elif g[0] == "cannon":
                shown.hide_cannons.add(g[4])
        shown.hold_crossing = hold_cross
        board.sound("click")

    def end(step):
        for g in glides:
            if g[0] == "man":
                shown.hide_boxes.discard(g[4])
            else:
                shown.hide_cannons.discard(g[4])
        shown.hold_crossing = False

    def draw(step, surface, geo_, theme):
        v = step.value
        for g in glides:
            a, b = geo_.pt(*g[1]), geo_.pt(*g[2])
            hop = math.sin(math.pi * v) * geo_.cell * 0.15
            pos = (a[0] + (b[0] - a[0]) * v, a[1] + (b[1] - a[1]) * v - hop)
            if g[0] == "man":
                D.draw_trooper(surface, pos, geo_.cell, theme, g[3], scale=1.0 + 0.12 * math.sin(math.pi * v))
                continue
            end_a, end_b = D.cannon_ends(geo_, g[5], 1 - g[3])
            dx, dy = pos[0] - b[0], pos[1] - b[1]            # where it is now, against where it lands
            D.draw_cannon(surface, (end_a[0] + dx, end_a[1] + dy), (end_b[0] + dx, end_b[1] + dy),
                          geo_.cell, theme, g[3])

    dist = max(math.dist(g[1], g[2]) for g in glides)
    board.timeline.then(Step(min(0.6, GLIDE * max(1.0, dist)), start=start, end=end, draw=draw, ease=in_out,
                             name="glide"))
    del geo


def _cannon_glides(before, after, move, me):
    """The cannon and its escorts gliding to their new boxes."""
    cid = before.cannon_at.get(move.frm)
    out = []
    if cid is None or after.cannons[cid] is None:
        return out
    old, new = before.cannons[cid][1], after.cannons[cid][1]
    out.append(("cannon", _mid(old), _mid(new), me, cid, tuple(new)))
    moved_from = [x for x in range(M.N_BOXES) if before.occ[x] == me and after.occ[x] != me]
    moved_to = [x for x in range(M.N_BOXES) if after.occ[x] == me and before.occ[x] != me]
    for f, t in _pair(moved_from, moved_to):
        out.append(("man", M.BOXES[f].centre, M.BOXES[t].centre, me, t))
    return out


def _mid(boxes):
    pts = [M.BOXES[b].centre for b in boxes]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _pair(froms, tos):
    """Match vacated boxes to newly taken ones, nearest first."""
    pairs, tos = [], list(tos)
    for f in froms:
        if not tos:
            break
        t = min(tos, key=lambda b: math.dist(M.BOXES[f].centre, M.BOXES[b].centre))
        tos.remove(t)
        pairs.append((f, t))
    return pairs


# -- men lost ------------------------------------------------------------------------------

def _plan_losses(board, before, after, move) -> None:
    """Every man who was on the board and is gone now (not moved, not waiting in an
    attack), and every cannon destroyed: a puff of smoke and pieces where they stood."""
    me = before.to_move
    lifted = {b for defs, _c in after.sieges.values() for b in defs}
    cp_after = R.crossing_piece(after)
    if cp_after is not None and cp_after["kind"] == "man":
        lifted.add(cp_after["from"])              # he is on the bridge, not lost
    moved_to = [x for x in range(M.N_BOXES) if after.occ[x] == me and before.occ[x] != me]
    gone = []
    for x in range(M.N_BOXES):
        p = before.occ[x]
        if p < 0 or after.occ[x] == p or x in lifted:
            continue
        if p == me and moved_to and isinstance(move, (R.Step, R.CannonMove)):
            moved_to.pop(0)
            continue
        gone.append((x, p))
    cp = R.crossing_piece(before)
    if isinstance(move, R.Risk) and not move.holds and cp is not None:
        gone.append((("star", cp["bridge"]), cp["owner"]))
    cannons = [(before.cannons[c][1], before.cannons[c][0]) for c in range(len(before.cannons))
               if before.cannons[c] is not None and after.cannons[c] is None]
    if not gone and not cannons:
        return
    rng = board.fx_rng
    theme = board.theme

    def boom(step):
        board.sound("hit" if not cannons else "explosion")
        for where, p in gone:
            pos = M.BRIDGES[where[1]].star if isinstance(where, tuple) else M.BOXES[where].centre
            fill, edge, _mark = D.side_colours(theme, p)
            board.timeline.spawn(effect_step(Burst([fill, edge, (60, 60, 60)], rng, n=10, smoke=True, spread=0.6),
                                             _at(board, pos)))
        for boxes, p in cannons:
            fill, edge, _mark = D.side_colours(theme, p)
            c = _mid(boxes)
            board.timeline.spawn(effect_step(Flash(size=0.9), _at(board, c)))
            board.timeline.spawn(effect_step(Debris((40, 36, 34), rng, n=7, size=(0.35, 0.16)), _at(board, c)))

    board.timeline.along(Step(0.35, start=boom, name="men lost"))


def _at(board, pos):
    return lambda geo, theme: (*geo.pt(*pos), geo.cell)


# -- bridges, gates and TNT -------------------------------------------------------------------

def _plan_structures(board, before, after, move) -> None:
    rider = R.crossing_piece(before)
    for i in range(len(M.BRIDGES)):
        if before.bridges[i] and not after.bridges[i]:
            _blow_bridge(board, i, rider if rider is not None and rider["bridge"] == i else None)
        elif not before.bridges[i] and after.bridges[i]:
            _rebuild_bridge(board, i)
    for g in range(len(M.GATES)):
        if before.gates[g] != after.gates[g]:
            if after.gates[g] == "destroyed":
                _blow_gate(board, g, before.gates[g])
            else:
                board.sound("click")
    for p in (0, 1):
        if before.tnt[p] >= 0 and after.tnt[p] < 0 and all(after.bridges[i] == before.bridges[i]
                                                           for i in range(len(M.BRIDGES))):
            _fizzle(board, before.tnt[p])
        elif after.tnt[p] >= 0 and before.tnt[p] < 0:
            _tnt_placed(board, after.tnt[p])


def _blow_bridge(board, i, rider=None) -> None:
    """The bridge bursts apart: a flash, planks in the air, smoke, a splash. A man
    or cannon on it (``rider``) stays in sight until the blast takes him."""
    shown = board.shown
    star = M.BRIDGES[i].star
    rng = board.fx_rng

    def hold(step):
        shown.bridges[i] = True

    def draw_rider(step, surface, geo, theme):
        if rider is None:
            return
        x, y = geo.pt(*star)
        shake = math.sin(step.t * 60) * geo.cell * 0.06
        if rider["kind"] == "man":
            D.draw_trooper(surface, (x + shake, y), geo.cell, theme, rider["owner"])
        else:
            D.draw_cannon(surface, (x - geo.cell * 0.5 + shake, y), (x + geo.cell * 0.5 + shake, y), geo.cell,
                          theme, rider["owner"])

    def boom(step):
        shown.bridges.pop(i, None)
        board.sound("explosion")
        for eff in (Flash(size=2.2, life=0.6), Debris(D.PLANK, rng, n=16, size=(0.8, 0.2), spread=1.6, life=1.4),
                    Smoke(rng, puffs=14, spread=2.0, life=2.4),
                    Burst([(180, 210, 240), (255, 255, 255), (84, 140, 196)], rng, n=24, spread=1.2)):
            board.timeline.spawn(effect_step(eff, _at(board, star)))

    board.timeline.then(Step(0.3, start=hold, end=boom, draw=draw_rider, name="fuse"))
    board.timeline.then(Step(BLAST, name="bridge blows"))
    # the bridge shows standing until its fuse burns down
    shown.bridges[i] = True


def _rebuild_bridge(board, i) -> None:
    shown = board.shown
    shown.bridges[i] = False
    board.sound("dice")

    def end(step):
        shown.bridges.pop(i, None)
        board.timeline.spawn(effect_step(Smoke(board.fx_rng, puffs=4, spread=0.5, color=(180, 170, 150)),
                                         _at(board, M.BRIDGES[i].star)))

    board.timeline.then(Step(0.4, end=end, ease=out_quad, name="rebuild"))


def _blow_gate(board, g, was) -> None:
    shown = board.shown
    a, b = M.GATES[g].segment
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    rng = board.fx_rng
    shown.gates[g] = was

    def boom(step):
        shown.gates.pop(g, None)
        board.sound("explosion")
        for eff in (Flash(size=1.8), Debris((150, 104, 60), rng, n=14, spread=1.3), Smoke(rng, puffs=12, spread=1.6)):
            board.timeline.spawn(effect_step(eff, _at(board, mid)))

    board.timeline.then(Step(0.2, end=boom, name="gate fuse"))
    board.timeline.then(Step(BLAST, name="gate blows"))


def _fizzle(board, box) -> None:
    """A dud: the case smokes a little and is gone."""
    board.sound("error")
    board.timeline.spawn(effect_step(Smoke(board.fx_rng, puffs=5, spread=0.5, color=(90, 90, 90)),
                                     _at(board, M.BOXES[box].centre)))


def _tnt_placed(board, box) -> None:
    board.sound("click")
    board.timeline.spawn(effect_step(Flash(size=0.6, life=0.3, colors=((255, 230, 150), (230, 60, 40))),
                                     _at(board, M.BOXES[box].centre)))
