"""Sanity of the shipped lists in dictionaries/: format, sources, no duplicates, key entries."""

from __future__ import annotations

import importlib.util
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from masketeer_gui.engine import lexicon_files as files
from masketeer_gui.engine.lexicon import Lexicon, SalutationKind, SalutationPosition
from masketeer_gui.engine.lexicon_loader import REQUIRED_FILES, build_lexicon
from masketeer_gui.engine.normalize import fold, fold_phrase

DICTIONARIES = Path(__file__).resolve().parents[2] / "dictionaries"
SCRIPTS = DICTIONARIES.parent / "scripts"
OWN_FILES = REQUIRED_FILES  # zip_at.tsv is maintained with the ZIP rule
# Whitelist entries that are also in the name lists on purpose (see dictionaries/README.md).
WHITELISTED_SURNAMES = {"doppler", "freitag", "kopf", "leber"}
WHITELISTED_FIRST_NAMES = {"silvester"}
# Small localities in zip_at.tsv that happen to spell a whitelisted word ("6731 Sonntag", "5143 Quick").
WHITELISTED_LOCALITIES = {
    "allerheiligen", "hals", "leber", "oberland", "pfannenstiel",
    "quick", "sonntag", "starling", "still", "unterland",
}  # fmt: skip


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return build_lexicon(DICTIONARIES)


def folded_entries(name: str) -> list[str]:
    """Each file's entries in the form that must be unique."""
    path = DICTIONARIES / name
    readers: dict[str, Callable[[], list[str]]] = {
        "first_names.tsv": lambda: [fold(n) for n, _ in files.read_first_names(path)],
        "salutations.tsv": lambda: [" ".join(s.words) for s in files.read_salutations(path)],
        "abbreviations.txt": lambda: [fold(a) for a in files.read_abbreviations(path)],
        "medical_sites.txt": lambda: [fold_phrase(p) for p in files.read_phrases(path)],
    }
    return readers.get(name, lambda: [fold(w) for w in files.read_words(path)])()


@pytest.mark.parametrize("name", OWN_FILES)
def test_header_names_source_and_licence(name: str) -> None:
    header = []
    for line in (DICTIONARIES / name).read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        header.append(line.lower())
    text = " ".join(header)
    assert "source" in text and ("licence" in text or "license" in text), name


@pytest.mark.parametrize("name", OWN_FILES)
def test_plain_lines(name: str) -> None:
    raw = (DICTIONARIES / name).read_bytes()
    assert raw.endswith(b"\n") and b"\r" not in raw
    for number, line in enumerate(raw.decode("utf-8").split("\n")[:-1], start=1):
        assert line.strip(), f"{name}:{number}: empty line"
        assert line == line.rstrip(), f"{name}:{number}: trailing white space"


@pytest.mark.parametrize("name", OWN_FILES)
def test_no_duplicates_after_folding(name: str) -> None:
    counts = Counter(folded_entries(name))
    assert [entry for entry, n in counts.items() if n > 1] == []


def test_generated_word_lists_are_folded() -> None:
    for name in ("common_words.txt", "nouns.txt"):
        assert all(word == fold(word) and word.isalpha() for word in files.read_words(DICTIONARIES / name))


def test_reasonable_sizes(lexicon: Lexicon) -> None:
    assert sum((DICTIONARIES / name).stat().st_size for name in OWN_FILES) < 6_000_000
    assert len(lexicon.first_names) > 3000 and len(lexicon.surnames) > 1400
    assert len(lexicon.nouns) > 200_000 and len(lexicon.common_words) > 50_000
    assert len(lexicon.abbreviations) > 200 and len(lexicon.salutations) > 100


@pytest.mark.parametrize(("name", "gender"), [("Maria", "f"), ("Josef", "m"), ("Andrea", "u"), ("Sepp", "m"),
                                              ("Resi", "f"), ("Toni", "u"), ("Jürgen", "m")])  # fmt: skip
def test_first_names(lexicon: Lexicon, name: str, gender: str) -> None:
    assert lexicon.first_names[fold(name)] == gender


@pytest.mark.parametrize("name", ["Huber", "Gstrein", "Hofer", "Müller", "Koch", "Tschurtschenthaler", "Schöpf"])
def test_surnames(lexicon: Lexicon, name: str) -> None:
    assert fold(name) in lexicon.surnames


@pytest.mark.parametrize(
    ("form", "kind", "gender"),
    [("Herr", "courtesy", "m"), ("Fr.", "courtesy", "f"), ("Dr.", "hcp_title", ""),
     ("Prim.", "hcp_title", ""), ("OA", "hcp_title", ""), ("DGKP", "hcp_title", ""),
     ("Sr.", "hcp_title", "f"), ("Schwester", "hcp_title", "f"), ("Pfl.", "hcp_title", ""),
     ("Kollegin", "hcp_title", "f"), ("Mag.", "title", ""), ("Prof.", "title", ""),
     ("Hallo", "greeting", ""), ("Griaß di", "greeting", ""), ("Sehr geehrte Frau", "greeting", "f"),
     ("LG", "signoff", ""), ("Liebe Grüße", "signoff", ""), ("MfG", "signoff", "")],
)  # fmt: skip
def test_salutations(lexicon: Lexicon, form: str, kind: str, gender: str) -> None:
    by_words = {s.words: s for s in lexicon.salutations}
    entry = by_words[tuple(t for t in fold_phrase(form.replace(".", " ")).split())]
    assert (entry.kind, entry.gender) == (SalutationKind(kind), gender)


