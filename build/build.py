"""Build the one-folder bundle (dist/Cannonade/) and smoke-test it.

    python build/build.py            build, then run the frozen app's --smoke
    python build/build.py --no-build only smoke-test an existing bundle

Prints the bundle size and the smoke result; exits non-zero if either step fails.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST = os.path.join(ROOT, "dist")
WORK = os.path.join(ROOT, "build", "work")


def exe_path() -> str:
    name = "Cannonade.exe" if sys.platform == "win32" else "Cannonade"
    return os.path.join(DIST, "Cannonade", name)


def folder_size(path: str) -> int:
    total = 0
    for base, _dirs, files in os.walk(path):
        for f in files:
            fp = os.path.join(base, f)
            if not os.path.islink(fp):
                total += os.path.getsize(fp)
    return total


def build() -> int:
    t0 = time.perf_counter()
    shutil.rmtree(os.path.join(DIST, "Cannonade"), ignore_errors=True)
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", DIST, "--workpath", WORK, os.path.join(ROOT, "build", "cannonade.spec")]
    print("building:", " ".join(cmd), flush=True)
    r = subprocess.run(cmd, cwd=ROOT)
    if r.returncode != 0:
        print("build: PyInstaller failed", file=sys.stderr)
        return r.returncode
    print(f"build: done in {time.perf_counter() - t0:.0f} s; bundle {folder_size(os.path.join(DIST, 'Cannonade')) / 1e6:.1f} MB")
    return 0


def smoke() -> int:
    exe = exe_path()
    if not os.path.exists(exe):
        print(f"smoke: no bundle at {exe}", file=sys.stderr)
        return 1
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    t0 = time.perf_counter()
    # run from another folder: assets must be found from the bundle, not the cwd
    r = subprocess.run([exe, "--smoke"], env=env, cwd=os.path.expanduser("~") if os.path.isdir(os.path.expanduser("~")) else "/",
                       capture_output=True, text=True, timeout=600)
    print(r.stdout.strip())
    if r.returncode != 0:
        print(r.stderr[-4000:], file=sys.stderr)
        print(f"smoke: frozen app FAILED (exit {r.returncode})", file=sys.stderr)
        return 1
    print(f"smoke: frozen app ok in {time.perf_counter() - t0:.1f} s")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true", help="skip PyInstaller, only smoke-test dist/Cannonade")
    args = ap.parse_args()
    if not args.no_build:
        rc = build()
        if rc:
            return rc
    return smoke()


if __name__ == "__main__":
    sys.exit(main())
