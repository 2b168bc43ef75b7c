"""The move log panel: every entry's public text, newest at the bottom,
scrollable with the mouse wheel. Shared by every game.

A game's board may fold the entries of one action into one line
(:meth:`games.ui.board.Board.log_lines`; by default a line per entry): such a
line is numbered by its last entry, a click on it reviews the position after
that entry, and while a review shows any entry the line holding it is lit and
scrolled into view."""
from __future__ import annotations

import logging

import pygame

from games.core.game import CHANCE
from games.ui.board import Board, board_class
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import draw_seat_marker

log = logging.getLogger(__name__)


class MoveLog:
    """Entries wrap onto extra lines (indented under the text) rather than being
    cut, so a long name and a long shot announcement both stay readable on a
    narrow window. The wrapped lines are cached per log length and width."""

    def __init__(self, on_pick=None):
        self.scroll = 0          # lines scrolled up from the bottom
        self.on_pick = on_pick   # called with an entry's index when it is clicked
        self.selected: int | None = None   # the entry being reviewed (highlighted)
        self._rows: list = []    # (screen rect, entry index) of the lines drawn last
        self._cache_key = None
        # (last entry of the line's action, player, text, first line of it, first entry of the
        # action, numbered: its first line and the first line to end at that entry)
        self._lines: list = []
        self._followed: int | None = None  # the selection last scrolled into view
        # the public view of each past position, for a hidden-information game's log
        # (ply -> (state, its view)): past positions do not change, so each is projected once
        self._views: dict = {}
        # scrolled up: the foot line that says newer moves wait below and follows them on a
        # click (a play-test scrolled up once and new moves piled up out of sight, so the
        # dial, the banner and the log's last line seemed to disagree)
        self._newer: pygame.Rect | None = None

    def handle_event(self, event, rect) -> bool:
        if event.type == pygame.MOUSEWHEEL and rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y * 3)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._newer is not None \
                and self._newer.collidepoint(event.pos):
            self.scroll = 0
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and rect.collidepoint(event.pos):
            for r, i in self._rows:
                if r.collidepoint(event.pos) and self.on_pick is not None:
                    self.on_pick(i)
                    return True
        return False

    def _wrapped(self, match, font, width, count=None) -> list:
        log_ = match.log[:count]
        # the texts themselves are the key: undo and a different move can leave
        # the length (and even the last entry) as it was
        key = (tuple(e.public for e in log_), width, id(font), tuple(s.name for s in match.seats))
        if key != self._cache_key:
            lines = []
            shown = None
            for first, last, player, text in _actions(match, log_, self._state_at(match)):
                for j, part in enumerate(wrap_text(text, font, width) or [""]):
                    lines.append((last, player, part, j == 0, first, j == 0 and last != shown))
                shown = last
            self._lines, self._cache_key = lines, key
        return self._lines

    def _state_at(self, match):
        """What the game's log grouping is handed for the position before entry ``i``:
        the full state of a perfect-information game; in a hidden-information game the
        public view (the log is everyone's; a board never sees a full hidden state)."""
        if not match.info.hidden_information:
            return match.state_at

        def public_at(i: int):
            st = match.state_at(i)
            hit = self._views.get(i)
            if hit is None or hit[0] is not st:       # undo or a new match replaced it
                hit = self._views[i] = (st, st.view(None))
            return hit[1]
        return public_at

    def _follow(self, lines, rows) -> None:
        """Scroll the line of the entry under review into view, once per new selection
        (the wheel stays free to look elsewhere)."""
        if self.selected == self._followed:
            return
        self._followed = self.selected
        if self.selected is None:
            return
        idx = [k for k, ln in enumerate(lines) if ln[4] <= self.selected <= ln[0]]
        if not idx:
            return
        end = len(lines) - self.scroll
        # scrolled up, the foot line ("newer moves below") takes a row from the top's
        # share: the window then shows rows - 1 lines ending at ``end``
        shown = rows - 1 if self.scroll > 0 and rows > 2 else rows
        if idx[-1] >= end:
            self.scroll = max(0, len(lines) - idx[-1] - 1)
        elif idx[0] < end - shown:
            self.scroll = max(0, len(lines) - idx[0] - rows)
            if self.scroll > 0 and rows > 2:
                self.scroll += 1                     # the foot takes a row: one more line below

    def draw(self, surface, rect, theme, match, count=None) -> None:
        """``count``: how many entries to show (None: all). The frame holds back
        the entry whose animation is still playing, so a roll's result is not
        read in the log while the die tumbles."""
        c = theme.c
        f = theme.small_font()
        lh = f.get_linesize()
        pad = theme.px(8)
        draw_text(surface, "Moves", theme.body_font(), c["accent"], (rect.x + pad, rect.y + pad))
        top = rect.y + pad + theme.body_font().get_linesize() + theme.px(4)
        rows = max(1, (rect.bottom - pad - top) // lh)
        text_x = rect.x + pad + theme.px(46)
        lines = self._wrapped(match, f, rect.right - pad - text_x, count)
        self._follow(lines, rows)
        # scrolled up, the foot line takes a row, so the topmost line is one further up
        foot = self.scroll > 0 and rows > 2 and len(lines) > rows
        self.scroll = min(self.scroll, max(0, len(lines) - (rows - 1 if foot else rows)))
        self._newer = None
        if foot:
            rows -= 1                                   # the foot line: newer moves below
            self._newer = pygame.Rect(rect.x + 2, top + rows * lh, rect.w - 4, lh)
        end = len(lines) - self.scroll
        start = max(0, end - rows)
        y = top
        while start < end and start > 0 and not lines[start][3]:
            # whole entries only: an entry's wrapped tail at the top read as a line of its own
            # ("12", "unused"); the rows it would have taken stay empty at the foot, under the
            # newest entry (at the top they read as a gap in the log: two play-tests)
            start += 1
        clip = surface.get_clip()
        surface.set_clip(rect)
        self._rows = []
        for i, player, text, first, first_entry, numbered in lines[start:end]:
            row = pygame.Rect(rect.x + 2, y, rect.w - 4, lh)
            self._rows.append((row, i))
            if self.selected is not None and first_entry <= self.selected <= i:
                pygame.draw.rect(surface, c["panel_hi"], row)
            if numbered:
                # right-aligned before the seat's dot: "102." no longer runs into it. A line
                # that ends at the same entry as the line above (Artillery's "End of round 1",
                # after the move that ended it) takes no number: a play-test read "61." twice
                draw_text(surface, f"{i + 1}.", f, c["text_dim"], (rect.x + pad + theme.px(28), y), "topright")
            if first:
                if player != CHANCE:
                    draw_seat_marker(surface, theme, player, (rect.x + pad + theme.px(36), y + lh // 2),
                                     theme.px(6))
            draw_text(surface, text, f, c["text_dim"] if player == CHANCE else c["text"], (text_x, y))
            y += lh
        if not lines:
            draw_text(surface, "No moves yet", f, c["text_dim"], (rect.x + pad, y))
        if self._newer is not None:
            newer = len({ln[0] for ln in lines[end:]})
            pygame.draw.rect(surface, c["panel_hi"], self._newer, border_radius=theme.px(4))
            room = self._newer.w - 2 * pad
            options = (f"{newer} newer {'move' if newer == 1 else 'moves'} below: click to follow",
                       f"{newer} newer below: click to follow", f"{newer} newer below")
            words = next((w for w in options if f.size(w)[0] <= room), options[-1])
            draw_text(surface, fit_text(words, f, room), f, c["accent"], (self._newer.x + pad, self._newer.y))
        surface.set_clip(clip)


def _actions(match, entries, state_at) -> list:
    """The log's lines from the game's board (a line per entry by default). A board's
    grouping that fails is logged and the log falls back to a line per entry, so a
    fault in it never takes the frame down."""
    names = match.names()
    try:
        return board_class(match.info).log_lines(entries, names, state_at)
    except Exception:  # noqa: BLE001 - any fault in a game's grouping: logged, plain lines instead
        log.exception("the move log's grouping failed for %s; showing a line per move", match.info.id)
        return Board.log_lines(entries, names, state_at)
