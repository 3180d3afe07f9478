"""Names in signature blocks and in messages: degrees after the name, hyphenated and digraph initials,
rare nouns after "Dr.", lower-case names and rare names before a person verb, nicknames as inverted
subjects (invented names)."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import shipped_available

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER


@pytest.fixture(scope="module")
def engine() -> Deidentifier:
    if not shipped_available():
        pytest.skip("shipped lexicon missing")
    return Deidentifier.default()


def masked(engine: Deidentifier, text: str) -> list[tuple[str, Entity]]:
    return [(text[s.start : s.end], s.entity) for s in engine.analyze(text)]


MUST_MASK = [
    # degrees and titles after the name
    ("Wendelgard Pfeifenhofer, DGKS", [("Wendelgard", HCP), ("Pfeifenhofer", HCP)]),
    ("Zwirchmayr, DGKP", [("Zwirchmayr", HCP)]),
    ("Liebe Grüße\nGudrun Steixner MSc", [("Gudrun", HCP), ("Steixner", HCP)]),
    # hyphenated and digraph initials (a name closing a note signs it: staff, HCP)
    ("E.-M. Pfeifenhofer, DGKS", [("E", HCP), ("M", HCP), ("Pfeifenhofer", HCP)]),
    ("Bitte um Rückruf.\nCh. Wimmerer", [("Ch", HCP), ("Wimmerer", HCP)]),
    ("Danke.\nTh. Brandlechner", [("Th", HCP), ("Brandlechner", HCP)]),
    # signature blocks of German letters
    ("Prof. Dr. med. Heinrich Klawitter, Chefarzt", [("Heinrich", HCP), ("Klawitter", HCP)]),
    ("OÄ Dr. Ilse Tramberger", [("Ilse", HCP), ("Tramberger", HCP)]),
    # a rare noun right after "Dr." (and initials) is the surname
    ("HA Dr. Kranzfeier kontaktiert.", [("Kranzfeier", HCP)]),
    ("Dr. G. Kranzfeier\nDanke.", [("G", HCP), ("Kranzfeier", HCP)]),
    # a rare noun form and a lower-case surname before a person verb, after Herr/Frau
    ("Hr. Adliger hat angerufen – neues Tablet.", [("Adliger", PAT)]),
    ("fr. brandstätter ruft an: Fieber seit gestern.", [("brandstätter", PAT)]),
    # an unknown word after an initial; a nickname as the inverted subject of a clause
    ("Kontrolle in 2 Wochen.\nK. Hrabal", [("K", HCP), ("Hrabal", HCP)]),
    ("Die Einschulung übernimmt Mirka, ich komme später.", [("Mirka", PER)]),
    # a rare word that a large word list knows, after a first name or an initial
    ("Termine nur vormittags.\nKatharina Kowalski", [("Katharina", HCP), ("Kowalski", HCP)]),
    ("Danke.\nB. Horvath", [("B", HCP), ("Horvath", HCP)]),
    ("- Kovac Ingrid: Urlaub ab 3.5.", [("Kovac", PER), ("Ingrid", PER)]),
]


@pytest.mark.parametrize(("text", "expected"), MUST_MASK)
def test_must_mask(engine: Deidentifier, text: str, expected: list[tuple[str, Entity]]) -> None:
    assert masked(engine, text) == expected


MUST_NOT_MASK = [
    ("Derzeit kein Verdacht auf M. Parkinson.", "Parkinson"),  # Morbus, not an initial
    ("Dr. med. univ. Agnes Brettschneider", "univ"),
    ("Die Blutabnahme am Fr. Vormittag.", "Vormittag"),  # Freitag
    ("Dr. Sonntag? Nein: am Sonntag Kontrolle.", "Kontrolle"),
    ("Das macht Sinn, Gewicht stabil.", "Sinn"),
    ("Morgen kommt Physio, dann kommt Besuch.", "Physio"),
    ("Die Wundversorgung macht Hauskrankenpflege, danach Visite.", "Hauskrankenpflege"),
    ("Pflege, DGKP", "Pflege"),
    ("Liebe Roswitha\nDosisänderung: Torem 10 mg 1-0-0.", "Dosisänderung"),  # a new line, a noun compound
    ("Hallo Gerlinde RR 130/80, Puls 72.", "RR"),  # an acronym is no surname
    ("Liebe Hanna Blutdruckwerte gut.", "Blutdruckwerte"),
    ("Hr. Doktor hat angerufen.", "Doktor"),  # a frequent word, not a rare noun form
    ("fr. bitte ruft an", "bitte"),
]


@pytest.mark.parametrize(("text", "word"), MUST_NOT_MASK)
def test_must_not_mask(engine: Deidentifier, text: str, word: str) -> None:
    assert word not in [w for w, _ in masked(engine, text)]
