"""Notes for the GUI: the list with per-type counts (one query), one note in full, review status."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from sqlalchemy import Row, Select, delete, func, select
from sqlalchemy.orm import Session

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import settings
from masketeer_gui.store.acceptances import covering, protected_stretches
from masketeer_gui.store.db import Database
from masketeer_gui.store.errors import NotFoundError
from masketeer_gui.store.models import Batch, CorrectionRecord, Note, NoteText, Review, SpanRecord, utcnow
from masketeer_gui.store.records import StoredSpan, note_records, pseudonyms_of, stored_span
from masketeer_gui.store.rows import (
    BatchRow,
    CorrectionRow,
    NoteDetail,
    NoteRow,
    ReviewStatus,
)


def text_hash(text: str) -> str:
    """Content hash of a note's text (corrections remember it to notice a changed note)."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def correction_row(c: CorrectionRecord, current_hash: str) -> CorrectionRow:
    return CorrectionRow(
        c.id,
        c.note_id,
        c.start,
        c.end,
        CorrectionAction(c.action),
        Entity(c.entity) if c.entity else None,
        c.who,
        c.created_at,
        c.why,
        c.text_hash != current_hash,
    )


def spans_of(session: Session, note_id: int, run_id: int | None) -> tuple[StoredSpan, ...]:
    """The spans run ``run_id`` found in the note, in text order, with the pseudonyms it stored."""
    if run_id is None:
        return ()
    query = select(SpanRecord).where(SpanRecord.note_id == note_id, SpanRecord.run_id == run_id)
    return tuple(stored_span(s) for s in session.scalars(query.order_by(SpanRecord.start)))


def _list_query() -> Select[*tuple[Any, ...]]:
    """One pass over the (small) notes table: the current result's counts are kept on each note."""
    corrections = select(func.count()).where(CorrectionRecord.note_id == Note.id).scalar_subquery()
    stale = (
        select(func.count())
        .where(CorrectionRecord.note_id == Note.id, CorrectionRecord.text_hash != Note.text_hash)
        .scalar_subquery()
    )
    return (
        select(
            Note.id,
            Note.external_id,
            Note.patient_id,
            Note.author,
            Note.text_length,
            Note.batch_id,
            Note.result_run_id,
            Note.entity_counts,
            Note.span_count,
            Note.flagged_count,
            corrections,
            stale,
            Review.status,
            Review.who,
        )
        .outerjoin(Review, Review.note_id == Note.id)
        .order_by(Note.id)
    )


def masker_query() -> Select[str, int]:
    """Spans of the current results per masker (the paper's Table 7)."""
    current = (Note.id == SpanRecord.note_id) & (Note.result_run_id == SpanRecord.run_id)
    return select(SpanRecord.masker, func.count()).join(Note, current).group_by(SpanRecord.masker)


def all_ids(session: Session) -> list[int]:
    """Every note id in import order (Core rows: cheaper than the ORM's for 35k ids)."""
    return list(session.connection().execute(select(Note.id).order_by(Note.id)).scalars())


@lru_cache(maxsize=4096)
def parse_counts(stored: str) -> Mapping[Entity, int]:
    """The counts stored on a note, read-only (a few distinct values are shared by all rows)."""
    pairs = (item.split(":") for item in stored.split(",") if item)
    return MappingProxyType({Entity(name): int(n) for name, n in pairs})


_REVIEW: dict[str | None, ReviewStatus] = {None: ReviewStatus.OPEN, **{s.value: s for s in ReviewStatus}}


def _note_row(row: Row[*tuple[Any, ...]]) -> NoteRow:
    (note_id, ext, patient, author, length, batch, run, counts, spans, flagged, corr, stale, status, who) = row
    return NoteRow(
        note_id,
        ext,
        patient,
        author,
        length,
        batch,
        run is not None,
        parse_counts(counts),
        spans,
        flagged,
        corr,
        stale,
        _REVIEW[status],
        who or "",
    )


class Notes:
    """The GUI's read access to notes, and review status."""

    def __init__(self, db: Database, user: str) -> None:
        self._db = db
        self._user = user

    def batches(self) -> list[BatchRow]:
        """Every import, oldest first."""
        with self._db.read() as session:
            return [
                BatchRow(b.id, b.source, b.imported_at, b.who, b.added, b.updated, b.unchanged)
                for b in session.scalars(select(Batch).order_by(Batch.id))
            ]

    def ids(self) -> list[int]:
        """Every note id in import order (what a full run analyses), without building list rows."""
        with self._db.read() as session:
            return all_ids(session)

    def records(
        self, note_ids: Sequence[int] | None = None, chunk: int = 2000, *, pseudonyms: bool = False
    ) -> Iterator[list[NoteDetail]]:
        """Notes with the spans of their current result, ``chunk`` at a time (see ``records.py``)."""
        return note_records(self._db, note_ids, chunk, pseudonyms=pseudonyms)

    def list(self, note_ids: Iterable[int] | None = None) -> list[NoteRow]:
        """Every note (or the given ones) in import order, with counts of its current result."""
        query = _list_query()
        if note_ids is not None:
            query = query.where(Note.id.in_(list(note_ids)))
        with self._db.read() as session:
            return [_note_row(row) for row in session.connection().execute(query)]  # Core rows: cheaper

    def masker_counts(self) -> dict[str, int]:
        """Spans of the current results per masker (the paper's Table 7)."""
        with self._db.read() as session:
            return {masker: n for masker, n in session.execute(masker_query())}

    def count(self) -> int:
        with self._db.read() as session:
            return session.scalar(select(func.count()).select_from(Note)) or 0

    def find(self, external_id: str) -> int | None:
        """The internal id of the note with this external id."""
        with self._db.read() as session:
            return session.scalar(select(Note.id).where(Note.external_id == external_id))

    def get(self, note_id: int) -> NoteDetail:
        """A note in full: its text, the spans of its current result with their pseudonyms, the spans a
        reviewer accepted, its corrections and review status."""
        with self._db.read() as session:
            note = session.get(Note, note_id)
            if note is None:
                raise NotFoundError(f"no note with id {note_id}")
            text = session.get_one(NoteText, note_id).text
            review = session.get(Review, note_id)
            corrections = session.scalars(
                select(CorrectionRecord).where(CorrectionRecord.note_id == note_id).order_by(CorrectionRecord.id)
            )
            stored = spans_of(session, note_id, note.result_run_id)
            spans = tuple(span for span, _pseudonym in stored)
            accepted = protected_stretches(session, [note_id]).get(note_id, [])
            return NoteDetail(
                note.id,
                note.external_id,
                text,
                dict(note.meta),
                note.patient_id,
                note.author,
                note.result_run_id,
                spans,
                tuple(correction_row(c, note.text_hash) for c in corrections),
                ReviewStatus(review.status) if review else ReviewStatus.OPEN,
                review.who if review else "",
                pseudonyms_of(text, stored, settings.stored_key(session)),
                covering(spans, ((p.start, p.end) for p in accepted)),
            )

    def set_review(self, note_ids: Iterable[int], status: ReviewStatus, *, who: str | None = None) -> None:
        """Give notes a review status (``ReviewStatus``; open removes the row)."""
        ids, status = list(note_ids), ReviewStatus(status)  # the check the table no longer makes
        with self._db.write() as session:
            if status is ReviewStatus.OPEN:
                session.execute(delete(Review).where(Review.note_id.in_(ids)))
                return
            for note_id in ids:
                if session.get(Note, note_id) is None:
                    raise NotFoundError(f"no note with id {note_id}")
                session.merge(Review(note_id=note_id, status=status, who=who or self._user, at=utcnow()))
