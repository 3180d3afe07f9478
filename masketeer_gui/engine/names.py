"""Name knowledge for one run: shipped lists plus deployment lists, roles, and one-typo look-up.

``NameIndex`` answers the questions the maskers ask of a single folded word: is it a name,
from which list (patient, HCP, person), is it also an ordinary German word, and which listed
name is it one typo away from.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntFlag

from rapidfuzz.distance import DamerauLevenshtein

from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.span import Entity

_WORD = re.compile(r"[^\W_]+")
PARTICLES = frozenset({"von", "van", "de", "der", "den", "zu", "di", "da", "del", "la", "le", "dos", "du", "ten", "ter"})
FUZZY_MIN_LENGTH = 5  # shipped names: only longer words are matched with a typo
FUZZY_MIN_LENGTH_LISTED = 4  # deployment names are few and certain: a typo in "Hubr" counts


class Role(IntFlag):
    """Which deployment list a name part comes from."""

    NONE = 0
    PAT = 1
    HCP = 2
    PER = 4


def name_parts(full_name: str) -> list[str]:
    """Folded parts of a listed name worth matching on their own ("Maria Huber-Egger" -> maria, huber, egger)."""
    parts: list[str] = []
    for word in full_name.replace("-", " ").replace(",", " ").split():
        folded = fold(word.strip(".'’"))
        if len(folded) > 1 and folded not in PARTICLES and folded.isalpha():
            parts.append(folded)
    return parts


class NameIndex:
    """Shipped and deployment names, folded, with roles and a deletion index for one-typo matches."""

    def __init__(self, lexicon: Lexicon, names: NameLists) -> None:
        self.lexicon = lexicon
        self.roles: dict[str, Role] = {}
        for role, entries in ((Role.PAT, names.patients), (Role.HCP, names.hcps), (Role.PER, names.persons)):
            for entry in entries:
                for part in name_parts(entry):
                    self.roles[part] = self.roles.get(part, Role.NONE) | role
        self.shipped = frozenset(lexicon.first_names) | lexicon.surnames
        self.whitelist = lexicon.whitelist
        self.title_words = frozenset(
            part for s in lexicon.salutations for w in s.words for part in _WORD.findall(w)
        )
        self._deletes: dict[str, tuple[str, ...]] | None = None

    def is_listed(self, folded: str) -> bool:
        """In a deployment list (patients, HCPs, persons)."""
        return folded in self.roles

    def is_name(self, folded: str) -> bool:
        """In any name list, shipped or deployment, and not a shipped whitelist word."""
        return folded in self.roles or (folded in self.shipped and folded not in self.whitelist)

    def is_word(self, folded: str) -> bool:
        """A known German word (noun or frequent word)."""
        return self.lexicon.is_word(folded)

    def is_ambiguous(self, folded: str) -> bool:
        """A name that is also a German noun ("Koch", "Bauer", "Fuchs"): context must decide."""
        return folded in self.lexicon.nouns

    def base_name(self, folded: str) -> str | None:
        """The name itself, also for a genitive ("Hubers" -> "huber"); None if not a name."""
        if self.is_name(folded):
            return folded
        if len(folded) > 3 and folded[-1] == "s" and self.is_name(folded[:-1]) and not self.is_word(folded):
            return folded[:-1]
        return None

    def entity(self, folded: str, hcp_title: bool = False, default: Entity = Entity.PER) -> Entity:
        """Entity for a name part: an HCP title decides; else HCP/PAT lists beat the general list."""
        if hcp_title:
            return Entity.HCP
        role = self.roles.get(folded, Role.NONE)
        if Role.PAT in role and Role.HCP in role:
            return Entity.PER
        if Role.HCP in role:
            return Entity.HCP
        if Role.PAT in role:
            return Entity.PAT
        if Role.PER in role:
            return Entity.PER
        return default

    def one_typo_from(self, folded: str) -> str | None:
        """The listed name exactly one edit (Damerau-Levenshtein) from ``folded``, if unique enough."""
        if len(folded) < FUZZY_MIN_LENGTH_LISTED or not folded.isalpha():
            return None
        deletes = self._deletion_index()
        candidates: set[str] = set(deletes.get(folded, ()))
        for variant in _deletions(folded):
            if variant in self.roles or variant in self.shipped:
                candidates.add(variant)
            candidates.update(deletes.get(variant, ()))
        best = sorted(
            c for c in candidates if c != folded and DamerauLevenshtein.distance(c, folded, score_cutoff=1) <= 1
        )
        listed = [c for c in best if c in self.roles]
        short = len(folded) < FUZZY_MIN_LENGTH
        pool = listed or ([] if short else [c for c in best if c not in self.whitelist])
        return pool[0] if pool else None

    def _deletion_index(self) -> dict[str, tuple[str, ...]]:
        if self._deletes is None:
            index: dict[str, list[str]] = {}
            for name in _fuzzy_targets(self.roles, self.shipped):
                for variant in _deletions(name):
                    index.setdefault(variant, []).append(name)
            self._deletes = {key: tuple(value) for key, value in index.items()}
        return self._deletes


def _fuzzy_targets(listed: Iterable[str], shipped: Iterable[str]) -> set[str]:
    return {n for n in (*listed, *shipped) if len(n) >= FUZZY_MIN_LENGTH_LISTED - 1 and n.isalpha()}


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}
