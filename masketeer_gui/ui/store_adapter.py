"""``ProjectApi`` on the store's ``Project`` facade (``masketeer_gui.store``).

Mostly one store call per method, plus the tags of the pseudonymized view. A run's results
stream to the note list while it runs: after each chunk the store reports what it found for
exactly those notes (``AnalyzedNote``), and their list rows are shown with those counts.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lexicon_loader import load_lexicon
from masketeer_gui.engine.lists import CorrectionAction, NameLists
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.store import Project
from masketeer_gui.store.analyzers import Analyzer, EngineParts
from masketeer_gui.store.rows import AnalyzedNote, NoteDetail, RunStatus
from masketeer_gui.store.textsearch import TextHit
from masketeer_gui.ui.project_api import (
    CancelCheck,
    ImportLayout,
    NoteRow,
    PendingChange,
    Preview,
    ProgressCallback,
    ProjectStats,
    ReviewStatus,
    TermRow,
    TermSpec,
)
from masketeer_gui.vocabulary import counted

WARM_UP = "Fr. Dr. Maria Huber-Gstrein (LKH Innsbruck, Tel. 0512 123456, m.h@example.at) rief an. LG Sepp"


@functools.cache
def shipped_lexicon() -> Lexicon:
    """The shipped lexicon, read once per process (reading the pickle holds the GIL for ~0.1 s).

    Then it and everything else alive by now (the libraries' modules, classes and functions,
    ~95k objects) are moved out of the garbage collector's sight: they live as long as the
    process, and every full collection walked them holding the GIL, 70-90 ms in which the GUI
    thread cannot run, on whichever thread it happens (at the start of a run: its longest stall).
    """
    lexicon = load_lexicon()
    gc.freeze()
    return lexicon


def engine_factory(names: NameLists) -> Analyzer:
    """The store's engine: ``Deidentifier`` on the shipped lexicon (read once) and ``names``."""
    return Deidentifier(shipped_lexicon(), names)


