"""What the Cannon Ball board marks over the map while a player decides: where a
cannon will land and the chooser for it, the words under the pointer, the hint,
and a refused click.

Moving a cannon by mouse: outside a fort a cannon stands on two side-by-side
boxes, and a section has several such pairs. Over a lit box the pointer picks
the pair whose other box lies nearest it (move the pointer toward a neighbour to
pick that pair); the board then shows the cannon there and each escort on the box
it will land on, found by playing the move on a copy of the position
(:func:`landing`), so the picture is what the rules do. A pair reached more than
one way (passed along by the men waiting there, or escorted by one pair of men or
another) opens :class:`CannonChooser`, a short list to click (or press its number).

The tooltips (:func:`walk_lines`, :func:`cannon_lines`) give a walk's or a hop's
cost, each bridge's odds of giving way, and an attack's forces, for troopers and
cannons alike. :func:`draw_hint` draws the frame's hint on the map. These live
apart from ``scene.py``, which routes input and orders the drawing, and from
``drawing.py``, which draws the battlefield itself.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules.game import counted, risk_text
from games.ui.theme import draw_text

from . import drawing as D


def spot_at(options, box: int, pointer, geo) -> tuple[int, ...] | None:
    """The pair of boxes the pointer over ``box`` picks among ``options`` (cannon moves):
    the one holding ``box`` whose other box is nearest the pointer."""
    spots = sorted({m.to for m in options if box in m.to})
    if not spots:
        return None

    def far(spot):
        other = [b for b in spot if b != box] or [box]
        return math.dist(geo.box_centre(other[0]), pointer)

    return min(spots, key=far)


def options_for(options, spot) -> list:
    """Every way to reach ``spot``: passed along first (it costs least), then each pair of escorts."""
    return sorted((m for m in options if m.to == spot), key=lambda m: (len(m.escorts), m.escorts))


@dataclass(frozen=True)
class Landing:
    """Where a cannon move puts everything, and what it costs and risks."""
    move: R.CannonMove
    escorts: tuple[tuple[int, int], ...]   # (box now, box it lands on) for each escort
    cost: int
    section: int                           # the section it goes to (-1: in a fort)
    bridge: int                            # the bridge its escorts walk over (-1: none)
    risk: float                            # the chance that bridge gives way
    attack: dict | None                    # rules.attack_preview when it attacks


def landing(state, mv) -> Landing:
    """Play ``mv`` on a copy (the bridge holding, if it crosses one) and read off where
    the escorts land: the board shows what the rules will do, not a guess of it."""
    me = state.to_move
    probe = state.copy()
    probe.apply(mv)
    if probe.phase == Phase.BRIDGE:
        probe.apply(R.Risk(True))
    new = [b for b in range(M.N_BOXES) if probe.occ[b] == me and state.occ[b] != me]
    pairs = []
    for e in mv.escorts:
        if new:
            t = min(new, key=lambda b: math.dist(M.BOXES[e].centre, M.BOXES[b].centre))
            new.remove(t)
            pairs.append((e, t))
    f = R.SEC[mv.to[0]]
    e = R.SEC[mv.frm]
    bridge = -1
    if mv.escorts and f >= 0 and e >= 0 and f not in M.SECTION_NEIGHBOURS[e]:
        bridge = next((br.index for br in M.BRIDGES if state.bridges[br.index] and set(br.sections) == {e, f}), -1)
    attack = None
    if f >= 0 and (f in state.sieges or state.enemy_held(f, me)):
        attack = R.attack_preview(state, f, men=len(mv.escorts), cannon=True)
    return Landing(mv, tuple(pairs), R.hop_cost(state, mv), f, bridge, state.risk if bridge >= 0 else 0.0, attack)


def force_text(men: int, cannon: bool) -> str:
    return counted(men, "man", "men") + (" and a cannon" if cannon else "")


def attack_lines(pv: dict, section: int, men_in: int) -> list[str]:
    """An attack's forces and outcome, as the tooltip says them (troopers and cannons alike)."""
    num = M.SECTIONS[section].number
    outcome = "this wins the section" if pv["wins_with"] else f"not yet: {pv['missing_with']}"
    return [f"Attack section {num}", f"They: {force_text(pv['defenders'], pv['defender_cannon'])}",
            f"You: {force_text(pv['attackers'] + men_in, pv['attacker_cannon'] or pv.get('cannon_in', False))}",
            outcome]


