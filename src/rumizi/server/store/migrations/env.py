"""Alembic environment: runs on the connection the server hands it (see ``store.migrate``).

Run from the command line too: ``alembic -x url=sqlite:///rumizi.db upgrade head`` with
``script_location`` pointing here.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from rumizi.server.store.schema import metadata

config = context.config
connection = config.attributes.get("connection")

if connection is not None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
else:  # pragma: no cover - command-line use
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url"
    )
    if url is None:
        raise SystemExit("give the database: alembic -x url=... upgrade head")
    engine = create_engine(url)
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
