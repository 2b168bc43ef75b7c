"""The frame every game is played in: turn banner, board, move log, buttons.

The game's own board (``info.scene``) draws the position and turns clicks into
moves; this frame owns the match, the AI runner, autosave, undo/redo, hints,
the typed-move box, hand-overs for hidden information and the overlays.

The board contract (what a game's scene class provides):
    Board(host)                       host is this GameScreen
    layout(rect)                      the board's area
    handle_event(event) -> bool       clicks, drags, keys it understands
    update(dt), draw(surface)
    on_move(entry, before, after)     a move was applied: start its animation
    reset()                           the position jumped (undo, redo, load): redraw, no animation
    busy -> bool                      an animation is running (AI and game-over wait for it)
    show_hint(move)                   draw the suggestion (never play it)
    help_text() -> str                the banner's "what to do now" line for a human
    draw_rules_diagram(key, surface, rect, theme)  (static) pictures for the rules screen
"""
from __future__ import annotations

import math
import os
import random

import pygame

from games.core import saves
from games.core.ai_runner import AIRunner
from games.core.game import CHANCE, IllegalMove
from games.ui.dialogs import confirm, message, prompt
from games.ui.handover import HandOver
from games.ui.move_log import MoveLog
from games.ui.scene import Scene
from games.ui.theme import draw_text, fit_text
from games.ui.widgets import Button, TextField, draw_panel, draw_seat_marker

CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


