"""The indices built from the shipped lists alone, once: later runs read them from the user cache.

Three parts, each built by the module that uses it:
- ``names.ShippedTables``: the one-typo deletion indices of frequent words and of shipped names, and
  the longest word (``NameIndex``);
- ``rules.zip_towns.ZipKeys``: every Austrian, German and Swiss ZIP code's town keys (``ZipRule``);
- ``maskers.medical_site.SiteTowns``: the town keys a site name may end with (``MedicalSiteMasker``).

Building them takes about a second; reading them back, a few hundredths. They are cached only for a
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
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from masketeer_gui.engine import lexicon_cache
from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lexicon_loader import CacheSlot, cache_slot
from masketeer_gui.engine.maskers.medical_site import SiteTowns, site_towns
from masketeer_gui.engine.names import ShippedTables, shipped_tables
from masketeer_gui.engine.rules.zip_towns import ZipKeys, zip_keys
from masketeer_gui.package_data import dictionaries_dir

FORMAT = 1  # bump when a part's fields change
FOREIGN_ZIP_FILES = ("zip_de.tsv", "zip_ch.tsv")  # read by ``rules.zip_towns`` from the shipped folder
_ENGINE = Path(__file__).parent
_CODE = (
    "lexicon_indices.py",
    "names.py",
    "normalize.py",
    "rules/zip_towns.py",
    "maskers/medical_site.py",
    "maskers/site_forms.py",
)
_PARTS = (ShippedTables, ZipKeys, SiteTowns)
_SHAPES = ((dict, dict, int), (dict, dict, dict, int), (frozenset, frozenset, frozenset))  # each part's field types
_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LexiconIndices:
    """Every index built from the shipped lists alone (shared, read-only, by every engine on the lexicon)."""

    names: ShippedTables
    zips: ZipKeys
    sites: SiteTowns


def build(lexicon: Lexicon) -> LexiconIndices:
    """Build the indices of ``lexicon`` (about a second for the shipped one)."""
    zips = zip_keys(lexicon.zip_towns)
    return LexiconIndices(shipped_tables(lexicon), zips, site_towns(lexicon.towns, (zips.german, zips.swiss)))


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
    indices = _from_plain(lexicon_cache.read_plain(path, key))
    if indices is None:
        indices = build(lexicon)
        lexicon_cache.write_plain(path, key, to_plain(indices))
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


def to_plain(indices: LexiconIndices) -> tuple[tuple[Any, ...], ...]:
    """The indices as nested tuples of dicts, frozensets, strings and numbers (what ``marshal`` stores)."""
    return tuple(
        tuple(getattr(part, f.name) for f in fields(part)) for part in (indices.names, indices.zips, indices.sites)
    )


def _from_plain(plain: Any) -> LexiconIndices | None:
    """``to_plain``'s inverse; None unless every field has the type it should (an older format, say)."""
    if not isinstance(plain, tuple) or len(plain) != len(_PARTS):
        return None
    parts = []
    for cls, shape, values in zip(_PARTS, _SHAPES, plain, strict=True):
        if (
            not isinstance(values, tuple)
            or len(values) != len(shape)
            or not all(isinstance(value, kind) for value, kind in zip(values, shape, strict=True))
        ):
            _log.debug("ignoring an indices cache of another shape")
            return None
        parts.append(cls(*values))
    names, zips, sites = parts
    return LexiconIndices(names, zips, sites)
