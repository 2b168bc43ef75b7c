"""Start to first drawn frame, median of 5, from source and (if built) frozen.

    python tests/bench/bench_startup.py

Measures the wall time of a whole process that opens the window on the main menu,
draws one frame and exits (CANNONADE_EXIT_AFTER_FIRST_FRAME=1). Target: < 1.0 s from
source, < 2.0 s frozen.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def measure(cmd, runs=5):
    env = dict(os.environ, CANNONADE_EXIT_AFTER_FIRST_FRAME="1", SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    times = []
    with tempfile.TemporaryDirectory() as data:
        for _ in range(runs):
            t0 = time.perf_counter()
            r = subprocess.run(cmd + ["--data-dir", data], env=env, capture_output=True, text=True, cwd=ROOT)
            times.append(time.perf_counter() - t0)
            if r.returncode != 0 or "first-frame" not in r.stdout:
                raise SystemExit(f"failed: {' '.join(cmd)}\n{r.stdout}\n{r.stderr}")
    return times


def main():
    src = measure([sys.executable, os.path.join(ROOT, "main.py")])
    print(f"start to first frame, from source: median {statistics.median(src):.3f} s "
          f"(runs: {', '.join(f'{t:.3f}' for t in src)}); target < 1.0 s")
    exe = os.path.join(ROOT, "dist", "Cannonade", "Cannonade.exe" if sys.platform == "win32" else "Cannonade")
    if os.path.exists(exe):
        fz = measure([exe])
        print(f"start to first frame, frozen:      median {statistics.median(fz):.3f} s "
              f"(runs: {', '.join(f'{t:.3f}' for t in fz)}); target < 2.0 s")
        # as build/build.py counts it: files, not the symlinks that point at them
        size = sum(os.path.getsize(p) for b, _, fs in os.walk(os.path.dirname(exe)) for f in fs
                   if not os.path.islink(p := os.path.join(b, f)))
        print(f"frozen bundle size: {size / 1e6:.1f} MB ({os.path.dirname(exe)})")
    else:
        print("frozen: no bundle (run python build/build.py first)")


if __name__ == "__main__":
    main()
