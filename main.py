"""Cannonade: four cannon games for game night.

    python main.py                      start the app
    python main.py --smoke              open every scene of every game briefly, exit 0 or 1
    python main.py arena ...            AI against AI (see: python main.py arena --help)
    python main.py screenshot ...       render a screen to PNG without a window
    python main.py cannon perft ...     Cannon move-generation counts

Every command takes --data-dir DIR to keep settings and saves elsewhere (a game's own
tool takes it before the tool's name: python main.py cannon --data-dir DIR perft ...).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # no pygame banner in headless commands' output


def _data_dir_parent() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                   help="folder for settings and saves (default: the platform's user data folder)")
    return p


def _size(text: str) -> tuple:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"{text!r}: width 320-8000 and height 240-8000, please")
    return (w, h)


def _point(text: str) -> tuple:
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a point like 640,360") from None
    return (x, y)


def build_parser() -> argparse.ArgumentParser:
    import games
    parent = _data_dir_parent()
    ap = argparse.ArgumentParser(prog="main.py", description="Cannonade: four cannon games for game night.",
                                 parents=[parent])
    from games.version import __version__
    ap.add_argument("--version", action="version", version=f"Cannonade {__version__}")
    ap.add_argument("--smoke", action="store_true", help="open every scene of every game for a few frames, then exit")
    ap.add_argument("--size", type=_size, help="window size, e.g. 1280x720")
    ap.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")

    ar = sub.add_parser("arena", parents=[parent], help="AI against AI over many seeded games",
                        description="Play AIs against each other and print wins, draws and timings.")
    ar.add_argument("--game", required=True, help="game id, or 'all' (" + ", ".join(games.BY_ID) + ")")
    ar.add_argument("--seats", default=None,
                    help="comma-separated levels, one per seat: easy, normal, hard, random (e.g. hard,normal); "
                         "without --seats, every pairing of two levels is played")
    ar.add_argument("--games", type=int, default=20, help="how many games (per pairing; default 20)")
    ar.add_argument("--check", action="store_true",
                    help="check every move and position against the game's invariants (always on without --seats)")
    ar.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    ar.add_argument("--time-scale", type=float, default=1.0,
                    help="multiply every AI's thinking time (default 1.0, as the app's x1 setting)")
    ar.add_argument("--ply-cap", type=int, default=None, help="moves before a game counts as unfinished")
    ar.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    ar.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a rule option, e.g. shot=blocking (repeatable)")
    ar.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    ar.add_argument("--quiet", action="store_true", help="no progress lines")

    sc = sub.add_parser("screenshot", parents=[parent], help="render a screen to a PNG without a window")
    sc.add_argument("--game", default=None, help="game id (needed for setup, game, learn and rules scenes)")
    sc.add_argument("--load", metavar="SAVE", help="a save file to show (implies --scene game)")
    sc.add_argument("--scene", default=None, choices=["menu", "setup", "game", "learn", "rules", "settings", "load"],
                    help="which screen (default: game if --load, else menu)")
    sc.add_argument("--size", type=_size, default=(1280, 720), help="WxH (default 1280x720)")
    sc.add_argument("--out", required=True, help="PNG file to write")
    sc.add_argument("--colorblind", action="store_true", help="use the colour-blind-safe palette")
    sc.add_argument("--frames", type=int, default=3, help="frames to run before the capture (default 3)")
    sc.add_argument("--moves", default="", help="semicolon-separated moves to play before the capture")
    sc.add_argument("--seats", default=None, metavar="KINDS",
                    help="who sits where in the game scene, comma-separated human/ai (default: all human); "
                         "one human and the rest computers shows that human's own view")
    sc.add_argument("--pointer", type=_point, default=None, metavar="X,Y",
                    help="move the mouse pointer to X,Y before the capture (shows what hovering there shows)")
    sc.add_argument("--step", type=int, default=1, metavar="N",
                    help="the learn scene: the lesson's step to show (1 = the first; default 1)")
    sc.add_argument("--ui-scale", type=float, default=1.0, choices=[1.0, 1.25, 1.5, 1.75],
                    help="the UI scale setting (default 1.0)")

    for g in games.GAMES:
        if g.subcommands:
            gp = sub.add_parser(g.id, parents=[parent], help=f"{g.title} tools: {', '.join(g.subcommands)}")
            gp.add_argument("tool", choices=sorted(g.subcommands))
            gp.add_argument("args", nargs=argparse.REMAINDER, help="the tool's own arguments (see TOOL --help)")
    return ap


def main(argv: list | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = build_parser()
    args = ap.parse_args(argv)
    from games.core import paths
    paths.set_data_dir(getattr(args, "data_dir", None))

    if args.command == "arena":
        return cmd_arena(ap, args)
    if args.command == "screenshot":
        from games.ui.headless import screenshot
        return screenshot(args)
    if args.command:
        import games
        import importlib
        mod, _, fn = games.get(args.command).subcommands[args.tool].partition(":")
        return getattr(importlib.import_module(mod), fn)(args.args)
    if args.smoke:
        from games.ui.headless import smoke
        return smoke()
    try:
        from games.ui.app import MIN_SIZE, run_app
    except ImportError as exc:
        return _missing(exc)
    if args.size and (args.size[0] < MIN_SIZE[0] or args.size[1] < MIN_SIZE[1]):
        # (smaller sizes are for the screenshot tool; a window is never below its minimum)
        grown = (max(MIN_SIZE[0], args.size[0]), max(MIN_SIZE[1], args.size[1]))
        print(f"--size {args.size[0]}x{args.size[1]}: the window is at least {MIN_SIZE[0]}x{MIN_SIZE[1]}; "
              f"opening {grown[0]}x{grown[1]}", file=sys.stderr)
    return run_app(size=args.size, fullscreen=args.fullscreen)


def _missing(exc: ImportError) -> int:
    """Run outside the project's environment: say what to install instead of a traceback."""
    print(f"Cannonade cannot start: {exc.name or exc} is not installed in this Python.\n"
          "Install what it needs and start it with the README's first command:\n"
          "    python3 -m venv .venv && .venv/bin/pip install -r requirements.txt && .venv/bin/python main.py",
          file=sys.stderr)
    return 2


