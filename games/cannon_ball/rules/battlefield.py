"""The Cannon Ball battlefield as data: our reconstruction of the 1968 plastic map.

Pure data and geometry, no pygame. The rules engine (the rest of ``rules/``) reads only what
this module exports, so the map can be corrected here without touching the rules.
``python -m games.cannon_ball.rules.battlefield`` prints it as text.

Size (about 630 lines): most of it is the map's own data (boxes, sections, bridges, forts),
kept in one file on purpose so the reconstruction can be read and corrected in one place.

Coordinates
-----------
The board is a portrait rectangle of ``COLS`` x ``ROWS`` cells (a cell is one board
unit). South (seat 0) sits at the bottom edge, North (seat 1) at the top edge.

* Grid: column ``x`` 0..14 from the left (files ``a``..``o``), row ``y`` 0..25 from
  South's edge (ranks ``1``..``26``). A small box is one cell and is named by it
  (``c5``); a large box (inside the forts) covers 2x2 cells and is named by its
  lowest-left cell as South sees it.
* Drawing: ``Box.rect`` is ``(x, y, w, h)`` in board units with ``y`` measured
  *downwards from the top edge* (North's side), the way a screen draws. Every
  other point in this module (walls, gates, stars, river) uses the same frame.

The half turn ``(x, y) -> (COLS - x, ROWS - y)`` maps the map onto itself with the
two players exchanged (tested).

What the source fixes, and what we chose (docs/rules/cannon_ball.md has the why):

* Each fort is an L of 35 boxes in the corner on its owner's left: 7 large boxes
  (the cannons' road, three of them starred) and 28 small ones; every box but the
  three stars holds a trooper, the two tower men standing in the boxes under the
  towers, so 32 troopers and 3 cannons a side.
* The river is a Z: a bar along row 17 from the west edge, down column h, and a
  bar along row 8 to the east edge. Three bridge stars lie on each half of it, so
  three are nearer each player; each player's bridges start on the three stars
  farthest from him.
* Outside the forts the field is cut into 32 coloured sections of 6 to 12 boxes,
  numbered 1..32 (South's half 1..16 in reading order from South's side, and
  section ``33 - n`` is section ``n`` turned half round).

Why one module of some 600 lines: it is data (the boxes, sections, river,
bridges and forts are listed literally so the map can be corrected by reading
it), plus the geometry derived from it; split, a correction would have to be
made in two places.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COLS = 15
ROWS = 26
FILES = "abcdefghijklmno"
SEATS = ("South", "North")

# -- the drawing we build everything from ------------------------------------------------
# South's half, rows 12 (top line) down to 0. '#' fort, '~' river, '*' a bridge star in
# the river, any letter a section (the letter is only a key here; sections are
# numbered below). North's half is this drawing turned half round.
SOUTH_HALF = (
    "WWWXXXX~pppqqqq",   # row 12
    "WWWXXXX~pppqqqq",   # row 11
    "GGGGMMM*rrrtttt",   # row 10
    "GGGGMMM~rrrtttt",   # row 9
    "####UUU~~~*~~*~",   # row 8
    "####UUUCCPPPQQQ",   # row 7
    "####VVVCCPPPQQQ",   # row 6
    "####VVVCCPPPQQQ",   # row 5
    "####VVVCCPPPQQQ",   # row 4
    "#########HHJJKK",   # row 3
    "#########HHJJKK",   # row 2
    "#########HHJJKK",   # row 1
    "#########HHJJKK",   # row 0
)

# South's fort, in grid cells: the large boxes by their lowest-left cell (2x2 each)
FORT_LARGE = ((0, 7), (0, 5), (0, 3), (1, 1), (3, 0), (5, 0), (7, 0))
FORT_STARS = ((0, 5), (1, 1), (5, 0))          # large boxes holding the three cannons
FORT_TOWER_CELLS = ((3, 8), (8, 3))            # the boxes under the two sentry towers
# the front wall (grid points, y up): board edge -> tower -> flag -> tower -> board edge
FORT_WALL = ((0, 9), (4, 9), (4, 4), (9, 4), (9, 0))
FORT_FLAG = (4, 4)
# gates: (id, the wall segment it fills in grid points, facing)
FORT_GATES = (("W", ((0, 9), (2, 9)), "north"), ("E", ((9, 0), (9, 2)), "east"))

#: the palette the sections are painted with (name, RGB); the forts are red, the river blue
SECTION_COLOURS = (
    ("meadow", (126, 176, 92)),
    ("wheat", (222, 200, 126)),
    ("sage", (164, 190, 150)),
    ("clay", (200, 152, 110)),
    ("moss", (150, 160, 80)),
)
FORT_COLOUR = ("fort red", (178, 58, 48))
RIVER_COLOUR = ("river", (84, 140, 196))

#: how far the river must be from a bridge's end boxes: one cell of water
RIVER_WIDTH = 1


# -- the structures the rules and the board read ------------------------------------------

@dataclass(frozen=True)
class Box:
    index: int
    name: str                      # "c5" (lowest-left cell as South sees it)
    col: int                       # lowest-left cell, grid coordinates (y up)
    row: int
    w: int                         # size in cells (1, or 2 for a large box)
    h: int
    rect: tuple[float, float, float, float]   # (x, y-down, w, h) in board units
    section: int                   # section index, -1 inside a fort
    fort: int                      # the seat whose fort holds it, -1 outside
    bank: int                      # 0 South's bank, 1 North's bank, -1 inside a fort
    large: bool
    star: bool                     # a cannon star (a fort box holding a cannon at the start)
    tower: bool                    # the box under a sentry tower

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.rect
        return (x + w / 2, y + h / 2)


@dataclass(frozen=True)
class Section:
    index: int
    number: int                    # what the map shows (1..32)
    boxes: tuple[int, ...]
    bank: int
    colour: str
    rgb: tuple[int, int, int]
    gate: int                      # the gate (index) this section stands before, or -1
    label_point: tuple[float, float]   # where the board may write the number


@dataclass(frozen=True)
class Bridge:
    index: int
    number: int                    # 1..6, as the map shows it
    star: tuple[float, float]      # the star's centre (board units, y down)
    boxes: tuple[int, int]         # its two end boxes: (South's bank, North's bank)
    sections: tuple[int, int]      # their sections
    owner: int                     # whose bridge sits on this star at the start
    horizontal: bool               # True: the bridge runs across a row of river (east-west)


@dataclass(frozen=True)
class Gate:
    index: int
    id: str                        # "SW", "SE", "NE", "NW": owner's initial + the side it opens on
    owner: int
    segment: tuple[tuple[float, float], tuple[float, float]]   # the opening in the wall
    inside: int                    # the fort box behind it
    outside: tuple[int, ...]       # the gate-section boxes in front of it
    section: int                   # the gate section
    facing: str                    # "north", "east", "south", "west" (compass on the board)


@dataclass(frozen=True)
class Fort:
    owner: int
    boxes: tuple[int, ...]
    outline: tuple[tuple[float, float], ...]   # the L, a closed polygon
    wall: tuple[tuple[float, float], ...]      # the front wall: edge, tower, flag, tower, edge
    flag: tuple[float, float]
    towers: tuple[tuple[float, float], tuple[float, float]]
    tower_boxes: tuple[int, int]
    gates: tuple[int, int]                     # gate indexes
    stars: tuple[int, int, int]                # the three cannon stars (boxes)
    large: tuple[int, ...]                     # the large boxes (the cannons' road)


# -- building ---------------------------------------------------------------------------------

#: grid cells (x, y up)
Cells = tuple[tuple[int, int], ...]
#: a section while the map is built: (its letter in the drawing, the half it is drawn in)
SectionKey = tuple[str, int]


def _turn(x: float, y: float) -> tuple[float, float]:
    """A grid point (y up) turned half round."""
    return (COLS - x, ROWS - y)


def _down(x: float, y: float) -> tuple[float, float]:
    """A grid point (y up) in the drawing frame (y down)."""
    return (float(x), float(ROWS - y))


def cell_name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def _grid() -> list[list[str]]:
    """The whole board as characters, grid[y][x] (y up); North's half by the half turn.
    Section letters in North's half are marked by a trailing prime in a parallel map."""
    rows = [list(line) for line in reversed(SOUTH_HALF)]
    half = len(rows)
    assert half * 2 == ROWS and all(len(r) == COLS for r in rows), "SOUTH_HALF has the wrong size"
    full = [["?"] * COLS for _ in range(ROWS)]
    for y in range(half):
        for x in range(COLS):
            full[y][x] = rows[y][x]
            full[ROWS - 1 - y][COLS - 1 - x] = rows[y][x]
    return full