class GameScreen(Scene):
    def __init__(self, app, match, resumed=False, save_path=None):
        super().__init__(app)
        self.match = match
        self.info = match.info
        self.save_path = save_path
        self.runner = AIRunner()
        self.hint_runner = AIRunner()
        self.hint_ai = None
        self.status = ""                  # a transient line under the banner (errors, saves)
        self.status_t = 0.0
        self.status_bad = False
        self._autosave_failed = False
        self._over_shown = False
        self._time = 0.0
        # The position the board's animation starts from: while the board is busy
        # the banner keeps describing it, so the text never runs ahead of the pieces.
        self._animating_from = None
        self.humans = match.human_seats()
        # Hidden information: whose secrets may be drawn. None = nobody's (public only).
        self.hidden = self.info.hidden_information
        self.viewer = self._initial_viewer(resumed)
        self.board = self.info.scene_class()(self)
        b = lambda label, fn, key, **kw: Button(label, fn, key, sound=app.sound, **kw)
        self.undo_btn = b("Undo", self.undo, "Ctrl+Z")
        self.redo_btn = b("Redo", self.redo, "Ctrl+Y")
        self.hint_btn = b("Hint", self.hint, "H")
        self.save_btn = b("Save", self.save, "Ctrl+S")
        self.rules_btn = b("Rules", self.rules, "F1")
        self.menu_btn = b("Menu", self.pause, "Esc")
        self.buttons = [self.undo_btn, self.redo_btn, self.hint_btn, self.save_btn, self.rules_btn, self.menu_btn]
        self.move_box = TextField("", placeholder="type a move + Enter", max_len=40, on_submit=self.typed_move)
        self.log_view = MoveLog()
        # A loaded hidden-information game resumes behind a hand-over, never on an
        # open grid. It is pushed from on_enter, once this screen is on the stack,
        # so the curtain sits above it rather than buried underneath.
        self._resume_behind_curtain = bool(resumed and self.hidden and self.humans)

    # -- who may see what ----------------------------------------------------------
    def _initial_viewer(self, resumed):
        if not self.hidden:
            return None
        if len(self.humans) == 1:
            return None if resumed else self.humans[0]
        return None

    def _next_human(self):
        p = self.match.to_move()
        if p >= 0 and self.match.seats[p].is_human:
            return p
        return self.humans[0] if len(self.humans) == 1 else (self.viewer if self.viewer is not None else self.humans[0])

    def _handover_to(self, seat):
        self.viewer = None
        self.board.reset()
        self.app.push(HandOver(self.app, self.match.seats[seat].name, lambda: self._reveal(seat)))

    def _reveal(self, seat):
        self.viewer = seat
        self.board.reset()

    def visible_state(self):
        """The state or view the board may draw: the full state for perfect
        information; otherwise the viewing seat's view (or the public view)."""
        if not self.hidden:
            return self.match.state
        return self.match.state.view(self.viewer)

    def can_act(self) -> bool:
        """A human may make the pending decision now (it is theirs and visible)."""
        p = self.match.to_move()
        return (p >= 0 and self.match.seats[p].is_human and not self.runner.busy
                and (not self.hidden or self.viewer == p) and not self.board.busy)

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
                                    self.move_box.rect.y - gap - self.side.y - pad)
        self.board.layout(self.board_rect)

    # -- the flow of play ---------------------------------------------------------
    def on_enter(self):
        self.board.reset()
        if self._resume_behind_curtain:
            self._resume_behind_curtain = False
            self._handover_to(self._next_human())

    def on_exit(self):
        self.runner.cancel()
        self.hint_runner.cancel()

    def submit(self, move) -> bool:
        """A human's move from the board. Illegal moves get a message and change nothing."""
        if not self.can_act():
            self.say("Not your turn yet." if not self.runner.busy else "The computer is thinking.", bad=True)
            return False
        try:
            before = self.match.state.copy()
            entry = self.match.play(move)
        except IllegalMove as exc:
            self.say(str(exc), bad=True)
            self.app.sound.play("error")
            return False
        self._after_move(entry, before)
        return True

    def typed_move(self, text):
        text = text.strip()
        if not text:
            return
        if not self.can_act():
            self.say("You can type a move when it is your turn.", bad=True)
            return
        try:
            move = self.match.state.parse_move(text)
        except IllegalMove as exc:
            self.say(str(exc), bad=True)
            self.app.sound.play("error")
            return
        if self.submit(move):
            self.move_box.text = ""

    def _after_move(self, entry, before):
        self._animating_from = before
        self.board.on_move(entry, before, self.match.state)
        self.board.show_hint(None)
        self.hint_runner.cancel()
        self.autosave()

    def autosave(self):
        try:
            saves.autosave(self.match)
            self._autosave_failed = False
        except (saves.SaveError, OSError) as exc:
            if not self._autosave_failed:   # say it once, not after every move
                self.say(f"Autosave failed: {getattr(exc, 'reason', exc)}", bad=True, seconds=8)
            self._autosave_failed = True

    def update(self, dt):
        self._time += dt
        self.status_t = max(0.0, self.status_t - dt)
        self.move_box.update(dt)
        self.board.update(dt)
        self._poll_hint()
        m = self.match
        if self.board.busy:
            return
        self._animating_from = None
        if m.to_move() == CHANCE:
            before = m.state.copy()
            self._animating_from = before
            for entry in m.resolve_chance():
                self.board.on_move(entry, before, m.state)
                before = m.state.copy()
            self.autosave()
            return
        if m.is_over():
            if not self._over_shown:
                self._over_shown = True
                self.app.sound.play("win")
                from games.ui.overlays import GameOver
                if self.hidden:
                    self.viewer = None
                self.app.push(GameOver(self.app, self))
            return
        if self.app.stack.top is not self:
            return      # paused / dialog: the AI waits
        if self.hidden and len(self.humans) > 1 and m.is_human_turn() and self.viewer != m.to_move():
            self._handover_to(m.to_move())
            return
        if self.hidden and len(self.humans) == 1 and self.viewer is None and m.is_human_turn():
            self._handover_to(self.humans[0])
            return
        if m.is_ai_turn():
            self._drive_ai()

    def _drive_ai(self):
        m = self.match
        if not self.runner.busy and self.runner.token != m.ply:
            p = m.to_move()
            ai = self.info.make_ai(m.seats[p].level, p, m.options)
            self.runner.start(ai, m.state.view(p), token=m.ply, time_scale=self.app.settings.ai_time,
                              seed=random.Random(f"{m.seed}/{m.ply}").randrange(1 << 30))
            return
        try:
            done, move = self.runner.poll()
        except Exception as exc:  # an AI bug must not take the game down
            self.say(f"The computer player failed: {exc}", bad=True, seconds=10)
            return
        if done and move is not None:
            before = m.state.copy()
            try:
                entry = m.play(move)
            except IllegalMove as exc:
                self.say(f"The computer chose an illegal move ({exc}); please report this.", bad=True, seconds=10)
                return
            self.app.sound.play("click")
            self._after_move(entry, before)

    # -- buttons ------------------------------------------------------------------------
    def undo(self):
        if self.hidden and len(self.humans) > 1:
            self.say("Undo is off when several people share hidden information.", bad=True)
            return
        self.runner.cancel()
        if self.match.undo():
            self._over_shown = False
            self._animating_from = None
            self.board.reset()
            self.board.show_hint(None)
            self.autosave()
        else:
            self.say("Nothing to undo.")

    def redo(self):
        if self.hidden and len(self.humans) > 1:
            return
        self.runner.cancel()
        if self.match.redo():
            self._animating_from = None
            self.board.reset()
            self.autosave()
        else:
            self.say("Nothing to redo.")

    def hint(self):
        if not self.can_act():
            self.say("Hints are for your own turn.", bad=True)
            return
        p = self.match.to_move()
        self.hint_ai = self.info.make_ai("normal", p, self.match.options)
        self.hint_runner.start(self.hint_ai, self.match.state.view(p), token=self.match.ply,
                               time_scale=self.app.settings.ai_time, seed=self.match.ply)
        self.say("Thinking about a hint...")

    def _poll_hint(self):
        if self.hint_runner.token is None:
            return
        try:
            done, move = self.hint_runner.poll()
        except Exception as exc:
            self.say(f"No hint: {exc}", bad=True)
            return
        if done and move is not None:
            self.board.show_hint(move)
            self.say(f"Hint: {move}")

    def save(self):
        default = saves.default_name(self.match) if not self.save_path else \
            os.path.splitext(os.path.basename(self.save_path))[0]

        def do(name):
            path = self.save_path if (self.save_path and name == default) else saves.new_save_path(name or default)
            try:
                saves.save_match(self.match, path, name=name or default)
            except saves.SaveError as exc:
                message(self.app, "Save failed", f"{exc.path}\n\n{exc.reason}")
                self.app.sound.play("error")
                return
            self.save_path = path
            self.say(f"Saved as {os.path.basename(path)}")
        prompt(self.app, "Save game", "Name this save:", default, do)

    def rules(self):
        from games.ui.rules_screen import RulesScreen
        self.app.push(RulesScreen(self.app, self.info))

    def pause(self):
        self.runner.cancel()
        from games.ui.overlays import PauseMenu
        self.app.push(PauseMenu(self.app, self))

    def leave(self, force=False):
        """Back to the main menu (asks first when the game is unfinished)."""
        if not force and self.app.settings.confirm_leave and not self.match.is_over():
            confirm(self.app, "Leave this game?", "It is autosaved; Continue on the main menu brings it back.",
                    lambda: self.leave(force=True), yes="Leave")
            return
        self.runner.cancel()
        from games.ui.menu import MainMenu
        self.app.replace_all(MainMenu(self.app))

    def rematch(self):
        self.runner.cancel()
        self.app.stack.remove(self)
        self.app.push(GameScreen(self.app, self.match.rematch()))

    def say(self, text, bad=False, seconds=4.0):
        self.status, self.status_bad, self.status_t = text, bad, seconds

    # -- events --------------------------------------------------------------------------
    def handle_event(self, event):
        if self.move_box.handle_event(event):
            return
        for b in self.buttons:
            if b.handle_event(event):
                return
        if self.log_view.handle_event(event, self.log_rect):
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & CTRL
            if ctrl and event.key == pygame.K_z:
                return self.undo_btn.click()
            if ctrl and event.key == pygame.K_y:
                return self.redo_btn.click()
            if ctrl and event.key == pygame.K_s:
                return self.save_btn.click()
            if event.key == pygame.K_ESCAPE:
                return self.menu_btn.click()
            if event.key == pygame.K_F1:
                return self.rules_btn.click()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_SLASH):
                self.move_box.focused = True
                return
        if self.board.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & CTRL:
            self.hint_btn.click()

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface):
        t, c = self.theme, self.theme.c
        m = self.match
        self.undo_btn.enabled = m.can_undo() and not (self.hidden and len(self.humans) > 1)
        self.redo_btn.enabled = m.can_redo() and not (self.hidden and len(self.humans) > 1)
        self.hint_btn.enabled = self.can_act()
        self.board.draw(surface)
        # banner
        pygame.draw.rect(surface, c["bg2"], self.banner)
        pygame.draw.line(surface, c["edge"], self.banner.bottomleft, self.banner.bottomright, max(1, t.px(2)))
        # what the board shows: the position an animation starts from, until it ends
        shown = self._animating_from if (self._animating_from is not None and self.board.busy) else m.state
        p = shown.current_player()
        x = t.px(16)
        if p >= 0:
            draw_seat_marker(surface, t, p, (x + t.px(12), self.banner.centery), t.px(14))
            x += t.px(34)
        who = m.seats[p].name if p >= 0 else ""
        line = shown.status_text(m.names())
        if p >= 0 and who and who.lower() not in line.lower():
            line = f"{who} - {line}"
        avail = self.banner.w - x - t.px(16)
        draw_text(surface, fit_text(line, t.heading_font(), avail), t.heading_font(), c["text"],
                  (x, self.banner.y + t.px(8)))
        sub = ""
        if self.runner.busy:
            dots = "." * (1 + int(self._time * 3) % 3)
            sub = f"{who} is thinking{dots}"
        elif self.can_act():
            sub = self.board.help_text()
        elif self.status_t <= 0 and m.is_ai_turn() and shown is m.state:
            sub = f"{who} to play"
        if self.status_t > 0:
            sub = self.status
        col = c["danger"] if (self.status_t > 0 and self.status_bad) else c["text_dim"]
        draw_text(surface, fit_text(sub, t.body_font(), avail), t.body_font(), col,
                  (x, self.banner.bottom - t.px(6)), "bottomleft")
        if self.runner.busy:
            self._draw_thinking(surface, (self.banner.right - t.px(28), self.banner.centery))
        # side panel
        pygame.draw.rect(surface, c["bg2"], self.side)
        draw_panel(surface, self.log_rect, t, color=c["bg"])
        self.log_view.draw(surface, self.log_rect, t, m)
        self.move_box.draw(surface, t)
        for b in self.buttons:
            b.draw(surface, t)

    def _draw_thinking(self, surface, center):
        t, c = self.theme, self.theme.c
        for i in range(8):
            a = self._time * 5 - i * 0.45
            px = center[0] + math.cos(a) * t.px(12)
            py = center[1] + math.sin(a) * t.px(12)
            pygame.draw.circle(surface, c["accent"], (int(px), int(py)), max(1, t.px(4 - i * 0.4)))
