"""Table 8 of the paper from judged decisions: overall, per entity type and per masker, with 95% CIs.

The intervals are ``engine.metrics`` (the ``masketeer metrics`` maths). Breakdowns:
- per entity type: TP and FN count for their true (judged) type, an FP for the type the engine
  gave it; TN is note-level, as in the paper: a judged note with no TP, FP or FN of that type is
  one TN of that type (the note was correctly left without that kind of mask);
- per masker: only TP and FP carry a masker, so only precision (Clopper–Pearson of TP/(TP+FP)) is
  given; the other metrics are "not applicable" there.
Entity-level strict/lenient P/R/F1 against gold is ``span_f1.entity_level`` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.decisions import Decision, Label, confusion
from masketeer_gui.evaluation.metrics import ALPHA, Estimate, Metrics, clopper_pearson, evaluate
from masketeer_gui.evaluation.scoring import Confusion
from masketeer_gui.evaluation.span_f1 import entity_level

__all__ = ["Breakdown", "MetricsRow", "breakdown", "entity_level", "table8"]

NOT_APPLICABLE = Estimate(None, None, None, "not applicable")


def table8(counts: Confusion, alpha: float = ALPHA) -> Metrics:
    """Accuracy, sensitivity, specificity and precision of ``counts`` with (1 - alpha) intervals."""
    return evaluate(counts.tp, counts.fp, counts.fn, counts.tn, alpha)


@dataclass(frozen=True, slots=True)
class MetricsRow:
    """One line of a metrics table: its group ("overall", "entity", "masker"), key, counts and metrics."""

    group: str
    key: str
    counts: Confusion
    metrics: Metrics
    types_judged: int = 0  # TPs whose type the evaluator checked
    types_correct: int = 0  # ... and found right

    @property
    def type_accuracy(self) -> float | None:
        return self.types_correct / self.types_judged if self.types_judged else None

    def to_dict(self) -> dict[str, object]:
        counts = {k: v for k, v in self.counts.to_dict().items() if k in ("tp", "fp", "fn", "tn")}
        return {
            "group": self.group,
            "key": self.key,
            **counts,
            **self.metrics.to_dict(),
            "types_judged": self.types_judged,
            "type_accuracy": self.type_accuracy,
        }


@dataclass(frozen=True, slots=True)
class Breakdown:
    """All metrics of one annotator's decisions (or of an adjudicated set)."""

    annotator: str
    notes: int
    overall: MetricsRow
    by_entity: tuple[MetricsRow, ...] = ()
    by_masker: tuple[MetricsRow, ...] = ()

    def rows(self) -> list[MetricsRow]:
        return [self.overall, *self.by_entity, *self.by_masker]

    def to_dict(self) -> dict[str, object]:
        return {
            "annotator": self.annotator,
            "notes": self.notes,
            "overall": self.overall.to_dict(),
            "by_entity": [r.to_dict() for r in self.by_entity],
            "by_masker": [r.to_dict() for r in self.by_masker],
        }


def breakdown(decisions: Sequence[Decision], alpha: float = ALPHA) -> Breakdown:
    """Metrics of one annotator's decisions; raises ``ValueError`` for several annotators mixed."""
    annotators = sorted({d.annotator for d in decisions})
    if len(annotators) > 1:
        raise ValueError(f"decisions of {len(annotators)} annotators: score each one, or an adjudicated set")
    notes = {d.note_id for d in decisions}
    overall = _row("overall", "all", decisions, table8(confusion(decisions), alpha))
    return Breakdown(
        annotators[0] if annotators else "",
        len(notes),
        overall,
        tuple(_entity_row(e, decisions, len(notes), alpha) for e in _entities(decisions)),
        tuple(_masker_row(m, decisions, alpha) for m in _maskers(decisions)),
    )


def _row(
    group: str, key: str, decisions: Iterable[Decision], metrics: Metrics, counts: Confusion | None = None
) -> MetricsRow:
    chosen = list(decisions)
    judged = [d.type_correct for d in chosen if d.type_correct is not None]
    totals = confusion(chosen) if counts is None else counts
    return MetricsRow(group, key, totals, metrics, len(judged), sum(judged))


def _entities(decisions: Iterable[Decision]) -> list[Entity]:
    present = {d.entity for d in decisions if d.entity is not None}
    return [e for e in Entity if e in present]


def _maskers(decisions: Iterable[Decision]) -> list[str]:
    counts: dict[str, int] = {}
    for d in decisions:
        if d.masker and d.label in (Label.TP, Label.FP):
            counts[d.masker] = counts.get(d.masker, 0) + 1
    return sorted(counts, key=lambda m: (-counts[m], m))


def _entity_row(entity: Entity, decisions: Sequence[Decision], notes: int, alpha: float) -> MetricsRow:
    chosen = [d for d in decisions if d.entity is entity and d.label is not Label.TN]
    touched = {d.note_id for d in chosen}
    counts = confusion(chosen)
    counts = Confusion(counts.tp, counts.fp, counts.fn, notes - len(touched))
    return _row("entity", str(entity), chosen, table8(counts, alpha), counts)


def _masker_row(masker: str, decisions: Sequence[Decision], alpha: float) -> MetricsRow:
    chosen = [d for d in decisions if d.masker == masker and d.label in (Label.TP, Label.FP)]
    counts = confusion(chosen)
    precision = clopper_pearson(counts.tp, counts.tp + counts.fp, alpha)
    metrics = Metrics(NOT_APPLICABLE, NOT_APPLICABLE, NOT_APPLICABLE, precision)
    return _row("masker", masker, chosen, metrics)
