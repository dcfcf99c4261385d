"""How long a fresh clone's `make run` takes to serve its first page.

Clones this repository's HEAD into a temporary folder, runs `make run` there and times it
until http://127.0.0.1:PORT/ answers, then stops it with Ctrl-C (SIGINT). With
``--makefile-from REV`` the clone's Makefile is replaced by the one at git revision REV,
so two set-up recipes are compared on the same code and the same dependencies. The
recipes alternate within one run (the machine is shared: compare ratios, not seconds).

By default the package caches are cold, as on a new machine (pip's cache is switched
off and uv gets an empty cache per trial); ``--warm`` keeps the user's caches.

    python bench/fresh_run.py --makefile-from 6253abe^ --trials 3
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def serving(port: int) -> bool:
    """Whether the page answers on ``port``."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def one_trial(makefile_from: str | None, port: int, warm: bool, limit: float) -> float:
    """Seconds from `make run` to the first page served, in a fresh clone."""
    with tempfile.TemporaryDirectory(prefix="rumizi-fresh-") as tmp:
        clone = Path(tmp) / "rumizi"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        if makefile_from:
            old = subprocess.run(
                ["git", "-C", str(ROOT), "show", f"{makefile_from}:Makefile"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            (clone / "Makefile").write_text(old)
        env = dict(os.environ, PORT=str(port))
        if not warm:
            env["PIP_NO_CACHE_DIR"] = "1"
            env["UV_CACHE_DIR"] = str(Path(tmp) / "uv-cache")
        start = time.monotonic()
        make = subprocess.Popen(
            ["make", "run"],
            cwd=clone,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            while not serving(port):
                if make.poll() is not None:
                    raise SystemExit(f"make run stopped (exit {make.returncode})")
                if time.monotonic() - start > limit:
                    raise SystemExit(f"not serving after {limit:.0f} s")
                time.sleep(0.1)
            return time.monotonic() - start
        finally:
            os.killpg(make.pid, signal.SIGINT)
            try:
                make.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(make.pid, signal.SIGKILL)
            shutil.rmtree(clone, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--makefile-from", help="also time the Makefile of this revision")
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--warm", action="store_true", help="keep pip's and uv's caches")
    parser.add_argument("--limit", type=float, default=300.0, help="seconds per trial")
    args = parser.parse_args()
    if serving(args.port):
        raise SystemExit(f"something already serves on port {args.port}")
    recipes: list[str | None] = [None] if not args.makefile_from else [args.makefile_from, None]
    times: dict[str | None, list[float]] = {recipe: [] for recipe in recipes}
    for trial in range(args.trials):
        for recipe in recipes:
            seconds = one_trial(recipe, args.port, args.warm, args.limit)
            times[recipe].append(seconds)
            name = recipe or "HEAD"
            print(f"trial {trial + 1}: {name:>12} {seconds:6.1f} s", flush=True)
    load = os.getloadavg()[0]
    for recipe, values in times.items():
        name = recipe or "HEAD"
        print(
            f"{name:>12}: median {statistics.median(values):.1f} s "
            f"(min {min(values):.1f}, max {max(values):.1f}, {len(values)} trials)"
        )
    if args.makefile_from:
        ratios = [
            new / old for old, new in zip(times[args.makefile_from], times[None], strict=True)
        ]
        print(
            f"HEAD / {args.makefile_from}: median {statistics.median(ratios):.2f} "
            f"(per trial: {', '.join(f'{r:.2f}' for r in ratios)}); load average {load:.1f}"
        )


if __name__ == "__main__":
    main()
