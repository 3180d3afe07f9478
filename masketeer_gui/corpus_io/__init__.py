"""Corpus readers: JSONL, CSV and folders of ``.txt`` files, streamed as ``NoteRecord``s.

Every reader is a generator, validates as it goes and reports a malformed record as
``file:line: reason``. Without ``skip_bad`` the first bad record raises ``CorpusError``;
with it, ``on_bad`` receives a ``BadRecord`` and reading goes on. No message ever quotes
note text (file names, line numbers and column names only).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from masketeer_gui.corpus_io.records import BadRecord, CorpusError, NoteRecord, RecordFactory, unreadable

if TYPE_CHECKING:
    from masketeer_gui.corpus_io.jsonl import LineReader

__all__ = [
    "SUFFIXES",
    "BadRecord",
    "CorpusError",
    "NoteRecord",
    "check_input",
    "is_fhir_file",
    "line_reader",
    "read_corpus",
]

SUFFIXES = (".jsonl", ".ndjson", ".csv", ".parquet")


def is_fhir_file(path: Path) -> bool:
    """True for a ``.jsonl``/``.ndjson`` file of FHIR resources (not a corpus of ``id``/``text`` lines)."""
    if path.suffix.lower() not in (".jsonl", ".ndjson") or not path.is_file():
        return False
    from masketeer_gui.corpus_io.fhir import is_fhir_file as peek

    return peek(path)


def read_corpus(
    path: Path,
    *,
    id_col: str = "id",
    text_col: str = "text",
    skip_bad: bool = False,
    on_bad: Callable[[BadRecord], None] | None = None,
    patient_col: str = "patient_id",
    delimiter: str | None = None,
    unique_ids: bool = True,
) -> Iterator[NoteRecord]:
    """The notes of ``path`` in file order: a ``.jsonl``/``.ndjson`` (a corpus, or FHIR DocumentReference
    resources), ``.csv`` or ``.parquet`` file, or a folder of ``.txt``.

    ``patient_col`` is read as the patient id; ``delimiter`` of a CSV file (None: ``;`` or ``,``, whichever
    the header has more of). Every problem comes out as ``CorpusError`` (or a ``BadRecord`` with
    ``skip_bad``), never as a bare ``OSError``: a caller can tell the input's fault from its own. With
    ``unique_ids`` a second record with an id seen before is a bad record (its line and the first one's
    are named).
    """
    check_input(path)
    factory = RecordFactory(id_col, text_col, skip_bad, on_bad, patient_col)
    if path.is_dir():
        from masketeer_gui.corpus_io.folder import read_folder

        records = read_folder(path, factory)
    else:
        records = _read_file(path, factory, delimiter)
    records = _reads_guarded(records, path)
    return _unique(records, factory) if unique_ids else records


def line_reader(
    path: Path,
    *,
    id_col: str = "id",
    text_col: str = "text",
    skip_bad: bool = False,
    on_bad: Callable[[BadRecord], None] | None = None,
) -> LineReader | None:
    """``read_corpus(path, …)`` as chunks of lines that workers parse (``parallel.run_lines``), for a JSONL corpus
    (None for any other input: FHIR resources, CSV, Parquet, a folder)."""
    check_input(path)
    if path.is_dir() or path.suffix.lower() not in (".jsonl", ".ndjson") or is_fhir_file(path):
        return None
    from masketeer_gui.corpus_io.jsonl import LineReader

    return LineReader(path, RecordFactory(id_col, text_col, skip_bad, on_bad))


def _read_file(path: Path, factory: RecordFactory, delimiter: str | None) -> Iterator[NoteRecord]:
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise CorpusError(path, 0, "unsupported input: expected a .jsonl, .ndjson, .csv or .parquet file or a folder")
    if suffix == ".csv":
        from masketeer_gui.corpus_io.csvfile import read_csv

        return read_csv(path, factory, delimiter)
    if suffix == ".parquet":
        from masketeer_gui.corpus_io.parquet import read_parquet

        return read_parquet(path, factory)
    if is_fhir_file(path):
        from masketeer_gui.corpus_io.fhir import read_fhir

        return read_fhir(path, factory)
    from masketeer_gui.corpus_io.jsonl import read_jsonl

    return read_jsonl(path, factory)


def check_input(path: Path) -> None:
    """``CorpusError`` in plain words unless ``path`` is an existing folder or regular file."""
    try:
        status = os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise CorpusError(path, 0, "a symbolic link loop") from None
        if exc.errno == errno.ENOENT and os.path.islink(path):
            raise CorpusError(path, 0, "a broken symbolic link (its target does not exist)") from None
        if exc.errno == errno.ENOENT:
            raise CorpusError(path, 0, "no such file or folder") from None
        raise CorpusError(path, 0, f"cannot read ({exc.strerror or 'error'})") from None
    if not (stat.S_ISDIR(status.st_mode) or stat.S_ISREG(status.st_mode)):
        raise CorpusError(path, 0, "not a regular file or folder (a FIFO, socket or device)")


def _reads_guarded(records: Iterator[NoteRecord], path: Path) -> Iterator[NoteRecord]:
    """``records``, with any read error of the input turned into a ``CorpusError`` naming it."""
    try:
        yield from records
    except OSError as exc:
        raise unreadable(exc, path) from None


def _unique(records: Iterator[NoteRecord], factory: RecordFactory) -> Iterator[NoteRecord]:
    """Only the first record of each id; later ones are bad records."""
    seen: dict[str, int | str] = {}  # per id where it was first: its line, or its source without one
    for record in records:
        first = seen.get(record.id)
        if first is None:
            seen[record.id] = record.line or record.source
            yield record
        else:  # the message is made only here, for the rare duplicate
            where = f"line {first}" if type(first) is int else first
            factory.bad(record.source, record.line, f"duplicate id (first at {where})")
