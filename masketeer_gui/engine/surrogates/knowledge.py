"""What the surrogate forms need to know about names: first-name genders, surnames, titles, site heads.

Built from the engine's ``Lexicon`` when there is one (``from_lexicon``), else from the surrogate
pools themselves (``from_pools``: Faker names and a few built-in titles). ``gender_before`` reads the
salutation in front of a name ("Frau", "Hr.", "Dr.in", "Patientin", "Sehr geehrter Herr").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from masketeer_gui.engine.lexicon import Lexicon, SalutationKind
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.surrogates.pools import SurrogatePools

_WORD = re.compile(r"[^\W\d_]+")
_LOOK_BACK = 60  # characters before a name that may hold its salutation
MAX_TITLE_WORDS = 4
BUILT_IN_TITLES: dict[tuple[str, ...], str] = {
    ("frau",): "f", ("fr",): "f", ("herr",): "m", ("herrn",): "m", ("hr",): "m", ("hrn",): "m",
    ("dr",): "", ("dr", "in"): "f", ("mag",): "", ("mag", "a"): "f", ("prof",): "", ("patientin",): "f",
    ("patient",): "m", ("pat",): "", ("sr",): "f", ("schwester",): "f", ("dgks",): "f", ("dgkp",): "",
}  # fmt: skip
BUILT_IN_INFORMAL = frozenset({("hallo",), ("hi",), ("liebe",), ("lieber",), ("servus",), ("lg",), ("glg",)})


@dataclass(frozen=True)
class NameKnowledge:
    """Folded first names with gender (f, m, u), surnames, salutation genders and site head words."""

    first_names: Mapping[str, str]
    surnames: AbstractSet[str]
    titles: Mapping[tuple[str, ...], str] = field(default_factory=lambda: dict(BUILT_IN_TITLES))
    site_heads: AbstractSet[str] = frozenset()
    is_word: Callable[[str], bool] = field(default=lambda folded: False)
    informal: frozenset[tuple[str, ...]] = BUILT_IN_INFORMAL  # greetings and sign-offs: a first name follows

    @classmethod
    def from_lexicon(cls, lexicon: Lexicon) -> NameKnowledge:
        titles = dict(BUILT_IN_TITLES)
        informal = set(BUILT_IN_INFORMAL)
        for salutation in lexicon.salutations:
            words = tuple(w for part in salutation.words for w in _WORD.findall(part))
            titles[words] = salutation.gender
            if salutation.kind in (SalutationKind.GREETING, SalutationKind.SIGNOFF):
                informal.add(words)
        return cls(
            lexicon.first_names, lexicon.surnames, titles, lexicon.site_words, lexicon.is_word, frozenset(informal)
        )

    @classmethod
    def from_pools(cls, pools: SurrogatePools) -> NameKnowledge:
        genders = {fold(n): "f" for n in pools.female.entries}
        for name in pools.male.entries:
            genders[fold(name)] = "u" if fold(name) in genders else "m"
        heads = frozenset(fold(h) for h in pools.site_heads.entries) | {"lkh", "bkh", "kh", "akh", "klinik"}
        return cls(genders, frozenset(fold(n) for n in pools.surnames.entries), site_heads=heads)

    def gender(self, folded: str) -> str:
        """f or m for a first name that implies it, else ''."""
        gender = self.first_names.get(folded, "")
        return gender if gender in ("f", "m") else ""

    def is_title(self, folded: str) -> bool:
        return (folded,) in self.titles

    def after_informal(self, text: str, start: int) -> bool:
        """A greeting or sign-off right before ``text[start:]`` ("Lieber ___", "LG ___"): a first name follows."""
        words = self._words_before(text, start)
        return any(tuple(words[-size:]) in self.informal for size in range(1, min(MAX_TITLE_WORDS, len(words)) + 1))

    def gender_before(self, text: str, start: int) -> str:
        """The gender the salutation right before ``text[start:]`` implies (f, m or '')."""
        words = self._words_before(text, start)
        for _ in range(3):  # "Sehr geehrte Frau Dr. Mag.a": skip gender-less titles, at most three
            for size in range(min(MAX_TITLE_WORDS, len(words)), 0, -1):
                gender = self.titles.get(tuple(words[-size:]))
                if gender is not None:
                    break
            else:
                return ""
            if gender:
                return gender
            words = words[:-size]
        return ""

    @staticmethod
    def _words_before(text: str, start: int) -> list[str]:
        """Folded words of the same line shortly before ``start``."""
        line_start = text.rfind("\n", max(0, start - _LOOK_BACK), start) + 1
        return [fold(w) for w in _WORD.findall(text, max(line_start, start - _LOOK_BACK), start)]
