"""The layer guard (DESIGN.md): rules, AI and core never import pygame."""
import subprocess
import sys

import games


def pure_modules():
    mods = ["games", "games.core.match", "games.core.saves", "games.core.arena", "games.core.ai_runner",
            "games.core.settings", "games.core.registry"]
    for g in games.GAMES:
        mods += [g.rules_module, g.ai_module, g.rules_text]
    return mods


def test_rules_ai_and_core_do_not_import_pygame():
    code = ("import sys\n"
            f"mods = {pure_modules()!r}\n"
            "import importlib\n"
            "for m in mods:\n"
            "    importlib.import_module(m)\n"
            "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')]\n"
            "print('LEAK' if bad else 'CLEAN', bad[:3])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=_root())
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("CLEAN"), out.stdout


def test_every_game_registers_complete_modules():
    for g in games.GAMES:
        assert g.seat_names(g.default_seats) and g.min_seats <= g.default_seats <= g.max_seats
        state = g.new_state(g.default_options(), g.default_seats)
        assert state.legal_moves() or state.chance_outcomes()
        assert g.rules_sections(), g.id


def _root():
    import os
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
