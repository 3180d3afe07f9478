"""note_shape / has_digit: the cheap pass over a note that tells the rules where they could match."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masketeer_gui.engine.rules.shape import DIGIT, has_digit, note_shape
from tests.engine.rules.conftest import ANY_TEXT

_ANY_DIGIT = re.compile(r"\d")
FOUR_DIGITS = bytes((DIGIT,)) * 4
# Text with digits of several scripts, Latin-1 letters, characters beyond Latin-1 and "?" itself.
DIGIT_MIX = st.text(alphabet=st.sampled_from("09 ?äß\u00a0\u0660\u0669\u06f5\u0966\uff13²½x.-"), max_size=40)


@pytest.mark.parametrize(
    "text",
    [
        "RR 135/80",
        "Kontrolle in 2 Wochen",
        "Zimmer\u00a07",
        "Ödem → 1",  # a character beyond Latin-1 before an ASCII digit
        "\u0663 Tabletten",  # an Arabic-Indic digit: ``\d`` matches it
        "Dosis \uff12",  # a full-width digit
        "Frage? \u0966",  # a Devanagari digit after a real "?"
    ],
)
def test_has_digit(text: str) -> None:
    assert has_digit(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Pat. stabil, keine Beschwerden.",
        "Fieber? Nein.",  # a real "?" makes the text be asked, and it holds no digit
        "Ödem → besser",  # beyond Latin-1, no digit
        "x² und ½ Tablette",  # numerals that are no decimal digits (``\d`` does not match them)
        "Ⅻ Uhr",  # a Roman numeral
    ],
)
def test_has_no_digit(text: str) -> None:
    assert not has_digit(text)


@pytest.mark.parametrize(
    ("text", "four"),
    [
        ("6020 Innsbruck", True),
        ("Tel. 0512 50423", True),
        ("Ödem → 1234", True),
        ("Dosis 0-1-0, am 12.3. um 9:30", False),
        ("602 0", False),
        ("60✓20", False),  # a character beyond Latin-1 keeps its place between the digits
        ("\u0666\u0660\u0662\u0660", False),  # digits of another script: the ZIP pattern's are ASCII
        ("", False),
    ],
)
def test_four_ascii_digits_in_a_row(text: str, four: bool) -> None:
    assert (FOUR_DIGITS in note_shape(text)) is four


@given(st.one_of(ANY_TEXT, DIGIT_MIX))
def test_has_digit_is_what_the_pattern_says(text: str) -> None:
    assert has_digit(text) is (_ANY_DIGIT.search(text) is not None)


@given(st.one_of(ANY_TEXT, DIGIT_MIX))
def test_shape_has_one_byte_per_character_and_marks_the_ascii_digits(text: str) -> None:
    shape = note_shape(text)
    assert len(shape) == len(text)
    assert [i for i, b in enumerate(shape) if b == DIGIT] == [i for i, c in enumerate(text) if "0" <= c <= "9"]


def test_the_last_shape_is_remembered_for_the_same_text_only() -> None:
    first = "Tel 0512"
    assert note_shape(first) is note_shape(first)
    other = "".join(["Tel ", "abcd"])  # another note: its own shape, not the last one
    assert note_shape(other) == b"Tel abcd"
    assert note_shape(first) == b"Tel 9999"


def test_no_break_spaces_are_spaces_in_the_shape() -> None:
    assert note_shape("Weg\u00a012\u00a0a") == b"Weg 99 a"
