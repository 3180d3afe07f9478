"""Alembic environment for project files.

At runtime ``masketeer_gui.store.migrate`` passes an open connection (already inside a
transaction) in ``config.attributes["connection"]``. Developers may also run the alembic CLI
with ``-x db=PATH`` against a scratch project to write a new revision (autogenerate).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from masketeer_gui.store.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations() -> None:
    """Migrate the given connection, or a scratch file named with ``-x db=PATH``."""
    connection = config.attributes.get("connection")
    if connection is None:
        path = context.get_x_argument(as_dictionary=True)["db"]
        with create_engine(f"sqlite:///{path}").begin() as own:
            _migrate(own)
        return
    _migrate(connection)


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run_migrations()
