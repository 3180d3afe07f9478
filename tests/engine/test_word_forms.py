"""Word shapes that are no person: diagnosis endings, mixed-case acronyms, agent nouns, OCR misreadings."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.word_forms import (
    has_medical_ending,
    has_word_suffix,
    is_agent_noun,
    is_mixed_case_acronym,
    ocr_variant_of,
)

WORDS = {"ihre", "ich", "ihnen", "einsendung", "kommen", "name"}


@pytest.mark.parametrize("word", ["thrombose", "perikarditis", "kammerflimmern", "hyperkaliaemie", "koloskopie"])
def test_medical_endings(word: str) -> None:
    assert has_medical_ending(word)


@pytest.mark.parametrize("word", ["rose", "huber", "gstrein", "moser", "pichler", "hinterseer"])
def test_no_medical_ending(word: str) -> None:
    assert not has_medical_ending(word)


@pytest.mark.parametrize("text", ["HFpEF", "HFrEF", "NTproBNP", "HbA", "CrP"])
def test_mixed_case_acronyms(text: str) -> None:
    assert is_mixed_case_acronym(text)


@pytest.mark.parametrize("text", ["McNeill", "DiCaprio", "Huber", "EKG", "RR", "A", "Mc"])
def test_not_mixed_case_acronyms(text: str) -> None:
    assert not is_mixed_case_acronym(text)


@pytest.mark.parametrize(("word", "expected"), [("einsender", True), ("ueberweiser", False), ("lechner", False)])
def test_agent_nouns(word: str, expected: bool) -> None:
    assert is_agent_noun(word, WORDS.__contains__) is expected


@pytest.mark.parametrize(
    ("word", "expected"),
    [("lhre", "ihre"), ("lch", "ich"), ("lhnen", "ihnen"), ("korn0en", None), ("narne", "name"), ("lisa", None)],
)
def test_ocr_variants(word: str, expected: str | None) -> None:
    assert ocr_variant_of(word, WORDS.__contains__) == expected


@pytest.mark.parametrize(
    "word",
    ["anleitung", "dokumentierung", "supervision", "kooperation", "mobilitaet", "zufriedenheit", "kardiologische",
     "neurologischen", "intrazerebrale", "perioperative", "mediastinale", "vestibulaere", "diensthabende",
     "zustaendige"],
)  # fmt: skip
def test_word_suffixes(word: str) -> None:
    assert has_word_suffix(word)


@pytest.mark.parametrize(
    "word",
    ["jung", "hartung", "leitung", "natale", "pascale", "olive", "gabrielle", "grossfischer", "sion", "rosale",
     "steinwender", "gasteiger"],
)  # fmt: skip
def test_no_word_suffix(word: str) -> None:
    """Names and short words keep their reading: the endings hold only from their shortest trusted length."""
    assert not has_word_suffix(word)
