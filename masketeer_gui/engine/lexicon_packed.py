"""Packed word sets and tables: the cache's large sets read without making one Python object per word.

A run of a few notes looks up a few thousand words, yet unpickling the lexicon's nouns alone makes
~250,000 strings and hashes them (most of a short run's start-up). Packed, a set or table is split
into buckets by a CRC-32 of each key's UTF-8 bytes, each bucket ``marshal``-led on its own (a set's as
a tuple of words, a table's as a tuple of keys and one of values); a look-up reads only its key's
bucket (once, then kept). Once a run has looked up enough words to pay for it, the whole set is made
(``real``: one pass over the buckets, as fast as unpickling it) and handed to its owner (``tell``: the
``Lexicon`` attribute is replaced), so a long run looks words up in a plain ``frozenset`` or ``dict``
as before. Anything but a look-up (iterating, set algebra, ``len``) makes the whole set first, so a
packed set behaves like the ``frozenset`` (a packed table like the ``dict``) it stands for in every
respect but speed.

Nothing here reads files: ``lexicon_cache`` and ``lexicon_indices`` store the buckets and check them.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Iterator, Mapping
from itertools import chain
from threading import Lock
from typing import Any, Generic, TypeVar
from zlib import crc32

MARSHAL_VERSION = 4
PER_BUCKET = 16  # keys per bucket, on average
LOOKUPS_BEFORE_REAL = 50_000  # look-ups after which the whole set is made (a long run: plain look-ups pay)

_MAKING = Lock()  # one thread makes a whole set; the others wait for it
K = TypeVar("K")
V = TypeVar("V")


def bucket_count(size: int) -> int:
    """A power of two near ``size / PER_BUCKET`` (at least 1)."""
    count = 1
    while count * PER_BUCKET < size:
        count *= 2
    return count


def bucket_of(key: str, mask: int) -> int:
    """The bucket of ``key`` among ``mask + 1`` buckets."""
    return crc32(key.encode("utf-8", "surrogatepass")) & mask


def pack_set(words: frozenset[str] | set[str]) -> tuple[bytes, ...]:
    """``words`` as buckets (``PackedSet``'s input); every member must be a ``str``."""
    mask = bucket_count(len(words)) - 1
    buckets: list[list[str]] = [[] for _ in range(mask + 1)]
    for word in words:
        buckets[bucket_of(word, mask)].append(word)
    return tuple(marshal.dumps(tuple(bucket), MARSHAL_VERSION) for bucket in buckets)


def pack_table(table: Mapping[str, Any]) -> tuple[bytes, ...]:
    """``table`` (str keys, ``marshal``-able values) as buckets (``PackedTable``'s input)."""
    mask = bucket_count(len(table)) - 1
    buckets: list[dict[str, Any]] = [{} for _ in range(mask + 1)]
    for key, value in table.items():
        buckets[bucket_of(key, mask)][key] = value
    return tuple(marshal.dumps((tuple(bucket), tuple(bucket.values())), MARSHAL_VERSION) for bucket in buckets)


def is_packed(buckets: object) -> bool:
    """``buckets`` has the shape ``pack_set`` and ``pack_table`` give: a power-of-two tuple of bytes."""
    return (
        isinstance(buckets, tuple)
        and len(buckets) > 0
        and len(buckets) & (len(buckets) - 1) == 0
        and set(map(type, buckets)) == {bytes}
    )


class _Packed(Generic[K, V]):
    """The buckets, those read so far, and the whole once made."""

    __slots__ = ("_buckets", "_lookups", "_mask", "_on_real", "_read", "_real")

    def __init__(self, buckets: tuple[bytes, ...], on_real: Callable[[Any], None] | None = None) -> None:
        self._buckets = buckets
        self._mask = len(buckets) - 1
        self._read: dict[int, Any] = {}
        self._real: Any = None
        self._lookups = 0
        self._on_real = on_real

    def tell(self, on_real: Callable[[Any], None]) -> None:
        """Call ``on_real`` with the whole set when it is made (the owner swaps it in)."""
        self._on_real = on_real

    @property
    def is_real(self) -> bool:
        """The whole set was made."""
        return self._real is not None

    def _bucket(self, key: object) -> Any:
        """The bucket ``key`` would be in (the whole, once made; None for a key no bucket can hold)."""
        real = self._real
        if real is not None:
            return real
        self._lookups += 1
        if self._lookups > LOOKUPS_BEFORE_REAL:
            return self.real()
        if not isinstance(key, str):  # a set of str holds no other key; look it up the slow, exact way
            return self.real()
        index = bucket_of(key, self._mask)
        bucket = self._read.get(index)
        if bucket is None:
            buckets = self._buckets
            if not buckets:  # another thread made the whole one meanwhile
                return self.real()
            bucket = self._read[index] = self._decode(buckets[index])
        return bucket

    def real(self) -> Any:
        """The whole set (or table), made once (by one thread); the owner is told (``tell``)."""
        if self._real is None:
            with _MAKING:
                if self._real is None:
                    real = self._join(list(map(marshal.loads, self._buckets)))
                    self._real = real
                    self._read, self._buckets = {}, ()  # the whole one answers from now on: the memory back
                    if self._on_real is not None:
                        self._on_real(real)
        return self._real

    def _decode(self, bucket: bytes) -> Any:
        """One bucket, ready for look-ups."""
        raise NotImplementedError

    def _join(self, buckets: list[Any]) -> Any:
        """The whole set from every bucket's ``marshal.loads``."""
        raise NotImplementedError

    def __contains__(self, key: object) -> bool:
        return key in self._bucket(key)

    def __iter__(self) -> Iterator[K]:
        return iter(self.real())

    def __len__(self) -> int:
        return len(self.real())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Packed):
            other = other.real()
        return bool(self.real() == other)

    def __hash__(self) -> int:
        return hash(self.real())

    def __reduce__(self) -> tuple[Any, ...]:  # pickled as what it stands for
        real = self.real()
        return (type(real), (tuple(real.items()) if isinstance(real, dict) else tuple(real),))

    def __getattr__(self, name: str) -> Any:  # union, isdisjoint, keys, items…: the whole one's
        if name.startswith("_"):  # never while half made (copy, unpickling): no recursion through ``real``
            raise AttributeError(name)
        return getattr(self.real(), name)


