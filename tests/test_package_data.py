"""The shipped data folders: found without environment or working directory, and plain errors naming a
missing or damaged file (in the engine and through the ``masketeer`` command)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from masketeer_gui import package_data
from masketeer_gui.cli import main
from masketeer_gui.engine.lexicon_files import DictionaryFormatError
from masketeer_gui.engine.lexicon_loader import load_lexicon
from masketeer_gui.engine.rules.zip_towns import load_zip_towns
from masketeer_gui.engine.surrogates.pools import load_pools
from masketeer_gui.package_data import DataFileError, dictionaries_dir, resources_dir

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def no_overrides(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for variable in package_data.OVERRIDES.values():
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(tmp_path)  # the working directory must not matter


@pytest.fixture
def copied_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of the shipped lists that the tests may damage; the loaders use it."""
    copy = tmp_path / "dictionaries"
    shutil.copytree(ROOT / "dictionaries", copy)
    monkeypatch.setenv("MASKETEER_DICTIONARIES", str(copy))
    monkeypatch.setenv("MASKETEER_CACHE_DIR", str(tmp_path / "cache"))
    return copy


@pytest.mark.usefixtures("no_overrides")
def test_a_checkout_finds_its_folders_from_any_directory() -> None:
    assert (dictionaries_dir() / "nouns.txt").is_file()
    assert (resources_dir() / "demo" / "notes.jsonl").is_file()


@pytest.mark.usefixtures("no_overrides")
def test_an_installed_package_reads_its_package_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    installed = tmp_path / "site-packages" / "masketeer_gui"
    (installed / "data" / "dictionaries").mkdir(parents=True)
    (installed / "data" / "resources").mkdir()
    monkeypatch.setattr(package_data.resources, "files", lambda package: installed)
    assert dictionaries_dir() == installed / "data" / "dictionaries"
    assert resources_dir() == installed / "data" / "resources"


def test_the_environment_still_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASKETEER_DICTIONARIES", str(tmp_path / "lists"))
    monkeypatch.setenv("MASKETEER_RESOURCES", str(tmp_path / "res"))
    assert dictionaries_dir() == tmp_path / "lists" and resources_dir() == tmp_path / "res"


@pytest.mark.parametrize("name", ["nouns.txt", "first_names.tsv", "drugs.txt"])
def test_a_missing_list_is_named(copied_lists: Path, name: str) -> None:
    (copied_lists / name).unlink()
    with pytest.raises(DataFileError, match=rf"{name} is missing.*reinstall"):
        load_lexicon()


def test_a_missing_zip_list_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match=r"zip_at\.tsv cannot be read"):
        load_zip_towns(tmp_path / "zip_at.tsv")


def test_a_missing_surrogate_pool_is_named(copied_lists: Path) -> None:
    (copied_lists / "surrogates" / "streets.tsv").unlink()
    with pytest.raises(DataFileError, match=r"streets\.tsv cannot be read"):
        load_pools(copied_lists / "surrogates")


def test_a_list_that_is_not_utf8_names_file_and_line(copied_lists: Path) -> None:
    (copied_lists / "whitelist.txt").write_bytes(b"# comment\nRumpf\n\xff\xfe garbage\n")
    with pytest.raises(DictionaryFormatError, match=r"whitelist\.txt:\d+: not UTF-8"):
        load_lexicon()


def _corpus(tmp_path: Path) -> Path:
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": 1, "text": "Termin bei Dr. Quastenbichler am Montag."}) + "\n", "utf-8")
    return source


def test_the_cli_says_which_file_is_missing(
    copied_lists: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (copied_lists / "nouns.txt").unlink()
    assert main(["deidentify", str(_corpus(tmp_path)), "-o", str(tmp_path / "out.jsonl")]) == 1
    err = capsys.readouterr().err
    assert "nouns.txt is missing" in err and "reinstall" in err
    assert "internal error" not in err and "Quastenbichler" not in err


def test_the_cli_says_which_file_is_damaged(
    copied_lists: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (copied_lists / "surnames.txt").write_text("# header\nHuber\nnot one word\n", "utf-8")
    assert main(["deidentify", str(_corpus(tmp_path)), "-o", str(tmp_path / "out.jsonl")]) == 1
    err = capsys.readouterr().err
    assert "surnames.txt:3" in err and "internal error" not in err
