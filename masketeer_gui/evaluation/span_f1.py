"""Entity-level precision, recall and F1 of spans against a reference (gold, or another annotator).

Three ways a predicted span can match a reference span:
- strict: the same offsets and the same type;
- lenient: overlapping by at least one character, the same type;
- overlap: overlapping, any type (the paper's own rule, Table 5).
Precision counts predictions that match some reference span, recall counts reference spans
that some prediction matches, F1 is their harmonic mean (so one long gold span split into two
predictions is one recalled span and two precise predictions under lenient matching).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from masketeer_gui.evaluation.scoring import SpanLike


class Matching(StrEnum):
    STRICT = "strict"
    LENIENT = "lenient"
    OVERLAP = "overlap"


@dataclass(frozen=True, slots=True)
class SpanF1:
    """Matched and total counts on both sides; the scores are None where a denominator is 0."""

    matched_pred: int = 0
    pred: int = 0
    matched_gold: int = 0
    gold: int = 0

    def __add__(self, other: SpanF1) -> SpanF1:
        return SpanF1(
            self.matched_pred + other.matched_pred,
            self.pred + other.pred,
            self.matched_gold + other.matched_gold,
            self.gold + other.gold,
        )

    @property
    def precision(self) -> float | None:
        return self.matched_pred / self.pred if self.pred else None

    @property
    def recall(self) -> float | None:
        return self.matched_gold / self.gold if self.gold else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0

    def to_dict(self) -> dict[str, float | int | None]:
        return {
            "matched_pred": self.matched_pred,
            "pred": self.pred,
            "matched_gold": self.matched_gold,
            "gold": self.gold,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
        }


def _matches(a: SpanLike, b: SpanLike, matching: Matching) -> bool:
    if matching is Matching.STRICT:
        return a.start == b.start and a.end == b.end and str(a.entity) == str(b.entity)
    overlapping = a.start < b.end and b.start < a.end
    return overlapping and (matching is Matching.OVERLAP or str(a.entity) == str(b.entity))


def note_span_f1(gold: Sequence[SpanLike], pred: Sequence[SpanLike], matching: Matching) -> SpanF1:
    """Counts for one note (spans per note are few: the pairwise check is cheap)."""
    matched_pred = sum(1 for p in pred if any(_matches(p, g, matching) for g in gold))
    matched_gold = sum(1 for g in gold if any(_matches(p, g, matching) for p in pred))
    return SpanF1(matched_pred, len(pred), matched_gold, len(gold))


def span_f1(
    gold: Mapping[str, Sequence[SpanLike]],
    pred: Mapping[str, Sequence[SpanLike]],
    matching: Matching,
    entity: str | None = None,
) -> SpanF1:
    """Counts over the notes of ``gold`` (a note missing from ``pred`` has no predictions).

    ``entity`` keeps only spans of that type on both sides (not meaningful for ``OVERLAP``).
    """
    total = SpanF1()
    for note_id, gold_spans in gold.items():
        pred_spans = pred.get(note_id, ())
        if entity is not None:
            gold_spans = [s for s in gold_spans if str(s.entity) == entity]
            pred_spans = [s for s in pred_spans if str(s.entity) == entity]
        total += note_span_f1(gold_spans, pred_spans, matching)
    return total


@dataclass(frozen=True, slots=True)
class SpanF1Row:
    """One line of the entity-level table: how spans were matched, which type ("all" for every type)."""

    matching: Matching
    entity: str
    scores: SpanF1

    def to_dict(self) -> dict[str, object]:
        return {"matching": str(self.matching), "entity": self.entity, **self.scores.to_dict()}


def entity_level(
    gold: Mapping[str, Sequence[SpanLike]], pred: Mapping[str, Sequence[SpanLike]], entities: Iterable[str] = ()
) -> list[SpanF1Row]:
    """Strict, lenient and overlap scores overall, then strict and lenient per type in ``entities``.

    Without ``entities``, the types found in either side are used, sorted.
    """
    types = list(entities) or sorted(
        {str(s.entity) for spans in gold.values() for s in spans}
        | {str(s.entity) for note in gold for s in pred.get(note, ())}
    )
    rows = [SpanF1Row(m, "all", span_f1(gold, pred, m)) for m in Matching]
    for entity in types:
        rows += [SpanF1Row(m, entity, span_f1(gold, pred, m, entity)) for m in (Matching.STRICT, Matching.LENIENT)]
    return rows
