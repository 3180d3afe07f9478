"""``deidentify --mode surrogates``, the vault (``--vault``, ``reidentify``), ``risk`` and ``leakcheck`` end to end."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as command
from tests.fake_analyzer import fake_factory

SECRET = "Zwetschkenröster"  # planted names: never in output, stats, stderr or any file without a vault
OTHER = "Quaxlbrunnhuber"  # invented: no surrogate list may draw it (a real surname did, once in a while)
PASS = "correct horse battery"


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", fake_factory)


def write_jsonl(path: Path, n: int = 6) -> Path:
    lines = [
        json.dumps({"id": f"N{i}", "patient_id": f"P{i % 3}", "text": f"Frau {SECRET} und Dr. {OTHER}{i % 2} heute."})
        for i in range(n)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def run(*args: str | Path) -> int:
    return main([str(a) for a in args])


def test_surrogates_follow_the_contract_and_agree_across_workers(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "in.jsonl", n=120)
    outputs = []
    for workers in ("1", "2"):
        out = tmp_path / f"out{workers}.jsonl"
        assert run("deidentify", source, "-o", out, "--mode", "surrogates", "--workers", workers, "--chunk-size", "8",
                   "--key-file", tmp_path / "key") == 0  # fmt: skip
        outputs.append(read(out))
    assert outputs[0] == outputs[1]
    records = outputs[0]
    assert SECRET not in json.dumps(records, ensure_ascii=False)
    for record in records:
        patient, doctor = (span["pseudonym"] for span in record["spans"])
        assert record["text"] == f"Frau {patient} und Dr. {doctor} heute."
        assert not patient.startswith("[") and patient[0].isupper()
    by_patient: dict[str, set[str]] = {}
    for i, record in enumerate(records):
        by_patient.setdefault(f"P{i % 3}", set()).add(record["spans"][0]["pseudonym"])
    assert all(len(names) == 1 for names in by_patient.values())  # same patient, same surrogate
    assert len(set.union(*by_patient.values())) == 3  # another patient's namesake gets another surrogate


def test_length_preserving_and_its_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_jsonl(tmp_path / "in.jsonl")
    out = tmp_path / "out.jsonl"
    assert run("deidentify", source, "-o", out, "--mode", "surrogates", "--length-preserving", "--workers", "1") == 0
    originals = read(source)
    assert [len(r["text"]) for r in read(out)] == [len(r["text"]) for r in originals]
    assert run("deidentify", source, "-o", out, "--length-preserving") == 2
    assert "needs --mode surrogates" in capsys.readouterr().err


@pytest.mark.parametrize("mode", ["tags", "surrogates"])
def test_without_a_vault_no_mapping_touches_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], mode: str
) -> None:
    monkeypatch.chdir(tmp_path)
    source = write_jsonl(tmp_path / "in.jsonl", n=300)
    args: list[str | Path] = [
        "deidentify",
        source,
        "-o",
        "out.jsonl",
        "--mode",
        mode,
        "--stats",
        "s.json",
        "--risk",
        "r.json",
    ]
    assert run(*args, "--workers", "2", "--chunk-size", "16") == 0
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert written == ["in.jsonl", "out.jsonl", "r.json", "s.json"]
    for name in written[1:]:
        data = (tmp_path / name).read_text(encoding="utf-8")
        assert SECRET not in data and OTHER not in data, name
    stderr = capsys.readouterr().err
    assert SECRET not in stderr and OTHER not in stderr


@pytest.mark.parametrize("mode", ["tags", "surrogates"])
def test_vault_round_trip_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str) -> None:
    source = write_jsonl(tmp_path / "in.jsonl", n=40)
    keep = tmp_path / "safe"
    keep.mkdir()
    (keep / "pass.txt").write_text(PASS + "\n", encoding="utf-8")
    vault, out, back = keep / "map.vault", tmp_path / "out.jsonl", keep / "back.jsonl"
    assert run("deidentify", source, "-o", out, "--mode", mode, "--vault", vault, "--passphrase-file",
               keep / "pass.txt", "--workers", "2", "--chunk-size", "8") == 0  # fmt: skip
    assert stat.S_IMODE(vault.stat().st_mode) == 0o600 and SECRET.encode() not in vault.read_bytes()
    assert run("reidentify", out, "--vault", vault, "--passphrase-file", keep / "pass.txt", "-o", back) == 0
    originals = [{"id": r["id"], "text": r["text"]} for r in read(source)]
    assert read(back) == originals
    assert stat.S_IMODE(back.stat().st_mode) == 0o600
    capsys.readouterr()
    assert run("reidentify", out, "--vault", vault, "--passphrase-file", keep / "pass.txt", "--id", "N3") == 0
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == [originals[3]]


def test_vault_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_jsonl(tmp_path / "in.jsonl")
    (tmp_path / "pass.txt").write_text(PASS, encoding="utf-8")
    (tmp_path / "bad.txt").write_text("wrong passphrase", encoding="utf-8")
    out, vault = tmp_path / "out.jsonl", tmp_path / "v.vault"
    assert run("deidentify", source, "-o", out, "--vault", vault, "--passphrase-file", tmp_path / "pass.txt") == 0
    assert "keep the vault apart" in capsys.readouterr().err
    cases: list[tuple[list[str | Path], str]] = [
        (["deidentify", source, "-o", out, "--vault", vault, "--passphrase-file", tmp_path / "pass.txt"], "exists"),
        (["deidentify", source, "-o", out, "--passphrase-file", tmp_path / "pass.txt"], "needs --vault"),
        (["deidentify", source, "-o", out, "--vault", tmp_path / "v2"], "no passphrase"),
        (["reidentify", out, "--vault", vault, "--passphrase-file", tmp_path / "bad.txt"], "wrong passphrase"),
        (["reidentify", out, "--vault", tmp_path / "none"], "no such vault"),
    ]
    for argv, message in cases:
        assert run(*argv) == 2
        assert message in capsys.readouterr().err
    assert not (tmp_path / "v2").exists()


def test_risk_command_and_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.jsonl"
    notes = [
        {"id": "A", "text": "RR 130/80, HF 72, Gewicht 78 kg."},
        {"id": "B", "text": "Frau Huber, pensionierte Rauchfangkehrerin aus Gschnitz, 93-jährig."},
    ]
    source.write_text("".join(json.dumps(n) + "\n" for n in notes), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert run("deidentify", source, "-o", out, "--risk", tmp_path / "risk.json", "--workers", "1") == 0
    report = json.loads((tmp_path / "risk.json").read_text(encoding="utf-8"))
    assert [(n["id"], n["level"]) for n in report["notes"]] == [("A", "low"), ("B", "high")]
    capsys.readouterr()
    assert run("risk", out, "--json") == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["notes"] == report["notes"] and printed["summary"]["levels"] == {"low": 1, "medium": 0, "high": 1}
    assert run("risk", out) == 0
    table = capsys.readouterr().out
    assert "high" in table and "small town" in table and "Gschnitz" not in table


def test_leakcheck_finds_a_planted_partial_leak(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.jsonl"
    name = "Gstraunthaler"  # no German word: also searched in the patient's other notes
    notes = [
        {"id": "N1", "patient_id": "P1", "text": f"Frau {name} kam. {name}s Tochter rief an."},
        {"id": "N2", "patient_id": "P1", "text": f"{name} geht es gut."},
        {"id": "N3", "patient_id": "P2", "text": "Herr Moser kam."},
    ]
    source.write_text("".join(json.dumps(n) + "\n" for n in notes), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert run("deidentify", source, "-o", out, "--mode", "surrogates", "--workers", "1") == 0
    capsys.readouterr()
    assert run("leakcheck", source, out) == 3
    printed = capsys.readouterr().out
    assert "N1: 1 surviving name form(s) (same note 1)" in printed
    assert "N2: 1 surviving name form(s) (same patient 1)" in printed
    assert "N3" not in printed and name not in printed
    assert run("leakcheck", source, out, "--show") == 3
    assert f"{name}s" in capsys.readouterr().out
    clean = tmp_path / "clean.jsonl"
    clean.write_text(json.dumps(notes[2]) + "\n", encoding="utf-8")
    assert run("deidentify", clean, "-o", tmp_path / "clean_out.jsonl", "--workers", "1") == 0
    assert run("leakcheck", clean, tmp_path / "clean_out.jsonl") == 0
