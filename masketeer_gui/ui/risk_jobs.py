"""Worker-thread functions for residual risk and the leak check (plain data in, plain data out).

Both read the notes one by one through ``ProjectApi.note`` (one short store read each) and
check ``cancelled`` between notes. Nothing here logs or raises with note text or names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from masketeer_gui.engine.leak import find_leaks, listed_forms, name_forms
from masketeer_gui.engine.render import pseudonymize, span_record
from masketeer_gui.engine.risk import NoteRisk, RiskAssessment, RiskScorer
from masketeer_gui.engine.risk_corpus import CorpusRisk, RiskSummary
from masketeer_gui.ui.engine_access import EngineParts
from masketeer_gui.ui.project_api import CancelCheck, ProgressCallback, ProjectApi, ReviewNote


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
    total = len(note_ids)
    for done, note_id in enumerate(note_ids, 1):
        if cancelled():
            return None
        note = project.note(note_id)
        if note.analyzed:
            merged[note_id] = (note.patient_id, scorer.assess_spans(note.text, note.spans))
        else:
            merged.pop(note_id, None)
        progress(done, total, [])
    corpus = CorpusRisk()
    for note_id, (patient, risk) in merged.items():
        corpus.add(str(note_id), patient, risk)
    results, summary = corpus.finish()
    return RiskResult(merged, {int(note_id): a for note_id, a in results}, summary)


@dataclass(frozen=True, slots=True)
class LeakRow:
    """A note with surviving name forms: how many, and where they came from (note, patient, list)."""

    note_id: int
    external_id: str
    patient_id: str
    leaks: int
    sources: tuple[str, ...]


def output_record(note: ReviewNote) -> dict[str, object]:
    """The note as the export writes it (tags in place of the spans)."""
    spans = [span_record(span, tag) for span, tag in zip(note.spans, note.pseudonyms, strict=True)]
    return {"id": note.external_id, "text": pseudonymize(note.text, spans), "spans": spans}


def check_leaks(
    project: ProjectApi, parts: EngineParts, note_ids: Sequence[int], progress: ProgressCallback, cancelled: CancelCheck
) -> list[LeakRow] | None:
    """Partial leaks in every analysed note: a form of a masked or listed name left in the output."""
    listed = listed_forms(parts.names)
    seen: list[tuple[ReviewNote, dict[str, object], set[str]]] = []
    by_patient: dict[str, set[str]] = {}
    total = 2 * len(note_ids)
    for done, note_id in enumerate(note_ids, 1):
        if cancelled():
            return None
        note = project.note(note_id)
        if note.analyzed:
            record = output_record(note)
            own = name_forms(note.text, record["spans"])  # type: ignore[arg-type]
            seen.append((note, record, own))
            if note.patient_id:
                by_patient.setdefault(note.patient_id, set()).update(own)
        progress(done, total, [])
    rows: list[LeakRow] = []
    for done, (note, record, own) in enumerate(seen, len(note_ids) + 1):
        if cancelled():
            return None
        leaks = find_leaks(record, own, by_patient.get(note.patient_id, set()), listed)
        if leaks:
            sources = tuple(sorted({leak.source for leak in leaks}))
            rows.append(LeakRow(note.id, note.external_id, note.patient_id, len(leaks), sources))
        progress(done, total, [])
    progress(total, total, [])
    return rows
