"""Towns after a ZIP code as people abbreviate and qualify them.

- Abbreviated words of a listed town: "34346 Hann. Münden" (Hannoversch Münden), "85276 Pfaffenhofen
  a.d. Ilm" (an der Ilm), "6060 Hall i. T." (in Tirol): a word with a dot stands for a word of the
  town's name that starts with it; at least one word is written out.
- A river or region after a listed town that the list names without it: "63069 Offenbach am Main",
  "Weil a. Rhein", "06110 Halle (Saale)", "60596 Frankfurt/Main", "67433 Neustadt/Weinstr.". The words
  allowed after "am", "an der", "a.d.", "i.", "bei", "(", "/" … are those that follow such a preposition
  in any town name of the lists ("Frankfurt am Main", "Pfaffenhofen an der Ilm"), or abbreviate exactly
  one of them, so "80331 München im Juli" stays "80331 München".
- ``towns_by_region``: the towns of each German region (first digit of the code), for a code written with
  a town of its region that the list has under another code ("53111 Leverkusen").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

from masketeer_gui.engine.rules.zip_towns import town_key

_SP = r"[ \u00a0]"
_WORD: Final = re.compile(rf"{_SP}?-?{_SP}?([^\W\d_]+\.?)")
MAX_SUFFIX_WORDS: Final = 3  # "an der Fränkischen Saale"
_KEY_PREPOSITION: Final = re.compile(r" (?:am|an der|an|im|in der|in|ob der|bei|vor der|unter der) (?P<rest>.+)$")
_BRACKETED: Final = re.compile(rf"(?:{_SP}?\((?P<phrase>[^\W\d_]+\.?)\)|/(?P<slashed>[^\W\d_]+\.?))")
_TEXT_PREPOSITION: Final = re.compile(
    rf"{_SP}(?:am|an{_SP}der|an|im|in{_SP}der|in|ob{_SP}der|bei|vor{_SP}der"
    rf"|[aiov]\.{_SP}?d\.|a\.|i\.|b\.){_SP}?(?=[A-ZÄÖÜ])"
)


def suffix_phrases(tables: Iterable[Mapping[str, frozenset[str]]]) -> frozenset[str]:
    """Keys of the rivers and regions that follow a preposition in some town of ``tables`` ("main", "ilm")."""
    return frozenset(
        match.group("rest")
        for table in tables
        for keys in table.values()
        for key in keys
        if (match := _KEY_PREPOSITION.search(key)) is not None
    )


def abbreviated_town_end(text: str, start: int, keys: frozenset[str], max_words: int) -> int | None:
    """End of the longest run of words from ``start`` that spells one of ``keys`` with abbreviated words."""
    words: list[tuple[str, int]] = []  # (word as written, end)
    pos = start
    for _ in range(max_words + 2):
        word = _WORD.match(text, pos)
        if word is None:
            break
        pos = word.end()
        words.append((word.group(1), pos))
    if not any(written.endswith(".") for written, _ in words):
        return None
    best = None
    for key in keys:
        parts = key.split()
        if len(parts) <= len(words) and _spells(words, parts):
            end = words[len(parts) - 1][1]
            best = end if best is None else max(best, end)
    return best


def _spells(words: list[tuple[str, int]], parts: list[str]) -> bool:
    """The first ``len(parts)`` words spell ``parts``: written out, or abbreviated with a dot."""
    written_out = 0
    for (written, _), part in zip(words, parts, strict=False):
        folded = town_key(written)
        if written.endswith("."):
            if not folded or not part.startswith(folded):
                return False
        elif folded != part:
            return False
        else:
            written_out += 1
    return written_out > 0


def towns_by_region(table: Mapping[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """First digit of a code (its region, the German "Leitzone") -> the keys of every town listed there."""
    regions: dict[str, set[str]] = {}
    for code, keys in table.items():
        regions.setdefault(code[:1], set()).update(keys)
    return {digit: frozenset(keys) for digit, keys in regions.items()}


def suffix_end(text: str, end: int, phrases: frozenset[str]) -> int | None:
    """End of "am Main", "a.d. Ilm", "(Saale)", "/Main" right after a town ending at ``end``, if the words
    are a known suffix."""
    bracket = _BRACKETED.match(text, end)
    if bracket is not None:
        phrase = bracket.group("phrase") or bracket.group("slashed")
        return bracket.end() if _known_phrase(phrase, phrases) else None
    preposition = _TEXT_PREPOSITION.match(text, end)
    if preposition is None:
        return None
    pos = preposition.end()
    best = None
    for _ in range(MAX_SUFFIX_WORDS):
        word = _WORD.match(text, pos)
        if word is None:
            break
        pos = word.end()
        if town_key(text[preposition.end() : pos]) in phrases:
            best = pos - 1 if text[pos - 1] == "." else pos
    return best


def _known_phrase(written: str, phrases: frozenset[str]) -> bool:
    """``written`` ("Saale", "Main", "Weinstr.") is a suffix phrase, or abbreviates exactly one."""
    key = town_key(written)
    if key in phrases:
        return True
    if not written.endswith(".") or len(key) < 3:
        return False
    return sum(1 for phrase in phrases if phrase.startswith(key)) == 1
