"""Artillery's scenarios (ours): the seven set-ups a game can be played on, and the town's
two earlier setups kept for the games saved on them.

Each is a :class:`~games.artillery.rules.data.Scenario` of the table, terrain, structures,
units, guns, round limit and victory rule.  Geometry as in :mod:`.data`: inches, ``x`` east,
``y`` north, seat 0 along the south edge, facings in compass degrees.  Every number here is
OURS (``docs/rules/artillery.md``, "Scenarios"), tuned in the arena (``docs/artillery_ai.md``).

Split from ``data.py`` on 2026-11-30, when the seventh scenario came: the chapter's tables and
the shapes of a scenario stay there; the set-ups, which grow one scenario at a time, live here.
Why one module of some 430 lines: each set-up is a single declaration, and the later ones are
built from the earlier (the crowded bastion from the shore, the town's first setup from the
town), so they read best together.
"""
from __future__ import annotations

import dataclasses

from .data import GunDef, Point, Scenario, SectionDef, StructureDef, TerrainPiece, UnitDef, rect, rot_poly

# -- Field battle: the chapter's own suggestion --------------------------------
_FW, _FH = 36, 36
_F_WOODS = ((3, 7), (8, 6), (9.5, 10), (6, 13), (2, 11))
_F_ROCKS = rect(26, 8, 29, 11)
_F_WALL = rect(12, 9.25, 20, 9.75)

FIELD = Scenario(
    key="field", title="Field battle",
    blurb=("Two small forces meet across open country with a house on either side of the centre "
           "line. Each brings a field battery of three Light Cannons served by one crew of six: "
           "one Reload action reloads all three while the crew is whole. Hold the houses."),
    width=_FW, height=_FH, rounds=6,
    sides=("the south force", "the north force"),
    victory="hold",
    victory_text=(
        "From the end of round 2, at the end of every round each side scores 1 point for each "
        "house it holds: one of its units inside and no enemy unit inside.",
        "A side with no units left on the table loses at once.",
        "After round 6 the side with more points wins; if they are level, the side that removed "
        "more enemy models wins; if that is level too, the game is a draw.",
    ),
    terrain=(
        TerrainPiece("T1", "woods", _F_WOODS),
        TerrainPiece("T2", "woods", rot_poly(_F_WOODS, _FW, _FH)),
        TerrainPiece("T3", "woods", ((16, 14), (20, 14), (21.5, 18), (20, 22), (16, 22), (14.5, 18))),
        TerrainPiece("T4", "rocks", _F_ROCKS),
        TerrainPiece("T5", "rocks", rot_poly(_F_ROCKS, _FW, _FH)),
        TerrainPiece("T6", "wall", _F_WALL),
        TerrainPiece("T7", "wall", rot_poly(_F_WALL, _FW, _FH)),
    ),
    structures=(
        StructureDef("H1", "Wooden house", "wooden",
                     (SectionDef("H1", "Wooden house", rect(6, 16, 11, 20), 3.0),)),
        StructureDef("H2", "Stone house", "stone",
                     (SectionDef("H2", "Stone house", rect(25, 16, 30, 20), 3.0),)),
    ),
    units=(
        UnitDef("A1", 0, "gun_crew", 6, (18, 3)),
        UnitDef("A2", 0, "musketeers", 6, (9, 4)),
        UnitDef("A3", 0, "militia", 8, (27, 4)),
        UnitDef("B1", 1, "gun_crew", 6, (18, 33)),
        UnitDef("B2", 1, "musketeers", 6, (27, 32)),
        UnitDef("B3", 1, "militia", 8, (9, 32)),
    ),
    guns=(
        # a battery a side (issue 26: with one Light Cannon the guns removed a seventh of the
        # models; small arms did the rest)
        GunDef("G1", "light", 0, (18, 5), 0, "A1", ammo=("round", "grape")),
        GunDef("G2", "light", 1, (18, 31), 180, "B1", ammo=("round", "grape")),
        GunDef("G3", "light", 0, (16, 5), 0, "A1", ammo=("round", "grape")),
        GunDef("G4", "light", 1, (20, 31), 180, "B1", ammo=("round", "grape")),
        GunDef("G5", "light", 0, (20, 5), 0, "A1", ammo=("round", "grape")),
        GunDef("G6", "light", 1, (16, 31), 180, "B1", ammo=("round", "grape")),
    ),
    params={"objectives": ("H1", "H2"), "score_from": 2},
    draws=True,
)

