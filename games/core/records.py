"""The evening's record: every finished game, who sat where and how it went (issue "the evening").

One JSON file in the data folder (``records.json``), written atomically like saves and
read as untrusted input like them (``games.core.jsonfile``: size, numbers and nesting
bounded; every text cleaned). A broken file is set aside (renamed, never deleted) with
a message and a fresh record started: the app never fails to start over it.

The record holds *evenings*: a game night is the games played since "New evening" was
pressed (or since the first game ever). Standings are computed from the games, for the
current evening or for all time; nothing is kept as a running total that could drift.

Format history: 1. ``{"format", "version", "evening": {"id", "started"}, "games": [...]}``
where a game is ``{"id", "game", "when", "evening", "seats": [{"name", "kind", "level"}],
"placings": [...], "plies", "result", "stats": [[label, [values...]], ...]}``.
"""
from __future__ import annotations

import csv
import datetime as _dt
import hashlib
import io
import json
import logging
import os
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from games.core import paths, text
from games.core.atomic import write_atomic
from games.core.jsonfile import BadJson, read_json

if TYPE_CHECKING:
    from games.core.match import Match
    from games.core.stats import Stat

log = logging.getLogger(__name__)

MAGIC = "cannonade-records"
VERSION = 1
#: a record grows some 400 bytes a game: years of game nights fit well under this
MAX_BYTES = 4_000_000
#: games kept (the oldest go first); standings of all time count what is kept
MAX_GAMES = 5000


def records_path() -> str:
    return os.path.join(paths.data_dir(), "records.json")


@dataclass
class SeatRecord:
    name: str
    kind: str            # "human" | "ai"
    level: str = ""      # for computers

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def label(self) -> str:
        return self.name if self.is_human else f"{self.name} (Computer, {self.level.capitalize()})"


@dataclass
class GameRecord:
    id: str
    game: str
    when: str                      # ISO date and time the game ended
    evening: str
    seats: list[SeatRecord]
    placings: list[int]            # per seat, 1 = first (shared places allowed)
    plies: int
    result: str = ""
    stats: list[list[Any]] = field(default_factory=list)   # [[label, [value per seat]], ...]

    def winners(self) -> list[int]:
        return [i for i, p in enumerate(self.placings) if p == 1] if len(set(self.placings)) > 1 else []


@dataclass
class Records:
    evening: str
    started: str
    games: list[GameRecord] = field(default_factory=list)

    def evening_games(self) -> list[GameRecord]:
        return [g for g in self.games if g.evening == self.evening]

    def names(self) -> list[str]:
        """Every person's name used before, most recent first (what the new-game screen offers)."""
        seen: dict[str, None] = {}
        for g in reversed(self.games):
            for s in g.seats:
                if s.is_human and s.name and s.name.lower() not in (n.lower() for n in seen):
                    seen[s.name] = None
        return list(seen)


# -- reading and writing ----------------------------------------------------------------------

def _fresh() -> Records:
    return Records(uuid.uuid4().hex[:12], _now())


def _now() -> str:
    return _dt.datetime.now().isoformat(timespec="seconds")


def load(path: str | None = None) -> tuple[Records, str | None]:
    """(the record, a message for the player or None). A missing file is a fresh record;
    a broken one is renamed aside (``records.broken-<time>.json``) and the copy written
    before it (``.bak``) is used when it reads, else a fresh one is begun."""
    path = path or records_path()
    book, why = _read(path)
    if why is None:
        return book or _fresh(), None
    aside = _set_aside(path, why)
    backup, bak_why = _read(path + ".bak")
    if backup is not None and bak_why is None:
        # a play-test cut the file short: All time came up empty while the copy before it
        # held every game but the last; the copy is the record now (written back at once,
        # so the next write's backup is not the broken file)
        log.warning("record %s: using its backup, %d games", path, len(backup.games))
        try:
            save(backup, path)
        except OSError as exc:
            log.error("could not write the recovered record back: %s", exc)
        return backup, (f"The record of past games could not be read ({why}). The copy made before it was "
                        f"used: {len(backup.games)} games (the last one finished may be missing). "
                        f"The damaged file is kept as {aside}.")
    return _fresh(), (f"The record of past games could not be read ({why}). A fresh one is started; "
                      f"the old file is kept as {aside}.")


def _read(path: str) -> tuple[Records | None, str | None]:
    """(the record in ``path``, None), (None, None) when there is no file, or (None, why
    it cannot be read)."""
    try:
        raw = read_json(path, MAX_BYTES)
    except FileNotFoundError:
        return None, None
    except (OSError, BadJson) as exc:
        return None, getattr(exc, "reason", None) or getattr(exc, "strerror", None) or str(exc)
    try:
        return _from_dict(raw), None
    except (KeyError, TypeError, ValueError) as exc:
        return None, f"part of it is wrong ({exc})"


