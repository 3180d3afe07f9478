"""CSV with a header row: ``,`` or ``;`` (sniffed from the header), UTF-8 with or without BOM.

Quoted fields may span lines; a record is reported at the line where it starts. Lines may end in
``\\n``, ``\\r\\n`` or a lone ``\\r``. Parsing is strict: a quote that is never closed (which would
swallow the rest of the file into one note) stops the input at the line where it opens, and a
header naming a column twice is refused. The file is decoded line by line so a byte that is not
UTF-8 is reported at its own line.
"""

from __future__ import annotations

import csv
import io
import re
from collections import deque
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import BinaryIO, Protocol

from masketeer_gui.corpus_io.records import CorpusError, NoteRecord, RecordFactory

_FIELD_LIMIT = 2**31 - 1  # notes can be longer than csv's default 128 KiB field limit
_UNDECODABLE = re.compile("[\udc80-\udcff]")  # bytes that were not UTF-8, escaped by the decoder


class _RowReader(Protocol):
    line_num: int

    def __next__(self) -> list[str]: ...


class _DecodedLines:
    """The file's lines as text (``\\n``, ``\\r\\n`` or a lone ``\\r`` ends one), remembering which were not UTF-8."""

    def __init__(self, handle: BinaryIO) -> None:
        self._text = io.TextIOWrapper(handle, encoding="utf-8", errors="surrogateescape", newline="")
        self.bad: deque[int] = deque()

    def __iter__(self) -> Iterator[str]:
        for number, text in enumerate(self._text, 1):
            if _UNDECODABLE.search(text):
                self.bad.append(number)
            yield text.removeprefix("\ufeff") if number == 1 else text

    def first_bad(self, start: int, end: int) -> int:
        """The first non-UTF-8 line in ``[start, end]``, or 0; forgets lines before ``start``."""
        while self.bad and self.bad[0] < start:
            self.bad.popleft()
        return self.bad[0] if self.bad and self.bad[0] <= end else 0


def sniff_delimiter(header: str) -> str:
    """``;`` if the header has more semicolons than commas, else ``,``."""
    return ";" if header.count(";") > header.count(",") else ","


def read_csv(path: Path, factory: RecordFactory, delimiter: str | None = None) -> Iterator[NoteRecord]:
    """Yield one record per data row; rows with bad bytes or the wrong field count are bad records."""
    csv.field_size_limit(_FIELD_LIMIT)
    source = str(path)
    with path.open("rb") as handle:
        lines = _DecodedLines(handle)
        stream = iter(lines)
        first = next(stream, None)
        if first is None:
            raise CorpusError(path, 1, "empty file: expected a header row")
        reader = csv.reader(chain([first], stream), delimiter=delimiter or sniff_delimiter(first), strict=True)
        try:
            row = next(reader)
        except csv.Error:
            raise CorpusError(path, 1, "the header row is not valid CSV") from None
        header = _header(row, lines, factory, path)
        yield from _rows(reader, header, lines, factory, source)


def _header(row: list[str], lines: _DecodedLines, factory: RecordFactory, path: Path) -> list[str]:
    if lines.first_bad(1, 1):
        raise CorpusError(path, 1, "header is not UTF-8 text")
    header = [name.strip() for name in row]
    seen: set[str] = set()
    for name in header:
        if name in seen:
            raise CorpusError(path, 1, f"column '{name}' appears twice in the header")
        seen.add(name)
    for column in (factory.id_col, factory.text_col):
        if column not in header:
            raise CorpusError(path, 1, f"missing column '{column}' (use --id-col/--text-col)")
    return header


def _rows(
    reader: _RowReader, header: list[str], lines: _DecodedLines, factory: RecordFactory, source: str
) -> Iterator[NoteRecord]:
    line_num = 1
    while True:
        start = line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            if _at_end(exc):  # the rest of the file went into one field
                raise CorpusError(source, start, "a quoted field starts here and is never closed") from None
            factory.bad(source, start, f"malformed CSV ({exc})")
            continue
        finally:
            line_num = reader.line_num
        record = _record(row, header, (start, line_num), lines, factory, source)
        if record is not None:
            yield record


def _at_end(exc: csv.Error) -> bool:
    return "unexpected end of data" in str(exc)


def _record(
    row: list[str],
    header: list[str],
    where: tuple[int, int],
    lines: _DecodedLines,
    factory: RecordFactory,
    source: str,
) -> NoteRecord | None:
    start, end = where
    if not row:
        return None
    bad_line = lines.first_bad(start, end)
    if bad_line:
        factory.bad(source, bad_line, "not UTF-8 text")
    elif len(row) != len(header):
        factory.bad(source, start, f"expected {len(header)} fields, found {len(row)}")
    else:
        return factory.from_mapping(dict(zip(header, row, strict=True)), source, start)
    return None