@pytest.mark.parametrize("spelling", ["Liebe Gruesse", "liebe grüsse", "LIEBE GRÜSSE", "lg", "Lg", "mfg"])
def test_salutation_spellings_fold_to_a_listed_form(lexicon: Lexicon, spelling: str) -> None:
    assert tuple(fold(w) for w in spelling.split()) in {s.words for s in lexicon.salutations}


def test_degrees_follow_names(lexicon: Lexicon) -> None:
    positions = {s.form: s.position for s in lexicon.salutations}
    assert positions["MSc"] is positions["BSc"] is SalutationPosition.AFTER
    assert positions["DGKP"] is SalutationPosition.BOTH and positions["Dr."] is SalutationPosition.BEFORE


@pytest.mark.parametrize("word", ["Parkinson", "Alzheimer", "Crohn", "Marfan", "Sjögren", "Rumpf", "Montag", "Jänner"])
def test_whitelisted(lexicon: Lexicon, word: str) -> None:
    assert fold(word) in lexicon.whitelist


@pytest.mark.parametrize("word", ["Koch", "Bauer", "Müller", "Huber", "Innsbruck", "Schwaz", "August"])
def test_not_whitelisted(lexicon: Lexicon, word: str) -> None:
    assert fold(word) not in lexicon.whitelist


def test_whitelist_overlaps_names_only_where_documented(lexicon: Lexicon) -> None:
    assert lexicon.whitelist & lexicon.surnames == WHITELISTED_SURNAMES
    assert lexicon.whitelist & frozenset(lexicon.first_names) == WHITELISTED_FIRST_NAMES


def test_whitelist_holds_no_town(lexicon: Lexicon) -> None:
    if not lexicon.towns:
        pytest.skip("dictionaries/zip_at.tsv is not there yet")
    assert lexicon.whitelist & lexicon.towns <= WHITELISTED_LOCALITIES
    assert {"innsbruck", "hall in tirol", "schwaz", "zams", "lienz", "wien", "salzburg"} <= lexicon.towns


@pytest.mark.parametrize("abbreviation", ["dr", "z.b", "bzgl", "lt", "tgl", "pat", "o.b", "i.v", "jaen", "so"])
def test_abbreviations_are_stored_without_the_dot(lexicon: Lexicon, abbreviation: str) -> None:
    assert abbreviation in lexicon.abbreviations


def test_sites(lexicon: Lexicon) -> None:
    assert {"BKH Schwaz", "LKH Innsbruck", "Klinik Innsbruck", "AKH Wien"} <= set(lexicon.medical_sites)
    assert {"lkh", "bkh", "klinik", "krankenhaus", "reha"} <= lexicon.site_words
    assert not {"ambulanz", "praxis", "ordination", "lk"} & lexicon.site_words


@pytest.mark.parametrize("word", ["Spaziergang", "Termin", "Termine", "Blutdruck", "Kontrolle", "Koch", "Sommer"])
def test_nouns(lexicon: Lexicon, word: str) -> None:
    assert fold(word) in lexicon.nouns


@pytest.mark.parametrize("name", ["Maria", "Huber", "Hofer", "Gstrein", "Müller", "Anna", "Jochen", "Wimmer"])
def test_plain_names_are_no_words(lexicon: Lexicon, name: str) -> None:
    assert lexicon.is_name(fold(name)) and not lexicon.is_word(fold(name))
    assert not lexicon.is_ambiguous_name(fold(name))


@pytest.mark.parametrize("name", ["Koch", "Bauer", "Fischer", "Wolf", "Sommer", "Winter", "Klein", "Lang", "Frei"])
def test_names_that_are_words_are_ambiguous(lexicon: Lexicon, name: str) -> None:
    assert lexicon.is_ambiguous_name(fold(name)) and lexicon.is_word(fold(name))


def test_common_words_are_in_frequency_order() -> None:
    words = files.read_words(DICTIONARIES / "common_words.txt")
    assert words[:3] == ["die", "der", "und"]
    assert {"heute", "bitte", "anders"} <= set(words[:20_000])


def _script(name: str) -> Callable[[Path], None]:
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    main: Callable[[Path], None] = module.main
    return main


DATA_PACKAGES = {"build_name_lists": ("faker",), "build_word_lists": ("german_nouns", "wordfreq")}
DATA_NOTE = "german-nouns needs lxml<5, which has no wheel for Python 3.13"


@pytest.mark.slow
@pytest.mark.parametrize("script", ["build_name_lists", "build_word_lists"])
def test_generated_lists_are_up_to_date(script: str, tmp_path: Path) -> None:
    for module in DATA_PACKAGES[script]:
        pytest.importorskip(module, reason=f"{module} is not installed: pip install -e '.[data]' ({DATA_NOTE})")
    for name in OWN_FILES:
        shutil.copy(DICTIONARIES / name, tmp_path / name)
    _script(script)(tmp_path)
    for name in OWN_FILES:
        assert (tmp_path / name).read_bytes() == (DICTIONARIES / name).read_bytes(), f"rerun {script}: {name}"
