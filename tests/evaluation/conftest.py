"""Evaluation fixtures: a project on the fake engine with a synthetic corpus, a run and a sample."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from masketeer_gui.store import Project
from tests.evaluation.corpus import make_corpus, write_jsonl
from tests.store.fakes import FakeEngine


@pytest.fixture
def corpus_files(tmp_path: Path) -> tuple[Path, Path]:
    notes, gold = make_corpus()
    return write_jsonl(tmp_path / "notes.jsonl", notes), write_jsonl(tmp_path / "gold.jsonl", gold)


@pytest.fixture
def project(tmp_path: Path, corpus_files: tuple[Path, Path]) -> Iterator[Project]:
    """Sixty notes imported and run, and a 30-note sample drawn with seed 3."""
    with Project.create(tmp_path / "eval.db", user="tester", analyzer_factory=FakeEngine()) as opened:
        opened.import_corpus(corpus_files[0])
        opened.runs.run(incremental=False)
        opened.samples.draw(30, 3)
        yield opened
