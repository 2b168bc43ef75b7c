"""Learn: a game's lesson played on its real board, through the real frame (docs/learn.md).

:class:`LearnScreen` is the game frame (``GameScreen``) with a lesson in charge of it:
the side column shows the step's card instead of the move log; the board marks what
the step points at (``Board.show_targets``) and draws the move a step asks for as it
draws a hint; a move the step does not take is refused with the step's kind word and
not played. The other seats and every chance outcome come from the step's script
(the driver's ``ais`` and ``chance_source``), so every step lands as written.

Skip plays the rest of a step as written; Restart takes the match back to where the
step began; Leave keeps the step in the settings (``Settings.learn``), and Learn
opens there again. A lesson is never autosaved as a game, never recorded in the
evening's results, and has no undo (Restart is its undo). At the end: a real game
against Easy, or the menu.
"""
from __future__ import annotations

import logging
import re
from typing import Any

import pygame

from games.core.game import IllegalMove
from games.core.lesson import CHECK, DO, LessonError, LessonRun, replay, written_text
from games.core.match import AI, HUMAN, Match, Seat
from games.ui.game_screen import GameScreen
from games.ui.theme import draw_text, fit_text, wrap_text
from games.ui.widgets import Button, draw_focus_ring, draw_panel

log = logging.getLogger(__name__)
#: how long a step's praise stays under the banner (the next card is up beside it)
PRAISE_SECONDS = 8.0

#: a board's help line may offer typing ("(or type e3-e4)", "or type one"): not in a lesson
_NO_TYPING = re.compile(r"\s*\((?:or )?type [^)]*\)|,? or type [^,:;.)]*")


class ScriptedSeat:
    """A seat the lesson plays: its "thought" is the script's next entry."""

    def __init__(self, screen: "LearnScreen"):
        self.screen = screen

    def choose(self, view, ctx):
        return self.screen.run.scripted_move()


def saved_step(settings, game_id: str) -> int:
    """The step a lesson resumes at (0 once it was finished, or never begun)."""
    entry = settings.learn.get(game_id) if isinstance(settings.learn, dict) else None
    return int(entry.get("step", 0)) if isinstance(entry, dict) else 0


