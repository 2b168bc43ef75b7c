"""What one phone seat is sent: the per-seat state payload (pure, no I/O).

The server wraps this dict in ``{"type": "state", "seq": N, "payload": ...}``.
It is built only from ``view`` (``state.view(seat)``: what that seat may know)
and public things the caller hands in: the seats' names and colours, whose turn
it is, the public move-log lines and the result. Nothing here reads a full
state, so a seat's payload can hold no other seat's secret; the counterfactual
tests in ``tests/remote/test_payload.py`` check it byte for byte.

The generic part is the same for every game (``docs/phones_payload.md`` lists
its keys); the game part (``"view"``) comes from ``games/<game>/phone.py``:

* ``phone_view(view, seat) -> dict`` (required): the seat's own picture, small
  and JSON-able;
* ``describe_move(view, move) -> (label, group)`` (optional): a short human
  label for a legal move and the name of the group it is listed under;
* ``listed_moves(view, moves) -> list`` (optional): which legal moves go in the
  list and in what order (the game part offers any left out by its own
  controls: Cannon Corps' 415,800 set-ups, Artillery's many destinations).
  Without it the first :data:`LIST_CAP` are listed in the game's order.

A game without a ``phone`` module still plays: its legal moves as buttons.
"""
from __future__ import annotations

import importlib
import json
import logging
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

log = logging.getLogger(__name__)

#: the payload's own format number (the page checks nothing else of the server's)
PAYLOAD_VERSION = 1
#: the whole payload, as compact JSON, stays under this (the page and the socket assume it)
PAYLOAD_MAX = 16 * 1024
#: a game without ``listed_moves`` lists at most this many legal moves
LIST_CAP = 120
#: how many public log lines a phone sees (the newest)
LOG_LINES = 12
#: no single text in the payload is longer than this (a log line, a label)
TEXT_MAX = 240

CHANCE = -1
TERMINAL = -2

_phone_modules: dict[str, ModuleType | None] = {}


def phone_module(game_id: str) -> ModuleType | None:
    """``games.<game_id>.phone``, or None when the game has none (imported once)."""
    if game_id not in _phone_modules:
        try:
            _phone_modules[game_id] = importlib.import_module(f"games.{game_id}.phone")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"games.{game_id}.phone", f"games.{game_id}"):
                raise                                   # the module exists but an import inside it fails
            log.info("%s has no phone module: its phones get the legal moves only", game_id)
            _phone_modules[game_id] = None
    return _phone_modules[game_id]


def _text(value: object, cap: int = TEXT_MAX) -> str:
    s = value if isinstance(value, str) else ("" if value is None else str(value))
    return s if len(s) <= cap else s[: cap - 1] + "\u2026"


def _name(names: Sequence[str], seat: int) -> str:
    if 0 <= seat < len(names) and str(names[seat]).strip():
        return _text(names[seat], 40)
    return f"Player {seat + 1}"


def headline(names: Sequence[str], seat: int, winner: int | None) -> str:
    """The game-over headline a phone shows: "You won!", "Cleo won", or "Game over"
    (a draw, or no single winner: the result line says which). A phone seat that
    lost, or was out long before the end, is told who won, as the laptop's card does."""
    if winner is None:
        return "Game over"
    return "You won!" if winner == seat else f"{_name(names, winner)} won"


def _result_after_headline(result: str | None, names: Sequence[str], winner: int | None) -> str | None:
    """The result line without a leading "Cleo wins" that the headline already says
    (Artillery's "Cleo wins: the fort is taken" reads "the fort is taken" under "Cleo won")."""
    if not result or winner is None:
        return result
    lead = f"{_name(names, winner)} wins"
    if result.startswith(lead):
        rest = result[len(lead):].lstrip(":; ,")
        return rest or None
    return result


def log_entries(log_lines: Sequence[Any]) -> list[dict[str, Any]]:
    """The newest :data:`LOG_LINES` public lines as ``{"seat": n | None, "text": str}``.

    An item may be a plain string (seat None), a ``(seat, text)`` pair, or a
    ``LogEntry`` (its ``player`` and ``public`` text: never its ``text``, which is
    the move's own notation and may be a secret such as a set-up). A seat below 0
    (chance) becomes None."""
    out: list[dict[str, Any]] = []
    for item in list(log_lines)[-LOG_LINES:]:
        if isinstance(item, str):
            seat, text = None, item
        elif isinstance(item, tuple) and len(item) == 2:
            seat, text = item
        elif hasattr(item, "public") and hasattr(item, "player"):
            seat, text = item.player, item.public
        else:
            raise TypeError(f"a log line is a str, a (seat, text) pair or a LogEntry, not {type(item).__name__}")
        seat = seat if isinstance(seat, int) and seat >= 0 else None
        out.append({"seat": seat, "text": _text(text)})
    return out


