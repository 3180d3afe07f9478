"""One evaluator's judgement of the engine's output (paper Table 5), as plain data.

A ``Decision`` is what the store keeps as a mark: TP or FP for a span the engine masked, FN for a
stretch it missed, TN for a note it correctly left alone. ``predicted`` is the type the engine
gave, ``judged`` the type the evaluator says is right (None: not judged, taken as ``predicted``).
``decisions_from_gold`` applies the paper's rules to gold spans: how gold is turned into marks
(``import-gold --annotator``) and how evaluators are simulated.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from masketeer_gui.engine.span import Entity
from masketeer_gui.evaluation.scoring import Confusion, SpanLike, match_note
from masketeer_gui.vocabulary import Label


class MaskedSpan(SpanLike, Protocol):
    """A span the engine produced: offsets, type and the masker that voted (the engine's ``Span``)."""

    @property
    def masker(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """One judgement by one annotator; TN has no offsets, every other label needs them."""

    note_id: str
    label: Label
    start: int | None = None
    end: int | None = None
    predicted: Entity | None = None
    judged: Entity | None = None
    masker: str | None = None
    annotator: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", Label(self.label))
        if (self.start is None) != (self.end is None):
            raise ValueError("a decision needs both offsets or neither")
        if self.label is Label.TN and self.start is not None:
            raise ValueError("a TN decision judges a whole note and has no offsets")
        if self.label is not Label.TN and (self.start is None or self.end is None or not 0 <= self.start < self.end):
            raise ValueError(f"a {self.label} decision needs offsets start < end")

    @property
    def entity(self) -> Entity | None:
        """The type to break down by: the true type for TP and FN, the engine's type for an FP."""
        if self.label is Label.FP:
            return self.predicted
        return self.judged or self.predicted

    @property
    def type_correct(self) -> bool | None:
        """For a TP whose type was judged: did the engine give the right type?"""
        if self.label is not Label.TP or self.judged is None or self.predicted is None:
            return None
        return self.judged == self.predicted

    @property
    def offsets(self) -> tuple[int, int] | None:
        return None if self.start is None or self.end is None else (self.start, self.end)


def confusion(decisions: Iterable[Decision]) -> Confusion:
    """TP/FP/FN/TN counts."""
    counts = dict.fromkeys(Label, 0)
    for decision in decisions:
        counts[decision.label] += 1
    return Confusion(counts[Label.TP], counts[Label.FP], counts[Label.FN], counts[Label.TN])


def by_annotator(decisions: Iterable[Decision]) -> dict[str, list[Decision]]:
    """Decisions grouped by annotator, annotators sorted by name."""
    groups: dict[str, list[Decision]] = defaultdict(list)
    for decision in decisions:
        groups[decision.annotator].append(decision)
    return {name: groups[name] for name in sorted(groups)}


def by_note(decisions: Iterable[Decision]) -> dict[str, list[Decision]]:
    """Decisions grouped by note, in the order they come."""
    groups: dict[str, list[Decision]] = defaultdict(list)
    for decision in decisions:
        groups[decision.note_id].append(decision)
    return dict(groups)


def decisions_from_gold(
    note_id: str, gold: Sequence[SpanLike], predicted: Sequence[MaskedSpan], annotator: str = "gold"
) -> list[Decision]:
    """Judge one note's predicted spans against gold by the paper's overlap rules."""
    match = match_note(gold, predicted)
    best_gold = dict(match.pairs)
    out: list[Decision] = []
    for i, span in enumerate(predicted):
        label = Label.TP if i in best_gold else Label.FP
        judged = Entity(str(gold[best_gold[i]].entity)) if i in best_gold else None
        out.append(
            Decision(note_id, label, span.start, span.end, Entity(str(span.entity)), judged, span.masker, annotator)
        )
    for j in match.missed_gold:
        missed = gold[j]
        out.append(
            Decision(note_id, Label.FN, missed.start, missed.end, None, Entity(str(missed.entity)), None, annotator)
        )
    if match.true_negative:
        out.append(Decision(note_id, Label.TN, annotator=annotator))
    return sorted(out, key=sort_key)


def sort_key(decision: Decision) -> tuple[str, int, int, str]:
    """Note, then offsets (TN first), then label: a stable reading order."""
    return (decision.note_id, decision.start if decision.start is not None else -1, decision.end or -1, decision.label)


def phi_spans(decisions: Iterable[Decision]) -> list[Decision]:
    """What the annotator says must be masked: TP and FN decisions (their ``entity`` is the true type)."""
    return [d for d in decisions if d.label in (Label.TP, Label.FN)]
