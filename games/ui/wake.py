"""Waking the app's idle loop from another thread (the phone server's threads).

While nothing moves, the loop sleeps in ``pygame.event.wait`` (``games.ui.app``),
so a phone's message would wait for the next input or the loop's safety wake
(seconds). A :class:`Waker` posts one :data:`WAKE` event, which ends the wait at
once; the app drops it (it carries nothing: the frame that follows pumps the
phones). ``pygame.event.post`` is safe to call from any thread.

At most one wake waits in the queue at a time: a burst of phone messages posts
one event, not hundreds (a test that steps frames with its own events never
drains the queue, and SDL's queue has a bound).
"""
from __future__ import annotations

import logging
import threading

import pygame

log = logging.getLogger(__name__)

#: the event type that only wakes the loop
WAKE = pygame.event.custom_type()


class Waker:
    """Call it from any thread to wake the app's loop (see the module's doc)."""

    def __init__(self) -> None:
        self._posted = threading.Event()

    def __call__(self) -> None:
        if self._posted.is_set():
            return                     # one is already on its way
        self._posted.set()
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error as exc:
            # no event queue (the window is closing): the loop's safety wake still comes
            self._posted.clear()
            log.warning("could not wake the app's loop: %s", exc)

    def woken(self) -> None:
        """The loop took the wake event (main thread): the next call posts again."""
        self._posted.clear()
