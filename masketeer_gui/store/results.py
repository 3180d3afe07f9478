"""Current results: which spans to keep when a run replaces a note's result.

A note's current spans are those of ``notes.result_run_id``. Older spans are deleted when they
are replaced, except where a frozen sample judges that note's result of that run (evaluation
must see exactly what was judged). Run rows stay as history; a run no note refers to any more
drops its snapshot (a running one keeps it).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import delete, exists, select, update
from sqlalchemy.orm import Session

from masketeer_gui.store.models import NameEvidenceRecord, Note, Run, SampleNote, SpanRecord

CHUNK = 500


def prune(session: Session, note_ids: Iterable[int] | None = None) -> None:
    """Delete spans (of ``note_ids``, or of every note) that are neither current nor judged by a sample,
    and name evidence that is not current (only the current results' evidence settles later runs)."""
    current = exists().where(Note.id == SpanRecord.note_id, Note.result_run_id == SpanRecord.run_id)
    judged = exists().where(SampleNote.note_id == SpanRecord.note_id, SampleNote.run_id == SpanRecord.run_id)
    spans = delete(SpanRecord).where(~current, ~judged)
    evidence = NameEvidenceRecord
    names = delete(evidence).where(~exists().where(Note.id == evidence.note_id, Note.result_run_id == evidence.run_id))
    if note_ids is None:
        session.execute(spans)
        session.execute(names)
    else:
        ids = list(note_ids)
        for i in range(0, len(ids), CHUNK):
            session.execute(spans.where(SpanRecord.note_id.in_(ids[i : i + CHUNK])))
            session.execute(names.where(evidence.note_id.in_(ids[i : i + CHUNK])))
    referenced = select(Note.id).where(Note.result_run_id == Run.id).exists()
    finished = Run.status != "running"
    session.execute(update(Run).where(Run.snapshot.is_not(None), finished, ~referenced).values(snapshot=None))
