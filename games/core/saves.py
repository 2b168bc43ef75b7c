"""Save files (DESIGN.md, "Saves").

One JSON file per save. A save holds the match's recipe (game, options, seats,
seed, move texts) plus a snapshot of the final state; loading replays the moves
and insists on reaching that snapshot. Every way a file can be wrong ends in a
:class:`SaveError` whose message names the file and the reason; nothing else is
touched. Older format versions are upgraded step by step (``_UPGRADES``).

Format history
--------------
1. ``players``: ["human:Ana", "ai:hard:Bot"]; ``log``: [{"move": "Tf1"}, ...].
2. ``seats``: [{"kind", "level", "name"}]; ``moves``: ["Tf1", ...]; adds
   ``name``, ``match_id``, ``saved_at``, ``finished`` and ``turn`` for the
   Load list without replaying.
3. ``ai_secret``: the match's secret that seeds the computer players' own
   choices (see ``games.core.match``), so a loaded game goes on as it would
   have. A version-2 file gets a fresh one.

A hidden-information game's save holds every seat's secrets (it must, to
resume): the saves folder is not a hiding place.
"""
from __future__ import annotations

import datetime as _dt
import json
import logging
import os
import re
from dataclasses import dataclass

from games.core import paths
from games.core.atomic import write_atomic
from games.core.game import IllegalMove
from games.core.match import Match, Seat

MAGIC = "cannonade-save"
FORMAT_VERSION = 3
SUFFIX = ".json"

log = logging.getLogger(__name__)


class SaveError(Exception):
    """A save that cannot be loaded or written. ``reason`` is one sentence for the
    player ("this save was cut short or damaged"); ``detail`` is the technical
    part (a parser's line and column, a version number) for the log."""

    def __init__(self, path: str, reason: str, detail: str = ""):
        self.path = path
        self.reason = reason
        self.detail = detail
        super().__init__(f"{os.path.basename(path)}: {reason}")

    def log_text(self) -> str:
        return f"{self.path}: {self.reason}" + (f" ({self.detail})" if self.detail else "")


# -- writing ----------------------------------------------------------------------

def match_to_dict(match: Match, name: str = "") -> dict:
    return {
        "format": MAGIC,
        "version": FORMAT_VERSION,
        "app_version": paths.APP_VERSION,
        "game": match.info.id,
        "name": name or default_name(match),
        "match_id": match.match_id,
        "options": match.options,
        "seats": [s.to_dict() for s in match.seats],
        "seed": match.seed,
        "ai_secret": match.ai_secret,
        "moves": [e.text for e in match.log],
        "turn": match.ply,
        "finished": match.is_over(),
        "saved_at": _dt.datetime.now().isoformat(timespec="seconds"),
        "snapshot": match.state.snapshot(),
    }


def default_name(match: Match, when: _dt.datetime | None = None) -> str:
    """A name a person would choose: "Cannon, Ana vs Computer (Normal), 22 Nov 21:40"."""
    people = " vs ".join(s.name if s.is_human else f"Computer ({s.level.capitalize()})" for s in match.seats)
    when = when or _dt.datetime.now()
    return f"{match.info.title}, {people}, {when.day} {when.strftime('%b %H:%M')}"


def save_match(match: Match, path: str, name: str = "") -> None:
    """Write atomically (keeping the previous version as ``.bak``). Raises
    SaveError with a plain reason when the disk is full, read-only, etc."""
    text = json.dumps(match_to_dict(match, name), indent=1)
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise SaveError(path, f"Cannonade could not write it ({exc.strerror or exc}); "
                              "the previous save and your game are unchanged", repr(exc)) from None


def slug(text: str) -> str:
    s = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-").lower()
    return s[:60] or "save"


def new_save_path(name: str, folder: str | None = None) -> str:
    folder = folder or paths.saves_dir()
    base = os.path.join(folder, slug(name))
    path, n = base + SUFFIX, 2
    while os.path.exists(path):
        path, n = f"{base}-{n}{SUFFIX}", n + 1
    return path


def autosave_path(match: Match) -> str:
    return os.path.join(paths.autosave_dir(), f"{match.info.id}-{match.match_id}{SUFFIX}")


