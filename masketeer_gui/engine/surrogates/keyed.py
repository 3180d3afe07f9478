"""Keyed, deterministic draws: HMAC(key, kind | scope | reference | attempt) picks a pool entry.

Like the tags of ``pseudonyms``, a surrogate is a function of the key and the folded reference
(plus the scope, e.g. a patient id), so every worker process picks the same one and nothing but
the key links them. A draw that hits a forbidden value (the original itself, a name from the
deployment lists) is re-drawn with the next attempt number, so the result stays deterministic.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Collection

from masketeer_gui.engine.normalize import fold_phrase
from masketeer_gui.engine.surrogates.pools import Pool

MAX_DRAWS = 24
_CACHE_LIMIT = 200_000


class KeyedChooser:
    """Draws pool entries and digits under one key; remembers what it drew."""

    def __init__(self, key: bytes, avoid: Collection[str] = (), length_preserving: bool = False) -> None:
        self._key = key
        self.avoid = frozenset(avoid)  # folded values a surrogate must never be
        self.length_preserving = length_preserving
        self._cache: dict[tuple[str, str, str, str, int | None], str] = {}

    def number(self, message: str, attempt: int = 0) -> int:
        """A 64-bit number from HMAC-SHA256(key, message, attempt)."""
        digest = hmac.new(self._key, f"{message}\x1e{attempt}".encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")

    def choose(
        self,
        kind: str,
        ref: str,
        pool: Pool,
        scope: str = "",
        length: int | None = None,
        reject: Callable[[str], bool] | None = None,
    ) -> str:
        """The entry of ``pool`` for ``ref``: never ``ref`` itself, never in ``avoid``, never ``reject``-ed.

        With length preservation on, ``length`` narrows the pool to entries of that length (if any).
        """
        length = length if self.length_preserving else None
        cache_key = (kind, scope, ref, pool.name, length)
        hit = self._cache.get(cache_key)
        if hit is None:
            hit = self._draw(f"{kind}\x1f{scope}\x1f{ref}", ref, pool.candidates(length), reject)
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[cache_key] = hit
        return hit

    def _draw(self, message: str, ref: str, entries: tuple[str, ...], reject: Callable[[str], bool] | None) -> str:
        def allowed(candidate: str) -> bool:
            folded = fold_phrase(candidate)
            return folded != ref and folded not in self.avoid and not (reject and reject(candidate))

        for attempt in range(MAX_DRAWS):
            candidate = entries[self.number(message, attempt) % len(entries)]
            if allowed(candidate):
                return candidate
        start = self.number(message, MAX_DRAWS) % len(entries)
        for step in range(len(entries)):  # a tiny or nearly forbidden pool: walk it in order
            candidate = entries[(start + step) % len(entries)]
            if allowed(candidate):
                return candidate
        return entries[start]

    def digits(self, kind: str, ref: str, scope: str, count: int, attempt: int = 0) -> str:
        """``count`` decimal digits for ``ref`` (the first never 0)."""
        out: list[str] = []
        block = 0
        while len(out) < count:
            number = self.number(f"{kind}\x1f{scope}\x1f{ref}\x1f{attempt}", block)
            out.extend(str(number).zfill(20)[1:])  # 19 well-mixed digits per block
            block += 1
        if out and out[0] == "0":
            out[0] = str(1 + self.number(f"{kind}\x1f{scope}\x1f{ref}", attempt) % 9)
        return "".join(out[:count])
