"""The registry: the ids of the games in the app, in menu order.

Each game's own package (``games/<id>/__init__.py``) exports its ``INFO``, a
:class:`~games.core.registry.GameInfo` that names its rules, AI and board by module
path; those are imported lazily, so starting the app imports no game's rules, AI
or board until that game is used. Adding a game touches no shared file but this list.
"""
from __future__ import annotations

import importlib

from games.core.registry import GameInfo

GAME_IDS = ("cannon", "cannon_corps", "cannon_ball", "artillery")

GAMES: tuple[GameInfo, ...] = tuple(importlib.import_module(f"games.{gid}").INFO for gid in GAME_IDS)

BY_ID = {g.id: g for g in GAMES}


def get(game_id: str) -> GameInfo:
    try:
        return BY_ID[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (known: {', '.join(BY_ID)})") from None
