"""The indices built from the shipped lists: cached beside the lexicon, equal to what is built, rebuilt when
stale or damaged, owner-only, never holding the deployment's names; and an engine on them masks alike."""

from __future__ import annotations

import dataclasses
import stat
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import DamerauLevenshtein

from masketeer_gui.engine import lexicon_cache, lexicon_indices, lexicon_loader, names, pipeline
from masketeer_gui.engine.deferred import Deferred
from masketeer_gui.engine.lexicon import Lexicon
from masketeer_gui.engine.lexicon_indices import LexiconIndices
from masketeer_gui.engine.lexicon_loader import load_lexicon
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.names import NameIndex, within_one_edit
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.rules import zip_towns
from tests.engine.test_lexicon import FILES

# invented lists: a German and a Swiss ZIP list beside the test dictionaries
FOREIGN = {
    "zip_de.tsv": "# zip\ttown\n83700\tRottach-Egern\n83700\tSankt Quirin\n99998\tMusterbach an der Ilm\n",
    "zip_ch.tsv": "# zip\ttown\n3999\tBergdorf (BE)\n",
}


@pytest.fixture(autouse=True)
def new_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts as a new process would: nothing loaded, nothing remembered."""
    lexicon_loader._LOADED.clear()
    monkeypatch.setattr(lexicon_indices, "_MEMO", None)


@pytest.fixture
def dictionary_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "dictionaries"
    directory.mkdir()
    for name, text in {**FILES, **FOREIGN}.items():
        (directory / name).write_text(text, encoding="utf-8")
    monkeypatch.setenv("MASKETEER_DICTIONARIES", str(directory))  # the foreign ZIP lists are read from here
    zip_towns._foreign.cache_clear()
    return directory


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[Lexicon]:
    """The lexicons whose indices were built (not read from the cache)."""
    calls: list[Lexicon] = []
    real = lexicon_indices.build

    def counting(lexicon: Lexicon) -> LexiconIndices:
        calls.append(lexicon)
        return real(lexicon)

    monkeypatch.setattr(lexicon_indices, "build", counting)
    return calls


def indices_files(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("indices-*.marshal"))


def loaded(dictionary_dir: Path, cache_dir: Path) -> tuple[Lexicon, LexiconIndices]:
    """The lexicon and its indices as a new process gets them."""
    lexicon_loader._LOADED.clear()
    lexicon_indices._MEMO = None
    lexicon = load_lexicon(dictionary_dir, cache_dir)
    indices = lexicon_indices.for_lexicon(lexicon)
    assert indices is not None
    return lexicon, indices


def as_sets(table: dict[str, tuple[str, ...]]) -> dict[str, frozenset[str]]:
    """A deletion table with each variant's words as a set (their order follows the process's string hashes)."""
    return {key: frozenset(words) for key, words in table.items()}


def plain_parts(indices: LexiconIndices) -> tuple[object, ...]:
    """Every part's content, made if it was deferred."""
    zips, sites = indices.zips.get(), indices.sites.get()
    return (
        as_sets(indices.names.word_typos.get()),
        as_sets(indices.names.name_typos.get()),
        indices.names.longest,
        (zips.austrian, zips.german, zips.swiss, zips.max_words),
        (sites.listed, sites.foreign, sites.starts),
    )


def test_cached_indices_equal_what_is_built(dictionary_dir: Path, cache_dir: Path, builds: list[Lexicon]) -> None:
    lexicon, first = loaded(dictionary_dir, cache_dir)
    assert len(builds) == 1 and len(indices_files(cache_dir)) == 1
    lexicon, second = loaded(dictionary_dir, cache_dir)
    assert len(builds) == 1  # read, not built
    assert not second.zips.done and not second.names.word_typos.done  # each part read only when asked for
    assert plain_parts(second) == plain_parts(lexicon_indices.build(lexicon)) == plain_parts(first)
    zips = second.zips.get()
    assert zips.german["83700"] == frozenset({"rottach egern", "st quirin"})  # really the foreign lists
    assert "musterbach an der ilm" in second.sites.get().foreign


