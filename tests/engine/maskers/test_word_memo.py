"""Per-word memos of the maskers: an answer holds for one run's name lists only, and the memo stays bounded."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.maskers import (
    ChatNameMasker,
    Masker,
    NameDictionaryMasker,
    NoteState,
    PersonContextMasker,
    SalutationMasker,
    word_memo,
)
from masketeer_gui.engine.maskers.base import name_like, rare_token, rare_word, token_name_like, word_name_like
from masketeer_gui.engine.maskers.word_memo import WordMemo
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.text import tokenize
from tests.engine.tiny_lexicon import tiny_lexicon

LEXICON = tiny_lexicon()
# Invented names: a surname no shipped list knows, and an ordinary noun that a deployment lists as a name.
LISTS = NameLists(hcps=("Zwirchmayr", "Termin"))


def _masked(masker: Masker, index: NameIndex, text: str) -> list[str]:
    state = NoteState(tokenize(text), index, text)
    masker.apply(state)
    return [t.text for t, vote in zip(state.tokens, state.votes, strict=True) if vote is not None]


CASES: list[tuple[Masker, str, list[str]]] = [
    (NameDictionaryMasker(), "Zwirchmayr kommt heute", ["Zwirchmayr"]),
    (PersonContextMasker(), "Befund laut Termin", ["Termin"]),
    # a lower-case word after "Frau" is a name when listed; unlisted, only when no word ("name_slots")
    (SalutationMasker(LEXICON.salutations), "Frau termin hat angerufen", ["termin"]),
    # a deployment name in lower case opening a chat line (its set of listed words is made per index)
    (ChatNameMasker(), "zwirchmayr: guten morgen", ["zwirchmayr"]),
]


@pytest.mark.parametrize(("masker", "text", "listed"), CASES, ids=[masker.name for masker, _, _ in CASES])
def test_an_answer_holds_for_its_own_lists_only(masker: Masker, text: str, listed: list[str]) -> None:
    """The same masker, runs with and without the list in turn: each run answers from its own lists."""
    without, with_list = NameIndex(LEXICON, NameLists()), NameIndex(LEXICON, LISTS)
    assert _masked(masker, without, text) == []
    assert _masked(masker, with_list, text) == listed
    assert _masked(masker, without, text) == []


def test_the_table_belongs_to_one_index() -> None:
    memo: WordMemo[bool] = WordMemo()
    first, second = NameIndex(LEXICON, NameLists()), NameIndex(LEXICON, LISTS)
    memo.table(first)["Huber"] = True
    assert memo.table(first) == {"Huber": True}
    assert memo.table(second) == {}
    assert memo.table(first) == {}  # a new run starts over


def test_the_table_starts_over_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(word_memo, "WORD_LIMIT", 2)
    memo: WordMemo[bool] = WordMemo()
    index = NameIndex(LEXICON, NameLists())
    table = memo.table(index)
    table.update({"Eins": True, "Zwei": False})
    assert memo.table(index) is table
    table["Drei"] = True
    assert memo.table(index) == {}


@pytest.mark.parametrize("titled", [False, True])
def test_name_like_answers_for_its_own_lists_and_title_only(titled: bool) -> None:
    """``name_like`` remembers per word, per run and per ``titled``: a noun a deployment lists as a name is
    name-like in that run only; an eponym after a title only ("Frau Wilson", not "Morbus Wilson")."""
    without, with_list = NameIndex(LEXICON, NameLists()), NameIndex(LEXICON, LISTS)
    text = "Heute Termin"
    for index, expected in ((without, False), (with_list, True), (without, False)):
        state = NoteState(tokenize(text), index, text)
        assert name_like(state, 1, titled) is expected
        assert name_like(state, 1, titled) is word_name_like(index, "Termin", "termin", titled)


@pytest.mark.parametrize("word", ["Wilson", "Zwirchmayr", "Termin", "Huber-Termin", "EKG", "Anna-Lena", "Nanni"])
def test_name_like_remembered_is_name_like_worked_out(word: str) -> None:
    index = NameIndex(LEXICON, LISTS)
    state = NoteState(tokenize(f"Heute {word}"), index, f"Heute {word}")
    for titled in (False, True, False, True):  # the second round answers from the memo
        assert name_like(state, 1, titled) is word_name_like(index, word, state.tokens[1].folded, titled)


@pytest.mark.parametrize(
    ("word", "like", "rare"),
    [
        ("Zwirchmayr", True, True),  # listed, no word
        ("Grasbichler", True, True),  # no list knows it, no word
        ("Termin", True, False),  # a noun, listed as a name in this run
        ("Garten", False, False),  # a noun
        ("Innsbruck", False, False),  # a town
        ("EKG", False, False),  # an acronym
        ("grasbichler", False, False),  # lower case
    ],
)
def test_the_word_alone_answers_as_the_token_in_its_note(word: str, like: bool, rare: bool) -> None:
    """``token_name_like`` and ``rare_token`` (what the tokenizer's marks ask of a word seen for the first time)
    answer for the word as ``name_like`` and ``rare_word`` do for it in a note."""
    index = NameIndex(LEXICON, LISTS)
    state = NoteState(tokenize(f"Heute {word}"), index, f"Heute {word}")
    token = state.tokens[1]
    assert (token_name_like(index, token), rare_token(index, token)) == (like, rare)
    assert (name_like(state, 1), rare_word(state, 1)) == (like, rare)
