"""The Cannon Ball control column beside the battlefield: the Fort Commander
spinner, the moves left, each side's forces, and the buttons for the choice that
opens a turn (a move turn, a gate, a gamble with Odd or Even) or that ends one.

The buttons are built from the legal moves the rules list, so the panel never
offers what the rules would refuse. While the player at the screen chooses, the
choices take the whole column (there is nothing to spin yet, so the dial steps
aside): a gamble is a card that states its stake once ("TNT at bridge 3: right =
the bridge blows (1 in 2)") over two large buttons, Odd and Even. Every text is
laid out to fit (``text_boxes`` lists them, and a test measures them).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

import pygame

from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules.game import counted
from games.ui.spinner import Spinner
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, draw_panel

from . import drawing as D

if TYPE_CHECKING:
    from games.ui.board import Host
    from games.ui.theme import Theme

#: what a right call wins, per gamble ("{b}": the bridge's number, "{g}": the gate's name)
STAKES = {"tnt": "TNT at bridge {b}: right = the bridge blows",
          "rebuild": "Rebuild bridge {b}: right = it stands again",
          "fire": "Fire at gate {g}: right = the fort falls"}
#: a call's chance: it is right on the odd (or the even) numbers of the Fort Commander
ODDS = f"1 in {round(len(R.SPIN_VALUES) / sum(v % 2 for v in R.SPIN_VALUES))}"


def choice_groups(state) -> list[tuple[str, str, list]]:
    """The opening choices in the order shown, as (kind, text, moves): a move turn, each
    gamble (text: its stake, moves: its Odd and Even) and each gate turn."""
    rows: dict = {}
    for m in state.legal_moves():
        if isinstance(m, R.Choice):
            rows.setdefault((m.kind, m.target), []).append(m)
    # a gate keeps its row whether it is open or closed (its button does not jump after a gate turn)
    order = {"tnt": 0, "move": 1, "fire": 2, "rebuild": 3, "close": 4, "open": 4}
    out = []
    for kind, target in sorted(rows, key=lambda k: (order.get(k[0], 9), k[1])):
        moves = sorted(rows[kind, target], key=lambda m: m.call != "odd")
        if kind == "move":
            out.append(("move", "Move turn", moves))
        elif kind in ("open", "close"):
            out.append(("gate", f"{kind.capitalize()} gate {M.GATES[target].id}", moves))
        else:
            out.append(("gamble", stake_text(state, moves[0]), moves))
    return out


def stake_phrases(state, choice) -> list[str]:
    """A gamble's stake in the phrases a line should keep whole: what it is about, what a
    right call does, its chance ("TNT at bridge 3:", "right = the bridge blows", "(1 in 2)")."""
    about, _sep, payoff = stake_text(state, choice).rpartition(f" ({ODDS})")[0].partition(": ")
    return [about + ":", payoff, f"({ODDS})"]


def wrap_phrases(phrases: list[str], font, width: int) -> list[str]:
    """Lines of whole phrases where they fit, a phrase wrapped by words only when it is
    wider than a line on its own."""
    lines: list[str] = []
    for ph in phrases:
        if lines and font.size(lines[-1] + " " + ph)[0] <= width:
            lines[-1] += " " + ph
        elif font.size(ph)[0] <= width:
            lines.append(ph)
        else:
            lines += wrap_text(ph, font, width)
    return lines


def stake_text(state, choice) -> str:
    """What a gamble is about and what a right call does, with its chance."""
    if choice.kind == "tnt":
        box = state.tnt[state.to_move]
        b = M.BRIDGES[R.BRIDGE_END[box]].number if box >= 0 else "?"
    else:
        b = M.BRIDGES[choice.target].number if choice.kind == "rebuild" else "?"
    g = M.GATES[choice.target].id if choice.kind == "fire" else "?"
    stake = STAKES[choice.kind].format(b=b, g=g)
    if choice.kind == "tnt":
        s = R.own_cannon_by_tnt(state, state.to_move)
        if s >= 0:                       # said before the call (a play-test lost its cannon unwarned)
            stake += f" and takes your cannon in section {M.SECTIONS[s].number}"
    return stake + f" ({ODDS})"


class ChoiceButton(Button):
    """A button of the column that plays one choice of turn, ``move`` (a click: ``choose(move)``)."""

    def __init__(self, label: str, move: R.Choice, choose: Callable[[R.Choice], None], sound: Any = None,
                 primary: bool = False):
        super().__init__(label, lambda: choose(move), sound=sound, primary=primary)
        self.move = move


class CallButton(ChoiceButton):
    """Odd or Even: the label written large."""

    def draw(self, surface, theme) -> None:
        label, self.label = self.label, ""
        super().draw(surface, theme)
        self.label = label
        fg = theme.c["accent_text"] if self.primary else theme.c["text"]
        draw_text(surface, label, theme.heading_font(), fg, self.rect.center, "center")


class Block:
    """One choice in the column: lines of text over a row of buttons (a gamble's card)."""

    def __init__(self, kind: str, lines: list[str], buttons: Sequence[ChoiceButton], rect: pygame.Rect):
        self.kind = kind
        self.lines = lines
        self.buttons = buttons
        self.rect = rect
        self.inset = 0          # the card's margin round its text and buttons


class PanelOwner(Protocol):
    """What the column uses of its board (:class:`~.scene.CannonBallBoard` is one): the
    frame, the dial drawn in it, the theme, what its buttons do, and the hint to mark."""
    host: Host
    spinner: Spinner

    @property
    def theme(self) -> Theme: ...

    def choose(self, move: R.Choice) -> None: ...

    def end_turn(self) -> None: ...

    def live_hint(self) -> Any: ...


class Panel:
    """Layout and drawing of the column; the board owns it and routes its clicks."""

    def __init__(self, board: PanelOwner):
        self.board = board
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.spinner_center = (0, 0)
        self.spinner_r = 10
        self.blocks: list[Block] = []
        self.title: list[str] = []          # the lines over the choices
        self.counts_y = 0                   # where the sides' counts start while choosing
        self._key: tuple[Any, ...] | None = None     # what the choices were built for
        self.end_btn = Button("End turn", board.end_turn, "E", primary=True, sound=board.host.sound)
        self.perform_rect = pygame.Rect(0, 0, 1, 1)

    @property
    def buttons(self) -> list[ChoiceButton]:
        return [b for blk in self.blocks for b in blk.buttons]

    def layout(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        t = self.board.theme
        pad = t.px(10)
        r = max(8, min(self.rect.w // 2 - pad, int(self.rect.h * 0.2)))
        self.spinner_r = r
        self.spinner_center = (self.rect.centerx, self.rect.y + pad + r)
        bw, bh = min(self.rect.w - 2 * pad, t.px(170)), t.px(42)
        self.perform_rect = pygame.Rect(self.rect.centerx - bw // 2, self.spinner_center[1] + r + t.px(30), bw, bh)
        self.end_btn.rect = pygame.Rect(self.rect.x + pad, self.rect.bottom - pad - bh, self.rect.w - 2 * pad, bh)
        self._key = None

    @property
    def body_top(self) -> int:
        t = self.board.theme
        return self.perform_rect.bottom + t.px(8)

    @property
    def choosing(self) -> bool:
        """The choices are up (and the dial has stepped aside for them)."""
        return bool(self.blocks)

    # -- the choices ------------------------------------------------------------------------
    def refresh(self, state, can_act: bool) -> None:
        """Rebuild the choice buttons when the position or who may act changes."""
        key = (self.board.host.ply, can_act, tuple(self.rect), self.board.host.viewer, state.phase)
        if key == self._key:
            return
        self._key = key
        self.blocks, self.title = [], []
        if not can_act or state.phase != Phase.CHOOSE:
            return
        t = self.board.theme
        need = 4 * t.small_font().get_linesize() + t.px(10)     # the sides' counts, two lines each
        for tight in (False, True):
            self._lay_out_choices(state, tight)
            if self.counts_y + need <= self.rect.bottom:
                break

    def _lay_out_choices(self, state, tight: bool) -> None:
        """The choices from the top of the column down; ``tight``: lower buttons, for a
        turn with many gambles in a small window."""
        t = self.board.theme
        pad, gap = t.px(10), t.px(4 if tight else 6)
        f = t.small_font()
        lh = f.get_linesize()
        x, w = self.rect.x + pad, self.rect.w - 2 * pad
        forced = state.tnt[state.to_move] >= 0
        self.title = wrap_text("Your TNT must be shot this turn:" if forced else "Choose this turn:", f, w)
        y = self.rect.y + pad + len(self.title) * lh + t.px(4)
        snd = self.board.host.sound
        gates_said = False
        self.blocks = []
        for kind, text, moves in choice_groups(state):
            if kind == "gamble":
                blk, y = self._gamble(stake_phrases(state, moves[0]), moves, x, y, w, forced, tight)
            else:
                lines = []
                if kind == "gate" and not gates_said:
                    lines, gates_said = wrap_text("Gate turn (no spin):", f, w), True
                bh = t.px(30 if tight else 36)
                top = y
                # the words over a button keep clear of its focus ring (a play-test at 800x600:
                # the ring of "Open gate SW" covered "Gate turn (no spin):")
                y += len(lines) * lh + (t.px(6) if lines else 0)
                b = ChoiceButton(text, moves[0], self.board.choose, sound=snd, primary=kind == "move")
                b.rect = pygame.Rect(x, y, w, bh)
                y += bh
                blk = Block(kind, lines, [b], pygame.Rect(x, top, w, y - top))
            self.blocks.append(blk)
            y += gap
        self.counts_y = y + t.px(4)

    def _gamble(self, phrases, moves, x, y, w, forced, tight=False) -> tuple[Block, int]:
        """A gamble's card: its stake, then Odd and Even side by side, large."""
        t = self.board.theme
        f = t.small_font()
        inset, gap = t.px(4 if tight else 6), t.px(6)
        lines = wrap_phrases(phrases, f, w - 2 * inset)
        top = y
        y += inset + len(lines) * f.get_linesize() + t.px(2 if tight else 4)
        bh = t.px(36 if tight else 44)
        half = (w - 2 * inset - gap) // 2
        buttons: list[CallButton] = []
        for i, m in enumerate(moves):
            b = CallButton(m.call.capitalize(), m, self.board.choose, sound=self.board.host.sound, primary=forced)
            b.rect = pygame.Rect(x + inset + i * (half + gap), y, half, bh)
            buttons.append(b)
        y += bh + inset
        blk = Block("gamble", lines, buttons, pygame.Rect(x, top, w, y - top))
        blk.inset = inset
        return blk, y

    def text_boxes(self) -> list[tuple[str, pygame.font.Font, pygame.Rect]]:
        """Every text of the choices with its font and the room it has (tests measure them)."""
        t = self.board.theme
        f = t.small_font()
        out = []
        for blk in self.blocks:
            inset = blk.inset
            room = pygame.Rect(blk.rect.x + inset, blk.rect.y, blk.rect.w - 2 * inset, blk.rect.h)
            out += [(line, f, room) for line in blk.lines]
            for b in blk.buttons:
                font = t.heading_font() if isinstance(b, CallButton) else t.body_font()
                out.append((b.label, font, b.rect.inflate(-t.px(10), 0)))
        return out

    def handle_event(self, event, state, can_act) -> bool:
        self.refresh(state, can_act)
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if can_act and state.phase == Phase.MOVING and self.end_btn.handle_event(event):
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface, state, can_act: bool, caption: str) -> None:
        t, c = self.board.theme, self.board.theme.c
        if self.rect.w < 20 or self.rect.h < 40:
            return
        self.refresh(state, can_act)
        draw_panel(surface, self.rect, t, color=c["bg2"])
        if self.choosing:
            self._draw_choices(surface)
            self._draw_counts(surface, state, self.counts_y, compact=True)
            self._draw_hint(surface)
            return
        self.board.spinner.draw(surface, self.spinner_center, self.spinner_r, t)
        y = self.spinner_center[1] + self.spinner_r + t.px(4)
        if caption:
            # under the dial: one line over the Spin! button, else up to three above the counts
            f = t.body_font()
            lines = wrap_text(caption, f, self.rect.w - t.px(12))
            room = 1 if self.board.host.awaiting_performance() else max(1, (self.body_top - y) // f.get_linesize())
            if len(lines) > room:
                lines = [fit_text(caption, f, self.rect.w - t.px(12))]
            for line in lines:
                draw_text(surface, line, f, c["accent"], (self.rect.centerx, y), "midtop")
                y += f.get_linesize()
        y = self.body_top
        big = t.heading_font()
        if state.phase == Phase.MOVING:
            draw_text(surface, fit_text(moves_label(state), big, self.rect.w - t.px(20)), big, c["text"],
                      (self.rect.x + t.px(10), y))
            y += big.get_linesize()
        y = self._draw_counts(surface, state, y, compact=False)
        if can_act and state.phase == Phase.MOVING:
            self._draw_ending(surface, state, y)
            self.end_btn.draw(surface, t)
            self._draw_hint(surface)

    def _draw_choices(self, surface) -> None:
        t, c = self.board.theme, self.board.theme.c
        f = t.small_font()
        lh = f.get_linesize()
        x = self.rect.x + t.px(10)
        y = self.rect.y + t.px(10)
        for line in self.title:
            draw_text(surface, line, f, c["accent"], (x, y))
            y += lh
        for blk in self.blocks:
            inset = blk.inset
            if blk.kind == "gamble":
                draw_panel(surface, blk.rect, t, color=c["panel"], radius=8)
            ly = blk.rect.y + inset
            for line in blk.lines:
                draw_text(surface, line, f, c["text"] if blk.kind == "gamble" else c["text_dim"],
                          (blk.rect.x + inset, ly))
                ly += lh
            for b in blk.buttons:
                b.draw(surface, t)

    def hinted_button(self, move) -> Button | None:
        """The button that plays ``move`` (a hint) now, if it is in the column."""
        if isinstance(move, R.End):
            return self.end_btn
        for blk in self.blocks:
            for b in blk.buttons:
                if getattr(b, "move", None) == move:
                    return b
        return None

    def _draw_hint(self, surface) -> None:
        t = self.board.theme
        b = self.hinted_button(self.board.live_hint())
        if b is not None:
            pygame.draw.rect(surface, t.c["hint"], b.rect.inflate(t.px(8), t.px(8)), max(2, t.px(3)),
                             border_radius=t.px(10))

    def _draw_counts(self, surface, state, y, compact: bool) -> int:
        """Each side's men, cannons and TNT cases: three lines a side, or two when the
        choices need the room and the shorter line fits."""
        t, c = self.board.theme, self.board.theme.c
        x = self.rect.x + t.px(10)
        w = self.rect.w - t.px(20)
        f = t.small_font()
        lh = f.get_linesize()
        names = self.board.host.names()
        r = max(3, lh // 2 - 2)
        tx = x + 2 * r + t.px(8)
        room = x + w - tx
        if compact and self.rect.bottom - t.px(10) - y >= 6 * lh:
            compact = False                       # room enough for the full counts
        for p in (0, 1):
            D.draw_trooper(surface, (x + r + 2, y + lh // 2), r * 2.2, t, p)
            lines = count_lines(state, p, names, compact)
            if any(f.size(line)[0] > room for line in lines[1:]):
                lines = count_lines(state, p, names, False)
            for i, line in enumerate(lines):
                draw_text(surface, fit_text(line, f, room), f, c["text"] if i == 0 else c["text_dim"], (tx, y))
                y += lh
        return y

    def _draw_ending(self, surface, state, y) -> None:
        """Over the End turn button: what ending now would lose (men, or moves)."""
        t, c = self.board.theme, self.board.theme.c
        f = t.small_font()
        lh = f.get_linesize()
        x, w = self.rect.x + t.px(10), self.rect.w - t.px(20)
        warn = R.end_turn_warning(state, self.board.host.names())
        if warn:
            lines, col = wrap_text("Ending now: " + warn, f, w), c["danger"]
        elif state.moves_left() and not state.each:
            lines, col = wrap_text(f"Ending now loses {counted(state.moves_left(), 'move')}", f, w), c["text_dim"]
        else:
            lines, col = [], c["text_dim"]
        room = max(0, (self.end_btn.rect.y - t.px(6) - y) // lh)
        lines = lines[:room]
        y = self.end_btn.rect.y - t.px(6) - len(lines) * lh
        for line in lines:
            draw_text(surface, line, f, col, (x, y))
            y += lh
        self.end_btn.danger = bool(warn)
        self.end_btn.primary = not warn


def moves_label(state) -> str:
    """The column's heading in a move turn: the same count as the banner's."""
    n = state.moves_left()
    return f"{counted(n, 'move')} each" if state.each else f"{counted(n, 'move')} left"


def count_lines(state, p: int, names, compact: bool) -> list[str]:
    """A side's forces in words: "South", "11 men, 1 cannon", "5 TNT cases left"."""
    who = f"{names[p]} ({M.SEATS[p]})" if names[p] != M.SEATS[p] else names[p]
    forces = f"{counted(state.men_count(p), 'man', 'men')}, {counted(state.cannon_count(p), 'cannon')}"
    tnt = f"{counted(state.tnt_left[p], 'TNT case')} left"
    if compact:
        return [who, f"{forces}, {state.tnt_left[p]} TNT"]
    return [who, forces, tnt]
