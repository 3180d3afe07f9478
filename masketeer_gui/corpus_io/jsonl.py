"""JSON Lines: one object per line, read as bytes line by line (never the whole file)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

from masketeer_gui.corpus_io.records import BadRecord, NoteRecord, RecordFactory, unreadable
from masketeer_gui.engine import fastjson

_BOM = b"\xef\xbb\xbf"
T = TypeVar("T")


def read_jsonl(path: Path, factory: RecordFactory) -> Iterator[NoteRecord]:
    """Yield one record per non-blank line; blank lines are skipped, bad lines reported."""
    return _made(path, factory, factory.from_mapping)


def json_objects(path: Path, factory: RecordFactory) -> Iterator[tuple[int, dict[str, object]]]:
    """``(line number, object)`` per non-blank line that is a JSON object; other lines are reported."""
    return _made(path, factory, _numbered)


def _made(path: Path, factory: RecordFactory, make: Callable[[dict[str, Any], str, int], T | None]) -> Iterator[T]:
    """``make(object, source, line number)`` per non-blank line that is a JSON object, unless it gives None;
    other lines are reported. (One loop for records and objects: a record costs no generator of its own.)"""
    with path.open("rb") as handle:
        yield from _parsed(enumerate(handle, 1), str(path), factory, make)


def _parsed(
    lines: Iterable[tuple[int, bytes]],
    source: str,
    factory: RecordFactory,
    make: Callable[[dict[str, Any], str, int], T | None],
) -> Iterator[T]:
    """``_made`` of numbered lines."""
    loads, errors = fastjson.loader(), (fastjson.JSONDecodeError, UnicodeDecodeError)
    for line, raw in lines:
        if line == 1:
            raw = skip_bom(raw, line)
        try:  # parsed first: a blank line fails to parse and is looked at only then
            data = loads(raw)
        except errors as exc:
            if raw.strip():
                factory.bad(source, line, _why_invalid(raw, exc))
            continue
        if type(data) is dict:
            item = make(data, source, line)
            if item is not None:
                yield item
        else:
            factory.bad(source, line, "expected a JSON object")


@dataclass(frozen=True, slots=True)
class Columns:
    """Which fields hold the id, the text and the patient id (as ``read_corpus`` is told)."""

    id_col: str = "id"
    text_col: str = "text"
    patient_col: str = "patient_id"


@dataclass(frozen=True, slots=True)
class Lines:
    """Lines of a JSONL corpus as they are in the file, numbered from ``first``: a worker reads them (``records``)."""

    source: str
    first: int
    raw: list[bytes]
    columns: Columns

    def records(self) -> tuple[list[NoteRecord], list[BadRecord]]:
        """The records of these lines as ``read_jsonl`` reads them, and the bad ones (never raised)."""
        bad: list[BadRecord] = []
        factory = self._factory(bad.append)
        return list(_parsed(enumerate(self.raw, self.first), self.source, factory, factory.from_mapping)), bad

    def notes(self, key: str) -> tuple[list[tuple[str, str, Any, int]], list[BadRecord]]:
        """``(id, text, meta.get(key), line)`` of each of ``records()``, made without the records, and the bad ones."""
        bad: list[BadRecord] = []
        factory = self._factory(bad.append)
        make = factory.note_maker(key)
        if make is None:  # the records are needed: read once
            records, bad = self.records()
            return [(r.id, r.text, r.meta.get(key), r.line) for r in records], bad
        return list(_parsed(enumerate(self.raw, self.first), self.source, factory, make)), bad

    def split(self, parts: int) -> list[Lines]:
        """These lines as up to ``parts`` consecutive ``Lines`` of (nearly) equal length."""
        step = max(1, -(-len(self.raw) // parts))
        return [
            Lines(self.source, self.first + start, self.raw[start : start + step], self.columns)
            for start in range(0, len(self.raw), step)
        ]

    def _factory(self, on_bad: Callable[[BadRecord], None]) -> RecordFactory:
        columns = self.columns
        return RecordFactory(columns.id_col, columns.text_col, True, on_bad, columns.patient_col)


class LineReader:
    """A JSONL corpus handed out as ``Lines`` for workers to parse, and what must see the run in order: every bad
    record is reported (``RecordFactory.bad``: raised without ``skip_bad``) and an id seen before makes a bad
    record, with the same messages and in the same order as ``read_corpus`` reports them.
    """

    def __init__(self, path: Path, factory: RecordFactory) -> None:
        self.path = path
        self.source = str(path)
        self.columns = Columns(factory.id_col, factory.text_col, factory.patient_col)
        self._factory = factory
        self._seen: dict[str, int] = {}  # per id the line it was first on

    def chunks(self, size: int) -> Iterator[Lines]:
        """The file's lines, ``size`` at a time (blank and bad ones too), unparsed."""
        first = 1
        try:
            with self.path.open("rb") as handle:
                while raw := list(islice(handle, size)):
                    yield Lines(self.source, first, raw, self.columns)
                    first += len(raw)
        except OSError as exc:
            raise unreadable(exc, self.path) from None

    def admit(self, notes: Sequence[tuple[str, int]], bad: Sequence[BadRecord]) -> bool:
        """Report, in line order, the ``bad`` records of a chunk and its notes (``(id, line)``, in order) whose
        id came before; whether any note was so dropped (only with ``skip_bad``: else the first report raises)."""
        seen = self._seen
        if not bad:  # the usual: every id new, added at once
            lines = dict(notes)
            if len(lines) == len(notes) and seen.keys().isdisjoint(lines):
                seen.update(lines)
                return False
        reports = [(record.line, record.message) for record in bad]
        dropped = False
        for note_id, line in notes:
            first = seen.get(note_id)
            if first is None:
                seen[note_id] = line
            else:
                reports.append((line, f"duplicate id (first at line {first})"))
                dropped = True
        if reports:
            reports.sort()
            for line, message in reports:
                self._factory.bad(self.source, line, message)
        return dropped

    def admitted(self, note_id: str, line: int) -> bool:
        """Whether the note with this id on this line was kept (``admit``): the first with its id."""
        return self._seen.get(note_id) == line

    def first(self, lines: Lines) -> list[NoteRecord]:
        """The records of the first chunk, read here (a bad one is reported at once, before any engine is built)."""
        made, bad = lines.records()
        if self.admit([(record.id, record.line) for record in made], bad):
            return [record for record in made if self.admitted(record.id, record.line)]
        return made


def _numbered(data: dict[str, Any], source: str, line: int) -> tuple[int, dict[str, Any]]:
    return line, data


def skip_bom(raw: bytes, line: int) -> bytes:
    """The first line without its UTF-8 byte-order mark."""
    return raw[len(_BOM) :] if line == 1 and raw.startswith(_BOM) else raw


def _why_invalid(raw: bytes, exc: Exception) -> str:
    """A reason that names a column, never the line's content."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as bad:
        return f"not UTF-8 text (byte {bad.start + 1} of the line)"
    column = getattr(exc, "colno", 0)
    return f"invalid JSON (column {column})" if column else "invalid JSON"
