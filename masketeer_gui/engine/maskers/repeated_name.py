"""RepeatedName masker: a word masked as a name once is masked everywhere in the note (beyond the paper).

"Frau Tomasini ruft an … Tomasini 4x angerufen": the second mention has no salutation, but the note
itself has proven the name. Only references proven by a name vote count; a repeat is taken when
it is capitalised and not after an article ("Herr Winter kommt im Winter" keeps the season), or
written in lower case but no German word ("Frau Gstrein … gstrein ruft an"), so the masked
surface never survives elsewhere in the note. A proven name that is also a noun is not copied
where the context reads it as the noun ("Herr Nebel … oft Nebel im Tal", "im 2. Zimmer",
"geht mit Schirm"), nor onto a counted word ("ein Krügel") or a shop ("beim Kastner").
"""

from __future__ import annotations

from masketeer_gui.engine.maskers.base import NoteState, Vote, brand_after_article, noun_reading
from masketeer_gui.engine.maskers.word_use import used_as_thing


class RepeatedNameMasker:
    """Masks further mentions of a name this note has already proven."""

    name = "RepeatedName"

    def apply(self, state: NoteState) -> None:
        proven = {state.tokens[i].folded: state.votes[i] for i in state.name_votes() if len(state.tokens[i].text) > 1}
        if not proven:
            return
        names = state.names
        tokens = state.tokens
        for i in [i for i, t in enumerate(tokens) if t.folded in proven]:
            token = tokens[i]
            if not state.free(i) or state.after_article(i):
                continue
            if self._used_as_word(state, i) or used_as_thing(state, i):
                continue
            if token.is_capitalized or not names.looks_like_word(token.folded):
                first = proven[token.folded]
                assert first is not None
                reason = "same name as masked elsewhere in this note"
                state.vote(i, Vote(self.name, first.entity, reason, (), first.ref))

    @staticmethod
    def _used_as_word(state: NoteState, i: int) -> bool:
        names = state.names
        folded = state.tokens[i].folded
        if state.after_quantity(i) or brand_after_article(state, i):
            return True
        return names.is_ambiguous(folded) and noun_reading(state, i)
