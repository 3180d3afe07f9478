"""Guards of the bare-name maskers against surnames used as things (``engine.maskers.word_use``): eponyms of
operations, instruments, tests and signs, makers and brands of medicines, counted products, truncated
compounds and numbered nouns. Invented sentences of the forms clinical letters take; the eponyms here
stand in the deployment list as people, so only the form can keep them unmasked."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier
from tests.engine.conftest import shipped_available, word_masked

LISTS = NameLists(
    patients=("Ida Lichtenstein", "Paul Finkelstein", "Bella Brinkmann", "Theo Hohmann"),
    hcps=("Eva Schirmer", "Gustav Masaoka", "Rita Koga", "Nora Zahn", "Ludwig Bassini"),
    persons=("Olaf Stiefel", "Hugo Schlosser", "Rita Fischer", "Carina Moosbrugger"),
)


@pytest.fixture(scope="module")
def engine() -> Deidentifier:
    if not shipped_available():
        pytest.skip("shipped lexicon missing")
    return Deidentifier.default(LISTS)


MUST_NOT_MASK = [
    # an eponymous method after "<Noun> nach"
    ("Leistenhernie rechts, Hernioplastik nach Lichtenstein, komplikationslos.", "Lichtenstein"),
    ("Instrumente: 2 Pinzetten nach Bassini, 1 Schere", "Bassini"),
    ("Eingriff: Rekonstruktion nach Hohmann empfohlen.", "Hohmann"),
    # a sign or test before its finding, a measurement before value and unit
    ("Phalen und Finkelstein negativ, Sensibilität intakt.", "Finkelstein"),
    ("Hohmann lateralisiert nach links.", "Hohmann"),
    ("Tränenfilm: Schirmer 8/9 mm nach 5 min.", "Schirmer"),
    # eponymous compounds: the last part is a clinical head noun or a compound of one
    ("Rektumstumpf blind verschlossen (Hohmann-Stumpf).", "Hohmann-Stumpf"),
    ("Bassini-Zeigeversuch unauffällig.", "Bassini-Zeigeversuch"),
    # a staging system in brackets after the stage
    ("Thymom, Stadium IIA (Masaoka-Koga), R0-Resektion.", "Masaoka-Koga"),
    # a maker right after the drug, a brand in brackets after a medicine
    ("Torasemid Brinkmann 10 mg 1-0-0", "Brinkmann"),
    ("Medikation: Pille (Bella), sonst keine.", "Bella"),
    # an inventory count, a truncated compound, a noun before its number
    ("Lager: 12x O. Stiefel Spritzenpumpe, 3x Infusomat", "Stiefel"),
    ("Dr. Zahn. Abteilung für Mund-, Zahn- und Kieferheilkunde", "Zahn-"),
    ("Dr. Zahn kommt. Befund: Zahn 36 kariös.", "Zahn 36"),
    # a job noun after "als", "Beruf:" or in brackets after another job
    ("Elektriker (Schlosser), seit 2019 in Pension.", "Schlosser"),
    ("Frau Fischer ruft an. Als Fischer war der Gatte viel am See.", "Fischer war"),
    ("Herr Schlosser kommt. Beruf: Schlosser, jetzt in Pension.", "Schlosser,"),
    # a word in capitals with no name beside it, a noun after parts that are no names
    ("Beatmung über CARINA, FiO2 30 %.", "CARINA"),
    ("Deltoideus-Kraft M4, Sensibilität intakt.", "Deltoideus-Kraft"),
]


@pytest.mark.parametrize(("text", "word"), MUST_NOT_MASK)
def test_thing_is_not_masked(engine: Deidentifier, text: str, word: str) -> None:
    assert not word_masked(engine, text, word)


MUST_MASK = [
    # the same names where the form names a person
    ("Rückruf bei Lichtenstein wegen des Termins.", "Lichtenstein"),
    ("Übergabe nach Ida Lichtenstein an den Nachtdienst.", "Lichtenstein"),
    ("Übergabe nach Ida Lichtenstein an den Nachtdienst.", "Ida"),
    ("Abstrich bei Paul Finkelstein negativ.", "Finkelstein"),
    ("Dr. Schirmer 8 Uhr im OP.", "Schirmer"),
    ("Befund an Dr. Masaoka-Koga geschickt.", "Masaoka-Koga"),
    ("Besuch von Bella Brinkmann (Nichte).", "Brinkmann"),
    ("Frau Zahn kommt um 10.", "Zahn"),
    ("Torasemid 10 mg, Brinkmann ruft morgen an.", "Brinkmann"),
    ("Rücksprache mit Schlosser wegen Pflegestufe.", "Schlosser"),
    ("MOOSBRUGGER, Carina, geb. 1944", "MOOSBRUGGER"),
    ("Pat.: CARINA MOOSBRUGGER, geb. 1944", "CARINA"),
    ("Besuch: Carina Moosbrugger, Nichte.", "Carina"),
]


@pytest.mark.parametrize(("text", "word"), MUST_MASK)
def test_person_is_masked(engine: Deidentifier, text: str, word: str) -> None:
    assert word_masked(engine, text, word)
