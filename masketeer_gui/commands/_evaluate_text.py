"""Plain-text tables for ``masketeer evaluate``: metrics, agreement, comparison (ids and numbers only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from masketeer_gui.evaluation.agreement import Agreement
    from masketeer_gui.evaluation.compare import Comparison
    from masketeer_gui.evaluation.metrics import Estimate
    from masketeer_gui.evaluation.metrics_by import Breakdown
    from masketeer_gui.evaluation.span_f1 import SpanF1Row

TABLE8 = (
    ("Accuracy", "accuracy"),
    ("Specificity", "specificity"),
    ("Sensitivity", "sensitivity"),
    ("Precision", "precision"),
)


def grid(rows: Sequence[Sequence[str]]) -> str:
    """Left-aligned columns, two spaces apart."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows)


def cell(e: Estimate, percent: bool = False) -> str:
    if e.value is None or e.ci_low is None or e.ci_high is None:
        return "n/a"
    if percent:
        return f"{e.value:.2%} [{e.ci_low * 100:.2f}-{e.ci_high * 100:.2f}%]"
    return f"{e.value:.3f} [{e.ci_low:.3f}-{e.ci_high:.3f}]"


def number(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def breakdown_text(b: Breakdown) -> str:
    c = b.overall.counts
    lines = [f"== {b.annotator or '(unnamed)'}: {b.notes} notes judged, TP={c.tp} FP={c.fp} FN={c.fn} TN={c.tn}"]
    lines.append(
        grid(
            [
                ("Metric", "Result [95% CI]"),
                *((label, cell(getattr(b.overall.metrics, m), m == "accuracy")) for label, m in TABLE8),
            ]
        )
    )
    if b.by_entity:
        head = ("Entity", "TP", "FP", "FN", "TN", "Sensitivity", "Precision", "Type right")
        rows = [
            (
                r.key,
                str(r.counts.tp),
                str(r.counts.fp),
                str(r.counts.fn),
                str(r.counts.tn),
                cell(r.metrics.sensitivity),
                cell(r.metrics.precision),
                f"{r.types_correct}/{r.types_judged}" if r.types_judged else "-",
            )
            for r in b.by_entity
        ]
        lines += ["", "Per entity type:", grid([head, *rows])]
    if b.by_masker:
        maskers = [(r.key, str(r.counts.tp), str(r.counts.fp), cell(r.metrics.precision)) for r in b.by_masker]
        lines += ["", "Per masker:", grid([("Masker", "TP", "FP", "Precision"), *maskers])]
    return "\n".join(lines)


def gold_text(rows: Sequence[SpanF1Row], notes: int) -> str:
    head = ("Matching", "Entity", "Precise", "Recalled", "Precision", "Recall", "F1")
    body: list[Sequence[str]] = [head]
    for r in rows:
        if r.entity == "all" or r.scores.gold or r.scores.pred:
            s = r.scores
            counts = (f"{s.matched_pred}/{s.pred}", f"{s.matched_gold}/{s.gold}")
            body.append((str(r.matching), r.entity, *counts, number(s.precision), number(s.recall), number(s.f1)))
    return f"== Entity level against imported gold ({notes} notes)\n" + grid(body)


def agreement_text(a: Agreement, limit: int) -> str:
    lines = [
        f"Annotators: {', '.join(a.annotators)}; {a.units} units",
        f"Krippendorff's alpha (nominal): {number(a.alpha)} on labels, {number(a.alpha_typed)} with types",
        "",
    ]
    head = ("Pair", "Units", "Agreement", "Kappa", "Kappa typed", "F1 strict", "F1 lenient", "F1 overlap")
    values = ("percent", "kappa", "kappa_typed", "f1_strict", "f1_lenient", "f1_overlap")
    rows = [(f"{p.first} / {p.second}", str(p.units), *(number(getattr(p, v)) for v in values)) for p in a.pairs]
    lines += [grid([head, *rows]), "", f"Disagreements: {len(a.disagreements)}"]
    if a.disagreements and limit:
        listed: list[Sequence[str]] = [("Note", "Offsets", "Unit", "Issue", *a.annotators)]
        listed += [
            (
                d.note_id,
                f"{d.start}-{d.end}",
                d.kind,
                d.issue,
                *(_label(dict(d.labels)[n], dict(d.entities)[n]) for n in a.annotators),
            )
            for d in a.disagreements[:limit]
        ]
        lines.append(grid(listed))
        if len(a.disagreements) > limit:
            lines.append(f"... {len(a.disagreements) - limit} more (--limit, or --json for all)")
    return "\n".join(lines)


def _label(label: str | None, entity: str | None) -> str:
    return "-" if label is None else label + (f":{entity}" if entity else "")


def comparison_text(c: Comparison, old_run: int | None, new_run: int) -> str:
    counts = c.counts()
    lines = [f"Decisions of {c.old.annotator}: " + ", ".join(f"{v} {k}" for k, v in counts.items())]
    lines += [f"  {v:>5}  {k}" for k, v in c.details().items()]
    head = ("Metric", f"judged run {old_run}", f"run {new_run}")
    rows = [
        (
            label,
            cell(getattr(c.old.overall.metrics, m), m == "accuracy"),
            cell(getattr(c.new.overall.metrics, m), m == "accuracy"),
        )
        for label, m in TABLE8
    ]
    old, new = c.old.overall.counts, c.new.overall.counts
    rows.append(("TP/FP/FN/TN", f"{old.tp}/{old.fp}/{old.fn}/{old.tn}", f"{new.tp}/{new.fp}/{new.fn}/{new.tn}"))
    return "\n".join([*lines, "", grid([head, *rows])])
