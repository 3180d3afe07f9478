"""Role words before a name (``dictionaries/salutations.tsv``): honorary titles are no names ("Herr Hofrat
Dr. …"), guardians, chaplains and interpreters name persons (PER), rescue and care roles and their short
forms name staff (HCP), "Bewohnerin"/"Klient" the patient (PAT). Invented names, no lists."""

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


CASES = [
    # an honorary title between the courtesy word and the doctor's name is no name
    ("Sehr geehrter Herr Medizinalrat Dr. Obkircher,", [("Obkircher", HCP)]),
    ("Sehr geehrte Frau Hofrätin Kranebitter,", [("Kranebitter", HCP)]),
    # people around the patient who are no care team: PER
    ("Seelsorge durch Pfarrerin Obkircher am Abend.", [("Obkircher", PER)]),
    ("Ein Besuch vom Seelsorger Pfr. Anton Pfitscher wurde gewünscht.", [("Anton", PER), ("Pfitscher", PER)]),
    ("Telefon mit Beiständin Frau Vroni Obkircher: einverstanden.", [("Vroni", PER), ("Obkircher", PER)]),
    ("Dolmetscherin Obkircher übersetzt beim Aufklärungsgespräch.", [("Obkircher", PER)]),
    # rescue and care roles, also as short forms: HCP
    ("Übergabe durch RTW (NFS Pfitscher, RS Kranebitter).", [("Pfitscher", HCP), ("Kranebitter", HCP)]),
    ("Stillberatung durch Hebamme Obkircher.", [("Obkircher", HCP)]),
    ("Befund telefonisch an Fr. Pfitscher (MPA) durchgegeben.", [("Pfitscher", HCP)]),
    # residents and clients of care services are the patient
    ("Rezept für Bew. Pfitscher angefordert.", [("Pfitscher", PAT)]),
    ("Klient: Hr. Obkircher, 81 J.", [("Obkircher", PAT)]),
    ("Betreff: Rückruf wg. Pat. Wendlinger, Gottfried (geb. 1971)", [("Wendlinger", PAT), ("Gottfried", PAT)]),
    # "Dres." names several doctors, joined by "&", "/", "und" (and "," before a name)
    ("Histologie: Institut für Pathologie Dres. Lindenblatt & Pfitscher.", [("Lindenblatt", HCP), ("Pfitscher", HCP)]),
    ("Kopie an: Praxis Dres. Obkircher/Kranich, Innsbruck", [("Obkircher", HCP), ("Kranich", HCP)]),
    (
        "Dres. Ute Obkircher und Kurt Kranich, Fachärzte",
        [("Ute", HCP), ("Obkircher", HCP), ("Kurt", HCP), ("Kranich", HCP)],
    ),
    # a spelled-out title after an article is a noun (the masker takes no name after it), so it types nothing
    ("Heute Termin beim Doktor Kranebitter Maria, seit gestern zuhause.", [("Kranebitter", PER), ("Maria", PER)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_role_words(engine: Deidentifier, text: str, expected: list[tuple[str, Entity]]) -> None:
    assert masked(engine, text) == expected
