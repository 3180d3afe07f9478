"""The audit log of every change to terms, corrections and marks: who changed what, and when.

Each entry keeps the row before and after the change (None where it did not exist). Undo is the
GUI's alone (its undo stack applies the inverse change through the store's ordinary methods, which
log it like any other); ``reverts_id`` and ``undone`` stay in the table for project files written
when the store had an undo of its own.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, inspect, select
from sqlalchemy.orm import Session

from masketeer_gui.store.models import AuditEntry, Base, CorrectionRecord, Mark, Term, UTCDateTime, utcnow
from masketeer_gui.store.rows import AuditRow

DOMAINS: dict[str, type[Base]] = {"term": Term, "correction": CorrectionRecord, "mark": Mark}


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


def _in_domain(domain: str | None) -> ColumnElement[bool]:
    return AuditEntry.domain == domain if domain else AuditEntry.id.is_not(None)


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
