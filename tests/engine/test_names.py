"""NameIndex: roles from deployment lists, genitive, ambiguity, one-typo look-up, entity choice."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.names import NameIndex, Role, name_parts
from masketeer_gui.engine.span import Entity

LISTS = NameLists(
    patients=("Maria Gstrein", "Hubi", "Lechner"),
    hcps=("Ulrike Zangerl", "Lechner"),
    persons=("von Pfurtscheller",),
)


@pytest.fixture(scope="module")
def index(lexicon: Lexicon) -> NameIndex:
    return NameIndex(lexicon, LISTS)


@pytest.mark.parametrize(
    ("entry", "parts"),
    [
        ("Maria Huber-Egger", ["maria", "huber", "egger"]),
        ("Huber, Maria", ["huber", "maria"]),
        ("von der Schöpf", ["schoepf"]),
        ("U. Hofer", ["hofer"]),
        ("  Gstrein  ", ["gstrein"]),
        ("Anna2", []),
    ],
)
def test_name_parts(entry: str, parts: list[str]) -> None:
    assert name_parts(entry) == parts


def test_titles_in_a_listed_name_are_not_name_parts(lexicon: Lexicon) -> None:
    index = NameIndex(lexicon, NameLists(hcps=("Dr. Ulrike Zangerl",), patients=("Frau Gstrein",)))
    assert not index.is_listed("dr")
    assert not index.is_listed("frau")


def test_apostrophe_name_is_listed(lexicon: Lexicon) -> None:
    index = NameIndex(lexicon, NameLists(patients=("Sean O'Brien",)))
    assert index.is_listed("brien") or index.is_listed("o'brien")


def test_roles_combine_across_lists(index: NameIndex) -> None:
    assert index.roles["gstrein"] == Role.PAT
    assert index.roles["zangerl"] == Role.HCP
    assert index.roles["lechner"] == Role.PAT | Role.HCP
    assert index.roles["pfurtscheller"] == Role.PER
    assert "von" not in index.roles


@pytest.mark.parametrize(
    ("folded", "listed", "name"),
    [
        ("gstrein", True, True),  # deployment list
        ("huber", False, True),  # shipped surname
        ("maria", True, True),  # both
        ("wilson", False, False),  # shipped surname but whitelisted eponym
        ("termin", False, False),
        ("koch", False, True),  # shipped surname that is also a noun
    ],
)
def test_is_listed_and_is_name(index: NameIndex, folded: str, listed: bool, name: bool) -> None:
    assert index.is_listed(folded) is listed
    assert index.is_name(folded) is name


@pytest.mark.parametrize(
    ("folded", "base"),
    [
        ("huber", "huber"),
        ("hubers", "huber"),  # genitive
        ("gstreins", "gstrein"),
        ("annas", "anna"),
        ("teams", None),  # not a name + s
        ("hus", None),  # too short for a genitive
        ("wilsons", None),  # whitelisted eponym
        ("termin", None),
        ("huber-egger", "huber-egger"),  # a chain of names is a name
        ("anna-gstrein", "anna-gstrein"),
        ("huber-syndrom", None),
    ],
)
def test_base_name(index: NameIndex, folded: str, base: str | None) -> None:
    assert index.base_name(folded) == base


@pytest.mark.parametrize(("folded", "ambiguous"), [("koch", True), ("bauer", True), ("huber", False)])
def test_is_ambiguous(index: NameIndex, folded: str, ambiguous: bool) -> None:
    assert index.is_ambiguous(folded) is ambiguous


@pytest.mark.parametrize(
    ("folded", "hcp_title", "default", "expected"),
    [
        ("gstrein", False, Entity.PER, Entity.PAT),  # patient list beats the default
        ("zangerl", False, Entity.PER, Entity.HCP),
        ("zangerl", False, Entity.PAT, Entity.HCP),
        ("lechner", False, Entity.HCP, Entity.PER),  # in both HCP and PAT lists: ambiguous
        ("lechner", True, Entity.PER, Entity.HCP),  # ... unless an HCP title decides
        ("gstrein", True, Entity.PER, Entity.HCP),  # the title beats the patient list
        ("pfurtscheller", False, Entity.HCP, Entity.PER),
        ("huber", False, Entity.HCP, Entity.HCP),  # shipped only: the caller's default
        ("huber", False, Entity.PER, Entity.PER),
    ],
)
def test_entity(index: NameIndex, folded: str, hcp_title: bool, default: Entity, expected: Entity) -> None:
    assert index.entity(folded, hcp_title=hcp_title, default=default) == expected


@pytest.mark.parametrize(
    ("folded", "match"),
    [
        ("gstrain", "gstrein"),  # substitution
        ("gsrein", "gstrein"),  # deletion
        ("gstreinn", "gstrein"),  # insertion
        ("gtsrein", "gstrein"),  # transposition
        ("zangrel", "zangerl"),
        ("hubie", "hubi"),  # listed names count from four letters
        ("hubre", "huber"),  # shipped names from five letters
        ("hoferr", "hofer"),  # a letter added to a shipped name
        ("mariaa", "maria"),
        ("ulrieke", "ulrike"),
        ("eggr", None),  # shipped name, four letters: too short for a typo
        ("gstraun", None),  # two edits
        ("wilsen", None),  # only near a whitelisted eponym
        ("abc", None),
        ("hub3r", None),
        ("gstrein", None),  # itself is no typo
    ],
)
def test_one_typo_from(index: NameIndex, folded: str, match: str | None) -> None:
    assert index.one_typo_from(folded) == match


@pytest.mark.parametrize(
    ("folded", "match"),
    [
        ("gstrain", "gstrein"),
        ("gsrein", "gstrein"),
        ("gstreinn", "gstrein"),
        ("gtsrein", "gstrein"),
        ("mariaa", "maria"),  # a shipped first name that a list names too
        ("hubie", "hubi"),
        ("hubre", None),  # only the shipped 'huber' is in reach
        ("hofre", None),
        ("gstrein", None),
    ],
)
def test_one_typo_from_listed_names_only(index: NameIndex, folded: str, match: str | None) -> None:
    assert index.one_typo_from(folded, listed_only=True) == match


def test_typo_of_word_answers_each_word_for_itself(index: NameIndex) -> None:
    """Remembered answers: asked again, and asked between other words, each word keeps its own."""
    for _ in range(2):
        assert index.typo_of_word("hallp")  # one edit from the greeting 'hallo'
        assert not index.typo_of_word("gstrain")
        assert index.typo_of_word("frauu")  # one edit from the title "frau"


@pytest.mark.parametrize(
    ("folded", "word"),
    [
        ("termin", True),
        ("gartentermin", True),  # a compound ending in a noun
        ("frauu", True),  # one edit from a title
        ("hallp", True),
        ("gartenbauer", False),  # the noun "bauer", but a surname's ending: no compound
        ("gstrain", False),
        ("tschaggeny", False),
    ],
)
def test_looks_like_word(lexicon: Lexicon, folded: str, word: bool) -> None:
    assert NameIndex(lexicon, LISTS).looks_like_word(folded) is word


def test_listed_names_beat_shipped_ones_for_typos(lexicon: Lexicon) -> None:
    """'hubr' is one edit from the listed 'hubi' and from the shipped 'huber': the listed one wins."""
    index = NameIndex(lexicon, NameLists(patients=("Hubi",)))
    assert index.one_typo_from("hubr") == "hubi"
    assert NameIndex(lexicon, NameLists()).one_typo_from("hubr") is None


def test_title_words_come_from_salutations(index: NameIndex) -> None:
    assert {"frau", "herr", "dr", "prim", "hallo", "lg", "gruesse"} <= index.title_words
    assert "huber" not in index.title_words


# Every combination of the lists an invented surname stands in, and the type it gives (paper 2.2.6): in both the
# patient and the HCP list it is PER; else an HCP list wins, then the patient list, then the persons' list.
ROLE_CASES = [
    (("patients",), Entity.PAT),
    (("hcps",), Entity.HCP),
    (("persons",), Entity.PER),
    (("patients", "hcps"), Entity.PER),
    (("patients", "persons"), Entity.PAT),
    (("hcps", "persons"), Entity.HCP),
    (("patients", "hcps", "persons"), Entity.PER),
]


@pytest.mark.parametrize(("lists", "expected"), ROLE_CASES, ids=["+".join(c[0]) for c in ROLE_CASES])
def test_entity_of_every_list_combination(lexicon: Lexicon, lists: tuple[str, ...], expected: Entity) -> None:
    index = NameIndex(lexicon, NameLists(**{key: ("Quirinus Zwirchmayr",) for key in lists}))  # type: ignore[arg-type]
    assert index.entity("zwirchmayr", default=Entity.PAT if expected is not Entity.PAT else Entity.HCP) == expected
    assert index.entity("xaverl-zwirchmayr") == expected  # a double name takes its listed part's type
    assert index.entity("xaverl", default=Entity.HCP) == Entity.HCP  # no list: the default


@pytest.mark.parametrize(
    ("folded", "match"),
    [
        ("quandolin", "quendolin"),  # a listed name only: substituted
        ("quendoln", "quendolin"),  # dropped
        ("quendolinn", "quendolin"),  # added
        ("qeundolin", "quendolin"),  # swapped
        ("brasel", "brasek"),  # two listed names in reach: the first in order
        ("braselk", "brasek"),  # "brasek" one letter less, "bratelk" one letter other: the first in order
        ("quendolin", None),  # the listed name itself
        ("halnp", "halmp"),
        ("hallp", None),  # one edit from the listed "halmp", but a typo of the greeting "hallo"
        ("vrazstol", None),  # two edits
        ("qu3ndolin", None),  # no word
    ],
)
def test_one_typo_from_listed_names_only_is_the_nearest_listed_name(
    lexicon: Lexicon, folded: str, match: str | None
) -> None:
    """``listed_only``: the first listed name one edit away, None when the word is a typo of a word."""
    lists = NameLists(patients=("Quendolin Brasek", "Halmp"), persons=("Brasem", "Bratelk"))
    assert NameIndex(lexicon, lists).one_typo_from(folded, listed_only=True) == match
