"""Gold annotations: the PHI stretches of each note with their types, and the JSONL form with offsets.

A ``GoldSet`` maps a note id to its annotations; a note present with no annotations is a note
known to contain no PHI (not the same as a note missing from the set). JSONL: one line per note,
``{"id": "N17", "spans": [{"start": 14, "end": 19, "entity": "HCP"}]}`` (the synthetic corpus's
gold files read as they are: extra keys are ignored). Errors name the file and line only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from masketeer_gui.atomic import write_atomic
from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.decisions import Decision, phi_spans
from masketeer_gui.formats.document import FormatError


class GoldFormatError(FormatError):
    """A gold file that cannot be read; the message names the file and line, never note text."""


@dataclass(frozen=True, slots=True, order=True)
class Annotation:
    """One gold PHI stretch ``text[start:end]`` of a note."""

    start: int
    end: int
    entity: Entity


GoldSet = dict[str, tuple[Annotation, ...]]


def gold_from_decisions(decisions: Iterable[Decision]) -> GoldSet:
    """What one annotator says must be masked (TP and FN with their true types), per judged note."""
    chosen = list(decisions)
    gold: dict[str, list[Annotation]] = {d.note_id: [] for d in chosen}
    for d in phi_spans(chosen):
        if d.start is not None and d.end is not None and d.entity is not None:
            gold[d.note_id].append(Annotation(d.start, d.end, d.entity))
    return {note: tuple(sorted(set(spans))) for note, spans in gold.items()}


def check_offsets(gold: Mapping[str, Iterable[Annotation]], texts: Mapping[str, str], source: str) -> None:
    """Every annotated note must be known and every annotation inside its text."""
    for note_id, spans in gold.items():
        if note_id not in texts:
            raise GoldFormatError(f"{source}: note {note_id!r} is not in the project")
        length = len(texts[note_id])
        for span in spans:
            if span.end > length:
                raise GoldFormatError(f"{source}: note {note_id!r}: offsets {span.start}..{span.end} beyond its end")


def parse_annotation(start: object, end: object, entity: object, where: str) -> Annotation:
    """Validated offsets and type (``where`` is "file:line" for the error)."""
    if not isinstance(start, int) or not isinstance(end, int) or isinstance(start, bool) or isinstance(end, bool):
        raise GoldFormatError(f"{where}: offsets must be whole numbers")
    if not 0 <= start < end:
        raise GoldFormatError(f"{where}: offsets {start}..{end} are not a stretch of text")
    try:
        return Annotation(start, end, Entity(str(entity).upper()))
    except ValueError:
        raise GoldFormatError(f"{where}: unknown entity type (one of {' '.join(Entity)})") from None


def read_jsonl(path: Path) -> GoldSet:
    """Gold from a JSONL file (``id`` and ``spans`` with ``start``, ``end``, ``entity``)."""
    gold: GoldSet = {}
    with path.open(encoding="utf-8-sig") as lines:
        for number, line in enumerate(lines, 1):
            if line.strip():
                note_id, spans = _record(line, f"{path}:{number}")
                if note_id in gold:
                    raise GoldFormatError(f"{path}:{number}: note {note_id!r} appears twice")
                gold[note_id] = spans
    return gold


def _record(line: str, where: str) -> tuple[str, tuple[Annotation, ...]]:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise GoldFormatError(f"{where}: not JSON ({exc.msg})") from None
    if not isinstance(record, dict) or not isinstance(record.get("id"), str | int) or isinstance(record["id"], bool):
        raise GoldFormatError(f"{where}: needs an object with an 'id'")
    spans = record.get("spans", [])
    if not isinstance(spans, list) or not all(isinstance(s, dict) for s in spans):
        raise GoldFormatError(f"{where}: 'spans' must be a list of objects")
    parsed = [parse_annotation(s.get("start"), s.get("end"), s.get("entity"), where) for s in spans]
    return str(record["id"]), tuple(sorted(parsed))


def write_jsonl(path: Path, gold: Mapping[str, Iterable[Annotation]], texts: Mapping[str, str] | None = None) -> int:
    """One line per note; with ``texts`` each span also carries its surface ``text``. Returns the notes written."""
    lines = []
    for note_id, spans in gold.items():
        items = []
        for span in sorted(spans):
            item: dict[str, object] = {"start": span.start, "end": span.end, "entity": str(span.entity)}
            if texts is not None:
                item["text"] = texts[note_id][span.start : span.end]
            items.append(item)
        lines.append(json.dumps({"id": note_id, "spans": items}, ensure_ascii=False))
    write_text(path, "".join(line + "\n" for line in lines))
    return len(lines)


def write_text(path: Path, text: str) -> None:
    """Write a UTF-8 file whole or not at all, owner-only (``masketeer_gui.atomic``)."""
    write_atomic(path, text)
