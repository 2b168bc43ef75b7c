"""Artillery AI-vs-AI arena (a benchmark script, not a test): prints figures.

The games are :func:`games.core.arena.play_one`'s (seats alternate between
games, every game seeded, the AI gets only its seat's view); this script adds
Artillery's own figures through a watcher: the time of a whole activation, the
round a game reached and how it was won.

    python tests/bench/arena_artillery.py                       # every scenario, the issue's lineups
    python tests/bench/arena_artillery.py --scenario anchor --lineup hard,normal --games 100 --jobs 2

A weight under trial, without editing the code: ``--params`` merges JSON into the AI's
``SCENARIO_PARAMS`` (level -> scenario or "scenario/seat" -> weights) in every worker, and
``--side`` plays only the games in which the first entry sits in that seat (the same
games, seeds and indices as the whole run):

    python tests/bench/arena_artillery.py --scenario town --lineup hard,easy --games 200 --side 1 \
        --params '{"hard": {"town/1": {"race": 0.5}}}'

``--variant`` plays a trial setup of the town from ``tests/bench/town_variants.py`` instead
of the shipped one (in every worker, the same games and seeds).
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.artillery.rules.scenarios import SCENARIO_ORDER  # noqa: E402
from games.core.arena import format_table, play_all, summarise  # noqa: E402

LINEUPS = ("hard,easy", "hard,normal", "easy,random", "normal,random", "hard,random")
SCENARIOS = SCENARIO_ORDER


class ActivationWatch:
    """Seconds per whole activation (from the 'activate' decision to the card's
    end) per entry, and how the game ended."""

    def __init__(self):
        self.acts: dict[int, list] = {}
        self.cur: list = [None, 0.0]            # [entry, seconds] of the activation under way

    def moved(self, match, entry, seat, move, seconds) -> None:
        if move.kind in ("activate", "pick"):
            self._close()
            self.cur[:] = [entry, seconds] if move.kind == "activate" else [None, 0.0]
        elif self.cur[0] == entry:
            self.cur[1] += seconds

    def _close(self) -> None:
        if self.cur[0] is not None:
            self.acts.setdefault(self.cur[0], []).append(self.cur[1])

    def result(self, match, entry_at) -> dict:
        self._close()
        st = match.state
        over = match.is_over()
        return {"acts": self.acts, "reason": st.reason, "round": st.round, "seat_of": entry_at,
                "winner_seat": st.winner() if over else None,
                "at_limit": over and st.round >= st.scenario.rounds}


def trial_weights(text: str) -> None:
    """Merge ``--params`` (JSON: level -> scenario key -> weights) into the AI's table;
    run in every worker before its first game."""
    from games.artillery.ai.evaluation import SCENARIO_PARAMS
    for level, by_key in json.loads(text).items():
        for key, weights in by_key.items():
            SCENARIO_PARAMS.setdefault(level, {}).setdefault(key, {}).update(weights)


def worker_setup(params: str, variant: str) -> None:
    """Run in every worker before its first game: trial weights, a trial town."""
    if params:
        trial_weights(params)
    if variant:
        from tests.bench import town_variants
        town_variants.install(variant)


def _params(text: str) -> str:
    """argparse's check of ``--params``: JSON of the table's shape, or a clear message
    (argparse runs it on the empty default too: no weights)."""
    if not text:
        return text
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"not JSON ({exc})") from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) and all(isinstance(w, dict) for w in v.values())
                                             for v in data.values()):
        raise argparse.ArgumentTypeError('expected {"level": {"scenario or scenario/seat": {"weight": number}}}')
    known = _known_weights()
    for by_key in data.values():
        for weights in by_key.values():
            for name, value in weights.items():
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise argparse.ArgumentTypeError(f"weight {name!r}: {value!r} is not a number")
                if name not in known:
                    # a weight the code reads with a default may be new to every table: say so, go on
                    print(f"note: {name!r} is in no level's or scenario's weights; "
                          "a misspelled name would change nothing", file=sys.stderr)
    return text


def _known_weights() -> set[str]:
    from games.artillery.ai.evaluation import LEVEL_PARAMS, SCENARIO_PARAMS
    names = {k for p in LEVEL_PARAMS.values() for k in p}
    names |= {k for by_key in SCENARIO_PARAMS.values() for p in by_key.values() for k in p}
    return names


def _variant_names() -> list[str]:
    from tests.bench.town_variants import VARIANTS
    return sorted(VARIANTS)


def run(scenario: str, lineup: list, games: int, seed: int = 1, jobs: int = 1, quiet: bool = False,
        side: int | None = None, params: str = "", variant: str = "") -> dict:
    indices = None if side is None else [g for g in range(games) if g % 2 == side]
    results = play_all("artillery", lineup, games, seed, jobs=jobs, options={"scenario": scenario},
                       watch=ActivationWatch, indices=indices,
                       setup=worker_setup if params or variant else None, setup_args=(params, variant))
    res = summarise(f"artillery/{scenario}", lineup, results)
    # by seat: how often entry 0 won as seat 0 and as seat 1
    by_seat = [[0, 0], [0, 0]]
    for r in results:
        if r["error"] or r["unfinished"] or r.get("winner_seat") is None:
            continue
        seat_of_entry0 = r["seat_of"].index(0)
        by_seat[seat_of_entry0][0 if r["winner_entry"] == 0 else 1] += 1
    res["entry0_by_seat"] = by_seat
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r.get("reason", "")] = reasons.get(r.get("reason", ""), 0) + 1
    res["reasons"] = reasons
    res["at_limit"] = sum(1 for r in results if r.get("at_limit"))
    res["activation_seconds"] = []
    for e in range(len(lineup)):
        ts = [t for r in results for t in r.get("acts", {}).get(e, [])]
        res["activation_seconds"].append((sum(ts) / len(ts) if ts else 0.0, max(ts) if ts else 0.0, len(ts)))
    if not quiet:
        print(format_table(res))
        print(f"  entry 1 as seat 0: won {by_seat[0][0]} lost {by_seat[0][1]}; "
              f"as seat 1: won {by_seat[1][0]} lost {by_seat[1][1]}")
        for k, v in sorted(reasons.items(), key=lambda kv: -kv[1]):
            print(f"    {v:4d}  {k}")
        print(f"  games that reached the round limit: {res['at_limit']} (undecided: {res['draws']})")
        ended = sorted(Counter(r["round"] for r in results if r.get("round")).items())
        print("  the round each game ended in: " + ", ".join(f"{k}: {v}" for k, v in ended))
        for e, (mean, mx, cnt) in enumerate(res["activation_seconds"]):
            print(f"  {lineup[e]}: s per activation (its card's decisions from 'activate' to its end) "
                  f"mean {mean:.3f} max {mx:.3f} over {cnt}")
        sys.stdout.flush()
    return res


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", action="append", choices=SCENARIOS)
    ap.add_argument("--lineup", action="append", help="comma-separated levels (repeatable)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--side", type=int, choices=(0, 1),
                    help="only the games of the run in which the first entry sits in this seat")
    ap.add_argument("--params", type=_params, default="",
                    help="JSON weights merged into the AI's SCENARIO_PARAMS for this run")
    ap.add_argument("--variant", default="", choices=("",) + tuple(_variant_names()), metavar="NAME",
                    help="a trial setup of the town (tests/bench/town_variants.py): "
                         + ", ".join(_variant_names()))
    a = ap.parse_args(argv)
    if a.variant and (a.scenario or []) != ["town"]:
        ap.error("--variant changes the town only: give --scenario town")
    for sc in a.scenario or SCENARIOS:
        for lu in a.lineup or LINEUPS:
            run(sc, lu.split(","), a.games, a.seed, a.jobs, side=a.side, params=a.params, variant=a.variant)


if __name__ == "__main__":
    main()
