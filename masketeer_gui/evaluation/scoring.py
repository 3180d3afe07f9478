"""Score predicted spans against gold, as the Masketeer paper does (Table 5), plus stricter variants.

Paper rules, per note: a predicted span overlapping a gold span is a TP, otherwise an FP; a gold
span that no prediction overlaps is an FN; a note with no gold and no prediction is one TN.
Token level (strict): every word token is positive in gold / prediction if a span overlaps it.
Exact: a prediction is correct only with the gold span's exact offsets.
Pure functions on offsets; nothing here reads files or runs the engine. Shared by the synthetic
accuracy evaluation (``synth/breakdown.py``) and the evaluation workspace (``evaluation/``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

_WORD = re.compile(r"\w+(?:[-‐‑]\w+)*")


class SpanLike(Protocol):
    """Anything with offsets and an entity (engine ``Span``, ``GoldSpan``, a parsed output span)."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def entity(self) -> object: ...


@dataclass(frozen=True, slots=True)
class Offsets:
    """A plain span, e.g. read from a ``deidentify`` output file."""

    start: int
    end: int
    entity: str = ""


@dataclass(frozen=True, slots=True)
class Confusion:
    """TP/FP/FN/TN counts and the paper's four metrics (None where a denominator is 0)."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def __add__(self, other: Confusion) -> Confusion:
        return Confusion(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn, self.tn + other.tn)

    @property
    def accuracy(self) -> float | None:
        return _ratio(self.tp + self.tn, self.tp + self.tn + self.fp + self.fn)

    @property
    def sensitivity(self) -> float | None:
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def specificity(self) -> float | None:
        return _ratio(self.tn, self.tn + self.fp)

    @property
    def precision(self) -> float | None:
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def f1(self) -> float | None:
        return _ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    def to_dict(self) -> dict[str, float | int | None]:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
            "accuracy": self.accuracy,
            "sensitivity": self.sensitivity,
            "specificity": self.specificity,
            "precision": self.precision,
            "f1": self.f1,
        }


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True, slots=True)
class NoteMatch:
    """How one note's predictions meet its gold: indices into the two sequences."""

    true_pred: tuple[int, ...] = ()
    false_pred: tuple[int, ...] = ()
    missed_gold: tuple[int, ...] = ()
    pairs: tuple[tuple[int, int], ...] = ()  # (prediction, gold it overlaps most), for true predictions
    true_negative: bool = False
    found_gold: tuple[int, ...] = field(default=())

    @property
    def confusion(self) -> Confusion:
        return Confusion(len(self.true_pred), len(self.false_pred), len(self.missed_gold), int(self.true_negative))


def _overlap(a: SpanLike, b: SpanLike) -> int:
    return min(a.end, b.end) - max(a.start, b.start)


def match_note(gold: Sequence[SpanLike], pred: Sequence[SpanLike]) -> NoteMatch:
    """Apply the paper's rules to one note."""
    true_pred: list[int] = []
    false_pred: list[int] = []
    pairs: list[tuple[int, int]] = []
    found: set[int] = set()
    for i, p in enumerate(pred):
        overlaps = [(_overlap(p, g), j) for j, g in enumerate(gold) if _overlap(p, g) > 0]
        if overlaps:
            true_pred.append(i)
            pairs.append((i, max(overlaps)[1]))
            found.update(j for _, j in overlaps)
        else:
            false_pred.append(i)
    missed = tuple(j for j in range(len(gold)) if j not in found)
    return NoteMatch(
        tuple(true_pred), tuple(false_pred), missed, tuple(pairs), not gold and not pred, tuple(sorted(found))
    )


def token_confusion(text: str, gold: Sequence[SpanLike], pred: Sequence[SpanLike]) -> Confusion:
    """Word-token level counts: a token is positive if any span overlaps it."""
    counts = [0, 0, 0, 0]  # tp fp fn tn
    for match in _WORD.finditer(text):
        start, end = match.span()
        in_gold = any(g.start < end and start < g.end for g in gold)
        in_pred = any(p.start < end and start < p.end for p in pred)
        counts[(0 if in_pred else 2) if in_gold else (1 if in_pred else 3)] += 1
    return Confusion(*counts)


def exact_confusion(gold: Sequence[SpanLike], pred: Sequence[SpanLike]) -> Confusion:
    """Exact-offset matching: TP needs identical start and end (entity type ignored); no TN."""
    gold_keys = {(g.start, g.end) for g in gold}
    pred_keys = {(p.start, p.end) for p in pred}
    hits = len(gold_keys & pred_keys)
    return Confusion(hits, len(pred_keys) - hits, len(gold_keys) - hits, 0)
