"""Trial setups of "Raid on the town" (benchmark material, not shipped scenarios).

Each variant takes the scenario as shipped and returns a changed copy; the arena bench
installs one in every worker with ``--variant NAME`` (``arena_artillery.py``), so a
figure in docs/artillery_ai.md ("The town: five more setups") can be measured again:

    python tests/bench/arena_artillery.py --scenario town --lineup hard,easy --games 80 \\
        --side 1 --jobs 2 --variant customs_back

None of them was kept; why is in docs/artillery_ai.md.  One was, later: the Heavy Cannon
facing the church (once ``heavy_faces_church``) is the shipped town since 2026-11-29 (tenth
session), for the rules coverage.  Every variant here was measured on the town as first
shipped, so each is built on it (``FIRST``, the Heavy facing the customs house), and
``--variant first_setup`` plays that town itself: the earlier figures can be measured again.
The dunes before the raiders' west battery (once ``west_dunes``) came in the same day.
The ``now_`` variants (2026-11-30) are built on the second setup (``SECOND``), and
``--variant second_setup`` plays it; ``now_musketeers8`` became the shipped town that day.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from games.artillery.rules import data, scenarios
from games.artillery.rules.data import Scenario


def _move_building(sc: Scenario, sid: str, poly: data.Poly) -> tuple:
    return tuple(dataclasses.replace(s, sections=(dataclasses.replace(s.sections[0], poly=poly),))
                 if s.id == sid else s for s in sc.structures)


def _move_terrain(sc: Scenario, tid: str, poly: data.Poly) -> tuple:
    return tuple(dataclasses.replace(t, poly=poly) if t.id == tid else t for t in sc.terrain)


def customs_back(sc: Scenario) -> Scenario:
    """The customs house 6" further from the beach (the musketeers reach it first), its
    hedge moved to the raiders' side as cover on the way."""
    return dataclasses.replace(sc, structures=_move_building(sc, "H3", data.rect(34, 16, 41, 21)),
                               terrain=_move_terrain(sc, "T4", data.rect(34, 9, 41, 9.5)))


def customs_back_far_musketeers(sc: Scenario) -> Scenario:
    """As customs_back, with the musketeers starting in the east woods (44, 29)."""
    sc = customs_back(sc)
    units = tuple(dataclasses.replace(u, pos=(44, 29)) if u.id == "B3" else u for u in sc.units)
    return dataclasses.replace(sc, units=units)


def customs_halfway(sc: Scenario) -> Scenario:
    """The customs house 3" further from the beach, its hedge on the raiders' side."""
    return dataclasses.replace(sc, structures=_move_building(sc, "H3", data.rect(34, 13, 41, 18)),
                               terrain=_move_terrain(sc, "T4", data.rect(34, 10, 41, 10.5)))


def wider_beach(sc: Scenario) -> Scenario:
    """4" more beach: the table 40" deep, everything but the raiders 4" further off."""
    d = 4

    def up(poly: data.Poly) -> data.Poly:
        return tuple((x, y + d) for x, y in poly)

    structures = tuple(dataclasses.replace(s, sections=tuple(dataclasses.replace(c, poly=up(c.poly))
                                                               for c in s.sections)) for s in sc.structures)
    terrain = tuple(dataclasses.replace(t, poly=up(t.poly)) for t in sc.terrain)
    units = tuple(dataclasses.replace(u, pos=(u.pos[0], u.pos[1] + d)) if u.seat == 1 else u for u in sc.units)
    guns = tuple(dataclasses.replace(g, pos=(g.pos[0], g.pos[1] + d)) if g.seat == 1 else g for g in sc.guns)
    return dataclasses.replace(sc, height=sc.height + d, structures=structures, terrain=terrain,
                               units=units, guns=guns)


def nine_rounds(sc: Scenario) -> Scenario:
    """Two more rounds of scoring."""
    return dataclasses.replace(sc, rounds=9)


