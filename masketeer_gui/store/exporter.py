"""Export of de-identified notes in the ``masketeer deidentify`` format (docs/CONTRACT.md).

Notes are written in import order and rendered by ``engine.render`` (tags) or
``engine.render_surrogates`` (surrogates, scoped by patient id) exactly as ``deidentify`` does;
the key is the project's own (settings.py), so later batches get the same tags for the same
references. Files are written beside the target and renamed into place: a failed export never
leaves half a file. Exports are created owner-only (0600): no de-identification is perfect.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from sqlalchemy import func, select

from masketeer_gui.atomic import AtomicFile
from masketeer_gui.engine.pseudonyms import TagLedger
from masketeer_gui.engine.render import RenderedNote, Tagger, render_note, retag_line
from masketeer_gui.engine.render_surrogates import render_surrogate_note
from masketeer_gui.engine.surrogates import SurrogateIssuer
from masketeer_gui.store import settings
from masketeer_gui.store.db import Database
from masketeer_gui.store.errors import ProjectStateError, environment_error
from masketeer_gui.store.models import Note
from masketeer_gui.store.records import note_records
from masketeer_gui.store.rows import ExportReport, NoteDetail

CHUNK = 1000


def atomic_write(target: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Write an owner-only file whole or not at all (``masketeer_gui.atomic``); disk errors named plainly."""
    try:
        with AtomicFile(target) as file:
            write(file.handle)
            file.commit()
    except OSError as exc:
        raise (environment_error(exc, target) or exc) from None


Render = Callable[[NoteDetail], RenderedNote]
SurrogatesFor = Callable[[bytes], SurrogateIssuer]  # the issuer for the export's key


def _records(db: Database, render: Render, ledger: TagLedger | None) -> Iterator[tuple[bytes, int]]:
    """Output lines in import order, rendered exactly as ``masketeer deidentify`` renders them.

    Tags go through ``ledger`` (a tag two references share is told apart, as ``deidentify`` does);
    surrogates need none.
    """
    for chunk in note_records(db, chunk=CHUNK):
        for note in chunk:
            rendered = render(note)
            if ledger is None:
                yield rendered.line, len(rendered.tags)
                continue
            tags = [ledger.resolve(tag, digest) for tag, digest in rendered.tags]
            same = tags == [tag for tag, _ in rendered.tags]
            yield (rendered.line if same else retag_line(rendered.line, note.text, tags)), len(tags)


def _renderer(key: bytes, surrogates: SurrogatesFor | None) -> Render:
    """Tags under ``key``, or surrogates scoped by the note's patient id (``--mode surrogates``)."""
    if surrogates is None:
        tagger = Tagger(key)
        return lambda note: render_note(note.external_id, note.text, note.spans, tagger)
    issuer = surrogates(key)
    return lambda note: render_surrogate_note(note.external_id, note.text, note.spans, issuer, note.patient_id or "")


def project_key(db: Database) -> bytes:
    """The project's own pseudonym key."""
    with db.read() as session:
        return settings.stored_key(session)


def export_notes(
    db: Database, target: Path, *, key: bytes | None = None, surrogates: SurrogatesFor | None = None
) -> ExportReport:
    """Write every note de-identified to ``target`` (JSONL); refuses if some are not analysed.

    With ``surrogates`` (called once with the key), realistic surrogates replace the tags.
    """
    with db.read() as session:
        missing = session.scalar(select(func.count()).where(Note.result_run_id.is_(None))) or 0
    if missing:
        raise ProjectStateError(f"{missing} note(s) have not been analysed yet; run the project first")
    render = _renderer(key if key is not None else project_key(db), surrogates)
    ledger = TagLedger() if surrogates is None else None
    counts = [0, 0]

    def write(handle: IO[bytes]) -> None:
        for line, spans in _records(db, render, ledger):
            handle.write(line)
            counts[0] += 1
            counts[1] += spans

    atomic_write(target, write)
    return ExportReport(counts[0], counts[1])
