"""Salutation masker alone: names after Herr/Frau/Dr./Mag./Hallo/LG, on the tiny lexicon."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers.salutation import build_trie
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import EngineFactory, Hit, hits
from tests.engine.tiny_lexicon import tiny_lexicon

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER
S = "Salutation"
LISTS = NameLists(patients=("Gstrein",), hcps=("Zangerl",))


@pytest.fixture(scope="module")
def engine(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS, maskers=("Salutation",))


MUST_MATCH: list[tuple[str, list[tuple[str, Entity, tuple[str, ...]]]]] = [
    # chained titles: an HCP title anywhere in the chain makes the name an HCP
    ("Fr. Dr. U. Hofer kommt heute.", [("U", HCP, ("initial",)), ("Hofer", HCP, ())]),
    ("Prim. Dr. Hofer", [("Hofer", HCP, ())]),
    ("Frau Dr. Huber hat angerufen", [("Huber", HCP, ())]),
    ("Dr.in Hofer", [("Hofer", HCP, ())]),
    ("DGKP Egger", [("Egger", HCP, ())]),
    ("Sr. Anna", [("Anna", HCP, ())]),
    ("OA Dr. Pfurtscheller", [("Pfurtscheller", HCP, ("unknown-word",))]),
    ("Herr Mag. Josef Pfurtscheller", [("Josef", PER, ()), ("Pfurtscheller", PER, ("unknown-word",))]),
    ("Mag.a Huber", [("Huber", PER, ())]),
    # courtesy titles: unknown names are patients (PAT), listed ones keep their list
    ("Hr. Huber", [("Huber", PAT, ())]),
    ("Frau: Huber", [("Huber", PAT, ())]),
    ("Frau\nHuber", [("Huber", PAT, ())]),
    ("FRAU HUBER", [("HUBER", PAT, ())]),
    ("Frau Gstrein", [("Gstrein", PAT, ())]),
    ("Herr Zangerl", [("Zangerl", HCP, ())]),
    ("Dr. Gstrein", [("Gstrein", HCP, ())]),  # the HCP title beats the patient list
    ("Frau M. Huber", [("M", PAT, ("initial",)), ("Huber", PAT, ())]),
    ("Frau H.", [("H", PAT, ("initial",))]),
    ("Fr.Huber", [("Huber", PAT, ())]),
    # "Fr." may be Freitag, but a word that is no German word after it is a name
    ("am Fr. Huber anrufen", [("Huber", PAT, ())]),
    # lower-case names after a courtesy title, when they are known names
    ("frau huber", [("huber", PAT, ("lowercase",))]),
    ("Frau gstrein", [("gstrein", PAT, ("lowercase",))]),
    # eponyms are names after a title
    ("Frau Wilson", [("Wilson", PAT, ("unknown-word",))]),
    # only the name, not the noun after it
    ("Frau Maier Spaziergang", [("Maier", PAT, ())]),
    ("Frau Hubers Termin", [("Hubers", PAT, ())]),
    # one typo from a listed name: flagged, reference = the listed name
    ("Frau Gstrain kommt", [("Gstrain", PAT, ("fuzzy",))]),
    ("Herr Hubre", [("Hubre", PAT, ("fuzzy",))]),
    # at most three name words
    ("Frau Anna Maria Huber Egger", [("Anna", PAT, ()), ("Maria", PAT, ()), ("Huber", PAT, ())]),
    # greetings and sign-offs: the name is an HCP by default
    ("LG, Sepp", [("Sepp", HCP, ())]),
    ("LG Sepp Pfurtscheller", [("Sepp", HCP, ()), ("Pfurtscheller", HCP, ("unknown-word",))]),
    ("Liebe Grüße Maria", [("Maria", HCP, ())]),
    ("Liebe Grüsse, Maria", [("Maria", HCP, ())]),
    ("Hallo, Maria", [("Maria", HCP, ())]),
    ("Hallo Pfurtscheller", [("Pfurtscheller", HCP, ("unknown-word",))]),
    ("MfG Gstrein", [("Gstrein", PAT, ())]),  # a listed patient stays a patient
    ("Hallo Frau Huber", [("Huber", PAT, ())]),  # a courtesy title ends the chain: PAT
    ("Herr und Frau Huber", [("Huber", PAT, ())]),
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(engine: Deidentifier, text: str, expected: list[tuple[str, Entity, tuple[str, ...]]]) -> None:
    assert hits(engine, text) == [Hit(word, entity, S, flags) for word, entity, flags in expected]


MUST_NOT_MATCH = [
    "am Fr. Kontrolle",  # Freitag
    "Termin am Fr. im Garten",
    "Hallo Team",
    "Hallo Kollegen",
    "Hallo zusammen",
    "Liebe Kollegen",
    "LG Team",
    "Herr heute",
    "Frau RR Kontrolle",
    "Frau EKG",
    "Frau 3",
    "die Frau kommt",
    "Frau Station",
    "Morbus Wilson",
    "Frau -Huber",
    "Dr.",
    "Frau",
    "Hallo",
]


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(engine: Deidentifier, text: str) -> None:
    assert hits(engine, text) == []


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("Frau Gstrain", "gstrein"),
        ("Herr Hubre", "huber"),
        ("Frau Hubers", "huber"),
        ("Frau MÜLLER", "mueller"),
    ],
)
def test_reference_is_the_listed_name(engine: Deidentifier, text: str, ref: str) -> None:
    (span,) = engine.analyze(text)
    assert span.ref == ref


def test_reason_quotes_the_salutation(engine: Deidentifier) -> None:
    (_, span) = engine.analyze("Fr. Dr. U. Hofer")
    assert span.reason == "after salutation 'Fr Dr'"


def test_a_sentence_end_stops_the_salutation(engine: Deidentifier) -> None:
    assert hits(engine, "Bitte anrufen Frau. Huber") == []


def test_build_trie_marks_where_forms_end() -> None:
    trie = build_trie(tiny_lexicon().salutations)
    liebe = trie["liebe"]
    assert isinstance(liebe, dict)
    assert liebe["\x00"] == "greeting"
    gruesse = liebe["gruesse"]
    assert isinstance(gruesse, dict) and gruesse["\x00"] == "signoff"
    assert "huber" not in trie


def test_apostrophe_name_is_masked_whole(engine: Deidentifier) -> None:
    text = "Herr O'Brien kommt"
    assert [text[s.start : s.end] for s in engine.analyze(text)] == ["O'Brien"]


def test_hyphenated_listed_patient_after_courtesy_title(make_engine: EngineFactory) -> None:
    engine = make_engine(NameLists(patients=("Gstrein",)))
    assert [(h.text, h.entity) for h in hits(engine, "Frau Huber-Gstrein kommt")] == [("Huber-Gstrein", PAT)]
