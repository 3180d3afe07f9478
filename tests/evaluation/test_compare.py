"""Compare runs: a marked sample followed into a newer run's spans."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.span import Span
from masketeer_gui.evaluation.compare import Outcome, compare
from masketeer_gui.evaluation.decisions import Decision
from masketeer_gui.evaluation.scoring import Confusion
from tests.evaluation.helpers import fn, fp, span, tn, tp

OLD = [
    tp("n1", 0, 5, "PAT", "PAT"),
    tp("n1", 10, 15, "PAT", "HCP"),  # type was wrong
    fp("n1", 20, 24),
    fn("n1", 30, 35, "PAT"),
    tp("n2", 0, 5, "HCP", "HCP"),
    tp("n2", 10, 15, "HCP"),
    fp("n2", 20, 24),
    tn("n3"),
    fn("n4", 0, 6, "SIT"),
]


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        (  # nothing changed
            {
                "n1": [span(0, 5), span(10, 15), span(20, 24)],
                "n2": [span(0, 5, "HCP"), span(10, 15, "HCP"), span(20, 24)],
            },
            [],
        ),
        (
            {
                "n1": [span(0, 5), span(10, 15, "HCP"), span(31, 35)],
                "n2": [span(0, 5, "PER"), span(10, 13, "HCP")],
                "n3": [span(2, 6)],
                "n4": [span(0, 6, "SIT")],
            },
            [
                ("n1", 10, "TP", "TP", Outcome.FIXED, "type now right"),
                ("n1", 20, "FP", "", Outcome.FIXED, "FP gone"),
                ("n1", 30, "FN", "TP", Outcome.FIXED, "FN -> TP"),
                ("n2", 0, "TP", "TP", Outcome.REGRESSED, "type now wrong"),
                ("n2", 10, "TP", "TP", Outcome.CHANGED, "other offsets"),
                ("n2", 20, "FP", "", Outcome.FIXED, "FP gone"),
                ("n3", 2, "", "FP", Outcome.REGRESSED, "new span (not judged)"),
                ("n4", 0, "FN", "TP", Outcome.FIXED, "FN -> TP"),
            ],
        ),
        (
            {"n1": [span(20, 24), span(40, 44)], "n2": []},
            [
                ("n1", 0, "TP", "FN", Outcome.REGRESSED, "TP lost"),
                ("n1", 10, "TP", "FN", Outcome.REGRESSED, "TP lost"),
                ("n1", 40, "", "FP", Outcome.REGRESSED, "new span (not judged)"),
                ("n2", 0, "TP", "FN", Outcome.REGRESSED, "TP lost"),
                ("n2", 10, "TP", "FN", Outcome.REGRESSED, "TP lost"),
                ("n2", 20, "FP", "", Outcome.FIXED, "FP gone"),
            ],
        ),
    ],
)
def test_every_decision_is_followed(new: dict[str, list[Span]], expected: list[tuple[object, ...]]) -> None:
    result = compare(OLD, new)
    changed = sorted(
        (c.note_id, c.start, c.before, c.after, c.outcome, c.detail)
        for c in result.changes
        if c.outcome is not Outcome.UNCHANGED
    )
    assert changed == sorted(expected)
    assert sum(result.counts().values()) == len(result.changes)


def test_metrics_side_by_side() -> None:
    new = {
        "n1": [span(0, 5), span(10, 15, "HCP"), span(31, 35)],
        "n2": [span(0, 5, "HCP"), span(10, 15, "HCP")],
        "n4": [span(0, 6)],
    }
    result = compare(OLD, new)
    assert result.old.overall.counts == Confusion(4, 2, 2, 1)
    assert result.new.overall.counts == Confusion(6, 0, 0, 1)  # every FN found, both FPs gone, n3 still clean
    assert result.new.overall.metrics.sensitivity.value == 1.0
    assert result.counts() == {"fixed": 5, "regressed": 0, "changed": 0, "unchanged": 3}
    assert result.details() == {"FN -> TP": 2, "FP gone": 2, "type now right": 1}


def test_compare_needs_one_annotator() -> None:
    with pytest.raises(ValueError, match="annotators"):
        compare([*OLD, Decision("n1", tn("n9").label, annotator="other")], {})