def test_a_second_engine_in_the_process_reads_nothing_again(dictionary_dir: Path, cache_dir: Path) -> None:
    lexicon, indices = loaded(dictionary_dir, cache_dir)
    for path in indices_files(cache_dir):
        path.unlink()
    assert lexicon_indices.for_lexicon(lexicon) is indices


def test_a_lexicon_not_from_the_loader_is_not_cached(dictionary_dir: Path, cache_dir: Path) -> None:
    lexicon = load_lexicon(dictionary_dir, cache_dir)
    changed = dataclasses.replace(lexicon, nouns=lexicon.nouns | {"zwetschke"})  # same version, other content
    assert lexicon_indices.for_lexicon(changed) is None


@pytest.mark.parametrize(
    "change",
    [
        lambda d: (d / "zip_de.tsv").write_text(FOREIGN["zip_de.tsv"].replace("Sankt", "Markt"), encoding="utf-8"),
        lambda d: (d / "zip_ch.tsv").unlink(),
        lambda d: (d / "nouns.txt").write_text("termin\nzwetschke\n", encoding="utf-8"),
    ],
    ids=["foreign list edited, same size", "foreign list removed", "lexicon list edited"],
)
def test_a_changed_input_misses_the_cache(
    dictionary_dir: Path, cache_dir: Path, builds: list[Lexicon], change: Callable[[Path], object]
) -> None:
    loaded(dictionary_dir, cache_dir)
    change(dictionary_dir)
    zip_towns._foreign.cache_clear()
    lexicon, indices = loaded(dictionary_dir, cache_dir)
    assert len(builds) == 2
    assert plain_parts(indices) == plain_parts(lexicon_indices.build(lexicon))
    assert len(indices_files(cache_dir)) == 2  # the older one is kept for a while


def test_a_stale_key_in_the_file_is_rebuilt(dictionary_dir: Path, cache_dir: Path, builds: list[Lexicon]) -> None:
    lexicon, _ = loaded(dictionary_dir, cache_dir)
    (path,) = indices_files(cache_dir)
    lexicon_cache.write_plain(path, "another-key", lexicon_indices.to_plain(lexicon_indices.build(lexicon)))
    builds.clear()
    loaded(dictionary_dir, cache_dir)
    assert len(builds) == 1


def _flip_last_byte(data: bytes) -> bytes:
    return data[:-1] + bytes([data[-1] ^ 0xFF])


def _rehashed(body: bytes) -> bytes:
    """A file with a correct digest around ``body`` (damage the digest cannot see)."""
    import hashlib

    return hashlib.sha256(body).digest() + body


