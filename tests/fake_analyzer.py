"""A stand-in for the engine in runner and CLI tests: masks the capitalised word after a salutation.

"Frau X" / "Herr X" -> PAT, "Dr. X" -> HCP. ``PidAnalyzer`` names the worker process in the
masker field, so a test can see that notes went through different processes.
"""

from __future__ import annotations

import os
import re
import time

from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.span import Entity, Span

_AFTER_SALUTATION = re.compile(r"\b(?P<sal>Frau|Herr|Dr\.)\s+(?P<name>[A-ZÄÖÜ][\wäöüß-]+)")


class FakeAnalyzer:
    """Masks the word after Frau/Herr (PAT) or Dr. (HCP)."""

    def __init__(self, names: NameLists | None = None) -> None:
        self.names = names

    def masker(self) -> str:
        return "Salutation"

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        return [
            Span(
                m.start("name"),
                m.end("name"),
                Entity.HCP if m["sal"] == "Dr." else Entity.PAT,
                self.masker(),
                f"after '{m['sal']}'",
            )
            for m in _AFTER_SALUTATION.finditer(text)
        ]


class PidAnalyzer(FakeAnalyzer):
    """Like ``FakeAnalyzer`` but the masker is ``Fake<pid>`` of the process that analyzed the note.

    Each note takes a few milliseconds, so on a busy machine one worker cannot finish every chunk
    before the other has started.
    """

    def masker(self) -> str:
        return f"Fake{os.getpid()}"

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        time.sleep(0.003)
        return super().analyze(text, context)


class BrokenAnalyzer(FakeAnalyzer):
    """Fails on every note with the note's text in the exception message (as a careless bug might)."""

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        raise ValueError(f"cannot handle {text!r}")


class DyingAnalyzer(FakeAnalyzer):
    """Kills its process when it runs in a worker (as the kernel's OOM killer would); fine in the parent."""

    def __init__(self, names: NameLists | None = None) -> None:
        super().__init__(names)
        self.parent = os.getpid()

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        if os.getpid() != self.parent:
            os._exit(3)
        return super().analyze(text, context)


def dying_factory(names: NameLists | None) -> FakeAnalyzer:
    return DyingAnalyzer(names)


def fake_factory(names: NameLists | None) -> FakeAnalyzer:
    return FakeAnalyzer(names)


def pid_factory(names: NameLists | None) -> FakeAnalyzer:
    return PidAnalyzer(names)


def broken_factory(names: NameLists | None) -> FakeAnalyzer:
    return BrokenAnalyzer(names)


class SlowAnalyzer(FakeAnalyzer):
    """Takes 10 ms a note, so a run of a few thousand notes is still busy when a test kills it."""

    def analyze(self, text: str, context: NoteContext | None = None) -> list[Span]:
        time.sleep(0.01)
        return super().analyze(text, context)


def slow_factory(names: NameLists | None) -> FakeAnalyzer:
    return SlowAnalyzer(names)


class PreparedAnalyzer(PidAnalyzer):
    """Names, in the masker field, the process that ran its ``prepare`` and the one that analyzed the note."""

    def __init__(self, names: NameLists | None = None) -> None:
        super().__init__(names)
        self.prepared_in = 0

    def prepare(self) -> PreparedAnalyzer:
        self.prepared_in = os.getpid()
        return self

    def masker(self) -> str:
        return f"Prepared{self.prepared_in}By{os.getpid()}"


def prepared_factory(names: NameLists | None) -> FakeAnalyzer:
    return PreparedAnalyzer(names)
