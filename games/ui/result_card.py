"""The game-over card: the result, the game's statistics, and what to do next.

No destructive default (the issue on the evening): a game night's Space and Enter are
the keys that spin, roll and skip, so neither starts a new game or closes the card.
The focus starts on Review, so Enter (controller A) opens the review; Space does
nothing, ever; Esc (B, Start) closes the card to look at the board. Tab and the arrows
move the focus, and Enter presses what it is on. For its first moments (``ARM``,
counted on the frame's clock) the card takes no click and no focus move at all, so a
click or an arrow meant for the last move cannot land on Rematch.
"""
from __future__ import annotations

import logging

import pygame

from games.core.stats import Stat
from games.ui import nav
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_text, longest_fitting, wrap_text
from games.ui.widgets import Button, FocusGroup, dim_screen, draw_panel, draw_seat_marker, tab_step

log = logging.getLogger(__name__)

#: seconds during which the freshly shown card ignores clicks
ARM = 0.7
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


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


def placings_row(state) -> Stat | None:
    """The places as a row of figures ("1st", "2nd", "=3rd" for a shared place), for 3+ seats."""
    places = state.placings()
    if len(places) < 3:
        return None

    def word(p: int) -> str:
        o = ORDINALS[p - 1] if p <= len(ORDINALS) else str(p)
        return f"={o}" if places.count(p) > 1 else o
    return Stat("Place", tuple(word(p) for p in places))


def human_won(match) -> bool:
    w = match.state.winner()
    return w is not None and match.seats[w].is_human


def safe_stats(match) -> list:
    """The game's statistics, or none (logged) if working them out failed: a broken
    figure must never keep the result from showing."""
    from games.core import stats
    try:
        return stats.game_stats(match)
    except Exception:  # noqa: BLE001 - logged; the card shows the result without figures
        log.exception("statistics of %s failed", match.info.id)
        return []


def _letters_that_fit(name: str, font, room: int) -> str:
    """``name``, or its first letters that fit ``room`` (one at least)."""
    if font.size(name)[0] <= room:
        return name
    return name[:max(1, longest_fitting(len(name), lambda k: font.size(name[:k])[0] <= room))]


def stats_height(theme, rows) -> int:
    """The height :func:`draw_stats` needs for every row (its heading included)."""
    return (len(rows) + 1) * theme.small_font().get_linesize() + theme.px(2)


