"""Spelling noise as it happens when notes are typed in a hurry: one edit per word, umlaut spellings.

Edits never touch the first letter (so a misspelt name still looks like a name: "Hubr", "Gstrain").
"""

from __future__ import annotations

from random import Random

_QWERTZ_ROWS = ("qwertzuiopü", "asdfghjklöä", "yxcvbnm")
_NEIGHBOURS: dict[str, str] = {}
for _row in _QWERTZ_ROWS:
    for _i, _ch in enumerate(_row):
        _NEIGHBOURS[_ch] = _row[max(0, _i - 1) : _i] + _row[_i + 1 : _i + 2]
_VOWEL_SWAPS = {"ei": "ai", "ai": "ei", "ie": "ei", "ck": "k", "tz": "z", "ll": "l", "mm": "m", "th": "t"}
_TO_ASCII = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"})
_UMLAUT_CHARS = frozenset("äöüÄÖÜß")


def one_edit(word: str, rng: Random) -> str:
    """``word`` with one typing error after its first letter (deletion, swap, neighbour key, double…).

    Words shorter than 3 letters come back unchanged.
    """
    if len(word) < 3:
        return word
    for _ in range(4):
        candidate = _edit(word, rng)
        if candidate != word and candidate[1:].strip("-"):
            return candidate
    return word


def _edit(word: str, rng: Random) -> str:
    i = rng.randrange(1, len(word))
    kind = rng.random()
    if kind < 0.3:
        return word[:i] + word[i + 1 :]  # deletion: Huber -> Hubr
    if kind < 0.45 and i < len(word) - 1:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]  # transposition
    if kind < 0.65:
        for pair, repl in _VOWEL_SWAPS.items():  # phonetic: Gstrein -> Gstrain
            pos = word.find(pair, 1)
            if pos > 0:
                return word[:pos] + repl + word[pos + len(pair) :]
    if kind < 0.85:
        near = _NEIGHBOURS.get(word[i].lower(), "")
        if near:
            return word[:i] + rng.choice(near) + word[i + 1 :]
    return word[:i] + word[i] + word[i:]  # doubled letter


def to_ascii(word: str) -> str:
    """The umlaut-free spelling: "Müller" -> "Mueller", "Straßer" -> "Strasser"."""
    return word.translate(_TO_ASCII)


def has_umlaut(word: str) -> bool:
    return not _UMLAUT_CHARS.isdisjoint(word)


def noisy(text: str, rng: Random, rate: float) -> str:
    """``text`` with, on average, ``rate`` misspelt words per word (only plain words of 5+ letters)."""
    if rate <= 0 or rng.random() >= rate * text.count(" ") + rate:
        return text
    words = text.split(" ")
    i = rng.randrange(len(words))
    word = words[i]
    if len(word) >= 5 and word.isalpha() and (word.islower() or word[1:].islower()):
        words[i] = one_edit(word, rng)
    return " ".join(words)
