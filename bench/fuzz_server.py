"""Long fuzz run against a real server: Hypothesis over the WebSocket protocol and
Schemathesis over the HTTP API (from its OpenAPI schema), with the same checks as
``tests/server/test_server_fuzz.py`` but many more messages.

    .venv/bin/python bench/fuzz_server.py      # 10,000 socket messages, 3,000 requests
    .venv/bin/python bench/fuzz_server.py --ws 500 --http 200

Every message and request is checked: no server error (no 500, no unexpected close),
every refusal in the protocol's error format, a refused message or request changes
nothing, an accepted action was one of the seat's legal actions. Printed: how many were
sent, accepted and refused (by error code), the server errors found (must be 0), time.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import sys
import tempfile
import threading
import time
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import HypothesisDeprecationWarning
from server_fuzz import Table, check_http, http_cases, room_state, send_case, ws_messages
from server_helpers import ServerProcess


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        phases=[p for p in settings.default.phases if p.name != "shrink"],
    )


def fuzz_ws(server: ServerProcess, count: int) -> dict[str, Any]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def run(coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(120)

    table = Table(server.url, server.ws_url)
    fuzzer = table.fuzzer()
    run(fuzzer.open())

    @_settings(count)
    @given(ws_messages)
    def one(message: Any) -> None:
        run(fuzzer.send(message))

    started = time.perf_counter()
    one()
    seconds = time.perf_counter() - started
    run(fuzzer.close())
    loop.call_soon_threadsafe(loop.stop)
    return {
        "sent": fuzzer.sent,
        "accepted": fuzzer.accepted,
        "errors": dict(fuzzer.errors),
        "seconds": seconds,
    }


def fuzz_http(server: ServerProcess, count: int) -> dict[str, Any]:
    table = Table(server.url, server.ws_url)
    statuses: collections.Counter[int] = collections.Counter()
    turns = iter(range(10**9))
    with httpx.Client(base_url=server.url, timeout=20) as http:
        before = room_state(http, table.room, table.spectator)

        @_settings(count)
        @given(http_cases())
        def one(case: Any) -> None:
            response = send_case(case, server.url, next(turns), table.room, table.spectator)
            statuses[response.status_code] += 1
            check_http(response)
            assert room_state(http, table.room, table.spectator) == before

        started = time.perf_counter()
        one()
        seconds = time.perf_counter() - started
    return {"sent": sum(statuses.values()), "statuses": dict(statuses), "seconds": seconds}


def main() -> None:
    # The socket client draws its frame masks from ``random`` in another thread while
    # Hypothesis generates: not a strategy using ``random``.
    warnings.filterwarnings("ignore", category=HypothesisDeprecationWarning)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ws", type=int, default=10_000, help="socket messages")
    parser.add_argument("--http", type=int, default=3_000, help="HTTP requests")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="rumizi-fuzz-"))
    server = ServerProcess(str(folder / "fuzz.db"), folder / "server.log").start()
    try:
        ws = fuzz_ws(server, args.ws)
        print(
            f"websocket: {ws['sent']:,} messages in {ws['seconds']:.0f} s; "
            f"{ws['accepted']} accepted (each one legal), refused: "
            + ", ".join(f"{k} {v}" for k, v in sorted(ws["errors"].items()))
        )
        http = fuzz_http(server, args.http)
        print(
            f"http: {http['sent']:,} requests in {http['seconds']:.0f} s; statuses: "
            + ", ".join(f"{k}: {v}" for k, v in sorted(http["statuses"].items()))
        )
    finally:
        server.stop()
    errors = server.log_path.read_text(errors="replace").count("Traceback")
    five = sum(v for k, v in http["statuses"].items() if k >= 500)
    print(f"server errors: {five} responses >= 500, {errors} tracebacks in the server log")


if __name__ == "__main__":
    main()
