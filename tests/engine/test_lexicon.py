"""The lexicon loader: reading and folding the lists, the pickled cache, and clear errors."""

from __future__ import annotations

import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine import lexicon_cache, lexicon_loader
from masketeer_gui.engine.lexicon import Lexicon, SalutationKind, SalutationPosition
from masketeer_gui.engine.lexicon_files import DictionaryFormatError, read_words
from masketeer_gui.engine.lexicon_loader import build_lexicon, cache_key, load_lexicon
from masketeer_gui.engine.normalize import fold

FILES = {
    "first_names.tsv": "# source: test\nMaria\tf\nJosef\tm\nAndrea\tf\nAndrea\tm\nJürgen\tm\n",
    "surnames.txt": "# source: test\nHuber\nMüller\nGstrein\nKoch\nSommer\n",
    "salutations.tsv": "Frau\tcourtesy\tf\nDr.med.\thcp_title\t\nLiebe Grüße\tsignoff\nMSc\ttitle\t\tafter\n",
    "abbreviations.txt": "Dr.\nz.B.\nBZGL.\n",
    "whitelist.txt": "Parkinson\nSjögren\n",
    "medical_sites.txt": "BKH Schwaz\nKlinik  Innsbruck\nbkh schwaz\n",
    "site_words.txt": "LKH\nKrankenhaus\n",
    "common_words.txt": "und\nkoch\ngross\nsommer\n",
    "nouns.txt": "termin\nSpaziergang\nkoch\n",
    "drugs.txt": "Entresto\nTorasemid\n",
    "zip_at.tsv": "# zip\ttown\tstate\n6020\tInnsbruck\tTirol\n6511\tZams\tTirol\n6511\tSchönwies\tTirol\n",
}


@pytest.fixture(autouse=True)
def fresh_process_memo() -> None:
    """Each test sees the loader as a new process would (no lexicon loaded yet)."""
    lexicon_loader._LOADED.clear()


def test_second_load_in_a_process_reuses_the_first(dictionary_dir: Path, cache_dir: Path) -> None:
    first = load_lexicon(dictionary_dir, cache_dir)
    for cached in cache_files(cache_dir):
        cached.unlink()
    assert load_lexicon(dictionary_dir, cache_dir) is first
    assert cache_files(cache_dir) == []  # nothing was read or written again


@pytest.fixture
def dictionary_dir(tmp_path: Path) -> Path:
    return write_lists(tmp_path / "dictionaries")


def write_lists(directory: Path) -> Path:
    """``directory`` made, with the test lists (``FILES``) in it."""
    directory.mkdir()
    for name, text in FILES.items():
        (directory / name).write_text(text, encoding="utf-8")
    return directory


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def cache_files(cache_dir: Path) -> list[Path]:
    return sorted(cache_dir.glob("lexicon-*.pickle"))


def touch(path: Path, text: str) -> None:
    """Append ``text`` and move the modification time on, so the cache key must change."""
    with path.open("a", encoding="utf-8") as handle:
        handle.write(text)
    status = path.stat()
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))


def test_entries_are_folded(dictionary_dir: Path) -> None:
    lexicon = build_lexicon(dictionary_dir)
    assert lexicon.first_names == {"maria": "f", "josef": "m", "andrea": "u", "juergen": "m"}
    assert lexicon.surnames == {"huber", "mueller", "gstrein", "koch", "sommer"}
    assert lexicon.abbreviations == {"dr", "z.b", "bzgl"}
    assert lexicon.whitelist == {"parkinson", "sjoegren"}
    assert lexicon.site_words == {"lkh", "krankenhaus"}
    assert lexicon.nouns == {"termin", "spaziergang", "koch"}
    assert lexicon.towns == {"innsbruck", "zams", "schoenwies"}


def test_phrases_keep_their_spelling_once(dictionary_dir: Path) -> None:
    lexicon = build_lexicon(dictionary_dir)
    assert lexicon.medical_sites == ("BKH Schwaz", "Klinik Innsbruck")
    assert lexicon.zip_towns == {"6020": ("Innsbruck",), "6511": ("Zams", "Schönwies")}


def test_salutations_are_split_like_the_tokenizer(dictionary_dir: Path) -> None:
    by_form = {s.form: s for s in build_lexicon(dictionary_dir).salutations}
    assert by_form["Dr.med."].words == ("dr", "med")
    assert by_form["Dr.med."].kind is SalutationKind.HCP_TITLE
    assert by_form["Liebe Grüße"].words == ("liebe", "gruesse")
    assert (by_form["Frau"].gender, by_form["Frau"].position) == ("f", SalutationPosition.BEFORE)
    assert by_form["MSc"].position is SalutationPosition.AFTER


