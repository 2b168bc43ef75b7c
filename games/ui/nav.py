"""Navigation without a mouse: the six actions every screen and every board understands.

Keyboards and game controllers (SDL's game controller API, through pygame-ce) are
turned into the same few actions, so a screen or a board handles "up" once and works
with arrows, a d-pad and a stick alike:

    UP / DOWN / LEFT / RIGHT   arrow keys; d-pad; left stick pushed past the dead zone
    PRESS                      Enter, keypad Enter; controller A
    BACK                       Esc; controller B

Space is deliberately *not* PRESS: during play Space performs a spin or a roll and
skips an animation, so a board never sees Space as "press". (Dialogs and the frame's
buttons may treat Space as a press themselves; the result card does not.) Tab and
Start are the frame's, not the boards': Tab moves the focus between the board and
the frame's buttons, Start opens the pause menu (:func:`is_pause`).

**The board contract.** A board implements ``Board.on_nav(action) -> bool`` (True when
it used the action) and draws its own cursor. The frame calls :func:`nav_action`
once per event and hands the action to the board while the board has the focus; a
board does not call :func:`nav_action` itself.

A stick sends a stream of axis events while it moves; :func:`nav_action` answers a
direction only when the stick *crosses* out of the dead zone (one step per push) and
remembers each stick's last side for that. Holding a direction repeats it: that is
:class:`NavRepeat`, driven by the frame's clock (frames and their ``dt``), never by
the wall clock, so tests step it exactly.
"""
from __future__ import annotations

from typing import Any

import pygame

UP = "up"
DOWN = "down"
LEFT = "left"
RIGHT = "right"
PRESS = "press"
BACK = "back"

ACTIONS = (UP, DOWN, LEFT, RIGHT, PRESS, BACK)
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)

#: how far (of 32767) a stick must lean before it counts: worn sticks rest a few
#: thousand off centre, and a half-push is a deliberate one
DEAD_ZONE = 16000
#: a stick counts as back in the middle below this (a little hysteresis, so a stick
#: resting near the dead zone's edge does not chatter)
RELEASE_ZONE = 12000

#: held direction: first repeat after this many seconds of frame time, then every REPEAT_EVERY
REPEAT_DELAY = 0.40
REPEAT_EVERY = 0.12

_KEYS = {
    pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
    pygame.K_RETURN: PRESS, pygame.K_KP_ENTER: PRESS,
    pygame.K_ESCAPE: BACK,
}

_BUTTONS = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP, pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
    pygame.CONTROLLER_BUTTON_A: PRESS, pygame.CONTROLLER_BUTTON_B: BACK,
}

#: stick axis -> (action when negative, action when positive); SDL's y axis grows downwards
_AXES = {
    pygame.CONTROLLER_AXIS_LEFTX: (LEFT, RIGHT),
    pygame.CONTROLLER_AXIS_LEFTY: (UP, DOWN),
}

#: (controller instance id, axis) -> the side the stick last leaned to (-1, 0, +1)
_stick_side: dict[tuple[int, int], int] = {}


def nav_action(event) -> str | None:
    """The navigation action an event stands for, or None.

    Keys: arrows, Enter / keypad Enter (PRESS), Esc (BACK); key presses with Ctrl or
    Alt held are shortcuts, not navigation. Controllers: d-pad, A (PRESS), B (BACK),
    and the left stick, once per push out of the dead zone."""
    kind = getattr(event, "type", None)
    if kind == pygame.KEYDOWN:
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return None
        return _KEYS.get(event.key)
    if kind == pygame.CONTROLLERBUTTONDOWN:
        return _BUTTONS.get(event.button)
    if kind == pygame.CONTROLLERAXISMOTION:
        return _stick(event)
    return None


