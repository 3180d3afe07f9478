"""Role words before a name (``dictionaries/salutations.tsv``): honorary titles are no names ("Herr Hofrat
Dr. …"), guardians, chaplains and interpreters name persons (PER), rescue and care roles and their short
forms name staff (HCP), "Bewohnerin"/"Klient" the patient (PAT). Invented names, no lists."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import typed_words

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER


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
def test_role_words(shipped: Deidentifier, text: str, expected: list[tuple[str, Entity]]) -> None:
    assert typed_words(shipped, text) == expected
