"""The board contract: what a game brings to the shared game frame.

A game's ``scene.py`` defines one :class:`Board` subclass. The frame
(``games.ui.game_screen.GameScreen``) owns everything else: the match, the AI
thread, undo, saves, hand-overs, the banner, the move log and the game-over card.
A board draws the position and turns input into moves, and it may ask the frame
only what the :class:`Host` protocol lists, so no board reaches into the app.

The rules decide; the board asks them. It never applies a move itself: it calls
``host.submit(move)`` and is told of every applied move (a player's, an AI's or a
chance outcome) through :meth:`Board.on_move` with a true before and after.

A board is handed views: everything it is given (``host.visible_state()``, the
before and after of :meth:`Board.on_move`, the state :meth:`Board.performance` is
asked about, the move log's positions) is, in a hidden-information game, what its
viewer (or the public) may see, never the full state; after the end the review
shows everything (``review_view``).

:class:`GenericBoard` needs nothing from the game but its rules: it shows the
state as text and the legal moves as buttons, so a new game is playable (and
testable through the real frame) as soon as its ``rules.py`` exists.
"""
from __future__ import annotations

import importlib
import json
import logging
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Protocol, Sequence

import pygame

from games.core.game import CHANCE
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.timeline import Timeline
from games.ui import nav
from games.ui.widgets import Button, draw_focus_ring, draw_panel

if TYPE_CHECKING:
    from games.core.game import GameState
    from games.core.match import LogEntry, Seat
    from games.core.settings import Settings
    from games.ui.sound import SoundBoard
    from games.ui.theme import Theme

log = logging.getLogger(__name__)


class Host(Protocol):
    """What a board may ask of the frame, and nothing more."""

    @property
    def theme(self) -> "Theme": ...

    @property
    def sound(self) -> "SoundBoard": ...

    @property
    def settings(self) -> "Settings": ...

    #: whose secrets may be drawn (hidden information); None = public only
    viewer: int | None

    @property
    def seats(self) -> "Sequence[Seat]": ...

    @property
    def options(self) -> dict: ...

    @property
    def ply(self) -> int: ...

    def names(self) -> list[str]: ...

    def visible_state(self) -> "GameState":
        """The state as the viewer may see it (the full state in a perfect-information game)."""

    def submit(self, move) -> bool:
        """Play a human's move; False (and a message) if it was refused."""

    def say(self, text: str, bad: bool = False, seconds: float = 4.0) -> None:
        """A line under the banner for the player at the screen."""

    def can_act(self) -> bool:
        """The human at the screen may make the pending decision now."""

    def awaiting_performance(self) -> str | None:
        """The label ("Spin!", "Roll!") while a chance event waits for its player to perform it."""

    def perform(self) -> None:
        """The player performed the pending chance event (clicked Spin!, flicked the spinner)."""

    def ask(self, title: str, text: str, on_yes, yes: str = "Yes") -> None:
        """A yes/no question before something that cannot be taken back (Cancel is the default)."""


