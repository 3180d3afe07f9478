"""HandSign masker: the staff member who signs a care-record entry after a slash (beyond the paper).

Care and nursing records close each entry with the writer's hand-sign: "… gut geschlafen. /Kathi",
"/R. Gasser", "/Ulli W.", "/Renate K., DGKP". The slash stands after a space or at the start of the
line (not inside "mg/Tag"), and the sign ends its line (but for a role after a comma). Taken: one or two
words after the slash, each an initial with its dot or a capitalised word that is no clear German
word (no noun, frequent word, drug or clinical term), or a name of a list. The signer is staff (HCP).
Bare initials in capitals ("/AL") are left alone: they may be anyone's short sign.
"""

from __future__ import annotations

from typing import Final

from masketeer_gui.engine.maskers.base import NoteState, Vote, same_line
from masketeer_gui.engine.span import Entity
from masketeer_gui.engine.token_search import first_starting_at

MAX_WORDS: Final = 2
SIGN_END: Final = frozenset(",;")


def _slashes(state: NoteState) -> list[int]:
    """Indices of the note's "/" tokens: found in the text (each "/" is a token of its own) and looked up by
    offset, so a note's other tokens are not visited."""
    tokens, text = state.tokens, state.text
    if not text:  # a state made without its text (tests)
        return [s for s, token in enumerate(tokens) if token.text == "/"]
    found: list[int] = []
    position = text.find("/")
    while position >= 0:
        s = first_starting_at(tokens, position)
        if s < len(tokens) and tokens[s].start == position and tokens[s].text == "/":
            found.append(s)
        position = text.find("/", position + 1)
    return found


class HandSignMasker:
    """Masks the name after a slash that closes a care-record entry."""

    name = "HandSign"

    def apply(self, state: NoteState) -> None:
        if state.text and "/" not in state.text:
            return  # about half the notes: no slash at all (searched in C)
        tokens = state.tokens
        for s in _slashes(state):
            token = tokens[s]
            if s + 1 >= len(tokens) or tokens[s + 1].start != token.end:
                continue
            if s > 0 and tokens[s - 1].end == token.start:
                continue  # "mg/Tag", "und/oder": no sign
            words = self._sign(state, s + 1)
            for j, flags in words:
                if state.free(j):
                    ref = state.names.base_name(tokens[j].folded) or tokens[j].folded
                    state.vote(j, Vote(self.name, Entity.HCP, "hand-sign after '/'", flags, ref))

    @staticmethod
    def _sign(state: NoteState, i: int) -> list[tuple[int, tuple[str, ...]]]:
        """The words of the sign starting at token ``i``, or none if it is no sign."""
        tokens, names = state.tokens, state.names
        taken: list[tuple[int, tuple[str, ...]]] = []
        j = i
        while j < len(tokens) and len(taken) < MAX_WORDS:
            token = tokens[j]
            if taken and not same_line(state, taken[-1][0], j):
                break
            if not token.is_word or not token.is_capitalized:
                break
            dotted = j + 1 < len(tokens) and tokens[j + 1].text == "." and tokens[j + 1].start == token.end
            if token.is_initial and dotted:
                taken.append((j, ("initial",)))
                j += 2
                continue
            if token.text.isupper() and len(token.text) > 1:
                break  # "/AL": a short sign, not a name
            folded = token.folded
            if names.base_name(folded) is None and (names.is_clear_word(folded) or names.is_town(folded)):
                break
            taken.append((j, () if names.base_name(folded) else ("unknown-word",)))
            j += 1
        if not taken or all(flags == ("initial",) for _, flags in taken):
            return []
        end = j
        if end < len(tokens) and same_line(state, taken[-1][0], end) and tokens[end].text not in SIGN_END:
            return []  # the sign ends its line ("/Kathi⏎"), or a role follows a comma ("/Renate K., DGKP")
        return taken
