"""Span JSONL as spaCy, Prodigy and doccano read and write it: one note per line, text and offsets.

- ``spacy``: ``{"id", "text", "entities": [[start, end, label]]}``, the ``(text, {"entities": …})``
  training form that ``Doc.char_span`` turns into a ``DocBin``.
- ``prodigy``: ``{"text", "spans": [{"start", "end", "label"}], "meta": {"id"}}`` (``ner.manual``).
- ``doccano``: ``{"id", "text", "label": [[start, end, label]]}`` (sequence labelling import/export;
  reading also takes ``labels`` and the ``entities`` objects with ``start_offset``/``end_offset``).

Offsets are Python string indices (code points), as all three use. The id is read from ``id``,
then ``meta.id``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import Any

from masketeer_gui.formats.document import Document, FormatError, mention


class Flavor(StrEnum):
    SPACY = "spacy"
    PRODIGY = "prodigy"
    DOCCANO = "doccano"


def dump_lines(documents: Iterable[Document], flavor: Flavor) -> Iterator[str]:
    """One JSON line (with newline) per document."""
    for doc in documents:
        yield json.dumps(_record(doc, Flavor(flavor)), ensure_ascii=False) + "\n"


def _record(doc: Document, flavor: Flavor) -> dict[str, Any]:
    spans = sorted(doc.mentions)
    if flavor is Flavor.PRODIGY:
        items = [{"start": m.start, "end": m.end, "label": m.label} for m in spans]
        return {"text": doc.text, "spans": items, "meta": {"id": doc.id}}
    key = "entities" if flavor is Flavor.SPACY else "label"
    return {"id": doc.id, "text": doc.text, key: [[m.start, m.end, m.label] for m in spans]}


def load_lines(lines: Iterable[str], source: str) -> Iterator[Document]:
    """Documents from JSONL lines of any of the three flavours (told apart per line by their keys)."""
    for number, line in enumerate(lines, 1):
        if line.strip():
            yield _document(line, f"{source}:{number}")


def _document(line: str, where: str) -> Document:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise FormatError(f"{where}: not JSON ({exc.msg})") from None
    if not isinstance(record, dict) or not isinstance(record.get("text"), str):
        raise FormatError(f"{where}: needs an object with a 'text' string")
    text = record["text"]
    mentions = tuple(sorted(mention(*raw, len(text), where) for raw in _raw_spans(record, where)))
    return Document(_note_id(record, where), text, mentions)


def _raw_spans(record: dict[str, Any], where: str) -> list[tuple[object, object, object]]:
    if "spans" in record:
        return [(s.get("start"), s.get("end"), s.get("label")) for s in _objects(record["spans"], where)]
    for key in ("entities", "label", "labels"):
        value = record.get(key)
        if value is None:
            continue
        if not isinstance(value, list):
            raise FormatError(f"{where}: '{key}' must be a list")
        if all(isinstance(item, dict) for item in value):
            return [(item.get("start_offset"), item.get("end_offset"), item.get("label")) for item in value]
        if not all(isinstance(item, list) and len(item) == 3 for item in value):
            raise FormatError(f"{where}: '{key}' must hold [start, end, label] triples")
        return [(item[0], item[1], item[2]) for item in value]
    return []


def _objects(value: object, where: str) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise FormatError(f"{where}: 'spans' must be a list of objects")
    return value


def _note_id(record: dict[str, Any], where: str) -> str:
    meta = record.get("meta")
    for value in (record.get("id"), meta.get("id") if isinstance(meta, dict) else None):
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            return str(value)
    raise FormatError(f"{where}: no note id ('id' or 'meta.id')")