class Board(ABC):
    """Base class of every game's board. Subclasses implement ``draw`` and
    ``handle_event``; everything else has a sensible default."""

    def __init__(self, host: Host):
        self.host = host
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.hint: Any = None
        self.timeline = Timeline(self._speed)
        #: a lesson's marks (``show_targets``): the things it points at, in the game's own
        #: keys (a point, a unit's id, a space), drawn ringed by the board
        self.targets: tuple = ()
        #: while a lesson wants one thing done: the board may refuse to pick up anything
        #: it does not mark (the frame refuses any other move either way)
        self.restrict = False

    # -- the frame calls these ---------------------------------------------------------
    def layout(self, rect) -> None:
        """The board's area changed (window resized, panels moved)."""
        self.rect = pygame.Rect(rect)

    @abstractmethod
    def draw(self, surface) -> None:
        """Draw the position (from ``host.visible_state()``) and any running animation.
        Drawing never changes the game or the board's state."""

    @abstractmethod
    def handle_event(self, event) -> bool:
        """A mouse or key event over the board; True when the board used it."""

    def update(self, dt: float) -> None:
        self.timeline.update(dt)

    @property
    def busy(self) -> bool:
        """An animation that holds the game up is running (the AI, the next chance
        outcome and the game-over card wait for it)."""
        return self.timeline.busy

    @property
    def animating(self) -> bool:
        """Anything at all is moving (background effects included): the frame keeps drawing."""
        return not self.timeline.idle

    def on_move(self, entry: "LogEntry", before: "GameState", after: "GameState") -> None:  # noqa: B027 - default: no animation
        """A move was applied. Queue its animation on ``self.timeline``, planned from
        ``entry.events`` (what the move did, typed, in order: ``games.core.events``), never
        from the entry's text or move. ``before``/``after`` are the positions as the viewer
        (``host.viewer``) may see them, for drawing: the states of a perfect-information
        game, the viewer's views (or the public views) of a hidden-information one, never
        its full states."""

    def reset(self) -> None:
        """The position jumped (undo, redo, load, a new viewer): no animation, fresh picture."""
        self.timeline.clear()
        self.forget_private()

    def forget_private(self) -> None:
        """Drop everything that belongs to the seat at the screen: selections, hover and
        drag state, hint marks, open pop-ups, half-made choices. The frame calls it
        before every hand-over, so nothing of one seat's interface reaches the next."""
        self.hint = None

    #: what a board's ``mouse`` holds when the pointer is nowhere over it (boards that
    #: keep the mouse as a position use (-1, -1); one that keeps None says so)
    NO_POINTER: Any = (-1, -1)

    def rest_pointer(self) -> None:
        """Hover shows nothing until the mouse moves again: a new lesson card names a
        piece, and the tooltip of the point the pointer was left on covered it (a
        play-test of Learn Cannon, step 10). Boards without a hover do nothing."""
        if hasattr(self, "mouse"):
            self.mouse = self.NO_POINTER

    def skip(self) -> None:
        """Jump to the end of the running animation (a click, Space or Esc)."""
        self.timeline.skip()

    def show_hint(self, move) -> None:
        """Draw ``move`` on the board (a hint, or the move a lesson asks for); None clears."""
        self.hint = move

    def show_targets(self, targets, restrict: bool = False) -> None:
        """A lesson's marks: ring ``targets`` (the game's keys, as its lesson names them)
        until told otherwise; () clears. ``restrict``: only these may be picked up.
        Marks are not a seat's secret (a lesson has one player), so a reset keeps them."""
        self.targets = tuple(targets)
        self.restrict = bool(restrict and self.targets)

    def on_nav(self, action: str) -> bool:
        """A navigation action (``games.ui.nav``: "up", "down", "left", "right", "press",
        "back") from the keyboard or a game controller, while the board has the focus
        and the human at the screen may act. True when the board used it. A board moves
        and draws its own cursor; "back" lets go of a selection first (False when there
        is nothing to let go of: the frame then opens the pause menu). Default: unused."""
        return False

    def tab_controls(self) -> list:
        """The board's own buttons (a column's choices) that the frame's Tab runs through,
        first among its controls, while the human at the screen may act: the arrows reach
        them from the board, and a keyboard player tabs to them too. Default: none."""
        return []

    def help_text(self) -> str:
        """The banner's "what to do now" line while the human at the screen may act."""
        return ""

    def help_short(self) -> str:
        """A shorter form of ``help_text`` for a banner too narrow for it (an 800x600
        window), or "" when there is none and the line is cut with an ellipsis."""
        return ""

    def performance(self, state: "GameState") -> str | None:
        """At a chance node whose actor is a human: the label of the button that
        performs it ("Spin!", "Roll!"), or None to apply it at once. ``state`` is the
        public view of a hidden-information game (the state of a perfect-information
        one): whether a roll is performed is a fact of the table, not of a secret."""
        return None

    def perform_rect(self):
        """Where the frame's "Spin!"/"Roll!" button goes (a pygame.Rect), or None for
        the frame's own place (under the board, centred)."""
        return None

    @staticmethod  # noqa: B027 - a default that draws nothing
    def draw_rules_diagram(key: str, surface, rect, theme) -> None:
        """Pictures for the rules screen (none by default)."""

    @staticmethod
    def log_lines(entries, names, state_at) -> list[tuple[int, int, int, str]]:
        """The move log's lines, as (first entry, last entry, player, text). By default
        a line per entry: "Name: text", a chance outcome without a name. A game may fold
        the entries of one action into one line (a click on it reviews the position
        after its last entry; Left/Right still step one entry). ``state_at(i)`` is the
        position before entry ``i``: the full state of a perfect-information game, the
        public view of a hidden-information one (the log is everyone's)."""
        return [(i, i, e.player, e.public if e.player == CHANCE else f"{names[e.player]}: {e.public}")
                for i, e in enumerate(entries)]

    # -- helpers for subclasses -----------------------------------------------------------
    @property
    def theme(self) -> "Theme":
        return self.host.theme

    def sound(self, name: str) -> None:
        """Play an effect, unless an animation is being skipped (a skip is silent)."""
        if self.timeline.skipping:
            return
        self.host.sound.play(name)

    def _speed(self) -> float:
        return float(self.host.settings.anim_factor())


