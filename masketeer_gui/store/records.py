"""Bulk read of notes with the spans of their current result: chunks of plain rows, one read each.

What the export, the residual-risk assessment and the leak check go through (a 35k-note corpus in
seconds, where one ``Notes.get`` per note takes about a minute). Core rows, not ORM objects: they
are cheaper, and nothing here is written back.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from sqlalchemy import ColumnElement, Row, select
from sqlalchemy.engine import Connection

from masketeer_gui.engine.pseudonyms import tag_for
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store import settings
from masketeer_gui.store.db import Database
from masketeer_gui.store.models import Note, NoteText, SpanRecord
from masketeer_gui.store.rows import NoteDetail, ReviewStatus

CHUNK = 2000
_NO_META: Mapping[str, Any] = MappingProxyType({})
StoredSpan = tuple[Span, str | None]  # a span and the pseudonym its run stored (None: it stored none)


def stored_span(span: SpanRecord | Row[*tuple[Any, ...]]) -> StoredSpan:
    """A stored span (an ORM object, or a Core row with the same column names) as the engine's ``Span``."""
    flags = tuple(span.flags.split(",")) if span.flags else ()
    return Span(span.start, span.end, Entity(span.entity), span.masker, span.reason, flags, span.ref), span.pseudonym


def pseudonyms_of(text: str, spans: Iterable[StoredSpan], key: bytes) -> tuple[str, ...]:
    """Each span's pseudonym: the one its run stored, else its keyed tag under ``key``."""
    return tuple(stored or tag_for(key, s.entity, s.ref or text[s.start : s.end]) for s, stored in spans)


_SPAN_COLUMNS = (
    SpanRecord.note_id,
    SpanRecord.start,
    SpanRecord.end,
    SpanRecord.entity,
    SpanRecord.masker,
    SpanRecord.reason,
    SpanRecord.flags,
    SpanRecord.ref,
    SpanRecord.pseudonym,
)


def note_records(
    db: Database, note_ids: Sequence[int] | None = None, chunk: int = CHUNK, *, pseudonyms: bool = False
) -> Iterator[list[NoteDetail]]:
    """Every note in import order (or ``note_ids`` in their order, unknown ids left out), ``chunk`` at a time;
    with ``pseudonyms``, each span's pseudonym too (the export leaves them out: it tags spans itself).

    Each chunk is read in one short read transaction, closed before it is handed out.
    """
    if chunk < 1:
        raise ValueError("chunk must be at least 1")
    key = None
    if pseudonyms:
        with db.read() as session:
            key = settings.stored_key(session)
    if note_ids is None:
        yield from _all(db, chunk, key)
        return
    ids = list(note_ids)
    for first in range(0, len(ids), chunk):
        part = ids[first : first + chunk]
        with db.read() as session:
            found = {row.id: row for row in _read(session.connection(), key, Note.id.in_(part))}
        rows = [found[note_id] for note_id in part if note_id in found]
        if rows:
            yield rows


def _all(db: Database, chunk: int, key: bytes | None) -> Iterator[list[NoteDetail]]:
    last = 0
    while True:
        with db.read() as session:
            rows = _read(session.connection(), key, Note.id > last, chunk)
        if not rows:
            return
        yield rows
        last = rows[-1].id


def _read(
    connection: Connection, key: bytes | None, where: ColumnElement[bool], limit: int | None = None
) -> list[NoteDetail]:
    query = (
        select(Note.id, Note.external_id, Note.patient_id, Note.result_run_id, NoteText.text)
        .join(NoteText, NoteText.note_id == Note.id)
        .where(where)
        .order_by(Note.id)
        .limit(limit)
    )
    notes = connection.execute(query).all()
    spans = current_spans(connection, [note.id for note in notes])
    return [
        NoteDetail(
            note_id,
            external_id,
            text,
            _NO_META,
            patient_id,
            None,
            run_id,
            tuple(span for span, _stored in spans.get(note_id, ())),
            (),
            ReviewStatus.OPEN,
            pseudonyms=pseudonyms_of(text, spans.get(note_id, ()), key) if key is not None else (),
        )
        for note_id, external_id, patient_id, run_id, text in notes
    ]


def current_spans(connection: Connection, note_ids: list[int]) -> dict[int, tuple[StoredSpan, ...]]:
    """The spans of the notes' current results, by note, in text order."""
    if not note_ids:
        return {}
    current = (Note.id == SpanRecord.note_id) & (Note.result_run_id == SpanRecord.run_id)
    query = (
        select(*_SPAN_COLUMNS)
        .join(Note, current)
        .where(SpanRecord.note_id.in_(note_ids))
        .order_by(SpanRecord.note_id, SpanRecord.start)
    )
    spans: dict[int, list[StoredSpan]] = defaultdict(list)
    for row in connection.execute(query):
        spans[row.note_id].append(stored_span(row))
    return {note_id: tuple(found) for note_id, found in spans.items()}
