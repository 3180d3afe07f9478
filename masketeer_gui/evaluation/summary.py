"""Everything an evaluation report shows, computed once: the numbers behind the HTML, CSV and JSON.

``summarize`` takes plain data (the sample's description, the judged spans, every annotator's
decisions, optional gold, comparison and run settings) and returns an ``EvaluationSummary``;
``to_json`` and ``to_csv`` export the same numbers the HTML report shows.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from masketeer_gui._version import __version__
from masketeer_gui.csv_cells import safe_writer
from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.agreement import Agreement, agreement
from masketeer_gui.evaluation.compare import Comparison
from masketeer_gui.evaluation.decisions import Decision, MaskedSpan, by_annotator
from masketeer_gui.evaluation.gold import GoldSet
from masketeer_gui.evaluation.metrics import METRIC_NAMES
from masketeer_gui.evaluation.metrics_by import Breakdown, breakdown
from masketeer_gui.evaluation.span_f1 import SpanF1Row, entity_level


@dataclass(frozen=True, slots=True)
class EvaluationSummary:
    title: str
    sample: Mapping[str, Any]  # id, name, seed, n, by_length, created_at, who, run_id, strata
    settings: Mapping[str, Any]  # run_info of the sample's run, lexicon version, generated_at...
    entity_counts: tuple[tuple[str, int], ...]  # the paper's Table 6, for the judged spans
    masker_counts: tuple[tuple[str, int], ...]  # Table 7
    breakdowns: tuple[Breakdown, ...]  # one per annotator
    agreement: Agreement | None = None  # with two or more annotators
    gold: tuple[SpanF1Row, ...] = ()  # entity-level scores of the judged spans against imported gold
    gold_notes: int = 0
    comparison: Comparison | None = None
    compare_settings: Mapping[str, Any] = field(default_factory=dict)
    texts: Mapping[str, str] | None = None  # note texts: only when the user asked for them
    project_entity_counts: Mapping[str, int] = field(default_factory=dict)  # current results of every note
    project_masker_counts: Mapping[str, int] = field(default_factory=dict)
    preliminary: str = ""  # why the figures are not final yet (a sample not every evaluator finished)

    def to_dict(self) -> dict[str, Any]:
        """The numbers as plain JSON data (never note text)."""
        return {
            "title": self.title,
            "preliminary": self.preliminary or None,
            "sample": dict(self.sample),
            "settings": dict(self.settings),
            "entity_counts": dict(self.entity_counts),
            "masker_counts": dict(self.masker_counts),
            "metrics": [b.to_dict() for b in self.breakdowns],
            "agreement": self.agreement.to_dict() if self.agreement else None,
            "gold": {"notes": self.gold_notes, "rows": [r.to_dict() for r in self.gold]} if self.gold else None,
            "comparison": self.comparison.to_dict() if self.comparison else None,
            "compare_settings": dict(self.compare_settings) or None,
            "project_entity_counts": dict(self.project_entity_counts),
            "project_masker_counts": dict(self.project_masker_counts),
        }


def summarize(
    title: str,
    sample: Mapping[str, Any],
    settings: Mapping[str, Any],
    spans: Mapping[str, Sequence[MaskedSpan]],
    decisions: Sequence[Decision],
    *,
    gold: GoldSet | None = None,
    comparison: Comparison | None = None,
    compare_settings: Mapping[str, Any] | None = None,
    texts: Mapping[str, str] | None = None,
    project_counts: tuple[Mapping[str, int], Mapping[str, int]] = ({}, {}),
) -> EvaluationSummary:
    """Compute every table of the report; ``project_counts`` are spans per type and per masker in the project."""
    groups = by_annotator(decisions)
    judged_gold = {note: gold[note] for note in spans if gold and note in gold}
    return EvaluationSummary(
        title,
        sample,
        {**settings, "masketeer_gui": __version__},
        _counts(str(s.entity) for note in spans.values() for s in note),
        _counts(s.masker for note in spans.values() for s in note),
        tuple(breakdown(group) for group in groups.values()),
        agreement(decisions) if len(groups) > 1 else None,
        tuple(entity_level(judged_gold, spans, [str(e) for e in Entity])) if judged_gold else (),
        len(judged_gold),
        comparison,
        dict(compare_settings or {}),
        texts,
        dict(project_counts[0]),
        dict(project_counts[1]),
    )


def _counts(values: Any) -> tuple[tuple[str, int], ...]:
    return tuple(Counter(values).most_common())


CSV_COLUMNS = ("section", "annotator", "group", "key", "tp", "fp", "fn", "tn", "metric", "value", "ci_low", "ci_high")


def to_csv(summary: EvaluationSummary) -> str:
    """One row per number (long format), the same numbers as the report."""
    out = io.StringIO()
    writer = safe_writer(out, lineterminator="\n")  # annotator names and keys cannot become formulas
    writer.writerow(CSV_COLUMNS)
    if summary.preliminary:
        writer.writerow(["preliminary", summary.preliminary, *[""] * (len(CSV_COLUMNS) - 2)])
    tallies = (
        ("entity_counts", summary.entity_counts),
        ("masker_counts", summary.masker_counts),
        ("project_entity_counts", tuple(summary.project_entity_counts.items())),
        ("project_masker_counts", tuple(summary.project_masker_counts.items())),
    )
    for name, counts in tallies:
        for key, count in counts:
            writer.writerow([name, "", "", key, "", "", "", "", "occurrences", count, "", ""])
    for b in summary.breakdowns:
        _metric_rows(writer, "metrics", b)
    if summary.comparison:
        _metric_rows(writer, "compare_old", summary.comparison.old)
        _metric_rows(writer, "compare_new", summary.comparison.new)
        for key, count in summary.comparison.counts().items():
            writer.writerow(["compare", "", "outcome", key, "", "", "", "", "decisions", count, "", ""])
    for row in summary.gold:
        for metric in ("precision", "recall", "f1"):
            value = getattr(row.scores, metric)
            writer.writerow(["gold", "", str(row.matching), row.entity, "", "", "", "", metric, value, "", ""])
    if summary.agreement:
        _agreement_rows(writer, summary.agreement)
    return out.getvalue()


def _metric_rows(writer: Any, section: str, b: Breakdown) -> None:
    for row in b.rows():
        c = row.counts
        for metric in METRIC_NAMES:
            e = getattr(row.metrics, metric)
            writer.writerow(
                [section, b.annotator, row.group, row.key, c.tp, c.fp, c.fn, c.tn, metric, e.value, e.ci_low, e.ci_high]
            )


def _agreement_rows(writer: Any, a: Agreement) -> None:
    for metric in ("alpha", "alpha_typed"):
        writer.writerow(
            ["agreement", "", "all", "+".join(a.annotators), "", "", "", "", metric, getattr(a, metric), "", ""]
        )
    for p in a.pairs:
        for metric in ("percent", "kappa", "kappa_typed", "f1_strict", "f1_lenient", "f1_overlap"):
            key = f"{p.first}|{p.second}"
            writer.writerow(["agreement", "", "pair", key, "", "", "", "", metric, getattr(p, metric), "", ""])
