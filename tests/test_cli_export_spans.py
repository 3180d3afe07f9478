"""``masketeer export-spans``: a deidentify output as span files, safe by default, originals on request."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as command
from masketeer_gui.formats.files import SpanFormat, read_documents
from tests.fake_analyzer import fake_factory

SECRET = "Pfandlbauer"
NOTES = [{"id": "N1", "text": f"Frau {SECRET} und Dr. Krummeck."}, {"id": "N2", "text": "Keine Namen."}]


@pytest.fixture
def output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(command, "ENGINE_FACTORY", fake_factory)
    corpus, out = tmp_path / "notes.jsonl", tmp_path / "out.jsonl"
    corpus.write_text("".join(json.dumps(n) + "\n" for n in NOTES), encoding="utf-8")
    assert main(["deidentify", str(corpus), "-o", str(out), "--workers", "1"]) == 0
    return out


@pytest.mark.parametrize("fmt", list(SpanFormat))
def test_default_exports_the_deidentified_text_with_spans_on_the_pseudonyms(output: Path, fmt: SpanFormat) -> None:
    target = output.parent / "export"
    assert main(["export-spans", str(output), "--format", fmt.value, "-o", str(target)]) == 0
    docs = sorted(read_documents(fmt, target), key=lambda d: d.id)
    records = [json.loads(line) for line in output.read_text(encoding="utf-8").splitlines()]
    assert [d.text for d in docs] == [r["text"] for r in records]
    first = docs[0]
    assert [(first.text[m.start : m.end], m.label) for m in first.mentions] == [
        (s["pseudonym"], s["entity"]) for s in records[0]["spans"]
    ]
    files = [target] if target.is_file() else list(target.rglob("*"))
    assert all(SECRET not in path.read_text(encoding="utf-8") for path in files)


def test_with_corpus_exports_the_originals(output: Path) -> None:
    target = output.parent / "gold.jsonl"
    corpus = output.parent / "notes.jsonl"
    args = ["export-spans", str(output), "--format", "prodigy", "-o", str(target), "--corpus", str(corpus)]
    assert main(args) == 0
    doc = read_documents(SpanFormat.PRODIGY, target)[0]
    assert doc.text == NOTES[0]["text"]
    assert [(doc.text[m.start : m.end], m.label) for m in doc.mentions] == [(SECRET, "PAT"), ("Krummeck", "HCP")]


@pytest.mark.parametrize(
    ("corpus_lines", "message"),
    [
        ([{"id": "OTHER", "text": "x"}], "note 'N1' is not in the corpus"),
        ([{"id": "N1", "text": "kurz"}, {"id": "N2", "text": "x"}], "do not fit"),
    ],
)
def test_a_wrong_corpus_is_a_usage_error(
    output: Path, corpus_lines: list, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = output.parent / "wrong.jsonl"
    corpus.write_text("".join(json.dumps(n) + "\n" for n in corpus_lines), encoding="utf-8")
    target = output.parent / "x.jsonl"
    assert main(["export-spans", str(output), "--format", "spacy", "-o", str(target), "--corpus", str(corpus)]) == 2
    assert message in capsys.readouterr().err
    assert not target.exists()


def test_input_that_is_not_an_output_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "text": "t", "spans": []}\n{"id": 1}\n', encoding="utf-8")
    assert main(["export-spans", str(bad), "--format", "spacy", "-o", str(tmp_path / "x.jsonl")]) == 2
    assert "bad.jsonl:2" in capsys.readouterr().err
