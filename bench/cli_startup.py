"""The CLI's start-up cost: CPU time of `rumizi --help` and `rumizi play --help`, against
importing Typer alone, in the same run.

    .venv/bin/python bench/cli_startup.py            # 15 rounds
    .venv/bin/python bench/cli_startup.py --rounds 30

Each round runs, one after the other, a fresh interpreter that only imports Typer, then
each command in a fresh interpreter, and reads the children's CPU time (user + system,
``resource.getrusage``), so other processes' load shows less than in wall time. Printed:
each command's median CPU time (min–max) and its ratio to Typer's import, median of the
per-round ratios (min–max). The issue's aim: at most 1.5.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys

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


def cpu_seconds(command: list[str]) -> float:
    """The CPU time (user + system) one run of ``command`` takes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "COLUMNS": "100"}
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    for command in COMMANDS.values():  # warm the file cache and the .pyc files
        cpu_seconds(command)
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.rounds):
        for name, command in COMMANDS.items():
            times[name].append(cpu_seconds(command))
    base = times["import typer"]
    print(f"load average {os.getloadavg()[0]:.1f}, {args.rounds} rounds, CPU seconds")
    for name, values in times.items():
        line = f"{name:20} {statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"
        if name != "import typer":
            ratios = [v / b for v, b in zip(values, base, strict=True)]
            line += (
                f"  ×{statistics.median(ratios):.2f} of Typer's import"
                f" ({min(ratios):.2f}–{max(ratios):.2f})"
            )
        print(line)


if __name__ == "__main__":
    main()
