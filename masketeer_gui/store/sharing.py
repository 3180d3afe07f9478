"""Sharing curation between projects: terms and corrections as one JSON file, out and back in.

The file holds names, so it is written owner-only and only when the user asks. Corrections are
anchored by the note's external id and the hash of its text: on import, a correction applies
only where the other project has the same note with the same text. Imported changes are logged
(and undoable) like any other.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from sqlalchemy import select

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity
from masketeer_gui.store import audit
from masketeer_gui.store.db import Database
from masketeer_gui.store.exporter import atomic_write
from masketeer_gui.store.models import CorrectionRecord, Note, Term, utcnow
from masketeer_gui.store.rows import Scope, TermKind, TermSpec
from masketeer_gui.store.terms import Terms

FORMAT = "masketeer-lists"
VERSION = 1


class ListsFileError(ValueError):
    """A lists file that cannot be read; the message names the file, never its terms."""


def lists_document(db: Database) -> dict[str, Any]:
    """Terms and corrections as a JSON document."""
    with db.read() as session:
        terms = [
            {
                "kind": t.kind,
                "term": t.term,
                "entity": t.entity,
                "scope": t.scope,
                "scope_value": t.scope_value,
                "why": t.why,
            }
            for t in session.scalars(select(Term).order_by(Term.id))
        ]
        rows = session.execute(select(CorrectionRecord, Note.external_id).join(Note).order_by(CorrectionRecord.id))
        corrections = [
            {
                "note": ext,
                "start": c.start,
                "end": c.end,
                "action": c.action,
                "entity": c.entity,
                "text_hash": c.text_hash,
                "why": c.why,
            }
            for c, ext in rows
        ]
    return {"format": FORMAT, "version": VERSION, "terms": terms, "corrections": corrections}


def export_lists(db: Database, target: Path) -> tuple[int, int]:
    """Write terms and corrections to ``target``; returns how many of each."""
    document = lists_document(db)

    def write(handle: IO[bytes]) -> None:
        handle.write(json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8"))

    atomic_write(target, write)
    return len(document["terms"]), len(document["corrections"])


def _read(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        raise ListsFileError(f"{path}: cannot read it as UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ListsFileError(f"{path}:{exc.lineno}: invalid JSON") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ListsFileError(f"{path}: not a Masketeer lists file")
    return document


def _term_entries(path: Path, items: list[Any]) -> list[tuple[TermSpec, str]]:
    try:
        return [
            (
                TermSpec(
                    TermKind(t["kind"]),
                    str(t["term"]),
                    Entity(t["entity"]) if t.get("entity") else None,
                    Scope(t.get("scope", "corpus")),
                    str(t.get("scope_value", "")),
                ),
                str(t.get("why", "")),
            )
            for t in items
        ]
    except (KeyError, TypeError, ValueError):
        raise ListsFileError(f"{path}: a term entry is malformed") from None


def import_lists(db: Database, terms: Terms, path: Path, *, who: str) -> tuple[int, int]:
    """Add the file's terms and corrections that fit this project (known ones are skipped); returns counts."""
    document = _read(path)
    with db.read() as session:
        notes = {
            ext: (nid, digest)
            for ext, nid, digest in session.execute(select(Note.external_id, Note.id, Note.text_hash))
        }
    entries = [
        (spec, why)
        for spec, why in _term_entries(path, document.get("terms", []))
        if spec.scope is not Scope.NOTE or spec.scope_value in notes
    ]
    added_terms = terms.add_many(entries, who=who)
    added = 0
    with db.write() as session:
        known = set(
            session.execute(
                select(
                    CorrectionRecord.note_id,
                    CorrectionRecord.start,
                    CorrectionRecord.end,
                    CorrectionRecord.action,
                    CorrectionRecord.text_hash,
                )
            )
        )
        for item in document.get("corrections", []):
            note = notes.get(str(item.get("note")))
            if note is None or note[1] != item.get("text_hash"):
                continue
            record = _correction(path, item, note[0], note[1], who)
            if (record.note_id, record.start, record.end, record.action, record.text_hash) in known:
                continue
            session.add(record)
            session.flush()
            audit.record(session, "correction", "add", record.id, None, audit.state_of(record), who)
            added += 1
    return added_terms, added


def _correction(path: Path, item: dict[str, Any], note_id: int, digest: str, who: str) -> CorrectionRecord:
    try:
        entity = Entity(item["entity"]).value if item.get("entity") else None
        return CorrectionRecord(
            note_id=note_id,
            start=int(item["start"]),
            end=int(item["end"]),
            action=CorrectionAction(item["action"]).value,
            entity=entity,
            text_hash=digest,
            who=who,
            created_at=utcnow(),
            why=str(item.get("why", "")),
        )
    except (KeyError, TypeError, ValueError):
        raise ListsFileError(f"{path}: a correction entry is malformed") from None
