"""A game's place in the evening's record, from the game frame: recorded when its result
card first shows, withdrawn when Undo takes back its ending (tonight's games only), and
a record that cannot be written said in the frame's status line.

Apart from ``game_screen.py`` because it is the frame's one tie to ``games.core.records``
(the frame asks it two things: record this ending, take this ending back)."""
from __future__ import annotations

import logging
from typing import Any

from games.core import records

log = logging.getLogger(__name__)


def ending_id(match: Any) -> str:
    """The record id of the match as it stands (its match id and a digest of its moves)."""
    return records.record_id(str(match.match_id), [e.text for e in match.log])


def record_ending(screen: Any) -> None:
    """Put the finished game in the evening's record (once: a finished save reopened is
    the same game), with its statistics."""
    from games.ui.result_card import safe_stats
    book = screen.app.records()
    if records.add(book, records.game_record(screen.match, safe_stats(screen.match))):
        _write(screen, book, "The result could not be recorded")


def withdraw_ending(screen: Any, rec_id: str) -> None:
    """An ending taken back leaves the standings: otherwise the game played on to another
    ending would count twice, once lost and once won (a play-test)."""
    book = screen.app.records()
    if records.withdraw(book, rec_id) and _write(screen, book, "The standings could not be updated"):
        screen.say("Move taken back: that result is out of the standings until the game ends again.")


def _write(screen: Any, book: records.Records, failed: str) -> bool:
    """Write the record; a failure is logged and said (``failed``, then why)."""
    try:
        records.save(book)
    except OSError as exc:
        log.warning("%s: %s", failed, exc)
        screen.say(f"{failed} ({exc.strerror or exc}).", bad=True, seconds=10)
        return False
    return True