def bigger_units(sc: Scenario) -> Scenario:
    """Every unit but the gun crews half as big again (fewer dice-driven swings?)."""
    units = tuple(dataclasses.replace(u, models=round(u.models * 1.5)) if u.type != "gun_crew" else u
                  for u in sc.units)
    return dataclasses.replace(sc, units=units)


VARIANTS: dict[str, Callable[[Scenario], Scenario]] = {
    f.__name__: f for f in (customs_back, customs_back_far_musketeers, customs_halfway, wider_beach,
                            nine_rounds, bigger_units)
}


#: the town as shipped, kept at import: a variant is always made from it, so installing
#: one again (a second lineup run in the same process) does not change a changed town
SHIPPED = scenarios.SCENARIOS["town"]
#: the town as first shipped (until 2026-11-29): the Heavy Cannon facing south-east, at the
#: customs house, and no dunes before the raiders' west battery.  The variants were measured on it.
FIRST = dataclasses.replace(SHIPPED, guns=scenarios.TOWN_FIRST.guns, terrain=scenarios.TOWN_FIRST.terrain,
                            units=scenarios.TOWN_FIRST.units)
#: the town's second setup (2026-11-29 to 2026-11-30: the Heavy at the church, the dunes, 6
#: musketeers), on which the ``now_`` variants were measured
SECOND = dataclasses.replace(SHIPPED, units=scenarios.TOWN_SECOND.units)


def install(name: str) -> None:
    """Replace the shipped town by a variant in this process (the arena's worker setup)."""
    scenarios.SCENARIOS["town"] = table(name)


def table(name: str) -> Scenario:
    """The variant's town, built on the town as first shipped (``now_`` ones on today's)."""
    return VARIANTS[name](SECOND if name in ON_SHIPPED else FIRST)


# -- 2026-11-29 (evening): more guns, so gunnery decides more of the town ----------

def _add(sc: Scenario, units: tuple = (), guns: tuple = ()) -> Scenario:
    return dataclasses.replace(sc, units=sc.units + units, guns=sc.guns + guns)


def town_light_battery(sc: Scenario) -> Scenario:
    """The town gets a fifth unit: a crew of 4 with a Light Cannon (round, grape) by the shanty."""
    return _add(sc, (data.UnitDef("B5", 1, "gun_crew", 4, (29, 24)),),
                (data.GunDef("G7", "light", 1, (29, 22.5), 180, "B5", ammo=("round", "grape")),))


def both_batteries(sc: Scenario) -> Scenario:
    """town_light_battery, and the raiders land a third crew of 4 with a Light Cannon."""
    sc = town_light_battery(sc)
    return _add(sc, (data.UnitDef("A5", 0, "gun_crew", 4, (24, 1.5)),),
                (data.GunDef("G8", "light", 0, (24, 3.5), 0, "A5", ammo=("round", "grape")),))


def sailors_to_gunners(sc: Scenario) -> Scenario:
    """The raiders' sailors become a crew of 5 with a Medium Cannon (round, grape); the
    town gets town_light_battery's Light Cannon."""
    sc = town_light_battery(sc)
    units = tuple(dataclasses.replace(u, type="gun_crew", models=5) if u.id == "A4" else u for u in sc.units)
    return _add(dataclasses.replace(sc, units=units), (),
                (data.GunDef("G8", "medium", 0, (37, 5), 0, "A4", ammo=("round", "grape")),))


def medium_raiders(sc: Scenario) -> Scenario:
    """The raiders' two Light Cannons are Medium Cannons."""
    guns = tuple(dataclasses.replace(g, type="medium") if g.id in ("G1", "G5") else g for g in sc.guns)
    return dataclasses.replace(sc, guns=guns)


VARIANTS.update({f.__name__: f for f in (town_light_battery, both_batteries, sailors_to_gunners,
                                          medium_raiders)})


