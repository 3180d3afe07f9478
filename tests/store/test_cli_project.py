"""``masketeer project|terms|sample``: the store from the command line, exit codes as docs/CONTRACT.md."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import project as project_command
from masketeer_gui.store import Project
from tests.store.fakes import FakeEngine


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> FakeEngine:
    engine = FakeEngine()
    monkeypatch.setattr(project_command, "ANALYZER_FACTORY", engine)
    return engine


@pytest.fixture
def db(tmp_path: Path, corpus: Path) -> Path:
    path = tmp_path / "p.db"
    assert main(["project", "init", str(path)]) == 0
    assert main(["project", "import", str(path), str(corpus)]) == 0
    return path


def _out(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_whole_loop(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["project", "run", str(db)]) == 0
    assert main(["terms", "add", str(db), "--whitelist", "Rumpf", "--why", "anatomy"]) == 0
    assert main(["terms", "add", str(db), "--blacklist", "Hias", "--entity", "pat"]) == 0
    assert main(["project", "run", str(db), "--incremental"]) == 0
    assert "2 notes analysed (incremental)" in capsys.readouterr().err
    assert main(["project", "export", str(db), "-o", str(tmp_path / "out.jsonl")]) == 0
    records = {r["id"]: r for r in _out(tmp_path / "out.jsonl")}
    assert records["n2"]["spans"] == []
    assert [s["entity"] for s in records["n3"]["spans"]] == ["PAT"]
    capsys.readouterr()
    assert main(["terms", "list", str(db), "--json"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(t["kind"], t["term"], t["entity"], t["why"]) for t in listed] == [
        ("whitelist", "Rumpf", None, "anatomy"),
        ("blacklist", "Hias", "PAT", ""),
    ]
    assert main(["terms", "remove", str(db), "--whitelist", "RUMPF"]) == 0
    assert main(["terms", "remove", str(db), "--id", str(listed[1]["id"])]) == 0
    assert main(["terms", "list", str(db)]) == 0
    assert capsys.readouterr().out == ""


def test_scoped_terms_and_sharing(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["terms", "add", str(db), "--patient", "Gruber", "--scope", "patient", "--scope-value", "p1"]) == 0
    assert main(["terms", "list", str(db)]) == 0
    assert "patient:p1" in capsys.readouterr().out
    assert main(["terms", "export", str(db), "-o", str(tmp_path / "lists.json")]) == 0
    other = tmp_path / "other.db"
    assert main(["project", "init", str(other)]) == 0
    assert main(["project", "import", str(other), str(tmp_path / "corpus.jsonl")]) == 0
    assert main(["terms", "import", str(other), str(tmp_path / "lists.json")]) == 0
    assert "1 terms and 0 corrections added" in capsys.readouterr().err


def test_sample(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["project", "run", str(db)]) == 0
    capsys.readouterr()
    assert main(["sample", str(db), "--n", "3", "--seed", "5", "--plan"]) == 0
    assert "stratum" in capsys.readouterr().out
    assert main(["sample", str(db), "--n", "3", "--seed", "5", "-o", str(tmp_path / "ids.jsonl")]) == 0
    ids = _out(tmp_path / "ids.jsonl")
    assert [i["position"] for i in ids] == [0, 1, 2]
    with Project.open(db, readonly=True) as project:
        assert [s.n for s in project.samples.list()] == [3]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["project", "import", "{db}", "{bad}"], r"bad\.jsonl:2: invalid JSON"),
        (["project", "init", "{db}"], "already exists"),
        (["project", "run", "{missing}"], "no such project file"),
        (["project", "export", "{db}", "-o", "{out}"], "have not been analysed"),
        (["project", "export", "{db}", "-o", "{out}", "--mode", "surrogates"], "have not been analysed"),
        (["project", "export", "{db}", "-o", "{out}", "--length-preserving"], "needs --mode surrogates"),
        (["project", "export", "{db}", "-o", "{out}", "--mode", "surrogates", "--names", "{bad}"], r"bad\.jsonl:2"),
        (["terms", "add", "{db}", "--blacklist", "Hias"], "--blacklist needs --entity"),
        (["terms", "add", "{db}", "--blacklist", "Hias", "--entity", "XYZ"], "unknown entity type"),
        (
            ["terms", "add", "{db}", "--whitelist", "Hofer", "--scope", "note", "--scope-value", "zz"],
            "no note",
        ),
        (["terms", "remove", "{db}", "--whitelist", "Nothing"], "no such term"),
        (["terms", "remove", "{db}"], "either --id N or the term"),
        (["project", "run", "{db}", "--names", "{bad}"], r"bad\.jsonl:2: invalid JSON"),
        (["sample", "{db}", "--seed", "1"], "run the project first"),
    ],
)
def test_bad_input_exits_2_with_a_plain_message(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "text": "ok"}\n{"id": "b", "text": "Maria Huber\n', encoding="utf-8")
    paths = {"db": db, "bad": bad, "missing": tmp_path / "missing.db", "out": tmp_path / "out.jsonl"}
    capsys.readouterr()
    assert main([a.format(**paths) for a in argv]) == 2
    err = capsys.readouterr().err
    assert re.search(message, err), err
    assert "Huber" not in err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_project_in_use_is_reported(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with Project.open(db):
        assert main(["terms", "add", str(db), "--whitelist", "Rumpf"]) == 2
        assert "project is in use by another program" in capsys.readouterr().err
        assert main(["terms", "list", str(db)]) == 0  # reading works meanwhile


def test_duplicate_term_is_refused(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["terms", "add", str(db), "--whitelist", "Müller"]) == 0
    assert main(["terms", "add", str(db), "--whitelist", "MUELLER"]) == 2
    assert "already on the whitelist" in capsys.readouterr().err
