"""The in-game overlays: the pause menu (Esc) and the game-over card."""
from __future__ import annotations

from games.ui.dialogs import Dialog


def PauseMenu(app, game):
    from games.ui.settings_screen import SettingsScreen
    return Dialog(app, "Paused", "", vertical=True, width=420, buttons=(
        ("Resume", None, None),
        ("Save", game.save, None),
        ("Rules", game.rules, None),
        ("Settings", lambda: app.push(SettingsScreen(app)), None),
        ("Quit to menu", game.leave, None),
    ))


def GameOver(app, game):
    state = game.match.state
    w = state.winner()
    title = "Draw" if w is None else f"{game.match.seats[w].name} wins!"
    return Dialog(app, title, state.result_text(game.match.names()), vertical=True, width=460, center_text=True,
                  buttons=(
        ("Rematch (seats swapped)", game.rematch, None),
        ("Save", game.save, None),
        ("Main menu", lambda: game.leave(force=True), None),
        ("Look at the board", None, None),
    ))
