"""Decisions: validation, the type to break down by, and gold turned into decisions by the paper's rules."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.decisions import Decision, Label, confusion, decisions_from_gold
from masketeer_gui.evaluation.gold import Annotation
from tests.evaluation.helpers import fn, fp, span, tn, tp


@pytest.mark.parametrize(
    ("label", "start", "end", "message"),
    [
        (Label.TN, 1, 4, "whole note"),
        (Label.TP, None, None, "needs offsets"),
        (Label.FN, 5, 5, "needs offsets"),
        (Label.FP, 3, None, "both offsets"),
    ],
)
def test_invalid_decisions_are_refused(label: Label, start: int | None, end: int | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Decision("n1", label, start, end)


@pytest.mark.parametrize(
    ("decision", "entity", "type_correct"),
    [
        (tp("n", 0, 3, "PAT"), Entity.PAT, None),  # type not judged: the engine's type
        (tp("n", 0, 3, "PAT", "HCP"), Entity.HCP, False),  # judged: the true type
        (tp("n", 0, 3, "HCP", "HCP"), Entity.HCP, True),
        (fp("n", 0, 3, "SIT"), Entity.SIT, None),  # an FP has no true type
        (fn("n", 0, 3, "PHO"), Entity.PHO, None),
        (tn("n"), None, None),
    ],
)
def test_entity_and_type_correctness(decision: Decision, entity: Entity | None, type_correct: bool | None) -> None:
    assert decision.entity == entity
    assert decision.type_correct is type_correct


def test_labels_accept_the_stores_strings() -> None:
    assert Decision("n", "TN").label is Label.TN  # type: ignore[arg-type]


def test_gold_becomes_decisions_by_the_paper_rules() -> None:
    gold = [Annotation(0, 5, Entity.HCP), Annotation(10, 15, Entity.PAT), Annotation(30, 34, Entity.SIT)]
    predicted = [span(0, 5, "PAT"), span(11, 13, "PAT", "NameDictionary"), span(20, 24, "PER")]
    decisions = decisions_from_gold("n1", gold, predicted, "gold")
    assert [(d.label, d.start, d.end, d.predicted, d.judged, d.masker) for d in decisions] == [
        (Label.TP, 0, 5, Entity.PAT, Entity.HCP, "Salutation"),  # found, wrong type
        (Label.TP, 11, 13, Entity.PAT, Entity.PAT, "NameDictionary"),  # overlap is enough
        (Label.FP, 20, 24, Entity.PER, None, "Salutation"),
        (Label.FN, 30, 34, None, Entity.SIT, None),
    ]
    assert {d.annotator for d in decisions} == {"gold"}
    assert confusion(decisions).to_dict()["tp"] == 2


def test_a_clean_untouched_note_is_one_true_negative() -> None:
    assert decisions_from_gold("n2", [], [], "x") == [tn("n2", "x")]
    assert [d.label for d in decisions_from_gold("n3", [Annotation(0, 2, Entity.PAT)], [], "x")] == [Label.FN]
