"""Project-wide settings: one JSON value per key in the ``settings`` table.

The project's pseudonym key lives here (hex). It is no linkage table: without the notes it
turns nothing back into a name, but anyone holding the project file and the key could
recompute a name's tag, which is why the project file is owner-only (0600). Keeping it in the
project makes tags of notes imported in later batches consistent with earlier exports.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masketeer_gui.engine.pseudonyms import new_key
from masketeer_gui.store.errors import ProjectStateError
from masketeer_gui.store.models import Setting

PSEUDONYM_KEY = "pseudonym_key"
CREATED_BY = "created_by"
CREATED_AT = "created_at"
RUN_NAMES = "run_names"  # the deployment name lists of the latest run given some (names: owner-only file)
INTERNAL = frozenset({PSEUDONYM_KEY, CREATED_BY, CREATED_AT, RUN_NAMES, "word_index_version"})


def get(session: Session, key: str, default: Any = None) -> Any:
    setting = session.get(Setting, key)
    return default if setting is None else setting.value


def put(session: Session, key: str, value: Any) -> None:
    session.merge(Setting(key=key, value=value))


def pseudonym_key(session: Session) -> bytes:
    """The project's pseudonym key, created on first use."""
    stored = get(session, PSEUDONYM_KEY)
    if stored is None:
        key = new_key()
        put(session, PSEUDONYM_KEY, key.hex())
        return key
    return bytes.fromhex(stored)


def stored_key(session: Session) -> bytes:
    """The project's pseudonym key as stored (read-only: ``ProjectStateError`` when it has none)."""
    stored = get(session, PSEUDONYM_KEY)
    if stored is None:
        raise ProjectStateError("the project has no pseudonym key")
    return bytes.fromhex(stored)
