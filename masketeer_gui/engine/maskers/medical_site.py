"""MedicalSite masker: listed medical sites ("BKH Schwaz") and site words before a place ("KH Zams").

Sites are matched as whole word sequences (folded, so "Universitaetsklinik" matches). A site head
("LKH", "Klinik", "Sanatorium"…) followed by a town from the ZIP list or an unknown capitalised
word is a site too. Because a town inside a site name is no person, ``claim`` reserves site
words before the name maskers run; the votes themselves are cast in the ensemble's order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from masketeer_gui.engine.maskers.base import NoteState, Vote, name_like
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import Entity

_WORD = re.compile(r"[\w]+(?:[-‐‑][\w]+)*")
_END = "\x00"
MAX_PLACE_WORDS = 2  # "St." and "Bad" do not count: "BKH St. Johann in Tirol"
CONNECTORS = frozenset({"st", "sankt", "bad"})


def _phrase_trie(phrases: Iterable[str]) -> dict[str, object]:
    root: dict[str, object] = {}
    for phrase in phrases:
        words = [fold(w) for w in _WORD.findall(phrase)]
        if not words:
            continue
        node = root
        for word in words:
            node = node.setdefault(word, {})  # type: ignore[assignment]
        node[_END] = True
    return root


class MedicalSiteMasker:
    """Masks medical sites as one span each."""

    name = "MedicalSite"

    def __init__(self, sites: Iterable[str], site_words: frozenset[str], towns: frozenset[str]) -> None:
        self._trie = _phrase_trie(sites)
        self._heads = site_words
        self._towns = towns

    def find(self, state: NoteState) -> list[tuple[int, int, str]]:
        """(first, last, reason) of each site in the note, longest match first."""
        trie, heads, tokens = self._trie, self._heads, state.tokens
        found: list[tuple[int, int, str]] = []
        done = 0
        for i in [i for i, t in enumerate(tokens) if t.folded in trie or t.folded in heads]:
            if i < done:
                continue
            hit = self._listed(state, i) if tokens[i].folded in trie else None
            if hit is None and tokens[i].folded in heads and tokens[i].is_word:
                hit = self._head_place(state, i)
            if hit is not None:
                found.append(hit)
                done = hit[1] + 1
        return found

    def claim(self, state: NoteState) -> list[tuple[int, int, str]]:
        """Reserve the words of every site so the name maskers leave them; return the sites."""
        sites = self.find(state)
        for first, last, _ in sites:
            state.reserved.update(range(first, last + 1))
        return sites

    def apply(self, state: NoteState, sites: list[tuple[int, int, str]] | None = None) -> None:
        for first, last, reason in sites if sites is not None else self.find(state):
            words = [state.tokens[k] for k in range(first, last + 1) if state.tokens[k].is_word]
            if any(state.votes[k] is not None for k in range(first, last + 1)):
                continue
            vote = Vote(self.name, Entity.SIT, reason, (), " ".join(t.folded for t in words), last)
            for k in range(first, last + 1):
                state.votes[k] = vote

    def _listed(self, state: NoteState, i: int) -> tuple[int, int, str] | None:
        node: object = self._trie
        best = None
        j: int | None = i
        while j is not None and isinstance(node, dict) and state.tokens[j].folded in node:
            node = node[state.tokens[j].folded]
            if isinstance(node, dict) and _END in node:
                best = (i, j, "in the medical site list")
            j = state.next_word(j, allow=".-")
        return best

    def _head_place(self, state: NoteState, i: int) -> tuple[int, int, str] | None:
        token = state.tokens[i]
        if not token.is_word or token.folded not in self._heads:
            return None
        last = i
        j = state.next_word(i)
        taken = 0
        while j is not None and taken < MAX_PLACE_WORDS and self._place_word(state, j):
            last = j
            taken += state.tokens[j].folded not in CONNECTORS
            j = state.next_word(j, allow=".")
        if last == i:
            return None
        return (i, last, f"site word '{token.text}' before a place name")

    def _place_word(self, state: NoteState, j: int) -> bool:
        token = state.tokens[j]
        if not token.is_capitalized:
            return False
        if token.folded in CONNECTORS:  # "BKH St. Johann", "Klinik Bad Häring"
            return True
        return token.folded in self._towns or name_like(state, j, titled=True)
