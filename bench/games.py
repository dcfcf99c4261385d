"""Every registered game's speed figures: runs ``bench/<package>.py`` for each game of the
registry (``rumizi.games``), so a game's bench entry is its script by that name.

    .venv/bin/python bench/games.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rumizi import games

HERE = Path(__file__).parent


def script(game_id: str) -> Path:
    """The bench script of ``game_id``: ``bench/<its package name>.py``."""
    return HERE / f"{games.package(game_id).rsplit('.', 1)[1]}.py"


def main() -> None:
    failed = []
    for game_id in games.ids():
        path = script(game_id)
        print(f"== {game_id}: {path.name}", flush=True)
        if not path.exists() or subprocess.run([sys.executable, str(path)]).returncode:
            failed.append(game_id)
    if failed:
        sys.exit(f"no bench figures for: {', '.join(failed)}")


if __name__ == "__main__":
    main()
