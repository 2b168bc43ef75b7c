"""The Cannon Ball board: the battlefield, the Fort Commander, and clicks into moves.

It implements the board contract (``games/ui/board.py``); ``host`` is the frame.
Every move it plays comes from the rules' own lists and questions
(``reachable``, ``path_to``, ``cannon_moves``, ``tnt_placements``,
``attack_preview``, ``end_turn_warning``): the board decides no rule.

Size (about 860 lines): the drawing, the column, the chooser, the keys' cursor and the
animations live beside it; what is left is the contract, the mouse, the dial's captions
and the tooltip's words. Its next seams are the dial (``spin_starts``, ``spin_shown``, the
glide), which would go with ``effects.py``'s spin, and the lit boxes' drawing
(``_draw_options``, ``_wash``), which would go to ``drawing.py``.

Playing by mouse
    A turn opens with a choice in the column at the right (a move turn, a gate,
    or a gamble with Odd or Even), then the spin: click Spin!, press Space or
    flick the dial. In a move turn click one of your men: the boxes he can reach
    with the moves left light up with their cost (red: an attack, x: a capture,
    "!": a bridge on the way that may give way; the pointer over a box says the
    odds and the forces). Click one and he walks the shortest legal path, step by
    step. Click one of your cannons to see where it can go: over a lit box the
    cannon and its escorts show where they will land (``chooser.py``); click to
    move it, choosing how when there is more than one way. Pulsing TNT cases mark
    where a case may be placed. End turn (or E) when done; the board warns first
    if ending would lose men. Right-click or Esc lets go of a selection.

Playing without a mouse (``nav.py``: the board's :class:`~games.cannon_ball.board.nav.BoardNav`)
    The arrows, Enter and Esc (a gamepad's pad, A and B) move a cursor over the
    same places (the column's choices; the boxes, TNT cases and End turn; a
    cannon's landing pairs; the chooser's rows), press them and let go.

What the board marks
    The hint (the frame's Hint button) is drawn on the map: the man and his way,
    the cannon and where it lands, the gate or bridge a choice is about, and its
    button in the column. A click the board refuses is marked on its box. Both
    belong to the position they were made in and vanish when it changes; the dial
    shows this turn's spin only (the position's own, after an undo, a load or in
    review).

Animation
    Planned in ``effects.py`` from the states before and after each move, on the
    board's timeline: men walk, cannons roll, bridges burst, gates blow open.
    While it plays, the column's counts describe the position it started from, as
    the banner and the move log do.

Why one module: it is the board's input (selections, walks, cannon and TNT
placing, the choice column's buttons, the lesson's marks and restrict) over one selection state; the
drawing, the panel, the cursor, the chooser and the effects are already their own modules and
composed pieces.
"""
from __future__ import annotations

import math
import random
from typing import cast

import pygame

from games.cannon_ball import rules as R
from games.cannon_ball.rules import Phase
from games.cannon_ball.rules import battlefield as M
from games.cannon_ball.rules import events as RE
from games.cannon_ball.rules import game as G
from games.ui import spinner as S
from games.ui.board import Board
from games.ui.spinner import Spinner
from games.ui.theme import draw_text
from games.ui.timeline import Step
from games.ui.widgets import Button, draw_tooltip

from . import chooser as C
from . import drawing as D
from . import effects as E
from .nav import BoardNav, Place
from .panel import Panel, choice_groups

#: where the needle rests before a turn's spin: on the peg between 12 and 1, no number
NEUTRAL = S.TOP - S.SECTOR / 2
#: seconds a gamble's outcome ("9 is odd: the call wins!") stays before the table moves on
RESULT_READ = 1.4


