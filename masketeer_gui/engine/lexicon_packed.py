"""Packed word sets and tables: the cache's large sets read without making one Python object per word.

A run of a few notes looks up a few thousand words, yet unpickling the lexicon's nouns alone makes ~250,000
strings and hashes them (most of a short run's start-up). Packed, a set or table is one ``marshal`` blob of
the whole (a tuple of the set's words, or the ``dict``), its members in buckets by a CRC-32 of each key's
UTF-8 bytes, and an index of where each bucket starts. Every member's bytes stand alone (a set's words each
written alone; a table's keys and values with ``marshal``'s version 2, which writes no back-references): one
bucket's slice, framed as a small tuple (or dict), is read by itself, and a look-up reads only its key's
bucket (once, then kept). Once a run has looked up enough words to pay for it, the whole set is made
(``real``: one ``marshal.loads`` of the blob, no loop in Python) and handed to its owner (``tell``: the
``Lexicon`` attribute is replaced), so a long run looks words up in a plain ``frozenset`` or ``dict`` as
before. Anything but a look-up (iterating, set algebra, ``len``) makes the whole set first, so a packed set
behaves like the ``frozenset`` (a packed table like the ``dict``) it stands for in every respect but speed.

Nothing here reads files: ``lexicon_cache`` and ``lexicon_indices`` store the packed form and check it.
"""

from __future__ import annotations

import marshal
from array import array
from collections.abc import Callable, Iterator, Mapping
from itertools import chain
from threading import Lock
from typing import Any, Final, Generic, TypeVar, cast
from zlib import crc32

MARSHAL_VERSION = 2  # no back-references: each member's bytes can be read alone (version 3 added them)
PER_BUCKET = 16  # keys per bucket, on average
LOOKUPS_BEFORE_REAL = 50_000  # look-ups after which the whole set is made (a long run: plain look-ups pay)

_MAKING = Lock()  # one thread makes a whole set; the others wait for it
# ``marshal``'s frame of a tuple (its type code, then the member count as 4 bytes, little-endian) and of a dict
# (its type code, the keys and values, then the code that ends it). A set is stored as a tuple: ``frozenset`` of
# a tuple is made faster than ``marshal`` makes a frozenset (one pass to make the words, one to hash them)
_SET_CODE, _COUNT_BYTES = marshal.dumps((), MARSHAL_VERSION)[:1], 4
_DICT_OPEN, _DICT_CLOSE = marshal.dumps({}, MARSHAL_VERSION)[:1], marshal.dumps({}, MARSHAL_VERSION)[1:]
_FLAG_REF, _WHOLE_VERSION = 0x80, 4  # the whole form of a table: with back-references (version 3 on)
_WORD_VERSION = 4  # a set's words (see ``_lone_word``)
_INDEX_TYPE: Final = "I"  # the index: per bucket (and once more at the end) its first byte, its first member's number
K = TypeVar("K")
V = TypeVar("V")

Packed = tuple[bytes, ...]  # the blob, the index (``array`` bytes) and, for a table, maybe its whole form


def bucket_count(size: int) -> int:
    """A power of two near ``size / PER_BUCKET`` (at least 1)."""
    count = 1
    while count * PER_BUCKET < size:
        count *= 2
    return count


def bucket_of(key: str, mask: int) -> int:
    """The bucket of ``key`` among ``mask + 1`` buckets."""
    return crc32(key.encode("utf-8", "surrogatepass")) & mask


def pack_set(words: frozenset[str] | set[str]) -> Packed:
    """``words`` packed (``PackedSet``'s input); every member must be a ``str``."""
    buckets = _in_buckets(dict.fromkeys(words))
    members = [[_lone_word(word) for word in bucket] for bucket in buckets]
    head = _SET_CODE + len(words).to_bytes(_COUNT_BYTES, "little")
    packed = _joined(head, members, b"")
    _check(PackedSet(packed), tuple(chain.from_iterable(buckets)), buckets, tuple)
    return packed


