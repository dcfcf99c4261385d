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


class _Chromium:
    """One Chromium for the browser tests of this folder, started for the first of them and
    stopped as soon as the next test is elsewhere: Playwright's sync API holds a running
    event loop in the main thread while it is open, which would break ``asyncio.run`` in
    any later test, whatever order the tests are run in."""

    def __init__(self) -> None:
        self._playwright: Any = None
        self._browser: Any = None

    def get(self, path: str) -> Any:
        if self._browser is None:
            from playwright.sync_api import sync_playwright

            self._playwright = sync_playwright().start()
            self._browser = self._playwright.chromium.launch(
                executable_path=path, args=CHROMIUM_ARGS
            )
        return self._browser

    def stop(self) -> None:
        if self._browser is not None:
            self._browser.close()
            self._playwright.stop()
            self._browser = self._playwright = None


_CHROMIUM = _Chromium()


@pytest.fixture
def browser() -> Any:
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium binary (/usr/bin/chromium): the browser tests are skipped")
    pytest.importorskip("playwright.sync_api")
    return _CHROMIUM.get(path)


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    here = Path(__file__).parent
    if nextitem is None or here not in nextitem.path.parents:
        _CHROMIUM.stop()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("web")
    proc = ServerProcess(str(path / "rumizi.db"), path / "server.log").start()
    yield proc
    proc.stop()