def test_ambiguous_names_are_names_that_are_words(dictionary_dir: Path) -> None:
    lexicon = build_lexicon(dictionary_dir)
    assert lexicon.ambiguous_names == {"koch", "sommer"}
    assert lexicon.is_ambiguous_name("koch") and not lexicon.is_ambiguous_name("huber")


def test_only_the_top_common_words_make_a_name_ambiguous(dictionary_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lexicon_loader, "TOP_COMMON_WORDS", 2)  # "und", "koch"
    lexicon = build_lexicon(dictionary_dir)
    assert lexicon.ambiguous_names == {"koch"}
    assert lexicon.is_word("sommer")


def test_missing_zip_list_gives_empty_values(dictionary_dir: Path) -> None:
    (dictionary_dir / "zip_at.tsv").unlink()
    lexicon = build_lexicon(dictionary_dir)
    assert lexicon.zip_towns == {} and lexicon.towns == frozenset()


def test_missing_required_list_is_named(dictionary_dir: Path) -> None:
    (dictionary_dir / "nouns.txt").unlink()
    with pytest.raises(FileNotFoundError, match=r"nouns\.txt"):
        build_lexicon(dictionary_dir)


def test_version_is_a_content_hash(dictionary_dir: Path, tmp_path: Path) -> None:
    first = build_lexicon(dictionary_dir).version
    copy = tmp_path / "copy"
    copy.mkdir()
    for path in dictionary_dir.iterdir():
        (copy / path.name).write_bytes(path.read_bytes())
    assert build_lexicon(copy).version == first  # same contents elsewhere, other mtimes
    touch(copy / "surnames.txt", "Hofer\n")
    assert build_lexicon(copy).version != first


def test_round_trip_through_the_cache(dictionary_dir: Path, cache_dir: Path) -> None:
    built = load_lexicon(dictionary_dir, cache_dir)
    (cached,) = cache_files(cache_dir)
    assert cached.name == f"lexicon-{cache_key(dictionary_dir)}.pickle"
    assert load_lexicon(dictionary_dir, cache_dir) == built


