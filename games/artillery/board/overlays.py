"""What the Artillery board draws over the tabletop for the player at the screen:
the move disc and the drag line, the firing preview (the measured line coloured
by range band, every gun's sight, the numbers), the suggested move, the dice
tray, and a tooltip naming what is under the pointer. Functions of the board
(``games.artillery.board.scene.ArtilleryBoard``); the numbers come from the rules."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame

from games.artillery.rules import GunCheck, Move, Phase, texts
from games.artillery.rules import geometry as G
from games.artillery.rules.data import UNIT_RADIUS
from games.artillery.rules.odds import tn_words
from games.ui.dice import draw_die
from games.ui.theme import draw_text, fit_text, wrap_text

from . import drawing as D

if TYPE_CHECKING:
    from .scene import ArtilleryBoard


def describe_at(board: ArtilleryBoard, st, pos) -> list[str]:
    """What is under the pointer, in words: a unit's card (its numbers, its guns and
    why each can or can't fire, the actions a card gives it), a gun, or a section."""
    u = board.unit_at(st, pos)
    if u is not None:
        lines = texts.unit_lines(st, u)
        hand = [c for c in (st.hands[u.seat] if st.phase == Phase.PICK else []) if c != "??"]
        if hand and u.id not in st.activated:
            lines.insert(4, "Actions: " + ", ".join(f"{c} {st.actions_for(u, c)}" for c in hand))
        elif st.act is not None and st.act.unit == u.id:
            a = st.act
            lines.insert(4, f"With {a.card}: {a.actions} action{'s' if a.actions != 1 else ''}, "
                            f"{a.actions - a.used} left")
        elif st.phase in (Phase.ACTIVATE, Phase.ACT) and st.shown[u.seat] and u.id not in st.activated:
            card = st.shown[u.seat]
            n = st.actions_for(u, card)
            lines.insert(4, f"With {card}: {n} action{'s' if n != 1 else ''}")
        return lines
    g = board.gun_at(st, pos)
    if g is not None:
        crew = f"crewed by {g.crew}" if g.crew else "abandoned"
        where = f"in {g.section}" if g.section else "on a field carriage"
        return [f"{g.id} {g.stats.name}, {where}", texts.gun_status(st, g).capitalize(), f"{crew}; shot: " +
                ", ".join(g.ammo if not g.stats.swivel else ("swivel",))]
    sid = board.section_at(st, pos)
    if sid is not None:
        tr = st.structure_track(sid)
        inside = [x.id for x in st.units_in_section(sid)]
        lines = [f"{sid} {st.table.sections[sid].name} ({tr['type']})",
                 f"Fortitude {tr['fortitude']} of {tr['base']}, Integrity {tr['integrity']}",
                 f"Damage {tr['tally']}: {tr['to_next_loss']} more to lose a Fortitude"]
        if inside:
            lines.append("Inside: " + ", ".join(inside))
        return lines
    return []


def hint_spots(st, m) -> tuple[list, list, str]:
    """Where a suggested move shows on the table: (circled points, lines from-to, a
    short caption); all in table inches."""
    kind = getattr(m, "kind", "")
    unit = st.act.unit if st.act is not None else None
    spots: list = []
    lines: list = []
    if kind == "move" and m.pos is not None and m.a in st.units:
        spots += [st.units[m.a].pos, m.pos]
        lines.append((st.units[m.a].pos, m.pos))
        return spots, lines, f"{m.a} here"
    if kind == "activate" and m.a in st.units:
        return [st.units[m.a].pos], [], f"activate {m.a}"
    if kind == "shoot" and m.a in st.units:
        src = st.units[unit].pos if unit in st.units else None
        return [st.units[m.a].pos], ([(src, st.units[m.a].pos)] if src else []), f"shoot at {m.a}"
    if kind == "fire":
        tgt = st.units[m.target].pos if m.target in st.units else (
            G.centroid(st.table.sections[m.target].poly) if m.target in st.table.sections else None)
        if tgt is not None:
            lines += [(st.guns[g].pos, tgt) for g in m.guns if g in st.guns]
            return [tgt] + [st.guns[g].pos for g in m.guns if g in st.guns], lines, f"fire at {m.target}"
    if kind in ("turn", "spike", "dreload") and m.a in st.guns:
        return [st.guns[m.a].pos], [], f"{kind if kind != 'dreload' else 'reload'} {m.a}"
    if kind in ("reload", "assign", "abandon"):
        return [st.guns[g].pos for g in m.guns if g in st.guns], [], f"{kind} {'+'.join(m.guns)}"
    if kind in ("rally", "end") and unit in st.units:
        return [st.units[unit].pos], [], "rally" if kind == "rally" else "end here"
    return [], [], ""


