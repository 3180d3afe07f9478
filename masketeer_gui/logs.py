"""Logging for the CLI and the app: to stderr, and never a note's text.

Two rules make that hold. Every logging call's message is a string literal (checked by
``tests/test_logs.py`` over the whole package), so text can only enter through arguments; and
``NoNoteText`` replaces every string argument with its length before a handler sees it: numbers,
paths, enums and booleans pass, words do not. A logged exception keeps only its type (its message
could quote a note). ``MASKETEER_DEBUG=1`` turns the redaction off for a developer's own runs.
"""

from __future__ import annotations

import logging
import os
from enum import Enum
from pathlib import PurePath

LOGGER = "masketeer_gui"
LEVELS = (logging.WARNING, logging.INFO, logging.DEBUG)
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_SAFE = (int, float, bool, PurePath, Enum, type(None))


class NoNoteText(logging.Filter):
    """Redact string arguments and exception messages of every record it passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, dict):
            record.args = {key: redact(value) for key, value in record.args.items()}
        elif record.args:
            record.args = tuple(redact(value) for value in record.args)
        if record.exc_info and record.exc_info[0] is not None:
            record.msg = f"{record.msg} [{record.exc_info[0].__name__}]"
            record.exc_info = None
            record.exc_text = None
        record.stack_info = None
        return True


def redact(value: object) -> object:
    """``value`` if it cannot hold note text (number, path, enum, bool), else a placeholder."""
    if isinstance(value, _SAFE):
        return value
    if isinstance(value, str):
        return f"<text, {len(value)} chars>"
    return f"<{type(value).__name__}>"


def configure_logging(verbosity: int = 0) -> logging.Logger:
    """Send the package's log records to stderr: 0 warnings, 1 progress (INFO), 2+ debug.

    Idempotent: a second call only changes the level.
    """
    logger = logging.getLogger(LOGGER)
    logger.setLevel(LEVELS[min(max(verbosity, 0), len(LEVELS) - 1)])
    if not any(getattr(handler, "_masketeer", False) for handler in logger.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(FORMAT))
        if not os.environ.get("MASKETEER_DEBUG"):
            handler.addFilter(NoNoteText())
        handler._masketeer = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
        logger.propagate = False
    return logger
