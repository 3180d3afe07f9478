"""Corpus import: JSONL, CSV or a folder of ``.txt`` files, in one transaction, without duplicates.

A note is known by its external id. Same id and same text: skipped. Same id, new text: the text
is replaced, its result and review status reset, and its corrections become stale (reported).
New ids are added as a new batch. A bad record aborts the whole import (nothing is written)
unless ``skip_bad``; messages name the file and line, never the content.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Table, delete, func, insert, select
from sqlalchemy.orm import Session

from masketeer_gui.corpus_io import NoteRecord, read_corpus
from masketeer_gui.store import wordindex
from masketeer_gui.store.db import Database
from masketeer_gui.store.models import Batch, CorrectionRecord, Note, NoteText, Review, utcnow
from masketeer_gui.store.notes import text_hash
from masketeer_gui.store.results import prune
from masketeer_gui.store.rows import ImportReport

NOTES: Table = Note.__table__  # type: ignore[assignment]
TEXTS: Table = NoteText.__table__  # type: ignore[assignment]
FLUSH_EVERY = 2000
INDEX_FLUSH_NOTES = 100_000
ImportProgress = Callable[[int], None]
CHUNK = 500


def _meta_field(meta: dict[str, Any], key: str) -> str | None:
    value = meta.get(key)
    return None if value is None or value == "" else str(value)


@dataclass
class _Import:
    """State of one import while it streams through the records."""

    session: Session
    batch_id: int
    index: wordindex.IndexWriter | None
    known: dict[str, tuple[int, str, dict[str, Any]]]
    next_id: int
    bad: list[str]
    pending: list[dict[str, Any]] = field(default_factory=list)
    texts: list[dict[str, Any]] = field(default_factory=list)
    updated: list[int] = field(default_factory=list)
    added: int = 0
    unchanged: int = 0

    def take(self, record: NoteRecord) -> None:
        """One record (``read_corpus`` has already refused a second one with the same id)."""
        digest = text_hash(record.text)
        known = self.known.get(record.id)
        if known is None:
            self._add(record, digest)
        elif known[1] != digest or known[2] != record.meta:
            self._update(known[0], record, digest)
        else:
            self.unchanged += 1

    def _fields(self, record: NoteRecord, digest: str) -> dict[str, Any]:
        return {
            "text_hash": digest,
            "text_length": len(record.text),
            "meta": record.meta,
            "patient_id": _meta_field(record.meta, "patient_id"),
            "author": _meta_field(record.meta, "author"),
            "batch_id": self.batch_id,
            "imported_at": utcnow(),
            "result_run_id": None,
            "span_count": 0,
            "flagged_count": 0,
            "entity_counts": "",
        }

    def _add(self, record: NoteRecord, digest: str) -> None:
        note_id, self.next_id, self.added = self.next_id, self.next_id + 1, self.added + 1
        self.pending.append({"id": note_id, "external_id": record.id, **self._fields(record, digest)})
        self.texts.append({"note_id": note_id, "text": record.text})
        if self.index is not None:
            self.index.add(note_id, record.text)
        if len(self.pending) >= FLUSH_EVERY:
            self.flush()

    def _update(self, note_id: int, record: NoteRecord, digest: str) -> None:
        note, text = self.session.get_one(Note, note_id), self.session.get_one(NoteText, note_id)
        if self.index is not None and text.text != record.text:
            self.index.remove(note_id, text.text)
            self.index.add(note_id, record.text)
        for key, value in self._fields(record, digest).items():
            setattr(note, key, value)
        text.text = record.text
        self.updated.append(note_id)

    def flush(self, *, index: bool = False) -> None:
        """Write buffered notes (and the index, at the end or when it has grown large)."""
        if self.pending:
            self.session.execute(insert(NOTES), self.pending)
            self.session.execute(insert(TEXTS), self.texts)
            self.pending, self.texts = [], []
        if self.index is not None and (index or self.index.pending >= INDEX_FLUSH_NOTES):
            self.index.flush()


def import_corpus(
    db: Database,
    path: Path,
    *,
    who: str,
    id_col: str = "id",
    text_col: str = "text",
    skip_bad: bool = False,
    progress: ImportProgress | None = None,
    patient_col: str = "patient_id",
    delimiter: str | None = None,
) -> ImportReport:
    """Import ``path`` as one batch in one transaction; ``CorpusError`` (nothing written) on a bad record."""
    bad: list[str] = []
    records = read_corpus(
        path,
        id_col=id_col,
        text_col=text_col,
        skip_bad=skip_bad,
        on_bad=lambda record: bad.append(str(record)),
        patient_col=patient_col,
        delimiter=delimiter,
    )
    with db.write() as session:
        batch = Batch(source=path.name, imported_at=utcnow(), who=who, added=0, updated=0, unchanged=0)
        session.add(batch)
        session.flush()
        state = _start(session, batch.id, bad)
        for count, record in enumerate(records, 1):
            state.take(record)
            if progress is not None and count % 1000 == 0:
                progress(count)
        state.flush(index=True)
        return _finish(session, batch, state, str(path))


def _start(session: Session, batch_id: int, bad: list[str]) -> _Import:
    known = {
        ext: (nid, digest, meta)
        for nid, ext, digest, meta in session.execute(select(Note.id, Note.external_id, Note.text_hash, Note.meta))
    }
    next_id = (session.scalar(select(func.max(Note.id))) or 0) + 1
    index = wordindex.IndexWriter(session) if wordindex.is_current(session) else None
    return _Import(session, batch_id, index, known, next_id, bad)


def _finish(session: Session, batch: Batch, state: _Import, source: str) -> ImportReport:
    """Reset what depended on the old text of updated notes; count their now stale corrections."""
    session.flush()
    stale = 0
    for i in range(0, len(state.updated), CHUNK):
        ids = state.updated[i : i + CHUNK]
        session.execute(delete(Review).where(Review.note_id.in_(ids)))
        stale += (
            session.scalar(
                select(func.count())
                .select_from(CorrectionRecord)
                .join(Note)
                .where(CorrectionRecord.note_id.in_(ids), CorrectionRecord.text_hash != Note.text_hash)
            )
            or 0
        )
    prune(session, state.updated)
    batch.added, batch.updated, batch.unchanged = state.added, len(state.updated), state.unchanged
    return ImportReport(batch.id, source, state.added, len(state.updated), state.unchanged, stale, tuple(state.bad))
