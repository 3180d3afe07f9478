"""What every masker sees and writes: the note's tokens and one vote slot per token."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.span import NAME_ENTITIES, Entity
from masketeer_gui.engine.text import Token

ARTICLES = frozenset(
    "der die das dem den des ein eine einen einem einer eines kein keine keinen im beim zum zur vom am ans "
    "ins aufs mein meine meinem meinen ihr ihre ihrem ihren sein seine seinem seinen unser unsere diese dieser "
    "diesem diesen jeder jede jedem mit".split()
)


@dataclass(frozen=True, slots=True)
class Vote:
    """A masker's positive vote for one token (or, with ``last``, a run of tokens up to ``last``)."""

    masker: str
    entity: Entity
    reason: str
    flags: tuple[str, ...] = ()
    ref: str = ""
    last: int = -1  # index of the last token covered, for multi-token spans (sites); -1: this token only


class NoteState:
    """Tokens of one note, the votes cast so far, and neighbour helpers the maskers share."""

    def __init__(self, tokens: list[Token], names: NameIndex) -> None:
        self.tokens = tokens
        self.names = names
        self.votes: list[Vote | None] = [None] * len(tokens)
        self.reserved: set[int] = set()  # tokens name maskers must leave (e.g. the town after "LKH")

    def free(self, i: int) -> bool:
        """Token ``i`` is a word nobody has voted for yet."""
        return self.votes[i] is None and self.tokens[i].is_word and i not in self.reserved

    def vote(self, i: int, vote: Vote) -> None:
        if self.votes[i] is None:
            self.votes[i] = vote

    def is_name_vote(self, i: int) -> bool:
        vote = self.votes[i]
        return vote is not None and vote.entity in NAME_ENTITIES

    def next_word(self, i: int, allow: str = "") -> int | None:
        """Index of the word right after token ``i`` in the same sentence, only white space (or ``allow``) between."""
        tokens = self.tokens
        j = i + 1
        while j < len(tokens) and not tokens[j].is_word and tokens[j].text in allow:
            j += 1
        if j < len(tokens) and tokens[j].is_word and tokens[j].sentence == tokens[i].sentence:
            return j
        return None

    def prev_word(self, i: int, allow: str = "") -> int | None:
        """Index of the word right before token ``i`` in the same sentence."""
        tokens = self.tokens
        j = i - 1
        while j >= 0 and not tokens[j].is_word and tokens[j].text in allow:
            j -= 1
        if j >= 0 and tokens[j].is_word and tokens[j].sentence == tokens[i].sentence:
            return j
        return None

    def after_article(self, i: int) -> bool:
        """Token ``i`` follows an article or determiner ("der Koch", "beim Bauer")."""
        j = self.prev_word(i)
        return j is not None and self.tokens[j].folded in ARTICLES

    def sentence_initial(self, i: int) -> bool:
        """Token ``i`` is the first word of its sentence (where every word is capitalised)."""
        j = i - 1
        while j >= 0 and not self.tokens[j].is_word:
            if self.tokens[j].sentence != self.tokens[i].sentence:
                return True
            j -= 1
        return j < 0 or self.tokens[j].sentence != self.tokens[i].sentence


class Masker(Protocol):
    """One rule of the ensemble: casts votes for tokens nobody has claimed yet."""

    name: str

    def apply(self, state: NoteState) -> None: ...


def name_like(state: NoteState, i: int, titled: bool = False) -> bool:
    """A capitalised word that could be a name: a listed name, or no known German word.

    Acronyms (RR, EKG), words with digits, salutation words and shipped whitelist words
    (eponyms) are not — except that right after a title (``titled``) an eponym that is also a
    shipped name is a name ("Frau Wilson", but "Morbus Wilson").
    """
    token = state.tokens[i]
    if not token.is_capitalized:
        return False
    names = state.names
    folded = token.folded
    if names.is_listed(folded):
        return True
    if folded in names.title_words or any(c.isdigit() for c in folded):
        return False
    if folded in names.whitelist:
        return titled and folded in names.shipped
    if token.text.isupper() and len(token.text) > 1:
        return names.base_name(folded) is not None
    return names.base_name(folded) is not None or not names.is_word(folded)
