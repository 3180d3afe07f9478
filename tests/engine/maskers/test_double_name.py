"""DoubleName masker: hyphenated name chains with a proven part, never eponym compounds."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import EngineFactory, Hit, hits

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER
D = "DoubleName"
LISTS = NameLists(patients=("Gstrein",), hcps=("Zangerl",))


@pytest.fixture(scope="module")
def engine(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS, maskers=("Salutation", "DoubleName"))


MUST_MATCH: list[tuple[str, list[tuple[str, Entity, str]]]] = [
    ("Anna-Lena kommt", [("Anna-Lena", PER, "anna-lena")]),
    ("Müller-Huber", [("Müller-Huber", PER, "mueller-huber")]),
    ("Huber-Egger hat angerufen", [("Huber-Egger", PER, "huber-egger")]),
    ("Huber‐Egger", [("Huber‐Egger", PER, "huber-egger")]),  # U+2010 hyphen, folded reference
    ("Huber‑Egger", [("Huber‑Egger", PER, "huber-egger")]),  # U+2011, the only hyphen of its note
    ("Huber-Lia", [("Huber-Lia", PER, "huber-lia")]),  # one proven part, the other unknown
    ("Koch-Huber", [("Koch-Huber", PER, "koch-huber")]),
    ("Zangerl-Wolf", [("Zangerl-Wolf", HCP, "zangerl-wolf")]),
    ("Gstrein-Wolf", [("Gstrein-Wolf", PAT, "gstrein-wolf")]),
    ("Anna-Maria-Lena", [("Anna-Maria-Lena", PER, "anna-maria-lena")]),
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(engine: Deidentifier, text: str, expected: list[tuple[str, Entity, str]]) -> None:
    spans = engine.analyze(text)
    assert hits(engine, text) == [Hit(word, entity, D) for word, entity, _ in expected]
    assert [s.ref for s in spans] == [ref for *_, ref in expected]


MUST_NOT_MATCH = [
    "Marfan-Syndrom",
    "Parkinson-Patient",
    "Crohn-Huber",  # an eponym part makes it a disease name
    "Huber-Wilson",
    "Holter-EKG",
    "Huber-Syndrom",  # a proven part but a German noun beside it
    "Station-Huber",
    "Nanni-Lia",  # no part is a proven name
    "anna-lena",  # lower case
    "Huber-3",
    "Blutdruck-Kontrolle",
]


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(engine: Deidentifier, text: str) -> None:
    assert hits(engine, text) == []


def test_a_part_proven_elsewhere_in_the_note_counts(engine: Deidentifier) -> None:
    text = "Frau Nanni kommt. Nanni-Lia ruft an."
    assert hits(engine, text) == [
        Hit("Nanni", PAT, "Salutation", ("unknown-word",)),
        Hit("Nanni-Lia", PAT, D),
    ]


def test_reason_names_the_anchor(engine: Deidentifier) -> None:
    (span,) = engine.analyze("Huber-Lia")
    assert span.reason == "hyphenated name with 'huber'"


@pytest.mark.parametrize(("text", "entity"), [("Huber-Gstrein", PAT), ("Egger-Zangerl", HCP)])
def test_listed_part_decides_the_type(engine: Deidentifier, text: str, entity: Entity) -> None:
    assert [h.entity for h in hits(engine, text)] == [entity]
