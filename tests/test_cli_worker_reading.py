"""``masketeer deidentify`` of a JSONL corpus lets its workers read the lines (``corpus_io.LineReader``,
``parallel.run_lines``): the same output, the same bad records in the same order, and the same first error as
when this process reads the records (``read_corpus``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from masketeer_gui import corpus_io, parallel
from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as command
from masketeer_gui.corpus_io import CorpusError, line_reader
from masketeer_gui.corpus_io.jsonl import Columns, Lines
from tests.fake_analyzer import fake_factory

NAMES = ["Quendler", "Hofbauer", "Wiltschnig"]


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", fake_factory)


def note(i: int, note_id: str | None = None) -> str:
    return json.dumps(
        {"id": note_id or f"N{i}", "text": f"Frau {NAMES[i % 3]} rief an ({i}).", "patient_id": f"P{i % 4}"}
    )


def corpus(path: Path, bad: dict[int, str]) -> Path:
    """40 notes; line ``k`` (from 1) replaced by ``bad[k]``."""
    lines = [note(i) for i in range(40)]
    for number, text in bad.items():
        lines[number - 1] = text
    path.write_bytes(b"\xef\xbb\xbf" + ("\n".join(lines) + "\n").encode())
    return path


MIXED = {  # blank lines, bad ones, and ids seen before: within a chunk and across chunks (chunks of 8 lines)
    3: "",
    5: '{"id": "X", "text": "Frau Quend',
    6: note(6, "N1"),
    7: "[1, 2]",
    12: '{"id": "", "text": "leer"}',
    13: note(13, "N12"),
    14: note(14, "N12"),
    20: "   ",
    26: note(26, "N9"),
    27: '{"id": "N27"}',
    23: note(23, "N21"),  # in chunks with no bad line: within one
    38: note(38, "N20"),  # and across chunks
}


def run(tmp_path: Path, name: str, source: Path, *extra: str, workers_read: bool = True) -> tuple[int, bytes, str]:
    out = tmp_path / f"{name}.jsonl"
    with pytest.MonkeyPatch.context() as patch:
        read: list[object] = []
        if workers_read:
            patch.setattr(parallel, "run_lines", _counted(parallel.run_lines, read))
        else:
            patch.setattr(corpus_io, "line_reader", lambda *a, **k: None)
        key = ["--key-file", str(tmp_path / "run.key")]  # one key for both runs
        status = main(["deidentify", str(source), "-o", str(out), "--chunk-size", "8", *key, *extra])
        assert bool(read) == workers_read
    return status, out.read_bytes() if out.exists() else b"", ""


def _counted(function, calls):  # type: ignore[no-untyped-def]
    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(1)
        return function(*args, **kwargs)

    return counted


@pytest.mark.parametrize("workers", ["1", "2"])
def test_skipped_records_and_output_are_those_of_records_read_here(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    source = corpus(tmp_path / "in.jsonl", MIXED)
    capsys.readouterr()
    status, by_workers, _ = run(tmp_path, "w", source, "--skip-bad", "--workers", workers)
    err_workers = capsys.readouterr().err.splitlines()
    status_here, here, _ = run(tmp_path, "h", source, "--skip-bad", "--workers", workers, workers_read=False)
    err_here = capsys.readouterr().err.splitlines()
    assert status == status_here == 0
    assert by_workers == here
    skipped = [line for line in err_workers if line.startswith("masketeer deidentify: skipped")]
    assert skipped == [line for line in err_here if line.startswith("masketeer deidentify: skipped")]
    assert [line.split(":")[-2] for line in skipped] == ["5", "6", "7", "12", "14", "23", "26", "27", "38"]
    assert skipped[1].endswith("duplicate id (first at line 2)")
    assert skipped[6].endswith("duplicate id (first at line 10)")  # across chunks
    ids = [json.loads(line)["id"] for line in by_workers.splitlines()]
    assert skipped[5].endswith("duplicate id (first at line 22)")
    assert len(ids) == len(set(ids)) == 40 - 2 - 9  # every id once: the later duplicates dropped


@pytest.mark.parametrize(
    "bad",
    [{1: "{"}, {6: note(6, "N1"), 7: "[]"}, {13: "{", 14: note(14, "N0")}, {30: note(30, "N28"), 31: "{"}, {40: "7"}],
)
def test_the_first_error_is_the_one_records_read_here_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: dict[int, str]
) -> None:
    source = corpus(tmp_path / "in.jsonl", bad)
    capsys.readouterr()
    assert run(tmp_path, "w", source, "--workers", "2")[0] == 2
    by_workers = capsys.readouterr().err
    assert run(tmp_path, "h", source, "--workers", "2", workers_read=False)[0] == 2
    assert by_workers == capsys.readouterr().err
    assert f"in.jsonl:{min(bad)}:" in by_workers
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "run.key"]


def test_only_a_plain_jsonl_corpus_is_read_in_lines(tmp_path: Path) -> None:
    (tmp_path / "a.csv").write_text("id,text\n1,x\n", encoding="utf-8")
    fhir = {"resourceType": "DocumentReference", "id": "d1", "content": []}
    (tmp_path / "f.ndjson").write_text(json.dumps(fhir) + "\n", encoding="utf-8")
    assert line_reader(tmp_path / "a.csv") is None
    assert line_reader(tmp_path / "f.ndjson") is None
    assert line_reader(tmp_path) is None
    assert line_reader(corpus(tmp_path / "c.JSONL", {})) is not None
    with pytest.raises(CorpusError, match="no such file"):
        line_reader(tmp_path / "missing.jsonl")


def test_lines_are_read_as_read_corpus_reads_them(tmp_path: Path) -> None:
    source = corpus(tmp_path / "in.jsonl", MIXED)
    reader = line_reader(source, skip_bad=True)
    assert reader is not None
    chunks = list(reader.chunks(8))
    assert [c.first for c in chunks] == [1, 9, 17, 25, 33] and all(type(c) is Lines for c in chunks)
    made = [record for chunk in chunks for record in chunk.records()[0]]
    bad = [record.line for chunk in chunks for record in chunk.records()[1]]
    assert bad == [5, 7, 12, 27]  # (duplicates are the reader's to find: they need the whole run)
    here = list(corpus_io.read_corpus(source, skip_bad=True, unique_ids=False))
    assert made == here


@pytest.mark.parametrize(
    ("columns", "key"),
    [
        (Columns(), "patient_id"),
        (Columns(), "ward"),
        (Columns(), "id"),
        (Columns(), "text"),
        (Columns("nr", "befund"), "patient_id"),
        (Columns(patient_col="pid"), "patient_id"),  # a mapped patient column: made from the records
        (Columns("id", "id"), "patient_id"),  # one column for both
    ],
)
def test_a_worker_takes_from_each_line_what_the_record_would_give(columns: Columns, key: str) -> None:
    raw = [
        json.dumps({"id": "A", "nr": "1", "text": "t", "befund": "b", "patient_id": "P1", "pid": 7, "ward": [1]}),
        json.dumps({"id": 5, "nr": 6, "text": "t2", "befund": "b2", "patient_id": None, "ward": "W"}),
        json.dumps({"id": "B", "nr": "2", "text": "t3", "befund": "b3"}),
        json.dumps({"id": " ", "nr": " ", "text": "t4", "befund": "b4"}),
        json.dumps({"id": "C", "text": "t5"}),
        json.dumps({"id": "D", "patient_id": "P4"}),  # two fields: no meta at all
    ]
    lines = Lines("in.jsonl", 1, [(line + "\n").encode() for line in raw], columns)
    records, bad = lines.records()
    notes, bad_notes = lines.notes(key)
    assert notes == [(r.id, r.text, r.meta.get(key), r.line) for r in records]
    assert bad_notes == bad


def test_a_read_error_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    source = corpus(tmp_path / "in.jsonl", {})
    reader = line_reader(source)
    assert reader is not None

    def failing(*args: object, **kwargs: object) -> object:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(Path, "open", failing)
    with pytest.raises(CorpusError, match=r"in\.jsonl: cannot read \(Input/output error\)"):
        list(reader.chunks(8))


def test_the_last_chunks_are_cut_finer_and_no_line_is_lost_or_renumbered() -> None:
    """``parallel.finer_at_the_end``: the workers' last chunks are small, so they run out of work together."""
    raw = [(json.dumps({"id": f"N{i}", "text": "t"}) + "\n").encode() for i in range(50)]
    chunks = [Lines("in.jsonl", 1 + start, raw[start : start + 8], Columns()) for start in range(0, 50, 8)]
    finer = list(parallel.finer_at_the_end(iter(chunks), 2, 4))
    assert [len(chunk.raw) for chunk in finer] == [8, 8, 8, 8, 8, 2, 2, 2, 2, 1, 1]
    assert [line for chunk in finer for line in chunk.raw] == raw
    assert [chunk.first for chunk in finer] == [1, 9, 17, 25, 33, 41, 43, 45, 47, 49, 50]
    assert [len(chunk.raw) for chunk in parallel.finer_at_the_end(iter(chunks[:1]), 2, 4)] == [2, 2, 2, 2]  # one held
