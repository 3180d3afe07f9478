"""NoteState's shared scans (one pass with the engine's ``WordMarks``) give what each masker's own scan of the
tokens gave. Invented names only."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers import (
    Masker,
    MedicalSiteMasker,
    NameDictionaryMasker,
    NoteState,
    PersonContextMasker,
    SalutationMasker,
    Vote,
    WordMarks,
)
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.span import NAME_ENTITIES, Entity
from masketeer_gui.engine.text import tokenize, tokenize_marked
from tests.engine.conftest import EngineFactory
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


STARTS = frozenset({"dr", "frau", "mit", "termin"})  # the words some salutation starts with
MARKS = WordMarks(INDEX, STARTS)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14), st.sampled_from([" ", "\n", " , "]))
def test_one_scan_with_the_engines_marks_agrees_with_each_scan(pieces: list[str], separator: str) -> None:
    """With ``WordMarks`` one pass finds what the plain scans find: capitalised, listed and salutation starts."""
    text = separator.join(pieces)
    plain, marked = _state(text), NoteState(tokenize(text), INDEX, text, MARKS)
    tokens = plain.tokens
    assert marked.capitalized == plain.capitalized == [i for i, t in enumerate(tokens) if t.is_capitalized]
    assert marked.listed_positions() == plain.listed_positions()
    assert marked.start_words is STARTS and plain.start_words is None
    assert marked.salutation_starts == [i for i, t in enumerate(tokens) if t.folded in STARTS and t.is_word]
    found, marks = tokenize_marked(text, frozenset(), MARKS)  # found while tokenizing: the same, with no scan
    while_made = NoteState(found, INDEX, text, MARKS, marks)
    assert found == tokens
    assert while_made.capitalized == marked.capitalized
    assert while_made.listed_positions() == marked.listed_positions()
    assert while_made.salutation_starts == marked.salutation_starts
    assert while_made.start_words is STARTS


def test_marks_of_another_index_are_not_used() -> None:
    """Marks built for other name lists would find other listed words: the state scans for itself."""
    other = WordMarks(NameIndex(LEXICON, NameLists(patients=("Termin",))), STARTS)
    state = NoteState(tokenize("Termin mit zwirchmayr"), INDEX, "Termin mit zwirchmayr", other)
    assert state.start_words is None
    assert [state.tokens[i].text for i in state.listed_positions()] == ["zwirchmayr"]


def test_salutation_uses_the_scan_only_for_its_own_words() -> None:
    """A Salutation masker reads the state's salutation starts only when they were found by its own words."""
    masker = SalutationMasker(LEXICON.salutations)
    text = "Termin mit Frau Zwirchmayr"
    for marks in (WordMarks(INDEX, masker.first_words), WordMarks(INDEX, frozenset({"termin"})), None):
        state = NoteState(tokenize(text), INDEX, text, marks)
        masker.apply(state)
        assert [state.tokens[i].text for i, vote in enumerate(state.votes) if vote] == ["Zwirchmayr"]


def _scanned_names(state: NoteState) -> list[int]:
    """The name votes found by a scan of every token (what ``name_votes`` keeps as the votes are cast)."""
    return [i for i, vote in enumerate(state.votes) if vote is not None and vote.entity in NAME_ENTITIES]


def test_name_votes_are_the_names_voted_in_token_order() -> None:
    state = _state("Zwirchmayr kommt mit Irmlind zum Termin in Seewalden , 12")
    state.votes[8] = Vote("Regex", Entity.ADD, "inside a regex match")  # a rule vote, written directly
    state.vote(6, Vote("MedicalSite", Entity.SIT, "a site"))
    state.vote(4, Vote("NameDictionary", Entity.HCP, "listed"))
    state.vote(0, Vote("NameDictionary", Entity.PAT, "listed"))
    state.vote(4, Vote("FullName", Entity.PER, "a second vote is not cast"))
    assert state.name_votes() == [0, 4] == _scanned_names(state)


class _Checked:
    """A masker of the ensemble that, after its votes, checks ``name_votes`` against a scan of every token."""

    def __init__(self, masker: Masker, seen: list[list[int]]) -> None:
        self.masker = masker
        self.name = masker.name
        self.seen = seen

    def apply(self, state: NoteState) -> None:
        self.masker.apply(state)
        found = state.name_votes()
        assert found == _scanned_names(state), self.name
        self.seen.append(found)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.sampled_from([" ".join(PIECES[:6]), "Frau Zwirchmayr kommt", "Dr. Irmlind Gschwandtl, 12", "KH Seewalden"]),
        min_size=1,
        max_size=6,
    )
)
def test_name_votes_agree_with_a_scan_after_each_masker(make_engine: EngineFactory, lines: list[str]) -> None:
    engine = make_engine(NameLists(patients=("Quirinus Zwirchmayr",), hcps=("Dr. Irmlind Gschwandtl",)), rules=True)
    seen: list[list[int]] = []
    engine.maskers[:] = [m if m is engine.sites else _Checked(m, seen) for m in engine.maskers]
    engine.analyze("\n".join(lines))
    assert seen


SITE_PIECES = ["LKH", "Klinik", "Innsbruck", "Kardiologie", "am", "Marktplatz", "Hausarztpraxis", "Zentrum", "kommt"]
NAME_PIECES = ["Wolpertinger", "Gschwandtl", "Irmlind", "Zwirchmeier", "Frau", "Termin", "Bleibtreu", "ZWIRCHMAYR"]


def _filters() -> tuple[MedicalSiteMasker, NameDictionaryMasker, PersonContextMasker]:
    """The maskers that filter words, fresh (no memo of another's)."""
    return Deidentifier(LEXICON).sites, NameDictionaryMasker(), PersonContextMasker()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from([*SITE_PIECES, *NAME_PIECES, *PIECES]), max_size=14),
    st.sampled_from([" ", "\n", " , "]),
)
def test_filtered_words_marked_while_tokenizing_are_those_each_masker_scans_for(
    pieces: list[str], separator: str
) -> None:
    """With maskers' ``WordFilter`` in the engine's ``WordMarks``, the tokenizer marks where each may act: the
    tokens the masker's own scan finds (each masker fresh: no memo of the other's), and so the same votes."""
    text = separator.join(pieces)
    filters, scanning = _filters(), _filters()
    marks = WordMarks(INDEX, STARTS, filters)
    tokens, marked = tokenize_marked(text, frozenset(), marks)
    state, scanned = NoteState(tokens, INDEX, text, marks, marked), NoteState(tokens, INDEX, text)
    sites, other_sites = filters[0], scanning[0]
    assert sites._candidates(state) is state.filtered(sites)
    assert other_sites._candidates(scanned) == state.filtered(sites)  # the masker's own scan, without marks
    assert other_sites._candidates(state) == state.filtered(sites)  # another masker's marks are not its own
    assert scanned.filtered(sites) is None and state.filtered(other_sites) is None
    for masker in filters[1:]:
        assert state.filtered(masker) == [i for i in state.capitalized if masker.may_act(tokens[i], INDEX)]
    maskers: list[tuple[Masker, Masker]] = list(zip(filters, scanning, strict=True))
    for ours, theirs in maskers:  # these maskers in the ensemble's order, marked and scanning
        ours.apply(state)
        theirs.apply(scanned)
        assert state.votes == scanned.votes, ours.name
    assert NoteState(tokens, INDEX, text, MARKS, marked).filtered(sites) is None  # marks without filters


def test_marks_hold_so_many_filters_only() -> None:
    with pytest.raises(ValueError, match="word filters"):
        WordMarks(INDEX, STARTS, (*_filters(), PersonContextMasker()))