def board_class(info) -> type[Board]:
    """The game's Board subclass, named by ``info.board``; the generic board when it names none."""
    if not info.board:
        return GenericBoard
    mod, _, name = info.board.partition(":")
    return getattr(importlib.import_module(mod), name)


# -- the generic board ----------------------------------------------------------------------

def describe_state(state: "GameState", names: Sequence[str] | None = None) -> list[str]:
    """The position as lines of text: the banner line, then the state's snapshot."""
    lines = [state.status_text(list(names) if names else None)]
    try:
        snap = state.snapshot()
    except NotImplementedError:
        return lines
    for key, value in snap.items():
        lines.append(f"{key}: {json.dumps(value, default=str)}")
    return lines


class GenericBoard(Board):
    """The state as text and the legal moves as buttons (paged). Enough to play and
    test any game through the real frame before it has a board of its own."""

    PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN)

    def __init__(self, host: Host):
        super().__init__(host)
        self.page = 0
        self.buttons: list[Button] = []
        self._moves: list = []
        self._key: tuple[Any, ...] | None = None
        self.text_rect = pygame.Rect(0, 0, 1, 1)
        self.moves_rect = pygame.Rect(0, 0, 1, 1)
        self.prev_btn = Button("<", lambda: self._turn(-1), sound=host.sound)
        self.next_btn = Button(">", lambda: self._turn(1), sound=host.sound)
        self.nav_i: int | None = None    # the move button the keys' cursor is on (None: hidden)

    def layout(self, rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(12)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        top_h = max(0, min(inner.h // 2, t.px(260)))
        self.text_rect = pygame.Rect(inner.x, inner.y, inner.w, top_h)
        self.moves_rect = pygame.Rect(inner.x, self.text_rect.bottom + pad, inner.w,
                                      max(0, inner.bottom - self.text_rect.bottom - pad))
        self._key = None

    def forget_private(self) -> None:
        super().forget_private()
        self.page = 0
        self.nav_i = None

    def _per_page(self) -> tuple[int, int, int, int]:
        t = self.theme
        bh, gap = t.px(40), t.px(8)
        bw = t.px(170)
        area = self.moves_rect
        cols = max(1, (area.w + gap) // (bw + gap))
        rows = max(1, (area.h - bh - gap + gap) // (bh + gap))
        return cols, rows, bw, bh

    def _refresh(self) -> None:
        st = self.host.visible_state()
        can = self.host.can_act()
        key = (self.host.ply, self.host.viewer, can, self.page, tuple(self.rect))
        if key == self._key:
            return
        self._key = key
        moves = list(st.legal_moves()) if can else []
        cols, rows, bw, bh = self._per_page()
        per = cols * rows
        pages = max(1, -(-len(moves) // per))
        self.page = min(self.page, pages - 1)
        shown = moves[self.page * per:(self.page + 1) * per]
        t = self.theme
        gap = t.px(8)
        self._moves = shown
        self.buttons = []
        for i, m in enumerate(shown):
            r, c = divmod(i, cols)
            b = Button(str(m), (lambda m=m: self.host.submit(m)), sound=None)
            b.rect = pygame.Rect(self.moves_rect.x + c * (bw + gap), self.moves_rect.y + r * (bh + gap), bw, bh)
            self.buttons.append(b)
        nav_y = self.moves_rect.bottom - bh
        self.prev_btn.rect = pygame.Rect(self.moves_rect.x, nav_y, t.px(60), bh)
        self.next_btn.rect = pygame.Rect(self.moves_rect.x + t.px(68), nav_y, t.px(60), bh)
        self.prev_btn.enabled = self.page > 0
        self.next_btn.enabled = self.page < pages - 1
        self._pages = pages

    def _turn(self, d: int) -> None:
        self.page = max(0, self.page + d)
        self._key = None

    def button_for(self, move):
        """The button that plays ``move`` on the current page (tests click it)."""
        self._refresh()
        for m, b in zip(self._moves, self.buttons):
            if m == move:
                return b
        return None

    def handle_event(self, event) -> bool:
        self._refresh()
        if event.type == pygame.KEYDOWN and event.key in self.PAGE_KEYS:
            self._turn(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        for b in [*self.buttons, self.prev_btn, self.next_btn]:
            if b.handle_event(event):
                return True
        return False

    def on_nav(self, action: str) -> bool:
        """The keys' cursor over the move buttons: the first arrow shows it, arrows step
        through the grid (past a page's end onto the next page), press plays the move,
        back hides the cursor (unused when it is hidden: the frame opens its menu)."""
        if not self.host.can_act():
            return False
        self._refresh()
        if action == nav.BACK:
            if self.nav_i is None:
                return False
            self.nav_i = None
            return True
        if not self.buttons or action not in nav.ACTIONS:
            return False
        if self.nav_i is None:
            self.nav_i = 0
            return True
        if action == nav.PRESS:
            i = min(self.nav_i, len(self.buttons) - 1)
            self.nav_i = 0
            self.buttons[i].click()
            return True
        cols = self._per_page()[0]
        d = {nav.LEFT: -1, nav.RIGHT: 1, nav.UP: -cols, nav.DOWN: cols}[action]
        i = self.nav_i + d
        if i < 0 and self.page > 0:
            self._turn(-1)
            self._refresh()
            self.nav_i = len(self.buttons) - 1
        elif i >= len(self.buttons) and self.page < getattr(self, "_pages", 1) - 1:
            self._turn(1)
            self._refresh()
            self.nav_i = 0
        else:
            self.nav_i = min(len(self.buttons) - 1, max(0, i))
        return True

    def help_text(self) -> str:
        return "Click a move, or arrows and Enter (or type one): PageUp/PageDown for more"

    def draw(self, surface) -> None:
        self._refresh()
        t, c = self.theme, self.theme.c
        pygame.draw.rect(surface, c["table"], self.rect)
        if self.text_rect.w <= 0 or self.text_rect.h <= 0:
            return
        draw_panel(surface, self.text_rect, t, color=c["bg2"])
        f = t.small_font()
        y = self.text_rect.y + t.px(8)
        width = self.text_rect.w - t.px(16)
        for line in describe_state(self.host.visible_state(), self.host.names()):
            for part in wrap_text(line, f, max(1, width)):
                if y + f.get_linesize() > self.text_rect.bottom - t.px(4):
                    return self._draw_moves(surface)
                draw_text(surface, fit_text(part, f, max(1, width)), f, c["text"], (self.text_rect.x + t.px(8), y))
                y += f.get_linesize()
        self._draw_moves(surface)

    def _draw_moves(self, surface) -> None:
        t = self.theme
        for b in self.buttons:
            b.draw(surface, t)
        if self.nav_i is not None and self.buttons and self.host.can_act():
            draw_focus_ring(surface, t, self.buttons[min(self.nav_i, len(self.buttons) - 1)].rect)
        if getattr(self, "_pages", 1) > 1:
            self.prev_btn.draw(surface, t)
            self.next_btn.draw(surface, t)
            draw_text(surface, f"page {self.page + 1} of {self._pages}", t.small_font(), t.c["text_dim"],
                      (self.next_btn.rect.right + t.px(12), self.next_btn.rect.centery), "midleft")
