"""The frame every game is played in: turn banner, board, move log, buttons.

The game brings only a board (``games.ui.board.Board``); this frame owns the
match, the AI players' thread, autosave, undo/redo, hints, the typed move box,
the hand-over screens and the overlays, and it is the board's
:class:`~games.ui.board.Host`. What happens next (a computer thinks, chance is
applied or performed, a person decides here or on a phone, a hand-over, the end)
is the match driver's to say (``games.core.driver``, asked in ``_advance``); the
frame decides how each step looks.

Size (about 1060 lines): the decisions went to the driver, the keys to
``frame_keys.py``, its place in the evening's record to ``game_record.py`` and sharing a
finished game to ``result_card.py``; what is left is the view and the Host. Its next seams are the
review/undo controls and the AI runner glue, each a module of its own.

Views: the frame projects once, for the viewer (``visible_state``, and
``show_move`` for each applied entry's before and after); in a hidden-information
game a board is handed views only, never a full state (after the end, the
review view, as before). ``tests/ui/test_board_views.py`` checks it with a spy.

Chance: outcomes are applied one at a time, each shown to the board with a
true before and after, and the next waits until the board's animation is done.
When the seat that performs a chance event (``state.chance_actor()``) is the
human at the screen and the board asks for it (``board.performance``), the frame
waits for a "Spin!"/"Roll!" (the button, Space, or the board's own gesture); AI
seats never wait. The outcome is the match's seeded draw either way, so when or
how a player clicks never changes it.

Hidden information: ``viewer`` is whose secrets may be drawn. Every change of
viewer goes through :meth:`GameScreen._change_viewer`, which first clears all
seat-private interface state (status line, typed text, hint, the board's
selections and pop-ups), so nothing of one seat's screen reaches the next.
Whatever covers a private view (the pause menu, a prompt, any dialog, the rules)
covers all of it: the board, the banner's help and status lines, the typed text
and the hint (:meth:`GameScreen.covered`); only public text stays. With more than
one person at the table, a private view goes public the moment its seat's
decision is made and someone else (a computer, chance, another person) acts
next, and nothing the room can hear (the hint, a refused move) depends on how a
secret decision was made.

Computer players that misbehave never stall a game: an answer that is not a
legal move, no answer, an error, or a thought past :meth:`GameScreen.think_limit`
all end in the same dialog (Retry, a random move, the menu), which never quotes
the move (it may be a secret set-up); the log has it.

Keyboard and controller: where the focus is (the board or one of the frame's
controls) and what each key does there is ``games/ui/frame_keys.py`` (``self.keys``);
any controller acts for whoever is to move: in a hot-seat game each seat's player may
have their own, or one is passed round.

Why one module still: it is the one place that owns the match while it is played
(turn flow, chance, AI thread, undo, hand-over); the pieces that could stand alone
already do (``banner.py``, ``handover.py``, ``move_log.py``, ``overlays.py``,
``dialogs.py``, ``frame_keys.py``), and what remains shares the frame's state machine.
"""
from __future__ import annotations

import dataclasses
import logging
import math
import os
import random
import time

import pygame

from games.core import logs, saves
from games.core.ai import RandomAI
from games.core.ai_runner import AIRunner, NoAnswer
from games.core.driver import HERE, Chance, End, HandOver as HandOverStep, MatchDriver, Think
from games.core.game import CHANCE, BadNotation, IllegalMove
from games.ui import banner
from games.ui.board import board_class
from games.ui.dialogs import Dialog, confirm, message, prompt
from games.ui.first_tips import FirstTips
from games.ui.frame_keys import FrameKeys
from games.ui.handover import HandOver
from games.ui.move_log import MoveLog
from games.ui.phone_seats import ANIMATING, WHY_MENU, WHY_REVIEW, PhoneSeats
from games.ui.scene import Scene
from games.ui.theme import draw_text, ink_on, wrap_text
from games.ui.widgets import Button, TextField, draw_focus_ring, draw_panel

NOTHING_TO_UNDO = "Nothing to undo."
#: Undo stops where the table saw a result: undoing it would let a player try again
#: (short enough for the status line at 800x600: the longer "..., nor anything before it" was cut)
UNDO_FLOOR_REASON = "A result the table has seen (a roll, a spin or a shot's answer) can't be taken back."

log = logging.getLogger(__name__)


#: a computer's thought longer than this (times the AI-time setting) is taken for a
#: hang: every level's budget is a few seconds, so this is many times the longest
THINK_LIMIT = 30.0
#: a status line stays READ_START seconds plus one for every READ_RATE letters (``say``)
READ_START, READ_RATE = 1.5, 15.0