# -- Shore battery: a stone fort against a landing party ----------------------
SHORE = Scenario(
    key="shore", title="Shore battery",
    blurb=("A landing party with two field guns comes ashore under a stone fort. Silence the "
           "battery or storm the gatehouse before the tide turns."),
    width=48, height=36, rounds=8,
    sides=("the landing party", "the fort"),
    victory="shore",
    victory_text=(
        "The landing party wins at once when the battery is silenced: every cannon of the fort "
        "(swivels do not count) is spiked or destroyed.",
        "The landing party also wins if, at the end of a round, it holds the gatehouse: one of its "
        "units inside and no unit of the fort.",
        "The fort wins if the landing party has no units left, or when round 8 ends.",
    ),
    terrain=(
        TerrainPiece("T1", "water", rect(0, 0, 48, 2.5)),
        TerrainPiece("T2", "woods", ((5, 9), (11, 8), (12, 14), (8, 17), (4, 14))),
        TerrainPiece("T3", "woods", ((37, 9), (43, 8), (44, 14), (40, 17), (36, 14))),
        TerrainPiece("T4", "rocks", rect(22.5, 12, 25.5, 14)),
        TerrainPiece("T5", "wall", rect(13, 14, 20, 14.5)),
        TerrainPiece("T6", "wall", rect(28, 14, 35, 14.5)),
        TerrainPiece("T7", "dunes", rect(10, 4, 38, 6.5)),
    ),
    structures=(
        StructureDef("F", "Stone fort", "stone_fort", (
            SectionDef("FW", "West bastion", rect(13, 22, 21, 28), 2.5),
            SectionDef("FG", "Gatehouse", rect(21, 22, 27, 27), 2.5),
            SectionDef("FE", "East bastion", rect(27, 22, 35, 28), 2.5),
        ), owner=1),
    ),
    units=(
        UnitDef("A1", 0, "gun_crew", 4, (15, 7.5)),
        UnitDef("A2", 0, "gun_crew", 4, (33, 7.5)),
        UnitDef("A3", 0, "veterans", 6, (21, 5)),
        UnitDef("A4", 0, "sailors", 8, (27, 5)),
        UnitDef("B1", 1, "gun_crew", 5, (16.5, 25.5)),
        UnitDef("B2", 1, "gun_crew", 5, (31.5, 25.5)),
        UnitDef("B3", 1, "militia", 8, (24, 24.5)),
    ),
    guns=(
        GunDef("G1", "light", 0, (15, 9.5), 0, "A1", ammo=("round", "grape")),
        GunDef("G2", "light", 0, (33, 9.5), 0, "A2", ammo=("round", "grape")),
        GunDef("G3", "heavy", 1, (17, 22.7), 180, "B1", section="FW", ammo=("round", "grape")),
        GunDef("G4", "swivel", 1, (19.5, 23), 180, "B1", section="FW"),
        GunDef("G5", "medium", 1, (31, 22.7), 180, "B2", section="FE", ammo=("round", "grape")),
        GunDef("G6", "swivel", 1, (28.5, 23), 180, "B2", section="FE"),
    ),
    params={"battery": ("G3", "G5"), "gate": "FG", "attacker": 0},
)

