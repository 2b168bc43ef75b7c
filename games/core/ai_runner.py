"""Runs an AI's thought on a worker thread so the window keeps drawing.

The AI cooperates: it calls ``ctx.check()`` every few hundred nodes, which
raises ``Cancelled`` once :meth:`AIRunner.cancel` sets the event; a cooperative
AI stops within milliseconds. Python threads cannot be killed, so one that does
not stop is *abandoned*: cancel waits a moment, then lets it go (it is a daemon
thread, and it writes only to its own job, so its late answer can never be
taken for a later thought's). Nothing ever waits on a thread frame after frame.

A thought is told apart in every way it can end (:meth:`AIRunner.poll`):
an answer, an error (raised in the caller's thread), or no answer at all (the AI
returned ``None``: a fault, not a cancel). How long the current thought has
run (:meth:`AIRunner.elapsed`) lets the caller give up on one that hangs; the
clock is a parameter so tests step it instead of waiting.
"""
from __future__ import annotations

import logging
import random
import threading
import time
from typing import Any, Callable

from games.core.ai import AIPlayer, Cancelled, ThinkContext

log = logging.getLogger(__name__)

#: how long cancel waits for a cooperative AI to stop before abandoning it
CANCEL_WAIT = 0.25


class NoAnswer(Exception):
    """The AI finished its thought without choosing anything."""


class _Job:
    """One thought: its context, thread and outcome (written only by its own thread)."""

    def __init__(self, ctx: ThinkContext, token: Any, started: float) -> None:
        self.ctx = ctx
        self.token = token
        self.started = started
        self.result: Any = None
        self.error: BaseException | None = None
        self.cancelled = False
        self.thread: threading.Thread | None = None


class AIRunner:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._job: _Job | None = None
        self._clock = clock
        self.last_seconds = 0.0
        self.abandoned = 0          # threads that ignored a cancel and were let go

    @property
    def busy(self) -> bool:
        return self._job is not None and self._job.thread is not None and self._job.thread.is_alive()

    @property
    def token(self) -> Any:
        """What the current thought is for (e.g. the match ply); lets the scene
        ignore a result that belongs to a position no longer on the board."""
        return self._job.token if self._job is not None else None

    def elapsed(self) -> float:
        """Seconds the current thought has run (0 when there is none)."""
        return self._clock() - self._job.started if self._job is not None else 0.0

    def start(self, ai: AIPlayer, view: Any, *, token: Any = None, time_scale: float = 1.0, seed: int = 0) -> None:
        self.cancel()
        job = _Job(ThinkContext(time_scale=time_scale, rng=random.Random(seed)), token, self._clock())

        def work() -> None:
            try:
                job.result = ai.choose(view, job.ctx)
            except Cancelled:
                job.cancelled = True
            except BaseException as exc:  # noqa: BLE001 - not swallowed: poll() raises it in the UI thread
                job.error = exc
            self.last_seconds = job.ctx.elapsed()

        job.thread = threading.Thread(target=work, name="ai-think", daemon=True)
        self._job = job
        job.thread.start()

    def poll(self) -> tuple[bool, Any]:
        """(done, move) of the current thought: (False, None) while it runs or when
        there is none. Once done, the runner is free again.

        :raises NoAnswer: the AI returned nothing.
        :raises Exception: whatever the AI raised.
        """
        job = self._job
        if job is None or job.thread is None or job.thread.is_alive():
            return False, None
        self._job = None
        if job.error is not None:
            raise job.error
        if job.cancelled:
            return False, None
        if job.result is None:
            raise NoAnswer("the computer player finished without choosing a move")
        return True, job.result

    def cancel(self, timeout: float = CANCEL_WAIT) -> float:
        """Stop the current thought; returns how long stopping took (seconds). A thought
        that does not stop within ``timeout`` is abandoned, once."""
        t0 = time.perf_counter()
        job, self._job = self._job, None
        if job is not None and job.thread is not None:
            job.ctx.cancel_event.set()
            job.thread.join(timeout)
            if job.thread.is_alive():
                self.abandoned += 1
                log.warning("an AI thought ignored its cancel; its thread is abandoned (%d so far)", self.abandoned)
        return time.perf_counter() - t0
