"""PersonContext after "mit", "bei", "für", "an", "von" (``engine.maskers.contact_cues``): an unknown word there
is a person only in a contact (a word of talking, calling, writing or teaching before the preposition, a
verb of contact or a first name after the word); otherwise it is a product, a drug, a finding or a service.
Invented sentences, no deployment lists (the unknown words are in no list)."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.pipeline import Deidentifier
from tests.engine.conftest import word_masked

MUST_NOT_MASK = [
    ("Wunde gereinigt mit Biatain, trockener Verband.", "Biatain"),
    ("Ulcus cruris, Spülung mit Granugel und Kompression.", "Granugel"),
    ("Besserung bei Pfitscher, dann weiter.", "Pfitscher"),  # a finding's word, no contact around it
    ("Patientin nüchtern ab 22 Uhr für Obkircher morgen früh.", "Obkircher"),
    ("Schwellung rechts (seit Montag) mit Pfitscher versorgt.", "Pfitscher"),
]


@pytest.mark.parametrize(("text", "word"), MUST_NOT_MASK)
def test_thing_after_preposition_is_not_masked(shipped: Deidentifier, text: str, word: str) -> None:
    assert not word_masked(shipped, text, word)


MUST_MASK = [
    ("Rücksprache mit Pfitscher: Dosis bleibt.", "Pfitscher"),
    ("Telefonat mit Obkircher, es geht gut.", "Obkircher"),
    ("Rückruf bei Pfitscher, nicht erreicht.", "Pfitscher"),
    ("Befund an Obkircher weitergeleitet.", "Obkircher"),
    ("Info von Pfitscher: Tabletten gehen aus.", "Pfitscher"),
    ("Schulung mit Obkircher durchgeführt.", "Obkircher"),
    ("Gestern mit Pfitscher telefoniert, passt.", "Pfitscher"),
    ("Termin mit Obkircher Hannes am Freitag.", "Obkircher"),
    ("laut Pfitscher alles in Ordnung.", "Pfitscher"),  # "laut" needs no contact word
    ("Bei Obkircher Gew. +2 kg, Diuretikum erhöht.", "Obkircher"),  # a finding about the person follows
]


@pytest.mark.parametrize(("text", "word"), MUST_MASK)
def test_person_in_contact_is_masked(shipped: Deidentifier, text: str, word: str) -> None:
    assert word_masked(shipped, text, word)
