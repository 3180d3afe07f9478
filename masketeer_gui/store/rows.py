"""What the store hands out and takes in: plain frozen dataclasses and enums, safe to pass between threads.

No ORM object ever leaves the store; the GUI passes ids back in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.vocabulary import Label as MarkLabel  # one enum for store and evaluation
from masketeer_gui.vocabulary import (  # the shared words, re-exported for the store's users
    ReviewStatus,
    RunStatus,
    Scope,
    TermKind,
)


@dataclass(frozen=True, slots=True)
class NoteRow:
    """One line of the note list: counts of the current result, corrections, review status."""

    id: int
    external_id: str
    patient_id: str | None
    author: str | None
    length: int
    batch_id: int
    analyzed: bool
    counts: Mapping[Entity, int]
    spans: int
    flagged: int
    corrections: int
    stale_corrections: int
    review: ReviewStatus
    reviewed_by: str = ""


@dataclass(frozen=True, slots=True)
class CorrectionRow:
    """A manual correction; ``stale`` when the note's text changed after it was made."""

    id: int
    note_id: int
    start: int
    end: int
    action: CorrectionAction
    entity: Entity | None
    who: str
    created_at: datetime
    why: str
    stale: bool


@dataclass(frozen=True, slots=True)
class NoteDetail:
    """A note as the store hands it out, from the store to the screen: its text, the engine's ``Span`` of
    each span of its current result (in text order), corrections, review status, and for the reviewer
    the pseudonym of each span and the spans a reviewer accepted. The one shape of a note: bulk reads
    (export, risk, the leak check) leave meta, author, corrections, review and ``accepted`` empty, and
    ``pseudonyms`` too unless asked for them."""

    id: int
    external_id: str
    text: str
    meta: Mapping[str, Any]
    patient_id: str | None
    author: str | None
    run_id: int | None
    spans: tuple[Span, ...]
    corrections: tuple[CorrectionRow, ...]
    review: ReviewStatus
    reviewed_by: str = ""
    pseudonyms: tuple[str, ...] = ()  # one per span: the one its run stored, else its keyed tag
    accepted: frozenset[tuple[int, int]] = frozenset()  # (start, end) of the spans a reviewer accepted

    @property
    def analyzed(self) -> bool:
        """True once a run produced a current result for the note."""
        return self.run_id is not None


@dataclass(frozen=True, slots=True)
class TermSpec:
    """A term to add (or to preview): the list, the term, its type (blacklist) and its scope."""

    kind: TermKind
    term: str
    entity: Entity | None = None
    scope: Scope = Scope.CORPUS
    scope_value: str = ""


@dataclass(frozen=True, slots=True)
class TermRow:
    id: int
    kind: TermKind
    term: str
    entity: Entity | None
    scope: Scope
    scope_value: str
    who: str
    created_at: datetime
    why: str
    source_note_id: int | None

    @property
    def spec(self) -> TermSpec:
        return TermSpec(self.kind, self.term, self.entity, self.scope, self.scope_value)


@dataclass(frozen=True, slots=True)
class AuditRow:
    """One logged change (``before``/``after`` are the row's fields; None when it did not exist)."""

    id: int
    at: datetime
    who: str
    domain: str
    action: str
    row_id: int
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None
    reverts_id: int | None
    undone: bool


@dataclass(frozen=True, slots=True)
class RunRow:
    id: int
    started_at: datetime
    finished_at: datetime | None
    status: RunStatus
    kind: str
    engine_version: str
    lists_hash: str
    notes_analyzed: int
    spans_found: int
    settings: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BatchRow:
    """One import: the file's name, when, by whom, and what it changed."""

    id: int
    source: str
    imported_at: datetime
    who: str
    added: int
    updated: int
    unchanged: int


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did; ``bad`` lists skipped records as ``file:line: reason``."""

    batch_id: int | None
    source: str
    added: int
    updated: int
    unchanged: int
    stale_corrections: int
    bad: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingChange:
    """A list change not applied yet: terms to add and term ids to remove (an edit is both)."""

    add: tuple[TermSpec, ...] = ()
    remove: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Preview:
    """What a pending change would do to the current results, computed without saving."""

    notes_checked: int
    notes_affected: int
    spans_added: int
    spans_removed: int
    note_ids: tuple[int, ...] = ()
    masked: int = 0  # stretches masked that were not before
    unmasked: int = 0  # stretches that were masked and would not be
    retyped: int = 0  # stretches masked before and after, with another type
    accepted: tuple[tuple[int, int, int], ...] = ()  # (note, start, end) accepted stretches it would unmask


@dataclass(frozen=True, slots=True)
class MarkRow:
    id: int
    note_id: int
    sample_id: int | None
    run_id: int | None
    start: int | None
    end: int | None
    label: MarkLabel
    entity: Entity | None
    masker: str | None
    annotator: str
    created_at: datetime
    comment: str


@dataclass(frozen=True, slots=True)
class StratumRow:
    """One stratum of a sample: its name, how many notes it has, how many were drawn."""

    name: str
    size: int
    quota: int


@dataclass(frozen=True, slots=True)
class SampleRow:
    id: int
    name: str
    created_at: datetime
    who: str
    seed: int
    n: int
    by_length: bool
    run_id: int | None
    strata: tuple[StratumRow, ...]


@dataclass(frozen=True, slots=True)
class SampleNoteRow:
    sample_id: int
    note_id: int
    external_id: str
    stratum: str
    position: int
    run_id: int | None


@dataclass(frozen=True, slots=True)
class ExportReport:
    notes: int
    spans: int


@dataclass(frozen=True, slots=True)
class AnalyzedNote:
    """A note a run has just analysed, as its progress reports it (current only once the run is done)."""

    note_id: int
    spans: int
    flagged: int
    counts: Mapping[Entity, int]


@dataclass(frozen=True, slots=True)
class ProjectStats:
    """Counts over the notes' current results: the paper's Tables 6-7 and Figures 1-2.

    ``per_entity`` has every entity type (0 when absent); ``tokens_hist`` counts every note by its
    length in white-space separated tokens; ``spans_hist`` counts the analysed notes by their spans.
    """

    notes: int
    notes_with_phi: int = 0
    analyzed: int = 0
    per_entity: Mapping[Entity, int] = field(default_factory=dict)
    per_masker: Mapping[str, int] = field(default_factory=dict)
    tokens_hist: Mapping[int, int] = field(default_factory=dict)
    spans_hist: Mapping[int, int] = field(default_factory=dict)
