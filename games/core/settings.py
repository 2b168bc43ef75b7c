"""Player settings, persisted as JSON. A missing or broken file means defaults
(and a message), never a crash; unknown keys are dropped, bad values reset. The
file is read as untrusted input (``games.core.jsonfile``: size, numbers and
nesting bounded), and the remembered new-game choices are cleaned field by field."""
from __future__ import annotations

import json
import logging
import math
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Sequence

from games.core import paths, text
from games.core.atomic import write_atomic
from games.core.jsonfile import BadJson, read_json

#: a settings file is a few kilobytes; anything far bigger is not ours
MAX_SETTINGS_BYTES = 256_000

log = logging.getLogger(__name__)

ANIM_SPEEDS = ("off", "normal", "fast")
AI_TIME_SCALES = (0.5, 1.0, 2.0, 4.0)
#: the text and controls' size on top of the window's own scaling: "auto" (1, or
#: AUTO_BIG_SCALE fullscreen on a big screen) or a fixed factor
UI_SCALES: tuple[str | float, ...] = ("auto", 1.0, 1.25, 1.5, 1.75)
#: "auto" on a screen at least this big, fullscreen: a TV read from the sofa
AUTO_BIG_SCREEN = (1920, 1080)
AUTO_BIG_SCALE = 1.25


@dataclass
class Settings:
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    master_volume: float = 0.8
    effects_volume: float = 0.8
    mute: bool = False
    animation: str = "normal"        # off | normal | fast
    colorblind: bool = False
    highlights: bool = True
    town_warning: bool = True
    ai_time: float = 1.0             # x0.5 .. x4
    confirm_leave: bool = True
    ui_scale: str | float = "auto"   # "auto" | 1.0 | 1.25 | 1.5 | 1.75
    last_setup: dict[str, dict[str, Any]] = field(default_factory=dict)   # game id -> remembered new-game choices
    learn: dict[str, dict[str, Any]] = field(default_factory=dict)    # game id -> {"step": next step, "done": finished once}
    learn_offered: list[str] = field(default_factory=list)   # games whose Learn was offered on first opening
    tips: bool = True                            # one-line tips the first time something new happens
    tips_seen: list[str] = field(default_factory=list)   # "game:tip" keys already shown

    def anim_factor(self) -> float:
        """Multiplier for animation durations: 0 means skip animations."""
        return {"off": 0.0, "normal": 1.0, "fast": 0.45}.get(self.animation, 1.0)

    def ui_factor(self, screen_size: Sequence[int] | None = None) -> float:
        """The UI scale as a factor: a fixed choice as it is; "auto" is
        :data:`AUTO_BIG_SCALE` when fullscreen on a screen of at least
        :data:`AUTO_BIG_SCREEN` (``screen_size``), else 1."""
        if self.ui_scale != "auto" and check_ui_scale(self.ui_scale) is None:
            return float(self.ui_scale)
        if self.fullscreen and screen_size and screen_size[0] >= AUTO_BIG_SCREEN[0] \
                and screen_size[1] >= AUTO_BIG_SCREEN[1]:
            return AUTO_BIG_SCALE
        return 1.0

    def validate(self, reasons: list[str] | None = None) -> "Settings":
        """Every value checked; a bad one is replaced by its default, and when
        ``reasons`` is given, why it was refused is added to it."""
        d = Settings()
        for f in fields(self):
            v = getattr(self, f.name)
            default = getattr(d, f.name)
            if f.name == "ui_scale":
                why = check_ui_scale(v)
                if why is not None:
                    if reasons is not None:
                        reasons.append(f"UI scale {why}")
                    v = default
                else:
                    v = v if v == "auto" else float(v)
            elif f.name == "window_size":
                ok = (isinstance(v, (list, tuple)) and len(v) == 2
                      and all(isinstance(x, int) and 320 <= x <= 10000 for x in v))
                v = tuple(v) if ok else default
            elif isinstance(default, bool):
                v = v if isinstance(v, bool) else default
            elif isinstance(default, float):
                v = float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else default
                if f.name == "ai_time":
                    v = min(4.0, max(0.5, v))
                else:
                    v = min(1.0, max(0.0, v))
            elif f.name == "animation":
                v = v if v in ANIM_SPEEDS else default
            elif f.name == "last_setup":
                v = clean_last_setup(v)
            elif f.name == "learn":
                v = clean_learn(v)
            elif f.name in ("learn_offered", "tips_seen"):
                v = clean_keys(v)
            setattr(self, f.name, v)
        return self


