"""Re-score a frozen, already-marked sample against a newer run (after list changes or a new engine).

The old marks say what must be masked in each judged note (its TP and FN stretches, with their
true types) and what must not (its FP stretches). The newer run's spans of the same notes are
scored against that by the paper's overlap rules, and every old decision is followed:
fixed (an FN now masked, an FP gone, a wrong type now right), regressed (a TP lost, a right type
now wrong, a new span nobody judged: counted as an FP until someone looks at it), changed (the
same stretch masked with other offsets) or unchanged. Metrics of both runs come side by side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from masketeer_gui.evaluation.decisions import Decision, Label, MaskedSpan, by_note, decisions_from_gold, phi_spans
from masketeer_gui.evaluation.metrics_by import Breakdown, breakdown
from masketeer_gui.evaluation.scoring import Offsets


class Outcome(StrEnum):
    FIXED = "fixed"
    REGRESSED = "regressed"
    CHANGED = "changed"
    UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class Change:
    """What became of one old decision, or of one new span nobody judged (``before`` = "")."""

    note_id: str
    start: int
    end: int
    before: str
    after: str
    outcome: Outcome
    detail: str

    def to_dict(self) -> dict[str, object]:
        return {name: str(getattr(self, name)) if name == "outcome" else getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True)
class Comparison:
    changes: tuple[Change, ...]  # every followed decision, unchanged ones included
    old: Breakdown
    new: Breakdown
    new_decisions: tuple[Decision, ...]

    def counts(self) -> dict[str, int]:
        """How many decisions were fixed, regressed, changed, unchanged."""
        tally = Counter(c.outcome for c in self.changes)
        return {str(o): tally.get(o, 0) for o in Outcome}

    def details(self) -> dict[str, int]:
        """How many of each kind of change ("FN -> TP", "TP lost"…), most frequent first."""
        return dict(Counter(c.detail for c in self.changes if c.outcome is not Outcome.UNCHANGED).most_common())

    def to_dict(self) -> dict[str, object]:
        return {
            "counts": self.counts(),
            "details": self.details(),
            "changes": [c.to_dict() for c in self.changes if c.outcome is not Outcome.UNCHANGED],
            "old": self.old.to_dict(),
            "new": self.new.to_dict(),
        }


def compare(old: Sequence[Decision], new_spans: Mapping[str, Sequence[MaskedSpan]]) -> Comparison:
    """Follow one annotator's decisions (or an adjudicated set) into the newer run's spans."""
    before = breakdown(old)
    name = before.annotator
    changes: list[Change] = []
    rescored: list[Decision] = []
    for note_id, decisions in sorted(by_note(old).items()):
        spans = list(new_spans.get(note_id, ()))
        gold = [Offsets(d.start or 0, d.end or 0, str(d.entity or "")) for d in phi_spans(decisions)]
        rescored += decisions_from_gold(note_id, gold, spans, name)
        changes += _follow(decisions, spans)
    return Comparison(tuple(changes), before, breakdown(rescored), tuple(rescored))


def _overlapping(decision: Decision, spans: Sequence[MaskedSpan]) -> list[MaskedSpan]:
    return [s for s in spans if decision.start is not None and s.start < (decision.end or 0) and decision.start < s.end]


def _follow(decisions: Sequence[Decision], spans: Sequence[MaskedSpan]) -> list[Change]:
    out = [_follow_one(d, _overlapping(d, spans)) for d in decisions if d.label is not Label.TN]
    judged = [d for d in decisions if d.label is not Label.TN]
    for span in spans:
        if not any(d.start is not None and span.start < (d.end or 0) and d.start < span.end for d in judged):
            note = decisions[0].note_id
            out.append(Change(note, span.start, span.end, "", "FP", Outcome.REGRESSED, "new span (not judged)"))
    return out


def _change(d: Decision, after: str, outcome: Outcome, detail: str) -> Change:
    return Change(d.note_id, d.start or 0, d.end or 0, str(d.label), after, outcome, detail)


def _follow_one(d: Decision, hits: Sequence[MaskedSpan]) -> Change:
    if d.label is Label.FN:
        return (
            _change(d, "TP", Outcome.FIXED, "FN -> TP") if hits else _change(d, "FN", Outcome.UNCHANGED, "still missed")
        )
    if d.label is Label.FP:
        return _change(d, "FP", Outcome.UNCHANGED, "still masked") if hits else _change(d, "", Outcome.FIXED, "FP gone")
    if not hits:
        return _change(d, "FN", Outcome.REGRESSED, "TP lost")
    same = [s for s in hits if s.start == d.start and s.end == d.end]
    if not same:
        return _change(d, "TP", Outcome.CHANGED, "other offsets")
    right, new_type = str(d.entity), str(same[0].entity)
    was_right = d.predicted is None or str(d.predicted) == right
    if was_right and new_type != right:
        return _change(d, "TP", Outcome.REGRESSED, "type now wrong")
    if not was_right and new_type == right:
        return _change(d, "TP", Outcome.FIXED, "type now right")
    return _change(d, "TP", Outcome.UNCHANGED, "kept")
