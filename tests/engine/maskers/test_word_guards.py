"""Guards of the context maskers (PersonContext, RepeatedName, NameDictionary, Salutation) against words
that are no persons: drugs, clinical words and acronyms, role nouns, names read as nouns, counted words
and shops. Invented sentences of the forms real notes take."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier
from tests.engine.conftest import shipped_available

LISTS = NameLists(patients=("Leopoldine Stock", "Adolf Rauch", "Gertrud Vogel", "Hubert Hofer"), hcps=("Emil Hammer",))


@pytest.fixture(scope="module")
def engine() -> Deidentifier:
    if not shipped_available():
        pytest.skip("shipped lexicon missing")
    return Deidentifier.default(LISTS)


def masked_words(engine: Deidentifier, text: str) -> list[str]:
    return [text[s.start : s.end] for s in engine.analyze(text)]


# (text, the word that must stay unmasked)
MUST_NOT_MASK = [
    # drugs, brand and generic, from the drug dictionary: after a title, after a cue word
    ("Rücksprache HA: Nebilet halbiert, Lasix pausiert.", "Nebilet"),
    ("HA: Dapagliflozin neu ab morgen.", "Dapagliflozin"),
    ("Umstellung auf Rivaroxaban laut Kardiologie.", "Rivaroxaban"),
    ("Therapie mit Eplerenon und Spironolacton.", "Eplerenon"),
    ("bei Xarelto keine Blutung.", "Xarelto"),
    # clinical words by their shape, listed clinical terms, mixed-case acronyms
    ("prärenal bei Exsikkose, Kontrolle in 3 Tagen.", "Exsikkose"),
    ("Laut Befund bei Vorhofflattern eine Kardioversion.", "Vorhofflattern"),
    ("Verdacht auf Perikarditis bei Fieber.", "Perikarditis"),
    ("Dekompensation bei HFmrEF (LVEF 44 %).", "HFmrEF"),
    ("Anstieg von NTproBNP auf 2400.", "NTproBNP"),
    ("Meldung an Ordi bei RR < 90.", "Ordi"),
    ("Infos für Zuweiser auf der Homepage.", "Zuweiser"),
    ("lt. HA, Medikationsliste geändert.", "Medikationsliste"),
    ("Mfg OA Dr. Kurt Lenz\nKlin. Abteilung für Innere Medizin", "Klin"),
    # a proven surname that is a noun, used as the noun
    ("Frau Stock ruft an. Wohnt im 2. Stock, Lift vorhanden.", "Stock"),
    ("Frau Stock ruft an. Geht mit Stock seit dem Sturz.", "Stock"),
    ("Herr Rauch meldet sich. In der Küche ist oft Rauch.", "Rauch"),
    ("Frau Vogel kommt. Das ist ein seltener Vogel.", "Vogel"),
    ("Schwiegersohn mit Hammer und Bohrmaschine.", "Hammer"),
    # counted words and shops
    ("Darf ein Seidl trinken, 1 Seidl am Tag.", "Seidl"),
    ("Tochter kauft beim Hofer ein.", "Hofer"),
    # OCR misreading of "Ihre" in a scanned letter
    ("Sehr geehrte Kollegin, lhre Patientin wurde aufgenommen.", "lhre"),
]


@pytest.mark.parametrize(("text", "word"), MUST_NOT_MASK)
def test_must_not_mask(engine: Deidentifier, text: str, word: str) -> None:
    words = masked_words(engine, text)
    surnames = [w for w in words if w == word]
    proven = 1 if text.startswith(("Frau", "Herr")) else 0  # the salutation's own mention stays masked
    assert len(surnames) == proven, words


# (text, words that must be masked): the guards must not cost these names
MUST_MASK = [
    ("Rücksprache mit Fischer wegen Befund.", ["Fischer"]),
    ("Telefonat mit Stock: Termin fixiert.", ["Stock"]),
    ("Frau Vogel ruft an. Vogel hat Fieber.", ["Vogel", "Vogel"]),
    ("Herr Rauch meldet sich. Befund an Rauch geschickt.", ["Rauch", "Rauch"]),
    ("Laut Lindmoser alles ok.", ["Lindmoser"]),
    ("Befund an Dr. Hammer und Dr. Seewald.", ["Hammer", "Seewald"]),
    ("Frau Wilson war heute da.", ["Wilson"]),  # a whitelisted eponym is still a name after a title
    ("Hofer kommt am Montag.", ["Hofer"]),  # a shop name elsewhere is the listed person
]


@pytest.mark.parametrize(("text", "expected"), MUST_MASK)
def test_must_mask(engine: Deidentifier, text: str, expected: list[str]) -> None:
    assert masked_words(engine, text) == expected
