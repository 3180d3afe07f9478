"""Opening a file that is no SQLite database fails cleanly and leaves no connection open (Python 3.13
warns about every unclosed sqlite3 connection, which the suite turns into an error)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from masketeer_gui.store import Project, db
from masketeer_gui.store.errors import NotAProjectError


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[sqlite3.Connection]:
    """Every sqlite3 connection the store opens during the test."""
    made: list[sqlite3.Connection] = []
    real = sqlite3.connect

    def spy(*args: object, **kwargs: object) -> sqlite3.Connection:
        connection = real(*args, **kwargs)  # type: ignore[call-overload]
        made.append(connection)
        return connection

    monkeypatch.setattr(db.sqlite3, "connect", spy)
    return made


def _is_open(connection: sqlite3.Connection) -> bool:
    try:
        connection.execute("SELECT 1")
    except sqlite3.ProgrammingError:  # "Cannot operate on a closed database."
        return False
    return True


@pytest.mark.parametrize(
    "content",
    [b"Befund vom Montag, nur Text und kein SQLite.\n" * 200, bytes(range(256)) * 40],
    ids=["text", "binary"],
)
def test_a_non_project_file_is_refused_and_no_connection_stays_open(
    tmp_path: Path, opened: list[sqlite3.Connection], content: bytes
) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(content)
    with pytest.raises(NotAProjectError):
        Project.open(path)
    assert opened, "the store never tried to open the file"
    assert not [c for c in opened if _is_open(c)]


def test_a_project_dropped_without_close_closes_its_connections(
    tmp_path: Path, opened: list[sqlite3.Connection]
) -> None:
    import gc

    path = tmp_path / "p.db"
    Project.create(path).close()
    opened.clear()
    project = Project.open(path)
    project.stats()  # a read: connections checked out and back into the pool
    del project
    gc.collect()
    assert opened, "the store never opened a connection"
    assert not [c for c in opened if _is_open(c)]
