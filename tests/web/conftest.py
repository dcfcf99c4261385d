"""Fixtures of the browser tests: Debian chromium driven by Playwright, and a real server.

The browser is the system's ``/usr/bin/chromium`` (never a Playwright download); where
there is none, every browser test is skipped with a message that says so.

A test here that fails is run once more (``pytest-rerunfailures``), as Playwright's own
runner does on CI: these tests drive a real browser and server processes on a shared
machine, and a timing slip under load is not a product bug. The rerun is printed (``R``
and "1 rerun" in the summary); a test that fails twice fails the run.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "server"))

from server_helpers import ServerProcess

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


RERUNS = 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.flaky(reruns=RERUNS, reruns_delay=1))


def chromium_path() -> str | None:
    for candidate in ("/usr/bin/chromium", shutil.which("chromium") or ""):
        if candidate and Path(candidate).exists():
            return candidate
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium binary (/usr/bin/chromium): the browser tests are skipped")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("web")
    proc = ServerProcess(str(path / "rumizi.db"), path / "server.log").start()
    yield proc
    proc.stop()
