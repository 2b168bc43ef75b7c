"""Logging: one rotating log file in the data folder, and hooks so nothing dies silently.

The Windows build has no console, so the log file is where errors go; the app
tells the player its path whenever something goes wrong. Every module logs
through ``logging.getLogger(__name__)``; this module only wires the handlers.
"""
from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
from types import TracebackType
from typing import cast

from games.core import paths

FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"

_file_handler: logging.Handler | None = None
#: why there is no log file (a read-only or full data folder), or "" while there is one
_problem = ""


class _FileHandler(logging.handlers.RotatingFileHandler):
    """The log file, which gives itself up on its first failed write (a disk that
    filled up): one line on stderr says so, the log goes on to stderr, and the
    app's messages stop pointing at a file that is not being written. The
    standard handler would print a traceback for every record instead."""

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        _give_up_file(f"writing it failed ({sys.exc_info()[1]})")


def _give_up_file(why: str) -> None:
    global _file_handler, _problem
    root = logging.getLogger()
    handler, _file_handler = _file_handler, None
    if handler is not None:
        root.removeHandler(handler)
        try:
            handler.close()
        except OSError:
            pass                    # the file is already unusable; closing it changes nothing
    _problem = f"the log file {paths.log_path()} cannot be written: {why}"
    print(f"Cannonade: {_problem}; logging to the console instead", file=sys.stderr)
    _add_stderr(root)


def setup_logging(to_stderr: bool = False, level: int = logging.INFO) -> str | None:
    """Send the app's log to ``paths.log_path()`` (1 MB, three old files kept) and,
    when asked, to stderr. Returns the log file's path, or None if it could not
    be opened (a read-only data folder): then the log goes to stderr only. The
    file is opened here, not at the first record, so a folder that can't be
    written is found now and said once."""
    global _file_handler, _problem
    root = logging.getLogger()
    root.setLevel(level)
    if _file_handler is not None:
        root.removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None
    _problem = ""
    path = paths.log_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        _file_handler = _FileHandler(path, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
        _file_handler.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(_file_handler)
    except OSError as exc:
        _give_up_file(exc.strerror or str(exc))
        install_hooks()
        return None
    if to_stderr:
        _add_stderr(root)
    install_hooks()
    return path


def _add_stderr(root: logging.Logger) -> None:
    if not any(getattr(h, "_cannonade_stderr", False) for h in root.handlers):
        h = logging.StreamHandler(sys.stderr)
        h.setFormatter(logging.Formatter(FORMAT))
        h.setLevel(logging.WARNING)
        h._cannonade_stderr = True  # type: ignore[attr-defined]
        root.addHandler(h)


def remove_stderr() -> None:
    """Stop copying the log to stderr (tests whose captured stderr is about to close)."""
    root = logging.getLogger()
    for h in [h for h in root.handlers if getattr(h, "_cannonade_stderr", False)]:
        root.removeHandler(h)


def install_hooks() -> None:
    """Uncaught exceptions, in the main thread or any other, end up in the log."""
    def main_hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        logging.getLogger("cannonade").critical("uncaught exception", exc_info=(kind, value, tb))
        sys.__excepthook__(kind, value, tb)

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        logging.getLogger("cannonade").error("uncaught exception in thread %s",
                                             getattr(args.thread, "name", "?"),
                                             # exc_value is typed optional; a thread's uncaught exception has one
                                             exc_info=cast("tuple[type[BaseException], BaseException, TracebackType | None]",
                                                           (args.exc_type, args.exc_value, args.exc_traceback)))

    sys.excepthook = main_hook
    threading.excepthook = thread_hook


def log_file() -> str:
    """Where the log is, for messages to the player; when there is no log file, says
    so and where the log goes instead (never a path to a file that does not exist)."""
    if _file_handler is None and _problem:
        return f"(none: {_problem}; the details went to the console)"
    return paths.log_path()


def problem() -> str:
    """Why the log file is not being written, or ""."""
    return _problem


def shutdown_file_log() -> None:
    """Close the log file (before its folder is removed, e.g. after ``--smoke``)."""
    global _file_handler
    if _file_handler is not None:
        logging.getLogger().removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None