def _set_aside(path: str, why: str) -> str:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = os.path.join(os.path.dirname(path), f"records.broken-{stamp}.json")
    try:
        os.replace(path, aside)
    except OSError as exc:
        log.error("could not set the broken record %s aside: %s", path, exc)
        aside = "(it could not be moved; it will be written over)"
    log.warning("record %s is broken (%s); the old one kept as %s", path, why, aside)
    return aside


def _from_dict(d: Any) -> Records:
    if not isinstance(d, dict) or d.get("format") != MAGIC:
        raise ValueError("not a Cannonade record")
    if d.get("version") != VERSION:
        raise ValueError(f"version {d.get('version')!r}")
    ev = d["evening"]
    out = Records(_clean_id(ev["id"]), text.clean(ev.get("started", ""), text.SHORT_MAX))
    games = d["games"]
    if not isinstance(games, list):
        raise TypeError("games is not a list")
    for g in games[-MAX_GAMES:]:
        try:
            out.games.append(_game_from(g))
        except (KeyError, TypeError, ValueError) as exc:      # one bad entry costs only itself
            log.warning("a game in the record was skipped: %s", exc)
    return out


def _clean_id(v: Any) -> str:
    s = text.clean(v, 48)          # a match id (up to 32) and its moves' digest
    if not s:
        raise ValueError("an empty id")
    return s


def _game_from(g: Any) -> GameRecord:
    seats = [SeatRecord(text.clean(s["name"], text.NAME_MAX), "human" if s.get("kind") == "human" else "ai",
                        text.clean(s.get("level", ""), text.SHORT_MAX)) for s in g["seats"]]
    placings = [int(p) for p in g["placings"]]
    if not seats or len(placings) != len(seats) or not all(1 <= p <= len(seats) for p in placings):
        raise ValueError("seats and placings do not match")
    stats = []
    for row in g.get("stats", [])[:40]:
        label, values = row
        stats.append([text.clean(label, text.SHORT_MAX),
                      [v if isinstance(v, (int, float)) and not isinstance(v, bool) else text.clean(v, 24)
                       for v in values][:len(seats)]])
    return GameRecord(_clean_id(g["id"]), text.clean(g["game"], text.SHORT_MAX), text.clean(g["when"], 40),
                      _clean_id(g["evening"]), seats, placings, max(0, int(g.get("plies", 0))),
                      text.clean(g.get("result", ""), 200), stats)


def to_dict(r: Records) -> dict[str, Any]:
    return {"format": MAGIC, "version": VERSION, "evening": {"id": r.evening, "started": r.started},
            "games": [{"id": g.id, "game": g.game, "when": g.when, "evening": g.evening,
                       "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in g.seats],
                       "placings": g.placings, "plies": g.plies, "result": g.result, "stats": g.stats}
                      for g in r.games[-MAX_GAMES:]]}


def save(r: Records, path: str | None = None) -> None:
    """Write atomically. :raises OSError: the disk is full or the folder read-only."""
    write_atomic(path or records_path(), json.dumps(to_dict(r), indent=0), keep_backup=True)


# -- adding ------------------------------------------------------------------------------------

def record_id(match_id: str, moves: Sequence[str]) -> str:
    """A finished game's id in the record: the match's id and a digest of its moves.

    A match keeps its id when it is saved and opened again, so a finished game reopened
    is counted once; but a save made mid-game and played to another end is another game
    (a play-test: its win never reached the standings, and the Load list showed the
    first ending's result beside it). The same moves give the same id."""
    digest = hashlib.sha1("\n".join(moves).encode("utf-8", "replace")).hexdigest()[:10]
    return f"{match_id}-{digest}"


def game_record(match: Match, stats: Sequence[Stat] | None = None, evening: str = "") -> GameRecord:
    """The record of a finished match (``stats``: games.core.stats rows)."""
    st = match.state
    return GameRecord(
        id=record_id(str(match.match_id), [e.text for e in match.log]), game=match.info.id, when=_now(),
        evening=evening,
        seats=[SeatRecord(s.name, s.kind, "" if s.is_human else s.level) for s in match.seats],
        placings=list(st.placings()), plies=match.ply, result=st.result_text(match.names()),
        stats=[[s.label, list(s.values)] for s in (stats or [])])


def add(r: Records, rec: GameRecord) -> bool:
    """Add a finished game once (a game reviewed, saved and reopened is not counted twice)."""
    if any(g.id == rec.id or _same_before_digests(g, rec) for g in r.games):
        return False
    rec.evening = r.evening
    r.games.append(rec)
    return True


