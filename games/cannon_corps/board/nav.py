"""Playing the Cannon Corps table without a mouse: the keyboard's arrows, Enter and
Esc, or a gamepad's pad, A and B, as ``games.ui.nav`` names them (``Board.on_nav``).
The board owns one :class:`TableNav` (``board.nav``): the cursor's state is here,
and it reads the board only through its typed methods (the view, the layout, the
tray, the buttons) and presses places through the board's own click code.

The cursor moves over the *places* a click means something at now, for the seat
deciding: setting up, the seven dice in the tray, the spaces of your grid and the
Take back / Clear / Confirm buttons; firing, your grid and every live opponent's
grid (a space there is the shot's target, as a click is); running for cover, your
grid and Stay; deploying, your reserves and your grid. An arrow goes to the nearest
place that way on the screen; "press" does what a click there does (the board's
own click code: the same refusals and the same silence), and "back" lets go of a
picked die or an aimed platoon. The cursor also moves the board's pointer, so the
tooltip and the aim's highlight follow it as they follow the mouse.

Secrets: the places come from the deciding seat's own view and the table's layout
(every live opponent's grid offers all twelve spaces, whatever hides there), the
cursor is drawn only while that seat may act, and ``forget_private`` (every change
of viewer) drops it, so the next seat never sees where the last one pointed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.cannon_corps.rules import SPACES, CorpsView, CoverDecision, DeployDecision, FireDecision, SetupDecision
from games.ui.nav import BACK, DIRS, PRESS, PlacesCursor, draw_frame_cursor, nearest
from games.ui.widgets import draw_focus_ring

if TYPE_CHECKING:
    from games.cannon_corps.board.scene import CorpsBoard
    from games.ui.theme import Theme

#: a place the cursor can be on: ("tray", die), ("cell", seat, space) or ("button", label)
NavKey = tuple[Any, ...]


def draw_cursor(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """The cursor: a white frame on a black band just inside the place (outside it would
    cover the aim's "Power" label over a space), so it reads on the felt, on a die of any
    seat's colour and in both palettes alike."""
    w = max(3, theme.px(3.5))
    draw_frame_cursor(surface, rect.inflate(-2 * w, -2 * w), w, theme.px(6))


class TableNav(PlacesCursor):
    """The cursor of one :class:`~games.cannon_corps.board.scene.CorpsBoard` (``board.nav``)."""

    def __init__(self, board: CorpsBoard) -> None:
        super().__init__()
        self.b = board

    def places(self) -> dict[NavKey, pygame.Rect]:
        """key -> rect of every place a click means something at now, for the seat
        deciding; empty when that is not the seat at the screen."""
        b = self.b
        v = b.view()
        b.ensure_layout(v)
        if v.seat is None or not v.is_my_decision() or b.busy or b.me is None:
            return {}
        p = v.pending
        out: dict[NavKey, pygame.Rect] = {}
        if isinstance(p, (SetupDecision, DeployDecision)):
            for die, r in b.tray_items(v):
                out[("tray", die)] = r
        for sp in SPACES:
            out[("cell", v.seat, sp)] = b.me.cell_rect(sp)
        if isinstance(p, FireDecision):
            for seat, panel in b.panels.items():
                if not panel.big and not v.out[seat]:
                    for sp in SPACES:
                        out[("cell", seat, sp)] = panel.cell_rect(sp)
        for btn in b.buttons(v):
            if btn.enabled:
                out[("button", btn.label)] = btn.rect
        return out

    def act(self, action: str) -> bool:
        """``Board.on_nav``: an arrow, press or back; True when the table took it."""
        b = self.b
        if not b.host.can_act() or b.busy:
            return False
        v = b.view()
        b.check_decision(v)
        if action == BACK:
            if b.sel:
                b.sel = None          # as Esc and the right button do
                return True
            return False
        places = self.places()
        if not places or action not in (*DIRS, PRESS):
            return False
        if not self.on:
            self.on = True           # the first action shows where the cursor is
            self._fix(places, start=True)
            return True
        self._fix(places)
        assert self.at is not None
        if action == PRESS:
            self._press(self.at, places[self.at])
        else:
            self._go(nearest(places, places[self.at].center, action) or self.at, places)
        return True

    def _go(self, key: NavKey, places: dict[NavKey, pygame.Rect]) -> None:
        self.at = key
        self.xy = places[key].center
        self.b.mouse = self.xy         # the tooltip and the aim follow the cursor

    def _fix(self, places: dict[NavKey, pygame.Rect], start: bool = False) -> None:
        """Keep the cursor on a place that is there: where it was, else the place
        nearest where it was (a die that left the tray), else a natural start."""
        if not places:
            return
        if self.at in places and not start:
            assert self.at is not None
            self._go(self.at, places)
            return
        if self.at in places:
            assert self.at is not None
            key = self.at
        elif self.xy is not None:
            x, y = self.xy
            key = min(places, key=lambda k: abs(places[k].centerx - x) + abs(places[k].centery - y))
        else:
            key = self._start(places)
        self._go(key, places)

    def _start(self, places: dict[NavKey, pygame.Rect]) -> NavKey:
        """Where the cursor first shows: the first die of the tray (setting up,
        deploying), the hit platoon (cover), else your first platoon."""
        v: CorpsView = self.b.view()
        p = v.pending
        if isinstance(p, CoverDecision) and ("cell", v.seat, p.space) in places:
            return ("cell", v.seat, p.space)
        trays = [k for k in places if k[0] == "tray"]
        if trays:
            return trays[0]
        mine = sorted((sp for sp, _val in v.my_platoons.values()), key=SPACES.index)
        if mine and ("cell", v.seat, mine[0]) in places:
            return ("cell", v.seat, mine[0])
        return next(iter(places))

    def _press(self, key: NavKey, rect: pygame.Rect) -> None:
        """What a click on the place does: a button is pressed, anything else gets the
        board's own click (same refusals, same silence)."""
        b = self.b
        if key[0] == "button":
            for btn in b.buttons(b.view()):
                if btn.label == key[1]:
                    btn.click()
            return
        pos = rect.center
        b.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def rect(self) -> pygame.Rect | None:
        """Where the cursor is drawn now, or None (hidden, or not this seat's to decide)."""
        if not self.on:
            return None
        return self.places().get(self.at) if self.at is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect()
        if r is None or self.at is None:
            return
        theme = self.b.host.theme
        if self.at[0] == "button":
            draw_focus_ring(surface, theme, r)      # a button: the frame's own focus ring
        else:
            draw_cursor(surface, r, theme)
