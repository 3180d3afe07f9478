"""Corpus statistics like the paper's section 3.1 and Tables 6-7: counts, never text.

``CorpusStats`` is filled per note (in a worker), merged across workers, and written as
the ``--stats`` JSON. Distributions are kept as histograms so merging is exact and cheap.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from masketeer_gui.engine.span import Span


def count_tokens(text: str) -> int:
    """Note length as the paper measures it: tokens, i.e. white-space separated words."""
    return len(text.split())


@dataclass
class CorpusStats:
    """Counts per entity type and per masker, and the spans- and tokens-per-note distributions."""

    notes: int = 0
    notes_with_phi: int = 0
    per_entity: Counter[str] = field(default_factory=Counter)
    per_masker: Counter[str] = field(default_factory=Counter)
    spans_hist: Counter[int] = field(default_factory=Counter)
    tokens_hist: Counter[int] = field(default_factory=Counter)

    def add(self, text: str, spans: Sequence[Span]) -> None:
        """Count one note."""
        self.notes += 1
        self.notes_with_phi += bool(spans)
        self.spans_hist[len(spans)] += 1
        self.tokens_hist[count_tokens(text)] += 1
        for span in spans:
            self.per_entity[span.entity] += 1
            self.per_masker[span.masker] += 1

    def merge(self, other: CorpusStats) -> None:
        """Add ``other``'s counts to these."""
        self.notes += other.notes
        self.notes_with_phi += other.notes_with_phi
        self.per_entity.update(other.per_entity)
        self.per_masker.update(other.per_masker)
        self.spans_hist.update(other.spans_hist)
        self.tokens_hist.update(other.tokens_hist)

    @property
    def spans(self) -> int:
        return sum(self.per_entity.values())

    def to_dict(self) -> dict[str, Any]:
        """The ``--stats`` JSON: totals, Table 6 (per entity), Table 7 (per masker), distributions."""
        return {
            "notes": self.notes,
            "notes_with_phi": self.notes_with_phi,
            "notes_with_phi_proportion": _ratio(self.notes_with_phi, self.notes),
            "spans": self.spans,
            "per_entity": _table(self.per_entity),
            "per_masker": _table(self.per_masker),
            "spans_per_note": summarize(self.spans_hist),
            "tokens_per_note": summarize(self.tokens_hist),
        }


def _ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _table(counts: Counter[str]) -> dict[str, dict[str, Any]]:
    """``{name: {"count", "proportion"}}``, most frequent first (ties by name)."""
    total = sum(counts.values())
    ordered = sorted(counts.items(), key=lambda item: (-item[1], str(item[0])))
    return {str(name): {"count": n, "proportion": _ratio(n, total)} for name, n in ordered}


def summarize(hist: Counter[int]) -> dict[str, float | int | None]:
    """Mean, median, sample standard deviation and maximum of a histogram ``{value: count}``."""
    n = sum(hist.values())
    if n == 0:
        return {"mean": None, "median": None, "sd": None, "max": None}
    mean = sum(v * c for v, c in hist.items()) / n
    squares = sum(c * (v - mean) ** 2 for v, c in hist.items())
    return {
        "mean": mean,
        "median": _median(hist, n),
        "sd": math.sqrt(squares / (n - 1)) if n > 1 else 0.0,
        "max": max(hist),
    }


def _median(hist: Counter[int], n: int) -> float:
    """The median of ``n`` values given as a histogram (mean of the two middle ones if n is even)."""
    lower_rank, upper_rank = (n - 1) // 2, n // 2
    lower = upper = None
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if lower is None and seen > lower_rank:
            lower = value
        if seen > upper_rank:
            upper = value
            break
    assert lower is not None and upper is not None
    return (lower + upper) / 2
