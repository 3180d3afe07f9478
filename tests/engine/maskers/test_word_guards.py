"""Guards of the context maskers (PersonContext, RepeatedName, NameDictionary, Salutation) against words
that are no persons: drugs, clinical words and acronyms, role nouns, names read as nouns, counted words
and shops. Invented sentences of the forms real notes take."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier
from tests.engine.conftest import shipped_available

LISTS = NameLists(
    patients=(
        "Leopoldine Zimmer",
        "Adolf Nebel",
        "Gertrud Falke",
        "Hubert Kastner",
        "Gerda Krügel",
        "Olga Schirm",
        "Hans Zwickl",
    ),
    hcps=("Emil Zange",),
)


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
    ("Rücksprache HA: Beloc halbiert.", "Beloc"),
    ("HA: Dapagliflozin neu ab morgen.", "Dapagliflozin"),
    ("Umstellung auf Rivaroxaban laut Kardiologie.", "Rivaroxaban"),
    ("Therapie mit Eplerenon und Spironolacton.", "Eplerenon"),
    ("bei Xarelto keine Blutung.", "Xarelto"),
    # clinical words by their shape, listed clinical terms, mixed-case acronyms
    ("Kreatininanstieg bei Hyperkaliämie, Laborkontrolle in 5 Tagen.", "Hyperkaliämie"),
    ("Laut Befund bei Vorhofflattern eine Kardioversion.", "Vorhofflattern"),
    ("Verdacht auf Perikarditis bei Fieber.", "Perikarditis"),
    ("Dekompensation bei HFpEF (LVEF 55 %).", "HFpEF"),
    ("Anstieg von NTproBNP auf 2400.", "NTproBNP"),
    ("Meldung an Ordi bei RR < 90.", "Ordi"),
    ("Formulare für Einsender auf der Homepage.", "Einsender"),
    ("lt. HA, Entlassungsbrief geändert.", "Entlassungsbrief"),
    ("Laut Arzt Medikationsplanung neu.", "Medikationsplanung"),
    ("Mfg OA Dr. Kurt Lenz\nKlin. Abt. für Innere Medizin", "Klin"),
    # a proven surname that is a noun, used as the noun
    ("Frau Zimmer ruft an. Schläft im 2. Zimmer links.", "Zimmer"),
    ("Frau Schirm ruft an. Geht mit Schirm spazieren.", "Schirm"),
    ("Herr Nebel meldet sich. Am Morgen ist oft Nebel.", "Nebel"),
    ("Frau Falke kommt. Im Garten war ein seltener Falke.", "Falke"),
    ("Er ist selber Falke im Verein. Frau Falke kommt.", "Falke"),
    ("Schwiegersohn mit Zange und Schraubenzieher.", "Zange"),
    # counted words and shops
    ("Darf ein Krügel trinken, 1 Krügel am Tag.", "Krügel"),
    ("Tochter kauft beim Kastner ein.", "Kastner"),
    ("Trinkt ein Zwickl am Abend, maximal 1 Zwickl.", "Zwickl"),  # a listed name that is no noun, counted
    # OCR misreading of "Ihre" in a scanned letter
    ("Sehr geehrte Kollegin, lhre Patientin wurde aufgenommen.", "lhre"),
    ("Befund laut Ii. Seite unauffällig, lch melde mich.", "Ii"),
]


@pytest.mark.parametrize(("text", "word"), MUST_NOT_MASK)
def test_must_not_mask(engine: Deidentifier, text: str, word: str) -> None:
    words = masked_words(engine, text)
    surnames = [w for w in words if w == word]
    proven = 1 if ("Frau " in text or "Herr " in text) else 0  # the salutation's own mention stays masked
    assert len(surnames) == proven, words


# (text, words that must be masked): the guards must not cost these names
MUST_MASK = [
    ("Rücksprache mit Fischer wegen Befund.", ["Fischer"]),
    ("Telefonat mit Schirm: Termin fixiert.", ["Schirm"]),
    ("Frau Falke ruft an. Falke hat Fieber.", ["Falke", "Falke"]),
    ("Herr Nebel meldet sich. Befund an Nebel geschickt.", ["Nebel", "Nebel"]),
    ("Laut Lindmoser alles ok.", ["Lindmoser"]),
    ("Befund an Dr. Zange und Dr. Seewald.", ["Zange", "Seewald"]),
    ("Frau Wilson war heute da.", ["Wilson"]),  # a whitelisted eponym is still a name after a title
    ("Kastner kommt am Montag.", ["Kastner"]),  # a shop name elsewhere is the listed person
]


@pytest.mark.parametrize(("text", "expected"), MUST_MASK)
def test_must_mask(engine: Deidentifier, text: str, expected: list[str]) -> None:
    assert masked_words(engine, text) == expected
