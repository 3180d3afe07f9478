"""The project store: one SQLite file per project (SQLAlchemy 2 + Alembic), no Qt.

Start at ``Project`` (project.py); rows and enums are in ``rows.py``, errors in ``errors.py``.
"""

from masketeer_gui.store.errors import (
    InvalidChangeError,
    NotFoundError,
    ProjectEnvironmentError,
    ProjectStateError,
    StoreError,
)
from masketeer_gui.store.project import Project

__all__ = [
    "InvalidChangeError",
    "NotFoundError",
    "Project",
    "ProjectEnvironmentError",
    "ProjectStateError",
    "StoreError",
]
