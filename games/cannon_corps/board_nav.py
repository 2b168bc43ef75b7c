"""Playing the Cannon Corps table without a mouse: the keyboard's arrows, Enter and
Esc, or a gamepad's pad, A and B, as ``games.ui.nav`` names them (``Board.on_nav``).

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

from typing import TYPE_CHECKING

import pygame

from games.cannon_corps.rules import SPACES, CorpsView, CoverDecision, DeployDecision, FireDecision, SetupDecision
from games.ui.nav import BACK, DIRS, PRESS, draw_frame_cursor, nearest
from games.ui.widgets import draw_focus_ring

if TYPE_CHECKING:
    from games.cannon_corps.scene import CorpsBoard

def draw_cursor(surface, rect: pygame.Rect, theme) -> None:
    """The cursor: a white frame on a black band just inside the place (outside it would
    cover the aim's "Power" label over a space), so it reads on the felt, on a die of any
    seat's colour and in both palettes alike."""
    w = max(3, theme.px(3.5))
    draw_frame_cursor(surface, rect.inflate(-2 * w, -2 * w), w, theme.px(6))


class CorpsNav:
    """The navigation half of :class:`~games.cannon_corps.scene.CorpsBoard` (a mixin)."""

    nav_on: bool = False          # the cursor is shown (until the mouse moves)
    nav_at = None                 # the place it is on (a key of nav_places)
    nav_xy: tuple | None = None   # where that place was, to find the nearest when it goes

    def nav_places(self: "CorpsBoard") -> dict:
        """key -> rect of every place a click means something at now, for the seat
        deciding; empty when that is not the seat at the screen."""
        v = self.view()
        self.ensure_layout(v)
        if v.seat is None or not v.is_my_decision() or self.busy or self.me is None:
            return {}
        p = v.pending
        out: dict = {}
        if isinstance(p, (SetupDecision, DeployDecision)):
            for die, r in self.tray_items(v):
                out[("tray", die)] = r
        for sp in SPACES:
            out[("cell", v.seat, sp)] = self.me.cell_rect(sp)
        if isinstance(p, FireDecision):
            for seat, panel in self.panels.items():
                if not panel.big and not v.out[seat]:
                    for sp in SPACES:
                        out[("cell", seat, sp)] = panel.cell_rect(sp)
        for b in self.buttons(v):
            if b.enabled:
                out[("button", b.label)] = b.rect
        return out

    def nav_mouse_moved(self, event) -> None:
        """The mouse is in use again: the cursor goes (a motion that moved nothing, as
        SDL sends when a window gains focus, leaves it)."""
        if any(getattr(event, "rel", (1, 1))):
            self.nav_on = False

    def nav_key(self: "CorpsBoard"):
        """The place the cursor is on, None while it is hidden."""
        if not self.nav_on:
            return None
        self._nav_fix(self.nav_places())
        return self.nav_at

    def nav_step(self: "CorpsBoard", key, action: str):
        """The place an arrow leads to from ``key`` (``key`` itself at the edge)."""
        places = self.nav_places()
        if key not in places:
            return key
        return nearest(places, places[key].center, action) or key

    def on_nav(self: "CorpsBoard", action: str) -> bool:
        if not self.host.can_act() or self.busy:
            return False
        v = self.view()
        self._check_decision(v)
        if action == BACK:
            if self.sel:
                self.sel = None          # as Esc and the right button do
                return True
            return False
        places = self.nav_places()
        if not places or action not in (*DIRS, PRESS):
            return False
        if not self.nav_on:
            self.nav_on = True           # the first action shows where the cursor is
            self._nav_fix(places, start=True)
            return True
        self._nav_fix(places)
        if action == PRESS:
            self._nav_press(self.nav_at, places[self.nav_at])
        else:
            self._nav_go(nearest(places, places[self.nav_at].center, action) or self.nav_at, places)
        return True

    def _nav_go(self: "CorpsBoard", key, places) -> None:
        self.nav_at = key
        self.nav_xy = places[key].center
        self.mouse = self.nav_xy         # the tooltip and the aim follow the cursor

    def _nav_fix(self: "CorpsBoard", places, start: bool = False) -> None:
        """Keep the cursor on a place that is there: where it was, else the place
        nearest where it was (a die that left the tray), else a natural start."""
        if not places:
            return
        if self.nav_at in places and not start:
            self._nav_go(self.nav_at, places)
            return
        if self.nav_at in places:
            key = self.nav_at
        elif self.nav_xy is not None:
            x, y = self.nav_xy
            key = min(places, key=lambda k: abs(places[k].centerx - x) + abs(places[k].centery - y))
        else:
            key = self._nav_start(places)
        self._nav_go(key, places)

    def _nav_start(self: "CorpsBoard", places):
        """Where the cursor first shows: the first die of the tray (setting up,
        deploying), the hit platoon (cover), else your first platoon."""
        v: CorpsView = self.view()
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

    def _nav_press(self: "CorpsBoard", key, rect) -> None:
        """What a click on the place does: a button is pressed, anything else gets the
        board's own click (same refusals, same silence)."""
        if key[0] == "button":
            for b in self.buttons(self.view()):
                if b.label == key[1]:
                    b.click()
            return
        pos = rect.center
        self.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def nav_rect(self: "CorpsBoard"):
        """Where the cursor is drawn now, or None (hidden, or not this seat's to decide)."""
        if not self.nav_on:
            return None
        places = self.nav_places()
        return places.get(self.nav_at)

    def draw_nav(self: "CorpsBoard", surface) -> None:
        r = self.nav_rect()
        if r is None:
            return
        if self.nav_at[0] == "button":
            draw_focus_ring(surface, self.host.theme, r)      # a button: the frame's own focus ring
        else:
            draw_cursor(surface, r, self.host.theme)