def cmd_arena(ap, args) -> int:
    import games
    from games.core.arena import level_pairings, overall_table, format_table, run_arena
    levels = _arena_levels(ap, args)
    ids = list(games.BY_ID) if args.game == "all" else [args.game]
    for gid in ids:
        if gid not in games.BY_ID:
            ap.error(f"arena: unknown game {gid!r} (known: {', '.join(games.BY_ID)}, or all)")
        info = games.BY_ID[gid]
        if levels and not info.min_seats <= len(levels) <= info.max_seats:
            ap.error(f"arena: {info.title} takes {info.min_seats}-{info.max_seats} seats, --seats gave {len(levels)}")
    options = _arena_options(ap, args)
    check = args.check or not levels   # the soak runs (every pairing) always check invariants
    from games.core import logs
    logs.setup_logging(to_stderr=True)
    out = []
    for gid in ids:
        info = games.BY_ID[gid]
        unknown = [k for k in options if k not in info.default_options()]
        if unknown and len(ids) == 1:
            ap.error(f"arena: {info.title} has no option {unknown[0]!r} "
                     f"(options: {', '.join(info.default_options()) or 'none'})")
        results = []
        for pairing in ([levels] if levels else level_pairings()):
            res = run_arena(gid, pairing, args.games, args.seed, time_scale=args.time_scale,
                            ply_cap=args.ply_cap, jobs=max(1, args.jobs), check=check,
                            options={k: v for k, v in options.items() if k in info.default_options()},
                            progress=_arena_progress(args, gid, pairing))
            results.append(res)
            if not args.json:
                print(format_table(res), flush=True)
        out += results
        if not levels and not args.json:
            print(overall_table(gid, results), flush=True)
    if args.json:
        print(json.dumps(out[0] if len(out) == 1 else out))
    return 0 if all(r["errors"] == 0 for r in out) else 1


def _arena_levels(ap, args) -> list:
    from games.core.ai import ARENA_LEVELS
    if args.games < 1:
        ap.error("arena: --games must be at least 1")
    if args.time_scale <= 0:
        ap.error("arena: --time-scale must be positive")
    if not args.seats:
        return []
    levels = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
    bad = [lv for lv in levels if lv not in ARENA_LEVELS]
    if bad:
        ap.error(f"arena: unknown level {bad[0]!r} in --seats (choose from {', '.join(ARENA_LEVELS)})")
    return levels


def _arena_options(ap, args) -> dict:
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            ap.error(f"arena: --option {item!r} is not KEY=VALUE")
        options[key] = {"true": True, "false": False, "on": True, "off": False}.get(value.lower(), value)
    return options


def _arena_progress(args, gid, levels):
    def progress(done, total, r):
        if args.quiet or args.json:
            return
        verdict = ("error" if r["error"] else "unfinished" if r["unfinished"]
                   else "draw" if r["winner_entry"] is None
                   else f"won by {levels[r['winner_entry']]} (entry {r['winner_entry'] + 1})")
        print(f"  {gid} {','.join(levels)} game {done}/{total}: {verdict}, {r['plies']} plies",
              file=sys.stderr, flush=True)
    return progress


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()   # arena --jobs in the frozen build
    sys.exit(main())
