"""Inter-annotator agreement between evaluators who marked the same sample.

On the units of ``units.py`` (the engine's spans, and the stretches someone added as missed):
Cohen's kappa for each pair of annotators, Krippendorff's alpha for all of them (missing values
allowed), each once on the labels (TP/FP/FN/none) and once with the judged type ("TP:PAT");
and pairwise F1 on the PHI spans each annotator says must be masked (TP and FN), strict (same
offsets and type), lenient (overlap, same type) and overlap (any type), on the notes both judged
(as in the transformer-pipeline paper's Table 6). ``disagreements`` lists what to adjudicate.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from masketeer_gui.evaluation.decisions import Decision, Label, by_annotator, phi_spans
from masketeer_gui.evaluation.reliability import cohen_kappa, krippendorff_alpha, percent_agreement
from masketeer_gui.evaluation.scoring import Offsets
from masketeer_gui.evaluation.span_f1 import Matching, span_f1
from masketeer_gui.evaluation.units import Unit, UnitTable, unit_table


@dataclass(frozen=True, slots=True)
class PairAgreement:
    """Agreement of two annotators; None where it is undefined (nothing in common, or no variation)."""

    first: str
    second: str
    units: int  # judged by both
    percent: float | None
    kappa: float | None
    kappa_typed: float | None
    f1_strict: float | None
    f1_lenient: float | None
    f1_overlap: float | None

    def to_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A unit the annotators judged differently; ``labels``/``entities`` per annotator (None: no value)."""

    note_id: str
    start: int
    end: int
    kind: str  # "span" or "missed"
    issue: str  # "label" or "type"
    labels: tuple[tuple[str, str | None], ...]
    entities: tuple[tuple[str, str | None], ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "note_id": self.note_id,
            "start": self.start,
            "end": self.end,
            "kind": self.kind,
            "issue": self.issue,
            "labels": dict(self.labels),
            "entities": dict(self.entities),
        }


@dataclass(frozen=True, slots=True)
class Agreement:
    annotators: tuple[str, ...]
    units: int
    alpha: float | None
    alpha_typed: float | None
    pairs: tuple[PairAgreement, ...]
    disagreements: tuple[Disagreement, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "annotators": list(self.annotators),
            "units": self.units,
            "alpha": self.alpha,
            "alpha_typed": self.alpha_typed,
            "pairs": [p.to_dict() for p in self.pairs],
            "disagreements": [d.to_dict() for d in self.disagreements],
        }


def agreement(decisions: Iterable[Decision]) -> Agreement:
    """Every coefficient and the disagreements for the decisions of all annotators of one sample."""
    chosen = list(decisions)
    table = unit_table(chosen)
    groups = by_annotator(chosen)
    return Agreement(
        table.annotators,
        len(table.units),
        krippendorff_alpha(table.rows()),
        krippendorff_alpha(table.rows(typed=True)),
        tuple(_pair(table, groups[a], groups[b]) for a, b in combinations(table.annotators, 2)),
        tuple(disagreements(table)),
    )


def _pair(table: UnitTable, first: Sequence[Decision], second: Sequence[Decision]) -> PairAgreement:
    a, b = first[0].annotator, second[0].annotator
    left, right = table.column(a), table.column(b)
    shared = {d.note_id for d in first} & {d.note_id for d in second}
    gold, pred = _phi(first, shared), _phi(second, shared)
    return PairAgreement(
        a,
        b,
        sum(x is not None and y is not None for x, y in zip(left, right, strict=True)),
        percent_agreement(left, right),
        cohen_kappa(left, right),
        cohen_kappa(table.column(a, typed=True), table.column(b, typed=True)),
        span_f1(gold, pred, Matching.STRICT).f1,
        span_f1(gold, pred, Matching.LENIENT).f1,
        span_f1(gold, pred, Matching.OVERLAP).f1,
    )


def _phi(decisions: Sequence[Decision], notes: set[str]) -> dict[str, list[Offsets]]:
    spans: dict[str, list[Offsets]] = {note: [] for note in sorted(notes)}
    for d in phi_spans(decisions):
        if d.note_id in notes and d.start is not None and d.end is not None:
            spans[d.note_id].append(Offsets(d.start, d.end, str(d.entity or "")))
    return spans


def disagreements(table: UnitTable) -> list[Disagreement]:
    """Units where the annotators who judged them gave different labels, or different types."""
    out: list[Disagreement] = []
    for unit in table.units:
        labels = {a: table.value(unit, a) for a in table.annotators}
        typed = {table.value(unit, a, typed=True) for a in table.annotators} - {None}
        if len(typed) < 2:
            continue
        issue = "label" if len(set(labels.values()) - {None}) > 1 else "type"
        entities = {a: _entity(table, unit, a) for a in table.annotators}
        out.append(
            Disagreement(
                unit.note_id, unit.start, unit.end, unit.kind, issue, tuple(labels.items()), tuple(entities.items())
            )
        )
    return out


def _entity(table: UnitTable, unit: Unit, annotator: str) -> str | None:
    decision = table.cells[unit].get(annotator)
    if decision is None or decision.label is Label.FP:
        return None
    return str(decision.entity) if decision.entity else None
