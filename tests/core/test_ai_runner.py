"""AI runner: thinking off the UI thread, cancelled promptly, every ending told apart,
and a thread that ignores its cancel let go once (its late answer never taken).

Nothing here measures time against a wall-clock window: threads are waited for by
events and joins, and the runner's clock is a counter the test moves."""
import threading

import pytest

from games.core.ai_runner import AIRunner, NoAnswer


class SlowAI:
    """Searches 'forever' but checks for cancellation, as every real AI must."""
    def __init__(self):
        self.started = threading.Event()

    def choose(self, view, ctx):
        self.started.set()
        while True:
            ctx.check()
            sum(range(500))


class DeafAI:
    """Ignores its cancel until released, then answers: a misbehaving AI."""
    def __init__(self, answer="late"):
        self.started = threading.Event()
        self.release = threading.Event()
        self.answer = answer

    def choose(self, view, ctx):
        self.started.set()
        self.release.wait(30)
        return self.answer


class QuickAI:
    def __init__(self, answer="move"):
        self.answer = answer

    def choose(self, view, ctx):
        return self.answer


class BrokenAI:
    def choose(self, view, ctx):
        raise RuntimeError("boom")


def finish(r: AIRunner):
    """Wait for the current thought's thread to end (a join, not a clock)."""
    r._job.thread.join(30)


def test_slow_ai_cancelled_promptly_and_no_thread_left():
    before = {t.ident for t in threading.enumerate()}
    r = AIRunner()
    ai = SlowAI()
    r.start(ai, view=None, token=5)
    assert ai.started.wait(30)
    assert r.busy
    r.cancel(timeout=30)
    assert not r.busy and r.token is None and r.abandoned == 0
    left = [t for t in threading.enumerate() if t.ident not in before]
    assert left == []


def test_result_is_returned_with_its_token():
    r = AIRunner()
    r.start(QuickAI(), view=None, token=3)
    assert r.token == 3
    finish(r)
    assert r.poll() == (True, "move")
    assert r.token is None and not r.busy, "a finished thought frees the runner"


def test_ai_error_surfaces_through_poll():
    r = AIRunner()
    r.start(BrokenAI(), view=None)
    finish(r)
    with pytest.raises(RuntimeError, match="boom"):
        r.poll()


def test_an_ai_that_answers_nothing_is_a_fault_not_a_cancel():
    r = AIRunner()
    r.start(QuickAI(answer=None), view=None, token=1)
    finish(r)
    with pytest.raises(NoAnswer):
        r.poll()


def test_a_thread_that_ignores_its_cancel_is_abandoned_once_and_its_late_answer_never_taken():
    r = AIRunner()
    deaf = DeafAI()
    r.start(deaf, view=None, token=1)
    assert deaf.started.wait(30)
    r.cancel(timeout=0.01)
    assert r.abandoned == 1 and not r.busy and r.token is None
    r.cancel(timeout=0.01)                      # nothing left to wait for: no second abandon
    assert r.abandoned == 1
    r.start(QuickAI("fresh"), view=None, token=2)
    finish(r)
    deaf.release.set()                          # the abandoned thread answers late...
    assert r.poll() == (True, "fresh")          # ...and its answer is not taken
    assert r.poll() == (False, None)


def test_elapsed_follows_the_runners_clock():
    now = [100.0]
    r = AIRunner(clock=lambda: now[0])
    assert r.elapsed() == 0.0
    deaf = DeafAI()
    r.start(deaf, view=None)
    now[0] += 42.5
    assert r.elapsed() == 42.5
    deaf.release.set()
    finish(r)
    r.poll()
    assert r.elapsed() == 0.0
