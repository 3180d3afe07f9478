"""Parquet in and out (optional ``pyarrow``, imported only when used).

Reading streams record batches (rows as dicts, numbered from 1 for messages). Writing the
de-identified output: columns ``id``, ``text`` and ``spans`` (a list of structs with the CONTRACT
keys ``start, end, entity, masker, pseudonym, flags``), one row group per chunk, so a corpus of any
size is written in flat memory.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

from masketeer_gui._optional import require

BATCH_ROWS = 4096


def _pyarrow(feature: str) -> tuple[Any, Any]:
    pa = require("pyarrow", "parquet", feature)
    pq = require("pyarrow.parquet", "parquet", feature)
    return pa, pq


def read_rows(path: Path, columns: Sequence[str] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(row number from 1, row)`` of a Parquet file, read a batch at a time."""
    _, pq = _pyarrow("reading Parquet")
    number = 0
    parquet = pq.ParquetFile(path)
    for batch in parquet.iter_batches(batch_size=BATCH_ROWS, columns=list(columns) if columns else None):
        for row in batch.to_pylist():
            number += 1
            yield number, row


def column_names(path: Path) -> list[str]:
    _, pq = _pyarrow("reading Parquet")
    return list(pq.ParquetFile(path).schema_arrow.names)


def output_schema() -> Any:
    pa, _ = _pyarrow("writing Parquet")
    span = pa.struct(
        [
            ("start", pa.int64()),
            ("end", pa.int64()),
            ("entity", pa.string()),
            ("masker", pa.string()),
            ("pseudonym", pa.string()),
            ("flags", pa.list_(pa.string())),
        ]
    )
    return pa.schema([("id", pa.string()), ("text", pa.string()), ("spans", pa.list_(span))])


class OutputWriter:
    """Writes CONTRACT output records to an open binary file as Parquet, one row group per call."""

    def __init__(self, handle: BinaryIO) -> None:
        pa, pq = _pyarrow("writing Parquet")
        self._pa = pa
        self._schema = output_schema()
        self._writer = pq.ParquetWriter(pa.PythonFile(handle, mode="w"), self._schema, compression="zstd")

    def write(self, records: Sequence[Mapping[str, Any]]) -> None:
        if not records:
            return
        rows = [
            {
                "id": r["id"],
                "text": r["text"],
                "spans": [{**span, "flags": span.get("flags", [])} for span in r["spans"]],
            }
            for r in records
        ]
        self._writer.write_table(self._pa.Table.from_pylist(rows, schema=self._schema))

    def close(self) -> None:
        self._writer.close()


def read_output(path: Path) -> list[dict[str, Any]]:
    """The records of an output file written by ``OutputWriter`` (flags left out where empty)."""
    records = []
    for _, row in read_rows(path):
        for span in row["spans"]:
            if not span.get("flags"):
                span.pop("flags", None)
        records.append(row)
    return records
