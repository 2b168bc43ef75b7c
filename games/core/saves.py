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
3. ``ai_secret``: the computer players' secret (no longer kept: see 4).
4. No secrets: neither the computer's nor the luck's secret is saved (a save
   read in a text editor must not tell the dice to come), and a loaded match
   draws fresh ones (``games.core.match``). An older file's ``ai_secret`` is
   dropped. A seat may carry ``"phone": true`` (a human playing on their own phone);
   it is written only when true, so a save without phone seats is as before and
   every older file loads unchanged (the format number did not move).
5. The same fields. An option value a game retired at format 5 (``GameInfo.retired``:
   Artillery's "Raid on the town" got a new setup) is read from an older file as the
   earlier setup the game keeps, so the game saved on it replays and plays on as it was.
6. The same fields. "Raid on the town" got a second new setup (8 musketeers, not 6): a
   format-5 town save is read onto the second setup the same way.

A hidden-information game's save holds every seat's secrets (it must, to
resume): the saves folder is not a hiding place.

Every file is read as untrusted input (``games.core.jsonfile``): its size is
checked before it is read, numbers and nesting are bounded, every field is
validated and every text cleaned (``games.core.text``) before anything starts,
and a ``match_id`` that is not the app's own kind is replaced, so no file can
steer an autosave out of its folder. When a file is broken and the copy kept
beside it (``.bak``) is good, the Load list and Continue offer that copy.
"""
from __future__ import annotations

import datetime as _dt
import json
import logging
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.core import paths, text
from games.core.ai import ARENA_LEVELS
from games.core.atomic import write_atomic
from games.core.game import IllegalMove
from games.core.jsonfile import BadJson, read_json
from games.core.match import AI, HUMAN, Match, Seat

if TYPE_CHECKING:
    from games.core.registry import GameInfo

MAGIC = "cannonade-save"
FORMAT_VERSION = 6
SUFFIX = ".json"
BACKUP = ".bak"
#: no save of ours comes near this (a long game is some 50 KB); checked before reading
MAX_SAVE_BYTES = 2_000_000
#: the shape of the ids the app makes (uuid4 hex); anything else from a file is replaced
MATCH_ID = re.compile(r"[0-9a-f]{6,32}")
#: more moves than any game of ours is played for (the longest cap is some 400)
MAX_MOVES = 20_000

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

def match_to_dict(match: Match, name: str = "") -> dict[str, Any]:
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
        "moves": [e.text for e in match.log],
        "turn": match.ply,
        "finished": match.is_over(),
        "saved_at": _dt.datetime.now().isoformat(timespec="seconds"),
        "snapshot": match.state.snapshot(),
    }


def default_name(match: Match, when: _dt.datetime | None = None) -> str:
    """A name a person would choose: "Cannon, Ana vs Ben (Computer, Normal), 22 Nov 21:40"; a
    computer left with its seat's own name ("Light") is "Computer (Normal)" (a play-test found a
    computer named Ben listed and exported as "computer-normal")."""
    own = set(match.info.seat_names(len(match.seats)))

    def who(s: Seat) -> str:
        if s.is_human:
            return str(s.name)
        level = s.level.capitalize()
        return f"{s.name} (Computer, {level})" if s.name and s.name not in own else f"Computer ({level})"
    people = " vs ".join(who(s) for s in match.seats)
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
    """``text`` as a file name: letters, digits and dashes, 60 at most. A long one loses its
    middle, not its end, where a default name has its day and time (a play-test's three-seat
    export ended "...-computer-normal-29-")."""
    s = re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-").lower()
    if len(s) > 60:
        s = s[:42].rstrip("-") + "--" + s[-16:].lstrip("-")
    return s or "save"


def new_save_path(name: str, folder: str | None = None) -> str:
    folder = folder or paths.saves_dir()
    base = os.path.join(folder, slug(name))
    path, n = base + SUFFIX, 2
    while os.path.exists(path):
        path, n = f"{base}-{n}{SUFFIX}", n + 1
    return path


def autosave_path(match: Match) -> str:
    """The match's autosave file: always inside the autosave folder (the id is the
    app's own; a crafted one was replaced on load, and this checks again)."""
    folder = paths.autosave_dir()
    mid = match.match_id if MATCH_ID.fullmatch(str(match.match_id)) else "unnamed"
    path = os.path.join(folder, f"{match.info.id}-{mid}{SUFFIX}")
    if os.path.dirname(os.path.abspath(path)) != os.path.abspath(folder):
        raise SaveError(path, "the game's file name is not valid", f"match id {match.match_id!r}")
    return path


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

def _upgrade_1_to_2(d: dict[str, Any], path: str) -> dict[str, Any]:
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


def _upgrade_2_to_3(d: dict[str, Any], path: str) -> dict[str, Any]:
    out = dict(d)
    out["version"] = 3
    return out


