"""DoubleName masker: hyphenated chains of capitalised words with at least one proven name.

"Anna-Lena", "Müller-Huber", "Huber-Gstrein" are names; "Marfan-Syndrom", "Parkinson-Patient"
and "Holter-EKG" are not: every part must be name-like (a name, or no known German word),
none may be a whitelisted eponym, and at least one part must be a listed name or already be
proven elsewhere in the note.
"""

from __future__ import annotations

import re
from typing import Final

from masketeer_gui.engine.maskers.base import NoteState, Vote, cast_votes
from masketeer_gui.engine.maskers.word_use import used_as_thing
from masketeer_gui.engine.names import NameIndex
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import Entity

_HYPHEN: Final = re.compile(r"[-‐‑]")


class DoubleNameMasker:
    """Masks hyphenated name chains."""

    name = "DoubleName"

    def apply(self, state: NoteState) -> None:
        tokens = state.tokens
        text = state.text
        if text and "-" not in text and "‐" not in text and "‑" not in text:
            return  # most notes: no hyphen at all (searched in C), so no word holds one
        hyphened = [i for i in state.capitalized if "-" in tokens[i].folded]
        if not hyphened:  # most notes
            return
        proven = {v.ref: v.entity for v in cast_votes(state.votes) if v.ref}
        for i in hyphened:
            if state.free(i):
                parts = [p for p in _HYPHEN.split(tokens[i].text) if p]
                vote = self._vote(parts, state.names, proven)
                if vote is not None and not used_as_thing(state, i):
                    state.vote(i, vote)

    def _vote(self, parts: list[str], names: NameIndex, proven: dict[str, Entity]) -> Vote | None:
        if len(parts) < 2 or not all(p[0].isupper() and p.isalpha() for p in parts):
            return None
        folded = [fold(p) for p in parts]
        if any(f in names.whitelist and not names.is_listed(f) for f in folded):
            return None
        anchors = [f for f in folded if names.base_name(f) is not None or f in proven]
        if not anchors:
            return None
        if not all(f in anchors or not names.is_word(f) for f in folded):
            return None
        ref = "-".join(folded)
        anchor = next((f for f in anchors if names.is_listed(f)), anchors[0])  # a deployment list decides the type
        entity = names.entity(anchor, default=proven.get(anchor, Entity.PER))
        return Vote(self.name, entity, f"hyphenated name with '{anchor}'", (), ref)
