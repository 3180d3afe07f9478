"""The audit log of every change to terms, corrections and marks, and undo/redo by applying the inverse.

Each entry keeps the row before and after the change (None where it did not exist). Undo
restores ``before`` and logs an ``undo`` entry; redo restores what the undo removed and logs a
``redo`` entry, so the log itself is never rewritten, only ``undone`` flags are set. A new change
clears the redo stack. Undo refuses (``InvalidChangeError``) if the row changed since.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masketeer_gui.store.errors import InvalidChangeError
from masketeer_gui.store.models import AuditEntry, Base, CorrectionRecord, Mark, Term, UTCDateTime, utcnow
from masketeer_gui.store.rows import AuditRow

DOMAINS: dict[str, type[Base]] = {"term": Term, "correction": CorrectionRecord, "mark": Mark}
UNDO, REDO = "undo", "redo"


def state_of(row: Base | None) -> dict[str, Any] | None:
    """A row's columns as JSON values (times as ISO strings)."""
    if row is None:
        return None
    out: dict[str, Any] = {}
    for column in inspect(type(row)).columns:
        value = getattr(row, column.key)
        out[column.key] = value.isoformat() if isinstance(value, datetime) else value
    return out


def _from_state(model: type[Base], state: dict[str, Any]) -> dict[str, Any]:
    values = dict(state)
    for column in inspect(model).columns:
        if isinstance(column.type, UTCDateTime) and values.get(column.key) is not None:
            values[column.key] = datetime.fromisoformat(values[column.key])
    return values


def record(
    session: Session,
    domain: str,
    action: str,
    row_id: int,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    who: str,
    reverts_id: int | None = None,
) -> AuditEntry:
    """Log one change (call inside the same transaction as the change)."""
    entry = AuditEntry(
        at=utcnow(),
        who=who,
        domain=domain,
        action=action,
        row_id=row_id,
        before=before,
        after=after,
        reverts_id=reverts_id,
        undone=False,
    )
    session.add(entry)
    session.flush()
    return entry


def _restore(session: Session, domain: str, row_id: int, expect: Any, target: Any) -> None:
    """Put row ``row_id`` back to ``target``, provided it is still ``expect``."""
    model = DOMAINS[domain]
    current = session.get(model, row_id)
    if state_of(current) != expect:
        raise InvalidChangeError(f"cannot undo: that {domain} was changed since")
    try:
        if target is None:
            session.delete(current)
        elif current is None:
            session.add(model(**_from_state(model, target)))
        else:
            for key, value in _from_state(model, target).items():
                setattr(current, key, value)
        session.flush()
    except IntegrityError:
        raise InvalidChangeError(f"cannot undo: an equal {domain} exists again") from None


def _in_domain(domain: str | None) -> ColumnElement[bool]:
    return AuditEntry.domain == domain if domain else AuditEntry.id.is_not(None)


def undo(session: Session, who: str, domain: str | None = None) -> AuditEntry | None:
    """Revert the latest change (or redo) not undone yet; None if there is nothing to undo."""
    entry = session.scalars(
        select(AuditEntry)
        .where(_in_domain(domain), AuditEntry.action != UNDO, AuditEntry.undone.is_(False))
        .order_by(AuditEntry.id.desc())
        .limit(1)
    ).first()
    if entry is None:
        return None
    _restore(session, entry.domain, entry.row_id, entry.after, entry.before)
    entry.undone = True
    return record(session, entry.domain, UNDO, entry.row_id, entry.after, entry.before, who, entry.id)


def redo(session: Session, who: str, domain: str | None = None) -> AuditEntry | None:
    """Re-apply the latest undo, unless a new change came after it; None if there is nothing to redo."""
    last_change = session.scalar(
        select(AuditEntry.id)
        .where(_in_domain(domain), AuditEntry.action.not_in((UNDO, REDO)))
        .order_by(AuditEntry.id.desc())
        .limit(1)
    )
    entry = session.scalars(
        select(AuditEntry)
        .where(_in_domain(domain), AuditEntry.action == UNDO, AuditEntry.undone.is_(False))
        .where(AuditEntry.id > (last_change or 0))
        .order_by(AuditEntry.id.desc())
        .limit(1)
    ).first()
    if entry is None:
        return None
    _restore(session, entry.domain, entry.row_id, entry.after, entry.before)
    entry.undone = True
    return record(session, entry.domain, REDO, entry.row_id, entry.after, entry.before, who, entry.id)


def audit_row(entry: AuditEntry) -> AuditRow:
    return AuditRow(
        entry.id,
        entry.at,
        entry.who,
        entry.domain,
        entry.action,
        entry.row_id,
        entry.before,
        entry.after,
        entry.reverts_id,
        entry.undone,
    )


def history(session: Session, domain: str | None = None, limit: int = 200) -> list[AuditRow]:
    """The latest entries, newest first."""
    entries = session.scalars(select(AuditEntry).where(_in_domain(domain)).order_by(AuditEntry.id.desc()).limit(limit))
    return [audit_row(e) for e in entries]
