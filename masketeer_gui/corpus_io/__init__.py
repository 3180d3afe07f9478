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

__all__ = ["SUFFIXES", "BadRecord", "CorpusError", "NoteRecord", "read_corpus"]

SUFFIXES = (".jsonl", ".ndjson", ".csv")


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
    """The notes of ``path`` (a ``.jsonl``/``.csv`` file or a folder) in file order. ``patient_col`` is read
    as the patient id; ``delimiter`` of a CSV file (None: ``;`` or ``,``, whichever the header has more of)."""
    factory = RecordFactory(id_col, text_col, skip_bad, on_bad, patient_col)
    if path.is_dir():
        from masketeer_gui.corpus_io.folder import read_folder

        return read_folder(path, factory)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise CorpusError(path, 0, "unsupported input: expected a .jsonl or .csv file or a folder")
    if not path.is_file():
        raise CorpusError(path, 0, "no such file")
    if suffix == ".csv":
        from masketeer_gui.corpus_io.csvfile import read_csv

        return read_csv(path, factory, delimiter)
    from masketeer_gui.corpus_io.jsonl import read_jsonl

    return read_jsonl(path, factory)