def _stick(event) -> str | None:
    axis = getattr(event, "axis", None)
    pair = _AXES.get(axis) if isinstance(axis, int) else None
    if pair is None:
        return None
    # asked twice about one event (the app, then a screen), the answer is the same:
    # it is kept on the event, since the stick's remembered side has moved on
    if hasattr(event, "nav_stick"):
        return event.nav_stick
    answer = _stick_answer(event, pair)
    event.nav_stick = answer
    return answer


def _stick_answer(event, pair) -> str | None:
    key = (getattr(event, "instance_id", 0), event.axis)
    value = event.value
    was = _stick_side.get(key, 0)
    if abs(value) < RELEASE_ZONE:
        side = 0
    elif abs(value) >= DEAD_ZONE:
        side = -1 if value < 0 else 1
    else:
        side = was                  # between the two zones: no change either way
    _stick_side[key] = side
    if side != 0 and side != was:
        return pair[0] if side < 0 else pair[1]
    return None


def stick_released(event) -> bool:
    """Whether an axis event brought its stick back to the middle (a held direction ends)."""
    return (getattr(event, "type", None) == pygame.CONTROLLERAXISMOTION and event.axis in _AXES
            and _stick_side.get((getattr(event, "instance_id", 0), event.axis), 0) == 0)


def is_pause(event) -> bool:
    """Controller Start: the pause menu (the frame's, not a board's)."""
    return getattr(event, "type", None) == pygame.CONTROLLERBUTTONDOWN and event.button == pygame.CONTROLLER_BUTTON_START


def is_controller(event) -> bool:
    """An input event from a game controller (buttons, axes)."""
    return getattr(event, "type", None) in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
                                            pygame.CONTROLLERAXISMOTION)


def forget_controller(instance_id: int) -> None:
    """A controller was unplugged: forget its stick (a new one may get its id)."""
    for key in [k for k in _stick_side if k[0] == instance_id]:
        del _stick_side[key]


def reset() -> None:
    """Forget every stick's side (tests start from a stick at rest)."""
    _stick_side.clear()


class NavRepeat:
    """A held d-pad button or stick repeats its direction, on the frame's clock.

    ``press(action)`` starts holding (the first step has already happened: the event
    itself), ``release()`` stops, and ``update(dt)`` returns how many repeats are due
    now. Keys need none of this: SDL's key repeat (``pygame.key.set_repeat``) sends
    repeated KEYDOWN events already."""

    def __init__(self, delay: float = REPEAT_DELAY, every: float = REPEAT_EVERY):
        self.delay, self.every = delay, every
        self.action: str | None = None
        self._t = 0.0

    def press(self, action: str) -> None:
        self.action = action if action in DIRECTIONS else None
        self._t = -self.delay

    def release(self) -> None:
        self.action = None

    def update(self, dt: float) -> int:
        if self.action is None:
            return 0
        self._t += dt
        n = 0
        while self._t >= 0:
            n += 1
            self._t -= self.every
        return n


# -- the boards' cursors: one way to step between places, one look ---------------------------

#: an arrow -> its direction on the screen (y grows downwards)
DIRS = {UP: (0, -1), DOWN: (0, 1), LEFT: (-1, 0), RIGHT: (1, 0)}


def nearest(places: dict, at, action: str):
    """The key of the place nearest ``at`` in the direction of ``action`` (a place
    straight that way before one off to the side), or None when nothing lies that way.
    ``places``: key -> rect. Every board with a cursor over places of one size steps with
    this, so an arrow means the same thing on every board (Cannon Ball's boxes of two
    sizes step with :func:`nearest_edge`, which agrees with this on a regular grid)."""
    dx, dy = DIRS[action]
    best, best_key = None, None
    for key, r in places.items():
        ox, oy = r.centerx - at[0], r.centery - at[1]
        along = ox * dx + oy * dy
        if along <= 1:
            continue
        across = abs(ox * dy) + abs(oy * dx)
        score = along + 2 * across
        if best is None or score < best:
            best, best_key = score, key
    return best_key


