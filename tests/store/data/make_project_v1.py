"""How ``project_v1.sql`` was made: a project at schema revision 0001 with a few synthetic rows.

Run once (``python -m tests.store.data.make_project_v1``) when revision 0001 was released; the
SQL file is frozen since, so tests keep opening a project exactly as version 1 wrote it.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

from masketeer_gui.store import db, migrate
from masketeer_gui.store.notes import text_hash

HERE = Path(__file__).parent
NOTES = [
    ("n1", "Dr. Hofer bespricht mit Frau Gruber die Werte.", "p1"),
    ("n2", "Schmerzen im Rumpf, Dr. Rumpf informiert.", "p1"),
    ("n3", "Hias kommt morgen zur Kontrolle.", "p2"),
]
T = "2025-01-02 03:04:05.000000"


def _rows(raw: sqlite3.Connection) -> None:
    raw.execute("INSERT INTO settings VALUES ('created_by', '\"masketeer-gui 0.1.0\"')")
    raw.execute("INSERT INTO batches VALUES (1, 'corpus.jsonl', ?, 'tester', 3, 0, 0)", (T,))
    for i, (ext, text, patient) in enumerate(NOTES, 1):
        raw.execute(
            "INSERT INTO notes VALUES (?, ?, ?, ?, ?, ?, 'a1', 1, ?)",
            (i, ext, text_hash(text), len(text), f'{{"patient_id": "{patient}"}}', patient, T),
        )
        raw.execute("INSERT INTO note_texts VALUES (?, ?)", (i, text))
    raw.execute("INSERT INTO runs VALUES (1, ?, ?, '0.1.0/fake-1', 'abc', '{}', 'done', 3, 3)", (T, T))
    spans = [
        (1, 1, 0, 9, "HCP", "Salutation"),
        (2, 1, 29, 35, "PER", "Salutation"),
        (3, 2, 24, 29, "HCP", "Salutation"),
    ]
    for span_id, note, start, end, entity, masker in spans:
        raw.execute(
            "INSERT INTO spans VALUES (?, 1, ?, ?, ?, ?, ?, '', '', '', NULL)",
            (span_id, note, start, end, entity, masker),
        )
    raw.execute(
        "INSERT INTO terms VALUES (1, 'whitelist', 'Rumpf', 'rumpf', NULL, 'corpus', '', 'tester', ?, 'eponym', 2)",
        (T,),
    )
    raw.execute(
        "INSERT INTO corrections VALUES (1, 3, 0, 4, 'add', 'PAT', ?, 'tester', ?, 'nickname')",
        (text_hash(NOTES[2][1]), T),
    )
    after = json.dumps(
        {
            "id": 1,
            "kind": "whitelist",
            "term": "Rumpf",
            "folded": "rumpf",
            "entity": None,
            "scope": "corpus",
            "scope_value": "",
            "who": "tester",
            "created_at": "2025-01-02T03:04:05+00:00",
            "why": "eponym",
            "source_note_id": 2,
        }
    )
    raw.execute("INSERT INTO audit_log VALUES (1, ?, 'tester', 'term', 'add', 1, NULL, ?, NULL, 0)", (T, after))


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "v1.db")
        db.create_file(path)
        database = db.Database(path, readonly=False)
        migrate.upgrade(database.writer, migrate.FIRST_REVISION)  # type: ignore[arg-type]
        database.dispose()
        with closing(sqlite3.connect(path)) as raw:
            _rows(raw)
            raw.commit()
            lines = [f"PRAGMA application_id = {db.APPLICATION_ID};", *raw.iterdump()]
    (HERE / "project_v1.sql").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