def _add_box(boxes: list[dict[str, Any]], box_at: dict[tuple[int, int], int], x: int, y: int, w: int, h: int,
             key: tuple[str, int] | None, fort: int, large: bool, star: bool, tower: bool) -> None:
    i = len(boxes)
    boxes.append(dict(index=i, name=cell_name(x, y), col=x, row=y, w=w, h=h,
                      rect=(float(x), float(ROWS - y - h), float(w), float(h)),
                      key=key, fort=fort, large=large, star=star, tower=tower))
    for dx in range(w):
        for dy in range(h):
            box_at[(x + dx, y + dy)] = i


def _fort_cells(owner: int) -> tuple[Cells, Cells, Cells]:
    """(large box corners, star corners, tower cells) of a fort; North's by the half turn."""
    if owner == 0:
        return FORT_LARGE, FORT_STARS, FORT_TOWER_CELLS
    return (tuple((COLS - 2 - x, ROWS - 2 - y) for x, y in FORT_LARGE),
            tuple((COLS - 2 - x, ROWS - 2 - y) for x, y in FORT_STARS),
            tuple((COLS - 1 - x, ROWS - 1 - y) for x, y in FORT_TOWER_CELLS))


def _place_boxes(grid: list[list[str]]) -> tuple[list[dict[str, Any]], list[tuple[int, int]], list[tuple[int, int]]]:
    """All boxes (the forts' first, South's then North's), the river cells and the stars."""
    half = ROWS // 2
    boxes: list[dict[str, Any]] = []
    box_at: dict[tuple[int, int], int] = {}
    for owner in (0, 1):
        large, stars, towers = _fort_cells(owner)
        for (x, y) in large:
            _add_box(boxes, box_at, x, y, 2, 2, None, owner, True, (x, y) in stars, False)
        for y in range(ROWS):
            for x in range(COLS):
                mine = (y < half) == (owner == 0)
                if grid[y][x] == "#" and mine and (x, y) not in box_at:
                    _add_box(boxes, box_at, x, y, 1, 1, None, owner, False, False, (x, y) in towers)
    river: list[tuple[int, int]] = []
    star_cells: list[tuple[int, int]] = []
    for y in range(ROWS):
        for x in range(COLS):
            ch = grid[y][x]
            if ch in "~*":
                river.append((x, y))
                if ch == "*":
                    star_cells.append((x, y))
            elif ch != "#":
                _add_box(boxes, box_at, x, y, 1, 1, (ch, 0 if y < half else 1), -1, False, False, False)
    assert len(boxes) == len({b["name"] for b in boxes}), "duplicate box names"
    return boxes, river, star_cells


