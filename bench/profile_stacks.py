"""Sampling profiles of a benchmark's server process, with py-spy (``pip install
py-spy``; a development aid, not a dependency of the project).

``Profiler(pid, path)`` records the process's Python stacks while a load runs (``stop``
ends it); ``top(path)`` reads the collapsed stacks and returns the functions that took
the most samples: by their own time (the leaf of a stack) and including what they
called (each stack counted once per function).
"""

from __future__ import annotations

import collections
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

_LINE = re.compile(r":\d+\)$")


class Profiler:
    """py-spy recording one process until ``stop``."""

    def __init__(self, pid: int, path: Path, rate: int = 250) -> None:
        binary = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
        if not Path(binary).exists():
            raise SystemExit("--profile needs py-spy: .venv/bin/python -m pip install py-spy")
        self.path = path
        self.proc = subprocess.Popen(
            [binary, "record", "--pid", str(pid), "--rate", str(rate), "--format", "raw",
             "--threads", "--nonblocking", "--output", str(path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(60)


def _frame(text: str) -> str:
    """``function (path/to/file.py:123)`` as ``function (file.py)``."""
    name, _, where = text.partition(" (")
    return f"{name} ({Path(_LINE.sub(')', '(' + where)).name}" if where else name


def top(path: Path, count: int = 15) -> str:
    """The functions of the event loop's thread (the one with the most samples) with the
    most samples, own and inclusive, as printable lines; other threads' share in a line."""
    stacks: list[tuple[str, list[str], int]] = []
    threads: collections.Counter[str] = collections.Counter()
    for line in path.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not stack or not n.isdigit():
            continue
        parts = [f for f in stack.split(";") if not f.startswith("process ")]
        thread = parts[0] if parts and parts[0].startswith("thread ") else ""
        frames = [_frame(f) for f in parts if not f.startswith("thread ")]
        if frames:
            stacks.append((thread, frames, int(n)))
            threads[thread] += int(n)
    if not stacks:
        return "no samples"
    loop_thread = threads.most_common(1)[0][0]
    own: collections.Counter[str] = collections.Counter()
    inclusive: collections.Counter[str] = collections.Counter()
    total = 0
    for thread, frames, n in stacks:
        if thread != loop_thread:
            continue
        total += n
        own[frames[-1]] += n
        for frame in set(frames):
            inclusive[frame] += n
    others = sum(threads.values()) - total
    out = [f"event loop thread: {total} samples; other threads (database writer…): {others}"]
    for title, counter in (("own time", own), ("with what it calls", inclusive)):
        out.append(f"  top by {title}:")
        shown = [(f, n) for f, n in counter.most_common() if n < 0.97 * total][:count]
        for frame, n in shown:  # (leaving out the frames every stack runs through)
            out.append(f"    {n / total * 100:5.1f}%  {frame}")
    return "\n".join(out)


if __name__ == "__main__":
    print(top(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 15))
