"""PersonContext masker: a name with no salutation, recognised by the words around it (beyond the paper).

The paper's main source of missed names was "extremely rare names that were not in any dictionary
and occurred without a salutation". In these notes such names still stand in typical places:
after "laut", "mit", "an", "bitte", "durch" ("Befund an Lindmoser weitergeleitet", "laut Tomasini
alles ok") or before a verb of speaking or calling ("Tomasini meldet sich"), after an initial ("E.-M. Hollerbichl")
or as the subject after a verb at the end of a clause ("die Übergabe macht Mirka, …"). This masker runs last
and takes a capitalised word there when it is no known German word, drug or town — or when it is a
listed name that is also a noun ("Rücksprache mit Fischer"). Every vote is flagged for review.
"""

from __future__ import annotations

from typing import Final

from masketeer_gui.engine.maskers.base import (
    PERSON_VERBS,
    NoteState,
    Vote,
    brand_after_article,
    is_initial_at,
    name_like,
    noun_reading,
    rare_token,
    rare_word,
    token_name_like,
)
from masketeer_gui.engine.maskers.contact_cues import thing_after_preposition
from masketeer_gui.engine.maskers.word_memo import WordMemo
from masketeer_gui.engine.maskers.word_use import used_as_thing
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.text import Token

LEFT_CUES: Final = frozenset(["laut", "lt", "mit", "an", "bei", "von", "durch", "bitte", "fuer", "via"])
# Verbs whose subject follows them in an inverted clause: "Die Übergabe macht Mirka, …".
SUBJECT_VERBS: Final = frozenset(
    "macht uebernimmt erledigt organisiert kommt holt bringt faehrt schaut betreut begleitet kontrolliert "
    "uebernehmen machen erledigen organisieren".split()
)
CLAUSE_ENDS: Final = frozenset(",.;!?)")
AFTER_INITIAL: Final = "after an initial"


def _clause_ends_after(state: NoteState, i: int) -> bool:
    """Word ``i`` closes its clause: punctuation, "und" or the end of the note follows."""
    tokens = state.tokens
    if i + 1 >= len(tokens):
        return True
    nxt = tokens[i + 1]
    return nxt.text in CLAUSE_ENDS or nxt.folded == "und" or "\n" in state.text[tokens[i].end : nxt.start]


class PersonContextMasker:
    """Masks unknown capitalised words that stand where names stand."""

    name = "PersonContext"

    def __init__(self) -> None:
        self._words: WordMemo[bool] = WordMemo()

    def apply(self, state: NoteState) -> None:
        tokens = state.tokens
        words = self._words.table(state.names)
        marked = state.filtered(self)  # the tokenizer marked the words ``may_act`` lets through: no scan
        for i in state.capitalized if marked is None else marked:  # hot path: one look-up per word; most are known
            text = tokens[i].text
            possible = words.get(text)  # not ``try``: compiled, each miss would raise a real KeyError
            if possible is None:
                possible = words[text] = self._possible(tokens[i], state.names)
            if not possible or not state.free(i):
                continue
            cue = self._cue(state, i)
            if cue is None:
                continue
            if not (self._candidate(state, i) or (cue == AFTER_INITIAL and rare_word(state, i))):
                continue
            if used_as_thing(state, i) or thing_after_preposition(state, i):
                continue
            ref = state.names.base_name(tokens[i].folded) or tokens[i].folded
            reason = f"unknown word {cue}"
            state.vote(i, Vote(self.name, state.names.entity(ref), reason, ("context",), ref))

    def may_act(self, token: Token, names: NameIndex) -> bool:
        """A capitalised word that may be a name somewhere (``WordFilter``: what ``apply`` looks for)."""
        if not token.is_capitalized:
            return False
        words = self._words.table(names)
        possible = words.get(token.text)
        if possible is None:
            possible = words[token.text] = self._possible(token, names)
        return possible

    @staticmethod
    def _possible(token: Token, names: NameIndex) -> bool:
        """``token`` may be a name somewhere (the word alone decides): a name, name-like or a rare word,
        longer than one letter, not whitelisted and no title."""
        if len(token.text) == 1 or token.folded in names.whitelist or token.folded in names.title_words:
            return False
        return names.base_name(token.folded) is not None or token_name_like(names, token) or rare_token(names, token)

    @staticmethod
    def _candidate(state: NoteState, i: int) -> bool:
        names = state.names
        folded = state.tokens[i].folded
        if state.after_article(i) or folded in names.whitelist or folded in names.title_words:
            return False
        if state.after_quantity(i) or brand_after_article(state, i):
            return False
        base = names.base_name(folded)
        if base is not None:  # a shipped or listed name the earlier maskers left for its ambiguity,
            return not (names.is_ambiguous(base) and noun_reading(state, i))  # unless used as the noun
        return name_like(state, i)

    @staticmethod
    def _cue(state: NoteState, i: int) -> str | None:
        tokens = state.tokens
        j = state.prev_word(i)
        before = tokens[j] if j is not None else None
        if before is not None and before.folded in LEFT_CUES:
            return f"after '{before.text}'"
        k = state.next_word(i)
        if k is not None and tokens[k].folded in PERSON_VERBS:
            return f"before '{tokens[k].text}'"
        if i >= 2 and tokens[i - 1].text == "." and is_initial_at(state, i - 2):
            return AFTER_INITIAL  # "E.-M. Pfeifenhofer", "Ch. Wimmerer"
        if before is not None and before.folded in SUBJECT_VERBS and _clause_ends_after(state, i):
            return f"as subject after '{before.text}'"  # "die Einschulung macht Mirka, …"
        return None
