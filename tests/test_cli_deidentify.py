"""``masketeer deidentify`` end to end (in-process via ``main``), with a stand-in analyzer."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import ClassVar

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as command
from tests.fake_analyzer import broken_factory, dying_factory, fake_factory, pid_factory

SECRET = "Zwetschkenröster"  # a name planted in the notes: never on stderr, never in the output


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", fake_factory)


def write_jsonl(path: Path, n: int = 5, bad_line: int = 0) -> Path:
    lines = [
        json.dumps({"id": f"N{i}", "text": f"Frau {SECRET} und Dr. Hofer{i % 3} am Telefon.", "date": "2020-01-01"})
        for i in range(n)
    ]
    if bad_line:
        lines[bad_line - 1] = '{"id": "X", "text": "Frau ' + SECRET
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def read_output(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def deidentify(*args: str | Path) -> int:
    return main(["deidentify", *map(str, args)])


def test_output_follows_the_contract(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.jsonl"
    assert deidentify(write_jsonl(tmp_path / "in.jsonl"), "-o", out, "--workers", "1") == 0
    records = read_output(out)
    assert [r["id"] for r in records] == [f"N{i}" for i in range(5)]
    first = records[0]
    assert set(first) == {"id", "text", "spans"}
    assert [(s["start"], s["end"], s["entity"], s["masker"]) for s in first["spans"]] == [
        (5, 21, "PAT", "Salutation"),
        (30, 36, "HCP", "Salutation"),
    ]
    assert first["text"] == "Frau {} und Dr. {} am Telefon.".format(*(s["pseudonym"] for s in first["spans"]))
    assert SECRET not in out.read_text(encoding="utf-8")
    stderr = capsys.readouterr().err
    assert "5 notes (5 with PHI, 10 spans)" in stderr
    assert SECRET not in stderr and "Hofer" not in stderr


def test_bad_record_means_exit_2_and_no_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_jsonl(tmp_path / "file.jsonl", n=600, bad_line=3)
    out = tmp_path / "out.jsonl"
    for workers in ("1", "2"):
        assert deidentify(source, "-o", out, "--workers", workers, "--stats", tmp_path / "s.json") == 2
        stderr = capsys.readouterr().err
        assert "file.jsonl:3" in stderr and SECRET not in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.jsonl"]  # no output, no stats, no temp files


def test_bad_record_late_in_a_parallel_run_leaves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_jsonl(tmp_path / "file.jsonl", n=400, bad_line=399)
    assert deidentify(source, "-o", tmp_path / "out.jsonl", "--workers", "2", "--chunk-size", "8") == 2
    assert "file.jsonl:399" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.jsonl"]


def test_skip_bad_lists_bad_records_and_keeps_the_rest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = write_jsonl(tmp_path / "file.jsonl", n=5, bad_line=3)
    out = tmp_path / "out.jsonl"
    assert deidentify(source, "-o", out, "--skip-bad") == 0
    assert [r["id"] for r in read_output(out)] == ["N0", "N1", "N3", "N4"]
    stderr = capsys.readouterr().err
    assert f"{source}:3: invalid JSON" in stderr
    assert "1 bad records skipped" in stderr
    assert SECRET not in stderr


def test_csv_with_bom_and_semicolons(tmp_path: Path) -> None:
    source = tmp_path / "notes.csv"
    source.write_bytes('\ufeffNr;Befund\n1;Frau Huber kommt\n2;"Dr. Egger; mehrzeilig\nzweite Zeile"\n'.encode())
    out = tmp_path / "out.jsonl"
    assert deidentify(source, "-o", out, "--id-col", "Nr", "--text-col", "Befund") == 0
    records = read_output(out)
    assert [r["id"] for r in records] == ["1", "2"]
    assert records[1]["text"].startswith("Dr. [HCP-") and records[1]["text"].endswith("zweite Zeile")


def test_folder_input(tmp_path: Path) -> None:
    folder = tmp_path / "notes"
    (folder / "2024").mkdir(parents=True)
    (folder / "2024" / "b.txt").write_text("Herr Maier", encoding="utf-8")
    (folder / "a.txt").write_text("keine Namen", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert deidentify(folder, "-o", out) == 0
    assert [(r["id"], len(r["spans"])) for r in read_output(out)] == [("2024/b", 1), ("a", 0)]


def test_order_and_tags_consistent_across_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", pid_factory)
    source = write_jsonl(tmp_path / "in.jsonl", n=300)
    out = tmp_path / "out.jsonl"
    assert deidentify(source, "-o", out, "--workers", "2", "--chunk-size", "4") == 0
    records = read_output(out)
    assert [r["id"] for r in records] == [f"N{i}" for i in range(300)]
    assert len({s["masker"] for r in records for s in r["spans"]}) >= 2  # two processes did the work
    patient_tags = {r["spans"][0]["pseudonym"] for r in records}
    doctor_tags = {i % 3: r["spans"][1]["pseudonym"] for i, r in enumerate(records)}
    assert len(patient_tags) == 1  # the same patient everywhere
    assert len(set(doctor_tags.values())) == 3 and all(
        r["spans"][1]["pseudonym"] == doctor_tags[i % 3] for i, r in enumerate(records)
    )


def test_key_file_makes_tags_stable_across_runs(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "in.jsonl")
    key = tmp_path / "key.hex"
    outputs = []
    runs: list[list[str | Path]] = [["--key-file", key], ["--key-file", key], []]
    for run, extra in enumerate(runs):
        out = tmp_path / f"out{run}.jsonl"
        assert deidentify(source, "-o", out, *extra) == 0
        outputs.append(out.read_bytes())
    assert key.exists() and oct(key.stat().st_mode & 0o777) == "0o600"
    assert outputs[0] == outputs[1]
    assert outputs[2] != outputs[0]  # no key file: a fresh random key


def test_stats_file(tmp_path: Path) -> None:
    stats = tmp_path / "stats.json"
    assert deidentify(write_jsonl(tmp_path / "in.jsonl", n=4), "-o", tmp_path / "o.jsonl", "--stats", stats) == 0
    data = json.loads(stats.read_text(encoding="utf-8"))
    assert (data["notes"], data["notes_with_phi"], data["spans"]) == (4, 4, 8)
    assert data["per_entity"] == {
        "HCP": {"count": 4, "proportion": 0.5},
        "PAT": {"count": 4, "proportion": 0.5},
    }
    assert data["per_masker"] == {"Salutation": {"count": 8, "proportion": 1.0}}
    assert data["spans_per_note"]["median"] == 2
    assert data["tokens_per_note"]["max"] == 7  # white-space separated words
    assert SECRET not in stats.read_text(encoding="utf-8")


def test_internal_error_is_generic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", broken_factory)
    monkeypatch.delenv("MASKETEER_DEBUG", raising=False)
    source = write_jsonl(tmp_path / "in.jsonl", n=600)
    for workers in ("1", "2"):
        assert deidentify(source, "-o", tmp_path / "out.jsonl", "--workers", workers) == 1
        stderr = capsys.readouterr().err
        assert "internal error (ValueError)" in stderr and SECRET not in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def test_dead_worker_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(command, "ENGINE_FACTORY", dying_factory)
    source = write_jsonl(tmp_path / "in.jsonl", n=40)
    assert deidentify(source, "-o", tmp_path / "out.jsonl", "--workers", "2", "--chunk-size", "4") == 1
    assert "internal error (BrokenProcessPool)" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--names", "{dir}/names.json"], "names.json"),
        (["--key-file", "{dir}/in.jsonl"], "not a pseudonym key file"),
        (["-o", "{dir}/missing/out.jsonl"], "folder does not exist"),
        (["-o", "{dir}/in.jsonl"], "overwrite the input"),
        (["--mode", "bogus"], "invalid choice"),
        (["--workers", "0"], "at least 1"),
    ],
)
def test_bad_usage_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    source = write_jsonl(tmp_path / "in.jsonl")
    (tmp_path / "names.json").write_text('{"patients": "not a list"}', encoding="utf-8")
    argv = [
        "deidentify",
        str(source),
        "-o",
        str(tmp_path / "out.jsonl"),
        *(a.format(dir=tmp_path) for a in args),
    ]
    if "-o" in args:
        del argv[2:4]
    assert main(argv) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "out.jsonl").exists()


def test_missing_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert deidentify(tmp_path / "nope.jsonl", "-o", tmp_path / "o.jsonl") == 2
    assert "nope.jsonl: no such file" in capsys.readouterr().err


def test_default_workers_is_the_core_count() -> None:
    assert command.default_workers() == len(os.sched_getaffinity(0))


def test_one_type_per_person_across_the_run_with_the_real_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A note whose own words say little takes the type other notes settled for the same person, so the
    person keeps one pseudonym; an id-mapped patient list names each note's patient."""
    monkeypatch.setattr(command, "ENGINE_FACTORY", command.default_factory)
    notes = [
        {"id": "A", "text": "Befund besprochen, Kontrolle in 2 Wochen.\nSeverin", "patient_id": "P1"},
        {"id": "B", "text": "Rückruf durch Severin, Termin fixiert.", "patient_id": "P2"},
        {"id": "C", "text": "Hr. Quellmoser hat Fieber, Gattin Roswitha Quellmoser ruft an.", "patient_id": "P7"},
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(n, ensure_ascii=False) + "\n" for n in notes), encoding="utf-8")
    names = tmp_path / "names.json"
    names.write_text(json.dumps({"patients": [{"id": "P7", "name": "Theodor Quellmoser"}]}), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert deidentify(source, "-o", out, "--names", names, "--workers", "1") == 0
    a, b, c = read_output(out)
    assert [s["entity"] for s in a["spans"]] == ["HCP"] and [s["entity"] for s in b["spans"]] == ["HCP"]
    assert a["spans"][0]["pseudonym"] == b["spans"][0]["pseudonym"]
    assert [s["entity"] for s in c["spans"]] == ["PAT", "PER", "PER"]
    assert "Severin" not in out.read_text(encoding="utf-8")
    assert not list(tmp_path.glob(".out.jsonl.*"))  # the first pass's spool is gone
    key, pooled = tmp_path / "k.key", tmp_path / "pooled.jsonl"
    assert deidentify(source, "-o", out, "--names", names, "--workers", "1", "--key-file", key) == 0
    args = ("--names", names, "--workers", "2", "--chunk-size", "1", "--key-file", key)
    assert deidentify(source, "-o", pooled, *args) == 0
    assert pooled.read_bytes() == out.read_bytes()  # settled the same way across worker processes


class _Watched:
    """The stand-in engine, noting whether the collector was on when it was built."""

    collector_on: ClassVar[list[bool]] = []

    def __init__(self, names: object = None) -> None:
        import gc

        self.collector_on.append(gc.isenabled())
        self._inner = fake_factory(names)  # type: ignore[arg-type]

    def analyze(self, text: str, context: object = None) -> list:
        return self._inner.analyze(text, context)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad_line", [0, 3])
def test_the_collector_rests_during_the_command_and_what_it_leaves_is_frozen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad_line: int
) -> None:
    import gc

    monkeypatch.setattr(command, "ENGINE_FACTORY", _Watched)
    _Watched.collector_on.clear()
    was = gc.isenabled()
    gc.enable()
    gc.unfreeze()
    try:
        status = deidentify(write_jsonl(tmp_path / "in.jsonl", bad_line=bad_line), "-o", tmp_path / "out.jsonl")
        assert gc.isenabled()  # on again afterwards, also after an error
        assert gc.get_freeze_count() > 0  # the process ends now: its last collection need not walk it all
    finally:
        gc.unfreeze()  # this test process goes on: its objects are collected as before
        (gc.enable if was else gc.disable)()
    assert status == (2 if bad_line else 0)
    assert _Watched.collector_on == ([] if bad_line else [False])  # a bad first chunk: no engine at all
