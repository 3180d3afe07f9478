"""The public Python API: ``Engine`` finds PHI and replaces it, ``Result`` is one de-identified note.

A thin facade over what ``masketeer deidentify`` runs: the same ``parallel.ChunkWorker`` analyzes
and renders each note, and ``pipe`` settles a call's notes as the CLI settles a run
(``settling.RunSettler``: one type per person, colliding tags by the order-free rule), so one key
gives the CLI's records byte for byte, whatever the order of the notes. ``pipe(settle=False)``
streams instead: each note as its own evidence types it, colliding tags told apart first come,
first served (``TagLedger``, across every streaming call on the ``Engine``).
``from masketeer_gui import Engine`` is the supported way in; see ``docs/API.md``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from masketeer_gui.corpus_io import NoteRecord
from masketeer_gui.engine import fastjson
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.pseudonyms import TagLedger, load_or_create_key, new_key
from masketeer_gui.engine.render import span_record
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.parallel import CHUNK_SIZE, Analyzer, ChunkResult, ChunkWorker, EngineSpec, reconcile, run_chunks
from masketeer_gui.settling import RunSettler, split_lines

Mode = Literal["tags", "surrogates"]
Note = str | Mapping[str, Any]  # a text, or {"text": ..., "id": ..., "patient_id": ...}
PATIENT_KEY = "patient_id"


@dataclass(frozen=True, slots=True)
class Result:
    """One de-identified note: its new ``text``, the ``spans`` found in the ORIGINAL text, and the
    ``pseudonyms`` that replaced them (one per span, in order).

    Spans carry offsets, entity, masker and review flags; their ``reason`` is left out (it may quote
    the note), as in the CLI's output. ``Engine.analyze`` gives the full spans.
    """

    id: str
    text: str
    spans: tuple[Span, ...]
    pseudonyms: tuple[str, ...]

    def to_record(self) -> dict[str, Any]:
        """The CONTRACT output record ``{"id", "text", "spans": [{start, end, entity, masker, pseudonym}]}``."""
        spans = [span_record(span, pseudonym) for span, pseudonym in zip(self.spans, self.pseudonyms, strict=True)]
        return {"id": self.id, "text": self.text, "spans": spans}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Result:
        """A result from a CONTRACT output record (a line of ``masketeer deidentify``'s output)."""
        raw = record.get("spans", ())
        spans = tuple(
            Span(s["start"], s["end"], Entity(s["entity"]), s["masker"], flags=tuple(s.get("flags", ()))) for s in raw
        )
        return cls(str(record["id"]), record["text"], spans, tuple(s["pseudonym"] for s in raw))


class Engine:
    """The shipped Masketeer engine with keyed pseudonyms (``mode="tags"``) or surrogates.

    >>> engine = Engine(key=bytes(32))
    >>> engine.pseudonymize("Dr. Hofer ruft an.").text.startswith("Dr. [HCP-")
    True

    ``names``: deployment lists (a ``NameLists`` or the ``--names`` JSON shape as a dict).
    ``key``: the pseudonym key (bytes, at least 16); without one each ``Engine`` draws a random key,
    so its pseudonyms match no other run. A reference gets the same tag in every call; two references
    never share one within a call of ``pipe`` (or across all its streaming calls, ``settle=False``).
    """

    def __init__(
        self,
        names: NameLists | Mapping[str, Any] | None = None,
        key: bytes | None = None,
        mode: Mode = "tags",
        *,
        length_preserving: bool = False,
    ) -> None:
        if mode not in ("tags", "surrogates"):
            raise ValueError(f"mode must be 'tags' or 'surrogates', not {mode!r}")
        if length_preserving and mode != "surrogates":
            raise ValueError("length_preserving needs mode='surrogates'")
        if key is not None and len(key) < 16:
            raise ValueError("key too short (at least 16 bytes)")
        lists = names if isinstance(names, NameLists) or names is None else NameLists.from_mapping(names)
        self._spec = EngineSpec(
            Deidentifier.default,  # picklable by name, so spawned workers rebuild it
            lists,
            key if key is not None else new_key(),
            mode=mode,
            length_preserving=length_preserving,
            patient_key=PATIENT_KEY,
            settle_types=True,  # the worker keeps each note's type evidence; streaming calls ignore it
        )
        self._worker = ChunkWorker(self._spec)
        self._ledger = TagLedger()

    @classmethod
    def from_files(
        cls,
        names: str | os.PathLike[str] | None = None,
        key_file: str | os.PathLike[str] | None = None,
        mode: Mode = "tags",
        *,
        length_preserving: bool = False,
    ) -> Engine:
        """An engine on a ``--names`` file and a ``--key-file`` (created owner-only if missing), as the CLI."""
        lists = NameLists.from_json(Path(names)) if names is not None else None
        key = load_or_create_key(Path(key_file)) if key_file is not None else None
        return cls(lists, key, mode, length_preserving=length_preserving)

    @property
    def mode(self) -> Mode:
        return "surrogates" if self._spec.mode == "surrogates" else "tags"

    def analyze(self, text: str, patient_id: str | None = None) -> list[Span]:
        """The PHI spans of ``text``: sorted, non-overlapping offsets into it, each with masker and reason."""
        return self._analyzer.analyze(text, _context(patient_id))

    def pseudonymize(self, text: str, patient_id: str | None = None, *, note_id: str = "") -> Result:
        """``text`` with every PHI span replaced by its tag (or surrogate, scoped by ``patient_id``):
        ``masketeer deidentify``'s record for a corpus of this one note."""
        return next(self.pipe([{"id": note_id, "text": text, PATIENT_KEY: patient_id}]))

    def pipe(
        self, notes: Iterable[Note], workers: int = 1, *, chunk_size: int = CHUNK_SIZE, settle: bool = True
    ) -> Iterator[Result]:
        """De-identify notes, yielding results in input order.

        Each note is a text or a mapping with ``text`` and optionally ``id`` (default: its position)
        and ``patient_id``. ``workers > 1`` runs processes as ``masketeer deidentify --workers`` does.

        ``settle=True``: the notes are one run, settled as ``masketeer deidentify`` settles it: each
        person one type (and one tag) across them, colliding tags by the order-free rule, so a
        note's result does not depend on the order or the company of the others beyond the person
        evidence they share. All notes are read (their de-identified lines spooled to an owner-only
        temporary file) before the first result. ``settle=False`` streams: the input is read
        lazily, a few chunks ahead, in flat memory; each note is typed by its own evidence and a
        colliding tag is lengthened for the later reference (so tags may depend on the order).
        """
        if workers < 1:
            raise ValueError("workers must be at least 1")
        records = (_record(note, index) for index, note in enumerate(notes))
        chunks = run_chunks(records, self._spec, workers, chunk_size, self._worker)
        if settle:
            yield from self._settled(chunks)
            return
        for chunk, result in chunks:
            lines = reconcile(chunk, result, self._ledger) if self._spec.mode == "tags" else result.lines
            for line in lines:
                yield Result.from_record(fastjson.loads(line))

    def _settled(self, chunks: Iterable[tuple[list[NoteRecord], ChunkResult]]) -> Iterator[Result]:
        """The first pass spooled, then the run settled (``settling.RunSettler``)."""
        spec = self._spec
        with tempfile.TemporaryFile() as spool:  # owner-only, unlinked: de-identified lines only
            settler = RunSettler(spool, spec.key, spec.tag_length, tags=spec.mode == "tags")
            for _, result in chunks:
                settler.add(result.lines, result)
            for pieces in settler.blocks():
                for line in split_lines(pieces):
                    yield Result.from_record(fastjson.loads(line))

    @property
    def _analyzer(self) -> Analyzer:
        return self._worker.analyzer


def _context(patient_id: str | None) -> NoteContext | None:
    """The per-note context the engine gets: who the note's patient is (as ``pipe`` tells it)."""
    return NoteContext(patient_id=patient_id) if patient_id else None


def _record(note: Note, index: int) -> NoteRecord:
    if isinstance(note, str):
        return NoteRecord(str(index), note)
    if not isinstance(note, Mapping) or not isinstance(note.get("text"), str):
        raise TypeError(f"note {index}: expected a text or a mapping with a 'text' string")
    note_id = note.get("id")
    patient = note.get(PATIENT_KEY)
    meta = {PATIENT_KEY: str(patient)} if patient is not None else {}
    return NoteRecord(str(index) if note_id is None else str(note_id), note["text"], meta)
