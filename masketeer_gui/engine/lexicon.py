"""The shipped word lists, loaded once: names, salutations, abbreviations, sites, ZIP codes, German words.

Every set holds FOLDED forms (see ``normalize.fold``) unless said otherwise. The files live in
``dictionaries/`` (format and licence in ``dictionaries/README.md``); ``load_lexicon`` reads them
and keeps a pickled cache in the user cache directory, keyed to the package version and the
files' sizes and modification times.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class SalutationKind(StrEnum):
    """How a salutation relates to the name after it."""

    COURTESY = "courtesy"  # Herr, Frau, Hr., Fr. — a name follows; patient or person
    HCP_TITLE = "hcp_title"  # Dr., Prim., OA, DGKP, Sr. — a name follows; healthcare professional
    TITLE = "title"  # Mag., Ing., Prof. — a name follows; no entity hint
    GREETING = "greeting"  # Hallo, Liebe, Sehr geehrte — a name may follow
    SIGNOFF = "signoff"  # LG, MfG, Liebe Grüße — a signing name may follow


@dataclass(frozen=True, slots=True)
class Salutation:
    """One salutation form: its folded words, its kind and the gender it implies (f, m or '')."""

    words: tuple[str, ...]
    kind: SalutationKind
    gender: str = ""


@dataclass(frozen=True)
class Lexicon:
    """All shipped lists, folded, ready for set look-ups."""

    first_names: dict[str, str] = field(default_factory=dict)  # folded name -> 'f' | 'm' | 'u'
    surnames: frozenset[str] = frozenset()
    salutations: tuple[Salutation, ...] = ()
    abbreviations: frozenset[str] = frozenset()  # folded, without the final dot: "dr", "bzgl", "z.b"
    whitelist: frozenset[str] = frozenset()  # eponyms and medical/common words never masked
    medical_sites: tuple[str, ...] = ()  # site names as written ("BKH Schwaz")
    site_words: frozenset[str] = frozenset()  # heads that introduce a site: "lkh", "klinik", "spital"
    common_words: frozenset[str] = frozenset()  # frequent German words (any case)
    nouns: frozenset[str] = frozenset()  # German common nouns
    zip_towns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # "6020" -> ("Innsbruck", …)
    towns: frozenset[str] = frozenset()  # folded town names from the ZIP list
    version: str = ""  # hash of the files it was built from

    @property
    def names(self) -> frozenset[str]:
        """First names and surnames together."""
        return frozenset(self.first_names) | self.surnames

    def is_name(self, folded: str) -> bool:
        return folded in self.first_names or folded in self.surnames

    def is_word(self, folded: str) -> bool:
        """True for a known German word (noun or frequent word)."""
        return folded in self.nouns or folded in self.common_words