def draw_stats(surface, theme, rect: pygame.Rect, match, rows,
               more: str = "Review shows every figure") -> int:
    """A table of ``rows`` (games.core.stats.Stat) in ``rect``: a column per seat headed
    by its marker and name. Returns the height used; rows that do not fit are left out,
    and a last line says how many (and ``more``: where to see them)."""
    t, c = theme, theme.c
    if not rows or rect.w < t.px(120):
        return 0
    f = t.small_font()
    lh = f.get_linesize()
    n = len(match.seats)
    r = max(3, lh // 3)
    # the figures are short: a seat's column needs its marker and three digits, and the
    # labels take the rest (a play-test's four seats read "Platoons defea..." over "A...")
    need = max(f.size(row.label)[0] for row in rows) + t.px(10)
    col_min = max(2 * r + t.px(8) + f.size("M")[0], f.size("888")[0] + t.px(8))
    lettered = rect.w - n * col_min >= need
    if not lettered:
        # too narrow for letters too (four seats at 800x600): a column is its marker and
        # its figures, the labels whole; the player strip above names the markers
        col_min = max(2 * r + t.px(4), f.size("88")[0] + t.px(3))
    label_w = min(max(int(rect.w * 0.45), rect.w - n * col_min), need)
    col_w = max(1, (rect.w - label_w) // n)
    y = rect.y
    room = col_w - 2 * r - t.px(8) if lettered else 0
    # names that do not fit are shortened to the letters that do (as many for every seat),
    # not to "A...": the marker beside each tells the seats apart
    names = [s.name for s in match.seats]
    cut = [len(_letters_that_fit(nm, f, room)) for nm in names if nm and f.size(nm)[0] > room]
    k = min(cut) if cut else max((len(nm) for nm in names), default=0)
    for i, nm in enumerate(names):
        x = rect.x + label_w + i * col_w
        draw_seat_marker(surface, t, i, (x + r + t.px(2), y + lh // 2), r)
        if lettered:
            draw_text(surface, nm if len(nm) <= k else nm[:k], f, c["text_dim"], (x + 2 * r + t.px(6), y))
    y += lh + t.px(2)
    fit = max(0, (rect.bottom - y) // lh)
    noted = 1 <= fit < len(rows)
    if fit < len(rows):
        # rows left out are said to be (a play-test at 175%: "Soldiers left" was gone, silently)
        shown = rows[:max(0, fit - 1)]
        if fit >= 1:
            left = len(rows) - len(shown)
            draw_text(surface, fit_text(f"{left} more: {more}", f, rect.w), f, c["text_dim"],
                      (rect.x, y + len(shown) * lh))
        rows = shown
    for row in rows:
        if y + lh > rect.bottom:
            break
        draw_text(surface, fit_text(row.label, f, label_w - t.px(8)), f, c["text"], (rect.x, y))
        for i, v in enumerate(row.values):
            x = rect.x + label_w + i * col_w
            pad = t.px(4) if lettered else t.px(1)
            draw_text(surface, fit_text(str(v), f, col_w - pad - t.px(1)), f, c["text"], (x + pad, y))
        y += lh
    return y - rect.y + (lh if noted else 0)


class ResultCard(Scene):
    """The result over the finished board; ``game`` is the GameScreen it belongs to."""
    overlay = True

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        m = game.match
        self.title = result_title(m)
        text = m.state.result_text(m.names())
        self.rows = safe_stats(m)
        place_row = placings_row(m.state)
        if place_row is not None and self.rows:
            # three or more seats: the places head the figures, a column per seat, rather
            # than three lines of text above them (a play-test's three-seat card at 175%
            # had room for the places and none of the figures)
            self.rows = [place_row, *self.rows]
            self.text = text
        else:
            table = placings_text(m.state, m.names())
            self.text = f"{text}\n\n{table}" if table else text
        self.age = 0.0
        b = lambda label, fn, primary=False: Button(label, fn, sound=app.sound, primary=primary)  # noqa: E731
        two = len(m.seats) == 2
        self.buttons = [
            b("Rematch, sides swapped" if two else "Rematch, seats turned", self._then(game.rematch)),
            b("Same seats", self._then(game.same_seats)),
            b("Review", self._then(lambda: game.review(0)), primary=True),
            b("Standings", self._then(game.standings)),
            b("Menu", self._then(lambda: game.leave(force=True))),
        ]
        # the card stays under the "Saved" message: a play-test had to press Esc to get it back
        self.share = [b("Save as GIF", lambda: share(app, m, "gif")), b("Save picture", lambda: share(app, m, "png"))]
        from games.ui.export import export_refusal
        for btn, kind in zip(self.share, ("gif", "png")):
            btn.enabled = export_refusal(m, kind) is None
        # Review first: looking loses nothing. Space is no press here (it spins and skips)
        self.focus = FocusGroup(self.buttons + self.share, default=self.buttons[2], space=False)

    def _then(self, fn):
        def run():
            self.app.stack.remove(self)
            fn()
        return run

    @property
    def armed(self) -> bool:
        return self.age >= ARM

    def update(self, dt) -> None:
        self.age += dt

    def wants_frames(self) -> bool:
        return not self.armed

    def layout(self, size) -> None:
        t = self.theme
        w = min(size[0] - t.px(40), t.px(620))
        body_w = w - t.px(48)
        self.body = wrap_text(self.text, t.body_font(), body_w)
        lh = t.body_font().get_linesize()
        stats_h = (len(self.rows) + 1) * t.small_font().get_linesize() + t.px(8) if self.rows else 0
        bh, gap = t.px(42), t.px(8)
        rows_of_buttons = 3                       # 2 + 2 + 1, then the share row
        h = t.px(66) + len(self.body) * lh + t.px(10) + stats_h + rows_of_buttons * (bh + gap) + bh + t.px(30)
        # a card taller than the window (large text, three or more seats) packs its buttons
        # three to a row and slims them, so the figures keep the room (a play-test at 175%
        # on 1280x720 saw no figure at all, only the buttons)
        self.compact = h > size[1] - t.px(20)
        if self.compact:
            bh = min(bh, t.body_font().get_linesize() + t.px(12))
            rows_of_buttons = 2                   # 2 + 3, then the share row
            h = t.px(66) + len(self.body) * lh + t.px(10) + stats_h + rows_of_buttons * (bh + gap) + bh + t.px(30)
        h = min(h, size[1] - t.px(20))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (size[0] // 2, size[1] // 2)
        y = self.rect.y + t.px(62) + len(self.body) * lh + t.px(6)
        room = self.rect.bottom - t.px(16) - (rows_of_buttons + 1) * (bh + gap) - y
        self.stats_rect = pygame.Rect(self.rect.x + t.px(24), y, body_w, max(0, min(stats_h, room)))
        y = self.stats_rect.bottom + t.px(8)
        half = (body_w - gap) // 2
        x0 = self.rect.x + t.px(24)
        if self.compact:
            # the two rematches keep half a row each (their labels are the longest)
            third = (body_w - 2 * gap) // 3
            for i, btn in enumerate(self.buttons):
                r, col = (0, i) if i < 2 else (1, i - 2)
                bw = half if r == 0 else third
                btn.rect = pygame.Rect(x0 + col * (bw + gap), y + r * (bh + gap), bw, bh)
        else:
            order = [(0, 0, 2), (1, 0, 2), (2, 1, 2), (3, 1, 2), (4, 2, 1)]
            for i, r, span in order:
                col = i % 2 if span == 2 else 0
                bw = half if span == 2 else body_w
                self.buttons[i].rect = pygame.Rect(x0 + col * (half + gap), y + r * (bh + gap), bw, bh)
        y += rows_of_buttons * (bh + gap)
        for i, s in enumerate(self.share):
            s.rect = pygame.Rect(x0 + i * (half + gap), y, half, bh)

    def handle_event(self, event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not self.armed:
            return                                   # a click meant for the last animation
        for btn in self.buttons + self.share:
            if btn.handle_event(event):
                return
        action = nav.nav_action(event)
        if action == nav.BACK or nav.is_pause(event):
            self.app.stack.remove(self)              # look at the board; Esc brings the card back
            return
        if not self.armed and (action in nav.DIRECTIONS or tab_step(event)):
            return                                   # an arrow meant for the last move
        self.focus.handle(event)

    def draw(self, surface) -> None:
        t, c = self.theme, self.theme.c
        dim_screen(surface, 140)
        draw_panel(surface, self.rect, t, color=c["bg2"])
        draw_text(surface, self.title, t.heading_font(), c["accent"], (self.rect.centerx, self.rect.y + t.px(18)),
                  "midtop")
        y = self.rect.y + t.px(62)
        for line in self.body:
            draw_text(surface, line, t.body_font(), c["text"], (self.rect.centerx, y), "midtop")
            y += t.body_font().get_linesize()
        draw_stats(surface, t, self.stats_rect, self.game.match, self.rows)
        for btn in self.buttons + self.share:
            btn.draw(surface, t)
        self.focus.draw(surface, t)


def share(app, match, kind: str) -> None:
    """Share a finished game: an animated GIF of its moves (``kind`` "gif"), or a picture
    of the end; said in a message over the card (which stays: a play-test had to press
    Esc to get it back)."""
    from games.ui import export
    from games.ui.dialogs import message
    try:
        # in the palette the players chose (a play-test's colour-blind sides came out black and white)
        cb = bool(app.settings.colorblind)
        res = export.export_gif(match, colorblind=cb) if kind == "gif" else export.export_png(match, colorblind=cb)
    except export.ExportError as exc:
        log.warning("export failed: %s (%s)", exc.reason, exc.detail)
        message(app, "Could not save it", exc.reason + (f"\n\n{exc.path}" if exc.path else ""))
        return
    what = f"An animated GIF of the game's {res.frames} moves" if kind == "gif" else "A picture of the end"
    message(app, "Saved", f"{what} is saved as\n{res.path}")
