"""NameDictionary masker: words found in a name list (deployment lists first, then shipped lists).

A name that is also an ordinary German word ("Koch", "Bauer", "Fuchs") is only taken when the
context does not make it a word: not after an article ("der Koch"), and not at the start of a
sentence unless it is in a deployment list. A capitalised word one typo away from a listed name
(Damerau–Levenshtein 1, words of five letters or more, never a known German word) is taken too,
flagged for review.
"""

from __future__ import annotations

from masketeer_gui.engine.maskers.base import (
    PERSON_VERBS,
    NoteState,
    Vote,
    brand_after_article,
    is_initial_at,
    name_like,
)
from masketeer_gui.engine.maskers.word_memo import WordMemo
from masketeer_gui.engine.maskers.word_use import used_as_thing
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.text import Token


class NameDictionaryMasker:
    """Masks words that are in any name dictionary, allowing genitive -s and one typo."""

    name = "NameDictionary"

    def __init__(self, fuzzy: bool = True) -> None:
        self.fuzzy = fuzzy
        self._words: WordMemo[str | Vote | None] = WordMemo()

    def apply(self, state: NoteState) -> None:
        names = state.names
        words = self._words.table(names)
        tokens = state.tokens
        marked = state.filtered(self)  # the tokenizer marked the words ``may_act`` lets through: no scan
        for i in state.capitalized if marked is None else marked:  # hot path: one look-up per word; most are no name
            text = tokens[i].text
            try:
                found = words[text]
            except KeyError:
                found = words[text] = self._word(tokens[i], names)
            if found is None or not state.free(i):
                continue
            vote = found if isinstance(found, Vote) else self._listed(state, i, found)
            if vote is not None and not used_as_thing(state, i):
                state.vote(i, vote)
        if names.roles:
            self._lowercase_listed(state, names)

    def may_act(self, token: Token, names: NameIndex) -> bool:
        """A capitalised word that can be a name wherever it stands (``WordFilter``: what ``apply`` looks for)."""
        if not token.is_capitalized:
            return False
        words = self._words.table(names)
        text = token.text
        if text not in words:
            words[text] = self._word(token, names)
        return words[text] is not None

    def _lowercase_listed(self, state: NoteState, names: NameIndex) -> None:
        """A deployment name written in lower case ("huber hat angerufen") when it is no German word."""
        roles = names.roles
        for i in state.listed_positions():  # the deployment names' parts are among the listed words
            token = state.tokens[i]
            folded = token.folded
            if folded not in roles or token.is_capitalized or len(folded) <= 2 or not state.free(i):
                continue
            if names.is_word(folded):
                continue
            reason = "listed name (written lower-case)"
            state.vote(i, Vote(self.name, names.entity(folded), reason, ("lowercase",), folded))

    def _word(self, token: Token, names: NameIndex) -> str | Vote | None:
        """What a capitalised word can be, wherever it stands: a name (its base form, for ``_listed`` to weigh
        in context), a typo of a listed name (the vote itself), or nothing."""
        text, folded = token.text, token.folded
        if len(text) <= 1 or (text.isupper() and len(text) <= 3):
            return None
        base = names.base_name(folded)
        if base is not None and (base not in names.title_words or names.is_listed(base)):
            return base
        if self.fuzzy and not names.is_word(folded) and folded not in names.whitelist:
            match = names.one_typo_from(folded, listed_only=True)
            if match is not None:
                reason = f"one typo from listed name '{match}'"
                return Vote(self.name, names.entity(match), reason, ("fuzzy",), match)
        return None

    def _listed(self, state: NoteState, i: int, base: str) -> Vote | None:
        names = state.names
        if state.after_quantity(i) or brand_after_article(state, i):
            return None  # "ein Krügel", "1 Krügel" (a beer mug), "kauft beim Kastner ein" (a shop)
        listed = names.is_listed(base)
        flags: tuple[str, ...] = ()
        if names.is_ambiguous(base):
            if state.after_article(i) or not self._person_context(state, i, listed):
                return None  # "Pat. war Jäger", "der Koch": a noun unless the context makes it a name
            flags = ("ambiguous-word",)
        elif names.is_common_name_word(base) and not listed and state.sentence_initial(i):
            return None  # "Frank gesagt", dialect "Mia geht's guat"
        where = "a deployment name list" if listed else "the shipped name list"
        return Vote(self.name, names.entity(base), f"in {where}", flags, base)

    def _person_context(self, state: NoteState, i: int, listed: bool) -> bool:
        """Around a noun-like name: a proven name or an initial before it, an unknown name-like word after
        it ("Ernst Vötter"), or, for a listed name, a verb of speaking or calling ("Jäger meldet sich") or
        brackets around it alone ("(Koch)")."""
        if self._name_beside(state, i):
            return True
        if listed and self._alone_in_brackets(state, i):
            return True  # "Betreuerwechsel (Koch)": a deployment name given as a reference
        j = state.prev_word(i, allow=".")
        if j is not None and is_initial_at(state, j):
            return True
        k = state.next_word(i)
        if k is None:
            return False
        after = state.tokens[k]
        if name_like(state, k) and state.names.base_name(after.folded) is None:
            return True
        return listed and after.folded in PERSON_VERBS

    @staticmethod
    def _alone_in_brackets(state: NoteState, i: int) -> bool:
        tokens = state.tokens
        return 0 < i < len(tokens) - 1 and tokens[i - 1].text == "(" and tokens[i + 1].text == ")"

    @staticmethod
    def _name_beside(state: NoteState, i: int) -> bool:
        """The word before is an unambiguous name: "Maria Koch" is a name; "Koch" alone and "Bruder Hans" are not."""
        names = state.names
        for j in (state.prev_word(i),):
            if j is None or not state.tokens[j].is_capitalized:
                continue
            base = names.base_name(state.tokens[j].folded)
            if state.is_name_vote(j) or (base is not None and not names.is_ambiguous(base)):
                return True
        return False
