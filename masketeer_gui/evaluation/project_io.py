"""The evaluation's adapter to the project store: samples, their frozen spans, marks, texts, gold, runs.

Only public ``Project`` methods are used. Stop-gaps until the store has them (see the report of
issue 5): imported gold lives in the project setting ``evaluation.gold``; marks are added one
transaction each; a newer run's spans are read as the notes' current results (older results are
not kept by the store unless a sample judges them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.evaluation.decisions import Decision, Label
from masketeer_gui.evaluation.gold import Annotation, GoldSet
from masketeer_gui.store import Project
from masketeer_gui.store.rows import MarkLabel, MarkRow, RunRow, SampleNoteRow, SampleRow

GOLD_KEY = "evaluation.gold"


class EvaluationInputError(ValueError):
    """The project lacks what an evaluation step needs (no marks, a run whose spans are gone…)."""


@dataclass(frozen=True, slots=True)
class SampleView:
    """A frozen sample with its notes (by external id) and the spans each note's marks judge."""

    sample: SampleRow
    notes: tuple[SampleNoteRow, ...]
    spans: Mapping[str, tuple[Span, ...]]

    @property
    def external(self) -> dict[int, str]:
        return {n.note_id: n.external_id for n in self.notes}

    @property
    def internal(self) -> dict[str, int]:
        return {n.external_id: n.note_id for n in self.notes}


def sample_view(project: Project, sample_id: int) -> SampleView:
    sample = project.samples.get(sample_id)
    notes = tuple(project.samples.notes(sample_id))
    spans = {n.external_id: project.samples.spans(sample_id, n.note_id) for n in notes}
    return SampleView(sample, notes, spans)


def sample_decisions(project: Project, view: SampleView, annotator: str | None = None) -> list[Decision]:
    """The sample's marks as decisions (the latest mark wins where one annotator marked a stretch twice)."""
    external = view.external
    latest: dict[tuple[str, int, int | None, int | None, bool], MarkRow] = {}
    for mark in project.marks.list(sample_id=view.sample.id, annotator=annotator):
        if mark.note_id in external:
            latest[(mark.annotator, mark.note_id, mark.start, mark.end, mark.label is MarkLabel.FN)] = mark
    return [mark_decision(m, external[m.note_id], view.spans[external[m.note_id]]) for m in latest.values()]


def mark_decision(mark: MarkRow, note_id: str, spans: Sequence[Span]) -> Decision:
    """One mark as a decision: the engine's type and masker from the judged span at the same offsets."""
    label = Label(mark.label)
    span = next((s for s in spans if s.start == mark.start and s.end == mark.end), None)
    predicted = span.entity if span is not None and label in (Label.TP, Label.FP) else None
    judged = mark.entity if label in (Label.TP, Label.FN) else None
    masker = mark.masker or (span.masker if span is not None and label is not Label.FN else None)
    return Decision(note_id, label, mark.start, mark.end, predicted, judged, masker, mark.annotator)


def record_decisions(project: Project, view: SampleView, decisions: Iterable[Decision]) -> int:
    """Save decisions as marks of the sample (one transaction per mark: the store has no bulk add)."""
    internal = view.internal
    runs = {n.external_id: n.run_id for n in view.notes}
    count = 0
    for d in decisions:
        project.marks.add(
            internal[d.note_id],
            MarkLabel(d.label),
            start=d.start,
            end=d.end,
            entity=d.judged if d.label in (Label.TP, Label.FN) else None,
            masker=d.masker,
            sample_id=view.sample.id,
            run_id=runs[d.note_id],
            annotator=d.annotator,
        )
        count += 1
    return count


def note_texts(project: Project, view: SampleView) -> dict[str, str]:
    return {n.external_id: project.notes.get(n.note_id).text for n in view.notes}


def run_spans(
    project: Project, view: SampleView, run_id: int | None = None
) -> tuple[RunRow, dict[str, tuple[Span, ...]]]:
    """The current results of the sample's notes, checked to be those of ``run_id`` (default: the latest run).

    A note's current result may come from an earlier run (an incremental run leaves it alone);
    a result from a later run means the spans of ``run_id`` are gone.
    """
    runs = {r.id: r for r in project.runs.list()}
    run = runs.get(run_id) if run_id is not None else project.runs.latest()
    if run is None:
        raise EvaluationInputError("no such finished run" if run_id is not None else "the project has no finished run")
    spans: dict[str, tuple[Span, ...]] = {}
    for n in view.notes:
        detail = project.notes.get(n.note_id)
        if detail.run_id is None or detail.run_id > run.id:
            raise EvaluationInputError(
                f"the spans of run {run.id} are no longer kept for note {n.external_id!r} (a later run replaced them)"
            )
        spans[n.external_id] = detail.spans
    return run, spans


def project_counts(project: Project) -> tuple[dict[str, int], dict[str, int]]:
    """Spans of every note's current result per entity type and per masker (the paper's Tables 6 and 7)."""
    entities: dict[str, int] = {}
    for row in project.notes.list():
        for entity, count in row.counts.items():
            entities[str(entity)] = entities.get(str(entity), 0) + count
    return entities, project.notes.masker_counts()


def save_gold(project: Project, gold: GoldSet, source: str) -> int:
    """Keep imported gold in the project (merged into earlier imports, note by note); returns the notes stored."""
    stored = project.setting(GOLD_KEY) or {}
    notes: dict[str, Any] = dict(stored.get("notes", {}))
    notes.update({note: [[a.start, a.end, str(a.entity)] for a in spans] for note, spans in gold.items()})
    sources = [*stored.get("sources", []), {"file": source, "notes": len(gold), "at": datetime.now(UTC).isoformat()}]
    project.set_setting(GOLD_KEY, {"notes": notes, "sources": sources})
    return len(gold)


def load_gold(project: Project) -> GoldSet | None:
    stored = project.setting(GOLD_KEY)
    if not stored:
        return None
    return {note: tuple(Annotation(s, e, Entity(t)) for s, e, t in spans) for note, spans in stored["notes"].items()}


def run_info(project: Project, run_id: int | None) -> dict[str, Any]:
    """What reproduces a run: engine version (package/dictionary hash), lists hash, settings, times."""
    run = next((r for r in project.runs.list() if r.id == run_id), None)
    if run is None:
        return {"run": run_id}
    package, _, dictionaries = run.engine_version.partition("/")
    return {
        "run": run.id,
        "kind": run.kind,
        "status": str(run.status),
        "engine_version": run.engine_version,
        "package_version": package,
        "dictionary_hash": dictionaries,
        "lists_hash": run.lists_hash,
        "settings": dict(run.settings),
        "started_at": run.started_at.isoformat(),
        "finished_at": run.finished_at.isoformat() if run.finished_at else None,
        "notes_analyzed": run.notes_analyzed,
        "spans_found": run.spans_found,
    }
