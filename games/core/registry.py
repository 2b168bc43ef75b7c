"""What a game tells the app about itself. ``games/__init__.py`` holds one
:class:`GameInfo` per game; core and ui read only these, never a game module by name."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from games.core.ai import AIPlayer
    from games.core.game import GameState
    from games.core.lesson import Lesson


YES_NO: tuple[tuple[Any, str], ...] = ((False, "Off"), (True, "On"))


@dataclass(frozen=True)
class Option:
    """A rule option shown in the new-game dialog."""
    key: str
    label: str
    help: str                      # one line, shown under the choice
    choices: tuple[tuple[Any, str], ...]   # ((value, label), ...)
    default: Any
    #: ((value, line), ...): a line for a choice that needs its own (a scenario's summary),
    #: shown under the choice instead of ``help`` while that choice is picked
    value_help: tuple[tuple[Any, str], ...] = ()

    #: ((value, label), ...): values a save may still carry but a new game is no longer
    #: offered (a scenario whose setup changed keeps its first setup for the games saved
    #: on it: see ``Retired``)
    retired: tuple[tuple[Any, str], ...] = ()

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is one of the choices or a retired value (same type too:
        ``True`` is not ``1``)."""
        return any(value == v and type(value) is type(v) for v, _ in self.choices + self.retired)

    def help_for(self, value: Any) -> str:
        """The line shown under the choice while ``value`` is picked."""
        return next((line for v, line in self.value_help if v == value), self.help)

    def label_of(self, value: Any) -> str:
        for v, lab in self.choices + self.retired:
            if v == value:
                return lab
        return str(value)


@dataclass(frozen=True)
class Retired:
    """An option value whose game changed under it. Saves written before save format
    ``before`` that chose ``value`` for option ``key`` replay on ``kept`` (a retired
    value of that option: the earlier setup), so a game saved on the old setup loads
    and plays on as it was; new games get the new one."""
    key: str
    value: Any
    kept: Any
    before: int


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    credit: str                    # designer and publisher, shown in the app
    pitch: str                     # one line for the menu card
    min_seats: int
    max_seats: int
    default_seats: int
    seat_names: Callable[[int], list[str]]   # n -> default names per seat ("Dark", "Light")
    options: tuple[Option, ...]
    hidden_information: bool
    rules_module: str              # "games.cannon.rules": has new_game(options, n_seats)
    ai_module: str                 # "games.cannon.ai": has make_ai(level, seat, options)
    rules_text: str                # "games.cannon.rules_text": has SECTIONS
    board: str = ""                # "games.cannon.board:CannonBoard"; "" = the generic board
    ply_cap: int = 400             # arena: a game longer than this is "unfinished"
    subcommands: dict[str, str] = field(default_factory=dict)  # name -> "module:function(argv)"
    sizes: tuple[int, ...] = ()    # seat counts offered, default range(min, max+1)
    card_art: str = ""             # the rules diagram shown on the menu card ("" = none)
    stats: str = ""                # "games.cannon.rules.stats:stats": end-of-game figures (games.core.stats); "" = none
    lesson: str = ""               # "games.cannon.lesson:LESSON": the Learn mode's lesson; "" = none
    sides_named: bool = True       # seat_names are the sides ("Dark", "Light"), not people ("Ana")
    retired: tuple[Retired, ...] = ()   # option values older saves replay on (see Retired)

    def load_lesson(self) -> Lesson | None:
        """The game's lesson (games.core.lesson.Lesson), or None when it has none."""
        if not self.lesson:
            return None
        mod, _, name = self.lesson.partition(":")
        lesson: Lesson = getattr(importlib.import_module(mod), name)
        return lesson

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def clean_options(self, given: dict[str, Any] | None, retired: bool = True) -> dict[str, Any]:
        """Defaults overlaid with the valid entries of ``given`` (unknown keys and
        values outside the choices are dropped, so a stale settings file is harmless).
        A retired value is kept for a match (a loaded save plays on its own setup), and
        dropped with ``retired=False`` (the new-game dialog offers only the current ones)."""
        out = self.default_options()
        for o in self.options:
            if given and o.key in given and (o.accepts(given[o.key]) if retired else
                                             any(v == given[o.key] for v, _ in o.choices)):
                out[o.key] = given[o.key]
        return out

    def new_state(self, options: dict[str, Any], n_seats: int) -> GameState[Any, Any]:
        rules = importlib.import_module(self.rules_module)
        state: GameState[Any, Any] = rules.new_game(self.clean_options(options), n_seats)
        return state

    def make_ai(self, level: str, seat: int, options: dict[str, Any]) -> AIPlayer:
        if level == "random":
            from games.core.ai import RandomAI
            return RandomAI()
        ai: AIPlayer = importlib.import_module(self.ai_module).make_ai(level, seat, options)
        return ai


    def rules_sections(self) -> list[dict[str, Any]]:
        sections: list[dict[str, Any]] = importlib.import_module(self.rules_text).SECTIONS
        return sections

    def seat_counts(self) -> tuple[int, ...]:
        return self.sizes or tuple(range(self.min_seats, self.max_seats + 1))
