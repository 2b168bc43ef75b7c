"""First-time tips in real games: a one-line tip the first time a moment comes.

Each game's lesson module lists its ``TIPS`` (games.core.lesson.Tip): a key, a line,
and ``when(view, seat)``, the moment it speaks of, judged from what the deciding seat
may see. The frame asks when a human at the laptop is to decide; a tip is shown once
ever (its key goes to ``Settings.tips_seen``) and never when Settings turns tips off.
A tip that fails to judge is logged and skipped, never in the player's way.
"""
from __future__ import annotations

import logging
from typing import Any

from games.core.lesson import lesson_tips

log = logging.getLogger(__name__)


class FirstTips:
    def __init__(self, info: Any, settings: Any):
        self.info = info
        self.settings = settings
        try:
            self.tips = lesson_tips(info)
        except Exception as exc:  # noqa: BLE001 - a broken tips list costs the tips, not the game
            log.error("the tips of %s could not be read", info.id, exc_info=exc)
            self.tips = ()
        self._asked: tuple | None = None

    def due(self, view: Any, seat: int, ply: int) -> str | None:
        """The tip for ``seat`` deciding at ``ply`` (asked once a decision), or None;
        the tip returned is marked seen."""
        if not self.tips or not self.settings.tips or self._asked == (ply, seat):
            return None
        self._asked = (ply, seat)
        seen = self.settings.tips_seen
        for tip in self.tips:
            key = f"{self.info.id}:{tip.key}"
            if key in seen:
                continue
            try:
                now = bool(tip.when(view, seat))
            except Exception as exc:  # noqa: BLE001 - logged; the game goes on without the tip
                log.error("tip %s failed at ply %d", key, ply, exc_info=exc)
                continue
            if now:
                seen.append(key)
                return tip.text
        return None
