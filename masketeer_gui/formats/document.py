"""What the span formats exchange: a note's id, text and labelled stretches of it."""

from __future__ import annotations

from dataclasses import dataclass


class FormatError(ValueError):
    """A file in one of these formats that cannot be read; names the file and line, never note text."""


@dataclass(frozen=True, slots=True, order=True)
class Mention:
    """``text[start:end]`` labelled ``label`` (offsets are Python string indices, code points)."""

    start: int
    end: int
    label: str


@dataclass(frozen=True, slots=True)
class Document:
    """One note with its mentions (sorted by offsets)."""

    id: str
    text: str
    mentions: tuple[Mention, ...] = ()


def mention(start: object, end: object, label: object, length: int, where: str) -> Mention:
    """A validated mention inside a text of ``length`` characters (``where`` is "file:line")."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end)):
        raise FormatError(f"{where}: offsets must be whole numbers")
    assert isinstance(start, int) and isinstance(end, int)
    if not 0 <= start < end <= length:
        raise FormatError(f"{where}: offsets {start}..{end} are not a stretch of the text")
    if not isinstance(label, str) or not label:
        raise FormatError(f"{where}: a span needs a label")
    return Mention(start, end, label)
