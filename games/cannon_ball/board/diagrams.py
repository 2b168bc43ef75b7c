"""Pictures for the Cannon Ball rules screen and menu card, drawn with the board's
own drawing code from positions built by the rules (``CannonBallState.position``),
so a picture can never show something the rules would not allow.

Keys (as ``rules_text.py`` names them): battlefield, fort, move, bridge, cannon,
attack, tnt, assault. Any other key draws the battlefield at the start.
"""
from __future__ import annotations

import pygame

from games.cannon_ball import rules as R
from games.cannon_ball.rules import battlefield as M
from games.ui.theme import draw_text

from . import chooser as C
from . import drawing as D


def _b(name: str) -> int:
    b = M.box_index(name)
    assert b is not None, name
    return b


def _window_around(names, pad: float = 1.2):
    pts = [M.BOXES[_b(n)].rect for n in names]
    x0 = min(p[0] for p in pts) - pad
    y0 = min(p[1] for p in pts) - pad
    x1 = max(p[0] + p[2] for p in pts) + pad
    y1 = max(p[1] + p[3] for p in pts) + pad
    return (x0, y0, x1 - x0, y1 - y0)


def _scene(key):
    """(state, window, extra drawing) for a picture."""
    if key == "fort":
        return R.new_game({}, 2), (0.0, M.ROWS - 10.0, 10.0, 10.0), None
    if key == "move":
        st = R.CannonBallState.position(men={0: ["a1", "k12"], 1: ["o26"]}, budget=3)
        return st, _window_around(["i10", "m14"]), ("reach", "k12")
    if key == "bridge":
        st = R.CannonBallState.position(men={0: ["a1", "g16"], 1: ["o26"]}, budget=4, risk=0.1)
        st.apply(st.parse_move("g16-i16"))
        return st, _window_around(["f15", "j17"]), None
    if key == "cannon":
        st = R.CannonBallState.position(men={0: ["a1", "j12", "k12"], 1: ["o26"]}, cannons=[(0, ("j13", "k13"))],
                                        budget=4)
        return st, _window_around(["i10", "m15"]), ("cannon", "j13")
    if key == "attack":
        st = R.CannonBallState.position(men={0: ["a1", "c12", "d12", "e12"], 1: ["o26", "c14", "d14"]}, budget=5)
        return st, _window_around(["b11", "f16"]), ("attack", "c12")
    if key == "tnt":
        st = R.CannonBallState.position(men={0: ["a1", "f16", "g16"], 1: ["o26"]}, budget=4)
        st.apply(st.parse_move("TNT g16"))
        return st, _window_around(["e14", "i17"]), None
    if key == "assault":
        gate = M.GATES[M.GATE_BY_ID["NW"]] if "NW" in M.GATE_BY_ID else M.GATES[2]
        boxes = [M.BOXES[b].name for b in M.SECTIONS[gate.section].boxes]
        beside = [M.BOXES[b].name for b in gate.outside]      # TNT goes in from one of these
        men = [b for b in boxes if b not in beside][:4] + beside[:1]
        st = R.CannonBallState.position(men={0: ["a1"] + men, 1: ["o26"]}, budget=3,
                                        gates=["open", "open", "closed", "closed"])
        return st, _window_around(boxes + [M.BOXES[gate.inside].name], pad=1.5), None
    return R.new_game({}, 2), None, None


def draw_diagram(key: str, surface, rect, theme) -> None:
    """The picture called ``key`` (the battlefield at the start for any other key)."""
    rect = pygame.Rect(rect)
    if rect.w < 8 or rect.h < 8:
        return
    st, window, extra = _scene(key)
    geo = D.Geo(rect, margin=0.1, window=window, land=False)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    surface.blit(D.base_map(geo, theme), geo.board.topleft)
    D.draw_bridges(surface, geo, st.bridges, tnt_boxes=st.tnt)
    D.draw_gates(surface, geo, st.gates)
    for c in st.cannons:
        if c is not None:
            a, b = D.cannon_ends(geo, c[1], 1 - c[0])
            D.draw_cannon(surface, a, b, geo.cell, theme, c[0])
    for box in range(M.N_BOXES):
        if st.occ[box] >= 0:
            D.draw_trooper(surface, geo.box_centre(box), geo.cell, theme, st.occ[box])
    cp = R.crossing_piece(st)
    if cp is not None:
        D.draw_trooper(surface, geo.pt(*M.BRIDGES[cp["bridge"]].star), geo.cell, theme, cp["owner"])
    if extra is not None:
        _draw_extra(surface, geo, st, theme, *extra)
    surface.set_clip(clip)


def _draw_extra(surface, geo, st, theme, kind, name) -> None:
    c = theme.c
    f = theme.font(max(8, geo.cell * 0.42 / theme.scale), bold=True)
    box = _b(name)
    pygame.draw.rect(surface, c["select"], geo.box_rect(box).inflate(2, 2), max(2, int(geo.cell / 10)))
    if kind in ("reach", "attack"):
        for x, r in R.reachable(st, box).items():
            col = c["danger"] if r.attack >= 0 or r.capture else c["move_step"]
            rr = geo.box_rect(x).inflate(-int(geo.cell * 0.2), -int(geo.cell * 0.2))
            pygame.draw.rect(surface, col, rr, max(2, int(geo.cell / 9)), border_radius=max(2, int(geo.cell / 6)))
            draw_text(surface, str(r.cost), f, col, rr.center, "center")
    elif kind == "cannon":
        for m in R.cannon_moves(st, box)[:1]:
            a = geo.box_centre(box)
            b = geo.box_centre(m.to[0])
            C.draw_arrow(surface, a, b, c["move_slide"], max(3, int(geo.cell / 7)))
            for e in m.escorts:
                pygame.draw.circle(surface, c["move_slide"], [int(v) for v in geo.box_centre(e)],
                                   int(geo.cell * 0.45), max(2, int(geo.cell / 10)))
