"""The indices built from the shipped lists alone, once: later runs read them from the user cache.

Three parts, each built by the module that uses it:
- ``names.ShippedTables``: the one-typo deletion indices of frequent words and of shipped names, and
  the longest word (``NameIndex``);
- ``rules.zip_towns.ZipKeys``: every Austrian, German and Swiss ZIP code's town keys (``ZipRule``);
- ``maskers.medical_site.SiteTowns``: the town keys a site name may end with (``MedicalSiteMasker``).

Building them takes about a second; reading all of them back, a few hundredths, and each is read only
when a note first needs it (most notes meet no ZIP code and no typo). They are cached only for a
lexicon that ``load_lexicon`` returned (so its key is known), in the same folder as the lexicon's
pickle, as plain data with ``marshal`` (``lexicon_cache.read_plain``: owner-only, checksummed, written
atomically). The key covers everything that decides them: the lexicon's cache key (package version,
its lists and their reader code), the lexicon's content hash, the bytes of ``zip_de.tsv`` and
``zip_ch.tsv``, this Python's marshal format and the code of the modules that build them. A stale,
damaged or foreign file is ignored and rebuilt; a folder that cannot be written is skipped.

Never cached: the deployment's lists (patients', staff's and persons' names, its sites) and anything
from notes. Their part of each index is small and is built per engine (``NameIndex`` adds the listed
names to the shipped names' table), so a cache file holds only what the package itself ships.
"""

from __future__ import annotations

import hashlib
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

from masketeer_gui.engine import lexicon_cache, lexicon_packed
from masketeer_gui.engine.deferred import Deferred
from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lexicon_loader import CacheSlot, cache_slot
from masketeer_gui.engine.maskers.medical_site import SiteTowns, site_towns
from masketeer_gui.engine.names import ShippedTables, shipped_tables
from masketeer_gui.engine.rules.zip_towns import ZipKeys, zip_keys
from masketeer_gui.package_data import dictionaries_dir

FORMAT = 6  # bump when a part's fields (or their packed form) change
FOREIGN_ZIP_FILES = ("zip_de.tsv", "zip_ch.tsv")  # read by ``rules.zip_towns`` from the shipped folder
_ENGINE = Path(__file__).parent
_CODE = (
    "lexicon_indices.py",
    "lexicon_packed.py",
    "names.py",
    "normalize.py",
    "rules/zip_towns.py",
    "maskers/medical_site.py",
    "maskers/site_forms.py",
)
_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LexiconIndices:
    """Every index built from the shipped lists alone (shared, read-only, by every engine on the lexicon);
    each part read from the cache when first asked for."""

    names: ShippedTables
    zips: Deferred[ZipKeys]
    sites: Deferred[SiteTowns]
    lexicon: Lexicon

    def load(self) -> None:
        """Read (or build) every part now, whole (before a batch's workers fork), and the lexicon's packed sets;
        but the ZIP codes' tables stay packed: a worker looks up a few hundred codes, reading only their buckets
        (~1/5 of the cost of making the tables whole here, before the fork)."""
        for table in (self.names.word_typos, self.names.name_typos):
            table.replace(lexicon_packed.settle)
        self.names.load()
        self.zips.get()
        self.sites.get()
        lexicon_packed.make_real(self.lexicon)


def build(lexicon: Lexicon) -> LexiconIndices:
    """Build the indices of ``lexicon`` (about a second for the shipped one)."""
    zips = zip_keys(lexicon.zip_towns)
    sites = site_towns(lexicon.towns, (zips.german, zips.swiss))
    return LexiconIndices(shipped_tables(lexicon), Deferred.ready(zips), Deferred.ready(sites), lexicon)


def for_lexicon(lexicon: Lexicon) -> LexiconIndices | None:
    """The indices of a lexicon ``load_lexicon`` returned: from this process, the cache, or built and cached.

    None for any other lexicon (a test's own, a changed copy): then each part is built where it is used.
    """
    global _MEMO
    slot = cache_slot(lexicon)
    if slot is None:
        return None
    if _MEMO is not None and _MEMO[0] is slot:
        return _MEMO[1]
    key = cache_key(slot)
    path = lexicon_cache.indices_path_for(slot.folder, key)
    indices = from_plain(lexicon_cache.read_plain(path, key), lexicon)
    if indices is None:
        indices = build(lexicon)
        try:
            plain = to_plain(indices)
        except ValueError:  # a table that does not pack (``lexicon_packed``): no cache, never a failed run
            _log.debug("cannot pack the indices for %s", path, exc_info=True)
        else:
            lexicon_cache.write_plain(path, key, plain)
    _MEMO = (slot, indices)
    return indices


_MEMO: tuple[CacheSlot, LexiconIndices] | None = None  # the newest lexicon's indices in this process