def withdraw(r: Records, rec_id: str) -> bool:
    """Take a game of tonight's out of the record (its last move was undone: the game is
    not over, and the ending it is played to next is the one that counts). True if it was
    there. A game of an earlier evening, reopened and undone, keeps its place in that
    evening: the record of a past night is never rewritten (a review: it was deleted, and
    a redo then counted it tonight)."""
    kept = [g for g in r.games if g.id != rec_id or g.evening != r.evening]
    gone = len(kept) != len(r.games)
    r.games[:] = kept
    return gone


def _same_before_digests(old: GameRecord, rec: GameRecord) -> bool:
    """A game recorded before ids carried a digest (its id is the match's alone): the
    same game when the match, the length and the result agree."""
    return "-" not in old.id and rec.id.split("-")[0] == old.id and old.plies == rec.plies and old.result == rec.result


def find(r: Records, match_id: str | None, moves: Sequence[str], plies: int) -> GameRecord | None:
    """The record of the finished game a save holds (``match_id`` and its moves), if any."""
    if not match_id:
        return None
    key = record_id(match_id, moves)
    return next((g for g in r.games if g.id == key or (g.id == match_id and g.plies == plies)), None)


def new_evening(r: Records) -> None:
    r.evening, r.started = uuid.uuid4().hex[:12], _now()


# -- standings ---------------------------------------------------------------------------------

@dataclass
class Standing:
    name: str
    played: int = 0
    wins: int = 0
    points: float = 0.0             # 1 for a win, 1/2 for a shared first place; over 3+ seats by place
    places: dict[int, int] = field(default_factory=dict)      # place -> count
    by_game: dict[str, tuple[int, int]] = field(default_factory=dict)     # game id -> (played, wins)


def standings(games: list[GameRecord], people_only: bool = True) -> list[Standing]:
    """Per player (people by name; computers too unless ``people_only``), ordered by wins,
    then points, then fewer games."""
    table: dict[str, Standing] = {}
    for g in games:
        n = len(g.seats)
        firsts = sum(1 for p in g.placings if p == 1)
        for i, s in enumerate(g.seats):
            if people_only and not s.is_human:
                continue
            key = s.name if s.is_human else s.label()
            row = table.setdefault(key.lower(), Standing(key))
            row.played += 1
            place = g.placings[i]
            row.places[place] = row.places.get(place, 0) + 1
            won = place == 1 and firsts < n
            played, wins = row.by_game.get(g.game, (0, 0))
            row.by_game[g.game] = (played + 1, wins + (1 if won else 0))
            if won:
                row.wins += 1 if firsts == 1 else 0
                row.points += 1.0 / firsts
            elif n > 2:
                row.points += (n - place) / (n - 1) * 0.5          # a good place earns a little
    return sorted(table.values(), key=lambda s: (-s.wins, -s.points, s.played, s.name.lower()))


def head_to_head(games: list[GameRecord]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """For each pair of people who met: (a's wins over b, b's over a, draws), counting a
    game for a pair when one finished ahead of the other."""
    out: dict[tuple[str, str], list[int]] = {}
    # a name in any letter case is one player, shown as first written, as in the standings
    # (a play-test's "Cat" and "cat" were one row there and two pairs here)
    shown: dict[str, str] = {}
    for g in games:
        people = [(i, shown.setdefault(s.name.lower(), s.name)) for i, s in enumerate(g.seats) if s.is_human]
        for x in range(len(people)):
            for y in range(x + 1, len(people)):
                (i, a), (j, b) = people[x], people[y]
                if a.lower() == b.lower():
                    continue                      # one player in two seats: no match-up
                if a.lower() > b.lower():
                    (i, a), (j, b) = (j, b), (i, a)
                row = out.setdefault((a, b), [0, 0, 0])
                pa, pb = g.placings[i], g.placings[j]
                row[0 if pa < pb else 1 if pb < pa else 2] += 1
    return {k: (v[0], v[1], v[2]) for k, v in out.items()}


def to_csv(games: list[GameRecord], titles: dict[str, str] | None = None) -> str:
    """The games as CSV: one row per seat of each game (so a spreadsheet can pivot it)."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["when", "game", "seat", "player", "kind", "level", "place", "moves", "result"])
    for g in games:
        for i, s in enumerate(g.seats):
            w.writerow([g.when, (titles or {}).get(g.game, g.game), i + 1, _csv_safe(s.name), s.kind, s.level,
                        g.placings[i], g.plies, _csv_safe(g.result)])
    return buf.getvalue()


def _csv_safe(v: str) -> str:
    """A spreadsheet runs a cell starting with = + - @ as a formula: a name typed as one
    is written with a leading apostrophe, as spreadsheets expect."""
    return "'" + v if v[:1] in ("=", "+", "-", "@") else v
