"""Every benchmark in one command; writes docs/benchmarks.md (machine, date, tables).

    python tests/bench/run_all.py [--quick] [--out docs/benchmarks.md]

Runs: start to first frame (from source, and frozen if dist/Cannonade exists,
with the bundle's size); frame times per scene at 1280x720 and 1920x1080 (idle,
animating, AI thinking); each game's AI per level (mean and max seconds a move,
and nodes per second and depth for Cannon's search); Cannon perft at depth 4;
how fast a thinking AI stops; the CPU an idle app uses; and six phones on loopback
(tap-to-table latency, the frame with phones, memory with reconnects). Nothing here is
pass/fail: the targets are printed beside the figures, and a person judges.
``--quick`` shortens every measurement (for checking the script, not the figures).
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def machine() -> str:
    import pygame
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            cpu = next((ln.split(":", 1)[1].strip() for ln in fh if ln.startswith("model name")), cpu)
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores; {platform.system()} {platform.release()}; Python "
            f"{platform.python_version()}; pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))}); "
            f"video driver {os.environ.get('SDL_VIDEODRIVER')}")


def startup(runs: int) -> list[str]:
    import bench_startup
    rows = ["| build | median | runs | target |", "|---|---|---|---|"]
    src = bench_startup.measure([sys.executable, os.path.join(ROOT, "main.py")], runs)
    rows.append(f"| from source | {statistics.median(src):.3f} s | {', '.join(f'{t:.2f}' for t in src)} | < 1 s |")
    exe = os.path.join(ROOT, "dist", "Cannonade", "Cannonade.exe" if sys.platform == "win32" else "Cannonade")
    if os.path.exists(exe):
        fz = bench_startup.measure([exe], runs)
        rows.append(f"| frozen | {statistics.median(fz):.3f} s | {', '.join(f'{t:.2f}' for t in fz)} | < 2 s |")
        size = sum(os.path.getsize(p) for b, _, fs in os.walk(os.path.dirname(exe)) for f in fs
                   if not os.path.islink(p := os.path.join(b, f)))
        rows.append(f"| frozen bundle size | {size / 1e6:.1f} MB | | |")
    else:
        rows.append("| frozen | not measured: no bundle (run `python build/build.py` first) | | < 2 s |")
    return rows


def frames(size, n) -> list[str]:
    import bench_frames
    rows = ["| scene | p50 | p95 | max | frames | target (p95) |", "|---|---|---|---|---|---|"]
    for r in bench_frames.measure(size, n):
        target = "< 20 ms" if ("thinking" in r["scene"] or "playing" in r["scene"]) else "< 8 ms"
        rows.append(f"| {r['scene']} | {r['p50']:.2f} ms | {r['p95']:.2f} ms | {r['max']:.2f} ms | {r['frames']} | "
                    f"{target} |")
    return rows


def ai_per_level(moves: int) -> list[str]:
    """Each game's levels against themselves for ``moves`` moves a seat (seeded)."""
    import games
    from games.core.arena import play_one
    rows = ["| game | level | moves timed | mean s/move | max s/move |", "|---|---|---|---|---|"]
    for info in games.GAMES:
        for level in ("easy", "normal", "hard"):
            times: list[float] = []
            g = 0
            while len(times) < moves and g < 20:
                r = play_one(info.id, [level] * 2, seed=1, index=g, time_scale=1.0,
                             ply_cap=max(8, 2 * moves + 4) if info.id == "cannon" else None)
                times += [t for ts in r["times"].values() for t in ts]
                g += 1
            times = times[:max(moves, 1) * 4]
            rows.append(f"| {info.title} | {level} | {len(times)} | {statistics.mean(times):.3f} | "
                        f"{max(times):.3f} |")
    return rows


def cannon_search(quick: bool) -> list[str]:
    import bench_cannon_ai
    stats = bench_cannon_ai.search_stats("hard", 0.25 if quick else 1.0)
    rows = ["| position | move | depth | nodes | seconds | nodes/s |", "|---|---|---|---|---|---|"]
    for s in stats:
        rows.append(f"| {s['position']} | {s['move']} | {s['depth']} | {s['nodes']:,} | {s['seconds']:.2f} | "
                    f"{s['nps']:,} |")
    nodes, secs = sum(s["nodes"] for s in stats), sum(s["seconds"] for s in stats)
    rows.append(f"| average | | {sum(s['depth'] for s in stats) / len(stats):.1f} | | | "
                f"{int(nodes / secs) if secs else 0:,} |")
    return rows