def _banks(field: dict[tuple[int, int], int]) -> dict[int, int]:
    """Flood fill of the field on either side of the river (4-neighbours)."""
    bank_of: dict[int, int] = {}
    for seed, bank in (((COLS - 1, 0), 0), ((0, ROWS - 1), 1)):
        todo = [seed]
        while todo:
            c = todo.pop()
            if c not in field or field[c] in bank_of:
                continue
            bank_of[field[c]] = bank
            x, y = c
            todo += [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    assert len(bank_of) == len(field), "the river must cut the field into exactly two banks"
    return bank_of


def _touch(a: dict[str, Any], b: dict[str, Any]) -> bool:
    touching: bool = (a["col"] <= b["col"] + b["w"] and b["col"] <= a["col"] + a["w"]
                      and a["row"] <= b["row"] + b["h"] and b["row"] <= a["row"] + a["h"])
    return touching


def _adjacency(boxes: list[dict[str, Any]], bank_of: dict[int, int]) -> list[list[int]]:
    """Boxes touching at an edge or a corner, on the same side of walls and water."""
    def region(b: dict[str, Any]) -> tuple[str, int]:
        return ("fort", b["fort"]) if b["fort"] >= 0 else ("bank", bank_of[b["index"]])

    nbrs: list[list[int]] = [[] for _ in boxes]
    for a in boxes:
        for b in boxes:
            if a["index"] < b["index"] and region(a) == region(b) and _touch(a, b):
                nbrs[a["index"]].append(b["index"])
                nbrs[b["index"]].append(a["index"])
    return nbrs


def _sections(boxes: list[dict[str, Any]], nbrs: list[list[int]]
              ) -> tuple[list[SectionKey], dict[SectionKey, list[int]], dict[SectionKey, int], dict[int, int]]:
    """Sections: the boxes of one letter drawn in one half, each one connected patch.
    Numbered from South's edge outwards (row, then column); section ``33 - n`` is the
    half turn of section ``n``."""
    keys: dict[SectionKey, list[int]] = {}
    for b in boxes:
        if b["key"] is not None:
            keys.setdefault(b["key"], []).append(b["index"])
    south_keys = sorted((k for k in keys if k[1] == 0),
                        key=lambda k: min((boxes[i]["row"], boxes[i]["col"]) for i in keys[k]))
    order: dict[SectionKey, int] = {}
    for n, k in enumerate(south_keys, start=1):
        order[k] = n
        order[(k[0], 1)] = 2 * len(south_keys) + 1 - n
    section_keys = sorted(keys, key=lambda k: order[k])
    section_of_box = {bi: si for si, k in enumerate(section_keys) for bi in keys[k]}
    for k, members in keys.items():
        seen = {members[0]}
        todo = [members[0]]
        while todo:
            i = todo.pop()
            for j in nbrs[i]:
                if j in members and j not in seen:
                    seen.add(j)
                    todo.append(j)
        assert len(seen) == len(members), f"section {k} is not one patch"
    return section_keys, keys, order, section_of_box


def _opening_boxes(boxes: list[dict[str, Any]], p: tuple[float, float], q: tuple[float, float]
                   ) -> list[dict[str, Any]]:
    """Boxes sharing a stretch of the wall opening from grid point ``p`` to ``q``."""
    (x1, y1), (x2, y2) = p, q
    out: list[dict[str, Any]] = []
    for b in boxes:
        bx, by, bw, bh = b["col"], b["row"], b["w"], b["h"]
        if y1 == y2:
            overlap = min(bx + bw, max(x1, x2)) - max(bx, min(x1, x2))
            if overlap > 0 and (by + bh == y1 or by == y1):
                out.append(b)
        else:
            overlap = min(by + bh, max(y1, y2)) - max(by, min(y1, y2))
            if overlap > 0 and (bx + bw == x1 or bx == x1):
                out.append(b)
    return out


def _gates(boxes: list[dict[str, Any]], section_of_box: dict[int, int]) -> list[dict[str, Any]]:
    gates: list[dict[str, Any]] = []
    for owner in (0, 1):
        for _gid, (p0, q0), facing0 in FORT_GATES:
            p: tuple[float, float] = p0 if owner == 0 else _turn(*p0)
            q: tuple[float, float] = q0 if owner == 0 else _turn(*q0)
            facing = facing0 if owner == 0 else {"north": "south", "east": "west"}[facing0]
            touching = _opening_boxes(boxes, p, q)
            inside = [b["index"] for b in touching if b["fort"] == owner]
            outside = tuple(sorted(b["index"] for b in touching if b["fort"] < 0))
            assert len(inside) == 1 and outside, f"a gate of seat {owner} touches no boxes"
            sec = {section_of_box[o] for o in outside}
            assert len(sec) == 1, "a gate must open onto one section"
            side = "E" if facing == "east" else "W" if facing == "west" else ("W" if p[0] < COLS / 2 else "E")
            gates.append(dict(index=len(gates), id=SEATS[owner][0] + side, owner=owner,
                              segment=(_down(*p), _down(*q)), inside=inside[0], outside=outside,
                              section=sec.pop(), facing=facing))
    return gates


def _bridges(stars: list[tuple[int, int]], field: dict[tuple[int, int], int],
             bank_of: dict[int, int]) -> list[dict[str, Any]]:
    """Each star joins the boxes on either side of it across the water. Numbered from
    the west edge along the river; each starts as the bridge of the player it is
    farthest from."""
    bridges: list[dict[str, Any]] = []
    for (x, y) in stars:
        found = None
        for (dx, dy), horizontal in (((0, 1), False), ((1, 0), True)):
            a, b = field.get((x - dx, y - dy)), field.get((x + dx, y + dy))
            if a is not None and b is not None and bank_of[a] != bank_of[b]:
                found = ((a, b) if bank_of[a] == 0 else (b, a), horizontal)
                break
        assert found is not None, f"the star at {cell_name(x, y)} does not join two banks"
        bridges.append(dict(star=(x, y), boxes=found[0], horizontal=found[1]))
    bridges.sort(key=lambda d: (d["star"][0], -d["star"][1]))
    for n, d in enumerate(bridges, start=1):
        d["index"], d["number"] = n - 1, n
        d["owner"] = 0 if d["star"][1] + 0.5 > ROWS / 2 else 1
    return bridges


def _build() -> dict[str, Any]:
    grid = _grid()
    boxes, river, stars = _place_boxes(grid)
    field = {(b["col"], b["row"]): b["index"] for b in boxes if b["fort"] < 0}
    bank_of = _banks(field)
    nbrs = _adjacency(boxes, bank_of)
    section_keys, keys, order, section_of_box = _sections(boxes, nbrs)
    return dict(boxes=boxes, nbrs=nbrs, bank_of=bank_of, section_keys=section_keys, keys=keys,
                order=order, section_of_box=section_of_box, gates=_gates(boxes, section_of_box),
                bridges=_bridges(stars, field, bank_of), river=river)


_B = _build()

# -- sections with colours (greedy, the same colour for a section and its half-turn image) --
def _colour_sections() -> list[int]:
    n = len(_B["section_keys"])
    sec_nbrs: list[set[int]] = [set() for _ in range(n)]
    for bi, ns in enumerate(_B["nbrs"]):
        sa = _B["section_of_box"].get(bi)
        if sa is None:
            continue
        for bj in ns:
            sb = _B["section_of_box"].get(bj)
            if sb is not None and sb != sa:
                sec_nbrs[sa].add(sb)
    for d in _B["bridges"]:
        a, b = (_B["section_of_box"][i] for i in d["boxes"])
        sec_nbrs[a].add(b)
        sec_nbrs[b].add(a)
    colour = [-1] * n
    for s in range(n // 2):
        img = n - 1 - s
        used = {colour[t] for t in sec_nbrs[s] | sec_nbrs[img] if colour[t] >= 0}
        # rotate the starting colour so the map does not lean on the first colour
        c = next(c for c in [(s + k) % len(SECTION_COLOURS) for k in range(len(SECTION_COLOURS))]
                 if c not in used)
        colour[s] = colour[img] = c
    return colour


_COLOURS = _colour_sections()

BOXES: tuple[Box, ...] = tuple(
    Box(index=b["index"], name=b["name"], col=b["col"], row=b["row"], w=b["w"], h=b["h"], rect=b["rect"],
        section=_B["section_of_box"].get(b["index"], -1), fort=b["fort"],
        bank=_B["bank_of"].get(b["index"], -1), large=b["large"], star=b["star"], tower=b["tower"])
    for b in _B["boxes"])
N_BOXES = len(BOXES)
BOX_BY_NAME: dict[str, int] = {b.name: b.index for b in BOXES}
#: every cell's box (so a name of any cell of a large box finds it)
BOX_AT_CELL: dict[tuple[int, int], int] = {}
for _b in BOXES:
    for _dx in range(_b.w):
        for _dy in range(_b.h):
            BOX_AT_CELL[(_b.col + _dx, _b.row + _dy)] = _b.index
del _b, _dx, _dy

#: boxes that touch (8 directions, any size), within one fort or one bank
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(ns)) for ns in _B["nbrs"])

