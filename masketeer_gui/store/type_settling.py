"""One type per person across a project: a run keeps its notes' name evidence and settles them all.

The engine types each name in its note and says why (``engine.type_resolution.NameEvidence``). A run
stores, per note, each name span's start, reference, current type and evidence as JSON (table
``name_evidence``, beside the note's spans; ``names_blob`` makes it in the worker). Once its notes
are analysed, ``ProjectSettler`` tallies the evidence of every note's current result — the run's own
notes and all the others — resolves it once (``engine.type_resolution``, as ``masketeer deidentify``
does for its run) and gives each name span its settled type (and tag, when the run stores tags): in
the run's own rows, and for a note outside the run whose names move, by copying its spans into the
run with the new types, so the note joins the run's results and older runs stay as they were. What
a note's words decide (a title, a relation word) and what a reviewer corrected never move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from masketeer_gui.engine import fastjson
from masketeer_gui.engine.pseudonyms import PseudonymIssuer
from masketeer_gui.engine.retype import can_move
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.engine.type_resolution import (
    NameEvidence,
    Strength,
    TypeResolution,
    TypeTally,
    resolve_types,
    resolved_entity,
)
from masketeer_gui.settling import collector_paused
from masketeer_gui.store.db import Database

# a stored name span: start, reference, current type, name number in the note, whether it may move, then
# the evidence's fields
_START, _REFERENCE, _CURRENT, _GROUP, _MOVABLE = range(5)
_ENTITIES = {entity.value: entity for entity in Entity}
_STRENGTHS = {int(strength): strength for strength in Strength}
_CURRENT_NAMES = (
    "SELECT e.note_id, e.run_id, e.names FROM name_evidence e "
    "JOIN notes n ON n.id = e.note_id AND n.result_run_id = e.run_id"
)
INSERT_NAMES = "INSERT INTO name_evidence (run_id, note_id, names) VALUES (?, ?, ?)"
_UPDATE_SPAN = "UPDATE spans SET entity = ?, pseudonym = ? WHERE run_id = ? AND note_id = ? AND start = ?"
_UPDATE_NAMES = "UPDATE name_evidence SET names = ? WHERE run_id = ? AND note_id = ?"
_COPY_SPANS = (
    'SELECT start, "end", entity, masker, reason, flags, ref, pseudonym FROM spans WHERE run_id = ? AND note_id = ?'
)
INSERT_SPANS = (
    'INSERT INTO spans (run_id, note_id, start, "end", entity, masker, reason, flags, ref, pseudonym) '
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def names_blob(
    text: str, spans: Sequence[Span], evidence: Sequence[NameEvidence | None], patient_id: str
) -> str | None:
    """The ``name_evidence`` JSON of one analysed note (None when it has no typed names)."""
    rows: list[list[Any]] = []
    group, previous = -1, None
    for span, item in zip(spans, evidence, strict=True):
        if item is None:
            continue
        if item is not previous:  # the spans of one name share their evidence: one vote (``TypeTally.add``)
            group, previous = group + 1, item
        reference = span.ref or text[span.start : span.end]
        rows.append([span.start, reference, span.entity.value, group, can_move(span, item), item.key,
                     item.entity.value, int(item.strength), list(item.parts), item.gender, item.fallback])  # fmt: skip
    return fastjson.dumps({"p": patient_id, "n": rows}).decode("utf-8") if rows else None


@dataclass
class StoredNames:
    """One note's stored name spans (``names_blob``)."""

    patient_id: str
    rows: list[list[Any]]

    @classmethod
    def parse(cls, blob: str) -> StoredNames:
        data = fastjson.loads(blob)
        return cls(str(data["p"]), data["n"])

    def to_blob(self) -> str:
        return fastjson.dumps({"p": self.patient_id, "n": self.rows}).decode("utf-8")

    @cached_property
    def evidence(self) -> list[NameEvidence]:
        """Per row its evidence; the rows of one name share one object (one vote in a tally)."""
        out: list[NameEvidence] = []
        group, item = -1, None
        for row in self.rows:
            if item is None or row[_GROUP] != group:
                key, entity, strength, parts, gender, fallback = row[_MOVABLE + 1 :]
                item = NameEvidence(key, _ENTITIES[entity], _STRENGTHS[strength], tuple(parts), gender, fallback)
                group = row[_GROUP]
            out.append(item)
        return out

    def moves(self, resolution: TypeResolution) -> list[tuple[int, str, Entity]]:
        """``(start, reference, settled type)`` of each name span whose settled type is not its current one."""
        out = []
        for row, item in zip(self.rows, self.evidence, strict=True):
            if not row[_MOVABLE]:
                continue
            entity = resolved_entity(item, resolution, self.patient_id)
            if entity != row[_CURRENT]:  # a StrEnum: its value compared
                out.append((row[_START], row[_REFERENCE], entity))
        return out

    def moved(self, moves: Iterable[tuple[int, str, Entity]]) -> StoredNames:
        """These names with the moved spans' current type changed."""
        settled = {start: entity.value for start, _, entity in moves}
        rows = [[*row[:_CURRENT], settled.get(row[_START], row[_CURRENT]), *row[_CURRENT + 1 :]] for row in self.rows]
        return StoredNames(self.patient_id, rows)


