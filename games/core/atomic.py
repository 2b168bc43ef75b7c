"""Crash-safe file writes: a save is either the old file or the new one, never half."""
from __future__ import annotations

import logging
import os
import shutil

log = logging.getLogger(__name__)


def write_atomic(path: str, text: str, keep_backup: bool = True) -> None:
    """Write ``text`` to ``path`` atomically.

    Order matters: the new text goes to a temporary file in the same folder and
    is fsync'd; the current file is *copied* (not moved) to ``.bak`` through its
    own temporary name; only then does ``os.replace`` swap the new file in. An
    exception anywhere (full disk, read-only folder, a crash) leaves the previous
    file and its previous ``.bak`` readable.
    """
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and os.path.exists(path):
            bak_tmp = path + ".bak.tmp"
            shutil.copyfile(path, bak_tmp)
            os.replace(bak_tmp, path + ".bak")
        _replace(tmp, path)
    except BaseException:
        for leftover in (tmp, path + ".bak.tmp"):
            try:
                os.remove(leftover)
            except OSError as exc:
                log.warning("could not remove %s: %s", leftover, exc)
        raise


def _replace(src: str, dst: str) -> None:
    # A seam for tests that simulate a crash between write and replace.
    os.replace(src, dst)
