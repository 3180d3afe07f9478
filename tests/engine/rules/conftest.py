"""Helpers for the regex-rule tests: matched substrings, span invariants, note-like random text."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import strategies as st

from masketeer_gui.engine.rules import Rule, load_zip_towns
from masketeer_gui.engine.span import Span

# Pieces of synthetic telehealth notes; hypothesis glues them together with random separators.
FRAGMENTS = (
    "Pat.",
    "Tel.",
    "Tel.:",
    "Fax",
    "Mobil",
    "Handy",
    "DW",
    "RR",
    "135/80",
    "mmHg",
    "Gewicht",
    "78,5",
    "kg",
    "0664",
    "1234567",
    "+43",
    "(0)",
    "512",
    "504-23456",
    "0512/504",
    "-",
    "/",
    ".",
    ",",
    ":",
    "@",
    "(at)",
    "www.",
    "herzmobil",
    ".at",
    ".de",
    "https://",
    "Innrain",
    "52",
    "Anichstraße",
    "35",
    "Str.",
    "Am",
    "Rain",
    "4",
    "Top",
    "3",
    "Stiege",
    "2",
    "6020",
    "Innsbruck",
    "A-",
    "D-",
    "80331",
    "München",
    "PLZ",
    "12.03.2024",
    "14:30",
    "1-0-1",
    "2x",
    "500",
    "mg",
    "Weg",
    "Platz",
    "Südtiroler",
    "huber",
    "ä",
    "ß",
    "\u00a0",
    "\n",
    "  ",
    "0",
    "00",
    "43",
    "Mal",
    "km",
)
SEPARATORS = st.sampled_from(["", " ", " ", ", ", "\n", ".", "-"])


@st.composite
def note_like(draw: st.DrawFn) -> str:
    """Random text made of note fragments: reaches deep into the rules' code paths."""
    parts = draw(st.lists(st.tuples(st.sampled_from(FRAGMENTS), SEPARATORS), max_size=25))
    return "".join(piece + sep for piece, sep in parts)


ANY_TEXT = st.one_of(st.text(max_size=200), note_like())


def matched(rule: Rule, text: str) -> list[str]:
    """The substrings of ``text`` that ``rule`` masks, in order."""
    return [text[s.start : s.end] for s in rule.find(text)]


def assert_valid(spans: Iterable[Span], text: str, rule: Rule | None = None) -> None:
    """Offsets inside the text, sorted, not overlapping; the rule's own masker name and type."""
    previous_end = 0
    for span in spans:
        assert 0 <= span.start < span.end <= len(text)
        assert span.start >= previous_end
        assert span.ref and span.reason
        previous_end = span.end
        if rule is not None:
            assert (span.masker, span.entity) == (rule.name, rule.entity)


@pytest.fixture(scope="session")
def zip_towns() -> dict[str, tuple[str, ...]]:
    return load_zip_towns()
