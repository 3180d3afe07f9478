"""The word index: the same words as the engine's tokenizer, hyphen parts, fuzzy neighbours, rebuilds."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from masketeer_gui.engine.text import blank_markup, tokenize
from masketeer_gui.store import Project, wordindex
from tests.store.fakes import indexed, write_jsonl


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Dr. Müller-Lüdenscheidt kommt",
            {"dr", "mueller-luedenscheidt", "mueller", "luedenscheidt", "kommt"},
        ),
        ("MÜLLER, Mueller und müller", {"mueller", "und"}),
        ("Tel. 0512 123456, Zimmer 3a", {"tel", "zimmer", "3a"}),
        ("<b>Hofer</b>&amp;Co", {"hofer", "co"}),
        ("a b c", set()),
    ],
)
def test_words_of(text: str, words: set[str]) -> None:
    assert wordindex.words_of(text) == words


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("aäbcßdeöüAÄÖÜXz -‐‑.,<>&;#1\n\u0301"), max_size=60))
def test_words_are_the_tokenizers_words(text: str) -> None:
    expected: set[str] = set()
    for token in tokenize(blank_markup(text)):
        if token.is_word:
            expected.update(w for w in {token.folded, *token.folded.split("-")} if len(w) > 1 and not w.isdigit())
    assert wordindex.words_of(text) == expected


def test_near_words_are_one_typo_away() -> None:
    vocabulary = ["huber", "hubner", "hubers", "uber", "hofer", "hube", "hbuer", "haber"]
    assert wordindex.near_words(vocabulary, {"huber"}) == {
        "huber",
        "hubner",
        "hubers",
        "uber",
        "hube",
        "hbuer",
        "haber",
    }
    assert "hofer" not in wordindex.near_words(vocabulary, {"huber"})


def test_maintained_index_equals_a_rebuilt_one(project: Project, tmp_path: Path, corpus: Path) -> None:
    project.import_corpus(corpus)
    project.import_corpus(
        write_jsonl(tmp_path / "b.jsonl", [{"id": "n1", "text": "Ganz neuer Text"}, {"id": "n8", "text": "Hofer"}])
    )
    maintained = indexed(project)
    assert ("neuer", "n1") in maintained and ("hofer", "n1") not in maintained
    with project._db.write() as session:
        wordindex.rebuild(session)
    assert indexed(project) == maintained


def test_a_missing_index_is_built_on_first_use(project: Project, corpus: Path) -> None:
    with project._db.write() as session:
        session.connection().exec_driver_sql("DELETE FROM settings WHERE key = 'word_index_version'")
    project.import_corpus(corpus)  # not indexed while the index is not current
    assert indexed(project) == set()
    project.runs.ensure_index()
    assert ("rumpf", "n2") in indexed(project)
