"""Issue 36, point 8: ``replay``/``analyse`` of a kept game open the store without the
web server, without Alembic where the schema is current, and read an SQLite file of ours
without SQLAlchemy's engine (``store.sqlite_reads``)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rumizi.cli import app
from rumizi.server.store import archive, engines

runner = CliRunner()


def kept_file(tmp_path: Path) -> str:
    db = str(tmp_path / "games.db")
    played = runner.invoke(
        app, ["play", "love-letter", "--players", "2", "--seed", "4", "--db", db], input="1\nq\n"
    )
    assert "Kept as " in played.output, played.output
    return db


def test_the_head_revision_is_alembics() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(engines.MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_current_head() == engines.HEAD


def test_migrations_run_only_when_the_schema_is_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import alembic.command

    db = kept_file(tmp_path)  # made, and migrated to the head

    def upgrade(*_args: object, **_kw: object) -> None:
        raise AssertionError("the migrations ran on a schema already at the head")

    monkeypatch.setattr(alembic.command, "upgrade", upgrade)
    asyncio.run(archive.check_open(db))
    with pytest.raises(AssertionError, match="already at the head"):
        asyncio.run(archive.check_open(str(tmp_path / "new.db")))  # behind: no schema yet


def test_a_bad_id_is_answered_without_the_web_server_alembic_or_the_driver(tmp_path: Path) -> None:
    db = kept_file(tmp_path)
    probe = (
        "import sys\n"
        "from rumizi.cli import main\n"
        f"sys.argv = ['rumizi', 'replay', 'nosuch', '--db', {db!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('fastapi', 'starlette', 'alembic', 'aiosqlite')"
        " if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert "no match 'nosuch'" in done.stderr + done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout


def test_a_kept_game_reads_the_same_through_sqlite_and_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rumizi.server.store import sqlite_reads

    db = kept_file(tmp_path)
    quick = asyncio.run(archive.read_game(db, archive.LATEST))
    assert quick is not None and quick.log and quick.aborted
    listed = asyncio.run(archive.kept_games(db))
    assert [(g.id, moves) for g, moves in listed] == [(quick.id, len(quick.log))]
    monkeypatch.setattr(sqlite_reads, "sqlite_path", lambda _db: None)
    assert asyncio.run(archive.read_game(db, quick.id)) == quick  # through the Store
