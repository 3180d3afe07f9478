"""Worker-thread functions for residual risk and the leak check (plain data in, plain data out).

Both read the notes in chunks through ``ProjectApi.note_chunks`` (one short store read per
chunk) and check ``cancelled`` between notes. Nothing here logs or raises with note text or names.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from masketeer_gui.engine.leak import find_leaks, listed_forms, name_forms
from masketeer_gui.engine.render import pseudonymize, span_record
from masketeer_gui.engine.risk import NoteRisk, RiskAssessment, RiskScorer
from masketeer_gui.engine.risk_corpus import CorpusRisk, RiskSummary
from masketeer_gui.ui.project_api import CancelCheck, EngineParts, NoteDetail, ProgressCallback, ProjectApi

CHUNK = 1000  # notes per store read: ~20 ms holding the GIL, short enough for the GUI thread


@dataclass(frozen=True)
class RiskResult:
    """Per note its own risk and patient (kept for later partial updates), the corpus-adjusted
    assessments, and the corpus summary."""

    notes: dict[int, tuple[str, NoteRisk]]
    final: dict[int, RiskAssessment]
    summary: RiskSummary


def assess_notes(
    project: ProjectApi,
    parts: EngineParts,
    note_ids: Sequence[int],
    known: Mapping[int, tuple[str, NoteRisk]],
    progress: ProgressCallback,
    cancelled: CancelCheck,
) -> RiskResult | None:
    """Assess ``note_ids`` (analysed ones), merge them into ``known``, redo the corpus step."""
    scorer = RiskScorer(parts.index)
    merged = dict(known)
    assessed: set[int] = set()
    for note in _notes(project, note_ids, progress, cancelled):
        if note is None:
            return None
        if note.analyzed:
            merged[note.id] = (note.patient_id or "", scorer.assess_spans(note.text, note.spans))
            assessed.add(note.id)
    for note_id in set(note_ids) - assessed:  # not analysed (or gone from the project): no risk
        merged.pop(note_id, None)
    corpus = CorpusRisk()
    for note_id, (patient, risk) in merged.items():
        corpus.add(str(note_id), patient, risk)
    results, summary = corpus.finish()
    return RiskResult(merged, {int(note_id): a for note_id, a in results}, summary)


def _notes(
    project: ProjectApi, note_ids: Sequence[int], progress: ProgressCallback, cancelled: CancelCheck
) -> Iterator[NoteDetail | None]:
    """``note_ids`` read in bulk, counted for ``progress``; ``None`` (then stop) once ``cancelled``."""
    done, total = 0, len(note_ids)
    for chunk in project.note_chunks(note_ids, CHUNK):
        for note in chunk:
            if cancelled():
                yield None
                return
            yield note
            done += 1
            progress(done, total, [])


@dataclass(frozen=True, slots=True)
class LeakRow:
    """A note with surviving name forms: how many, and where they came from (note, patient, list)."""

    note_id: int
    external_id: str
    patient_id: str
    leaks: int
    sources: tuple[str, ...]


def output_record(note: NoteDetail) -> dict[str, object]:
    """The note as the export writes it (tags in place of the spans)."""
    spans = [span_record(span, tag) for span, tag in zip(note.spans, note.pseudonyms, strict=True)]
    return {"id": note.external_id, "text": pseudonymize(note.text, spans), "spans": spans}


def check_leaks(
    project: ProjectApi, parts: EngineParts, note_ids: Sequence[int], progress: ProgressCallback, cancelled: CancelCheck
) -> list[LeakRow] | None:
    """Partial leaks in every analysed note: a form of a masked or listed name left in the output."""
    listed = listed_forms(parts.names)
    seen: list[tuple[NoteDetail, dict[str, object], set[str]]] = []
    by_patient: dict[str, set[str]] = {}
    total = 2 * len(note_ids)
    for note in _notes(project, note_ids, lambda done, _total, rows: progress(done, total, rows), cancelled):
        if note is None:
            return None
        if note.analyzed:
            record = output_record(note)
            own = name_forms(note.text, record["spans"])  # type: ignore[arg-type]
            seen.append((note, record, own))
            if note.patient_id:
                by_patient.setdefault(note.patient_id, set()).update(own)
    rows: list[LeakRow] = []
    for done, (note, record, own) in enumerate(seen, len(note_ids) + 1):
        if cancelled():
            return None
        leaks = find_leaks(record, own, by_patient.get(note.patient_id or "", set()), listed)
        if leaks:
            sources = tuple(sorted({leak.source for leak in leaks}))
            rows.append(LeakRow(note.id, note.external_id, note.patient_id or "", len(leaks), sources))
        progress(done, total, [])
    progress(total, total, [])
    return rows
