"""Reading the app's own JSON files (saves, settings) as the untrusted input they are.

A file in the data folder may be cut short, edited by hand, or made to hurt: huge,
nested a thousand deep, holding ``Infinity`` or a number of five thousand digits.
:func:`read_json` checks the size *before* reading, refuses non-finite and absurdly
long numbers while parsing, and refuses nesting deeper than any file of ours has,
so nothing that follows (comparisons, validation, drawing) can overflow the stack or
the memory. Every refusal is a :class:`BadJson` with one sentence for the player and
the detail for the log.
"""
from __future__ import annotations

import json
import os
from typing import Any, Iterable, NoReturn

#: the deepest nesting any file of ours needs (a snapshot of a game's state is the deepest)
MAX_DEPTH = 24
#: digits in the longest integer we accept (seeds and secrets fit in 20)
MAX_INT_DIGITS = 24


class BadJson(Exception):
    def __init__(self, reason: str, detail: str = ""):
        self.reason = reason
        self.detail = detail
        super().__init__(reason + (f" ({detail})" if detail else ""))


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise BadJson("holds a number far too long to be ours", f"an integer of {len(text)} characters")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 64:
        raise BadJson("holds a number far too long to be ours", f"a number of {len(text)} characters")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise BadJson("holds a number too large to be ours", f"{text[:20]} overflows")
    return value


def _constant(name: str) -> NoReturn:
    raise BadJson("holds a number that is not a number", f"{name} is not allowed")


def depth(value: Any) -> int:
    """How deeply ``value`` nests lists and dicts (0 for a plain value); iterative, so
    it cannot overflow the stack however deep the value goes."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        children: Iterable[Any]
        if isinstance(v, dict):
            children = v.values()
        elif isinstance(v, list):
            children = v
        else:
            continue
        deepest = max(deepest, d)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((c, d + 1) for c in children)
    return deepest


def parse(text: str) -> Any:
    """``json.loads`` with the guards above. :raises BadJson: anything wrong."""
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise BadJson("is nested far deeper than any file of ours", "recursion limit while parsing") from None
    except json.JSONDecodeError as exc:
        if not text.lstrip().startswith(("{", "[", '"')):
            # plain text (a note, a file of another program): every file of ours opens with
            # "{", so this one was never ours, rather than ours and damaged (a play-test)
            raise BadJson("is not a Cannonade file (it holds plain text)",
                          f"JSON error at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
        raise BadJson("was cut short or damaged",
                      f"JSON error at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except ValueError as exc:      # int() of too many digits and the like
        raise BadJson("holds a value that cannot be read", str(exc)[:200]) from None
    if depth(value) > MAX_DEPTH:
        raise BadJson("is nested far deeper than any file of ours", f"more than {MAX_DEPTH} levels")
    return value


def read_json(path: str, max_bytes: int) -> Any:
    """Read and parse ``path``, refusing a file over ``max_bytes`` before reading it.

    :raises FileNotFoundError: the file is not there (callers treat that apart).
    :raises OSError: it cannot be read.
    :raises BadJson: it is too big, not text, or not JSON we accept.
    """
    size = os.stat(path).st_size
    if size > max_bytes:
        raise BadJson("is far too large to be ours", f"{size} bytes, the limit is {max_bytes}")
    with open(path, "rb") as fh:
        raw = fh.read(max_bytes + 1)
    if len(raw) > max_bytes:       # it grew while we looked
        raise BadJson("is far too large to be ours", f"more than {max_bytes} bytes")
    if not raw.strip():
        raise BadJson("is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadJson("is not text", "not UTF-8") from None
    return parse(text)
