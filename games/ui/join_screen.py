"""The join screen (issue 28): how the phones of a game's phone seats join it.

Shown when a game with phone seats opens (a new game, Continue, Load: each opening
has its own server and new links, so an old link is refused) and from the pause
menu's "Phones" during the game. Per phone seat: its QR code (the seat's link: the
laptop's address and port and the seat's secret token), its name and colour, the
typed fallback (the address to open and the seat's short code), its status
(waiting, joined, connection lost), and two buttons that hand the seat to the
laptop ("Play here") or to the computer; its phone is told and its link dies.

When the game opens, it waits behind this screen until every phone seat has joined;
then the screen goes by itself. From the pause menu it is a look-up: Esc returns.

Layout: a card per seat, side by side, when every code fits at
:data:`MIN_MODULE` pixels a module or more (a phone reads that across a table);
otherwise (five phones in a small window) the seats as a list beside one large
code: the seat whose buttons have the focus, else the first still waiting.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Any

import pygame

from games.remote import qr_matrix
from games.ui import nav
from games.ui.phone_seats import WHY_JOINING, WHY_PHONES
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, FocusGroup, draw_panel, draw_seat_marker, seat_color

log = logging.getLogger(__name__)

#: the smallest module (one QR square) drawn, in pixels: phones read it from a seat away
MIN_MODULE = 4
#: the largest: beyond this a bigger code only crowds the screen
MAX_MODULE = 12

STATUS_WORDS = {
    "waiting": "Waiting for the phone",
    "joined": "Ready on the phone",
    "lost": "Away: its phone comes back by itself",
}
#: the same where a list row has no room for it
SHORT_STATUS = {"joined": "Ready", "lost": "Away: rejoins by itself"}


@dataclass
class _Card:
    """Where one seat's pieces go (a card of the grid, or a row of the list)."""

    seat: int
    rect: pygame.Rect
    qr: pygame.Rect | None = None       # where its code is drawn (None: a list row)


