"""The HTML report and its CSV/JSON twins: expected tables, self-contained, no note text unless asked."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime
from typing import Any

import pytest

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.compare import compare
from masketeer_gui.evaluation.gold import Annotation
from masketeer_gui.evaluation.report import render_html
from masketeer_gui.evaluation.summary import EvaluationSummary, summarize, to_csv
from tests.evaluation.helpers import fn, fp, span, tn, tp

TEXTS = {"n1": "Dr. Hofer und Frau Gruber", "n2": "Herr Doktor meint gut", "n3": "Werte stabil"}
SPANS = {"n1": [span(4, 9, "HCP"), span(19, 25, "PER")], "n2": [span(5, 11, "PER", "NameDictionary")], "n3": []}
DECISIONS = [
    tp("n1", 4, 9, "HCP", "HCP", who="alice"),
    tp("n1", 19, 25, "PER", "PAT", who="alice"),
    fp("n2", 5, 11, "PER", "NameDictionary", who="alice"),
    tn("n3", who="alice"),
    tp("n1", 4, 9, "HCP", "HCP", who="<bob>"),
    fp("n1", 19, 25, "PER", who="<bob>"),
    fp("n2", 5, 11, "PER", "NameDictionary", who="<bob>"),
    fn("n3", 0, 5, "PAT", who="<bob>"),
]
GOLD = {"n1": (Annotation(4, 9, Entity.HCP), Annotation(19, 25, Entity.PAT)), "n2": (), "n3": ()}
SAMPLE = {"id": 1, "name": "pilot", "seed": 7, "n": 3, "by_length": False, "run_id": 2,
          "strata": [{"name": "0", "size": 10, "quota": 1}, {"name": "1", "size": 20, "quota": 2}]}  # fmt: skip
SETTINGS = {
    "run": 2,
    "engine_version": "0.1.0/abc123",
    "dictionary_hash": "abc123",
    "lists_hash": "f00d",
    "settings": {"workers": 2},
}


def _summary(texts: dict[str, str] | None = None, **extra: Any) -> EvaluationSummary:
    return summarize("Pilot evaluation", SAMPLE, SETTINGS, SPANS, DECISIONS, gold=GOLD, texts=texts, **extra)


def _html(summary: EvaluationSummary) -> str:
    return render_html(summary, datetime(2025, 1, 2, 3, 4, tzinfo=UTC))


def test_report_has_the_papers_tables_and_more() -> None:
    html = _html(_summary())
    for anchor in ("table8", "entities", "maskers", "gold", "agreement", "disagreements", "reproducibility"):
        assert f'<section id="{anchor}">' in html
    assert 'id="compare"' not in html  # no comparison given
    assert "Performance (Table 8)" in html and "as the paper's Table 6" in html and "as the paper's Table 7" in html
    assert (
        '<td>Accuracy</td><td class="num">25.00% <span class="ci">[0.63–80.59%]</span></td><td class="num">75.00%'
        in html
    )
    assert '<td>HCP</td><td class="num">1</td><td class="num">33.33%</td>' in html  # Table 6 row
    assert html.count("<svg") == 3  # spans per type, and one metrics chart per annotator
    assert "0.1.0/abc123" in html and "f00d" in html and "settings.workers" in html


def test_report_is_self_contained_and_escaped() -> None:
    html = _html(_summary())
    assert "<script" not in html and "<link" not in html and "@import" not in html
    assert not re.search(r"""(?:src|href)=["']?(?:https?:|//|file:)""", html)
    assert "<bob>" not in html and "&lt;bob&gt;" in html


def test_no_note_text_unless_asked() -> None:
    plain = _html(_summary())
    words = {w for text in TEXTS.values() for w in text.split()}
    assert not [w for w in words if re.search(rf"\b{re.escape(w)}\b", plain)]
    assert "No note text in this report" in plain
    with_text = _html(_summary(TEXTS))
    assert "<mark>Gruber</mark>" in with_text and "This report contains note text" in with_text


def test_report_with_a_comparison() -> None:
    alice = [d for d in DECISIONS if d.annotator == "alice"]
    comparison = compare(alice, {"n1": SPANS["n1"], "n2": [], "n3": []})
    html = _html(_summary(comparison=comparison, compare_settings={"old_run": 2, "new_run": 3}))
    assert '<section id="compare">' in html and "FP gone" in html and "judged run 2" in html


def test_csv_and_json_carry_the_same_numbers() -> None:
    summary = _summary()
    data = json.loads(json.dumps(summary.to_dict()))
    rows = list(csv.DictReader(io.StringIO(to_csv(summary))))
    accuracy = next(
        r
        for r in rows
        if (r["section"], r["annotator"], r["key"], r["metric"]) == ("metrics", "alice", "all", "accuracy")
    )
    alice = next(m for m in data["metrics"] if m["annotator"] == "alice")
    assert float(accuracy["value"]) == alice["overall"]["accuracy"]["value"] == 0.75
    assert {r["section"] for r in rows} == {"entity_counts", "masker_counts", "metrics", "gold", "agreement"}
    assert data["agreement"]["pairs"][0]["first"] == "<bob>"
    assert data["entity_counts"] == {"HCP": 1, "PER": 2}
    assert "Gruber" not in json.dumps(data) and "Gruber" not in to_csv(summary)


@pytest.mark.parametrize("decisions", [[], [tn("n3", who="solo")]])
def test_report_of_an_unmarked_or_tiny_sample(decisions: list[Any]) -> None:
    summary = summarize("Empty", SAMPLE, SETTINGS, SPANS, decisions)
    html = _html(summary)
    assert "</html>" in html and 'id="agreement"' not in html