def autosave(match: Match, keep: int = 8) -> None:
    """Autosave after every turn. Keeps the ``keep`` most recent autosaves."""
    save_match(match, autosave_path(match))
    folder = paths.autosave_dir()
    files = sorted((os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(SUFFIX)),
                   key=os.path.getmtime, reverse=True)
    for old in files[keep:]:
        for p in (old, old + ".bak"):
            if not os.path.exists(p):
                continue
            try:
                os.remove(p)
            except OSError as exc:
                log.warning("could not remove old autosave %s: %s", p, exc)


# -- reading ----------------------------------------------------------------------

def _upgrade_1_to_2(d: dict, path: str) -> dict:
    seats = []
    for p in d.get("players", []):
        parts = str(p).split(":")
        if parts[0] == "human" and len(parts) >= 2:
            seats.append({"kind": "human", "level": "normal", "name": ":".join(parts[1:])})
        elif parts[0] == "ai" and len(parts) >= 3:
            seats.append({"kind": "ai", "level": parts[1], "name": ":".join(parts[2:])})
        else:
            raise SaveError(path, "this old save is damaged: a player entry is unreadable",
                            f"version 1 seat {p!r} is not 'human:NAME' or 'ai:LEVEL:NAME'")
    log = d.get("log", [])
    if not isinstance(log, list) or not all(isinstance(e, dict) and "move" in e for e in log):
        raise SaveError(path, "this old save is damaged: its moves are unreadable",
                        "version 1 'log' is not a list of moves")
    out = {k: v for k, v in d.items() if k not in ("players", "log")}
    out.update(version=2, seats=seats, moves=[str(e["move"]) for e in log],
               name=d.get("name") or os.path.splitext(os.path.basename(path))[0],
               turn=len(log), finished=False, saved_at=d.get("saved_at", ""))
    return out


def _upgrade_2_to_3(d: dict, path: str) -> dict:
    out = dict(d)
    out["version"] = 3
    out["ai_secret"] = None          # the match draws a fresh one
    return out


_UPGRADES = {1: _upgrade_1_to_2, 2: _upgrade_2_to_3}


