"""FHIR ``DocumentReference`` NDJSON as a corpus: one note per resource (``formats.fhir`` decodes it).

Each record keeps the resource (without its attachment data) in ``meta["fhir"]`` so a writer can
put the de-identified text back into it, and the subject's id in ``meta["patient_id"]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from masketeer_gui.corpus_io.jsonl import json_objects, skip_bom
from masketeer_gui.corpus_io.records import NoteRecord, RecordFactory
from masketeer_gui.engine import fastjson
from masketeer_gui.formats.document import FormatError
from masketeer_gui.formats.fhir import is_fhir_line, note_of

PEEK_LINES = 50


def is_fhir_file(path: Path) -> bool:
    """True if the first JSON line of ``path`` is a FHIR resource."""
    with path.open("rb") as handle:
        for number, raw in enumerate(handle, 1):
            raw = skip_bom(raw, number)
            if raw.strip():
                try:
                    data = fastjson.loads(raw)
                except (fastjson.JSONDecodeError, UnicodeDecodeError):
                    return False
                return isinstance(data, dict) and is_fhir_line(data)
            if number >= PEEK_LINES:
                break
    return False


def read_fhir(path: Path, factory: RecordFactory) -> Iterator[NoteRecord]:
    """One record per DocumentReference line; blank lines skipped, bad lines reported."""
    source = str(path)
    for line, resource in json_objects(path, factory):
        try:
            note_id, text, patient = note_of(resource)
        except FormatError as exc:
            factory.bad(source, line, str(exc))
            continue
        kept = {**resource, "content": [_without_data(item) for item in _items(resource)]}
        meta = {"fhir": kept, **({"patient_id": patient} if patient is not None else {})}
        yield NoteRecord(note_id, text, meta, source, line)


def _without_data(item: dict[str, object]) -> dict[str, object]:
    """A content item without the note's text (the record carries it once, as ``text``)."""
    attachment = item.get("attachment")
    if not isinstance(attachment, dict):
        return item
    return {**item, "attachment": {k: v for k, v in attachment.items() if k != "data"}}


def _items(resource: dict[str, object]) -> list[dict[str, object]]:
    content = resource.get("content")
    return [c for c in content if isinstance(c, dict)] if isinstance(content, list) else []
