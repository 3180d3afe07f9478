"""Bulk read (``Notes.records``): chunks of plain rows with the current spans, one read per chunk."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.pseudonyms import tag_for
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import Project
from masketeer_gui.store.rows import NoteDetail
from tests.store.fakes import NOTES, note_id


def _flat(chunks: list[list[NoteDetail]]) -> list[NoteDetail]:
    return [row for chunk in chunks for row in chunk]


@pytest.mark.parametrize(("chunk", "sizes"), [(1, [1] * 6), (4, [4, 2]), (6, [6]), (2000, [6])])
def test_every_note_in_import_order_in_chunks(loaded: Project, chunk: int, sizes: list[int]) -> None:
    chunks = list(loaded.notes.records(chunk=chunk))
    assert [len(c) for c in chunks] == sizes
    assert [row.external_id for row in _flat(chunks)] == [n["id"] for n in NOTES]


def test_rows_equal_what_get_returns(loaded: Project) -> None:
    for row in _flat(list(loaded.notes.records())):
        detail = loaded.notes.get(row.id)
        assert (row.external_id, row.patient_id, row.text, row.spans) == (
            detail.external_id,
            detail.patient_id,
            detail.text,
            detail.spans,
        )
        assert row.analyzed


def test_pseudonyms_only_when_asked_and_as_get_gives_them(loaded: Project) -> None:
    """The export reads without pseudonyms (it tags spans itself); the GUI's bulk checks ask for them."""
    assert all(row.pseudonyms == () for row in _flat(list(loaded.notes.records())))
    key = loaded.pseudonym_key()
    for row in _flat(list(loaded.notes.records(pseudonyms=True))):
        assert row.pseudonyms == loaded.notes.get(row.id).pseudonyms
        assert row.pseudonyms == tuple(
            tag_for(key, s.entity, s.ref or row.text[s.start : s.end]) for s in row.spans
        )  # no run stored any: the keyed tags


def test_given_ids_in_their_order_unknown_ones_left_out(loaded: Project) -> None:
    ids = [note_id(loaded, ext) for ext in ("n5", "n1", "n3")]
    chunks = list(loaded.notes.records([ids[0], 999_999, ids[1], ids[2]], chunk=2))
    assert [[row.external_id for row in chunk] for chunk in chunks] == [["n5"], ["n1", "n3"]]
    assert list(loaded.notes.records([])) == []


def test_only_the_current_results_spans(loaded: Project) -> None:
    n4 = note_id(loaded, "n4")
    loaded.corrections.add(n4, 23, 28, CorrectionAction.ADD, Entity.PER)
    loaded.runs.run()
    (row,) = _flat(list(loaded.notes.records([n4])))
    assert [(s.start, s.end, s.entity) for s in row.spans] == [(23, 28, Entity.PER)]


def test_notes_not_analysed_have_no_spans(project: Project, corpus: Path) -> None:
    project.import_corpus(corpus)
    rows = _flat(list(project.notes.records()))
    assert len(rows) == 6 and not any(row.analyzed or row.spans for row in rows)


def test_one_read_transaction_per_chunk_closed_before_the_chunk_is_handed_out(
    loaded: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = loaded._db  # counting the store's read transactions
    n1 = note_id(loaded, "n1")
    state = {"reads": 0, "open": False}
    original = db.read

    @contextmanager
    def counted():  # type: ignore[no-untyped-def]
        state["reads"] += 1
        state["open"] = True
        with original() as session:
            yield session
        state["open"] = False

    monkeypatch.setattr(db, "read", counted)
    for _chunk in loaded.notes.records(chunk=4):
        assert not state["open"]
    assert state["reads"] == 3  # two chunks, and the empty read that ends the walk
    state["reads"] = 0
    list(loaded.notes.records([n1] * 5, chunk=2))
    assert state["reads"] == 3


def test_chunk_must_be_positive(loaded: Project) -> None:
    with pytest.raises(ValueError, match="chunk"):
        next(loaded.notes.records(chunk=0))
