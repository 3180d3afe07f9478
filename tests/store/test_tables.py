"""Every table round-trips: what the API saved is what a reopened project gives back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import InvalidChangeError, Project
from masketeer_gui.store.rows import MarkLabel, ReviewStatus, Scope, TermKind, TermSpec
from tests.store.fakes import FakeEngine, note_id

TABLES = (
    "settings",
    "batches",
    "notes",
    "runs",
    "spans",
    "terms",
    "corrections",
    "audit_log",
    "note_texts",
    "word_index",
    "reviews",
    "samples",
    "sample_notes",
    "marks",
)


def _everything(project: Project) -> dict[str, Any]:
    samples = project.samples.list()
    return {
        "notes": project.notes.list(),
        "details": [project.notes.get(r.id) for r in project.notes.list()],
        "batches": project.notes.batches(),
        "terms": project.terms.list(),
        "corrections": project.corrections.list(),
        "runs": project.runs.list(),
        "marks": project.marks.list(),
        "samples": samples,
        "sample_notes": [project.samples.notes(s.id) for s in samples],
        "history": project.history(),
        "setting": project.setting("ui.columns"),
    }


def test_every_table_survives_closing_and_reopening(loaded: Project, engine: FakeEngine) -> None:
    n1, n3 = note_id(loaded, "n1"), note_id(loaded, "n3")
    loaded.terms.add(
        TermSpec(TermKind.BLACKLIST, "Hias", Entity.PAT, Scope.PATIENT, "p2"),
        why="nickname",
        source_note_id=n3,
    )
    loaded.corrections.add(n1, 29, 35, CorrectionAction.RETYPE, Entity.PAT, why="is the patient")
    loaded.runs.run(store_pseudonyms=True)
    loaded.notes.set_review([n1], ReviewStatus.REVIEWED, who="rita")
    sample = loaded.samples.draw(n=4, seed=11, by_length=True, name="pilot")
    loaded.marks.add(n1, MarkLabel.TP, start=0, end=9, entity=Entity.HCP, sample_id=sample.id, annotator="eva")
    loaded.set_setting("ui.columns", {"widths": [120, 80], "sorted": "spans"})
    before = _everything(loaded)
    with loaded._db.read() as session:
        counts = {t: session.connection().exec_driver_sql(f"SELECT count(*) FROM {t}").scalar() for t in TABLES}
    assert all(counts.values()), counts  # every table holds something
    path = loaded.path
    loaded.close()
    with Project.open(path, analyzer_factory=engine) as reopened:
        assert _everything(reopened) == before


def test_internal_settings_cannot_be_overwritten(project: Project) -> None:
    with pytest.raises(InvalidChangeError):
        project.set_setting("pseudonym_key", "00")
    assert project.setting("missing", 3) == 3


def test_batches_are_listed(project: Project, corpus: Path) -> None:
    project.import_corpus(corpus)
    project.import_corpus(corpus)
    assert [(b.source, b.added, b.unchanged, b.who) for b in project.notes.batches()] == [
        ("corpus.jsonl", 6, 0, "tester"),
        ("corpus.jsonl", 0, 6, "tester"),
    ]
