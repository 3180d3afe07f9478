"""The report's sections on the engine after Table 8: entity types (Table 6), maskers (Table 7), gold.

Each function returns one ``<section>`` (or "" when there is nothing to show).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from masketeer_gui.evaluation.html import esc, number, section, share, table, with_ci
from masketeer_gui.evaluation.metrics_by import Breakdown, MetricsRow
from masketeer_gui.evaluation.summary import EvaluationSummary
from masketeer_gui.evaluation.svg import ENTITY_COLOURS, ChartRow, Point, bar_chart


def count_table(head: str, caption: str, sample: Sequence[tuple[str, int]], project: Mapping[str, int]) -> str:
    """Spans per key in the judged notes and, if known, in the whole project (is the sample representative?)."""
    total, everywhere = sum(c for _, c in sample), sum(project.values())
    keys = [k for k, _ in sample] + sorted(set(project) - {k for k, _ in sample}, key=lambda k: -project[k])
    counts = dict(sample)
    rows = []
    for key in [*keys, "All"]:
        n = total if key == "All" else counts.get(key, 0)
        cells = [f"<b>{key}</b>" if key == "All" else esc(key), esc(n), share(n, total)]
        if project:
            m = everywhere if key == "All" else project.get(key, 0)
            cells += [esc(m), share(m, everywhere)]
        rows.append(cells)
    columns = [head, "Sample", "Share"] + (["Project", "Share"] if project else [])
    return table(columns, rows, caption=caption)


def entity_section(summary: EvaluationSummary) -> str:
    counts = count_table(
        "Entity",
        "Spans per entity type (as the paper's Table 6); project: every note's current result",
        summary.entity_counts,
        summary.project_entity_counts,
    )
    chart = bar_chart(
        [ChartRow(k, (Point(c, colour=ENTITY_COLOURS.get(k, "")),)) for k, c in summary.entity_counts],
        ["spans"],
        title="Spans per entity type in the sample",
        maximum=max([c for _, c in summary.entity_counts], default=1),
        width=520,
        fmt=lambda v: f"{v:.0f}",
    )
    per_annotator = "".join(_entity_metrics(b) for b in summary.breakdowns)
    note = (
        '<p class="note">Per type: TP and FN count for their true (judged) type, an FP for the type the engine gave; '
        "a judged note without any decision of a type is one TN of that type. “Type right”: TPs whose type the "
        "evaluator confirmed, of those whose type was judged.</p>"
    )
    body = f'<div class="two"><div>{counts}</div><div>{chart}</div></div>{per_annotator}{note}'
    return section("entities", "Entity types", body)


def _entity_metrics(b: Breakdown) -> str:
    if not b.by_entity:
        return ""
    head = ("Entity", "TP", "FP", "FN", "TN", "Sensitivity", "Precision", "Specificity", "Accuracy", "Type right")
    rows = [_metric_cells(r) for r in b.by_entity]
    chart = bar_chart(
        [ChartRow(r.key, (_point(r, "sensitivity"), _point(r, "precision"))) for r in b.by_entity],
        ["sensitivity", "precision"],
        title=f"{b.annotator}: sensitivity and precision per entity type (95% CI)",
    )
    caption = f"Metrics per entity type — {esc(b.annotator)}"
    return f"<h3>{caption}</h3>{table(head, rows)}{chart}"


def _metric_cells(r: MetricsRow) -> list[str]:
    c, m = r.counts, r.metrics
    return [
        esc(r.key),
        esc(c.tp),
        esc(c.fp),
        esc(c.fn),
        esc(c.tn),
        with_ci(m.sensitivity),
        with_ci(m.precision),
        with_ci(m.specificity),
        with_ci(m.accuracy, True),
        _type_right(r),
    ]


def _type_right(r: MetricsRow) -> str:
    return f"{r.types_correct}/{r.types_judged}" if r.types_judged else '<span class="na">—</span>'


def _point(r: MetricsRow, metric: str) -> Point:
    e = getattr(r.metrics, metric)
    return Point(e.value, e.ci_low, e.ci_high)


def masker_section(summary: EvaluationSummary) -> str:
    counts = count_table(
        "Masker",
        "Spans per masker (as the paper's Table 7); project: every note's current result",
        summary.masker_counts,
        summary.project_masker_counts,
    )
    precision = "".join(_masker_metrics(b) for b in summary.breakdowns)
    return section("maskers", "Maskers", f'<div class="two"><div>{counts}</div><div>{precision}</div></div>')


def _masker_metrics(b: Breakdown) -> str:
    if not b.by_masker:
        return ""
    rows = [
        (esc(r.key), esc(r.counts.tp), esc(r.counts.fp), with_ci(r.metrics.precision), _type_right(r))
        for r in b.by_masker
    ]
    return table(
        ("Masker", "TP", "FP", "Precision", "Type right"),
        rows,
        caption=f"Precision per masker (Clopper–Pearson) — {esc(b.annotator)}",
    )


def gold_section(summary: EvaluationSummary) -> str:
    if not summary.gold:
        return ""
    rows = {(str(r.matching), r.entity): r.scores for r in summary.gold}
    entities = [r.entity for r in summary.gold if str(r.matching) == "strict"]
    body = []
    for entity in entities:
        strict, lenient = rows[("strict", entity)], rows[("lenient", entity)]
        if not (strict.gold or strict.pred):
            continue
        overlap = rows.get(("overlap", entity))
        cells = [f"<b>{esc(entity)}</b>" if entity == "all" else esc(entity), esc(strict.gold), esc(strict.pred)]
        cells += [number(v) for v in (strict.precision, strict.recall, strict.f1, lenient.precision, lenient.recall)]
        cells += [f"<b>{number(lenient.f1)}</b>", number(overlap.f1) if overlap else '<span class="na">—</span>']
        body.append(cells)
    head = ("Entity", "Gold", "Engine", "Strict P", "Strict R", "Strict F1", "Lenient P", "Lenient R", "Lenient F1")
    note = (
        '<p class="note">The judged spans against the imported gold annotations. Strict: same offsets and type; '
        "lenient: overlapping, same type; overlap: overlapping, any type (the paper's rule, so only overall). "
        "Precision counts engine spans, recall gold spans.</p>"
    )
    title = f"Entity level against gold ({summary.gold_notes} notes)"
    return section("gold", title, table((*head, "Overlap F1"), body) + note)
