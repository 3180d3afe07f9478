"""Progress reporting: a live line on a terminal, a summary line otherwise; counts only."""

from __future__ import annotations

import io

import pytest

from masketeer_gui.commands import _progress
from masketeer_gui.commands._progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_pipe_gets_one_summary_line() -> None:
    stream = io.StringIO()
    progress = Progress(stream, "masketeer x")
    progress.advance(256, 100, 150)
    progress.advance(44, 0, 0)
    progress.skipped = 2
    progress.finish()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("masketeer x: 300 notes (100 with PHI, 150 spans) in ")
    assert lines[0].endswith("notes/s; 2 bad records skipped")


def test_terminal_gets_an_updating_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_progress, "_INTERVAL", 0.0)
    stream = Terminal()
    progress = Progress(stream, "m")
    progress.advance(10, 1, 1)
    progress.advance(10, 1, 1)
    progress.finish()
    text = stream.getvalue()
    assert text.count("\rm: ") == 2 and "\rm: 20 notes" in text
    assert text.endswith("\n") and "\x1b[K" in text
