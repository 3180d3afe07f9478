"""Small builders for evaluation tests."""

from __future__ import annotations

from masketeer_gui.engine.span import Entity, Span
from masketeer_gui.evaluation.decisions import Decision, Label


def tp(note: str, start: int, end: int, predicted: str = "PAT", judged: str | None = None, masker: str = "Salutation",
       who: str = "a") -> Decision:  # fmt: skip
    return Decision(note, Label.TP, start, end, Entity(predicted), Entity(judged) if judged else None, masker, who)


def fp(
    note: str, start: int, end: int, predicted: str = "PAT", masker: str = "NameDictionary", who: str = "a"
) -> Decision:
    return Decision(note, Label.FP, start, end, Entity(predicted), None, masker, who)


def fn(note: str, start: int, end: int, judged: str = "PAT", who: str = "a") -> Decision:
    return Decision(note, Label.FN, start, end, None, Entity(judged), None, who)


def tn(note: str, who: str = "a") -> Decision:
    return Decision(note, Label.TN, annotator=who)


def span(start: int, end: int, entity: str = "PAT", masker: str = "Salutation") -> Span:
    return Span(start, end, Entity(entity), masker)
