"""NoteState's shared scans give what each masker's own scan of the tokens gave. Invented names only."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers import NoteState
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.text import tokenize
from tests.engine.tiny_lexicon import tiny_lexicon

LEXICON = tiny_lexicon()
INDEX = NameIndex(LEXICON, NameLists(patients=("Quirinus Zwirchmayr",), hcps=("Dr. Irmlind Gschwandtl",)))
FIRST_NAME = next(iter(LEXICON.first_names))  # a listed first name of the tiny lexicon
PIECES = [
    "Zwirchmayr",
    "zwirchmayr",
    "QUIRINUS",
    "gschwandtl",
    "Irmlind-Zwirchmayr",
    FIRST_NAME,
    FIRST_NAME.capitalize(),
    "Termin",
    "kommt",
    "Dr.",
    ",",
    ":",
    "/",
    "12",
]


def _state(text: str) -> NoteState:
    return NoteState(tokenize(text), INDEX, text)


def test_listed_positions_finds_listed_words_in_any_case() -> None:
    """Must: deployment parts and listed first names, capitalised or not; must not: other words."""
    state = _state(f"Termin mit zwirchmayr und {FIRST_NAME.capitalize()}, Irmlind kommt")
    assert [state.tokens[i].text for i in state.listed_positions()] == [
        "zwirchmayr",
        FIRST_NAME.capitalize(),
        "Irmlind",
    ]
    assert state.listed_positions() is state.listed_positions()  # one scan per note


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14), st.sampled_from([" ", "\n", " , "]))
def test_listed_positions_agree_with_a_plain_scan(pieces: list[str], separator: str) -> None:
    state = _state(separator.join(pieces))
    listed = INDEX.first_or_listed
    assert state.listed_positions() == [i for i, t in enumerate(state.tokens) if t.folded in listed]
    assert INDEX.roles.keys() <= listed  # ``_lowercase_listed`` reads the roles among these positions
