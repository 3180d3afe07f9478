"""Store fixtures: a fresh project on a fake engine, and a small synthetic corpus."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from masketeer_gui.store import Project
from tests.store.fakes import NOTES, FakeEngine, write_jsonl


@pytest.fixture
def engine() -> FakeEngine:
    return FakeEngine()


@pytest.fixture
def project_path(tmp_path: Path) -> Path:
    return tmp_path / "project.db"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    return write_jsonl(tmp_path / "corpus.jsonl", NOTES)


@pytest.fixture
def project(project_path: Path, engine: FakeEngine) -> Iterator[Project]:
    with Project.create(project_path, user="tester", analyzer_factory=engine) as opened:
        yield opened


@pytest.fixture
def loaded(project: Project, corpus: Path) -> Project:
    """A project with the six notes imported and one full run."""
    project.import_corpus(corpus)
    project.runs.run(incremental=False)
    return project
