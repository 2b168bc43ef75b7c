"""Player settings, persisted as JSON. A missing or broken file means defaults
(and a message), never a crash; unknown keys are dropped, bad values reset."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields

from games.core.atomic import write_atomic
from games.core import paths

ANIM_SPEEDS = ("off", "normal", "fast")
AI_TIME_SCALES = (0.5, 1.0, 2.0, 4.0)


@dataclass
class Settings:
    fullscreen: bool = False
    window_size: tuple = (1280, 720)
    master_volume: float = 0.8
    effects_volume: float = 0.8
    mute: bool = False
    animation: str = "normal"        # off | normal | fast
    colorblind: bool = False
    highlights: bool = True
    town_warning: bool = True
    ai_time: float = 1.0             # x0.5 .. x4
    confirm_leave: bool = True
    last_setup: dict = field(default_factory=dict)   # game id -> remembered new-game choices

    def anim_factor(self) -> float:
        """Multiplier for animation durations: 0 means skip animations."""
        return {"off": 0.0, "normal": 1.0, "fast": 0.45}.get(self.animation, 1.0)

    def validate(self) -> "Settings":
        d = Settings()
        for f in fields(self):
            v = getattr(self, f.name)
            default = getattr(d, f.name)
            if f.name == "window_size":
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
            elif isinstance(default, dict):
                v = v if isinstance(v, dict) else default
            setattr(self, f.name, v)
        return self


def load_settings(path: str | None = None) -> tuple[Settings, str | None]:
    """Return (settings, problem) where problem is a message for the player or None."""
    path = path or paths.settings_path()
    try:
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
    except FileNotFoundError:
        return Settings(), None
    except (OSError, ValueError) as exc:
        return Settings(), f"Settings file {path} could not be read ({exc}); using defaults."
    if not isinstance(raw, dict):
        return Settings(), f"Settings file {path} is not a settings object; using defaults."
    known = {f.name for f in fields(Settings)}
    s = Settings(**{k: v for k, v in raw.items() if k in known})
    return s.validate(), None


def save_settings(settings: Settings, path: str | None = None) -> str | None:
    """Write settings; return an error message instead of raising."""
    path = path or paths.settings_path()
    try:
        write_atomic(path, json.dumps(asdict(settings), indent=1), keep_backup=False)
    except OSError as exc:
        return f"Could not save settings to {path}: {exc.strerror or exc}"
    return None
