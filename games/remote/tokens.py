"""Seat secrets: the long token in each seat's link and the short code typed by hand.

A token is what lets a phone act for a seat, so it is long (192 random bits from
:mod:`secrets`, URL-safe) and fresh for every seat of every game. The short code
is the typed fallback for a phone that cannot scan: 8 characters from an alphabet
without look-alikes, traded once over the code door for the seat's token, and
dead as soon as the seat has joined. Guessing codes is limited in total (not per
connection, which would be free to reopen): 10 wrong codes close the door for a
minute.

Nothing here does I/O or keeps threads; :class:`~games.remote.hub.PhoneHub`
guards these objects with its own lock.
"""
from __future__ import annotations

import hmac
import logging
import math
import re
import secrets
from collections.abc import Callable

log = logging.getLogger(__name__)

#: 192 bits; the contract asks for at least 128.
TOKEN_BYTES = 24
#: what a token in a path may look like (token_urlsafe's alphabet); anything else is refused
#: before any comparison, so odd paths never reach the secrets.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,128}")

#: No 0/O, 1/I/L: the characters people misread on a screen across the table.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
#: wrong codes (in total, over every connection) that close the code door ...
CODE_TRIES = 10
#: ... and for how many seconds.
CODE_LOCKOUT = 60.0


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def show_code(code: str) -> str:
    """The code as people read it: two groups of four ("ABCD-EFGH")."""
    return f"{code[:4]}-{code[4:]}"


def normalise_code(typed: str) -> str:
    """What a person typed, as a code: case, spaces and dashes do not matter."""
    return "".join(ch for ch in typed.upper() if ch not in " -\t")


def same_secret(a: str, b: str) -> bool:
    """Constant-time comparison, so the time a refusal takes tells nothing about
    how much of a guess was right."""
    return hmac.compare_digest(a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


class CodeDoor:
    """Counts wrong codes and closes the door after :data:`CODE_TRIES` of them for
    :data:`CODE_LOCKOUT` seconds. ``clock`` is injectable so tests step time
    instead of sleeping."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self.wrong = 0
        self._closed_until: float | None = None

    def closed_for(self) -> float:
        """Seconds until the door opens again, 0.0 while it is open."""
        if self._closed_until is None:
            return 0.0
        left = self._closed_until - self._clock()
        if left <= 0:
            # The minute is over: a fresh count, so the next mistake is not the last.
            self._closed_until = None
            self.wrong = 0
            return 0.0
        return left

    def closed_message(self) -> str:
        seconds = max(1, math.ceil(self.closed_for()))
        return (f"Too many wrong codes were typed. The code door is closed for {seconds} more "
                f"second{'s' if seconds != 1 else ''}; scan the QR code instead, or try again then.")

    def record_wrong(self) -> None:
        self.wrong += 1
        if self.wrong >= CODE_TRIES:
            self._closed_until = self._clock() + CODE_LOCKOUT
            log.warning("phone code door closed for %.0f s after %d wrong codes", CODE_LOCKOUT, self.wrong)