GATES: tuple[Gate, ...] = tuple(Gate(**g) for g in _B["gates"])
GATE_BY_ID: dict[str, int] = {g.id: g.index for g in GATES}

BRIDGES: tuple[Bridge, ...] = tuple(
    Bridge(index=d["index"], number=d["number"],
           star=(d["star"][0] + 0.5, ROWS - d["star"][1] - 0.5),
           boxes=d["boxes"], sections=(BOXES[d["boxes"][0]].section, BOXES[d["boxes"][1]].section),
           owner=d["owner"], horizontal=d["horizontal"])
    for d in _B["bridges"])


def _label_point(bxs: list[int]) -> tuple[float, float]:
    cx = sum(BOXES[i].centre[0] for i in bxs) / len(bxs)
    cy = sum(BOXES[i].centre[1] for i in bxs) / len(bxs)
    return min((BOXES[i].centre for i in bxs), key=lambda c: (c[0] - cx) ** 2 + (c[1] - cy) ** 2)


SECTIONS: tuple[Section, ...] = tuple(
    Section(index=si, number=_B["order"][k], boxes=tuple(sorted(_B["keys"][k])),
            bank=BOXES[_B["keys"][k][0]].bank, colour=SECTION_COLOURS[_COLOURS[si]][0],
            rgb=SECTION_COLOURS[_COLOURS[si]][1],
            gate=next((g.index for g in GATES if g.section == si), -1),
            label_point=_label_point(_B["keys"][k]))
    for si, k in enumerate(_B["section_keys"]))
