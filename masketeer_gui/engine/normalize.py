"""Spelling-variant folding: the comparison form of every word and list entry.

Matching never changes the note; it compares folded copies. Folding is NFC, case folding,
and the German transliterations ä=ae, ö=oe, ü=ue, ß=ss (so "Müller", "Mueller" and
"MÜLLER" compare equal), plus a few look-alike characters from typing on phones.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

_TRANSLIT: Final = str.maketrans(
    {
        "ä": "ae",
        "ö": "oe",
        "ü": "ue",
        "ß": "ss",
        "ẞ": "ss",
        "’": "'",
        "‘": "'",
        "‐": "-",
        "‑": "-",
        "–": "-",
    }
)


@lru_cache(maxsize=262_144)
def fold(word: str) -> str:
    """The comparison form of ``word``: NFC, casefolded, umlauts and ß spelled out."""
    if word.isascii():
        return word.lower()
    return unicodedata.normalize("NFC", word).lower().translate(_TRANSLIT).casefold()


def fold_phrase(phrase: str) -> str:
    """Fold a multi-word phrase and collapse its white space."""
    return " ".join(fold(part) for part in phrase.split())
