"""The CLI's start-up cost: CPU time of `rumizi --help`, `rumizi play --help` and
`rumizi replay <a bad id>` (on a games file holding one kept game), against importing
Typer alone, in the same run.

    .venv/bin/python bench/cli_startup.py            # 15 rounds
    .venv/bin/python bench/cli_startup.py --rounds 30

Each round runs, one after the other, a fresh interpreter that only imports Typer, then
each command in a fresh interpreter, and reads the children's CPU time (user + system,
``resource.getrusage``), so other processes' load shows less than in wall time. Printed:
each command's median CPU time (min–max) and its ratio to Typer's import, median of the
per-round ratios (min–max). Issue 25's aim for the help: at most 1.5; issue 36's for
the bad id: within 1 s of CPU.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

COMMANDS: dict[str, list[str]] = {
    "import typer": [sys.executable, "-c", "import typer"],
    "rumizi --help": [sys.executable, "-c", "from rumizi.cli import main; main()", "--help"],
    "rumizi play --help": [
        sys.executable,
        "-c",
        "from rumizi.cli import main; main()",
        "play",
        "--help",
    ],
}


RUMIZI = [sys.executable, "-c", "from rumizi.cli import main; main()"]


def kept_games_file(folder: str) -> str:
    """A games file with one kept game (two moves of Love Letter, then left)."""
    db = str(Path(folder) / "rumizi.db")
    play = [*RUMIZI, "play", "love-letter", "-p", "2", "--seed", "1", "--plain", "--db", db]
    subprocess.run(play, input="1\nq\n", text=True, check=True, stdout=subprocess.DEVNULL)
    return db


def cpu_seconds(command: list[str]) -> float:
    """The CPU time (user + system) one run of ``command`` takes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "COLUMNS": "100"}
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="rumizi-bench-")
    COMMANDS["rumizi replay <bad id>"] = [
        *RUMIZI,
        "replay",
        "nosuch",
        "--db",
        kept_games_file(folder),
    ]
    for command in COMMANDS.values():  # warm the file cache and the .pyc files
        cpu_seconds(command)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.rounds):
        for name, command in COMMANDS.items():
            times[name].append(cpu_seconds(command))
    base = times["import typer"]
    print(f"load average {os.getloadavg()[0]:.1f}, {args.rounds} rounds, CPU seconds")
    for name, values in times.items():
        line = f"{name:24} {statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"
        if name != "import typer":
            ratios = [v / b for v, b in zip(values, base, strict=True)]
            line += (
                f"  ×{statistics.median(ratios):.2f} of Typer's import"
                f" ({min(ratios):.2f}–{max(ratios):.2f})"
            )
        print(line)


if __name__ == "__main__":
    main()
