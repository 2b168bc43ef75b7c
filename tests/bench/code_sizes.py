"""The largest modules and functions of the app, in lines (issue 27's before/after).

    python tests/bench/code_sizes.py [--top N] [ROOT]

Counts every line of each module under ROOT (default: games/), and each function's or
method's span from its ``def`` to its last line (nested functions count inside theirs
too). Prints the N largest of each, and how many modules pass 400 and 600 lines."""
from __future__ import annotations

import argparse
import ast
import os
import sys


def sizes(root: str) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    mods: list[tuple[int, str]] = []
    funcs: list[tuple[int, str]] = []
    for d, _dirs, files in os.walk(root):
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(d, f)
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            rel = os.path.relpath(path, os.path.dirname(os.path.abspath(root)))
            mods.append((text.count("\n"), rel))
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    n = (node.end_lineno or node.lineno) - node.lineno + 1
                    funcs.append((n, f"{rel}:{node.lineno} {node.name}"))
    return sorted(mods, reverse=True), sorted(funcs, reverse=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="games")
    ap.add_argument("--top", type=int, default=12)
    a = ap.parse_args(argv)
    mods, funcs = sizes(a.root)
    print(f"{len(mods)} modules, {sum(n for n, _ in mods)} lines; "
          f"{sum(1 for n, _ in mods if n > 600)} over 600 lines, {sum(1 for n, _ in mods if n > 400)} over 400")
    print("largest modules:")
    for n, name in mods[:a.top]:
        print(f"  {n:5d}  {name}")
    print(f"{len(funcs)} functions; {sum(1 for n, _ in funcs if n > 60)} over 60 lines")
    print("largest functions:")
    for n, name in funcs[:a.top]:
        print(f"  {n:5d}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
