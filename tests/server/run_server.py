"""Start the real server for the tests: ``python run_server.py HOST PORT DB [REDIS LEASE]``
(with a Redis URL and a lease in seconds: one worker of several, see ``server/cluster/worker.py``).

It registers the test-only games of this folder (never listed by a real server) first.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from rumizi import games
from rumizi.server.run import run

games.register("test-clock", "server_clock_game")

if __name__ == "__main__":
    redis, lease = (sys.argv[4], float(sys.argv[5])) if len(sys.argv) > 5 else (None, None)
    run(sys.argv[1], int(sys.argv[2]), sys.argv[3], redis=redis, lease=lease)
