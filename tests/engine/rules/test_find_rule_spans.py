"""find_rule_spans / default_rules: all rules together, overlaps resolved (synthetic notes)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine.rules import Rule, default_rules, find_rule_spans, resolve
from masketeer_gui.engine.span import Entity, Span
from tests.engine.rules.conftest import ANY_TEXT, assert_valid


@pytest.fixture(scope="module")
def rules(zip_towns: dict[str, tuple[str, ...]]) -> tuple[Rule, ...]:
    return default_rules(zip_towns)


def found(rules: tuple[Rule, ...], text: str) -> list[tuple[str, Entity, str]]:
    return [(text[s.start : s.end], s.entity, s.masker) for s in find_rule_spans(text, rules)]


def test_default_rules_are_the_regex_maskers(rules: tuple[Rule, ...]) -> None:
    assert [(r.name, r.entity) for r in rules] == [
        ("RegexEmail", Entity.MAI),
        ("RegexWebsite", Entity.WEB),
        ("RegexPhone", Entity.PHO),
        ("RegexAddress", Entity.ADD),
        ("RegexZIP", Entity.ZIP),
        ("RegexAddress", Entity.ADD),  # village addresses, proven by the ZIP code after them
    ]


MIXED: list[tuple[str, list[tuple[str, Entity, str]]]] = [
    (
        "Neue Adresse: Innrain 52, 6020 Innsbruck, Tel. 0512 504-23456",
        [
            ("Innrain 52", Entity.ADD, "RegexAddress"),
            ("6020 Innsbruck", Entity.ZIP, "RegexZIP"),
            ("0512 504-23456", Entity.PHO, "RegexPhone"),
        ],
    ),
    # an e-mail contains a domain: the e-mail wins
    ("Mail an maria.huber@herzmobil.at bitte", [("maria.huber@herzmobil.at", Entity.MAI, "RegexEmail")]),
    ("huber(at)gmx.at", [("huber(at)gmx.at", Entity.MAI, "RegexEmail")]),
    # a URL may contain a phone-like number: the URL wins
    (
        "Video: https://herzmobil.at/v/06641234567",
        [("https://herzmobil.at/v/06641234567", Entity.WEB, "RegexWebsite")],
    ),
    # an e-mail whose local part is a phone number
    ("0664123456@sms.a1.at", [("0664123456@sms.a1.at", Entity.MAI, "RegexEmail")]),
    ("Pat. fühlt sich gut, RR 135/80, Gewicht 78,5 kg, Torasemid 10 mg 1-0-0.", []),
]


@pytest.mark.parametrize(("text", "expected"), MIXED)
def test_rules_together(rules: tuple[Rule, ...], text: str, expected: list[tuple[str, Entity, str]]) -> None:
    assert found(rules, text) == expected


def _span(start: int, end: int, entity: Entity) -> Span:
    return Span(start, end, entity, f"Regex{entity}", "test", ref="x")


class _Fixed:
    """A stand-in rule that returns given spans."""

    name = "Fixed"
    entity = Entity.PHO

    def __init__(self, *spans: Span) -> None:
        self.spans = spans

    def find(self, text: str) -> Iterator[Span]:
        yield from self.spans


@pytest.mark.parametrize(
    ("spans", "kept"),
    [
        # e-mail beats web beats everything, whatever the lengths
        ([_span(0, 20, Entity.PHO), _span(5, 10, Entity.WEB)], [(5, 10, Entity.WEB)]),
        ([_span(0, 20, Entity.WEB), _span(5, 10, Entity.MAI)], [(5, 10, Entity.MAI)]),
        # otherwise the longer span wins, and ties go to the earlier one
        ([_span(0, 5, Entity.ZIP), _span(3, 12, Entity.ADD)], [(3, 12, Entity.ADD)]),
        ([_span(0, 5, Entity.ZIP), _span(4, 9, Entity.PHO)], [(0, 5, Entity.ZIP)]),
        # spans that do not overlap all stay, sorted
        (
            [_span(10, 12, Entity.ZIP), _span(0, 5, Entity.PHO), _span(5, 10, Entity.ADD)],
            [(0, 5, Entity.PHO), (5, 10, Entity.ADD), (10, 12, Entity.ZIP)],
        ),
        # a dropped long span frees room for a later one
        (
            [_span(0, 10, Entity.PHO), _span(8, 12, Entity.WEB), _span(0, 7, Entity.ADD)],
            [(0, 7, Entity.ADD), (8, 12, Entity.WEB)],
        ),
    ],
)
def test_overlap_resolution(spans: list[Span], kept: list[tuple[int, int, Entity]]) -> None:
    result = find_rule_spans("x" * 20, [_Fixed(*spans)])
    assert [(s.start, s.end, s.entity) for s in result] == kept


_SPANS = st.lists(
    st.builds(
        lambda start, length, entity: _span(start, start + length, entity),
        st.integers(0, 50),
        st.integers(1, 15),
        st.sampled_from(list(Entity)),
    ),
    max_size=12,
)


@given(_SPANS)
def test_resolve_keeps_a_sorted_non_overlapping_subset(spans: list[Span]) -> None:
    kept = resolve(spans)
    assert all(s in spans for s in kept)
    assert all(a.end <= b.start for a, b in pairwise(kept))
    # every dropped span overlaps a kept one (nothing is lost without a reason)
    assert all(any(d.overlaps(k.start, k.end) for k in kept) for d in spans if d not in kept)


@given(text=ANY_TEXT)
def test_all_rules_on_any_text(rules: tuple[Rule, ...], text: str) -> None:
    assert_valid(find_rule_spans(text, rules), text)


class _DigitRule(_Fixed):
    """A stand-in rule that says its spans always hold a digit."""

    needs_digit = True


@pytest.mark.parametrize(
    ("text", "runs"),
    [
        ("Rückruf erbeten, Befund folgt", False),  # no digit: the rule is skipped
        ("Kontrolle in 3 Wochen", True),
        ("Kontrolle in ٣ Wochen", True),  # any Unicode digit counts (phone keywords take \d)
    ],
)
def test_rules_needing_a_digit_run_only_on_notes_with_one(text: str, runs: bool) -> None:
    spans = find_rule_spans(text, [_DigitRule(_span(0, 5, Entity.PHO)), _Fixed(_span(10, 12, Entity.WEB))])
    assert [s.entity for s in spans] == ([Entity.PHO, Entity.WEB] if runs else [Entity.WEB])


@given(text=ANY_TEXT.map(lambda text: re.sub(r"\d", "", text)))
def test_rules_needing_a_digit_find_nothing_without_one(rules: tuple[Rule, ...], text: str) -> None:
    for rule in rules:
        if getattr(rule, "needs_digit", False):
            assert list(rule.find(text)) == [], type(rule).__name__


def test_rules_without_digits_are_those_of_each_set_passed() -> None:
    """The digit-free rules are remembered for the last set of rules only: another set is read anew."""
    first = (_DigitRule(_span(0, 5, Entity.PHO)), _Fixed(_span(10, 12, Entity.WEB)))
    second = (_Fixed(_span(0, 4, Entity.MAI)), _DigitRule(_span(6, 8, Entity.ZIP)))
    text = "Rückruf erbeten, Befund folgt"
    for rules, expected in [(first, [Entity.WEB]), (second, [Entity.MAI]), (first, [Entity.WEB])]:
        assert [s.entity for s in find_rule_spans(text, rules)] == expected