def test_cache_hit_does_not_rebuild(dictionary_dir: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = load_lexicon(dictionary_dir, cache_dir)
    monkeypatch.setattr(lexicon_loader, "build_lexicon", pytest.fail)
    assert load_lexicon(dictionary_dir, cache_dir) == built


def test_changed_file_misses_the_cache(dictionary_dir: Path, cache_dir: Path) -> None:
    before = load_lexicon(dictionary_dir, cache_dir)
    touch(dictionary_dir / "surnames.txt", "Hofer\n")
    after = load_lexicon(dictionary_dir, cache_dir)
    assert "hofer" in after.surnames and "hofer" not in before.surnames
    assert after.version != before.version
    assert len(cache_files(cache_dir)) == 2  # the older one is kept for a while


def test_zip_list_appearing_misses_the_cache(dictionary_dir: Path, cache_dir: Path) -> None:
    zip_list = dictionary_dir / "zip_at.tsv"
    text = zip_list.read_text(encoding="utf-8")
    zip_list.unlink()
    assert load_lexicon(dictionary_dir, cache_dir).towns == frozenset()
    zip_list.write_text(text, encoding="utf-8")
    assert "zams" in load_lexicon(dictionary_dir, cache_dir).towns


CORRUPT: dict[str, Callable[[str], bytes]] = {
    "empty": lambda key: b"",
    "garbage": lambda key: b"not a pickle",
    "truncated": lambda key: pickle.dumps((key, Lexicon(surnames=frozenset({"huber"}))))[:-20],
    "stale-key": lambda key: pickle.dumps(("other-key", Lexicon())),
    "wrong-type": lambda key: pickle.dumps((key, {"surnames": ["huber"]})),
    "not-a-pair": lambda key: pickle.dumps(Lexicon()),
}


@pytest.mark.parametrize("content", CORRUPT.values(), ids=CORRUPT.keys())
def test_corrupt_or_stale_cache_is_rebuilt(
    dictionary_dir: Path, cache_dir: Path, content: Callable[[str], bytes]
) -> None:
    expected = build_lexicon(dictionary_dir)
    path = lexicon_cache.path_for(cache_dir, cache_key(dictionary_dir))
    cache_dir.mkdir(mode=0o700)
    path.write_bytes(content(cache_key(dictionary_dir)))
    path.chmod(0o600)
    assert load_lexicon(dictionary_dir, cache_dir) == expected
    assert lexicon_cache.read(path, cache_key(dictionary_dir)) == expected  # rewritten


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_cache_is_owner_only(dictionary_dir: Path, cache_dir: Path) -> None:
    load_lexicon(dictionary_dir, cache_dir)
    (cached,) = cache_files(cache_dir)
    assert stat.S_IMODE(cached.stat().st_mode) == 0o600
    assert stat.S_IMODE(cache_dir.stat().st_mode) == 0o700


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_cache_writable_by_others_is_not_trusted(
    dictionary_dir: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load_lexicon(dictionary_dir, cache_dir)
    (cached,) = cache_files(cache_dir)
    cached.chmod(0o666)
    calls: list[Path] = []

    def counting_build(directory: Path) -> Lexicon:
        calls.append(directory)
        return build_lexicon(directory)

    monkeypatch.setattr(lexicon_loader, "build_lexicon", counting_build)
    lexicon_loader._LOADED.clear()  # a new process
    load_lexicon(dictionary_dir, cache_dir)
    assert calls == [dictionary_dir]
    assert stat.S_IMODE(cached.stat().st_mode) == 0o600  # replaced by a private one


def test_unwritable_cache_still_loads(dictionary_dir: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert load_lexicon(dictionary_dir, blocker / "cache").surnames


def test_old_caches_are_pruned(dictionary_dir: Path, cache_dir: Path) -> None:
    cache_dir.mkdir()
    old = [cache_dir / f"lexicon-old{i}.pickle" for i in range(5)]
    for i, path in enumerate(old):
        path.write_bytes(b"x")
        os.utime(path, ns=(i * 10**9, i * 10**9))
    load_lexicon(dictionary_dir, cache_dir)
    kept = {path.name for path in cache_files(cache_dir)}
    assert kept == {f"lexicon-{cache_key(dictionary_dir)}.pickle", *(p.name for p in old[-3:])}


def test_environment_chooses_directories(
    dictionary_dir: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MASKETEER_DICTIONARIES", str(dictionary_dir))
    monkeypatch.setenv("MASKETEER_CACHE_DIR", str(cache_dir))
    assert "gstrein" in load_lexicon().surnames
    assert len(cache_files(cache_dir)) == 1


def test_default_dictionary_dir_is_the_repository_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MASKETEER_DICTIONARIES", raising=False)
    assert lexicon_loader.default_dictionary_dir() == Path(__file__).resolve().parents[2] / "dictionaries"


@pytest.mark.parametrize(
    ("name", "line", "reason"),
    [
        ("first_names.tsv", "Maria", "tab-separated"),
        ("first_names.tsv", "Maria\tx", "f|m|u"),
        ("first_names.tsv", "Maria Anna\tf", "f|m|u"),
        ("surnames.txt", "Huber\tPAT", "one word"),
        ("surnames.txt", "von Huber", "one word"),
        ("surnames.txt", "Hu3ber", "one word"),
        ("salutations.tsv", "Frau\tpatients\tf", "kind"),
        ("salutations.tsv", "Frau\tcourtesy\tx", "kind"),
        ("salutations.tsv", "Frau\tcourtesy\tf\tabove", "position"),
        ("salutations.tsv", "...\tcourtesy\t", "kind"),
        ("abbreviations.txt", "bzgl", "ending with '.'"),
        ("abbreviations.txt", "z. B.", "ending with '.'"),
        ("medical_sites.txt", "BKH\tSchwaz", "tab"),
        ("zip_at.tsv", "60200\tInnsbruck\tTirol", "4-digit"),
        ("zip_at.tsv", "6020\t\tTirol", "4-digit"),
        ("nouns.txt", "Haus garten", "one word"),
    ],
)
def test_malformed_line_names_file_and_line(dictionary_dir: Path, name: str, line: str, reason: str) -> None:
    path = dictionary_dir / name
    number = len(path.read_text(encoding="utf-8").splitlines()) + 1
    touch(path, line + "\n")
    with pytest.raises(DictionaryFormatError) as raised:
        load_lexicon(dictionary_dir, dictionary_dir.parent / "cache")
    message = str(raised.value)
    assert message.startswith(f"{name}:{number}: ") and reason in message
    assert (raised.value.path, raised.value.line) == (path, number)
    assert line.split("\t")[0] not in message  # never the entry itself (privacy)


def test_comments_and_blank_lines_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("# Source: x\n\n  # indented comment\nHuber\r\n   \nMayr  \n", encoding="utf-8")
    assert read_words(path) == ["Huber", "Mayr"]


LETTERS = "abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"


@settings(max_examples=50, deadline=None)
@given(name=st.text(LETTERS, min_size=1, max_size=12))
def test_a_listed_surname_is_found_in_every_spelling(name: str) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        for file_name, text in FILES.items():
            (directory / file_name).write_text(text, encoding="utf-8")
        (directory / "surnames.txt").write_text(f"{name}\n", encoding="utf-8")
        surnames = build_lexicon(directory).surnames
    spelled = name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    for written in (name, name.upper(), name.lower(), spelled, spelled.upper()):
        assert fold(written) in surnames
