"""The evaluation report as one self-contained HTML page: inline CSS and SVG, no scripts, no external files.

Sections follow the paper: Table 8 per annotator (metrics with 95% CIs), Tables 6 and 7 (spans
per entity type and masker), then what the paper could not show (metrics per entity type and
masker), entity-level scores against gold, agreement and disagreements, a comparison of runs,
and the settings and dictionary hashes that reproduce the run. Note text appears only if the
summary carries texts (``--include-text``); the page says which kind it is. CSV and JSON of the
same numbers: ``summary.to_csv`` / ``EvaluationSummary.to_dict``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from masketeer_gui.evaluation.html import esc, key_values, section, table, with_ci
from masketeer_gui.evaluation.report_review import agreement_section, compare_section, disagreement_section
from masketeer_gui.evaluation.report_sections import entity_section, gold_section, masker_section
from masketeer_gui.evaluation.report_style import CSS
from masketeer_gui.evaluation.summary import EvaluationSummary

MAX_ROWS = 500  # rows of the disagreement and change lists shown in the page (all are in the JSON)
LABELS = {"accuracy": "Accuracy", "specificity": "Specificity", "sensitivity": "Sensitivity", "precision": "Precision"}
TABLE8_ORDER = ("accuracy", "specificity", "sensitivity", "precision")


def render_html(summary: EvaluationSummary, generated_at: datetime | None = None) -> str:
    """The whole page."""
    when = (generated_at or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M UTC")
    sections = [
        _table8(summary),
        entity_section(summary),
        masker_section(summary),
        gold_section(summary),
        agreement_section(summary),
        disagreement_section(summary, MAX_ROWS),
        compare_section(summary, MAX_ROWS),
        _reproducibility(summary, when),
    ]
    body = "".join(s for s in sections if s)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(summary.title)}</title><style>{CSS}</style></head><body><main>"
        f"{_header(summary, when)}{_nav(body)}{body}{_footer(summary)}</main></body></html>\n"
    )


def _header(summary: EvaluationSummary, when: str) -> str:
    s = summary.sample
    name = f" “{esc(s['name'])}”" if s.get("name") else ""
    facts = [
        f"Sample {esc(s.get('id', '?'))}{name}",
        f"{esc(s.get('n', '?'))} notes",
        f"seed {esc(s.get('seed', '?'))}",
        "stratified by spans per note" + (" and note length" if s.get("by_length") else ""),
        f"run {esc(s.get('run_id', '?'))}",
        f"generated {esc(when)}",
    ]
    privacy = (
        '<p class="banner warn">This report contains note text. '
        "Do not share it outside the team that may see the notes.</p>"
        if summary.texts is not None
        else '<p class="banner">No note text in this report: notes are named by id and offsets only.</p>'
    )
    if summary.preliminary:
        privacy += f'<p class="banner warn">Preliminary: {esc(summary.preliminary)}</p>'
    return f'<header><h1>{esc(summary.title)}</h1><p class="sub">{" · ".join(facts)}</p>{privacy}</header>'


def _nav(body: str) -> str:
    links = [(anchor, title) for anchor, title in _SECTIONS if f'id="{anchor}"' in body]
    return "<nav>" + " ".join(f'<a href="#{a}">{esc(t)}</a>' for a, t in links) + "</nav>"


_SECTIONS = (
    ("table8", "Performance"),
    ("entities", "Entity types"),
    ("maskers", "Maskers"),
    ("gold", "Against gold"),
    ("agreement", "Agreement"),
    ("disagreements", "Disagreements"),
    ("compare", "Compare runs"),
    ("reproducibility", "Reproducibility"),
)


def _table8(summary: EvaluationSummary) -> str:
    if not summary.breakdowns:
        return section("table8", "Performance", '<p class="na">No marks in this sample yet.</p>')
    head = ["Metric", *(f"{b.annotator or '(unnamed)'}: result [95% CI]" for b in summary.breakdowns)]
    rows: list[Sequence[str]] = [
        [LABELS[m], *(with_ci(getattr(b.overall.metrics, m), m == "accuracy") for b in summary.breakdowns)]
        for m in TABLE8_ORDER
    ]
    rows.append(["TP / FP / FN / TN", *(_counts(b.overall.counts) for b in summary.breakdowns)])
    rows.append(["Notes judged", *(esc(b.notes) for b in summary.breakdowns)])
    note = (
        '<p class="note">As the paper\'s Table 8: Clopper–Pearson intervals for accuracy, specificity and '
        "sensitivity; the standard logit interval of Mercaldo et al. (2007) for precision. TP/FP per masked span, "
        "FN per missed PHI stretch, TN per note correctly left untouched (Table 5).</p>"
    )
    return section("table8", "Performance (Table 8)", table(head, rows) + note)


def _counts(c: object) -> str:
    return esc(" / ".join(str(getattr(c, k)) for k in ("tp", "fp", "fn", "tn")))


def _reproducibility(summary: EvaluationSummary, when: str) -> str:
    strata = summary.sample.get("strata") or []
    strata_table = table(
        ("Stratum (spans per note)", "Notes in project", "Drawn"),
        [(esc(s["name"]), esc(s["size"]), esc(s["quota"])) for s in strata],
        caption="Strata of the sample",
    )
    sample = {k: v for k, v in summary.sample.items() if k != "strata"}
    settings = key_values({**summary.settings, "report_generated_at": when})
    compared = summary.compare_settings.get("new")
    newer = f"<h3>Compared run</h3>{key_values(compared)}" if isinstance(compared, dict) else ""
    note = (
        '<p class="note">The engine version holds the package version and the hash of the shipped dictionaries '
        "(<code>Lexicon.version</code>); the lists hash covers the project's curated lists and corrections. "
        f"{_with_spans(strata)}</p>"
    )
    body = (
        f'{note}<div class="two"><div><h3>Judged run and engine</h3>{settings}{newer}</div>'
        f"<div><h3>Sample</h3>{key_values(sample)}{strata_table}</div></div>"
    )
    return section("reproducibility", "Reproducibility", body)


def _with_spans(strata: Sequence[dict[str, int | str]]) -> str:
    """The paper's representativeness check: notes with at least one span, in the project and in the sample."""
    size = sum(int(s["size"]) for s in strata)
    drawn = sum(int(s["quota"]) for s in strata)
    if not size or not drawn:
        return ""
    empty_size = sum(int(s["size"]) for s in strata if str(s["name"]).split("/")[0] == "0")
    empty_drawn = sum(int(s["quota"]) for s in strata if str(s["name"]).split("/")[0] == "0")
    return (
        f"Notes with at least one span: {(size - empty_size) / size:.2%} of the project, "
        f"{(drawn - empty_drawn) / drawn:.2%} of the sample."
    )


def _footer(summary: EvaluationSummary) -> str:
    version = summary.settings.get("masketeer_gui", "")
    return (
        f"<footer>Masketeer GUI {esc(version)} evaluation report · self-contained: no scripts, no external files."
        "</footer>"
    )
