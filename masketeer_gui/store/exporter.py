"""Export of de-identified notes in the ``masketeer deidentify`` format (CONTRACT.md).

Notes are written in import order and rendered by ``engine.render`` exactly as ``deidentify`` does;
the key is the project's own (settings.py), so later batches get the same tags for the same
references. Files are written beside the target and renamed into place: a failed export never
leaves half a file. Exports are created owner-only (0600): no de-identification is perfect.
"""

from __future__ import annotations

import os
import tempfile
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from masketeer_gui.engine.pseudonyms import TagLedger
from masketeer_gui.engine.render import Tagger, render_note, retag_line
from masketeer_gui.engine.span import Span
from masketeer_gui.store import settings
from masketeer_gui.store.db import Database
from masketeer_gui.store.errors import ProjectStateError, environment_error
from masketeer_gui.store.models import Note, NoteText, SpanRecord
from masketeer_gui.store.notes import span_row
from masketeer_gui.store.rows import ExportReport

CHUNK = 1000


def atomic_write(target: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Write an owner-only file beside ``target`` and rename it into place; disk errors named plainly."""
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as exc:
        raise (environment_error(exc, target) or exc) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        os.replace(temp, target)
    except BaseException as exc:
        Path(temp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise (environment_error(exc, target) or exc) from None
        raise


def _records(db: Database, key: bytes) -> Iterator[tuple[bytes, int]]:
    """Output lines in import order, rendered exactly as ``masketeer deidentify`` renders them."""
    tagger, ledger = Tagger(key), TagLedger()
    last = 0
    while True:
        with db.read() as session:
            notes = session.execute(
                select(Note.id, Note.external_id, NoteText.text)
                .join(NoteText, NoteText.note_id == Note.id)
                .where(Note.id > last)
                .order_by(Note.id)
                .limit(CHUNK)
            ).all()
            spans = _current_spans(session, [n.id for n in notes])
        if not notes:
            return
        for note_id, external_id, text in notes:
            rendered = render_note(external_id, text, spans.get(note_id, []), tagger)
            tags = [ledger.resolve(tag, digest) for tag, digest in rendered.tags]
            same = tags == [tag for tag, _ in rendered.tags]
            yield (rendered.line if same else retag_line(rendered.line, text, tags)), len(tags)
        last = notes[-1].id


def _current_spans(session: Session, note_ids: list[int]) -> dict[int, list[Span]]:
    current = (Note.id == SpanRecord.note_id) & (Note.result_run_id == SpanRecord.run_id)
    query = select(SpanRecord).join(Note, current).where(SpanRecord.note_id.in_(note_ids)).order_by(SpanRecord.start)
    spans: dict[int, list[Span]] = defaultdict(list)
    for record in session.scalars(query):
        spans[record.note_id].append(span_row(record).to_span())
    return spans


def export_notes(db: Database, target: Path, *, key: bytes | None = None) -> ExportReport:
    """Write every note de-identified to ``target`` (JSONL); refuses if some are not analysed."""
    with db.read() as session:
        missing = session.scalar(select(func.count()).where(Note.result_run_id.is_(None))) or 0
    if missing:
        raise ProjectStateError(f"{missing} note(s) have not been analysed yet; run the project first")
    if key is None:
        with db.read() as session:
            stored = settings.get(session, settings.PSEUDONYM_KEY)
        if stored is None:
            raise ProjectStateError("the project has no pseudonym key")
        key = bytes.fromhex(stored)
    counts = [0, 0]

    def write(handle: IO[bytes]) -> None:
        for line, spans in _records(db, key):
            handle.write(line)
            counts[0] += 1
            counts[1] += spans

    atomic_write(target, write)
    return ExportReport(counts[0], counts[1])