# -- Ship at anchor: hull and rigging against a fort ---------------------------
ANCHOR = Scenario(
    key="anchor", title="Ship at anchor",
    blurb=("A privateer lies at anchor under the guns of a harbour battery, sails furled. The "
           "battery must shred her rigging before she slips her cable; she must silence it."),
    width=48, height=48, rounds=13,
    sides=("the ship", "the battery"),
    victory="anchor",
    victory_text=(
        "The battery wins at once if the ship's rigging is crippled (its Fortitude brought down to 1, "
        "or dismasted) or her hull is wrecked, or if the ship has no units left.",
        "The ship wins when the battery is silenced: no cannon of the battery is still intact, "
        "unspiked and crewed at the end of a round.",
        "If neither has happened when round 13 ends, the ship slips her cable and escapes: the ship wins.",
    ),
    terrain=(
        TerrainPiece("T1", "water", rect(0, 0, 48, 32)),
        TerrainPiece("T2", "rocks", ((2, 32), (9, 32), (8, 36), (3, 37))),
        TerrainPiece("T3", "woods", ((38, 36), (46, 35), (47, 42), (40, 44))),
    ),
    structures=(
        StructureDef("S", "The privateer", "hull", (
            SectionDef("HL", "Hull", ((13, 9), (31, 9), (36, 11.5), (31, 14), (13, 14)), 3.0, enterable=True),
        ), owner=0),
        StructureDef("R", "The privateer's rigging", "rigging", (
            SectionDef("RG", "Rigging", ((15, 10.5), (31, 10.5), (33, 11.5), (31, 12.5), (15, 12.5)), 10.0,
                       enterable=False),
        ), owner=0, sails_reduced=True),
        StructureDef("F", "Harbour battery", "earthwork", (
            SectionDef("FW", "West battery", rect(14, 36, 22, 41), 2.5),
            SectionDef("FC", "Keep", rect(22, 37, 28, 43), 3.5),
            SectionDef("FE", "East battery", rect(28, 36, 36, 41), 2.5),
        ), owner=1),
    ),
    units=(
        UnitDef("A1", 0, "gun_crew", 6, (19, 11.5)),
        UnitDef("A2", 0, "gun_crew", 4, (26, 11.5)),
        UnitDef("A3", 0, "sailors", 6, (31, 11.5)),
        UnitDef("B1", 1, "gun_crew", 5, (18, 38.5)),
        UnitDef("B2", 1, "gun_crew", 6, (32, 38.5)),
        UnitDef("B3", 1, "militia", 8, (25, 40)),
    ),
    guns=(
        GunDef("G1", "medium", 0, (16.5, 13.5), 0, "A1", section="HL", ammo=("round", "chain")),
        GunDef("G2", "medium", 0, (20.5, 13.5), 0, "A1", section="HL", ammo=("round", "chain")),
        GunDef("G3", "light", 0, (24.5, 13.5), 0, "A2", section="HL", ammo=("round", "chain")),
        GunDef("G4", "light", 0, (28.5, 13.5), 0, "A2", section="HL", ammo=("round", "chain")),
        GunDef("G5", "heavy", 1, (18, 36.3), 180, "B1", section="FW", ammo=("round", "chain")),
        GunDef("G6", "medium", 1, (30, 36.3), 180, "B2", section="FE", ammo=("round", "chain")),
        GunDef("G7", "medium", 1, (34, 36.3), 180, "B2", section="FE", ammo=("round", "chain")),
    ),
    params={"battery": ("G5", "G6", "G7"), "rigging": "RG", "hull": "HL", "ship": 0},
)

# -- Raid on the town: four buildings of the chapter's table, guns that move ------
_TW, _TH = 48, 36
#: where the town's Heavy Cannon points at the start: south-west, at the church and the
#: shanty, since 2026-11-29 (south-east, at the customs house, before).  Pointed at the
#: customs house, Hard's town fired it at the sailors there all game and never turned it:
#: the church, the chapter's one Very Large Building, was hit in 4% of Hard's games and the
#: Heavy turned in 7%, where the issue asks every rule at least once and the common ones in
#: 10%.  docs/artillery_ai.md, "The town: the Heavy points at the church"
TOWN_HEAVY_FACING = 225
#: the town's musketeers: 8 since 2026-11-30 (6 on the earlier setups)
TOWN_MUSKETEERS = 8

