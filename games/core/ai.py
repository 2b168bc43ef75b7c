"""The AI interface shared by every game, and the uniformly random baseline.

An AI is an object with ``choose(view, ctx) -> move``. It receives the *view* of
its own seat (never the full state) and a :class:`ThinkContext`. It must call
``ctx.check()`` often (every few hundred nodes): that raises :class:`Cancelled`
as soon as the player undoes, leaves or closes the window, which is how the AI
runner stops a thought within a few milliseconds without killing threads.
"""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

LEVELS = ("easy", "normal", "hard")
ARENA_LEVELS = LEVELS + ("random",)


class Cancelled(Exception):
    """Raised inside an AI's search when its thought was cancelled."""


@dataclass
class ThinkContext:
    time_scale: float = 1.0          # the settings' "AI thinking time" (x0.5 .. x4)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    cancel_event: threading.Event = field(default_factory=threading.Event)
    started: float = field(default_factory=time.perf_counter)

    def check(self) -> None:
        if self.cancel_event.is_set():
            raise Cancelled()

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def budget(self, seconds: float) -> float:
        """A level's default budget scaled by the player's setting."""
        return seconds * self.time_scale


class AIPlayer(Protocol):
    """What the frame, the driver and the arena ask of an AI (views and moves are the game's own)."""
    def choose(self, view: Any, ctx: ThinkContext) -> Any: ...


class RandomAI:
    """Plays a uniformly random legal move: the baseline every AI must beat."""
    level = "random"

    def choose(self, view: Any, ctx: ThinkContext) -> Any:
        moves = view.legal_moves()
        if not moves:
            raise ValueError("no legal move to choose from")
        return ctx.rng.choice(moves)