def _upgrade_3_to_4(d: dict[str, Any], path: str) -> dict[str, Any]:
    out = {k: v for k, v in d.items() if k != "ai_secret"}    # secrets are no longer saved
    out["version"] = 4
    return out


def _upgrade_4_to_5(d: dict[str, Any], path: str) -> dict[str, Any]:
    return _retire(d, 5)


def _upgrade_5_to_6(d: dict[str, Any], path: str) -> dict[str, Any]:
    return _retire(d, 6)


def _retire(d: dict[str, Any], version: int) -> dict[str, Any]:
    """A save of the format before ``version``: each option value its game retired at
    that format (``GameInfo.retired``) becomes the earlier setup the game keeps for it."""
    import games  # the registry; imported here so core never names a game
    out = dict(d, version=version)
    try:
        info = games.get(str(d.get("game")))
    except KeyError:
        return out                      # an unknown game is refused later, with its reason
    options = d.get("options")
    if isinstance(options, dict):
        options = dict(options)
        for r in info.retired:
            if r.before == version and options.get(r.key) == r.value:
                options[r.key] = r.kept
        out["options"] = options
    return out


_UPGRADES = {1: _upgrade_1_to_2, 2: _upgrade_2_to_3, 3: _upgrade_3_to_4, 4: _upgrade_4_to_5,
             5: _upgrade_5_to_6}


