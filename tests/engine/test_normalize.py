"""fold / fold_phrase: the comparison form that makes spelling variants equal."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.normalize import fold, fold_phrase


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("Müller", "mueller"),
        ("Mueller", "mueller"),
        ("MÜLLER", "mueller"),
        ("MUELLER", "mueller"),
        ("müller", "mueller"),
        ("Mu\u0308ller", "mueller"),  # decomposed ü (NFD, e.g. pasted from macOS)
        ("Größe", "groesse"),
        ("GRÖẞE", "groesse"),  # capital sharp s
        ("Schöpf", "schoepf"),
        ("Jäger", "jaeger"),
        ("Huber", "huber"),
        ("O’Brien", "o'brien"),
        ("Huber‐Egger", "huber-egger"),  # U+2010 hyphen
        ("Huber‑Egger", "huber-egger"),  # U+2011 non-breaking hyphen
        ("Huber–Egger", "huber-egger"),  # en dash
        ("Straße", "strasse"),
    ],
)
def test_fold(word: str, expected: str) -> None:
    assert fold(word) == expected


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("Müller", "Mueller"),
        ("Müller", "MÜLLER"),
        ("Weiß", "WEISS"),
        ("Jürgen", "JUERGEN"),
        ("Mu\u0308ller", "Müller"),
    ],
)
def test_variants_compare_equal(left: str, right: str) -> None:
    assert fold(left) == fold(right)


@pytest.mark.parametrize(("left", "right"), [("Huber", "Hubert"), ("Maier", "Meier"), ("Muller", "Müller")])
def test_different_words_stay_different(left: str, right: str) -> None:
    assert fold(left) != fold(right)


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("BKH  Schwaz", "bkh schwaz"),
        (" Klinik\tInnsbruck\n", "klinik innsbruck"),
        ("Sanatorium Kettenbrücke", "sanatorium kettenbruecke"),
        ("", ""),
    ],
)
def test_fold_phrase(phrase: str, expected: str) -> None:
    assert fold_phrase(phrase) == expected


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30))
def test_fold_is_idempotent(word: str) -> None:
    assert fold(fold(word)) == fold(word)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="aouAOUäöüÄÖÜßeEsS", min_size=1, max_size=12))
def test_fold_ignores_case_and_normal_form(word: str) -> None:
    assert fold(word.upper()) == fold(word.lower()) == fold(unicodedata.normalize("NFD", word))
