"""Logging never carries note text: literal messages only, string arguments and exception messages redacted."""

from __future__ import annotations

import ast
import io
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from masketeer_gui.logs import LOGGER, NoNoteText, configure_logging

PACKAGE = Path(__file__).resolve().parents[1] / "masketeer_gui"
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}
NOTE = "Frau Quastenbichler klagt über Schwindel"


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """The package logger's output (configured as the CLI does), at debug level."""
    logger = configure_logging(2)
    (handler,) = [h for h in logger.handlers if getattr(h, "_masketeer", False)]
    assert isinstance(handler, logging.StreamHandler)
    stream = io.StringIO()
    old = handler.setStream(stream)
    yield stream
    handler.setStream(old)
    logger.setLevel(logging.WARNING)


def test_string_arguments_are_redacted_numbers_and_paths_kept(captured: io.StringIO) -> None:
    logging.getLogger(f"{LOGGER}.engine").info("note %s: %s spans in %s", NOTE, 3, Path("/tmp/out.jsonl"))
    out = captured.getvalue()
    assert "Quastenbichler" not in out and "<text, 40 chars>" in out
    assert "3 spans in /tmp/out.jsonl" in out


def test_exception_messages_are_dropped(captured: io.StringIO) -> None:
    try:
        raise ValueError(f"cannot parse {NOTE}")
    except ValueError:
        logging.getLogger(f"{LOGGER}.store").exception("import failed")
    out = captured.getvalue()
    assert "Quastenbichler" not in out and "import failed [ValueError]" in out


def test_mapping_arguments_are_redacted() -> None:
    record = logging.LogRecord(LOGGER, logging.INFO, __file__, 1, "%(who)s", ({"who": NOTE},), None)
    NoNoteText().filter(record)
    assert "Quastenbichler" not in record.getMessage()


def test_configuring_twice_adds_one_handler() -> None:
    configure_logging(0)
    logger = configure_logging(1)
    assert sum(getattr(h, "_masketeer", False) for h in logger.handlers) == 1
    assert logger.level == logging.INFO
    configure_logging(0)


def _log_calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in LOG_METHODS
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id in {"_log", "log", "logger", "_logger", "LOG", "logging"}
    ]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_log_message_is_a_string_literal(path: Path) -> None:
    for call in _log_calls(path):
        message = call.args[1] if call.func.attr == "log" and len(call.args) > 1 else call.args[0]  # type: ignore[attr-defined]
        assert isinstance(message, ast.Constant) and isinstance(message.value, str), (
            f"{path.name}:{call.lineno}: log messages must be literals (text goes in redacted arguments)"
        )