def perft(depth: int) -> list[str]:
    from games.cannon.rules.perft import perft as run, start_position
    rows = ["| long shot | depth | leaves | seconds | leaves/s |", "|---|---|---|---|---|"]
    for shot in ("pass-over", "blocking"):
        st = start_position(shot_rule=shot)
        t = time.perf_counter()
        n = run(st, depth)
        dt = time.perf_counter() - t
        rows.append(f"| {shot} | {depth} | {n:,} | {dt:.2f} | {int(n / dt):,} |")
    return rows


def cancel(runs: int) -> list[str]:
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "bench", "bench_ai_cancel.py"),
                          "--runs", str(runs)], capture_output=True, text=True, cwd=ROOT)
    lines = [ln.split() for ln in out.stdout.splitlines()[1:] if ln.strip()]
    rows = ["| game | median ms | max ms | target |", "|---|---|---|---|"]
    rows += [f"| {p[0]} | {p[1]} | {p[2]} | < 100 ms |" for p in lines if len(p) == 3]
    return rows


def idle(seconds: float) -> list[str]:
    import bench_idle_cpu
    import games
    rows = ["| scene | CPU (share of one core) | target |", "|---|---|---|"]
    cases = [("menu", lambda app: None)] + [(f"{g.title}, board waiting for a person", bench_idle_cpu.game_scene(g))
                                            for g in games.GAMES]
    for name, make in cases:
        share = bench_idle_cpu.measure(make, seconds, 2.0)
        rows.append(f"| {name} | {share * 100:.1f}% | <= 5% |")
    return rows


def phones(quick: bool) -> list[str]:
    import bench_phones
    return bench_phones.run(1 if quick else 4, 60 if quick else 600, 2 if quick else 20)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="short runs: check the script, not the figures")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "benchmarks.md"))
    args = ap.parse_args(argv)
    q = args.quick
    sections = []
    steps = [
        ("Start to first frame", "python tests/bench/bench_startup.py", lambda: startup(2 if q else 5)),
        ("Frame times at 1280x720", "python tests/bench/bench_frames.py --size 1280x720",
         lambda: frames((1280, 720), 40 if q else 240)),
        ("Frame times at 1920x1080", "python tests/bench/bench_frames.py --size 1920x1080",
         lambda: frames((1920, 1080), 40 if q else 240)),
        ("AI time per move, each level against itself", "python main.py arena --game GAME --seats LEVEL,LEVEL",
         lambda: ai_per_level(3 if q else 20)),
        ("Cannon's Hard search (nodes per second, depth)", "python tests/bench/bench_cannon_ai.py",
         lambda: cannon_search(q)),
        ("Cannon perft", "python main.py cannon perft --depth 4 --towns f1,e10 [--shot blocking]",
         lambda: perft(3 if q else 4)),
        ("A thinking AI stops (Undo, Menu, closing)", "python tests/bench/bench_ai_cancel.py",
         lambda: cancel(3 if q else 20)),
        ("CPU used by an idle app", "python tests/bench/bench_idle_cpu.py", lambda: idle(2.0 if q else 6.0)),
        ("Phones on loopback: tap-to-table, frames, memory", "python tests/bench/bench_phones.py",
         lambda: phones(q)),
    ]
    for title, cmd, fn in steps:
        print(f"== {title}", flush=True)
        t0 = time.perf_counter()
        rows = fn()
        print("\n".join(rows), flush=True)
        sections.append(f"## {title}\n\n    {cmd}\n\n" + "\n".join(rows) + f"\n\n(took {time.perf_counter() - t0:.0f} s)\n")
    head = (f"# Benchmarks\n\nWritten by `python tests/bench/run_all.py` on "
            f"{datetime.date.today().isoformat()}.\n\nMachine: {machine()}.\n\n"
            "Every figure is printed by a script under `tests/bench/` (the command above each table runs\n"
            "that part alone); none is asserted in the test suite, because these machines are shared and\n"
            "noisy. Compare figures only within one run. Frame times are our work per frame (events,\n"
            "update, draw); handing the picture to the display is measured apart by `bench_frames.py`.\n"
            "AI strength is not here: see `docs/cannon_ai.md`, `docs/rules/cannon_corps.md`,\n"
            "`docs/cannon_ball_ai.md` and `docs/artillery_ai.md`.\n\n")
    text = head + "\n".join(sections)
    if not q:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
