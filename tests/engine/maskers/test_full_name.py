"""FullName masker: capitalised neighbours of a proven name (after Salutation and NameDictionary)."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers import FullNameMasker, NoteState, Vote, full_name
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.text import tokenize
from tests.engine.conftest import EngineFactory, Hit, hits

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER
F = "FullName"
LISTS = NameLists(patients=("Gstrein",), hcps=("Zangerl",))


@pytest.fixture(scope="module")
def engine(make_engine: EngineFactory) -> Deidentifier:
    return make_engine(LISTS, maskers=("Salutation", "NameDictionary", "FullName"))


def by_full_name(engine: Deidentifier, text: str) -> list[Hit]:
    return [h for h in hits(engine, text) if h.masker == F]


MUST_MATCH: list[tuple[str, list[tuple[str, Entity, tuple[str, ...]]]]] = [
    ("Lia Maier kommt", [("Lia", PER, ("unknown-word",))]),
    ("Maier Lia kommt", [("Lia", PER, ("unknown-word",))]),
    ("M. Huber kommt", [("M", PER, ("initial",))]),
    ("heute X. Gstrein", [("X", PAT, ("initial",))]),
    ("Heute Lia Gstrein", [("Lia", PAT, ("unknown-word",))]),  # takes the proven name's type
    ("Heute Zangerl Nanni", [("Nanni", HCP, ("unknown-word",))]),
    ("Huber Nanni Wolf", [("Nanni", PER, ("unknown-word",)), ("Wolf", PER, ("unknown-word",))]),  # chains
    ("Lia-Nanni Huber", [("Lia-Nanni", PER, ("unknown-word",))]),
    # a name particle and the surname after it; "von"/"zu" only right after a first name
    ("Frau Gstrein da Kovac kommt", [("da", PAT, ()), ("Kovac", PAT, ())]),
    ("Huber van Dijk kommt", [("van", PER, ()), ("Dijk", PER, ())]),
    ("Heute Josef von Nanni", [("von", PER, ()), ("Nanni", PER, ())]),
]


@pytest.mark.parametrize(("text", "expected"), MUST_MATCH)
def test_must_match(engine: Deidentifier, text: str, expected: list[tuple[str, Entity, tuple[str, ...]]]) -> None:
    assert by_full_name(engine, text) == [Hit(word, entity, F, flags) for word, entity, flags in expected]


MUST_NOT_MATCH = [
    "Frau Maier Spaziergang",  # the paper's false positive
    "Huber Kontrolle",
    "Huber Termin",
    "Huber EKG",
    "EKG Huber",
    "Nanni. Huber",  # a sentence end separates
    "im Garten Huber",
    "Dr. Hofer Ambulanz",
    "Huber kommt heute",
    "Huber 3 Tabletten",
    "Morbus Wilson Huber",
    "Koch Huber",  # a noun before a name is a role ("Bruder Hans"), not a first name
    "Bruder Hans",
    "Huber, Nanni",  # a comma separates
    "Kontrolle Huber von Nanni",  # "von" after a surname is "from"
    "Huber der Nanni",  # an article is no particle
    "Huber da Kontrolle",  # no name after the particle
    "24x Zwirbel Huber geliefert",  # a counted thing before a name is no first name (``used_as_thing``)
    "Zwirbel-Stumpf Huber",  # an eponymous compound before a name
]


@pytest.mark.parametrize("text", MUST_NOT_MATCH)
def test_must_not_match(engine: Deidentifier, text: str) -> None:
    assert by_full_name(engine, text) == []


def test_whole_name_is_masked(engine: Deidentifier) -> None:
    text = "Telefonat: Lia Nanni Gstrein kommt"
    assert [h.text for h in hits(engine, text)] == ["Lia", "Nanni", "Gstrein"]


def test_unknown_neighbour_reference_is_its_own_word(engine: Deidentifier) -> None:
    spans = engine.analyze("Lia Maier")
    assert [(s.ref, s.reason) for s in spans] == [
        ("lia", "next to a proven name (unknown word)"),
        ("maier", "in the shipped name list"),
    ]


def test_without_full_name_the_neighbour_stays(make_engine: EngineFactory) -> None:
    engine = make_engine(LISTS, maskers=("Salutation", "NameDictionary"))
    assert [h.text for h in hits(engine, "Lia Maier kommt")] == ["Maier"]


PATCHABLE = pytest.mark.skipif(
    not (full_name.__file__ or "").endswith(".py"),
    reason="replaces a function the masker calls, which the compiled build binds at compile time",
)


@PATCHABLE
def test_a_neighbour_turned_down_for_the_votes_around_it_is_asked_again(
    engine: Deidentifier, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ensemble runs FullName twice, and the second run skips the names it has settled; a neighbour turned
    down for the votes around it (``used_as_thing`` reads them) is asked again, and joins when they changed."""
    text = "Zwirbel Huber"
    state = NoteState(tokenize(text, engine.lexicon.abbreviations), engine.index, text)
    state.vote(1, Vote("NameDictionary", PER, "in the shipped name list", (), "huber"))
    masker = FullNameMasker()
    monkeypatch.setattr(full_name, "used_as_thing", lambda state, i: True)
    masker.apply(state)
    assert state.votes[0] is None
    monkeypatch.setattr(full_name, "used_as_thing", lambda state, i: False)  # a later vote changed the answer
    masker.apply(state)
    assert state.votes[0] is not None and state.votes[0].masker == F


@PATCHABLE
def test_a_settled_name_is_not_looked_at_again(engine: Deidentifier, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name whose neighbours were all turned down for their words (or taken) gives nothing more."""
    text = "Heute Huber Termin"
    state = NoteState(tokenize(text, engine.lexicon.abbreviations), engine.index, text)
    state.vote(1, Vote("NameDictionary", PER, "in the shipped name list", (), "huber"))
    masker = FullNameMasker()
    masker.apply(state)
    assert state.settled_names == {1}
    asked: list[int] = []

    def extend(self: FullNameMasker, state: NoteState, i: int, added: list[int]) -> bool:
        asked.append(i)
        return True

    monkeypatch.setattr(FullNameMasker, "_extend", extend)
    masker.apply(state)
    assert asked == []
