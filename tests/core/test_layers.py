"""The layer guard (DESIGN.md), both ways: rules, AI and core never import pygame,
and the shared layers (core, ui) never import a particular game."""
import ast
import os
import subprocess
import sys

import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))



def pure_modules() -> list[str]:
    mods = ["games"]
    for fn in sorted(os.listdir(os.path.join(ROOT, "games", "core"))):
        if fn.endswith(".py") and fn != "__init__.py":
            mods.append(f"games.core.{fn[:-3]}")
    for g in games.GAMES:
        mods += [f"games.{g.id}", g.rules_module, g.ai_module, g.rules_text]
    return mods


def test_rules_ai_and_core_do_not_import_pygame():
    code = ("import sys, importlib\n"
            f"for m in {pure_modules()!r}:\n"
            "    importlib.import_module(m)\n"
            "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
            "print('LEAK' if bad else 'CLEAN', bad[:3])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("CLEAN"), out.stdout


def _imports(path: str) -> list[str]:
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                names.append(node.args[0].value)
    return names


def test_core_and_ui_never_import_a_particular_game():
    game_packages = {f"games.{g.id}" for g in games.GAMES} | {f"games.{gid}" for gid in games.GAME_IDS}
    offenders = []
    for layer in ("core", "ui"):
        folder = os.path.join(ROOT, "games", layer)
        for fn in os.listdir(folder):
            if not fn.endswith(".py"):
                continue
            for name in _imports(os.path.join(folder, fn)):
                if any(name == p or name.startswith(p + ".") for p in game_packages):
                    offenders.append(f"games/{layer}/{fn} imports {name}")
    assert not offenders, offenders


def test_every_game_registers_complete_modules():
    for g in games.GAMES:
        assert g.seat_names(g.default_seats) and g.min_seats <= g.default_seats <= g.max_seats
        state = g.new_state(g.default_options(), g.default_seats)
        assert state.legal_moves() or state.chance_outcomes()
        assert g.rules_sections(), g.id


def test_a_game_package_imports_nothing_heavy():
    """Listing the games (the menu) must not import any game's rules, AI or board."""
    code = ("import sys, games\n"
            "heavy = sorted(m for m in sys.modules if m.startswith('games.') and m.count('.') >= 2\n"
            "               and not m.startswith('games.core.'))\n"
            "print(heavy)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]", out.stdout
