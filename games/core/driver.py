"""What happens next in a match: the one place that decides it (DESIGN.md, "Seats and the driver").

A :class:`MatchDriver` looks at a :class:`~games.core.match.Match` and says what is
due now, as a typed step:

* :class:`End`: the game is over;
* :class:`Think`: a computer seat must choose;
* :class:`Chance`: a chance event is due; its ``performer`` is the human seat that
  performs it at the table (spins, rolls) when the board wants it performed, or
  None: nobody performs it, apply it now;
* :class:`Act`: a human seat must decide, at the laptop (``HERE``) or on its phone
  (``PHONE``: a seat with ``Seat.phone``);
* :class:`HandOver`: in a hidden-information game, the laptop must be passed to a
  seat before it acts (it shows another seat's secrets or the public view, and
  more than one person plays at the laptop, or nobody has taken it yet).

The laptop frame (``games.ui.game_screen``), the arena, the smoke and phone seats
all ask it, so the rules of who acts, who performs and who gets a hand-over live
here once. The frame decides how a step looks (threads, animations, the curtain);
the driver decides what the step is.

The driver also keeps what the laptop shows (:attr:`MatchDriver.viewer`, a seat or
None for the public view), since the hand-over depends on it; the frame changes it
in one place (``GameScreen._change_viewer``). Headless, :meth:`MatchDriver.step`
plays a ply with the AI thinking inline (synchronously) and hand-overs accepted at
once, so tests and tools step a game by plies with no clock.

No pygame here: core imports no UI and no particular game.
"""
from __future__ import annotations

import enum
import logging
import random
from dataclasses import dataclass
from typing import Any, Callable, Union

from games.core.ai import AIPlayer, ThinkContext
from games.core.game import CHANCE, TERMINAL, IllegalMove
from games.core.match import LogEntry, Match

log = logging.getLogger(__name__)


class Where(str, enum.Enum):
    """Where a human seat decides."""
    HERE = "here"        # at the laptop
    PHONE = "phone"      # on the seat's own phone

    def __str__(self) -> str:
        return self.value


HERE = Where.HERE
PHONE = Where.PHONE


@dataclass(frozen=True)
class End:
    """The game is over."""


@dataclass(frozen=True)
class Think:
    """The computer seat ``seat`` must choose a move."""
    seat: int


@dataclass(frozen=True)
class Chance:
    """A chance event is due. ``performer``: the human seat that performs it at the
    table (its board asked for a performance: ``label`` is the button, "Spin!" or
    "Roll!"), at ``where``; or None: nobody performs it, apply it now."""
    performer: int | None
    label: str | None = None
    where: Where = HERE


@dataclass(frozen=True)
class Act:
    """The human seat ``seat`` must decide, ``where`` it plays (the laptop or its phone)."""
    seat: int
    where: Where = HERE


@dataclass(frozen=True)
class HandOver:
    """Pass the laptop to ``seat`` before it acts (hidden information)."""
    seat: int


Step = Union[End, Think, Chance, Act, HandOver]


#: asked at a chance event whose actor is a human: the label of its performance
#: ("Spin!", "Roll!"), or None to apply it at once. It is handed the public view (a
#: performance is a fact of the table, never of a seat's secrets).
Performs = Callable[[Any], "str | None"]