TOWN = Scenario(
    key="town", title="Raid on the town",
    blurb=("Raiders come up the beach with two Light Cannons and two swivels on field carriages. "
           "The town has a Heavy Cannon dug in behind a wall, facing the church square: it can be turned "
           "but never moved; and a Medium Cannon at the warehouse's cart door, which its crew can "
           "roll inside. Five buildings stand between them: the mission church, the stone customs "
           "house, the timber warehouse, a fisherman's shanty and the governor's house. Hold them."),
    width=_TW, height=_TH, rounds=7,
    sides=("the raiders", "the town"),
    victory="hold",
    victory_text=(
        "From the end of round 3, at the end of every round each side scores 1 point for each "
        "building it holds: one of its units inside and no enemy unit inside.",
        "A side with no units left on the table loses at once.",
        "After round 7 the side with more points wins; if they are level, the side that removed "
        "more enemy models wins; if that is level too, the game is a draw.",
    ),
    terrain=(
        TerrainPiece("T1", "woods", ((1, 22), (6, 21), (7.5, 26), (4, 28), (1, 26))),
        TerrainPiece("T2", "woods", ((41, 27), (47, 26), (47, 32), (43, 33), (40.5, 30))),
        TerrainPiece("T3", "hedge", rect(5, 11.5, 13, 12)),
        TerrainPiece("T4", "hedge", rect(34, 17, 41, 17.5)),
        TerrainPiece("T5", "wall", rect(30.5, 28.5, 36, 29)),
        TerrainPiece("T6", "rocks", rect(31, 20, 34, 22.5)),
        TerrainPiece("T7", "dunes", rect(31, 5, 44, 6.5)),
        TerrainPiece("T8", "woods", ((1, 4), (5, 3.5), (6.5, 7), (4, 9.5), (1, 8))),
        # since 2026-11-29: dunes just in front of the raiders' west battery, where the
        # town's Heavy and Medium both bear.  A gun hit by a cannon saves on 6+ in cover, and
        # no scenario had brought that rule to 10% of Hard's games (3% in the bombardment):
        # 87% here (docs/artillery_ai.md, "The town: the Heavy points at the church")
        TerrainPiece("T9", "dunes", rect(11.5, 5.5, 17, 7)),
    ),
    structures=(
        StructureDef("H1", "Mission church", "very_large",
                     (SectionDef("H1", "Church", rect(19, 8, 28, 14), 4.0),)),
        StructureDef("H2", "Warehouse", "large_wooden",
                     (SectionDef("H2", "Warehouse", rect(5, 14, 13, 20), 3.5, gun_door=True),)),
        StructureDef("H3", "Customs house", "large_stone",
                     (SectionDef("H3", "Customs house", rect(34, 10, 41, 15), 3.5),)),
        StructureDef("H4", "Fisherman's shanty", "shanty",
                     (SectionDef("H4", "Shanty", rect(22, 17, 26.5, 20.5), 2.5),)),
        StructureDef("H5", "Governor's house", "wooden",
                     (SectionDef("H5", "Governor's house", rect(20, 26, 27, 31), 3.0),)),
    ),
    units=(
        UnitDef("A1", 0, "gun_crew", 4, (14, 2.5)),
        UnitDef("A2", 0, "gun_crew", 4, (29, 2.5)),
        UnitDef("A3", 0, "veterans", 6, (20, 3)),
        UnitDef("A4", 0, "sailors", 8, (37, 3)),
        UnitDef("B1", 1, "gun_crew", 5, (33, 33.5)),
        UnitDef("B2", 1, "gun_crew", 5, (9, 21)),
        # 8 musketeers since 2026-11-30 (6 before): Hard's town beat Easy's raiders about 60%
        # and Hard's raiders beat Easy's town about 90%, so Hard beat Easy about 75% over both
        # sides; two more muskets level the two halves (docs/artillery_ai.md, "The town: eight
        # musketeers, and raiders who read the races")
        UnitDef("B3", 1, "musketeers", TOWN_MUSKETEERS, (38, 25)),
        UnitDef("B4", 1, "militia", 7, (23.5, 28.5)),
    ),
    guns=(
        GunDef("G1", "light", 0, (13, 4.5), 0, "A1", ammo=("round", "grape")),
        GunDef("G2", "swivel", 0, (15, 4.5), 0, "A1"),
        GunDef("G3", "heavy", 1, (33, 31), TOWN_HEAVY_FACING, "B1", ammo=("round", "grape")),
        GunDef("G4", "medium", 1, (9, 20.5), 180, "B2", ammo=("round", "grape")),
        GunDef("G5", "light", 0, (28, 4.5), 0, "A2", ammo=("round", "grape")),
        GunDef("G6", "swivel", 0, (30, 4.5), 0, "A2"),
    ),
    params={"objectives": ("H1", "H2", "H3", "H4", "H5"), "score_from": 3},
    draws=True,
)

