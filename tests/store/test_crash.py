"""Crash safety: a process killed (SIGKILL) mid-import or mid-stream of marks leaves a sound project."""

from __future__ import annotations

import signal
from pathlib import Path

from masketeer_gui.store import Project
from tests.store.fakes import FakeEngine, indexed, write_jsonl
from tests.store.helpers import start, wait_for

IMPORT = """
import sys
from masketeer_gui.store import Project
project = Project.open(sys.argv[1])
project.import_corpus(sys.argv[2], progress=lambda n: print("progress", n, flush=True))
print("finished", flush=True)
"""

MARKS = """
import sys
from masketeer_gui.store import Project
from masketeer_gui.store.rows import MarkLabel
project = Project.open(sys.argv[1])
notes = [row.id for row in project.notes.list()]
i = 0
while True:
    mark = project.marks.add(notes[i % len(notes)], MarkLabel.TN, annotator="crash", comment=str(i))
    print(mark.id, flush=True)  # only after the commit returned
    i += 1
"""


def test_killed_import_leaves_nothing_half_imported(
    project_path: Path, tmp_path: Path, engine: FakeEngine, corpus: Path
) -> None:
    with Project.create(project_path, analyzer_factory=engine) as project:
        project.import_corpus(corpus)
    big = [
        {"id": f"big{i}", "text": f"Dr. Hofer sieht Frau Gruber {i}. " * 8, "patient_id": str(i % 97)}
        for i in range(40_000)
    ]
    child = start(IMPORT, str(project_path), str(write_jsonl(tmp_path / "big.jsonl", big)))
    try:
        wait_for(child, "progress")
    finally:
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
    assert "finished" not in out
    with Project.open(project_path, analyzer_factory=engine) as project:
        assert project.integrity_check() == "ok"
        assert [r.external_id for r in project.notes.list()] == ["n1", "n2", "n3", "n4", "n5", "n6"]
        with project._db.read() as session:
            connection = session.connection()
            assert connection.exec_driver_sql("SELECT count(*) FROM batches").scalar() == 1
            assert connection.exec_driver_sql("SELECT count(*) FROM note_texts").scalar() == 6
        assert {note for _, note in indexed(project)} == {"n1", "n2", "n3", "n4", "n5", "n6"}


def test_killed_stream_of_marks_keeps_every_committed_mark(loaded: Project, engine: FakeEngine) -> None:
    path = loaded.path
    loaded.close()
    child = start(MARKS, str(path))
    try:
        committed = [int(line) for line in wait_for(child, "40")]
    finally:
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
    committed += [int(line) for line in out.split()]  # printed before the kill, read after it
    assert len(committed) >= 40, err
    with Project.open(path, analyzer_factory=engine) as project:
        assert project.integrity_check() == "ok"
        stored = {m.id for m in project.marks.list(annotator="crash")}
        assert set(committed) <= stored, (sorted(set(committed) - stored), err)
        assert len(stored - set(committed)) <= 1, (
            sorted(stored - set(committed)),
            err,
        )  # committed as the kill came
