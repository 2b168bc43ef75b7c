"""What a game tells the app about itself. ``games/__init__.py`` holds one
:class:`GameInfo` per game; core and ui read only these, never a game module by name."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable


YES_NO = ((False, "Off"), (True, "On"))


@dataclass(frozen=True)
class Option:
    """A rule option shown in the new-game dialog."""
    key: str
    label: str
    help: str                      # one line, shown under the choice
    choices: tuple                 # ((value, label), ...)
    default: Any

    def label_of(self, value) -> str:
        for v, lab in self.choices:
            if v == value:
                return lab
        return str(value)


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    credit: str                    # designer and publisher, shown in the app
    pitch: str                     # one line for the menu card
    min_seats: int
    max_seats: int
    default_seats: int
    seat_names: Callable[[int], list]   # n -> default names per seat ("Dark", "Light")
    options: tuple                 # (Option, ...)
    hidden_information: bool
    rules_module: str              # "games.cannon.rules": has new_game(options, n_seats)
    ai_module: str                 # "games.cannon.ai": has make_ai(level, seat, options)
    rules_text: str                # "games.cannon.rules_text": has SECTIONS
    board: str = ""                # "games.cannon.scene:CannonBoard"; "" = the generic board
    ply_cap: int = 400             # arena: a game longer than this is "unfinished"
    subcommands: dict = field(default_factory=dict)  # name -> "module:function(argv)"
    sizes: tuple = ()              # seat counts offered, default range(min, max+1)
    card_art: str = ""             # the rules diagram shown on the menu card ("" = none)
    stats: str = ""                # "games.cannon.stats:stats": end-of-game figures (games.core.stats); "" = none
    lesson: str = ""               # "games.cannon.lesson:LESSON": the Learn mode's lesson; "" = none

    def load_lesson(self):
        """The game's lesson (games.core.lesson.Lesson), or None when it has none."""
        if not self.lesson:
            return None
        mod, _, name = self.lesson.partition(":")
        return getattr(importlib.import_module(mod), name)

    def default_options(self) -> dict:
        return {o.key: o.default for o in self.options}

    def clean_options(self, given: dict | None) -> dict:
        """Defaults overlaid with the valid entries of ``given`` (unknown keys and
        values outside the choices are dropped, so a stale settings file is harmless)."""
        out = self.default_options()
        for o in self.options:
            if given and o.key in given and any(v == given[o.key] for v, _ in o.choices):
                out[o.key] = given[o.key]
        return out

    def new_state(self, options: dict, n_seats: int):
        return importlib.import_module(self.rules_module).new_game(self.clean_options(options), n_seats)

    def make_ai(self, level: str, seat: int, options: dict):
        if level == "random":
            from games.core.ai import RandomAI
            return RandomAI()
        return importlib.import_module(self.ai_module).make_ai(level, seat, options)


    def rules_sections(self):
        return importlib.import_module(self.rules_text).SECTIONS

    def seat_counts(self) -> tuple:
        return self.sizes or tuple(range(self.min_seats, self.max_seats + 1))
