"""Cannon Ball balance (a benchmark script, not a test): how games are won, how long they
last, and whether the showpiece happens (bridges blown, TNT placed, bridges rebuilt,
gates opened and closed), per pairing of levels, with the ladder and the AI's time.

Everything is read from each finished match's log and the positions it passed through
(``Match.state_at``), never from counters kept by the AI or the board.

    python tests/bench/cannon_ball_balance.py --lineup hard,hard --games 200 --jobs 2
    python tests/bench/cannon_ball_balance.py --ladder --games 100 --jobs 2   # every pairing of the issue
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from games.core.arena import play_all  # noqa: E402

LADDER = ("hard,normal", "hard,easy", "easy,random", "normal,random", "hard,random", "hard,hard",
          "easy,easy", "normal,normal", "normal,easy")
WAYS = ("men into an open gate", "cannon and men into an open gate", "cannon gamble at a gate",
        "TNT under a gate", "fort deserted", "truce")


def way_of_winning(match) -> str:
    st = match.state
    r = st.reason.lower()
    if "truce" in r or "draw" in r:
        return "truce"
    if "left the fort" in r:
        return "fort deserted"
    if "blew up gate" in r:
        return "TNT under a gate"
    if "shot down gate" in r:
        return "cannon gamble at a gate"
    if "stands before the open gate" in r:
        from games.cannon_ball.rules import battlefield as M
        w = st.winner()
        gate = next(g for g in M.GATES if f"open gate {g.id.lower()}" in r)
        return "cannon and men into an open gate" if st.section_cannon(gate.section, w) >= 0 else \
            "men into an open gate"
    return r or "unfinished"


class Watch:
    """Per game: AI seconds per whole turn per entry; the rest is read at the end."""

    def __init__(self):
        self.turn_times: dict[int, list] = {}
        self.cur = None

    def moved(self, match, entry, seat, move, seconds) -> None:
        key = (match.state.turn, seat)
        if key != self.cur:
            self.turn_times.setdefault(entry, []).append(0.0)
            self.cur = key
        self.turn_times[entry][-1] += seconds

    def result(self, match, entry_at) -> dict:
        seat_entry = {p: entry_at[p] for p in range(2)}
        tnt_bridge = Counter()
        tnt_gate = Counter()
        gate_turns = Counter()
        rebuild_tries, rebuilt = Counter(), Counter()
        blown_tnt = blown_crossing = tnt_right = tnt_dud = 0
        shooting = None
        for i, e in enumerate(match.log):
            before, after = match.state_at(i), match.state_at(i + 1)
            t = e.text
            lost = sum(before.bridges) - sum(after.bridges)
            if e.player >= 0:
                who = seat_entry[e.player]
                if t.startswith("TNT "):
                    (tnt_gate if t[4:].strip().upper() in ("SW", "SE", "NW", "NE") else tnt_bridge)[who] += 1
                elif t.startswith(("open ", "close ")):
                    gate_turns[who] += 1
                elif t.startswith("rebuild"):
                    rebuild_tries[who] += 1
                    shooting = ("rebuild", who)
                elif t.startswith("tnt "):
                    shooting = ("tnt", who)
                elif t.startswith(("move", "fire")):
                    shooting = None
            else:
                if t == "explodes" and lost > 0:
                    blown_crossing += 1
                elif t.startswith("spin") and shooting is not None:
                    kind, who = shooting
                    if kind == "tnt":
                        if lost > 0:
                            tnt_right += 1
                            blown_tnt += 1
                        else:
                            tnt_dud += 1
                    elif sum(after.bridges) > sum(before.bridges):
                        rebuilt[who] += 1
                    shooting = None
        return {"turn_times": self.turn_times, "turns": match.state.turn,
                "way": way_of_winning(match) if match.is_over() else "unfinished",
                "reason": match.state.reason,
                "tnt_bridge": dict(tnt_bridge), "tnt_gate": dict(tnt_gate), "gate_turns": dict(gate_turns),
                "rebuild_tries": dict(rebuild_tries), "rebuilt": dict(rebuilt), "blown_tnt": blown_tnt,
                "blown_crossing": blown_crossing, "tnt_right": tnt_right, "tnt_dud": tnt_dud}


def run(levels, games, seed=1, jobs=1, options=None, time_scale=1.0) -> dict:
    results = play_all("cannon_ball", levels, games, seed, jobs=jobs, options=options, watch=Watch,
                       time_scale=time_scale)
    ok = [r for r in results if not r["aborted"]]
    n = len(ok)
    wins = Counter(r["winner_entry"] for r in ok)
    turns = [r["turns"] for r in ok]
    ways = Counter(r["way"] for r in ok)
    per_entry = {}
    for e in range(len(levels)):
        tt = [t for r in ok for t in r["turn_times"].get(e, [])]
        per_entry[e] = {
            "wins": wins.get(e, 0),
            "games_with_bridge_tnt": sum(1 for r in ok if r["tnt_bridge"].get(e)),
            "games_with_tnt": sum(1 for r in ok if r["tnt_bridge"].get(e) or r["tnt_gate"].get(e)),
            "games_with_gate_turn": sum(1 for r in ok if r["gate_turns"].get(e)),
            "rebuild_tries": sum(r["rebuild_tries"].get(e, 0) for r in ok),
            "rebuilt": sum(r["rebuilt"].get(e, 0) for r in ok),
            "turn_s_mean": round(statistics.mean(tt), 3) if tt else 0.0,
            "turn_s_max": round(max(tt), 3) if tt else 0.0,
        }
    return {
        "levels": levels, "games": n, "errors": sum(len(r["errors"]) for r in results),
        "aborted": len(results) - n,
        "truces": ways.get("truce", 0), "median_turns": statistics.median(turns) if turns else 0,
        "mean_turns": round(statistics.mean(turns), 1) if turns else 0, "max_turns": max(turns, default=0),
        "under_25": sum(1 for t in turns if t < 25),
        "ways": {w: ways.get(w, 0) for w in WAYS},
        "truce_reasons": dict(Counter(r["reason"] for r in ok if r["way"] == "truce")),
        "games_with_a_bridge_blown": sum(1 for r in ok if r["blown_tnt"] + r["blown_crossing"] > 0),
        "blown_tnt": sum(r["blown_tnt"] for r in ok), "blown_crossing": sum(r["blown_crossing"] for r in ok),
        "tnt_right": sum(r["tnt_right"] for r in ok), "tnt_dud": sum(r["tnt_dud"] for r in ok),
        "entries": per_entry,
    }


def report(res) -> str:
    lv = res["levels"]
    n = max(1, res["games"])
    e = res["entries"]
    lines = [f"== {' vs '.join(lv)}: {res['games']} games (errors {res['errors']}, aborted {res['aborted']})",
             "  wins: " + ", ".join(f"{lv[i]}#{i} {e[i]['wins']} ({100 * e[i]['wins'] / n:.1f}%)" for i in e)
             + f", truces {res['truces']} ({100 * res['truces'] / n:.1f}%)",
             f"  length (both players' turns): median {res['median_turns']}, mean {res['mean_turns']}, "
             f"max {res['max_turns']}, under 25: {res['under_25']}",
             "  ways of winning: " + ", ".join(f"{w} {c} ({100 * c / n:.0f}%)" for w, c in res["ways"].items()),
             "  truces: " + (", ".join(f"{r} {c}" for r, c in sorted(res["truce_reasons"].items())) or "none"),
             f"  a bridge blew up in {res['games_with_a_bridge_blown']} games "
             f"({100 * res['games_with_a_bridge_blown'] / n:.0f}%): by TNT {res['blown_tnt']}, "
             f"under a crossing {res['blown_crossing']}; TNT shots right {res['tnt_right']}, duds {res['tnt_dud']}"]
    for i in e:
        x = e[i]
        lines.append(f"  {lv[i]}#{i}: TNT placed in {x['games_with_tnt']} games "
                     f"({100 * x['games_with_tnt'] / n:.0f}%), at a bridge in {x['games_with_bridge_tnt']} games "
                     f"({100 * x['games_with_bridge_tnt'] / n:.0f}%), a gate turn in {x['games_with_gate_turn']} "
                     f"games, rebuilds {x['rebuilt']}/{x['rebuild_tries']} tried, "
                     f"seconds per whole turn mean {x['turn_s_mean']} max {x['turn_s_max']}")
    return "\n".join(lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lineup", action="append", help="comma-separated levels (repeatable)")
    ap.add_argument("--ladder", action="store_true", help="every pairing the issue names: " + " / ".join(LADDER))
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--time-scale", type=float, default=1.0)
    a = ap.parse_args(argv)
    lineups = a.lineup or (LADDER if a.ladder else ("hard,hard",))
    for lu in lineups:
        t0 = time.perf_counter()
        res = run(lu.split(","), a.games, a.seed, a.jobs, time_scale=a.time_scale)
        print(report(res) + f"\n  wall {time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