# -- Broadsides: two ships at anchor, and a long gun ashore on each point ----------
_BW = 48
_B_WATER = ((10, 0), (48, 0), (48, 38), (45, 41), (41, 44), (38, 48), (0, 48), (0, 10), (3, 7), (7, 4))
_B_HULL = ((7.16, 21.3), (19.89, 8.58), (23.42, 8.58), (23.42, 12.11), (10.7, 24.84))
_B_RIG = ((9.64, 20.95), (20.24, 10.34), (21.66, 10.34), (21.66, 11.76), (11.05, 22.36))


def _b_rot(p: Point) -> Point:
    return (_BW - p[0], _BW - p[1])


BROADSIDE = Scenario(
    key="broadside", title="Broadsides",
    blurb=("A privateer and a Spanish guarda costa lie at anchor across a narrow bay, broadside "
           "to broadside, 18 inches of water between them. Each ship's gun deck has cannons on "
           "both rails (only one rail bears), swivels on the rails and a crew that cannot man "
           "them all; each side has also dragged a Heavy Cannon with chainshot onto the point "
           "behind it, which can reach the enemy's masts only with roundshot, over its own ship. "
           "Bring down the enemy's rigging before she brings down yours."),
    width=_BW, height=_BW, rounds=10,
    sides=("the privateer", "the guarda costa"),
    victory="duel",
    victory_text=(
        "A side wins at once when the enemy ship's rigging is brought down to Fortitude 1 (or "
        "dismasted), when her hull is wrecked, or when the enemy has no units left.",
        "After round 10 each side scores 3 points for each point of damage it has done to the "
        "enemy's rigging and 1 point for each enemy model it has removed: the side with more "
        "points wins; if they are level, the game is a draw.",
    ),
    terrain=(
        TerrainPiece("T1", "water", _B_WATER),
        TerrainPiece("T2", "dunes", ((0, 6), (4, 5.5), (6, 2), (5, 0), (0, 0))),
        TerrainPiece("T3", "dunes", rot_poly(((0, 6), (4, 5.5), (6, 2), (5, 0), (0, 0)), _BW, _BW)),
    ),
    structures=(
        StructureDef("S", "The privateer", "hull", (SectionDef("HS", "Privateer's hull", _B_HULL, 3.0),), owner=0),
        StructureDef("SR", "The privateer's rigging", "light_rigging",
                     (SectionDef("RS", "Privateer's rigging", _B_RIG, 10.0, enterable=False),), owner=0),
        StructureDef("N", "The guarda costa", "hull",
                     (SectionDef("HN", "Guarda costa's hull", rot_poly(_B_HULL, _BW, _BW), 3.0),), owner=1),
        StructureDef("NR", "The guarda costa's rigging", "light_rigging",
                     (SectionDef("RN", "Guarda costa's rigging", rot_poly(_B_RIG, _BW, _BW), 10.0,
                                 enterable=False),), owner=1),
    ),
    units=(
        UnitDef("A1", 0, "gun_crew", 4, (12.11, 19.89)),
        UnitDef("A2", 0, "gun_crew", 6, (18.83, 13.17)),
        UnitDef("A3", 0, "sailors", 8, (15.65, 16.35)),
        UnitDef("A4", 0, "gun_crew", 4, (1.5, 4.5)),
        UnitDef("B1", 1, "gun_crew", 4, _b_rot((12.11, 19.89))),
        UnitDef("B2", 1, "gun_crew", 6, _b_rot((18.83, 13.17))),
        UnitDef("B3", 1, "sailors", 8, _b_rot((15.65, 16.35))),
        UnitDef("B4", 1, "gun_crew", 4, _b_rot((1.5, 4.5))),
    ),
    guns=(
        # the privateer: four Light Cannons for a crew of four (two on each rail), two Mediums
        # on the rail facing the enemy, two swivels; the Heavy on the point
        GunDef("G1", "light", 0, (12.46, 22.36), 45, "A1", section="HS", ammo=("round", "grape")),
        GunDef("G2", "light", 0, (14.94, 19.89), 45, "A1", section="HS", ammo=("round", "grape")),
        GunDef("G3", "light", 0, (9.64, 19.54), 225, "A1", section="HS", ammo=("round", "grape")),
        GunDef("G4", "light", 0, (12.11, 17.06), 225, "A1", section="HS", ammo=("round", "grape")),
        GunDef("G5", "medium", 0, (18.83, 16.0), 45, "A2", section="HS", ammo=("round", "grape")),
        GunDef("G6", "medium", 0, (21.3, 13.53), 45, "A2", section="HS", ammo=("round", "grape")),
        GunDef("G7", "swivel", 0, (17.41, 17.41), 45, "A3", section="HS"),
        GunDef("G8", "swivel", 0, (14.59, 14.59), 225, "A3", section="HS"),
        GunDef("G9", "heavy", 0, (2.5, 2.5), 45, "A4", ammo=("round", "chain")),
        # the guarda costa: the same, turned about
        GunDef("G11", "light", 1, _b_rot((12.46, 22.36)), 225, "B1", section="HN", ammo=("round", "grape")),
        GunDef("G12", "light", 1, _b_rot((14.94, 19.89)), 225, "B1", section="HN", ammo=("round", "grape")),
        GunDef("G13", "light", 1, _b_rot((9.64, 19.54)), 45, "B1", section="HN", ammo=("round", "grape")),
        GunDef("G14", "light", 1, _b_rot((12.11, 17.06)), 45, "B1", section="HN", ammo=("round", "grape")),
        GunDef("G15", "medium", 1, _b_rot((18.83, 16.0)), 225, "B2", section="HN", ammo=("round", "grape")),
        GunDef("G16", "medium", 1, _b_rot((21.3, 13.53)), 225, "B2", section="HN", ammo=("round", "grape")),
        GunDef("G17", "swivel", 1, _b_rot((17.41, 17.41)), 225, "B3", section="HN"),
        GunDef("G18", "swivel", 1, _b_rot((14.59, 14.59)), 45, "B3", section="HN"),
        GunDef("G19", "heavy", 1, _b_rot((2.5, 2.5)), 225, "B4", ammo=("round", "chain")),
    ),
    params={"riggings": ("RS", "RN"), "hulls": ("HS", "HN"), "rigging_points": 3},
    draws=True,
)

