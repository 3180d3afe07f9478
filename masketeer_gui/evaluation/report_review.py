"""The report's sections on people and runs: agreement, disagreements to adjudicate, runs compared.

Each function returns one ``<section>`` (or "" when there is nothing to show).
"""

from __future__ import annotations

from collections.abc import Sequence

from masketeer_gui.evaluation.html import esc, number, section, snippet, table, with_ci
from masketeer_gui.evaluation.metrics_by import Breakdown
from masketeer_gui.evaluation.summary import EvaluationSummary


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
        "annotator says must be masked (TP and FN) on the notes both judged. When one label is rare (few FPs), "
        "kappa and alpha on labels stay low even at high raw agreement (the prevalence effect): read them with "
        "the agreement and the disagreements below.</p>"
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
