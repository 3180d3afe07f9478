"""The one cheap pass over a note that the rules share: its shape, where the regular expressions could match.

Most notes hold no phone number, address or ZIP code, yet a rule's pattern visits every character to say
so. ``note_shape`` maps the note to bytes, one per character, in one encode and one translate (both in C,
about a nanosecond a character); the rules ask the bytes first, with ``in`` (memchr-fast):

- an ASCII digit becomes ``DIGIT`` ("9"), so "four digits in a row" is ``b"9999" in shape``;
- a no-break space becomes ``SPACE`` (" "): the rules' patterns take both alike;
- a character beyond Latin-1 becomes ``OTHER`` ("?", what the encoder writes for it): it may be a digit
  of another script, which ``\\d`` matches, so ``has_digit`` asks the text itself where the shape holds one;
- every other character stays as it is.

The last note's shape is remembered (the rules of one note ask for it in turn).
"""

from __future__ import annotations

import re
from typing import Final

DIGIT: Final = 57  # b"9"
SPACE: Final = 32  # b" "
OTHER: Final = 63  # b"?"
_TABLE: Final = bytes(DIGIT if 48 <= code <= 57 else SPACE if code == 0xA0 else code for code in range(256))
_ANY_DIGIT: Final = re.compile(r"\d")
_last: list[tuple[str, bytes]] = [("", b"")]  # the last note and its shape, swapped as one (thread-safe)


def note_shape(text: str) -> bytes:
    """The shape of ``text`` (see the module docstring): ``len(text)`` bytes."""
    last = _last[0]
    if last[0] is text:
        return last[1]
    shape = text.encode("latin-1", "replace").translate(_TABLE)
    _last[0] = (text, shape)
    return shape


def has_digit(text: str) -> bool:
    """``text`` holds a digit of any script (what ``\\d`` matches): an ASCII one is found in its shape; a note
    whose shape holds no "?" has no character beyond Latin-1, so no other digit (Latin-1 has none)."""
    shape = note_shape(text)
    return DIGIT in shape or (OTHER in shape and _ANY_DIGIT.search(text) is not None)
