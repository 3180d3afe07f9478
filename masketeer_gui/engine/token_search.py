"""Binary search over a note's tokens by offset, as ``bisect`` with a key on ``Token.start`` or ``Token.end``.

Interpreted, these are ``bisect`` itself (its loop in C, the key an ``attrgetter``). In the compiled build
(``scripts/build_compiled.sh``) they are a compiled loop over the list: a token's offset is then a C struct field,
while ``bisect`` would call the key, a generic attribute read, at every step (ten times the loop's cost).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from operator import attrgetter
from types import FunctionType
from typing import Final

from masketeer_gui.engine.text import Token

_START: Final = attrgetter("start")
_END: Final = attrgetter("end")


def first_starting_at(tokens: Sequence[Token], position: int) -> int:
    """The index of the first token that starts at or after ``position`` (``len(tokens)`` if none does):
    ``bisect_left(tokens, position, key=start)``."""
    if _INTERPRETED or not isinstance(tokens, list):
        return bisect_left(tokens, position, key=_START)
    return _first_starting_at(tokens, position)


def first_ending_after(tokens: Sequence[Token], position: int) -> int:
    """The index of the first token that ends after ``position`` (``len(tokens)`` if none does):
    ``bisect_right(tokens, position, key=end)``."""
    if _INTERPRETED or not isinstance(tokens, list):
        return bisect_right(tokens, position, key=_END)
    return _first_ending_after(tokens, position)


def _first_starting_at(tokens: list[Token], position: int) -> int:
    """The compiled loop (typed ``list[Token]``: a token's ``start`` is then read as a C struct field)."""
    low, high = 0, len(tokens)
    while low < high:
        middle = (low + high) >> 1
        if tokens[middle].start < position:
            low = middle + 1
        else:
            high = middle
    return low


def _first_ending_after(tokens: list[Token], position: int) -> int:
    low, high = 0, len(tokens)
    while low < high:
        middle = (low + high) >> 1
        if position < tokens[middle].end:
            high = middle
        else:
            low = middle + 1
    return low


_INTERPRETED: Final = isinstance(first_starting_at, FunctionType)  # compiled, a function is a native one