# -- 2026-11-29 (ninth session): the lean alone, by the size of one unit -------------
# The logistic reading puts the shipped town's skill sum near 2.7 with the raiders' lean
# at about 1.3 (the Easy mirror, 78%): balanced at a lean near 0.35 it would read about
# 80%.  Every earlier setup moved the table (and with it how much the plan takes skill);
# these change only how many models one unit has.

def _resize(sc: Scenario, sizes: dict[str, int]) -> Scenario:
    units = tuple(dataclasses.replace(u, models=sizes[u.id]) if u.id in sizes else u for u in sc.units)
    return dataclasses.replace(sc, units=units)


def veterans5(sc: Scenario) -> Scenario:
    """The raiders' veterans 5 models, not 6."""
    return _resize(sc, {"A3": 5})


def sailors6(sc: Scenario) -> Scenario:
    """The raiders' sailors 6 models, not 8."""
    return _resize(sc, {"A4": 6})


def militia9(sc: Scenario) -> Scenario:
    """The town's militia 9 models, not 7."""
    return _resize(sc, {"B4": 9})


def musketeers8(sc: Scenario) -> Scenario:
    """The town's musketeers 8 models, not 6."""
    return _resize(sc, {"B3": 8})


def musketeers7(sc: Scenario) -> Scenario:
    """The town's musketeers 7 models, not 6: half musketeers8's lean."""
    return _resize(sc, {"B3": 7})


VARIANTS.update({f.__name__: f for f in (veterans5, sailors6, militia9, musketeers8, musketeers7)})


def musketeers8_medium(sc: Scenario) -> Scenario:
    """musketeers8 and medium_raiders together: the town's musketeers 8 models, the
    raiders' two Light Cannons Medium Cannons."""
    return medium_raiders(musketeers8(sc))


def veterans5_medium(sc: Scenario) -> Scenario:
    """veterans5 and medium_raiders together: fewer raiders' muskets, heavier raiders' guns."""
    return medium_raiders(veterans5(sc))


VARIANTS.update({f.__name__: f for f in (musketeers8_medium, veterans5_medium)})


# -- The town as first shipped ---------------------------------------------------------------

def first_setup(sc: Scenario) -> Scenario:
    """The town as first shipped, the Heavy Cannon facing the customs house (every
    "as shipped" figure in docs/artillery_ai.md before 2026-11-29, tenth session)."""
    return sc


VARIANTS["first_setup"] = first_setup


# -- 2026-11-30 (thirteenth session): the lean on the town's second setup ----------------
# The ninth session's musketeers8 levelled Hard against Easy (80.7% over three seeds) but
# tipped the Hard mirror to the town; the raiders' race-reading weights made the mirror fair
# and took the church's damage off the table.  That was on the first setup, where the church
# was already at 4%.  On the second setup the Heavy faces the church, so these are built on
# it (``SECOND``), not on ``FIRST``: their names start with ``now_``.  now_musketeers8, with the
# raiders' weights, is the town as shipped since 2026-11-30.

def now_musketeers8(sc: Scenario) -> Scenario:
    """The second setup, the musketeers 8 models, not 6 (the town as shipped since 2026-11-30)."""
    return _resize(sc, {"B3": 8})


def now_musketeers7(sc: Scenario) -> Scenario:
    """The second setup, the musketeers 7 models, not 6."""
    return _resize(sc, {"B3": 7})


def second_setup(sc: Scenario) -> Scenario:
    """The town's second setup itself (2026-11-29 to 2026-11-30: 6 musketeers)."""
    return sc


ON_SHIPPED: dict[str, Callable[[Scenario], Scenario]] = {
    f.__name__: f for f in (now_musketeers8, now_musketeers7, second_setup)}
VARIANTS.update(ON_SHIPPED)
#: the variants that became the shipped town (the bench plays it exactly)
BECAME_SHIPPED = ("now_musketeers8",)
