"""FullName masker: a capitalised neighbour of a proven name is part of that name (paper 2.2.4).

"Lia Maier": "Maier" is proven, the rare first name "Lia" is taken too. Guarded against the
paper's known false positive "Frau Maier Spaziergang": a neighbour that is a known German word
and no name stays, and the proven name is flagged so a reviewer sees the decision. An initial
before a proven name ("M. Huber") is taken. Repeats until no new word is added, so chains
("Anna Maria Huber") are covered.
"""

from __future__ import annotations

from typing import Final

from masketeer_gui.engine.maskers.base import NoteState, Vote, is_initial_at, name_like, rare_word, same_line
from masketeer_gui.engine.maskers.name_slots import first_name_of_line
from masketeer_gui.engine.maskers.word_use import used_as_thing

# Particles inside a name, written in lower case ("da Silva", "van Dijk", "von Berg"); not the German and
# French articles "der", "la", "le", which start ordinary phrases more often.
NAME_PARTICLES: Final = frozenset(
    {"da", "das", "de", "do", "dos", "di", "del", "della", "van", "von", "ten", "ter", "zu"}
)
GERMAN_PARTICLES: Final = frozenset({"von", "zu"})  # also prepositions: only right after a first name


class FullNameMasker:
    """Masks capitalised words directly before or after a proven name."""

    name = "FullName"

    def apply(self, state: NoteState) -> None:
        # Whether a neighbour joins a name depends on the words alone, and votes are never taken back: a
        # name looked at once has nothing more to give, so each round looks at the names the last one added.
        # The same holds across runs (the ensemble runs this masker twice): a name all of whose neighbours
        # were turned down for their words, or for being taken, is ``settled`` and not looked at again;
        # only a neighbour turned down for the votes around it (``used_as_thing``, a particle) may join later.
        settled = state.settled_names
        todo = [i for i in state.name_votes() if i not in settled]
        while todo:
            added: list[int] = []
            for i in todo:
                extended = self._extend(state, i, added)
                if self._particle_after(state, i, added) and extended:
                    settled.add(i)
            todo = sorted(added)

    def _particle_after(self, state: NoteState, i: int, added: list[int]) -> bool:
        """A name particle and the surname after it (appended to ``added``): "Ferreira da Silva", "van Dijk".
        False when a later vote could change the answer (a free particle follows: rare)."""
        k = state.next_word(i)
        if k is None or state.tokens[k].folded not in NAME_PARTICLES or not state.free(k):
            return True
        self._particle_and_surname(state, i, k, added)
        return False

    def _particle_and_surname(self, state: NoteState, i: int, k: int, added: list[int]) -> None:
        if state.tokens[k].folded in GERMAN_PARTICLES and state.tokens[i].folded not in state.names.lexicon.first_names:
            return  # "Anna von Berg", but "Befund Huber von Kranich" is "from"
        m = state.next_word(k)
        if m is None or not same_line(state, i, m) or not state.tokens[m].is_capitalized:
            return
        named = state.is_name_vote(m)  # "Ferreira da Silva" with "Silva" proven too: the particle joins them
        if not named and (not state.free(m) or not (name_like(state, m) or rare_word(state, m))):
            return
        if not named and used_as_thing(state, m):
            return
        proven = state.votes[i]
        assert proven is not None
        for j in (k,) if named else (k, m):
            folded = state.tokens[j].folded
            ref = state.names.base_name(folded) or folded
            state.vote(j, Vote(self.name, proven.entity, "name particle after a proven name", (), ref))
            added.append(j)

    def _extend(self, state: NoteState, i: int, added: list[int]) -> bool:
        """Vote for the neighbours of name ``i`` that belong to it; append their indices to ``added``. False
        when a neighbour was turned down for the votes around it (``used_as_thing``), which may change."""
        settled = True
        proven = state.votes[i]
        assert proven is not None
        before = state.prev_word(i, allow=".")
        if (
            before is None
            and (hyphened := state.prev_word(i, allow=".-")) is not None
            and is_initial_at(state, hyphened)
        ):
            before = hyphened  # "E.-M. Huber": the first of two hyphenated initials
        for j in (before, state.next_word(i)):
            if j is None or not state.free(j) or not (same_line(state, j, i) if j < i else same_line(state, i, j)):
                continue  # a name does not run on across a line break ("… Rieck⏎Instrumentierung: …")
            token = state.tokens[j]
            flags: tuple[str, ...]
            if j < i and is_initial_at(state, j):
                reason, flags = "initial before a proven name", ("initial",)
            elif j < i and self._not_a_first_name(state, j, i):
                continue
            elif (
                name_like(state, j)
                or (self._after_first_name(state, i, j) if j > i else first_name_of_line(state, j, i))
            ) and not state.after_article(j):
                known = state.names.base_name(token.folded) is not None
                reason = "next to a proven name" + ("" if known else " (unknown word)")
                flags = () if known else ("unknown-word",)
            else:
                continue
            if j < i and used_as_thing(state, j):  # asked last, of a word that would join (most words do not)
                settled = False
                continue
            ref = state.names.base_name(token.folded) or token.folded
            entity = state.names.entity(ref, default=proven.entity)
            state.vote(j, Vote(self.name, entity, reason, flags, ref))
            added.append(j)
        return settled

    @staticmethod
    def _after_first_name(state: NoteState, i: int, j: int) -> bool:
        """A rare word right after a first name is its surname ("Katharina Nowak"), though not a noun."""
        first = state.tokens[i].folded in state.names.lexicon.first_names
        return first and same_line(state, i, j) and rare_word(state, j)

    @staticmethod
    def _not_a_first_name(state: NoteState, j: int, i: int) -> bool:
        """The word before a proven name is no first name: a role noun ("Bruder Hans"), a word before a first
        name ("Herzstolpern Sonja"), or a word closed by a dot."""
        names = state.names
        before = state.tokens[j].folded
        if state.tokens[j + 1].text == "." or names.is_ambiguous(before):
            return True
        return names.base_name(before) is None and state.tokens[i].folded in names.lexicon.first_names
