"""``rumizi serve`` starts the server with its SQLite file (WAL mode) in the current folder."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
from server_helpers import HOST, free_port


def test_rumizi_serve_makes_its_sqlite_file_and_answers(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-c", "from rumizi.cli import main; main()"]
    proc = subprocess.Popen(
        [*command, "serve", "--host", HOST, "--port", str(port)],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(600):
            try:
                health = httpx.get(f"http://{HOST}:{port}/api/health", timeout=1)
                break
            except httpx.HTTPError:
                assert proc.poll() is None, "rumizi serve exited"
                time.sleep(0.05)
        else:
            raise AssertionError("rumizi serve did not answer")
        assert health.json()["ok"] is True
        db = tmp_path / "rumizi.db"
        assert db.exists()
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        assert {"rooms", "seats", "matches", "actions", "alembic_version"} <= tables
    finally:
        proc.terminate()
        proc.wait(20)