N_SECTIONS = len(SECTIONS)
SECTION_BY_NUMBER: dict[int, int] = {s.number: s.index for s in SECTIONS}

#: sections whose boxes touch on the same bank (bridges come on top, while they stand)
SECTION_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted({BOXES[j].section for i in s.boxes for j in NEIGHBOURS[i]
                  if BOXES[j].section >= 0 and BOXES[j].section != s.index}))
    for s in SECTIONS)

#: pairs of side-by-side boxes (sharing an edge) in each section: where a cannon may stand
CANNON_SPOTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(sorted((a, b) for a in s.boxes for b in s.boxes if a < b
                 and abs(BOXES[a].col - BOXES[b].col) + abs(BOXES[a].row - BOXES[b].row) == 1))
    for s in SECTIONS)


def _fort(owner: int) -> Fort:
    pts = FORT_WALL if owner == 0 else tuple(_turn(*p) for p in FORT_WALL)
    corner = (0, 0) if owner == 0 else (COLS, ROWS)
    # the L: the board corner, along one edge to the wall, the wall, back along the other edge
    outline = (corner,) + pts if owner == 0 else (corner,) + pts
    flag = FORT_FLAG if owner == 0 else _turn(*FORT_FLAG)
    bxs = tuple(b.index for b in BOXES if b.fort == owner)
    towers = tuple(b.index for b in BOXES if b.fort == owner and b.tower)
    return Fort(owner=owner, boxes=bxs,
                outline=tuple(_down(*p) for p in outline),
                wall=tuple(_down(*p) for p in pts),
                flag=_down(*flag),
                towers=(_down(*pts[1]), _down(*pts[3])),
                tower_boxes=(towers[0], towers[1]),
                gates=tuple(g.index for g in GATES if g.owner == owner),  # type: ignore[arg-type]
                stars=tuple(b.index for b in BOXES if b.fort == owner and b.star),  # type: ignore[arg-type]
                large=tuple(b.index for b in BOXES if b.fort == owner and b.large))


