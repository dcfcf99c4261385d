"""A throwaway Rumizi server for the benches that drive it from outside (a browser, or
WebSocket clients): ``rumizi serve`` on a free port over a fresh SQLite file, stopped
when the block ends; and the Debian Chromium the browser benches drive."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from load_client import HOST, free_port


@contextlib.contextmanager
def rumizi_server(prefix: str = "rumizi-bench-") -> Iterator[str]:
    """Start ``rumizi serve`` (this environment's) and yield its base URL once it answers."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    port = free_port()
    rumizi = str(Path(sys.executable).with_name("rumizi"))
    server = subprocess.Popen(
        [rumizi, "serve", "--port", str(port), "--db", str(tmp / "bench.db")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://{HOST}:{port}"
    try:
        for _ in range(200):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            if server.poll() is not None:
                sys.exit(f"rumizi serve stopped at start (exit {server.returncode})")
            time.sleep(0.05)
        yield base
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(tmp, ignore_errors=True)


def chromium() -> str:
    """Debian's Chromium (never a downloaded browser), or exit saying how to get it."""
    found = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
    if not found:
        sys.exit("no Chromium binary: install Debian's chromium (apt-get install -y chromium)")
    return found