class LearnScreen(GameScreen):
    has_result_card = False   # a lesson ends on its own card, and Esc goes to the menu

    def __init__(self, app, info, step: int | None = None, clock=None):
        self.lesson = info.load_lesson()
        if self.lesson is None:
            raise ValueError(f"{info.title} has no lesson")
        start = saved_step(app.settings, info.id) if step is None else step
        try:
            run = replay(self.lesson, info, upto=start)
        except (LessonError, IllegalMove) as exc:
            # a lesson changed since the place was kept: from the start, never a crash
            log.error("the %s lesson could not resume at step %d: %s", info.id, start + 1, exc)
            run = replay(self.lesson, info, upto=0)
        super().__init__(app, run.match, clock=clock)
        self.run: LessonRun = run
        self.tips = None                    # the lesson is the teacher: no first-time tips in it
        self.driver.chance_source = lambda: self.run.scripted_move()
        self.ais = {s: ScriptedSeat(self) for s in range(len(self.match.seats)) if s != self.lesson.learner}
        b = lambda label, fn, key=None, **kw: Button(label, fn, key, sound=app.sound, **kw)  # noqa: E731
        self.next_btn = b("Next", self.next_card, "Enter", primary=True)
        self.show_btn = self.hint_btn
        self.show_btn.label = "Show me"
        self.restart_btn = b("Restart", self.restart_step)
        self.skip_btn = b("Skip", self.skip_step)
        self.menu_btn.label = "Leave"
        self._end_focused = False          # the end card's offers given the focus once
        self.play_btn = b("Play against Easy", self.play_real, primary=True)
        self.done_btn = b("Back to menu", self.leave_lesson)
        self.buttons = [self.show_btn, self.rules_btn, self.restart_btn, self.skip_btn, self.menu_btn]
        self._guide_key: tuple[Any, ...] | None = None
        self.card_rect = pygame.Rect(0, 0, 1, 1)
        # the step whose card is shown: it follows the lesson only once the board's
        # animation is over, so a card never speaks of a move still being played out
        self.card_i = run.i
        self._keep_place()

    # -- the lesson's hold on the frame ---------------------------------------------------
    def can_act(self) -> bool:
        return super().can_act() and self.run.learner_due()

    def submit(self, move) -> bool:
        if self.can_act():
            why = self.run.judge(move)
            if why is not None:
                self.say(why, bad=True)
                self._private_sound("error")
                self.board.forget_private()
                self._guide_key = None         # the marks and the asked-for move come back
                return False
        return super().submit(move)

    def _advance(self):
        if self.run.finished or self.run.waiting_for_card():
            return                          # a card to read, or the end card: nothing plays
        why = self.run.problem()
        if why is not None:
            log.error("the %s lesson cannot go on: %s", self.info.id, why)
            return
        super()._advance()

    def wants_frames(self) -> bool:
        if self.run.finished or self.run.waiting_for_card():
            return bool(self.board.animating)
        return super().wants_frames()

    def _after_move(self, entry, before):
        super()._after_move(entry, before)
        if self.run.record(entry):
            self._new_step()

    def _new_step(self) -> None:
        self._guide_key = None
        self.board.rest_pointer()
        praise, self.run.praise = self.run.praise, ""
        if praise:
            # the step's own word on what the player just did (a play-test saw only a
            # count in the column change when an attack took a section)
            self.say(praise, seconds=PRAISE_SECONDS)
        self._keep_place()
        if self.run.finished:
            self._finish()

    def _show_game_over(self):
        """The game ended inside the lesson (its last move): the lesson's end card, not
        the result card (a lesson is not one of the evening's games)."""
        self._over_shown = True
        self._awaiting = None
        if self.run.finished:
            self._finish()

    def _record_result(self) -> None:
        """A lesson is not recorded among the evening's results."""

    def autosave(self):
        """A lesson is not a game to continue: its place is kept in the settings instead."""

    def undo(self):
        self.say("In a lesson, Restart takes you back to the step's start.")

    def redo(self):
        self.undo()

    def save(self):
        self.say("A lesson keeps its place by itself: Learn opens it there again.")

    # -- the guide on the board ----------------------------------------------------------------
    def update(self, dt):
        super().update(dt)
        if not self.board.busy:
            self.card_i = self.run.i
        self._guide()
        if self.run.finished and self._card_caught_up() and not self._end_focused:
            # the end card's offers take the focus, ringed, so the arrows choose between them
            # (a play-test pressed Down for "Back to menu", saw nothing move, and Enter
            # started a game)
            self._end_focused = True
            self.focus_control(self.play_btn)

    def _guide(self) -> None:
        """Give the board the step's marks, and the move a DO step asks for, whenever the
        step or the position changes."""
        key = (self.run.i, self.run.k, self.match.ply, self.can_act())
        if key == self._guide_key:
            return
        self._guide_key = key
        step = self.run.step
        if step is None:
            self.board.show_targets(())
            self._set_hint(None)
            return
        want = self._wanted_move()
        self.board.show_targets(step.targets, restrict=step.kind == DO)
        self._set_hint(want)

    def _wanted_move(self):
        """The move a DO step asks for now, as a move of this position (None when the
        player is not the one to act)."""
        text = self.run.expected()
        if text is None or not self.run.learner_due():
            return None
        try:
            return self.match.state.parse_move(text)
        except IllegalMove as exc:
            log.error("the %s lesson's step %d asks for %r: %s", self.info.id, self.run.i + 1, text, exc)
            return None

    def banner_title(self, shown) -> str:
        """Once the lesson is over, the banner says so (a lesson may end before its game
        does: the match would go on to its next deal or turn)."""
        if self.run.finished and self._card_caught_up() and not self.match.is_over():
            return f"{self.lesson.title}: done"
        return super().banner_title(shown)

    def help_line(self, short: bool = False) -> str:
        """The board's line without its "(or type ...)": a lesson has no move box."""
        return _NO_TYPING.sub("", super().help_line(short)).strip()

    def _hint_label(self, covered: bool) -> str:
        return "Show me"

    def lesson_done(self) -> bool:
        return self.run.finished

    def has_move_box(self) -> bool:
        """No move box in a lesson (the card has its place): '/' says so and types nothing
        (a play-test's '/' focused a box it could not see, and the keys after it went astray)."""
        return False

    def _set_hint(self, move) -> None:
        self.hint_move = move
        self.board.show_hint(move)

    def hint(self):
        """Show me: the move the step wants (or the lesson's own example), drawn on the board."""
        step = self.run.step
        if step is None or self.run.waiting_for_card():
            self.say("Read the card, then press Next.")
            return
        if not self.can_act():
            self.say("Watch: the other side is playing.")
            return
        written = step.written_moves()
        any_will_do = ("Any move the card asks for will do here." if step.kind == CHECK
                       else "Any move the rules allow will do here.")
        try:
            text = written_text(written[self.run.k], self.match.state) if self.run.k < len(written) else None
            move = self.match.state.parse_move(text) if text is not None else None
        except IllegalMove:
            move = None              # the player's own road left the written one: any fitting move
        if move is None or self.run.judge(move) is not None:
            self.say(any_will_do)
            return
        self._set_hint(move)
        words = getattr(self.board, "hint_text", None)
        self.say(f"Try this: {words(move) if words else move}", seconds=8)

    # -- the player's controls -------------------------------------------------------------------
    def next_card(self) -> None:
        if not self.run.waiting_for_card():
            return
        if self.run.press_next():
            self._new_step()

    def restart_step(self) -> None:
        """Back to where this step began (the script plays what follows again)."""
        if self.run.finished:
            return
        self.runner.cancel()
        self.board.skip()
        self.match.rewind_to(self.run.step_ply)
        self.run.restart_step()
        self._after_jump()
        self._guide_key = None
        self.say("From the start of this step.")

    def skip_step(self) -> None:
        """Play the rest of this step as the lesson writes it, and go on to the next."""
        if self.run.finished:
            return
        self.runner.cancel()
        self.board.skip()
        try:
            self.run.skip_step()
        except (LessonError, IllegalMove) as exc:
            log.error("the %s lesson could not skip step %d: %s", self.info.id, self.run.i + 1, exc)
            self.say("This step can't be skipped from here: try Restart.", bad=True)
            return
        self._after_jump()
        self._new_step()

    def pause(self):
        """Esc or Leave: ask first (Esc again keeps learning), unless the settings say not
        to confirm leaving or the lesson is over. Leaving loses nothing: Learn opens the
        lesson at this step again."""
        if self.run.finished or not self.app.settings.confirm_leave:
            self.leave_lesson()
            return
        from games.ui.dialogs import Dialog
        self.app.push(Dialog(self.app, "Leave the lesson?",
                             f"Learn opens it again at step {self.run.i + 1}.",
                             buttons=(("Keep learning", None, None), ("Leave", self.leave_lesson, None)),
                             default=0, cancel=0))

    def leave(self, force=False):
        self.leave_lesson()

    def leave_lesson(self) -> None:
        """Back to the menu; Learn opens here again (the step is kept)."""
        self._keep_place()
        self.runner.cancel()
        if len(self.app.stack.scenes) > 1 and self.app.stack.top is self:
            self.app.pop()                 # the menu it was opened from
            return
        from games.ui import router
        self.app.replace_all(router.make("menu", self.app))

    def play_real(self) -> None:
        """The end card's offer: a real game against the computer on Easy."""
        from games.ui import router
        n = self.info.default_seats
        names = self.info.seat_names(n)
        seats = [Seat(HUMAN, "normal", names[0])] + [Seat(AI, "easy", nm) for nm in names[1:n]]
        self.runner.cancel()
        self.app.replace_all(router.make("menu", self.app))
        router.open("game", self.app, Match(self.info, {}, seats, seed=_fresh_seed()))

    def _keep_place(self) -> None:
        """The step to open at next time (and whether the lesson was ever finished)."""
        book = self.app.settings.learn
        done = bool(book.get(self.info.id, {}).get("done")) or self.run.finished
        step = 0 if self.run.finished else self.run.i
        if book.get(self.info.id) == {"step": step, "done": done}:
            return
        book[self.info.id] = {"step": step, "done": done}
        why = self.app.save_settings()
        if why:
            log.warning("lesson progress not kept: %s", why)

    def _finish(self) -> None:
        self._keep_place()
        self.board.show_targets(())
        self._set_hint(None)
        self.app.sound.play("win")

    def card_controls(self) -> list:
        """The card's buttons, in the Tab order (a play-test: at the lesson's end Tab went
        Rules, Leave, board, and "Play against Easy" could not be reached by keyboard)."""
        if self.run.finished and self._card_caught_up():
            return [self.play_btn, self.done_btn]
        if self.run.waiting_for_card() and not self.board.busy:
            return [self.next_btn]
        return []

    # -- events -------------------------------------------------------------------------------
    def handle_event(self, event):
        if self.run.finished and self._card_caught_up():
            for b in (self.play_btn, self.done_btn):
                if b.handle_event(event):
                    return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                    and self.focused() is None:
                self.play_btn.click()          # Enter takes the card's highlighted offer, as Next's Enter does
                return
        elif self.run.waiting_for_card() and not self.board.busy:
            if self.next_btn.handle_event(event):
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                    and self.focused() in (None, self.next_btn):
                self.next_card()          # Enter on a focused Restart or Leave presses that instead
                return
        super().handle_event(event)

    # -- drawing --------------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        t = self.theme
        self.card_rect = pygame.Rect(self.log_rect.x, self.log_rect.y, self.log_rect.w,
                                     self.move_box.rect.bottom - self.log_rect.y)
        bh = t.px(44)
        pad = t.px(10)
        self.next_btn.rect = pygame.Rect(self.card_rect.x + pad, self.card_rect.bottom - bh - pad,
                                         self.card_rect.w - 2 * pad, bh)
        self.done_btn.rect = self.next_btn.rect.copy()
        self.play_btn.rect = self.next_btn.rect.move(0, -bh - t.px(8))
        self.move_box.rect = pygame.Rect(self.card_rect.x, self.card_rect.y, 0, 0)   # no move box in a lesson

    def draw(self, surface):
        # Restart and Skip have nothing to do once the lesson is over
        self.restart_btn.enabled = self.skip_btn.enabled = not self.run.finished
        super().draw(surface)
        self._draw_card(surface)
        focus = self.focused()
        if focus is not None and focus in self.card_controls() and self.app.stack.top is self:
            draw_focus_ring(surface, self.theme, focus.rect)     # the card is drawn over the frame's ring

    def _card_caught_up(self) -> bool:
        return self.card_i == self.run.i

    def card_lines(self, width: int, i: int | None = None) -> tuple[str, str, list[str]]:
        """The heading, the "Step i of n" line and the text wrapped to ``width`` of the
        card of step ``i`` (the one shown by default; past the last: the end card)."""
        t = self.theme
        n = len(self.lesson.steps)
        i = self.card_i if i is None else i
        if i >= n:
            head, sub, text = "Lesson done", f"{self.lesson.title}: all {n} steps", self.lesson.finale
        else:
            s = self.lesson.steps[i]
            head, sub, text = s.title, f"Step {i + 1} of {n}", s.text
        return head, sub, wrap_text(text, t.body_font(), width)

    def _draw_card(self, surface) -> None:
        """The step's card over the move log's place (and the move box's: a lesson types
        no moves it could not click)."""
        t, c = self.theme, self.theme.c
        r = self.card_rect
        pygame.draw.rect(surface, c["bg2"], r)
        draw_panel(surface, r, t, color=c["bg"])
        pad = t.px(12)
        head, sub, lines = self.card_lines(r.w - 2 * pad)
        y = r.y + pad
        # a title too long for the heading's size takes a smaller one before it is cut (a
        # play-test at 800x600: "The Fort Comman...", and the end card's line ran into the edge)
        hf = next((f for f in (t.font(22, bold=True), t.font(18, bold=True)) if f.size(head)[0] <= r.w - 2 * pad),
                  t.font(18, bold=True))
        draw_text(surface, fit_text(head, hf, r.w - 2 * pad), hf, c["accent"], (r.x + pad, y))
        y += t.font(22, bold=True).get_linesize()
        sf = t.small_font()
        if sf.size(sub)[0] > r.w - 2 * pad and ": " in sub:
            sub = sub.split(": ", 1)[1]               # "all 10 steps": the heading names the lesson
        draw_text(surface, fit_text(sub, sf, r.w - 2 * pad), sf, c["text_dim"], (r.x + pad, y))
        y += sf.get_linesize() + t.px(6)
        bf = t.body_font()
        bottom = self._card_bottom()
        for line in lines:
            if y + bf.get_linesize() > bottom:
                break
            draw_text(surface, line, bf, c["text"], (r.x + pad, y))
            y += bf.get_linesize()
        if not self._card_caught_up():
            return                  # the move that ends this step is still being played out
        if self.run.finished:
            self.play_btn.draw(surface, t)
            self.done_btn.draw(surface, t)
        elif self.run.waiting_for_card():
            self.next_btn.draw(surface, t)
        elif self.can_act():
            draw_text(surface, "Your move", sf, c["text_dim"], (r.x + pad, bottom - sf.get_linesize()))

    def _card_bottom(self) -> int:
        """Where the card's text must stop (above its buttons)."""
        if self.run.finished:
            return self.play_btn.rect.y - self.theme.px(6)
        return self.next_btn.rect.y - self.theme.px(6)

    def card_fits(self) -> bool:
        """Every line of the card's text is drawn (the CI font check asks this of every step)."""
        t = self.theme
        pad = t.px(12)
        head, sub, lines = self.card_lines(self.card_rect.w - 2 * pad, self.run.i)
        top = self.card_rect.y + pad + t.font(22, bold=True).get_linesize() + t.small_font().get_linesize() + t.px(6)
        return top + len(lines) * t.body_font().get_linesize() <= self._card_bottom()


def _fresh_seed() -> int:
    import random
    return random.SystemRandom().randrange(1, 10**9)
