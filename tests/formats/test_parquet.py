"""Parquet in and out of ``masketeer deidentify`` (optional pyarrow), and the error without it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from masketeer_gui.cli import main

pa = pytest.importorskip("pyarrow", reason="pyarrow is optional (pip install 'masketeer-gui[parquet]')")
pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow is optional (pip install 'masketeer-gui[parquet]')")

SECRET = "Pfandlbauer"
TEXTS = [f"Frau {SECRET} kam.", "Dr. Krummeck, Tel. 0512 998877.", "Keine Namen."]


def corpus(tmp_path: Path, **columns: list) -> Path:
    path = tmp_path / "notes.parquet"
    pq.write_table(pa.table({"id": ["a", "b", "c"], "text": TEXTS, **columns}), path)
    return path


def test_parquet_in_and_out_match_the_jsonl_output(tmp_path: Path) -> None:
    source, key = corpus(tmp_path, ward=["1", "2", "3"]), tmp_path / "k.key"
    common = ["--workers", "1", "--key-file", str(key)]
    assert main(["deidentify", str(source), "-o", str(tmp_path / "out.parquet"), *common]) == 0
    assert main(["deidentify", str(source), "-o", str(tmp_path / "out.jsonl"), *common]) == 0
    from masketeer_gui.formats.parquet import read_output

    expected = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert read_output(tmp_path / "out.parquet") == expected
    table = pq.read_table(tmp_path / "out.parquet")
    assert table.column_names == ["id", "text", "spans"]
    assert SECRET not in json.dumps(table.to_pylist())
    assert (tmp_path / "out.parquet").stat().st_mode & 0o077 == 0


def test_output_format_can_be_forced(tmp_path: Path) -> None:
    out = tmp_path / "out.bin"
    assert (
        main(["deidentify", str(corpus(tmp_path)), "-o", str(out), "--output-format", "parquet", "--workers", "1"]) == 0
    )
    assert pq.read_table(out).num_rows == 3


def test_missing_text_column_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.parquet"
    pq.write_table(pa.table({"id": ["a"], "body": [TEXTS[0]]}), path)
    assert main(["deidentify", str(path), "-o", str(tmp_path / "o.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "no column 'text'" in err and SECRET not in err
    assert main(["deidentify", str(path), "-o", str(tmp_path / "o.jsonl"), "--text-col", "body", "--workers", "1"]) == 0


def test_a_file_that_is_not_parquet_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.parquet"
    path.write_bytes(b"not parquet at all")
    assert main(["deidentify", str(path), "-o", str(tmp_path / "o.jsonl")]) == 2
    assert "not a readable Parquet file" in capsys.readouterr().err


def test_without_pyarrow_the_error_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    source = corpus(tmp_path)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    assert main(["deidentify", str(source), "-o", str(tmp_path / "o.jsonl")]) == 2
    assert "pip install 'masketeer-gui[parquet]'" in capsys.readouterr().err
    assert not (tmp_path / "o.jsonl").exists()
