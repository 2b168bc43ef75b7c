"""Runs an AI's thought on a worker thread so the window keeps drawing.

The AI cooperates: it calls ``ctx.check()`` every few hundred nodes, which
raises ``Cancelled`` once :meth:`AIRunner.cancel` sets the event. Cancel then
joins the thread, so nothing is left behind. Python threads cannot be killed;
cooperation is what makes "Undo stops the thought at once" true.
"""
from __future__ import annotations

import random
import threading
import time

from games.core.ai import Cancelled, ThinkContext


class AIRunner:
    def __init__(self):
        self._thread: threading.Thread | None = None
        self._ctx: ThinkContext | None = None
        self._result = None
        self._error: BaseException | None = None
        self._token = None
        self.last_seconds = 0.0

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def token(self):
        """What the current thought is for (e.g. the match ply); lets the scene
        ignore a result that belongs to a position no longer on the board."""
        return self._token

    def start(self, ai, view, *, token=None, time_scale: float = 1.0, seed: int = 0) -> None:
        self.cancel()
        self._result, self._error, self._token = None, None, token
        self._ctx = ThinkContext(time_scale=time_scale, rng=random.Random(seed))
        ctx = self._ctx

        def work():
            try:
                self._result = ai.choose(view, ctx)
            except Cancelled:
                pass
            except BaseException as exc:  # noqa: BLE001 - not swallowed: poll() raises it in the UI thread
                self._error = exc
            self.last_seconds = ctx.elapsed()

        self._thread = threading.Thread(target=work, name="ai-think", daemon=True)
        self._thread.start()

    def poll(self):
        """(done, move). Raises the AI's exception if it failed."""
        if self._thread is None or self._thread.is_alive():
            return False, None
        self._thread = None
        if self._error is not None:
            err, self._error = self._error, None
            raise err
        return True, self._result

    def cancel(self, timeout: float = 1.0) -> float:
        """Stop the current thought; returns how long stopping took (seconds)."""
        t0 = time.perf_counter()
        if self._thread is not None and self._ctx is not None:
            self._ctx.cancel_event.set()
            self._thread.join(timeout)
            self._thread = None
        self._result, self._error, self._token = None, None, None
        return time.perf_counter() - t0
