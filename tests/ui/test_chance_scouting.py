"""Luck can't be scouted: whatever a player can do (undo, redo, reload a save, start a new
game with the same typed seed) never shows a chance outcome before the table would see
it in play, in every game with chance. Stepped by frames and plies."""
import random

import pytest

import games
from games.core import saves
from games.core.game import CHANCE
from games.core.match import AI, HUMAN, Match, Seat
from games.ui.game_screen import GameScreen
from games.ui.handover import HandOver
from games.ui.headless import make_app
from tests.ui.helpers import frames, settle


def has_chance(info) -> bool:
    rng = random.Random(1)
    st = info.new_state(info.default_options(), info.default_seats)
    for _ in range(120):
        p = st.current_player()
        if p == CHANCE:
            return True
        if p < 0:
            return False
        st.apply(rng.choice(st.legal_moves()))
    return False


CHANCY = [i for i in games.GAMES if has_chance(i)]


def test_every_game_with_chance_is_covered():
    assert {i.id for i in CHANCY} >= {"cannon_corps", "cannon_ball", "artillery"}


def chance_indices(m) -> list[int]:
    return [i for i, e in enumerate(m.log) if e.player == CHANCE]


@pytest.mark.slow
@pytest.mark.parametrize("info", CHANCY, ids=lambda i: i.id)
def test_undo_and_redo_never_take_back_a_chance_outcome_the_table_has_seen(info, tmp_path):
    from games.core import paths
    paths.set_data_dir(str(tmp_path))
    app = make_app((1280, 720), animation="off")
    seats = [Seat(HUMAN, name="Ana")] + [Seat(AI, "easy", f"C{i}") for i in range(1, info.default_seats)]
    m = Match(info, {}, seats, seed=9)
    g = GameScreen(app, m)
    app.push(g)
    rng = random.Random(4)
    undone_checks = 0
    try:
        for _ in range(3000):
            if m.is_over() or m.ply > 120:
                break
            if isinstance(app.stack.top, HandOver):
                app.stack.top.ready()
            settle(app)
            frames(app, 1)
            if g.awaiting_performance():
                g.perform()
            elif g.can_act():
                seen = chance_indices(m)
                if seen:
                    log = [e.text for e in m.log]
                    g.undo()
                    assert [e.text for e in m.log][:seen[-1] + 1] == log[:seen[-1] + 1], \
                        "undo took back a chance outcome the table had seen"
                    g.redo()
                    assert [e.text for e in m.log][:len(log)] == log[:len(m.log)]
                    undone_checks += 1
                g.submit(rng.choice(m.state.legal_moves()))
        assert undone_checks >= 3, "the test never met a chance outcome before a decision"
    finally:
        for s in list(app.stack.scenes):
            s.on_exit()


@pytest.mark.parametrize("info", CHANCY, ids=lambda i: i.id)
def test_reloading_a_save_does_not_repeat_the_luck_still_to_come(info, tmp_path):
    """A save taken before a chance event: every load meets luck of its own, so seeing the
    outcome in one load tells nothing of the next; and the file holds no secret."""
    rng = random.Random(2)
    m = Match(info, {}, [Seat(HUMAN, name=f"P{i}") for i in range(info.default_seats)], seed=3)
    while m.to_move() != CHANCE or m.ply < 1:
        assert not m.is_over(), "no chance event came"
        if m.to_move() == CHANCE:
            m.apply_chance()
        else:
            m.play(rng.choice(m.state.legal_moves()))
    path = str(tmp_path / "before_the_roll.json")
    saves.save_match(m, path)
    loads = [saves.load_match(path) for _ in range(4)]
    streams = {tuple(x.chance_rng().random() for _ in range(3)) for x in loads + [m]}
    assert len(streams) == 5, "two loads of one save meet the same luck"
    with open(path) as fh:
        text = fh.read()
    assert str(m.chance_secret) not in text and str(m.ai_secret) not in text


def test_a_new_game_with_the_same_typed_seed_meets_other_luck():
    from games.ui.setup import SetupScreen
    app = make_app((1280, 720), animation="off")
    info = games.get("artillery")
    built = []
    for _ in range(3):
        s = SetupScreen(app, info)
        s.seed.text = "42"
        built.append(s.build_match())
    assert {b.seed for b in built} == {42}
    draws = set()
    for b in built:
        while b.to_move() != CHANCE:
            b.play(b.state.legal_moves()[0])
        draws.add(tuple(b.chance_rng().random() for _ in range(3)))
    assert len(draws) == 3, "the same typed seed foretells the luck"
