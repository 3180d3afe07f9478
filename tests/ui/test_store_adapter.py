"""The GUI's adapter over the store: a run streams exactly the rows of each finished chunk, a cancel
puts the streamed notes back as stored, statistics come from the store, no private store access."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from masketeer_gui.ui.project_api import NoteRow
from masketeer_gui.ui.store_adapter import StoreProject, shipped_lexicon

pytestmark = pytest.mark.gui
CHUNK = 100
UI = Path(__file__).resolve().parents[2] / "masketeer_gui" / "ui"


@pytest.fixture
def adapter(fresh_project: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[StoreProject]:
    monkeypatch.setattr("masketeer_gui.store.job.CHUNK", CHUNK)
    project = StoreProject.open(fresh_project)
    yield project
    project.close()


class Recorder:
    """A progress callback that keeps every report; cancels after ``stop_after`` reports."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.reports: list[tuple[int, int, list[NoteRow]]] = []
        self.stop_after = stop_after

    def __call__(self, done: int, total: int, rows: Sequence[NoteRow]) -> None:
        self.reports.append((done, total, list(rows)))

    def cancelled(self) -> bool:
        return self.stop_after is not None and len(self.reports) >= self.stop_after


def test_a_full_run_streams_each_chunk_as_it_will_be_stored(adapter: StoreProject) -> None:
    ids = [row.id for row in adapter.note_rows()]
    ids.reverse()  # a run's order is not the list's order: rows must be matched by id
    record = Recorder()
    assert adapter.run(ids, record, record.cancelled) == 600
    *chunks, (done, total, settled) = record.reports
    assert [(d, t, len(rows)) for d, t, rows in chunks] == [(CHUNK * (i + 1), 600, CHUNK) for i in range(6)]
    streamed = {row.id: row for _, _, rows in chunks for row in rows}
    assert len(streamed) == 600 and all(row.analyzed for row in streamed.values())
    assert (done, total) == (600, 600)
    stored = {row.id: row for row in adapter.note_rows()}
    # the last report: the rows that differ from the streamed ones, where settling retyped a name (types only)
    assert settled and {row.id: row for row in settled} == {i: row for i, row in stored.items() if streamed[i] != row}
    assert all(row.spans == streamed[row.id].spans and row.counts != streamed[row.id].counts for row in settled)
    assert sum(row.spans for row in streamed.values()) > 300


def test_a_run_reports_the_notes_outside_it_that_its_settling_retyped(tmp_path: Path) -> None:
    """A signature in a new note proves a staff member an older note took for a relative."""
    import json

    from masketeer_gui.engine.span import Entity
    from masketeer_gui.store import Project

    weak = {"id": "B", "text": "Rückruf durch Gottlieb, Termin fixiert.", "patient_id": "P2"}
    proof = {"id": "A", "text": "Befund besprochen, Kontrolle in 2 Wochen.\nGottlieb", "patient_id": "P1"}
    with Project.create(tmp_path / "p.db", user="tester") as project:
        (tmp_path / "b.jsonl").write_text(json.dumps(weak) + "\n", encoding="utf-8")
        project.import_corpus(tmp_path / "b.jsonl")
        project.runs.run(incremental=False)
        (tmp_path / "a.jsonl").write_text(json.dumps(proof) + "\n", encoding="utf-8")
        project.import_corpus(tmp_path / "a.jsonl")
    adapter = StoreProject.open(tmp_path / "p.db")
    try:
        older, new = adapter.find_note("B"), adapter.find_note("A")
        assert older is not None and new is not None
        assert Entity.HCP not in adapter.note_rows([older])[0].counts
        record = Recorder()
        adapter.run([new], record, record.cancelled)
        *_, (_, _, last) = record.reports
        assert {row.id: dict(row.counts) for row in last} == {older: {Entity.HCP: 1}}
    finally:
        adapter.close()


def test_a_cancelled_run_puts_the_streamed_notes_back_as_stored(adapter: StoreProject) -> None:
    record = Recorder(stop_after=2)
    assert adapter.run(None, record, record.cancelled, full=True) == 0
    first, second, (done, total, restored) = record.reports
    streamed = {row.id for _, _, rows in (first, second) for row in rows}
    assert len(streamed) == 2 * CHUNK and all(row.analyzed for row in first[2] + second[2])
    assert (done, total) == (2 * CHUNK, 600)
    assert {row.id for row in restored} == streamed and not any(row.analyzed for row in restored)
    assert not any(row.analyzed for row in adapter.note_rows())


def test_statistics_come_from_the_store(adapter: StoreProject) -> None:
    record = Recorder()
    adapter.run(None, record, record.cancelled, full=True)
    stats = adapter.stats()
    rows = adapter.note_rows()
    assert (stats.notes, stats.analyzed) == (600, 600)
    assert sum(stats.per_entity.values()) == sum(stats.per_masker.values()) == sum(r.spans for r in rows)
    assert sum(stats.tokens_hist.values()) == 600


def test_the_lexicon_and_the_libraries_are_out_of_the_collectors_sight() -> None:
    """A full collection walked them for 70-90 ms holding the GIL: the stall at the start of a run."""
    gc.unfreeze()  # what other tests' runs froze
    shipped_lexicon.cache_clear()
    lexicon = shipped_lexicon()
    tracked = {id(o) for o in gc.get_objects()}
    assert id(lexicon.nouns) not in tracked and id(StoreProject.run) not in tracked


def test_a_run_suspends_full_collections_before_it_lists_the_notes(
    adapter: StoreProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    listed = adapter.store.notes.ids
    thresholds: list[int] = []

    def ids() -> list[int]:
        thresholds.append(gc.get_threshold()[2])
        return listed()

    monkeypatch.setattr(adapter.store.notes, "ids", ids)
    before = gc.get_threshold()
    record = Recorder(stop_after=1)
    adapter.run(None, record, record.cancelled, full=True)
    assert thresholds and thresholds[0] > 100_000 and gc.get_threshold() == before


def test_the_ui_does_not_reach_into_the_store() -> None:
    private = re.compile(r"\._db\b|\b_db\(")
    found = [
        f"{path.relative_to(UI)}:{n}"
        for path in UI.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if private.search(line)
    ]
    assert found == []
