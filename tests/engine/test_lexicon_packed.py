"""Packed word sets and tables answer exactly as the frozenset or dict they stand for, read only the buckets
asked for, become whole once a run has looked up enough (and tell their owner), and the lexicon cache stores
its large sets packed: a lexicon read from it equals the one built, and is whole after ``prepare``."""

from __future__ import annotations

import dataclasses
import marshal
import operator
import pickle
import sys
import threading
from array import array
from itertools import chain
from pathlib import Path
from typing import Any, NoReturn

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine import lexicon_cache, lexicon_indices, lexicon_loader, lexicon_packed
from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lexicon_loader import build_lexicon, cache_key, load_lexicon
from masketeer_gui.engine.lexicon_packed import PackedSet, PackedTable, pack_set, pack_table
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier
from tests.engine.test_lexicon import write_lists

WORDS = frozenset({"termin", "zwetschke", "gattin", "übergabe", "straße", "ſonne", "x", "", "ärztin", "𝔞𝔟"})
MANY = WORDS | {f"wort{n}" for n in range(300)}  # in many buckets
NOT_WORDS = ["Termin", "termi", "zwetschken", "uebergabe", "strasse", "y", " ", "\ud800", "termin\n", "ärztin "]


def packed_set(words: frozenset[str]) -> PackedSet:
    return PackedSet(pack_set(words))


@pytest.mark.parametrize("word", sorted(WORDS) + NOT_WORDS)
def test_membership_is_the_frozensets(word: str) -> None:
    assert (word in packed_set(MANY)) is (word in MANY)


def test_a_look_up_reads_only_its_bucket() -> None:
    words = frozenset(f"wort{n}" for n in range(2_000))
    packed = packed_set(words)
    assert packed.buckets > 64
    assert "wort17" in packed and "wort99999" not in packed
    assert 1 <= len(packed._read) <= 2 and not packed.is_real


def test_anything_but_a_look_up_uses_the_whole_set() -> None:
    packed = packed_set(WORDS)
    assert packed == WORDS and WORDS.__eq__(packed) is NotImplemented and hash(packed) == hash(WORDS)
    assert operator.eq(WORDS, packed)  # the reflected comparison
    assert len(packed) == len(WORDS) and sorted(packed) == sorted(WORDS)
    assert packed | {"neu"} == WORDS | {"neu"} and {"neu"} | packed == WORDS | {"neu"}
    assert packed & {"x", "y"} == {"x"} and {"x", "y"} & packed == {"x"}
    assert packed - {"x"} == WORDS - {"x"} and {"x", "y"} - packed == {"y"}
    assert packed ^ {"x", "y"} == WORDS ^ {"x", "y"}
    assert packed <= WORDS and packed >= WORDS and not packed < WORDS and not packed > WORDS
    assert packed.union({"neu"}) == WORDS | {"neu"} and not packed.isdisjoint({"x"})
    assert pickle.loads(pickle.dumps(packed)) == WORDS and type(pickle.loads(pickle.dumps(packed))) is frozenset


def test_1_is_not_in_a_set_of_words() -> None:
    assert 1 not in packed_set(WORDS) and None not in packed_set(WORDS)


def test_enough_look_ups_make_it_whole_and_tell_the_owner(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lexicon_packed, "LOOKUPS_BEFORE_REAL", 3)
    told: list[frozenset[str]] = []
    packed = packed_set(WORDS)
    packed.tell(told.append)
    for word in ("termin", "nix", "gattin"):
        assert (word in packed) is (word in WORDS)
    assert not packed.is_real and told == []
    assert "x" in packed and "y" not in packed  # the fourth look-up
    assert packed.is_real and told == [WORDS] and type(told[0]) is frozenset
    assert packed.buckets == 0 and packed._store is None  # their memory given back
    assert "straße" in packed and told == [WORDS]  # told once


@settings(max_examples=60, deadline=None)
@given(st.frozensets(st.text(max_size=6), max_size=80), st.lists(st.text(max_size=6), max_size=20))
def test_any_unicode_set_answers_alike(words: frozenset[str], probes: list[str]) -> None:
    packed = packed_set(words)
    for probe in [*probes, *words]:
        assert (probe in packed) is (probe in words)
    assert packed == words


TABLE = {"trmin": ("termin",), "gatin": ("gattin", "gatin"), "": ("a",), "ärz": ()}