def cache_key(slot: CacheSlot) -> str:
    """Hash of what decides the indices (see the module docstring); reads the two foreign ZIP lists."""
    digest = hashlib.sha256(f"{FORMAT}\0{sys.implementation.cache_tag}\0{slot.key}\0{slot.lexicon.version}".encode())
    folder = dictionaries_dir()
    for name in FOREIGN_ZIP_FILES:
        try:
            content = (folder / name).read_bytes()
        except OSError:  # missing: the rule then has no such list, and a later copy changes the key
            content = b"\0missing"
        digest.update(f"\0{name}\0{len(content)}\0".encode())
        digest.update(content)
    for name in _CODE:
        path = _ENGINE / name
        if path.is_file():  # not in a frozen bundle: the package version stands for the code there
            stat = path.stat()
            digest.update(f"\0{name}\0{stat.st_size}\0{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:24]


# --- the cache's plain form: (longest, (word typos, name typos, ZIP keys, site towns)): the tables packed
# (``lexicon_packed``: bytes, read bucket by bucket), the site towns marshalled on their own, so that each is
# read only when first needed

_Plain = tuple[int, tuple[Any, ...]]


def to_plain(indices: LexiconIndices) -> _Plain:
    """The indices as plain data for ``lexicon_cache.write_plain``."""
    names, zips, sites = indices.names, indices.zips.get(), indices.sites.get()
    return names.longest, (
        lexicon_packed.pack_table(lexicon_packed.settle(names.word_typos.get()), whole=True),
        lexicon_packed.pack_table(lexicon_packed.settle(names.name_typos.get()), whole=True),
        (*map(lexicon_packed.pack_table, (zips.austrian, zips.german, zips.swiss)), zips.max_words),
        lexicon_cache.dumps_plain((sites.listed, sites.foreign, sites.starts)),
    )


def from_plain(plain: Any, lexicon: Lexicon) -> LexiconIndices | None:
    """``to_plain``'s inverse, each part read when first asked for; None unless ``plain`` has its shape."""
    if not (
        isinstance(plain, tuple)
        and len(plain) == 2
        and isinstance(plain[0], int)
        and isinstance(plain[1], tuple)
        and len(plain[1]) == 4
        and all(isinstance(tables, tuple) for tables in plain[1][:3])
        and isinstance(plain[1][3], bytes)
    ):
        _log.debug("ignoring an indices cache of another shape")
        return None
    longest, (word_typos, name_typos, zips, sites) = plain
    return LexiconIndices(
        ShippedTables(
            _part(word_typos, _table, lambda: shipped_tables(lexicon).word_typos.get(), marshalled=False),
            _part(name_typos, _table, lambda: shipped_tables(lexicon).name_typos.get(), marshalled=False),
            longest,
        ),
        _part(zips, _zip_keys, lambda: zip_keys(lexicon.zip_towns), marshalled=False),
        _part(sites, _site_towns, lambda: site_towns(lexicon.towns)),
        lexicon,
    )


T = TypeVar("T")


def _part(
    stored: Any, convert: Callable[[Any], T | None], rebuild: Callable[[], T], *, marshalled: bool = True
) -> Deferred[T]:
    """One part, read from its bytes (``marshalled``; else as it is stored) when first asked for; built again if
    it is not what it should be."""

    def read() -> T:
        try:
            found = convert(lexicon_cache.loads_plain(stored) if marshalled else stored)
        except Exception:  # checked by the file's digest, so not expected: still never a reason to stop
            found = None
        if found is None:
            _log.debug("rebuilding an unreadable part of the indices cache")
            return rebuild()
        return found

    return Deferred(read)


def _table(value: Any) -> dict[str, tuple[str, ...]] | None:
    """A typo table, packed: a run of a few notes reads only the buckets of the words it looks up (``NameIndex``
    only looks keys up in it: a ``PackedTable`` does that as the dict would; ``load`` swaps in the dict)."""
    if not lexicon_packed.is_packed(value, table=True):
        return None
    return cast("dict[str, tuple[str, ...]]", lexicon_packed.PackedTable(value))


def _zip_keys(value: Any) -> ZipKeys | None:
    """The ZIP codes' town keys, packed (``ZipRule`` only looks codes up: a ``PackedTable`` does that as the dict
    would, reading the code's bucket)."""
    shaped = isinstance(value, tuple) and len(value) == 4 and isinstance(value[3], int)
    if not (shaped and all(lexicon_packed.is_packed(table, table=True) for table in value[:3])):
        return None
    austrian, german, swiss = (cast("dict[str, frozenset[str]]", lexicon_packed.PackedTable(t)) for t in value[:3])
    return ZipKeys(austrian, german, swiss, value[3])


def _site_towns(value: Any) -> SiteTowns | None:
    if isinstance(value, tuple) and len(value) == 3 and all(isinstance(keys, frozenset) for keys in value):
        return SiteTowns(*value)
    return None