class StoreProject:
    """The GUI's view of one open project file."""

    def __init__(self, project: Project) -> None:
        self.store = project
        self.path = project.path
        self._frozen: set[int] = set()

    @classmethod
    def open(cls, path: Path) -> StoreProject:
        shipped_lexicon()  # now, while the window opens, not later inside a run on the worker thread
        return cls(Project.open(path, analyzer_factory=engine_factory))

    @classmethod
    def create(cls, path: Path) -> StoreProject:
        shipped_lexicon()
        return cls(Project.create(path, analyzer_factory=engine_factory))

    def close(self) -> None:
        self.store.close()

    # --- notes ----------------------------------------------------------------------------------
    def note_rows(self, note_ids: Sequence[int] | None = None) -> list[NoteRow]:
        return self.store.notes.list(note_ids)

    def find_note(self, external_id: str) -> int | None:
        return self.store.notes.find(external_id)

    def external_id(self, note_id: int) -> str:
        rows = self.store.notes.list([note_id])
        return rows[0].external_id if rows else str(note_id)

    def note(self, note_id: int) -> NoteDetail:
        return self.store.notes.get(note_id)

    def note_chunks(self, note_ids: Sequence[int], chunk: int = 2000) -> Iterator[list[NoteDetail]]:
        return self.store.notes.records(note_ids, chunk, pseudonyms=True)

    def set_review(self, note_id: int, status: ReviewStatus) -> None:
        self.store.notes.set_review([note_id], status)

    def set_accepted(self, note_id: int, span: Span, accepted: bool) -> None:
        self.store.acceptances.set(note_id, self.store.notes.get(note_id).text, span, accepted)

    def add_correction(
        self, note_id: int, start: int, end: int, action: CorrectionAction, entity: Entity | None
    ) -> int:
        return self.store.corrections.add(note_id, start, end, action, entity).id

    def remove_correction(self, correction_id: int) -> None:
        self.store.corrections.remove(correction_id)

    # --- runs -----------------------------------------------------------------------------------
    def run(
        self,
        note_ids: Sequence[int] | None,
        progress: ProgressCallback,
        cancelled: CancelCheck,
        full: bool = False,
    ) -> int:
        """Analyze ``note_ids``, or the notes whose result is missing or outdated (all with ``full``)."""
        runs = self.store.runs
        with _no_full_collections():  # from the start: listing 35k ids allocates enough to trigger one
            if full:
                targets = self.store.notes.ids()
            elif note_ids is not None:
                targets = sorted(set(note_ids))
            else:
                targets = runs.outdated()
            if not targets:
                progress(0, 0, [])
                return 0
            streamer = _Streamer(self.store, progress)
            self._freeze_analyzer()
            run = runs.run(incremental=False, note_ids=None if full else targets, progress=streamer, cancel=cancelled)
        # the stored rows where they differ from the streamed ones (settling retypes names, in the
        # run's notes and in others it takes in); after a cancel, every streamed one (those notes keep
        # their previous result)
        cancelled_run = run.status is RunStatus.CANCELLED
        changed = streamer.sent if cancelled_run else sorted({*targets, *runs.result_notes(run.id)})
        final = self.store.notes.list(changed)
        done = streamer.done if cancelled_run else len(targets)
        progress(done, len(targets), [r for r in final if streamer.sent.get(r.id) != r])
        return run.notes_analyzed

    def _freeze_analyzer(self) -> None:
        """Build the run's analyzer now and move it out of the garbage collector's sight.

        The window's note rows, the engine and the libraries are hundreds of thousands of
        long-lived objects; a full collection in the worker thread scans them all while holding
        the GIL, stalling the GUI thread for 100-300 ms each time.
        """
        _feedback, analyzer, _version = self.store.runs.prepare()
        if id(analyzer) not in self._frozen:
            self._frozen.add(id(analyzer))
            analyzer.analyze(WARM_UP)  # caches the engine fills on first use are long-lived too
            gc.freeze()

    def import_corpus(
        self, source: Path, progress: ProgressCallback, cancelled: CancelCheck, layout: ImportLayout | None = None
    ) -> str:
        layout = layout or ImportLayout()
        report = self.store.import_corpus(
            Path(source),
            progress=lambda n: progress(n, 0, []),
            id_col=layout.id_col,
            text_col=layout.text_col,
            patient_col=layout.patient_col,
            delimiter=layout.delimiter,
        )
        parts = [
            f"{report.added:,} new",
            f"{report.updated:,} changed",
            f"{report.unchanged:,} unchanged",
        ]
        if report.stale_corrections:
            parts.append(f"{report.stale_corrections} corrections need a look (their note changed)")
        return f"{counted(report.added + report.updated + report.unchanged, 'note')}: " + ", ".join(parts)

    def export(self, target: Path, mode: str = "tags") -> int:
        return self.store.export_notes(Path(target), mode=mode).notes

    # --- terms ----------------------------------------------------------------------------------
    def terms(self) -> list[TermRow]:
        return self.store.terms.list()

    def preview(self, change: PendingChange) -> Preview:
        return self.store.preview(change)

    def add_term(self, spec: TermSpec, source_note: int | None = None, why: str = "") -> int:
        return self.store.terms.add(spec, why=why, source_note_id=source_note).id

    def remove_term(self, term_id: int) -> None:
        self.store.terms.remove(term_id)

    def edit_term(self, term_id: int, spec: TermSpec) -> None:
        self.store.terms.edit(term_id, spec)

    def term_notes(self, spec: TermSpec, limit: int = 200) -> list[str]:
        return [row.external_id for row in self.store.notes.list(self.store.term_notes(spec, limit))]

    def search_text(self, query: str, limit: int = 200) -> list[TextHit]:
        return self.store.search_text(query, limit)

    def note_contexts(self, note_ids: Sequence[int], query: str) -> list[TextHit]:
        return self.store.note_contexts(list(note_ids), query)

    def import_terms(self, source: Path) -> int:
        terms, _corrections = self.store.import_lists(Path(source))
        return terms

    def export_terms(self, target: Path) -> int:
        terms, _corrections = self.store.export_lists(Path(target))
        return terms

    # --- statistics -----------------------------------------------------------------------------
    def engine_parts(self) -> EngineParts | None:
        return self.store.engine_parts()

    def evaluation_store(self) -> Project:
        return self.store

    def stats(self) -> ProjectStats:
        return self.store.stats()


@contextmanager
def _no_full_collections() -> Iterator[None]:
    """No full (generation 2) garbage collections while a run goes on.

    A run keeps some 100k new objects alive (result rows, counts); every full collection scans
    them holding the GIL, 50-120 ms in which the GUI thread cannot paint. Young generations are
    still collected; the usual thresholds come back when the run ends.
    """
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0], thresholds[1], 1_000_000)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


class _Streamer:
    """The store's per-chunk progress, turned into (done, total, list rows of that chunk's notes)."""

    def __init__(self, project: Project, progress: ProgressCallback) -> None:
        self.project, self.progress = project, progress
        self.done = 0
        self.sent: dict[int, NoteRow] = {}

    def __call__(self, done: int, total: int, chunk: Sequence[AnalyzedNote]) -> None:
        if not self.sent:
            gc.freeze()  # what the first chunk left behind (engine caches, ORM state) lives on
        found = {note.note_id: note for note in chunk}
        rows = [_with_result(row, found[row.id]) for row in self.project.notes.list(found)]
        self.sent.update((r.id, r) for r in rows)
        self.done = done
        self.progress(done, total, rows)


def _with_result(row: NoteRow, note: AnalyzedNote) -> NoteRow:
    """The note's list row as it will be once the run's result is current."""
    return replace(row, analyzed=True, counts=note.counts, spans=note.spans, flagged=note.flagged)