class PackedSet(_Packed[str, None]):
    """A ``frozenset[str]`` read bucket by bucket (see the module docstring)."""

    __slots__ = ()

    def _decode(self, bucket: bytes) -> tuple[str, ...]:
        words: tuple[str, ...] = marshal.loads(bucket)  # a few words: a tuple is looked through fast enough
        return words

    def _join(self, buckets: list[Any]) -> frozenset[str]:
        return frozenset(chain.from_iterable(buckets))  # each word hashed once, as unpickling a set does

    def __or__(self, other: Any) -> Any:
        return self.real() | _plain(other)

    def __ror__(self, other: Any) -> Any:
        return _plain(other) | self.real()

    def __and__(self, other: Any) -> Any:
        return self.real() & _plain(other)

    def __rand__(self, other: Any) -> Any:
        return _plain(other) & self.real()

    def __sub__(self, other: Any) -> Any:
        return self.real() - _plain(other)

    def __rsub__(self, other: Any) -> Any:
        return _plain(other) - self.real()

    def __xor__(self, other: Any) -> Any:
        return self.real() ^ _plain(other)

    def __rxor__(self, other: Any) -> Any:
        return _plain(other) ^ self.real()

    def __le__(self, other: Any) -> bool:
        return bool(self.real() <= _plain(other))

    def __lt__(self, other: Any) -> bool:
        return bool(self.real() < _plain(other))

    def __ge__(self, other: Any) -> bool:
        return bool(self.real() >= _plain(other))

    def __gt__(self, other: Any) -> bool:
        return bool(self.real() > _plain(other))

    def __repr__(self) -> str:
        state = "made" if self.is_real else f"{len(self._read)} of {len(self._buckets)} buckets read"
        return f"PackedSet({state})"


class PackedTable(_Packed[str, tuple[str, ...]]):
    """A ``dict[str, tuple[str, ...]]`` read bucket by bucket, for look-ups (see the module docstring), and
    ``merged``: the same table with more words after some keys' (kept beside the shared buckets)."""

    __slots__ = ("_more",)

    def __init__(self, buckets: tuple[bytes, ...], on_real: Callable[[Any], None] | None = None) -> None:
        super().__init__(buckets, on_real)
        self._more: dict[str, tuple[str, ...]] = {}

    def _decode(self, bucket: bytes) -> dict[str, tuple[str, ...]]:
        keys, values = marshal.loads(bucket)
        return dict(zip(keys, values, strict=True))

    def _join(self, buckets: list[Any]) -> dict[str, tuple[str, ...]]:
        keys = chain.from_iterable(keys for keys, _ in buckets)
        values = chain.from_iterable(values for _, values in buckets)
        joined: dict[str, tuple[str, ...]] = dict(zip(keys, values, strict=True))  # one dict, each key hashed once
        for key, words in self._more.items():
            joined[key] = joined.get(key, ()) + words
        self._more = {}
        return joined

    def get(self, key: str, default: Any = None) -> Any:
        more = self._more.get(key)  # before the bucket: making the whole table (joining ``_more``) empties it
        bucket = self._bucket(key)
        if more is None or bucket is self._real:
            return bucket.get(key, default)
        return bucket.get(key, ()) + more

    def __getitem__(self, key: str) -> tuple[str, ...]:
        found = self.get(key, _MISSING)
        if found is _MISSING:
            raise KeyError(key)
        value: tuple[str, ...] = found
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._more or key in self._bucket(key)

    def _plus(self, more: Mapping[str, tuple[str, ...]]) -> PackedTable:
        """This table with ``more``'s words after each key's own (a new table: this one is left as it is)."""
        twin = PackedTable(self._buckets)
        twin._read = self._read  # buckets read are never changed: shared
        twin._more = dict(self._more)
        for key, words in more.items():
            twin._more[key] = twin._more.get(key, ()) + words
        return twin

    def __repr__(self) -> str:
        state = "made" if self.is_real else f"{len(self._read)} of {len(self._buckets)} buckets read"
        return f"PackedTable({state})"


_MISSING: Any = object()


def merged(
    base: Mapping[str, tuple[str, ...]] | PackedTable, more: Mapping[str, tuple[str, ...]]
) -> Mapping[str, tuple[str, ...]] | PackedTable:
    """``base`` with ``more``'s words after each key's own (``base`` is left as it is): a packed table stays
    packed (no bucket read for the merge), a dict is copied."""
    if not more:
        return base
    if isinstance(base, PackedTable) and not base.is_real:
        return base._plus(more)
    joined = dict(_plain(base))
    for key, words in more.items():
        joined[key] = joined.get(key, ()) + words
    return joined


def _plain(value: Any) -> Any:
    return value.real() if isinstance(value, _Packed) else value


def settle(value: Any) -> Any:
    """``value`` itself, or the whole set or table a packed one stands for (made now)."""
    return _plain(value)


def make_real(owner: object) -> None:
    """Make every packed set among ``owner``'s attributes whole now (each tells its owner: see ``real``)."""
    for value in list(vars(owner).values()):
        if isinstance(value, _Packed):
            value.real()
