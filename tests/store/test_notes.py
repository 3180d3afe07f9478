"""The note list (one aggregate query) and one note in full, review status."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import NotFoundError, Project
from masketeer_gui.store.rows import ReviewStatus, TermKind, TermSpec
from tests.store.fakes import NOTES, note_id, spans_text


def test_list_counts_per_type_flags_and_corrections(loaded: Project) -> None:
    loaded.terms.add(TermSpec(TermKind.PATIENT, "Huber"))
    loaded.runs.run()
    loaded.corrections.add(note_id(loaded, "n4"), 0, 5, CorrectionAction.ADD, Entity.PER)
    rows = {r.external_id: r for r in loaded.notes.list()}
    assert rows["n1"].counts == {Entity.HCP: 1, Entity.PER: 1}
    assert rows["n6"].counts == {Entity.PER: 1, Entity.PAT: 1}
    assert (rows["n6"].spans, rows["n6"].flagged) == (2, 1)  # the listed name is flagged by the fake
    assert rows["n4"].counts == {} and rows["n4"].corrections == 1
    assert all(r.analyzed for r in rows.values())
    assert [r.length for r in loaded.notes.list()] == [len(n["text"]) for n in NOTES]


def test_get_gives_text_spans_and_corrections(loaded: Project) -> None:
    detail = loaded.notes.get(note_id(loaded, "n5"))
    assert detail.text == NOTES[4]["text"]
    assert spans_text(detail.text, detail.spans) == [("Maier", "PER"), ("Hofer", "HCP")]
    assert detail.spans[0].reason == "after 'Herr'"
    assert detail.spans[0].ref == "maier"
    assert detail.run_id == loaded.runs.latest().id  # type: ignore[union-attr]
    with pytest.raises(NotFoundError):
        loaded.notes.get(9999)


def test_review_status(loaded: Project) -> None:
    n1, n2 = note_id(loaded, "n1"), note_id(loaded, "n2")
    loaded.notes.set_review([n1, n2], ReviewStatus.REVIEWED, who="rita")
    assert [(r.review, r.reviewed_by) for r in loaded.notes.list([n1, n2])] == [(ReviewStatus.REVIEWED, "rita")] * 2
    loaded.notes.set_review([n2], ReviewStatus.OPEN)
    assert loaded.notes.get(n2).review is ReviewStatus.OPEN
    assert loaded.notes.get(n1).reviewed_by == "rita"
    with pytest.raises(NotFoundError):
        loaded.notes.set_review([9999], ReviewStatus.REVIEWED)


def test_masker_counts_and_term_notes(loaded: Project) -> None:
    assert loaded.notes.masker_counts() == {"Salutation": 6}
    hofer = loaded.term_notes(TermSpec(TermKind.WHITELIST, "Hofer"))
    assert hofer == [note_id(loaded, "n1"), note_id(loaded, "n5")]
    assert loaded.term_notes(TermSpec(TermKind.WHITELIST, "Hofer"), limit=1) == hofer[:1]
    assert len(loaded.pseudonym_key()) == 32
