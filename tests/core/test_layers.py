"""The layer guard (DESIGN.md), both ways: rules, AI and core never import pygame,
and the shared layers (core, ui) never import a particular game."""
import ast
import functools
import os
import subprocess
import sys

import pytest

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


# -- import contracts, read from the source ---------------------------------------------------------
#
# Every import statement counts, at the top of a module or inside a function (where a cycle
# between screens hides, since importing there only happens when the function runs), and so do
# importlib.import_module calls with a constant name. Imports under ``if TYPE_CHECKING:`` do not:
# they never run. Each violation names the file and line.

GAMES_DIR = os.path.join(ROOT, "games")
#: the screens the player moves between; they open each other by name through games.ui.router
SCREENS = ("menu", "setup", "game_screen", "load_screen", "join_screen", "rules_screen", "settings_screen",
           "standings_screen")
#: the other Scene modules of games/ui: parts of a screen (the game frame's dialogs, its pause
#: menu, hand-over curtain and result card), opened by the screen that owns them
SCREEN_PARTS = ("dialogs", "overlays", "handover", "result_card")


def module_file(name: str) -> str | None:
    """The file of module ``name`` in this tree (None: not ours, or no such module)."""
    base = os.path.join(ROOT, *name.split("."))
    for path in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(path):
            return path
    return None


def module_name(path: str) -> str:
    rel = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    return ".".join(rel[:-1] if rel[-1] == "__init__" else rel)


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


@functools.lru_cache(maxsize=None)
def imports_of(path: str) -> tuple[tuple[int, str], ...]:
    """(line, module) for every import in ``path`` that runs, relative ones resolved;
    ``from package import name`` gives ``package.name`` when that is a module."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    typing_only = _type_checking_lines(tree)
    me = module_name(path)
    package = me if path.endswith("__init__.py") else me.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            subs = [f"{target}.{a.name}" for a in node.names if module_file(f"{target}.{a.name}")]
            out += [(node.lineno, s) for s in subs] or [(node.lineno, target)]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                out.append((node.lineno, node.args[0].value))
    return tuple(sorted(set(out)))


def rel(path: str) -> str:
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


def _under(name: str, prefixes) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def violations(paths, forbidden, why: str) -> list[str]:
    """``file:line imports X (why)`` for every import in ``paths`` that ``forbidden(name)`` refuses."""
    return [f"{rel(p)}:{line} imports {name} ({why})"
            for p in paths for line, name in imports_of(p) if forbidden(name)]


def closure(start: str, within: str) -> list[str]:
    """The files of ``start`` and of every module of package ``within`` it imports, directly
    or through others of that package (what loading it loads, functions' imports included)."""
    seen: dict[str, str] = {}
    todo = [start]
    while todo:
        name = todo.pop()
        path = module_file(name)
        if path is None or name in seen:
            continue
        seen[name] = path
        todo += [m for _, m in imports_of(path) if _under(m, [within])]
    return sorted(seen.values())


def files_in(folder: str) -> list[str]:
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".py"))


GAME_PACKAGES = [f"games.{g}" for g in games.GAME_IDS]


def test_core_imports_no_game_no_ui_no_remote_and_no_pygame():
    bad = violations(files_in(os.path.join(GAMES_DIR, "core")),
                     lambda m: _under(m, GAME_PACKAGES + ["games.ui", "games.remote", "pygame"]),
                     "core is the bottom layer")
    assert not bad, "\n".join(bad)


def _board_module(info) -> str:
    return info.board.partition(":")[0]


def _is_ai(name: str, pkg: str) -> bool:
    last = name[len(pkg) + 1:].split(".")[0] if name.startswith(pkg + ".") else ""
    return last == "ai" or last.startswith("ai_")


def _is_board(name: str, pkg: str, info) -> bool:
    last = name[len(pkg) + 1:].split(".")[0] if name.startswith(pkg + ".") else ""
    return (bool(info.board) and _under(name, [_board_module(info)])) or last.startswith(("board", "scene"))


