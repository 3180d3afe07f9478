"""Surrogate rendering on the real engine: the docs/CONTRACT.md record, consistency, length, no original left."""

from __future__ import annotations

import pytest

from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.normalize import fold
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.render_surrogates import render_surrogates, surrogate_record
from masketeer_gui.engine.surrogates import SurrogateIssuer
from tests.engine.surrogate_helpers import KEY, issuer, lexicon

NAMES = NameLists(patients=("Maria Huber", "Gstrein"), hcps=("Ulrike Hofer",))
NOTES = [
    "Frau Maria Huber kam heute. Hubers Tochter rief an, Tel. 0664 123 45 67.",
    "Hr. Josef Gstrein, Anichstraße 35, 6020 Innsbruck. Mail: josef.gstrein@gmx.at",
    "Dr. U. Hofer vom BKH Schwaz, www.tirol-kliniken.at. Rückfrage bei Frau Huber.",
]


@pytest.fixture(scope="module")
def engine() -> Deidentifier:
    return Deidentifier(lexicon(), NAMES)


@pytest.mark.parametrize("length_preserving", [False, True])
def test_record_follows_the_contract_and_drops_every_original(engine: Deidentifier, length_preserving: bool) -> None:
    chooser = issuer(names=NAMES, length_preserving=length_preserving)
    for index, text in enumerate(NOTES):
        spans = engine.analyze(text)
        record = surrogate_record(f"N{index}", text, spans, chooser)
        assert set(record) == {"id", "text", "spans"} and record["spans"]
        rebuilt, position = [], 0
        for span in record["spans"]:
            rebuilt += [text[position : span["start"]], span["pseudonym"]]
            position = span["end"]
        assert "".join([*rebuilt, text[position:]]) == record["text"]
        for span in spans:
            assert fold(text[span.start : span.end]) not in fold(record["text"]) or span.length == 1
        if length_preserving:
            assert len(record["text"]) == len(text)
            assert all(len(s["pseudonym"]) == s["end"] - s["start"] for s in record["spans"])


def test_consistent_across_notes_and_issuers(engine: Deidentifier) -> None:
    first = render_surrogates(NOTES[0], engine.analyze(NOTES[0]), issuer(names=NAMES))
    last = render_surrogates(NOTES[2], engine.analyze(NOTES[2]), issuer(names=NAMES))
    surname = first.split()[2]
    assert last.endswith(f"Frau {surname}.")
    assert first.split()[5] == surname + "s"  # "Hubers Tochter"


def test_pool_only_issuer_works_without_a_lexicon() -> None:
    text = "Frau Maria Huber, Tel. 0512 504-23456."
    spans = Deidentifier(lexicon(), NAMES).analyze(text)
    out = render_surrogates(text, spans, SurrogateIssuer(KEY))
    assert "Huber" not in out and "504-23456" not in out and out.startswith("Frau ")


def test_bad_spans_are_refused(engine: Deidentifier) -> None:
    text = NOTES[0]
    spans = engine.analyze(text)
    with pytest.raises(ValueError, match="overlapping"):
        render_surrogates(text, list(reversed(spans)), issuer())
