"""Table 8 from decisions: overall (the ``masketeer metrics`` maths), per entity type, per masker."""

from __future__ import annotations

import json

import pytest

from masketeer_gui.cli import main
from masketeer_gui.evaluation.decisions import Decision
from masketeer_gui.evaluation.metrics import evaluate
from masketeer_gui.evaluation.metrics_by import breakdown, table8
from masketeer_gui.evaluation.scoring import Confusion
from tests.evaluation.helpers import fn, fp, tn, tp


def _paper_decisions() -> list[Decision]:
    """The paper's Table 8 counts (TP 214, FP 6, FN 13, TN 83) as decisions."""
    out = [tp(f"p{i}", 0, 5) for i in range(214)]
    out += [fp(f"f{i}", 0, 5) for i in range(6)]
    out += [fn(f"m{i}", 0, 5) for i in range(13)]
    return out + [tn(f"t{i}") for i in range(83)]


def test_overall_metrics_match_masketeer_metrics(capsys: pytest.CaptureFixture[str]) -> None:
    result = breakdown(_paper_decisions())
    assert main(["metrics", "--tp", "214", "--fp", "6", "--fn", "13", "--tn", "83", "--json"]) == 0
    assert result.overall.metrics.to_dict() == json.loads(capsys.readouterr().out)
    precision = result.overall.metrics.precision
    assert (round(precision.value or 0, 3), round(precision.ci_low or 0, 3)) == (0.973, 0.943)


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        # hand-computed: accuracy (tp+tn)/n, sensitivity tp/(tp+fn), specificity tn/(tn+fp), precision tp/(tp+fp)
        (Confusion(8, 2, 2, 8), {"accuracy": 0.8, "sensitivity": 0.8, "specificity": 0.8, "precision": 0.8}),
        (Confusion(3, 0, 1, 0), {"accuracy": 0.75, "sensitivity": 0.75, "specificity": None, "precision": 1.0}),
        (Confusion(0, 0, 0, 5), {"accuracy": 1.0, "sensitivity": None, "specificity": 1.0, "precision": None}),
        (Confusion(0, 4, 0, 0), {"accuracy": 0.0, "sensitivity": None, "specificity": 0.0, "precision": 0.0}),
        (Confusion(0, 0, 0, 0), {"accuracy": None, "sensitivity": None, "specificity": None, "precision": None}),
    ],
)
def test_hand_computed_cases_with_zero_counts(counts: Confusion, expected: dict[str, float | None]) -> None:
    metrics = table8(counts)
    assert {name: e["value"] for name, e in metrics.to_dict().items()} == expected
    assert metrics == evaluate(counts.tp, counts.fp, counts.fn, counts.tn)
    for estimate in metrics.to_dict().values():
        if estimate["value"] is not None:
            assert estimate["ci_low"] <= estimate["value"] <= estimate["ci_high"]


def test_breakdown_per_entity_counts_true_types_and_note_level_negatives() -> None:
    decisions = [
        tp("n1", 0, 5, "HCP", "HCP", "Salutation"),
        tp("n1", 10, 15, "PAT", "HCP", "NameDictionary"),  # wrong type: counts for HCP
        fp("n2", 0, 4, "PAT", "NameDictionary"),
        fn("n2", 8, 12, "PAT"),
        tn("n3"),
    ]
    result = breakdown(decisions)
    rows = {r.key: r for r in result.by_entity}
    assert list(rows) == ["HCP", "PAT"]
    assert (rows["HCP"].counts, rows["HCP"].types_judged, rows["HCP"].types_correct) == (Confusion(2, 0, 0, 2), 2, 1)
    assert rows["PAT"].counts == Confusion(0, 1, 1, 2)  # n1 and n3 have no PAT decision: two TNs
    assert rows["PAT"].metrics.sensitivity.value == 0.0
    assert result.overall.counts == Confusion(2, 1, 1, 1)
    assert result.notes == 3


def test_breakdown_per_masker_gives_precision_only() -> None:
    decisions = [
        tp("n1", 0, 5, masker="Salutation"),
        tp("n2", 0, 5, masker="Salutation"),
        fp("n3", 0, 5, masker="Salutation"),
        fp("n4", 0, 5, masker="NameDictionary"),
        fn("n5", 0, 5),
    ]
    rows = {r.key: r for r in breakdown(decisions).by_masker}
    assert list(rows) == ["Salutation", "NameDictionary"]  # most active first
    salutation = rows["Salutation"].metrics
    assert salutation.precision.value == pytest.approx(2 / 3)
    assert salutation.precision.method == "Clopper-Pearson"
    assert salutation.sensitivity.value is None and salutation.accuracy.method == "not applicable"
    assert rows["NameDictionary"].metrics.precision.value == 0.0


def test_breakdown_refuses_several_annotators_mixed() -> None:
    with pytest.raises(ValueError, match="2 annotators"):
        breakdown([tp("n1", 0, 5, who="a"), tp("n1", 0, 5, who="b")])


def test_empty_decisions_have_no_values() -> None:
    result = breakdown([])
    assert result.notes == 0 and result.overall.metrics.accuracy.value is None
    assert result.by_entity == () and result.by_masker == ()
