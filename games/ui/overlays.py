"""The in-game overlays: the pause menu (Esc) and the game-over card."""
from __future__ import annotations

from games.ui.dialogs import Dialog

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def PauseMenu(app, game):
    from games.ui.settings_screen import SettingsScreen
    return Dialog(app, "Paused", "", vertical=True, width=420, buttons=(
        ("Resume", None, None),
        ("Save", game.save, None),
        ("Rules", game.rules, None),
        ("Settings", lambda: app.push(SettingsScreen(app)), None),
        ("Quit to menu", game.leave, None),
    ))


def placings_text(state, names) -> str:
    """Every seat's place, best first ("1st Ana, 2nd Cleo and Dev (shared)"), for 3+ seats."""
    places = state.placings()
    if len(places) < 3:
        return ""
    lines = []
    for place in sorted(set(places)):
        who = [names[i] for i, p in enumerate(places) if p == place]
        shared = " (shared)" if len(who) > 1 else ""
        lines.append(f"{ORDINALS[place - 1] if place <= len(ORDINALS) else place}: {' and '.join(who)}{shared}")
    return "\n".join(lines)


def GameOver(app, game):
    state = game.match.state
    names = game.match.names()
    w = state.winner()
    title = "Draw" if w is None else f"{names[w]} wins!"
    text = state.result_text(names)
    table = placings_text(state, names)
    if table:
        text = f"{text}\n\n{table}"
    return Dialog(app, title, text, vertical=True, width=460, center_text=True, buttons=(
        ("Rematch (seats swapped)", game.rematch, None),
        ("Save", game.save, None),
        ("Main menu", lambda: game.leave(force=True), None),
        ("Look at the board", None, None),
    ))
