"""The new-game dialog: seats (a person here at the laptop or on their own phone,
or a computer with its level, and names), the
game's rule options with a one-line explanation each, and, under "Advanced", an
optional seed. The last seats, names and options per game are remembered in the
settings; the seed is not (it fixes the dice of one game: a replay tool, not a
preference), and seats added beyond the game's usual number start as Human."""
from __future__ import annotations

import random

import pygame

from games.core import text
from games.core.match import AI, HUMAN, Match, Seat
from games.ui import nav
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_parts, fit_text, wrap_text
from games.ui.widgets import Button, Choice, FocusGroup, TextField, draw_panel, draw_seat_marker

#: what a typed seed is for (architecture.md, "What a seed does")
SEED_HELP = ("A seed labels this game in its save and the log. The dice, spins and cards also draw on "
             "a secret the app keeps, so no seed foretells them: two games with one seed meet different luck.")

#: what a seat can be: a person at the laptop (hot-seat), a person on their own phone
#: (issue 28: the phone is their private screen; the game opens on the join screen), a computer
SEAT_KINDS = (("human", "Human - here"), ("phone", "Human - phone"), ("easy", "Computer - Easy"),
              ("normal", "Computer - Normal"), ("hard", "Computer - Hard"))


#: said at the bottom while a seat is a phone (docs/phones.md, "Hosting")
PHONE_NOTE = "Phones join next by scanning a code: same Wi-Fi as this laptop"