def cannon_lines(land: Landing) -> list[str]:
    """The tooltip over a cannon's destination: where, with whom, what it costs and risks."""
    mv = land.move
    where = f"section {M.SECTIONS[land.section].number}" if land.section >= 0 else "the next box of the fort"
    lines = [f"Cannon to {where}, {counted(land.cost, 'move')}"]
    if land.escorts:
        lines.append("Escorts: " + ", ".join(f"{M.BOXES[a].name} to {M.BOXES[b].name}" for a, b in land.escorts))
    elif land.section >= 0:
        lines.append("Passed along by your men")
    if land.bridge >= 0 and land.risk > 0:
        lines.append(f"Over bridge {M.BRIDGES[land.bridge].number}: {risk_text(land.risk)} it gives way")
        lines.append("(the cannon and its escorts would be lost)")
    if land.attack is not None:
        pv = dict(land.attack, cannon_in=True)
        lines += attack_lines(pv, land.section, len(mv.escorts))
    return lines


def option_label(state, mv, number: int) -> str:
    """A row of the chooser: how the cannon goes, and what it costs."""
    cost = counted(R.hop_cost(state, mv), "move")
    if not mv.escorts:
        return f"{number}  Passed along, {cost}"
    a, b = (M.BOXES[e].name for e in mv.escorts)
    return f"{number}  With the men on {a} and {b}, {cost}"


def draw_landing(surface, geo, theme, land: Landing, seat: int, strong: bool = True) -> None:
    """The cannon drawn see-through on its new boxes, each escort on the box it will
    land on, with an arrow from where he stands."""
    c = theme.c
    col = c["move_slide"]
    w = max(2, int(geo.cell / 9))
    for box in land.move.to:
        r = geo.box_rect(box).inflate(-2, -2)
        pygame.draw.rect(surface, col, r, w + (1 if strong else 0), border_radius=max(2, int(geo.cell / 6)))
    a, b = D.cannon_ends(geo, land.move.to, 1 - seat)
    draw_ghost_cannon(surface, a, b, geo.cell, theme, seat, alpha=170 if strong else 110)
    for frm, to in land.escorts:
        draw_arrow(surface, geo.box_centre(frm), geo.box_centre(to), col, max(2, int(geo.cell / 10)))
        D.draw_trooper(surface, geo.box_centre(to), geo.cell, theme, seat, alpha=150)


