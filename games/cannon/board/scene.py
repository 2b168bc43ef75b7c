"""The Cannon board: draws the position and turns clicks (or drags) into moves.

It implements the board contract in ``games/ui/board.py``; ``host`` is the
frame (a :class:`~games.ui.board.Host`). The board never decides a rule: the moves it offers come from the
rules module (``moves_from``, ``legal_moves``), the warnings from
``town_threatened``, and everything it plays goes through ``host.submit``.

Size (some 650 lines): the board's input (mouse, drag, keyboard cursor, the chooser) and
its Host glue. Drawing (``drawing.py``, ``pieces.py``, ``wood.py``), animation
(``effects.py``), marks, tips and geometry already stand alone; the next seam is the
keyboard cursor (``_nav_*``, about 90 lines) as a ``PlacesCursor`` of its own, as Cannon
Ball's and Corps' are.

Playing by mouse
    Town placement: click one of the highlighted back-rank points.
    Play: click a soldier of the side to move, then where it goes. Its moves
    light up, one marker shape per kind (step = dot, capture = ring with ticks,
    retreat = hollow square, slide = diamond, shot = reticle) and the cannons it
    belongs to are drawn as bands. The soldier clicked is the one that moves:
    a cannon slides by clicking the end soldier that moves (the rear) and the
    point beyond the other end; a cannon shoots when any of its soldiers is
    clicked, then the target. So every legal move has a soldier and a target
    point, and (by the geometry of the moves) no two moves of one soldier end
    on the same point; should two ever do, a small chooser lists them (click
    one or press its number). Click anywhere else (or right-click) to cancel.
    Drag-and-drop works too. With the "highlights" setting off the markers are
    hidden but clicking works the same.

Playing by keyboard or gamepad (``on_nav``)
    The frame turns arrows, Enter and Esc (and a gamepad's pad, A and B) into
    navigation actions. Arrows show a cursor, then step it one point at a time
    (up is up on the screen, so it follows a turned board); "press" does what a
    click on that point does (pick the soldier, play the move to it, place the
    town), and with the chooser open the arrows step through its rows. "back"
    lets go of the chooser or the selection; with nothing to let go it is not
    used, so the frame opens its menu. The cursor shows what the pointer would
    (markers' previews, the tooltip) and goes when the mouse moves.

Words (``tips.py``)
    Hovering a piece shows a tooltip of what it can do (a soldier's steps,
    captures and retreat, its cannons' slides and shots; a town's danger), and
    hovering a highlighted point names the move it makes. A tried move that is
    not allowed (a click or drop on a point no move of the soldier reaches, a
    click on an enemy piece) still lets the soldier go, and says why in the
    status line and in a tooltip by the point, until the pointer leaves it or
    the position changes.

Orientation
    Dark sits at the bottom. With the "rotate" option in a game between two
    humans the board turns (animated) so the player to move sits at the bottom;
    clicks follow the turned board. A single human playing Light against the
    computer gets the board turned once, so their own side is at the bottom.

Animation
    Everything runs on the board's timeline (``effects.py`` builds
    the steps): a move glides or a shot flies, then the board turns if it must;
    the first moment of the town-falling celebration holds the game-over card
    back; sparks and smoke that linger after an impact are background steps and
    hold nothing up. The speed setting, skipping and "off" come with the timeline.

Lessons
    ``show_targets`` rings the points a lesson names ("e4", kept as squares in
    ``targets``; the selected soldier's moves are in ``offers``) with turning dashed
    rings; while ``restrict`` is set (a lesson's required move) only a soldier on a
    ringed point is picked up. The move asked for is drawn as the hint is.

The public helpers ``point_to_pixel`` / ``pixel_to_point`` / ``choice_pixel``
let tests drive the board with synthetic mouse events.

This module holds the board's state and input. Its parts are held, not mixed in:
``painter`` (a :class:`~games.cannon.board.drawing.BoardPainter`, which reads the
board and draws it), ``chooser`` (a :class:`~games.cannon.board.chooser.MoveChooser`
while one is open) and ``moving`` (the :class:`~games.cannon.board.effects.MoveAnim`
of a move in flight). Why one module of some 650 lines: a tenth of it is this
description, and the rest is one class whose input paths (mouse, drag, keys, a
gamepad's cursor) all work on the same selection, so they read best side by side.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, cast

import pygame

from games.cannon import rules as R
from games.ui.board import Board, Host
from games.ui.easing import in_out
from games.ui.nav import BACK, DOWN, LEFT, PRESS, RIGHT, UP
from games.ui.timeline import Step

from . import tips as T
from .chooser import MoveChooser
from .diagrams import draw_diagram
from .drawing import BoardPainter
from .effects import MoveAnim, queue_move
from .geometry import Geometry, Point
from .marks import KIND_ORDER

if TYPE_CHECKING:
    from games.core.game import GameState
    from games.core.match import LogEntry
    from games.ui.theme import Theme

DRAG_PX = 6           # a press that moves this far becomes a drag
TAU = 2 * math.pi
#: the navigation arrows -> a step in (file, rank) on an upright board
NAV_STEPS = {UP: (0, 1), DOWN: (0, -1), LEFT: (-1, 0), RIGHT: (1, 0)}


@dataclass(frozen=True)
class PositionFacts:
    """What the board asks the rules about a position, once per position."""
    legal: list[R.Move]
    warn: list[int]          # the players whose town the opponent can take next move
    phase: R.Phase


@dataclass(frozen=True)
class Refusal:
    """A tried move refused here, shown while it is news."""
    sq: int
    title: str
    reason: str
    ply: int                 # the position it was tried in
    at: Point                # where the pointer was


@dataclass(frozen=True)
class Press:
    """The left button held down on the board."""
    sq: int                  # the soldier pressed
    pos: Point
    was_selected: bool       # it was already selected (a second click lets it go)


class CannonBoard(Board):
    def __init__(self, host: Host):
        super().__init__(host)
        self.rect = pygame.Rect(0, 0, 640, 640)
        self.angle = 0.0
        self.clock = 0.0            # seconds since the board was made (pulses and turning rings)
        self.selected: int | None = None     # square of the selected soldier
        #: the selected soldier's moves, by the square they end on
        self.offers: dict[int, list[R.Move]] = {}
        self.chooser: MoveChooser | None = None   # open when several moves share a target
        self.press: Press | None = None      # while the button is down
        self.dragging = False
        self.mouse: Point | None = None      # last known mouse position (from MOUSEMOTION)
        self.moving: MoveAnim | None = None  # a move being shown
        self.turning = False        # the board is turning (clicks wait)
        self.refused: Refusal | None = None
        self._tip_key: tuple[object, ...] | None = None    # the tooltip's words, cached per position and point
        self._tip: list[str] = []
        self.fx_rng = random.Random(20240611)   # for particles only, never for play
        self._geo: Geometry | None = None
        self._geo_key: tuple[object, ...] | None = None
        self._facts: PositionFacts | None = None
        self._facts_key: tuple[object, ...] | None = None
        self.nav_on = False         # the keyboard/gamepad cursor is shown (until the mouse moves)
        self.nav_sq: int | None = None   # the point the cursor is on
        self.nav_row = 0            # the chooser's row the cursor is on
        #: a lesson's marks (``show_targets``), as squares
        self.targets: tuple[int, ...] = ()
        self.painter = BoardPainter(self)
        flip = self._wanted_flip()
        self.angle = math.pi if flip else 0.0

    # -- the contract ----------------------------------------------------------------
    def layout(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        super().layout(rect)
        self._geo_key = None
        self.painter.forget()
        self._close_chooser()

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def reset(self) -> None:
        super().reset()
        self.moving = None
        self.turning = False
        self._facts_key = None
        flip = self._wanted_flip()
        if flip is not None:
            self.angle = math.pi if flip else 0.0

    NO_POINTER = None

    def forget_private(self) -> None:
        super().forget_private()
        self._clear_selection()
        self.mouse = None
        self.refused = None
        self.nav_on = False
        self.nav_sq = None

    def show_targets(self, targets: Iterable[str | int], restrict: bool = False) -> None:
        """A lesson's marks: point names ("e4") or squares, ringed until told otherwise.
        ``restrict``: only a marked soldier may be picked up (``_click_play``)."""
        squares = (R.parse_square(t) if isinstance(t, str) else t for t in targets)
        self.targets = tuple(sq for sq in squares if isinstance(sq, int) and 0 <= sq < R.N_SQUARES)
        self.restrict = bool(restrict and self.targets)

    def help_text(self) -> str:
        st = self.state()
        on = self.setting("highlights", True)
        if st.phase is R.Phase.PLACE:
            rank = "1" if st.to_move == R.DARK else "10"
            where = "a highlighted point" if on else f"a point of your back rank (b{rank}-i{rank})"
            return f"Click {where} to place your town (or type Te{rank})"
        if self.chooser is not None:
            if self.nav_on:
                return "Several moves end there: arrows pick one, Enter plays it, Esc lets go"
            return "Several moves end there: pick one (or press its number)"
        if self.nav_on:
            if self.selected is not None:
                return "Arrows: to where it goes, then Enter; Esc lets go"
            return "Arrows move the cursor; Enter picks the soldier under it"
        if self.selected is not None:
            if not self.offers:
                return "That soldier has no move now: pick another"
            return "Click where it goes (drag works too); click elsewhere to cancel"
        if self.restrict:                 # a lesson's required move: its points are ringed
            return "Click a ringed soldier, then the ringed point"
        return "Click a soldier, then where it goes (or type e3-e4)"

    @staticmethod
    def hint_text(move: R.Move) -> str:
        """A move in a player's words, for Hint and a lesson's Show me ("e7*e10" meant
        nothing to a newcomer before the notation was taught)."""
        f, t = R.square_name(move.frm) if move.frm >= 0 else "", R.square_name(move.to)
        return {"place": f"found your town on {t}", "step": f"step from {f} to {t}",
                "capture": f"capture {t} with the soldier on {f}", "retreat": f"retreat from {f} to {t}",
                "slide": f"slide the cannon: {f} to {t}",
                "shot": f"fire the cannon at {t}"}.get(move.kind, str(move))

    @staticmethod
    def draw_rules_diagram(key: str, surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
        draw_diagram(key, surface, rect, theme)

    # -- public helpers (tests, hints, the painter) ------------------------------------------
    def point_to_pixel(self, sq: int) -> tuple[int, int]:
        """Where the point of square ``sq`` is on the screen (as drawn now)."""
        return self.geometry().sq_px(sq)

    def pixel_to_point(self, pos: Point) -> int | None:
        """The square whose point is under ``pos``, or None."""
        if self.turning:
            return None
        return self.geometry().point_at(pos)

    def choice_pixel(self, move: R.Move) -> tuple[int, int] | None:
        """Centre of ``move``'s row in the open chooser, or None."""
        if self.chooser is None:
            return None
        return self.chooser.center_of(move)

    @property
    def flipped(self) -> bool:
        return math.cos(self.angle) < 0

    def tooltip_lines(self) -> list[str]:
        """The tooltip under the pointer now: a refused move's reason while it is
        news, else what the highlighted point does, else what the piece can do."""
        at_ = self.pointer()
        if at_ is None or self.busy or self.turning or self.dragging or self.chooser is not None \
                or not self.rect.collidepoint(at_):
            return []
        if self.nav_on and self.nav_sq is not None and not self.host.can_act():
            # the keyboard's cursor rests where the last move left it: its tooltip waits for
            # the player's turn (a play-test saw it hide the computer's reply)
            return []
        r = self.refused
        if r is not None:
            near = math.dist(r.at, at_) <= self.geometry().cell * 0.6
            if r.ply == self.host.ply and near:
                return [r.title, r.reason]
            self.refused = None          # the pointer left it, or the position moved on: old news
        st = self.state()
        sq = self.pixel_to_point(at_)
        if sq is None:
            return []
        specific = self.setting("highlights", True)
        # asked every frame: the words are worked out once per position and point
        key = (st.ply(), tuple(st.cells), st.to_move, st.phase, sq, self.selected, specific)
        if key != self._tip_key:
            if self.selected is not None and sq in self.offers and specific:
                self._tip = T.move_lines(st, self.offers[sq])
            else:
                self._tip = T.piece_lines(st, sq, specific)
            self._tip_key = key
        return list(self._tip)

    def pointer(self) -> Point | None:
        """Where the board points now: the cursor's point while the keyboard or a
        gamepad is in use, else the mouse (hover previews and tooltips follow it)."""
        if self.nav_on and self.nav_sq is not None:
            return self.point_to_pixel(self.nav_sq)
        return self.mouse

    def _refuse(self, sq: int, title: str, reason: str, pos: Point) -> None:
        """A tried move that is not allowed: why, in the status line and by the point."""
        self.refused = Refusal(sq, title, reason, self.host.ply, pos)
        self.host.say(f"{title}. {reason}", bad=True)
        self.sound("error")

    def _looks_like_a_try(self, st: R.CannonState, frm: int, sq: int | None) -> bool:
        """Whether a click on ``sq`` with ``frm`` picked meant a move (an enemy piece,
        or a point in line and in reach) rather than letting the soldier go."""
        if sq is None or sq == frm or st.cells[sq] == R.SOLDIER[st.to_move]:
            return False
        if st.cells[sq] in (R.SOLDIER[1 - st.to_move], R.TOWN[1 - st.to_move]):
            return True
        u = T.line_between(frm, sq)
        return u is not None and u[2] <= 3

    def cancel(self) -> bool:
        """Drop the selection or close the chooser; True if there was one."""
        had = self.selected is not None or self.chooser is not None
        self._clear_selection()
        return had

    # -- what the painter reads -----------------------------------------------------------------
    def state(self) -> R.CannonState:
        """The position shown (Cannon hides nothing: the whole state)."""
        return cast(R.CannonState, self.host.visible_state())

    def setting(self, name: str, default: bool) -> bool:
        """A yes/no setting of the player's ("highlights", "town_warning")."""
        return bool(getattr(self.host.settings, name, default))

    def area(self) -> pygame.Rect:
        """The board's rectangle less a small margin: where the wood goes."""
        pad = max(4, int(min(self.rect.w, self.rect.h) * 0.012))
        return self.rect.inflate(-2 * pad, -2 * pad)

    def geometry(self, angle: float | None = None) -> Geometry:
        a = self.angle if angle is None else angle
        key = (tuple(self.rect), round(a, 6))
        if key != self._geo_key or self._geo is None:
            self._geo = Geometry(self.area(), a)
            self._geo_key = key
        return self._geo

    def facts(self, st: R.CannonState) -> PositionFacts:
        """Derived facts about the position (asked of the rules once per position)."""
        key = (tuple(st.cells), st.to_move, st.phase, st.last_move)
        if key != self._facts_key or self._facts is None:
            phase = st.phase
            warn = []
            if phase is R.Phase.PLAY:
                warn = [p for p in (R.DARK, R.LIGHT) if R.town_threatened(st, p)]
            self._facts = PositionFacts(legal=st.legal_moves(), warn=warn, phase=phase)
            self._facts_key = key
        return self._facts

    # -- helpers ----------------------------------------------------------------------------
    def _wanted_flip(self) -> bool | None:
        """True/False: whether the board should be turned; None: keep it as it is."""
        humans = [i for i, s in enumerate(self.host.seats) if s.is_human]
        if len(humans) >= 2:
            if not self.host.options.get("rotate"):
                return False
            st = self.state()
            if st.phase is R.Phase.OVER:
                return None
            return st.to_move == R.LIGHT
        # one human playing Light against the computer sits at the bottom too
        return humans == [R.LIGHT]

    def _queue_flip(self) -> None:
        """Turn the board (after whatever is queued) if the player to move should sit at the bottom."""
        want = self._wanted_flip()
        if want is None or want == self.flipped:
            return
        a0 = self.angle

        def start(step: Step) -> None:
            self.turning = True

        def update(step: Step) -> None:
            self.angle = a0 + math.pi * step.value

        def end(step: Step) -> None:
            self.angle = 0.0 if want is False else math.pi
            self.turning = False
            self._geo_key = None
            self.painter.forget()

        self.timeline.then(Step(0.75, start=start, update=update, end=end, ease=in_out, name="turn the board"))

    def _clear_selection(self) -> None:
        self.selected = None
        self.offers = {}
        self.press = None
        self.dragging = False
        self._close_chooser()

    def _close_chooser(self) -> None:
        self.chooser = None

    def _select(self, sq: int, st: R.CannonState) -> None:
        self.selected = sq
        self.offers = {}
        for m in R.moves_from(st, sq):
            # the soldier clicked is the one that moves (a shot moves nobody: any
            # soldier of the cannon fires it)
            if m.kind == "shot" or m.frm == sq:
                self.offers.setdefault(m.to, []).append(m)
        for moves in self.offers.values():
            moves.sort(key=lambda m: (KIND_ORDER.get(m.kind, 9), str(m)))
        self._close_chooser()

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.MOUSEMOTION:
            if any(getattr(event, "rel", (1, 1))):
                self.nav_on = False      # the mouse is in use again: the cursor goes
            self.mouse = event.pos
            if self.press is not None and not self.dragging:
                x0, y0 = self.press.pos
                if abs(event.pos[0] - x0) + abs(event.pos[1] - y0) >= DRAG_PX:
                    self.dragging = True
            return False
        if et == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            return self._mouse_down(event)
        if et == pygame.MOUSEBUTTONUP:
            self.mouse = event.pos
            return self._mouse_up(event)
        if et == pygame.KEYDOWN:
            return self._key(event)
        if et == pygame.WINDOWLEAVE:
            self.mouse = None
        return False

    def _mouse_down(self, event: pygame.event.Event) -> bool:
        if self.chooser is not None and event.button in (1, 3):
            if event.button == 1:
                mv = self.chooser.option_at(event.pos)
                if mv is not None:
                    self._play(mv)
                    return True
            # anywhere else: the chooser goes, and the click counts as a click on the board
            self._close_chooser()
        if not self.rect.collidepoint(event.pos):
            return False
        if event.button == 3:
            self._clear_selection()
            return True
        if event.button != 1:
            return False
        if self.busy:
            return True
        if not self.host.can_act():
            if not self.state().is_over():
                self.host.say("Not your turn yet: wait for the other side's move.")
            return True
        st = self.state()
        sq = self.pixel_to_point(event.pos)
        facts = self.facts(st)
        if facts.phase is R.Phase.PLACE:
            self._click_place(st, facts, sq, event.pos)
            return True
        if facts.phase is R.Phase.PLAY:
            self._click_play(st, sq, event.pos)
        return True

    def _click_play(self, st: R.CannonState, sq: int | None, pos: Point) -> None:
        """A left click on the board in play, on the turn of the player at the screen."""
        if self.selected is not None and sq is not None and sq in self.offers:
            self._choose(sq, pos)
            return
        if self.selected is not None and self._looks_like_a_try(st, self.selected, sq):
            assert sq is not None                 # a try names a point
            frm = self.selected
            self._clear_selection()          # as any click elsewhere does; but it says why
            self._refuse(sq, *T.refusal(st, frm, sq), pos)
            return
        if sq is not None and st.cells[sq] == R.SOLDIER[st.to_move] and self.restrict \
                and sq not in self.targets:
            # a lesson wants one thing done: only its ringed soldiers are picked up
            self._clear_selection()
            self.host.say("Not that one this time: pick a soldier on a ringed point.")
            return
        if sq is not None and st.cells[sq] == R.SOLDIER[st.to_move]:
            was = self.selected == sq
            self._select(sq, st)
            self.press = Press(sq, pos, was)
            self.dragging = False
            if not self.offers:
                self.host.say(f"The soldier on {R.square_name(sq)} has no move now.")
            else:
                self.sound("click")
            return
        self._clear_selection()
        if sq is not None and st.cells[sq] in (R.SOLDIER[1 - st.to_move], R.TOWN[st.to_move], R.TOWN[1 - st.to_move]):
            self._refuse(sq, *self._not_yours(st, sq), pos)

    @staticmethod
    def _not_yours(st: R.CannonState, sq: int) -> tuple[str, str]:
        """Why the piece clicked cannot be picked to move."""
        me = R.PLAYER_NAMES[st.to_move]
        code = st.cells[sq]
        name = R.square_name(sq)
        if code in R.TOWN:
            return f"Not allowed: {name} is a town", "Towns never move; pick one of your soldiers."
        return (f"Not allowed: {name} is not yours",
                f"That soldier belongs to {R.PLAYER_NAMES[1 - st.to_move]}; {me} moves now: pick one of yours.")

    def _click_place(self, st: R.CannonState, facts: PositionFacts, sq: int | None, pos: Point) -> None:
        moves = [m for m in facts.legal if m.kind == "place" and m.to == sq]
        if moves:
            self._play(moves[0])
        elif sq is not None:
            rank = "1" if st.to_move == R.DARK else "10"
            self._refuse(sq, f"Not allowed: a town on {R.square_name(sq)}",
                         f"Your town goes on your back rank, b{rank} to i{rank}, on an empty point.", pos)

    def _mouse_up(self, event: pygame.event.Event) -> bool:
        if event.button != 1 or self.press is None:
            return False
        sq0, was = self.press.sq, self.press.was_selected
        dragged = self.dragging
        self.press = None
        self.dragging = False
        sq = self.pixel_to_point(event.pos)
        if sq is not None and sq != sq0 and sq in self.offers:
            self._choose(sq, event.pos)
        elif dragged and sq is not None and sq != sq0:
            # dropped where no move of it goes: it goes back, and the board says why
            st = self.state()
            self._clear_selection()
            if st.cells[sq] != R.SOLDIER[st.to_move]:
                self._refuse(sq, *T.refusal(st, sq0, sq), event.pos)
        elif sq == sq0 and was and not dragged:
            self._clear_selection()       # a second click on the selected soldier lets it go
        return True

    def _key(self, event: pygame.event.Event) -> bool:
        if self.chooser is not None:
            if pygame.K_1 <= event.key <= pygame.K_9:
                i = event.key - pygame.K_1
                if i < len(self.chooser.moves):
                    self._play(self.chooser.moves[i])
                return True
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self._close_chooser()
                return True
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and self.selected is not None:
            self._clear_selection()
            return True
        return False

    def _choose(self, sq: int, pos: Point) -> None:
        moves = self.offers.get(sq, [])
        if len(moves) == 1:
            self._play(moves[0])
        elif moves:
            self.press = None
            self.dragging = False
            self.chooser = MoveChooser(sq, moves, self.point_to_pixel(sq), self.theme, self.rect,
                                       self.geometry().cell)

    def _play(self, move: R.Move) -> None:
        self._clear_selection()
        self.host.submit(move)

    # -- the keyboard and gamepad ------------------------------------------------------------
    def on_nav(self, action: str) -> bool:
        """A navigation action (arrows, Enter, Esc; a gamepad's pad, A, B): True when used.
        Only while the player at the screen may act; the first arrow shows the cursor."""
        if not self.host.can_act() or self.turning:
            return False
        if action == BACK:
            return self.cancel()
        if self.chooser is not None:
            return self._nav_chooser(self.chooser, action)
        if action not in NAV_STEPS and action != PRESS:
            return False
        if not self.nav_on or self.nav_sq is None:
            self.nav_on = True
            if self.nav_sq is None:
                self.nav_sq = self._nav_start()
            return True
        if action == PRESS:
            self._nav_click(self.nav_sq)
        else:
            self.nav_sq = self.nav_step(self.nav_sq, action)
        return True

    def nav_key(self) -> int | tuple[str, int] | None:
        """The place the cursor is on (None while hidden): a square, or ("row", i) in the chooser."""
        if not self.nav_on:
            return None
        return ("row", self.nav_row) if self.chooser is not None else self.nav_sq

    def nav_step(self, sq: int, action: str) -> int:
        """The point one step from ``sq`` in the screen's direction ``action`` (it stays at the edge)."""
        df, dr = NAV_STEPS[action]
        if self.flipped:                 # a turned board: up on the screen is down the ranks
            df, dr = -df, -dr
        f = min(R.SIZE - 1, max(0, sq % R.SIZE + df))
        r = min(R.SIZE - 1, max(0, sq // R.SIZE + dr))
        return r * R.SIZE + f

    def _nav_start(self) -> int:
        """Where the cursor first shows: the selected soldier, else (placing) the middle of
        the back rank, else the soldier of the side to move nearest the middle."""
        st = self.state()
        if self.selected is not None:
            return self.selected
        rank = 0 if st.to_move == R.DARK else R.SIZE - 1
        if st.phase is R.Phase.PLACE:
            return rank * R.SIZE + R.SIZE // 2 - 1
        mine = [sq for sq in range(R.N_SQUARES) if st.cells[sq] == R.SOLDIER[st.to_move]]
        mid = (R.SIZE - 1) / 2
        return min(mine, key=lambda sq: (abs(sq % R.SIZE - mid) + abs(sq // R.SIZE - mid), sq),
                   default=rank * R.SIZE + R.SIZE // 2 - 1)

    def _nav_click(self, sq: int) -> None:
        """What a click on ``sq``'s point does (the mouse's own code, so the two never differ)."""
        pos = self.point_to_pixel(sq)
        self._mouse_down(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self._mouse_up(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        if self.chooser is not None:
            self.nav_row = 0

    def _nav_chooser(self, chooser: MoveChooser, action: str) -> bool:
        """The chooser open: up and down step through its rows, press plays the row."""
        n = len(chooser.moves)
        if action in (UP, DOWN):
            self.nav_on = True
            self.nav_row = (self.nav_row + (1 if action == DOWN else -1)) % n
            return True
        if action == PRESS:
            self._play(chooser.moves[min(self.nav_row, n - 1)])
            return True
        return action in (LEFT, RIGHT)      # nothing beside the list: used, so it stays open

    # -- moves arriving ---------------------------------------------------------------------
    def on_move(self, entry: LogEntry, before: GameState[Any, Any], after: GameState[Any, Any]) -> None:
        self._clear_selection()
        self.refused = None
        self._facts_key = None
        if entry.player >= 0:
            queue_move(self, entry.events, celebrate=self.host.seats[entry.player].is_human)
        if self._hot_seat() and getattr(after, "to_move", None) != getattr(before, "to_move", None):
            # the next player's cursor starts among their own soldiers, not where the last
            # player left it (a play-test with the board turning: it sat at the far end,
            # its tooltip over the other side's pieces, nine presses from home)
            self.nav_sq = None
        self._queue_flip()

    def _hot_seat(self) -> bool:
        return sum(1 for s in self.host.seats if s.is_human) >= 2

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
