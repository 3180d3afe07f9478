"""Entity-level strict, lenient and type-agnostic overlap P/R/F1 against gold."""

from __future__ import annotations

import pytest

from masketeer_gui.evaluation.scoring import Offsets
from masketeer_gui.evaluation.span_f1 import Matching, SpanF1, entity_level, span_f1

GOLD = {"n1": [Offsets(0, 11, "PAT"), Offsets(20, 25, "HCP")], "n2": [Offsets(5, 9, "SIT")], "n3": []}
PRED = {
    "n1": [Offsets(0, 5, "PAT"), Offsets(6, 11, "PAT"), Offsets(20, 25, "PAT")],  # split name; right place, wrong type
    "n2": [Offsets(5, 9, "SIT")],
    "n3": [Offsets(1, 3, "PER")],  # a false positive
}


@pytest.mark.parametrize(
    ("matching", "expected"),
    [
        (Matching.STRICT, SpanF1(1, 5, 1, 3)),  # only the SIT span is exact
        (Matching.LENIENT, SpanF1(3, 5, 2, 3)),  # both halves of the name; HCP/PAT type clash
        (Matching.OVERLAP, SpanF1(4, 5, 3, 3)),  # any type
    ],
)
def test_matching_modes(matching: Matching, expected: SpanF1) -> None:
    assert span_f1(GOLD, PRED, matching) == expected


def test_scores_from_counts() -> None:
    scores = SpanF1(3, 5, 2, 3)
    assert (scores.precision, scores.recall) == (0.6, pytest.approx(2 / 3))
    assert scores.f1 == pytest.approx(2 * 0.6 * (2 / 3) / (0.6 + 2 / 3))
    assert SpanF1().f1 is None and SpanF1(0, 2, 0, 2).f1 == 0.0


def test_per_entity_rows_and_notes_missing_from_predictions() -> None:
    rows = {(r.matching, r.entity): r.scores for r in entity_level(GOLD, {"n2": PRED["n2"]})}
    assert rows[(Matching.STRICT, "SIT")] == SpanF1(1, 1, 1, 1)
    assert rows[(Matching.LENIENT, "PAT")] == SpanF1(0, 0, 0, 1)  # n1 has no predictions: recall 0
    assert rows[(Matching.STRICT, "all")].recall == pytest.approx(1 / 3)
    assert (Matching.OVERLAP, "SIT") not in rows  # type-agnostic matching only overall
