"""The ``Project`` facade: one SQLite project file, opened for writing (one program at a time) or read-only.

Every method is a short unit of work with its own session, safe to call from a worker thread;
what comes out are the frozen rows of ``rows.py``. Sub-services: ``notes``, ``terms``,
``corrections``, ``marks``, ``samples``, ``runs``.
"""

from __future__ import annotations

import getpass
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy import select, text

from masketeer_gui._version import __version__
from masketeer_gui.engine.lists import NameLists
from masketeer_gui.engine.surrogates import SurrogateIssuer
from masketeer_gui.store import audit, exporter, importer, migrate, settings, sharing, wordindex
from masketeer_gui.store.acceptances import Acceptances
from masketeer_gui.store.affected import notes_for_keys
from masketeer_gui.store.analyzers import AnalyzerFactory, EngineParts, default_factory, engine_parts
from masketeer_gui.store.corrections import Corrections
from masketeer_gui.store.db import Database, create_file, make_owner_only, probe
from masketeer_gui.store.errors import (
    InvalidChangeError,
    NeedsUpgradeError,
    NotAProjectError,
    ProjectNotFoundError,
)
from masketeer_gui.store.feedback import term_key
from masketeer_gui.store.locking import ProjectLock
from masketeer_gui.store.marks import Marks
from masketeer_gui.store.models import Note, utcnow
from masketeer_gui.store.notes import Notes
from masketeer_gui.store.preview import preview_change
from masketeer_gui.store.rows import (
    AuditRow,
    ExportReport,
    ImportReport,
    PendingChange,
    Preview,
    ProjectStats,
    TermSpec,
)
from masketeer_gui.store.runs import Runs, recover
from masketeer_gui.store.sampling import Samples
from masketeer_gui.store.stats import Statistics
from masketeer_gui.store.terms import Terms, normalized
from masketeer_gui.store.textsearch import TextHit, contexts_in, search_notes

EXPORT_MODES = ("tags", "surrogates")


def _default_user() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return ""