FORTS: tuple[Fort, Fort] = (_fort(0), _fort(1))

#: large boxes of a fort that touch (the cannons' road)
LARGE_NEIGHBOURS: dict[int, tuple[int, ...]] = {
    b.index: tuple(j for j in NEIGHBOURS[b.index] if BOXES[j].large) for b in BOXES if b.large}

#: the river, as cells (x, y-down, 1, 1) in board units, and the stars' cells among them
RIVER_CELLS: tuple[tuple[float, float, float, float], ...] = tuple(
    (float(x), float(ROWS - y - 1), 1.0, 1.0) for x, y in sorted(_B["river"]))


def _river_line() -> tuple[tuple[float, float], ...]:
    """The river's centre line from the west edge to the east edge (board units, y down)."""
    cells = set(_B["river"])
    start = min((c for c in cells if c[0] == 0), key=lambda c: c[1])
    line = [start]
    seen = {start}
    while True:
        x, y = line[-1]
        nxt = [c for c in ((x + 1, y), (x, y - 1), (x, y + 1), (x - 1, y)) if c in cells and c not in seen]
        if not nxt:
            break
        line.append(nxt[0])
        seen.add(nxt[0])
    pts = [(-0.0, ROWS - line[0][1] - 0.5)] + [(x + 0.5, ROWS - y - 0.5) for x, y in line]
    pts.append((float(COLS), pts[-1][1]))
    return tuple(pts)


RIVER_LINE = _river_line()

#: the board's outline (board units): width, height
SIZE = (float(COLS), float(ROWS))


# -- helpers ------------------------------------------------------------------------------------

def box_index(name: str) -> int | None:
    """'c5' -> its box; a name of any cell of a large box finds that box; None if no box."""
    t = name.strip().lower()
    if len(t) < 2 or t[0] not in FILES or not t[1:].isdigit() or t[1] == "0":
        return None
    x, y = FILES.index(t[0]), int(t[1:]) - 1
    return BOX_AT_CELL.get((x, y))


