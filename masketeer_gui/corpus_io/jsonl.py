"""JSON Lines: one object per line, read as bytes line by line (never the whole file)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from masketeer_gui.corpus_io.records import NoteRecord, RecordFactory
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
    source = str(path)
    loads, errors = fastjson.loads, (fastjson.JSONDecodeError, UnicodeDecodeError)
    with path.open("rb") as handle:
        for line, raw in enumerate(handle, 1):
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
