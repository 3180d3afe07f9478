"""A project remembers the name lists it was run with: a later run, preview or export never drops them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import project as project_command
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.store import Project
from masketeer_gui.store.rows import TermKind, TermSpec
from tests.store.fakes import FakeEngine, note_id, write_jsonl

LISTED = "Zwirbelmoser"  # an invented patient surname only the name list knows
NOTES = [{"id": f"m{i}", "text": f"{LISTED} klagt über Kopfweh, Termin {i}. Kontrolle im Juni."} for i in range(4)] + [
    {"id": "other", "text": "Keine Beschwerden, Kontrolle im Juni."}
]


def _masked(project: Project, external: str) -> list[str]:
    note = project.notes.get(note_id(project, external))
    return [note.text[s.start : s.end] for s in note.spans]


def test_an_incremental_run_keeps_the_names_of_the_earlier_run(project: Project, tmp_path: Path) -> None:
    project.import_corpus(write_jsonl(tmp_path / "c.jsonl", NOTES))
    project.runs.run(names=NameLists(patients=(LISTED,)), incremental=False)
    assert _masked(project, "m0") == [LISTED]
    project.terms.add(TermSpec(TermKind.WHITELIST, "Kontrolle"))  # a change that makes the notes outdated
    project.runs.run(incremental=True)  # no --names this time
    assert all(_masked(project, f"m{i}") == [LISTED] for i in range(4))
    assert project.runs.outdated() == []  # nothing left that the remembered lists would change


def test_reopened_project_previews_and_forgets(project: Project, engine: FakeEngine, tmp_path: Path) -> None:
    project.import_corpus(write_jsonl(tmp_path / "c.jsonl", NOTES))
    project.runs.run(names=NameLists(patients=(LISTED,)), incremental=False)
    path = project.path
    project.close()
    with Project.open(path, analyzer_factory=engine) as reopened:
        remembered = reopened.runs.remembered_names()
        assert remembered is not None and remembered.patients == (LISTED,)
        assert reopened.runs.forget_names()
        assert len(reopened.runs.outdated()) == 4  # without them the four notes would change
        assert reopened.runs.remembered_names() is None


def test_cli_incremental_run_then_export_leaks_no_listed_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(project_command, "ANALYZER_FACTORY", FakeEngine())
    path, names = tmp_path / "P.db", tmp_path / "n.json"
    names.write_text(json.dumps({"patients": [LISTED]}), encoding="utf-8")
    assert main(["project", "init", str(path)]) == 0
    assert main(["project", "import", str(path), str(write_jsonl(tmp_path / "c.jsonl", NOTES))]) == 0
    assert main(["project", "run", str(path), "--names", str(names)]) == 0
    assert main(["terms", "add", str(path), "--whitelist", "Kontrolle"]) == 0
    assert main(["project", "run", str(path), "--incremental"]) == 0
    assert "remembered from an earlier run" in capsys.readouterr().err
    assert main(["project", "export", str(path), "-o", str(tmp_path / "out.jsonl")]) == 0
    assert LISTED not in (tmp_path / "out.jsonl").read_text(encoding="utf-8")
