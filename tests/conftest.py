"""Every test's kept games in a folder of its own: ``rumizi play`` keeps the games it plays
under ``$XDG_DATA_HOME`` (docs/terminal.md), and no test may write into the real games file
of whoever runs the suite."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def games_file_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``rumizi play`` keeps its games under ``$XDG_DATA_HOME``: a fresh one per test."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "rumizi" / "rumizi.db"
