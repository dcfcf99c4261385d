"""The terminal's tests: their helpers (``tui_helpers``) importable, and each test's kept
games in a folder of its own, never in the real games file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def games_file_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``rumizi play`` keeps its games under ``$XDG_DATA_HOME``: a fresh one per test."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "rumizi" / "rumizi.db"
