"""Per-word answers the maskers remember across notes: the same few thousand words come back in every note.

Most tokens a masker looks at can never get its vote, whatever stands around them ("Werte", "Termin",
"RR"): that follows from the word and the run's name lists alone. A masker asks once per word, keeps
the answer under the token's text (a token's folded form and case follow from its text), and per note
pays one dictionary look-up per token before any per-token call.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from masketeer_gui.engine.names import NameIndex

WORD_LIMIT = 200_000  # words remembered before the memo starts over (a corpus of new words stays bounded)

T = TypeVar("T")


class WordMemo(Generic[T]):
    """Answers keyed by token text, valid for one ``NameIndex``; another index, or too many words, starts over."""

    __slots__ = ("_names", "_table")

    def __init__(self) -> None:
        self._names: NameIndex | None = None
        self._table: dict[str, T] = {}

    def table(self, names: NameIndex) -> dict[str, T]:
        """The answers so far for ``names`` (the caller fills in missing words)."""
        if names is not self._names or len(self._table) > WORD_LIMIT:
            self._names = names
            self._table = {}
        return self._table
