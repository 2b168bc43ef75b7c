"""The in-game pause menu (Esc). The game-over card lives in ``result_card.py``."""
from __future__ import annotations

from games.ui.dialogs import Dialog


def PauseMenu(app, game):
    from games.ui import router
    # Resume is the focus, Esc, B and Start: every way back lands in the game
    phones = getattr(game, "phones", None)
    # a game with phone seats: their codes again (a phone that closed its page) and Here/Computer
    extra = [("Phones", game.show_phones, None)] if phones is not None and phones.running else []
    return Dialog(app, "Paused", "", vertical=True, width=420, cancel=0, start_closes=True, buttons=(
        ("Resume", None, None),
        *extra,
        ("Save", game.save, None),
        ("Rules", game.rules, None),
        ("Settings", lambda: router.open("settings", app), None),
        ("Quit to menu", game.leave, None),
    ))