# -- Bombardment: a 6-foot table, a fort's walls beyond anything but a lucky shot --------
_MW, _MH = 72, 48

BOMBARD = Scenario(
    key="bombard", title="Bombardment",
    blurb=("A stone fort holds the headland at the west end of a six-foot table. Across the bay a "
           "ship lies at anchor with two Heavy Cannons on her gun deck, her rail 57 inches from the "
           "walls: at that range her shots hit only on a natural 10 and hurt stone only with one, "
           "but anything that leaves the walls is hers. Her landing party, ashore before dawn, "
           "holds the dunes with a Light Cannon and a swivel. Silence the fort's Heavy and Medium "
           "Cannons or take its gatehouse before the ninth round ends."),
    width=_MW, height=_MH, rounds=9,
    sides=("the landing party and the ship", "the fort"),
    victory="shore",
    victory_text=(
        "The landing party wins at once when the fort's battery is silenced: its Heavy and Medium "
        "Cannons spiked or destroyed (swivels do not count).",
        "The landing party also wins if, at the end of a round, it holds the gatehouse: one of its "
        "units inside and no unit of the fort.",
        "The fort wins if the landing party and the ship have no units left, or when round 9 ends.",
    ),
    terrain=(
        TerrainPiece("T1", "water", ((45, 0), (72, 0), (72, 48), (49, 48), (46.5, 40), (45, 30),
                                     (44.5, 18), (45.5, 8))),
        TerrainPiece("T2", "dunes", rect(24.5, 15, 27, 33)),
        TerrainPiece("T3", "woods", ((18, 5), (24, 4), (25, 10), (20, 12), (17, 9))),
        TerrainPiece("T4", "woods", ((18, 38), (24, 37), (25, 43), (20, 45), (17, 42))),
        TerrainPiece("T5", "rocks", rect(18, 25, 20.5, 29)),
        TerrainPiece("T6", "wall", rect(15, 14, 15.5, 20)),
        TerrainPiece("T7", "wall", rect(15, 31, 15.5, 37)),
    ),
    structures=(
        StructureDef("F", "Stone fort", "stone_fort", (
            SectionDef("FN", "North bastion", rect(1, 30, 9, 37), 2.5),
            SectionDef("FG", "Gatehouse", rect(1, 24, 8, 30), 2.5),
            SectionDef("FS", "South bastion", rect(1, 17, 9, 24), 2.5),
        ), owner=1),
        StructureDef("S", "The ship", "hull", (
            SectionDef("HS", "Ship's hull", ((66, 16), (68.5, 12), (71, 16), (71, 36), (66, 36)), 3.0),
        ), owner=0),
    ),
    units=(
        UnitDef("A1", 0, "gun_crew", 4, (30, 24)),
        UnitDef("A2", 0, "veterans", 6, (29.5, 17)),
        UnitDef("A3", 0, "sailors", 8, (29.5, 31)),
        UnitDef("A4", 0, "gun_crew", 8, (69, 24)),
        UnitDef("A5", 0, "musketeers", 6, (29.5, 10)),
        UnitDef("B1", 1, "gun_crew", 5, (5, 33.5)),
        UnitDef("B2", 1, "gun_crew", 5, (5, 20.5)),
        UnitDef("B3", 1, "militia", 8, (4.5, 27)),
    ),
    guns=(
        # the landing party's guns behind the dunes (cover from the fort: a cannon hit on
        # their crew may land on a gun, which saves on 6+ there)
        GunDef("G1", "light", 0, (28.5, 22), 270, "A1", ammo=("round", "grape")),
        GunDef("G2", "swivel", 0, (28.5, 26), 270, "A1"),
        GunDef("G3", "heavy", 1, (8.6, 33.5), 90, "B1", section="FN", ammo=("round", "grape")),
        GunDef("G4", "swivel", 1, (8.5, 31), 90, "B1", section="FN"),
        GunDef("G5", "medium", 1, (8.6, 20.5), 90, "B2", section="FS", ammo=("round", "grape")),
        GunDef("G6", "swivel", 1, (8.5, 23), 90, "B2", section="FS"),
        # the ship's gun deck: 57" from the walls, so +7 to hit and to damage (a damage target
        # number of 11 against Fortitude 4: a Lucky Hit needs two natural 10s)
        GunDef("G7", "heavy", 0, (66.6, 21), 270, "A4", section="HS", ammo=("round",)),
        GunDef("G8", "heavy", 0, (66.6, 27), 270, "A4", section="HS", ammo=("round",)),
    ),
    params={"battery": ("G3", "G5"), "gate": "FG", "attacker": 0},
)

