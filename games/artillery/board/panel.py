"""The Artillery column beside the tabletop: the round and score, the hand to
choose a card from, the units to activate, the active unit's actions, the
firing preview with its Fire button, and the list of every legal move (the
fallback that reaches whatever the map cannot express).

Every button is built from the rules' legal move list, so the column never
offers what the rules would refuse. The board owns the column and routes its
clicks; the column decides nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from games.artillery.rules import ArtilleryState, Move, Phase, texts
from games.artillery.rules.data import SUIT_NAMES
from games.artillery.rules.victory import standing
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, draw_panel

from .drawing import seat_shape, side_cols

if TYPE_CHECKING:
    from .scene import ArtilleryBoard

#: a button of the column: (label, what a press does, primary, enabled)
Row = list[tuple[str, Callable[..., Any], bool, bool]]
Colour = tuple[int, ...]

RANK_NAMES = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def card_name(card: str) -> str:
    if not card or card == "??":
        return "a hidden card"
    r, s = card[:-1], card[-1]
    return f"{RANK_NAMES.get(r, r)} of {SUIT_NAMES.get(s, s)}"


def card_key_label(card: str) -> str:
    return f"{card[:-1]} {SUIT_NAMES.get(card[-1], card[-1])}"


class Panel:
    """Layout, buttons and drawing of the column."""

    def __init__(self, board: ArtilleryBoard) -> None:
        self.board = board
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.buttons: list[Button] = []
        self.perform_rect = pygame.Rect(0, 0, 1, 1)
        self.body_top = 0
        self.page = 0
        self.show_all = False
        self.strip = False           # folded away to a strip beside the map
        self.top = 0                 # room kept at the top for the view buttons
        self.text_lines: list[tuple[str, Colour]] = []   # the info lines drawn last (tests read them)
        self._key: tuple[Any, ...] | None = None
        snd = board.host.sound
        self.grid_btn = Button("Grid", board.toggle_grid, "G", sound=snd)
        self.all_btn = Button("All moves", self.toggle_all, sound=snd)

    def layout(self, rect: pygame.Rect, strip: bool = False, top: int = 0) -> None:
        """``top``: pixels at the top kept for the board's view buttons."""
        self.rect = pygame.Rect(rect)
        self.strip = strip
        self.top = top
        t = self.board.theme
        if strip:
            none = pygame.Rect(self.rect.x, self.rect.bottom, 0, 0)
            self.perform_rect = none
            self.grid_btn.rect = none.copy()
            self.all_btn.rect = none.copy()
            self.body_top = self.rect.y
            self._key = None
            return
        pad = t.px(8)
        head = self.top + t.heading_font().get_linesize() + t.small_font().get_linesize() * 4 + pad
        bw, bh = max(1, self.rect.w - 2 * pad), t.px(36)
        self.perform_rect = pygame.Rect(self.rect.x + pad, self.rect.y + head, bw, bh)
        self.body_top = self.perform_rect.bottom + t.px(6)
        half = max(1, (bw - pad) // 2)
        y = self.rect.bottom - pad - t.px(30)
        self.grid_btn.rect = pygame.Rect(self.rect.x + pad, y, half, t.px(30))
        self.all_btn.rect = pygame.Rect(self.rect.x + pad + half + pad, y, half, t.px(30))
        self._key = None

    def _body_y(self) -> int:
        """Where the unit's lines and buttons begin: under the Roll!/Spin button's place
        while a performance waits, else in it (at 1920x1080 and 175% the empty place
        pushed the unit's gun lines off the column's foot, cut with "...")."""
        if self.board.host.awaiting_performance():
            return self.body_top
        return self.perform_rect.y

    def toggle_all(self) -> None:
        self.show_all = not self.show_all
        self.page = 0
        self._key = None

    def forget(self) -> None:
        self.show_all = False
        self.page = 0
        self._key = None

    def invalidate(self) -> None:
        """The buttons are built again at the next refresh (the board's choice changed)."""
        self._key = None

    # -- buttons --------------------------------------------------------------------------
    def refresh(self, st: ArtilleryState, can: bool) -> None:
        b = self.board
        key = (b.host.ply, can, tuple(self.rect), b.host.viewer, b.aim.target, tuple(b.aim.fire_guns), b.aim.ammo,
               self.show_all, self.page, b.sel_gun, b.host.awaiting_performance())
        if key == self._key:
            return
        self._key = key
        self.buttons = []
        if not can or self.strip or self.rect.w < 40 or self.rect.h < 80:
            return
        t = b.theme
        pad, gap, bh = t.px(8), t.px(5), t.px(32)
        x, w = self.rect.x + pad, self.rect.w - 2 * pad
        y = self._body_y() + t.small_font().get_linesize() * 2
        bottom = self.all_btn.rect.y - gap
        rows = self._rows(st)
        if self.show_all:
            rows = self._all_rows(st, (bottom - y) // (bh + gap))
        font = t.body_font()
        for row in [part for whole in rows for part in self._fitting(whole, w, gap, font)]:
            if y + bh > bottom:
                break
            cw = (w - gap * (len(row) - 1)) // max(1, len(row))
            for i, (label, fn, primary, enabled) in enumerate(row):
                btn = Button(label, fn, primary=primary, enabled=enabled, sound=b.host.sound)
                btn.rect = pygame.Rect(x + i * (cw + gap), y, cw, bh)
                self.buttons.append(btn)
            y += bh + gap

    def _fitting(self, row: Row, w: int, gap: int, font: pygame.font.Font) -> list[Row]:
        """``row`` as it is when every label fits its share of the width ``w``, else as few
        buttons a row as fit (two, then one): a button cut to "Q Diamon..." or "Aim F..."
        names nothing a player can choose by, and three aims on three rows took the room
        of the guns' lines below (a play-test at 1280x720)."""
        for per in range(len(row), 1, -1):
            cw = (w - gap * (per - 1)) // per
            room = cw - self.board.theme.px(10)
            if all(font.size(label)[0] <= room for label, *_ in row):
                return [row[i:i + per] for i in range(0, len(row), per)]
        return [[item] for item in row]

    def _rows(self, st: ArtilleryState) -> list[Row]:
        b = self.board
        legal = st.legal_moves()
        if st.decision is not None or st.phase in (Phase.PICK, Phase.ACTIVATE):
            return self._choice_rows(st, legal)
        if st.phase != Phase.ACT or st.act is None:
            return []
        if b.aim.target is not None:
            return self._fire_rows(st, legal)
        if b.sel_gun is not None:
            facings = set(st.gun_facings(b.sel_gun))
            names = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
            rows = [[(names[k], (lambda k=k: b.turn_gun(k * 45)), False, k * 45 in facings) for k in range(i, i + 4)]
                    for i in range(0, 8, 4)]
            return rows + [[("Done turning (Esc)", b.clear_selection, False, True)]]
        return self._action_rows(legal)

    def _choice_rows(self, st: ArtilleryState, legal: list[Move]) -> list[Row]:
        b = self.board
        sub = b.host.submit
        rows: list[Row] = []
        if st.decision is not None:
            for m in legal:
                label = "A man takes the hit" if m.a == "man" else f"Gun {m.a} takes the hit"
                rows.append([(label, lambda m=m: sub(m), m.a == "man", True)])
            return rows
        if st.phase == Phase.PICK:
            cards = [m for m in legal if m.kind == "pick"]
            per = 2
            for i in range(0, len(cards), per):
                rows.append([(card_key_label(m.a), lambda m=m: b.choose_card(m), False, True)
                             for m in cards[i:i + per]])
            return rows
        if st.phase == Phase.ACTIVATE:
            for m in legal:
                u = st.units[m.a]
                # the line above says "activate a unit": the button names the unit alone, so
                # "A2 Musketeers (6)" fits the column of an 800x600 window
                rows.append([(f"{u.id} {u.name} ({u.models})", lambda m=m: sub(m), False, True)])
        return rows

    def _action_rows(self, legal: list[Move]) -> list[Row]:
        b = self.board
        sub = b.host.submit
        rows: list[Row] = []
        targets = sorted({m.target if m.kind == "fire" else m.a for m in legal if m.kind in ("fire", "shoot")})
        aims = [(f"Aim {x}", (lambda x=x: b.set_target(x)), False, True) for x in targets]
        for i in range(0, min(len(aims), 6), 3):                # aiming without the map
            rows.append(self._with_more(aims, i, 3, 6))
        kinds = {m.kind for m in legal}
        reload = b.best_reload(legal)
        if reload is not None:
            rows.append([(f"Reload {'+'.join(reload.guns)} (R)", lambda: sub(reload), False, True)])
        for m in [m for m in legal if m.kind == "dreload"][:2]:
            rows.append([(f"Dedicated reload {m.a}", lambda m=m: sub(m), False, True)])
        for kind, word in (("assign", "Take over"), ("abandon", "Abandon")):
            opts = [m for m in legal if m.kind == kind]
            if opts:
                m = max(opts, key=lambda m: len(m.guns))
                rows.append([(f"{word} {'+'.join(m.guns)}", lambda m=m: b.confirm(m), False, True)])
        spikes = [(f"Spike {m.a}", lambda m=m: b.confirm(m), False, True) for m in legal if m.kind == "spike"]
        if spikes:
            rows.append(self._with_more(spikes, 0, 3, 3))
        row: Row = []
        if "rally" in kinds:
            row.append(("Rally", lambda: sub(next(m for m in legal if m.kind == "rally")), False, True))
        if "end" in kinds:
            row.append(("End (E)", b.end_activation, not row and len(kinds) == 1, True))
        if row:
            rows.append(row)
        return rows

    def _with_more(self, items: list, start: int, per: int, most: int) -> Row:
        """One row of ``items`` from ``start`` (``per`` a row, ``most`` in all). When there
        are more than ``most``, the last shown slot says how many more and opens the whole
        list (a play-test: a crew that could spike six guns was shown two buttons, and
        nothing said there were more)."""
        row = items[start:start + per]
        if len(items) > most and start + per >= most:
            row = row[:-1] + [(f"{len(items) - most + 1} more: All", self.toggle_all, False, True)]
        return row

    def _fire_rows(self, st: ArtilleryState, legal: list[Move]) -> list[Row]:
        b = self.board
        rows: list[Row] = []
        aim = b.aim
        guns = aim.fire_options(legal)
        if guns:
            per = 3
            for i in range(0, len(guns), per):
                rows.append([((f"[x] {g}" if g in aim.fire_guns else f"[ ] {g}"), (lambda g=g: aim.toggle_gun(g)),
                               False, True) for g in guns[i:i + per]])
            ammos = aim.ammo_options(legal)
            if len(ammos) > 1:
                rows.append([(a.capitalize(), (lambda a=a: aim.set_ammo(a)), a == aim.ammo, True) for a in ammos])
            sec = st.unit_section(st.units[aim.target]) if aim.target in st.units else None
            if sec is not None and "round" not in ammos and any(
                    m.kind == "fire" and m.target == sec and m.ammo == "round" for m in legal):
                # roundshot at men inside a house is aimed at the house (a play-test saw
                # Round vanish from the choice with no word why)
                rows.append([(f"Roundshot: aim at {sec}", (lambda: b.set_target(sec)), False, True)])
        move = aim.fire_move(legal)
        rows.append([("Fire! (F)" if aim.fire_guns else "Shoot! (F)", b.fire, True, move is not None)])
        if aim.shoot_move(legal) is not None and guns:
            rows.append([("Small arms instead", lambda: b.host.submit(aim.shoot_move(legal)), False, True)])
        rows.append([("Cancel (Esc)", b.clear_selection, False, True)])
        return rows

    def _all_rows(self, st: ArtilleryState, fit: int) -> list[Row]:
        legal = st.legal_moves()
        fit = max(2, fit)
        per = max(1, fit - 1)
        pages = max(1, -(-len(legal) // per))
        self.page = min(self.page, pages - 1)
        shown = legal[self.page * per:(self.page + 1) * per]
        rows: list[Row] = [[(str(m), (lambda m=m: self.board.host.submit(m)), False, True)] for m in shown]
        rows.append([("<", lambda: self._turn(-1), False, self.page > 0),
                     (f"{self.page + 1}/{pages}", self.toggle_all, False, True),
                     (">", lambda: self._turn(1), False, self.page < pages - 1)])
        return rows

    def _turn(self, d: int) -> None:
        self.page = max(0, self.page + d)
        self._key = None

    def handle_event(self, event: pygame.event.Event, st: ArtilleryState, can: bool) -> bool:
        if self.strip:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
                self.board.toggle_column()
                return True
            return False
        self.refresh(st, can)
        for btn in [*self.buttons, self.grid_btn] + ([self.all_btn] if can else []):
            if btn.handle_event(event):
                return True
        return False

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, st: ArtilleryState, can: bool) -> None:
        b = self.board
        t, c = b.theme, b.theme.c
        if self.strip:
            self._draw_strip(surface)
            return
        if self.rect.w < 40 or self.rect.h < 60:
            return
        self.refresh(st, can)
        draw_panel(surface, self.rect, t, color=c["bg2"])
        x, w = self.rect.x + t.px(8), self.rect.w - t.px(16)
        f = t.small_font()
        lh = f.get_linesize()
        self._draw_header(surface, st, x, w)
        y = self._body_y()
        for line in self._lines(st, can)[:2]:
            draw_text(surface, fit_text(line, f, w), f, c["accent"], (x, y))
            y += lh
        for btn in self.buttons:
            btn.draw(surface, t)
        hinted = self.hinted_button()
        if hinted is not None and can:
            pygame.draw.rect(surface, c["hint"], hinted.rect.inflate(t.px(4), t.px(4)), max(2, t.px(2.5)),
                             border_radius=t.px(9))
        y = (self.buttons[-1].rect.bottom + t.px(6)) if self.buttons else y + t.px(4)
        bottom = self.grid_btn.rect.y - t.px(4)
        if b.tray is not None:
            bottom = b.tray_rect(b.tray).y - t.px(4)
        if b.aim.target is not None and can and not self.show_all:
            for line in b.preview_lines():
                for part in wrap_text(line, f, w):
                    if y + lh > bottom:
                        break
                    draw_text(surface, part, f, c["text"], (x, y))
                    y += lh
        else:
            self.text_lines = self.info_lines(st, can)
            events = [(line, c["text_dim"]) for line in b.caption_lines()]
            self._draw_lines(surface, x, y, w, bottom, self.text_lines, events)
        if getattr(b, "interactive", True):      # an exported picture has nobody to press it
            self.grid_btn.label = "Grid on" if b.grid else "Grid"
            self.grid_btn.draw(surface, t)
        if can:
            self.all_btn.label = "Back" if self.show_all else "All moves"
            self.all_btn.draw(surface, t)

    def hinted_button(self) -> Button | None:
        """The button that plays the suggested move (a card, a unit to activate, a casualty)."""
        m = self.board.hint
        kind = getattr(m, "kind", "")
        for btn in self.buttons:
            if kind == "pick" and btn.label == card_key_label(m.a):
                return btn
            if kind == "activate" and btn.label.startswith(f"{m.a} "):
                return btn
            if kind == "reload" and btn.label.startswith(f"Reload {'+'.join(m.guns)} "):
                return btn
            if kind == "casualty" and (btn.label == "A man takes the hit" if m.a == "man"
                                       else btn.label == f"Gun {m.a} takes the hit"):
                return btn
        return None

    def info_lines(self, st: ArtilleryState, can: bool) -> list[tuple[str, Colour]]:
        """What the column says under its buttons before the latest events: the hint in
        words, what the active unit can do (its numbers, every gun and why it can or
        can't fire), on choosing a card the actions each card gives each unit, and
        after the reveal the actions the card shown gives each unit."""
        b = self.board
        c = b.theme.c
        out: list[tuple[str, Colour]] = []
        if b.hint is not None and can:
            out.append(("Hint: " + texts.hint_words(st, b.hint), c["hint"]))
        if b.move_hint:
            out.append((b.move_hint, c["text"]))
        if not can or self.show_all:
            return out
        if st.phase == Phase.ACT and st.act is not None and st.decision is None:
            u = st.units[st.act.unit]
            # each gun's state first (loaded, or how many reloads it still needs), the unit's
            # fixed numbers after it: a column short of room drops those (its tooltip has
            # them), never the guns (a play-test at 1280x720 lost G2's line to "...")
            guns = texts.gun_lines(st, st.guns_of(u.id))
            fixed = [line for line in texts.unit_lines(st, u)[2:] if line not in guns]
            out += [(line, c["text"]) for line in guns + fixed]
        elif st.phase == Phase.PICK and st.picking:
            seat = st.picking[0]
            hand = [card for card in st.hands[seat] if card != "??"]
            if hand:
                out.append(("Actions each card gives:", c["accent"]))
                out += [(line, c["text"]) for line in texts.card_actions(st, seat, hand)]
        elif st.phase == Phase.ACTIVATE and st.order:
            seat = st.order[0]
            card = st.shown[seat]
            if card:
                out.append((f"Actions with {card}:", c["accent"]))
                out += [(f"{u.id} {u.name}: {st.actions_for(u, card)}", c["text"])
                        for u in st.live_units(seat) if u.id not in st.activated]
        return out

    def _draw_lines(self, surface: pygame.Surface, x: int, y: int, w: int, bottom: int,
                    info: list[tuple[str, Colour]], events: list[tuple[str, Colour]]) -> None:
        """The info lines from the top; then the latest events, the newest last (as in
        the move log), dropping the oldest when there is no room."""
        t = self.board.theme
        f = t.small_font()
        lh = f.get_linesize()
        rows = [(part, col) for line, col in info for part in wrap_text(line, f, w)]
        room = max(0, (bottom - y) // lh)
        if len(rows) > room:            # cut short: say so, never stop as if that were all
            rows = rows[:room]
            if rows:
                rows[-1] = (fit_text(rows[-1][0] + " ...", f, w), rows[-1][1])
        for part, col in rows:
            draw_text(surface, part, f, col, (x, y))
            y += lh
        if len(rows) < sum(len(wrap_text(line, f, w)) for line, _c in info):
            return
        y += t.px(4) if info else 0
        room = max(0, (bottom - y) // lh)
        # whole events only, newest kept: an event's tail at the top read as a sentence
        # of its own ("6H: South activates first")
        shown: list[list[tuple[str, Colour]]] = []
        for line, col in reversed(events):
            parts = [(part, col) for part in wrap_text(line, f, w)]
            if sum(map(len, shown)) + len(parts) > room:
                break
            shown.insert(0, parts)
        for part, col in (row for ev_rows in shown for row in ev_rows):
            draw_text(surface, part, f, col, (x, y))
            y += lh

    def _draw_strip(self, surface: pygame.Surface) -> None:
        """The column folded away: a strip that says what it is and opens it on a click."""
        t, c = self.board.theme, self.board.theme.c
        if self.rect.w < 6 or self.rect.h < 20:
            return
        draw_panel(surface, self.rect, t, color=c["bg2"])
        if not getattr(self.board, "interactive", True):
            return
        f = t.small_font()
        room = self.rect.h - t.px(20)
        words = next((w for w in ("Column (C): cards, actions, the shot", "Column (C)") if f.size(w)[0] <= room), "")
        if words:
            img = pygame.transform.rotate(f.render(words, True, c["text_dim"]), 90)
            r = img.get_rect(midbottom=(self.rect.centerx, self.rect.bottom - t.px(10)))
            if r.w <= self.rect.w:
                surface.blit(img, r)

    def _draw_header(self, surface: pygame.Surface, st: ArtilleryState, x: int, w: int) -> None:
        """The round; each side's cards in hand, card played (by shape and name) and, in the
        field battle, its points; then where the scenario's victory stands."""
        t, c = self.board.theme, self.board.theme.c
        big, f = t.heading_font(), t.small_font()
        lh = f.get_linesize()
        y = self.rect.y + self.top + t.px(6)
        draw_text(surface, fit_text(f"Round {st.round} of {st.scenario.rounds}", big, w), big, c["text"], (x, y))
        y += big.get_linesize()
        names = self.board.host.names()
        for s in (0, 1):
            r = max(3, lh // 3)
            fill, edge, _m = side_cols(t, s)
            seat_shape(surface, s, (x + r + 1, y + lh // 2), r, fill, edge, 1)
            card = st.shown[s] if st.phase in (Phase.ACTIVATE, Phase.ACT, Phase.ROLLOFF) else None
            hand = len(st.hands[s])
            pts = f"{st.score[s]} pts, " if st.scenario.victory == "hold" else ""
            line = f"{names[s]}: {pts}{hand} card{'s' if hand != 1 else ''}"
            room = w - 2 * r - 6
            if card:
                # a narrow column keeps the card itself rather than the word "played"
                whole = f"{line}, played {card}"
                line = whole if f.size(whole)[0] <= room else f"{line}, {card}"
            draw_text(surface, fit_text(line, f, room), f, c["text"], (x + 2 * r + 6, y))
            y += lh
        for line in self._standing_lines(st, names, f, w):
            draw_text(surface, fit_text(line, f, w), f, c["text_dim"], (x, y))
            y += lh

    @staticmethod
    def _standing_lines(st: ArtilleryState, names, font: pygame.font.Font, w: int) -> list[str]:
        """The victory's two lines, as the header's two rows. A first line too long for
        the column (who holds which building, at 800x600) takes both rows, whole, rather
        than lose its end ("North H2 ..."): the second (when scoring starts, what a
        building is worth) is the rules' and stays on the Rules page."""
        first, second = standing(st, names)
        if font.size(first)[0] <= w:
            return [first, second]
        rows = wrap_text(first, font, w)
        return rows if len(rows) <= 2 else [first, second]

    def _lines(self, st: ArtilleryState, can: bool) -> list[str]:
        b = self.board
        if b.host.awaiting_performance():
            return ["Your test: throw the dice"]
        if not can:
            if st.is_over():
                return ["Game over"]
            # a finished lesson waits for nothing (a play-test read "Waiting..." under "Lesson done")
            return ["Lesson done"] if getattr(b.host, "lesson_done", lambda: False)() else ["Waiting..."]
        if self.show_all:
            return ["Every legal move:"]
        if st.decision is not None:
            return [f"A cannon hit {st.decision['unit']}:", "a man or a gun takes it?"]
        if st.phase == Phase.PICK:
            return ["Choose a card in secret", "(Spades first, then rank)"]
        if st.phase == Phase.ACTIVATE:
            return [f"You play {st.shown[st.order[0]]}:", "activate a unit (or click it)"]
        if st.act is not None:
            a = st.act
            u = st.units[a.unit]
            left = a.actions - a.used
            # the Fatigue on the second row: on the first it was cut at 800x600 ("Fatig...")
            fat = f", Fatigue {u.fatigue}" if u.fatigue else ""
            head = f"{u.id} {u.name}: {u.models} models"
            if b.aim.target is not None:
                return [head, f"Target: {b.aim.target}{fat}"]
            return [head, f"{left} of {a.actions} action{'s' if a.actions != 1 else ''} left{fat}"]
        return [""]
