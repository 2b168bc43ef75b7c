"""Every board plans its animation from the entry's events (``LogEntry.events``, made by
the rules' ``events_of``), and from nothing else of the entry.

Each game's lesson (which shows the rare things on purpose: a town falling, a bridge
blown, a gun crew hit) is played through the real game screen twice, frame by frame at a
fixed step: once as the frame tells the board, once with every entry's text and move
blanked. The frames and the sounds asked for must be the same, byte for byte
(``tests/bench/anim_fingerprint.py``, which also pins the pixels across a refactor).
"""
from __future__ import annotations

import pytest

import games
from tests.bench.anim_fingerprint import fingerprint

GAMES = [g.id for g in games.GAMES]


def same_blind(gid: str, plies: int) -> str:
    told, frames, marks = fingerprint(gid, 0, plies, level="lesson", size=(800, 600))
    blind, frames_blind, _ = fingerprint(gid, 0, plies, level="lesson", size=(800, 600), blind=True)
    assert frames > min(plies, 40)    # the moves were animated, not just drawn at their end
    assert "events: " in marks[-1] and len(marks[-1]) > len("events: ")
    assert (blind, frames_blind) == (told, frames)
    return marks[-1]


@pytest.mark.parametrize("gid, plies, met", [("cannon", 12, "shot"), ("artillery", 20, "rolled")])
def test_a_board_animates_the_lessons_first_moves_from_their_events_alone(gid, plies, met):
    # the quick loop's share, as far as a cannon shot and a die rolled; every lesson whole,
    # and whole games, are slow
    assert met in same_blind(gid, plies)


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_a_board_animates_the_whole_lesson_from_its_events_alone(gid):
    same_blind(gid, 999)


@pytest.mark.slow
@pytest.mark.parametrize("gid, level, options", [("cannon", "kinds", {}), ("cannon_ball", "kinds", {}),
                                                ("artillery", "kinds", {"scenario": "town"}),
                                                ("cannon_corps", "random", {})])
def test_a_board_animates_a_whole_game_from_its_events_alone(gid, level, options):
    told = fingerprint(gid, 11, 200, dict(options), level=level, size=(800, 600))
    blind = fingerprint(gid, 11, 200, dict(options), level=level, size=(800, 600), blind=True)
    assert told[:2] == blind[:2]
