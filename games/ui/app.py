"""The app loop: one pygame-ce window, a scene stack, settings applied live.

Nothing here runs at import time; ``run_app`` (or ``App(...)`` in tests and
headless commands) opens the window.
"""
from __future__ import annotations

import logging
import os
import sys
import time
from typing import Any

import pygame

from games.core.settings import Settings, load_settings, save_settings
from games.ui import dice, fonts, nav
from games.ui.scene import SceneStack
from games.ui.sound import SoundBoard
from games.ui.theme import Theme
from games.ui.wake import WAKE, Waker

MIN_SIZE = (800, 600)

log = logging.getLogger(__name__)


class NoDisplay(RuntimeError):
    """There is no screen to open a window on (SDL fell back to its invisible driver)."""


#: drivers that draw nowhere: fine when asked for (tests, headless commands), not for the app
INVISIBLE_DRIVERS = ("offscreen", "dummy")


def check_display() -> None:
    """Refuse to run the app invisibly: with no display SDL quietly picks its offscreen
    driver and the window is never seen. Asked for on purpose (SDL_VIDEODRIVER), it's fine.

    :raises NoDisplay: no screen was found.
    """
    if os.environ.get("SDL_VIDEODRIVER"):
        return
    if pygame.display.get_driver() in INVISIBLE_DRIVERS:
        raise NoDisplay("Cannonade needs a screen, and none was found (no DISPLAY or WAYLAND_DISPLAY). "
                        "Start it from a desktop session; for a game without a window see "
                        "`python main.py --help` (arena, screenshot).")


