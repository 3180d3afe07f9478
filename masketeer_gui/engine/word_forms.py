"""Word forms that are no person, recognised by their shape (no list can hold every such word).

Clinical notes are full of words no dictionary of ordinary German has: diagnoses built on Greek
and Latin endings ("Perikarditis", "Thrombose"), compounds of clinical nouns ("Kammerflimmern"),
mixed-case acronyms ("HFpEF", "NTproBNP"), agent nouns of clinical verbs ("Einsender", from
"Einsendung") and OCR misreadings of common words ("lhre" for "Ihre"). Each test here is a pure
function of the folded word (and the lists it is given), so the name maskers can ask it cheaply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

# Endings of diagnoses, procedures and findings; a word of at least MIN_MEDICAL_LENGTH letters ending
# in one is a clinical word, not a surname (names in a list are asked first, so "Rose" stays a name).
MEDICAL_SUFFIXES: Final = (
    "itis",
    "ose",
    "osen",
    "aemie",
    "aemien",
    "urie",
    "pathie",
    "ektomie",
    "tomie",
    "skopie",
    "graphie",
    "grafie",
    "plastie",
    "algie",
    "penie",
    "plegie",
    "therapie",
    "insuffizienz",
    "flimmern",
    "flattern",
    "syndrom",
    "ismus",
    "logie",
    "gramm",
    "zytose",
    "trophie",
    "sthesie",
    "ektasie",
)
MIN_MEDICAL_LENGTH: Final = 7
# Derivational endings of German nouns and adjectives that no surname or first name of the shipped lists
# has, with the shortest word each is trusted on: "Instruktion", "Instrumentierung", "Muskuloskelettale",
# "Orthopädische". A word list misses many such words (the Swiss "Instruktion", long compounds).
# Not "-ischer": compounds of "Fischer" are surnames.
WORD_SUFFIXES: Final = (
    ("tion", 7),
    ("sion", 7),
    ("ierung", 8),
    ("ung", 9),
    ("itaet", 7),
    ("heit", 7),
    ("keit", 7),
    ("schaft", 8),
    ("ische", 8),
    ("ischen", 9),
    ("isches", 9),
    ("ale", 10),
    ("alen", 10),
    ("ive", 10),
    ("iven", 10),
    ("aere", 9),
    ("aeren", 9),
    ("ende", 8),  # present participles: "Betreuende", "Diensthabende" (not "-ender": "Steinwender")
    ("enden", 9),
    ("ige", 8),  # "Zuständige", "Freiwillige" (not "-iger": "Gasteiger")
    ("igen", 9),
)
_SUFFIX_ENDS: Final = tuple(suffix for suffix, _ in WORD_SUFFIXES)
# OCR confusions of a scanned letter: a lower-case l read for a capital I at the start of a word
# ("lhre", "lch"), a 0 for o, "rn" for m.
OCR_SWAPS: Final = (("0", "o"), ("rn", "m"))


def has_medical_ending(folded: str) -> bool:
    """A long word ending like a diagnosis or procedure ("thrombose", "kammerflimmern")."""
    return len(folded) >= MIN_MEDICAL_LENGTH and folded.endswith(MEDICAL_SUFFIXES)


def has_word_suffix(folded: str) -> bool:
    """A long word with a noun or adjective ending no name has ("instruktion", "muskuloskelettale")."""
    if not folded.endswith(_SUFFIX_ENDS):
        return False
    return any(folded.endswith(suffix) and len(folded) >= shortest for suffix, shortest in WORD_SUFFIXES)


def is_mixed_case_acronym(text: str) -> bool:
    """An acronym in mixed case: "HFpEF", "NTproBNP" (two inner capitals), "HbA", "CrP" (one, last or second).

    Not all capitals (those are plain acronyms) and not a name with one inner capital ("McNeill").
    """
    rest = text[1:]
    if text.isupper() or not rest:
        return False
    inner = sum(map(str.isupper, rest))
    return inner >= 2 or (inner == 1 and (rest[0].isupper() or rest[-1].isupper()))


def is_agent_noun(folded: str, is_word: Callable[[str], bool]) -> bool:
    """An "-er" noun of a verb whose "-ung" noun is known: "einsender" (Einsendung), "ueberweiser"."""
    if len(folded) < 7 or not folded.endswith("er"):
        return False
    return is_word(f"{folded[:-2]}ung")


def ocr_variant_of(folded: str, is_word: Callable[[str], bool]) -> str | None:
    """The known word ``folded`` is an OCR misreading of ("lhre" -> "ihre"), or None."""
    if folded.startswith("l") and len(folded) > 1 and folded[1] not in "aeiouy" and is_word(f"i{folded[1:]}"):
        return f"i{folded[1:]}"
    for wrong, right in OCR_SWAPS:
        if wrong in folded:
            candidate = folded.replace(wrong, right, 1)
            if is_word(candidate):
                return candidate
    return None
