"""Hostile and careless input: each case exits 2 naming the file (and line) in plain words, or is read right.

Both readers of corpora are tried: ``masketeer deidentify`` and ``masketeer project import``
(whose input errors must not be blamed on the project file).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from masketeer_gui.cli import main
from masketeer_gui.commands import deidentify as deidentify_command
from tests.fake_analyzer import fake_factory
from tests.processes import run_cli

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file types and names")


@pytest.fixture(autouse=True)
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deidentify_command, "ENGINE_FACTORY", fake_factory)


def deidentify(source: Path, *extra: str) -> int:
    return main(["deidentify", str(source), "-o", str(source.parent / "out.jsonl"), "--workers", "1", *extra])


def project_import(source: Path) -> int:
    project = source.parent / "P.db"
    if not project.exists():
        assert main(["project", "init", str(project)]) == 0
    return main(["project", "import", str(project), str(source)])


COMMANDS = {"deidentify": deidentify, "import": project_import}


def _ids(path: Path) -> list[str]:
    return [json.loads(line)["id"] for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unterminated_quote_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    source = tmp_path / "u.csv"
    source.write_text('id,text\na,"first note\nb,second note\nc,third note\n', encoding="utf-8")
    assert COMMANDS[command](source) == 2
    err = capsys.readouterr().err
    assert "u.csv:2: a quoted field starts here and is never closed" in err
    assert "second" not in err and not (tmp_path / "out.jsonl").exists()


def test_cr_only_line_ends_are_read(tmp_path: Path) -> None:
    source = tmp_path / "mac.csv"
    source.write_bytes(b'id,text\ra,Frau Zwetschke kam\rb,"zwei\rZeilen"\r')
    assert deidentify(source) == 0
    assert _ids(tmp_path / "out.jsonl") == ["a", "b"]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_column_named_twice_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    source = tmp_path / "d.csv"
    source.write_text("id,text,text\na,one,two\n", encoding="utf-8")
    assert COMMANDS[command](source) == 2
    assert "d.csv:1: column 'text' appears twice in the header" in capsys.readouterr().err


def test_duplicate_ids_are_refused_by_deidentify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "in.jsonl"
    rows = [{"id": "A", "text": "eins"}, {"id": "B", "text": "zwei"}, {"id": "A", "text": "drei"}]
    source.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert deidentify(source) == 2
    assert "in.jsonl:3: duplicate id (first at line 1)" in capsys.readouterr().err
    assert deidentify(source, "--skip-bad") == 0
    assert _ids(tmp_path / "out.jsonl") == ["A", "B"]


def _folder(tmp_path: Path, kind: str) -> Path:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "a.txt").write_text("Frau Zwetschke", encoding="utf-8")
    bad = folder / "b.txt"
    if kind == "fifo":
        os.mkfifo(bad)
    elif kind == "broken symlink":
        bad.symlink_to(folder / "gone.txt")
    elif kind == "symlink loop":
        bad.symlink_to(bad)
    else:  # a file name that is not UTF-8
        bad = Path(os.fsdecode(bytes(folder) + b"/b\xff.txt"))
        bad.write_text("Herr Zwirbel", encoding="utf-8")
    return folder


FOLDER_CASES = {
    "fifo": "not a regular file",
    "broken symlink": "broken symbolic link",
    "symlink loop": "symbolic link loop",
    "non-UTF-8 name": "file name is not UTF-8",
}


@POSIX
@pytest.mark.parametrize("command", ["deidentify", "import"])
@pytest.mark.parametrize("kind", FOLDER_CASES)
def test_odd_files_in_a_folder_are_named_and_refused(tmp_path: Path, kind: str, command: str) -> None:
    folder = _folder(tmp_path, kind)
    if command == "deidentify":
        done = run_cli("deidentify", folder, "-o", tmp_path / "out.jsonl", "--workers", "1", timeout=60)
    else:
        assert run_cli("project", "init", tmp_path / "P.db").returncode == 0
        done = run_cli("project", "import", tmp_path / "P.db", folder, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "notes/b" in done.stderr and FOLDER_CASES[kind] in done.stderr
    assert "P.db" not in done.stderr and "internal error" not in done.stderr


@POSIX
def test_skip_bad_skips_odd_files(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "fifo")
    done = run_cli("deidentify", folder, "-o", tmp_path / "out.jsonl", "--skip-bad", "--workers", "1", timeout=60)
    assert done.returncode == 0, done.stderr
    assert _ids(tmp_path / "out.jsonl") == ["a"]


@POSIX
@pytest.mark.parametrize("kind", ["broken symlink", "symlink loop", "fifo"])
@pytest.mark.parametrize("command", COMMANDS)
def test_an_odd_input_path_is_named_and_not_blamed_on_the_project(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, command: str
) -> None:
    source = tmp_path / "in.jsonl"
    if kind == "broken symlink":
        source.symlink_to(tmp_path / "gone.jsonl")
    elif kind == "symlink loop":
        source.symlink_to(source)
    else:
        os.mkfifo(source)
    assert COMMANDS[command](source) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]  # the error (after "created P.db")
    assert "in.jsonl" in err and "P.db" not in err and "no such project" not in err


@POSIX
def test_a_non_utf8_input_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = Path(os.fsdecode(bytes(tmp_path) + b"/notes\xff.jsonl"))
    source.write_text(json.dumps({"id": 1, "text": "Frau Zwetschke"}) + "\n", encoding="utf-8")
    assert deidentify(source) == 0
    assert _ids(tmp_path / "out.jsonl") == ["1"]
