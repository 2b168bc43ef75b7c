"""The game frame's keyboard and controller: where the focus is, and what each key does.

The focus is on the board (the default) or on one of the frame's controls (the
Spin!/Roll! button while it waits, the move box, Undo, Redo, Hint, Save, Rules, Menu);
Tab / Shift+Tab (a controller's shoulder buttons) run through them and back to the
board. On the board, arrows, Enter and Esc (d-pad or stick, A, B) go to
``board.on_nav`` while the human at the screen may act: the board moves its own cursor;
an arrow it does not use steps the review (Left) as before, an unused press does
nothing, and an unused back opens the menu. '/' or Ctrl+L puts the focus in the move
box, where Enter sends the move. Space (controller X) performs a waiting spin or roll
and skips an animation, Y is Hint, Start the menu.

:class:`FrameKeys` is the game screen's (``GameScreen.keys``): it holds only the focus
state and reads and presses the screen's own widgets, so the frame's state machine stays
in ``game_screen.py`` and the key routing here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.ui import nav
from games.ui.widgets import FocusGroup, tab_step

if TYPE_CHECKING:
    from games.ui.game_screen import GameScreen

CTRL = pygame.KMOD_CTRL | pygame.KMOD_META


class FrameKeys:
    """Where the keys act (the board or a frame control) and what each one does."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        # the focus off the board: the frame's controls (None while the board has it)
        self.ring = FocusGroup(self.controls, space=False)
        self.on_board = True
        self.eat_slash = False            # '/' focused the move box: its typed '/' is not a move

    # -- the focus: the board or one of the frame's controls -------------------------------
    def controls(self) -> list:
        """The frame's controls in Tab order (after the board): the waiting Spin!/Roll!,
        a screen's own card buttons (a lesson's Next, its end card's offers), the move
        box, then the buttons as they sit, two by two."""
        g = self.screen
        perform = [g.perform_btn] if g.waiting_performance and not g.board.busy else []
        box = [g.move_box] if g.has_move_box() else []
        # a board's own choices (Cannon Ball's "Move turn", "Close gate SW"): a play-test
        # tabbed round the frame and never reached them
        board = g.board.tab_controls() if g.can_act() and not g.board.busy else []
        return perform + board + g.card_controls() + box + g.buttons

    def focused(self) -> Any:
        """What the keys act on: the board (None) or a frame control."""
        self.sync()
        return None if self.on_board else self.ring.get()

    def sync(self) -> None:
        """The mouse may focus the move box, and sending a move or Esc unfocuses it:
        the focus follows."""
        box = self.screen.move_box
        if box.focused:
            if self.on_board or self.ring.current is not box:
                self.on_board = False
                self.ring.current = box
        elif not self.on_board and self.ring.current is box:
            self.on_board = True
        if not self.on_board and self.ring.current is not None and self.ring.current not in self.ring.items():
            # the focused control went away (a Spin! performed, a turn's choice made): the
            # focus goes back to the board, never slides onto the next control (a keyboard
            # play-test spun, and its next Enter pressed End turn: the turn was lost)
            self.on_board = True
            self.ring.current = None
        if not self.on_board and self.ring.get() is None:
            self.on_board = True

    def focus_board(self) -> None:
        box = self.screen.move_box
        self.on_board = True
        box.focused = False
        box.selected = False

    def focus_control(self, widget: Any) -> None:
        self.on_board = False
        self.ring.set(widget)

    def tab(self, d: int) -> None:
        """Tab order: the board, then the frame's controls, round again."""
        self.sync()
        controls = self.ring.items()
        if not controls:
            self.focus_board()
            return
        if self.on_board:
            self.focus_control(controls[0] if d > 0 else controls[-1])
            return
        i = controls.index(self.ring.get()) + d
        if 0 <= i < len(controls):
            self.focus_control(controls[i])
        else:
            self.focus_board()

    # -- events --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """One event for the frame, in order: skipping an animation, Tab, the move box's
        keys, a waiting spin or roll, the buttons, the move log, the menu, a focused
        control, the board's cursor, the shortcuts, the board itself, then H and X."""
        g = self.screen
        if g.board.busy and self.is_skip(event):
            g.board.skip()
            return
        d = tab_step(event)
        if d:
            self.tab(d)
            return
        if self._focus_keys(event):
            return
        self.sync()
        if g.move_box.handle_event(event):
            self.sync()
            return
        g.place_perform_button()
        if g.waiting_performance and (g.perform_btn.handle_event(event) or self.is_space(event)):
            if self.is_space(event):
                g.perform()
            return
        for b in g.buttons:
            if b.handle_event(event):
                return
        if g.log_view.handle_event(event, g.log_rect):
            return
        if nav.is_pause(event):
            g.menu_btn.click()
            return
        if not self.on_board and self._on_control(event):
            return
        if self._nav_board(event):
            return
        if event.type == pygame.KEYDOWN and self._shortcut(event):
            return
        if g.board.handle_event(event):
            return
        self._last_keys(event)

    def _last_keys(self, event: pygame.event.Event) -> None:
        """What nothing else took: H (Y) asks for a hint; X does on the board what Space does."""
        g = self.screen
        if self.is_space(event) and event.type == pygame.CONTROLLERBUTTONDOWN:
            g.board.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                                    scancode=0))
            return
        hint_key = event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & CTRL
        if hint_key or (event.type == pygame.CONTROLLERBUTTONDOWN and event.button == pygame.CONTROLLER_BUTTON_Y):
            g.hint_btn.click()

    def _focus_keys(self, event: pygame.event.Event) -> bool:
        """'/' and Ctrl+L put the focus in the move box (the '/' typed with it is eaten)."""
        if event.type == pygame.TEXTINPUT and self.eat_slash:
            self.eat_slash = False
            if event.text == "/":
                return True
        if event.type != pygame.KEYDOWN:
            return False
        self.eat_slash = False
        box = self.screen.move_box
        to_box = (event.key == pygame.K_SLASH and not box.focused) or \
                 (event.key == pygame.K_l and event.mod & CTRL)
        if not to_box:
            return False
        if not self.screen.has_move_box():
            self.screen.say("There is no move box here: click the board, or move with the arrows and press Enter.")
            return True
        self.focus_control(box)
        self.eat_slash = event.key == pygame.K_SLASH
        return True

    def _on_control(self, event: pygame.event.Event) -> bool:
        """A key or pad event while a frame control has the focus: arrows move it among
        the controls, Enter (A) presses, Esc (B) takes the focus back to the board."""
        action = nav.nav_action(event)
        if action == nav.BACK:
            self.focus_board()
            return True
        if self.ring.handle(event):
            self.sync()
            return True
        return False

    def _nav_board(self, event: pygame.event.Event) -> bool:
        """Arrows, Enter and Esc (d-pad or stick, A, B) with the focus on the board.

        While the human at the screen may act, the board has them first (``on_nav``). An
        arrow it does not use steps the review (Left), as it always has; a press it does
        not use does nothing, except that it performs a waiting spin or roll; a back it
        does not use goes on to the board's Esc and then the menu."""
        g = self.screen
        action = nav.nav_action(event)
        if action is None:
            return False
        acting = g.can_act()
        if action == nav.BACK:
            if event.type == pygame.KEYDOWN and g.board.handle_event(event):
                return True              # the board's own Esc let go of something (as it always has)
            if acting and g.board.on_nav(nav.BACK):
                return True
            g.menu_btn.click()
            return True
        if acting and g.board.on_nav(action):
            return True
        if action == nav.PRESS:
            if g.waiting_performance:
                g.perform()
            return True
        if action in (nav.LEFT, nav.RIGHT):
            g.review_key(pygame.K_LEFT if action == nav.LEFT else pygame.K_RIGHT)
        return True

    @staticmethod
    def is_space(event: pygame.event.Event) -> bool:
        """Space, or a controller's X: performs, skips."""
        if event.type == pygame.KEYDOWN:
            return bool(event.key == pygame.K_SPACE)
        return event.type == pygame.CONTROLLERBUTTONDOWN and event.button == pygame.CONTROLLER_BUTTON_X

    def is_skip(self, event: pygame.event.Event) -> bool:
        # Esc (B) skips an animation only where someone at the laptop plays: with only
        # computers (or phones) every move animates, and Esc must reach the menu (a
        # play-test pressed it five times while two computers played on)
        back = self._someone_here()
        if event.type == pygame.KEYDOWN:
            return event.key == pygame.K_SPACE or (back and event.key == pygame.K_ESCAPE)
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            return event.button in (pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_X) or (
                back and event.button == pygame.CONTROLLER_BUTTON_B)
        return bool(event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                    and self.screen.board_rect.collidepoint(event.pos))

    def _someone_here(self) -> bool:
        return any(s.is_human and not s.phone for s in self.screen.match.seats)

    def _shortcut(self, event: pygame.event.Event) -> bool:
        g = self.screen
        ctrl = event.mod & CTRL
        keys = {pygame.K_z: g.undo_btn, pygame.K_y: g.redo_btn, pygame.K_s: g.save_btn}
        if ctrl and event.key in keys:
            if event.key == pygame.K_z and not g.undo_btn.enabled:
                g.explain_undo_off()      # a greyed Undo pressed by keys says why, as its card does
            keys[event.key].click()
            return True
        if event.key in (pygame.K_HOME, pygame.K_END) and not ctrl and g.review_key(event.key):
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and ctrl:
            g.review_key(event.key)      # Ctrl+arrows step the review even while the board takes arrows
            return True
        if event.key == pygame.K_F1:
            g.rules_btn.click()
            return True
        return False
