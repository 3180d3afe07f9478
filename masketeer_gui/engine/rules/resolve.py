"""Merge the spans of all rules into one sorted, non-overlapping list.

Where two rules claim the same characters, an e-mail address beats a web address (every
e-mail contains a domain), both beat everything else (a URL may contain digits that look like
a phone number), and otherwise the longer span wins; ties go to the earlier span.

Overlap checks look only at the kept neighbours of a candidate (binary search in the kept spans,
which never overlap each other), so resolving is O(n log n) in the number of spans, not O(n²).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Final

from masketeer_gui.engine.rules.base import Rule
from masketeer_gui.engine.rules.shape import has_digit
from masketeer_gui.engine.span import Entity, Span

_RANK: Final = {Entity.MAI: 0, Entity.WEB: 1}


def _priority(span: Span) -> tuple[int, int, int]:
    return _RANK.get(span.entity, 2), span.start - span.end, span.start  # longer first; not the ``length`` property


class Taken:
    """Non-overlapping intervals, kept sorted: is ``[start, end)`` free? Take it."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def free(self, start: int, end: int) -> bool:
        """No kept interval overlaps ``[start, end)``."""
        k = bisect_right(self._starts, start)
        if k and self._ends[k - 1] > start:  # the interval starting at or before ``start``
            return False
        return k == len(self._starts) or self._starts[k] >= end  # the next one

    def take(self, start: int, end: int) -> None:
        """Keep ``[start, end)`` (the caller checked that it is free)."""
        k = bisect_right(self._starts, start)
        self._starts.insert(k, start)
        self._ends.insert(k, end)


def resolve(spans: Sequence[Span]) -> list[Span]:
    """The winners of ``spans`` by priority, sorted by start, none overlapping another."""
    kept: list[Span] = []
    claimed = bytearray(max((s.end for s in spans), default=0))  # 1 where a kept span lies: linear, no inserts
    for candidate in sorted(spans, key=_priority):
        if claimed.find(1, candidate.start, candidate.end) < 0:
            claimed[candidate.start : candidate.end] = b"\1" * (candidate.end - candidate.start)
            kept.append(candidate)
    return sorted(kept, key=lambda s: s.start)


_last_rules: list[tuple[Sequence[Rule], tuple[Rule, ...]]] = [((), ())]  # the last rules and those without digits


def _digit_free(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    """The rules of ``rules`` that may find a span without a digit, in order (remembered for the last rules: an
    engine passes its own each time)."""
    last = _last_rules[0]
    if last[0] is rules:
        return last[1]
    free = tuple(rule for rule in rules if not getattr(rule, "needs_digit", False))
    _last_rules[0] = (rules, free)
    return free


def find_rule_spans(text: str, rules: Sequence[Rule]) -> list[Span]:
    """All rules' spans of ``text`` (markup already blanked), overlaps resolved, sorted.

    A rule whose spans always hold a digit (``needs_digit``) is skipped on a note without one.
    """
    spans: list[Span] = []
    for rule in rules if has_digit(text) else _digit_free(rules):
        spans += rule.find(text)
    if len(spans) < 2:
        return spans
    return resolve(spans)
