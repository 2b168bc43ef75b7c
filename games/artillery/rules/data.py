"""Artillery (Blood & Plunder, Firelock Games): every number and table, as data.

Two kinds of numbers live here:

* the chapter's own tables (artillery types, shot types, range penalties, the
  Fortitude and Integrity of common buildings), quoted from chapter 7
  "Artillery" of Blood & Plunder;
* our own small rules that fill what the chapter assumes from the rest of the
  book (unit profiles, actions per card, fatigue, cover, critical damage
  tables, movement, cohesion) and the shape of a scenario (its set-ups are in
  :mod:`.scenarios`).  Each of these is marked
  ``OURS`` in a comment and in ``docs/rules/artillery.md``.

Geometry is in inches on a flat table: ``x`` runs east (left to right as the
first seat sees the table), ``y`` runs north (away from the first seat), the
origin is the south-west corner.  Seat 0 deploys along the south edge.
Facings are compass degrees: 0 = north, 90 = east, 180 = south, 270 = west.

The scenarios' set-ups moved to ``scenarios.py`` on 2026-11-30, when the seventh came.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Point = tuple[float, float]
Poly = tuple[Point, ...]

# ---------------------------------------------------------------------------
# The chapter's tables
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ArtilleryType:
    key: str
    name: str
    min_crew: int             # models needed to reload at the normal rate and to move it
    move_penalty: int | None  # inches off the crew's move on a field carriage; None: immobile
    base_tn: int              # base target number of the shoot test
    initial_dice: int         # dice per gun for the shoot test
    damage_dice: int          # dice per hitting gun against a structure
    reload_markers: int       # markers gained when fired
    swivel: bool = False      # shoots as small arms (section 7.4)
    points_structure: int = 0
    points_carriage: int = 0


#: Table 5 (Artillery Types), quoted from the chapter.
ARTILLERY: dict[str, ArtilleryType] = {
    "swivel": ArtilleryType("swivel", "Swivel Gun", 2, 1, 6, 3, 0, 2, swivel=True,
                            points_structure=4, points_carriage=8),
    "light": ArtilleryType("light", "Light Cannon", 2, 1, 4, 1, 2, 4, points_structure=5, points_carriage=10),
    "medium": ArtilleryType("medium", "Medium Cannon", 3, 2, 4, 1, 3, 4, points_structure=7, points_carriage=14),
    "heavy": ArtilleryType("heavy", "Heavy Cannon", 4, None, 4, 1, 4, 4, points_structure=9, points_carriage=18),
}


@dataclass(frozen=True)
class ShotType:
    key: str
    name: str
    band: int                 # +1 range penalty every `band` inches
    max_range: float | None   # None: unlimited
    as_small_arms: bool       # grapeshot: all dice together, saves allowed, units only (and rigging)
    halves_rigging: bool      # rigging takes half the hits
    halves_structures: bool   # non-rigging structures take half the hits
    furled_rigging_bonus: int  # extra rigging Fortitude when sails are not at their highest setting
    cost: int                 # upgrade points per cannon


#: Table 6 (Cannon Shot Types), quoted from the chapter.
SHOT: dict[str, ShotType] = {
    "round": ShotType("round", "Roundshot", 8, None, False, True, False, 0, 0),
    "chain": ShotType("chain", "Chainshot", 8, 40.0, False, False, True, 2, 1),
    "grape": ShotType("grape", "Grapeshot", 4, 40.0, True, True, False, 0, 1),
}
SHOT_ORDER = ("round", "chain", "grape")

#: Table 3/7: +1 per full 8" (roundshot, chainshot); Table 8: +1 per full 4"
#: (small arms, swivels, grapeshot).
CANNON_BAND = 8
SMALL_ARMS_BAND = 4

#: a natural 10 always hits a shoot test (within maximum range where there is one)
NATURAL = 10
#: damage target numbers from this value up need two natural 10s for a Lucky Hit
LUCKY_TWO_TENS_FROM = 11
#: reload markers never go below zero; a gun fires only with none
ABANDON_DISTANCE = 12.0     # a crew this far from its guns at the end of an activation abandons them
SPIKE_REACH = 1.0           # a unit within 1" of abandoned artillery may spike it
ARC_HALF_ANGLE = 45.0       # the arc of fire: up to 45 degrees either side of the facing
GUN_SAVE_COVER = 6          # a carriage gun hit by a cannon: save 6+ in cover
GUN_SAVE_OPEN = 9           # ... and 9+ in the open


@dataclass(frozen=True)
class StructureType:
    key: str
    name: str
    fortitude: int
    integrity: int
    critical_table: str        # key of CRITICAL_TABLES
    rigging: bool = False
    ours: bool = False         # True for types the chapter does not list


#: Table 4 (Fortitude and Integrity of common buildings), quoted; the last four
#: rows are OURS (the chapter points to the Structures and Ships chapters for them).
STRUCTURES: dict[str, StructureType] = {
    "shanty": StructureType("shanty", "Shanty", 2, 2, "building"),
    "wooden": StructureType("wooden", "Wooden Building", 2, 3, "building"),
    "large_wooden": StructureType("large_wooden", "Large Wooden Building", 3, 3, "building"),
    "stone": StructureType("stone", "Stone Building", 3, 3, "building"),
    "large_stone": StructureType("large_stone", "Large Stone Building", 3, 4, "building"),
    "very_large": StructureType("very_large", "Very Large Building", 4, 4, "building"),
    # OURS
    "stone_fort": StructureType("stone_fort", "Stone Fort", 4, 4, "fortification", ours=True),
    "earthwork": StructureType("earthwork", "Earthwork Battery", 2, 5, "fortification", ours=True),
    "hull": StructureType("hull", "Ship's Hull", 3, 5, "hull", ours=True),
    "rigging": StructureType("rigging", "Ship's Rigging", 3, 4, "rigging", rigging=True, ours=True),
    "light_rigging": StructureType("light_rigging", "Light Rigging", 3, 3, "rigging", rigging=True, ours=True),
}

# ---------------------------------------------------------------------------
# OURS: critical damage tables (the chapter refers to tables we do not have)
# ---------------------------------------------------------------------------
#: effects the engine knows:
#:   none            nothing more
#:   occupant_hit    every unit in the section takes one more hit (saves as usual)
#:   extra_damage    one more point of damage on the tally
#:   gun_dismounted  one gun in the section (lowest id still intact) is destroyed; none: one more damage
#:   fortitude_down  the section loses one Fortitude at once (never below 1)
#:   destroyed       the section is wrecked: its guns are destroyed, every unit inside takes
#:                   hits equal to half its models (rounded up); it no longer blocks sight,
#:                   cannot be targeted, and its occupants stand in the open (with cover)


@dataclass(frozen=True)
class CritRow:
    low: int        # inclusive (a Lucky Hit's roll minus one can reach 0)
    high: int       # inclusive
    effect: str
    name: str
    text: str


CRITICAL_TABLES: dict[str, tuple[CritRow, ...]] = {
    "building": (
        CritRow(0, 2, "none", "Plaster and dust", "Dust fills the rooms; nothing worse."),
        CritRow(3, 4, "occupant_hit", "Splinters", "Splinters fly: every unit inside takes one more hit."),
        CritRow(5, 6, "extra_damage", "Beam down", "A beam gives way: one more point of damage."),
        CritRow(7, 8, "gun_dismounted", "Gun dismounted", "A gun inside is knocked off its mount and destroyed."),
        CritRow(9, 9, "fortitude_down", "Wall breached", "A wall is breached: Fortitude drops by one."),
        CritRow(10, 10, "destroyed", "Collapse", "The building collapses."),
    ),
    "fortification": (
        CritRow(0, 3, "none", "Chips of stone", "Stone chips fly; nothing worse."),
        CritRow(4, 5, "occupant_hit", "Shards", "Stone shards: every unit inside takes one more hit."),
        CritRow(6, 7, "gun_dismounted", "Gun dismounted", "A gun is thrown from its carriage and destroyed."),
        CritRow(8, 9, "fortitude_down", "Breach", "The rampart is breached: Fortitude drops by one."),
        CritRow(10, 10, "destroyed", "Rampart collapses", "The rampart collapses."),
    ),
    "hull": (
        CritRow(0, 3, "occupant_hit", "Splinters", "Splinters sweep the deck: every unit aboard takes one more hit."),
        CritRow(4, 5, "gun_dismounted", "Gun dismounted", "A gun is knocked from its carriage and destroyed."),
        CritRow(6, 7, "extra_damage", "Holed", "Holed: one more point of damage."),
        CritRow(8, 9, "fortitude_down", "Below the waterline", "Holed below the waterline: Fortitude drops by one."),
        CritRow(10, 10, "destroyed", "Magazine explodes", "The magazine explodes: the ship is lost."),
    ),
    "rigging": (
        CritRow(0, 3, "none", "Lines cut", "Lines part; the crew splices them."),
        CritRow(4, 6, "extra_damage", "Yard down", "A yard comes down: one more point of damage."),
        CritRow(7, 9, "fortitude_down", "Sails shredded", "Sails in tatters: Fortitude drops by one."),
        CritRow(10, 10, "destroyed", "Dismasted", "The mainmast goes by the board."),
    ),
}


def crit_row(table: str, roll: int) -> CritRow:
    """The row of critical table ``table`` for a (possibly lowered) roll."""
    roll = max(0, min(10, roll))
    for row in CRITICAL_TABLES[table]:
        if row.low <= roll <= row.high:
            return row
    raise ValueError(f"critical table {table!r} has no row for {roll}")


# ---------------------------------------------------------------------------
# OURS: units, experience, actions, saves, fatigue
# ---------------------------------------------------------------------------
EXPERIENCE = ("Veteran", "Trained", "Inexperienced")
SUITS = ("S", "H", "D", "C")           # Spades, Hearts, Diamonds, Clubs: highest first
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")   # lowest first
DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)

#: actions per activation by experience and the suit of the card played (OURS, from
#: Blood & Plunder's published basics): Spades, Hearts, Diamonds, Clubs
ACTIONS: dict[str, dict[str, int]] = {
    "Veteran": {"S": 2, "H": 2, "D": 3, "C": 3},
    "Trained": {"S": 1, "H": 2, "D": 2, "C": 3},
    "Inexperienced": {"S": 1, "H": 1, "D": 2, "C": 2},
}


@dataclass(frozen=True)
class UnitType:
    key: str
    name: str
    experience: str
    shoot: int          # small-arms shoot test target number
    save: int           # ranged save target number in the open
    resolve: int        # fatigue test: roll this or more to shrug it off
    move: int           # inches per move action
    arms_range: float   # maximum small-arms range (0: no small arms)


#: OURS: unit profiles
UNIT_TYPES: dict[str, UnitType] = {
    "gun_crew": UnitType("gun_crew", "Gun Crew", "Trained", 7, 7, 6, 4, 12.0),
    "musketeers": UnitType("musketeers", "Musketeers", "Trained", 6, 6, 6, 4, 24.0),
    "veterans": UnitType("veterans", "Veteran Soldiers", "Veteran", 5, 6, 5, 4, 24.0),
    "militia": UnitType("militia", "Militia", "Inexperienced", 7, 7, 7, 4, 24.0),
    "sailors": UnitType("sailors", "Sailors", "Trained", 7, 7, 6, 4, 18.0),
}

#: OURS: saves are easier in cover (subtract from the save target number)
COVER_BONUS = {"open": 0, "normal": 1, "hard": 2}
#: OURS: the best a save can get
BEST_SAVE = 2
#: OURS: a unit's models stand within this radius of its centre; distances to and
#: from a unit are measured to the edge of this circle (its closest model)
UNIT_RADIUS = 1.0
#: OURS: field guns within this distance of their crew's centre are cohesive with it
COHESION = 3.0
#: OURS: centres of two units never come closer than this
UNIT_SPACING = 2.0
#: OURS: moving into or through rough terrain costs this many inches of the move
ROUGH_COST = 1
#: OURS: a unit with fatigue at least this loses one action per activation (never below 1)
SHAKEN_AT = 1
#: OURS: a unit whose fatigue reaches its models left routs and leaves the table
#: (checked after every fatigue gain); ROUT_MIN keeps big units from routing too early
ROUT_MIN = 2
#: OURS: a carriage gun within this distance of a unit's centre gives the unit cover
GUN_COVER_REACH = 2.0
#: OURS: a cover piece within this distance in front of a target gives it cover
COVER_REACH = 2.0

# ---------------------------------------------------------------------------
# OURS: terrain kinds
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainKind:
    key: str
    name: str
    blocks_sight: bool
    rough: bool
    passable: bool          # by units on foot
    carriages: bool         # by guns on field carriages
    cover: bool             # gives normal cover to a unit in or just behind it
    height: float


TERRAIN_KINDS: dict[str, TerrainKind] = {
    "woods": TerrainKind("woods", "Woods", True, True, True, True, True, 4.0),
    "rocks": TerrainKind("rocks", "Rocks", True, False, False, False, True, 3.0),
    "wall": TerrainKind("wall", "Low wall", False, False, True, False, True, 1.0),
    "hedge": TerrainKind("hedge", "Hedge", False, True, True, False, True, 1.0),
    "water": TerrainKind("water", "Water", False, False, False, False, False, 0.0),
    "dunes": TerrainKind("dunes", "Dunes", False, True, True, True, True, 1.0),
}

#: OURS: a unit stands this tall; a piece at least as tall as its target blocks sight to it
UNIT_HEIGHT = 1.0

# ---------------------------------------------------------------------------
# Scenarios
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainPiece:
    id: str
    kind: str
    poly: Poly


@dataclass(frozen=True)
class SectionDef:
    id: str
    name: str
    poly: Poly
    height: float
    gun_door: bool = False       # a field gun can be rolled in
    enterable: bool = True       # units on foot can walk in and out


@dataclass(frozen=True)
class StructureDef:
    id: str
    name: str
    type: str                    # key of STRUCTURES
    sections: tuple[SectionDef, ...]
    owner: int | None = None     # the seat it belongs to (for scenario rules), or None
    sails_reduced: bool = False  # rigging: sails not at their highest setting (chainshot +2)


@dataclass(frozen=True)
class UnitDef:
    id: str
    seat: int
    type: str
    models: int
    pos: Point
    name: str = ""


@dataclass(frozen=True)
class GunDef:
    id: str
    type: str                    # key of ARTILLERY
    seat: int                    # the side that fielded it
    pos: Point
    facing: int                  # compass degrees (a multiple of 45)
    crew: str | None             # unit id, or None (abandoned)
    section: str | None = None   # a section id: mounted in a structure (facing = its wall face)
    ammo: tuple[str, ...] = ("round",)


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    blurb: str
    width: int
    height: int
    rounds: int
    sides: tuple[str, str]           # what each seat commands, for texts
    victory: str                     # key of the victory rule in rules.py
    victory_text: tuple[str, ...]    # the rule in words
    terrain: tuple[TerrainPiece, ...]
    structures: tuple[StructureDef, ...]
    units: tuple[UnitDef, ...]
    guns: tuple[GunDef, ...]
    params: dict[str, Any] = field(default_factory=dict)   # victory-rule parameters
    draws: bool = False               # whether the victory rule allows a draw
    #: the scenario this is an earlier setup of ("" for a current one): an old setup is kept
    #: so the games saved on it replay as they were (``GameInfo.retired``); it shares its
    #: family's AI weights and its snapshot's name
    family: str = ""

    @property
    def name(self) -> str:
        """The scenario's family name: its key, or the key of the scenario it is an earlier setup of."""
        return self.family or self.key


def rect(x0: float, y0: float, x1: float, y1: float) -> Poly:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _rot(p: Point, w: float, h: float) -> Point:
    return (w - p[0], h - p[1])


def rot_poly(poly: Poly, w: float, h: float) -> Poly:
    """The half-turn of a polygon about the table's centre (for symmetric tables)."""
    return tuple(_rot(p, w, h) for p in poly)


#: compass names of the eight facings a field gun may take
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