class GameScreen(Scene):
    crowded = True         # the frame and its board: the UI scale held to what fits (Theme.crowded)
    has_result_card = True   # a finished game's Esc brings its result card back (a lesson's has none)

    def __init__(self, app, match, resumed=False, save_path=None, clock=None, phone_hub=None):
        super().__init__(app)
        self.match = match
        self.info = match.info
        self.save_path = save_path
        # the position a named save was opened at: left as it was, the save itself holds it,
        # and an autosave would only list the same game twice (a play-test opened a save,
        # looked, left, and found a second entry with the same title)
        self._opened_at = self._position_key() if save_path else None
        # the clock the thought limit is measured on: the wall clock, or a test's own
        self.runner = AIRunner(clock) if clock else AIRunner()
        self.hint_runner = AIRunner()
        # what happens next (a thought, chance, a decision, a hand-over) is the driver's
        # to say; this frame decides how it looks. The board is asked, through the driver,
        # whether a chance event is performed (it is made below, so asked late).
        self.driver = MatchDriver(match, performs=lambda view: self.board.performance(view))
        self.hint_move = None             # the hint shown now (the Hint button then plays it)
        self.hint_line = ""               # the hint in words, under the banner while it is shown
        # a transient line under the banner (errors, saves, hints): it lasts its seconds on
        # the wall clock (the loop's frame steps are capped, so they can't time it) and only
        # while the position it speaks of is on the board
        self._clock = clock or time.monotonic
        self.status = ""
        self.status_bad = False
        self._status_until = 0.0
        self._status_pos = -1
        self._pos = 0                     # bumped whenever the position shown changes
        self._autosave_failed: str | None = None   # why autosave fails (shown until one succeeds)
        self._over_shown = False
        self._ai_error = False            # an AI failed: its dialog is up, the match waits
        self._awaiting: str | None = None  # the label of a chance event waiting for its player
        self._time = 0.0
        # The position the board's animation starts from: while the board is busy
        # the banner keeps describing it, so the text never runs ahead of the pieces.
        self._animating_from = None
        self.review_ply: int | None = None   # a past position shown read-only, or None (live)
        self._review_stats: list | None = None   # a finished game's statistics, worked out once
        self.humans = match.human_seats()   # everyone who plays, at the laptop or on a phone
        self.hidden = self.info.hidden_information
        self._public_only = False         # drawing the board as the public sees it (under a cover)
        self.viewer = self.driver.initial_viewer(resumed, self._lone_player_curtain())
        self.board = board_class(self.info)(self)
        b = lambda label, fn, key, **kw: Button(label, fn, key, sound=app.sound, **kw)  # noqa: E731
        self.undo_btn = b("Undo", self.undo, "Ctrl+Z")
        self.redo_btn = b("Redo", self.redo, "Ctrl+Y")
        # the hint makes no sound in a hidden-information game: the room must not hear
        # how a secret decision was made (Hint, then Play it, would be two clicks)
        self.hint_btn = Button("Hint", self.hint, "H", sound=None if self.info.hidden_information else app.sound)
        self.save_btn = b("Save", self.save, "Ctrl+S")
        self.rules_btn = b("Rules", self.rules, "F1")
        self.menu_btn = b("Menu", self.pause, "Esc")
        self._pointer: tuple[int, int] | None = None
        self.buttons = [self.undo_btn, self.redo_btn, self.hint_btn, self.save_btn, self.rules_btn, self.menu_btn]
        # the chance event a player performs; no click sound: the board's spin or roll is the sound
        self.perform_btn = Button("Spin!", self.perform, "Space", primary=True)
        self.move_box = TextField("", placeholder="/ to type a move", max_len=60, on_submit=self.typed_move)
        # where the keys act (the board or one of the frame's controls), and what they do
        self.keys = FrameKeys(self)
        self.log_view = MoveLog(on_pick=lambda i: self.review(i + 1))
        # A loaded hidden-information game resumes behind a hand-over, never on an
        # open grid. It is pushed from on_enter, once this screen is on the stack,
        # so the curtain sits above it rather than buried underneath. (A board may say
        # a lone player needs none: see _lone_player_curtain.)
        # With phone seats the room watches the laptop: it opens on the public view, and
        # the driver hands it to a laptop seat before that seat's own decision.
        self._resume_behind_curtain = (self.driver.resume_behind_curtain(resumed, self._lone_player_curtain())
                                       and not self.driver.phone_seats())
        # the phone seats' server and join screen (games.ui.phone_seats), opened on entering
        self.phones = PhoneSeats(self, kept=phone_hub)   # phone_hub: the last game's, same seats
        # one-line tips the first time something new happens (None: none, as in a lesson)
        self.tips: FirstTips | None = FirstTips(self.info, app.settings)

    # -- what the driver keeps: the laptop's viewer and the computer players ----------------
    @property
    def viewer(self) -> int | None:
        """Whose secrets the laptop may draw (hidden information); None = the public view.
        Changed only through :meth:`_change_viewer` (tests may set it)."""
        return self.driver.viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.driver.viewer = seat

    @property
    def ais(self) -> dict:
        """seat -> the AI playing it (one per seat per match; tests may put their own)."""
        return self.driver.ais

    @ais.setter
    def ais(self, ais: dict) -> None:
        self.driver.ais = ais

    # -- the Host protocol (what a board may ask) -----------------------------------------
    @property
    def sound(self):
        return self.app.sound

    @property
    def settings(self):
        return self.app.settings

    @property
    def seats(self):
        return self.match.seats

    @property
    def options(self):
        return self.match.options

    @property
    def ply(self) -> int:
        """The ply of the position shown (a past one while reviewing)."""
        return self.match.ply if self.review_ply is None else self.review_ply

    def names(self) -> list:
        return self.match.names()

    def visible_state(self):
        """The state or view the board may draw: the full state for perfect
        information; otherwise the viewing seat's view (or the public view). While
        reviewing, the past position, as the viewer may see it (all of it once the
        game is over: the end-of-game reveal)."""
        st = self.match.state if self.review_ply is None else self.match.state_at(self.review_ply)
        if self.hidden and self.review_ply is not None and self.match.is_over():
            return st.review_view()
        return self.driver.project(st, None if self._public_only else self.viewer)

    def can_act(self) -> bool:
        """A human may make the pending decision now (it is theirs and visible)."""
        p = self.match.to_move()
        seat = self.match.seats[p] if p >= 0 else None
        # a phone seat decides on its phone, never at the laptop
        return (seat is not None and self.review_ply is None and seat.is_human and not seat.phone
                and not self.runner.busy and (not self.hidden or self.viewer == p) and not self.board.busy
                and not self._public_only)

    def awaiting_performance(self) -> str | None:
        return None if self._public_only else self._awaiting

    def perform(self) -> None:
        """The player performed the chance event the frame is waiting for."""
        if self._awaiting is None or self.board.busy:
            return
        self._awaiting = None
        self._apply_chance()

    # -- who may see what ----------------------------------------------------------
    def _lone_player_curtain(self) -> bool:
        """Whether a loaded game with one person at the table waits behind a hand-over
        before showing that person's secrets. A board says no with the class attribute
        ``lone_player_curtain = False`` (nobody else at the table: no "Pass to" screen)."""
        return bool(getattr(board_class(self.info), "lone_player_curtain", True))

    def _public_under_cover(self) -> bool:
        """Whether an overlay over a private view may leave the table in sight, drawn as
        the public sees it. A board says yes with ``public_under_cover = True`` when its
        public picture shows nothing of any seat's secrets nor of the seat at the
        screen's choices (a hint, a selection): only what every seat may see."""
        return bool(getattr(self.board, "public_under_cover", False))

    def _change_viewer(self, seat) -> None:
        """The one place the viewer changes: seat-private interface state goes first."""
        self._forget_private()
        self.viewer = seat
        self.board.reset()

    def _forget_private(self) -> None:
        self.status, self.status_bad, self._status_until = "", False, 0.0
        self.move_box.text = ""
        self.move_box.focused = False
        self.keys.on_board = True          # the next seat starts on the board
        self.hint_runner.cancel()
        self.board.forget_private()
        self._set_hint(None)

    def _handover_to(self, seat):
        self._change_viewer(None)
        self.app.push(HandOver(self.app, self.match.seats[seat].name, lambda: self._change_viewer(seat), seat=seat,
                               prompt=self.match.state.view(None).status_text(self.match.names()),
                               on_menu=self.pause))

    # -- layout ----------------------------------------------------------------------
    def layout(self, size):
        t = self.theme
        w, h = size
        self.banner = pygame.Rect(0, 0, w, t.px(64))
        side_w = max(t.px(240), min(int(w * 0.26), t.px(340)))
        self.side = pygame.Rect(w - side_w, self.banner.bottom, side_w, h - self.banner.bottom)
        self.board_rect = pygame.Rect(0, self.banner.bottom, w - side_w, h - self.banner.bottom)
        pad, bh, gap = t.px(10), t.px(40), t.px(8)
        bw = (side_w - 2 * pad - gap) // 2
        y = self.side.bottom - pad - 3 * bh - 2 * gap
        for i, btn in enumerate(self.buttons):
            r, c = divmod(i, 2)
            btn.rect = pygame.Rect(self.side.x + pad + c * (bw + gap), y + r * (bh + gap), bw, bh)
        self.move_box.rect = pygame.Rect(self.side.x + pad, y - gap - t.px(40), side_w - 2 * pad, t.px(40))
        self.log_rect = pygame.Rect(self.side.x + pad, self.side.y + pad, side_w - 2 * pad,
                                    max(0, self.move_box.rect.y - gap - self.side.y - pad))
        pw, ph = t.px(180), t.px(52)
        self.perform_btn.rect = pygame.Rect(self.board_rect.centerx - pw // 2, self.board_rect.bottom - ph - t.px(14),
                                            pw, ph)
        self.board.layout(self.board_rect)

    # -- the flow of play ---------------------------------------------------------
    def on_enter(self):
        self.board.reset()
        if self._resume_behind_curtain:
            self._resume_behind_curtain = False
            seat = self.driver.seat_to_act()
            here = self.driver.here_humans()
            self._handover_to(seat if seat in here else here[0])
        self.phones.open()

    def on_exit(self):
        self.runner.cancel()
        self.hint_runner.cancel()
        self.phones.stop()

    # -- phone seats (games.ui.phone_seats) -------------------------------------------------
    def phone_played(self, entry, before) -> None:
        """A phone's move or perform was applied (by the phones' table): show it as any."""
        self._after_move(entry, before)

    def phones_wait(self):
        """Why a phone's move is not played now (words for the phone), ANIMATING (it waits
        for the board), or None: the laptop shows the game as it stands."""
        if self.match.is_over():
            return None                 # the table says the game is over
        top = self.app.stack.top
        if isinstance(top, HandOver):
            return f"The laptop is being passed to {top.name}."
        if top is not self:
            return getattr(top, "phones_why", None) or WHY_MENU
        if self.review_ply is not None:
            return WHY_REVIEW
        return ANIMATING if self.board.busy else None

    def moved_count(self) -> int:
        """Goes up whenever the position shown changes (a move, undo, redo, review)."""
        return self._pos

    def seats_changed(self) -> None:
        """A seat changed hands (a phone seat played here or by the computer from now on)."""
        self.humans = self.match.human_seats()
        self._awaiting = None
        if not self.driver.phone_seats() and self.viewer is None:
            # no phone left: the laptop shows what it would in a game set up this way (one
            # person against computers sees their own seat; several get hand-overs)
            seat = self.driver.initial_viewer(resumed=False)
            if seat is not None:
                self._change_viewer(seat)
        self._moved_on()
        self.autosave()

    def show_phones(self) -> None:
        """The phones' codes and statuses, with each seat's Here and Computer buttons."""
        if self.phones.running:
            from games.ui import router
            router.open("join", self.app, self, gate=False)

    def submit(self, move) -> bool:
        """A human's move from the board. Illegal moves get a message and change nothing."""
        if not self.can_act():
            self.say("Not your turn yet." if not self.runner.busy else "The computer is thinking.", bad=True)
            return False
        try:
            before = self.match.state.copy()
            entry = self.driver.play(move)
        except IllegalMove as exc:
            self.say(str(exc), bad=True)
            self._private_sound("error")
            return False
        self._after_move(entry, before)
        return True

    def _private_sound(self, name: str) -> None:
        """A sound about the player's own input: silent over a private view with others
        in the room (a refusal can tell what someone tried to do with their secrets)."""
        if self.hidden and self.viewer is not None and len(self.humans) > 1:
            return
        self.app.sound.play(name)

    def typed_move(self, text):
        text = text.strip()
        if not text:
            return
        if self.board.busy and self.review_ply is None:
            # Enter is as deliberate as the click that skips an animation: refusing the move
            # because the last one is still being drawn told the player it was not their turn
            self.board.skip()
        if not self.can_act():
            self.say("You can type a move when it is your turn.", bad=True)
            self.move_box.select_all()        # typing again replaces it, never appends to it
            return
        try:
            move = self.match.state.parse_move(text)
        except BadNotation as exc:
            self._refused(f"I can't read that: {exc}")
            return
        except IllegalMove as exc:
            self._refused(f"Not allowed: {_without_echo(str(exc), text)}")
            return
        if self.submit(move):
            self.move_box.text = ""
            self.move_box.focused = False     # the keys (Ctrl+Z, H, arrows) work again at once
        else:
            self.move_box.select_all()

    def _refused(self, why: str) -> None:
        """A typed move that cannot be played: say why, keep the text selected so typing replaces it."""
        self.say(why, bad=True)
        self._private_sound("error")
        self.move_box.select_all()

    def _after_move(self, entry, before):
        self._moved_on()
        self._animating_from = before
        self._set_hint(None)
        self.hint_runner.cancel()
        if self.driver.goes_public():
            # others are in the room and someone else acts next: whoever made the decision
            # may hand the laptop on, or walk away, straight after it
            self._change_viewer(None)
        self.show_move(entry, before)
        self.autosave()

    def show_move(self, entry, before) -> None:
        """Tell the board of an applied entry (``before``: the full state it was applied
        to), with the position before and after as the viewer may see them: a board is
        handed views, never a full hidden state."""
        v = self.viewer
        if self.hidden and entry.player != v and entry.move is not None:
            # the move itself may be another seat's secret (a set-up, a cover): the board
            # gets the entry as the table sees it, its public text and no move
            entry = dataclasses.replace(entry, move=None)
        self.board.on_move(entry, self.driver.project(before, v), self.driver.project(self.match.state, v))

    def _apply_chance(self):
        before = self.match.state.copy()
        entry = self.driver.apply_chance()
        self._after_move(entry, before)

    def autosave(self):
        try:
            saves.autosave(self.match)
        except (saves.SaveError, OSError) as exc:
            if self._autosave_failed is None:      # logged once, not after every move
                log.warning("autosave failed: %s", exc)
            # drawn in the side column until a save succeeds (see draw)
            why = getattr(exc, "reason", None) or getattr(exc, "strerror", None) or str(exc)
            self._autosave_failed = why.split(";")[0]
            return
        if self._autosave_failed is not None:
            log.info("autosave works again")
        self._autosave_failed = None

    def update(self, dt):
        self._time += dt
        self.move_box.update(dt)
        self.board.update(dt)
        self._poll_hint()
        if self.board.busy:
            return
        self._animating_from = None
        self._advance()

    def wants_frames(self) -> bool:
        """Draw every frame while anything moves or the game can go on by itself."""
        if self.board.animating or self.runner.busy or self.hint_runner.busy:
            return True
        if self._ai_error:
            return False            # its dialog is up: nothing moves until the player answers
        m = self.match
        return (m.is_ai_turn() or (m.to_move() == CHANCE and not self._awaiting)
                or (m.is_over() and not self._over_shown))

    def wake_in(self):
        times = [self.status_t] if self.status_t > 0 else []
        if self.move_box.focused:
            times.append(0.5)
        return min(times) if times else None

    def _advance(self):
        """Carry out the driver's next step if nothing is waiting for a person."""
        if self.match.is_over():
            self._show_game_over()
            return
        if self.app.stack.top is not self or self._ai_error or self.review_ply is not None:
            return      # paused, a dialog, or reviewing: the AI and chance wait
        step = self.driver.next()
        if isinstance(step, End):
            self._show_game_over()
        elif isinstance(step, HandOverStep):
            self._handover_to(step.seat)
        elif isinstance(step, Chance):
            if step.performer is None:
                self._apply_chance()
            elif step.where == HERE:
                self._awaiting = step.label
                self.perform_btn.label = self._awaiting or "Spin!"
            else:
                self._awaiting = None          # performed on the seat's phone: the laptop waits
        elif isinstance(step, Think):
            self._awaiting = None
            self._drive_ai()
        else:
            # an Act: the seat decides, here (on the board) or on its phone; the frame waits
            self._awaiting = None
            if step.where == HERE:
                self._first_tip(step.seat)

    def _first_tip(self, seat: int) -> None:
        """The first time a moment comes for the seat deciding here: its one-line tip
        (games.ui.first_tips), from what that seat sees; never while an animation runs."""
        if self.tips is None or self.board.busy or self.viewer != seat and self.hidden:
            return
        text = self.tips.due(self.visible_state(), seat, self.match.ply)
        if text is not None:
            self.say(f"Tip: {text} (Settings turns tips off)", seconds=12)
            why = self.app.save_settings()
            if why:
                log.warning("the tip shown is not remembered: %s", why)

    def _show_game_over(self):
        if self._over_shown:
            return
        self._over_shown = True
        self._awaiting = None
        from games.ui.result_card import ResultCard, human_won
        if human_won(self.match):
            self.app.sound.play("win")        # the fanfare is for people, not for computers
        if self.hidden:
            self._change_viewer(None)
        self._record_result()
        self.app.push(ResultCard(self.app, self))

    def _record_result(self) -> None:
        """The finished game into the evening's record (``game_record``; a lesson records none)."""
        from games.ui import game_record
        game_record.record_ending(self)

    # -- the computer players ------------------------------------------------------
    def ai_for(self, seat: int):
        return self.driver.ai_for(seat)

    def think_limit(self) -> float:
        """Seconds after which a computer's thought is taken for a hang."""
        return THINK_LIMIT * max(0.5, float(self.app.settings.ai_time))

    def _drive_ai(self):
        m = self.match
        p = m.to_move()
        if not self.runner.busy and self.runner.token != m.ply:
            self.runner.start(self.ai_for(p), m.state.view(p), token=m.ply, time_scale=self.app.settings.ai_time,
                              seed=m.ai_seed())
            return
        if self.runner.busy:
            if self.runner.elapsed() > self.think_limit():
                self.runner.cancel()              # a thread that won't stop is let go, once
                self._ai_failed(p, TimeoutError(f"no move after {self.think_limit():.0f} s"),
                                what=f"has thought for over {self.think_limit():.0f} seconds without moving")
            return
        try:
            done, move = self.runner.poll()
        except Exception as exc:  # noqa: BLE001 - any AI bug (or no answer): logged, told, Retry offered
            self._ai_failed(p, exc)
            return
        if not done:
            return
        why = self._not_a_move(move)
        if why is not None:
            self._ai_failed(p, IllegalMove(why), move=move, what="chose a move the rules don't allow")
            return
        before = m.state.copy()
        self._after_move(self.driver.play(move), before)

    def _not_a_move(self, move) -> str | None:
        """Why an AI's answer can't be played here, or None: it must be a legal move of
        this game in this position (an answer of another kind is a fault too)."""
        try:
            hash(move)
            return self.match.state.why_illegal(move)
        except Exception as exc:  # noqa: BLE001 - junk from an AI: its fault, reported as such
            return f"its answer is not a move of this game ({type(exc).__name__}: {exc})"

    def _ai_failed(self, seat, exc, move=None, what=None):
        who = self.match.seat_label(seat)
        if what is None:
            what = "finished thinking without choosing a move" if isinstance(exc, NoAnswer) else \
                f"failed ({type(exc).__name__})"
        # the move goes to the log only: on screen it could be the computer's secret set-up
        log.error("AI for seat %d (%s) %s at ply %d of %s%s", seat, who, what, self.match.ply, self.info.id,
                  f": its move was {move!r}" if move is not None else "", exc_info=exc)
        self._ai_error = True
        self.autosave()

        def retry():
            self._ai_error = False
            self.runner.cancel()

        def random_move():
            self._ai_error = False
            self.runner.cancel()
            p = self.match.to_move()
            if p == seat:
                mv = RandomAI().choose(self.match.state.view(p), _rng_ctx(self.match.ai_seed("random")))
                before = self.match.state.copy()
                self._after_move(self.driver.play(mv), before)

        text = (f"{who} {what}. This is a fault in the computer player, not your mistake. "
                f"Your game is autosaved. The details are in the log file:\n{logs.log_file()}")
        self.app.push(Dialog(self.app, "The computer player stumbled", text, vertical=True, buttons=(
            ("Retry", retry, None),
            ("Let it play a random move", random_move, None),
            ("Main menu", lambda: self.leave(force=True), None),
        )))

    # -- buttons ------------------------------------------------------------------------
    def banner_title(self, shown) -> str:
        """The banner's first line: what ``shown`` (the position on the board) says of itself."""
        return str(shown.status_text(self.match.names()))

    def help_line(self, short: bool = False) -> str:
        """The banner's "what to do now" line: the board's (its shorter form for a
        narrow banner, "" when it has none)."""
        return self.board.help_short() if short else self.board.help_text()

    def _hint_label(self, covered: bool) -> str:
        """The hint button's label: a hint waiting to be played is the seat's own, so
        under a cover the button is plain."""
        return "Play it" if self.hint_move is not None and not covered else "Hint"

    def _shared_secrets(self) -> bool:
        """Several people share one screen in a hidden-information game: no undo at all."""
        return self.hidden and len(self.humans) > 1

    # -- review: stepping through the game's positions, read-only ------------------------
    def reviewing(self) -> bool:
        return self.review_ply is not None

    def review(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (None, or the last ply: back to the game)."""
        if ply is not None:
            ply = max(0, min(ply, self.match.ply))
            if ply == self.match.ply and not self.match.is_over():
                ply = None
        if ply == self.review_ply:
            return
        self.board.skip()
        self._moved_on()
        self.review_ply = ply
        self.log_view.selected = None if ply is None or ply == 0 else ply - 1
        self._animating_from = None
        self.board.forget_private()
        self.board.reset()

    def review_line(self) -> str:
        n = self.match.ply
        where = "the start" if self.review_ply == 0 else f"move {self.review_ply} of {n}"
        back = "Esc: back to the result" if self.match.is_over() else "Esc: back to the game"
        return f"Reviewing {where}: Left/Right step, Home/End jump, {back}"

    def review_key(self, key) -> bool:
        cur = self.match.ply if self.review_ply is None else self.review_ply
        target = {pygame.K_LEFT: cur - 1, pygame.K_RIGHT: cur + 1, pygame.K_HOME: 0,
                  pygame.K_END: self.match.ply}.get(key)
        if target is None or (self.review_ply is None and key in (pygame.K_RIGHT, pygame.K_END)):
            return False
        self.review(target)
        return True

    def undo(self):
        self.review(None)
        if self._shared_secrets():
            self.explain_undo_off()           # the one wording, as the button's card gives it
            return
        self.runner.cancel()
        from games.ui import game_record
        ended = game_record.ending_id(self.match) if self.match.is_over() else None
        if self.match.undo():
            self._after_jump()
            if ended is not None:
                game_record.withdraw_ending(self, ended)
        else:
            self.explain_undo_off()

    def explain_undo_off(self) -> None:
        why = self.undo_off_reason()
        if why:
            self.say(why, bad=why != NOTHING_TO_UNDO)

    def undo_off_reason(self) -> str:
        """Why Undo is off now, in words ("" while it is on): said on Ctrl+Z and on the
        greyed button's card (a play-test found it greyed after a shot with no word why)."""
        m = self.match
        if self._shared_secrets():
            return "Undo is off when several people share hidden information."
        if m.can_undo():
            return ""
        if m.floor > 0 and any(e.player >= 0 and m.seats[e.player].is_human for e in m.log):
            # the match's undo floor: a roll, a spin or a shot's answer the table has seen
            return UNDO_FLOOR_REASON
        return NOTHING_TO_UNDO

    def redo(self):
        self.review(None)
        if self._shared_secrets():
            return
        self.runner.cancel()
        if self.match.redo():
            self._after_jump()
        else:
            self.say("Nothing to redo.")

    def _after_jump(self):
        self._moved_on()
        self._over_shown = False
        self._animating_from = None
        self._awaiting = None
        self.board.reset()
        self._set_hint(None)
        self.autosave()

    def _set_hint(self, move) -> None:
        self.hint_move = move
        if move is None:
            self.hint_line = ""
        self.board.show_hint(move)
        self.hint_btn.label = "Play it" if move is not None else "Hint"

    def hint(self):
        """Ask for a hint; once one is shown, the same button (or H) plays it."""
        if not self.can_act():
            self.say("Hints are for your own turn.", bad=True)
            return
        if self.hint_move is not None:
            move = self.hint_move
            self._set_hint(None)
            self.submit(move)
            return
        p = self.match.to_move()
        self.hint_runner.start(self.info.make_ai("normal", p, self.match.options), self.match.state.view(p),
                               token=self.match.ply, time_scale=self.app.settings.ai_time,
                               seed=self.match.ai_seed("hint"))
        self.say("Thinking about a hint...")

    def _poll_hint(self):
        runner = self.hint_runner
        token = runner.token
        if token is None:
            return
        try:
            done, move = runner.poll()
        except Exception as exc:  # noqa: BLE001 - a failed hint is told, logged, and harms nothing
            log.error("hint failed at ply %d of %s", self.match.ply, self.info.id, exc_info=exc)
            runner.cancel()
            self.say("No hint this time (the helper failed; see the log).", bad=True)
            return
        if not done:
            return
        fresh = token == self.match.ply and self.can_act()
        runner.cancel()                      # done: stop polling
        if move is not None and fresh:
            self._set_hint(move)
            # a board may say a move in words (``hint_text``) rather than its notation
            words = getattr(self.board, "hint_text", None)
            # said for as long as the hint is shown, not for the status line's few seconds
            # (a play-test: the arrow stayed on the board, its words went after two seconds)
            self.hint_line = f"Hint: {words(move) if words else move} (Play it, or H, makes the move)"
            self.say(self.hint_line)

    def save(self):
        default = saves.default_name(self.match) if not self.save_path else \
            os.path.splitext(os.path.basename(self.save_path))[0]

        def do(name):
            path = self.save_path if (self.save_path and name == default) else saves.new_save_path(name or default)
            try:
                saves.save_match(self.match, path, name=name or default)
            except saves.SaveError as exc:
                log.warning("save failed: %s", exc)
                message(self.app, "Save failed", f"{exc.path}\n\n{exc.reason}")
                self.app.sound.play("error")
                return
            self.save_path = path
            self.say(f"Saved as {os.path.basename(path)}")
        prompt(self.app, "Save game", "Name this save:", default, do)

    def rules(self):
        from games.ui import router
        router.open("rules", self.app, self.info)

    def pause(self):
        """Esc: back from a review; on a finished game, the result card (Rematch, Save,
        Review, Menu); otherwise the pause menu."""
        if self.review_ply is not None and not self.match.is_over():
            self.review(None)
            return
        # the computer goes on thinking under the menu (its move waits until the menu
        # closes): cancelling here cost a thread that ignores cancels a second per Esc
        from games.ui.overlays import PauseMenu
        from games.ui.result_card import ResultCard
        self.app.push(ResultCard(self.app, self) if self.match.is_over() else PauseMenu(self.app, self))

    def _position_key(self) -> tuple:
        return (self.match.ply, self.match.log[-1].text if self.match.log else "")

    def _as_opened(self) -> bool:
        """Still at the position its named save was opened at: leaving loses nothing."""
        return self._opened_at is not None and self._opened_at == self._position_key()

    def leave(self, force=False):
        """Back to the main menu (asks first when the game is unfinished)."""
        # a game not begun (no move yet) loses nothing: no question, and no autosave to
        # continue; nor does a save opened and left as it was
        if not force and self.app.settings.confirm_leave and not self.match.is_over() and self.match.ply > 0 \
                and not self._as_opened():
            self.autosave()                 # what the question promises is true when it is asked
            said = ("It is autosaved; Continue on the main menu brings it back." if self._autosave_failed is None
                    else f"It could not be autosaved: {self._autosave_failed}. Leaving loses it.")
            confirm(self.app, "Leave this game?", said, lambda: self.leave(force=True), yes="Leave", destructive=True)
            return
        self.runner.cancel()
        from games.ui import router
        self.app.replace_all(router.make("menu", self.app))

    def closing_loses(self) -> str | None:
        """What closing the window would lose (the app asks first), or None. A begun game
        is autosaved now; only one that cannot be (a full disk, a locked folder) is lost
        (a play-test: the close button quit at once while "Not saving" showed)."""
        if self.match.is_over() or self.match.ply == 0 or self._as_opened():
            return None
        self.autosave()
        if self._autosave_failed is None:
            return None
        return f"This game could not be autosaved: {self._autosave_failed}. Closing loses it."

    def rematch(self):
        """A new game, the seats turned one place (two seats: sides swapped)."""
        self.runner.cancel()
        self.app.stack.remove(self)
        self.app.push(GameScreen(self.app, self.match.rematch()))

    def same_seats(self):
        """A new game, everyone where they sat (the phones stay joined: the same links)."""
        self.runner.cancel()
        hub = self.phones.keep_for_rematch()
        self.app.stack.remove(self)
        self.app.push(GameScreen(self.app, self.match.rematch(turn=0), phone_hub=hub))

    def standings(self):
        from games.ui import router
        router.open("standings", self.app)

    def ask(self, title, text, on_yes, yes="Yes"):
        confirm(self.app, title, text, on_yes, yes=yes, destructive=True)

    def say(self, text, bad=False, seconds=4.0):
        """A line under the banner for ``seconds`` of wall-clock time (longer for a long
        line: time to read it), while the position it speaks of stays on the board."""
        self.status, self.status_bad = text, bad
        # a play-test typed a move, got a 130-letter reason, and it was gone before it was
        # read: a line stays at least as long as reading it takes (about 15 letters a second)
        seconds = max(seconds, READ_START + len(text) / READ_RATE)
        self._status_until = self._clock() + seconds
        self._status_pos = self._pos

    @property
    def status_t(self) -> float:
        """Seconds the status line still shows (0 once it is over, or its position is gone)."""
        if self._status_pos != self._pos or not self.status:
            return 0.0
        return max(0.0, self._status_until - self._clock())

    def _moved_on(self) -> None:
        """The position shown changed (a move, undo, redo, a review step): what was said
        of the old one goes."""
        self._pos += 1

    def emergency_save(self) -> None:
        """After an unexpected error: keep the game (the crash handler calls this)."""
        self.autosave()

    # -- the focus and the keys (games/ui/frame_keys.py) --------------------------------------
    @property
    def waiting_performance(self) -> str | None:
        """The chance event waiting for its player here (its button's label), or None."""
        return self._awaiting

    def lesson_done(self) -> bool:
        """A lesson played to its end (its game may go on past it): boards stop saying
        they wait for a move. Never in a game."""
        return False

    def has_move_box(self) -> bool:
        """Moves can be typed here ('/' and Ctrl+L focus the box)."""
        return True

    def card_controls(self) -> list:
        """Buttons a screen draws over the move log's place, first in the Tab order
        (none in a game; a lesson's card has them)."""
        return []

    def focused(self):
        """What the keys act on: the board (None) or a frame control."""
        return self.keys.focused()

    def focus_board(self) -> None:
        self.keys.focus_board()

    def focus_control(self, widget) -> None:
        self.keys.focus_control(widget)

    def handle_event(self, event):
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos         # for the greyed Undo's card (the boards keep their own)
        self.keys.handle(event)

    # -- drawing ------------------------------------------------------------------------------
    def shown_state(self):
        """The position the banner describes: the one an animation starts from, until it ends."""
        if self._animating_from is not None and self.board.busy:
            return self._animating_from
        if self.review_ply is not None:
            # the reviewed position's own line (its status is public, as every banner's):
            # a play-test read "Game over: every grid is revealed" over the start's empty grids
            return self.match.state_at(self.review_ply)
        return self.match.state

    def draw(self, surface):
        t, c = self.theme, self.theme.c
        m = self.match
        covered = self.covered()
        self.undo_btn.enabled = m.can_undo() and not self._shared_secrets()
        self.redo_btn.enabled = m.can_redo() and not self._shared_secrets()
        self.hint_btn.enabled = self.can_act() and not covered
        self.hint_btn.label = self._hint_label(covered)
        if covered and self._public_under_cover():
            self._draw_public_board(surface)
        elif covered:
            self._draw_curtain(surface)
        else:
            self.board.draw(surface)

        if self._awaiting and not self.board.busy and self.app.stack.top is self:
            self.place_perform_button()
            self.perform_btn.draw(surface, t)
        banner.draw(surface, self)
        pygame.draw.rect(surface, c["bg2"], self.side)
        log_rect = self.log_rect
        if self._autosave_failed is not None:
            note = self._draw_not_saving(surface)
            log_rect = pygame.Rect(log_rect.x, log_rect.y, log_rect.w, max(0, note.y - t.px(6) - log_rect.y))
        if self.review_ply is not None and m.is_over():
            log_rect = self._draw_review_stats(surface, log_rect)
        if log_rect.h > 0:
            draw_panel(surface, log_rect, t, color=c["bg"])
            held = self._animating_from is not None and self.board.busy and self.review_ply is None
            self.log_view.draw(surface, log_rect, t, m, len(m.log) - 1 if held else None)
        self.move_box.draw(surface, t, hide_text=covered)
        for b in self.buttons:
            b.draw(surface, t)
        if not self.undo_btn.enabled and self._pointer is not None and self.app.stack.top is self \
                and self.undo_btn.rect.collidepoint(self._pointer):
            from games.ui import tooltip
            tooltip.show(surface, t, ["Undo is off", self.undo_off_reason()], self._pointer, surface.get_rect(),
                         max_w=t.px(320))
        focus = self.focused()
        if focus is not None and self.app.stack.top is self and focus is not self.move_box:
            draw_focus_ring(surface, t, focus.rect)

    def _draw_review_stats(self, surface, rect: pygame.Rect) -> pygame.Rect:
        """Reviewing a finished game: its statistics above the move log (the log keeps
        the rest of the column). Returns the log's rect."""
        t, c = self.theme, self.theme.c
        if self._review_stats is None:
            from games.ui.result_card import safe_stats
            self._review_stats = safe_stats(self.match)
        rows = self._review_stats
        if not rows:
            return rect
        from games.ui.result_card import draw_stats, stats_height
        # every figure when the column has the room (two thirds of it at most: the log
        # keeps the rest); the review is where the card sends a reader for them
        h = min(rect.h * 2 // 3, stats_height(t, rows) + t.px(12))
        box = pygame.Rect(rect.x, rect.y, rect.w, h)
        draw_panel(surface, box, t, color=c["bg"])
        draw_stats(surface, t, box.inflate(-t.px(12), -t.px(12)), self.match, rows,
                   more="a taller window shows them")
        return pygame.Rect(rect.x, box.bottom + t.px(6), rect.w, max(0, rect.bottom - box.bottom - t.px(6)))

    def _draw_not_saving(self, surface) -> pygame.Rect:
        """A red note in the side column, above the move box, there until a save succeeds:
        the game is not being saved, and why (the move log gives it the room). Its rect."""
        t, c = self.theme, self.theme.c
        f = t.small_font()
        pad = t.px(6)
        text = f"Not saving: {self._autosave_failed}. The game goes on; each move tries again."
        lines = wrap_text(text, f, self.log_rect.w - 2 * pad)[:5]
        h = len(lines) * f.get_linesize() + 2 * pad
        r = pygame.Rect(self.log_rect.x, self.move_box.rect.y - h - t.px(6), self.log_rect.w, h)
        pygame.draw.rect(surface, c["danger"], r, border_radius=t.px(6))
        ink = ink_on(c["danger"])
        for i, line in enumerate(lines):
            draw_text(surface, line, f, ink, (r.x + pad, r.y + pad + i * f.get_linesize()))
        return r

    def place_perform_button(self) -> None:
        r = self.board.perform_rect()
        if r is not None:
            self.perform_btn.rect = pygame.Rect(r)

    def covered(self) -> bool:
        """In a hidden-information game, anything over a private view hides all of it
        (a pause menu, a dialog, a prompt, the rules): the board, the banner's help and
        status lines, the typed text and the hint. Only public text stays."""
        return self.hidden and self.viewer is not None and self.app.stack.top is not self

    def _draw_public_board(self, surface):
        """The board as the public view shows it, nobody acting: under a cover in a game
        whose board shows only secrets it is not given (the table stays in sight, the
        seat at the screen's secrets and choices do not)."""
        self._public_only = True
        try:
            self.board.draw(surface)
        finally:
            self._public_only = False

    def _draw_curtain(self, surface):
        from games.ui.overlays import draw_curtain
        draw_curtain(surface, self)

    def draw_thinking(self, surface, center):
        t, c = self.theme, self.theme.c
        for i in range(8):
            a = self._time * 5 - i * 0.45
            px = center[0] + math.cos(a) * t.px(12)
            py = center[1] + math.sin(a) * t.px(12)
            pygame.draw.circle(surface, c["accent"], (int(px), int(py)), max(1, t.px(4 - i * 0.4)))


def _rng_ctx(seed: int):
    from games.core.ai import ThinkContext
    return ThinkContext(rng=random.Random(seed))


def _without_echo(why: str, typed: str) -> str:
    """A refusal's reason without the move it repeats: the player has just typed it, and
    the banner cut the reason itself ("Not allowed now: Illegal move e2-e4: no soldier...",
    "... at B2 round: B2 is inside the Stone house: cannons firing roundshot ...")."""
    for echo in (f"Illegal move {typed}: ", f"{typed}: "):
        if why.lower().startswith(echo.lower()) and len(why) > len(echo):
            return why[len(echo):]
    return why
