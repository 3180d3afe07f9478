"""The shipped word lists, loaded once: names, salutations, abbreviations, sites, ZIP codes, German words.

Every set holds FOLDED forms (see ``normalize.fold``) unless said otherwise. The files live in
``dictionaries/`` (format and licence in ``dictionaries/README.md``); ``load_lexicon`` reads them
and keeps a pickled cache in the user cache directory, keyed to the package version and the
files' sizes and modification times.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from enum import StrEnum


class SalutationKind(StrEnum):
    """How a salutation relates to the name after it."""

    COURTESY = "courtesy"  # Herr, Frau, Hr., Fr. — a name follows; patient or person
    HCP_TITLE = "hcp_title"  # Dr., Prim., OA, DGKP, Sr. — a name follows; healthcare professional
    TITLE = "title"  # Mag., Ing., Prof. — a name follows; no entity hint
    GREETING = "greeting"  # Hallo, Liebe, Sehr geehrte — a name may follow
    SIGNOFF = "signoff"  # LG, MfG, Liebe Grüße — a signing name may follow
    PATIENT = "patient"  # Pat., Patientin — the patient's name may follow
    RELATION = "relation"  # Gatte, Tochter, Nachbarin — a relative's or carer's name may follow


class SalutationPosition(StrEnum):
    """Where a salutation stands relative to the name: "Dr. Huber", "Huber, MSc" or both."""

    BEFORE = "before"
    AFTER = "after"  # MSc, BSc, PhD, MBA: academic degrees written after the name
    BOTH = "both"  # DGKP, DGKS: "DGKP Huber" and "Maria Huber, DGKP"


@dataclass(frozen=True, slots=True)
class Salutation:
    """One salutation form: its folded words, its kind and the gender it implies (f, m or '').

    ``words`` are the folded word tokens of the form as ``text.tokenize`` splits it, punctuation
    dropped ("Dr.med." -> ("dr", "med")); ``form`` is the form as written in the list.
    """

    words: tuple[str, ...]
    kind: SalutationKind
    gender: str = ""
    position: SalutationPosition = SalutationPosition.BEFORE
    form: str = ""


@dataclass(frozen=True)
class Lexicon:
    """All shipped lists, folded, ready for set look-ups.

    Read from the cache, its largest sets are packed (``lexicon_packed``) until a run has looked up enough
    words, then the attribute holds the plain ``frozenset``: read ``lexicon.nouns`` where it is used rather
    than keeping the set itself in an object built with the engine (that one stays the slower packed set).
    """

    first_names: dict[str, str] = field(default_factory=dict)  # folded name -> 'f' | 'm' | 'u'
    surnames: AbstractSet[str] = frozenset()
    salutations: tuple[Salutation, ...] = ()
    abbreviations: AbstractSet[str] = frozenset()  # folded, without the final dot: "dr", "bzgl", "z.b"
    whitelist: AbstractSet[str] = frozenset()  # eponyms and medical/common words never masked
    medical_sites: tuple[str, ...] = ()  # site names as written ("BKH Schwaz")
    site_words: AbstractSet[str] = frozenset()  # heads that introduce a site: "lkh", "klinik", "spital"
    common_words: AbstractSet[str] = frozenset()  # frequent German words (any case)
    nouns: AbstractSet[str] = frozenset()  # German common nouns
    zip_towns: dict[str, tuple[str, ...]] = field(default_factory=dict)  # "6020" -> ("Innsbruck", …)
    towns: AbstractSet[str] = frozenset()  # folded town names from the ZIP list
    version: str = ""  # hash of the files it was built from
    ambiguous_names: AbstractSet[str] = frozenset()  # names that are also nouns or top-20k common words
    top_words: AbstractSet[str] = frozenset()  # the 20,000 most frequent German words (typo targets)
    drugs: AbstractSet[str] = frozenset()  # medicine names: words, never persons
    drug_names: AbstractSet[str] = frozenset()  # the large generated drug dictionary (no typo target)
    medical_terms: AbstractSet[str] = frozenset()  # clinical words, acronyms and role nouns: never persons
    brands: AbstractSet[str] = frozenset()  # shops and brands named like persons ("beim Hofer"): by context
    professions: AbstractSet[str] = frozenset()  # job nouns ("maurer"): a surname after "als" is the job

    @property
    def names(self) -> frozenset[str]:
        """First names and surnames together."""
        return frozenset(self.first_names) | self.surnames

    def is_name(self, folded: str) -> bool:
        return folded in self.first_names or folded in self.surnames

    def is_word(self, folded: str) -> bool:
        """True for a known German word (noun or frequent word)."""
        return (
            folded in self.nouns
            or folded in self.common_words
            or folded in self.drugs
            or folded in self.drug_names
            or folded in self.medical_terms
        )

    def is_ambiguous_name(self, folded: str) -> bool:
        """True for a name that is also a common German word ("koch", "bauer", "sommer")."""
        return folded in self.ambiguous_names