def _describer(mod: ModuleType | None) -> Callable[[Any, Any], tuple[str, str]]:
    fn: Callable[[Any, Any], tuple[str, str]] | None = getattr(mod, "describe_move", None) if mod else None
    if fn is None:
        return lambda view, move: (str(move), "")
    return fn


def move_list(game_id: str, view: Any) -> tuple[list[dict[str, str]], int]:
    """The legal moves of ``view`` to offer as buttons, and how many there are in all.

    Every item is ``{"text": str(move), "label": ..., "group": ...}``; the text
    is what the phone sends back, read by ``parse_move`` like a typed move."""
    legal = view.legal_moves()
    total = len(legal)
    if total == 0:
        return [], 0
    mod = phone_module(game_id)
    chooser = getattr(mod, "listed_moves", None) if mod is not None else None
    shown = list(chooser(view, legal)) if chooser is not None else list(legal[:LIST_CAP])
    describe = _describer(mod)
    out = []
    for m in shown:
        label, group = describe(view, m)
        out.append({"text": str(m), "label": _text(label, 80), "group": _text(group, 40)})
    return out, total


def payload(info: Any, view: Any, seat: int, *, names: Sequence[str], colours: Sequence[str],
            to_move: int, performer_label: str | None, log_lines: Sequence[Any], over: bool,
            result: str | None, winner: int | None = None, performer: int | None = None) -> dict[str, Any]:
    """The state payload for phone seat ``seat``.

    ``info``: the game's ``GameInfo``; ``view``: ``state.view(seat)``; ``names``
    and ``colours``: every seat's display name and ``#rrggbb``, seat order;
    ``to_move``: ``state.current_player()`` (a seat, -1 chance, -2 over);
    ``performer_label``: "Spin!"/"Roll!" when this seat performs the chance
    event due now, else None; ``log_lines``: the public log (see
    :func:`log_entries`); ``over`` and ``result``: the game-over line;
    ``winner``: the winning seat once it is over (None: a draw, or no single winner);
    ``performer``: the seat that performs the chance event due now, if a seat does.
    """
    game_id = info.id
    mine = not over and to_move == seat
    moves, total = move_list(game_id, view) if mine else ([], 0)
    perform = _text(performer_label, 20) if performer_label and not over else None
    if to_move >= 0 and not over:
        waiting_for: str | None = _name(names, to_move)
    elif perform:
        waiting_for = _name(names, seat)
    elif performer is not None and performer >= 0 and not over:
        waiting_for = _name(names, performer)      # another seat spins or rolls: "Waiting for Ana"
    else:
        waiting_for = None
    out: dict[str, Any] = {
        "v": PAYLOAD_VERSION,
        "game": game_id,
        "title": _text(info.title, 60),
        "seat": seat,
        "names": [_name(names, s) for s in range(len(names))],
        "colours": [str(c) for c in colours],
        "status": _text(view.status_text(list(names))),
        "to_move": to_move if to_move >= 0 and not over else None,
        "your_turn": bool(mine or perform),
        "waiting_for": waiting_for,
        "moves": moves,
        "moves_total": total,
        "perform": perform,
        "log": log_entries(log_lines),
        "over": bool(over),
        "headline": headline(names, seat, winner) if over else None,
        "result": _text(_result_after_headline(result, names, winner)) if over and result else None,
        "view": None,
    }
    mod = phone_module(game_id)
    if mod is not None:
        out["view"] = mod.phone_view(view, seat)
    _fit(out)
    return out


def encoded_size(obj: Any) -> int:
    """Bytes of ``obj`` as the compact UTF-8 JSON the server sends."""
    return len(json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def _fit(out: dict[str, Any]) -> None:
    """Keep the payload under :data:`PAYLOAD_MAX`: drop listed moves from the end
    (the page says how many are not listed and the move box still takes them),
    then log lines from the start. Said in the log: a game part that grows this
    big is a bug to fix, not a state to live with."""
    size = encoded_size(out)
    if size <= PAYLOAD_MAX:
        return
    log.warning("%s payload for seat %s is %d bytes: trimming", out["game"], out["seat"], size)
    moves = out["moves"]
    while moves and encoded_size(out) > PAYLOAD_MAX:
        del moves[-max(1, len(moves) // 8):]
    while out["log"] and encoded_size(out) > PAYLOAD_MAX:
        out["log"].pop(0)
    if encoded_size(out) > PAYLOAD_MAX:
        log.error("%s payload for seat %s is still %d bytes after trimming", out["game"], out["seat"],
                  encoded_size(out))