class MatchDriver:
    """Says what happens next in ``match`` and carries a step out.

    ``performs``: the board's wish for a performed chance event (see :data:`Performs`);
    None: chance is never performed (the arena, a tool), as for computer seats.
    ``viewer``: what the laptop shows at the start (a seat, or None: the public view);
    see :meth:`initial_viewer` for the frame's rule."""

    def __init__(self, match: Match, performs: Performs | None = None, viewer: int | None = None):
        self.match = match
        self.performs = performs
        self.viewer = viewer
        self.ais: dict[int, AIPlayer] = {}     # seat -> its AI, made once per seat per match
        #: where chance outcomes come from: None, the match's seeded draw; else a function
        #: giving the outcome due now (a lesson's script: every step lands as written)
        self.chance_source: Callable[[], Any] | None = None

    # -- who is where -------------------------------------------------------------------
    @property
    def hidden(self) -> bool:
        return bool(self.match.info.hidden_information)

    def here_humans(self) -> list[int]:
        """The human seats played at the laptop (a phone seat is not at the laptop)."""
        return [i for i, s in enumerate(self.match.seats) if s.is_human and not s.phone]

    def phone_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.match.seats) if s.is_human and s.phone]

    def where(self, seat: int) -> Where:
        return PHONE if self.match.seats[seat].phone else HERE

    def initial_viewer(self, resumed: bool, lone_player_curtain: bool = True) -> int | None:
        """What the laptop shows when a match opens: a perfect-information game, or one
        with several people at the laptop, starts public (a hand-over comes before the
        first private decision); one person alone at the laptop sees their own seat at
        once, except a loaded game whose board wants a curtain for a lone player too
        (``lone_player_curtain``). With phone seats the room sees the laptop too, so it
        starts public."""
        here = self.here_humans()
        if not self.hidden or self.phone_seats():
            return None
        if len(here) == 1:
            return None if resumed and lone_player_curtain else here[0]
        return None

    def resume_behind_curtain(self, resumed: bool, lone_player_curtain: bool = True) -> bool:
        """Whether a loaded hidden-information game opens behind a hand-over (never a finished
        one: every secret is shown at the end, and a play-test was asked to look away from
        a game-over board)."""
        here = self.here_humans()
        return bool(resumed and self.hidden and here and (len(here) > 1 or lone_player_curtain)
                    and not self.match.is_over())

    # -- what happens next -------------------------------------------------------------------
    def performer(self) -> int | None:
        """At a chance event: the human seat that performs it, if the board wants it
        performed (None: nobody; apply it at once)."""
        return self._performance()[0]

    def _performance(self) -> tuple[int | None, str | None]:
        m = self.match
        actor = m.state.chance_actor()
        if actor is None or not (0 <= actor < len(m.seats)) or not m.seats[actor].is_human:
            return None, None
        if self.performs is None:
            return None, None
        label = self.performs(self.project(m.state, None))
        return (actor, label) if label else (None, None)

    def seat_to_act(self) -> int | None:
        """The human seat whose decision (or chance performance) is due, if any."""
        m = self.match
        p = m.to_move()
        if p >= 0:
            return p if m.seats[p].is_human else None
        if p == CHANCE:
            return self.performer()
        return None

    def next(self) -> Step:
        """What happens now (see the module's docstring)."""
        m = self.match
        p = m.to_move()
        if p == TERMINAL:
            return End()
        if p == CHANCE:
            actor, label = self._performance()
            if actor is None:
                return Chance(None)
            if self._needs_hand_over(actor):
                return HandOver(actor)
            return Chance(actor, label, self.where(actor))
        if not m.seats[p].is_human:
            return Think(p)
        if self._needs_hand_over(p):
            return HandOver(p)
        return Act(p, self.where(p))

    def _needs_hand_over(self, seat: int) -> bool:
        """A seat at the laptop must be handed it before acting in a hidden-information
        game when the laptop shows someone else (another seat, or the public view) and
        either more than one person plays at it or it shows the public view (nobody has
        taken it yet: a loaded game, or after the screen went public). A phone seat acts
        on its phone: never a hand-over."""
        if not self.hidden or self.match.seats[seat].phone or self.viewer == seat:
            return False
        return len(self.here_humans()) > 1 or self.viewer is None

    def goes_public(self) -> bool:
        """After a move: whether the laptop's private view goes public at once because
        someone else acts next (a computer, chance, another person, a phone seat) and
        others can see the laptop (several people at it, or phone players at the table):
        whoever decided may hand the laptop on, or walk away, straight after it."""
        if not (self.hidden and self.viewer is not None):
            return False
        if not (len(self.here_humans()) > 1 or self.phone_seats()):
            return False
        return self.match.is_over() or self.seat_to_act() != self.viewer

    # -- views ---------------------------------------------------------------------------
    def project(self, state: Any, viewer: int | None) -> Any:
        """``state`` as ``viewer`` may see it: the state itself in a perfect-information
        game, else the seat's view (None: the public view)."""
        return state.view(viewer) if self.hidden else state

    # -- carrying a step out -----------------------------------------------------------------
    def apply_chance(self) -> LogEntry:
        """Apply the chance outcome due now: the match's seeded draw, or the one the
        :attr:`chance_source` gives."""
        if self.chance_source is not None:
            return self.match.apply_outcome(self.chance_source())
        return self.match.apply_chance()

    def play(self, move: Any, seat: int | None = None) -> LogEntry:
        """Play ``move`` for the seat to move (``seat``, when given, must be that seat: a
        phone's move that arrives late is refused). Raises IllegalMove, state untouched."""
        p = self.match.to_move()
        if p < 0:
            # the match would take a move at CHANCE as an outcome: only apply_chance draws one
            raise IllegalMove(f"{move}: no player's decision is due")
        if seat is not None and seat != p:
            raise IllegalMove(f"{move}: it is not seat {seat}'s turn")
        return self.match.play(move)        # the state checks legality once (GameState.apply)

    def ai_for(self, seat: int) -> AIPlayer:
        """The computer player of ``seat`` (made once per seat per match)."""
        ai = self.ais.get(seat)
        if ai is None:
            m = self.match
            ai = self.ais[seat] = m.info.make_ai(m.seats[seat].level, seat, m.options)
        return ai

    def think_context(self, time_scale: float = 1.0, salt: str = "") -> ThinkContext:
        """The context of a thought at this point, seeded as the frame seeds its AI
        thread (``match.ai_seed(salt)``), so a thought inline is the laptop's thought."""
        return ThinkContext(time_scale=time_scale, rng=random.Random(self.match.ai_seed(salt)))

    def think_inline(self, ai: AIPlayer | None = None, ctx: ThinkContext | None = None) -> Any:
        """The move the computer seat to move chooses, thought here and now (from its
        view only). Not checked: :meth:`play` checks it."""
        p = self.match.to_move()
        if p < 0 or self.match.seats[p].is_human:
            raise IllegalMove("no computer seat is to move")
        ai = ai if ai is not None else self.ai_for(p)
        return ai.choose(self.match.state.view(p), ctx if ctx is not None else self.think_context())

    def step(self, human: Callable[[int, Any], Any] | None = None, *, time_scale: float = 1.0,
             on_step: Callable[[Step], None] | None = None) -> LogEntry | None:
        """Play one ply headless: a computer thinks inline, chance is applied (performed
        or not: the draw is the same), a hand-over is accepted at once, and a human's
        move comes from ``human(seat, view)`` (required when a human is to act). The
        laptop goes public after a move as the frame's does. ``on_step`` sees every
        step first (a hand-over and the ply after it are two). Returns the entry played,
        or None once the game is over."""
        while True:
            s = self.next()
            if on_step is not None:
                on_step(s)
            if isinstance(s, End):
                return None
            if isinstance(s, HandOver):
                self.viewer = s.seat
                continue
            if isinstance(s, Chance):
                entry = self.apply_chance()
            elif isinstance(s, Think):
                entry = self.play(self.think_inline(ctx=self.think_context(time_scale)))
            else:
                if human is None:
                    raise RuntimeError(f"seat {s.seat} is a human: step() needs a human policy")
                entry = self.play(human(s.seat, self.match.state.view(s.seat)), seat=s.seat)
            if self.goes_public():
                self.viewer = None
            return entry

    def play_out(self, human: Callable[[int, Any], Any] | None = None, cap: int | None = None,
                 on_step: Callable[[Step], None] | None = None, *, time_scale: float = 1.0) -> list[LogEntry]:
        """Step until the end (or ``cap`` plies, the game's ``ply_cap`` by default).
        ``time_scale`` scales each level's thinking budget, as :meth:`step`'s does."""
        out: list[LogEntry] = []
        cap = cap if cap is not None else self.match.info.ply_cap
        while self.match.ply < cap:
            entry = self.step(human, time_scale=time_scale, on_step=on_step)
            if entry is None:
                break
            out.append(entry)
        return out
