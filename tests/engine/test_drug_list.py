"""The generated drug dictionary: up to date with its package, no shipped name in it, loaded as words."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from typing import Any

import pytest

from masketeer_gui.engine import lexicon_files as files
from masketeer_gui.engine.lexicon_loader import load_lexicon
from tests.script_module import load_script

ROOT = Path(__file__).resolve().parents[2]
DICTIONARIES = ROOT / "dictionaries"
SCRIPT = ROOT / "scripts" / "build_drug_list.py"


def _build_script() -> Any:
    return load_script(SCRIPT)


def test_no_shipped_name_is_a_drug() -> None:
    drugs = set(files.read_words(DICTIONARIES / "drug_names.txt"))
    lexicon = load_lexicon()
    assert not drugs & (set(lexicon.first_names) | lexicon.surnames)
    assert {"bisoprolol", "dapagliflozin", "rivaroxaban", "nebilet"} <= drugs


def test_drugs_and_clinical_terms_are_words() -> None:
    lexicon = load_lexicon()
    for word in ("dapagliflozin", "ordi", "einsender", "kammerflimmern"):
        assert lexicon.is_word(word), word
    assert "hofer" in lexicon.brands and not lexicon.is_word("hofer")


def test_filter_keeps_one_word_drugs_and_drops_names() -> None:
    build = _build_script()
    variants = ["bisoprolol", "sacubitril and valsartan", "ace", "maria", "co-trimoxazole", "entresto"]
    assert build.drug_names(variants, {"maria"}, {"entresto"}) == ["bisoprolol"]


@pytest.mark.slow
def test_drug_list_is_up_to_date(tmp_path: Path) -> None:
    if importlib.util.find_spec("drug_named_entity_recognition") is None:  # its data file is read, not imported
        pytest.skip("drug-named-entity-recognition is not installed (pip install '.[data]')")
    for name in ("first_names.tsv", "surnames.txt", "drug_names.txt"):
        shutil.copy(DICTIONARIES / name, tmp_path / name)
    _build_script().main(tmp_path)
    assert (tmp_path / "drug_names.txt").read_bytes() == (DICTIONARIES / "drug_names.txt").read_bytes()


@pytest.mark.parametrize(
    ("english", "german"),
    [("bezafibrate", "bezafibrat"), ("amlodipine", "amlodipin"), ("furosemide", "furosemid"),
     ("spironolactone", "spironolacton"), ("pantoprazole", "pantoprazol"), ("heparin", None), ("aspirin", None),
     ("urate", None)],
)  # fmt: skip
def test_german_spelling_of_international_names(english: str, german: str | None) -> None:
    assert _build_script().german_spelling(english) == german


def test_german_spellings_are_kept_unless_names() -> None:
    build = _build_script()
    assert build.drug_names(["bezafibrate", "caroline"], {"carolin", "caroline"}, set()) == [
        "bezafibrat",
        "bezafibrate",
    ]
