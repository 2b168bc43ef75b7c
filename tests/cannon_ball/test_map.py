"""The battlefield as data (games/cannon_ball/rules/battlefield.py): what the 1968 sheet
fixes, and what our reconstruction promises (docs/rules/cannon_ball.md)."""
from collections import deque

from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules import new_game


def test_map_is_the_same_for_both_players_after_a_half_turn():
    for b in M.BOXES:
        t = M.BOXES[M.turned_box(b.index)]
        x, y, w, h = b.rect
        assert t.rect == (M.COLS - x - w, M.ROWS - y - h, w, h)
        assert (t.large, t.star, t.tower) == (b.large, b.star, b.tower)
        assert t.fort == (1 - b.fort if b.fort >= 0 else -1)
        assert t.bank == (1 - b.bank if b.bank >= 0 else -1)
        if b.section >= 0:
            s, ts = M.SECTIONS[b.section], M.SECTIONS[t.section]
            assert ts.number == len(M.SECTIONS) + 1 - s.number
            assert ts.colour == s.colour and len(ts.boxes) == len(s.boxes)
        assert sorted(M.turned_box(j) for j in M.NEIGHBOURS[b.index]) == list(M.NEIGHBOURS[t.index])
    turned_bridges = {tuple(sorted(M.turned_box(i) for i in br.boxes)) for br in M.BRIDGES}
    assert turned_bridges == {tuple(sorted(br.boxes)) for br in M.BRIDGES}
    for g in M.GATES:
        twin = [h for h in M.GATES if h.owner != g.owner and h.inside == M.turned_box(g.inside)]
        assert len(twin) == 1
        assert sorted(M.turned_box(o) for o in g.outside) == list(twin[0].outside)
    river = {(x, y) for x, y, _w, _h in M.RIVER_CELLS}
    assert {(M.COLS - 1 - x, M.ROWS - 1 - y) for x, y in river} == river


def test_thirty_two_troopers_and_three_cannons_a_side_at_the_start():
    st = new_game({}, 2)
    assert st.men == [32, 32]
    for p in (0, 1):
        fort = M.FORTS[p]
        assert len(fort.boxes) == 35
        men = [b for b in fort.boxes if st.occ[b] == p]
        cannons = [c for c in st.cannons if c and c[0] == p]
        assert len(men) == 32 and len(cannons) == 3
        assert len(men) + len(cannons) == 35                 # 35 pieces a side
        assert {c[1][0] for c in cannons} == set(fort.stars)  # the three stars hold the cannons
        assert all(M.BOXES[s].large for s in fort.stars)
        assert all(st.occ[t] == p for t in fort.tower_boxes)  # tower men stand in the boxes below
    assert all(st.occ[b] == -1 for b in range(M.N_BOXES) if M.BOXES[b].fort < 0)


def test_every_box_and_section_is_reachable_from_both_forts():
    for p in (0, 1):
        start = M.FORTS[p].boxes[0]
        seen = {start}
        todo = deque([start])
        links = {i: set(M.NEIGHBOURS[i]) for i in range(M.N_BOXES)}
        for br in M.BRIDGES:
            a, b = br.boxes
            links[a].add(b)
            links[b].add(a)
        for g in M.GATES:
            for o in g.outside:
                links[g.inside].add(o)
                links[o].add(g.inside)
        while todo:
            u = todo.popleft()
            for v in links[u]:
                if v not in seen:
                    seen.add(v)
                    todo.append(v)
        assert len(seen) == M.N_BOXES


def test_the_six_bridges_join_the_two_banks_three_nearer_each_player():
    assert len(M.BRIDGES) == 6
    near_south = near_north = 0
    for br in M.BRIDGES:
        a, b = (M.BOXES[i] for i in br.boxes)
        assert (a.bank, b.bank) == (0, 1)
        assert br.sections[0] != br.sections[1]
        dist_south = M.ROWS - br.star[1]           # star y runs down from North's edge
        dist_north = br.star[1]
        if dist_south < dist_north:
            near_south += 1
            assert br.owner == 1                   # South's three bridges start farthest from South
        else:
            near_north += 1
            assert br.owner == 0
    assert near_south == near_north == 3
    for br in M.BRIDGES:                           # the two end boxes face each other across one cell of water
        a, b = (M.BOXES[i] for i in br.boxes)
        assert abs(a.col - b.col) + abs(a.row - b.row) == 2


def test_the_river_cuts_the_field_in_two_and_only_bridges_cross_it():
    for b in M.BOXES:
        for j in M.NEIGHBOURS[b.index]:
            assert M.BOXES[j].bank == b.bank and M.BOXES[j].fort == b.fort


def test_sections_hold_three_troopers_and_a_cannon():
    for s in M.SECTIONS:
        assert len(s.boxes) >= 5, s.number
        assert M.CANNON_SPOTS[s.index], s.number
        assert len({M.BOXES[b].colour if hasattr(M.BOXES[b], "colour") else s.colour for b in s.boxes}) == 1
    for si, s in enumerate(M.SECTIONS):          # touching sections have different colours
        for t in M.SECTION_NEIGHBOURS[si]:
            assert M.SECTIONS[t].colour != s.colour


def test_gate_sections_stand_outside_each_gate_and_fit_an_assault():
    for g in M.GATES:
        s = M.SECTIONS[g.section]
        assert s.gate == g.index
        assert len(s.boxes) >= 7                  # five men and a cannon (two boxes)
        assert all(M.BOXES[o].section == g.section for o in g.outside)
        assert M.BOXES[g.inside].fort == g.owner and M.BOXES[g.inside].large
        # next to a board edge
        (x1, y1), (x2, y2) = g.segment
        assert min(x1, x2, y1, y2) == 0 or max(x1, x2) == M.COLS or max(y1, y2) == M.ROWS
        assert not any(g.section in br.sections for br in M.BRIDGES)   # no TNT section is a gate section


def test_each_fort_is_an_l_in_the_corner_on_its_owners_left():
    south, north = M.FORTS
    assert M.BOXES[M.BOX_BY_NAME["a1"]].fort == 0        # South sits at the bottom: his left is the west
    assert M.BOXES[M.box_index("o26")].fort == 1          # North at the top: his left is the east
    for fort in M.FORTS:
        assert len(fort.wall) == 5                        # edge, tower, flag, tower, edge
        assert fort.towers == (fort.wall[1], fort.wall[3])
        assert fort.flag == fort.wall[2]
        assert len(fort.gates) == 2
    # the cannons' road: the large boxes of a fort form one chain joining both gates
    for fort in M.FORTS:
        large = set(fort.large)
        start = M.GATES[fort.gates[0]].inside
        seen = {start}
        todo = [start]
        while todo:
            u = todo.pop()
            for v in M.LARGE_NEIGHBOURS[u]:
                if v in large and v not in seen:
                    seen.add(v)
                    todo.append(v)
        assert seen == large and M.GATES[fort.gates[1]].inside in seen


def test_box_names_read_off_the_map():
    assert M.box_index("a1") == M.BOX_BY_NAME["a1"]
    big = M.box_index("b8")                                # any cell of a large box finds it
    assert M.BOXES[big].name == "a8" and M.BOXES[big].large
    assert M.box_index("p3") is None and M.box_index("h9") is None   # off the board / in the river
    assert len(M.BOX_BY_NAME) == M.N_BOXES


def test_ascii_map_prints():
    text = M.ascii_map()
    assert len(text.splitlines()) == M.ROWS + 1
    assert "1" in M.section_map()
