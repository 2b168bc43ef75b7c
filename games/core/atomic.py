"""Crash-safe file writes: a save is either the old file or the new one, never half."""
from __future__ import annotations

import logging
import os
import shutil
import tempfile
import time

log = logging.getLogger(__name__)

#: every temporary file this module makes ends so (and starts with a dot): the
#: clean-up at start-up knows them by it
TMP_SUFFIX = ".tmp"


def write_atomic(path: str, text: str, keep_backup: bool = True, shared: bool = False) -> None:
    """Write ``text`` to ``path`` atomically.

    Order matters: the new text goes to a temporary file in the same folder and
    is fsync'd; the current file is *copied* (not moved) to ``.bak`` through its
    own temporary name; only then does ``os.replace`` swap the new file in, and
    the folder is synced so the rename itself survives a power cut. An exception
    anywhere (full disk, read-only folder, a crash) leaves the previous file and
    its previous ``.bak`` readable. Temporary names are unique, so two writers
    (two windows of the app) never write into one file. The file is the owner's alone
    (a temporary file's mode), unless ``shared``: an export meant to be passed on gets
    the mode any new file gets (a play-test's CSVs were unreadable to others, its GIFs not).
    """
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    base = os.path.basename(path)
    made: list[str] = []
    try:
        tmp = _temp_in(folder, base, made)
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if shared and os.name != "nt":
            mask = os.umask(0)
            os.umask(mask)
            os.chmod(tmp, 0o666 & ~mask)
        if keep_backup and os.path.exists(path):
            bak_tmp = _temp_in(folder, base + ".bak", made)
            shutil.copyfile(path, bak_tmp)
            os.replace(bak_tmp, path + ".bak")
        _replace(tmp, path)
        sync_folder(folder)
    except BaseException:
        for leftover in made:
            if not os.path.exists(leftover):
                continue
            try:
                os.remove(leftover)
            except OSError as exc:
                log.warning("could not remove %s: %s", leftover, exc)
        raise


def _temp_in(folder: str, base: str, made: list[str]) -> str:
    fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=TMP_SUFFIX, dir=folder)
    os.close(fd)
    made.append(tmp)
    return tmp


def sync_folder(folder: str) -> None:
    """fsync a folder, so a rename in it is on disk (POSIX; Windows has no such call
    for folders, and its rename is already durable once it returns)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError as exc:
        log.warning("cannot open %s to sync it: %s", folder, exc)
        return
    try:
        os.fsync(fd)
    except OSError as exc:          # some file systems refuse fsync on folders: nothing to do
        log.info("fsync of folder %s: %s", folder, exc)
    finally:
        os.close(fd)


def clean_stale_temps(folder: str, older_than: float = 600.0) -> int:
    """Remove temporary files a killed writer left in ``folder`` (ours only: a dot, then
    the name, ending ``.tmp``; and the fixed names older versions used), once they
    are older than ``older_than`` seconds, so a writer still at work in another
    window is left alone. Returns how many went."""
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    now, gone = time.time(), 0
    for fn in names:
        ours = (fn.startswith(".") and fn.endswith(TMP_SUFFIX)) or fn.endswith((".json.tmp", ".json.bak.tmp"))
        if not ours:
            continue
        p = os.path.join(folder, fn)
        try:
            if now - os.path.getmtime(p) < older_than or not os.path.isfile(p):
                continue
            os.remove(p)
            gone += 1
        except OSError as exc:
            log.warning("could not remove the stale temporary file %s: %s", p, exc)
    return gone


def _replace(src: str, dst: str) -> None:
    # A seam for tests that simulate a crash between write and replace.
    os.replace(src, dst)
