"""Evaluation marks (paper 2.3.1, Table 5): TP or FP per masked span, FN per missed stretch, TN per note.

A mark keeps the offsets and type it judged (not a span id: spans are replaced by later runs)
and the run that produced them. Marks are logged and undoable like lists and corrections.
"""

from __future__ import annotations

from collections import Counter

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from masketeer_gui.engine.span import Entity
from masketeer_gui.store import audit
from masketeer_gui.store.db import Database
from masketeer_gui.store.errors import InvalidChangeError, NotFoundError
from masketeer_gui.store.models import Mark, Note, Sample, utcnow
from masketeer_gui.store.rows import MarkLabel, MarkRow

DOMAIN = "mark"


def mark_row(mark: Mark) -> MarkRow:
    return MarkRow(
        mark.id,
        mark.note_id,
        mark.sample_id,
        mark.run_id,
        mark.start,
        mark.end,
        MarkLabel(mark.label),
        Entity(mark.entity) if mark.entity else None,
        mark.masker,
        mark.annotator,
        mark.created_at,
        mark.comment,
    )


def _check(
    session: Session,
    note_id: int,
    sample_id: int | None,
    start: int | None,
    end: int | None,
    label: MarkLabel,
) -> None:
    note = session.get(Note, note_id)
    if note is None:
        raise NotFoundError(f"no note with id {note_id}")
    if sample_id is not None and session.get(Sample, sample_id) is None:
        raise NotFoundError(f"no sample with id {sample_id}")
    if (start is None) != (end is None):
        raise InvalidChangeError("a mark needs both offsets or neither")
    if start is not None and end is not None and not (0 <= start < end <= note.text_length):
        raise InvalidChangeError(f"offsets {start}..{end} are outside the note (length {note.text_length})")
    if label is not MarkLabel.TN and start is None:
        raise InvalidChangeError(f"a {label} mark needs the offsets it judges")


class Marks:
    """Create, change, delete and count evaluation marks."""

    def __init__(self, db: Database, user: str) -> None:
        self._db = db
        self._user = user

    def add(
        self,
        note_id: int,
        label: MarkLabel,
        *,
        start: int | None = None,
        end: int | None = None,
        entity: Entity | None = None,
        masker: str | None = None,
        sample_id: int | None = None,
        run_id: int | None = None,
        annotator: str | None = None,
        comment: str = "",
    ) -> MarkRow:
        """Record one judgement; committed when this returns."""
        label = MarkLabel(label)
        with self._db.write() as session:
            _check(session, note_id, sample_id, start, end, label)
            mark = Mark(
                note_id=note_id,
                sample_id=sample_id,
                run_id=run_id,
                start=start,
                end=end,
                label=label,
                entity=Entity(entity).value if entity else None,
                masker=masker,
                annotator=annotator or self._user,
                created_at=utcnow(),
                comment=comment,
            )
            session.add(mark)
            session.flush()
            audit.record(session, DOMAIN, "add", mark.id, None, audit.state_of(mark), mark.annotator)
            return mark_row(mark)

    def update(
        self,
        mark_id: int,
        *,
        label: MarkLabel | None = None,
        entity: Entity | None = None,
        comment: str | None = None,
        who: str | None = None,
    ) -> MarkRow:
        """Change a mark's label, judged type or comment."""
        with self._db.write() as session:
            mark = _get(session, mark_id)
            before = audit.state_of(mark)
            if label is not None:
                mark.label = MarkLabel(label)
            if entity is not None:
                mark.entity = Entity(entity).value
            if comment is not None:
                mark.comment = comment
            _check(session, mark.note_id, mark.sample_id, mark.start, mark.end, MarkLabel(mark.label))
            session.flush()
            audit.record(session, DOMAIN, "edit", mark_id, before, audit.state_of(mark), who or self._user)
            return mark_row(mark)

    def remove(self, mark_id: int, *, who: str | None = None) -> MarkRow:
        with self._db.write() as session:
            mark = _get(session, mark_id)
            before = audit.state_of(mark)
            session.delete(mark)
            session.flush()
            audit.record(session, DOMAIN, "remove", mark_id, before, None, who or self._user)
            return mark_row(mark)

    def get(self, mark_id: int) -> MarkRow:
        with self._db.read() as session:
            return mark_row(_get(session, mark_id))

    def list(
        self, *, sample_id: int | None = None, note_id: int | None = None, annotator: str | None = None
    ) -> list[MarkRow]:
        with self._db.read() as session:
            return [mark_row(m) for m in session.scalars(_query(sample_id, note_id, annotator))]

    def counts(self, *, sample_id: int | None = None, annotator: str | None = None) -> dict[MarkLabel, int]:
        """TP/FP/FN/TN totals, e.g. for ``masketeer metrics``."""
        totals = Counter(m.label for m in self.list(sample_id=sample_id, annotator=annotator))
        return {label: totals.get(label, 0) for label in MarkLabel}


def _query(sample_id: int | None, note_id: int | None, annotator: str | None) -> Select[Mark]:
    query = select(Mark).order_by(Mark.id)
    if sample_id is not None:
        query = query.where(Mark.sample_id == sample_id)
    if note_id is not None:
        query = query.where(Mark.note_id == note_id)
    if annotator is not None:
        query = query.where(Mark.annotator == annotator)
    return query


def _get(session: Session, mark_id: int) -> Mark:
    mark = session.get(Mark, mark_id)
    if mark is None:
        raise NotFoundError(f"no mark with id {mark_id}")
    return mark
