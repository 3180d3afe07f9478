"""The ZIP lists (``dictionaries/zip_at.tsv``, ``zip_de.tsv``, ``zip_ch.tsv``) and the comparison form of towns.

The lists are built by ``scripts/build_zip_list.py`` from GeoNames postal code data (CC BY 4.0);
their headers name the source. Every code maps to its place names (and municipalities).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

from masketeer_gui.engine.normalize import fold
from masketeer_gui.package_data import dictionaries_dir, reading_data

_KEY_NOISE: Final = re.compile(r"[\s.\-/()]+")
_SANKT: Final = re.compile(r"\b(?:sankt|st)\b")
_ALIAS_CUT: Final = re.compile(r" (?:in|im|am|an der|an|bei|ob der|ob|vor dem|\().*")


def town_key(name: str) -> str:
    """The comparison form of a town: folded, punctuation as spaces, "Sankt" written "st"."""
    return _SANKT.sub("st", _KEY_NOISE.sub(" ", fold(name)).strip())


def town_keys(towns: tuple[str, ...]) -> frozenset[str]:
    """Keys of the towns and of their short forms ("Hall in Tirol" is also "Hall")."""
    return frozenset(town_key(t) for name in towns for t in {name, _ALIAS_CUT.sub("", name)})  # most: no alias


def load_zip_towns(path: Path | None = None) -> dict[str, tuple[str, ...]]:
    """ZIP code -> towns, from the shipped ``zip_at.tsv`` (or ``path``) in file order.

    A missing or unreadable list raises ``DataFileError`` naming the file.
    """
    table: dict[str, list[str]] = {}
    source = path or dictionaries_dir() / "zip_at.tsv"
    with reading_data(), source.open(encoding="utf-8") as lines:
        for line in lines:
            fields = line.rstrip("\r\n").split("\t")
            if line.startswith("#") or len(fields) < 2 or not fields[0].isdigit():
                continue
            towns = table.setdefault(fields[0], [])
            if fields[1] not in towns:
                towns.append(fields[1])
    return {code: tuple(towns) for code, towns in table.items()}


@dataclass(frozen=True, slots=True)
class ZipKeys:
    """ZIP code -> town keys of each country's list, built once (cached beside the lexicon by
    ``engine.lexicon_indices``), and the most words any town key has."""

    austrian: Mapping[str, frozenset[str]]
    german: Mapping[str, frozenset[str]]
    swiss: Mapping[str, frozenset[str]]
    max_words: int


def zip_keys(
    zip_towns: Mapping[str, tuple[str, ...]],
    german: Mapping[str, tuple[str, ...]] | None = None,
    swiss: Mapping[str, tuple[str, ...]] | None = None,
) -> ZipKeys:
    """The keys of the Austrian list ``zip_towns`` and of ``german``/``swiss`` (the shipped lists when None)."""
    tables = (
        keyed(zip_towns),
        german_zip_keys() if german is None else keyed(german),
        swiss_zip_keys() if swiss is None else keyed(swiss),
    )
    longest = max((len(k.split()) for table in tables for keys in table.values() for k in keys), default=1)
    return ZipKeys(*tables, max_words=longest)


def keyed(zip_towns: Mapping[str, tuple[str, ...]]) -> dict[str, frozenset[str]]:
    """ZIP code -> the keys of its towns."""
    return {code: town_keys(towns) for code, towns in zip_towns.items()}


@lru_cache(maxsize=4)
def _foreign(name: str, folder: str) -> dict[str, frozenset[str]]:
    path = Path(folder) / name
    return keyed(load_zip_towns(path)) if path.is_file() else {}


def german_zip_keys() -> dict[str, frozenset[str]]:
    """German ZIP code -> town keys (``zip_de.tsv``; empty if the file is missing). Loaded once."""
    return _foreign("zip_de.tsv", str(dictionaries_dir()))


def swiss_zip_keys() -> dict[str, frozenset[str]]:
    """Swiss and Liechtenstein ZIP code -> town keys (``zip_ch.tsv``; empty if missing). Loaded once."""
    return _foreign("zip_ch.tsv", str(dictionaries_dir()))
