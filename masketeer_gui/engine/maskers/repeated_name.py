"""RepeatedName masker: a word masked as a name once is masked everywhere in the note (beyond the paper).

"Frau Tomasini ruft an … Tomasini 4x angerufen": the second mention has no salutation, but the note
itself has proven the name. Only references proven by a name vote count, and only capitalised
words not after an article are taken ("Herr Winter kommt im Winter" keeps the season).
"""

from __future__ import annotations

from masketeer_gui.engine.maskers.base import NoteState, Vote


class RepeatedNameMasker:
    """Masks further mentions of a name this note has already proven."""

    name = "RepeatedName"

    def apply(self, state: NoteState) -> None:
        proven = {state.tokens[i].folded: state.votes[i] for i in state.name_votes() if len(state.tokens[i].text) > 1}
        if not proven:
            return
        for i in state.capitalized:
            token = state.tokens[i]
            if token.folded in proven and state.free(i) and not state.after_article(i):
                first = proven[token.folded]
                assert first is not None
                reason = "same name as masked elsewhere in this note"
                state.vote(i, Vote(self.name, first.entity, reason, (), first.ref))
