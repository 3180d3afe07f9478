"""The shipped surrogate pools: sources named, regenerable, coherent with the ZIP list, fictitious sites."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from masketeer_gui.engine.normalize import fold, fold_phrase
from masketeer_gui.engine.surrogates import load_pools
from masketeer_gui.engine.surrogates.pools import Pool
from tests.engine.surrogate_helpers import lexicon

DICTIONARIES = Path(__file__).resolve().parents[2] / "dictionaries"
POOL_FILES = sorted(p.name for p in (DICTIONARIES / "surrogates").iterdir() if p.suffix in (".txt", ".tsv"))
POOLS = load_pools()


@pytest.mark.parametrize("name", POOL_FILES)
def test_header_names_source_and_licence(name: str) -> None:
    header = " ".join(
        line.lower() for line in (DICTIONARIES / "surrogates" / name).read_text("utf-8").splitlines()
        if line.startswith("#")
    )  # fmt: skip
    assert "source" in header and "licence" in header


def test_script_regenerates_the_shipped_pools(tmp_path: Path) -> None:
    pytest.importorskip("faker", reason="faker is not installed: pip install -e '.[data]'")
    spec = importlib.util.spec_from_file_location(
        "build_pools", DICTIONARIES.parent / "scripts/build_surrogate_pools.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for name in ("zip_at.tsv", "nouns.txt", "common_words.txt", "first_names.tsv", "surnames.txt", "medical_sites.txt"):
        shutil.copy(DICTIONARIES / name, tmp_path / name)
    script.main(tmp_path)
    for name in POOL_FILES:
        assert (tmp_path / "surrogates" / name).read_bytes() == (DICTIONARIES / "surrogates" / name).read_bytes(), name
    assert (tmp_path / "cities_at.txt").read_bytes() == (DICTIONARIES / "cities_at.txt").read_bytes()


def test_austrian_pairs_are_pairs_of_the_zip_list() -> None:
    zip_towns = lexicon().zip_towns
    for region, pool in POOLS.zip_regions.items():
        for entry in pool.entries:
            code, _, town = entry.partition(" ")
            if region.startswith("AT"):
                assert town in zip_towns[code] and code[0] == region[2]
            else:
                assert len(code) == 5
    assert len(POOLS.zip_pool("6020").entries) > 200  # Tyrol and Vorarlberg: plenty of choice


def test_site_places_are_no_real_town_name_or_word() -> None:
    lex = lexicon()
    sites = " ".join(fold_phrase(s) for s in lex.medical_sites)
    for place in POOLS.site_places.entries:
        folded = fold(place)
        assert folded not in lex.towns and not lex.is_name(folded) and not lex.is_word(folded) and folded not in sites


def test_pools_are_gendered_and_prefixes_typed() -> None:
    assert not {fold(n) for n in POOLS.female.entries} & {fold(n) for n in POOLS.male.entries}
    assert len(POOLS.female.entries) > 500 and len(POOLS.male.entries) > 500 and len(POOLS.surnames.entries) > 1000
    assert "664" in POOLS.prefixes[("AT", "mobile")] and "512" in POOLS.prefixes[("AT", "landline")]


def test_pool_candidates_by_length() -> None:
    pool = Pool.of("t", ["Abc", "Abcd", "Abcdef"])
    assert pool.candidates(4) == ("Abcd",) and pool.candidates(5) == ("Abcdef",) and pool.candidates(9) == ("Abcdef",)
    assert pool.candidates(None) == ("Abc", "Abcd", "Abcdef")
    with pytest.raises(ValueError, match="empty"):
        Pool.of("none", [])
