"""Each room's fencing epoch: the lease number of the worker that owns it now.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "rooms", sa.Column("epoch", sa.BigInteger, nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("epoch")
