"""Surrogate pools: the realistic replacements, read once from ``dictionaries/surrogates/``.

Files (sources and licences in their headers; ``scripts/build_surrogate_pools.py`` writes them):
first names with gender, surnames, streets with their kind, real ZIP+town pairs, fictitious site
places and site heads, phone prefixes by country and type, free mail domains. A ``Pool`` keeps its
entries in file order and indexed by length, for length-preserving draws.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from masketeer_gui.engine.lexicon_files import entries, fields, read_words
from masketeer_gui.package_data import reading_data

SUBDIRECTORY = "surrogates"
INITIALS = "ABCDEFGHIJKLMNOPRSTUVWZ"  # no Q, X, Y: rare as initials


@dataclass(frozen=True)
class Pool:
    """Named entries of one kind; ``candidates(length)`` narrows them to a length when asked."""

    name: str
    entries: tuple[str, ...]
    by_length: dict[int, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, name: str, items: Iterable[str]) -> Pool:
        unique = tuple(dict.fromkeys(items))
        if not unique:
            raise ValueError(f"surrogate pool {name} is empty")
        by_length: dict[int, list[str]] = {}
        for item in unique:
            by_length.setdefault(len(item), []).append(item)
        return cls(name, unique, {n: tuple(items) for n, items in by_length.items()})

    def candidates(self, length: int | None = None) -> tuple[str, ...]:
        """All entries, or those of ``length``; else the shortest longer ones; else the longest."""
        if length is None:
            return self.entries
        if length in self.by_length:
            return self.by_length[length]
        longer = [n for n in self.by_length if n > length]
        return self.by_length[min(longer) if longer else max(self.by_length)]


@dataclass(frozen=True, eq=False)  # hashed by identity (cached prefix pools)
class SurrogatePools:
    """Every pool the surrogate forms draw from."""

    female: Pool
    male: Pool
    first: Pool  # both genders
    surnames: Pool
    initials: Pool
    streets: dict[str, Pool]  # kind ("straße", "gasse", …; "" = all) -> streets
    zip_regions: dict[str, Pool]  # "AT6" (first digit of an Austrian code), "DE" -> "code town" entries
    site_places: Pool
    site_heads: Pool
    prefixes: dict[tuple[str, str], tuple[str, ...]]  # (AT|DE, mobile|landline) -> national prefixes
    mail_domains: Pool

    @classmethod
    def load(cls, directory: Path) -> SurrogatePools:
        """Read the pool files of ``directory`` (a ``dictionaries/surrogates`` folder)."""
        genders = [(name, gender) for _, (name, gender) in fields(directory / "first_names.tsv", 2, 2)]
        streets: dict[str, list[str]] = {"": []}
        for _, (street, kind) in fields(directory / "streets.tsv", 2, 2):
            streets.setdefault(kind, []).append(street)
            streets[""].append(street)
        return cls(
            female=Pool.of("female", (n for n, g in genders if g == "f")),
            male=Pool.of("male", (n for n, g in genders if g == "m")),
            first=Pool.of("first", (n for n, _ in genders)),
            surnames=Pool.of("surnames", read_words(directory / "surnames.txt")),
            initials=Pool.of("initials", INITIALS),
            streets={kind: Pool.of(f"streets-{kind}", items) for kind, items in streets.items()},
            zip_regions=_zip_regions(directory / "zip_towns.tsv"),
            site_places=Pool.of("site-places", read_words(directory / "site_places.txt")),
            site_heads=Pool.of("site-heads", read_words(directory / "site_heads.txt")),
            prefixes=_prefixes(directory / "phone_prefixes.tsv"),
            mail_domains=Pool.of("mail-domains", (line for _, line in entries(directory / "mail_domains.txt"))),
        )

    def street_pool(self, kind: str) -> Pool:
        return self.streets.get(kind, self.streets[""])

    def zip_pool(self, code: str) -> Pool:
        """Pairs of the same region: the code's first digit in Austria, Germany for five digits."""
        region = "DE" if len(code) == 5 else f"AT{code[:1]}"
        return self.zip_regions.get(region) or self.zip_regions["AT6"]

    def prefix_pool(self, country: str, kind: str, length: int) -> Pool | None:
        """Prefixes of that country and type with ``length`` digits (None if there are none)."""
        return _prefix_pool(self, country, kind, length)


@lru_cache(maxsize=256)
def _prefix_pool(pools: SurrogatePools, country: str, kind: str, length: int) -> Pool | None:
    found = [p for p in pools.prefixes.get((country, kind), ()) if len(p) == length]
    return Pool.of(f"prefix-{country}-{kind}-{length}", found) if found else None


def _zip_regions(path: Path) -> dict[str, Pool]:
    regions: dict[str, list[str]] = {}
    for _, (code, town, _state) in fields(path, 3, 3):
        region = "DE" if len(code) == 5 else f"AT{code[:1]}"
        regions.setdefault(region, []).append(f"{code} {town}")
    return {region: Pool.of(f"zip-{region}", items) for region, items in regions.items()}


def _prefixes(path: Path) -> dict[tuple[str, str], tuple[str, ...]]:
    table: dict[tuple[str, str], list[str]] = {}
    for _, (prefix, kind, country) in fields(path, 3, 3):
        table.setdefault((country, kind), []).append(prefix)
    return {key: tuple(items) for key, items in table.items()}


def default_pool_dir() -> Path:
    """``surrogates/`` inside the dictionary directory the lexicon uses."""
    from masketeer_gui.engine.lexicon_loader import default_dictionary_dir

    return default_dictionary_dir() / SUBDIRECTORY


@lru_cache(maxsize=4)
def load_pools(directory: Path | None = None) -> SurrogatePools:
    """The pools of ``directory`` (default: the shipped ones), read once per process.

    A missing, unreadable or malformed pool file raises ``DataFileError`` naming it.
    """
    with reading_data():
        return SurrogatePools.load(directory or default_pool_dir())
