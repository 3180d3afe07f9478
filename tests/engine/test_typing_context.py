"""Name types from the words around a name (``engine.entities``): a title on the line before is no context, a
relation before a title makes the titled person a relative, a comma inside the chain lists two people, the
word before a bracket types the name in it, and parents in brackets are left to other evidence. Invented
sentences and names, no lists."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from tests.engine.conftest import shipped_available, typed_words

HCP, PAT, PER = Entity.HCP, Entity.PAT, Entity.PER


CASES = [
    # a title ending the line before is no chain: the label on the name's own line decides
    (
        "Kurzbericht an die Hausärztin\n\nPatient: Anton Pfitscher, 1938\nEintritt 03.09.",
        [("Anton", PAT), ("Pfitscher", PAT)],
    ),
    # a relation before a title: the titled person is the relative
    ("Besuch: Tochter Dr. Vroni Kranich (Ärztin in Graz) kommt morgen.", [("Vroni", PER), ("Kranich", PER)]),
    ("Erwachsenenvertreter Dr. Anton Pfitscher stimmt zu.", [("Anton", PER), ("Pfitscher", PER)]),
    # a comma inside the chain lists two people: the title decides
    ("Gespräch mit Enkelin, Dr. Kranich und der Pflege.", [("Kranich", HCP)]),
    # the word before a bracket holding the name
    ("Kurzzeitpflege organisiert, Sozialdienst (Fr. Lindenblatt).", [("Lindenblatt", HCP)]),
    ("Fußpflege durch Podologie (Fr. Pfitscher) alle 4 Wochen.", [("Pfitscher", HCP)]),
    ("Bettalarm an. Tochter (Fr. Pfitscher) bittet um Rückruf.", [("Pfitscher", PER)]),
    ("Ausgang mit Ehemann (Herr Kranich) am Sonntag genehmigt.", [("Kranich", PER)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_type_from_context(shipped: Deidentifier, text: str, expected: list[tuple[str, Entity]]) -> None:
    assert typed_words(shipped, text) == expected


def test_parent_in_brackets_is_left_to_other_evidence() -> None:
    """A son writing "Vater (…)" names the patient: no bracket rule makes the listed patient a mere relative."""
    if not shipped_available():
        pytest.skip("shipped lexicon missing")
    engine = Deidentifier.default(NameLists(patients=("Anton Pfitscher",)))
    text = "Rückmeldung vom Sohn: Vater (Anton Pfitscher) war gestern beim Zeltfest."
    assert typed_words(engine, text) == [("Anton", PAT), ("Pfitscher", PAT)]


def test_a_comma_in_the_chain_counts_though_its_words_recur(shipped: Deidentifier) -> None:
    """What a chain's words say is remembered across notes (``NameTyper._read_chain``); the comma that lists two
    people is read in each note."""
    for _ in range(2):
        assert typed_words(shipped, "Gespräch mit Enkelin Dr. Kranich und der Pflege.") == [("Kranich", PER)]
        assert typed_words(shipped, "Gespräch mit Enkelin, Dr. Kranich und der Pflege.") == [("Kranich", HCP)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Telefonat danach Tochter Dr. Kranich informiert.", [("Kranich", PER)]),
        # Kept as it is (a speed pass must not change the output): a comma anywhere in the six words before the
        # name counts as listing people, also one before the relation, read past a word no salutation holds.
        ("Telefonat, danach Tochter Dr. Kranich informiert.", [("Kranich", HCP)]),
    ],
)
def test_a_comma_before_the_relation_is_read_past_other_words(
    shipped: Deidentifier, text: str, expected: list[tuple[str, Entity]]
) -> None:
    assert typed_words(shipped, text) == expected
