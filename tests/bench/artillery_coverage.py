"""Artillery rule coverage (a benchmark script, not a test): how often each rule of the
chapter comes up in Hard-vs-Hard games of each scenario, and who does the killing, guns
or small arms.

The games are :func:`games.core.arena.play_all`'s (seeded, seats alternating). Every
figure is read from each finished match's typed events (``state.events``) and the
positions it passed through (``Match.state_at``), never from counters kept by the AI.
A rule "fires" in a game when the event or the position that shows it happened at least
once; the table gives the share of games in which it fired and, in brackets, how many
times per game on average.

    python tests/bench/artillery_coverage.py --games 100 --jobs 1
    python tests/bench/artillery_coverage.py --scenario town --games 30 --lineup hard,easy
    python tests/bench/artillery_coverage.py --scenario town --games 100 --jobs 2 --variant musketeers8 \
        --params '{"hard": {"town/0": {"race": 0.2}}}'

``--params`` and ``--variant`` are the arena's (``tests/bench/arena_artillery.py``): trial
weights and a trial town, installed in every worker.

Rules marked ``rare`` need long odds by the chapter's own numbers (two natural 10s, a
damage target number of 11 or more, a crew wiped out); the target is that every rule
fires at least once in some scenario and that every other rule fires in at least 10% of
the games of its best scenario.  A rule in ``DOMINATED`` is one no sound player uses
(chainshot at a wall: roundshot from the same gun is never worse); it is not counted
short.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.core.arena import play_all  # noqa: E402

#: (key, what the chapter says, rare)
RULES: tuple[tuple[str, str, bool], ...] = (
    # 7.1 crews
    ("fire_one_model", "7.1 guns fired by a crew short of their minimum crews (one model a gun)", False),
    ("reload", "7.1 standard Reload, one marker off each gun", False),
    ("reload_part", "7.1 a crew short of its guns' crews reloads only what it can crew", False),
    ("reload_dedicated", "7.1 dedicated reload below the minimum crew", False),
    ("abandon_action", "7.1 Abandon (a Standard action)", False),
    ("abandon_12", "7.1 guns abandoned by a crew 12\" away at the end of an activation", True),
    ("crew_lost", "7.1 guns left without a crew (crew destroyed or routed)", False),
    ("assign", "7.1 Assignment action on abandoned guns", False),
    ("assign_enemy", "7.1 a unit crews abandoned guns the other side fielded", True),
    ("spike", "7.1 Spike Artillery", False),
    ("choose_guns", "7.1 the player decides which of a crew's guns fire (some ready guns held back)", False),
    # firing limits
    ("second_test", "7.1 a further Shoot Test in one activation costs a Fatigue", False),
    ("moved_no_fire", "7.1 a gun that moved or turned may not fire that activation", False),
    ("crew_small_arms", "7.1 a gun crew shoots small arms instead (never both)", False),
    # moving artillery
    ("move_light", "7.1 Light Cannon moved on its carriage (-1\")", False),
    ("move_medium", "7.1 Medium Cannon moved on its carriage (-2\")", False),
    ("move_swivel", "7.1 Swivel moved on a field carriage (-1\")", False),
    ("turn_gun", "7.1 a field gun turned", False),
    ("heavy_turn", "7.1 Heavy Cannon on a field carriage turned (it cannot be moved)", False),
    ("leave_guns", "7.1 a crew moves leaving its field guns (chooses which move)", False),
    ("under_crew_turn", "7.1 a mobile gun below its minimum crew only turns in place", True),
    ("door", "7.1 a field gun rolled into a structure through a door", False),
    # cover and destroying artillery
    ("gun_cover", "7.1 artillery pieces are cover (a save helped only by a gun beside the unit)", False),
    ("gun_save_6", "7.1 a field gun hit by a cannon saves on 6+ in cover", False),
    ("gun_save_9", "7.1 a field gun hit by a cannon saves on 9+ in the open", False),
    ("guns_safe_small", "7.1 small arms and swivels hit a crew with field guns: the guns are safe", False),
    ("mounted_crit", "7.1 a gun in a structure lost to critical damage", False),
    # 7.2 the shoot sequence
    ("arc_field", "7.2 cannon fired from a field carriage (45 degree cone)", False),
    ("arc_fort", "7.2 cannon fired from a fortification's face", False),
    ("arc_deck", "7.2 cannon fired from a ship's deck", False),
    ("range_band", "7.2 cannon range penalty of +1 or more (8\" bands)", False),
    ("range_far", "7.2 cannon range penalty of +3 or more (24\" and beyond)", False),
    ("natural_10", "7.2 a natural 10 hits where the target number is 11+", False),
    ("round_unit", "7.2 roundshot or chainshot hits a unit in the open: a casualty, no save", False),
    ("round_unit_cover", "7.2 ... even in cover", False),
    ("section_not_unit", "7.2 units inside a structure: the section is hit and they take the hits", False),
    ("spread_hits", "7.2 hits spread as evenly as possible over several units in a section", True),
    ("damage_dice", "7.2 damage dice against Fortitude plus the range penalty", False),
    ("damage_tn_11", "7.2 a damage target number of 11 or more (two natural 10s for a Lucky Hit)", True),
    ("lucky", "7.2 Lucky Hit (a natural 10 among the damage dice)", False),
    ("lucky_two_tens", "7.2 Lucky Hit from two natural 10s at 11+", True),
    ("critical", "7.2 Critical Hit (damage at least twice the Fortitude left)", False),
    ("fatigue_test", "7.2 Fatigue Test after hits", False),
    # 7.3 Fortitude and Integrity
    ("fortitude_drop", "7.3 Fortitude lost when the tally reaches the Integrity", False),
    ("fortitude_floor", "7.3 Fortitude never below 1", True),
    ("shanty", "7.3 Shanty (2/2) damaged", False),
    ("wooden", "7.3 Wooden Building (2/3) damaged", False),
    ("large_wooden", "7.3 Large Wooden Building (3/3) damaged", False),
    ("stone", "7.3 Stone Building (3/3) damaged", False),
    ("large_stone", "7.3 Large Stone Building (3/4) damaged", False),
    ("very_large", "7.3 Very Large Building (4/4) damaged", False),
    # 7.4 swivels
    ("swivel_unit", "7.4 swivel fired at a unit (as small arms, 6+, 3 dice)", False),
    ("swivel_inside", "7.4 swivel fired at a unit inside a structure", False),
    ("swivel_rigging", "7.4 swivel fired at rigging (hits halved)", False),
    # 7.6 shot types
    ("round_rigging", "7.6 roundshot at rigging: half the hits", False),
    ("chain_rigging", "7.6 chainshot at rigging", False),
    ("chain_furled", "7.6 chainshot at rigging with sails not at their highest setting: +2", False),
    ("chain_structure", "7.6 chainshot at a structure other than rigging: half the hits", False),
    ("chain_limit", "7.6 chainshot out of range (past 40\"): a gun carrying chain fires roundshot", False),
    ("grape_unit", "7.6 grapeshot at a unit (all dice together, saves allowed)", False),
    ("grape_inside", "7.6 grapeshot at a unit inside a structure", False),
    ("grape_rigging", "7.6 grapeshot at rigging: half the hits", False),
)
RULE_KEYS = tuple(k for k, _t, _r in RULES)
#: rules no sound player uses, with why: they are not counted short when they never fire
#: (each still has its clause test in tests/artillery/)
DOMINATED = {
    # the same shoot test and damage target number as roundshot from the same guns, half
    # the hits, and a 40" reach: while a gun carries roundshot (every gun of the chapter
    # does) chain at a wall is never the better shot
    # (test_chainshot_at_a_structure_other_than_rigging_is_never_better_than_roundshot)
    "chain_structure": "never better than roundshot",
}
BUILDINGS = ("shanty", "wooden", "large_wooden", "stone", "large_stone", "very_large")


def _min_crew(st, guns) -> int:
    return sum(st.guns[g].stats.min_crew for g in guns)


def count_rules(match) -> tuple[Counter, dict]:  # noqa: C901 - one branch per rule, read in one place
    """The rules that fired in a finished match (key -> times), and who did the damage:
    {"guns": models, "small": models, "shots": Counter of shot kinds, "struct": points}."""
    from games.artillery.rules import events as ev
    from games.artillery.rules import geometry as geo
    from games.artillery.rules.data import LUCKY_TWO_TENS_FROM, STRUCTURES
    from games.artillery.rules.shots import unit_cover
    c: Counter = Counter()
    dmg = {"guns": 0, "small": 0, "struct": 0, "shots": Counter()}
    kind = "small"          # what the shot being resolved is: "small" or "guns"
    last_damage_tn = 0
    for i in range(len(match.log)):
        before, after = match.state_at(i), match.state_at(i + 1)
        new = after.events[len(before.events):]
        if not new:
            continue
        for e in new:
            if isinstance(e, ev.ShotDeclared):
                kind = "small" if e.ammo == "small" else "guns"
                dmg["shots"][e.ammo] += 1
                u = before.units[e.unit]
                if e.ammo == "small":
                    if before.guns_of(u.id):
                        c["crew_small_arms"] += 1
                    continue
                gl = [before.guns[g] for g in e.guns]
                if u.models < _min_crew(before, e.guns):
                    c["fire_one_model"] += 1
                ready = [g for g in before.operable(u) if not g.spiked and not g.markers
                         and g.stats.swivel == gl[0].stats.swivel and g.id not in before.act.moved]
                if len(ready) > len(gl):
                    c["choose_guns"] += 1
                target_unit = before.units.get(e.target)
                inside = target_unit is not None and before.unit_section(target_unit) is not None
                rigging = e.target in before.sections and before.table.is_rigging(e.target)
                if e.ammo == "swivel":
                    c["swivel_unit" if target_unit else "swivel_rigging" if rigging else "?"] += 1
                    if inside:
                        c["swivel_inside"] += 1
                    continue
                for g in gl:
                    if g.carriage:
                        c["arc_field"] += 1
                    else:
                        t = STRUCTURES[before.sections[g.section].type]
                        c["arc_deck" if t.critical_table == "hull" else "arc_fort"
                          if t.critical_table == "fortification" else "arc_building"] += 1
                if e.ammo in ("round", "chain"):
                    if e.penalty >= 1:
                        c["range_band"] += 1
                    if e.penalty >= 3:
                        c["range_far"] += 1
                if e.distance > 40.0 and any("chain" in g.ammo for g in gl):
                    c["chain_limit"] += 1
                if e.ammo == "grape":
                    c["grape_unit" if target_unit else "grape_rigging" if rigging else "?"] += 1
                    if inside:
                        c["grape_inside"] += 1
                elif e.ammo == "chain":
                    c["chain_rigging" if rigging else "chain_structure" if not target_unit else "?"] += 1
                    if rigging and before.table.structure_of[e.target].sails_reduced:
                        c["chain_furled"] += 1
            elif isinstance(e, ev.ShootTest):
                if e.tn > 10 and any(v == 10 for v in e.dice) and e.hits:
                    c["natural_10"] += 1
                t = before.units.get(e.target)
                if e.hits and t is not None and e.ammo in ("round", "chain"):
                    cov = unit_cover(before, t, tuple(before.res["origin"]))
                    c["round_unit" if cov == "open" else "round_unit_cover"] += 1
                if e.hits and t is not None and e.ammo in ("small", "swivel"):
                    if any(g.carriage for g in before.operable(t)):
                        c["guns_safe_small"] += 1
            elif isinstance(e, ev.DamageRoll):
                c["damage_dice"] += 1
                last_damage_tn = e.tn
                if e.tn >= LUCKY_TWO_TENS_FROM:
                    c["damage_tn_11"] += 1
                if e.halved and before.table.is_rigging(e.section):
                    c["round_rigging" if before.res["ammo"] == "round" else "?"] += 1
            elif isinstance(e, ev.StructureDamaged):
                dmg["struct"] += e.hits
                s = before.sections[e.section]
                c[s.type] += 1 if s.type in BUILDINGS else 0
                if e.fortitude_after < e.fortitude_before:
                    c["fortitude_drop"] += 1
                t = STRUCTURES[s.type]
                if t.fortitude - e.tally // t.integrity - after.sections[e.section].down < 1:
                    c["fortitude_floor"] += 1
            elif isinstance(e, ev.CriticalResult):
                if e.lucky:
                    c["lucky"] += 1
                    if last_damage_tn >= LUCKY_TWO_TENS_FROM:
                        c["lucky_two_tens"] += 1
                else:
                    c["critical"] += 1
            elif isinstance(e, ev.HitsAllotted):
                c["section_not_unit"] += 1
                if len(e.hits) > 1:
                    c["spread_hits"] += 1
            elif isinstance(e, ev.Casualties):
                dmg[kind] += e.n
            elif isinstance(e, ev.Saves):
                u = before.units[e.unit]
                origin = tuple(before.res["origin"]) if before.res else u.pos
                if unit_cover(before, u, origin) == "normal" and not before.table.terrain_cover(u.pos, origin) \
                        and not any(geo.point_in_poly(u.pos, s.poly) for s in before.table.sections.values()):
                    c["gun_cover"] += 1
            elif isinstance(e, ev.GunSave):
                c["gun_save_6" if e.tn <= 6 else "gun_save_9"] += 1
            elif isinstance(e, ev.GunDestroyed):
                if "critical" in e.cause or "section" in e.cause:
                    c["mounted_crit"] += 1
            elif isinstance(e, ev.FatigueTest):
                c["fatigue_test"] += 1
            elif isinstance(e, ev.FatigueGained):
                if "another shoot test" in e.reason:
                    c["second_test"] += 1
            elif isinstance(e, ev.Reloaded):
                if e.dedicated:
                    c["reload_dedicated"] += 1
                    continue
                c["reload"] += 1
                u = before.units[e.unit]
                loaded = [g.id for g in before.operable(u) if g.markers and not g.spiked]
                if len(e.guns) < len(loaded) and _min_crew(before, loaded) > u.models:
                    c["reload_part"] += 1
            elif isinstance(e, ev.Abandoned):
                c[{"action": "abandon_action", "distance": "abandon_12", "crew lost": "crew_lost"}[e.reason]] += 1
            elif isinstance(e, ev.Assigned):
                c["assign"] += 1
                if any(before.guns[g].seat != before.units[e.unit].seat for g in e.guns):
                    c["assign_enemy"] += 1
            elif isinstance(e, ev.Spiked):
                c["spike"] += 1
            elif isinstance(e, ev.Turned):
                g = before.guns[e.gun]
                c["turn_gun"] += 1
                if g.type == "heavy":
                    c["heavy_turn"] += 1
                crew = before.crew_of(g)
                if crew is not None and crew.models < g.stats.min_crew:
                    c["under_crew_turn"] += 1
                if after.act is not None and after.act.used < after.act.actions and not g.markers:
                    c["moved_no_fire"] += 1
            elif isinstance(e, ev.Moved):
                u = before.units[e.unit]
                left = [g for g in before.operable(u) if g.carriage and g.id not in {x[0] for x in e.guns}]
                if left:
                    c["leave_guns"] += 1
                for gid, _frm, to in e.guns:
                    g = before.guns[gid]
                    c[{"light": "move_light", "medium": "move_medium", "swivel": "move_swivel"}.get(g.type, "?")] += 1
                    if before.table.section_at(tuple(to), before.wrecked) is not None and \
                            before.table.section_at(tuple(_frm), before.wrecked) is None:
                        c["door"] += 1
                moved = [before.guns[gid] for gid, _f, _t in e.guns]
                if any(not g.markers and not g.spiked for g in moved) and after.act is not None \
                        and after.act.used < after.act.actions:
                    c["moved_no_fire"] += 1
    c.pop("?", None)
    return c, dmg


class Watch:
    """Per game: nothing during play; at the end, the rules that fired and the damage."""

    def moved(self, match, entry, seat, move, seconds) -> None:
        pass

    def result(self, match, entry_at) -> dict:
        rules, dmg = count_rules(match)
        st = match.state
        return {"rules": dict(rules), "dmg": {"guns": dmg["guns"], "small": dmg["small"], "struct": dmg["struct"],
                                              "shots": dict(dmg["shots"])},
                "winner_seat": st.winner() if match.is_over() else None, "seat_of": entry_at,
                "reason": st.reason}


def run(scenario: str, games: int, seed: int = 1, jobs: int = 1, lineup=("hard", "hard"),
        params: str = "", variant: str = "") -> dict:
    from tests.bench.arena_artillery import worker_setup
    results = play_all("artillery", list(lineup), games, seed, jobs=jobs, options={"scenario": scenario},
                       watch=Watch, setup=worker_setup if params or variant else None,
                       setup_args=(params, variant))
    ok = [r for r in results if not r.get("aborted")]
    n = max(1, len(ok))
    fired = Counter()
    times = Counter()
    for r in ok:
        for k, v in r["rules"].items():
            if v:
                fired[k] += 1
                times[k] += v
    guns = sum(r["dmg"]["guns"] for r in ok)
    small = sum(r["dmg"]["small"] for r in ok)
    shots = Counter()
    for r in ok:
        shots.update(r["dmg"]["shots"])
    seat_wins = Counter(r["winner_seat"] for r in ok)
    reasons = Counter(r["reason"] for r in ok)
    return {"scenario": scenario, "games": len(ok), "errors": sum(len(r["errors"]) for r in results),
            "fired": {k: fired[k] / n for k in RULE_KEYS}, "per_game": {k: times[k] / n for k in RULE_KEYS},
            "guns": guns, "small": small, "struct": sum(r["dmg"]["struct"] for r in ok) / n,
            "shots": {k: v / n for k, v in shots.items()}, "seat_wins": dict(seat_wins),
            "reasons": dict(reasons)}


def table(results: list[dict]) -> str:
    heads = [r["scenario"] for r in results]
    lines = ["| rule | " + " | ".join(heads) + " | best |", "|---|" + "---|" * (len(heads) + 1)]
    short = []
    for key, text, rare in RULES:
        cells = []
        best = 0.0
        for r in results:
            f = r["fired"][key]
            best = max(best, f)
            cells.append(f"{100 * f:.0f}% ({r['per_game'][key]:.1f})" if f else "-")
        ok = best > 0 and (rare or best >= 0.10)
        if not ok and key in DOMINATED:
            mark = f" ({DOMINATED[key]})"
        elif not ok:
            short.append(key)
            mark = " **short**"
        else:
            mark = ""
        lines.append(f"| {text}{' (rare)' if rare else ''} | " + " | ".join(cells) + f" | {100 * best:.0f}%{mark} |")
    lines.append("| **guns' share of the models removed** | " + " | ".join(
        f"{100 * r['guns'] / max(1, r['guns'] + r['small']):.0f}% ({r['guns'] / r['games']:.1f} of "
        f"{(r['guns'] + r['small']) / r['games']:.1f})" for r in results) + " | |")
    lines.append("| structure damage points a game | " + " | ".join(f"{r['struct']:.1f}" for r in results) + " | |")
    for k, name in (("round", "roundshot"), ("chain", "chainshot"), ("grape", "grapeshot"),
                    ("swivel", "swivel"), ("small", "small-arms volleys")):
        lines.append(f"| {name} a game | " + " | ".join(f"{r['shots'].get(k, 0):.1f}" for r in results) + " | |")
    lines.append("| seat 0 wins / seat 1 wins / draws | " + " | ".join(
        f"{r['seat_wins'].get(0, 0)} / {r['seat_wins'].get(1, 0)} / {r['seat_wins'].get(None, 0)}"
        for r in results) + " | |")
    lines.append("")
    lines.append("cell: share of games in which the rule fired (times per game, on average)")
    lines.append("short of the target (never, or a common rule under 10% everywhere): "
                 + (", ".join(short) if short else "none"))
    return "\n".join(lines)


def main(argv=None) -> None:
    from games.artillery.rules.scenarios import SCENARIO_ORDER
    from tests.bench.arena_artillery import _params, _variant_names
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", action="append", choices=SCENARIO_ORDER)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--lineup", default="hard,hard")
    ap.add_argument("--params", type=_params, default="",
                    help="JSON weights merged into the AI's SCENARIO_PARAMS for this run")
    ap.add_argument("--variant", default="", choices=("",) + tuple(_variant_names()), metavar="NAME",
                    help="a trial setup of the town (tests/bench/town_variants.py)")
    a = ap.parse_args(argv)
    if a.variant and (a.scenario or []) != ["town"]:
        ap.error("--variant changes the town only: give --scenario town")
    res = []
    for sc in a.scenario or SCENARIO_ORDER:
        t0 = time.perf_counter()
        r = run(sc, a.games, a.seed, a.jobs, tuple(a.lineup.split(",")), a.params, a.variant)
        res.append(r)
        print(f"{sc}: {r['games']} games, errors {r['errors']}, {time.perf_counter() - t0:.0f} s; "
              f"ends: " + "; ".join(f"{v} {k}" for k, v in sorted(r["reasons"].items(), key=lambda kv: -kv[1])),
              flush=True)
    print(table(res))


if __name__ == "__main__":
    main()
