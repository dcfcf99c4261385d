"""The terminal's tests: their helpers (``tui_helpers``) importable. (Each test's kept games
are in a folder of its own: ``tests/conftest.py``.)"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


import pytest


@pytest.fixture(autouse=True)
def english_unless_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No config file and a neutral locale: the language is English unless a test says."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