class JoinScreen(Scene):
    overlay = False          # opaque: the table underneath is not drawn
    update_below = True      # the game screen keeps its animations going (it does not advance meanwhile)

    def __init__(self, app, game, gate: bool):
        super().__init__(app)
        self.game = game
        self.gate = gate
        self.back_btn = Button("Menu" if gate else "Back to the game", self.back, "Esc", sound=app.sound,
                               primary=not gate)
        self.seat_btns: dict[int, tuple[Button, Button]] = {}
        self.link_btns: dict[int, Button] = {}
        self.cards: list[_Card] = []
        self.list_mode = False
        self.stacked = False        # list mode: a row's buttons under its name (a narrow window)
        self.big: pygame.Rect | None = None     # list mode: where the one large code goes
        self.module = MIN_MODULE
        self._codes: dict[tuple[str, int], pygame.Surface] = {}
        self._matrices: dict[str, list[list[bool]]] = {}
        self._seen = -1                          # the hub's status count at the last layout
        self._size = (0, 0)
        self.focus = FocusGroup(self._focus_items, default=self.back_btn)

    # -- what the game screen asks -------------------------------------------------------
    @property
    def phones_why(self) -> str:
        """Why a phone's move waits while this screen shows (said to the phone)."""
        return WHY_JOINING if self.gate else WHY_PHONES

    @property
    def hub(self):
        return self.game.phones.hub

    def seats(self) -> list[int]:
        hub = self.hub
        return sorted(hub.seats) if hub is not None else []

    def status(self, seat: int) -> str:
        return self.game.phones.status(seat) or "revoked"

    def everyone_joined(self) -> bool:
        seats = self.seats()
        return bool(seats) and all(self.status(s) == "joined" for s in seats)

    # -- the host's choices ----------------------------------------------------------------
    def back(self) -> None:
        if self.gate:
            # as the pause menu's Quit (it asks first, when set to), but a game not begun loses nothing
            self.game.leave(force=self.game.match.ply == 0)
        else:
            self.close()

    def close(self) -> None:
        self.app.stack.remove(self)

    def _buttons(self, seat: int) -> tuple[Button, Button]:
        btns = self.seat_btns.get(seat)
        if btns is None:
            btns = (Button("Play here", lambda: self.hand_over(seat, here=True), sound=self.app.sound),
                    Button("Computer", lambda: self.hand_over(seat, here=False), sound=self.app.sound))
            self.seat_btns[seat] = btns
        return btns

    def hand_over(self, seat: int, here: bool) -> None:
        """The seat goes to the laptop (``here``) or the computer. A phone that is in the
        game now is put out of it, for good: that is asked first."""
        phones = self.game.phones

        def act() -> None:
            if here:
                phones.play_here(seat)
            else:
                phones.computer(seat)
            # the seat's row is gone: the focus must not slide onto the next seat's button,
            # where a second Enter would put that phone out too
            self.focus.set(self.back_btn)
        if self.status(seat) != "joined":
            act()
            return
        from games.ui.dialogs import confirm
        name = self.game.match.seats[seat].name
        title = f"Play {name}'s seat here?" if here else f"Let the computer play {name}'s seat?"
        confirm(self.app, title, f"{name}'s phone is told it is out of the game, and its link stops working.",
                act, yes="Play here" if here else "Computer", destructive=True)

    def _link_btn(self, seat: int) -> Button:
        """A lost seat's "New link": only its own phone (with the seat's key) can come back on
        the old one; a phone that lost its page for good needs a new link, given here in
        sight of the table (a probe: showing the old link again let another phone take the
        seat and read its secrets)."""
        b = self.link_btns.get(seat)
        if b is None:
            b = self.link_btns[seat] = Button("New link", lambda: self.new_link(seat), sound=self.app.sound)
        return b

    def new_link(self, seat: int) -> None:
        if self.hub is None or self.status(seat) != "lost":
            return
        self.hub.new_link(seat)
        self.layout(self.app.size)
        self.focus.set(self._buttons(seat)[0])

    def _seat_items(self, seat: int) -> list:
        lost = self.status(seat) == "lost"
        return ([self._link_btn(seat)] if lost else []) + list(self._buttons(seat))

    def _focus_items(self) -> list:
        out: list[Any] = []
        for seat in self.seats():
            out.extend(self._seat_items(seat))
        return out + [self.back_btn]

    # -- events and time -------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.focus.handle(event):
            return
        if nav.nav_action(event) == nav.BACK or nav.is_pause(event):
            self.back_btn.click()
            return
        for seat in self.seats():
            for b in self._seat_items(seat):
                if b.handle_event(event):
                    return
        if self.back_btn.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.list_mode:
            for card in self.cards:
                if card.rect.collidepoint(event.pos):
                    self.focus.set(self._buttons(card.seat)[0])   # its code shows on the right

    def update(self, dt) -> None:
        if self.app.stack.top is not self:
            return                       # a dialog over it (Leave?): it waits
        if self.hub is None:
            self.close()                 # every phone seat went to the laptop or the computer
            return
        if self.gate and self.everyone_joined():
            log.info("every phone has joined: the game starts")
            self.close()
            return
        changes = self.hub.changes
        if changes != self._seen:        # a seat joined, left or was handed over: lay out again
            self._seen = changes
            self.layout(self.app.size)

    # -- layout ------------------------------------------------------------------------------
    def _matrix(self, seat: int) -> list[list[bool]]:
        url = self.hub.url(seat)
        m = self._matrices.get(url)
        if m is None:
            m = self._matrices[url] = qr_matrix(url)
        return m

    def _modules(self) -> int:
        seats = self.seats()
        return len(self._matrix(seats[0])) if seats else 1

    def _header_lines(self, width: int) -> list[tuple[str, str]]:
        """The two sentences under the title, wrapped (a play-test at 800x600 read "(the
        phone on the sa..." and an address cut short): (line, colour name)."""
        f = self.theme.body_font()
        sub = (f"{self.game.info.title}: scan your seat's code with the phone's camera "
               "(the phone on the same Wi-Fi as this laptop).")
        out = [(line, "text") for line in wrap_text(sub, f, width)]
        if self.hub is not None:
            # one address for every seat: said once; each card has its seat's code
            typed = f"No camera? Open http://{self.hub.address} in the phone's browser and type the seat's code."
            out += [(line, "text_dim") for line in wrap_text(typed, f, width)]
        return out

    def _text_h(self) -> int:
        """A card's height besides its code: name, status, the typed code, buttons."""
        t = self.theme
        return (t.body_font().get_linesize() + t.body_font().get_linesize() + self._code_font().get_linesize()
                + t.px(40) + t.px(30))

    def _code_font(self):
        return self.theme.font(21, bold=True)

    def layout(self, size) -> None:
        t = self.theme
        self._size = tuple(size)
        w, h = size
        margin, gap = t.px(20), t.px(12)
        self.header = self._header_lines(w - 2 * margin)
        self.header_bottom = (t.px(14) + t.heading_font().get_linesize()
                              + len(self.header) * t.body_font().get_linesize() + t.px(10))
        bh = t.px(44)
        self.back_btn.rect = pygame.Rect(margin, h - margin - bh, max(t.px(150), self._label_w(self.back_btn)), bh)
        content = pygame.Rect(margin, self.header_bottom, w - 2 * margin, self.back_btn.rect.y - gap - self.header_bottom)
        self.content = content
        seats = self.seats()
        self.cards, self.big = [], None
        for b in self._focus_items()[:-1]:
            b.rect = pygame.Rect(0, 0, 0, 0)     # placed below; a seat gone keeps none
        if not seats:
            return
        n, modules, pad = len(seats), self._modules(), t.px(10)
        best: tuple[int, int, int, int, int] | None = None   # module, cols, rows, card w, card h
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            cw = (content.w - (cols - 1) * gap) // cols
            ch = (content.h - (rows - 1) * gap) // rows
            side = min(cw - 2 * pad, ch - 2 * pad - self._text_h())
            module = min(MAX_MODULE, side // modules) if side > 0 else 0
            if best is None or module > best[0]:
                best = (module, cols, rows, cw, ch)
        assert best is not None
        module, cols, rows, cw, ch = best
        self.list_mode = module < MIN_MODULE
        if self.list_mode:
            self._layout_list(seats, content, modules)
            return
        self.module = module
        side = module * modules
        # the grid sits in the middle of the content, its cards no wider than needed
        cw = min(cw, max(side + 2 * pad, t.px(300)))
        ch = min(ch, side + 2 * pad + self._text_h())
        used_w, used_h = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
        x0, y0 = content.x + (content.w - used_w) // 2, content.y + (content.h - used_h) // 2
        for i, seat in enumerate(seats):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)         # a short last row is centred too
            x = x0 + (cols - in_row) * (cw + gap) // 2 + c * (cw + gap)
            rect = pygame.Rect(x, y0 + r * (ch + gap), cw, ch)
            name_h = t.body_font().get_linesize() + t.px(12)
            qr = pygame.Rect(rect.centerx - side // 2, rect.y + pad + name_h, side, side)
            self.cards.append(_Card(seat, rect, qr))
            self._place_link(seat, qr)
            here, comp = self._buttons(seat)
            bw = (rect.w - 2 * pad - gap) // 2
            here.rect = pygame.Rect(rect.x + pad, rect.bottom - pad - t.px(40), bw, t.px(40))
            comp.rect = pygame.Rect(here.rect.right + gap, here.rect.y, bw, t.px(40))

    def _layout_list(self, seats: list[int], content: pygame.Rect, modules: int) -> None:
        """Too many codes for the window: the seats as rows, one large code beside them."""
        t = self.theme
        gap, pad = t.px(12), t.px(10)
        small = t.small_font().get_linesize()
        right_w = min(content.w // 2, content.h)
        side_room = min(right_w - 2 * pad, content.h - 2 * pad - t.body_font().get_linesize() - 2 * small - 2 * t.px(6))
        self.module = max(1, min(MAX_MODULE, side_room // modules))
        side = self.module * modules
        self.big = pygame.Rect(content.right - right_w, content.y, right_w, content.h)
        left = pygame.Rect(content.x, content.y, content.w - right_w - gap, content.h)
        bw = max(self._label_w(b) for s in seats for b in self._buttons(s))
        # a row too narrow for its name beside two buttons puts the buttons under the name (a
        # play-test with large text at 800x600: the buttons covered the seat's name and code)
        words = t.body_font().get_linesize() + t.small_font().get_linesize()
        self.stacked = left.w - 2 * pad - 2 * bw - t.px(8) < max(t.px(120), t.body_font().size("Waiting: code")[0])
        tall = words + t.px(16) + t.px(40) if self.stacked else t.px(76)
        row_h = min(tall, (left.h - (len(seats) - 1) * t.px(6)) // len(seats))
        for i, seat in enumerate(seats):
            rect = pygame.Rect(left.x, left.y + i * (row_h + t.px(6)), left.w, row_h)
            self.cards.append(_Card(seat, rect))
            here, comp = self._buttons(seat)
            if self.stacked:
                bh = max(1, min(t.px(40), row_h - words - t.px(12)))
                half = (rect.w - 2 * pad - t.px(8)) // 2
                here.rect = pygame.Rect(rect.x + pad, rect.bottom - pad // 2 - bh, half, bh)
                comp.rect = pygame.Rect(here.rect.right + t.px(8), here.rect.y, half, bh)
                continue
            bh = min(t.px(40), row_h - t.px(8))
            comp.rect = pygame.Rect(rect.right - pad - bw, rect.centery - bh // 2, bw, bh)
            here.rect = pygame.Rect(comp.rect.x - t.px(8) - bw, comp.rect.y, bw, bh)
        self.big_qr = pygame.Rect(self.big.centerx - side // 2,
                                  self.big.y + pad + t.body_font().get_linesize() + t.px(6), side, side)
        shown = self.shown_seat()
        for seat in seats:
            self._place_link(seat, self.big_qr if seat == shown else None)

    def _place_link(self, seat: int, where: pygame.Rect | None) -> None:
        """A lost seat's New link in its code's place (``where``; None: not drawn now)."""
        b = self._link_btn(seat)
        if where is None or self.status(seat) != "lost":
            b.rect = pygame.Rect(0, 0, 0, 0)
            return
        t = self.theme
        w = min(where.w, max(self._label_w(b), t.px(150)))
        bh = min(t.px(44), where.h)
        lines = self._away_lines(where)
        block = len(lines) * t.small_font().get_linesize() + (t.px(6) if lines else 0) + bh
        b.rect = pygame.Rect(0, 0, w, bh)
        b.rect.midbottom = (where.centerx, where.centery + block // 2)

    def _label_w(self, button: Button) -> int:
        return button.natural_width(self.theme)

    def shown_seat(self) -> int | None:
        """List mode: the seat whose code is drawn large (the focused seat's, else the
        first still waiting or lost, else the first)."""
        seats = self.seats()
        focused = self.focus.get()
        for seat in seats:
            if focused in self._buttons(seat):
                return seat
        for seat in seats:
            if self.status(seat) != "joined":
                return seat
        return seats[0] if seats else None

    # -- drawing ---------------------------------------------------------------------------
    def code_surface(self, seat: int, module: int) -> pygame.Surface:
        """The seat's QR code: black modules on white, the quiet zone included."""
        url = self.hub.url(seat)
        key = (url, module)
        surf = self._codes.get(key)
        if surf is None:
            matrix = self._matrix(seat)
            n = len(matrix)
            surf = pygame.Surface((n * module, n * module))
            surf.fill((255, 255, 255))
            for y, row in enumerate(matrix):
                for x, dark in enumerate(row):
                    if dark:
                        surf.fill((0, 0, 0), (x * module, y * module, module, module))
            self._codes = {k: v for k, v in self._codes.items() if k[0] != url}   # an old size of it
            self._codes[key] = surf
        return surf

    def draw(self, surface) -> None:
        if tuple(self.app.size) != self._size:
            self.layout(self.app.size)
        t, c = self.theme, self.theme.c
        w = surface.get_width()
        margin = t.px(20)
        title = "Join with your phones" if self.gate else "Phones"
        draw_text(surface, fit_text(title, t.heading_font(), w - 2 * margin), t.heading_font(), c["accent"],
                  (margin, t.px(14)))
        y = t.px(14) + t.heading_font().get_linesize()
        for line, colour in self.header:
            draw_text(surface, fit_text(line, t.body_font(), w - 2 * margin), t.body_font(), c[colour], (margin, y))
            y += t.body_font().get_linesize()
        if self.list_mode:
            self._draw_list(surface)
        else:
            for card in self.cards:
                self._draw_card(surface, card)
        self.back_btn.draw(surface, t)
        self._draw_footer(surface)
        self.focus.draw(surface, t)

    def _draw_footer(self, surface) -> None:
        t, c = self.theme, self.theme.c
        seats = self.seats()
        if self.gate:
            waiting = [self.game.match.seats[s].name for s in seats if self.status(s) != "joined"]
            text = ("The game starts when every phone has joined" +
                    (f": waiting for {', '.join(waiting)}." if waiting else "."))
        else:
            text = ("A lost phone rejoins by itself when it wakes; one that lost its page for good needs "
                    "New link. The game goes on when you go back.")
        x = self.back_btn.rect.right + t.px(16)
        room = surface.get_width() - x - t.px(20)
        if not self.gate and t.body_font().size(text)[0] > room:
            text = "A lost phone rejoins by itself; a lost page needs New link."   # whole, not cut
        if room <= t.px(80):
            return
        f = t.body_font()
        lines = wrap_text(text, f, room)
        if len(lines) > 1:                   # two lines beside the button, smaller, not one cut
            f = t.small_font()
            lines = wrap_text(text, f, room)
            lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
        y = self.back_btn.rect.centery - len(lines) * f.get_linesize() // 2
        for line in lines:
            draw_text(surface, fit_text(line, f, room), f, c["text_dim"], (x, y))
            y += f.get_linesize()

    def _name_row(self, surface, seat: int, x: int, y: int, width: int) -> None:
        """The seat's marker (its colour and number) and name, left at ``x``, centred on ``y``."""
        t, c = self.theme, self.theme.c
        r = max(6, t.body_font().get_linesize() * 5 // 8)
        draw_seat_marker(surface, t, seat, (x + r, y), r, str(seat + 1))
        name = self.game.match.seats[seat].name
        draw_text(surface, fit_text(name, t.font(19, bold=True), width - 2 * r - t.px(8)), t.font(19, bold=True),
                  c["text"], (x + 2 * r + t.px(8), y), "midleft")

    def _status_line(self, seat: int) -> tuple[str, Any]:
        c = self.theme.c
        status = self.status(seat)
        colour = {"joined": c["ok"], "lost": c["danger"]}.get(status, c["text_dim"])
        return STATUS_WORDS.get(status, status), colour

    def _fallback(self, seat: int) -> tuple[str, bool]:
        """The typed way in: the seat's code, to type at the address in the header (a lost
        seat has a fresh one: the phone may also reopen its page or scan again); and
        whether it is the code itself."""
        return f"Code {self.hub.code(seat)}", True

    def _draw_card(self, surface, card: _Card) -> None:
        t, c = self.theme, self.theme.c
        pad = t.px(10)
        rect = card.rect
        draw_panel(surface, rect, t, color=c["bg2"])
        fill = seat_color(t, card.seat)[0]
        pygame.draw.rect(surface, fill, (rect.x + t.px(3), rect.y + t.px(3), rect.w - t.px(6), t.px(5)),
                         border_radius=t.px(3))
        y = rect.y + pad + t.body_font().get_linesize() // 2 + t.px(6)
        self._name_row(surface, card.seat, rect.x + pad, y, rect.w - 2 * pad)
        qr = card.qr
        assert qr is not None, "a grid card has its code's place"
        status = self.status(card.seat)
        if status == "joined":
            # nothing to scan: a joined seat's code would only invite a second phone
            pygame.draw.rect(surface, c["bg"], qr, border_radius=t.px(8))
            draw_text(surface, "Joined", t.heading_font(), c["ok"], qr.center, "center")
        elif status == "lost":
            self._draw_away(surface, card.seat, qr)
        else:
            surface.blit(self.code_surface(card.seat, self.module), qr.topleft)
        y = qr.bottom + t.px(6)
        text, colour = self._status_line(card.seat)
        # a seat with no code line under its status has room for the status's second line
        # (a play-test read "Away: its phone comes back by")
        lines = wrap_text(text, t.body_font(), rect.w - 2 * pad)
        for line in lines[:1] if status == "waiting" else lines[:2]:
            draw_text(surface, fit_text(line, t.body_font(), rect.w - 2 * pad), t.body_font(), colour,
                      (rect.centerx, y), "midtop")
            y += t.body_font().get_linesize()
        y += t.px(4)
        if status == "waiting":
            self._draw_fallback(surface, card.seat, (rect.centerx, y), rect.w - 2 * pad)
        for b in self._buttons(card.seat):
            b.draw(surface, t)

    def _draw_list(self, surface) -> None:
        t, c = self.theme, self.theme.c
        pad = t.px(10)
        shown = self.shown_seat()
        for card in self.cards:
            rect = card.rect
            draw_panel(surface, rect, t, color=c["panel_hi"] if card.seat == shown else c["bg2"])
            here = self._buttons(card.seat)[0]
            line = t.body_font().get_linesize()
            if self.stacked:                # the name and status above the buttons, full width
                width = rect.w - 2 * pad
                mid = rect.y + t.px(6) + line // 2 + t.small_font().get_linesize() // 2
            else:
                width = here.rect.x - rect.x - 2 * pad
                mid = rect.centery
            self._name_row(surface, card.seat, rect.x + pad, mid - line // 2, width)
            text, colour = self._status_line(card.seat)
            if self.status(card.seat) == "waiting":
                # every row says its code, so several phones may type at once
                code = self.hub.code(card.seat)
                text = f"Waiting: code {code}"
                if t.small_font().size(text)[0] > width:
                    text = f"Code {code}"
            elif t.small_font().size(text)[0] > width:
                text = SHORT_STATUS.get(self.status(card.seat), text)     # whole, not cut
            draw_text(surface, fit_text(text, t.small_font(), width), t.small_font(), colour,
                      (rect.x + pad, mid + line // 2), "midleft")
            for b in self._buttons(card.seat):
                b.draw(surface, t)
        if shown is None or self.big is None:
            return
        big = self.big
        draw_panel(surface, big, t, color=c["bg2"])
        y = big.y + pad + t.body_font().get_linesize() // 2
        self._name_row(surface, shown, big.x + pad, y, big.w - 2 * pad)
        qr = self.big_qr
        if self.status(shown) == "joined":
            pygame.draw.rect(surface, c["bg"], qr, border_radius=t.px(8))
            draw_text(surface, "Joined", t.heading_font(), c["ok"], qr.center, "center")
            return
        if self.status(shown) == "lost":
            for seat in self.seats():           # the seat shown large may have changed with the focus
                self._place_link(seat, qr if seat == shown else None)
            self._draw_away(surface, shown, qr)
            return
        surface.blit(self.code_surface(shown, self.module), qr.topleft)
        self._draw_fallback(surface, shown, (big.centerx, qr.bottom + t.px(6)), big.w - 2 * pad)
        tip = "Click a seat, or Tab to its buttons, for its code"
        draw_text(surface, fit_text(tip, t.small_font(), big.w - 2 * pad), t.small_font(), c["text_dim"],
                  (big.centerx, big.bottom - pad), "midbottom")

    def _draw_away(self, surface, seat: int, qr: pygame.Rect) -> None:
        """A lost seat: no code to scan (the old link opens the seat only on its own phone),
        a word on why, and the New link button."""
        t, c = self.theme, self.theme.c
        pygame.draw.rect(surface, c["bg"], qr, border_radius=t.px(8))
        b = self._link_btn(seat)
        lines = self._away_lines(qr)
        y = b.rect.y - t.px(6) - len(lines) * t.small_font().get_linesize()
        for line in lines:
            draw_text(surface, line, t.small_font(), c["text_dim"], (qr.centerx, y), "midtop")
            y += t.small_font().get_linesize()
        b.draw(surface, t)

    def _away_lines(self, where: pygame.Rect) -> list[str]:
        """The words above a lost seat's New link, as many as its place holds above the
        button (a play-test: in a small place they were drawn over one another)."""
        t = self.theme
        f, bh = t.small_font(), min(t.px(44), where.h)
        for text in ("Its own phone rejoins when it wakes. Lost the page for good?", "Lost the page for good?"):
            lines = wrap_text(text, f, where.w - t.px(12))
            if len(lines) * f.get_linesize() + t.px(6) + bh + t.px(8) <= where.h:
                return lines
        return []

    def _draw_fallback(self, surface, seat: int, midtop, width: int) -> None:
        t, c = self.theme, self.theme.c
        text, is_code = self._fallback(seat)
        f = self._code_font() if is_code else t.body_font()
        draw_text(surface, fit_text(text, f, width), f, c["text"] if is_code else c["text_dim"], midtop, "midtop")
