"""Why an Artillery game ended is an Enum (issue 27: end reasons as Enums): every
finished game of every scenario says its EndReason, and the words still say it."""
from __future__ import annotations

import pytest

import games
from games.artillery.rules import EndReason
from games.core.driver import MatchDriver
from games.core.match import AI, SEED_ONLY, Match, Seat

INFO = games.get("artillery")
SCENARIOS = [v for v, _ in next(o for o in INFO.options if o.key == "scenario").choices]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_finished_game_says_why_it_ended(scenario):
    seen = set()
    for seed in (1, 2):
        m = Match(INFO, {"scenario": scenario}, [Seat(AI, "random", "A"), Seat(AI, "random", "B")], seed=seed,
                  ai_secret=seed, chance_secret=SEED_ONLY)
        assert m.state.end is None
        MatchDriver(m).play_out()
        assert m.is_over()
        assert isinstance(m.state.end, EndReason) and m.state.reason
        assert (m.state.end == EndReason.LEVEL) == (m.state.winner_seat is None and m.state.end != EndReason.WIPED_OUT)
        seen.add(m.state.end)
    assert seen


def test_the_end_reason_is_a_stable_word_and_not_in_the_snapshot():
    assert str(EndReason.ON_POINTS) == "on points"
    m = Match(INFO, {}, [Seat(AI, "random"), Seat(AI, "random")], seed=3, ai_secret=3, chance_secret=SEED_ONLY)
    MatchDriver(m).play_out()
    assert "end" not in m.state.snapshot(), "saves of today keep their snapshots"


@pytest.mark.parametrize("scenario, seat, said", [
    ("town", 0, "the raiders have no units left"),
    ("bombard", 0, "the landing party and the ship have no units left"),
    ("town", 1, "the town has no units left"),
])
def test_a_side_wiped_out_is_named_with_the_verb_its_name_takes(scenario, seat, said):
    """An arena's result read "the raiders has no units left"."""
    from games.artillery.rules import new_game
    from games.artillery.rules.victory import check_now
    st = new_game({"scenario": scenario})
    for u in st.live_units(seat):
        u.models = 0
    check_now(st)
    assert st.over and st.end == EndReason.WIPED_OUT and st.reason == said and st.winner_seat == 1 - seat
