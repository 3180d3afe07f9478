"""Settling name types across a run: what a worker keeps of each note, and the re-typed output line.

A worker renders each note with the types its own evidence gives and keeps a ``NoteTyping`` (per
name span: its index, reference and evidence) plus a ``TypeTally`` per chunk. Once every note is
tallied, ``SettledTypes`` says which names the corpus types otherwise (``moves``) and
``settled_line`` rewrites such an output line: the span's entity and tag change, and the new tag
takes the old one's place in the output text (found by offsets, so the original text is not
needed). The reference stays in memory, never on disk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, NamedTuple

from masketeer_gui.engine import fastjson
from masketeer_gui.engine.curation import BLACKLIST, MANUAL
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.engine.type_resolution import NameEvidence, Strength, TypeResolution, resolved_entity

Retag = Callable[[Entity, str], str]  # (entity, reference) -> the tag it carries in this run
CURATED: Final = frozenset({BLACKLIST, MANUAL})  # maskers whose type a curator chose
_CONTEXT: Final = Strength.CONTEXT  # read per name span (an enum member read through its class costs a descriptor)

EvidenceRow = tuple[str, Entity, Strength, tuple[str, ...], str, str]  # a ``NameEvidence`` as a plain tuple
NameRow = tuple[int, str, Entity, EvidenceRow]

NoteTyping = tuple[str, tuple[NameRow, ...]]
"""A note's patient id and, per name span, ``(index in spans, reference, type as rendered, evidence)``:
plain tuples all through (``evidence`` is a ``NameEvidence`` as a tuple), so a worker's chunk of them
pickles at C speed."""


class Move(NamedTuple):
    """A name the corpus types otherwise than its note did: its span's index, reference, old and new type."""

    span: int
    reference: str
    old: Entity
    new: Entity


def note_typing(
    text: str, spans: Sequence[Span], evidence: Sequence[NameEvidence | None], patient_id: str
) -> NoteTyping | None:
    """What a later pass needs to re-type this note's names; None when none of them can move."""
    if len(spans) != len(evidence):
        raise ValueError(f"{len(spans)} spans but {len(evidence)} items of evidence")
    names = [
        (index, span.ref or text[span.start : span.end], span.entity, _row(item))
        for index, item in enumerate(evidence)
        if item is not None and can_move(span := spans[index], item)
    ]
    return (patient_id, tuple(names)) if names else None


def can_move(span: Span, evidence: NameEvidence) -> bool:
    """Whether the corpus may retype this name span: not when the note's words decide its type (a
    title, a relation word) nor when a curator did (a typed blacklist entry, a reviewer's correction)."""
    return evidence.strength < _CONTEXT and span.masker not in CURATED


class SettledTypes:
    """A run's ``TypeResolution`` applied to its notes' names."""

    def __init__(self, resolution: TypeResolution) -> None:
        self.resolution = resolution
        self._entities: dict[tuple[str, EvidenceRow], Entity] = {}  # a name's settled type, per patient and evidence

    def moves(self, typing: NoteTyping) -> list[Move]:
        """The names of one note whose settled type differs from the one it was rendered with."""
        patient_id, names = typing
        known = self._entities
        moved: list[Move] = []
        for index, reference, rendered, evidence in names:
            entity = known.get(seen := (patient_id, evidence))
            if entity is None:  # the same evidence of one patient's notes settles alike: resolved once
                entity = known[seen] = resolved_entity(evidence, self.resolution, patient_id)
            if entity is not rendered:
                moved.append(Move(index, reference, rendered, entity))
        return moved


class NameGroups:
    """A run's name spans grouped as they arrive by what settles them alike (patient id, evidence, type as
    rendered), so that once the run is tallied each group is resolved once and only the notes of the groups
    that move are visited (``moves``): the same answers as ``SettledTypes.moves`` note by note."""

    def __init__(self) -> None:
        self._groups: dict[tuple[str, EvidenceRow, Entity], list[tuple[int, int, str]]] = {}

    def add(self, note: int, typing: NoteTyping) -> None:
        """Index note number ``note``'s names."""
        self.add_notes(note, (typing,))

    def add_notes(self, first: int, typings: Iterable[NoteTyping | None]) -> None:
        """Index the names of consecutive notes numbered from ``first`` (a chunk's: one call, not one per note)."""
        groups = self._groups
        for note, typing in enumerate(typings, first):
            if typing is not None:
                patient_id, names = typing
                for index, reference, rendered, evidence in names:  # per name the parent reads (``setdefault``)
                    groups.setdefault((patient_id, evidence, rendered), []).append((note, index, reference))

    def __len__(self) -> int:
        return len(self._groups)

    def moves(self, resolution: TypeResolution) -> dict[int, list[Move]]:
        """Per note number whose names the corpus types otherwise, its ``Move``s in span order."""
        moved: dict[int, list[Move]] = {}
        get = moved.get
        for (patient_id, evidence, rendered), group in self._groups.items():
            entity = resolved_entity(evidence, resolution, patient_id)
            if entity is not rendered:
                for note, index, reference in group:
                    move = _move(Move, (index, reference, rendered, entity))
                    found = get(note)
                    if found is None:
                        moved[note] = [move]
                    else:
                        found.append(move)
        for found in moved.values():
            if len(found) > 1:
                found.sort()  # by span index (a note's spans are distinct): as ``SettledTypes.moves`` lists them
        return moved


def settled_line(
    line: bytes,
    moves: Sequence[Move] = (),
    retag: Retag | None = None,
    lengthened: Mapping[int, str] | None = None,
    record: dict[str, Any] | None = None,
) -> bytes:
    """``line`` with span ``i`` given tag ``lengthened[i]`` (a collision's longer tag) and each moved
    name its settled type and, with ``retag``, its tag for that type (surrogates keep theirs).

    ``record``: ``line`` already decoded. Returns ``line`` itself when nothing changes.
    """
    pseudonyms = dict(lengthened) if lengthened else {}
    if not moves and not pseudonyms:
        return line
    record = fastjson.loads(line) if record is None else record
    spans = record["spans"]
    for move in moves:
        spans[move.span]["entity"] = str(move.new)
        if retag is not None:  # (after a lengthened tag: the moved name's own one wins)
            pseudonyms[move.span] = retag(move.new, move.reference)
    if pseudonyms:
        _replace_pseudonyms(record, pseudonyms)
    return fastjson.dumps_line(record)


def _replace_pseudonyms(record: dict[str, Any], changes: Mapping[int, str]) -> None:
    """Put ``changes[i]`` in place of span ``i``'s pseudonym, in its span and in the output text (where it
    sits: ``render.output_ranges``, worked out up to the last span that changes)."""
    spans = record["spans"]
    text: str = record["text"]
    pieces: list[str] = []
    position = shift = after = 0  # in the output text; its length less the note's before span ``after``
    for index in sorted(changes):
        for span in spans[after:index]:
            shift += len(span["pseudonym"]) - (span["end"] - span["start"])
        span, new = spans[index], changes[index]
        start, old = span["start"] + shift, span["pseudonym"]
        pieces += (text[position:start], new)
        position, after = start + len(old), index + 1
        shift += len(old) - (span["end"] - span["start"])
        span["pseudonym"] = new
    pieces.append(text[position:])
    record["text"] = "".join(pieces)


_move: Callable[[type[Move], tuple[int, str, Entity, Entity]], Move] = tuple.__new__
"""``Move``s made per moved name as ``NamedTuple`` makes them, without its interpreted ``__new__``."""
_row: Callable[[NameEvidence], EvidenceRow] = tuple  # type: ignore[assignment]  # the fields as a plain tuple
