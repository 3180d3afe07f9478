"""Spelling noise: one edit per name, first letter kept; umlaut spellings."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz.distance import OSA

from masketeer_gui.synth import vocab
from masketeer_gui.synth.typos import has_umlaut, noisy, one_edit, to_ascii

NAMES = sorted(set(vocab.SURNAMES + vocab.FEMALE_FIRST + vocab.MALE_FIRST + vocab.RARE_SURNAMES))


@given(st.sampled_from(NAMES), st.integers(0, 2**32))
def test_one_edit_is_exactly_one_edit_after_the_first_letter(name: str, seed: int) -> None:
    typo = one_edit(name, Random(seed))
    assert typo != name
    assert typo[0] == name[0]
    assert OSA.distance(name, typo) == 1


@pytest.mark.parametrize("word", ["", "a", "Jo"])
def test_short_words_stay(word: str) -> None:
    assert one_edit(word, Random(1)) == word


@pytest.mark.parametrize(
    ("word", "ascii"),
    [
        ("Müller", "Mueller"),
        ("Schöpf", "Schoepf"),
        ("Straßer", "Strasser"),
        ("Ötztal", "Oetztal"),
        ("Huber", "Huber"),
    ],
)
def test_to_ascii(word: str, ascii: str) -> None:
    assert to_ascii(word) == ascii
    assert has_umlaut(word) == (word != ascii)


def test_noisy_changes_at_most_one_long_plain_word() -> None:
    rng = Random(7)
    text = "Pat. gibt an, dass die Beine heute dicker werden RR 135/80"
    changed = 0
    for _ in range(300):
        out = noisy(text, rng, 0.05)
        diff = [(a, b) for a, b in zip(text.split(" "), out.split(" "), strict=True) if a != b]
        assert len(diff) <= 1
        if diff:
            changed += 1
            assert diff[0][0].isalpha() and len(diff[0][0]) >= 5
    assert 50 < changed < 300
    assert noisy(text, rng, 0.0) == text
