"""The schema's newest revision, without importing SQLAlchemy or Alembic."""

from __future__ import annotations

from pathlib import Path

MIGRATIONS = Path(__file__).parent / "migrations"
HEAD = max(p.name.split("_", 1)[0] for p in (MIGRATIONS / "versions").glob("[0-9]*_*.py"))
"""The newest migration's revision: each file ``NNNN_name.py`` is revision ``NNNN``."""