DAMAGE: dict[str, Callable[[bytes, str], bytes]] = {
    "empty": lambda data, key: b"",
    "garbage": lambda data, key: b"not marshal at all, long enough to pass the digest length check",
    "truncated": lambda data, key: data[: len(data) // 2],
    "one byte flipped": lambda data, key: _flip_last_byte(data),
    "a letter changed, still marshal": lambda data, key: data.replace(b"rottach egern", b"rottach egerx"),
    "not marshal, digest right": lambda data, key: _rehashed(b"\xff" * 100),
    "other shape, digest right": lambda data, key: _rehashed(lexicon_cache.dumps_plain((key, (1, 2, 3)))),
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_file_is_rebuilt_without_a_crash(
    dictionary_dir: Path, cache_dir: Path, damage: Callable[[bytes, str], bytes]
) -> None:
    _, built = loaded(dictionary_dir, cache_dir)
    (path,) = indices_files(cache_dir)
    key = lexicon_indices.cache_key(next(iter(lexicon_loader._LOADED.values())))
    path.write_bytes(damage(path.read_bytes(), key))
    _, indices = loaded(dictionary_dir, cache_dir)
    assert plain_parts(indices) == plain_parts(built)


def test_a_part_of_another_shape_is_built_again(dictionary_dir: Path, cache_dir: Path) -> None:
    """Damage inside a part that the file's digest cannot see (a writer's bug): that part is built again."""
    _, built = loaded(dictionary_dir, cache_dir)
    (path,) = indices_files(cache_dir)
    key = lexicon_indices.cache_key(next(iter(lexicon_loader._LOADED.values())))
    longest, _ = lexicon_indices.to_plain(built)
    lexicon_cache.write_plain(path, key, (longest, ((b"\x00",), (b"{0", b""), (b"", 1), b"\xff")))
    _, indices = loaded(dictionary_dir, cache_dir)
    assert not indices.names.word_typos.done  # the file was taken: each part is rebuilt when first asked for
    assert plain_parts(indices) == plain_parts(built)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_the_file_is_owner_only(dictionary_dir: Path, cache_dir: Path) -> None:
    loaded(dictionary_dir, cache_dir)
    (path,) = indices_files(cache_dir)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(cache_dir.stat().st_mode) == 0o700


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_file_others_can_write_is_not_read(dictionary_dir: Path, cache_dir: Path, builds: list[Lexicon]) -> None:
    loaded(dictionary_dir, cache_dir)
    (path,) = indices_files(cache_dir)
    path.chmod(0o666)
    loaded(dictionary_dir, cache_dir)
    assert len(builds) == 2
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # replaced by a private one


def test_a_cache_folder_that_cannot_be_written_still_gives_the_indices(dictionary_dir: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    lexicon, indices = loaded(dictionary_dir, blocker / "cache")
    assert plain_parts(indices) == plain_parts(lexicon_indices.build(lexicon))


def test_the_deployment_lists_never_reach_the_cache(dictionary_dir: Path, cache_dir: Path) -> None:
    lexicon = load_lexicon(dictionary_dir, cache_dir)
    lists = NameLists(patients=("Quendolin Vrazstil",), medical_sites=("Klinik Quarzental",))
    engine = Deidentifier(lexicon, lists).prepare()
    data = b"".join(path.read_bytes() for path in cache_dir.iterdir())
    for word in (b"quendolin", b"vrazstil", b"quarzental"):
        assert word not in data.lower()
    # the listed names still have their one-typo look-up, built for this engine
    assert engine.index.one_typo_from("vrazstl", listed_only=True) == "vrazstil"


def test_prepare_reads_every_part_and_then_nothing_is_built(
    dictionary_dir: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a batch parent does before its workers fork: afterwards no note reads or builds an index."""
    loaded(dictionary_dir, cache_dir)
    lexicon, indices = loaded(dictionary_dir, cache_dir)
    engine = Deidentifier(lexicon, NameLists(patients=("Quendolin Vrazstil",)), pipeline.EngineConfig())
    engine.prepare()
    assert indices.zips.done and indices.sites.done and indices.names.word_typos.done
    assert indices.names.name_typos.done

    class Forbidden(BaseException):  # not an Exception: no fallback may swallow it
        pass

    def forbidden(*args: object, **kwargs: object) -> None:
        raise Forbidden("an index was read or built after prepare()")

    for module, name in [
        (lexicon_cache, "loads_plain"),
        (names, "_deletion_index"),
        (names, "_word_typo_index"),
        (zip_towns, "keyed"),
        (zip_towns, "town_keys"),
    ]:
        monkeypatch.setattr(module, name, forbidden)
    text = "Herr Vrazstl aus 6020 Innsbruck, Termn im KH Zams; Frau Quendolin Vrazstil, 83700 Rottach-Egern."
    assert engine.analyze(text)


@pytest.fixture
def shipped_lexicon(new_process: None) -> Lexicon:
    """The shipped lexicon, from the loader (read from the user cache)."""
    return load_lexicon()


NOTES = [
    "Pat. Herr Wendelin Krautgasser, wh. Dorfstr. 4, 6020 Innsbruck; Zuweisung durch Dr. Gschnitzer (LKH Hall).",
    "Termn am 3.4., Gattni ruft an. Fr. Oberhumr kommt mit Tochter Serafina aus 83700 Rottach-Egern.",
    "Befund an Klinikum Fulda und Kantonsspital Aarau, Kopie an Frau Dr. Ammerer-Lintl, 3999 Bergdorf.",
]


def test_an_engine_on_the_cached_indices_masks_as_one_that_builds_them(shipped_lexicon: Lexicon) -> None:
    lists = NameLists(patients=("Wendelin Krautgasser", "Oberhuemer"), hcps=("Ammerer-Lintl",))
    cached = Deidentifier(shipped_lexicon, lists)
    assert cached._built is not None  # the loader's lexicon: its indices come from the cache
    uncached = Deidentifier(dataclasses.replace(shipped_lexicon), lists)  # a copy: every part built here
    assert uncached._built is None
    for text in NOTES:
        assert cached.analyze(text) == uncached.analyze(text)


def test_name_index_tables_equal_the_ones_built_whole(shipped_lexicon: Lexicon) -> None:
    """The shipped names' table plus the deployment names' equals the table of both built at once."""
    lists = NameLists(patients=("Wendelin Krautgasser", "Maria Huber"), hcps=("Gschnitzer",), persons=("Ötzl",))
    indices = lexicon_indices.for_lexicon(shipped_lexicon)
    assert indices is not None
    split = NameIndex(shipped_lexicon, lists, indices.names)
    whole = NameIndex(shipped_lexicon, lists)
    assert as_sets(split._deletion_index()) == as_sets(whole._deletion_index())
    assert as_sets(split._typo_index()) == as_sets(whole._typo_index())
    assert split._longest_word() == whole._longest_word()


def test_the_shared_table_is_not_changed_by_an_engine(shipped_lexicon: Lexicon) -> None:
    indices = lexicon_indices.for_lexicon(shipped_lexicon)
    assert indices is not None
    before = dict(indices.names.name_typos.get())
    NameIndex(shipped_lexicon, NameLists(patients=("Quendolin Vrazstil",)), indices.names).prepare()
    assert indices.names.name_typos.get() == before


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="abcdeß-'", max_size=7), st.text(alphabet="abcdeß-'", max_size=7))
def test_within_one_edit_is_damerau_levenshtein_at_most_one(a: str, b: str) -> None:
    assert within_one_edit(a, b) == (DamerauLevenshtein.distance(a, b, score_cutoff=1) <= 1)


@pytest.mark.parametrize(
    ("a", "b", "near"),
    [
        ("hofer", "hofer", True),
        ("hofer", "hofre", True),  # swapped
        ("hofer", "hofe", True),  # dropped
        ("hofer", "hoffer", True),  # added
        ("hofer", "hober", True),  # substituted
        ("hofer", "ohfre", False),  # two swaps
        ("hofer", "hof", False),
        ("", "a", True),
        ("ab", "ba", True),
        ("abc", "ca", False),
    ],
)
def test_within_one_edit_table(a: str, b: str, near: bool) -> None:
    assert within_one_edit(a, b) is near
    assert within_one_edit(b, a) is near


def test_deferred_makes_its_value_once() -> None:
    calls: list[int] = []

    def make() -> int:
        calls.append(1)
        return len(calls)

    deferred = Deferred(make)
    assert not deferred.done
    assert deferred.get() == 1 and deferred.get() == 1 and calls == [1]
    assert deferred.done
    assert Deferred.ready("x").done and Deferred.ready("x").get() == "x"


def test_lasting_objects_pauses_the_collector_then_freezes_what_was_built() -> None:
    import gc

    from masketeer_gui.engine.factory import lasting_objects

    assert gc.isenabled()
    try:
        with lasting_objects():
            assert not gc.isenabled()
            built = [{"an engine": i} for i in range(3)]
        assert gc.isenabled()
        assert gc.get_freeze_count() >= len(built)
    finally:
        gc.unfreeze()  # this test process goes on


def test_what_lasting_objects_built_is_frozen_before_the_collector_runs_again() -> None:
    """No collection walks the block's objects on the way out (it would, had the collector been enabled first)."""
    import gc

    from masketeer_gui.engine.factory import lasting_objects

    runs: list[int] = []

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            runs.append(info["generation"])

    try:
        with lasting_objects():
            built = [{"an engine": i} for i in range(50_000)]  # far past the first generation's threshold
            gc.callbacks.append(record)
        gc.callbacks.remove(record)
        assert runs == [] and built
    finally:
        gc.unfreeze()
