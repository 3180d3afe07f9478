"""Merge the spans of all rules into one sorted, non-overlapping list.

Where two rules claim the same characters, an e-mail address beats a web address (every
e-mail contains a domain), both beat everything else (a URL may contain digits that look like
a phone number), and otherwise the longer span wins; ties go to the earlier span.
"""

from __future__ import annotations

from collections.abc import Sequence

from masketeer_gui.engine.rules.base import Rule
from masketeer_gui.engine.span import Entity, Span

_RANK = {Entity.MAI: 0, Entity.WEB: 1}


def _priority(span: Span) -> tuple[int, int, int]:
    return _RANK.get(span.entity, 2), -span.length, span.start


def resolve(spans: Sequence[Span]) -> list[Span]:
    """The winners of ``spans`` by priority, sorted by start, none overlapping another."""
    kept: list[Span] = []
    claimed = bytearray(max((s.end for s in spans), default=0))  # 1 where a kept span lies: no pairwise checks
    for candidate in sorted(spans, key=_priority):
        if claimed.find(1, candidate.start, candidate.end) < 0:
            claimed[candidate.start : candidate.end] = b"\1" * candidate.length
            kept.append(candidate)
    return sorted(kept, key=lambda s: s.start)


def find_rule_spans(text: str, rules: Sequence[Rule]) -> list[Span]:
    """All rules' spans of ``text`` (markup already blanked), overlaps resolved, sorted."""
    spans = [found for rule in rules for found in rule.find(text)]
    if len(spans) < 2:
        return spans
    return resolve(spans)
