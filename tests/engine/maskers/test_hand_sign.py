"""HandSign masker: the staff member's hand-sign after a slash that closes a care-record entry, typed HCP;
and the slashes that are no sign ("mg/Tag", "3x /Woche", "/AL"). Invented names, no lists."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers import NoteState
from masketeer_gui.engine.maskers.hand_sign import _slashes
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.text import blank_markup, tokenize
from tests.engine.conftest import shipped_without, typed_words

HCP = Entity.HCP


@pytest.fixture(scope="module")
def engines(shipped: Deidentifier) -> dict[str, Deidentifier]:
    return {"with": shipped, "without": shipped_without("HandSign")}


masked = typed_words


MUST_MASK = [
    ("Hat gut geschlafen, Frühstück ganz gegessen. /Kathrina\n08.03. Spätdienst: unruhig", [("Kathrina", HCP)]),
    ("Transfer mit Hilfe, etwas schwach. /R. Pfitscher\n12.08. Nachtdienst", [("R", HCP), ("Pfitscher", HCP)]),
    ("Zum Spazierengehen begleitet.\n/Ulli W.", [("Ulli", HCP), ("W", HCP)]),
    ("Verband gewechselt /Yeliz K., DGKP\nweiter", [("Yeliz", HCP), ("K", HCP)]),
]


@pytest.mark.parametrize(("text", "expected"), MUST_MASK)
def test_hand_sign(engines: dict[str, Deidentifier], text: str, expected: list[tuple[str, Entity]]) -> None:
    assert masked(engines["with"], text) == expected
    assert masked(engines["without"], text) != expected  # no other masker reads the sign


MUST_NOT_MASK = [
    "Metamizol 3x 1 g/Tag, Pantoprazol 40 mg",
    "Mobilisation 3x /Woche\nweiter wie bisher",
    "Lagerung alle 2 h /AL\n",
    "Vitalzeichen stabil /Nacht ruhig verlaufen",
    "Hb/Hkt stabil, Kalium und/oder Natrium kontrollieren",
]


@pytest.mark.parametrize("text", MUST_NOT_MASK)
def test_no_hand_sign(engines: dict[str, Deidentifier], text: str) -> None:
    assert masked(engines["with"], text) == []


def test_listed_first_name_as_sign_is_staff(engines: dict[str, Deidentifier]) -> None:
    """A shipped first name after the slash is masked by the name list; the slash types it as staff."""
    assert masked(engines["with"], "Abendrunde ruhig. /Maria\nNächster Eintrag") == [("Maria", HCP)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="/ab. \n-<>:1", max_size=30))
def test_slashes_found_in_the_text_are_the_slash_tokens(text: str) -> None:
    """The masker finds the "/" tokens by the text's slashes; the same as a scan of every token."""
    work = blank_markup(text)
    state = NoteState(tokenize(work), NameIndex(Lexicon(), NameLists()), work)
    assert _slashes(state) == [s for s, token in enumerate(state.tokens) if token.text == "/"]
