"""Export of de-identified notes in the ``masketeer deidentify`` format (docs/CONTRACT.md).

Notes are written in import order and rendered by ``engine.render`` (tags) or
``engine.render_surrogates`` (surrogates, scoped by patient id) exactly as ``deidentify`` does;
the key is the project's own (settings.py), so later batches get the same tags for the same
references. Tags two references share are told apart by ``deidentify``'s order-free rule
(``settling.RunSettler``: the rendered lines wait in an owner-only temporary file beside the target
until every reference is known). Files are written beside the target and renamed into place: a
failed export never leaves half a file. Exports are created owner-only (0600): no de-identification
is perfect.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from sqlalchemy import func, select

from masketeer_gui.atomic import AtomicFile
from masketeer_gui.engine.render import RenderedNote, Tagger, render_note
from masketeer_gui.engine.render_surrogates import render_surrogate_note
from masketeer_gui.engine.surrogates import SurrogateIssuer
from masketeer_gui.parallel import ChunkResult
from masketeer_gui.settling import RunSettler
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


def _chunks(db: Database, render: Render) -> Iterator[list[RenderedNote]]:
    """Each chunk of notes in import order, rendered exactly as ``masketeer deidentify`` renders them."""
    for chunk in note_records(db, chunk=CHUNK):
        yield [render(note) for note in chunk]


def _write_settled(handle: IO[bytes], chunks: Iterator[list[RenderedNote]], key: bytes, folder: Path) -> int:
    """Spool the tagged lines, then write them with colliding tags settled; the number of spans."""
    spans = 0
    with tempfile.TemporaryFile(dir=folder) as spool:  # owner-only, unlinked: de-identified lines only
        settler = RunSettler(spool, key)
        for notes in chunks:
            lines = [note.line for note in notes]
            settler.add(lines, ChunkResult(lines, [note.tags for note in notes]))
            spans += sum(len(note.tags) for note in notes)
        for pieces in settler.blocks():
            handle.write(b"".join(pieces))
    return spans


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
    key = key if key is not None else project_key(db)
    render = _renderer(key, surrogates)
    counts = [0, 0]

    def write(handle: IO[bytes]) -> None:
        chunks = _counted(_chunks(db, render), counts)
        if surrogates is not None:  # a surrogate is a function of key, patient and name: nothing to settle
            for notes in chunks:
                handle.write(b"".join(note.line for note in notes))
                counts[1] += sum(len(note.tags) for note in notes)
        else:
            counts[1] = _write_settled(handle, chunks, key, target.parent)

    atomic_write(target, write)
    return ExportReport(counts[0], counts[1])


def _counted(chunks: Iterator[list[RenderedNote]], counts: list[int]) -> Iterator[list[RenderedNote]]:
    for notes in chunks:
        counts[0] += len(notes)
        yield notes
