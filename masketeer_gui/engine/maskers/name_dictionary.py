"""NameDictionary masker: words found in a name list (deployment lists first, then shipped lists).

A name that is also an ordinary German word ("Koch", "Bauer", "Fuchs") is only taken when the
context does not make it a word: not after an article ("der Koch"), and not at the start of a
sentence unless it is in a deployment list. A capitalised word one typo away from a listed name
(Damerau–Levenshtein 1, words of five letters or more, never a known German word) is taken too,
flagged for review.
"""

from __future__ import annotations

from masketeer_gui.engine.maskers.base import NoteState, Vote
from masketeer_gui.engine.names import NameIndex


class NameDictionaryMasker:
    """Masks words that are in any name dictionary, allowing genitive -s and one typo."""

    name = "NameDictionary"

    def __init__(self, fuzzy: bool = True) -> None:
        self.fuzzy = fuzzy

    def apply(self, state: NoteState) -> None:
        names = state.names
        for i, token in enumerate(state.tokens):
            if not token.is_word or not state.free(i):
                continue
            if token.is_capitalized and not token.is_initial:
                vote = self._capitalized(state, i, names)
            elif names.is_listed(token.folded) and not names.is_word(token.folded) and len(token.text) > 2:
                ref = token.folded
                vote = Vote(self.name, names.entity(ref), "listed name (written lower-case)", ("lowercase",), ref)
            else:
                vote = None
            if vote is not None:
                state.vote(i, vote)

    def _capitalized(self, state: NoteState, i: int, names: NameIndex) -> Vote | None:
        token = state.tokens[i]
        folded = token.folded
        if token.text.isupper() and len(token.text) <= 3:
            return None
        base = names.base_name(folded)
        if base is not None:
            return self._listed(state, i, base)
        if self.fuzzy and not names.is_word(folded) and folded not in names.whitelist:
            match = names.one_typo_from(folded)
            if match is not None:
                reason = f"one typo from listed name '{match}'"
                return Vote(self.name, names.entity(match), reason, ("fuzzy",), match)
        return None

    def _listed(self, state: NoteState, i: int, base: str) -> Vote | None:
        names = state.names
        listed = names.is_listed(base)
        flags: tuple[str, ...] = ()
        if names.is_ambiguous(base):
            if state.after_article(i):
                return None
            if not listed and (state.sentence_initial(i) or not self._name_beside(state, i)):
                return None
            flags = ("ambiguous-word",)
        where = "a deployment name list" if listed else "the shipped name list"
        return Vote(self.name, names.entity(base), f"in {where}", flags, base)

    @staticmethod
    def _name_beside(state: NoteState, i: int) -> bool:
        """A neighbouring word is an unambiguous name (so "Maria Koch" is a name, "Koch" alone is not)."""
        names = state.names
        for j in (state.prev_word(i), state.next_word(i)):
            if j is None or not state.tokens[j].is_capitalized:
                continue
            base = names.base_name(state.tokens[j].folded)
            if state.is_name_vote(j) or (base is not None and not names.is_ambiguous(base)):
                return True
        return False