# -- The crowded bastion: the shore battery with two crews in one bastion -----
#: the seventh scenario (2026-11-30), there for the chapter's rule that a structure's hits are
#: shared as evenly as possible among every unit in the section.  No other scenario reached it in
#: 100 Hard-vs-Hard games: no side ever kept two units where the enemy's guns fall.  Here the
#: west bastion's swivel has a crew of its own beside the Heavy Cannon's, and the landing party
#: shoots at the bastions, so a damaging shot there is shared by two crews.  The fifth fort unit
#: made the fort too strong (73 of 100 Hard-mirror games); its militia is cut to 6 and the landing
#: party has nine rounds.  docs/artillery_ai.md, "The crowded bastion"
BASTION = dataclasses.replace(
    SHORE, key="bastion", title="The crowded bastion", rounds=9,
    blurb=("The shore battery's fort with its west bastion crowded: beside the Heavy Cannon's crew "
           "stands a second crew for the bastion's swivel, so a shot that damages the bastion is shared "
           "between them. Six militia hold the gatehouse; the landing party has nine rounds to silence "
           "the battery or storm the gate."),
    victory_text=SHORE.victory_text[:2] + (
        "The fort wins if the landing party has no units left, or when round 9 ends.",),
    # the Heavy's crew steps an inch west to make room for the swivel's beside it
    units=tuple(dataclasses.replace(u, models=4, pos=(15.5, 25.5)) if u.id == "B1" else
                dataclasses.replace(u, models=6) if u.id == "B3" else u for u in SHORE.units)
    + (UnitDef("B4", 1, "gun_crew", 2, (19.0, 25.5)),),
    guns=tuple(dataclasses.replace(g, crew="B4") if g.id == "G4" else g for g in SHORE.guns),
)

