"""The project store at corpus scale: import, run, one whitelist change re-run incrementally, file size.

    .venv/bin/python bench/bench_store.py [--n 35579] [--seed 1] [--workers 2] [--corpus FILE.jsonl]

1. Import the corpus into a new project (one transaction, word index included).
2. A full run with the real engine (``--workers`` processes).
3. Reading: the note list (one query, all notes) and one note with its spans.
4. One whitelist change: preview, then an incremental run; how long, and how many notes it
   touched, next to how many notes contain the word. A run with nothing changed, for the
   fixed cost of working out what is outdated.
5. Export in the ``deidentify`` format.
6. File size: total and per 10,000 notes, and per table (SQLite's ``dbstat``, when compiled in).
The corpus comes from ``python -m masketeer_gui.synth`` when available, else ``fallback_corpus``.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from fallback_corpus import write_corpus  # noqa: E402

from masketeer_gui.store import Project  # noqa: E402
from masketeer_gui.store.rows import PendingChange, TermKind, TermSpec  # noqa: E402

T = TypeVar("T")


def timed(label: str, work: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - start
    print(f"  {label:<44} {seconds:8.2f} s")
    return result, seconds


def make_corpus(folder: Path, n: int, seed: int) -> Path:
    corpus = folder / "corpus.jsonl"
    command = [
        sys.executable,
        "-m",
        "masketeer_gui.synth",
        "--n",
        str(n),
        "--seed",
        str(seed),
        "-o",
        str(corpus),
    ]
    if subprocess.run(command, cwd=ROOT, capture_output=True, check=False).returncode == 0:
        print(f"corpus: masketeer_gui.synth, {n} notes, seed {seed}")
    else:
        write_corpus(corpus, n, seed)
        print(f"corpus: bench/fallback_corpus.py, {n} notes, seed {seed}")
    return corpus


def frequent_masked_word(project: Project) -> tuple[str, int]:
    """The single-word reference masked in most notes (a likely whitelist candidate), and its note count."""
    with project._db.read() as session:
        rows = (
            session.connection()
            .exec_driver_sql(
                "SELECT s.ref, count(DISTINCT s.note_id) FROM spans s JOIN notes n ON n.id = s.note_id "
                "AND n.result_run_id = s.run_id WHERE s.ref NOT LIKE '% %' AND s.ref != '' GROUP BY s.ref"
            )
            .all()
        )
    counts = Counter({ref: notes for ref, notes in rows if ref.isalpha()})
    return counts.most_common(1)[0]


def table_sizes(path: Path) -> list[tuple[str, int]]:
    try:
        with closing(sqlite3.connect(path)) as raw:
            rows = raw.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC").fetchall()
    except sqlite3.OperationalError:
        return []
    return [(name, size) for name, size in rows]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=35_579)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--corpus", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-store-") as folder:
        corpus = args.corpus or make_corpus(Path(folder), args.n, args.seed)
        path = Path(folder, "project.db")
        with Project.create(path, user="bench") as project:
            report(project, corpus, args.workers)
        sizes(path, project_notes(path))
    return 0


def project_notes(path: Path) -> int:
    with closing(sqlite3.connect(path)) as raw:
        return int(raw.execute("SELECT count(*) FROM notes").fetchone()[0])


def report(project: Project, corpus: Path, workers: int) -> None:
    print(f"machine: {os.cpu_count()} cores; run with {workers} worker(s)")
    imported, seconds = timed("import (one transaction, word index)", lambda: project.import_corpus(corpus))
    print(f"  {'':<44} {imported.added / seconds:8.0f} notes/s ({imported.added} notes)")
    run, seconds = timed("full run (real engine)", lambda: project.runs.run(incremental=False, workers=workers))
    print(f"  {'':<44} {run.notes_analyzed / seconds:8.0f} notes/s ({run.spans_found} spans)")
    rows, _ = timed("note list (all notes, counts per type)", project.notes.list)
    timed("one note with its spans", lambda: project.notes.get(rows[len(rows) // 2].id))
    word, containing = frequent_masked_word(project)
    print(f"whitelist change: the most often masked single word (masked in {containing} notes)")
    change = PendingChange(add=(TermSpec(TermKind.WHITELIST, word),))
    preview, _ = timed("preview", lambda: project.preview(change))
    print(
        f"  {'':<44} checked {preview.notes_checked}, would change {preview.notes_affected} notes "
        f"(-{preview.spans_removed} spans)"
    )
    project.terms.add(change.add[0])
    rerun, _ = timed("incremental run after the change", lambda: project.runs.run(workers=workers))
    print(f"  {'':<44} re-analysed {rerun.notes_analyzed} of {len(rows)} notes")
    idle, _ = timed("incremental run with nothing changed", lambda: project.runs.run(workers=workers))
    assert idle.notes_analyzed == 0
    out = Path(project.path.parent, "export.jsonl")
    exported, seconds = timed("export (deidentify format)", lambda: project.export_notes(out))
    print(f"  {'':<44} {exported.notes / seconds:8.0f} notes/s")


def sizes(path: Path, notes: int) -> None:
    total = path.stat().st_size
    per_10k = total / notes * 10_000 / 1e6
    print(f"project file: {total / 1e6:.1f} MB for {notes} notes = {per_10k:.1f} MB per 10k notes")
    for name, size in table_sizes(path)[:8]:
        print(f"  {name:<32} {size / 1e6:8.2f} MB")


if __name__ == "__main__":
    sys.exit(main())