def draw_hint(board: ArtilleryBoard, surface, geo, st, m) -> None:
    """The suggested move drawn on the table in the hint colour: the unit and where it
    goes, or the guns and their target, with a caption; the column says it in words."""
    col = board.theme.c["hint"]
    w = max(2, int(geo.s / 4))
    spots, lines, caption = hint_spots(st, m)
    for a, b in lines:
        pa, pb = geo.pt(*a), geo.pt(*b)
        D.dashed(surface, col, pa, pb, w, 7)
        ang = math.atan2(pb[1] - pa[1], pb[0] - pa[0])
        k = max(6, geo.s * 0.9)
        for da in (2.6, -2.6):                      # an arrowhead at the far end
            pygame.draw.line(surface, col, pb, (pb[0] + k * math.cos(ang + da), pb[1] + k * math.sin(ang + da)), w)
    for p in spots:
        c = geo.pt(*p)
        pygame.draw.circle(surface, col, (int(c[0]), int(c[1])), int(UNIT_RADIUS * geo.s * 1.6), w)
    if spots and caption:
        c = geo.pt(*(spots[1] if getattr(m, "kind", "") == "move" else spots[0]))
        tag(board, surface, "Hint: " + caption, col, midbottom=(int(c[0]), int(c[1] - UNIT_RADIUS * geo.s * 1.7)))


def tag(board: ArtilleryBoard, surface, text: str, col, **at: tuple[int, int]) -> pygame.Rect:
    """A short label on a dark box edged in its colour, kept on the table (``at``: one
    pygame.Rect anchor, e.g. ``midbottom=(x, y)``): words in a move's or a hint's colour
    read on grass, woods, water and sand alike (a play-test found the drag's distance, in
    bare green text, pale on the grass)."""
    f = board.theme.small_font()
    box = pygame.Rect(0, 0, f.size(text)[0] + 10, f.get_linesize() + 2)
    for anchor, pos in at.items():
        setattr(box, anchor, pos)
    box.clamp_ip(board.map_rect)
    pygame.draw.rect(surface, (16, 24, 32), box, border_radius=4)
    pygame.draw.rect(surface, col, box, 1, border_radius=4)
    draw_text(surface, text, f, col, box.center, "center")
    return box


def draw_targets(board: ArtilleryBoard, surface, geo, st, pieces: bool = True) -> None:
    """A lesson's marks (``board.targets``: unit, gun and section ids): a bright ring in the
    theme's ``select`` colour over a dark band, so it shows on cloth, woods and bases in
    either palette and by shape as well as colour (four ticks point in at a unit or a gun,
    a section's outline gets corner brackets), breathing outwards and back about once a
    second so the eye finds it. The hint keeps its own plain circles in the hint colour.
    Drawn in two layers: the sections' outlines (``pieces`` False) under the pieces and
    their plates, the units' and guns' rings (``pieces`` True) over the move disc."""
    t = board.theme
    col, dark = t.c["select"], (16, 16, 20)
    w = max(2, int(geo.s / 5), t.px(2))
    breathe = 0.5 + 0.5 * math.sin(board.pulse * 2 * math.pi / 1.1)
    for key in board.targets:
        if not isinstance(key, str):
            continue
        if (key in st.units or key in st.guns) != pieces:
            continue
        if key in st.units and st.units[key].alive:
            _ring(surface, geo.pt(*st.units[key].pos), UNIT_RADIUS * geo.s * (1.75 + 0.3 * breathe), w, col, dark)
        elif key in st.guns and not st.guns[key].destroyed:
            _ring(surface, geo.pt(*st.guns[key].pos), geo.s * (0.95 + 0.2 * breathe), w, col, dark)
        elif key in st.table.sections:
            _outline(surface, [geo.pt(*p) for p in st.table.sections[key].poly], geo.s * (0.3 + 0.3 * breathe),
                     w, col, dark)


