"""Evaluation marks: round trip, validation, counts for the metrics."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.span import Entity
from masketeer_gui.store import InvalidChangeError, NotFoundError, Project
from masketeer_gui.store.rows import MarkLabel
from tests.store.fakes import FakeEngine, note_id


def test_round_trip_and_counts(loaded: Project, engine: FakeEngine) -> None:
    sample = loaded.samples.draw(n=6, seed=1)
    n1, n4 = note_id(loaded, "n1"), note_id(loaded, "n4")
    run = loaded.runs.latest()
    assert run is not None
    tp = loaded.marks.add(
        n1,
        MarkLabel.TP,
        start=0,
        end=9,
        entity=Entity.HCP,
        masker="Salutation",
        sample_id=sample.id,
        run_id=run.id,
        annotator="eva",
    )
    fn = loaded.marks.add(
        n1,
        MarkLabel.FN,
        start=29,
        end=35,
        entity=Entity.PAT,
        sample_id=sample.id,
        annotator="eva",
        comment="missed",
    )
    tn = loaded.marks.add(n4, MarkLabel.TN, sample_id=sample.id, annotator="olaf")
    loaded.marks.add(n4, MarkLabel.TN, annotator="olaf")  # outside the sample
    path = loaded.path
    loaded.close()
    with Project.open(path, analyzer_factory=engine) as project:
        assert project.marks.list(sample_id=sample.id) == [tp, fn, tn]
        assert project.marks.list(note_id=n1, annotator="eva") == [tp, fn]
        assert project.marks.counts(sample_id=sample.id) == {
            MarkLabel.TP: 1,
            MarkLabel.FP: 0,
            MarkLabel.FN: 1,
            MarkLabel.TN: 1,
        }
        assert project.marks.counts(sample_id=sample.id, annotator="olaf")[MarkLabel.TN] == 1
        changed = project.marks.update(tp.id, label=MarkLabel.FP, comment="not a name")
        assert (changed.label, changed.comment, changed.entity) == (MarkLabel.FP, "not a name", Entity.HCP)
        project.marks.remove(fn.id)
        assert [m.id for m in project.marks.list(sample_id=sample.id)] == [tp.id, tn.id]


@pytest.mark.parametrize(
    ("label", "start", "end", "message"),
    [
        (MarkLabel.TP, None, None, "needs the offsets"),
        (MarkLabel.FN, 3, None, "both offsets or neither"),
        (MarkLabel.FP, 5, 500, "outside the note"),
    ],
)
def test_invalid_marks(loaded: Project, label: MarkLabel, start: int | None, end: int | None, message: str) -> None:
    with pytest.raises(InvalidChangeError, match=message):
        loaded.marks.add(note_id(loaded, "n1"), label, start=start, end=end)


def test_unknown_ids(loaded: Project) -> None:
    with pytest.raises(NotFoundError):
        loaded.marks.add(9999, MarkLabel.TN)
    with pytest.raises(NotFoundError):
        loaded.marks.add(note_id(loaded, "n1"), MarkLabel.TN, sample_id=42)
    with pytest.raises(NotFoundError):
        loaded.marks.update(42, label=MarkLabel.TP)
