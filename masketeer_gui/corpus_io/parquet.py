"""Parquet as a corpus: one note per row (``id`` and ``text`` columns, others kept as metadata)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from masketeer_gui.corpus_io.records import CorpusError, NoteRecord, RecordFactory


def read_parquet(path: Path, factory: RecordFactory) -> Iterator[NoteRecord]:
    """One record per row; a row is reported by its number (from 1) as the 'line'."""
    from masketeer_gui.formats.parquet import column_names, read_rows

    source = str(path)
    try:
        names = column_names(path)
    except OSError as exc:  # pyarrow's ArrowInvalid is an OSError/ValueError subclass
        raise CorpusError(path, 0, f"not a readable Parquet file ({type(exc).__name__})") from None
    except ValueError as exc:
        raise CorpusError(path, 0, f"not a readable Parquet file ({type(exc).__name__})") from None
    for column in (factory.id_col, factory.text_col):
        if column not in names:
            raise CorpusError(path, 0, f"no column '{column}' (columns: {', '.join(names)})")
    for number, row in read_rows(path):
        record = factory.from_mapping(row, source, number)
        if record is not None:
            yield record
