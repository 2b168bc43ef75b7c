"""Match: seats, chance resolution, undo/redo across AI replies and chance events."""
import pytest

import games
from games.core.game import CHANCE, IllegalMove
from games.core.match import AI, HUMAN, Match, Seat
from tests.core import toygame


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "toy", toygame.INFO)


def human_vs_ai():
    return Match(toygame.INFO, {}, [Seat(HUMAN, name="Ann"), Seat(AI, "normal", "Bot")], seed=7)


def play_ai_turn(m):
    """What the UI does: resolve chance, then let the AI move."""
    m.resolve_chance()
    if m.is_ai_turn():
        ai = toygame.make_ai("normal", m.to_move(), m.options)
        m.play(ai.choose(m.state.view(m.to_move()), None))
        m.resolve_chance()


def test_chance_is_resolved_from_the_seed_and_ply():
    a, b = human_vs_ai(), human_vs_ai()
    a.resolve_chance()
    b.resolve_chance()
    assert a.log[0].text == b.log[0].text and a.log[0].player == CHANCE
    c = Match(toygame.INFO, {}, [Seat(), Seat()], seed=8)
    draws = set()
    for seed in range(30):
        c = Match(toygame.INFO, {}, [Seat(), Seat()], seed=seed)
        c.resolve_chance()
        draws.add(c.log[0].text)
    assert draws == {"roll1", "roll2", "roll3"}     # all outcomes occur over seeds


def test_undo_takes_back_the_ai_reply_and_chance_with_the_human_move():
    m = human_vs_ai()
    m.resolve_chance()
    start = m.state.snapshot()
    m.play_text("bank")
    play_ai_turn(m)
    assert m.is_human_turn() and m.ply >= 4
    after = m.state.snapshot()
    assert m.undo()
    assert m.state.snapshot() == start and m.ply == 1
    assert m.redo()
    assert m.state.snapshot() == after


def test_undo_then_same_decision_meets_the_same_luck():
    m = human_vs_ai()
    m.resolve_chance()
    m.play_text("double")
    play_ai_turn(m)
    log1 = [e.text for e in m.log]
    m.undo()
    m._redo.clear()
    m.play_text("double")
    play_ai_turn(m)
    assert [e.text for e in m.log] == log1


def test_undo_redo_restores_identical_states_over_a_long_game():
    m = human_vs_ai()
    snaps = []
    while not m.is_over():
        m.resolve_chance()
        if m.is_over():
            break
        if m.is_human_turn():
            snaps.append((m.ply, m.state.snapshot()))
            m.play_text("bank")
        else:
            play_ai_turn(m)
    final = m.state.snapshot()
    undone = 0
    while m.undo():
        undone += 1
        ply, snap = snaps[-undone]
        assert (m.ply, m.state.snapshot()) == (ply, snap)
    assert undone == len(snaps) and not m.can_undo()
    while m.redo():
        pass
    assert m.state.snapshot() == final


def test_undo_with_nothing_human_does_nothing():
    m = Match(toygame.INFO, {}, [Seat(AI, "normal", "X"), Seat(AI, "normal", "Y")], seed=1)
    m.resolve_chance()
    assert not m.undo()


def test_illegal_move_leaves_match_untouched():
    m = human_vs_ai()
    m.resolve_chance()
    before = (m.ply, m.state.snapshot())
    with pytest.raises(IllegalMove):
        m.play_text("fold")
    assert (m.ply, m.state.snapshot()) == before


def test_rematch_swaps_seats():
    m = human_vs_ai()
    r = m.rematch()
    assert [s.name for s in r.seats] == ["Bot", "Ann"] and r.options == m.options