class SetupScreen(Scene):
    crowded = True         # seats and rule options in one view: the UI scale held to what fits (Theme.crowded)

    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        last = app.settings.last_setup.get(info.id, {}) if isinstance(app.settings.last_setup, dict) else {}
        n = last.get("n_seats", info.default_seats)
        if n not in info.seat_counts():
            n = info.default_seats
        self.count = Choice([(k, f"{k} players") for k in info.seat_counts()], n, on_change=self._set_count)
        defaults = info.seat_names(info.max_seats)
        saved_seats = last.get("seats", []) if isinstance(last.get("seats"), list) else []
        self.kinds, self.names = [], []
        for i in range(info.max_seats):
            s = saved_seats[i] if i < len(saved_seats) and isinstance(saved_seats[i], dict) else {}
            kind = s.get("kind", "normal" if 0 < i < info.default_seats else "human")
            self.kinds.append(Choice(SEAT_KINDS, kind if kind in dict(SEAT_KINDS) else "human"))
            self.names.append(TextField(text.clean(s.get("name") or defaults[i], text.NAME_MAX), placeholder=defaults[i],
                                        max_len=text.NAME_MAX))
        # the people the app remembers (the record of past games), offered under a name field
        self.known = app.records().names()
        self.pick_rects: list = []          # (rect, name) of the names offered now
        self.pick_at = -1                   # the offered name the arrows have picked
        opts = info.clean_options(last.get("options"), retired=False)
        self.options = [(o, Choice(o.choices, opts[o.key])) for o in info.options]
        self.seed = TextField("", placeholder="random", max_len=9, allowed=lambda ch: ch.isdigit())
        self.advanced = False
        self.advanced_btn = Button("Advanced...", self._toggle_advanced, sound=app.sound)
        self.start_btn = Button("Start", self.start, primary=True, sound=app.sound)
        self.back_btn = Button("Back", app.pop, "Esc", sound=app.sound)
        self.error = ""
        # the focus starts on Start: Enter at once plays what was set up last time
        self.focus = FocusGroup(self.focus_order, default=self.start_btn)

    @property
    def n(self) -> int:
        return self.count.value

    @property
    def count_shown(self) -> bool:
        """The player count is a choice (drawn, and a field) only where it can change."""
        return len(self.info.seat_counts()) > 1

    def _set_count(self, _v):
        self.layout(self.app.size)

    def _toggle_advanced(self):
        self.advanced = not self.advanced
        self.advanced_btn.label = "Hide advanced" if self.advanced else "Advanced..."
        if not self.advanced:
            self.seed.focused = False

    def fields(self):
        extra = [self.seed] if self.advanced else []
        # the player count is a field only where it can change: where it cannot, it is
        # not drawn, and its rect lies on seat 1's row (it used to swallow the clicks on
        # the right half of seat 1's selector in every two-player game)
        count = [self.count] if self.count_shown else []
        return count + self.kinds[:self.n] + self.names[:self.n] + [c for _, c in self.options] + \
            [self.advanced_btn] + extra + [self.start_btn, self.back_btn]

    def focus_order(self) -> list:
        """Tab order: the player count, each seat's kind then name, the rule options,
        Advanced (and the seed), then Back and Start as they sit on screen."""
        count = [self.count] if self.count_shown else []
        seats = [w for i in range(self.n) for w in (self.kinds[i], self.names[i])]
        extra = [self.seed] if self.advanced else []
        return count + seats + [c for _, c in self.options] + [self.advanced_btn] + extra + \
            [self.back_btn, self.start_btn]

    def layout(self, size):
        t = self.theme
        w, h = size
        pw = min(w - t.px(40), t.px(980))
        self.panel = pygame.Rect((w - pw) // 2, t.px(16), pw, h - t.px(32))
        x0 = self.panel.x + t.px(24)
        y = self.panel.y + t.px(64)
        row = t.px(44)
        self.count.rect = pygame.Rect(x0 + t.px(170), y, t.px(200), t.px(36))
        if self.count_shown:
            y += row
        self.seat_y = y
        col_w = (pw - t.px(48)) // 2
        for i in range(self.info.max_seats):
            self.kinds[i].rect = pygame.Rect(x0 + t.px(120), y + i * row, min(t.px(220), col_w - t.px(130)), t.px(36))
            self.names[i].rect = pygame.Rect(self.kinds[i].rect.right + t.px(14), y + i * row,
                                             min(t.px(240), pw - t.px(48) - self.kinds[i].rect.w - t.px(134)), t.px(36))
        y += self.n * row + t.px(16)
        self.opt_y = y
        opt_row = t.px(64)
        for i, (_o, ch) in enumerate(self.options):
            ch.rect = pygame.Rect(x0 + t.px(250), y + i * opt_row, min(t.px(240), pw - t.px(300)), t.px(36))
        y += len(self.options) * opt_row + t.px(4)
        self.advanced_btn.rect = pygame.Rect(x0, y, t.px(180), t.px(36))
        self.seed.rect = pygame.Rect(x0 + t.px(250), y + t.px(46), t.px(160), t.px(36))
        bh = t.px(48)
        self.start_btn.rect = pygame.Rect(self.panel.right - t.px(24) - t.px(200), self.panel.bottom - bh - t.px(18),
                                          t.px(200), bh)
        self.back_btn.rect = pygame.Rect(self.start_btn.rect.x - t.px(214), self.start_btn.rect.y, t.px(200), bh)

    def roles(self) -> list[str]:
        """What each seat plays with the options chosen now ("the landing party", "the
        fort"), when the game's board says (a ``seat_roles(options, n)`` it may define)."""
        from games.ui.board import board_class
        fn = getattr(board_class(self.info), "seat_roles", None)
        if fn is None:
            return []
        try:
            return [str(r) for r in fn({o.key: ch.value for o, ch in self.options}, self.n)]
        except (KeyError, ValueError):
            return []

    def remember(self) -> None:
        self.app.settings.last_setup[self.info.id] = {
            "n_seats": self.n,
            "seats": [{"kind": self.kinds[i].value, "name": self.names[i].text} for i in range(self.info.max_seats)],
            "options": {o.key: ch.value for o, ch in self.options},
        }
        self.app.save_settings()

    def build_match(self) -> Match:
        defaults = self.info.seat_names(self.n)
        seats = []
        for i in range(self.n):
            kind = self.kinds[i].value
            name = self.names[i].text.strip() or defaults[i]
            if kind in ("human", "phone"):
                seats.append(Seat(HUMAN, "normal", name, phone=kind == "phone"))
            else:
                seats.append(Seat(AI, kind, name))
        seed = int(self.seed.text) if self.seed.text else random.SystemRandom().randrange(1, 10**9)
        return Match(self.info, {o.key: ch.value for o, ch in self.options}, seats, seed)

    def start(self):
        names = [self.names[i].text.strip() for i in range(self.n)]
        if len(set(n.lower() for n in names if n)) < len([n for n in names if n]):
            self.error = "Two seats have the same name; hand-overs need different names."
            return
        self.remember()
        from games.ui import router
        match = self.build_match()
        self.app.pop()
        router.open("game", self.app, match)

    # -- names the app remembers ------------------------------------------------------------
    def _focused_name(self) -> int:
        return next((i for i in range(self.n) if self.names[i].focused), -1)

    def offered(self, i: int) -> list[str]:
        """Names used before that fit what seat ``i`` has typed, not taken by another seat."""
        typed = self.names[i].text.strip().lower()
        taken = {self.names[k].text.strip().lower() for k in range(self.n) if k != i}
        return [n for n in self.known if n.lower().startswith(typed) and n.lower() != typed
                and n.lower() not in taken][:6]

    def _pick(self, i: int, name: str) -> None:
        self.names[i].text = name
        self.names[i].focused = False
        self.pick_at = -1

    def _handle_picker(self, event) -> bool:
        i = self._focused_name()
        if i < 0:
            return False
        names = self.offered(i)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, name in self.pick_rects:
                if r.collidepoint(event.pos):
                    self._pick(i, name)
                    return True
            return False
        if event.type == pygame.KEYDOWN and names:
            if event.key == pygame.K_DOWN:
                self.pick_at = min(len(names) - 1, self.pick_at + 1)
                return True
            if event.key == pygame.K_UP:
                self.pick_at = max(-1, self.pick_at - 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and 0 <= self.pick_at < len(names):
                self._pick(i, names[self.pick_at])
                return True
        return False

    def handle_event(self, event):
        if self._handle_picker(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            # a click anywhere else ends the typing: the arrows or a button handle the click
            # before the fields see it, and a play-test's letters then went on into Seat 1's
            # name while the focus ring sat on Seat 2's type
            for f in self.names + [self.seed]:
                if not f.rect.collidepoint(event.pos):
                    f.focused = f.selected = False
        if nav.nav_action(event) == nav.BACK:
            typing = next((f for f in self.names + [self.seed] if f.focused), None)
            if typing is not None:
                self.focus.set(self.start_btn)     # Esc leaves the field first, then the screen
            else:
                self.back_btn.click()
            return
        if nav.nav_action(event) == nav.PRESS and isinstance(self.focus.get(), Choice):
            # Enter on a choice starts, as the form's Enter: Left/Right change a choice, and a
            # play-test's Enter after setting "Computer - Hard" silently stepped it on to "Human"
            self.start_btn.click()
            return
        if self.focus.handle(event):
            return
        for f in self.fields():
            if f.handle_event(event):
                return

    def update(self, dt):
        for f in self.names + [self.seed]:
            f.update(dt)

    def wake_in(self):
        return 0.5 if any(f.focused for f in self.names + [self.seed]) else None

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        draw_panel(surface, self.panel, t, color=c["bg2"])
        x0 = self.panel.x + t.px(24)
        draw_text(surface, f"New game: {self.info.title}", t.heading_font(), c["accent"], (x0, self.panel.y + t.px(18)))
        if self.count_shown:
            draw_text(surface, "Seats", t.body_font(), c["text"], (x0, self.count.rect.centery), "midleft")
            self.count.draw(surface, t)
        roles = self.roles()
        for i in range(self.n):
            r = self.kinds[i].rect
            draw_seat_marker(surface, t, i, (x0 + t.px(14), r.centery), t.px(12), str(i + 1))
            draw_text(surface, f"Seat {i + 1}", t.body_font(), c["text"], (x0 + t.px(32), r.centery), "midleft")
            self.kinds[i].draw(surface, t)
            self.names[i].draw(surface, t)
            if i < len(roles) and roles[i]:
                nr = self.names[i].rect
                room = self.panel.right - t.px(24) - nr.right - t.px(12)
                f = t.body_font() if t.body_font().size(roles[i])[0] <= room else t.small_font()
                if f.size(roles[i])[0] <= room:
                    draw_text(surface, roles[i], f, c["accent"], (nr.right + t.px(12), nr.centery), "midleft")
        for o, ch in self.options:
            draw_text(surface, o.label, t.body_font(), c["text"], (x0, ch.rect.centery), "midleft")
            ch.draw(surface, t)
            help_w = self.panel.right - t.px(24) - x0
            draw_text(surface, fit_text(o.help_for(ch.value), t.small_font(), help_w), t.small_font(), c["text_dim"],
                      (x0, ch.rect.bottom + t.px(4)))
        self.advanced_btn.draw(surface, t)
        if self.advanced:
            draw_text(surface, "Seed (optional)", t.body_font(), c["text"], (x0, self.seed.rect.centery), "midleft")
            self.seed.draw(surface, t)
            help_w = self.panel.right - t.px(24) - x0
            y = self.seed.rect.bottom + t.px(6)
            for line in wrap_text(SEED_HELP, t.small_font(), help_w)[:3]:
                draw_text(surface, line, t.small_font(), c["text_dim"], (x0, y))
                y += t.small_font().get_linesize()
        if self.error:
            draw_text(surface, self.error, t.body_font(), c["danger"], (x0, self.start_btn.rect.y - t.px(30)))
        self.back_btn.draw(surface, t)
        self.start_btn.draw(surface, t)
        typing = any(f.focused for f in self.names + [self.seed])
        # in a text field Enter passes on to the next control, not Start (a play-test typed a
        # name, pressed Enter as the footer said, and reached "Advanced..." instead)
        first = "Enter: next" if typing else "Enter: start"
        keys = fit_parts((first, "Left/Right: change", "Tab, arrows: move"), t.small_font(),
                         self.back_btn.rect.x - x0 - t.px(12))
        if any(self.kinds[i].value == "phone" for i in range(self.n)):
            keys = PHONE_NOTE        # what happens next matters more than the keys then
        room = self.back_btn.rect.x - x0 - t.px(12)
        if room > t.px(120):
            draw_text(surface, fit_text(keys, t.small_font(), room), t.small_font(), c["text_dim"],
                      (x0, self.back_btn.rect.centery), "midleft")
        self.focus.draw(surface, t)
        self._draw_picker(surface)           # last: it opens over what lies below the field

    def _draw_picker(self, surface) -> None:
        """Under the name being typed: the limit, and the names used before that fit."""
        t, c = self.theme, self.theme.c
        self.pick_rects = []
        i = self._focused_name()
        if i < 0:
            return
        field = self.names[i]
        f = t.small_font()
        y = field.rect.bottom + t.px(2)
        names = self.offered(i)
        hint = f"up to {text.NAME_MAX} characters"
        if not names and field.rect.right + t.px(12) + f.size(hint)[0] <= surface.get_width() - t.px(24):
            # the limit alone goes beside the field, not in a box over the next seat's
            # (a play-test: it covered Seat 2's name)
            draw_text(surface, hint, f, c["text_dim"], (field.rect.right + t.px(12), field.rect.centery), "midleft")
            return
        lh = f.get_linesize() + t.px(8)
        box = pygame.Rect(field.rect.x, y, field.rect.w, lh * len(names) + f.get_linesize() + t.px(8))
        draw_panel(surface, box, t, color=c["bg"], radius=6)
        for k, name in enumerate(names):
            r = pygame.Rect(box.x + t.px(4), box.y + t.px(4) + k * lh, box.w - t.px(8), lh - t.px(2))
            if k == self.pick_at or r.collidepoint(pygame.mouse.get_pos()):
                pygame.draw.rect(surface, c["button_hi"], r, border_radius=t.px(4))
            draw_text(surface, fit_text(name, t.body_font(), r.w - t.px(8)), t.body_font(), c["text"],
                      (r.x + t.px(6), r.centery), "midleft")
            self.pick_rects.append((r, name))
        draw_text(surface, fit_text(hint, f, box.w - t.px(8)), f, c["text_dim"],
                  (box.x + t.px(6), box.bottom - t.px(4)), "bottomleft")
