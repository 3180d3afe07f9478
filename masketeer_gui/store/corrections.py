"""Manual corrections: add a missed span, remove a false one, or retype one, anchored to a note's offsets.

A correction remembers the hash of the note's text when it was made. If a re-import changes the
text, the correction is "stale": it is shown as such and no longer fed to the engine, because
its offsets may point at other words now.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import audit
from masketeer_gui.store.db import Database
from masketeer_gui.store.errors import InvalidChangeError, NotFoundError
from masketeer_gui.store.models import CorrectionRecord, Note, utcnow
from masketeer_gui.store.notes import correction_row
from masketeer_gui.store.rows import CorrectionRow

DOMAIN = "correction"


def _checked(note: Note, start: int, end: int, action: CorrectionAction, entity: Entity | None) -> str | None:
    if not (0 <= start < end <= note.text_length):
        raise InvalidChangeError(f"offsets {start}..{end} are outside the note (length {note.text_length})")
    if action is CorrectionAction.REMOVE:
        return None
    if entity is None:
        raise InvalidChangeError(f"a correction that does '{action}' needs an entity type")
    return Entity(entity).value


class Corrections:
    """Add, remove and list manual corrections; every change is logged and can be undone."""

    def __init__(self, db: Database, user: str) -> None:
        self._db = db
        self._user = user

    def add(
        self,
        note_id: int,
        start: int,
        end: int,
        action: CorrectionAction,
        entity: Entity | None = None,
        *,
        why: str = "",
        who: str | None = None,
    ) -> CorrectionRow:
        """Record a correction of the note's current text; it applies from the next run on."""
        action = CorrectionAction(action)
        with self._db.write() as session:
            note = _note(session, note_id)
            entity_value = _checked(note, start, end, action, entity)
            duplicate = session.scalar(
                select(CorrectionRecord.id).where(
                    CorrectionRecord.note_id == note_id,
                    CorrectionRecord.start == start,
                    CorrectionRecord.end == end,
                    CorrectionRecord.action == action,
                    CorrectionRecord.text_hash == note.text_hash,
                )
            )
            if duplicate is not None:
                raise InvalidChangeError("the same correction exists already")
            record = CorrectionRecord(
                note_id=note_id,
                start=start,
                end=end,
                action=action,
                entity=entity_value,
                text_hash=note.text_hash,
                who=who or self._user,
                created_at=utcnow(),
                why=why,
            )
            session.add(record)
            session.flush()
            audit.record(session, DOMAIN, "add", record.id, None, audit.state_of(record), record.who)
            return correction_row(record, note.text_hash)

    def remove(self, correction_id: int, *, who: str | None = None) -> CorrectionRow:
        """Withdraw a correction (undo restores it)."""
        with self._db.write() as session:
            record = session.get(CorrectionRecord, correction_id)
            if record is None:
                raise NotFoundError(f"no correction with id {correction_id}")
            row = correction_row(record, _note(session, record.note_id).text_hash)
            before = audit.state_of(record)
            session.delete(record)
            session.flush()
            audit.record(session, DOMAIN, "remove", correction_id, before, None, who or self._user)
            return row

    def list(self, note_id: int | None = None, *, stale_only: bool = False) -> list[CorrectionRow]:
        """Corrections of one note or of all, oldest first."""
        query = select(CorrectionRecord, Note.text_hash).join(Note).order_by(CorrectionRecord.id)
        if note_id is not None:
            query = query.where(CorrectionRecord.note_id == note_id)
        if stale_only:
            query = query.where(CorrectionRecord.text_hash != Note.text_hash)
        with self._db.read() as session:
            return [correction_row(record, current) for record, current in session.execute(query)]


def _note(session: Session, note_id: int) -> Note:
    note = session.get(Note, note_id)
    if note is None:
        raise NotFoundError(f"no note with id {note_id}")
    return note
