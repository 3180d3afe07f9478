"""ChatName masker: names written in lower case in messages and chats (beyond the paper).

Team chats and family messages name people in lower case, without a title: the speaker who opens a line
("steffi: guten morgen", "karin (tochter): hallo"), a first name and surname together ("beim poldi
schmidhuber", "ich bin der gusti hofinger"), a first name with the relation it stands in ("der bertl (mein
mann)"). Taken: a first name of the lists that is no German word (so "rosa", "paul"… need more than their
place), in one of these places; a surname after it when it is a listed surname or shaped like one and no
word. A speaker is staff (HCP) unless the lists or a relation in brackets say otherwise.
"""

from __future__ import annotations

from typing import Final

from masketeer_gui.engine.lexicon import Salutation, SalutationKind
from masketeer_gui.engine.maskers.base import NoteState, Vote, same_line
from masketeer_gui.engine.names import SURNAME_ENDINGS
from masketeer_gui.engine.span import Entity

POSSESSIVES: Final = frozenset("mein meine ihr ihre sein seine unser unsere".split())
MIN_LENGTH: Final = 3


class ChatNameMasker:
    """Masks lower-case first names (and their surnames) in the places messages put them."""

    name = "ChatName"

    def __init__(self, relations: frozenset[str] = frozenset()) -> None:
        self.relations = relations  # folded relation words: "tochter", "mann", "sohn"

    @classmethod
    def from_salutations(cls, salutations: tuple[Salutation, ...]) -> ChatNameMasker:
        words = {s.words[0] for s in salutations if s.kind is SalutationKind.RELATION and len(s.words) == 1}
        return cls(frozenset(words))

    def apply(self, state: NoteState) -> None:
        tokens = state.tokens
        for i in state.listed_positions():  # a scan shared with other maskers
            token = tokens[i]
            if token.is_capitalized:
                continue  # only lower-case first names here
            if not token.is_word or not state.free(i) or not self._first_name(state, i):
                continue
            surname = self._surname_after(state, i)
            if surname is not None:
                self._vote(state, i, Entity.PER, "lower-case first name and surname")
                self._vote(state, surname, Entity.PER, "lower-case first name and surname")
            elif self._speaker(state, i):
                self._vote(state, i, Entity.HCP, "speaker of a chat line")
            elif self._before_relation(state, i):
                self._vote(state, i, Entity.PER, "lower-case first name before its relation")

    @staticmethod
    def _first_name(state: NoteState, i: int) -> bool:
        folded = state.tokens[i].folded
        names = state.names
        if len(folded) < MIN_LENGTH or not folded.isalpha() or names.is_word(folded):
            return False
        return folded in names.lexicon.first_names or names.is_listed(folded)

    @staticmethod
    def _surname_after(state: NoteState, i: int) -> int | None:
        """A lower-case surname right after the first name: listed, or shaped like one, and no word."""
        k = state.next_word(i)
        if k is None or state.tokens[k].is_capitalized or not same_line(state, i, k):
            return None
        folded = state.tokens[k].folded
        names = state.names
        if len(folded) < MIN_LENGTH or not folded.isalpha() or names.is_word(folded):
            return None
        if folded in names.lexicon.surnames or names.is_listed(folded) or folded.endswith(SURNAME_ENDINGS):
            return k
        return None

    @staticmethod
    def _speaker(state: NoteState, i: int) -> bool:
        """The word opens its line and a colon follows, maybe after a role in brackets: "steffi: …"."""
        tokens = state.tokens
        if i > 0 and same_line(state, i - 1, i):
            return False
        k = i + 1
        if k < len(tokens) and tokens[k].text == "(":
            while k < len(tokens) and tokens[k].text != ")" and same_line(state, i, k):
                k += 1
            k += 1
        return k < len(tokens) and tokens[k].text == ":" and same_line(state, i, k)

    def _before_relation(self, state: NoteState, i: int) -> bool:
        """A relation in brackets follows: "der bertl (mein mann)", "die gabi (tochter)"."""
        tokens = state.tokens
        if i + 2 >= len(tokens) or tokens[i + 1].text != "(":
            return False
        k = i + 2
        if tokens[k].folded in POSSESSIVES and k + 1 < len(tokens):
            k += 1
        return tokens[k].folded in self.relations

    def _vote(self, state: NoteState, j: int, default: Entity, reason: str) -> None:
        if state.free(j):
            names = state.names
            ref = names.base_name(state.tokens[j].folded) or state.tokens[j].folded
            state.vote(j, Vote(self.name, names.entity(ref, default=default), reason, ("lowercase",), ref))