def nearest_edge(places: dict, at, action: str, here=None):
    """:func:`nearest` for places of unequal sizes (Cannon Ball's fort and gate boxes
    span two rows): a place is measured at its point nearest ``at``, not its centre, so
    a big box beside a row is reached straight along the row, and the small box straight
    ahead wins over one a little off the line. ``here`` (default ``at``): where the cursor
    stands when ``at`` is a run's line; of two places as far off the line, the one nearer
    ``here`` wins (a row with a gap is followed along its neighbour, not zigzagged)."""
    dx, dy = DIRS[action]
    hx, hy = here if here is not None else at
    best, best_key = None, None
    for key, r in places.items():
        ox = min(max(at[0], r.left), r.right - 1) - at[0]
        oy = min(max(at[1], r.top), r.bottom - 1) - at[1]
        along = ox * dx + oy * dy
        if along <= 1:
            continue
        across = abs(ox * dy) + abs(oy * dx)
        off_here = abs(min(max(hx, r.left), r.right - 1) - hx) * abs(dy) + \
            abs(min(max(hy, r.top), r.bottom - 1) - hy) * abs(dx)
        score = along + 2 * across + off_here
        if best is None or score < best:
            best, best_key = score, key
    return best_key


def point_in(r: pygame.Rect, at, margin: int) -> tuple[int, int]:
    """The point of ``r`` nearest ``at``, kept ``margin`` inside its edges (the centre
    when ``r`` is smaller than that)."""
    lo_x, hi_x = r.left + margin, r.right - margin
    lo_y, hi_y = r.top + margin, r.bottom - margin
    x = r.centerx if lo_x > hi_x else min(max(int(at[0]), lo_x), hi_x)
    y = r.centery if lo_y > hi_y else min(max(int(at[1]), lo_y), hi_y)
    return x, y


class PlacesCursor:
    """A board's cursor over named places (boxes, cells, buttons): shown or not (``on``,
    until the mouse moves), on a place (``at``, a key of ``places()``) that was at ``xy``.
    A board's own cursor derives from it and gives ``places()`` (key -> rect of every
    place a press means something at now) and ``_fix(places)`` (puts the cursor on a
    place that exists now); showing, stepping and forgetting are the same on every board."""

    def __init__(self) -> None:
        self.on = False                        # the cursor is shown (until the mouse moves)
        self.at: Any = None                    # the place it is on (a key of places())
        self.xy: tuple[int, int] | None = None  # where that place was, to find the nearest when it goes

    def places(self) -> dict[Any, pygame.Rect]:
        raise NotImplementedError

    def _fix(self, places: dict[Any, pygame.Rect]) -> None:
        raise NotImplementedError

    def mouse_moved(self, event: pygame.event.Event) -> None:
        """The mouse is in use again: the cursor goes (a motion that moved nothing, as
        SDL sends when a window gains focus, leaves it)."""
        if any(getattr(event, "rel", (1, 1))):
            self.on = False

    def forget(self) -> None:
        """A change of viewer or position: the next seat never sees where the last one pointed."""
        self.on, self.at, self.xy = False, None, None

    def key(self) -> Any:
        """The place the cursor is on, None while it is hidden."""
        if not self.on:
            return None
        self._fix(self.places())
        return self.at

    def step(self, key: Any, action: str) -> Any:
        """The place an arrow leads to from ``key`` (``key`` itself at the edge)."""
        places = self.places()
        if key not in places:
            return key
        return nearest(places, places[key].center, action) or key


def draw_frame_cursor(surface, rect: pygame.Rect, w: int, radius: int) -> None:
    """A board's cursor around ``rect``: a white frame ``w`` wide on a black band, so it
    reads on any board colour, on a piece of any seat and in both palettes alike."""
    w = max(1, int(w))
    pygame.draw.rect(surface, (0, 0, 0), rect.inflate(2 * w, 2 * w), 3 * w, border_radius=radius + w)
    pygame.draw.rect(surface, (255, 255, 255), rect, w, border_radius=radius)
