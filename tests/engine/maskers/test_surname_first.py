"""SurnameFirst masker: "<Surname> <Firstname>" entries of lists, minutes and handovers (invented names)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers import DEFAULT_ORDER
from masketeer_gui.engine.maskers.surname_first import surname_before
from masketeer_gui.engine.pipeline import Deidentifier, EngineConfig
from masketeer_gui.engine.text import Token, tokenize
from tests.engine.conftest import shipped_available

LISTS = NameLists(patients=("Ottilie Birke", "Hermine Kübel"), hcps=("Irmtraud Seewald",))
WITHOUT = EngineConfig(maskers=tuple(m for m in DEFAULT_ORDER if m != "SurnameFirst"))


@pytest.fixture(scope="module")
def engines() -> dict[str, Deidentifier]:
    if not shipped_available():
        pytest.skip("shipped lexicon missing")
    return {
        "lists": Deidentifier.default(LISTS),
        "none": Deidentifier.default(),
        "lists-without": Deidentifier.default(LISTS, WITHOUT),
        "none-without": Deidentifier.default(None, WITHOUT),
    }


def masked(engine: Deidentifier, text: str) -> list[tuple[str, str]]:
    return [(text[s.start : s.end], s.masker) for s in engine.analyze(text)]


# (engine, text, words that SurnameFirst must mask)
MUST_MATCH = [
    ("none", "Visite Station B\n1. Krebs Waltraud – Ödeme rückläufig.", ["Krebs"]),
    ("none", "Teambesprechung\nFalke Leopold: Husten besser.", ["Falke"]),
    ("none", "Übergabe\n- Zwirchmayr Leopoldine 12.–15.05. -> Urlaub", ["Zwirchmayr"]),
    ("none", "Ihre Pat. Erika M. (Pumpernigg Erika, 1941) zeigt Ödeme.", ["Pumpernigg"]),
    ("none", "Betreff: Hinterseer Josef – Gewichtszunahme", ["Hinterseer"]),
    ("none", "2) Wendlinger Gottfried: stabil", ["Wendlinger"]),
    # a patient's name surname first with a comma, after a label
    ("none", "Echokardiographie\nName: Pumpernigg, Irmgard     geb.: 02.03.1950", ["Pumpernigg"]),
    # ward lists: an entry after a bed or room label
    ("none", "Übergabe Nacht\nBett 3 Pumpernigg Irmgard, 88: unruhig", ["Pumpernigg"]),
    ("none", "Zi. 12 Wendlinger Gottfried, 79: schläft", ["Wendlinger"]),
    # listed surnames that are nouns, proven by the first name after them
    ("lists", "Protokoll\n3. Birke Ottilie – Gewicht stabil.", ["Birke"]),
    ("lists", "Kübel Hermine: Waage zurückgebracht.", ["Kübel"]),
]


@pytest.mark.parametrize(("engine_name", "text", "expected"), MUST_MATCH)
def test_must_match(engines: dict[str, Deidentifier], engine_name: str, text: str, expected: list[str]) -> None:
    hits = masked(engines[engine_name], text)
    assert [w for w, masker in hits if masker == "SurnameFirst"] == expected
    first_name = text.split(expected[0], 1)[1].strip(" ,").split()[0].strip(",:")
    assert first_name in [w for w, _ in hits]  # the proving first name is masked too
    without = [w for w, _ in masked(engines[f"{engine_name}-without"], text)]
    assert expected[0] not in without  # no other masker would take the surname


# (text, a word that must stay)
MUST_NOT_MATCH = [
    ("Haus Elisabeth – Wohnbereich 2", "Haus"),  # a care home, not a surname
    ("Station Anna: 3 Betten frei", "Station"),
    ("Bitte Anna: Rückruf heute.", "Bitte"),
    ("- Karenzvertretung Renate 17.05.-30.06.", "Karenzvertretung"),  # a compound role noun
    ("Termin Maria Huber morgen.", "Termin"),  # not before a separator
    ("Kammerflimmern Maria: neu", "Kammerflimmern"),  # a clinical word
    ("Danke Maria!", "Danke"),
    ("Herzstolpern Sonja, seit gestern", "Herzstolpern"),  # mid-line noun, not an entry
    ("Rosa Tabletten: 1-0-1", "Tabletten"),  # the second word is no first name
    ("Diagnose: Erysipel, Anna hat Fieber", "Erysipel"),  # a comma only after a name label
    ("Befund, Anna kommt morgen.", "Befund"),
]


@pytest.mark.parametrize(("text", "word"), MUST_NOT_MATCH)
def test_must_not_match(engines: dict[str, Deidentifier], text: str, word: str) -> None:
    assert word not in [w for w, _ in masked(engines["none"], text)]


@pytest.mark.parametrize("text", ["Bett 3 Pumpernigg Irmgard, 88: unruhig", "Zi. 12 Wendlinger Gottfried: schläft"])
def test_bed_entry_is_the_patient(engines: dict[str, Deidentifier], text: str) -> None:
    """A bed or room holds a patient: with no list to say otherwise, the entry is PAT."""
    assert {str(s.entity) for s in engines["none"].analyze(text)} == {"PAT"}


def _pairs_forward(tokens: list[Token]) -> list[tuple[int, int]]:
    """The pairs as the masker once walked them: from each capitalised word to the word after it (or after a
    comma written close to it)."""
    pairs = []
    for i in [i for i, t in enumerate(tokens) if t.is_capitalized]:
        k = i + 1
        if k + 1 < len(tokens) and tokens[k].text == "," and tokens[k].start == tokens[i].end:
            k = i + 2
        if k < len(tokens) and tokens[k].is_capitalized:
            pairs.append((i, k))
    return pairs


PIECES = st.sampled_from(["Huber", "Anna", "anna", ",", "\n", ":", "12", "Bett", "-"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(PIECES, st.sampled_from(["", " "])), max_size=12))
def test_pairs_found_from_the_first_name_are_the_pairs_walked_from_the_surname(pieces: list[tuple[str, str]]) -> None:
    """``surname_before`` (from each capitalised word back) finds the pairs of the forward walk, in order."""
    tokens = tokenize("".join(space + piece for piece, space in pieces))
    capitalized = [k for k, t in enumerate(tokens) if t.is_capitalized]
    backward = [(i, k) for k in capitalized if (i := surname_before(tokens, k)) is not None]
    assert backward == _pairs_forward(tokens)