def read_save_dict(path: str) -> dict[str, Any]:
    """Read, upgrade and validate a save's JSON (no replay). Every field the app
    uses is checked and every text cleaned here, before anything starts.

    :raises SaveError: the file is missing, unreadable, too big, or not a whole save.
    """
    try:
        d = read_json(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(path, "this save is no longer there") from None
    except OSError as exc:
        raise SaveError(path, f"this save could not be read ({exc.strerror or exc})", repr(exc)) from None
    except BadJson as exc:
        raise SaveError(path, f"this save {exc.reason}", exc.detail) from None
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
    return _validated(d, path)


def _damaged(path: str, detail: str) -> SaveError:
    return SaveError(path, "this save is damaged: part of it is missing or wrong", detail)


def _validated(d: dict[str, Any], path: str) -> dict[str, Any]:
    """The save's fields checked for type and range, texts cleaned and capped."""
    for key, kind in (("game", str), ("options", dict), ("seats", list), ("seed", int), ("moves", list)):
        if not isinstance(d.get(key), kind) or isinstance(d.get(key), bool):
            raise _damaged(path, f"the entry '{key}' is missing or has the wrong type")
    if not 0 <= d["seed"] < 1 << 63:
        raise _damaged(path, "the seed is out of range")
    if not all(isinstance(t, str) for t in d["moves"]):
        raise _damaged(path, "a move is not text")
    if not 1 <= len(d["seats"]) <= 16:
        raise _damaged(path, f"{len(d['seats'])} seats")
    seats = []
    for s in d["seats"]:
        if not isinstance(s, dict) or s.get("kind") not in (HUMAN, AI):
            raise SaveError(path, "this save is damaged: a player entry is unreadable", f"seat {str(s)[:80]!r}")
        level = s.get("level", "normal")
        if s["kind"] == AI and level not in ARENA_LEVELS:
            raise SaveError(path, "this save names a computer level this version does not have",
                            f"level {str(level)[:40]!r}")
        if not isinstance(level, str):
            level = "normal"
        seat = {"kind": s["kind"], "level": level, "name": text.clean(s.get("name", ""), text.NAME_MAX)}
        phone = s.get("phone", False)
        if not isinstance(phone, bool):
            raise SaveError(path, "this save is damaged: a player entry is unreadable",
                            f"seat {str(s)[:80]!r}: 'phone' is not true or false")
        if phone:
            if s["kind"] != HUMAN:
                raise SaveError(path, "this save is damaged: a player entry is unreadable",
                                f"seat {str(s)[:80]!r}: a computer seat on a phone")
            seat["phone"] = True        # a human who plays on their own phone
        seats.append(seat)
    d = dict(d, seats=seats)
    d["name"] = text.clean(d.get("name", ""), text.SAVE_NAME_MAX)
    d["saved_at"] = text.clean(d.get("saved_at", ""), text.SHORT_MAX)
    turn = d.get("turn", len(d["moves"]))
    d["turn"] = turn if isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn <= 10**6 \
        else len(d["moves"])
    d["finished"] = d.get("finished") is True
    mid = d.get("match_id")
    d["match_id"] = mid if isinstance(mid, str) and MATCH_ID.fullmatch(mid) else None
    if "snapshot" in d and not isinstance(d["snapshot"], dict):
        raise _damaged(path, "the snapshot is not an object")
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
    seats = [Seat.from_dict(s) for s in d["seats"]]
    if not info.min_seats <= len(seats) <= info.max_seats:
        raise SaveError(path, "this save is damaged: it has the wrong number of players",
                        f"{info.title} is played by {info.min_seats}-{info.max_seats} seats, the file has {len(seats)}")
    if not _options_known(info, d["options"]):
        raise SaveError(path, "this save asks for a rule option this version does not have",
                        f"options {str(d['options'])[:200]}")
    # a crafted or missing id gets a fresh one (the autosave path is built from it);
    # the secrets are fresh too: nothing still to come follows from the file
    extra = {"match_id": d["match_id"]} if d.get("match_id") else {}
    match = Match(info, d["options"], seats, d["seed"], **extra)
    if len(d["moves"]) > MAX_MOVES:
        raise SaveError(path, "this save holds more moves than any game has", f"{len(d['moves'])} moves")
    try:
        match.replay(d["moves"])
    except IllegalMove as exc:
        raise SaveError(path, "this save's moves do not play out: it was edited or damaged", str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - a hostile move text broke a game's parser: logged, refused
        log.exception("replaying %s failed in the rules", path)
        raise SaveError(path, "this save's moves could not be read: it was edited or damaged", repr(exc)) from None
    if "snapshot" in d and d["snapshot"] != match.state.snapshot():
        raise SaveError(path, "this save was edited or damaged: its moves do not lead to the position it recorded",
                        "snapshot mismatch after replay")
    return match


def _options_known(info: GameInfo, options: dict[str, Any]) -> bool:
    """Every option in the file is one of the game's, with one of its values."""
    by_key = {o.key: o for o in info.options}
    return all(k in by_key and by_key[k].accepts(val) for k, val in options.items())


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
    backup: "SaveInfo | None" = None   # a broken save's good previous copy (its .bak)

    @property
    def open_path(self) -> str | None:
        """The file to open: the save itself, or its good backup when it is broken."""
        if self.error is None:
            return self.path
        return self.backup.path if self.backup is not None else None

    @property
    def opened(self) -> "SaveInfo | None":
        """The entry describing what ``open_path`` opens."""
        return self if self.error is None else self.backup

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
    seen: dict[str, int] = {}
    for s in reversed(out):                      # the oldest keeps the plain name
        seen[s.name] = seen.get(s.name, 0) + 1
        s.label = s.name if seen[s.name] == 1 else f"{s.name} ({seen[s.name]})"
    return out


def _read_infos(include_autosaves: bool, check: bool) -> list[SaveInfo]:
    out = []
    folders = [(paths.saves_dir(), False)] + ([(paths.autosave_dir(), True)] if include_autosaves else [])
    for folder, is_auto in folders:
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for fn in names:
            if fn.endswith(SUFFIX):
                out.append(_info_or_reason(os.path.join(folder, fn), is_auto, check))
    return out


def _describe(path: str, is_auto: bool, check: bool) -> SaveInfo:
    """What the Load list shows of a save; ``error`` says why it can't be opened."""
    import games
    try:
        d = read_save_dict(path)
    except SaveError as exc:
        log.info("save %s cannot be listed: %s", path, exc.log_text())
        return SaveInfo(path, os.path.basename(path), "?", "", 0, "", False, is_auto, error=exc.reason)
    title = games.BY_ID[d["game"]].title if d["game"] in games.BY_ID else text.clean(d["game"], text.SHORT_MAX)
    players = " vs ".join(s["name"] for s in d["seats"])
    info = SaveInfo(path, d["name"] or os.path.basename(path), title, players, d["turn"], d["saved_at"],
                    d["finished"], is_auto)
    if check:
        try:
            load_match(path)
        except SaveError as exc:
            log.info("save %s cannot be opened: %s", path, exc.log_text())
            info.error = exc.reason
    return info


def _info_or_reason(path: str, is_auto: bool, check: bool) -> SaveInfo:
    """The save's entry; a broken one carries its reason and, when the copy kept
    beside it is good, that copy (which the list and Continue then offer)."""
    info = _describe(path, is_auto, check)
    if info.error is not None and os.path.exists(path + BACKUP):
        backup = _describe(path + BACKUP, is_auto, True)
        info.backup = backup if backup.error is None else None
    return info


def _mtime(path: str) -> float:
    try:
        return os.path.getmtime(path)
    except OSError:
        return 0.0


def latest_unfinished_autosave() -> SaveInfo | None:
    """The newest unfinished autosave that opens (or whose good backup does)."""
    for s in list_saves(check=True):
        good = s.opened
        if s.autosave and good is not None and not good.finished:
            return s
    return None


def delete_save(path: str) -> None:
    for p in (path, path + BACKUP):
        try:
            os.remove(p)
        except FileNotFoundError:
            pass
