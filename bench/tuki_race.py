"""The Tuki lost-moves race (issue 23), looked for by a hurried person in Chromium.

Starts a real server (over a throwaway SQLite file) and plays ``--rounds`` Tuki rounds
(rematches as needed) against a hard bot in headless Debian chromium: in each round a
hurried person makes 6–14 random moves (clicks on the build area, the tray, the pad, undo,
remove, keys) while the bot builds, waits for every answer, checks the tray against the
server's build and declares done. Then every move the page sent is paired with the
server's answer (``tests/web/tuki_race.py``): taken (and in the build), refused and said
on screen, or refused as stale and sent again. Prints the counts, what the server logged
of bots that did not move, and any problem.

    .venv/bin/python bench/tuki_race.py [--rounds 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "web"), str(ROOT / "tests" / "server")]

from playwright.sync_api import sync_playwright  # noqa: E402
from server_helpers import ServerProcess  # noqa: E402

from tuki_race import Report, play_rounds  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chromium = (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
    )
    if not chromium:
        sys.exit("no Chromium binary: install Debian's chromium")
    tmp = Path(tempfile.mkdtemp(prefix="rumizi-tuki-race-"))
    server = ServerProcess(str(tmp / "race.db"), tmp / "server.log").start()
    report = Report()
    started = time.monotonic()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            play_rounds(browser, server.url, args.rounds, args.seed, report)
            browser.close()
    finally:
        server.stop()
    stalled = [line for line in server.log_path.read_text().splitlines() if "did not move" in line]
    shutil.rmtree(tmp, ignore_errors=True)
    print(f"{report.rounds} rounds in {time.monotonic() - started:.0f} s (seed {args.seed})")
    print(
        f"moves sent: {report.sent}; taken and in the build: {report.taken}; refused and said on "
        f"screen: {report.refused_said}; refused as stale and sent again: {report.stale_resent}"
    )
    print(f"moves the page refused itself (said, never sent): {report.refused_locally}")
    print(f"bots that did not move (server log): {len(stalled)}")
    for line in stalled:
        print("  ", line)
    print(f"problems: {len(report.problems)}")
    for problem in report.problems:
        print("  ", problem)
    sys.exit(1 if report.problems else 0)


if __name__ == "__main__":
    main()
