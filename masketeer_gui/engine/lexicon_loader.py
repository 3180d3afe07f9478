"""Build the ``Lexicon`` from ``dictionaries/``, once: later loads read a pickled cache.

The cache lives in the user cache directory (never inside the package), one file per cache
key: a hash of the package version, the dictionary directory and each file's name, size and
modification time, so editing any list rebuilds it. A corrupt, foreign or stale cache is
ignored and rebuilt; a cache that cannot be written is skipped (loading still works).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import platformdirs

from masketeer_gui import __version__
from masketeer_gui.engine import lexicon_cache
from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lexicon_files import (
    read_abbreviations,
    read_first_names,
    read_phrases,
    read_salutations,
    read_words,
    read_zip_towns,
)
from masketeer_gui.engine.normalize import fold, fold_phrase
from masketeer_gui.package_data import DataFileError, dictionaries_dir, reading_data

REQUIRED_FILES = (
    "first_names.tsv",
    "surnames.txt",
    "salutations.tsv",
    "abbreviations.txt",
    "whitelist.txt",
    "medical_sites.txt",
    "site_words.txt",
    "common_words.txt",
    "nouns.txt",
    "drugs.txt",
)
ZIP_FILE = "zip_at.tsv"  # maintained with the ZIP rule; optional here
TOP_COMMON_WORDS = 20_000  # common_words.txt is ordered by frequency; this many count as "top"
CACHE_FORMAT = 3  # bump when Lexicon's fields or the readers change
CACHE_ENV = "MASKETEER_CACHE_DIR"

_fold = fold.__wrapped__  # bulk folding must not flush the engine's fold cache
_CODE = ("lexicon.py", "lexicon_files.py", "lexicon_loader.py", "normalize.py", "text.py")


def default_dictionary_dir() -> Path:
    """``$MASKETEER_DICTIONARIES``, else the installed package's word lists (or the checkout's)."""
    return dictionaries_dir()


def default_cache_dir() -> Path:
    """``$MASKETEER_CACHE_DIR`` or the platform's user cache directory for masketeer-gui."""
    configured = os.environ.get(CACHE_ENV)
    return Path(configured) if configured else Path(platformdirs.user_cache_dir("masketeer-gui"))


def load_lexicon(dictionary_dir: Path | None = None, cache_dir: Path | None = None) -> Lexicon:
    """The lexicon of ``dictionary_dir``, from the cache in ``cache_dir`` when it is current.

    A missing, unreadable or malformed list raises ``DataFileError`` naming the file.
    """
    directory = Path(dictionary_dir) if dictionary_dir is not None else default_dictionary_dir()
    with reading_data():
        return _load(directory, cache_dir)


def _load(directory: Path, cache_dir: Path | None) -> Lexicon:
    key = cache_key(directory)
    loaded = _LOADED.get(key)
    if loaded is not None:  # the same, unchanged lists were loaded in this process already
        return loaded
    cache_file = lexicon_cache.path_for(Path(cache_dir) if cache_dir is not None else default_cache_dir(), key)
    lexicon = lexicon_cache.read(cache_file, key)
    if lexicon is None:
        lexicon = build_lexicon(directory)
        lexicon_cache.write(cache_file, key, lexicon)
    _LOADED.clear()
    _LOADED[key] = lexicon
    return lexicon


_LOADED: dict[str, Lexicon] = {}  # key -> lexicon: the newest load of this process (a Lexicon is immutable)


def cache_key(directory: Path) -> str:
    """Hash of package version, directory and every list's name, size and mtime (no file reads).

    The code that reads and folds the lists is stamped the same way, so editing it during
    development also misses the cache.
    """
    digest = hashlib.sha256(f"{CACHE_FORMAT}\0{__version__}\0{directory.resolve()}".encode())
    code = [path for name in _CODE if (path := Path(__file__).with_name(name)).is_file()]  # not if frozen
    for path in [*_list_files(directory), *code]:
        stat = path.stat()
        digest.update(f"\0{path.name}\0{stat.st_size}\0{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:24]


def build_lexicon(directory: Path) -> Lexicon:
    """Read and fold every list of ``directory``; ``version`` is a hash of the files' contents."""
    path = directory.joinpath
    first_names = _first_names(path("first_names.tsv"))
    surnames = frozenset(map(_fold, read_words(path("surnames.txt"))))
    common_in_order = list(dict.fromkeys(map(_fold, read_words(path("common_words.txt")))))
    nouns = frozenset(map(_fold, read_words(path("nouns.txt"))))
    zip_towns = _zip_towns(path(ZIP_FILE))
    names = frozenset(first_names) | surnames
    return Lexicon(
        first_names=first_names,
        surnames=surnames,
        salutations=tuple(read_salutations(path("salutations.tsv"))),
        abbreviations=frozenset(map(_fold, read_abbreviations(path("abbreviations.txt")))),
        whitelist=frozenset(map(_fold, read_words(path("whitelist.txt")))),
        medical_sites=tuple(_unique_phrases(read_phrases(path("medical_sites.txt")))),
        site_words=frozenset(map(_fold, read_words(path("site_words.txt")))),
        common_words=frozenset(common_in_order),
        nouns=nouns,
        zip_towns=zip_towns,
        towns=frozenset(fold_phrase(town) for towns in zip_towns.values() for town in towns),
        version=content_hash(directory),
        ambiguous_names=names & (nouns | frozenset(common_in_order[:TOP_COMMON_WORDS])),
        top_words=frozenset(common_in_order[:TOP_COMMON_WORDS]),
        drugs=frozenset(map(_fold, read_words(path("drugs.txt")))),
    )


def content_hash(directory: Path) -> str:
    """Hash of the lists' names and bytes: the same lists give the same version on every machine."""
    digest = hashlib.sha256(f"lexicon-{CACHE_FORMAT}".encode())
    for path in _list_files(directory):
        digest.update(f"\0{path.name}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _list_files(directory: Path) -> list[Path]:
    """The required lists (a missing one raises DataFileError) and the ZIP list if present."""
    paths = [directory / name for name in REQUIRED_FILES]
    missing = [path for path in paths if not path.is_file()]
    if missing:
        others = f" (and {len(missing) - 1} more lists)" if len(missing) > 1 else ""
        raise DataFileError(missing[0], f"is missing{others}")
    optional = directory / ZIP_FILE
    return [*paths, optional] if optional.is_file() else paths


def _first_names(path: Path) -> dict[str, str]:
    """Folded first name -> gender; a name listed with two genders becomes 'u'."""
    result: dict[str, str] = {}
    for name, gender in read_first_names(path):
        key = _fold(name)
        result[key] = gender if result.get(key, gender) == gender else "u"
    return result


def _zip_towns(path: Path) -> dict[str, tuple[str, ...]]:
    """ZIP code -> its towns as written (empty when the ZIP list is not there)."""
    if not path.is_file():
        return {}
    towns: dict[str, dict[str, None]] = {}
    for code, town in read_zip_towns(path):
        towns.setdefault(code, {})[town] = None
    return {code: tuple(names) for code, names in towns.items()}


def _unique_phrases(phrases: list[str]) -> list[str]:
    """Phrases in file order, the first spelling of each folded phrase kept."""
    unique: dict[str, str] = {}
    for phrase in phrases:
        unique.setdefault(fold_phrase(phrase), phrase)
    return list(unique.values())