class Project:
    """An open project file. Use ``Project.create`` or ``Project.open``; close it (or use ``with``)."""

    def __init__(self, db: Database, lock: ProjectLock | None, user: str, factory: AnalyzerFactory) -> None:
        self._db = db
        self._lock = lock
        self.user = user
        self.notes = Notes(db, user)
        self.terms = Terms(db, user)
        self.corrections = Corrections(db, user)
        self.marks = Marks(db, user)
        self.acceptances = Acceptances(self.marks, user)
        self.samples = Samples(db, user)
        self.runs = Runs(db, factory)
        self._stats = Statistics(db)

    @classmethod
    def create(
        cls, path: Path | str, *, user: str | None = None, analyzer_factory: AnalyzerFactory | None = None
    ) -> Project:
        """Create a new project file (owner-only); ``ProjectExistsError`` if the file exists."""
        path = Path(path).absolute()
        create_file(path)
        lock: ProjectLock | None = None
        db: Database | None = None
        try:
            lock = ProjectLock(path)
            db = Database(path, readonly=False)
            with db.translated():
                migrate.upgrade(db.writer)  # type: ignore[arg-type]
            with db.write() as session:
                settings.put(session, settings.CREATED_AT, utcnow().isoformat())
                settings.put(session, settings.CREATED_BY, f"masketeer-gui {__version__}")
                settings.put(session, wordindex.VERSION_KEY, wordindex.INDEX_VERSION)
                settings.pseudonym_key(session)
        except BaseException:
            _discard(path, db, lock)
            raise
        return cls(db, lock, user if user is not None else _default_user(), analyzer_factory or default_factory)

    @classmethod
    def open(
        cls,
        path: Path | str,
        *,
        readonly: bool = False,
        user: str | None = None,
        analyzer_factory: AnalyzerFactory | None = None,
    ) -> Project:
        """Open a project, upgrading its schema if it is older (not when ``readonly``)."""
        path = Path(path).absolute()
        if not path.exists():
            raise ProjectNotFoundError(path)
        if not path.is_file():
            raise NotAProjectError(path)
        make_owner_only(path)  # a project copied or created loosely (0644) becomes owner-only again
        who = user if user is not None else _default_user()
        factory = analyzer_factory or default_factory
        if readonly:
            revision = _known_revision(path)
            if revision != migrate.head_revision():
                raise NeedsUpgradeError(path)
            return cls(Database(path, readonly=True), None, who, factory)
        lock = ProjectLock(path, sidecar=False)  # the file's identity first: another name of it is in use too
        db: Database | None = None
        try:
            revision = _known_revision(path)
            lock.take_sidecar()
            db = Database(path, readonly=False)
            _prepare(db, revision)
        except BaseException:
            if db is not None:
                db.dispose()
            lock.release()
            raise
        return cls(db, lock, who, factory)

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def readonly(self) -> bool:
        return self._db.readonly

    def close(self) -> None:
        """Close connections and release the writing lock."""
        self._db.dispose()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Project:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def import_corpus(
        self,
        source: Path,
        *,
        id_col: str = "id",
        text_col: str = "text",
        skip_bad: bool = False,
        progress: importer.ImportProgress | None = None,
        patient_col: str = "patient_id",
        delimiter: str | None = None,
    ) -> ImportReport:
        """Import a corpus file or folder as one batch, all or nothing (see ``importer``)."""
        return importer.import_corpus(
            self._db,
            Path(source),
            who=self.user,
            id_col=id_col,
            text_col=text_col,
            skip_bad=skip_bad,
            progress=progress,
            patient_col=patient_col,
            delimiter=delimiter,
        )

    def preview(self, change: PendingChange, names: NameLists | None = None) -> Preview:
        """What ``change`` would alter, computed without saving."""
        return preview_change(self._db, self.runs, change, names)

    def history(self, domain: str | None = None, limit: int = 200) -> list[AuditRow]:
        with self._db.read() as session:
            return audit.history(session, domain, limit)

    def export_notes(
        self,
        target: Path,
        *,
        key: bytes | None = None,
        mode: str = "tags",
        length_preserving: bool = False,
        names: NameLists | None = None,
    ) -> ExportReport:
        """Write the notes as ``masketeer deidentify`` would (``mode``: "tags" or "surrogates").

        Surrogates use the key (the project's by default), the project's name lists (plus ``names``,
        as a run given them) and each note's patient id as scope: the output equals
        ``deidentify --mode surrogates --key-file K --names N`` on the same notes and lists.
        """
        if mode not in EXPORT_MODES:
            raise ValueError(f"unknown export mode {mode!r}")
        if length_preserving and mode != "surrogates":
            raise ValueError("length_preserving needs mode='surrogates'")
        surrogates = partial(self._surrogates, names=names, length_preserving=length_preserving)
        return exporter.export_notes(
            self._db, Path(target), key=key, surrogates=surrogates if mode == "surrogates" else None
        )

    def _surrogates(self, key: bytes, *, names: NameLists | None, length_preserving: bool) -> SurrogateIssuer:
        """A surrogate issuer on the project's engine and current name lists."""
        feedback, analyzer, _version = self.runs.prepare(names)
        return SurrogateIssuer.for_analyzer(key, analyzer, feedback.names, length_preserving)

    def export_lists(self, target: Path) -> tuple[int, int]:
        return sharing.export_lists(self._db, Path(target))

    def import_lists(self, source: Path) -> tuple[int, int]:
        return sharing.import_lists(self._db, self.terms, Path(source), who=self.user)

    def pseudonym_key(self) -> bytes:
        """The project's key for keyed tags (stored in the project; see ``settings.py``)."""
        with self._db.read() as session:
            return settings.stored_key(session)

    def engine_parts(self) -> EngineParts | None:
        """The key, current name lists and the engine's lexicon and name index (None with a fake engine)."""
        feedback, analyzer, _version = self.runs.prepare()
        return engine_parts(self.pseudonym_key(), feedback.names, analyzer)

    def stats(self) -> ProjectStats:
        """Counts per entity type and masker of the current results, tokens and spans per note."""
        return self._stats()

    def term_notes(self, spec: TermSpec, limit: int | None = None) -> list[int]:
        """Ids of the notes a term (added or removed) can change: those containing it, in its scope."""
        self.runs.ensure_index()
        with self._db.read() as session:
            found = notes_for_keys(session, [term_key(normalized(spec))], ())
            ids = sorted(found) if found is not None else list(session.scalars(select(Note.id).order_by(Note.id)))
        return ids[:limit] if limit is not None else ids

    def search_text(self, query: str, limit: int = 200) -> list[TextHit]:
        """Notes holding every word of ``query`` with the offsets of the hits (see ``textsearch``)."""
        with self._db.read() as session:
            return search_notes(session, query, limit)

    def note_contexts(self, note_ids: list[int], query: str) -> list[TextHit]:
        """Where ``query``'s words stand in these notes, a line of context each (a preview's affected notes)."""
        with self._db.read() as session:
            return contexts_in(session, note_ids, query)

    def setting(self, key: str, default: Any = None) -> Any:
        """A project setting (any JSON value), e.g. what the GUI remembers per project."""
        with self._db.read() as session:
            return settings.get(session, key, default)

    def set_setting(self, key: str, value: Any) -> None:
        """Store a project setting; the store's own keys (the pseudonym key…) cannot be set."""
        if key in settings.INTERNAL:
            raise InvalidChangeError(f"'{key}' is managed by the project itself")
        with self._db.write() as session:
            settings.put(session, key, value)

    def schema_revision(self) -> str | None:
        with self._db.read() as session:
            return migrate.current_revision(session.connection())

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: "ok" for a sound file."""
        with self._db.read() as session:
            return "\n".join(str(row[0]) for row in session.execute(text("PRAGMA integrity_check")))


def _known_revision(path: Path) -> str:
    """The schema revision of a complete project this version can open."""
    revision = probe(path)
    if revision is None:
        raise NotAProjectError(path, "not a Masketeer project (it was never completed)")
    migrate.check_known(revision, path)
    return revision


def _prepare(db: Database, revision: str) -> None:
    """Upgrade an older schema, clean up after a crashed run, make sure the project has a key."""
    db.run_raw(lambda raw: raw.execute("PRAGMA journal_mode = WAL"))
    if revision != migrate.head_revision():
        with db.translated():
            migrate.upgrade(db.writer)  # type: ignore[arg-type]
    recover(db)
    with db.write() as session:
        settings.pseudonym_key(session)


def _discard(path: Path, db: Database | None, lock: ProjectLock | None) -> None:
    """Remove a project file whose creation failed half-way."""
    if db is not None:
        db.dispose()
    if lock is not None:
        lock.release()
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(str(path) + suffix).unlink(missing_ok=True)
