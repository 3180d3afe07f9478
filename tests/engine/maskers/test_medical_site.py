"""MedicalSite masker: listed sites and site heads before a place, each as ONE span."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers import NoteState
from masketeer_gui.engine.maskers.medical_site import MedicalSiteMasker
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.text import tokenize
from tests.engine.conftest import EngineFactory, Hit, hits

SIT = Entity.SIT
M = "MedicalSite"
LISTS = NameLists(medical_sites=("Sanatorium Hochrum",), patients=("Zams",))


@pytest.fixture(scope="module")
def sites_only(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS, maskers=("MedicalSite",))


@pytest.fixture(scope="module")
def engine(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS)


MUST_MATCH: list[tuple[str, list[str]]] = [
    ("KH Zams", ["KH Zams"]),
    ("BKH Schwaz", ["BKH Schwaz"]),
    ("Klinik Innsbruck", ["Klinik Innsbruck"]),
    ("Pat. wurde im KH Zams aufgenommen.", ["KH Zams"]),
    ("LKH Hall", ["LKH Hall"]),
    ("LKH St. Johann", ["LKH St. Johann"]),
    ("Sanatorium Kettenbrücke", ["Sanatorium Kettenbrücke"]),
    ("Sanatorium Kettenbruecke", ["Sanatorium Kettenbruecke"]),
    ("SANATORIUM KETTENBRÜCKE", ["SANATORIUM KETTENBRÜCKE"]),
    ("bkh schwaz", ["bkh schwaz"]),
    ("Sanatorium Hochrum", ["Sanatorium Hochrum"]),  # deployment list
    ("Klinik Innsbruck Ambulanz", ["Klinik Innsbruck"]),
    ("Klinik Innsbruck, Station", ["Klinik Innsbruck"]),
    ("BKH Schwaz-Ost", ["BKH Schwaz-Ost"]),
    ("LKH Innsbruck-Hall", ["LKH Innsbruck-Hall"]),
    ("LKH Zams Hall Innsbruck", ["LKH Zams Hall"]),  # at most two place words after a head
    ("KH Zams. Dann BKH Schwaz", ["KH Zams", "BKH Schwaz"]),
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(sites_only: Deidentifier, text: str, expected: list[str]) -> None:
    assert hits(sites_only, text) == [Hit(word, SIT, M) for word in expected]


MUST_NOT_MATCH = [
    "Klinik",
    "die Klinik hat angerufen",
    "KH Kontrolle",
    "Klinik in Innsbruck",
    "Klinik Dr. Huber",
    "Innsbruck",
    "Zams",
    "BKH",
    "LKH 3",
    "Klinik EKG",
]


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(sites_only: Deidentifier, text: str) -> None:
    assert [h for h in hits(sites_only, text) if h.entity is SIT] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KH Zams", [Hit("KH Zams", SIT, M)]),  # "Zams" is a listed patient, but here a town
        ("Frau Zams im KH Zams", [Hit("Zams", Entity.PAT, "Salutation"), Hit("KH Zams", SIT, M)]),
        ("Klinik Huber", [Hit("Klinik Huber", SIT, M)]),  # a name after a site head: the site's name
        (
            "Frau Huber Klinik Innsbruck",
            [Hit("Huber", Entity.PAT, "Salutation"), Hit("Klinik Innsbruck", SIT, M)],
        ),
        ("Dr. Hofer, BKH Schwaz", [Hit("Hofer", Entity.HCP, "Salutation"), Hit("BKH Schwaz", SIT, M)]),
    ],
)
def test_sites_beat_names_in_the_full_ensemble(engine: Deidentifier, text: str, expected: list[Hit]) -> None:
    assert hits(engine, text) == expected


def test_site_reference_and_reason(sites_only: Deidentifier) -> None:
    listed, headed = sites_only.analyze("BKH  Schwaz und KH Zams")
    assert (listed.ref, listed.reason) == ("bkh schwaz", "in the medical site list")
    assert (headed.ref, headed.reason) == ("kh zams", "site word 'KH' before a place name")


def test_masker_can_be_used_without_claim() -> None:
    """``apply`` without a prior ``claim`` finds the sites itself."""
    masker = MedicalSiteMasker(("BKH Schwaz",), frozenset({"kh"}), frozenset({"zams"}))
    state = NoteState(tokenize("BKH Schwaz und KH Zams"), NameIndex(Lexicon(), NameLists()))
    masker.apply(state)
    assert [v.ref if v else None for v in state.votes] == ["bkh schwaz"] * 2 + [None] + ["kh zams"] * 2


@pytest.mark.parametrize(
    ("word", "may"),
    [
        ("klinikum", True),  # a listed site begins with it, in any case
        ("Abendroten", True),  # inflected
        ("Universität", True),  # a short form's long form ("Uni")
        ("uniklinikum", True),  # a compound split ("uni klinikum")
        ("Uni-Klinikum", True),  # hyphen parts
        ("sonnenhof", True),  # a one-word site
        ("Klinik", True),  # a site head
        ("sonnenhofes", False),  # a one-word site matches exactly
        ("seestadt", False),  # a listed site's second word
        ("berg", False),
        ("Termin", False),
        ("12", False),
    ],
)
def test_may_act_where_a_site_may_start(word: str, may: bool) -> None:
    """The word alone decides where a site may start (``WordFilter``): what ``_at`` or a shape may begin with."""
    sites = ("Klinikum Seestadt", "Uniklinikum Waldhausen", "Abendrot Berg Klinikum", "Sonnenhof")
    masker = MedicalSiteMasker(sites, frozenset({"klinik", "kh"}), frozenset({"seestadt", "waldhausen"}))
    token = tokenize(word)[0]
    assert masker.may_act(token, NameIndex(Lexicon(), NameLists())) is may
