"""Spark in local mode (one shared session): ``masketeer spark`` writes ``masketeer deidentify``'s bytes.

Skipped only when pyspark or Java is absent (``pip install -e '.[spark]'`` and a JRE 17+).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("pyspark")
if not shutil.which("java") and not os.environ.get("JAVA_HOME"):
    pytest.skip("Spark needs Java 17 or later", allow_module_level=True)

from pyspark.sql import SparkSession

from masketeer_gui.cli import main
from masketeer_gui.corpus_io import read_corpus
from masketeer_gui.engine.collisions import retyped_references
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.pipeline import Deidentifier
from masketeer_gui.engine.retype import SettledTypes
from masketeer_gui.engine.type_resolution import TypeTally, resolve_types
from masketeer_gui.integrations.spark import deidentify_dataframe, local_session
from masketeer_gui.parallel import ChunkWorker, EngineSpec

pytestmark = pytest.mark.slow
LONG_TAG = re.compile(rb"\[[A-Z]{3}-[0-9A-Z]{2,}\]")


@pytest.fixture(scope="session")
def spark(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkSession]:
    scratch = tmp_path_factory.mktemp("spark-scratch")
    scratch.chmod(0o700)
    session = local_session("local[2]", partitions=2, local_dir=str(scratch))
    yield session
    session.stop()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A synthetic corpus (masketeer synth) with its name lists and a key file."""
    folder = tmp_path_factory.mktemp("spark-corpus")
    args = ["synth", "--n", "240", "--seed", "5", "-o", folder / "corpus.jsonl", "--names", folder / "names.json"]
    assert main([str(a) for a in args]) == 0
    return folder


def run_both(corpus: Path, out: Path, *extra: str) -> tuple[bytes, bytes]:
    common = ["--names", str(corpus / "names.json"), "--key-file", str(corpus / "project.key"), *extra]
    source = str(corpus / "corpus.jsonl")
    assert main(["deidentify", source, "-o", str(out / "cli.jsonl"), "--workers", "1", *common]) == 0
    assert main(["spark", source, "-o", str(out / "spark.jsonl"), *common]) == 0
    return (out / "cli.jsonl").read_bytes(), (out / "spark.jsonl").read_bytes()


def test_the_corpus_has_people_whose_type_the_corpus_settles(corpus: Path) -> None:
    """Otherwise the byte-identity below would not test the aggregation of the type evidence."""
    names = NameLists.from_json(corpus / "names.json")
    worker = ChunkWorker(EngineSpec(Deidentifier.default, names, bytes(32), settle_types=True))
    notes = [(r.id, r.text, str(r.meta.get("patient_id", ""))) for r in read_corpus(corpus / "corpus.jsonl")]
    result = worker.process(notes)
    tally = result.tally or TypeTally()
    resolution = resolve_types(tally)
    settled = SettledTypes(resolution)
    retyped = [ref for typing in result.typings or [] if typing for ref in retyped_references(typing, settled)]
    assert len(retyped) >= 3


def test_spark_writes_the_bytes_deidentify_writes(spark: SparkSession, corpus: Path, tmp_path: Path) -> None:
    cli, on_spark = run_both(corpus, tmp_path)
    assert cli.count(b"\n") == 240
    assert on_spark == cli


def test_forced_tag_collisions_are_settled_alike(spark: SparkSession, corpus: Path, tmp_path: Path) -> None:
    """One-character tags: dozens of references share a base tag; both sides lengthen the same ones."""
    cli, on_spark = run_both(corpus, tmp_path, "--tag-length", "1")
    assert len(set(LONG_TAG.findall(cli))) > 20
    assert on_spark == cli


def test_surrogates_alike(spark: SparkSession, corpus: Path, tmp_path: Path) -> None:
    cli, on_spark = run_both(corpus, tmp_path, "--mode", "surrogates")
    assert on_spark == cli


def test_dataframe_api_shape(spark: SparkSession) -> None:
    notes = [("a1", "Dr. Quendler ruft Frau Ulmenrieder an.", "P1"), ("a2", "Keine Namen hier.", "P2")]
    df = spark.createDataFrame(notes, "note_id string, body string, pid string")
    out = deidentify_dataframe(df, key=bytes(32), text_col="body", id_col="note_id", patient_col="pid")
    assert out.columns == ["note_id", "pid", "body", "spans"]
    span_fields = out.schema["spans"].dataType.elementType.fieldNames()  # type: ignore[attr-defined]
    assert span_fields == ["start", "end", "entity", "masker", "pseudonym", "flags"]
    rows = {row.note_id: row for row in out.collect()}
    first = rows["a1"]
    assert "Quendler" not in first.body and "Ulmenrieder" not in first.body
    assert {span.entity for span in first.spans} == {"HCP", "PAT"}
    assert all(span.pseudonym in first.body for span in first.spans)
    assert rows["a2"].body == "Keine Namen hier." and rows["a2"].spans == []


def test_missing_pyspark_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "pyspark" else real(name, *a))
    (tmp_path / "in.jsonl").write_text('{"id": "1", "text": "x"}\n', encoding="utf-8")
    assert main(["spark", str(tmp_path / "in.jsonl"), "-o", str(tmp_path / "out.jsonl")]) == 2
    assert "pip install 'masketeer-gui[spark]'" in capsys.readouterr().err


def test_missing_java_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name, *a: None)
    monkeypatch.delenv("JAVA_HOME", raising=False)
    (tmp_path / "in.jsonl").write_text('{"id": "1", "text": "x"}\n', encoding="utf-8")
    assert main(["spark", str(tmp_path / "in.jsonl"), "-o", str(tmp_path / "out.jsonl")]) == 2
    assert "needs Java 17" in capsys.readouterr().err
