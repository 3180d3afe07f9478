"""NameDictionary masker alone: listed and shipped names, genitive, ambiguous nouns, one typo."""

from __future__ import annotations

import dataclasses

import pytest

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier, EngineConfig
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import EngineFactory, Hit, hits

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER
N = "NameDictionary"
LISTS = NameLists(patients=("Gstrein", "Hubi"), hcps=("Zangerl",), persons=("Pfurtscheller",))


@pytest.fixture(scope="module")
def engine(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS, maskers=("NameDictionary",))


MUST_MATCH: list[tuple[str, list[tuple[str, Entity, tuple[str, ...]]]]] = [
    ("Huber kommt", [("Huber", PER, ())]),
    ("HUBER kommt", [("HUBER", PER, ())]),
    ("Heute kommt Huber.", [("Huber", PER, ())]),
    ("Müller, Mueller und MÜLLER", [("Müller", PER, ()), ("Mueller", PER, ()), ("MÜLLER", PER, ())]),
    ("Schöpf", [("Schöpf", PER, ())]),
    # deployment lists decide the type
    ("Gstrein kommt", [("Gstrein", PAT, ())]),
    ("Zangerl hat telefoniert", [("Zangerl", HCP, ())]),
    ("Pfurtscheller", [("Pfurtscheller", PER, ())]),
    # genitive
    ("Hubers Termin", [("Hubers", PER, ())]),
    ("Zangerls Ambulanz", [("Zangerls", HCP, ())]),
    ("Lenas Garten", [("Lenas", PER, ())]),
    # a surname that is also a noun needs an unambiguous name beside it
    ("Heute Maria Koch.", [("Maria", PER, ()), ("Koch", PER, ("ambiguous-word",))]),
    ("Heute mit Anna Bauer", [("Anna", PER, ()), ("Bauer", PER, ("ambiguous-word",))]),
    # only the name, not the noun next to it
    ("Maier Spaziergang", [("Maier", PER, ())]),
    # listed names written lower-case
    ("gstrein kommt", [("gstrein", PAT, ("lowercase",))]),
    ("zangerl", [("zangerl", HCP, ("lowercase",))]),
    # one typo from a deployment name: flagged, reference = the listed name (same pseudonym)
    ("Gstrain kommt", [("Gstrain", PAT, ("fuzzy",))]),
    ("Zangrel", [("Zangrel", HCP, ("fuzzy",))]),
    ("Gtsrein", [("Gtsrein", PAT, ("fuzzy",))]),
    ("Hubr", [("Hubr", PAT, ("fuzzy",))]),  # four letters: only near a listed name
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(engine: Deidentifier, text: str, expected: list[tuple[str, Entity, tuple[str, ...]]]) -> None:
    assert hits(engine, text) == [Hit(word, entity, N, flags) for word, entity, flags in expected]


MUST_NOT_MATCH = [
    "der Koch kommt",
    "Koch kommt heute.",  # sentence start, no name beside it
    "Heute kommt Koch.",  # alone: the noun
    "Der Bauer",
    "Bauer",
    "Morbus Wilson",  # eponym
    "Wilson",
    "huber",  # shipped name in lower case: too risky
    "EKG",
    "Egge",  # four letters, shipped only: no typo match
    "Teams",
    "Spaziergang",
    "Termin Kontrolle Station",
    "Hallo Team",
    "Gstraun",  # two typos
    "Hubre kommt",  # a bare typo of a shipped (not a deployment) name needs context
    "Ulrieke",
    "Muller",
    "U.",  # initials alone are left to the other maskers
]


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(engine: Deidentifier, text: str) -> None:
    assert hits(engine, text) == []


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("Zangrel", "zangerl"),
        ("Gstrain", "gstrein"),
        ("Hubers", "huber"),
        ("MÜLLER", "mueller"),
        ("Hubr", "hubi"),
    ],
)
def test_reference(engine: Deidentifier, text: str, ref: str) -> None:
    (span,) = engine.analyze(text)
    assert span.ref == ref


def test_fuzzy_can_be_switched_off(make_engine: EngineFactory) -> None:
    engine = make_engine(LISTS, maskers=("NameDictionary",), fuzzy=False)
    assert hits(engine, "Zangrel und Gstrain") == []
    assert hits(engine, "Huber") == [Hit("Huber", PER, N)]


def test_listed_ambiguous_name_is_taken_at_sentence_start(make_engine: EngineFactory) -> None:
    engine = make_engine(NameLists(patients=("Koch",)), maskers=("NameDictionary",))
    assert hits(engine, "Koch kommt heute.") == [Hit("Koch", PAT, N, ("ambiguous-word",))]
    assert hits(engine, "Der Koch kommt.") == []


def test_reason_names_the_list(engine: Deidentifier) -> None:
    gstrein, huber, typo = engine.analyze("Gstrein Huber Gstrain")
    assert gstrein.reason == "in a deployment name list"
    assert huber.reason == "in the shipped name list"
    assert typo.reason == "one typo from listed name 'gstrein'"


def test_typo_of_a_listed_name_beats_the_compound_veto(lexicon: Lexicon) -> None:
    rainy = dataclasses.replace(lexicon, nouns=lexicon.nouns | {"rain"}, top_words=frozenset({"rain"}))
    engine = Deidentifier(rainy, NameLists(patients=("Gstrein",)), EngineConfig(("NameDictionary",), rules=False))
    assert hits(engine, "Gstrain kommt") == [Hit("Gstrain", PAT, N, ("fuzzy",))]
