"""Where Artillery's rarest rule could come up (a benchmark script, not a test): prints figures.

The rule is the chapter's "hits are distributed as evenly as possible among all units in
the section": a cannon's damaging hits on a structure section holding two or more units.
The rules-coverage table (``artillery_coverage.py``) counted it in no Hard-vs-Hard game of
any scenario on 2026-11-30. This script says why, and replays the trial setups screened
that day to make it come up (docs/artillery_ai.md, "The rarest rule: hits spread over a
section's units"):

    python tests/bench/artillery_stacks.py --scenario field --games 30
    python tests/bench/artillery_stacks.py --scenario anchor --games 100 --variant militia_west
    python tests/bench/artillery_stacks.py --scenario anchor --games 100 --variant militia_west \\
        --lineup hard,easy --seed 2

For each game it reads the positions the match passed through (``Match.state_at``):
- ``stack <section> <sides>``: positions with two or more units in one section, by the
  seats standing there ("01" is a section both sides stand in, "11" two of seat 1's units);
- ``damage roll on <section>, <n> inside``: cannon damage rolls at a section, by how many
  units stood in it;
- ``spread``: hits actually shared by two or more units (the coverage table's count).
Then the wins by seat and by entry, and the ways the games ended.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections import Counter
from typing import Any, Callable

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.core.arena import play_all  # noqa: E402


from games.artillery.rules import scenarios  # noqa: E402
from games.artillery.rules.data import Scenario, UnitDef  # noqa: E402

#: the scenarios as shipped, read once: a trial setup is built on these, so installing one
#: twice in a worker (a second lineup) gives the same table
SHIPPED: dict[str, Scenario] = dict(scenarios.SCENARIOS)


def _units(key: str, change: Callable[[Any], Any], extra: tuple = ()) -> Scenario:
    sc = SHIPPED[key]
    return dataclasses.replace(sc, units=tuple(change(u) for u in sc.units) + extra)


def _moved(uid: str, pos: tuple) -> Callable[[Any], Any]:
    return lambda u: dataclasses.replace(u, pos=pos) if u.id == uid else u


def militia_west() -> Scenario:
    """Ship at anchor: the battery's militia stands in the west battery, beside the Heavy's crew."""
    return _units("anchor", _moved("B3", (18.0, 40.0)))


def militia_east() -> Scenario:
    """Ship at anchor: the militia stands in the east battery, beside the two Mediums' crew."""
    return _units("anchor", _moved("B3", (31.5, 40.0)))


def militia_east_crew5() -> Scenario:
    """As ``militia_east``, the east battery's crew cut from 6 to 5."""
    return _units("anchor", lambda u: dataclasses.replace(u, pos=(31.5, 40.0)) if u.id == "B3" else
                  dataclasses.replace(u, models=5) if u.id == "B2" else u)


def east_two_crews() -> Scenario:
    """Ship at anchor: the east battery served by two crews, 4 and 3 (one of 6 before); the
    militia stays in the keep."""
    return _units("anchor", lambda u: dataclasses.replace(u, models=4) if u.id == "B2" else u,
                  (UnitDef("B4", 1, "gun_crew", 3, (33.0, 39.8)),))


def _heavy_round_only(rounds: int = 0) -> Scenario:
    sc = SHIPPED["anchor"]
    return dataclasses.replace(
        sc, rounds=rounds or sc.rounds,
        guns=tuple(dataclasses.replace(g, ammo=("round",)) if g.id == "G5" else g for g in sc.guns))


def heavy_round() -> Scenario:
    """Ship at anchor: the battery's Heavy Cannon carries roundshot only (no chain)."""
    return _heavy_round_only()


def heavy_round_15() -> Scenario:
    """As ``heavy_round``, with 15 rounds instead of 13."""
    return _heavy_round_only(15)


def heavy_round_17() -> Scenario:
    """As ``heavy_round``, with 17 rounds."""
    return _heavy_round_only(17)


def hull_points() -> Scenario:
    """Broadsides: at the round limit each point of damage to the enemy's hull scores 1 too
    (installing it also installs :func:`_hull_scoring`)."""
    sc = SHIPPED["broadside"]
    return dataclasses.replace(sc, params={**sc.params, "hull_points": 1})


