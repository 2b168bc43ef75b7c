"""Counterfactual through the match's own paths (issue 28): two Cannon Corps matches that
differ only in seat 0's secret set-up give the other seats byte-identical payloads, as the
phone table builds them, after the set-ups, after an undo and a redo, and after a save and a
load. (The deeper walk through shots, covers, bluffs and reinforcements is
tests/remote/test_payload.py::test_corps_worlds_from_different_setups_go_deep; the wire's
faithfulness to these payloads is tests/remote/test_counterfactual.py.)"""
from __future__ import annotations

import json
import random

import games
from games.cannon_corps.rules import SetupMoves
from games.core import saves
from games.core.driver import MatchDriver
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.remote.table import MatchTable

NAMES = ["Ana", "Bo", "Cleo"]
COLOURS = ["#0072b2", "#e69f00", "#d55e00"]


def _match(seed: int) -> Match:
    seats = [Seat(HUMAN, name=NAMES[0], phone=True), Seat(HUMAN, name=NAMES[1], phone=True),
             Seat(AI, "easy", NAMES[2])]
    return Match(games.get("cannon_corps"), {}, seats, seed, ai_secret=seed, chance_secret=SEED_ONLY)


def _others(match: Match) -> list[str]:
    table = MatchTable(MatchDriver(match), match.info, NAMES, COLOURS)
    return [json.dumps(table.payload_for(s), sort_keys=True) for s in (1, 2)]


def _set_up(match: Match, mine) -> None:
    """Every seat hides its platoons: seat 0 with ``mine``, the others with seeded picks
    that are the same in both worlds."""
    every = SetupMoves()
    while match.state.phase == "setup" or match.state.current_player() < 0 and not match.is_over():
        p = match.state.current_player()
        if p < 0:
            match.apply_chance()
            continue
        if match.state.phase != "setup":
            break
        move = mine if p == 0 else every[random.Random(p).randrange(len(every))]
        match.play(move)


def test_other_seats_see_the_same_through_undo_redo_save_and_load(tmp_path):
    every = SetupMoves()
    mine_a, mine_b = every[11], every[len(every) - 7]
    assert mine_a != mine_b
    a, b = _match(5), _match(5)
    assert _others(a) == _others(b)
    _set_up(a, mine_a)
    _set_up(b, mine_b)
    # the worlds do differ where they should: seat 0's own phone sees its own set-up
    seat0 = [json.dumps(MatchTable(MatchDriver(m), m.info, NAMES, COLOURS).payload_for(0), sort_keys=True)
             for m in (a, b)]
    assert seat0[0] != seat0[1]
    assert _others(a) == _others(b)
    assert a.ply > 0 and a.can_undo() == b.can_undo()
    if a.can_undo():
        a.undo()
        b.undo()
        assert _others(a) == _others(b)
        assert a.redo() and b.redo()
        assert _others(a) == _others(b)
    for name, m in (("a", a), ("b", b)):
        saves.save_match(m, str(tmp_path / f"{name}.json"))
    la, lb = saves.load_match(str(tmp_path / "a.json")), saves.load_match(str(tmp_path / "b.json"))
    assert _others(la) == _others(lb)
    assert _others(la) == _others(a)
