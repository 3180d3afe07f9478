"""Python string offsets (code points) vs. Qt document positions (UTF-16 units, one per line break).

The engine's offsets index the ORIGINAL note; ``QTextDocument`` counts a character outside the
Basic Multilingual Plane as two positions and turns ``\\r\\n`` into one paragraph break. The
display text therefore writes ``\\r`` as a space (or a line break when alone), keeping every
BMP character at its own offset, and ``OffsetMap`` converts around the astral ones.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass


def display_text(text: str) -> str:
    """``text`` with one display character per code point for the plain-text editors."""
    if "\r" not in text:
        return text
    return text.replace("\r\n", " \n").replace("\r", "\n")


@dataclass(frozen=True, slots=True)
class OffsetMap:
    """Maps code-point offsets of one text to Qt positions and back."""

    astral: tuple[int, ...]  # code-point offsets of characters above U+FFFF, ascending

    @classmethod
    def of(cls, text: str) -> OffsetMap:
        if text.isascii() or max(text, default="\0") < "\U00010000":
            return cls(())
        return cls(tuple(i for i, ch in enumerate(text) if ord(ch) > 0xFFFF))

    def to_qt(self, offset: int) -> int:
        """Qt position of code-point ``offset``."""
        if not self.astral:
            return offset
        return offset + bisect_right(self.astral, offset - 1)

    def from_qt(self, position: int) -> int:
        """Code-point offset of Qt ``position`` (inside a surrogate pair: that character)."""
        if not self.astral:
            return position
        starts = [a + i for i, a in enumerate(self.astral)]  # Qt position of each astral character
        before = bisect_right(starts, position - 2)  # pairs that end before ``position``
        inside = before < len(starts) and starts[before] == position - 1
        return position - before - (1 if inside else 0)
