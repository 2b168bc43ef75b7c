"""The in-game overlays: the pause menu (Esc) and the game-over card."""
from __future__ import annotations

from games.ui.dialogs import Dialog

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def PauseMenu(app, game):
    from games.ui.settings_screen import SettingsScreen
    return Dialog(app, "Paused", "", vertical=True, width=420, cancel=0, buttons=(
        ("Resume", None, None),
        ("Save", game.save, None),
        ("Rules", game.rules, None),
        ("Settings", lambda: app.push(SettingsScreen(app)), None),
        ("Quit to menu", game.leave, None),
    ))


def placings_text(state, names) -> str:
    """The places after the winner ("2nd: Cleo", "3rd: Ben and Dev (shared)") for 3+ seats;
    the card's title already names the winner, once."""
    places = state.placings()
    if len(places) < 3:
        return ""
    lines = []
    for place in sorted(set(places)):
        if place == 1 and state.winner() is not None:
            continue
        who = [names[i] for i, p in enumerate(places) if p == place]
        shared = " (shared)" if len(who) > 1 else ""
        lines.append(f"{ORDINALS[place - 1] if place <= len(ORDINALS) else place}: {' and '.join(who)}{shared}")
    return "\n".join(lines)


def result_title(match) -> str:
    """The card's headline. With one human at the table it talks to them: "You win!"
    / "You lose"; otherwise it names the winner. (The move log keeps the names.)"""
    w = match.state.winner()
    humans = match.human_seats()
    if w is None:
        return "Draw"
    if len(humans) == 1:
        return "You win!" if w == humans[0] else "You lose"
    return f"{match.names()[w]} wins!"


def human_won(match) -> bool:
    w = match.state.winner()
    return w is not None and match.seats[w].is_human


def GameOver(app, game):
    """The result card; Esc or Menu on a finished game opens it again."""
    match = game.match
    names = match.names()
    text = match.state.result_text(names)
    table = placings_text(match.state, names)
    if table:
        text = f"{text}\n\n{table}"
    return Dialog(app, result_title(match), text, vertical=True, width=460, center_text=True, buttons=(
        ("Rematch (seats swapped)", game.rematch, None),
        ("Save", game.save, None),
        ("Review the game", lambda: game.review(0), None),
        ("Main menu", lambda: game.leave(force=True), None),
        ("Look at the board", None, None),
    ))
