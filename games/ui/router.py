"""Screens opened by name, so that no screen imports another (issue 27).

The screens (the menu, the new-game form, the game frame, the load list, the join
screen, rules, settings, standings) used to import each other inside functions: a
cycle that only showed when a button was pressed. A screen now asks for another by
name, and the router imports that screen's module when it is first opened, as the
registry does a game's rules and board. ``tests/core/test_layers.py`` checks that no
screen reaches another by an import.
"""
from __future__ import annotations

import importlib
import logging
import os
import uuid
from typing import Any

from games.core import paths, saves
from games.ui.dialogs import message

log = logging.getLogger(__name__)

#: name -> "module:class"; a screen's module is imported when the screen is first made
SCREENS: dict[str, str] = {
    "menu": "games.ui.menu:MainMenu",
    "setup": "games.ui.setup:SetupScreen",
    "game": "games.ui.game_screen:GameScreen",
    "learn": "games.ui.learn_screen:LearnScreen",
    "load": "games.ui.load_screen:LoadScreen",
    "join": "games.ui.join_screen:JoinScreen",
    "rules": "games.ui.rules_screen:RulesScreen",
    "settings": "games.ui.settings_screen:SettingsScreen",
    "standings": "games.ui.standings_screen:StandingsScreen",
}


def screen(name: str) -> Any:
    """The class of screen ``name``."""
    try:
        module, _, attr = SCREENS[name].partition(":")
    except KeyError:
        raise KeyError(f"no screen called {name!r} (known: {', '.join(SCREENS)})") from None
    return getattr(importlib.import_module(module), attr)


def make(name: str, app, *args, **kwargs) -> Any:
    """A new screen ``name``, made with ``app`` and the screen's own arguments."""
    return screen(name)(app, *args, **kwargs)


def open(name: str, app, *args, **kwargs) -> Any:  # noqa: A001 - the router's verb, as the issue names it
    """Make screen ``name`` and push it on the app's stack; returns it."""
    scene = make(name, app, *args, **kwargs)
    app.push(scene)
    return scene


def open_save(app, path: str) -> None:
    """Load a save and open its game over the menu, or tell the player plainly why not."""
    try:
        match = saves.load_match(path)
    except saves.SaveError as exc:
        log.warning("cannot load %s", exc.log_text())
        message(app, "Cannot open this save", f"{exc.reason[0].upper()}{exc.reason[1:]}.\n\n{exc.path}")
        return
    backup = path.endswith(saves.BACKUP)
    main = path[:-len(saves.BACKUP)] if backup else path
    if not _is_autosave(main):
        _branch_if_played_on(match)
    app.replace_all(make("menu", app))
    # a backup opens as its save: the next save (or autosave) repairs the damaged file
    open("game", app, match, resumed=True, save_path=main if not _is_autosave(main) else None)
    if backup:
        message(app, "Opened the copy before", f"The last save of this game was damaged, so this is the copy kept "
                                                f"before it, at move {match.ply}. Saving writes over the damaged file.")


def _branch_if_played_on(match) -> None:
    """A save made mid-game whose game went on after it (its autosave holds other moves,
    perhaps to the end): played from here it is another game, with an id of its own, so
    its autosave does not write over the other's, and its end is recorded apart (a
    play-test: the second ending of "Ana midgame" replaced the first one's autosave)."""
    if match.is_over():
        return
    try:
        other = saves.read_save_dict(saves.autosave_path(match))
    except (saves.SaveError, OSError):
        return                          # no autosave of it, or none readable: nothing to keep apart
    if other.get("moves") != [e.text for e in match.log]:
        old, match.match_id = match.match_id, uuid.uuid4().hex[:12]
        log.info("save of match %s opened after the game went on: played as %s", old, match.match_id)


def _is_autosave(path: str) -> bool:
    return os.path.abspath(os.path.dirname(path)) == os.path.abspath(paths.autosave_dir())
