"""Cannon Ball and the rest of the app: its GameInfo, the rules text, copies, snapshots,
and saves made mid-turn (part of the budget spent) and mid-gamble."""
import json
import subprocess
import sys

import pytest

import games
from games.cannon_ball import INFO
from games.cannon_ball.rules import CannonBallState, Phase, new_game
from games.core import saves
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, Match, Seat

from .cb_util import pos


def test_game_info():
    assert INFO.id == "cannon_ball" and INFO.title == "Cannon Ball"
    assert "Helen of Toy" in INFO.credit and "1968" in INFO.credit
    assert (INFO.min_seats, INFO.max_seats) == (2, 2) and INFO.seat_names(2) == ["South", "North"]
    keys = {o.key for o in INFO.options}
    assert {"steady_bridges", "bridge_risk", "each_piece"} <= keys
    assert INFO.hidden_information is False and INFO.ply_cap >= 6000
    st = INFO.new_state(INFO.default_options(), 2)
    assert isinstance(st, CannonBallState) and st.current_player() == CHANCE
    with pytest.raises(ValueError):
        new_game({}, 3)


def test_the_game_package_imports_nothing_heavy():
    code = ("import sys, games.cannon_ball\n"
            "print(any(m.startswith('games.cannon_ball.') for m in sys.modules), 'pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=_root())
    assert out.stdout.split() == ["False", "False"], out.stderr


def test_rules_and_ai_do_not_import_pygame():
    code = ("import sys, games.cannon_ball.rules, games.cannon_ball.ai, games.cannon_ball.rules_text\n"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=_root())
    assert out.stdout.strip() == "False", out.stderr


def test_rules_text_sections_and_diagrams():
    from games.cannon_ball.rules_text import DIAGRAMS, SECTIONS
    assert SECTIONS and all({"title", "text", "diagram"} <= set(s) for s in SECTIONS)
    for s in SECTIONS:
        if s["diagram"] is not None:
            assert s["diagram"] in DIAGRAMS and s.get("caption")
    assert "Helen of Toy" in SECTIONS[0]["text"]
    assert set(DIAGRAMS) == {s["diagram"] for s in SECTIONS if s["diagram"]}


def test_the_cannon_example_the_notation_page_and_the_move_help_give_is_a_legal_move():
    """The notation page once gave "Kd7>e7e8+d6d8": d7 is a small box inside a fort, where a
    cannon rolls from large box to large box, and e7 and e8 lie in two sections. Every text
    that shows an escorted cannon move shows one the engine plays."""
    import re
    from games.cannon_ball.rules import moves as moves_mod
    from games.cannon_ball.rules_text import SECTIONS
    page = next(s for s in SECTIONS if s["title"] == "Writing moves down")["text"]
    shown = set(re.findall(r"K[a-z]\d+>[a-z]\d+[a-z]\d+\+[a-z]\d+[a-z]\d+", page + moves_mod._HELP))
    assert shown == {"Ke5>e8f8+e6f6"}
    st = CannonBallState.position(men={0: ["a1", "e6", "f6"], 1: ["o26"]}, cannons=[(0, ("e5", "f5"))], budget=4)
    m = st.parse_move("Ke5>e8f8+e6f6")
    assert st.is_legal(m)
    st.apply(m)
    from games.cannon_ball.rules import battlefield as M
    e8 = M.box_index("e8")
    assert e8 in st.cannon_at and st.cannon_owner(st.cannon_at[e8]) == 0


def test_copies_are_independent_and_snapshots_complete():
    st = pos("c12 c13 d11", north="e12 e13", budget=6)
    st.apply(st.parse_move("c12-d12"))
    snap = st.snapshot()
    json.dumps(snap)
    c = st.copy()
    c.apply(c.parse_move("c13-d13"))
    assert st.snapshot() == snap and c.snapshot() != snap
    assert snap["sieges"] == {"14": [["e12", "e13"], -1]}
    assert st.view(1).snapshot() == snap


def _match(seed=11):
    return Match(INFO, {}, [Seat(HUMAN, name="Ann"), Seat(AI, "easy", "Bob")], seed)


def test_save_and_load_mid_turn_with_part_of_the_budget_spent(monkeypatch, tmp_path):
    monkeypatch.setitem(games.BY_ID, "cannon_ball", INFO)
    m = _match()
    m.play_text("spin 9")
    m.play_text("spin 2")
    assert m.state.phase == Phase.MOVING and m.state.budget == 9
    m.play_text("a8-a10")
    m.play_text("a10-b11")
    path = str(tmp_path / "mid_turn.json")
    saves.save_match(m, path)
    back = saves.load_match(path)
    assert back.state.snapshot() == m.state.snapshot()
    assert back.state.budget == 7 and back.state.phase == Phase.MOVING


def test_save_and_load_mid_gamble(monkeypatch, tmp_path):
    monkeypatch.setitem(games.BY_ID, "cannon_ball", INFO)
    m = _match()
    for t in ("spin 9", "spin 2", "end", "move", "spin 1", "end"):
        m.play_text(t)
    assert m.state.phase == Phase.CHOOSE
    m.play_text("close SW")
    m.play_text("move")
    assert m.state.phase == Phase.SPIN
    path = str(tmp_path / "mid_gamble.json")
    saves.save_match(m, path)
    back = saves.load_match(path)
    assert back.state.snapshot() == m.state.snapshot() and back.state.phase == Phase.SPIN
    # the spin still to come is fresh after a load: loading the save again does not
    # repeat it, so a player can't see it, load, and choose differently knowing it
    again = saves.load_match(path)
    assert back.chance_secret != again.chance_secret != m.chance_secret


def test_a_match_replays_a_move_log_exactly():
    m = _match(5)
    rng_moves = []
    import random
    rng = random.Random(5)
    while m.ply < 150 and not m.is_over():
        if m.to_move() == CHANCE:
            m.resolve_chance()
        else:
            legal = m.state.legal_moves()
            m.play(rng.choice(legal))
    rng_moves = [e.text for e in m.log]
    again = _match(5)
    again.replay(rng_moves)
    assert again.state.snapshot() == m.state.snapshot()


def _root():
    import os
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