class CannonBallBoard(Board):
    """The board. It holds its parts: the column (:class:`~.panel.Panel`), the cursor
    (:class:`~.nav.BoardNav`), what an animation holds back (:class:`~.effects.Shown`)
    and the cannon chooser; each is given the board and reads what it says it needs."""

    def __init__(self, host):
        super().__init__(host)
        self.spinner = Spinner(on_flick=self._flick)
        self.spinner.angle = NEUTRAL
        self.panel = Panel(self)
        self.nav = BoardNav(self)
        self.geo = D.Geo(pygame.Rect(0, 0, 100, 100), margin=D.LABEL_MARGIN)
        self.map_rect = pygame.Rect(0, 0, 100, 100)
        self.shown = E.Shown()
        self.fx_rng = random.Random(1968)        # the look of blasts only, never play
        self.sel: int | None = None              # a box: the selected man, or a box of the selected cannon
        self.reach: dict[int, R.Reach] = {}
        self.cannon_opts: list[R.CannonMove] = []
        self.chooser: C.CannonChooser | None = None
        self.queue: list[R.Step] = []            # steps still to walk of a clicked path
        self.mouse: tuple[int, int] = (-1, -1)
        self.caption = ""                        # the spin, in words, under the dial
        self.refused: tuple[int, int] | None = None   # (box, ply): a click refused in that position
        self.hint_ply: int | None = None         # the position the hint was given for
        self._from: R.CannonBallState | None = None   # the position the move being played out started from
        self._landings: dict[tuple[int, R.CannonMove], C.Landing] = {}   # (ply, cannon move) -> its landing
        self._time = 0.0

    # -- the contract -------------------------------------------------------------------
    def layout(self, rect) -> None:
        super().layout(rect)
        t = self.theme
        pad = t.px(8)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        col = max(t.px(190), min(t.px(260), inner.w // 4))
        strip = max(t.px(180), min(t.px(230), inner.h // 3))
        right = (pygame.Rect(inner.x, inner.y, max(1, inner.w - col - pad), inner.h),
                 pygame.Rect(inner.right - col, inner.y, col, inner.h))
        below = (pygame.Rect(inner.x, inner.y, inner.w, max(1, inner.h - strip - pad)),
                 pygame.Rect(inner.x, inner.bottom - strip, inner.w, strip))
        # the column at the right reads best; the strip below only for a tall window
        cell = lambda r: D.Geo(r, margin=D.LABEL_MARGIN).cell  # noqa: E731
        best = below if cell(below[0]) > 1.3 * cell(right[0]) else right
        self.map_rect, panel = best
        self.geo = D.Geo(self.map_rect, margin=D.LABEL_MARGIN)
        self.panel.layout(panel)
        self.chooser = None

    def forget_private(self) -> None:
        super().forget_private()
        self.select(None)
        self.queue = []
        self.refused = None
        self.hint_ply = None
        self.nav.forget()

    def reset(self) -> None:
        super().reset()
        self.shown.clear()
        self._from = None
        self._dial_from(self.state())

    def show_hint(self, move) -> None:
        self.hint = move
        self.hint_ply = self.host.ply if move is not None else None

    def hint_text(self, move) -> str:
        """A move in a player's words (a lesson's Show me says it)."""
        if isinstance(move, R.Step):
            kind = R.LINK_KIND.get((move.frm, move.to), (-1, -1))[0]
            over = f" over bridge {M.BRIDGES[kind].number}" if kind >= 0 else ""
            return f"walk the man on {M.BOXES[move.frm].name} to {M.BOXES[move.to].name}{over}"
        if isinstance(move, R.Tnt):
            if move.gate >= 0:
                return f"slide TNT under gate {M.GATES[move.gate].id}"
            return f"place TNT at bridge {M.BRIDGES[R.BRIDGE_END[move.box]].number}, by {M.BOXES[move.box].name}"
        if isinstance(move, R.End):
            return "press End turn"
        if isinstance(move, R.Choice):
            if move.kind == "move":
                return "take a move turn"
            if move.kind == "tnt":
                return f"shoot your TNT, calling {move.call.capitalize()}"
            if move.kind in ("open", "close"):
                return f"{move.kind} gate {M.GATES[move.target].id}"
        return str(move)

    def performance(self, state) -> str | None:
        return "Spin!" if state.phase in (Phase.OPENING, Phase.SPIN) else None

    def perform_rect(self):
        return self.panel.perform_rect

    def help_text(self) -> str:
        return self._help(short=False)

    def help_short(self) -> str:
        return self._help(short=True)

    def _help(self, short: bool) -> str:
        st = self.state()
        if st.phase == Phase.CHOOSE:
            mine = st.tnt[st.to_move]
            if mine >= 0:
                num = M.BRIDGES[R.BRIDGE_END[mine]].number
                return ("Shoot your TNT: call Odd or Even" if short else
                        f"Your TNT at bridge {num} must be shot now: call Odd or Even at the right")
            kinds = {k for k, _t, _m in choice_groups(st)}
            offered = [w for k, w in (("move", "a move turn"), ("gate", "a gate turn"), ("gamble", "a gamble"))
                       if k in kinds]
            if not offered:
                return ""
            said = ", ".join(offered[:-1]) + (" or " if len(offered) > 1 else "") + offered[-1]
            return f"Choose {said}" if short else f"Choose this turn at the right: {said}"
        if st.phase != Phase.MOVING:
            return ""
        if self.nav.on:
            return self._nav_help(st, short)
        if self.chooser is not None:
            return "Pick how the cannon goes" if short else "Pick how the cannon goes (or press its number); Esc lets go"
        if self.sel is not None and self.cannon_opts:
            return ("Click the boxes for the cannon" if short else
                    "Point at the two boxes for the cannon and click (lit: where it may go); Esc lets go")
        if self.sel is not None:
            return "Click a lit box to walk there" if short else "Click a lit box to walk there (red: attack or capture); Esc lets go"
        if not st.each and st.moves_left() <= 0:
            return "No moves left: End turn (E)"
        left = G.counted(st.moves_left(), "move")
        return f"{left} left: pick a man or cannon" if short else \
            f"{left} left: click one of your men or cannons, or End turn (E)"

    def _nav_help(self, st, short: bool) -> str:
        """The help while the keys or a gamepad drive the cursor."""
        if self.chooser is not None:
            return "Pick how the cannon goes" if short else "Pick how the cannon goes: arrows, then Enter; Esc lets go"
        if self.sel is not None and self.cannon_opts:
            return "Enter on a lit pair of boxes" if short else \
                "Arrows to a lit pair of boxes, Enter moves the cannon there; Esc lets go"
        if self.sel is not None:
            return "Enter on a lit box" if short else "Arrows to a lit box, Enter walks him there (red: attack or capture); Esc lets go"
        if not st.each and st.moves_left() <= 0:
            return "No moves left: Enter on End turn"
        left = G.counted(st.moves_left(), "move")
        return f"{left} left: Enter on a man or cannon" if short else \
            f"{left} left: arrows and Enter on one of your men or cannons, or on End turn"

    @staticmethod
    def draw_rules_diagram(key, surface, rect, theme) -> None:
        from .diagrams import draw_diagram
        draw_diagram(key, surface, rect, theme)

    @staticmethod
    def log_lines(entries, names, state_at) -> list[tuple[int, int, int, str]]:
        return G.log_lines(entries, names, state_at)

    # -- the cursor (BoardNav): the frame's and the tests' entry points ----------------------
    def on_nav(self, action: str) -> bool:
        return self.nav.on_nav(action)

    def nav_key(self) -> Place | None:
        return self.nav.key()

    def nav_step(self, key: Place, action: str) -> Place:
        return self.nav.step(key, action)

    def nav_places(self) -> dict[Place, pygame.Rect]:
        return self.nav.places()

    def tab_controls(self) -> list:
        """The column's choices of turn (and End turn while moving) for the frame's Tab."""
        st = self.state()
        self.panel.refresh(st, True)
        out: list[Button] = [b for b in self.panel.buttons if b.enabled and b.rect.w > 1]
        if st.phase == Phase.MOVING:
            out.append(self.panel.end_btn)
        return out

    # -- helpers ----------------------------------------------------------------------------
    def state(self) -> R.CannonBallState:
        """The position shown (Cannon Ball hides nothing: the frame's state itself)."""
        return cast(R.CannonBallState, self.host.visible_state())

    def select(self, box: int | None) -> None:
        self.sel = box
        self.reach, self.cannon_opts = {}, []
        self.chooser = None
        if box is None:
            return
        st = self.state()
        if st.occ[box] == st.to_move:
            self.reach = R.reachable(st, box)
        elif box in st.cannon_at:
            self.cannon_opts = R.cannon_moves(st, box)

    def _refuse(self, box, why: str) -> None:
        """A click that does nothing here: said under the banner, marked on its box."""
        self.refused = (box, self.host.ply)
        self.host.say(why)

    def live_hint(self):
        """The hint, while the position it was given for is the one shown."""
        if self.hint is None or self.hint_ply != self.host.ply:
            return None
        return self.hint

    def landing(self, st, mv) -> C.Landing:
        key = (self.host.ply, mv)
        if key not in self._landings:
            if len(self._landings) > 64:
                self._landings.clear()
            self._landings[key] = C.landing(st, mv)
        return self._landings[key]

    def _flick(self) -> None:
        if self.host.awaiting_performance():
            self.host.perform()

    # -- the dial ---------------------------------------------------------------------------
    def _dial_from(self, st) -> None:
        """The dial as the position says (a load, an undo, a review): this turn's spin,
        the opening spin so far, or no number before a turn has spun."""
        sp = self.spinner
        sp.spinning, sp.flash = False, 0.0
        sp.call = {"odd": "odds", "even": "evens"}.get(st.choice.call) \
            if st.phase == Phase.SPIN and st.choice is not None else None
        if st.phase in (Phase.MOVING, Phase.BRIDGE) and st.spin:
            sp.angle, sp.value = S.sector_angle(st.spin), st.spin
            self.caption = self._moves_caption(st.spin, st.each)
        elif st.phase == Phase.OPENING and st.opening:
            v = st.opening[-1]
            sp.angle, sp.value = S.sector_angle(v), v
            self.caption = f"{self._name(len(st.opening) - 1)} spun {v}"
        else:
            self._dial_neutral()

    def _dial_neutral(self) -> None:
        self.spinner.angle, self.spinner.value = NEUTRAL, None
        self.caption = ""

    def _name(self, p: int) -> str:
        names = self.host.names()
        return names[p] if p < len(names) else M.SEATS[p]

    @staticmethod
    def _moves_caption(n: int, each: bool) -> str:
        return G.counted(n, "move") + (" each" if each else "")

    def spin_starts(self, before) -> None:
        """While the dial turns its caption says whose spin it is, never the last result (a
        play-test read "South spins 12" under the needle already turning for North)."""
        if before.phase == Phase.OPENING and len(before.opening) == 1:
            text = f"{self._name(0)} spun {before.opening[0]}; {self._name(1)} spins"
        elif before.phase == Phase.OPENING:
            text = f"{self._name(len(before.opening))} spins"
        else:
            text = ""
        self.timeline.then(Step(0.0, start=lambda s: setattr(self, "caption", text), name="spin starts"))

    def spin_shown(self, before, value: int) -> None:
        """The caption under the dial for a spin (shown once the dial has landed); after
        the opening's deciding spin the needle moves on to the number the first turn has."""
        call = before.choice.call if (before.phase == Phase.SPIN and before.choice is not None) else ""
        odd = "odd" if value % 2 else "even"
        if before.phase == Phase.OPENING:
            text = f"{self._name(len(before.opening))} spins {value}"
        elif call:
            text = f"{value} is {odd}: the call {'wins!' if call == odd else 'loses'}"
        else:
            text = self._moves_caption(value, before.each)
        self.timeline.then(Step(0.0, start=lambda s: setattr(self, "caption", text), name="caption"))
        if call:
            # a gamble's outcome is read before the table moves on: the next player's choice
            # clears the dial, and a computer's came within half a second (a play-test saw
            # four lost calls and no result at all). Space skips it, as any animation.
            self.timeline.then(Step(RESULT_READ, name="result read"))
        if before.phase == Phase.OPENING and len(before.opening) == 1 and before.opening[0] != value:
            first, n = (0, before.opening[0]) if before.opening[0] > value else (1, value)
            # the spin is read on the dial before the needle moves on (a play-test saw
            # "North spins 6" under a needle already gliding to South's 12)
            self.timeline.then(Step(RESULT_READ, name="opening read"))
            self._glide_needle(n, f"{self._name(first)} starts: {self._moves_caption(n, before.each)}")

    def _glide_needle(self, value: int, caption: str) -> None:
        """The needle moves on (no spin, no ticks) to the number that counts now."""
        sp = self.spinner
        ends: dict = {}

        def start(step):
            a0 = sp.angle % (2 * math.pi)
            d = (S.sector_angle(value) - a0 + math.pi) % (2 * math.pi) - math.pi
            ends.update(a0=a0, a1=a0 + d)
            sp.flash = 0.0                  # the glow leaves the number it no longer points at

        def update(step):
            sp.angle = ends["a0"] + (ends["a1"] - ends["a0"]) * step.value

        def end(step):
            sp.angle, sp.value = ends["a1"], value
            sp.flash = 1.2
            self.caption = caption

        self.timeline.then(Step(0.5, start=start, update=update, end=end, name="needle"))

    # -- input ----------------------------------------------------------------------------------
    def choose(self, move) -> None:
        self.host.submit(move)

    def end_turn(self) -> None:
        st = self.state()
        warn = R.end_turn_warning(st, self.host.names())
        self.queue = []
        if warn:
            self.host.ask("End the turn?", f"Ending now: {warn}.", lambda: self.host.submit(R.END),
                          yes="End turn")
        else:
            self.host.submit(R.END)

    def handle_event(self, event) -> bool:
        st = self.state()
        can = self.host.can_act()
        if event.type == pygame.MOUSEMOTION:
            self.nav.mouse_moved(event)
            self.mouse = event.pos
            return False
        if self.chooser is not None and self._chooser_event(event):
            return True
        if not self.panel.choosing and self.spinner.handle_event(event):
            return True
        if self.panel.handle_event(event, st, can):
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event, st, can)
        if event.type != pygame.MOUSEBUTTONDOWN or not self.map_rect.collidepoint(event.pos):
            return False
        if event.button == 3:
            self.select(None)
            return True
        if event.button == 1 and can and st.phase == Phase.MOVING:
            self.click_map(st, event.pos)
            return True
        return False

    def _chooser_event(self, event) -> bool:
        ch = self.chooser
        assert ch is not None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.chooser = None
                return True
            mv = ch.by_key(event.key)
            if mv is not None:
                self.play_cannon(mv)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            mv = ch.option_at(event.pos) if event.button == 1 else None
            self.chooser = None
            if mv is not None:
                self.play_cannon(mv)
            return True
        return False

    def play_cannon(self, mv) -> None:
        box = self.sel
        self.select(None)
        if not self.host.submit(mv) and box is not None:
            self.refused = (box, self.host.ply)

    def _key(self, event, st, can) -> bool:
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE) and self.sel is not None:
            self.select(None)
            return True
        if event.key == pygame.K_e and can and st.phase == Phase.MOVING:
            self.end_turn()
            return True
        return False

    def click_map(self, st, pos) -> None:
        tnt = self._tnt_at(st, pos)
        if tnt is not None:
            self.place_tnt(tnt)
            return
        box = self.geo.box_at(pos)
        if box is None:
            self.select(None)
            return
        if self.sel is not None and box in self.reach:
            if not self._marked_ok(box):                  # a lesson: only to the marked boxes
                self._refuse(box, "This time, walk to a marked box.")
                return
            self.queue = R.path_to(st, self.sel, box)
            self.select(None)
            self._walk()
            return
        if self.sel is not None and self.cannon_opts:
            spot = C.spot_at(self.cannon_opts, box, pos, self.geo)
            if spot is not None:
                self.land_cannon(st, spot)
                return
        if st.occ[box] == st.to_move or (box in st.cannon_at and st.cannon_owner(st.cannon_at[box]) == st.to_move):
            if not self._marked_ok(box):                  # a lesson: only the marked men are picked up
                self.select(None)
                self._refuse(box, "This time, use a marked man.")
                return
            self.select(None if box == self.sel else box)
            if self.sel is not None and not self.reach and not self.cannon_opts:
                self.select(None)
                self._refuse(box, self._why_still(st, box))
            return
        if self.sel is None:
            # a click (or Enter) that picks nothing says why, rather than nothing (a
            # play-test pressed Enter on an empty box and saw no answer)
            self._refuse(box, "Pick one of your men first: that is the other side's man." if st.occ[box] != R.EMPTY
                         else "Pick one of your men first, then a box to walk him to.")
            return
        self.select(None)                                 # a click away lets go of the piece

    @staticmethod
    def _why_still(st, box) -> str:
        """The refusal for a picked-up piece with nowhere to go: the rule that holds it."""
        if not st.each and st.moves_left() <= 0:
            return "No moves left: End turn (E)."
        why = R.why_stuck(st, box) if st.occ[box] == st.to_move else None
        if why:
            return f"That man cannot move: {why}."
        return "That piece cannot move now."

    def place_tnt(self, m) -> None:
        self.select(None)
        key = M.GATES[m.gate].id if m.gate >= 0 else M.BOXES[m.box].name
        if self.restrict and key not in self.targets:     # a lesson: only the marked case
            self.host.say("This time, place the marked TNT case.")
            return
        self.host.submit(m)

    # -- a lesson's marks (Board.show_targets): box names ("c16") and gate ids ("NE") --------
    def _marked_ok(self, box) -> bool:
        """Whether a click on ``box`` may pick up or go there: always, unless a lesson
        holds input back to its marks (``restrict``); a cannon counts by any of its boxes."""
        if not self.restrict:
            return True
        st = self.state()
        cid = st.cannon_at.get(box)
        c = st.cannons[cid] if cid is not None else None
        boxes = c[1] if c is not None else (box,)
        return any(M.BOXES[b].name in self.targets for b in boxes)

    def mark_spots(self, st) -> list[tuple[float, float]]:
        """Where the marks are drawn: a marked box while a piece stands on it (a man to
        move, an enemy to attack; an empty one is the hint's to point at, and a man who
        walked on leaves no mark behind), a marked gate always."""
        out = []
        for t in self.targets:
            b = M.box_index(str(t))
            if b is not None:
                if st.occ[b] >= 0 or b in st.cannon_at:
                    out.append(self.geo.box_centre(b))
                continue
            g = next((g for g in M.GATES if g.id == t), None)
            if g is not None:
                (ax, ay), (bx, by) = g.segment
                out.append(self.geo.pt((ax + bx) / 2, (ay + by) / 2))
        return out

    @staticmethod
    def _spot_name(m: R.Tnt) -> str:
        """Where a TNT case would go, as a lesson marks it: a gate's id, or its box's name."""
        return M.GATES[m.gate].id if m.gate >= 0 else M.BOXES[m.box].name

    def _draw_marks(self, surface, st) -> None:
        """A lesson's marks: a breathing ring in the theme's select colour over a dark
        band, with four ticks outside it (a shape, so it reads in both palettes and on
        every section's colour; the hint's rings have no ticks)."""
        cell = self.geo.cell
        r = cell * (0.62 + 0.07 * math.sin(self._time * 4))
        w = max(2, int(cell / 9))
        col = self.theme.c["select"]
        for x, y in self.mark_spots(st):
            C.draw_ring(surface, (x, y), r, col, w)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                a = (x + dx * (r + w), y + dy * (r + w))
                b = (x + dx * (r + w + cell * 0.25), y + dy * (r + w + cell * 0.25))
                pygame.draw.line(surface, (20, 20, 24), a, b, w + 2)
                pygame.draw.line(surface, col, a, b, w)

    @property
    def animating(self) -> bool:
        return super().animating or bool(self.targets)     # the marks breathe

    def land_cannon(self, st, spot) -> None:
        """The picked cannon to the pair ``spot``: at once when one way leads there,
        else the chooser lists the ways."""
        opts = C.options_for(self.cannon_opts, spot)
        if len(opts) == 1:
            self.play_cannon(opts[0])
            return
        pts = [self.geo.box_centre(b) for b in spot]
        anchor = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        about = {b for m in opts for b in (*m.to, *m.escorts, m.frm)}
        about |= {t for m in opts for _f, t in self.landing(st, m).escorts}
        about |= set(st.cannons[st.cannon_at[self.sel]][1])
        avoid = [self.geo.box_rect(b).inflate(4, 4) for b in about]
        self.chooser = C.CannonChooser(st, opts, anchor, self.theme, self.map_rect, self.geo.cell, avoid)

    def _tnt_at(self, st, pos):
        for m in R.tnt_placements(st):
            if math.dist(self.tnt_pos(m), pos) <= self.geo.cell * 0.42:
                return m
        return None

    def tnt_pos(self, m):
        if m.gate >= 0:
            a, b = M.GATES[m.gate].segment
            return self.geo.pt((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return D.tnt_spot(self.geo, m.box)

    def _walk(self) -> None:
        """Play the next step of a clicked path once the last one has finished."""
        if not self.queue or self.busy or not self.host.can_act():
            return
        st = self.state()
        step = self.queue.pop(0)
        if st.why_illegal(step) is not None:
            self.queue = []
            return
        self.host.submit(step)

    # -- moves arriving ---------------------------------------------------------------------------
    def on_move(self, entry, before, after) -> None:
        self.select(None)
        self.refused = None
        self._landings.clear()
        self._from = before
        first = entry.events[0] if entry.events else None
        if isinstance(first, RE.Chose):
            self._dial_neutral()           # a new turn's choice: no number on the dial until it is spun
        E.plan(self, entry, before, after)
        if after.phase == Phase.CHOOSE or (after.phase == Phase.OVER and before.phase != Phase.OVER):
            # the turn is over, but the dial keeps its call (the numbers that lose, faded)
            # until what it decided has played out
            self.timeline.then(Step(0.0, start=lambda s: setattr(self.spinner, "call", None), name="call done"))
            if not isinstance(first, RE.Spun):
                # a move turn's spin is over with the turn; a gamble's result stays to be read
                self.timeline.then(Step(0.0, start=lambda s: self._dial_neutral(), name="dial done"))

    def update(self, dt) -> None:
        self._time += dt
        super().update(dt)
        self.spinner.update(dt)
        if not self.busy:
            self._from = None
        if self.queue and not self.busy:
            self._walk()

    # -- drawing ----------------------------------------------------------------------------------
    def told_state(self, st):
        """The position the column describes: while a move plays out, the one it started
        from (as the banner and the move log do), so their counts always agree."""
        return self._from if (self._from is not None and self.busy) else st

    def draw(self, surface) -> None:
        if self.rect.w < 4 or self.rect.h < 4:
            return
        t = self.theme
        st = self.state()
        # while a spin turns, its before position (map and counts): the result waits for the dial
        shown = self.shown.state if self.shown.state is not None else st
        can = self.host.can_act()
        pygame.draw.rect(surface, t.c["table"], self.rect)
        geo = self.geo
        if geo.board.w >= 8 and geo.board.h >= 8:
            surface.blit(D.base_map(geo, t), geo.board.topleft)
            D.draw_coords(surface, geo, t)
            self._draw_structures(surface, geo, shown)
            if can and st.phase == Phase.MOVING:
                for m in R.tnt_placements(st):      # under the men: a case never hides the man by it
                    if self.restrict and not (isinstance(self.live_hint(), R.Tnt)
                                              and self._spot_name(m) in self.targets):
                        continue                    # a lesson's step about something else: no pulsing cases
                    D.draw_tnt(surface, self.tnt_pos(m), geo.cell, glow=0.25 + 0.15 * math.sin(self._time * 5))
            gates, bridges = self._named_by_hovered_button(shown)
            D.draw_place_labels(surface, geo, gates, bridges, t.c["select"])
            self._draw_pieces(surface, geo, shown)
            if gates or bridges:                   # the place the pointed button names, over the men
                D.draw_place_labels(surface, geo, gates, bridges, t.c["select"], only_lit=True)
            if can and st.phase == Phase.MOVING:
                self._draw_options(surface, geo, st)
            if self.targets:
                self._draw_marks(surface, shown)
            hint = self.live_hint()
            if hint is not None:
                C.draw_hint(surface, geo, t, st, hint, self.landing)
            if self.refused is not None and self.refused[1] == self.host.ply:
                C.draw_refused(surface, geo, t, self.refused[0])
            clip = surface.get_clip()
            surface.set_clip(geo.board.clip(clip))          # flying planks and smoke stay on the map
            self.timeline.draw(surface, geo, t)
            surface.set_clip(clip)
            lines = self.hover_lines(st) if can and st.phase == Phase.MOVING else []
            if self.chooser is not None:
                self.chooser.draw(surface, t, self.mouse)
                if lines:                          # the way under the pointer, told under the list
                    r = self.chooser.rect
                    h = len(lines) * t.small_font().get_linesize() + t.px(10)
                    at = (r.x, r.bottom + 4) if r.bottom + 4 + h <= self.map_rect.bottom else (r.x, r.y - 4 - h)
                    draw_tooltip(surface, t, lines, at, self.map_rect)
            elif lines:
                draw_tooltip(surface, t, lines, (self.mouse[0] + 16, self.mouse[1] + 16), self.map_rect)
        self.panel.draw(surface, self.told_state(shown), can, self.caption)
        self.nav.draw(surface)

    def _draw_structures(self, surface, geo, st) -> None:
        sh = self.shown
        standing = [sh.bridges.get(i, st.bridges[i]) for i in range(len(M.BRIDGES))]
        tnt = [sh.tnt.get(p, st.tnt[p]) for p in (0, 1)]
        D.draw_bridges(surface, geo, standing, tnt_boxes=tnt, tnt_looks=sh.tnt_look)
        gates = [sh.gates.get(g, st.gates[g]) for g in range(len(M.GATES))]
        fuse = [st.fuse] if st.fuse >= 0 else []
        D.draw_gates(surface, geo, gates, tnt_gates=fuse)

    def _draw_pieces(self, surface, geo, st) -> None:
        t = self.theme
        sh = self.shown
        for cid, c in enumerate(st.cannons):
            if c is None or cid in sh.hide_cannons:
                continue
            a, b = D.cannon_ends(geo, c[1], 1 - c[0])
            D.draw_cannon(surface, a, b, geo.cell, t, c[0])
        for box in range(M.N_BOXES):
            p = st.occ[box]
            if p >= 0 and box not in sh.hide_boxes:
                D.draw_trooper(surface, geo.box_centre(box), geo.cell, t, p, scale=1.1 if box == self.sel else 1.0)
        for s, (defs, _cid) in st.sieges.items():        # defenders of an attack under way
            for box in defs:
                D.draw_trooper(surface, geo.box_centre(box), geo.cell, t, 1 - st.to_move, alpha=110)
            x, y = geo.pt(*M.SECTIONS[s].label_point)
            _swords(surface, (x, y), geo.cell, t.c["danger"])
        cp = R.crossing_piece(st)
        if cp is not None and not sh.hold_crossing:
            star = geo.pt(*M.BRIDGES[cp["bridge"]].star)
            if cp["kind"] == "man":
                D.draw_trooper(surface, star, geo.cell, t, cp["owner"])
            else:
                D.draw_cannon(surface, (star[0] - geo.cell * 0.5, star[1]), (star[0] + geo.cell * 0.5, star[1]),
                              geo.cell, t, cp["owner"])
        if self.sel is not None:
            pygame.draw.rect(surface, t.c["select"], geo.box_rect(self.sel).inflate(2, 2), max(2, int(geo.cell / 10)))

    def reach_label(self, st, box) -> str:
        """What a lit box says: the moves to it ("x": a capture), "!" when the way crosses a
        bridge that may give way (never with steady bridges)."""
        r = self.reach[box]
        return ("x" if r.capture else str(r.cost)) + ("!" if r.bridges and st.risk > 0 else "")

    def _named_by_hovered_button(self, st) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(gates, bridges) the column's button under the pointer is about: "Close gate SW",
        "Fire at gate NE", "Rebuild bridge 3", the TNT shot at its bridge."""
        btn = next((b for b in self.panel.buttons if b.rect.collidepoint(self.mouse)), None)
        move = getattr(btn, "move", None)
        place = C.choice_place(st, move) if isinstance(move, R.Choice) else None
        if place is None:
            return (), ()
        kind, i = place
        if kind == "gate":
            return (i,), ()
        return (), (i if kind == "bridge" else R.BRIDGE_END[i],)

    def _hover_box(self):
        return self.geo.box_at(self.mouse) if self.map_rect.collidepoint(self.mouse) else None

    def hover_spot(self) -> tuple[int, ...] | None:
        """The pair of boxes the pointer picks for the selected cannon, if any."""
        if not self.cannon_opts:
            return None
        spot = self.nav.hover_spot()          # the cursor names its pair outright
        if spot is not None:
            return spot
        box = self._hover_box()
        if box is None:
            return None
        return C.spot_at(self.cannon_opts, box, self.mouse, self.geo)

    def cannon_preview(self, st):
        """The landing shown for the selected cannon: the chooser's row under the pointer,
        or the first way to the pair of boxes under it."""
        if self.chooser is not None:
            mv = self.chooser.option_at(self.mouse) or self.chooser.moves[0]
            return self.landing(st, mv)
        spot = self.hover_spot()
        if spot is None:
            return None
        return self.landing(st, C.options_for(self.cannon_opts, spot)[0])

    def _draw_options(self, surface, geo, st) -> None:
        """Where the selection can go, with costs; the path or landing under the pointer."""
        t, c = self.theme, self.theme.c
        f = t.small_font()
        hover = self._hover_box()
        for box, r in self.reach.items():
            rect = geo.box_rect(box).inflate(-max(2, int(geo.cell * 0.2)), -max(2, int(geo.cell * 0.2)))
            col = c["danger"] if r.attack >= 0 or r.capture else c["move_step"]
            # an empty lit box is washed pale and its cost written dark: green digits on a
            # green section were lost at 800x600 (a play-test); a box with a man in it keeps
            # the man clear and its label in the ring's colour
            washed = geo.cell >= 16 and st.occ[box] == R.EMPTY
            if washed:
                surface.blit(_wash(rect.size, col), rect.topleft)
            pygame.draw.rect(surface, col, rect, max(2, int(geo.cell / 9)), border_radius=max(2, int(geo.cell / 6)))
            if geo.cell >= 16:
                draw_text(surface, self.reach_label(st, box), f, c["accent_text"] if washed else col, rect.center,
                          "center")
        for box in {b for m in self.cannon_opts for b in m.to}:
            rect = geo.box_rect(box).inflate(-max(2, int(geo.cell * 0.25)), -max(2, int(geo.cell * 0.25)))
            pygame.draw.rect(surface, c["move_slide"], rect, max(2, int(geo.cell / 12)),
                             border_radius=max(2, int(geo.cell / 6)))
        land = self.cannon_preview(st) if self.cannon_opts else None
        if land is not None:
            C.draw_landing(surface, geo, t, land, st.to_move)
        if hover is not None and self.sel is not None and hover in self.reach:
            self._draw_path(surface, geo, self.reach[hover])

    def _draw_path(self, surface, geo, r) -> None:
        pts = [geo.box_centre(self.sel)] + [geo.box_centre(b) for b in r.path]
        if len(pts) > 1:
            pygame.draw.lines(surface, self.theme.c["hint"], False, pts, max(2, int(geo.cell / 8)))

    def hover_lines(self, st) -> list[str]:
        """The tooltip under the pointer: a walk's cost, the odds of each bridge on its way,
        an attack's forces; a cannon's landing; a TNT case to place."""
        if self.chooser is not None:
            land = self.cannon_preview(st)
            return C.cannon_lines(land) if land is not None else []
        box = self._hover_box()
        if self.sel is not None and self.cannon_opts:
            land = self.cannon_preview(st)
            return C.cannon_lines(land) if land is not None else []
        if self.sel is not None and box in self.reach:
            return C.walk_lines(st, box, self.reach[box], frm=self.sel)
        tnt = self._tnt_at(st, self.mouse) if self.map_rect.collidepoint(self.mouse) else None
        if tnt is not None:
            what = f"under gate {M.GATES[tnt.gate].id}" if tnt.gate >= 0 else \
                f"at bridge {M.BRIDGES[R.BRIDGE_END[tnt.box]].number}"
            return [f"Place TNT {what}, 1 move", "click to place it"]
        if box is not None and M.BOXES[box].section >= 0:
            # the crossed strokes of an attack under way explain themselves where they are drawn
            return R.siege_lines(st, M.BOXES[box].section, self.host.names())
        if box is not None and M.BOXES[box].star and st.occ[box] == R.EMPTY and box not in st.cannon_at:
            # an empty star: a play-test took the stars for the places cannons were lost
            return ["A cannon star: one of the fort's three cannons", "stood here when the war began"]
        return []


_WASHES: dict[tuple[int, int, tuple[int, ...]], pygame.Surface] = {}


def _wash(size: tuple[int, int], col) -> pygame.Surface:
    """A lit box's pale fill: white with a hint of the ring's colour, mostly opaque, so a
    dark digit reads on every section's colour (cached by size and colour)."""
    key = (size[0], size[1], tuple(col))
    img = _WASHES.get(key)
    if img is None:
        if len(_WASHES) > 64:
            _WASHES.clear()
        img = pygame.Surface(size, pygame.SRCALPHA)
        r, g, b = col[:3]
        img.fill((int(r * 0.25 + 255 * 0.75), int(g * 0.25 + 255 * 0.75), int(b * 0.25 + 255 * 0.75), 150))
        _WASHES[key] = img
    return img


def _swords(surface, pos, cell, col) -> None:
    """Two crossed strokes: an attack under way in this section."""
    s = cell * 0.35
    x, y = pos
    w = max(2, int(cell / 8))
    pygame.draw.line(surface, col, (x - s, y - s), (x + s, y + s), w)
    pygame.draw.line(surface, col, (x - s, y + s), (x + s, y - s), w)
