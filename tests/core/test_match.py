"""Match: seats, chance resolution, undo/redo and its floor, the secrets that make luck unforeseeable."""
import pytest

import games
from games.core.game import CHANCE, IllegalMove
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from tests.core import toygame


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(games.BY_ID, "toy", toygame.INFO)


def human_vs_ai(chance_secret=SEED_ONLY):
    return Match(toygame.INFO, {}, [Seat(HUMAN, name="Ann"), Seat(AI, "normal", "Bot")], seed=7,
                 ai_secret=7, chance_secret=chance_secret)


def play_ai_turn(m):
    """What the UI does: resolve chance, then let the AI move."""
    m.resolve_chance()
    if m.is_ai_turn():
        ai = toygame.make_ai("normal", m.to_move(), m.options)
        m.play(ai.choose(m.state.view(m.to_move()), None))
        m.resolve_chance()


def test_chance_is_resolved_from_the_seed_and_ply_for_tools():
    a, b = human_vs_ai(), human_vs_ai()
    a.resolve_chance()
    b.resolve_chance()
    assert a.log[0].text == b.log[0].text and a.log[0].player == CHANCE
    draws = set()
    for seed in range(30):
        c = Match(toygame.INFO, {}, [Seat(), Seat()], seed=seed, chance_secret=SEED_ONLY)
        c.resolve_chance()
        draws.add(c.log[0].text)
    assert draws == {"roll1", "roll2", "roll3"}     # all outcomes occur over seeds


def first_rolls(m, n=12):
    """The first ``n`` chance outcomes of a match played by banking."""
    out = []
    while len(out) < n and not m.is_over():
        if m.to_move() == CHANCE:
            out.append(m.apply_chance().text)
        else:
            m.play_text("bank")
    return out


def test_a_typed_seed_does_not_foretell_the_luck_of_a_game_at_the_table():
    """Two games with the same typed seed (and no tool's SEED_ONLY) meet different luck."""
    runs = {tuple(first_rolls(Match(toygame.INFO, {}, [Seat(), Seat()], seed=42))) for _ in range(4)}
    assert len(runs) > 1, "the same typed seed gave the same dice every game"


def test_a_chance_outcome_the_table_has_seen_is_an_undo_floor():
    m = human_vs_ai(chance_secret=None)
    m.resolve_chance()                        # Ann's roll: seen
    assert not m.can_undo()
    m.play_text("double")                     # her choice, before any roll it leads to
    assert m.can_undo() and m.undo() and m.ply == 1, "a choice nobody has seen the result of can be taken back"
    assert m.redo() and m.log[-1].text == "double"
    m.resolve_chance()                        # Bot's roll follows: now her choice stands
    play_ai_turn(m)
    assert not m.can_undo() and not m.undo()
    assert m.floor == m.ply


def test_undo_takes_back_a_human_decision_and_redo_restores_it_over_a_long_game():
    m = human_vs_ai()
    while not m.is_over():
        m.resolve_chance()
        if m.is_over():
            break
        if m.is_human_turn():
            before = (m.ply, m.state.snapshot())
            m.play_text("bank")
            after = m.state.snapshot()
            assert m.undo() and (m.ply, m.state.snapshot()) == before
            assert not m.undo(), "undo went below the roll the table saw"
            assert m.redo() and m.state.snapshot() == after
        else:
            play_ai_turn(m)


def test_undo_with_nothing_human_does_nothing():
    m = Match(toygame.INFO, {}, [Seat(AI, "normal", "X"), Seat(AI, "normal", "Y")], seed=1, chance_secret=SEED_ONLY)
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


def test_a_failure_telling_a_moves_events_leaves_the_match_as_it_was(monkeypatch):
    """The state is changed before its events are asked for: when asking fails, the
    match goes back, so no move is half made (state moved on, nothing in the log)."""
    from games.cannon.rules import CannonState
    m = Match(games.get("cannon"), {}, [Seat(HUMAN), Seat(HUMAN)], seed=1)
    m.play_text("Te1")
    snap, ply = m.state.snapshot(), m.ply

    def broken(self, move, after):
        raise RuntimeError("a bug in the game's events")

    monkeypatch.setattr(CannonState, "events_of", broken)
    with pytest.raises(RuntimeError):
        m.play_text("Tf10")
    assert m.ply == ply and m.state.snapshot() == snap and len(m.log) == ply
    monkeypatch.undo()
    assert m.play_text("Tf10").events          # and the game goes on
