"""Standings: who won what tonight, and over all time.

From the record of finished games (``games.core.records``): per person their games,
wins and places across the four games, head to head, and the last games. "New
evening" starts tonight's tally afresh (the games stay in the all-time table);
"Export CSV" writes the shown games to the data folder's ``exports/``.
"""
from __future__ import annotations

import datetime as _dt
import logging
import os

import pygame

import games
from games.core import paths, records
from games.core.atomic import write_atomic
from games.ui import nav
from games.ui.dialogs import confirm, message
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, FocusGroup, draw_panel

log = logging.getLogger(__name__)
ORD = ("1st", "2nd", "3rd", "4th", "5th", "6th")


class StandingsScreen(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.scope = "evening"            # or "all"
        self.scroll = 0                   # pixels of the body scrolled off its top (wheel, Page keys)
        self.max_scroll = 0
        self._page_key: tuple | None = None
        self._page_cache: tuple[pygame.Surface, int] | None = None
        b = lambda label, fn, key="", primary=False: Button(label, fn, key, sound=app.sound,  # noqa: E731
                                                            primary=primary)
        self.tonight_btn = b("Tonight", lambda: self._scope("evening"), "1")
        self.all_btn = b("All time", lambda: self._scope("all"), "2")
        self.new_btn = b("New evening", self.new_evening, "N")
        self.csv_btn = b("Export CSV", self.export_csv, "E")
        self.back_btn = b("Back", app.pop, "Esc", primary=True)
        self.buttons = [self.tonight_btn, self.all_btn, self.new_btn, self.csv_btn, self.back_btn]
        # Back first (it is what a look at the table ends with); Tab and the arrows reach the rest
        self.focus = FocusGroup(self.buttons, default=self.back_btn)

    # -- what is shown ---------------------------------------------------------------------
    def shown_games(self) -> list[records.GameRecord]:
        book = self.app.records()
        return book.evening_games() if self.scope == "evening" else list(book.games)

    def scroll_by(self, px: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + px))

    def _scope(self, scope: str) -> None:
        self.scope = scope

    def new_evening(self) -> None:
        def do():
            book = self.app.records()
            records.new_evening(book)
            try:
                records.save(book)
            except OSError as exc:
                log.warning("could not save the record: %s", exc)
                message(self.app, "Not saved", f"The new evening could not be written ({exc.strerror or exc}).")
            self.scope = "evening"
        confirm(self.app, "Start a new evening?", "Tonight's table starts empty; every game stays in All time.",
                do, yes="New evening")

    def export_csv(self) -> None:
        games_ = self.shown_games()
        if not games_:
            message(self.app, "Nothing to export", "No games finished tonight." if self.scope == "evening"
                    else "No games have been finished here yet.")
            return
        folder = os.path.join(paths.data_dir(), "exports")
        stamp = games_[-1].when[:10] or "games"
        base = os.path.join(folder, f"{'evening' if self.scope == 'evening' else 'all-games'}-{stamp}")
        path, n = base + ".csv", 2
        while os.path.exists(path):
            path, n = f"{base}-{n}.csv", n + 1
        titles = {g.id: g.title for g in games.GAMES}
        try:
            write_atomic(path, records.to_csv(games_, titles), keep_backup=False, shared=True)
        except OSError as exc:
            log.warning("CSV export failed: %s", exc)
            message(self.app, "Could not export", f"{path}\n\n{exc.strerror or exc}")
            return
        message(self.app, "Exported", path)

    # -- layout and input --------------------------------------------------------------------
    def layout(self, size) -> None:
        t = self.theme
        w, h = size
        pw = min(w - t.px(24), t.px(1200))
        self.panel = pygame.Rect((w - pw) // 2, t.px(12), pw, h - t.px(24))
        bh, gap = t.px(42), t.px(10)
        x = self.panel.x + t.px(20)
        y = self.panel.y + t.px(60)
        for btn in (self.tonight_btn, self.all_btn):
            btn.rect = pygame.Rect(x, y, t.px(150), bh)
            x += t.px(150) + gap
        bw = min(t.px(170), (pw - t.px(40) - 2 * gap) // 3)     # three in a row inside the panel at any scale
        self.back_btn.rect = pygame.Rect(self.panel.right - t.px(20) - bw, self.panel.bottom - bh - t.px(16), bw, bh)
        self.csv_btn.rect = pygame.Rect(self.back_btn.rect.x - gap - bw, self.back_btn.rect.y, bw, bh)
        self.new_btn.rect = pygame.Rect(self.csv_btn.rect.x - gap - bw, self.back_btn.rect.y, bw, bh)
        self.body = pygame.Rect(self.panel.x + t.px(20), y + bh + t.px(14), pw - t.px(40),
                                self.back_btn.rect.y - y - bh - t.px(28))

    def handle_event(self, event) -> None:
        for btn in self.buttons:
            if btn.handle_event(event):
                return
        if nav.nav_action(event) == nav.BACK:
            self.back_btn.click()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.theme.px(40))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.scroll_by((1 if event.key == pygame.K_PAGEDOWN else -1) * max(1, self.body.h - self.theme.px(40)))
            return
        if self.focus.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_1: self.tonight_btn, pygame.K_2: self.all_btn,
                    pygame.K_n: self.new_btn, pygame.K_e: self.csv_btn}
            if event.key in keys:
                keys[event.key].click()

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        t, c = self.theme, self.theme.c
        surface.fill(c["bg"])
        draw_panel(surface, self.panel, t, color=c["bg2"])
        book = self.app.records()
        title = "Standings: tonight" if self.scope == "evening" else "Standings: all time"
        draw_text(surface, title, t.heading_font(), c["accent"], (self.panel.x + t.px(20), self.panel.y + t.px(16)))
        self.tonight_btn.primary = self.scope == "evening"
        self.all_btn.primary = self.scope == "all"
        for btn in self.buttons:
            btn.draw(surface, t)
        self.focus.draw(surface, t)
        since = f"since {book.started[:16].replace('T', ' ')}" if self.scope == "evening" else ""
        draw_text(surface, since, t.small_font(), c["text_dim"],
                  (self.all_btn.rect.right + t.px(16), self.all_btn.rect.centery), "midleft")
        games_ = self.shown_games()
        if not games_:
            empty = ("No games finished tonight. Each finished game is counted here." if self.scope == "evening"
                     else "No games finished yet. Each finished game is counted here.")
            draw_text(surface, empty, t.body_font(),
                      c["text_dim"], (self.body.x, self.body.y + t.px(10)))
            return
        # The body is drawn whole on a tall page and shown through the body's window: at a
        # large text size on a small window the last games and the head-to-head went under
        # the buttons, silently (a play-test at 150% and 175% on 800x600); now they scroll.
        page, height = self._page(games_)
        f = t.small_font()
        # the window's last line says there is more, when there is
        view = self.body.h if height <= self.body.h else max(1, self.body.h - f.get_linesize())
        self.max_scroll = max(0, height - view)
        self.scroll = min(self.scroll, self.max_scroll)
        surface.blit(page, self.body.topleft, pygame.Rect(0, self.scroll, self.body.w, view))
        if self.scroll < self.max_scroll:
            # the window's edge cuts a line wherever it falls: fade it out, so a half line
            # does not read as text under "More below" (a play-test at 175% saw the points
            # note cut in half and the hint drawn on it)
            fade = f.get_linesize()
            shade = _fade(self.body.w, fade, c["bg2"])
            surface.blit(shade, (self.body.x, self.body.y + view - fade))
        if self.max_scroll:
            more = "More below" if self.scroll < self.max_scroll else "The top is above"
            draw_text(surface, fit_text(f"{more}: wheel or Page keys", f, self.body.w), f, c["text_dim"],
                      (self.body.right, self.body.y + view), "topright")

    def _page(self, games_) -> tuple[pygame.Surface, int]:
        """The body drawn whole on a tall page, and the height it takes; drawn again only
        when what it shows or its size changes (a pointer's move redraws the screen)."""
        t, c = self.theme, self.theme.c
        key = (self.scope, len(games_), games_[-1].id if games_ else "", tuple(self.body.size), t.scale, t.colorblind)
        if self._page_key != key or self._page_cache is None:
            page = pygame.Surface((self.body.w, max(self.body.h, t.px(2400))))
            page.fill(c["bg2"])
            height = self._draw_body(page, pygame.Rect((0, 0), page.get_size()), games_)
            self._page_key, self._page_cache = key, (page, height)
        return self._page_cache

    def _draw_body(self, page, rect, games_) -> int:
        """The table, the head to head and the last games on ``page`` in ``rect``; the
        height they take."""
        t = self.theme
        wide = rect.w > t.px(760)
        left = rect.copy()
        if wide:
            left.w = int(rect.w * 0.58)
        y = self._draw_table(page, left, games_)
        if any(len(g.seats) > 2 for g in games_):
            # a part of a point says why (a play-test asked what Ana's 0.25 for a 2nd place was)
            y = self._draw_points_note(page, left, y)
        right = pygame.Rect(left.right + t.px(24), rect.y, rect.right - left.right - t.px(24),
                            rect.h) if wide else pygame.Rect(rect.x, y + t.px(12), rect.w,
                                                             rect.bottom - y - t.px(12))
        y2 = self._draw_head_to_head(page, right, games_)
        y3 = self._draw_last_games(page, pygame.Rect(right.x, y2 + t.px(12), right.w, right.bottom - y2 - t.px(12)),
                                   games_)
        return max(y, y3) - rect.y

    def _draw_points_note(self, surface, rect, y: int) -> int:
        t, c = self.theme, self.theme.c
        f = t.small_font()
        y += t.px(6)
        note = ("Points: 1 for a win (shared by a tie); in games of 3 or more, "
                "the places below first earn up to half a point")
        for line in wrap_text(note, f, rect.w):
            draw_text(surface, line, f, c["text_dim"], (rect.x, y))
            y += f.get_linesize()
        return y

    def _draw_table(self, surface, rect, games_) -> int:
        t, c = self.theme, self.theme.c
        f, bf = t.body_font(), t.font(18, bold=True)
        lh = f.get_linesize() + t.px(4)
        rows = records.standings(games_)
        titles = {g.id: g.title for g in games.GAMES}
        played_games = [gid for gid in titles if any(g.game == gid for g in games_)]
        cols = [("Player", 0.30), ("Games", 0.11), ("Wins", 0.10), ("Points", 0.12), ("Places", 0.37)]
        x = rect.x
        xs = []
        for name, frac in cols:
            xs.append(x)
            draw_text(surface, name, t.small_font(), c["text_dim"], (x, rect.y))
            # never narrower than its heading: at a large text size "Games" ran into "Wins"
            x += max(int(rect.w * frac), t.small_font().size(name)[0] + t.px(10))
        y = rect.y + t.small_font().get_linesize() + t.px(4)
        if not rows:
            # only computers played: the table counts people (a play-test saw the headings
            # and nothing under them, the games listed beside)
            draw_text(surface, fit_text("Only computers played: the standings count people.", f, rect.w), f,
                      c["text_dim"], (xs[0], y))
            y += lh
        for i, row in enumerate(rows):
            if y + lh > rect.bottom:
                break
            font = bf if i == 0 and row.wins else f
            draw_text(surface, fit_text(row.name, font, xs[1] - xs[0] - t.px(6)), font, c["text"], (xs[0], y))
            draw_text(surface, str(row.played), f, c["text"], (xs[1], y))
            draw_text(surface, str(row.wins), f, c["accent"] if row.wins else c["text"], (xs[2], y))
            draw_text(surface, f"{row.points:g}", f, c["text"], (xs[3], y))
            places = ", ".join(f"{ORD[p - 1] if p <= 6 else p} x{n}" for p, n in sorted(row.places.items()))
            draw_text(surface, fit_text(places, t.small_font(), rect.right - xs[4]), t.small_font(), c["text_dim"],
                      (xs[4], y + t.px(3)))
            y += lh
            # said in words: a play-test read the bare "Cannon 1/2" as a score
            per = ", ".join(f"{titles.get(gid, gid)} {row.by_game[gid][1]} of {row.by_game[gid][0]}"
                            for gid in played_games if gid in row.by_game)
            sf = t.small_font()
            parts = wrap_text(f"won: {per}", sf, rect.w - t.px(16)) if per else []
            for part in parts[:1] + ([" ".join(parts[1:])] if len(parts) > 1 else []):
                if y + sf.get_linesize() > rect.bottom:
                    break
                draw_text(surface, fit_text(part, sf, rect.w - t.px(16)), sf, c["text_dim"],
                          (xs[0] + t.px(16), y - t.px(4)))
                y += sf.get_linesize()
        return y

    def _draw_head_to_head(self, surface, rect, games_) -> int:
        t, c = self.theme, self.theme.c
        f = t.small_font()
        y = rect.y
        draw_text(surface, "Head to head", t.body_font(), c["accent"], (rect.x, y))
        y += t.body_font().get_linesize()
        h2h = records.head_to_head(games_)
        if not h2h:
            draw_text(surface, "No two people have met yet.", f, c["text_dim"], (rect.x, y))
            return y + f.get_linesize()
        for (a, b), (wa, wb, d) in sorted(h2h.items(), key=lambda kv: -sum(kv[1]))[:8]:
            if y + f.get_linesize() > rect.bottom:
                break
            line = f"{a} {wa} - {wb} {b}" + (f"  ({d} drawn)" if d else "")
            draw_text(surface, fit_text(line, f, rect.w), f, c["text"], (rect.x, y))
            y += f.get_linesize()
        return y

    def _draw_last_games(self, surface, rect, games_) -> int:
        t, c = self.theme, self.theme.c
        f = t.small_font()
        if rect.h < 2 * f.get_linesize():
            return rect.y
        y = rect.y
        draw_text(surface, "Last games", t.body_font(), c["accent"], (rect.x, y))
        y += t.body_font().get_linesize()
        titles = {g.id: g.title for g in games.GAMES}
        today = _dt.date.today()
        for g in reversed(games_[-10:]):
            if y + 2 * f.get_linesize() > rect.bottom:
                break
            who = " vs ".join(s.name if s.is_human else f"{s.name} (computer)" for s in g.seats)
            win = [g.seats[i].name for i in g.winners()]
            head = f"{titles.get(g.game, g.game)}: {who}"
            draw_text(surface, fit_text(head, f, rect.w), f, c["text"], (rect.x, y))
            y += f.get_linesize()
            tail = f"{when_label(g.when, today)}  {'won by ' + ' and '.join(win) if win else 'draw'}  -  {g.result}"
            # the result in two lines where the column has room (it was cut at one)
            parts = wrap_text(tail, f, rect.w - t.px(12))
            if len(parts) > 1 and y + 3 * f.get_linesize() <= rect.bottom:
                parts = [parts[0], fit_text(" ".join(parts[1:]), f, rect.w - t.px(12))]
            else:
                parts = [fit_text(tail, f, rect.w - t.px(12))]
            for part in parts:
                draw_text(surface, part, f, c["text_dim"], (rect.x + t.px(12), y))
                y += f.get_linesize()
            y += t.px(2)
        return y


