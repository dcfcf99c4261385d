"""Start the real server for the tests: ``python run_server.py HOST PORT DB``.

It registers the test-only games of this folder (never listed by a real server) first.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from rumizi import games
from rumizi.server.run import run

games._PACKAGES.setdefault("test-clock", "server_clock_game")

if __name__ == "__main__":
    run(sys.argv[1], int(sys.argv[2]), sys.argv[3])