def read_save_dict(path: str) -> dict:
    """Read and upgrade a save's JSON to the current format (no replay)."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except FileNotFoundError:
        raise SaveError(path, "this save is no longer there") from None
    except OSError as exc:
        raise SaveError(path, f"this save could not be read ({exc.strerror or exc})", repr(exc)) from None
    if not raw.strip():
        raise SaveError(path, "this save is empty")
    try:
        d = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(path, "this is not a Cannonade save (it is not text)") from None
    except json.JSONDecodeError as exc:
        raise SaveError(path, "this save was cut short or damaged",
                        f"JSON error at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    if not isinstance(d, dict) or d.get("format") != MAGIC:
        raise SaveError(path, "this is not a Cannonade save")
    version = d.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(path, "this save is damaged (its version mark is wrong)",
                        f"format version {version!r} is not a number")
    if version > FORMAT_VERSION:
        raise SaveError(path, "this save is from a newer version of Cannonade",
                        f"format {version}; this one reads up to {FORMAT_VERSION}")
    if version < 1:
        raise SaveError(path, "this save is damaged (its version mark is wrong)",
                        f"format version {version} does not exist")
    while version < FORMAT_VERSION:
        d = _UPGRADES[version](d, path)
        version = d["version"]
    for key, kind in (("game", str), ("options", dict), ("seats", list), ("seed", int), ("moves", list)):
        if not isinstance(d.get(key), kind):
            raise SaveError(path, "this save is damaged: part of it is missing",
                            f"the entry '{key}' is missing or has the wrong type")
    return d


def load_match(path: str) -> Match:
    """Load a save: upgrade, rebuild the match by replay, check the snapshot."""
    import games  # the registry; imported here so core never names a game
    d = read_save_dict(path)
    try:
        info = games.get(d["game"])
    except KeyError:
        raise SaveError(path, "this save is for a game this version of Cannonade does not have",
                        f"game id {d['game']!r}") from None
    try:
        seats = [Seat.from_dict(s) for s in d["seats"]]
    except ValueError as exc:
        raise SaveError(path, "this save is damaged: a player entry is unreadable", str(exc)) from None
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise SaveError(path, "this save is damaged: it has the wrong number of players",
                        f"{info.title} is played by {info.min_seats}-{info.max_seats} seats, the file has {len(seats)}")
    extra = {"match_id": str(d["match_id"])} if d.get("match_id") else {}
    secret = d.get("ai_secret")
    if secret is not None and (not isinstance(secret, int) or isinstance(secret, bool)):
        raise SaveError(path, "this save is damaged", "the entry 'ai_secret' has the wrong type")
    match = Match(info, d["options"], seats, d["seed"], ai_secret=secret, **extra)
    try:
        match.replay([str(t) for t in d["moves"]])
    except IllegalMove as exc:
        raise SaveError(path, "this save's moves do not play out: it was edited or damaged", str(exc)) from None
    if "snapshot" in d and d["snapshot"] != match.state.snapshot():
        raise SaveError(path, "this save was edited or damaged: its moves do not lead to the position it recorded",
                        "snapshot mismatch after replay")
    return match


@dataclass
class SaveInfo:
    path: str
    name: str
    game: str
    players: str
    turn: int
    saved_at: str
    finished: bool
    autosave: bool
    error: str | None = None
    label: str = ""          # the name, with "(2)", "(3)" added where names repeat

    @property
    def saved_text(self) -> str:
        """"22 Nov 21:40" from the ISO time the file records."""
        try:
            t = _dt.datetime.fromisoformat(self.saved_at)
        except ValueError:
            return self.saved_at
        return f"{t.day} {t.strftime('%b %Y, %H:%M')}"


def list_saves(include_autosaves: bool = True, check: bool = False) -> list[SaveInfo]:
    """Every save in the saves folder, newest first. Broken files are listed with
    their reason (so the player sees them and can delete them), never hidden.
    ``check`` also replays each save, so one whose moves do not play out (or that
    is for a game this app lacks) is marked before anyone tries to open it."""
    out = _read_infos(include_autosaves, check)
    out.sort(key=lambda s: _mtime(s.path), reverse=True)
    seen: dict = {}
    for s in reversed(out):                      # the oldest keeps the plain name
        seen[s.name] = seen.get(s.name, 0) + 1
        s.label = s.name if seen[s.name] == 1 else f"{s.name} ({seen[s.name]})"
    return out


def _read_infos(include_autosaves: bool, check: bool) -> list[SaveInfo]:
    import games
    out = []
    folders = [(paths.saves_dir(), False)] + ([(paths.autosave_dir(), True)] if include_autosaves else [])
    for folder, is_auto in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for fn in names:
            if not fn.endswith(SUFFIX):
                continue
            path = os.path.join(folder, fn)
            try:
                d = read_save_dict(path)
                title = games.BY_ID[d["game"]].title if d["game"] in games.BY_ID else d["game"]
                players = " vs ".join(str(s.get("name", "?")) for s in d["seats"] if isinstance(s, dict))
                info = SaveInfo(path, str(d.get("name", fn)), title, players, int(d.get("turn", len(d["moves"]))),
                                str(d.get("saved_at", "")), bool(d.get("finished")), is_auto)
            except (SaveError, TypeError, ValueError) as exc:
                reason = exc.reason if isinstance(exc, SaveError) else "this save is damaged"
                log.info("save %s cannot be listed: %s", path, getattr(exc, "detail", "") or exc)
                out.append(SaveInfo(path, fn, "?", "", 0, "", False, is_auto, error=reason))
                continue
            if check:
                try:
                    load_match(path)
                except SaveError as exc:
                    log.info("save %s cannot be opened: %s", path, exc.log_text())
                    info.error = exc.reason
            out.append(info)
    return out


def _mtime(path: str) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return 0.0


def latest_unfinished_autosave() -> SaveInfo | None:
    for s in list_saves(check=True):
        if s.autosave and not s.finished and s.error is None:
            return s
    return None


def delete_save(path: str) -> None:
    for p in (path, path + ".bak"):
        try:
            os.remove(p)
        except FileNotFoundError:
            pass