_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def when_label(when: str, today: _dt.date) -> str:
    """When a game ended, as the last games list says it: the time alone for a game of
    today, the day and month before it otherwise (a play-test: All time listed games of
    several evenings, each with only its time of day). ``when`` is the record's ISO stamp."""
    try:
        at = _dt.datetime.fromisoformat(when)
    except ValueError:
        log.warning("a game record with a broken time: %r", when)
        return ""
    clock = at.strftime("%H:%M")
    if at.date() == today:
        return clock
    day = f"{at.day} {_MONTHS[at.month - 1]}"    # not %b: the app's words stay English under any locale
    if at.year != today.year:
        day += f" {at.year}"
    return f"{day} {clock}"


_FADES: dict[tuple[int, int, tuple[int, ...]], pygame.Surface] = {}


def _fade(w: int, h: int, col) -> pygame.Surface:
    """A strip ``h`` tall that goes from clear to ``col``: the foot of a window whose
    content goes on below (cached by size and colour)."""
    key = (w, h, tuple(col))
    img = _FADES.get(key)
    if img is None:
        if len(_FADES) > 16:
            _FADES.clear()
        img = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        for y in range(h):
            img.fill((*col[:3], int(255 * (y + 1) / h)), pygame.Rect(0, y, w, 1))
        _FADES[key] = img
    return img