@pytest.mark.parametrize("key", [*TABLE, "termin", "x", "\udcff"])
def test_a_table_looks_up_as_the_dict(key: str) -> None:
    packed = PackedTable(pack_table(TABLE))
    assert packed.get(key) == TABLE.get(key) and packed.get(key, ()) == TABLE.get(key, ())
    assert (key in packed) is (key in TABLE)
    if key in TABLE:
        assert packed[key] == TABLE[key]
    else:
        with pytest.raises(KeyError):
            packed[key]
    assert packed == TABLE and dict(packed) == TABLE and len(packed) == len(TABLE)


def test_more_words_after_a_packed_tables_own_read_no_bucket_and_leave_it_as_it_was() -> None:
    table = {f"wort{n}": (f"w{n}",) for n in range(500)}
    more = {"neu": ("neu",), "wort7": ("wort7x",)}
    expected = {**table, "neu": ("neu",), "wort7": ("w7", "wort7x")}
    packed = PackedTable(pack_table(table))
    plus = lexicon_packed.merged(packed, more)
    assert isinstance(plus, PackedTable) and plus._read == {}  # no bucket read for the merge
    assert plus.get("neu") == ("neu",) and plus["wort7"] == ("w7", "wort7x") and "neu" in plus
    assert plus.get("wort8") == ("w8",) and plus.get("nix", ()) == () and "nix" not in plus
    with pytest.raises(KeyError):
        plus["nix"]
    assert "neu" not in packed and packed["wort7"] == ("w7",)  # the shared table is left alone
    assert plus == expected and packed == table  # and the whole ones have them (or not)
    assert type(lexicon_packed.merged(packed, more)) is dict  # a whole table: merged as a dict
    assert lexicon_packed.merged(table, more) == expected and lexicon_packed.merged(packed, {}) is packed


def test_more_words_survive_the_table_being_made_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lexicon_packed, "LOOKUPS_BEFORE_REAL", 2)
    plus = lexicon_packed.merged(PackedTable(pack_table(TABLE)), {"trmin": ("tremin",), "neu": ("neu",)})
    assert plus.get("x") is None and plus.get("y") is None  # two look-ups
    assert plus.get("trmin") == ("termin", "tremin") and plus.get("neu") == ("neu",)  # the third: made whole
    assert isinstance(plus, PackedTable) and plus.is_real


SET_PACKED, TABLE_PACKED = pack_set(MANY), pack_table(TABLE)
THREE_BUCKETS = array("I", [5, 0, 5, 0, 5, 0, 5, 0]).tobytes()


@pytest.mark.parametrize(
    "packed",
    [(), (b"",) * 3, [b""], (b"", "x"), "abc", [*SET_PACKED], (SET_PACKED[0], SET_PACKED[1][:-1]),
     (SET_PACKED[0][:-1], SET_PACKED[1]), (SET_PACKED[0], THREE_BUCKETS), (b"", b""), TABLE_PACKED],
    ids=["empty", "three", "list", "str bucket", "str", "a list", "index cut", "blob cut", "three buckets", "no bucket",
         "a table"],
)  # fmt: skip
def test_only_the_packed_shape_is_taken(packed: object) -> None:
    assert not lexicon_packed.is_packed(packed)
    assert lexicon_packed.is_packed(SET_PACKED) and lexicon_packed.is_packed(TABLE_PACKED, table=True)


@pytest.mark.parametrize("packed", [SET_PACKED, (TABLE_PACKED[0][:-1] + b"}", TABLE_PACKED[1])], ids=["a set", "end"])
def test_only_the_packed_shape_of_a_table_is_taken(packed: object) -> None:
    assert not lexicon_packed.is_packed(packed, table=True)


def test_the_whole_is_one_blob_and_each_bucket_is_read_from_its_slice_alone() -> None:
    blob, _ = SET_PACKED
    assert type(marshal.loads(blob)) is tuple and frozenset(marshal.loads(blob)) == MANY
    packed = packed_set(MANY)
    for word in MANY:
        assert word in packed
    assert sorted(chain.from_iterable(packed._read.values())) == sorted(MANY)  # every bucket read alone, once
    assert marshal.loads(TABLE_PACKED[0]) == TABLE


