"""Corpus readers: JSONL, CSV and folders of ``.txt`` files, streamed as ``NoteRecord``s.

Every reader is a generator, validates as it goes and reports a malformed record as
``file:line: reason``. Without ``skip_bad`` the first bad record raises ``CorpusError``;
with it, ``on_bad`` receives a ``BadRecord`` and reading goes on. No message ever quotes
note text (file names, line numbers and column names only).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from masketeer_gui.corpus_io.records import BadRecord, CorpusError, NoteRecord, RecordFactory

__all__ = ["SUFFIXES", "BadRecord", "CorpusError", "NoteRecord", "is_fhir_file", "read_corpus"]

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
) -> Iterator[NoteRecord]:
    """The notes of ``path`` in file order: a ``.jsonl``/``.ndjson`` (a corpus, or FHIR DocumentReference
    resources), ``.csv`` or ``.parquet`` file, or a folder of ``.txt``. ``patient_col`` is read as the patient
    id; ``delimiter`` of a CSV file (None: ``;`` or ``,``, whichever the header has more of)."""
    factory = RecordFactory(id_col, text_col, skip_bad, on_bad, patient_col)
    if path.is_dir():
        from masketeer_gui.corpus_io.folder import read_folder

        return read_folder(path, factory)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise CorpusError(path, 0, "unsupported input: expected a .jsonl, .ndjson, .csv or .parquet file or a folder")
    if not path.is_file():
        raise CorpusError(path, 0, "no such file")
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
