"""The report's sections after Table 8: entity types, maskers, gold, agreement, disagreements, compare runs.

Each function returns one ``<section>`` (or "" when there is nothing to show).
"""

from __future__ import annotations

from collections.abc import Sequence

from masketeer_gui.evaluation.html import esc, number, section, share, snippet, table, with_ci
from masketeer_gui.evaluation.metrics_by import Breakdown, MetricsRow
from masketeer_gui.evaluation.summary import EvaluationSummary
from masketeer_gui.evaluation.svg import ENTITY_COLOURS, ChartRow, Point, bar_chart


def entity_section(summary: EvaluationSummary) -> str:
    total = sum(c for _, c in summary.entity_counts)
    counts = table(
        ("Entity", "Occurrences", "Proportion"),
        [(esc(k), esc(c), share(c, total)) for k, c in summary.entity_counts]
        + [("<b>All</b>", esc(total), share(total, total))],
        caption="Spans in the judged notes per entity type (as the paper's Table 6)",
    )
    chart = bar_chart(
        [ChartRow(k, (Point(c, colour=ENTITY_COLOURS.get(k, "")),)) for k, c in summary.entity_counts],
        ["spans"],
        title="Spans per entity type",
        maximum=max([c for _, c in summary.entity_counts], default=1),
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
    total = sum(c for _, c in summary.masker_counts)
    counts = table(
        ("Masker", "Actions", "Proportion"),
        [(esc(k), esc(c), share(c, total)) for k, c in summary.masker_counts]
        + [("<b>All</b>", esc(total), share(total, total))],
        caption="Spans in the judged notes per masker (as the paper's Table 7)",
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
    rows = [
        (
            esc(r.matching),
            esc(r.entity),
            esc(f"{r.scores.matched_pred}/{r.scores.pred}"),
            esc(f"{r.scores.matched_gold}/{r.scores.gold}"),
            number(r.scores.precision),
            number(r.scores.recall),
            number(r.scores.f1),
        )
        for r in summary.gold
        if r.entity == "all" or r.scores.gold or r.scores.pred
    ]
    note = (
        '<p class="note">The judged spans against the imported gold annotations. Strict: same offsets and type; '
        "lenient: overlapping, same type; overlap: overlapping, any type (the paper's rule).</p>"
    )
    head = ("Matching", "Entity", "Precise", "Recalled", "Precision", "Recall", "F1")
    title = f"Entity level against gold ({summary.gold_notes} notes)"
    return section("gold", title, table(head, rows, numeric_from=2) + note)


def agreement_section(summary: EvaluationSummary) -> str:
    a = summary.agreement
    if a is None:
        return ""
    facts = (
        f"<p>{len(a.annotators)} annotators ({esc(', '.join(a.annotators))}), {a.units} units judged. "
        f"Krippendorff's alpha (nominal): <b>{number(a.alpha)}</b> on labels, <b>{number(a.alpha_typed)}</b> "
        "with types.</p>"
    )
    rows = [
        (
            esc(f"{p.first} · {p.second}"),
            esc(p.units),
            number(p.percent),
            number(p.kappa),
            number(p.kappa_typed),
            number(p.f1_strict),
            number(p.f1_lenient),
            number(p.f1_overlap),
        )
        for p in a.pairs
    ]
    head = ("Pair", "Units", "Agreement", "Cohen's κ", "κ with types", "F1 strict", "F1 lenient", "F1 overlap")
    note = (
        '<p class="note">Units: every masked span (TP/FP) and every stretch someone added as missed (FN; an '
        "annotator who judged the note but did not add it says “none”). Pairwise F1 compares the PHI each "
        "annotator says must be masked (TP and FN) on the notes both judged.</p>"
    )
    return section("agreement", "Inter-annotator agreement", facts + table(head, rows) + note)


def disagreement_section(summary: EvaluationSummary, limit: int) -> str:
    a = summary.agreement
    if a is None:
        return ""
    if not a.disagreements:
        return section("disagreements", "Disagreements", "<p>None: the annotators agree on every unit.</p>")
    head = ["Note", "Offsets", "Unit", "Issue", *a.annotators] + (["Text"] if summary.texts is not None else [])
    rows = []
    for d in a.disagreements[:limit]:
        labels, types = dict(d.labels), dict(d.entities)
        cells = [esc(d.note_id), esc(f"{d.start}–{d.end}"), esc(d.kind), esc(d.issue)]
        cells += [_label(labels[name], types[name]) for name in a.annotators]
        if summary.texts is not None:
            cells.append(snippet(summary.texts.get(d.note_id, ""), d.start, d.end))
        rows.append(cells)
    more = _more(len(a.disagreements), limit)
    title = f"Disagreements to adjudicate ({len(a.disagreements)})"
    return section("disagreements", title, table(head, rows, numeric_from=99) + more)


def _label(label: str | None, entity: str | None) -> str:
    if label is None:
        return '<span class="na">not judged</span>'
    return f'<span class="lab lab-{esc(label)}">{esc(label)}</span>' + (f" {esc(entity)}" if entity else "")


def _more(total: int, limit: int) -> str:
    return f'<p class="note">First {limit} of {total} shown; the JSON export has all.</p>' if total > limit else ""


def compare_section(summary: EvaluationSummary, limit: int) -> str:
    c = summary.comparison
    if c is None:
        return ""
    counts = c.counts()
    cards = "".join(f'<div class="card {esc(k)}"><b>{v}</b><span>{esc(k)}</span></div>' for k, v in counts.items())
    details = table(("Change", "Decisions"), [(esc(k), esc(v)) for k, v in c.details().items()]) if c.details() else ""
    side = _side_by_side(c.old, c.new, summary.compare_settings)
    changed = [ch for ch in c.changes if ch.outcome != "unchanged"]
    head = ["Note", "Offsets", "Before", "After", "Outcome", "Change"] + (["Text"] if summary.texts is not None else [])
    rows = []
    for ch in changed[:limit]:
        cells = [esc(ch.note_id), esc(f"{ch.start}–{ch.end}"), esc(ch.before or "—"), esc(ch.after or "—")]
        cells += [f'<span class="out {esc(ch.outcome)}">{esc(ch.outcome)}</span>', esc(ch.detail)]
        if summary.texts is not None:
            cells.append(snippet(summary.texts.get(ch.note_id, ""), ch.start, ch.end))
        rows.append(cells)
    listing = table(head, rows, numeric_from=99) + _more(len(changed), limit) if rows else ""
    note = (
        "<p class=\"note\">The sample's marks re-scored against the newer run by the paper's overlap rules. "
        "A new span nobody judged counts as an FP until an evaluator looks at it.</p>"
    )
    return section("compare", "Compare runs", f'<div class="cards">{cards}</div>{side}{details}{note}{listing}')


def _side_by_side(old: Breakdown, new: Breakdown, settings: object) -> str:
    runs = settings if isinstance(settings, dict) else {}
    old_name = f"judged run {runs.get('old_run', '')}".strip()
    new_name = f"run {runs.get('new_run', '')}".strip()
    rows: list[Sequence[str]] = [
        (
            esc(label),
            with_ci(getattr(old.overall.metrics, m), m == "accuracy"),
            with_ci(getattr(new.overall.metrics, m), m == "accuracy"),
        )
        for m, label in (
            ("accuracy", "Accuracy"),
            ("specificity", "Specificity"),
            ("sensitivity", "Sensitivity"),
            ("precision", "Precision"),
        )
    ]
    counts = [" / ".join(str(getattr(b.overall.counts, k)) for k in ("tp", "fp", "fn", "tn")) for b in (old, new)]
    rows.append(("TP / FP / FN / TN", esc(counts[0]), esc(counts[1])))
    return table(("Metric", old_name, new_name), rows, caption=f"Table 8 side by side — {esc(old.annotator)}")
