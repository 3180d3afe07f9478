"""Risk and leak-check jobs read the notes in bulk (``note_chunks``) and agree with reading them one by one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from masketeer_gui.store import Project
from masketeer_gui.ui.project_api import EngineParts, NoteDetail
from masketeer_gui.ui.risk_jobs import assess_notes, check_leaks
from masketeer_gui.ui.store_adapter import StoreProject, engine_factory

pytestmark = pytest.mark.gui


class OneByOne:
    """The adapter as the jobs used it before: one ``note()`` read per note; and no bulk reads otherwise."""

    def __init__(self, project: StoreProject) -> None:
        self.project = project

    def note_chunks(self, note_ids: Sequence[int], chunk: int = 2000) -> Iterator[list[NoteDetail]]:
        for note_id in note_ids:
            yield [StoreProject.note(self.project, note_id)]


class BulkOnly(StoreProject):
    """The adapter with per-note reads forbidden: the jobs must not fall back to them."""

    def note(self, note_id: int) -> NoteDetail:
        raise AssertionError("read one by one")


@pytest.fixture
def bulk(demo_project: Path) -> Iterator[BulkOnly]:
    project = BulkOnly(Project.open(demo_project, analyzer_factory=engine_factory))
    yield project
    project.close()


@pytest.fixture
def parts(bulk: BulkOnly) -> EngineParts:
    found = bulk.engine_parts()
    assert found is not None
    return found


def _ids(project: StoreProject) -> list[int]:
    return [row.id for row in project.note_rows()]


def test_note_chunks_hold_what_note_returns(bulk: BulkOnly) -> None:
    ids = _ids(bulk)[::-1]  # the caller's order, not the import order
    chunks = list(bulk.note_chunks([*ids, 10**9], chunk=7))
    assert [len(c) for c in chunks[:-1]] == [7] * (len(chunks) - 1) and 0 < len(chunks[-1]) <= 7
    notes = [note for chunk in chunks for note in chunk]
    assert [n.id for n in notes] == ids
    for note in notes:
        one = StoreProject.note(bulk, note.id)
        assert (note.external_id, note.patient_id, note.text, note.analyzed) == (
            one.external_id,
            one.patient_id,
            one.text,
            one.analyzed,
        )
        assert (note.spans, note.pseudonyms) == (one.spans, one.pseudonyms)
    assert sum(len(n.spans) for n in notes) > 0


def test_risk_assessed_in_bulk_equals_one_by_one(bulk: BulkOnly, parts: EngineParts) -> None:
    ids = _ids(bulk)
    reports: list[tuple[int, int]] = []
    fast = assess_notes(bulk, parts, ids, {}, lambda d, t, _r: reports.append((d, t)), lambda: False)
    slow = assess_notes(OneByOne(bulk), parts, ids, {}, lambda *_a: None, lambda: False)  # type: ignore[arg-type]
    assert fast is not None and slow is not None
    assert fast.final == slow.final and fast.summary == slow.summary and len(fast.final) == len(ids)
    assert reports[-1] == (len(ids), len(ids)) and len(reports) == len(ids)


def test_reassessing_some_notes_keeps_the_others(bulk: BulkOnly, parts: EngineParts) -> None:
    ids = _ids(bulk)
    whole = assess_notes(bulk, parts, ids, {}, lambda *_a: None, lambda: False)
    assert whole is not None
    again = assess_notes(bulk, parts, [*ids[:3], 10**9], whole.notes, lambda *_a: None, lambda: False)
    assert again is not None and again.final == whole.final


def test_leak_check_in_bulk_equals_one_by_one(bulk: BulkOnly, parts: EngineParts) -> None:
    ids = _ids(bulk)
    fast = check_leaks(bulk, parts, ids, lambda *_a: None, lambda: False)
    slow = check_leaks(OneByOne(bulk), parts, ids, lambda *_a: None, lambda: False)  # type: ignore[arg-type]
    assert fast is not None and fast == slow


def test_a_cancel_stops_between_notes(bulk: BulkOnly, parts: EngineParts) -> None:
    ids = _ids(bulk)
    seen: list[int] = []
    result = assess_notes(bulk, parts, ids, {}, lambda d, _t, _r: seen.append(d), lambda: len(seen) >= 3)
    assert result is None and seen == [1, 2, 3]
    assert check_leaks(bulk, parts, ids, lambda *_a: None, lambda: True) is None