def check_ui_scale(value: Any) -> str | None:
    """None when ``value`` is a UI scale this version offers; else why not, in words."""
    shown = repr(value)[:40]
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return f"{shown} is not a size (one of {ui_scale_names()})"
    if isinstance(value, str):
        return None if value == "auto" else f"{shown} is not a size (one of {ui_scale_names()})"
    if not math.isfinite(value) or value not in UI_SCALES:
        return f"{shown} is not one of the sizes offered ({ui_scale_names()})"
    return None


def ui_scale_label(value: str | float) -> str:
    return "Auto" if value == "auto" else f"{float(value):.0%}"


def ui_scale_names() -> str:
    return ", ".join(ui_scale_label(v) for v in UI_SCALES)


def clean_last_setup(value: Any) -> dict[str, dict[str, Any]]:
    """The remembered new-game choices, keeping only well-formed entries: per game
    id a seat count, seats of a kind and a drawable name, and scalar options."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for gid, entry in list(value.items())[:32]:
        if not isinstance(entry, dict):
            continue
        clean: dict[str, Any] = {}
        n = entry.get("n_seats")
        if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 16:
            clean["n_seats"] = n
        seats = entry.get("seats")
        if isinstance(seats, list):
            clean["seats"] = [{"kind": s["kind"] if isinstance(s.get("kind"), str) else "human",
                               "name": text.clean(s.get("name", ""), text.NAME_MAX)}
                              for s in seats[:16] if isinstance(s, dict)]
        opts = entry.get("options")
        if isinstance(opts, dict):
            clean["options"] = {k: v for k, v in list(opts.items())[:64]
                                if isinstance(k, str) and isinstance(v, (str, int, float, bool))}
        out[text.clean(gid, text.SHORT_MAX)] = clean
    return out


def clean_learn(value: Any) -> dict[str, dict[str, Any]]:
    """Lesson progress: per game id, the step to resume at and whether it was finished."""
    if not isinstance(value, dict):
        return {}
    out: dict[str, dict[str, Any]] = {}
    for gid, entry in list(value.items())[:32]:
        if not isinstance(gid, str) or not isinstance(entry, dict):
            continue
        step = entry.get("step", 0)
        step = step if isinstance(step, int) and not isinstance(step, bool) and 0 <= step <= 99 else 0
        out[text.clean(gid, text.SHORT_MAX)] = {"step": step, "done": entry.get("done") is True}
    return out


def clean_keys(value: Any) -> list[str]:
    """A list of short keys (games offered a lesson, tips seen), duplicates dropped."""
    if not isinstance(value, list):
        return []
    out: list[str] = []
    for v in value[:512]:
        if isinstance(v, str) and v and len(v) <= 80 and v not in out:
            out.append(v)
    return out


def load_settings(path: str | None = None) -> tuple[Settings, str | None]:
    """Return (settings, problem) where problem is a message for the player or None."""
    path = path or paths.settings_path()
    try:
        raw = read_json(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), None
    except OSError as exc:
        return Settings(), f"Settings file {path} could not be read ({exc.strerror or exc}); using defaults."
    except BadJson as exc:
        return Settings(), f"Settings file {path} could not be read: it {exc.reason}; using defaults."
    if not isinstance(raw, dict):
        return Settings(), f"Settings file {path} is not a settings object; using defaults."
    known = {f.name for f in fields(Settings)}
    s = Settings(**{k: v for k, v in raw.items() if k in known})
    reasons: list[str] = []
    s.validate(reasons)
    for why in reasons:
        # refused and reset to the default, like every bad value; the log keeps why
        log.warning("settings file %s: %s; using the default", path, why)
    return s, None


def save_settings(settings: Settings, path: str | None = None) -> str | None:
    """Write settings; return an error message instead of raising."""
    path = path or paths.settings_path()
    try:
        write_atomic(path, json.dumps(asdict(settings), indent=1), keep_backup=False)
    except OSError as exc:
        return f"Could not save settings to {path}: {exc.strerror or exc}"
    return None
