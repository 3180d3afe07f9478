"""The rules stay linear in note length: long notes of repeated contacts and long white-space runs.

The bounds are generous (seconds for what takes well under one): they catch quadratic behaviour
(a 200 KB run of spaces took ten minutes in the address rule when every space re-read the run),
not small slow-downs, which ``bench/`` measures.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine.rules import Rule, default_rules, find_rule_spans, resolve
from masketeer_gui.engine.rules.resolve import Taken
from masketeer_gui.engine.span import Entity, Span

SIZE = 200_000
BOUND_SECONDS = 10.0

LONG_NOTES: dict[str, Callable[[], str]] = {
    "spaces": lambda: " " * SIZE,
    "spaces before a number": lambda: "Hauptstraße" + " " * SIZE + "5",
    "no-break spaces before a number": lambda: "Platz\u00a0" + "\u00a0" * SIZE + "5",
    "keyword then spaces": lambda: "Tel" + " " * (SIZE // 2) + ":" + " " * (SIZE // 2) + "x",
    "repeated contacts": lambda: (
        ("Tel. 0463 998877, Lindenweg 4, 6020 Innsbruck, Unterberg 7, 8330 Feldbach" + " " * 60 + "\n") * (SIZE // 135)
    ),
    "repeated phones": lambda: "0664 7654321 " * (SIZE // 13),
    "numbers and spaces": lambda: "1 " * (SIZE // 2),
    "letters without spaces": lambda: "Gasse" * (SIZE // 10) + " 5" + "a" * (SIZE // 2) + "straße 5",
    "romance street particles": lambda: "Via " + "de " * (SIZE // 3) + "5",
    "romance street then one long word": lambda: "Rue " + "a" * SIZE + " 5",
    "prepositions and adjectives": lambda: "Am Alten " * (SIZE // 9) + "5",
    "one-digit phone groups": lambda: "0512" + " 1" * (SIZE // 2),
    "abbreviated towns": lambda: "34346 A. " * (SIZE // 9),
    "towns with rivers": lambda: "63450 Hanau am Main " * (SIZE // 20),
}


@pytest.fixture(scope="module")
def rules(zip_towns: dict[str, tuple[str, ...]]) -> tuple[Rule, ...]:
    return default_rules(zip_towns)


@pytest.mark.parametrize("make", LONG_NOTES.values(), ids=list(LONG_NOTES))
def test_long_note_finishes_in_seconds(rules: tuple[Rule, ...], make: Callable[[], str]) -> None:
    text = make()
    started = time.perf_counter()
    find_rule_spans(text, rules)
    assert time.perf_counter() - started < BOUND_SECONDS


TAKEN_CASES: list[tuple[list[tuple[int, int]], tuple[int, int], bool]] = [
    ([], (0, 5), True),
    ([(0, 5)], (5, 9), True),  # touching is free
    ([(5, 9)], (0, 5), True),
    ([(0, 5)], (4, 6), False),
    ([(0, 5)], (0, 5), False),
    ([(2, 3)], (0, 9), False),  # a kept span inside
    ([(0, 9)], (2, 3), False),  # inside a kept span
    ([(0, 2), (8, 9)], (2, 8), True),  # between two
    ([(0, 2), (8, 9)], (1, 3), False),
    ([(0, 2), (8, 9)], (7, 8), True),
    ([(0, 2), (8, 9)], (7, 9), False),
]


@pytest.mark.parametrize(("kept", "candidate", "free"), TAKEN_CASES)
def test_taken_intervals(kept: list[tuple[int, int]], candidate: tuple[int, int], free: bool) -> None:
    taken = Taken()
    for start, end in kept:
        taken.take(start, end)
    assert taken.free(*candidate) is free


def _naive_resolve(spans: list[Span]) -> list[Span]:
    """The pairwise version that ``resolve`` replaced: same winners."""
    rank = {Entity.MAI: 0, Entity.WEB: 1}
    kept: list[Span] = []
    for candidate in sorted(spans, key=lambda s: (rank.get(s.entity, 2), -s.length, s.start)):
        if not any(candidate.overlaps(k.start, k.end) for k in kept):
            kept.append(candidate)
    return sorted(kept, key=lambda s: s.start)


_SPAN = st.builds(
    lambda start, length, entity: Span(start, start + length, entity, "R", "r", ref="x"),
    st.integers(0, 60),
    st.integers(1, 12),
    st.sampled_from([Entity.PHO, Entity.ADD, Entity.ZIP, Entity.MAI, Entity.WEB]),
)


@given(st.lists(_SPAN, max_size=30))
def test_resolve_keeps_the_same_winners_as_pairwise_checks(spans: list[Span]) -> None:
    assert resolve(spans) == _naive_resolve(spans)