@dataclass(frozen=True, slots=True)
class PulledNote:
    """A note outside the run that the run's settling retyped: its text hash and its spans, now the run's."""

    text_hash: str
    spans: list[tuple[Any, ...]]  # start, end, entity, masker, reason, flags, ref, pseudonym


class ProjectSettler:
    """A run's name evidence, tallied as its notes are saved, then settled against the whole project."""

    def __init__(self, db: Database, run_id: int, issuer: PseudonymIssuer | None) -> None:
        self._db, self._run_id, self._issuer = db, run_id, issuer
        self._tally = TypeTally()
        self._notes: dict[int, StoredNames] = {}

    def add(self, note_id: int, blob: str | None) -> None:
        """Tally one of the run's notes (``blob``: its ``names_blob``)."""
        if blob is not None:
            stored = self._notes[note_id] = StoredNames.parse(blob)
            self._tally.add(stored.evidence, stored.patient_id)

    def settle(self, analysed: Iterable[int]) -> tuple[dict[int, list[tuple[str, str]]], dict[int, PulledNote]]:
        """Settle the project after the run's spans are saved: per run note the ``(old, new)`` types
        that moved, and the notes outside the run it retyped (their spans now copied into the run)."""
        with collector_paused():
            return self._settle(set(analysed))

    def _settle(self, analysed: set[int]) -> tuple[dict[int, list[tuple[str, str]]], dict[int, PulledNote]]:
        others = self._other_notes(analysed)
        tally = self._tally
        for _, stored in others.values():
            tally.add(stored.evidence, stored.patient_id)
        resolution = resolve_types(tally)
        moved: dict[int, list[tuple[str, str]]] = {}
        pulled: dict[int, PulledNote] = {}
        with self._db.write() as session:
            connection = session.connection()
            span_updates, name_updates = [], []
            for note_id, stored in self._notes.items():
                moves = stored.moves(resolution)
                if moves:
                    current = {row[_START]: row[_CURRENT] for row in stored.rows}
                    moved[note_id] = [(current[start], entity.value) for start, _, entity in moves]
                    span_updates += [(e.value, self._tag(e, ref), self._run_id, note_id, s) for s, ref, e in moves]
                    name_updates.append((stored.moved(moves).to_blob(), self._run_id, note_id))
            if span_updates:
                connection.exec_driver_sql(_UPDATE_SPAN, span_updates)
                connection.exec_driver_sql(_UPDATE_NAMES, name_updates)
            for note_id, (run_id, stored) in others.items():
                moves = stored.moves(resolution)
                if moves:
                    pulled[note_id] = self._pull(connection, note_id, run_id, stored, moves)
        return moved, pulled

    def _other_notes(self, analysed: set[int]) -> dict[int, tuple[int, StoredNames]]:
        """The stored names of every note's current result outside this run: note id -> (run id, names)."""
        with self._db.read() as session:
            rows = session.connection().exec_driver_sql(_CURRENT_NAMES).all()
        return {note_id: (run_id, StoredNames.parse(blob)) for note_id, run_id, blob in rows if note_id not in analysed}

    def _pull(
        self, connection: Any, note_id: int, run_id: int, stored: StoredNames, moves: list[tuple[int, str, Entity]]
    ) -> PulledNote:
        """Copy a note's current spans into this run with the moved ones retyped (and its names)."""
        settled = {start: (entity, reference) for start, reference, entity in moves}
        spans = []
        for start, end, entity, masker, reason, flags, ref, pseudonym in connection.exec_driver_sql(
            _COPY_SPANS, (run_id, note_id)
        ).all():
            if start in settled:
                new, reference = settled[start]
                entity, pseudonym = new.value, self._tag(new, reference)
            spans.append((start, end, entity, masker, reason, flags, ref, pseudonym))
        connection.exec_driver_sql(INSERT_SPANS, [(self._run_id, note_id, *span) for span in spans])
        connection.exec_driver_sql(INSERT_NAMES, (self._run_id, note_id, stored.moved(moves).to_blob()))
        text_hash = connection.exec_driver_sql("SELECT text_hash FROM notes WHERE id = ?", (note_id,)).scalar_one()
        return PulledNote(text_hash, spans)

    def _tag(self, entity: Entity, reference: str) -> str | None:
        return self._issuer.tag(entity, reference) if self._issuer is not None else None
