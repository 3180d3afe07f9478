"""Readers for the plain-text formats in ``dictionaries/`` (see ``dictionaries/README.md``).

Every file is UTF-8, one entry a line; lines starting with ``#`` and blank lines are skipped.
A malformed line raises ``DictionaryFormatError`` naming the file and line number (never the
line's text). Readers return entries as written; folding happens in ``lexicon_loader``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from masketeer_gui.engine.lexicon import Salutation, SalutationKind, SalutationPosition
from masketeer_gui.engine.text import tokenize

GENDERS = frozenset({"f", "m", "u"})
_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
_KINDS = frozenset(kind.value for kind in SalutationKind)
_POSITIONS = frozenset(position.value for position in SalutationPosition)
_ZIP = re.compile(r"[1-9][0-9]{3}")


class DictionaryFormatError(ValueError):
    """A dictionary file has a malformed line; the message names file and line number."""

    def __init__(self, path: Path, line: int, reason: str) -> None:
        super().__init__(f"{path.name}:{line}: {reason}")
        self.path = path
        self.line = line


def entries(path: Path) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of every entry line: comments and blank lines skipped, ends stripped."""
    number = 0
    with path.open(encoding="utf-8") as handle:
        try:
            for number, raw in enumerate(handle, start=1):
                line = raw.rstrip("\r\n")
                if line.strip() and not line.lstrip().startswith("#"):
                    yield number, line.strip()
        except UnicodeDecodeError:
            raise DictionaryFormatError(path, number + 1, "not UTF-8 text (here or a few lines on)") from None


def fields(path: Path, minimum: int, maximum: int) -> Iterator[tuple[int, list[str]]]:
    """Tab-separated entry lines with ``minimum`` to ``maximum`` fields."""
    for number, line in entries(path):
        parts = [part.strip() for part in line.split("\t")]
        if not minimum <= len(parts) <= maximum or not parts[0]:
            expected = f"{minimum}" if minimum == maximum else f"{minimum} to {maximum}"
            raise DictionaryFormatError(path, number, f"expected {expected} tab-separated fields")
        yield number, parts


def read_words(path: Path) -> list[str]:
    """A one-word-a-line list (surnames, whitelist, nouns…): letters, inner hyphens or apostrophes."""
    words = []
    for number, line in entries(path):
        if not _WORD.fullmatch(line):
            raise DictionaryFormatError(path, number, "expected one word (letters, '-' or ''')")
        words.append(line)
    return words


def read_phrases(path: Path) -> list[str]:
    """A one-phrase-a-line list (medical sites): any text without tabs, white space collapsed."""
    phrases = []
    for number, line in entries(path):
        if "\t" in line:
            raise DictionaryFormatError(path, number, "a phrase must not contain a tab")
        phrases.append(" ".join(line.split()))
    return phrases


def read_abbreviations(path: Path) -> list[str]:
    """Abbreviations written with their final dot; returned without it ("z.B." -> "z.B")."""
    result = []
    for number, line in entries(path):
        if len(line) < 2 or not line.endswith(".") or any(c.isspace() for c in line):
            raise DictionaryFormatError(path, number, "expected one abbreviation ending with '.'")
        result.append(line[:-1])
    return result


def read_first_names(path: Path) -> list[tuple[str, str]]:
    """``(name, gender)`` pairs; gender is f, m or u."""
    result = []
    for number, (name, gender) in fields(path, 2, 2):
        if not _WORD.fullmatch(name) or gender not in GENDERS:
            raise DictionaryFormatError(path, number, "expected name<TAB>f|m|u")
        result.append((name, gender))
    return result


def read_salutations(path: Path) -> list[Salutation]:
    """Salutations: ``form<TAB>kind<TAB>gender[<TAB>position]``; gender f, m or empty."""
    result = []
    for number, parts in fields(path, 2, 4):
        form, kind, gender, position = [*parts, "", ""][:4]
        words = tuple(token.folded for token in tokenize(form) if token.is_word)
        if kind not in _KINDS or gender not in ("", "f", "m") or not words:
            raise DictionaryFormatError(path, number, "expected form<TAB>kind<TAB>f|m|<empty>")
        if position and position not in _POSITIONS:
            raise DictionaryFormatError(path, number, "position must be before, after or both")
        place = SalutationPosition(position or SalutationPosition.BEFORE)
        result.append(Salutation(words, SalutationKind(kind), gender, place, form))
    return result


def read_zip_towns(path: Path) -> list[tuple[str, str]]:
    """``(zip, town)`` pairs from ``zip<TAB>town<TAB>state`` lines (the state column is optional)."""
    result = []
    for number, parts in fields(path, 2, 3):
        if not _ZIP.fullmatch(parts[0]) or not parts[1]:
            raise DictionaryFormatError(path, number, "expected a 4-digit ZIP code and a town")
        result.append((parts[0], " ".join(parts[1].split())))
    return result