def pack_table(table: Mapping[str, Any], *, whole: bool = False) -> Packed:
    """``table`` (str keys, ``marshal``-able values) packed (``PackedTable``'s input).

    ``whole``: with a second form of the whole table, read when it is made whole: equal words and equal values
    stored once, so they are made once (``marshal``'s back-references; a deletion index names ~10,000 words in
    ~90,000 places: a third fewer objects to make, and less memory), at the cost of its bytes in the file.
    """
    buckets = _in_buckets(table)
    dumps, version = marshal.dumps, MARSHAL_VERSION
    members = [[dumps(key, version) + dumps(value, version) for key, value in bucket.items()] for bucket in buckets]
    packed = _joined(_DICT_OPEN, members, _DICT_CLOSE)
    if whole:
        in_order = {key: value for bucket in buckets for key, value in bucket.items()}  # the blob's order
        packed += (marshal.dumps(_shared(in_order), _WHOLE_VERSION),)
    _check(PackedTable(packed), dict(table), buckets, dict)
    return packed


def _shared(table: dict[str, Any]) -> dict[str, Any]:
    """``table`` (in its order) with each equal word, and each equal tuple of words, one object."""
    words: dict[str, str] = {}
    values: dict[tuple[str, ...], tuple[str, ...]] = {}
    shared: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, tuple) and all(type(word) is str for word in value):
            value = tuple(words.setdefault(word, word) for word in value)
            value = values.setdefault(value, value)
        shared[words.setdefault(key, key)] = value
    return shared


def _lone_word(word: str) -> bytes:
    """``word`` as ``marshal`` writes it (version 4: ASCII in one byte a letter, its length in one), not marked as
    referred to: a lone string refers back to nothing, and nothing refers back to it, so its bytes still stand
    alone (and the loader keeps no list of the set's words for references that never come)."""
    data = marshal.dumps(word, _WORD_VERSION)
    return bytes([data[0] & ~_FLAG_REF & 0xFF]) + data[1:]


def _in_buckets(table: Mapping[str, Any]) -> list[dict[str, Any]]:
    mask = bucket_count(len(table)) - 1
    buckets: list[dict[str, Any]] = [{} for _ in range(mask + 1)]
    for key, value in table.items():
        buckets[bucket_of(key, mask)][key] = value
    return buckets


def _joined(head: bytes, members: list[list[bytes]], tail: bytes) -> Packed:
    """The blob (``head``, every bucket's members, ``tail``) and its index."""
    index = array(_INDEX_TYPE)
    offset, number = len(head), 0
    for bucket in members:
        index.extend((offset, number))
        offset += sum(map(len, bucket))
        number += len(bucket)
    index.extend((offset, number))
    return b"".join([head, *(b"".join(bucket) for bucket in members), tail]), index.tobytes()


def _check(packed: _Packed[Any, Any], whole: Any, buckets: list[dict[str, Any]], kind: type) -> None:
    """The blob reads back as ``whole``, and each bucket alone as its part (else no cache is written)."""
    store = packed._store
    if store is None or not is_packed(store[0], table=kind is dict):
        raise ValueError("a packed set has not the packed shape")
    made = [marshal.loads(blob) for blob in store[0][::2]]  # the blob, and the whole form of a table that has one
    if any(type(one) is not kind or one != whole for one in made) or list(made[0]) != list(made[-1]):
        raise ValueError("a packed set does not read back as itself")  # (the whole form: in the blob's order too)
    for number, bucket in enumerate(buckets):
        if packed._decode(store, number) != (bucket if kind is dict else tuple(bucket)):
            raise ValueError("a packed bucket does not read back as itself")


def is_packed(packed: object, *, table: bool = False) -> bool:
    """``packed`` has the shape ``pack_set`` (``table``: ``pack_table``) gives: a blob framed as a tuple (a
    dict), and an index of a power of two of buckets that ends at the blob's end."""
    if not (isinstance(packed, tuple) and len(packed) in (2, 3) and all(type(part) is bytes for part in packed)):
        return False
    if len(packed) == 3 and not (table and packed[2][:1] in (_DICT_OPEN, bytes([_DICT_OPEN[0] | _FLAG_REF]))):
        return False  # a whole form is a dict (which may be marked as referred to)
    blob, index_bytes = packed[:2]
    if len(index_bytes) % array(_INDEX_TYPE).itemsize:
        return False
    index = memoryview(index_bytes).cast(_INDEX_TYPE)
    buckets = len(index) // 2 - 1
    if len(index) % 2 or buckets < 1 or buckets & (buckets - 1):
        return False
    if blob[:1] == _SET_CODE and not table:
        head, tail, count = 1 + _COUNT_BYTES, b"", int.from_bytes(blob[1 : 1 + _COUNT_BYTES], "little")
    elif blob[:1] == _DICT_OPEN and table:
        head, tail, count = 1, _DICT_CLOSE, index[-1]
        if not blob.endswith(tail):
            return False
    else:
        return False
    return index[0] == head and index[1] == 0 and index[-2] == len(blob) - len(tail) and index[-1] == count


