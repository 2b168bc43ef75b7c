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

from games.core import paths

FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"

_file_handler: logging.Handler | None = None


def setup_logging(to_stderr: bool = False, level: int = logging.INFO) -> str | None:
    """Send the app's log to ``paths.log_path()`` (1 MB, three old files kept) and,
    when asked, to stderr. Returns the log file's path, or None if it could not
    be opened (a read-only data folder): then the log goes to stderr only."""
    global _file_handler
    root = logging.getLogger()
    root.setLevel(level)
    if _file_handler is not None:
        root.removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None
    path = paths.log_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        _file_handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000, backupCount=3,
                                                             encoding="utf-8", delay=True)
        _file_handler.setFormatter(logging.Formatter(FORMAT))
        root.addHandler(_file_handler)
    except OSError as exc:
        to_stderr = True
        print(f"Cannonade: cannot write the log file ({exc}); logging to the console", file=sys.stderr)
        install_hooks()
        _add_stderr(root)
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


def install_hooks() -> None:
    """Uncaught exceptions, in the main thread or any other, end up in the log."""
    def main_hook(kind, value, tb):
        logging.getLogger("cannonade").critical("uncaught exception", exc_info=(kind, value, tb))
        sys.__excepthook__(kind, value, tb)

    def thread_hook(args):
        if args.exc_type is SystemExit:
            return
        logging.getLogger("cannonade").error("uncaught exception in thread %s",
                                             getattr(args.thread, "name", "?"),
                                             exc_info=(args.exc_type, args.exc_value, args.exc_traceback))

    sys.excepthook = main_hook
    threading.excepthook = thread_hook


def log_file() -> str:
    """Where the log is (or would be) written, for messages to the player."""
    return paths.log_path()


def shutdown_file_log() -> None:
    """Close the log file (before its folder is removed, e.g. after ``--smoke``)."""
    global _file_handler
    if _file_handler is not None:
        logging.getLogger().removeHandler(_file_handler)
        _file_handler.close()
        _file_handler = None