def test_a_tables_whole_form_is_the_table_with_equal_words_and_values_made_once() -> None:
    table = {"trmin": ("termin",), "termn": ("termin",), "gatin": ("gattin", "gatin"), "gatn": ("gatin",), "x": ()}
    table |= {f"wort{n}": (f"w{n % 7}",) for n in range(200)}
    packed = pack_table(table, whole=True)
    assert len(packed) == 3 and lexicon_packed.is_packed(packed, table=True) and not lexicon_packed.is_packed(packed)
    made = PackedTable(packed).real()
    assert made == table and list(made) == list(marshal.loads(packed[0]))  # the blob's order
    assert made["trmin"] is made["termn"] and made["wort0"] is made["wort7"]  # one tuple for equal values
    assert made["gatin"][1] is made["gatn"][0]  # one string for equal words
    plus = lexicon_packed.merged(PackedTable(packed), {"neu": ("neu",), "trmin": ("tremin",)})
    assert plus == {**table, "neu": ("neu",), "trmin": ("termin", "tremin")}


def test_a_sets_words_of_every_kind_stand_alone_unmarked() -> None:
    """Each word as ``marshal`` writes a lone string (short ASCII, long ASCII, other text, interned): no word is
    marked as referred to (a loader would keep a list of them all for nothing)."""
    words = frozenset(
        {sys.intern("termin"), "x" * 300, "ä" * 300, "straße", "", "\ud800", *(f"w{n}" for n in range(99))}
    )
    blob, index_bytes = pack_set(words)
    index = memoryview(index_bytes).cast("I")
    starts = {index[2 * n] for n in range(len(index) // 2 - 1) if index[2 * n + 3] > index[2 * n + 1]}
    assert len(starts) > 4 and all(blob[start] & 0x80 == 0 for start in starts)
    packed = packed_set(words)
    assert all(word in packed for word in words) and "y" not in packed and packed.real() == words


def test_members_with_back_references_do_not_pack(monkeypatch: pytest.MonkeyPatch) -> None:
    """(Why version 2: from version 3 on ``marshal`` refers back to an object written before, by its number in
    the whole blob: a bucket's slice read alone, or the members joined, would read other objects.)"""
    word = sys.intern("gattin")
    table = {"gatin": (word, word), "gattn": (word,)}
    assert marshal.loads(pack_table(table)[0]) == table
    monkeypatch.setattr(lexicon_packed, "MARSHAL_VERSION", 4)
    with pytest.raises(ValueError, match="read back"):
        pack_table(table)


def test_a_lexicon_or_indices_that_do_not_pack_are_not_cached_and_the_run_goes_on(
    dictionary_dir: Path, tmp_path: Path, packing_everything: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*_: object, **__: object) -> NoReturn:
        raise ValueError("a packed set does not read back as itself")

    monkeypatch.setattr(lexicon_packed, "pack_set", fail)
    monkeypatch.setattr(lexicon_packed, "pack_table", fail)
    cache_dir = tmp_path / "cache"
    lexicon = load_lexicon(dictionary_dir, cache_dir)
    assert lexicon == build_lexicon(dictionary_dir) and lexicon_indices.for_lexicon(lexicon) is not None
    assert not cache_dir.exists() or list(cache_dir.iterdir()) == []


# --- the lexicon cache


@pytest.fixture
def dictionary_dir(tmp_path: Path) -> Path:
    return write_lists(tmp_path / "dictionaries")


@pytest.fixture
def packing_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test lists are small: pack every word set, as the shipped lexicon's large ones are."""
    monkeypatch.setattr(lexicon_cache, "PACK_AT_LEAST", 1)
    monkeypatch.setattr(lexicon_indices, "_MEMO", None)
    lexicon_loader._LOADED.clear()


def read_back(dictionary_dir: Path, cache_dir: Path) -> Lexicon:
    """The lexicon as a new process reads it from the cache (its indices cached too)."""
    assert lexicon_indices.for_lexicon(load_lexicon(dictionary_dir, cache_dir)) is not None
    lexicon_loader._LOADED.clear()
    lexicon_indices._MEMO = None
    return load_lexicon(dictionary_dir, cache_dir)


def packed_fields(lexicon: Lexicon) -> list[str]:
    return [f.name for f in dataclasses.fields(lexicon) if isinstance(getattr(lexicon, f.name), PackedSet)]


def test_the_cached_lexicon_equals_the_built_one(
    dictionary_dir: Path, tmp_path: Path, packing_everything: None
) -> None:
    cached = read_back(dictionary_dir, tmp_path / "cache")
    assert "nouns" in packed_fields(cached) and "surnames" in packed_fields(cached)
    built = build_lexicon(dictionary_dir)
    assert cached == built
    for field in dataclasses.fields(built):
        for word in getattr(built, field.name) if isinstance(getattr(built, field.name), frozenset) else ():
            assert word in getattr(cached, field.name)
    assert "zwetschke" not in cached.nouns


def test_a_made_set_replaces_itself_in_the_lexicon(
    dictionary_dir: Path, tmp_path: Path, packing_everything: None
) -> None:
    cached = read_back(dictionary_dir, tmp_path / "cache")
    packed = cached.nouns
    assert isinstance(packed, PackedSet)
    packed.real()
    assert type(cached.nouns) is frozenset and cached.nouns == build_lexicon(dictionary_dir).nouns


def test_prepare_makes_the_lexicon_and_the_tables_whole(
    dictionary_dir: Path, tmp_path: Path, packing_everything: None
) -> None:
    cached = read_back(dictionary_dir, tmp_path / "cache")
    engine = Deidentifier(cached, NameLists(patients=("Quendolin Vrazstil",)))
    assert packed_fields(cached)
    indices = lexicon_indices.for_lexicon(cached)
    assert indices is not None and not indices.names.word_typos.done  # read from the cache, packed
    engine.prepare()
    assert packed_fields(cached) == []
    assert type(indices.names.word_typos.get()) is dict and type(indices.names.name_typos.get()) is dict
    assert type(engine.index._typo_index()) is dict and type(engine.index._deletion_index()) is dict


def test_prepare_leaves_the_zip_tables_packed_and_each_answers_as_its_dict(
    dictionary_dir: Path, tmp_path: Path, packing_everything: None
) -> None:
    """(A run's workers look up a few hundred ZIP codes: reading their buckets costs less than making the tables
    whole before the fork.)"""
    cached = read_back(dictionary_dir, tmp_path / "cache")
    Deidentifier(cached).prepare()
    indices = lexicon_indices.for_lexicon(cached)
    assert indices is not None
    zips, built = indices.zips.get(), lexicon_indices.build(build_lexicon(dictionary_dir)).zips.get()
    for name in ("austrian", "german", "swiss"):
        table, expected = getattr(zips, name), getattr(built, name)
        assert isinstance(table, PackedTable) and not table.is_real and expected
        for code, towns in expected.items():
            assert table.get(code) == towns and code in table
        assert table.get("0000") is None and "x" not in table
        assert table == expected
    assert zips.max_words == built.max_words


def test_a_damaged_packed_set_is_never_read(dictionary_dir: Path, tmp_path: Path, packing_everything: None) -> None:
    cache_dir = tmp_path / "cache"
    load_lexicon(dictionary_dir, cache_dir)
    path = lexicon_cache.path_for(cache_dir, cache_key(dictionary_dir))
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01  # one bit, inside some bucket
    path.write_bytes(bytes(data))
    assert lexicon_cache.read(path, cache_key(dictionary_dir)) is None
    lexicon_loader._LOADED.clear()
    assert load_lexicon(dictionary_dir, cache_dir) == build_lexicon(dictionary_dir)  # rebuilt


def test_threads_looking_up_while_it_is_made_whole_all_get_the_right_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """(The GUI and the API may look words up from several threads; one of them makes the whole set.)"""
    monkeypatch.setattr(lexicon_packed, "LOOKUPS_BEFORE_REAL", 300)
    table = {f"wort{n}": (f"w{n}",) for n in range(3_000)}
    more = {f"wort{n}": ("x",) for n in range(0, 3_000, 7)} | {"neu": ("neu",)}
    expected = lexicon_packed.merged(table, more)
    probes = [*list(table)[::3], "neu", "nix", "wort7", "wort14"]
    for _ in range(3):
        packed_table = lexicon_packed.merged(PackedTable(pack_table(table)), more)
        assert isinstance(packed_table, PackedTable)
        words = packed_set(frozenset(table))
        wrong: list[str] = []

        def look(packed_table: Any = packed_table, words: PackedSet = words, wrong: list[str] = wrong) -> None:
            for probe in probes:
                if packed_table.get(probe) != expected.get(probe) or (probe in words) is not (probe in table):
                    wrong.append(probe)

        previous = sys.getswitchinterval()
        sys.setswitchinterval(1e-5)
        try:
            threads = [threading.Thread(target=look) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        finally:
            sys.setswitchinterval(previous)
        assert wrong == [] and packed_table.is_real and words.is_real
