"""Surnames that are German words or compounds, where the title chain leaves no doubt that a name stands
(``engine.maskers.name_slots``): right after "Dr."/"Prof.", after a titled first name when the word closes
the name, right after an unambiguous "Frau"/"Herr". Invented names, no lists."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import typed_words

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER


def masked(engine: Deidentifier, text: str) -> list[str]:
    return [word for word, _ in typed_words(engine, text)]


MUST_MASK = [
    # a word after a titled first name that closes the name: line end, comma, bracket
    ("Dr. med. Gerlinde Lindenblatt\nOberärztin Innere Medizin", ["Gerlinde", "Lindenblatt"]),
    ("Pat.: Herr Valentin Kranich, 58 J., Sturz vom Rad.", ["Valentin", "Kranich"]),
    ("Mitbehandlung: Frau Dr. Edith Amsel (Dermatologie).", ["Edith", "Amsel"]),
    # any plain word right after "Dr."/"Prof.", also a frequent one and the first of three parts
    ("Kontrolle bei Dr. Falke in der Ambulanz.", ["Falke"]),
    ("Gez. Prof. Dr. Wachtel", ["Wachtel"]),
    # before a role written after the name: a word after a first name, a rare first name opening the line
    ("Gute Besserung.\nIlka Sperling, Assistenzärztin", ["Ilka", "Sperling"]),
    ("Gute Besserung.\nMinh Pfitscher, Ärztin", ["Minh", "Pfitscher"]),
    # a first name no list holds after "Dr. med.", and a plain word right after "Dr. med."
    ("Dr. med. Wenzeslaus Lindenblatt, Chefarzt", ["Wenzeslaus", "Lindenblatt"]),
    ("Kontrolle bei Dr. med. Falke in 2 Wochen.", ["Falke"]),
    # an acronym title spelled in mixed case after "Dr." is a name: "Ha" is no "HA" (Hausarzt)
    ("Gez. Dr. Ha Thu Nguyen, Assistenzärztin", ["Ha", "Thu", "Nguyen"]),
    # "Fr." in brackets with the name is "Frau", not Friday
    ("Wundberatung (Fr. Lindenblatt) am Montag.", ["Lindenblatt"]),
    # a noun or compound right after "Frau"/"Herr" that names no kind of person
    ("Frau Stieglitz stellte sich heute vor.", ["Stieglitz"]),
    ("Mutter Frau Fasan telefonisch informiert.", ["Fasan"]),
]


@pytest.mark.parametrize(("text", "expected"), MUST_MASK)
def test_surname_in_name_slot(shipped: Deidentifier, text: str, expected: list[str]) -> None:
    assert masked(shipped, text) == expected


MUST_NOT_MASK = [
    ("Frau Heimleiterin informiert, Termin fix.", "Heimleiterin"),
    ("Herr Ober, bitte noch ein Wasser.", "Ober"),
    ("Frau Mama ruft täglich an.", "Mama"),
    ("Liebe Nadine Vitalparameter: stabil.", "Vitalparameter"),
    ("Frau EKG Kontrolle morgen.", "EKG"),
    ("Dr. med. Anna Gruber\nStationsleitung Chirurgie", "Stationsleitung"),
    ("Termin bei Dr. Ramipril besprochen.", "Ramipril"),
    ("Herr Anton Blutdruck 150/90, sonst gut.", "Blutdruck"),
    ("Zuständige Ärztin: bitte zurückrufen.", "Zuständige"),
    ("Befund Sperling, Ärztin informiert.", "Befund"),
    ("Termin (Fr. Vormittag) fix.", "Vormittag"),
    ("Befund an Dr. HA Maier geschickt.", "HA"),
]


@pytest.mark.parametrize(("text", "word"), MUST_NOT_MASK)
def test_word_after_title_stays(shipped: Deidentifier, text: str, word: str) -> None:
    assert word not in masked(shipped, text)


# A double surname in the name slot, one part a German word ("Brandt", "Kurz") or a short particle ("El").
DOUBLE_SURNAME_MASKED = [
    ("Operateur: Prof. Dr. Jens Wolter-Brandt; Assistenz folgt.", ["Jens", "Wolter-Brandt"]),
    ("Frau Jadwiga Nowicka-Brandt, geb. 03.05.1961, kam zur Kontrolle.", ["Jadwiga", "Nowicka-Brandt"]),
    ("Betr.: Herrn Tarek El-Sayed, geb. 1955", ["Tarek", "El-Sayed"]),
    ("Vidiert: Prof. Dr. J. Wolter-Brandt", ["J", "Wolter-Brandt"]),
    ("Begleitet vom Sohn, Herrn Malik El-Sayed (Tel. folgt).", ["Malik", "El-Sayed"]),
]


@pytest.mark.parametrize(("text", "expected"), DOUBLE_SURNAME_MASKED)
def test_double_surname_in_name_slot(shipped: Deidentifier, text: str, expected: list[str]) -> None:
    assert masked(shipped, text) == expected


# A hyphen chain of words only, or a clinical chain, after a title is no name.
DOUBLE_WORD_KEPT = [
    ("Termin bei Dr. Covid-Ambulanz vereinbart.", "Covid-Ambulanz"),
    ("Frau Magen-Darm Beschwerden seit gestern.", "Magen-Darm"),
    ("Herr Knie-TEP links, mobilisiert.", "Knie-TEP"),
]


@pytest.mark.parametrize(("text", "word"), DOUBLE_WORD_KEPT)
def test_word_chain_after_title_stays(shipped: Deidentifier, text: str, word: str) -> None:
    assert word not in masked(shipped, text)


# "<Surname>, <Firstname>" after a patient label: a first name no list holds, and a surname that is a German
# word, are proven by the comma shape; both are one patient.
SURNAME_COMMA_FIRST_NAME = [
    ("Befund\n\nPat.: Kranich, Dinesh, m, *04.06.1975\nEinsender: Praxis", [("Kranich", PAT), ("Dinesh", PAT)]),
    ("Patient: Rajapaksa, Dinesh   m   1990\nLabor folgt.", [("Rajapaksa", PAT), ("Dinesh", PAT)]),
    ("Pat.: Oberhuber, Yaretzi", [("Oberhuber", PAT), ("Yaretzi", PAT)]),
]


@pytest.mark.parametrize(("text", "expected"), SURNAME_COMMA_FIRST_NAME)
def test_surname_comma_first_name_after_patient_label(
    shipped: Deidentifier, text: str, expected: list[tuple[str, Entity]]
) -> None:
    assert typed_words(shipped, text) == expected


COMMA_AFTER_PATIENT_KEPT = [
    ("Pat.: Oberhuber, Befund unauffällig.", "Befund"),
    ("Pat.: Befund, Diabetes bekannt.", "Befund"),
    ("Pat. Oberhuber, Diabetes seit Jahren bekannt.", "Diabetes"),
    ("Pat.: Oberhuber, Kachexie bekannt.", "Kachexie"),
]


@pytest.mark.parametrize(("text", "word"), COMMA_AFTER_PATIENT_KEPT)
def test_word_after_patient_comma_stays(shipped: Deidentifier, text: str, word: str) -> None:
    assert word not in masked(shipped, text)
