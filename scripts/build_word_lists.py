#!/usr/bin/env python3
"""Regenerate dictionaries/nouns.txt (german-nouns) and dictionaries/common_words.txt (wordfreq).

The engine asks ``Lexicon.is_word`` whether a capitalised token that is also a name is more
likely a German word ("Koch", "Sommer") or a name ("Maria", "Huber"). So both lists leave out
words that are only names (curation in scripts/word_list_curation.txt):
- nouns: German Wiktionary's common nouns (rows tagged first name, surname, place or other proper
  name are skipped) with their plural, genitive and dative plural forms; inflected forms that are
  names ("Maria", plural of "Mare") and the ``name_first`` names ("Huber", "Anna") are left out.
- common words: wordfreq's top German words in frequency order, minus words of the name lists
  that are neither nouns nor ``keep_words`` (wordfreq counts names as words: "maria", "hofer").
Run build_name_lists.py first; output is deterministic for given package versions.

Run from the repository root:  .venv/bin/python scripts/build_word_lists.py [DICTIONARY_DIR]
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable, Iterable, Iterator
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DICTIONARIES = ROOT / "dictionaries"
CURATION = Path(__file__).with_name("word_list_curation.txt")
TOP_WORDS = 60_000
FORM_COLUMNS = ("nominativ plural", "genitiv singular", "dativ plural")
SKIP_POS = frozenset(
    {"Vorname", "Nachname", "Toponym", "Eigenname", "Straßenname"}  # proper nouns
    | {"Buchstabe", "Symbol", "Affix", "Suffix", "Gebundenes Lexem", "Zahlklassifikator"}
)
Fold = Callable[[str], str]


def main(directory: Path = DICTIONARIES) -> None:
    """Rewrite nouns.txt and common_words.txt in ``directory``."""
    import german_nouns
    import wordfreq

    sys.path.insert(0, str(ROOT))
    from masketeer_gui.engine.lexicon_files import read_first_names, read_words
    from masketeer_gui.engine.normalize import fold

    curation = read_curation(CURATION)
    name_first, keep_words = curation["name_first"], curation["keep_words"]
    names = {fold(name) for name, _ in read_first_names(directory / "first_names.tsv")}
    names |= {fold(name) for name in read_words(directory / "surnames.txt")}
    csv_path = Path(next(iter(german_nouns.__path__))) / "nouns.csv"
    lemmas, forms = noun_forms(csv_path, fold, skip=name_first)
    nouns = (lemmas | (forms - names)) - name_first
    write(directory / "nouns.txt", NOUNS_HEADER.format(version=version("german-nouns")), sorted(nouns))
    name_only = (names - nouns - keep_words) | name_first
    ranked = [word for word in words(wordfreq.top_n_list("de", TOP_WORDS), fold) if word not in name_only]
    write(
        directory / "common_words.txt",
        COMMON_HEADER.format(version=version("wordfreq"), top=TOP_WORDS),
        ranked,
    )


def read_curation(path: Path) -> dict[str, frozenset[str]]:
    """The ``[section]`` word sets of the curation file."""
    sections: dict[str, set[str]] = {}
    current: set[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], set())
        elif line.strip() and not line.startswith("#") and current is not None:
            current.update(line.split())
    return {name: frozenset(items) for name, items in sections.items()}


def noun_forms(csv_path: Path, fold: Fold, skip: frozenset[str]) -> tuple[set[str], set[str]]:
    """Folded lemmas, and folded inflected forms that are no lemma, of german-nouns' common nouns.

    Rows whose folded lemma is in ``skip`` are left out with all their forms.
    """
    lemmas: set[str] = set()
    forms: set[str] = set()
    for row, columns in common_noun_rows(csv_path):
        if fold(row[0]) in skip:
            continue
        lemmas.update(words([row[0]], fold))
        forms.update(words((row[i] for i in columns if row[i]), fold))
    return lemmas, forms - lemmas


def common_noun_rows(csv_path: Path) -> Iterator[tuple[list[str], list[int]]]:
    """Rows of common nouns (no proper nouns, letters or affixes) with the form columns to read."""
    with csv_path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        header = next(reader)
        columns = [i for i, name in enumerate(header) if name.startswith(FORM_COLUMNS)]
        for row in reader:
            if SKIP_POS.isdisjoint(row[1].split(",")):
                yield row, columns


def words(candidates: Iterable[str], fold: Fold) -> list[str]:
    """Folded, alphabetic, at least two letters, first occurrence kept (order preserved)."""
    folded = (fold(word) for word in candidates)
    return list(dict.fromkeys(word for word in folded if len(word) >= 2 and word.isalpha()))


def write(path: Path, header: str, lines: list[str]) -> None:
    """Header then one entry a line, Unix newlines."""
    path.write_text(header + "".join(f"{line}\n" for line in lines), encoding="utf-8", newline="\n")
    print(f"{path.name}: {len(lines)} entries, {path.stat().st_size} bytes")


NOUNS_HEADER = """\
# nouns.txt: German common nouns with plural, genitive singular and dative plural forms, folded.
# Source: german-nouns {version} (https://github.com/gambolputty/german-nouns, by Gregor Weichbrodt),
#   data from the German Wiktionary; licence CC BY-SA 4.0 (this file is a derived work, same licence).
# Generated by scripts/build_word_lists.py (proper nouns and name-first words left out); do not edit.
# Format: one folded word a line, sorted; UTF-8; '#' lines are comments.
"""
COMMON_HEADER = """\
# common_words.txt: the most frequent German words, folded, most frequent first.
# Source: wordfreq {version} (https://github.com/rspeer/wordfreq, by Robyn Speer), top_n_list("de", {top});
#   data licence CC BY-SA 4.0 (this file is a derived work, same licence), code Apache-2.0.
# Generated by scripts/build_word_lists.py (words that are only names left out); do not edit.
# Format: one folded word a line, in frequency order (the loader counts the first 20,000 as "top");
#   UTF-8; '#' lines are comments.
"""

if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DICTIONARIES)