#: the town's second setup (2026-11-29 to 2026-11-30): as now, with 6 musketeers.  Kept for
#: the games saved on it: a save of format 5 that chose "town" replays on this one
#: (``GameInfo.retired``); new games are never offered it
TOWN_SECOND = dataclasses.replace(
    TOWN, key="town_2", family="town", title="Raid on the town (second setup)",
    units=tuple(dataclasses.replace(u, models=6) if u.id == "B3" else u for u in TOWN.units))

#: the town as it was first shipped (its Heavy Cannon facing south-east, no dunes before the
#: raiders' west battery, 6 musketeers), kept for the games saved on it: a save of format 4
#: or older that chose "town" replays on this one (``GameInfo.retired``); new games are never
#: offered it
TOWN_FIRST = dataclasses.replace(
    TOWN_SECOND, key="town_1", family="town", title="Raid on the town (first setup)",
    blurb=TOWN.blurb.replace("facing the church square", "facing the harbour"),
    terrain=tuple(t for t in TOWN.terrain if t.id != "T9"),
    guns=tuple(dataclasses.replace(g, facing=135) if g.id == "G3" else g for g in TOWN.guns))

SCENARIOS: dict[str, Scenario] = {s.key: s for s in (FIELD, SHORE, ANCHOR, TOWN, BROADSIDE, BOMBARD, BASTION,
                                                       TOWN_SECOND, TOWN_FIRST)}
SCENARIO_ORDER = ("field", "shore", "anchor", "town", "broadside", "bombard", "bastion")
DEFAULT_SCENARIO = "field"