class CannonChooser:
    """The ways to bring the cannon to one pair of boxes, as a list beside it."""

    def __init__(self, state, moves, anchor, theme, bounds, cell, avoid=()):
        self.moves = list(moves)
        self.labels = [option_label(state, m, i + 1) for i, m in enumerate(self.moves)]
        f = theme.body_font()
        self.font = f
        pad = theme.px(8)
        self.row_h = f.get_linesize() + theme.px(12)
        self.title = "Move the cannon how?"
        title_h = theme.small_font().get_linesize() + theme.px(4)
        w = max([f.size(t)[0] for t in self.labels] + [theme.small_font().size(self.title)[0]]) + 3 * pad
        w = min(w, bounds.w - 8)
        h = title_h + len(self.moves) * self.row_h + 2 * pad
        self.rect = _place(pygame.Rect(0, 0, w, h), anchor, bounds, cell, avoid)
        x, y = self.rect.topleft
        self.rows = [pygame.Rect(x + pad // 2, y + pad + title_h + i * self.row_h, w - pad, self.row_h)
                     for i in range(len(self.moves))]
        self.anchor = anchor
        self.cell = cell
        self.pad = pad

    def option_at(self, pos):
        for m, r in zip(self.moves, self.rows):
            if r.collidepoint(pos):
                return m
        return None

    def by_key(self, key: int):
        """The move for a number key (1, 2, ...), or None."""
        k = key - pygame.K_1
        return self.moves[k] if 0 <= k < len(self.moves) else None

    def draw(self, surface, theme, mouse) -> None:
        c = theme.c
        pygame.draw.rect(surface, c["bg2"], self.rect, border_radius=theme.px(9))
        pygame.draw.rect(surface, c["accent"], self.rect, max(1, theme.px(2)), border_radius=theme.px(9))
        pygame.draw.circle(surface, c["accent"], (int(self.anchor[0]), int(self.anchor[1])),
                           max(3, int(self.cell * 0.14)))
        draw_text(surface, self.title, theme.small_font(), c["text_dim"],
                  (self.rect.x + self.pad, self.rect.y + self.pad))
        for r, text in zip(self.rows, self.labels):
            if mouse is not None and r.collidepoint(mouse):
                pygame.draw.rect(surface, c["panel_hi"], r, border_radius=theme.px(6))
            draw_text(surface, text, self.font, c["text"], (r.x + self.pad, r.centery), "midleft")


def _place(rect: pygame.Rect, anchor, bounds: pygame.Rect, cell: float, avoid) -> pygame.Rect:
    """Where the chooser goes: beside, above or below the pair of boxes, the first place
    (inside ``bounds``) that covers none of ``avoid`` (the cannon, the men and the boxes
    it is about), so the picture of where everything lands stays in sight."""
    gap = int(cell * 0.9)
    ax, ay = int(anchor[0]), int(anchor[1])
    w, h = rect.size
    spots = [(ax + gap, ay - h // 2), (ax - gap - w, ay - h // 2), (ax - w // 2, ay - gap - h),
             (ax - w // 2, ay + gap), (bounds.x + 4, bounds.y + 4), (bounds.x + 4, bounds.bottom - 4 - h),
             (bounds.right - 4 - w, bounds.y + 4), (bounds.right - 4 - w, bounds.bottom - 4 - h)]
    placed = []
    for x, y in spots:
        r = pygame.Rect(max(bounds.x + 4, min(x, bounds.right - 4 - w)),
                        max(bounds.y + 4, min(y, bounds.bottom - 4 - h)), w, h)
        placed.append(r)
        if not any(r.colliderect(a) for a in avoid):
            return r
    return min(placed, key=lambda r: sum(r.clip(a).w * r.clip(a).h for a in avoid))


# -- marks over the map -----------------------------------------------------------------------------

def draw_arrow(surface, a, b, col, width: int, head: float | None = None) -> None:
    """A straight arrow from ``a`` to ``b`` with a dark edge, so it reads on any field."""
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    s = head or width * 3.0
    tip = [b, (b[0] - s * math.cos(ang - 0.45), b[1] - s * math.sin(ang - 0.45)),
           (b[0] - s * math.cos(ang + 0.45), b[1] - s * math.sin(ang + 0.45))]
    neck = (b[0] - s * 0.8 * math.cos(ang), b[1] - s * 0.8 * math.sin(ang))
    edge = (20, 20, 24)
    pygame.draw.line(surface, edge, a, neck, width + 2)
    pygame.draw.line(surface, col, a, neck, width)
    pygame.draw.polygon(surface, col, tip)
    pygame.draw.polygon(surface, edge, tip, 1)


def draw_ring(surface, pos, radius: float, col, width: int) -> None:
    """A ring with a dark edge round a piece or a spot."""
    x, y, r = int(pos[0]), int(pos[1]), max(3, int(radius))
    pygame.draw.circle(surface, (20, 20, 24), (x, y), r + 1, width + 2)
    pygame.draw.circle(surface, col, (x, y), r, width)


def draw_ghost_cannon(surface, a, b, cell, theme, seat: int, alpha: int = 150) -> None:
    """A see-through cannon where one would land."""
    pad = int(cell * 1.5)
    x0, y0 = int(min(a[0], b[0])) - pad, int(min(a[1], b[1])) - pad
    layer = pygame.Surface((int(abs(b[0] - a[0])) + 2 * pad, int(abs(b[1] - a[1])) + 2 * pad), pygame.SRCALPHA)
    D.draw_cannon(layer, (a[0] - x0, a[1] - y0), (b[0] - x0, b[1] - y0), cell, theme, seat)
    layer.set_alpha(alpha)
    surface.blit(layer, (x0, y0))


def walk_lines(st, box, r, frm: int | None = None) -> list[str]:
    """A walk's tooltip: where and for how much, each bridge's odds, an attack's forces.
    ``frm``: the man's box; one already in the attacked section adds no attacker (a
    play-test: "You: 2 men, this wins the section" for one man stepping inside it)."""
    if r.capture:
        what = "the cannon" if box in st.cannon_at else "the man"
        lines = [f"Take {what} on {M.BOXES[box].name}, {counted(r.cost, 'move')}"]
    else:
        lines = [f"Walk to {M.BOXES[box].name}, {counted(r.cost, 'move')}"]
    if r.bridges and st.risk > 0:
        for n in r.bridges:
            lines.append(f"Over bridge {n}: {risk_text(st.risk)} it gives way")
        lines.append("(the man would be lost, and the turn would end)")
    if r.attack >= 0:
        pv = R.attack_preview(st, r.attack, men=1, frm=frm)
        lines += attack_lines(pv, r.attack, pv["joins"])
    return lines


def choice_place(st, mv) -> tuple[str, int] | None:
    """What a turn's choice is about on the map: ("gate", index) for a gate turn or a shot
    at a gate, ("bridge", index) for a rebuild, ("tnt", box) for the TNT to shoot; None for
    a move turn. The hint and the column's pointed button read it."""
    if mv.kind in ("open", "close", "fire"):
        return "gate", mv.target
    if mv.kind == "rebuild":
        return "bridge", mv.target
    if mv.kind == "tnt" and st.tnt[st.to_move] >= 0:
        return "tnt", st.tnt[st.to_move]
    return None


def _choice_spot(geo, st, mv):
    """The point on the map a turn's choice is about: its gate, its bridge, the TNT to shoot."""
    place = choice_place(st, mv)
    if place is None:
        return None
    kind, i = place
    if kind == "gate":
        a, b = M.GATES[i].segment
        return geo.pt((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    if kind == "bridge":
        return geo.pt(*M.BRIDGES[i].star)
    return D.tnt_spot(geo, i)


def draw_hint(surface, geo, theme, st, mv, landing_of) -> None:
    """The hint on the map: the man and his way, the cannon and where it lands, the TNT
    case, or the gate or bridge a turn's choice is about (``landing_of(state, move)``
    gives a cannon move's :class:`Landing`)."""
    col = theme.c["hint"]
    w = max(3, int(geo.cell / 7))
    ring = geo.cell * 0.55
    if isinstance(mv, R.Step):
        a, b = geo.box_centre(mv.frm), geo.box_centre(mv.to)
        draw_ring(surface, a, ring, col, w)
        draw_arrow(surface, a, b, col, w)
        draw_ring(surface, b, ring * 0.8, col, w)
    elif isinstance(mv, R.CannonMove):
        cid = st.cannon_at.get(mv.frm)
        if cid is None or st.cannons[cid] is None:
            return
        old = [geo.box_centre(b) for b in st.cannons[cid][1]]
        new = [geo.box_centre(b) for b in mv.to]
        a = (sum(p[0] for p in old) / len(old), sum(p[1] for p in old) / len(old))
        b = (sum(p[0] for p in new) / len(new), sum(p[1] for p in new) / len(new))
        draw_ring(surface, a, ring * 1.3, col, w)
        draw_arrow(surface, a, b, col, w)
        if st.why_illegal(mv) is None:
            draw_landing(surface, geo, theme, landing_of(st, mv), st.to_move, strong=False)
    elif isinstance(mv, R.Tnt):
        if mv.gate >= 0:
            (ax, ay), (bx, by) = M.GATES[mv.gate].segment
            spot = geo.pt((ax + bx) / 2, (ay + by) / 2)
        else:
            spot = D.tnt_spot(geo, mv.box)
        draw_ring(surface, spot, ring, col, w)
    elif isinstance(mv, R.Choice):
        spot = _choice_spot(geo, st, mv)
        if spot is not None:
            draw_ring(surface, spot, geo.cell * 1.2, col, w)


def draw_refused(surface, geo, theme, box: int) -> None:
    """A crossed ring on the box of a click the board refused."""
    x, y = geo.box_centre(box)
    s = geo.cell * 0.42
    col = theme.c["danger"]
    w = max(2, int(geo.cell / 8))
    draw_ring(surface, (x, y), s * 1.2, col, w)
    pygame.draw.line(surface, col, (x - s * 0.6, y - s * 0.6), (x + s * 0.6, y + s * 0.6), w)
    pygame.draw.line(surface, col, (x - s * 0.6, y + s * 0.6), (x + s * 0.6, y - s * 0.6), w)
