"""Name types from the words around a name and the note's own patient (``engine.entities``), on the shipped
lexicon. Invented sentences and names only."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine import entities
from masketeer_gui.engine.lists import NameLists, NoteContext
from masketeer_gui.engine.pipeline import Deidentifier
from tests.engine.conftest import shipped_available

LISTS = {"patients": [{"id": "P7", "name": "Theodor Quellmoser"}, "Hermine Zachhuber"], "hcps": ["Zachhuber"]}


@pytest.fixture(scope="module")
def engine() -> Deidentifier:
    if not shipped_available():
        pytest.skip("the shipped lexicon is not available")
    return Deidentifier.default(NameLists.from_mapping(LISTS))


def types(engine: Deidentifier, text: str, patient_id: str = "") -> list[tuple[str, str]]:
    return [(text[s.start : s.end], str(s.entity)) for s in engine.analyze(text, NoteContext(patient_id=patient_id))]


@pytest.mark.parametrize(
    ("text", "patient_id", "expected"),
    [
        # the note's own patient (by id) is PAT; a relative sharing the surname is PER
        ("Hr. Quellmoser kommt morgen.", "P7", [("Quellmoser", "PAT")]),
        ("Fr. Quellmoser berichtet, ihr Mann schläft schlecht.", "P7", [("Quellmoser", "PER")]),
        (
            "Gattin Roswitha Quellmoser ruft an, Hr. Quellmoser hat Fieber.",
            "P7",
            [("Roswitha", "PER"), ("Quellmoser", "PER"), ("Quellmoser", "PAT")],
        ),
        # relation words before or after the name decide PER; "Fam." names the relatives
        ("Fam. Quellmoser war zu Besuch.", "", [("Quellmoser", "PER")]),
        ("Sohn Ferdinand Quellmoser holt ab.", "", [("Ferdinand", "PER"), ("Quellmoser", "PER")]),
        # an HCP title decides HCP, also after the name; the words before come first
        (
            "Anwesend: Pat., Ehefrau Walpurga Trinkl, DGKP Severin Haidegger.",
            "",
            [("Walpurga", "PER"), ("Trinkl", "PER"), ("Severin", "HCP"), ("Haidegger", "HCP")],
        ),
        ("Befund besprochen.\nSeverin Haidegger, DGKP", "", [("Severin", "HCP"), ("Haidegger", "HCP")]),
        # a bare name closing a staff note is the staff member who wrote it
        ("Hausbesuch bei Frau Trinkl: RR 130/80.\nSeverin", "", [("Trinkl", "PAT"), ("Severin", "HCP")]),
        # a spouse named by the other spouse is the patient; the relative who signs the message is PER
        (
            "Guten Tag, mein Mann Leopold Trinkl hat Atemnot. Bitte um Rückruf!\nLG Walpurga Trinkl",
            "",
            [("Leopold", "PAT"), ("Trinkl", "PAT"), ("Walpurga", "PER"), ("Trinkl", "PER")],
        ),
        # a nickname in quotes after a name is that person's
        (
            "Pat.: Kunigunde Pfandlbauer („Gundi“), geb. 1941.",
            "",
            [("Kunigunde", "PAT"), ("Pfandlbauer", "PAT"), ("Gundi", "PAT")],
        ),
        # a listed full name decides, in either order, though its surname is on two lists
        ("Zachhuber Hermine: stabil, Gewicht 64 kg.", "", [("Zachhuber", "PAT"), ("Hermine", "PAT")]),
        # a title that is also a kinship word, after a possessive, names a relative
        ("Meine Schwester Gerlinde schaut täglich vorbei.", "", [("Gerlinde", "PER")]),
        ("Schwester Gerlinde hat den Verband gewechselt.", "", [("Gerlinde", "HCP")]),
        # a formal letter addresses a colleague, and its greeting signs nothing
        ("Sehr geehrte Frau Moosbrugger,\nanbei die Werte meiner Mutter.", "", [("Moosbrugger", "HCP")]),
        # … also when she shares the patient's surname: a colleague, not a relative
        ("Sehr geehrte Frau Quellmoser, mein Mann hustet seit Tagen.", "P7", [("Quellmoser", "HCP")]),
        # a bare surname beside a relative named with a relation word is the patient, not that relative
        (
            "Sohn Kilian Pfrimmer bringt die Tabletten. Hr. Pfrimmer hat Fieber.",
            "",
            [("Kilian", "PER"), ("Pfrimmer", "PER"), ("Pfrimmer", "PAT")],
        ),
    ],
)
def test_name_types(engine: Deidentifier, text: str, patient_id: str, expected: list[tuple[str, str]]) -> None:
    assert types(engine, text, patient_id) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mag.a Gundlhuber", [("Gundlhuber", "PER")]),  # a name alone signs nothing
        ("Hallo Frau Trinkl, bitte um Rückruf.", [("Trinkl", "PAT")]),  # an informal greeting is no letter
        ("Herr Quellmoser kommt morgen.", [("Quellmoser", "PAT")]),  # no patient id: the courtesy default
    ],
)
def test_names_the_rules_leave_alone(engine: Deidentifier, text: str, expected: list[tuple[str, str]]) -> None:
    assert types(engine, text) == expected


def test_a_colleague_addressed_by_letter_is_one_person_across_patients(engine: Deidentifier) -> None:
    text = "Sehr geehrter Herr Dunkelhuber, anbei die Werte.\nHr. Dunkelhuber hat Fieber."
    letter, spoken = (e for e in engine.analyze_typed(text, NoteContext(patient_id="P7")).evidence if e)
    assert letter.entity.value == "HCP" and not letter.key.startswith("P7")
    assert spoken.key.startswith("P7")  # the patient's namesake stays this patient's


# What ``_first_person`` must answer: the words of ``entities._FIRST_PERSON``, whole, in the lower-cased note.
_WHOLE_WORDS = re.compile(r"\b(?:ich|mir|mich|mein|meine|meinen|meinem|meiner|meines|bin|papa|mama|oma|opa)\b")
_PIECES = ["ich", "mich", "mir", "mein", "meines", "bin", "Papa", "OMA", "opa", "gle", "x", "_", "3", "ß", "é", "İ"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Gruß, ich", True),
        ("MEINE Tochter kommt", True),
        ("Mama_x", False),
        ("gleich besser, täglich", False),
        ("Grüße vom Opa.", True),
        ("Xbin Ybin", False),
        ("Karin", False),
    ],
)
def test_first_person_reads_whole_words(text: str, expected: bool) -> None:
    assert entities._first_person(text) is expected


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=3)), max_size=12))
def test_first_person_agrees_with_a_word_boundary_search(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert entities._first_person(text) == bool(_WHOLE_WORDS.search(text.lower()))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a lone surname is the note's full name of that surname, typed as surely as that name
        (
            "Dr. Amalia Grubentaler hat visitiert. Frau Grubentaler empfiehlt Bettruhe.",
            [("Amalia", "HCP"), ("Grubentaler", "HCP"), ("Grubentaler", "HCP")],
        ),
        (
            "Frau Grubentaler empfiehlt Bettruhe, so Dr. Amalia Grubentaler.",
            [("Grubentaler", "HCP"), ("Amalia", "HCP"), ("Grubentaler", "HCP")],
        ),
        (
            "DGKP Kunigunde Feichtlbauer war da. Fr. Feichtlbauer kommt morgen wieder.",
            [("Kunigunde", "HCP"), ("Feichtlbauer", "HCP"), ("Feichtlbauer", "HCP")],
        ),
        # but not a relative introduced by a relation word: the family shares the surname
        (
            "Sohn Korbinian Wastlhuber ruft an. Herr Wastlhuber bringt Wäsche.",
            [("Korbinian", "PER"), ("Wastlhuber", "PER"), ("Wastlhuber", "PAT")],
        ),
    ],
)
def test_lone_surname_takes_the_type_of_the_notes_full_name(
    engine: Deidentifier, text: str, expected: list[tuple[str, str]]
) -> None:
    assert types(engine, text) == expected
