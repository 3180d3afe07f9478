"""Agreement between annotators on the same sample: units, kappa/alpha, pairwise F1, disagreements, adjudication."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.adjudication import Adjudication, adjudicate
from masketeer_gui.evaluation.agreement import agreement
from masketeer_gui.evaluation.decisions import Label
from masketeer_gui.evaluation.metrics_by import breakdown
from masketeer_gui.evaluation.reliability import cohen_kappa, krippendorff_alpha
from masketeer_gui.evaluation.units import NONE, Unit, unit_table
from tests.evaluation.helpers import fn, fp, tn, tp

ALICE = [
    tp("n1", 0, 5, "PAT", "PAT", who="alice"),
    fp("n1", 10, 14, who="alice"),
    fn("n1", 20, 30, "HCP", who="alice"),
    tp("n2", 0, 5, "HCP", "HCP", who="alice"),
    tn("n3", who="alice"),
    fn("n4", 3, 8, "PAT", who="alice"),
]
BOB = [
    tp("n1", 0, 5, "PAT", "PER", who="bob"),  # type disagreement
    tp("n1", 10, 14, "PAT", "PAT", who="bob"),  # label disagreement
    fn("n1", 22, 28, "HCP", who="bob"),  # same missed stretch, other offsets
    tp("n2", 0, 5, "HCP", "HCP", who="bob"),
    fn("n3", 0, 4, "SIT", who="bob"),  # alice: TN
    # n4 not judged by bob
]


def test_units_line_up_spans_and_overlapping_missed_stretches() -> None:
    table = unit_table(ALICE + BOB)
    assert table.annotators == ("alice", "bob")
    assert table.units == (
        Unit("n1", 0, 5, "span"),
        Unit("n1", 10, 14, "span"),
        Unit("n1", 20, 30, "missed"),
        Unit("n2", 0, 5, "span"),
        Unit("n3", 0, 4, "missed"),
        Unit("n4", 3, 8, "missed"),
    )
    assert table.column("alice") == ["TP", "FP", "FN", "TP", NONE, "FN"]
    assert table.column("bob") == ["TP", "TP", "FN", "TP", "FN", None]  # n4: bob did not judge it
    assert table.column("bob", typed=True)[0] == "TP:PER"


def test_coefficients_are_computed_on_the_units() -> None:
    table = unit_table(ALICE + BOB)
    result = agreement(ALICE + BOB)
    assert result.units == 6
    assert result.alpha == krippendorff_alpha(table.rows())
    assert result.alpha_typed == krippendorff_alpha(table.rows(typed=True))
    (pair,) = result.pairs
    assert (pair.first, pair.second, pair.units) == ("alice", "bob", 5)
    assert pair.percent == pytest.approx(3 / 5)
    assert pair.kappa == cohen_kappa(table.column("alice"), table.column("bob"))


def test_pairwise_span_f1_on_the_notes_both_judged() -> None:
    (pair,) = agreement(ALICE + BOB).pairs
    # alice: (0,5,PAT) (20,30,HCP) (0,5,HCP); bob: (0,5,PER) (10,14,PAT) (22,28,HCP) (0,5,HCP) (0,4,SIT)
    assert pair.f1_strict == pytest.approx(2 * 1 / (3 + 5))
    assert pair.f1_lenient == pytest.approx(2 * 2 / (3 + 5))
    assert pair.f1_overlap == pytest.approx(2 * ((3 / 5) * 1) / ((3 / 5) + 1))


def test_disagreements_list_labels_and_types_per_annotator() -> None:
    found = {(d.note_id, d.start, d.end): d for d in agreement(ALICE + BOB).disagreements}
    assert sorted(found) == [("n1", 0, 5), ("n1", 10, 14), ("n3", 0, 4)]
    assert found[("n1", 0, 5)].issue == "type"
    assert dict(found[("n1", 0, 5)].entities) == {"alice": "PAT", "bob": "PER"}
    assert dict(found[("n1", 10, 14)].labels) == {"alice": "FP", "bob": "TP"}
    assert dict(found[("n3", 0, 4)].labels) == {"alice": NONE, "bob": "FN"}


def test_identical_annotators_agree_perfectly() -> None:
    twin = [d.__class__(**{**{s: getattr(d, s) for s in d.__slots__}, "annotator": "twin"}) for d in ALICE]
    result = agreement(ALICE + twin)
    assert result.disagreements == ()
    assert result.alpha == 1.0 and result.pairs[0].kappa == 1.0 and result.pairs[0].f1_strict == 1.0


def test_adjudication_keeps_agreement_and_applies_rulings() -> None:
    rulings = [
        Adjudication("n1", 0, 5, Label.TP, Entity.PAT, "carol"),
        Adjudication("n3", 0, 4, None, adjudicator="carol"),  # no PHI there after all
    ]
    result = adjudicate(ALICE + BOB, rulings)
    assert result.rulings == 2
    assert [(d.note_id, d.start, d.end) for d in result.unresolved] == [("n1", 10, 14)]
    final = {(d.note_id, d.start, d.label): d for d in result.decisions}
    assert final[("n1", 0, Label.TP)].judged is Entity.PAT
    assert ("n1", 20, Label.FN) in final and ("n2", 0, Label.TP) in final and ("n4", 3, Label.FN) in final
    assert ("n3", None, Label.TN) in final  # ruled "no PHI": the note is a true negative
    assert {d.annotator for d in result.decisions} == {"adjudicated"}
    assert breakdown(list(result.decisions)).overall.counts.to_dict()["tn"] == 1
