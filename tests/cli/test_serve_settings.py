"""``rumizi serve`` reports a bad setting in one clear line, with no traceback."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

COMMAND = [sys.executable, "-c", "from rumizi.cli import main; main()", "serve"]


def _serve(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--port", "99999"], "--port must be from 1 to 65535, not 99999"),
        (["--port", "0"], "--port must be from 1 to 65535, not 0"),
        (["--db", "/nonexistent/x.db"], "the folder /nonexistent does not exist"),
        (["--db", "mysql://x"], "unsupported database"),
        (["--db", "postgresql://nobody@127.0.0.1:1/x"], "cannot open the database"),
    ],
)
def test_a_bad_setting_is_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    result = _serve(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("rumizi serve: ")
    assert says in lines[0]
    assert not (tmp_path / "rumizi.db").exists()


def test_a_folder_given_as_the_database_file(tmp_path: Path) -> None:
    (tmp_path / "games.db").mkdir()
    result = _serve("--db", "games.db", cwd=tmp_path)
    assert result.returncode == 2
    assert "is a folder, not a database file" in result.stderr


def test_an_address_in_use_is_named(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _serve("--port", str(port), cwd=tmp_path)
    assert result.returncode == 2
    assert f"127.0.0.1:{port} is already in use" in result.stderr
    assert "Traceback" not in result.stderr


def test_serve_prints_where_to_open_the_page_and_stops_cleanly(tmp_path: Path) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    proc = subprocess.Popen(
        [*COMMAND, "--port", str(port)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as in a terminal
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert f"open http://127.0.0.1:{port} in a browser" in first
        _wait_until_serving(port, proc)
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        code = proc.wait(60)
    assert code == 0


def _wait_until_serving(port: int, proc: subprocess.Popen[str]) -> None:
    for _ in range(1200):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1)
            return
        except httpx.HTTPError:
            assert proc.poll() is None, "rumizi serve exited"
            time.sleep(0.05)
    raise AssertionError("rumizi serve did not answer")