class App:
    def __init__(self, size=None, fullscreen=None, settings: Settings | None = None, audio=True):
        t0 = time.perf_counter()
        if settings is None:
            settings, problem = load_settings()
        else:
            problem = None
        self.settings = settings
        self.startup_problem = problem
        pygame.display.init()
        check_display()
        fonts.clear()              # fonts cached by an earlier window died with it
        dice.clear_caches()        # and the dice's labels keyed on those fonts
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        pygame.display.set_caption("Cannonade")
        self._set_icon()
        if fullscreen is not None:
            settings.fullscreen = bool(fullscreen)
        self.window_size = tuple(size or settings.window_size)
        self.screen = self._open_window()
        self.theme = Theme(self.screen.get_size(), settings.colorblind, settings.ui_factor(self.screen.get_size()))
        self.sound = SoundBoard()
        self._audio = audio
        self.stack = SceneStack()
        self._close_question: Any = None     # the "Close Cannonade?" dialog while it is asked
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_times: list = []         # seconds per frame, for benchmarks
        self.crashes: list = []             # times of unexpected errors caught by the loop
        self.exit_code = 0
        self._records: Any = None           # the evening's record (games.core.records), read when first needed
        self.records_problem: str | None = None
        self.first_frame_at: float | None = None
        self._t0 = t0
        # game controllers: opened as they are plugged in (SDL sends an "added" event for
        # each one already there at start-up too), keyed by their instance id
        self.controllers: dict[int, Any] = {}
        self.nav_repeat = nav.NavRepeat()
        self._held: tuple | None = None     # (instance id, button or axis) holding a direction
        self._controller_api = _init_controllers()
        # wakes the idle loop from another thread (a phone's message: games.ui.wake)
        self.waker = Waker()
        # called with dt at every frame, whatever scene is on top: the phone server's
        # pump (games.ui.phone_seats) must answer phones under a dialog or a hand-over too
        self.tickers: list = []
        pygame.key.start_text_input()

    # -- window ------------------------------------------------------------------
    def _set_icon(self):
        from games.core.paths import asset
        try:
            pygame.display.set_icon(pygame.image.load(asset("icon.png")))
        except (pygame.error, FileNotFoundError) as exc:   # no icon is not worth failing for
            log.warning("window icon not loaded: %s", exc)

    def _open_window(self):
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w, h = self.window_size
        screen = pygame.display.set_mode((max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)), pygame.RESIZABLE)
        _set_minimum_size(MIN_SIZE)
        return screen

    def set_fullscreen(self, on: bool) -> None:
        if on == self.settings.fullscreen and self.screen is not None:
            self.settings.fullscreen = on
        self.settings.fullscreen = on
        self.screen = self._open_window()
        self._relayout()
        self.save_settings()

    def _relayout(self):
        size = self.screen.get_size()
        self.theme.set_ui(self.settings.ui_factor(size))    # "auto" depends on fullscreen and the size
        self.theme.resize(size)
        for s in self.stack.scenes:
            s.layout(size)

    @property
    def size(self):
        return self.screen.get_size()

    # -- scenes ------------------------------------------------------------------
    def push(self, scene) -> None:
        self.stack.push(scene, self.size)

    def pop(self):
        return self.stack.pop()

    def replace_all(self, scene) -> None:
        self.stack.replace_all(scene, self.size)

    # -- the record of past games ---------------------------------------------------------
    def records(self):
        """The record of finished games (games.core.records), read from the data folder once."""
        if self._records is None:
            from games.core import records
            self._records, self.records_problem = records.load()
        return self._records

    # -- settings ------------------------------------------------------------------
    def apply_settings(self) -> None:
        """Apply every setting at once (no restart) and persist them."""
        s = self.settings
        self.theme.colorblind = s.colorblind
        self.sound.set_volumes(s.master_volume, s.effects_volume, s.mute)
        if bool(self.screen.get_flags() & pygame.FULLSCREEN) != s.fullscreen:
            self.screen = self._open_window()
        self._relayout()
        self.save_settings()

    def save_settings(self) -> str | None:
        if not self.settings.fullscreen:
            self.settings.window_size = tuple(self.screen.get_size())
        return save_settings(self.settings)

    # -- loop ------------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.close_window()
            return
        if event.type == WAKE:
            self.waker.woken()          # it only ended the idle wait; the frame does the rest
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.screen = pygame.display.get_surface()
            self._relayout()
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.screen = pygame.display.get_surface()
            self._relayout()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if event.type in (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED):
            self._plugged(event)
            return
        if event.type in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION) \
                and not getattr(event, "repeat", False):
            self._hold(event)
        top = self.stack.top
        if top is not None:
            top.handle_event(event)

    # -- game controllers --------------------------------------------------------------
    def _plugged(self, event) -> None:
        """A controller came or went. Any controller acts for the seat to move (one on the
        sofa, or one per seat passed round a hot-seat game): none is bound to a seat."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            if self._controller_api is None:
                return
            try:
                pad = self._controller_api.Controller(event.device_index)
                iid = pad.as_joystick().get_instance_id()
            except pygame.error as exc:     # gone again already, or not a game controller
                log.warning("controller %s could not be opened: %s", event.device_index, exc)
                return
            self.controllers[iid] = pad
            log.info("controller plugged in: %s (instance %d)", pad.name, iid)
            return
        iid = getattr(event, "instance_id", None)
        if not isinstance(iid, int):
            return
        pad = self.controllers.pop(iid, None)
        nav.forget_controller(iid)
        if self._held is not None and self._held[0] == iid:
            self._held = None
            self.nav_repeat.release()
        if pad is not None:
            log.info("controller unplugged (instance %d)", iid)
            try:
                pad.quit()
            except pygame.error as exc:
                log.warning("closing an unplugged controller: %s", exc)

    def _hold(self, event) -> None:
        """A held d-pad direction or stick repeats (on the frame clock, see ``step``)."""
        iid = getattr(event, "instance_id", 0)
        if event.type == pygame.CONTROLLERAXISMOTION:
            source = (iid, "axis", event.axis)
            action = nav.nav_action(event)
            if action in nav.DIRECTIONS:
                self._held = source
                self.nav_repeat.press(action)
            elif self._held == source and nav.stick_released(event):
                self._held = None
                self.nav_repeat.release()
            return
        source = (iid, "button", event.button)
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            action = nav.nav_action(event)
            if action in nav.DIRECTIONS:
                self._held = source
                self.nav_repeat.press(action)
        elif self._held == source:
            self._held = None
            self.nav_repeat.release()

    def _repeats(self, dt: float) -> None:
        for _ in range(self.nav_repeat.update(dt)):
            action = self.nav_repeat.action
            if action is None or self.stack.top is None:
                return
            iid = self._held[0] if self._held else 0
            self.stack.top.handle_event(pygame.event.Event(
                pygame.CONTROLLERBUTTONDOWN, button=DPAD[action], instance_id=iid, repeat=True))

    def close_window(self) -> None:
        """The window's close button: quit, unless a scene would lose something by it (a
        game that could not be autosaved); then ask first. A second close while asking
        quits: the player meant it."""
        asking = self._close_question is not None and self._close_question in self.stack.scenes
        loses = None if asking else next(
            (why for s in reversed(self.stack.scenes)
             if (why := getattr(s, "closing_loses", lambda: None)()) is not None), None)
        if loses is None:
            self.request_quit()
            return
        from games.ui.dialogs import confirm
        confirm(self, "Close Cannonade?", loses, self.request_quit, yes="Close", destructive=True)
        self._close_question = self.stack.top

    def request_quit(self) -> None:
        """Closing the window: scenes may clean up (cancel AI, autosave)."""
        for s in reversed(self.stack.scenes):
            s.on_exit()
        self.stack.scenes.clear()
        self.running = False

    def step(self, dt: float, events=None) -> None:
        """One frame: events, update, draw. Tests drive the app through this."""
        for event in (pygame.event.get() if events is None else events):
            self.handle(event)
            if not self.running:
                return
        self._repeats(dt)
        for tick in list(self.tickers):
            tick(dt)
        for s in self.stack.updating():
            s.update(dt)
        self.draw()

    def _next_events(self, frames: int) -> list:
        """Wait for the next frame: a 60 Hz tick while animating, else sleep until an event."""
        if frames < 2 or self.stack.wants_frames() or self.nav_repeat.action is not None:
            self.clock.tick(60)
            return pygame.event.get()
        wake = self.stack.wake_in()
        wait = self.IDLE_WAKE if wake is None else max(0.0, min(self.IDLE_WAKE, wake))
        first = pygame.event.wait(int(wait * 1000))
        self.clock.tick()
        return ([] if first.type == pygame.NOEVENT else [first]) + pygame.event.get()

    def draw(self) -> None:
        self.screen.fill(self.theme.c["bg"])
        for s in self.stack.visible():
            s.draw(self.screen)
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter() - self._t0

    #: the longest the loop sleeps without input (a safety net, not a timer anyone needs)
    IDLE_WAKE = 2.0

    def run(self, max_frames: int | None = None) -> None:
        """The loop. While something moves it draws up to 60 frames a second; when
        nothing does (``stack.wants_frames()`` is False) it sleeps until input or the
        next timer (``stack.wake_in()``), so an idle app costs next to no CPU."""
        frames = 0
        last = time.perf_counter()
        while self.running and self.stack.top is not None:
            events = self._next_events(frames)
            now = time.perf_counter()
            dt, last = now - last, now
            t = time.perf_counter()
            try:
                self.step(min(dt, 0.1), events)
            except Exception as exc:  # noqa: BLE001 - logged, the game saved, the player told
                self.crashed(exc)
            self.frame_times.append(time.perf_counter() - t)
            if len(self.frame_times) > 2000:
                del self.frame_times[:1000]
            frames += 1
            if frames == 1 and self._audio:
                # Synthesising the sounds after the first frame keeps start-up fast.
                self.sound.start()
                self.sound.set_volumes(self.settings.master_volume, self.settings.effects_volume, self.settings.mute)
            if os.environ.get("CANNONADE_EXIT_AFTER_FIRST_FRAME") and frames == 1:
                print(f"first-frame {self.first_frame_at:.3f}", flush=True)
                self.running = False
            if max_frames is not None and frames >= max_frames:
                break
        self.save_settings()


    def crashed(self, exc: BaseException) -> None:
        """An error nothing expected: log it, save every game on the stack, tell the
        player where the log is, and carry on; give up (exit code 1) if it repeats at once."""
        log.error("unexpected error in the main loop", exc_info=exc)
        now = time.perf_counter()
        self.crashes = [t for t in self.crashes if now - t < 5.0] + [now]
        for scene in list(self.stack.scenes):
            save = getattr(scene, "emergency_save", None)
            if save is None:
                continue
            try:
                save()
            except Exception:  # noqa: BLE001 - we are already handling an error: log this one too
                log.exception("emergency save failed")
        if len(self.crashes) >= 3:
            log.critical("three errors within five seconds: closing")
            self.exit_code = 1
            self.running = False
            return
        from games.core import logs
        from games.ui.dialogs import Dialog
        if isinstance(self.stack.top, Dialog) and getattr(self.stack.top, "is_error", False):
            return
        d = Dialog(self, "Something went wrong",
                   f"Cannonade hit an error it did not expect ({type(exc).__name__}). Any game in progress "
                   f"is autosaved. The details are in the log file:\n{logs.log_file()}",
                   buttons=(("Carry on", None, None),))
        d.is_error = True           # type: ignore[attr-defined]  # marks the one error dialog (see above)
        self.push(d)


#: the d-pad button a repeated direction is sent as
DPAD = {nav.UP: pygame.CONTROLLER_BUTTON_DPAD_UP, nav.DOWN: pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        nav.LEFT: pygame.CONTROLLER_BUTTON_DPAD_LEFT, nav.RIGHT: pygame.CONTROLLER_BUTTON_DPAD_RIGHT}


def _init_controllers():
    """SDL's game controller API (pygame-ce's ``pygame._sdl2.controller``), or None
    (logged) where it cannot start: the app then plays by keyboard and mouse."""
    try:
        from pygame._sdl2 import controller
        controller.init()
    except (ImportError, pygame.error) as exc:
        log.warning("game controllers unavailable: %s", exc)
        return None
    return controller


def _set_minimum_size(size) -> None:
    """Ask the window manager never to shrink the window below ``size`` (the
    layouts are designed for 800x600 and up; smaller sizes still draw safely)."""
    import warnings
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)   # the display-module bridge is all we need
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error) as exc:
        log.warning("cannot set the window's minimum size: %s", exc)


def run_app(size=None, fullscreen=False) -> int:
    from games.core import logs
    from games.ui.menu import MainMenu
    path = logs.setup_logging()
    log.info("Cannonade starting; log file %s", path)
    from games.core import atomic, paths
    for folder in (paths.data_dir(), paths.saves_dir(), paths.autosave_dir()):
        atomic.clean_stale_temps(folder)     # what a killed writer left behind
    try:
        app = App(size=size, fullscreen=True if fullscreen else None)
    except NoDisplay as exc:
        log.error("no display: %s", exc)
        print(exc, file=sys.stderr)
        pygame.quit()
        return 2
    app.push(MainMenu(app))
    if app.startup_problem:
        from games.ui.dialogs import message
        message(app, "Settings reset", app.startup_problem)
    app.records()
    if app.records_problem:
        from games.ui.dialogs import message
        message(app, "Record of past games", app.records_problem)
    app.run()
    pygame.quit()
    log.info("Cannonade closed (exit code %d)", app.exit_code)
    return app.exit_code
