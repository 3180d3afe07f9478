"""Every ``masketeer deidentify`` run is settled: with a vault, to FHIR, in surrogates mode, to Parquet.

A name a note's own words leave weak ("Rückruf durch Gottlieb") takes the type another note proves
(a signature), so the person keeps one type and one tag in every output form; a vault maps the tags
the output holds, also where the order-free collision rule lengthened them.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from masketeer_gui import vault
from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as command
from masketeer_gui.formats.fhir import deidentified, document_reference
from tests.fake_analyzer import fake_factory

PASS = "correct horse battery"
NOTES = [
    {"id": "A", "text": "Befund besprochen, Kontrolle in 2 Wochen.\nGottlieb", "patient_id": "P1"},
    {"id": "B", "text": "Rückruf durch Gottlieb, Termin fixiert.", "patient_id": "P2"},
    {"id": "C", "text": "Keine Namen in dieser Notiz.", "patient_id": "P3"},
]


@pytest.fixture(autouse=True)
def cheap_vault(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vault, "SCRYPT_LOG2_N", 10)  # these tests are about what the vault maps


@pytest.fixture
def real_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", command.default_factory)


def run(*args: str | Path) -> int:
    return main([str(a) for a in args])


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return path


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def reidentified(out: Path, vault_file: Path, folder: Path) -> dict[str, str]:
    back = folder / "back.jsonl"
    assert run("reidentify", out, "--vault", vault_file, "--passphrase-file", folder / "pass.txt", "-o", back) == 0
    return {row["id"]: row["text"] for row in read_jsonl(back)}


def assert_one_person(records: list[dict[str, Any]]) -> None:
    a, b = records[0]["spans"], records[1]["spans"]
    assert [s["entity"] for s in a] == [s["entity"] for s in b] == ["HCP"]
    assert a[0]["pseudonym"] == b[0]["pseudonym"]


@pytest.mark.usefixtures("real_engine")
def test_a_vault_maps_the_settled_tags(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "in.jsonl", NOTES)
    (tmp_path / "pass.txt").write_text(PASS + "\n", encoding="utf-8")
    key, plain, out, vault_file = tmp_path / "k.key", tmp_path / "plain.jsonl", tmp_path / "out.jsonl", tmp_path / "v"
    assert run("deidentify", source, "-o", plain, "--key-file", key, "--workers", "1") == 0
    args = ("--vault", vault_file, "--passphrase-file", tmp_path / "pass.txt", "--key-file", key, "--workers", "1")
    assert run("deidentify", source, "-o", out, *args) == 0
    assert out.read_bytes() == plain.read_bytes()  # a vault changes nothing in the output
    assert_one_person(read_jsonl(out))
    assert reidentified(out, vault_file, tmp_path) == {note["id"]: note["text"] for note in NOTES}
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # the held entries are gone


def test_a_vault_maps_the_lengthened_tags_of_colliding_references(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One-character tags: most references share a base tag, which the second pass lengthens."""
    monkeypatch.setattr(command, "ENGINE_FACTORY", fake_factory)
    rows = [{"id": f"N{i}", "text": f"Frau Wendelgart{i} und Dr. Quastl{i % 10}."} for i in range(80)]
    source = write_jsonl(tmp_path / "in.jsonl", rows)
    (tmp_path / "pass.txt").write_text(PASS + "\n", encoding="utf-8")
    out, vault_file = tmp_path / "out.jsonl", tmp_path / "v"
    args = ("--vault", vault_file, "--passphrase-file", tmp_path / "pass.txt", "--tag-length", "1")
    assert run("deidentify", source, "-o", out, *args, "--workers", "2", "--chunk-size", "16") == 0
    assert sum(len(s["pseudonym"]) > len("[PAT-X]") for r in read_jsonl(out) for s in r["spans"]) > 40
    assert reidentified(out, vault_file, tmp_path) == {row["id"]: row["text"] for row in rows}


@pytest.mark.usefixtures("real_engine")
def test_fhir_output_is_settled_as_the_jsonl_output(tmp_path: Path) -> None:
    docs = [document_reference(note["id"], note["text"], note["patient_id"]) for note in NOTES]
    docs[0]["description"] = "Arztbrief"  # a field the de-identified resource leaves out
    source = write_jsonl(tmp_path / "docs.ndjson", docs)
    fhir, jsonl, key = tmp_path / "out.ndjson", tmp_path / "out.jsonl", tmp_path / "k.key"
    assert run("deidentify", source, "-o", fhir, "--key-file", key, "--workers", "1") == 0
    assert run("deidentify", source, "-o", jsonl, "--key-file", key, "--workers", "1") == 0
    records = read_jsonl(jsonl)
    assert_one_person(records)
    written = read_jsonl(fhir)
    assert written == [deidentified(doc, record["text"]) for doc, record in zip(docs, records, strict=True)]
    texts = [base64.b64decode(r["content"][0]["attachment"]["data"]).decode() for r in written]
    assert texts == [record["text"] for record in records]


@pytest.mark.usefixtures("real_engine")
@pytest.mark.parametrize("output", ["out.jsonl", "out.parquet"])
def test_surrogates_and_parquet_runs_settle_the_type_too(tmp_path: Path, output: str) -> None:
    if output.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    source = write_jsonl(tmp_path / "in.jsonl", NOTES)
    out = tmp_path / output
    assert run("deidentify", source, "-o", out, "--mode", "surrogates", "--workers", "1") == 0
    if output.endswith(".parquet"):
        import pyarrow.parquet as pq

        records: list[dict[str, Any]] = pq.read_table(out).to_pylist()
    else:
        records = read_jsonl(out)
    assert [s["entity"] for s in records[0]["spans"]] == [s["entity"] for s in records[1]["spans"]] == ["HCP"]
    assert "Gottlieb" not in records[1]["text"]
