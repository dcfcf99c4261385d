"""Fixtures of the server tests: a real server on loopback over a real SQLite file, and a
throwaway PostgreSQL 15 cluster for the storage tests (skipped only where no PostgreSQL
binary exists).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from server_helpers import HOST, ServerProcess, create_database, free_port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(str(tmp_path / "rumizi.db"), tmp_path / "server.log").start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the tests of a module that do not restart it."""
    path = tmp_path_factory.mktemp("server")
    proc = ServerProcess(str(path / "rumizi.db"), path / "server.log").start()
    yield proc
    proc.stop()


# ------------------------------------------------------------------ PostgreSQL
def _pg_bindir() -> Path | None:
    candidates = [os.environ.get("RUMIZI_PG_BIN", ""), "/usr/lib/postgresql/15/bin"]
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(Exception):
            candidates.append(subprocess.check_output([pg_config, "--bindir"], text=True).strip())
    which = shutil.which("initdb")
    if which:
        candidates.append(str(Path(which).parent))
    for c in candidates:
        if c and (Path(c) / "initdb").exists() and (Path(c) / "pg_ctl").exists():
            return Path(c)
    return None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster on loopback, started for this test session."""
    if os.environ.get("RUMIZI_TEST_PG_URL"):
        yield os.environ["RUMIZI_TEST_PG_URL"]
        return
    bindir = _pg_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl) here: PostgreSQL tests skipped")
    root = Path(tempfile.mkdtemp(prefix="rumizi-pg-"))
    data = root / "data"
    run_as: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use its own account
        user = "postgres"
        try:
            entry = pwd.getpwnam(user)
        except KeyError:
            entry = pwd.getpwnam("nobody")
            user = "nobody"
        os.chown(root, entry.pw_uid, entry.pw_gid)
        run_as = ["runuser", "-u", user, "--"]
    port = free_port()
    log = root / "postgres.log"
    try:
        subprocess.run(
            [*run_as, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "rumizi"],
            check=True,
            capture_output=True,
        )
        subprocess.run(
            [
                *run_as,
                str(bindir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-w",
                "-o",
                f"-p {port} -k {root} -c listen_addresses={HOST}",
                "start",
            ],
            check=True,
            capture_output=True,
        )
        subprocess.run(
            [
                *run_as,
                str(bindir / "createdb"),
                "-h",
                HOST,
                "-p",
                str(port),
                "-U",
                "rumizi",
                "rumizi",
            ],
            check=True,
            capture_output=True,
        )
    except subprocess.CalledProcessError as e:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(
            f"PostgreSQL did not start: {e.stderr.decode(errors='replace')}"
        ) from None
    yield f"postgresql+asyncpg://rumizi@{HOST}:{port}/rumizi"
    subprocess.run(
        [*run_as, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
        capture_output=True,
    )
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test runs on an SQLite file and on PostgreSQL 15."""
    if request.param == "sqlite":
        return str(tmp_path / "rumizi.db")
    url: str = request.getfixturevalue("postgres_url")
    # A fresh database per test, so that tests do not see each other's rooms.
    name = f"t{os.getpid()}_{abs(hash(request.node.nodeid)) % 10**8}"
    base = url.rsplit("/", 1)[0]
    asyncio.run(create_database(base + "/rumizi", name))
    return f"{base}/{name}"


@pytest.fixture
def postgres_db(request: pytest.FixtureRequest, postgres_url: str) -> str:
    """A fresh PostgreSQL database of its own for one test."""
    name = f"t{os.getpid()}_{abs(hash(request.node.nodeid)) % 10**8}"
    base = postgres_url.rsplit("/", 1)[0]
    asyncio.run(create_database(base + "/rumizi", name))
    return f"{base}/{name}"


# ------------------------------------------------------------------ Redis
def _redis_server() -> str | None:
    for c in (os.environ.get("RUMIZI_REDIS_SERVER", ""), shutil.which("redis-server") or ""):
        if c and Path(c).exists():
            return c
    return None


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A throwaway redis-server on loopback (no persistence), for the cluster tests."""
    binary = _redis_server()
    if binary is None:
        pytest.skip(
            "no redis-server binary here (apt-get install redis-server): cluster tests skipped"
        )
    import redis

    root = Path(tempfile.mkdtemp(prefix="rumizi-redis-"))
    port = free_port()
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no",
         "--dir", str(root), "--logfile", str(root / "redis.log")],
    )  # fmt: skip
    url = f"redis://{HOST}:{port}/0"
    client = redis.Redis.from_url(url)
    try:
        for _ in range(200):
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if proc.poll() is not None:
                    raise RuntimeError(
                        f"redis-server did not start: exit {proc.returncode}"
                    ) from None
                time.sleep(0.05)
        else:
            raise RuntimeError("redis-server did not answer within 10 s")
        yield url
    finally:
        client.close()
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(root, ignore_errors=True)
