"""Fuzzing in the suite (short runs; ``bench/fuzz_server.py`` runs them long):
Hypothesis over the WebSocket protocol, and Schemathesis over the HTTP API from its OpenAPI
schema. No 500, no unexpected close, every refusal in the protocol's error format, no
accepted bad action, and the state unchanged by every refused message or request."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import HypothesisDeprecationWarning
from server_fuzz import (
    KNOWN_HTTP,
    Table,
    WaitingRoomFuzzer,
    check_http,
    http_cases,
    post_kept_alive,
    room_state,
    send_case,
    ws_messages,
)
from server_helpers import HOST, ServerProcess

WS_EXAMPLES = 150
HTTP_EXAMPLES = 150


def _fast(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )


@pytest.fixture(scope="module")
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop in a thread, holding the fuzzer's socket between examples."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)


@pytest.fixture(scope="module")
def table(shared_server: ServerProcess) -> Table:
    return Table(shared_server.url, shared_server.ws_url)


@pytest.mark.filterwarnings("ignore", category=HypothesisDeprecationWarning)
def test_websocket_fuzz(
    shared_server: ServerProcess, table: Table, loop: asyncio.AbstractEventLoop
) -> None:
    fuzzer = table.fuzzer()

    def run(coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(60)

    run(fuzzer.open())

    @_fast(WS_EXAMPLES)
    @given(ws_messages)
    def one(message: Any) -> None:
        run(fuzzer.send(message))

    one()
    run(fuzzer.close())
    print(f"ws fuzz: {fuzzer.sent} sent, {fuzzer.accepted} accepted, errors {fuzzer.errors}")
    assert fuzzer.sent >= WS_EXAMPLES
    assert "Traceback" not in shared_server.log()
    assert len(fuzzer.errors) >= 5  # the fuzzer did reach many kinds of refusal


def test_http_fuzz(shared_server: ServerProcess, table: Table) -> None:
    turns = iter(range(10**9))
    with httpx.Client(base_url=shared_server.url, timeout=20) as http:
        before = room_state(http, table.room, table.spectator)

        @_fast(HTTP_EXAMPLES)
        @given(http_cases())
        def one(case: Any) -> None:
            turn = next(turns)
            check_http(send_case(case, shared_server.url, turn, table.room, table.spectator))
            assert room_state(http, table.room, table.spectator) == before

        one()
    assert next(turns) >= HTTP_EXAMPLES
    assert "Traceback" not in shared_server.log()


@pytest.mark.filterwarnings("ignore", category=HypothesisDeprecationWarning)
def test_websocket_fuzz_before_the_first_match(
    shared_server: ServerProcess, loop: asyncio.AbstractEventLoop
) -> None:
    fuzzer = WaitingRoomFuzzer(shared_server.url, shared_server.ws_url)

    def run(coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, loop).result(60)

    run(fuzzer.open())
    for message in ({"type": "sync"}, {"type": "sync", "index": 0, "ref": 1}):  # what found it
        run(fuzzer.send(message))

    @_fast(WS_EXAMPLES // 3)
    @given(ws_messages)
    def one(message: Any) -> None:
        run(fuzzer.send(message))

    one()
    run(fuzzer.close())
    assert fuzzer.errors.get("no_match", 0) >= 1, fuzzer.errors
    assert "Traceback" not in shared_server.log()


def test_http_cases_that_found_a_server_error(shared_server: ServerProcess) -> None:
    for path, body, status, code in KNOWN_HTTP:
        replies = post_kept_alive(HOST, shared_server.port, path, body)
        assert [r[0] for r in replies] == [status, 200], (body, replies)
        assert replies[0][2]["code"] == code, replies[0]
    assert "Traceback" not in shared_server.log()
