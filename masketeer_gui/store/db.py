"""The project file on disk: creating it owner-only, connecting with the right pragmas, short sessions.

Every connection runs with WAL, ``foreign_keys=ON``, a busy timeout and ``synchronous=NORMAL``
(durable against a crashed process; a power cut may lose the last commits, never consistency).
Python's sqlite3 module is put in autocommit mode and the transactions are begun explicitly:
``BEGIN`` for reading sessions, ``BEGIN IMMEDIATE`` for writing ones, so two writers queue on
the busy timeout instead of failing on a lock upgrade. SQLite errors that mean "the environment
failed" come out as ``ProjectEnvironmentError``; everything else stays an exception (a bug).
"""

from __future__ import annotations

import os
import sqlite3
import stat
import sys
import weakref
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import QueuePool

from masketeer_gui.store.errors import NotAProjectError, ProjectIOError, ReadOnlyError, environment_error

APPLICATION_ID = 0x4D4B5450  # "MKTP" in the SQLite header marks a Masketeer project
BUSY_TIMEOUT_S = 5.0
PRAGMAS = ("PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL")


def create_file(path: Path) -> None:
    """Create an empty project file owner-only (0600) before SQLite touches it; fails if it exists."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileNotFoundError:
        raise ProjectIOError(path, "the folder does not exist") from None
    except OSError as exc:
        raise (environment_error(exc, path) or exc) from None
    os.fchmod(fd, 0o600)
    os.close(fd)
    with closing(_raw_connect(path, readonly=False)) as raw:
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        raw.execute("PRAGMA journal_mode = WAL")


def _uri(path: Path, readonly: bool) -> str:
    """Reading connections open the file read-write when they may (``query_only`` keeps them from
    writing): a ``mode=ro`` connection cannot recover the WAL after a crashed writer. On read-only
    media (neither the file nor its folder writable, no WAL left behind) the file is opened
    ``immutable``: SQLite could not create the WAL index there, and nobody can change the file."""
    if not readonly or os.access(path, os.W_OK):
        return f"file:{quote(str(path))}?mode=rw"
    if not os.access(path.parent, os.W_OK) and not _has_wal(path):
        return f"file:{quote(str(path))}?mode=ro&immutable=1"
    return f"file:{quote(str(path))}?mode=ro"


def _has_wal(path: Path) -> bool:
    try:
        return os.path.getsize(str(path) + "-wal") > 0
    except OSError:
        return False


def make_owner_only(path: Path) -> None:
    """Tighten the project's files to owner-only (0600) where they are looser and ours to change."""
    if sys.platform == "win32":  # pragma: no cover - no POSIX modes
        return
    for name in (str(path), str(path) + "-wal", str(path) + "-shm"):
        try:
            status = os.stat(name)
            if status.st_mode & 0o077 and status.st_uid == os.getuid():
                os.chmod(name, stat.S_IMODE(status.st_mode) & 0o700)
        except OSError:  # gone meanwhile, read-only media, or not ours: nothing to tighten
            continue


def _raw_connect(path: Path, readonly: bool) -> sqlite3.Connection:
    connection = sqlite3.connect(
        _uri(path, readonly), uri=True, isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT_S
    )
    try:
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        for pragma in PRAGMAS:
            connection.execute(pragma)
        if readonly:
            connection.execute("PRAGMA query_only = ON")
    except BaseException:  # not a database, locked, I/O error: never leave the connection open
        connection.close()
        raise
    return connection


def probe(path: Path) -> str | None:
    """Check ``path`` is a Masketeer project without changing it; return its schema revision."""
    try:
        with closing(_raw_connect(path, readonly=True)) as raw:
            if raw.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                raise NotAProjectError(path)
            has_version = raw.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
            ).fetchone()
            row = raw.execute("SELECT version_num FROM alembic_version").fetchone() if has_version else None
    except sqlite3.Error as exc:
        raise (environment_error(exc, path) or exc) from None
    return row[0] if row else None


def make_engine(path: Path, *, readonly: bool, immediate: bool) -> Engine:
    """A pooled engine whose transactions begin with ``BEGIN`` or ``BEGIN IMMEDIATE``."""
    engine = create_engine(
        "sqlite://",
        creator=lambda: _raw_connect(path, readonly),
        poolclass=QueuePool,
        pool_size=2,
        max_overflow=6,
        hide_parameters=True,  # parameters hold note text: keep them out of error messages and logs
    )
    begin = "BEGIN IMMEDIATE" if immediate else "BEGIN"

    def on_begin(connection: Connection) -> None:
        connection.exec_driver_sql(begin)

    event.listen(engine, "begin", on_begin)
    return engine


def _dispose_engines(*engines: Engine | None) -> None:
    for engine in engines:
        if engine is not None:
            engine.dispose()


class Database:
    """Engines and short sessions for one project file; ``read()`` and ``write()`` are units of work."""

    def __init__(self, path: Path, *, readonly: bool) -> None:
        self.path = path
        self.readonly = readonly
        self.reader = make_engine(path, readonly=readonly, immediate=False)
        self.writer = None if readonly else make_engine(path, readonly=False, immediate=True)
        self._read_sessions = sessionmaker(self.reader, expire_on_commit=False, autoflush=False)
        # A Database dropped without dispose() still closes its pooled connections (never left to the GC).
        weakref.finalize(self, _dispose_engines, self.reader, self.writer)
        self._write_sessions = (
            sessionmaker(self.writer, expire_on_commit=False, autoflush=False) if self.writer else None
        )

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A consistent snapshot for reading; nothing is written."""
        with self.translated(), self._read_sessions() as session:
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A writing transaction: committed when the block ends, rolled back on any error."""
        if self._write_sessions is None:
            raise ReadOnlyError(self.path, "the project was opened read-only")
        with self.translated(), self._write_sessions.begin() as session:
            yield session

    @contextmanager
    def translated(self) -> Iterator[None]:
        """Turn SQLite's environment failures into ``ProjectEnvironmentError`` naming the file."""
        try:
            yield
        except Exception as exc:
            error = environment_error(exc, self.path)
            if error is None or error is exc:
                raise
            raise error from exc

    def run_raw(self, work: Callable[[sqlite3.Connection], object]) -> None:
        """Run ``work`` on a pooled writing connection outside any transaction (pragmas, checkpoints)."""
        engine = self.writer or self.reader
        with self.translated(), engine.connect() as connection:
            raw = connection.connection.dbapi_connection
            assert isinstance(raw, sqlite3.Connection)
            work(raw)

    def dispose(self) -> None:
        """Close every pooled connection (SQLite then checkpoints and removes the WAL)."""
        self.reader.dispose()
        if self.writer is not None:
            self.writer.dispose()
