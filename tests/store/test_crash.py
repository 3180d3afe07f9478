"""Crash safety: a process killed (SIGKILL) mid-import or mid-stream of marks leaves a sound project.

The import is killed at random points across all of it (a fresh seed each run, named in any
failure): while reading, between flushes, while indexing, around the commit. Whatever the point,
the project holds either none or all of the killed import.
"""

from __future__ import annotations

import random
import shutil
import signal
import time
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


BIG = 12_000  # records of the killed import: long enough to be killed while it writes
KILLS = 6  # kill points per test run, spread over the whole import (reading, writing, indexing, commit)


def test_killed_import_is_all_or_nothing_wherever_it_is_killed(
    project_path: Path, tmp_path: Path, engine: FakeEngine, corpus: Path
) -> None:
    with Project.create(project_path, analyzer_factory=engine) as project:
        project.import_corpus(corpus)
    pristine = tmp_path / "pristine.db"
    shutil.copy(project_path, pristine)
    big = [
        {"id": f"big{i}", "text": f"Dr. Hofer sieht Frau Gruber {i}. " * 8, "patient_id": str(i % 97)}
        for i in range(BIG)
    ]
    source = write_jsonl(tmp_path / "big.jsonl", big)
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    outcomes = []
    for point in sorted(rng.uniform(0.0, 1.15) for _ in range(KILLS)):  # beyond 1: after the last record
        shutil.copy(pristine, project_path)
        child = start(IMPORT, str(project_path), str(source))
        try:
            at = min(max(1, int(point * BIG / 1000)), BIG // 1000) * 1000
            wait_for(child, f"progress {at}")
            time.sleep(rng.uniform(0.0, 0.4) if point > 1 else rng.uniform(0.0, 0.05))
        finally:
            child.send_signal(signal.SIGKILL)
            out, _ = child.communicate()
        outcomes.append(_check_all_or_nothing(project_path, engine, finished="finished" in out, seed=seed))
    print("kill outcomes", outcomes, "seed", seed)  # which occur depends on timing; each was checked


def _check_all_or_nothing(path: Path, engine: FakeEngine, *, finished: bool, seed: int) -> str:
    """The project holds the first corpus only, or the first and the whole big one; never a part."""
    with Project.open(path, analyzer_factory=engine) as project:
        assert project.integrity_check() == "ok"
        with project._db.read() as session:
            connection = session.connection()
            notes = connection.exec_driver_sql("SELECT count(*) FROM notes").scalar()
            texts = connection.exec_driver_sql("SELECT count(*) FROM note_texts").scalar()
            batches = connection.exec_driver_sql("SELECT count(*) FROM batches").scalar()
        whole = (notes, texts, batches) == (6 + BIG, 6 + BIG, 2)
        assert (notes, texts, batches) == (6, 6, 1) or whole, (notes, texts, batches, f"seed {seed}")
        assert whole or not finished, f"seed {seed}"  # a finished import was committed
        in_index = {note for _, note in indexed(project)}
        assert in_index == {r.external_id for r in project.notes.list()}, f"seed {seed}"
    return "whole" if whole else "nothing"


def test_killed_stream_of_marks_keeps_every_committed_mark(loaded: Project, engine: FakeEngine) -> None:
    path = loaded.path
    loaded.close()
    child = start(MARKS, str(path))
    try:
        committed = [int(line) for line in wait_for(child, "40")]
    finally:
        child.send_signal(signal.SIGKILL)
        # read through the text buffer (communicate() reads the raw pipe and would drop lines that
        # wait_for's read-ahead already holds); the child is dead, so both reads end
        assert child.stdout is not None and child.stderr is not None
        out, err = child.stdout.read(), child.stderr.read()
        child.wait()
        for stream in (child.stdin, child.stdout, child.stderr):
            if stream is not None:
                stream.close()
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