def _hull_scoring() -> None:
    """Broadsides' count with ``hull_points`` (the rules' and the AI's: both read it)."""
    from games.artillery.ai import objectives
    from games.artillery.rules import victory

    def duel_points(st):
        p = st.scenario.params
        done = victory.ship_damage(st)
        hull = [0, 0]
        for sid in p["hulls"]:
            hull[victory._owner(st, sid)] += st.sections[sid].tally
        k, h = p["rigging_points"], p.get("hull_points", 0)
        return k * done[0] + st.removed[1] + h * hull[1], k * done[1] + st.removed[0] + h * hull[0]
    victory.duel_points = duel_points
    objectives.duel_points = duel_points


VARIANTS: dict[str, Callable[[], Scenario]] = {f.__name__: f for f in (
    militia_west, militia_east, militia_east_crew5, east_two_crews, heavy_round, heavy_round_15,
    heavy_round_17, hull_points)}


def install(name: str) -> None:
    """Run in every worker before its first game: the trial setup ``name`` (or none)."""
    if not name:
        return
    sc = VARIANTS[name]()
    scenarios.SCENARIOS[sc.key] = sc
    if name == "hull_points":
        _hull_scoring()


class StackWatch:
    """Per game, at the end: the stacks, the damage rolls by occupants, the spread hits."""

    def moved(self, match, entry, seat, move, seconds) -> None:
        pass

    def result(self, match, entry_at) -> dict:
        from games.artillery.rules import events as ev
        c: Counter = Counter()
        for i in range(len(match.log)):
            before, after = match.state_at(i), match.state_at(i + 1)
            for sid in before.table.sections:
                inside = before.units_in_section(sid)
                if len(inside) >= 2:
                    c[f"stack {sid} {''.join(sorted(str(u.seat) for u in inside))}"] += 1
            for e in after.events[len(before.events):]:
                if isinstance(e, ev.DamageRoll):
                    c[f"damage roll on {e.section}, {len(before.units_in_section(e.section))} inside"] += 1
                elif isinstance(e, ev.HitsAllotted) and len(e.hits) > 1:
                    c["spread"] += 1
        st = match.state
        return {"seen": dict(c), "seat_of": entry_at, "reason": st.reason,
                "winner_seat": st.winner() if match.is_over() else None}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scenario", default="anchor")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--lineup", default="hard,hard")
    ap.add_argument("--variant", default="", choices=[""] + sorted(VARIANTS))
    a = ap.parse_args(argv)
    if a.variant and VARIANTS[a.variant]().key != a.scenario:
        ap.error(f"--variant {a.variant} changes {VARIANTS[a.variant]().key!r}: "
                 f"use --scenario {VARIANTS[a.variant]().key}")
    results = play_all("artillery", a.lineup.split(","), a.games, a.seed, jobs=a.jobs,
                       options={"scenario": a.scenario}, watch=StackWatch, setup=install,
                       setup_args=(a.variant,))
    ok = [r for r in results if not r.get("aborted")]
    games: Counter[str] = Counter()
    times: Counter[str] = Counter()
    for r in ok:
        for k, v in r["seen"].items():
            games[k] += 1
            times[k] += v
    print(f"{a.scenario} {a.variant or '(as shipped)'} {a.lineup}: {len(ok)} games, seed {a.seed}")
    for k in sorted(games):
        print(f"  {k}: in {games[k]} games, {times[k]} times")
    entries = a.lineup.split(",")
    by_entry = Counter(entries[r["seat_of"][r["winner_seat"]]] + f"#{r['seat_of'][r['winner_seat']]}"
                       for r in ok if r["winner_seat"] is not None)
    by_seat = Counter(r["winner_seat"] for r in ok)
    print("  wins by seat:", {s: by_seat[s] for s in (0, 1, None) if by_seat[s]})
    print("  wins by entry:", dict(by_entry))
    print("  endings (the 8 commonest):", dict(Counter((r["winner_seat"], r["reason"]) for r in ok).most_common(8)))


if __name__ == "__main__":
    main()