def turned_box(i: int) -> int:
    """The box that ``i`` becomes after a half turn of the board."""
    b = BOXES[i]
    return BOX_AT_CELL[(COLS - b.col - b.w, ROWS - b.row - b.h)]


def home_boxes(seat: int) -> frozenset[int]:
    """A player's fort boxes and the boxes of his two gate sections."""
    out = set(FORTS[seat].boxes)
    for g in FORTS[seat].gates:
        out.update(SECTIONS[GATES[g].section].boxes)
    return frozenset(out)


HOME: tuple[frozenset[int], frozenset[int]] = (home_boxes(0), home_boxes(1))
#: each seat's two gate sections
GATE_SECTIONS: tuple[tuple[int, int], tuple[int, int]] = tuple(   # type: ignore[assignment]
    tuple(GATES[g].section for g in FORTS[s].gates) for s in (0, 1))


def ascii_map(marks: dict[int, str] | None = None) -> str:
    """The map as text, North at the top: '#' fort (an 'L'arge box shows as 'L', a star
    as '*'), '~' river, digits the bridge numbers, section cells as a letter per
    section colour; ``marks`` (box -> one character) overrides a box's character."""
    marks = marks or {}
    grid = [[" "] * COLS for _ in range(ROWS)]
    for x, y in _B["river"]:
        grid[y][x] = "~"
    for br in BRIDGES:
        x, y = int(br.star[0]), ROWS - 1 - int(br.star[1])
        grid[y][x] = str(br.number)
    for b in BOXES:
        ch = marks.get(b.index)
        if ch is None:
            if b.fort >= 0:
                ch = "*" if b.star else "T" if b.tower else "L" if b.large else "#"
            else:
                ch = "abcdefgh"[_COLOURS[b.section]]
        for dx in range(b.w):
            for dy in range(b.h):
                grid[b.row + dy][b.col + dx] = ch
    lines = []
    for y in range(ROWS - 1, -1, -1):
        lines.append(f"{y + 1:>2} " + " ".join(grid[y]))
    lines.append("   " + " ".join(FILES))
    return "\n".join(lines)


def section_map() -> str:
    """The map with every section's number written across its boxes (two characters a cell)."""
    grid = [["  "] * COLS for _ in range(ROWS)]
    for x, y in _B["river"]:
        grid[y][x] = "~~"
    for br in BRIDGES:
        x, y = int(br.star[0]), ROWS - 1 - int(br.star[1])
        grid[y][x] = f"B{br.number}"
    for b in BOXES:
        for dx in range(b.w):
            for dy in range(b.h):
                if b.fort >= 0:
                    grid[b.row + dy][b.col + dx] = "**" if b.star else "TT" if b.tower else "##"
                else:
                    grid[b.row + dy][b.col + dx] = f"{SECTIONS[b.section].number:>2}"
    for g in GATES:
        for o in g.outside:
            grid[BOXES[o].row][BOXES[o].col] = g.id
    lines = [f"{y + 1:>2} " + " ".join(grid[y]) for y in range(ROWS - 1, -1, -1)]
    lines.append("    " + "  ".join(FILES))
    return "\n".join(lines)


if __name__ == "__main__":     # pragma: no cover - a look at the map
    print(ascii_map())
    print()
    print(section_map())
    print()
    for s in SECTIONS:
        print(f"section {s.number:>2}: {len(s.boxes):>2} boxes, {s.colour:<6} bank {s.bank}"
              f"{' gate ' + GATES[s.gate].id if s.gate >= 0 else ''}"
              f"  next to {sorted(SECTIONS[t].number for t in SECTION_NEIGHBOURS[s.index])}")
    for br in BRIDGES:
        print(f"bridge {br.number}: {BOXES[br.boxes[0]].name} (section {SECTIONS[br.sections[0]].number}) - "
              f"{BOXES[br.boxes[1]].name} (section {SECTIONS[br.sections[1]].number}), starts as "
              f"{SEATS[br.owner]}'s")
    for g in GATES:
        print(f"gate {g.id}: inside {BOXES[g.inside].name}, outside {[BOXES[o].name for o in g.outside]}, "
              f"section {SECTIONS[g.section].number}")