@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_a_games_rules_import_no_ai_no_board_no_phone_and_no_pygame(info):
    pkg = f"games.{info.id}"
    others = [p for p in GAME_PACKAGES if p != pkg]

    def forbidden(m: str) -> bool:
        return (_under(m, ["pygame", "games.ui", "games.remote", f"{pkg}.phone", *others]) or _is_ai(m, pkg)
                or _is_board(m, pkg, info))
    files = closure(info.rules_module, pkg)
    assert module_file(info.rules_module) in files
    bad = violations(files, forbidden, f"loaded with {info.rules_module}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_a_games_ai_imports_no_board_and_no_pygame(info):
    pkg = f"games.{info.id}"
    others = [p for p in GAME_PACKAGES if p != pkg]

    def forbidden(m: str) -> bool:
        return _under(m, ["pygame", "games.ui", "games.remote", f"{pkg}.phone", *others]) or _is_board(m, pkg, info)
    bad = violations(closure(info.ai_module, pkg), forbidden, f"loaded with {info.ai_module}")
    assert not bad, "\n".join(bad)


def test_the_phone_package_imports_no_pygame_and_no_ui():
    bad = violations(files_in(os.path.join(GAMES_DIR, "remote")), lambda m: _under(m, ["pygame", "games.ui"]),
                     "games.remote runs without a display")
    assert not bad, "\n".join(bad)


def _scene_modules() -> set[str]:
    """The modules of games/ui that define a Scene subclass."""
    out = set()
    for path in files_in(os.path.join(GAMES_DIR, "ui")):
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), path)
        if any(isinstance(n, ast.ClassDef) and any(ast.unparse(b).endswith("Scene") for b in n.bases)
               for n in tree.body):
            out.add(os.path.basename(path)[:-3])
    return out


def test_every_scene_module_is_a_screen_or_a_part_of_one():
    """So a new screen is not left out of the rule below."""
    assert _scene_modules() <= set(SCREENS) | set(SCREEN_PARTS), _scene_modules() - set(SCREENS) - set(SCREEN_PARTS)


def test_no_screen_imports_another_screen():
    """Not directly, and not through another module of games/ui (a pause menu that opens
    the settings, a helper that opens the join screen): the router opens screens by name."""
    screens = {f"games.ui.{s}" for s in SCREENS}
    bad = []
    for s in sorted(screens):
        path = module_file(s)
        if path is None:
            continue
        # breadth first through the non-screen modules of games/ui, keeping the first line taken
        frontier = [(path, f"{rel(path)}")]
        seen = {path}
        while frontier:
            here, trail = frontier.pop(0)
            for line, name in imports_of(here):
                if not _under(name, ["games.ui"]) or name == "games.ui":
                    continue
                target = module_file(name)
                if target is None or target in seen:
                    continue
                seen.add(target)
                step = f"{trail}:{line} -> {rel(target)}"
                if name in screens and name != s:
                    bad.append(f"{step} (a screen reaches another screen)")
                elif name not in screens:
                    frontier.append((target, step))
    assert not bad, "\n".join(bad)


def test_the_contract_checker_sees_imports_inside_functions_relative_ones_and_import_module(tmp_path):
    """The parser itself: a function's import, a relative import and import_module count,
    a TYPE_CHECKING import does not."""
    src = ("from __future__ import annotations\n"
           "from typing import TYPE_CHECKING\n"
           "from . import rules\n"
           "if TYPE_CHECKING:\n"
           "    from games.ui.menu import MainMenu\n"
           "def f():\n"
           "    from games.ui.setup import SetupScreen\n"
           "    import importlib\n"
           "    return importlib.import_module('games.ui.load_screen')\n")
    path = os.path.join(GAMES_DIR, "cannon", "_contract_probe.py")
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(src)
        names = [n for _, n in imports_of.__wrapped__(path)]
    finally:
        os.remove(path)
    assert "games.cannon.rules" in names and "games.ui.setup" in names and "games.ui.load_screen" in names
    assert "games.ui.menu" not in names


def import_cycles(files: list[str]) -> list[list[str]]:
    """The import cycles among ``files`` (strongly connected groups of two or more modules)."""
    names = {module_name(f): f for f in files}
    edges = {n: sorted({m for _, m in imports_of(f) if m in names and m != n}) for n, f in names.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:            # Tarjan's algorithm; a rules closure is a few dozen modules
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_a_games_rules_modules_import_each_other_in_no_cycle(info):
    cycles = import_cycles(closure(info.rules_module, f"games.{info.id}"))
    assert not cycles, cycles


#: every game's folder, the same template (docs/new_game.md): three packages by layer
#: and the modules beside them
TEMPLATE = {"__init__.py", "rules", "ai", "board", "rules_text.py", "lesson.py", "phone.py"}


@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_every_game_is_laid_out_as_rules_ai_and_board_packages(info):
    folder = os.path.join(ROOT, "games", info.id)
    entries = {e for e in os.listdir(folder) if e != "__pycache__"}
    assert entries == TEMPLATE, f"{info.id}: {sorted(entries ^ TEMPLATE)} differ from the template"
    for layer in ("rules", "ai", "board"):
        assert os.path.isfile(os.path.join(folder, layer, "__init__.py")), f"{info.id}/{layer} is not a package"
    pkg = f"games.{info.id}"
    assert info.rules_module == f"{pkg}.rules" and info.ai_module == f"{pkg}.ai"
    assert info.board.startswith(f"{pkg}.board:") and info.stats.startswith(f"{pkg}.rules.")
