"""Full-text search through the word index: every word must occur, hits carry offsets and a line of context."""

from __future__ import annotations

from pathlib import Path

import pytest

from masketeer_gui.store import Project
from masketeer_gui.store.textsearch import context_line, word_hits


@pytest.fixture
def project(tmp_path: Path) -> Project:
    corpus = tmp_path / "notes.jsonl"
    corpus.write_text(
        '{"id": "a1", "text": "Frau Quendolin Brasch kommt morgen. Brasch ist stabil."}\n'
        '{"id": "a2", "text": "Rückruf von Dr. Brasch-Öhlmann wegen Befund."}\n'
        '{"id": "a3", "text": "Quendolin war heute nicht da."}\n',
        encoding="utf-8",
    )
    p = Project.create(tmp_path / "p.db")
    p.import_corpus(corpus)
    yield p
    p.close()


def test_every_note_with_the_word_and_where_it_stands(project: Project) -> None:
    hits = project.search_text("brasch")
    assert [h.external_id for h in hits] == ["a1", "a2"]
    first = hits[0]
    assert first.hits == ((15, 21), (36, 42))
    assert "Brasch" in first.context
    assert hits[1].hits == ((16, 22),)  # the part of a hyphen chain


def test_every_word_of_the_query_must_occur(project: Project) -> None:
    assert [h.external_id for h in project.search_text("Quendolin Brasch")] == ["a1"]
    assert project.search_text("Quendolin Öhlmann") == []
    assert project.search_text("") == []


def test_case_and_accents_are_folded() -> None:
    assert word_hits("Öhlmann und OEHLMANN", {"oehlmann"}) == [(0, 7), (12, 20)]


def test_context_line_cuts_with_ellipses() -> None:
    text = "x" * 100 + " Name " + "y" * 100
    line = context_line(text, 101, 105, width=10)
    assert line.startswith("…") and line.endswith("…") and "Name" in line
