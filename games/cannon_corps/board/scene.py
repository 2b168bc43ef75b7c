"""The Cannon Corps table (the board of games/ui/game_screen.py).

What is drawn comes only from ``host.visible_state()``: the viewing seat's
:class:`~games.cannon_corps.rules.CorpsView`, or the public view when
``host.viewer`` is None (a hand-over pending, AIs playing each other, the end).
The viewing seat's grid is large, with its reserves and defeated dice beside
or under it; every other seat is a fogged grid with what the table knows.
Seats are told apart by number as well as colour, hits from misses by shape,
and no text is drawn smaller than ``table_draw.MIN_TEXT_PX``.

This module is the board itself: the contract with the frame and the input
(about 650 lines: the drawing, the layout and the keys already went to the modules below).
The rest lives beside it:

* :mod:`~games.cannon_corps.board.layout`     where everything goes (a pure solver);
* :mod:`~games.cannon_corps.board.animation`  the steps of each move on the shared timeline
  (``self.animator``), moving on ``self.shown``, the moment of the move the table shows;
* :mod:`~games.cannon_corps.board.drawing`    the table's pixels (``self.drawer``); ``table_draw`` its pieces;
* :mod:`~games.cannon_corps.board.nav`        the keys' and a gamepad's cursor (``self.nav``).

Clicks become moves (``setup``, ``fire``, ``cover``/``stay``, ``deploy``) and
go to ``host.submit``; the rules decide whether they are legal.  Running for
cover (a click on a lit space) and staying (the Stay button, or a click on the
hit space) play no sound, so the room cannot hear which it was.

Without a mouse (``nav.py``, ``self.nav``): the arrows, Enter and Esc, or a gamepad's
pad, A and B, move a cursor over the same places, press them and let go.

Hovering shows a tooltip (``tips.py``): your own die's power and what firing
does to it, a reserve, a defeated die, or what the table knows about a space
on another grid (never more than the viewing seat's view holds).  A click that
is refused says why in the status line and in a tooltip by the pointer, until
the pointer leaves that place or the position or the viewer changes; it makes
no sound (a refused cover click must sound like any other).

Why one module of some 630 lines: it is the table's input (set-up, aiming, cover or stay, deploying,
the lesson's marks and restrict) over one selection state the views feed; drawing, layout,
animation, the cursor and tooltips are already their own modules. Its next seam is the click
handling, which could become a piece like the cursor's TableNav.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.cannon_corps.board import layout as L
from games.cannon_corps.board import tips
from games.cannon_corps.board.animation import Animator, Shown, instant_sounds
from games.cannon_corps.board.nav import NavKey, TableNav
from games.cannon_corps.board.drawing import TableDrawer
from games.cannon_corps.rules import (
    DICE, DIE_SIZES, CorpsView, CoverDecision, DeployDecision, Event, FireDecision, GameOver, Move, Phase,
    SetupDecision, ShotEvent, StartDraw, shot_words)
from games.cannon_corps.rules.public import SeatInfo, grid_marks, last_shot, public_table
from games.ui.board import Board, Host
from games.ui.widgets import Button

if TYPE_CHECKING:
    from pygame.font import Font

    from games.core.match import LogEntry
    from games.ui.theme import Theme

#: a point on the screen (a pointer, a click)
Pos = tuple[int, int]


class CorpsBoard(Board):
    #: a lone player is the only one at the table: a loaded game opens on their own grid, no
    #: "Pass to" screen (two play-tests asked who they were to hide it from)
    lone_player_curtain = False

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.shown = Shown()               # the moment of a move the table shows (the animator moves it on)
        self.sel: str | None = None        # a selected die (fire, deploy, setup)
        self.staged: dict[str, str] = {}   # setup: die -> space, before Confirm
        self.stage_order: list[str] = []
        self.mouse: Pos = (-1, -1)
        # a refused click while it is news: (title, reason, ply, viewer, pointer)
        self.refused: tuple[str, str, int, int | None, tuple[int, ...]] | None = None
        self.lay: L.TableLayout = L.solve(self.rect, host.theme, 2, None)
        self._lkey: tuple[Any, ...] | None = None       # what the layout was solved for
        self._vkey: tuple[int, int | None, int] | None = None   # (ply, viewer, epoch) of the cached view
        self._epoch = 0                    # bumped when the position jumps: the cached view is stale
        self._view: CorpsView | None = None
        self._pkey: tuple[Any, ...] | None = None       # what the public table was rebuilt for
        self._pub: list[SeatInfo] = []
        self._sel_key: tuple[int, int | None] | None = None   # (ply, viewer) the selections belong to
        self.animator = Animator(self)
        self.drawer = TableDrawer(self)
        self.nav = TableNav(self)          # the keys' and a gamepad's cursor
        snd = host.sound
        self.btn_confirm = Button("Confirm", self._confirm_setup, primary=True, sound=snd)
        self.btn_clear = Button("Clear", self._clear_setup, sound=snd)
        # (not "Undo": the frame has its own Undo button beside the table)
        self.btn_back = Button("Take back", self._take_back, sound=snd)
        # No click sound: staying and running for cover must sound the same to the room.
        self.btn_stay = Button("Stay (bluff)", self._stay, primary=True)
        self.pulse = 0.0                   # seconds, for a lesson's pulsing marks (drawing.draw_targets)

    # ------------------------------------------------------------------ the layout
    @property
    def panels(self) -> dict[int, L.Panel]:
        return self.lay.panels

    @property
    def me(self) -> L.Panel | None:
        return self.lay.me

    @property
    def strip(self) -> pygame.Rect:
        return self.lay.strip

    @property
    def tray_slots(self) -> list[pygame.Rect]:
        return self.lay.tray_slots

    @property
    def my_dead_slots(self) -> list[pygame.Rect]:
        return self.lay.my_dead_slots

    @property
    def legend_rect(self) -> pygame.Rect | None:
        return self.lay.legend_rect

    @property
    def _panel_cache(self) -> dict[int, tuple[tuple[Any, ...], pygame.Surface]]:
        return self.drawer.panel_cache

    def mode(self, v: CorpsView) -> str:
        setup = v.seat is not None and v.phase is Phase.SETUP and not v.my_platoons and self.shown.mine is None
        return "setup" if setup else "play"

    def ensure_layout(self, v: CorpsView) -> None:
        key = (tuple(self.rect), v.seat, v.num_players, self.mode(v), self.host.theme.scale)
        if key != self._lkey:
            self._lkey = key
            self.lay = L.solve(self.rect, self.host.theme, v.num_players, v.seat, self.mode(v) == "setup")
            for name, btn in (("back", self.btn_back), ("clear", self.btn_clear), ("confirm", self.btn_confirm),
                              ("stay", self.btn_stay)):
                btn.rect = self.lay.buttons[name]

    # ------------------------------------------------------------------ contract
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.timeline.skip()
        self._lkey = None

    def reset(self) -> None:
        super().reset()
        self._epoch += 1
        self._lkey = None
        self._view = None
        self._vkey = None
        self.sync()

    def forget_private(self) -> None:
        """Selections, half-placed set-ups, the hint and the pointer belong to the seat
        at the screen: none of them outlives a change of viewer."""
        super().forget_private()
        self.sel = None
        self.staged, self.stage_order = {}, []
        self.mouse = (-1, -1)
        self.refused = None
        self.nav.forget()

    # the keys' and a gamepad's cursor (``nav.py``): the frame's on_nav, and what the tests read
    def on_nav(self, action: str) -> bool:
        return self.nav.act(action)

    def nav_key(self) -> NavKey | None:
        return self.nav.key()

    def nav_step(self, key: NavKey, action: str) -> NavKey:
        return self.nav.step(key, action)

    def nav_places(self) -> dict[NavKey, pygame.Rect]:
        return self.nav.places()

    def check_decision(self, v: CorpsView) -> None:
        """A new position or viewer: drop selections that belonged to the old one."""
        key = (self.host.ply, self.host.viewer)
        if key != self._sel_key:
            self._sel_key = key
            self.sel = None
            self.refused = None
            if not (isinstance(v.pending, SetupDecision) and v.is_my_decision()):
                self.staged, self.stage_order = {}, []
        self.ensure_layout(v)

    def update(self, dt: float) -> None:
        self.check_decision(self.view())
        self.pulse += dt
        super().update(dt)

    # ------------------------------------------------------------------ a lesson's marks
    # Board.show_targets names what a lesson points at in this table's own keys: a die's
    # name ("d20") marks that die of the viewing seat, on its grid or in its tray, and
    # (seat, space) marks a space of that seat's grid ((seat, "defeated") its row of
    # defeated dice). drawing.draw_targets rings them;
    # with ``restrict`` (a step that asks for one move) the table picks up only marked
    # dice and takes only marked spaces, and says so kindly; the frame judges the move.
    @property
    def animating(self) -> bool:
        return super().animating or bool(self.targets)     # the marks pulse

    def _held(self, die: str | None = None, seat: int | None = None, space: str | None = None) -> bool:
        """Whether a lesson's restrict holds back picking up ``die`` (or taking the space)."""
        if not self.restrict:
            return False
        return die not in self.targets if die is not None else (seat, space) not in self.targets

    def _hold(self, what: str, pos: Pos) -> bool:
        self._refuse(f"This time, {what}.", pos, "In this lesson")
        return True

    def hint_text(self, move: Move) -> str:
        """The frame's "Show me" words for ``move``."""
        k = move.kind
        if k == "setup":
            return "put " + ", ".join(f"the {d} on {sp}" for d, sp in move.placements) + ", then Confirm"
        if k == "fire":
            return f"pick your {move.die}, then {move.space} on the enemy grid"
        if k == "cover":
            return f"run your {move.die} for cover to {move.space}"
        if k == "stay":
            return f"stay with your {move.die} (press Stay)"
        if k == "deploy":
            return f"pick the {move.die} in your reserves, then {move.space}"
        return str(move)

    def _click(self) -> str:
        """How the help says "click": with the keys' or a gamepad's cursor in use, a word
        for either (Enter or A)."""
        return "choose" if self.nav.on else "click"

    def help_text(self) -> str:
        v = self.view()
        p = v.pending
        click = self._click()
        if isinstance(p, SetupDecision):
            n = len(self.staged)
            if n >= 4:
                return f"Press Confirm to hide your four platoons ({click} a placed die to move it)."
            if self.sel:
                return f"{click.capitalize()} an empty space on your grid for the {self.sel} ({n} of 4 placed)."
            # set-up: every die is in the tray ("Your dice"); reserves are what is left after
            return f"Pick one of your dice, then a space on your grid ({n} of 4 placed)."
        if isinstance(p, FireDecision):
            aim = self._aim_help(v)
            return aim[0] if aim else "Pick one of your platoons to fire (its value is the shot's power)."
        if isinstance(p, CoverDecision):
            return (f"Your {p.die} on {p.space} was hit: {click} a lit space "
                    "to run for cover, or Stay (bluff).")
        if isinstance(p, DeployDecision):
            if self.sel:
                return f"{click.capitalize()} an empty space on your grid to deploy the {self.sel}."
            return "A platoon fell: pick a reserve die, then an empty space to deploy it."
        return ""

    def help_short(self) -> str:
        v = self.view()
        aim = self._aim_help(v) if isinstance(v.pending, FireDecision) else None
        return aim[1] if aim else ""

    def _aim_help(self, v: CorpsView) -> tuple[str, str] | None:
        """With a platoon chosen to fire: the help, whole and short, or None."""
        if not (self.sel and self.sel in v.my_platoons):
            return None
        power = v.my_platoons[self.sel][1]
        click = self._click()
        if power == 1:
            return (f"{self.sel} at 1: a FINAL SALVO defeats whatever it hits, then falls. "
                    f"{click.capitalize()} a space on an opponent's grid.",
                    f"{self.sel} at 1: a FINAL SALVO. {click.capitalize()} a space on an opponent's grid.")
        return (f"Power {power} ({self.sel}): {click} a space on any opponent's grid; "
                "it hits that space on every other grid.",
                f"Power {power} ({self.sel}): {click} a space on an opponent's grid.")

    # ------------------------------------------------------------------ what we may see
    def view(self) -> CorpsView:
        """The visible view (cached per position and viewer)."""
        key = (self.host.ply, self.host.viewer, self._epoch)
        if key != self._vkey or self._view is None:
            v = self.host.visible_state()
            assert isinstance(v, CorpsView)
            self._view = v
            self._vkey = key
        return self._view

    def public(self, v: CorpsView | None = None) -> list[SeatInfo]:
        v = v or self.view()
        key = (self._vkey, self.shown.k, len(v.events))
        if key != self._pkey:
            self._pub = public_table(v.events, v.num_players, self.shown.k)
            if self.shown.k is None:
                # the view's revealed grids, once no animation is still telling the events
                # (a finished game's review and its export reveal every grid, ``review_view``,
                # while the table's events reveal only the seats that went out: a play-test
                # saw empty grids under "every grid is revealed")
                for seat, grid in (getattr(v, "revealed", None) or {}).items():
                    if grid and 0 <= seat < len(self._pub) and self._pub[seat].revealed is None:
                        self._pub[seat].revealed = grid_marks(grid)
            self._pkey = key
        return self._pub

    def my_dice(self, v: CorpsView) -> dict[str, tuple[str, int]]:
        """die -> (space, value) of the viewer's platoons as they show now."""
        if v.seat is None:
            return {}
        if self.shown.mine is not None:
            return dict(self.shown.mine)
        if isinstance(v.pending, SetupDecision) and v.is_my_decision():
            return {d: (sp, DIE_SIZES[d]) for d, sp in self.staged.items()}
        return dict(v.my_platoons)

    def my_reserves(self, v: CorpsView) -> list[str]:
        if v.seat is None:
            return []
        if self.shown.my_res is not None:
            return list(self.shown.my_res)
        return [d for d in DICE if d in v.my_reserves]

    def tray_items(self, v: CorpsView) -> list[tuple[str, pygame.Rect]]:
        """[(die, slot rect)] of the dice shown in the reserves tray."""
        slots = self.lay.tray_slots
        if self.mode(v) == "setup":
            return [(d, slots[i]) for i, d in enumerate(DICE) if d not in self.staged and i < len(slots)]
        return [(d, slots[i]) for i, d in enumerate(self.my_reserves(v)) if i < len(slots)]

    def seat_name(self, s: int) -> str:
        seats = self.host.seats
        return seats[s].name if 0 <= s < len(seats) and seats[s].name else f"Player {s + 1}"

    def shot_text(self, s: ShotEvent) -> str:
        return f"{self.seat_name(s.seat)}: \"{shot_words(s.power, s.space, False)}\"" + \
            (" FINAL SALVO!" if s.salvo else "")

    def turn_seat(self, v: CorpsView) -> int | None:
        run = self.animator.running()
        if run is not None:          # while a shot plays out, the marker stays on the shooter
            kind = run.data["kind"]
            if kind == "shot":
                return run.data["ev"].seat
            s = last_shot(v.events, self.shown.k)
            if s is not None and kind not in ("setup", "start"):
                return s.seat
        p = v.pending
        return None if isinstance(p, (GameOver, StartDraw)) else p.seat

    def aim_space(self, v: CorpsView) -> str | None:
        """The space under the pointer on a live opponent's grid (while a
        platoon is selected to fire), or None."""
        if not (self.sel and isinstance(v.pending, FireDecision) and v.is_my_decision()):
            return None
        for s, p in self.panels.items():
            if not p.big and not v.out[s]:
                sp = p.space_at(self.mouse)
                if sp:
                    return sp
        return None

    # ------------------------------------------------------------------ words
    def tooltip_lines(self) -> list[str]:
        """The tooltip at the pointer now: a refused click's reason while the
        pointer stays by it, else what is under the pointer (``tips.py``)."""
        r = self.refused
        if r is not None:
            title, reason, ply, viewer, at = r
            if ply == self.host.ply and viewer == self.host.viewer and \
                    abs(at[0] - self.mouse[0]) + abs(at[1] - self.mouse[1]) <= self.host.theme.px(24):
                return [title, reason]
            self.refused = None          # the pointer left it, or the table moved on: old news
        return tips.hover_lines(self, self.view(), self.mouse)

    def _refuse(self, reason: str, pos: Pos, title: str = "Not allowed") -> None:
        """A click that does nothing here: why, in the status line and by the pointer.
        No sound: during a cover decision the room must hear nothing of it."""
        reason = reason[:1].upper() + reason[1:]
        self.refused = (title, reason, self.host.ply, self.host.viewer, tuple(pos))
        self.host.say(reason, bad=True)

    # ------------------------------------------------------------------ input
    def buttons(self, v: CorpsView) -> list[Button]:
        if v.seat is None or not v.is_my_decision() or self.busy:
            return []
        if isinstance(v.pending, SetupDecision):
            self.btn_confirm.enabled = len(self.staged) == 4 and self.host.can_act()
            self.btn_clear.enabled = bool(self.staged)
            self.btn_back.enabled = bool(self.stage_order)
            return [self.btn_back, self.btn_clear, self.btn_confirm]
        if isinstance(v.pending, CoverDecision):
            self.btn_stay.enabled = self.host.can_act()
            return [self.btn_stay]
        return []

    _buttons = buttons

    def tab_controls(self) -> list:
        """Set-up's Take back, Clear and Confirm, and Stay, for the frame's Tab (a keyboard
        play-test tabbed from the grid straight to the move box)."""
        return [b for b in self.buttons(self.view()) if b.enabled and b.rect.w > 1]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.nav.mouse_moved(event)
            self.mouse = event.pos
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.sel:
            self.sel = None          # Esc lets go of an aimed platoon or a picked die first
            return True
        if self.busy and event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            self.skip()
            return True
        v = self.view()
        self.check_decision(v)
        for b in self.buttons(v):
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            if self.sel:
                self.sel = None
                return True
            return False
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not self.rect.collidepoint(event.pos):
            return False
        self.mouse = event.pos
        if self.busy:          # a click on the table skips the animation to its end
            self.skip()
            return True
        if v.seat is None or not v.is_my_decision():
            return False
        p = v.pending
        if isinstance(p, SetupDecision):
            return self._click_setup(v, event.pos)
        if isinstance(p, FireDecision):
            return self._click_fire(v, event.pos)
        if isinstance(p, CoverDecision):
            return self._click_cover(v, p, event.pos)
        if isinstance(p, DeployDecision):
            return self._click_deploy(v, p, event.pos)
        return False

    def _tray_die_at(self, v: CorpsView, pos: Pos) -> str | None:
        for die, r in self.tray_items(v):
            if r.collidepoint(pos):
                return die
        return None

    def _my_die_at(self, v: CorpsView, space: str) -> str | None:
        for d, (sp, _) in self.my_dice(v).items():
            if sp == space:
                return d
        return None

    def _click_setup(self, v: CorpsView, pos: Pos) -> bool:
        die = self._tray_die_at(v, pos)
        if die:
            if self._held(die=die):
                return self._hold("pick a marked die", pos)
            self.sel = None if self.sel == die else die
            return True
        sp = self.me.space_at(pos) if self.me else None
        if sp is None:
            return False
        there = next((d for d, s in self.staged.items() if s == sp), None)
        if self.sel and self.restrict:     # a lesson's set-up: each die to its own marked space
            want = dict(self.hint.placements).get(self.sel) if getattr(self.hint, "kind", "") == "setup" else None
            if (want is not None and sp != want) or self._held(seat=v.seat, space=sp):
                return self._hold(f"put the {self.sel} on {want}" if want else "use a marked space", pos)
        if self.sel:
            if there:
                self._unstage(there)
            self.staged[self.sel] = sp
            self.stage_order.append(self.sel)
            self.host.sound.play("dice")
            self.sel = there
            return True
        if there:
            self._unstage(there)
            self.sel = there
            return True
        if len(self.staged) < 4:
            self._refuse("Pick one of your dice first, then a space.", pos, "Nothing picked")
        return True

    def _unstage(self, die: str) -> None:
        self.staged.pop(die, None)
        if die in self.stage_order:
            self.stage_order.remove(die)

    def _confirm_setup(self) -> None:
        if len(self.staged) != 4:
            self.host.say("Place four dice first.", bad=True)
            return
        if self.host.submit(Move.setup(self.staged)):
            self.staged, self.stage_order, self.sel = {}, [], None

    def _clear_setup(self) -> None:
        self.staged, self.stage_order, self.sel = {}, [], None

    def _take_back(self) -> None:
        """Setup: the last die placed goes back to the tray."""
        if self.stage_order:
            self._unstage(self.stage_order[-1])

    def _click_fire(self, v: CorpsView, pos: Pos) -> bool:
        if self.me and self.me.grid.collidepoint(pos):
            sp = self.me.space_at(pos)
            d = self._my_die_at(v, sp) if sp else None
            if d and self._held(die=d):
                return self._hold("pick the marked platoon", pos)
            if d:
                self.sel = None if self.sel == d else d
                self.host.sound.play("click")
            return True
        for seat, p in self.panels.items():
            if p.big or v.out[seat]:
                continue
            sp = p.space_at(pos)
            if sp is None:
                continue
            if not self.sel:
                self._refuse("First pick one of your platoons to fire (click it on your grid).", pos,
                             "Nothing picked to fire")
                return True
            if self._held(seat=seat, space=sp):
                return self._hold("aim at the marked space", pos)
            move = Move("fire", self.sel, sp)
            why = v.why_illegal(move)
            if why:
                self._refuse(why, pos)
                return True
            if self.host.submit(move):
                self.sel = None
            return True
        return False

    def _click_cover(self, v: CorpsView, p: CoverDecision, pos: Pos) -> bool:
        if not self.me or not self.me.grid.collidepoint(pos):
            return False
        sp = self.me.space_at(pos)
        if sp is None:
            return True
        if self._held(seat=v.seat, space=sp):
            return self._hold("use the marked space", pos)
        if sp == p.space:
            self._stay()
            return True
        if sp in p.options:
            self.host.submit(Move("cover", p.die, sp))      # silent, like Stay
            return True
        why = v.why_illegal(Move("cover", p.die, sp))
        self._refuse((why + ": pick a lit space, or Stay.") if why else "Pick a lit space, or Stay.", pos)
        return True

    def _stay(self) -> None:
        v = self.view()
        if isinstance(v.pending, CoverDecision) and v.is_my_decision():
            self.host.submit(Move("stay", v.pending.die))

    def _click_deploy(self, v: CorpsView, p: DeployDecision, pos: Pos) -> bool:
        die = self._tray_die_at(v, pos)
        if die:
            if self._held(die=die):
                return self._hold("pick the marked reserve", pos)
            self.sel = None if self.sel == die else die
            return True
        if not self.me or not self.me.grid.collidepoint(pos):
            return False
        sp = self.me.space_at(pos)
        if sp is None:
            return True
        if self._held(seat=v.seat, space=sp):
            return self._hold("use the marked space", pos)
        sel = self.sel
        if sel is None and len(p.reserves) == 1:
            sel = p.reserves[0]
        if sel is None:
            self._refuse("Pick a reserve die first, then an empty space.", pos, "Nothing picked")
            return True
        move = Move("deploy", sel, sp)
        why = v.why_illegal(move)
        if why:
            self._refuse(why, pos)
            return True
        if self.host.submit(move):
            self.sel = None
        return True

    # ------------------------------------------------------------------ animation
    def on_move(self, entry: LogEntry, before: object, after: object) -> None:
        # the frame hands the views of the seat at the screen (host.viewer), never the states.
        # What happened is the entry's public events, plus the viewer's own private notes
        # its view adds; never ``entry.move`` nor its text: a set-up, a cover or stay and a
        # deployment are secrets of their mover, and even the viewer's own move says less
        # than the notes (a shot's answers, damage, halving).
        viewer = self.host.viewer
        bv, av = before, after
        if not (isinstance(bv, CorpsView) and isinstance(av, CorpsView)):
            raise TypeError("the Corps board is handed views of the seat at the screen, never a full state")
        self.hint = None
        new = [e for e in entry.events if isinstance(e, Event)]
        priv = list(av.my_private[len(bv.my_private):]) if viewer is not None else []
        # a move that arrives while another still animates: the older one ends at once
        self.timeline.skip()
        self._view = None
        if self.host.settings.anim_factor() <= 0 or not new:
            instant_sounds(new, self.sound)
            self.sync()
            return
        self.shown = Shown(k=len(bv.events), mine=dict(bv.my_platoons) if viewer is not None else {},
                           my_res=[d for d in DICE if d in bv.my_reserves] if viewer is not None else [],
                           announce=self.shown.announce)
        self.animator.plan(new, len(av.events) - len(new), priv, viewer)

    def sync(self) -> None:
        """The table shows the view as it is (the end of every animation)."""
        s = last_shot(self.view().events)
        # the last shot and its answers stay on the strip until the next shot
        self.shown = Shown(announce=self.shot_text(s.shot) if s else "")

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        v = self.view()
        self.ensure_layout(v)
        self.drawer.draw(surface, v)

    # ------------------------------------------------------------------ for tests and tools
    def cell_center(self, seat: int, space: str) -> Pos:
        """Screen position of ``space`` on ``seat``'s grid (as laid out now)."""
        self.ensure_layout(self.view())
        return self.panels[seat].cell_rect(space).center

    def tray_center(self, die: str) -> Pos | None:
        v = self.view()
        self.ensure_layout(v)
        for d, r in self.tray_items(v):
            if d == die:
                return r.center
        return None

    def _strip_line(self, v: CorpsView) -> tuple[str, Font | None, bool]:
        return self.drawer.strip_line(v)

    # ------------------------------------------------------------------ rules pictures
    @staticmethod
    def draw_rules_diagram(key: str, surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
        from games.cannon_corps.board.diagrams import draw_diagram
        draw_diagram(key, surface, rect, theme)