def _ring(surface, c, r, w, col, dark) -> None:
    cx, cy, r = int(c[0]), int(c[1]), max(4, int(r))
    pygame.draw.circle(surface, dark, (cx, cy), r + w, 3 * w)
    pygame.draw.circle(surface, col, (cx, cy), r, w)
    k = max(3, r // 3)
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):      # four ticks pointing in
        a = (cx + dx * (r + k), cy + dy * (r + k))
        b = (cx + dx * (r + 1), cy + dy * (r + 1))
        pygame.draw.line(surface, dark, a, b, w + 2)
        pygame.draw.line(surface, col, a, b, w)


def _outline(surface, pts, grow, w, col, dark) -> None:
    """A section's outline pushed ``grow`` pixels outwards, with a bracket at each corner."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    out = []
    for x, y in pts:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * grow, y + (y - cy) / d * grow))
    pygame.draw.polygon(surface, dark, out, 3 * w)
    pygame.draw.polygon(surface, col, out, w)
    n = len(out)
    for i, (x, y) in enumerate(out):          # brackets: short strokes along both edges out of a corner
        for j in (i - 1, (i + 1) % n):
            qx, qy = out[j]
            d = math.hypot(qx - x, qy - y) or 1.0
            k = min(d / 3, 4 * w + 6)
            e = (x + (qx - x) / d * k, y + (qy - y) / d * k)
            pygame.draw.line(surface, dark, (x, y), e, 3 * w)
            pygame.draw.line(surface, col, (x, y), e, 2 * w)


def draw_reach(board: ArtilleryBoard, surface, geo, st) -> None:
    """The active unit's move: a dashed circle (carriage penalty included) and,
    while dragging, the line to the pointer with its length."""
    t = board.theme
    u = st.active_unit()
    if u is None or not any(m.kind == "move" for m in st.legal_moves()):
        board.move_hint = ""
        return
    leave = board.leaving(st, live=True)
    allow = st.move_allowance(u.id, leave=leave)
    inches = allow["inches"]
    # the inches it may walk first, then why: a short column cut the line after
    # 'Move: 4" move - 1" for the ...' and the number that counts was never read
    why = str(allow.get("why") or "")
    board.move_hint = f'Move: {inches}"' + (f" ({why.replace(' move', '', 1)})" if " - " in why else "")
    stay = board.guns_stay(st) if leave else None
    if stay:
        board.move_hint += f" without the guns ({stay})"
    elif leave:
        board.move_hint += "; Shift: the guns stay behind"
    elif allow["guns"]:
        board.move_hint += "; hold Shift to leave the guns"
    c = geo.pt(*u.pos)
    R = inches * geo.s
    col = t.c["move_step"]
    # the disc stays on the table, as the arcs do: past its edge is nowhere to walk
    clip = surface.get_clip()
    surface.set_clip(geo.table.clip(clip) if clip else geo.table)
    try:
        if R >= 3:
            disc = pygame.Surface((int(2 * R + 4), int(2 * R + 4)), pygame.SRCALPHA)
            pygame.draw.circle(disc, (*col, 40), (int(R + 2), int(R + 2)), int(R))
            surface.blit(disc, (int(c[0] - R - 2), int(c[1] - R - 2)))
        n = max(12, int(R / 4))
        for i in range(0, n, 2):
            a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
            pygame.draw.line(surface, col, (c[0] + R * math.cos(a0), c[1] + R * math.sin(a0)),
                             (c[0] + R * math.cos(a1), c[1] + R * math.sin(a1)), 2)
    finally:
        surface.set_clip(clip)
    at = board.drag["at"] if board.drag is not None else board.nav.would_move(st)
    if at is not None:                   # a drag, or the keys' cursor where a press would walk
        p = geo.inch(at)
        snap = board.drop_point(st, u.id, p, leave)
        d = G.dist(u.pos, snap)
        ok = st.why_illegal(Move("move", a=u.id, pos=snap, flag=leave)) is None
        lc = col if ok else t.c["danger"]
        sp = geo.pt(*snap)
        pygame.draw.line(surface, lc, c, sp, 2)
        D.draw_unit(surface, geo, t, st, u, pos=snap, selected=True)
        tag(board, surface, f'{d:.1f}" of {inches}"', lc, bottomleft=(int(sp[0] + 12), int(sp[1] - 12)))

def draw_preview(board: ArtilleryBoard, surface, geo, st) -> None:
    """Before the shot: the measured line from the closest gun, coloured by range
    band, each gun's sight (dashed and crossed when blocked), and the numbers."""
    t = board.theme
    pv = board.preview()
    if pv is None:
        return
    if isinstance(pv, dict):
        line, pen, tn, p = pv.get("line"), 0, pv["tn"], pv["p_die"]
        if line is not None:
            pen = int(pv["distance"] // 4)
        checks: Sequence[GunCheck] = []
        blocked = pv.get("blocker")
    else:
        line, pen, tn, p = pv.line, pv.penalty, pv.tn, pv.p_die
        checks = pv.checks
        blocked = None
    tgt = st.units[board.aim.target].pos if board.aim.target in st.units else G.centroid(st.table.sections[board.aim.target].poly)
    for c in checks:
        g = st.guns[c.gun]
        a, b = geo.pt(*g.pos), geo.pt(*tgt)
        if c.in_arc and c.sight:
            D.dashed(surface, (230, 230, 220), a, b, 1, 6)
        else:
            D.dashed(surface, t.c["danger"], a, b, 2, 5)
            m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            k = max(4, int(geo.s * 0.6))
            pygame.draw.line(surface, t.c["danger"], (m[0] - k, m[1] - k), (m[0] + k, m[1] + k), 3)
            pygame.draw.line(surface, t.c["danger"], (m[0] - k, m[1] + k), (m[0] + k, m[1] - k), 3)
    if line is None:
        return
    a, b = geo.pt(*line[0]), geo.pt(*line[1])
    col = D.band_colour(t, pen)
    pygame.draw.line(surface, (0, 0, 0), a, b, 6)
    pygame.draw.line(surface, col, a, b, 3)
    if blocked:
        D.dashed(surface, t.c["danger"], a, b, 3, 6)
    for q in (a, b):
        pygame.draw.circle(surface, col, (int(q[0]), int(q[1])), 4)
    dist = pv["distance"] if isinstance(pv, dict) else pv.distance
    problem = pv.get("problem") if isinstance(pv, dict) else pv.problem
    # no odds for a shot that cannot be made (a play-test read "40%" on the table while the
    # column said "Not allowed: no line of sight"): the distance, and that it is not allowed
    label = f'{dist:.1f}"  not allowed' if problem else f'{dist:.1f}"  +{pen}  {tn_words(tn)}  {p * 100:.0f}%'
    if problem:
        col = t.c["danger"]
    f = t.body_font()
    w, h = f.size(label)
    box = _label_box(board, geo, st, a, b, (w + 12, h + 4))
    pygame.draw.rect(surface, (20, 20, 24), box, border_radius=5)
    pygame.draw.rect(surface, col, box, 2, border_radius=5)
    draw_text(surface, label, f, (245, 240, 225), box.center, "center")

#: where along the measured line its numbers may sit, the middle first
LABEL_ALONG = (0.5, 0.35, 0.65, 0.2, 0.8)


def _label_box(board: ArtilleryBoard, geo, st, a, b, size) -> pygame.Rect:
    """The measured line's numbers: above its middle, or the first place along it (above,
    then below) clear of every unit's base and plate (a play-test at 1280x720 read them
    on top of the player's own A3)."""
    r = D.unit_radius(geo)
    pieces = []
    for u in st.live_units():
        x, y = geo.pt(*u.pos)
        pieces.append(pygame.Rect(int(x - r), int(y - r), int(2 * r), int(2 * r)))
        pieces.append(D.default_plate(geo, board.theme, u))
    box = pygame.Rect((0, 0), size)
    first = None
    for k in LABEL_ALONG:
        for side in (-1, 1):
            box.center = (int(a[0] + (b[0] - a[0]) * k), int(a[1] + (b[1] - a[1]) * k) + side * size[1])
            box.clamp_ip(board.map_rect)
            first = first or box.copy()
            if box.collidelist(pieces) < 0:
                return box
    return first or box


def draw_tray(board: ArtilleryBoard, surface, tray) -> None:
    t = board.theme
    r = board.tray_rect(tray)
    pygame.draw.rect(surface, (92, 70, 44), r, border_radius=t.px(8))
    pygame.draw.rect(surface, (150, 180, 130), r.inflate(-t.px(8), -t.px(8)), border_radius=t.px(6))
    pygame.draw.rect(surface, (40, 28, 16), r, 2, border_radius=t.px(8))
    f = t.small_font()
    if board.tray_compact(tray):
        y = r.y + t.px(6)
        for line in tray_compact_lines(board, tray):
            draw_text(surface, line, f, (20, 16, 10), (r.x + t.px(8), y))
            y += f.get_linesize()
        return
    head = tray.title + (f", {tn_words(tray.tn)}" if tray.tn else "")
    draw_text(surface, fit_text(head, f, r.w - 16), f, (20, 16, 10), (r.x + t.px(8), r.y + t.px(5)))
    d = board.die_size()
    cols = board.die_colours(tray.actor)
    for i in range(tray.n):
        c = board.tray_slot(tray, i)
        if i < len(tray.values):
            v = tray.values[i]
            hit = tray.hit(v)
            if hit:
                pygame.draw.circle(surface, (255, 250, 230), (int(c[0]), int(c[1])), int(d * 0.6))
                pygame.draw.circle(surface, (20, 16, 10), (int(c[0]), int(c[1])), int(d * 0.6), 2)
            draw_die(surface, "d10", v, c, d, alpha=255 if hit or tray.tn is None else 120, **cols)
        else:
            pygame.draw.circle(surface, (96, 120, 84), (int(c[0]), int(c[1])), int(d * 0.4), 2)
    if tray.result:
        lines = tray_result_lines(board, tray)
        y = r.bottom - t.px(5) - len(lines) * f.get_linesize()
        for line in lines:
            draw_text(surface, line, f, (20, 16, 10), (r.x + t.px(8), y))
            y += f.get_linesize()


def tray_compact_lines(board: ArtilleryBoard, tray) -> list[str]:
    """A read batch in two lines at most: what was rolled for, the dice, the result."""
    t = board.theme
    w = board.tray_area().w - t.px(12) - t.px(16)
    text = f"{tray.title}: {', '.join(str(v) for v in tray.values)}: {tray.result}"
    lines = wrap_text(text, t.small_font(), max(20, w))
    if len(lines) > 2:
        lines = [lines[0], fit_text(" ".join(lines[1:]), t.small_font(), max(20, w))]
    return lines


def tray_result_lines(board: ArtilleryBoard, tray) -> list[str]:
    """The batch's result wrapped to the tray (never cut): the tray grows for it."""
    t = board.theme
    w = board.tray_area().w - t.px(12) - t.px(16)
    return wrap_text(tray.result, t.small_font(), max(20, w))[:8] if tray.result else []
