"""What the GUI needs from a project: a Protocol over the store's plain rows (``store/rows.py``).

A note reaches the screen as the store's ``NoteDetail`` and each span as the engine's ``Span``: the
GUI keeps no shape of its own for either (what it adds, such as the current span, is view state).

The window, models and workers only talk to ``ProjectApi``; ``store_adapter.StoreProject``
implements it with the store's ``Project`` facade. Rows cross threads, so they are the store's
frozen dataclasses holding ids and values, never ORM objects. Every method may raise the
store's ``ProjectEnvironmentError`` (shown in plain words); anything else is a bug.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from masketeer_gui.engine.lists import CorrectionAction
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store import Project
from masketeer_gui.store.analyzers import EngineParts
from masketeer_gui.store.rows import (
    CorrectionRow,
    NoteDetail,
    NoteRow,
    PendingChange,
    Preview,
    ProjectStats,
    ReviewStatus,
    Scope,
    TermKind,
    TermRow,
    TermSpec,
)
from masketeer_gui.store.textsearch import TextHit

__all__ = [
    "ENTITY_ORDER",
    "CancelCheck",
    "CorrectionRow",
    "EngineParts",
    "ImportLayout",
    "NoteDetail",
    "NoteRow",
    "PendingChange",
    "Preview",
    "ProgressCallback",
    "ProjectApi",
    "ProjectStats",
    "ReviewStatus",
    "Scope",
    "TermKind",
    "TermRow",
    "TermSpec",
    "TextHit",
]

ENTITY_ORDER: tuple[Entity, ...] = tuple(Entity)


@dataclass(frozen=True, slots=True)
class ImportLayout:
    """Which columns of a corpus file hold the note id, text and patient id, and the CSV delimiter (None: guess)."""

    id_col: str = "id"
    text_col: str = "text"
    patient_col: str = "patient_id"
    delimiter: str | None = None


# notes done, notes in total, rows just finished (may be empty); called on the worker thread
ProgressCallback = Callable[[int, int, Sequence[NoteRow]], None]
CancelCheck = Callable[[], bool]


class ProjectApi(Protocol):
    """The project as the GUI sees it. ``run`` and ``import_corpus`` are called on the worker
    thread, the rest on the GUI thread (each call is one short store transaction)."""

    path: Path

    def note_rows(self, note_ids: Sequence[int] | None = None) -> list[NoteRow]: ...
    def note(self, note_id: int) -> NoteDetail:
        """The note in full, as the review tab shows it (the store's one note shape)."""
        ...

    def note_chunks(self, note_ids: Sequence[int], chunk: int = 2000) -> Iterator[list[NoteDetail]]:
        """``note_ids`` in their order (unknown ones left out), one store read per ``chunk``, with their
        pseudonyms; for the bulk checks (risk, leaks): review status, accepted spans and corrections are
        left empty."""
        ...

    def run(
        self,
        note_ids: Sequence[int] | None,
        progress: ProgressCallback,
        cancelled: CancelCheck,
        full: bool = False,
    ) -> int: ...
    def import_corpus(
        self, source: Path, progress: ProgressCallback, cancelled: CancelCheck, layout: ImportLayout | None = None
    ) -> str: ...
    def export(self, target: Path, mode: str = "tags") -> int: ...
    def set_review(self, note_id: int, status: ReviewStatus) -> None: ...
    def set_accepted(self, note_id: int, span: Span, accepted: bool) -> None: ...
    def add_correction(
        self, note_id: int, start: int, end: int, action: CorrectionAction, entity: Entity | None
    ) -> int: ...
    def remove_correction(self, correction_id: int) -> None: ...
    def terms(self) -> list[TermRow]: ...
    def preview(self, change: PendingChange) -> Preview: ...
    def add_term(self, spec: TermSpec, source_note: int | None = None, why: str = "") -> int: ...
    def remove_term(self, term_id: int) -> None: ...
    def edit_term(self, term_id: int, spec: TermSpec) -> None: ...
    def import_terms(self, source: Path) -> int: ...
    def export_terms(self, target: Path) -> int: ...
    def term_notes(self, spec: TermSpec, limit: int = 200) -> list[str]: ...
    def search_text(self, query: str, limit: int = 200) -> list[TextHit]:
        """Notes holding every word of ``query`` (the word index), with hit offsets and context."""
        ...

    def note_contexts(self, note_ids: Sequence[int], query: str) -> list[TextHit]:
        """Where ``query``'s words stand in these notes, a line of context each."""
        ...

    def find_note(self, external_id: str) -> int | None: ...
    def external_id(self, note_id: int) -> str: ...
    def stats(self) -> ProjectStats: ...
    def engine_parts(self) -> EngineParts | None:
        """The key, name lists, lexicon and name index surrogates, risk and the leak check build on
        (None when the project has no real engine behind it: then tags are shown and risk is skipped)."""
        ...

    def evaluation_store(self) -> Project | None:
        """The store the evaluation tab samples, marks and reports from (``evaluation.workspace`` and
        ``project_io`` take it); None for a project without one."""
        ...

    def close(self) -> None: ...
