"""Load: every save with game (and, where its board names them, the options it
was played with: Artillery's scenario), players, turn or result, and date; open
or delete. A broken file is listed with its reason, so the player can see it and
remove it.

The keys and a controller: Up/Down pick a save (the list scrolls with it), Left/Right
pick its Open or Delete, Tab runs through them all and Back, Enter (A) presses, Esc
(B) goes back. The focus starts on the newest save's Open; Delete is never where it
starts, and asks first."""
from __future__ import annotations

import os

import pygame

from games.core import paths, records, saves
from games.ui import nav
from games.ui.dialogs import confirm
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, draw_focus_ring, draw_panel, tab_step


class LoadScreen(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.back_btn = Button("Back", app.pop, "Esc", sound=app.sound)
        self.entries = []
        self.details: dict = {}   # path -> (options named, result)
        self.rows = []      # (rect, open_btn, delete_btn, info)
        self.scroll = 0
        # the focus: (save's index in ``entries``, 0 Open / 1 Delete), or None on Back.
        # Kept as an index, not a button: the rows' buttons are made afresh by layout
        self.sel: tuple[int, int] | None = (0, 0)

    def on_enter(self):
        self.refresh()

    def on_resume(self):
        self.refresh()

    def refresh(self):
        self.entries = saves.list_saves(check=True)
        self.details = {e.path: self._details(e) for e in self.entries}
        if self.sel is not None:
            if not self.entries:
                self.sel = None
            else:
                self.sel = (min(self.sel[0], len(self.entries) - 1), self.sel[1])
                self.sel = self._usable(self.sel)
        self.layout(self.app.size)

    def _details(self, entry) -> tuple[str, str]:
        """(the options as the game's board names them, the result of a finished game)
        of a good save; the result from the evening's record, else from a replay."""
        import games
        from games.ui.board import board_class
        good = entry.opened
        if good is None:
            return "", ""
        try:
            d = saves.read_save_dict(good.path)
            info = games.BY_ID[d["game"]]
            fn = getattr(board_class(info), "options_text", None)
            variant = str(fn(d["options"])) if fn is not None else ""
        except (saves.SaveError, KeyError, ValueError, TypeError):
            return "", ""
        result = ""
        if good.finished:
            rec = records.find(self.app.records(), d.get("match_id"), d["moves"], d["turn"])
            if rec is not None:
                result = with_winner(rec.result, [rec.seats[i].name for i in rec.winners()])
            else:
                try:
                    m = saves.load_match(good.path)
                    placings = list(m.state.placings())
                    won = [n for n, p in zip(m.names(), placings) if p == 1] if len(set(placings)) > 1 else []
                    result = with_winner(m.state.result_text(m.names()), won)
                except saves.SaveError:
                    result = ""
        return variant, result

    def open(self, info):
        from games.ui.router import open_save
        if info.open_path:
            open_save(self.app, info.open_path)

    def delete(self, info):
        def do():
            try:
                saves.delete_save(info.path)
            except OSError as exc:
                from games.ui.dialogs import message
                message(self.app, "Delete failed", f"{info.path}: {exc.strerror or exc}")
            self.refresh()
        confirm(self.app, "Delete this save?", f"{info.name}\n{info.path}", do, yes="Delete", destructive=True)

    def layout(self, size):
        t = self.theme
        w, h = size
        pw = min(w - t.px(24), t.px(1100))
        self.panel = pygame.Rect((w - pw) // 2, t.px(12), pw, h - t.px(24))
        self.list_rect = pygame.Rect(self.panel.x + t.px(16), self.panel.y + t.px(64), pw - t.px(32),
                                     self.panel.h - t.px(140))
        self.back_btn.rect = pygame.Rect(self.panel.right - t.px(176), self.panel.bottom - t.px(60), t.px(160), t.px(44))
        # three lines a row: the name; game and players; turn and date (or, for a
        # broken file, the reason it cannot be loaded, on two lines)
        rh = t.body_font().get_linesize() + 2 * t.small_font().get_linesize() + t.px(22)
        self.per_page = max(1, self.list_rect.h // rh)
        self.scroll = max(0, min(self.scroll, len(self.entries) - self.per_page))
        self.rows = []
        for i, info in enumerate(self.entries[self.scroll:self.scroll + self.per_page]):
            r = pygame.Rect(self.list_rect.x, self.list_rect.y + i * rh, self.list_rect.w, rh - t.px(6))
            # a broken save whose previous copy is good offers that copy
            ob = Button("Open copy" if info.backup is not None else "Open", (lambda e=info: self.open(e)), primary=True,
                        enabled=info.open_path is not None, sound=self.app.sound)
            db = Button("Delete", (lambda e=info: self.delete(e)), sound=self.app.sound)
            bh = min(r.h - t.px(20), t.px(44))
            db.rect = pygame.Rect(r.right - t.px(110), r.centery - bh // 2, t.px(100), bh)
            ob.rect = pygame.Rect(db.rect.x - t.px(140), db.rect.y, t.px(130), db.rect.h)
            self.rows.append((r, ob, db, info))

    # -- the focus --------------------------------------------------------------------------
    def _usable(self, sel, across: bool = True):
        """``sel`` moved off an Open that cannot open (a broken save with no good copy): to
        the next save that opens, else Back; never onto a Delete (a play-test: a damaged
        newest save put the focus on its Delete button). Moving along the row
        (``across`` False) keeps to the row: its Delete."""
        i, col = sel
        if col == 0 and self.entries[i].open_path is None and not across:
            return (i, 1)
        if col == 0 and self.entries[i].open_path is None:
            order = list(range(i + 1, len(self.entries))) + list(range(i))
            j = next((k for k in order if self.entries[k].open_path is not None), None)
            return (j, 0) if j is not None else None
        return sel

    def _stops(self) -> list:
        """Every place the focus can be, in Tab order."""
        out: list = []
        for i, e in enumerate(self.entries):
            if e.open_path is not None:
                out.append((i, 0))
            out.append((i, 1))
        return out + [None]

    def focused_button(self):
        if self.sel is None:
            return self.back_btn
        for _r, ob, db, info in self.rows:
            if info is self.entries[self.sel[0]]:
                return ob if self.sel[1] == 0 else db
        return None

    def _select(self, sel) -> None:
        self.sel = sel
        if sel is not None:                 # scroll the list to show it
            i = sel[0]
            if i < self.scroll:
                self.scroll = i
            elif i >= self.scroll + self.per_page:
                self.scroll = i - self.per_page + 1
            self.layout(self.app.size)

    def _nav(self, action: str | None, tab: int) -> bool:
        if tab:
            stops = self._stops()
            i = stops.index(self.sel) if self.sel in stops else -1
            self._select(stops[(i + tab) % len(stops)])
            return True
        if action in (nav.UP, nav.DOWN):
            d = -1 if action == nav.UP else 1
            if self.sel is None:
                if d < 0 and self.entries:
                    self._select(self._usable((len(self.entries) - 1, 0)))
            elif 0 <= self.sel[0] + d < len(self.entries):
                self._select(self._usable((self.sel[0] + d, self.sel[1])))
            elif d > 0:
                self._select(None)
            return True
        if action in (nav.LEFT, nav.RIGHT) and self.sel is not None:
            self._select(self._usable((self.sel[0], 0 if action == nav.LEFT else 1), across=False))
            return True
        if action == nav.PRESS:
            b = self.focused_button()
            if b is not None:
                b.click()
            return True
        return False

    def handle_event(self, event):
        if self.back_btn.handle_event(event):
            return
        for _r, ob, db, _i in self.rows:
            if ob.handle_event(event) or db.handle_event(event):
                return
        action = nav.nav_action(event)
        if action == nav.BACK:
            self.back_btn.click()
            return
        if self._nav(action, tab_step(event)):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self._nav(nav.PRESS, 0)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE and self.sel is not None:
            self.delete(self.entries[self.sel[0]])          # asks first; Cancel is its default
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            self.layout(self.app.size)

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        surface.fill(c["bg"])
        draw_panel(surface, self.panel, t, color=c["bg2"])
        draw_text(surface, "Load a game", t.heading_font(), c["accent"], (self.panel.x + t.px(20), self.panel.y + t.px(16)))
        if not self.entries:
            draw_text(surface, "No saves yet. Ctrl+S in a game saves it; every turn is autosaved.",
                      t.body_font(), c["text_dim"], (self.list_rect.x, self.list_rect.y + t.px(10)))
        for r, ob, db, info in self.rows:
            draw_panel(surface, r, t, radius=6)
            text_w = ob.rect.x - r.x - t.px(24)
            named = info.backup if info.backup is not None else info    # a broken file: its good copy's name
            # "(autosave)" is never the part cut: a long name gives way before it (a play-test's
            # four-seat autosave read "...29 Nov 09:25 (aut..."; its seats are on the next line)
            tail = "  (autosave)" if info.autosave else ""
            bf = t.body_font()
            title = fit_text(named.label or named.name, bf, text_w - bf.size(tail)[0]) + tail
            draw_text(surface, fit_text(title, bf, text_w), bf, c["text"], (r.x + t.px(12), r.y + t.px(8)))
            if info.error:
                why = f"Cannot be opened: {info.error}."
                if info.backup is not None:
                    why += f" The copy before it (move {info.backup.turn}, {info.backup.saved_text}) is good."
                lines = wrap_text(why, t.small_font(), text_w)
                if len(lines) > 2:
                    lines = [lines[0], fit_text(" ".join(lines[1:]), t.small_font(), text_w)]
                col = c["danger"]
            else:
                variant, result = self.details.get(info.path, ("", ""))
                game = f"{info.game}: {variant}" if variant else info.game
                state = (result or "finished") if info.finished else f"move {info.turn}"
                when = f"saved {info.saved_text}"
                second = f"{state}  -  {when}"
                if t.small_font().size(second)[0] > text_w:      # the result whole, the date after it if it fits
                    second = state if t.small_font().size(state)[0] <= text_w else fit_text(state, t.small_font(),
                                                                                              text_w)
                lines = [fit_text(f"{game}  -  {info.players}", t.small_font(), text_w), second]
                col = c["text_dim"]
            y = r.y + t.px(10) + t.body_font().get_linesize()
            for line in lines:
                draw_text(surface, line, t.small_font(), col, (r.x + t.px(12), y))
                y += t.small_font().get_linesize()
            ob.draw(surface, t)
            db.draw(surface, t)
        if len(self.entries) > self.per_page:
            draw_text(surface, f"{self.scroll + 1}-{min(len(self.entries), self.scroll + self.per_page)} of "
                               f"{len(self.entries)} (wheel to scroll)", t.small_font(), c["text_dim"],
                      (self.panel.x + t.px(20), self.back_btn.rect.centery), "midleft")
        draw_text(surface, fit_text(os.path.dirname(paths.saves_dir() + os.sep), t.small_font(), t.px(500)),
                  t.small_font(), c["text_dim"], (self.panel.x + t.px(20), self.panel.bottom - t.px(12)), "bottomleft")
        self.back_btn.draw(surface, t)
        b = self.focused_button()
        if b is not None:
            draw_focus_ring(surface, t, b.rect)


def with_winner(result: str, winners: list[str]) -> str:
    """A finished game's result as the list says it: who won first, unless the result
    already names them (a play-test: a Cannon Corps save read "The last army standing.
    Every grid is now revealed." and nothing said whose army it was)."""
    if not winners or any(w and w in result for w in winners):
        return result
    return f"{' and '.join(winners)} won: {result}"
