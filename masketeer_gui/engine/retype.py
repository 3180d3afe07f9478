"""Settling name types across a run: what a worker keeps of each note, and the re-typed output line.

A worker renders each note with the types its own evidence gives and keeps a ``NoteTyping`` (per
name span: its index, reference and evidence) plus a ``TypeTally`` per chunk. Once every note is
tallied, ``retype_line`` rewrites an output line whose names the corpus settled differently: the
span's entity and tag change, and the new tag takes the old one's place in the output text (found
by offsets, so the original text is not needed). The reference stays in memory, never on disk.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from masketeer_gui.engine import fastjson
from masketeer_gui.engine.render import output_ranges
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.engine.type_resolution import NameEvidence, TypeResolution, resolved_entity

Retag = Callable[[Entity, str], str]  # (entity, reference) -> the tag it carries in this run


@dataclass(frozen=True, slots=True)
class NoteTyping:
    """A note's patient id and, per name span, ``(index in spans, reference, evidence, type as rendered)``."""

    patient_id: str
    names: tuple[tuple[int, str, NameEvidence, Entity], ...]


def note_typing(
    text: str, spans: Sequence[Span], evidence: Sequence[NameEvidence | None], patient_id: str
) -> NoteTyping | None:
    """What a later pass needs to re-type this note's names; None when it has none."""
    names = tuple(
        (index, span.ref or text[span.start : span.end], item, span.entity)
        for index, (span, item) in enumerate(zip(spans, evidence, strict=True))
        if item is not None
    )
    return NoteTyping(patient_id, names) if names else None


def retype_line(
    line: bytes, typing: NoteTyping, resolution: TypeResolution, retag: Retag
) -> tuple[bytes, list[tuple[str, str]]]:
    """``line`` with each name given its settled type and tag, and the ``(old, new)`` entities changed."""
    moved: list[tuple[int, Entity]] = []
    references: dict[int, str] = {}
    for index, reference, evidence, rendered in typing.names:
        entity = resolved_entity(evidence, resolution, typing.patient_id)
        if entity is not rendered:
            moved.append((index, entity))
            references[index] = reference
    if not moved:
        return line, []
    record = fastjson.loads(line)
    spans = record["spans"]
    ranges = output_ranges(record)
    text: str = record["text"]
    changed: list[tuple[str, str]] = []
    pieces: list[str] = []
    position = 0
    for index, entity in sorted(moved):
        start, end = ranges[index]
        changed.append((spans[index]["entity"], str(entity)))
        spans[index]["entity"] = str(entity)
        spans[index]["pseudonym"] = retag(entity, references[index])
        pieces += [text[position:start], spans[index]["pseudonym"]]
        position = end
    pieces.append(text[position:])
    record["text"] = "".join(pieces)
    return fastjson.dumps(record) + b"\n", changed