class _Packed(Generic[K, V]):
    """The blob and its index, the buckets read so far, and the whole once made."""

    __slots__ = ("_lookups", "_mask", "_on_real", "_read", "_real", "_store")

    def __init__(self, packed: Packed, on_real: Callable[[Any], None] | None = None) -> None:
        index = memoryview(packed[1]).cast(_INDEX_TYPE)
        self._store: tuple[Packed, memoryview] | None = (packed, index)  # None once made whole
        self._mask = len(index) // 2 - 2
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

    @property
    def buckets(self) -> int:
        """How many buckets the set is in (0 once made whole)."""
        store = self._store
        return 0 if store is None else len(store[1]) // 2 - 1

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
        number = bucket_of(key, self._mask)
        bucket = self._read.get(number)
        if bucket is None:
            store = self._store
            if store is None:  # another thread made the whole one meanwhile
                return self.real()
            bucket = self._read[number] = self._decode(store, number)
        return bucket

    def real(self) -> Any:
        """The whole set (or table), made once (by one thread); the owner is told (``tell``)."""
        if self._real is None:
            with _MAKING:
                if self._real is None and self._store is not None:
                    packed = self._store[0]
                    real = self._join(marshal.loads(packed[2] if len(packed) == 3 else packed[0]))
                    self._real = real
                    self._read, self._store = {}, None  # the whole one answers from now on: the memory back
                    if self._on_real is not None:
                        self._on_real(real)
        return self._real

    def _decode(self, store: tuple[Packed, memoryview], number: int) -> Any:
        """Bucket ``number`` of ``store`` (the caller's reference: the set may be made whole meanwhile), ready for
        look-ups."""
        raise NotImplementedError

    def _join(self, whole: Any) -> Any:
        """The whole set from the blob's ``marshal.loads``."""
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

    def _decode(self, store: tuple[Packed, memoryview], number: int) -> tuple[str, ...]:
        blob, index = store[0][0], store[1]
        count = (index[2 * number + 3] - index[2 * number + 1]).to_bytes(_COUNT_BYTES, "little")
        words: tuple[str, ...] = marshal.loads(_SET_CODE + count + blob[index[2 * number] : index[2 * number + 2]])
        return words  # a few words: a tuple is looked through fast enough

    def _join(self, whole: Any) -> frozenset[str]:
        return frozenset(whole)  # each word hashed once, as unpickling a set does

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
        state = "made" if self.is_real else f"{len(self._read)} of {self.buckets} buckets read"
        return f"PackedSet({state})"


class PackedTable(_Packed[str, tuple[str, ...]]):
    """A ``dict[str, tuple[str, ...]]`` read bucket by bucket, for look-ups (see the module docstring), and
    ``merged``: the same table with more words after some keys' (kept beside the shared buckets)."""

    __slots__ = ("_more",)

    def __init__(self, packed: Packed, on_real: Callable[[Any], None] | None = None) -> None:
        super().__init__(packed, on_real)
        self._more: dict[str, tuple[str, ...]] = {}

    def _decode(self, store: tuple[Packed, memoryview], number: int) -> dict[str, tuple[str, ...]]:
        blob, index = store[0][0], store[1]
        members = blob[index[2 * number] : index[2 * number + 2]]
        bucket: dict[str, tuple[str, ...]] = marshal.loads(_DICT_OPEN + members + _DICT_CLOSE)
        return bucket

    def _join(self, whole: Any) -> dict[str, tuple[str, ...]]:
        joined: dict[str, tuple[str, ...]] = whole  # made by ``marshal``: each key hashed once
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
        store = self._store
        if store is None:  # made whole meanwhile (by another thread)
            return cast("PackedTable", merged(self.real(), more))
        twin = PackedTable(store[0])
        twin._read = self._read  # buckets read are never changed: shared
        twin._more = dict(self._more)
        for key, words in more.items():
            twin._more[key] = twin._more.get(key, ()) + words
        return twin

    def __repr__(self) -> str:
        state = "made" if self.is_real else f"{len(self._read)} of {self.buckets} buckets read"
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
