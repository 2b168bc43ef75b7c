"""A computer player that misbehaves never stalls a game, in any game, through the real frame.

Each way an AI can misbehave (raise, answer nothing, answer junk, answer a move of
another position, think past the limit while still checking for cancel, hang
ignoring its cancel) must end in the same dialog: it says what went wrong without
quoting the move (a computer's move can be its secret set-up), and Retry, a random
move or the menu take the game on. Time is the frame's own clock, stepped by the
test: nothing here waits on the wall clock.
"""
import threading

import pytest

import games
from games.core.ai import RandomAI
from games.core.match import AI, SEED_ONLY, Match, Seat
from games.ui.dialogs import Dialog
from games.ui.game_screen import GameScreen
from games.ui.headless import make_app
from tests.ui.helpers import click, settle

TITLE = "The computer player stumbled"


class FaultyAI:
    """Plays random legal moves, except for one misbehaviour on its ``at``-th thought (one
    at the whole table: ``table_faults`` is shared by its seats)."""

    def __init__(self, mode, table_faults, at=1):
        self.mode = mode
        self.at = at
        self.faults = table_faults
        self.calls = 0
        self.previous = None
        self.release = threading.Event()
        self.answers = []

    def choose(self, view, ctx):
        self.calls += 1
        legal = view.legal_moves()
        move = RandomAI().choose(view, ctx)
        due = self.calls == self.at or (self.mode == "stale" and self.calls > self.at)
        if due and not self.faults:
            bad = self._misbehave(view, ctx, legal)
            if bad is not _BEHAVE:
                self.faults.append(bad)
                self.answers.append(bad)
                return bad
        self.previous = move
        return move

    def _misbehave(self, view, ctx, legal):
        m = self.mode
        if m == "raise":
            self.faults.append("raised")
            raise RuntimeError("the AI broke")
        if m == "nothing":
            return None
        if m == "junk":
            return {"not": "a move"}
        if m == "stale":                 # a move of an earlier position, not legal here
            if self.previous is not None and self.previous not in legal:
                return self.previous
            return _BEHAVE
        if m == "hang_checking":
            self.faults.append("hung")
            while True:
                ctx.check()
                self.release.wait(0.001)
        if m == "hang_deaf":
            self.faults.append("hung")
            self.release.wait(120)
            return legal[0]
        raise AssertionError(m)


_BEHAVE = object()
MODES = ["raise", "nothing", "junk", "stale", "hang_checking", "hang_deaf"]


def table(info, mode):
    """A frame where every seat is a computer that misbehaves once (``stale``: as soon as
    it can), on a clock the test moves."""
    now = [0.0]
    app = make_app((1280, 720), animation="off")
    n = info.default_seats
    m = Match(info, {}, [Seat(AI, "easy", nm) for nm in info.seat_names(n)], seed=5, ai_secret=5,
              chance_secret=SEED_ONLY)
    g = GameScreen(app, m, clock=lambda: now[0])
    faults: list = []
    g.ais = {s: FaultyAI(mode, faults, at=2 if mode == "stale" else 1) for s in range(n)}
    app.push(g)
    return app, g, m, now


def run_until_dialog(app, g, now, frames=4000, hang=False):
    for _ in range(frames):
        if isinstance(app.stack.top, Dialog):
            return app.stack.top
        if hang and g.runner.busy:
            now[0] += 5.0                 # the thought goes on and on: the clock runs
            app.step(1 / 60, events=[])
            continue
        settle(app)
        app.step(1 / 60, events=[])
    raise AssertionError("no dialog: the misbehaving computer stalled the game or was taken at its word")


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("info", games.GAMES, ids=lambda i: i.id)
def test_a_misbehaving_computer_gets_the_dialog_and_the_game_goes_on(info, mode):
    app, g, m, now = table(info, mode)
    hang = mode.startswith("hang")
    try:
        dialog = run_until_dialog(app, g, now, hang=hang)
        assert dialog.title == TITLE, dialog.title
        for ai in g.ais.values():
            for bad in ai.answers:
                assert str(bad) not in dialog.message, "the dialog quotes the computer's move"
        if mode == "hang_deaf":
            assert g.runner.abandoned == 1, "the deaf thread is let go once"
        if mode == "hang_checking":
            assert g.runner.abandoned == 0, "a thought that checks for cancel stops when told"
        ply = m.ply
        labels = [b.label for b in dialog.buttons]
        assert labels == ["Retry", "Let it play a random move", "Main menu"]
        click(app, dialog.buttons[1].rect.center)          # a random move for it
        assert m.ply == ply + 1 and app.stack.top is g, "the random move was not played"
        for _ in range(60):                                 # and the game moves on by itself
            settle(app)
            app.step(1 / 60, events=[])
        assert m.ply > ply + 1 or m.is_over()
    finally:
        for ai in g.ais.values():
            ai.release.set()
        for s in list(app.stack.scenes):
            s.on_exit()


def test_retry_thinks_again_and_the_pause_menu_does_not_abandon_a_thought():
    info = games.get("cannon")
    app, g, m, now = table(info, "hang_deaf")
    try:
        for _ in range(10):
            settle(app) if not g.runner.busy else None
            app.step(1 / 60, events=[])
            if g.runner.busy:
                break
        assert g.runner.busy
        for _ in range(3):                        # Esc, Resume, thrice: nothing is cancelled or joined
            g.pause()
            app.stack.top.buttons[0].click()
        assert g.runner.busy and g.runner.abandoned == 0
        dialog = run_until_dialog(app, g, now, hang=True)
        assert g.runner.abandoned == 1
        for ai in g.ais.values():
            ai.release.set()
        click(app, dialog.buttons[0].rect.center)  # Retry: the computer thinks again (and now answers)
        ply = m.ply
        for _ in range(60):
            settle(app)
            app.step(1 / 60, events=[])
        assert m.ply > ply
    finally:
        for ai in g.ais.values():
            ai.release.set()
        for s in list(app.stack.scenes):
            s.on_exit()
