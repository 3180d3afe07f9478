"""spaCy, Prodigy and doccano span JSONL: each tool's shape, round trips, the variants doccano writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from masketeer_gui.formats import Document, FormatError, Mention
from masketeer_gui.formats.files import SpanFormat, read_documents, write_documents
from masketeer_gui.formats.spans_jsonl import Flavor, dump_lines, load_lines

DOCS = [
    Document("N1", "Bitte Dr. Wendelin Oberlechner informieren.", (Mention(10, 18, "HCP"), Mention(19, 30, "HCP"))),
    Document("N2", "😊 Frau Pfandlbauer, Tel. 0512 998877", (Mention(7, 18, "PAT"), Mention(25, 36, "PHO"))),
    Document("N3", "Keine Namen.", ()),
]


@pytest.mark.parametrize(
    ("flavor", "first"),
    [
        (Flavor.SPACY, {"id": "N1", "text": DOCS[0].text, "entities": [[10, 18, "HCP"], [19, 30, "HCP"]]}),
        (Flavor.DOCCANO, {"id": "N1", "text": DOCS[0].text, "label": [[10, 18, "HCP"], [19, 30, "HCP"]]}),
        (
            Flavor.PRODIGY,
            {
                "text": DOCS[0].text,
                "spans": [{"start": 10, "end": 18, "label": "HCP"}, {"start": 19, "end": 30, "label": "HCP"}],
                "meta": {"id": "N1"},
            },
        ),
    ],
)
def test_each_tool_gets_its_own_shape_and_reads_back(flavor: Flavor, first: dict) -> None:
    lines = list(dump_lines(DOCS, flavor))
    assert json.loads(lines[0]) == first
    assert list(load_lines(lines, "x.jsonl")) == DOCS


@pytest.mark.parametrize("fmt", list(SpanFormat))
def test_files_round_trip(tmp_path: Path, fmt: SpanFormat) -> None:
    target = tmp_path / ("out" if fmt is SpanFormat.INCEPTION_TSV else "out.jsonl")
    assert write_documents(fmt, target, iter(DOCS)) == 3
    assert sorted(read_documents(fmt, target), key=lambda d: d.id) == DOCS
    written = [target] if target.is_file() else list(target.iterdir())
    assert all(path.stat().st_mode & 0o077 == 0 for path in written)


def test_doccano_variants_are_read() -> None:
    lines = [
        json.dumps({"id": 7, "text": "Herr Krummeck", "labels": [[5, 13, "PAT"]]}),
        json.dumps(
            {"id": 8, "text": "Herr Krummeck", "entities": [{"start_offset": 5, "end_offset": 13, "label": "PAT"}]}
        ),
    ]
    docs = list(load_lines(lines, "d.jsonl"))
    assert [(d.id, d.mentions) for d in docs] == [("7", (Mention(5, 13, "PAT"),)), ("8", (Mention(5, 13, "PAT"),))]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{", "not JSON"),
        ('{"id": "a"}', "'text'"),
        ('{"text": "abc"}', "no note id"),
        ('{"id": "a", "text": "abc", "label": [[0, 9, "PAT"]]}', "offsets 0..9"),
        ('{"id": "a", "text": "abc", "label": [[0, 1]]}', "triples"),
        ('{"id": "a", "text": "abc", "spans": [{"start": 0, "end": 1}]}', "label"),
    ],
)
def test_bad_lines_name_file_and_line(line: str, message: str) -> None:
    with pytest.raises(FormatError, match=f"x.jsonl:2: .*{message}"):
        list(load_lines(['{"id": "ok", "text": "t"}', line], "x.jsonl"))


def test_unsafe_note_ids_are_refused_as_file_names(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="file name"):
        write_documents(SpanFormat.INCEPTION_TSV, tmp_path / "out", [Document("../escape", "x")])
