"""Boards receive views: no board of a hidden-information game is ever handed a full state.

Each hidden-information game's board is replaced by a spy (``tests.ui.board_spy``)
that looks at every object handed to any of its methods, static ones included (the
move log's ``state_at`` is looked at through what it returns), and at everything
``host.visible_state()`` gives it. A scripted game runs through the real frame, hot-seat
and against the computer, with hand-overs, performed rolls, hints, a review of a past
position and the pause menu over a private view; while the game goes on, no full state
may reach the board. After the end the review shows everything (``review_view``), as
it always has.
"""
import dataclasses
import random

import pygame
import pytest

import games
from games.core.driver import Act
from games.core.match import AI, HUMAN, SEED_ONLY, Match, Seat
from games.ui.game_screen import GameScreen
from games.ui.handover import HandOver
from games.ui.headless import make_app
from tests.ui import board_spy
from tests.ui.helpers import key, settle

HIDDEN = [g for g in games.GAMES if g.hidden_information]
OPTIONS = {"artillery": {"scenario": "field"}}


def test_every_hidden_information_game_has_a_spy():
    assert {g.id for g in HIDDEN} == set(board_spy.SPIES)


def frame(app, n=1):
    for _ in range(n):
        settle(app)
        app.step(1 / 60, events=[])


def scripted_game(info, kinds, seed, plies):
    """Play ``plies`` plies (or to the end) through the real frame with the spy board:
    people choose seeded random moves, take every hand-over, roll when asked, and now and
    then ask for a hint, review the last position and open the pause menu."""
    board_spy.reset()
    spy_info = dataclasses.replace(info, board=board_spy.SPIES[info.id])
    app = make_app((1280, 720), animation="fast")
    names = info.seat_names(len(kinds))
    seats = [Seat(HUMAN, "normal", names[i]) if k == "h" else Seat(AI, "easy", names[i]) for i, k in enumerate(kinds)]
    m = Match(spy_info, dict(OPTIONS.get(info.id, {})), seats, seed=seed, ai_secret=seed, chance_secret=SEED_ONLY)
    board_spy.CURRENT["match"] = m
    g = GameScreen(app, m)
    real_visible = g.visible_state

    def visible():
        v = real_visible()
        board_spy.look("host.visible_state", v)
        return v
    g.visible_state = visible
    app.push(g)
    rng = random.Random(seed)
    done = {"hint": 0, "review": 0, "pause": 0, "handover": 0, "perform": 0, "moves": 0}
    for _ in range(plies * 400):
        if m.is_over() or m.ply >= plies:
            break
        top = app.stack.top
        if isinstance(top, HandOver):
            frame(app, 2)                          # the curtain drawn, the table under it not
            top.ready()
            done["handover"] += 1
        elif top is not g:
            frame(app)
            continue
        elif g.awaiting_performance() and not g.board.busy:
            g.perform()
            done["perform"] += 1
        elif g.can_act() and isinstance(g.driver.next(), Act):
            # the first decisions try each of these once; then now and then
            r = [0.15, 0.05, 0.1][done["moves"]] if done["moves"] < 3 else rng.random()
            if r < 0.08 and m.ply:
                g.review(m.ply - 1)                # a past position, as the viewer may see it
                frame(app, 2)
                g.review(None)
                done["review"] += 1
            elif r < 0.14:
                g.hint()
                for _ in range(600):
                    frame(app)
                    if not g.hint_runner.busy and g.hint_runner.token is None:
                        break
                done["hint"] += 1
            elif r < 0.18:
                key(app, pygame.K_ESCAPE)          # the pause menu over a private view
                frame(app, 2)
                key(app, pygame.K_ESCAPE)
                done["pause"] += 1
            if g.can_act():
                moves = m.state.legal_moves()
                g.submit(moves[rng.randrange(len(moves))])
                done["moves"] += 1
        frame(app)
    frame(app, 30)                                 # the last animation, and the result card if over
    over = m.is_over()
    if over:
        g.review(max(0, m.ply - 3))                # the review after the end: the review view
        frame(app, 3)
    for s in list(app.stack.scenes):
        s.on_exit()
    pygame.quit()
    return g, done, over


@pytest.mark.slow
@pytest.mark.parametrize("kinds", ["hot-seat", "vs-computer"])
@pytest.mark.parametrize("info", HIDDEN, ids=lambda i: i.id)
def test_no_board_is_handed_a_full_hidden_state(info, kinds):
    n = info.default_seats
    table = "h" * n if kinds == "hot-seat" else "h" + "a" * (n - 1)
    g, done, _over = scripted_game(info, table, seed=3, plies=90)
    assert not board_spy.LEAKS, f"full states handed to the board: {sorted(set(board_spy.LEAKS))}"
    # the spy saw what it was meant to see: moves, the log's positions, the drawing
    seen = board_spy.SEEN
    assert seen["on_move"] >= 3 * done["moves"] and seen["draw"] and seen["host.visible_state"]
    assert seen["log_lines:returned"] or info.id == "cannon_corps"   # Corps groups no lines by position
    assert done["moves"] >= 5 and done["review"] and done["hint"] and done["pause"]
    if kinds == "hot-seat":
        assert done["handover"] >= 2
    if info.id == "artillery":
        assert seen["performance"]          # asked at every roll a person could perform (public view)


def test_the_spy_catches_a_full_state():
    """The spy is not blind: a full state handed to a board method while the game goes on
    is reported (the frame's old ``board.on_move(entry, before, match.state)``)."""
    info = games.get("cannon_corps")
    board_spy.reset()
    m = Match(info, {}, [Seat(HUMAN, name="A"), Seat(HUMAN, name="B")], seed=1, ai_secret=1,
              chance_secret=SEED_ONLY)
    board_spy.CURRENT["match"] = m
    board_spy.look("on_move", (m.log, m.state.copy(), m.state))
    board_spy.look("on_move", m.state.view(0))
    assert board_spy.LEAKS == [("on_move", "CorpsState"), ("on_move", "CorpsState")]
    art = games.get("artillery")
    a = Match(art, {"scenario": "field"}, [Seat(HUMAN, name="A"), Seat(HUMAN, name="B")], seed=1)
    board_spy.reset()
    board_spy.CURRENT["match"] = a
    board_spy.look("performance", a.state.view(None))
    assert not board_spy.LEAKS
    board_spy.look("performance", a.state)
    assert board_spy.LEAKS == [("performance", "ArtilleryState")]
    board_spy.reset()


def test_a_board_is_never_handed_another_seats_move(monkeypatch):
    """LogEntry.move may be a seat's secret (a Corps set-up): the board of a hidden game
    gets it only for the viewer's own entries; others come with their public text alone."""
    info = games.get("cannon_corps")
    app = make_app((1280, 720), animation="off")
    m = Match(info, {}, [Seat(HUMAN, "normal", "Ana"), Seat(AI, "easy", "Ben")], seed=3, ai_secret=3,
              chance_secret=SEED_ONLY)
    g = GameScreen(app, m)
    app.push(g)
    handed = []
    real = g.board.on_move
    monkeypatch.setattr(g.board, "on_move", lambda e, b, a: (handed.append((e.player, e.move)), real(e, b, a)))
    for _ in range(40):
        frame(app)
        if g.can_act():
            g.submit(m.state.legal_moves()[0])
        if len(handed) > 12:
            break
    others = [mv for p, mv in handed if p != g.viewer]
    assert others and all(mv is None for mv in others), handed
    assert any(mv is not None for p, mv in handed if p == g.viewer)
    for s in list(app.stack.scenes):
        s.on_exit()
