"""One writer at a time: a second writer is told "project is in use"; readers always get in."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from masketeer_gui.store import Project, errors
from masketeer_gui.store.rows import TermKind, TermSpec
from tests.store.fakes import FakeEngine
from tests.store.helpers import start, wait_for

HOLD_OPEN = """
import sys
from masketeer_gui.store import Project
from masketeer_gui.store.rows import TermKind, TermSpec
project = Project.open(sys.argv[1], user="other")
project.terms.add(TermSpec(TermKind.WHITELIST, "Hals"))
print("ready", flush=True)
sys.stdin.readline()
"""


def test_second_writer_in_the_same_program_is_refused(project: Project, engine: FakeEngine) -> None:
    with pytest.raises(errors.ProjectInUseError, match=r"project\.db: project is in use by another program"):
        Project.open(project.path, analyzer_factory=engine)
    with Project.open(project.path, readonly=True, analyzer_factory=engine) as reader:
        assert reader.terms.list() == []
    project.close()
    Project.open(project.path, analyzer_factory=engine).close()


def test_two_processes(project_path: Path, engine: FakeEngine) -> None:
    Project.create(project_path, analyzer_factory=engine).close()
    other = start(HOLD_OPEN, str(project_path))
    try:
        wait_for(other, "ready")
        with pytest.raises(errors.ProjectInUseError, match=rf"in use by another program \(process {other.pid}\)"):
            Project.open(project_path, analyzer_factory=engine)
        with Project.open(project_path, readonly=True, analyzer_factory=engine) as reader:
            assert [t.term for t in reader.terms.list()] == ["Hals"]  # the other writer's commit is visible
    finally:
        other.send_signal(signal.SIGKILL)
        other.communicate()
    with Project.open(project_path, analyzer_factory=engine) as project:  # a dead holder leaves no lock behind
        project.terms.add(TermSpec(TermKind.WHITELIST, "Rumpf"))
        assert [t.term for t in project.terms.list()] == ["Hals", "Rumpf"]
        assert project.integrity_check() == "ok"
