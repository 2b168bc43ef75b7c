"""The in-game pause menu (Esc), and the curtain a hidden-information game draws under
it. The game-over card lives in ``result_card.py``."""
from __future__ import annotations

import pygame

from games.ui.dialogs import Dialog
from games.ui.theme import draw_text, fit_text


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


def draw_curtain(surface, game) -> None:
    """The table of a hidden-information game hidden while a panel is open over it. The
    words go in the widest band of the table the open panel leaves, above or below it (a
    play-test at 175% saw the pause menu cover half of them), or nowhere."""
    t, c = game.theme, game.theme.c
    pygame.draw.rect(surface, c["bg"], game.board_rect)
    f = t.body_font()
    over = getattr(game.app.stack.top, "rect", None)
    area = game.board_rect
    bands = [area]
    if isinstance(over, pygame.Rect) and over.colliderect(area):
        bands = [pygame.Rect(area.x, area.y, area.w, max(0, over.y - area.y)),
                 pygame.Rect(area.x, over.bottom, area.w, max(0, area.bottom - over.bottom))]
    band = max(bands, key=lambda r: r.h)
    if band.h >= f.get_linesize() + t.px(4):
        draw_text(surface, fit_text("The table is hidden while this is open.", f, band.w - t.px(8)), f,
                  c["text_dim"], (band.centerx, band.bottom - min(t.px(40), band.h // 2)), "center")
