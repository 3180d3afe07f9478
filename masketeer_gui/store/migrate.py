"""Schema versions: Alembic revisions shipped in the package, applied programmatically on open.

No ``alembic.ini`` is needed at runtime. Migrations run in one ``BEGIN IMMEDIATE`` transaction
with foreign keys off (SQLite's recommended procedure for table rebuilds, so a batch migration
cannot cascade-delete rows) and a ``foreign_key_check`` before commit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text

from masketeer_gui.store.errors import NewerSchemaError

MIGRATIONS = Path(__file__).with_name("migrations")
FIRST_REVISION = "0001"


def alembic_config() -> Config:
    """An in-memory Alembic configuration pointing at the shipped migrations."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    return config


@lru_cache(maxsize=1)
def _script() -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    """The newest schema this version of Masketeer knows."""
    head = _script().get_current_head()
    assert head is not None, "no migrations shipped"
    return head


def current_revision(connection: Connection) -> str | None:
    """The revision recorded in the file, or None if it has no Alembic table."""
    found = connection.execute(
        text("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'")
    ).first()
    if found is None:
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def is_known(revision: str) -> bool:
    """True if this version of Masketeer ships ``revision`` (else the file is from a newer one)."""
    return revision in {script.revision for script in _script().walk_revisions()}


def check_known(revision: str | None, path: Path) -> None:
    """Raise ``NewerSchemaError`` for a schema this version does not know."""
    if revision is not None and not is_known(revision):
        raise NewerSchemaError(
            path, f"made by a newer version of Masketeer (schema {revision}); update Masketeer to open it"
        )


def upgrade(engine: Engine, target: str = "head") -> None:
    """Bring the file up to ``target`` in one transaction, foreign keys checked before commit."""
    _migrate(engine, command.upgrade, target)


def downgrade(engine: Engine, target: str) -> None:
    """Take the file back to ``target`` (for developers and tests; the app never downgrades)."""
    _migrate(engine, command.downgrade, target)


def _migrate(engine: Engine, step: Callable[[Config, str], None], target: str) -> None:
    with engine.connect() as connection:
        raw = connection.connection.dbapi_connection
        assert raw is not None
        raw.execute("PRAGMA foreign_keys = OFF")
        try:
            with connection.begin():
                config = alembic_config()
                config.attributes["connection"] = connection
                step(config, target)
                problems = connection.execute(text("PRAGMA foreign_key_check")).all()
                if problems:
                    raise RuntimeError(f"migration to {target} broke {len(problems)} foreign key(s)")
        finally:
            raw.execute("PRAGMA foreign_keys = ON")
