"""Per-word pre-filters of the maskers change no vote: a masker whose filter lets every word through votes
exactly as the masker with its filter. Invented names and sentences only."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers import NoteState, SalutationMasker, Vote
from masketeer_gui.engine.maskers import salutation as salutation_module
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.text import tokenize

# Salutation chains, and words of every kind the names after them take or leave: listed names in both
# cases (a deployment surname "Zwirchmayr"), unlisted surnames shaped like one ("grasbichler"), initials,
# ordinary words and verbs, nouns that name a person, acronyms, numbers.
TITLES = ["Frau", "Fr.", "frau", "Herr", "Hr.", "Dr.", "dr.", "Prof. Dr.", "Pat.", "Liebe", "LG", "Sr.", "Gattin"]
WORDS = [
    "Zwirchmayr",
    "zwirchmayr",
    "grasbichler",
    "Grasbichler",
    "quendolin",
    "Quendolin",
    "U.",
    "Ch.",
    "sagt",
    "ruft",
    "an",
    "Termin",
    "termin",
    "Mama",
    "RR",
    "12",
    "med.",
    "Storch",
    "storch",
    "hat",
    "angerufen",
    ",",
]


def _votes(masker: SalutationMasker, index: NameIndex, text: str) -> list[Vote | None]:
    state = NoteState(tokenize(text, index.lexicon.abbreviations), index, text)
    masker.apply(state)
    return state.votes


@pytest.fixture(scope="module")
def indices(shipped: Deidentifier) -> list[NameIndex]:
    lexicon = shipped.lexicon
    return [NameIndex(lexicon, NameLists()), NameIndex(lexicon, NameLists(patients=("Irmgard Zwirchmayr",)))]


@pytest.mark.skipif(
    not (salutation_module.__file__ or "").endswith(".py"),
    reason="replaces a method of the masker, which the compiled build's native class does not allow",
)
@settings(max_examples=300, deadline=None)
@given(title=st.sampled_from(TITLES), words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=4))
def test_salutation_filter_skips_only_words_no_branch_takes(
    indices: list[NameIndex], shipped: Deidentifier, title: str, words: list[str]
) -> None:
    text = f"Heute {title} {' '.join(words)}"
    filtered = SalutationMasker(shipped.lexicon.salutations)
    unfiltered = SalutationMasker(shipped.lexicon.salutations)
    unfiltered._possible = lambda state, j: True  # type: ignore[method-assign]
    for index in indices:
        assert _votes(filtered, index, text) == _votes(unfiltered, index, text)


def test_the_filter_lets_lower_case_names_through(indices: list[NameIndex], shipped: Deidentifier) -> None:
    """Must: the lower-case names the filter has to keep are still taken (and ordinary words are not)."""
    masker = SalutationMasker(shipped.lexicon.salutations)
    for text, word in [("Heute dr. grasbichler", "grasbichler"), ("Heute fr. zwirchmayr", "zwirchmayr")]:
        tokens = tokenize(text, shipped.lexicon.abbreviations)
        votes = _votes(masker, indices[1], text)
        assert [t.text for t, v in zip(tokens, votes, strict=True) if v is not None] == [word]
    assert not any(_votes(masker, indices[1], "Heute Pat. sagt nein"))


@settings(max_examples=300, deadline=None)
@given(
    titles=st.lists(st.sampled_from(TITLES), min_size=1, max_size=3),
    words=st.lists(st.sampled_from([*WORDS, *TITLES, "mit", "Dres.", "&", ".", ":"]), min_size=0, max_size=5),
)
def test_one_word_chains_before_no_name_are_skipped_as_the_masker_would(
    indices: list[NameIndex], shipped: Deidentifier, titles: list[str], words: list[str]
) -> None:
    """The shortcut for a one-word chain followed by a word known to be no name ("Pat. sagt") votes as the
    whole chain reading does."""
    text = f"Heute {' '.join(titles)} {' '.join(words)}"
    fast = SalutationMasker(shipped.lexicon.salutations)
    slow = SalutationMasker(shipped.lexicon.salutations)
    slow._alone_forms = frozenset()  # every chain read in full
    for index in indices:
        for masker in (fast, slow):  # the word memos filled as on later notes, salutation words among them
            _votes(masker, index, f"{text}\nPat. mit\nPat. {' '.join(titles)}")
        assert _votes(fast, index, text) == _votes(slow, index, text)
